// RUN: tilec-opt --test-debuginfo-update-symbol-name="symbol-to-rename=m::k new-name=k_f32" --mlir-print-debuginfo %s | FileCheck %s

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu>
#blk = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 4>

// The entry is renamed and its subprogram, also where a lexical block nests
// it, takes the new linkage name (so the verifier still accepts the module);
// the source-level name stays.
// CHECK-DAG: entry @k_f32()
// CHECK-DAG: #[[SP:di_subprogram[0-9]*]] = #cuda_tile.di_subprogram<{{.*}}name = "k", linkageName = "k_f32"
// CHECK-DAG: #cuda_tile.di_lexical_block<scope = #[[SP]]
// CHECK-NOT: linkageName = "k"
cuda_tile.module @m {
  global @g <i32: 0> : tile<1xi32>
  entry @k() {
    %0 = constant <i32: 1> : tile<i32> loc(#cuda_tile.di_loc<loc("/src/k.py":4:1) in #blk>)
    return
  } loc(#cuda_tile.di_loc<loc("/src/k.py":3:1) in #sp>)
}

