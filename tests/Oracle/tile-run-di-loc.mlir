// Undefined behaviour is reported at the source position of cuTile's di_loc
// locations (the Python file:line:col a user needs), with the call-site
// chain, in text, in bytecode and after the lowering to nv_tileaa + scf.
// RUN: not tile-run %s --grid 1 --arg 0 2>&1 | FileCheck %s
// RUN: tilec-translate --mlir-to-tileirbc %s -o %t.tileirbc
// RUN: not tile-run %t.tileirbc --grid 1 --arg 0 2>&1 | FileCheck %s
// RUN: tilec-opt --convert-cuda-tile-to-tileaa --mlir-print-debuginfo %s -o %t.aa.mlir
// RUN: not tile-run %t.aa.mlir --grid 1 --arg 0 2>&1 | FileCheck %s
// CHECK: /src/kernel.py:7:8 (called from /src/main.py:3:1)
// CHECK-SAME: undefined behaviour: {{.*}}by zero

#file = #cuda_tile.di_file<"kernel.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #cu, scopeLine = 2>
#entry = #cuda_tile.di_loc<loc("/src/kernel.py":1:1) in #sp>
#div = #cuda_tile.di_loc<loc("/src/kernel.py":7:8) in #sp>
#caller = #cuda_tile.di_loc<loc("/src/main.py":3:1) in #sp>
cuda_tile.module @m {
  entry @k(%d: tile<i32>) {
    %one = constant <i32: 1> : tile<i32> loc(#entry)
    %q = divi %one, %d signed : tile<i32> loc(callsite(#div at #caller))
    return loc(#entry)
  } loc(#entry)
} loc(#entry)
