// Input of tile-reduce-injected.mlir: a loaded input, scaled, offset and
// divided rounding toward negative infinity, mixed with the input again and
// stored. Under TILECHECK_INJECT_BUG=divi-floor the division truncates.
// tilecheck: entry=@k grid=1,1,1
// tilecheck: arg0 = buffer i32[16] in
// tilecheck: arg1 = buffer i32[16] out
cuda_tile.module @k {
  entry @k(%in: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %ti = make_tensor_view %in, shape = [16], strides = [1] : tensor_view<16xi32, strides=[1]>
    %pi = make_partition_view %ti : partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>
    %x, %t0 = load_view_tko weak %pi[%bid] : partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>, tile<i32> -> tile<16xi32>, token
    %c3 = constant <i32: 3> : tile<16xi32>
    %c1 = constant <i32: 1> : tile<16xi32>
    %m = muli %x, %c3 : tile<16xi32>
    %a = addi %m, %c1 : tile<16xi32>
    %q = divi %a, %c3 signed rounding<negative_inf> : tile<16xi32>
    %s = xori %q, %x : tile<16xi32>
    %to = make_tensor_view %out, shape = [16], strides = [1] : tensor_view<16xi32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>
    %t1 = store_view_tko weak %s, %po[%bid] : tile<16xi32>, partition_view<tile=(16), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
