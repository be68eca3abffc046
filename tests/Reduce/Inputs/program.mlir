// A small kernel for the tile-reduce tests: every block stores its 16-element
// slice; a divi and a remi sit in the middle of the data flow.
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>, %n: tile<i32>, %unused: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c16 = constant <i32: 16> : tile<i32>
    %base = muli %bx, %c16 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %base16 = broadcast %base1 : tile<1xi32> -> tile<16xi32>
    %i = iota : tile<16xi32>
    %idx = addi %base16, %i : tile<16xi32>
    %c3 = constant <i32: 3> : tile<16xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %n16 = broadcast %n1 : tile<1xi32> -> tile<16xi32>
    %a = addi %idx, %n16 : tile<16xi32>
    %d = divi %a, %c3 signed : tile<16xi32>
    %r = remi %a, %c3 signed : tile<16xi32>
    %s = addi %d, %r : tile<16xi32>
    %p0 = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %p1 = broadcast %p0 : tile<1xptr<i32>> -> tile<16xptr<i32>>
    %p2 = offset %p1, %idx : tile<16xptr<i32>>, tile<16xi32> -> tile<16xptr<i32>>
    %t = store_ptr_tko weak %p2, %s : tile<16xptr<i32>>, tile<16xi32> -> token
    return
  }
}
