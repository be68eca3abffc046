// The debug section: #cuda_tile.di_* scopes and locations survive text ->
// bytecode -> text, on functions and on ops nested in regions, next to
// call sites, unknown locations and a function without debug info.
// RUN: tilec-translate --verify-roundtrip --mlir-print-debuginfo %s | FileCheck %s --check-prefix=OK
// RUN: tilec-translate --mlir-to-tileirbc %s -o %t.tileirbc
// RUN: tilec-translate --tileirbc-to-mlir --mlir-print-debuginfo %t.tileirbc | FileCheck %s
// Each 13.x version carries the same section.
// RUN: tilec-translate --verify-roundtrip --mlir-print-debuginfo --bytecode-version=13.1 %s | FileCheck %s --check-prefix=OK
// The section is there (id 3, aligned: 0x83), and a module without debug
// info has none.
// RUN: od -An -tx1 -v %t.tileirbc | tr -d '\n' | FileCheck %s --check-prefix=SECTION
// RUN: tilec-translate --mlir-to-tileirbc %S/Inputs/token_entry_arg.mlir -o %t.plain.tileirbc
// RUN: od -An -tx1 -v %t.plain.tileirbc | tr -d '\n' | FileCheck %s --check-prefix=NO-SECTION
// Plain file locations are not in the format (index 0, the unknown
// location): without the section, a function and its ops read back at
// unknown locations; the module, not in the format either, is at the file.
// RUN: tilec-translate --tileirbc-to-mlir --mlir-print-debuginfo %t.plain.tileirbc | FileCheck %s --check-prefix=PLAIN

// OK: round trip ok

// SECTION: 83
// NO-SECTION-NOT: 83 {{..}} {{..}} 08
// PLAIN: make_token : token loc(#[[PLAIN_UNK:loc[0-9]*]])
// PLAIN: } loc(#[[PLAIN_UNK]])
// PLAIN: } loc(#[[PLAIN_FILE:loc[0-9]*]])
// PLAIN-DAG: #[[PLAIN_UNK]] = loc(unknown)
// PLAIN-DAG: #[[PLAIN_FILE]] = loc("{{.*}}.plain.tileirbc":0:0)

#file = #cuda_tile.di_file<"kernel.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu, scopeLine = 4>
#sp2 = #cuda_tile.di_subprogram<file = #file, line = 30, name = "k2", linkageName = "k2", compileUnit = #cu>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 7, column = 5>
#block2 = #cuda_tile.di_lexical_block<scope = #block, file = #file, line = 8>
#fk = loc("kernel.py":3:1)
#l1 = loc("kernel.py":5:9)
#l2 = loc("kernel.py":7:5)
#l3 = loc("kernel.py":8:13)
#l4 = loc("helper.py":40:2)
#l5 = loc("kernel.py":30:1)
#l6 = loc("kernel.py":31:7)

// CHECK-LABEL: entry @plain
// CHECK: constant <i32: 7> : tile<i32> loc(#[[UNK:loc[0-9]*]])
// CHECK: } loc(#[[UNK]])
// CHECK-LABEL: entry @k(
// CHECK: constant <i32: 1> : tile<i32> loc(#[[L1:loc[0-9]+]])
// CHECK: constant <i32: 0> : tile<i32> loc(#[[L1]])
// CHECK: for
// CHECK: addi {{.*}} loc(#[[L3:loc[0-9]+]])
// CHECK: addi {{.*}} loc(#[[UNK]])
// CHECK: addi {{.*}} loc(#[[CS:loc[0-9]+]])
// CHECK: continue {{.*}} loc(#[[L3]])
// CHECK: } loc(#[[L2:loc[0-9]+]])
// CHECK: } loc(#[[KLOC:loc[0-9]+]])
// CHECK-LABEL: entry @k2()
// CHECK: constant <f32: 1.000000e+00> : tile<f32> loc(#[[L6:loc[0-9]+]])
// CHECK: } loc(#[[K2LOC:loc[0-9]+]])
// CHECK-DAG: #[[FILE:di_file[0-9]*]] = #cuda_tile.di_file<"kernel.py" in "/src">
// CHECK-DAG: #[[CU:di_compile_unit[0-9]*]] = #cuda_tile.di_compile_unit<file = #[[FILE]]>
// CHECK-DAG: #[[SP:di_subprogram[0-9]*]] = #cuda_tile.di_subprogram<file = #[[FILE]], line = 3, name = "k", linkageName = "k", compileUnit = #[[CU]], scopeLine = 4>
// CHECK-DAG: #[[SP2:di_subprogram[0-9]*]] = #cuda_tile.di_subprogram<file = #[[FILE]], line = 30, name = "k2", linkageName = "k2", compileUnit = #[[CU]]>
// CHECK-DAG: #[[BLOCK:di_lexical_block[0-9]*]] = #cuda_tile.di_lexical_block<scope = #[[SP]], file = #[[FILE]], line = 7, column = 5>
// CHECK-DAG: #[[BLOCK2:di_lexical_block[0-9]*]] = #cuda_tile.di_lexical_block<scope = #[[BLOCK]], file = #[[FILE]], line = 8>
// CHECK-DAG: #[[UNK]] = loc(unknown)
// CHECK-DAG: #[[FK:loc[0-9]+]] = loc("kernel.py":3:1)
// CHECK-DAG: #[[F1:loc[0-9]+]] = loc("kernel.py":5:9)
// CHECK-DAG: #[[F2:loc[0-9]+]] = loc("kernel.py":7:5)
// CHECK-DAG: #[[F3:loc[0-9]+]] = loc("kernel.py":8:13)
// CHECK-DAG: #[[F4:loc[0-9]+]] = loc("helper.py":40:2)
// CHECK-DAG: #[[F5:loc[0-9]+]] = loc("kernel.py":30:1)
// CHECK-DAG: #[[F6:loc[0-9]+]] = loc("kernel.py":31:7)
// CHECK-DAG: #[[KLOC]] = #cuda_tile.di_loc<#[[FK]] in #[[SP]]>
// CHECK-DAG: #[[L1]] = #cuda_tile.di_loc<#[[F1]] in #[[SP]]>
// CHECK-DAG: #[[L2]] = #cuda_tile.di_loc<#[[F2]] in #[[BLOCK]]>
// CHECK-DAG: #[[L3]] = #cuda_tile.di_loc<#[[F3]] in #[[BLOCK2]]>
// CHECK-DAG: #[[HELPER:loc[0-9]+]] = #cuda_tile.di_loc<#[[F4]] in #[[SP]]>
// CHECK-DAG: #[[CS]] = loc(callsite(#[[HELPER]] at #[[L3]]))
// CHECK-DAG: #[[L6]] = #cuda_tile.di_loc<#[[F6]] in #[[SP2]]>
// CHECK-DAG: #[[K2LOC]] = #cuda_tile.di_loc<#[[F5]] in #[[SP2]]>

cuda_tile.module @kernels {
  entry @plain() {
    %c = constant <i32: 7> : tile<i32> loc(unknown)
    return loc(unknown)
  } loc(unknown)
  entry @k(%n: tile<i32>) {
    %one = constant <i32: 1> : tile<i32> loc(#cuda_tile.di_loc<#l1 in #sp>)
    %zero = constant <i32: 0> : tile<i32> loc(#cuda_tile.di_loc<#l1 in #sp>)
    %r = for %i in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %zero) -> (tile<i32>) {
      %a = addi %acc, %i : tile<i32> loc(#cuda_tile.di_loc<#l3 in #block2>)
      %b = addi %a, %one : tile<i32> loc(unknown)
      %c = addi %b, %one : tile<i32> loc(callsite(#cuda_tile.di_loc<#l4 in #sp> at #cuda_tile.di_loc<#l3 in #block2>))
      continue %c : tile<i32> loc(#cuda_tile.di_loc<#l3 in #block2>)
    } loc(#cuda_tile.di_loc<#l2 in #block>)
    return loc(#cuda_tile.di_loc<#l1 in #sp>)
  } loc(#cuda_tile.di_loc<#fk in #sp>)
  entry @k2() {
    %f = constant <f32: 1.0> : tile<f32> loc(#cuda_tile.di_loc<#l6 in #sp2>)
    return loc(#cuda_tile.di_loc<#l6 in #sp2>)
  } loc(#cuda_tile.di_loc<#l5 in #sp2>)
}
