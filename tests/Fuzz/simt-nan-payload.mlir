// Regression test of a backend bug found by the simt configurations over
// generated programs (memory preset, seed 2003): a load padded with NaN,
// then maxf(x, x). The spec makes maxf's NaN result canonical (0x7fffffff,
// the interpreter's); the backend lowered maxf to NVVM's fmax, LLVM folds
// fmax(x, x) to x, and the padding's 0x7fc00000 came out at O1 and above
// (O0 kept max.f32, which canonicalizes). The backend now selects the
// canonical NaN after every maxf/minf.
// RUN: tile-diff %s --grid 1 --arg zeros:f32:4 --arg 2 --arg zeros:f32:16 --only-config compiler=simt,sm_80,O1 | FileCheck %s --check-prefix=FIXED
// RUN: tile-diff %s --grid 1 --arg zeros:f32:4 --arg 2 --arg zeros:f32:16 --only-config compiler=simt,sm_100,O3 | FileCheck %s --check-prefix=FIXED
// RUN: tile-diff %s --grid 1 --arg zeros:f32:4 --arg 2 --arg zeros:f32:16 --only-config compiler=simt,sm_80,O0 | FileCheck %s --check-prefix=FIXED
// FIXED: 1 programs checked, 0 findings in 0 buckets
// The PTX selects the canonical NaN after the max (at O3 the max itself
// is folded away).
// RUN: tilec -O3 --emit ptx %s | FileCheck %s --check-prefix=PTX
// PTX: setp.nan.f32 [[P:%p[0-9]+]], [[X:%r[0-9]+]], [[X]];
// PTX-NEXT: selp.f32 {{%r[0-9]+}}, 0f7FFFFFFF, [[X]], [[P]];
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
