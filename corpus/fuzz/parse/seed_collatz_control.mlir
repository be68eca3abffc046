// Control flow: per block, count the Collatz steps of (block id + start)
// with an unbounded `loop` that exits by `break`, an if/else for the step
// and a nested `if` that clamps the count; store one i32 per block.
// tilecheck: entry=@collatz grid=16,1,1
// tilecheck: arg0 = buffer i32[16] out
// tilecheck: arg1 = scalar i32 7
cuda_tile.module @collatz {
  entry @collatz(%out: tile<ptr<i32>>, %start: tile<i32>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %cap = constant <i32: 1000> : tile<i32>
    %n0 = addi %bid, %start : tile<i32>
    %steps = loop iter_values(%n = %n0, %count = %c0) : tile<i32>, tile<i32> -> tile<i32> {
      %done = cmpi less_than_or_equal %n, %c1, signed : tile<i32> -> tile<i1>
      if %done {
        break %count : tile<i32>
      }
      %r = remi %n, %c2 signed : tile<i32>
      %even = cmpi equal %r, %c0, signed : tile<i32> -> tile<i1>
      %next = if %even -> (tile<i32>) {
        %h = divi %n, %c2 signed : tile<i32>
        yield %h : tile<i32>
      } else {
        %m = muli %n, %c3 overflow<no_signed_wrap> : tile<i32>
        %p = addi %m, %c1 overflow<no_signed_wrap> : tile<i32>
        yield %p : tile<i32>
      }
      %count1 = addi %count, %c1 : tile<i32>
      %over = cmpi greater_than_or_equal %count1, %cap, signed : tile<i32> -> tile<i1>
      if %over {
        break %count1 : tile<i32>
      }
      continue %next, %count1 : tile<i32>, tile<i32>
    }
    %p0 = offset %out, %bid : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %t = store_ptr_tko weak %p0, %steps : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
