// An open backend bug, kept as its reproducer (found by the simt
// configurations over generated programs, memory preset, seed 2003): a load
// padded with NaN, then maxf(x, x). The spec makes maxf's NaN result
// canonical (0x7fffffff, the interpreter's); the backend lowers maxf to
// LLVM's maxnum, LLVM folds maxnum(x, x) to x, and the padding's 0x7fc00000
// comes out (at O1 and above; O0 keeps max.f32, which canonicalizes).
// When the backend canonicalizes maxf/minf NaN results, the first RUN
// finds nothing and this test must change to say so.
// RUN: not tile-diff %s --grid 1 --arg zeros:f32:4 --arg 2 --arg zeros:f32:16 --only-config compiler=simt,sm_80,O1 | FileCheck %s --check-prefix=BUG
// BUG: finding: wrong-result {{.*}} culprit=backend (simt): arg2: {{.*}} expected nan (0x7fffffff), got nan (0x7fc00000)
// RUN: tile-diff %s --grid 1 --arg zeros:f32:4 --arg 2 --arg zeros:f32:16 --only-config compiler=simt,sm_80,O0 | FileCheck %s --check-prefix=O0
// O0: 1 programs checked, 0 findings in 0 buckets
cuda_tile.module @m {
  entry @k(%in: tile<ptr<f32>>, %n: tile<i32>, %out: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tv = make_tensor_view %in, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), padding_value = nan, tensor_view<?xf32, strides=[1]>>
    %x, %t = load_view_tko weak %pv[%bx] : partition_view<tile=(16), padding_value = nan, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %m = maxf %x, %x : tile<16xf32>
    %to = make_tensor_view %out, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>
    %t2 = store_view_tko weak %m, %po[%bx] token = %t : tile<16xf32>, partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
