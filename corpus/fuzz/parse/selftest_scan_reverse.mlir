// Self-test program for the injected bug "scan-reverse": suffix sums of
// 0..63 (a scan with reverse=true). Dropping the flag gives prefix sums.
// tilecheck: entry=@suffix_sum grid=1,1,1
// tilecheck: arg0 = buffer i32[64] out
cuda_tile.module @suffix_sum {
  entry @suffix_sum(%out: tile<ptr<i32>>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %i = iota : tile<64xi32>
    %s = scan %i dim=0 reverse=true identities=[0 : i32] : tile<64xi32> -> tile<64xi32>
    (%e: tile<i32>, %acc: tile<i32>) {
      %sum = addi %e, %acc : tile<i32>
      yield %sum : tile<i32>
    }
    %to = make_tensor_view %out, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>
    %t = store_view_tko weak %s, %po[%bid] : tile<64xi32>, partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
