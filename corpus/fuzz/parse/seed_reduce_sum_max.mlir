// Row sums and row maxima of a 32x64 i32 matrix, 8 rows per block, written to
// two output vectors. Integer reductions are exact in any order.
// tilecheck: entry=@reduce_sum_max grid=4,1,1
// tilecheck: arg0 = buffer i32[32x64] in
// tilecheck: arg1 = buffer i32[32] out
// tilecheck: arg2 = buffer i32[32] out
cuda_tile.module @reduce_sum_max {
  entry @reduce_sum_max(%x: tile<ptr<i32>>, %sums: tile<ptr<i32>>, %maxs: tile<ptr<i32>>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %tx = make_tensor_view %x, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xi32, strides=[64,1]>
    %ts = make_tensor_view %sums, shape = [32], strides = [1] : tensor_view<32xi32, strides=[1]>
    %tm = make_tensor_view %maxs, shape = [32], strides = [1] : tensor_view<32xi32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(8x64), tensor_view<32x64xi32, strides=[64,1]>>
    %ps = make_partition_view %ts : partition_view<tile=(8), tensor_view<32xi32, strides=[1]>>
    %pm = make_partition_view %tm : partition_view<tile=(8), tensor_view<32xi32, strides=[1]>>
    %v, %t0 = load_view_tko weak %px[%bid, %c0] : partition_view<tile=(8x64), tensor_view<32x64xi32, strides=[64,1]>>, tile<i32> -> tile<8x64xi32>, token
    %s, %m = reduce %v, %v dim=1 identities=[0 : i32, -2147483648 : i32] : tile<8x64xi32>, tile<8x64xi32> -> tile<8xi32>, tile<8xi32>
    (%e0: tile<i32>, %a0: tile<i32>, %e1: tile<i32>, %a1: tile<i32>) {
      %sum = addi %e0, %a0 : tile<i32>
      %max = maxi %e1, %a1 signed : tile<i32>
      yield %sum, %max : tile<i32>, tile<i32>
    }
    %t1 = store_view_tko weak %s, %ps[%bid] : tile<8xi32>, partition_view<tile=(8), tensor_view<32xi32, strides=[1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %m, %pm[%bid] : tile<8xi32>, partition_view<tile=(8), tensor_view<32xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
