// NVIDIA tileiras (pip nvidia-cuda-tileiras, --gpu-name sm_100) rejects this
// valid program with only "error: failed to compile Tile IR program": a
// batched tf32 mmaf, a reshape of its result to 8x8 and a scan (max) over
// it. Without the mmaf (the same reshape and scan of a constant) it
// compiles. Our interpreter and tilec at O0-O3 agree on it. Reduced with
// tile-reduce --test from generated program mma/7088 (the combiner was put
// back to a valid maxf by hand; the rejection stayed); see
// corpus/peers/README.md for the reproducing commands.
// tilecheck: entry=@kernel grid=1,1,1
// tilecheck: arg0 = buffer f32[8x8] out
cuda_tile.module @gen {
  entry @kernel(%arg0: tile<ptr<f32>>) {
    %0 = constant <i32: 0> : tile<i32>
    %1 = constant <f32: 0.000000e+00> : tile<2x4x8xf32>
    %2 = constant <tf32: 0.000000e+00> : tile<2x4x8xtf32>
    %3 = constant <tf32: 0.000000e+00> : tile<2x8x8xtf32>
    %4 = mmaf %2, %3, %1 : tile<2x4x8xtf32>, tile<2x8x8xtf32>, tile<2x4x8xf32>
    %5 = reshape %4 : tile<2x4x8xf32> -> tile<8x8xf32>
    %6 = scan %5 dim=0 reverse=false identities=[0xFF800000 : f32] : tile<8x8xf32> -> tile<8x8xf32> 
    (%arg1: tile<f32>, %arg2: tile<f32>) {
      %m = maxf %arg1, %arg2 : tile<f32>
      yield %m : tile<f32>
    }
    %7 = make_tensor_view %arg0, shape = [8, 8], strides = [8, 1] : tensor_view<8x8xf32, strides=[8,1]>
    %8 = make_partition_view %7 : partition_view<tile=(8x8), tensor_view<8x8xf32, strides=[8,1]>>
    %9 = store_view_tko weak %6, %8[%0, %0] : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<8x8xf32, strides=[8,1]>>, tile<i32> -> token
  }
}
