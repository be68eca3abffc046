// REQUIRES: ptxas
// Every seed kernel assembles for each target at O0 and O3 (ptxas -v reads
// registers and shared memory; scripts/ptxas_acceptance.py counts more).
// RUN: sh -c 'for t in sm_80 sm_90 sm_100 sm_120; do for o in 0 3; do for f in %S/../../corpus/seeds/*.mlir; do tilec -O$o --gpu-name $t --emit cubin $f -o %t.cubin || exit 1; test -s %t.cubin || exit 1; done; done; done'
// The cubin is an ELF file.
// RUN: tilec -O2 --gpu-name sm_90 --emit cubin %S/../../corpus/seeds/saxpy.mlir -o %t.saxpy.cubin
// RUN: od -An -c -N4 %t.saxpy.cubin | FileCheck %s --check-prefix=ELF
// ELF: 177 E L F
// What a launch needs, and ptxas's resource report.
// RUN: tilec -O2 --gpu-name sm_90 --emit cubin --launch-info %S/../../corpus/seeds/gemm.mlir -o %t.gemm.cubin 2>&1 | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: launch: block=128,1,1 dynamic_shared_bytes=8192
// LAUNCH: Compiling entry function 'gemm' for 'sm_90'
// LAUNCH: Used {{[0-9]+}} registers
