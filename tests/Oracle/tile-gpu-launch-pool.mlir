// tile-gpu-launch's worker pool against a stand-in driver (%test_libcuda,
// tests/Oracle/Inputs/test-libcuda.c) that faults, hangs or crashes on
// request: every bundle gets a result, a fault costs only its own launch
// (the worker whose context it spoiled is replaced), a kernel past its time
// limit is a timeout, a driver that kills its process loses only that
// bundle, and bundles with results are not run again unless --force.

// RUN: rm -rf %t && mkdir -p %t
// RUN: bash -c 'for i in 01 02 03 04 05 06 07 08 09 10 11 12; do k=ok; case $i in 03|09) k=fault;; 06) k=hang;; 10) k=crash;; esac; mkdir -p %t/$i; echo ptx > %t/$i/kernel.ptx; printf "tilecheck-launch 1\nimage kernel.ptx\nkernel $k\ngrid 1 1 1\nblock 32 1 1\ndynamic-shared 0\nbuffer 4 contents readback\nparam buffer 0\n" > %t/$i/launch.txt; printf "\x2a\x00\x00\x00" > %t/$i/buf0.bin; done'
// RUN: env TILECHECK_LIBCUDA=%test_libcuda tile-gpu-launch --jobs 3 --timeout-ms 300 %t > %t.log
// RUN: FileCheck %s < %t.log
// CHECK: device: test driver, sm_90
// CHECK-DAG: 03: fault: the kernel failed: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered)
// CHECK-DAG: 09: fault: the kernel failed: CUDA_ERROR_ILLEGAL_ADDRESS
// CHECK-DAG: 06: timeout: the kernel did not finish within 300 ms
// CHECK-DAG: 10: error: the launch process died
// CHECK: 12 launches: error 1 fault 2 ok 8 timeout 1
// RUN: FileCheck %s --check-prefix=RESULT < %t/01/result.txt
// RESULT: tilecheck-launch-result 1
// RESULT-NEXT: status ok
// RESULT-NEXT: device test driver, sm_90
// RESULT-NEXT: out 0 out0.bin
// RUN: cmp %t/01/buf0.bin %t/01/out0.bin

// Already run: nothing to do; --force runs them again, timed.
// RUN: env TILECHECK_LIBCUDA=%test_libcuda tile-gpu-launch %t | FileCheck %s --check-prefix=AGAIN
// AGAIN: 0 launches: already-run 12
// RUN: env TILECHECK_LIBCUDA=%test_libcuda tile-gpu-launch --force --timing 3 --timeout-ms 300 %t/01 | FileCheck %s --check-prefix=TIMED
// TIMED: 01: ok, median 1.0000 ms of 3
// RUN: FileCheck %s --check-prefix=TIMES < %t/01/result.txt
// TIMES: median-ms 1
// TIMES-NEXT: times-ms 1 1 1

// Usage.
// RUN: not tile-gpu-launch --jobs 0 %t 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: tile-gpu-launch: --jobs takes a positive count
// RUN: env TILECHECK_LIBCUDA=%test_libcuda not tile-gpu-launch %t/nowhere 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: tile-gpu-launch: no launch bundle in '{{.*}}nowhere'
