// C = A * B for 128x128 f32 matrices with 32x32 output tiles: a for-loop over
// K loads an A and a B tile per step and accumulates with mmaf.
// tilecheck: entry=@gemm grid=4,4,1
// tilecheck: arg0 = buffer f32[128x128] in
// tilecheck: arg1 = buffer f32[128x128] in
// tilecheck: arg2 = buffer f32[128x128] out
cuda_tile.module @gemm {
  entry @gemm(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %ta = make_tensor_view %a, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %tb = make_tensor_view %b, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %tc = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %pa = make_partition_view %ta : partition_view<tile=(32x32), tensor_view<128x128xf32, strides=[128,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(32x32), tensor_view<128x128xf32, strides=[128,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(32x32), tensor_view<128x128xf32, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nk = constant <i32: 4> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<32x32xf32>
    %acc = for %k in (%c0 to %nk, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<32x32xf32>) {
      %at, %t0 = load_view_tko weak %pa[%bx, %k] : partition_view<tile=(32x32), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> tile<32x32xf32>, token
      %bt, %t1 = load_view_tko weak %pb[%k, %by] : partition_view<tile=(32x32), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> tile<32x32xf32>, token
      %next = mmaf %at, %bt, %sum : tile<32x32xf32>, tile<32x32xf32>, tile<32x32xf32>
      continue %next : tile<32x32xf32>
    }
    %t2 = store_view_tko weak %acc, %pc[%bx, %by] : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
