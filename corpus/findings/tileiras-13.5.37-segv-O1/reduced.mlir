cuda_tile.module @gen {
  entry @kernel(%arg0: tile<i32>, %arg1: tile<ptr<i32>>, %arg2: tile<i64>, %arg3: tile<ptr<i32>>, %arg4: tile<ptr<i32>>, %arg5: tile<ptr<i16>>, %arg6: tile<ptr<i8>>, %arg7: tile<ptr<i16>>, %arg8: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tok0 = make_token : token
    %c1 = constant <i16: -7> : tile<4x4xi16>
    %v2 = subi %c1, %c1 overflow<no_signed_wrap> : tile<4x4xi16>
    %c3 = constant <i32: 0> : tile<i32>
    %c4 = constant <i32: 1> : tile<i32>
    %r7, %r9 = for %iv5 in (%c3 to %arg0, step %c4) : tile<i32> iter_values(%acc6 = %c1, %acc8 = %c1) -> (tile<4x4xi16>, tile<4x4xi16>) {
      %c10 = constant <f32: -8.0> : tile<4x4xf32>
      %v11 = remf %c10, %c10 : tile<4x4xf32>
      %c15 = constant <i32: 1> : tile<i32>
      %p16 = cmpi less_than_or_equal %by, %c15, unsigned : tile<i32> -> tile<i1>
      %r17, %r18 = if %p16 -> (tile<4x4xf32>, tile<4x4xf32>) {
        %v19 = permute %v11 [1, 0] : tile<4x4xf32> -> tile<4x4xf32>
        %scan20, %scan21 = scan %v19, %c10 dim=0 reverse=false identities=[0x80000000 : f32, 0x80000000 : f32] : tile<4x4xf32>, tile<4x4xf32> -> tile<4x4xf32>, tile<4x4xf32>
        (%e0_21: tile<f32>, %a0_21: tile<f32>, %e1_22: tile<f32>, %a1_22: tile<f32>) {
          %s0_21 = addf %e0_21, %a0_21 : tile<f32>
          %s1_22 = addf %e1_22, %a1_22 : tile<f32>
          yield %s0_21, %s1_22 : tile<f32>, tile<f32>
        }
        yield %scan21, %scan20 : tile<4x4xf32>, tile<4x4xf32>
      } else {
        yield %c10, %c10 : tile<4x4xf32>, tile<4x4xf32>
      }
      %c44 = constant <i32: 0> : tile<i32>
      %p45 = assume div_by<16>, %arg3 : tile<ptr<i32>>
      %tv46 = make_tensor_view %p45, shape = [2], strides = [1] : tensor_view<2xi32, strides=[1]>
      %pv47 = make_partition_view %tv46 : partition_view<tile=(2), tensor_view<2xi32, strides=[1]>>
      %ld48, %t49 = load_view_tko relaxed device %pv47[%c44] token = %tok0 : partition_view<tile=(2), tensor_view<2xi32, strides=[1]>>, tile<i32> -> tile<2xi32>, token
      %v50 = iota : tile<2xi32>
      %c51 = constant <i32: 1> : tile<2xi32>
      %v52 = andi %v50, %c51 : tile<2xi32>
      %ptr53 = reshape %arg4 : tile<ptr<i32>> -> tile<1xptr<i32>>
      %ptr54 = broadcast %ptr53 : tile<1xptr<i32>> -> tile<2xptr<i32>>
      %ptr55 = offset %ptr54, %v52 : tile<2xptr<i32>>, tile<2xi32> -> tile<2xptr<i32>>
      %old56, %t57 = atomic_rmw_tko relaxed device %ptr55, min, %ld48 token = %tok0 : tile<2xptr<i32>>, tile<2xi32> -> tile<2xi32>, token
      continue %v2, %acc6 : tile<4x4xi16>, tile<4x4xi16>
    }
    %v58 = subi %r9, %v2 : tile<4x4xi16>
    %p59 = cmpi equal %c1, %v58, unsigned : tile<4x4xi16> -> tile<4x4xi1>
    %v60 = select %p59, %v58, %r7 : tile<4x4xi1>, tile<4x4xi16>
    %v61 = reshape %v60 : tile<4x4xi16> -> tile<16xi16>
    %c62 = constant <i32: 16> : tile<i32>
    %v63 = muli %bx, %c62 overflow<no_unsigned_wrap> : tile<i32>
    %v64 = reshape %v63 : tile<i32> -> tile<1xi32>
    %v65 = broadcast %v64 : tile<1xi32> -> tile<16xi32>
    %v66 = iota : tile<16xi32>
    %v67 = addi %v65, %v66 : tile<16xi32>
    %ptr68 = reshape %arg5 : tile<ptr<i16>> -> tile<1xptr<i16>>
    %ptr69 = broadcast %ptr68 : tile<1xptr<i16>> -> tile<16xptr<i16>>
    %ptr70 = offset %ptr69, %v67 : tile<16xptr<i16>>, tile<16xi32> -> tile<16xptr<i16>>
    %c72 = constant <i32: 48> : tile<16xi32>
    %p73 = cmpi greater_than_or_equal %v67, %c72, signed : tile<16xi32> -> tile<16xi1>
    %t71 = store_ptr_tko weak %ptr70, %v61, %p73 token = %tok0 : tile<16xptr<i16>>, tile<16xi16>, tile<16xi1> -> token
  }
}
