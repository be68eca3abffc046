// One attention head, O = softmax(Q K^T * scale) V, for 64 queries, 64 keys
// and head dimension 32 in f32; each block handles 16 query rows.
// tilecheck: entry=@attention grid=4,1,1
// tilecheck: arg0 = buffer f32[64x32] in
// tilecheck: arg1 = buffer f32[64x32] in
// tilecheck: arg2 = buffer f32[64x32] in
// tilecheck: arg3 = buffer f32[64x32] out
cuda_tile.module @attention {
  entry @attention(%q: tile<ptr<f32>>, %k: tile<ptr<f32>>, %v: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %tq = make_tensor_view %q, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %tk = make_tensor_view %k, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %tv = make_tensor_view %v, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %to = make_tensor_view %o, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %pq = make_partition_view %tq : partition_view<tile=(16x32), tensor_view<64x32xf32, strides=[32,1]>>
    %pk = make_partition_view %tk : partition_view<tile=(64x32), tensor_view<64x32xf32, strides=[32,1]>>
    %pv = make_partition_view %tv : partition_view<tile=(64x32), tensor_view<64x32xf32, strides=[32,1]>>
    %po = make_partition_view %to : partition_view<tile=(16x32), tensor_view<64x32xf32, strides=[32,1]>>
    %qt, %t0 = load_view_tko weak %pq[%bid, %c0] : partition_view<tile=(16x32), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<16x32xf32>, token
    %kt, %t1 = load_view_tko weak %pk[%c0, %c0] : partition_view<tile=(64x32), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<64x32xf32>, token
    %vt, %t2 = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(64x32), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<64x32xf32>, token
    %ktt = permute %kt [1, 0] : tile<64x32xf32> -> tile<32x64xf32>
    %zs = constant <f32: 0.000000e+00> : tile<16x64xf32>
    %s = mmaf %qt, %ktt, %zs : tile<16x32xf32>, tile<32x64xf32>, tile<16x64xf32>
    %scale = constant <f32: 0.176776692> : tile<16x64xf32>
    %ss = mulf %s, %scale : tile<16x64xf32>
    %mx = reduce %ss dim=1 identities=[0xFF800000 : f32] : tile<16x64xf32> -> tile<16xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %m = maxf %e, %acc : tile<f32>
      yield %m : tile<f32>
    }
    %mx2 = reshape %mx : tile<16xf32> -> tile<16x1xf32>
    %mxb = broadcast %mx2 : tile<16x1xf32> -> tile<16x64xf32>
    %d = subf %ss, %mxb : tile<16x64xf32>
    %p = exp %d : tile<16x64xf32>
    %l = reduce %p dim=1 identities=[0.000000e+00 : f32] : tile<16x64xf32> -> tile<16xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %a = addf %e, %acc : tile<f32>
      yield %a : tile<f32>
    }
    %zo = constant <f32: 0.000000e+00> : tile<16x32xf32>
    %pv_out = mmaf %p, %vt, %zo : tile<16x64xf32>, tile<64x32xf32>, tile<16x32xf32>
    %l2 = reshape %l : tile<16xf32> -> tile<16x1xf32>
    %lb = broadcast %l2 : tile<16x1xf32> -> tile<16x32xf32>
    %out = divf %pv_out, %lb : tile<16x32xf32>
    %t3 = store_view_tko weak %out, %po[%bid, %c0] : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}
