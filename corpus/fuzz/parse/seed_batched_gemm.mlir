// Batched C[b] = A[b] * B[b] in f16 with f32 accumulation: 4 batches of
// 64x64x64; each block computes one 32x32 output tile of 2 batches at once
// with a batched (3-D) mmaf.
// tilecheck: entry=@batched_gemm grid=2,2,2
// tilecheck: arg0 = buffer f16[4x64x64] in
// tilecheck: arg1 = buffer f16[4x64x64] in
// tilecheck: arg2 = buffer f32[4x64x64] out
cuda_tile.module @batched_gemm {
  entry @batched_gemm(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %bm, %bn, %bb = get_tile_block_id : tile<i32>
    %ta = make_tensor_view %a, shape = [4, 64, 64], strides = [4096, 64, 1] : tensor_view<4x64x64xf16, strides=[4096,64,1]>
    %tb = make_tensor_view %b, shape = [4, 64, 64], strides = [4096, 64, 1] : tensor_view<4x64x64xf16, strides=[4096,64,1]>
    %tc = make_tensor_view %c, shape = [4, 64, 64], strides = [4096, 64, 1] : tensor_view<4x64x64xf32, strides=[4096,64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(2x32x32), tensor_view<4x64x64xf16, strides=[4096,64,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(2x32x32), tensor_view<4x64x64xf16, strides=[4096,64,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(2x32x32), tensor_view<4x64x64xf32, strides=[4096,64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 2> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<2x32x32xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<2x32x32xf32>) {
      %at, %t0 = load_view_tko weak %pa[%bb, %bm, %k] : partition_view<tile=(2x32x32), tensor_view<4x64x64xf16, strides=[4096,64,1]>>, tile<i32> -> tile<2x32x32xf16>, token
      %bt, %t1 = load_view_tko weak %pb[%bb, %k, %bn] : partition_view<tile=(2x32x32), tensor_view<4x64x64xf16, strides=[4096,64,1]>>, tile<i32> -> tile<2x32x32xf16>, token
      %next = mmaf %at, %bt, %sum : tile<2x32x32xf16>, tile<2x32x32xf16>, tile<2x32x32xf32>
      continue %next : tile<2x32x32xf32>
    }
    %t2 = store_view_tko weak %acc, %pc[%bb, %bm, %bn] : tile<2x32x32xf32>, partition_view<tile=(2x32x32), tensor_view<4x64x64xf32, strides=[4096,64,1]>>, tile<i32> -> token
    return
  }
}
