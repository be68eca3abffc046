// NVIDIA tileiras (pip nvidia-cuda-tileiras, --gpu-name sm_100) rejects this
// valid program with only "error: failed to compile Tile IR program": an
// inclusive scan of an 8-element tile followed by a reshape to 2x4. Without
// the reshape (or without the scan) it compiles. Our interpreter and tilec
// at O0-O3 agree on it. Reduced with tile-reduce --test from generated
// program ints/7148 (scripts/check_bytecode_peers.py --generate 1050); see
// README.md beside this file for the reproducing commands.
// tilecheck: entry=@kernel grid=1,1,1
// tilecheck: arg0 = buffer i32[2x4] out
cuda_tile.module @gen {
  entry @kernel(%arg0: tile<ptr<i32>>) {
    %z = constant <i32: 0> : tile<i32>
    %0 = constant <i32: 0> : tile<8xi32>
    %1 = scan %0 dim=0 reverse=false identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
    (%a: tile<i32>, %b: tile<i32>) {
      %m = addi %a, %b : tile<i32>
      yield %m : tile<i32>
    }
    %2 = reshape %1 : tile<8xi32> -> tile<2x4xi32>
    %3 = make_tensor_view %arg0, shape = [2, 4], strides = [4, 1] : tensor_view<2x4xi32, strides=[4,1]>
    %4 = make_partition_view %3 : partition_view<tile=(2x4), tensor_view<2x4xi32, strides=[4,1]>>
    %5 = store_view_tko weak %2, %4[%z, %z] : tile<2x4xi32>, partition_view<tile=(2x4), tensor_view<2x4xi32, strides=[4,1]>>, tile<i32> -> token
  }
}
