// The GEMM of gemm_bf16_4096.mlir at 512x512x512 (grid 4x4, 16 K steps):
// scripts/gpu_nightly.py checks it with tile-diff --matrix gpu on random
// inputs before it times the large one, so that what is timed (tileiras's
// TMA and wgmma path, which the aligned base pointers open) is also
// checked against the interpreter.
// tilecheck: entry=@gemm grid=4,4,1
// tilecheck: arg0 = buffer bf16[512x512] in
// tilecheck: arg1 = buffer bf16[512x512] in
// tilecheck: arg2 = buffer f32[512x512] out
cuda_tile.module @gemm {
  entry @gemm(%pa0: tile<ptr<bf16>>, %pb0: tile<ptr<bf16>>, %pc0: tile<ptr<f32>>) {
    %a = assume div_by<16>, %pa0 : tile<ptr<bf16>>
    %b = assume div_by<16>, %pb0 : tile<ptr<bf16>>
    %c = assume div_by<16>, %pc0 : tile<ptr<f32>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %ta = make_tensor_view %a, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xbf16, strides=[512,1]>
    %tb = make_tensor_view %b, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xbf16, strides=[512,1]>
    %tc = make_tensor_view %c, shape = [512, 512], strides = [512, 1] : tensor_view<512x512xf32, strides=[512,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x32), tensor_view<512x512xbf16, strides=[512,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(32x128), tensor_view<512x512xbf16, strides=[512,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<512x512xf32, strides=[512,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 16> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %pa[%bx, %k] : partition_view<tile=(128x32), tensor_view<512x512xbf16, strides=[512,1]>>, tile<i32> -> tile<128x32xbf16>, token
      %bt, %t1 = load_view_tko weak %pb[%k, %by] : partition_view<tile=(32x128), tensor_view<512x512xbf16, strides=[512,1]>>, tile<i32> -> tile<32x128xbf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xbf16>, tile<32x128xbf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %t2 = store_view_tko weak %acc, %pc[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<512x512xf32, strides=[512,1]>>, tile<i32> -> token
    return
  }
}
