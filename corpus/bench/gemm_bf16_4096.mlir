// C = A * B for 4096x4096 bf16 matrices, f32 accumulation, 128x128 output
// tiles and a K step of 32: the GEMM scripts/gpu_nightly.py times
// (timed on the GPU against cuBLAS). Inputs zero-filled for timing. The
// base pointers are assumed 16-byte aligned, as cuTile Python's exports
// assume them (ArrayConstraint): without it tileiras cannot use TMA
// ("base pointer not 16-byte aligned" in --remarks=all).
// tilecheck: entry=@gemm grid=32,32,1
// tilecheck: arg0 = buffer bf16[4096x4096] in
// tilecheck: arg1 = buffer bf16[4096x4096] in
// tilecheck: arg2 = buffer f32[4096x4096] out
cuda_tile.module @gemm {
  entry @gemm(%pa0: tile<ptr<bf16>>, %pb0: tile<ptr<bf16>>, %pc0: tile<ptr<f32>>) {
    %a = assume div_by<16>, %pa0 : tile<ptr<bf16>>
    %b = assume div_by<16>, %pb0 : tile<ptr<bf16>>
    %c = assume div_by<16>, %pc0 : tile<ptr<f32>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %ta = make_tensor_view %a, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xbf16, strides=[4096,1]>
    %tb = make_tensor_view %b, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xbf16, strides=[4096,1]>
    %tc = make_tensor_view %c, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf32, strides=[4096,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x32), tensor_view<4096x4096xbf16, strides=[4096,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(32x128), tensor_view<4096x4096xbf16, strides=[4096,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(128x128), tensor_view<4096x4096xf32, strides=[4096,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 128> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %at, %t0 = load_view_tko weak %pa[%bx, %k] : partition_view<tile=(128x32), tensor_view<4096x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<128x32xbf16>, token
      %bt, %t1 = load_view_tko weak %pb[%k, %by] : partition_view<tile=(32x128), tensor_view<4096x4096xbf16, strides=[4096,1]>>, tile<i32> -> tile<32x128xbf16>, token
      %next = mmaf %at, %bt, %sum : tile<128x32xbf16>, tile<32x128xbf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %t2 = store_view_tko weak %acc, %pc[%bx, %by] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<4096x4096xf32, strides=[4096,1]>>, tile<i32> -> token
    return
  }
}
