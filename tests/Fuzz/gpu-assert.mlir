// REQUIRES: ptxas
// A failed assert on the GPU: tilec lowers it to a trap, which the driver
// reports as a launch failure, and a trapped context gives no buffers
// back. When the reference's assert failed too, the gpu executor takes
// that as agreement rather than undefined behaviour; when the reference
// ran through, the trap is a wrong result.

// RUN: rm -rf %t && mkdir -p %t
// RUN: env TILECHECK_GPU_LAUNCH=record:%t/rec tile-diff %s --grid 1 --arg zeros:i32:4 --arg 1 --only-config compiler=gpu,sm_90,O2 | FileCheck %s --check-prefix=RECORD
// RECORD: 1 programs checked, 0 findings in 0 buckets
// RUN: bash -c 'd=$(echo %t/rec/*); printf "tilecheck-launch-result 1\nstatus fault\ndevice a GPU, sm_90\nmessage 1\nthe kernel failed: CUDA_ERROR_LAUNCH_FAILED\n" > $d/result.txt'
// RUN: env TILECHECK_GPU_LAUNCH=replay:%t/rec tile-diff %s --grid 1 --arg zeros:i32:4 --arg 1 --only-config compiler=gpu,sm_90,O2 -v | FileCheck %s --check-prefix=ASSERT
// ASSERT: ok {{.*}}[compiler=gpu,sm_90,O2,{{.*}}] the kernel trapped on a GPU, sm_90 where the reference's assert failed (the kernel failed: CUDA_ERROR_LAUNCH_FAILED)
// ASSERT: 1 programs checked, 0 findings in 0 buckets

// The same trap where the reference's assert holds (%ok = 0).
// RUN: env TILECHECK_GPU_LAUNCH=record:%t/rec0 tile-diff %s --grid 1 --arg zeros:i32:4 --arg 0 --only-config compiler=gpu,sm_90,O2 > /dev/null
// RUN: bash -c 'd=$(echo %t/rec0/*); printf "tilecheck-launch-result 1\nstatus fault\ndevice a GPU, sm_90\nmessage 1\nthe kernel failed: CUDA_ERROR_LAUNCH_FAILED\n" > $d/result.txt'
// RUN: env TILECHECK_GPU_LAUNCH=replay:%t/rec0 not tile-diff %s --grid 1 --arg zeros:i32:4 --arg 0 --only-config compiler=gpu,sm_90,O2 | FileCheck %s --check-prefix=UB
// UB: finding: wrong-result {{.*}} culprit=backend (gpu)

cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>, %bad: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %ok = cmpi equal %bad, %c0, signed : tile<i32> -> tile<i1>
    %v = iota : tile<4xi32>
    %tv = make_tensor_view %out, shape = [4], strides = [1] : tensor_view<4xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>
    %t = store_view_tko weak %v, %pv[%c0] : tile<4xi32>, partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>, tile<i32> -> token
    assert %ok, "bad must be 0" : tile<i1>
    return
  }
}
