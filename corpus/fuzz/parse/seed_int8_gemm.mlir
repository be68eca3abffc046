// Integer GEMM: C(i32) = A(i8, signed) * B(i8, unsigned) for 64x64x128,
// K-loop of 4 steps of 32 with mmai.
// tilecheck: entry=@int8_gemm grid=2,2,1
// tilecheck: arg0 = buffer i8[64x128] in
// tilecheck: arg1 = buffer i8[128x64] in
// tilecheck: arg2 = buffer i32[64x64] out
cuda_tile.module @int8_gemm {
  entry @int8_gemm(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %c: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %ta = make_tensor_view %a, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xi8, strides=[128,1]>
    %tb = make_tensor_view %b, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xi8, strides=[64,1]>
    %tc = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(32x32), tensor_view<64x128xi8, strides=[128,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(32x32), tensor_view<128x64xi8, strides=[64,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(32x32), tensor_view<64x64xi32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <i32: 0> : tile<32x32xi32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<32x32xi32>) {
      %at, %t0 = load_view_tko weak %pa[%bx, %k] : partition_view<tile=(32x32), tensor_view<64x128xi8, strides=[128,1]>>, tile<i32> -> tile<32x32xi8>, token
      %bt, %t1 = load_view_tko weak %pb[%k, %by] : partition_view<tile=(32x32), tensor_view<128x64xi8, strides=[64,1]>>, tile<i32> -> tile<32x32xi8>, token
      %next = mmai %at, %bt, %sum signed unsigned : tile<32x32xi8>, tile<32x32xi8>, tile<32x32xi32>
      continue %next : tile<32x32xi32>
    }
    %t2 = store_view_tko weak %acc, %pc[%bx, %by] : tile<32x32xi32>, partition_view<tile=(32x32), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
