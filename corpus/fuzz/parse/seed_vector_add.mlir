// Element-wise c = a + b over 1024 floats, 128 per tile block.
// tilecheck: entry=@vector_add grid=8,1,1
// tilecheck: arg0 = buffer f32[1024] in
// tilecheck: arg1 = buffer f32[1024] in
// tilecheck: arg2 = buffer f32[1024] out
// tilecheck: arg3 = scalar i32 1024
cuda_tile.module @vector_add {
  entry @vector_add(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %ta = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tb = make_tensor_view %b, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tc = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %pc = make_partition_view %tc : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %x, %t0 = load_view_tko weak %pa[%bid] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %y, %t1 = load_view_tko weak %pb[%bid] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %s = addf %x, %y : tile<128xf32>
    %t2 = store_view_tko weak %s, %pc[%bid] : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
