// A global's alignment need not be a power of two in cuda_tile (tileiras
// compiles `alignment = 17`); LLVM's must be. The lowering takes the next
// power of two up. Found by a structure-aware mutant in session 20's GPU
// run: the backend failed with "alignment attribute is not a power of 2".
// RUN: tilec %s --emit=llvm -O0 --gpu-name=sm_90 -o - | FileCheck %s

// CHECK-DAG: @g17 = internal addrspace(1) constant [1 x float] [float 2.500000e+00], align 32
// CHECK-DAG: @g2 = internal addrspace(1) constant [2 x float] [float 1.000000e+00, float 2.000000e+00], align 4
// CHECK-DAG: @g64 = internal addrspace(1) constant [1 x i64] [i64 7], align 64
// Above LLVM's largest alignment (2^32), the largest.
// CHECK-DAG: @gbig = internal addrspace(1) constant [1 x i32] [i32 1], align 4294967296
cuda_tile.module @m {
  global private constant @g17 alignment = 17 <f32: 2.500000e+00> : tile<1xf32>
  global private constant @g2 alignment = 2 <f32: [1.0, 2.0]> : tile<2xf32>
  global private constant @g64 alignment = 64 <i64: 7> : tile<1xi64>
  global private constant @gbig alignment = 9223372036854775807 <i32: 1> : tile<1xi32>
  entry @k(%out: tile<ptr<f32>>, %out2: tile<ptr<i64>>) {
    %p = get_global @g17 : tile<ptr<f32>>
    %q = get_global @g2 : tile<ptr<f32>>
    %r = get_global @g64 : tile<ptr<i64>>
    %v, %t0 = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
    %w, %t1 = load_ptr_tko weak %q : tile<ptr<f32>> -> tile<f32>, token
    %x, %t2 = load_ptr_tko weak %r : tile<ptr<i64>> -> tile<i64>, token
    %s = addf %v, %w : tile<f32>
    %t3 = store_ptr_tko weak %out, %s : tile<ptr<f32>>, tile<f32> -> token
    %t4 = store_ptr_tko weak %out2, %x : tile<ptr<i64>>, tile<i64> -> token
    return
  }
}
