// RUN: tilec-opt --mlir-print-debuginfo %s | FileCheck %s
// RUN: tilec-opt --mlir-print-debuginfo %s | tilec-opt --mlir-print-debuginfo | FileCheck %s

// Scopes print under mnemonic aliases; optional parameters (scopeLine,
// column) are dropped when absent.
// CHECK-DAG: #[[FILE:di_file[0-9]*]] = #cuda_tile.di_file<"k.py" in "/src">
// CHECK-DAG: #[[CU:di_compile_unit[0-9]*]] = #cuda_tile.di_compile_unit<file = #[[FILE]]>
// CHECK-DAG: #[[SP:di_subprogram[0-9]*]] = #cuda_tile.di_subprogram<file = #[[FILE]], line = 3, name = "k", linkageName = "k", compileUnit = #[[CU]]>
// CHECK-DAG: #[[BLK:di_lexical_block[0-9]*]] = #cuda_tile.di_lexical_block<scope = #[[SP]], file = #[[FILE]], line = 4>
// CHECK-DAG: [[SRC:#loc[0-9]*]] = loc("/src/k.py":3:1)
// CHECK-DAG: [[FN:#loc[0-9]*]] = #cuda_tile.di_loc<[[SRC]] in #[[SP]]>
// CHECK-DAG: [[IN:#loc[0-9]*]] = #cuda_tile.di_loc<{{#loc[0-9]*}} in #[[BLK]]>
#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu>
#blk = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 4>
#fn = #cuda_tile.di_loc<loc("/src/k.py":3:1) in #sp>
#in = #cuda_tile.di_loc<loc("/src/k.py":4:5) in #blk>

cuda_tile.module @m {
  // CHECK-DAG: entry @k()
  // An op inside a lexical block of the function's subprogram is valid,
  // also when the di_loc is wrapped in a name or fused location.
  // CHECK-DAG: constant <i32: 1> : tile<i32> loc([[IN]])
  // CHECK-DAG: constant <i32: 2> : tile<i32> loc([[NAMED:#loc[0-9]*]])
  // CHECK-DAG: constant <i32: 3> : tile<i32> loc([[FUSED:#loc[0-9]*]])
  // CHECK-DAG: } loc([[FN]])
  entry @k() {
    %0 = constant <i32: 1> : tile<i32> loc(#in)
    %1 = constant <i32: 2> : tile<i32> loc("named"(#in))
    %2 = constant <i32: 3> : tile<i32> loc(fused[#in, "x"])
    return
  } loc(#fn)
  // A function without a scope whose ops have none either.
  // CHECK-DAG: entry @plain()
  entry @plain() {
    return
  }
}

// The wrapped locations keep the di_loc inside.
// CHECK-DAG: [[NAMED]] = loc("named"([[IN]]))
// CHECK-DAG: [[FUSED]] = loc(fused[[[IN]], {{#loc[0-9]*}}])
