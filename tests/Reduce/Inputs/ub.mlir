// Divides by zero: tile-reduce must refuse to reduce it.
cuda_tile.module @m {
  entry @k(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %d = divi %n, %c0 signed : tile<i32>
    return
  }
}
