cuda_tile.module @gen {
  entry @kernel(%arg0: tile<ptr<f16>>, %arg1: tile<i32>) {
    %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
    %0 = constant <f16: 0.000000e+00> : tile<32x16xf16>
    %1 = constant <f16: 0.000000e+00> : tile<16x16xf16>
    %2 = mmaf %0, %1, %0 : tile<32x16xf16>, tile<16x16xf16>, tile<32x16xf16>
    %3 = scan %2 dim=0 reverse=false identities=[0x7C00 : f16] : tile<32x16xf16> -> tile<32x16xf16> 
    (%arg2: tile<f16>, %arg3: tile<f16>) {
      yield %arg2 : tile<f16>
    }
    %4 = make_tensor_view %arg0, shape = [%arg1, 16], strides = [16, 1] : tile<i32> -> tensor_view<?x16xf16, strides=[16,1]>
    %5 = make_partition_view %4 : partition_view<tile=(32x16), tensor_view<?x16xf16, strides=[16,1]>>
    %6 = store_view_tko relaxed device %3, %5[%blockId_x, %blockId_y] : tile<32x16xf16>, partition_view<tile=(32x16), tensor_view<?x16xf16, strides=[16,1]>>, tile<i32> -> token
  }
}
