// y = alpha * x + y over 2048 floats (fused multiply-add), 256 per block.
// tilecheck: entry=@saxpy grid=8,1,1
// tilecheck: arg0 = scalar f32 2.5
// tilecheck: arg1 = buffer f32[2048] in
// tilecheck: arg2 = buffer f32[2048] inout
cuda_tile.module @saxpy {
  entry @saxpy(%alpha: tile<f32>, %x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %tx = make_tensor_view %x, shape = [2048], strides = [1] : tensor_view<2048xf32, strides=[1]>
    %ty = make_tensor_view %y, shape = [2048], strides = [1] : tensor_view<2048xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(256), tensor_view<2048xf32, strides=[1]>>
    %py = make_partition_view %ty : partition_view<tile=(256), tensor_view<2048xf32, strides=[1]>>
    %tok = make_token : token
    %vx, %t0 = load_view_tko weak %px[%bid] token = %tok : partition_view<tile=(256), tensor_view<2048xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    %vy, %t1 = load_view_tko weak %py[%bid] token = %tok : partition_view<tile=(256), tensor_view<2048xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    %a1 = reshape %alpha : tile<f32> -> tile<1xf32>
    %av = broadcast %a1 : tile<1xf32> -> tile<256xf32>
    %r = fma %av, %vx, %vy : tile<256xf32>
    %t2 = store_view_tko weak %r, %py[%bid] token = %t1 : tile<256xf32>, partition_view<tile=(256), tensor_view<2048xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
