// The simt configurations run the backend's math functions (libdevice,
// built from approximate instructions that the SIMT executor rounds
// correctly where the hardware does not): each function on the longest
// chain may add the per-type bound (2 ulp for f32), plus one ulp. Found by
// the first campaign: libdevice's tanhf on the SIMT executor is 3 ulp from
// the correctly rounded tanh at x = -0.38008484 (0xbec29a7b), which the
// 2-ulp bound reported as a backend bug. Bit for bit the difference is
// there, and it is bucketed as a precision difference.
// RUN: tile-diff %s --grid 1 --arg -0.3800848424434662 --arg zeros:f32:1 --only-config compiler=simt,sm_100,O3 | FileCheck %s --check-prefix=SLACK
// SLACK: 1 programs checked, 0 findings in 0 buckets
// RUN: rm -rf %t.f
// RUN: not tile-diff %s --grid 1 --arg -0.3800848424434662 --arg zeros:f32:1 --only-config compiler=simt,sm_100,O3 --bit-exact --findings %t.f | FileCheck %s --check-prefix=EXACT
// EXACT: finding: wrong-result {{.*}} culprit=backend (simt): arg1: 1 of 1 elements differ (policy bit-exact); first at [0]: expected -0.3627812 (0xbeb9be75), got -0.3627811 (0xbeb9be72), 3 ulp
// RUN: FileCheck %s --check-prefix=SIG < %t.f/wrong-result-*-1/signature.txt
// SIG: wrong-result|backend|buffer contents (precision)
cuda_tile.module @m {
  entry @k(%s: tile<f32>, %out: tile<ptr<f32>>) {
    %x = reshape %s : tile<f32> -> tile<1xf32>
    %y = tanh %x : tile<1xf32>
    %to = make_tensor_view %out, shape = [1], strides = [1] : tensor_view<1xf32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(1), tensor_view<1xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %y, %po[%c0] : tile<1xf32>, partition_view<tile=(1), tensor_view<1xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
