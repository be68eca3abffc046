// Regression test of a SIMT executor bug found by the simt sweep over
// generated programs (floats-exact seed 7015, reduced by tile-reduce): on
// sm_100, LLVM's NVPTX combines fpext(f16) + f32 into sm_100's
// mixed-precision add.rn.f32.f16, and the executor ran it as an f32 add of
// the f16's raw bits (x + x gave x). The executor now widens the f16
// operand first (add/sub.f32.f16|bf16).
// RUN: tile-diff %s --grid 1 --arg @%S/Inputs/f16-ten.npy --arg zeros:f32:1 --only-config compiler=simt,sm_100,O1 | FileCheck %s
// RUN: tile-diff %s --grid 1 --arg @%S/Inputs/f16-ten.npy --arg zeros:f32:1 --only-config compiler=simt,sm_120,O3 | FileCheck %s
// CHECK: 1 programs checked, 0 findings in 0 buckets
// RUN: tilec --emit ptx --gpu-name sm_100 -O1 %s | FileCheck %s --check-prefix=PTX
// PTX: add.rn.f32.f16
// RUN: tile-run %s --grid 1 --arg @%S/Inputs/f16-ten.npy --arg zeros:f32:1 --executor simt --gpu-name sm_100 -O1 --out-dir %t && python3 -c "import numpy; print(numpy.load('%t/arg1.npy'))" | FileCheck %s --check-prefix=VALUE
// VALUE: 20.
cuda_tile.module @gen {
  entry @kernel(%arg0: tile<ptr<f16>>, %arg1: tile<ptr<f32>>) {
    %0 = constant <i32: 0> : tile<i32>
    %1 = make_tensor_view %arg0, shape = [1, 1], strides = [64, 1] : tensor_view<1x1xf16, strides=[64,1]>
    %2 = make_partition_view %1 : partition_view<tile=(1x1), tensor_view<1x1xf16, strides=[64,1]>>
    %tile, %result_token = load_view_tko acquire tl_blk %2[%0, %0] : partition_view<tile=(1x1), tensor_view<1x1xf16, strides=[64,1]>>, tile<i32> -> tile<1x1xf16>, token
    %3 = ftof %tile : tile<1x1xf16> -> tile<1x1xf32>
    %4 = addf %3, %3 : tile<1x1xf32>
    %5 = reshape %arg1 : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %6 = store_ptr_tko weak %5, %4 : tile<1x1xptr<f32>>, tile<1x1xf32> -> token
  }
}
