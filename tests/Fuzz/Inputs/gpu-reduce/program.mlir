cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>, %n: tile<i32>) {
    %c7 = constant <i32: 7> : tile<16xi32>
    %c3 = constant <i32: 3> : tile<16xi32>
    %i = iota : tile<16xi32>
    %a = addi %i, %c7 : tile<16xi32>
    %d = muli %a, %c3 : tile<16xi32>
    %x = xori %d, %a : tile<16xi32>
    %p0 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %p1 = broadcast %p0 : tile<1xptr<i32>> -> tile<16xptr<i32>>
    %p2 = offset %p1, %i : tile<16xptr<i32>>, tile<16xi32> -> tile<16xptr<i32>>
    %t = store_ptr_tko weak %p2, %x : tile<16xptr<i32>>, tile<16xi32> -> token
    return
  }
}
