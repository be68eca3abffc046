// REQUIRES: ptxas, tileiras
// gpu-tileiras: tileiras's cubin under the tileiras kernel ABI. Recorded
// without a GPU, the bundle names no block (the kernel's EIATTR_REQNTID
// gives it) and dynamic shared memory -1 (the device's maximum minus the
// kernel's static shared memory, as cuTile Python's launcher gives it), and
// its parameters agree with the cubin's EIATTR_KPARAM_INFO.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env TILECHECK_TILEIRAS=%tileiras TILECHECK_GPU_LAUNCH=record:%t/rec tile-diff %S/../../corpus/seeds/vector_add.mlir --only-config compiler=gpu-tileiras,sm_90,O3 -v | FileCheck %s
// CHECK: skipped {{.*}}vector_add.mlir [compiler=gpu-tileiras,sm_90,O3]: launch recorded for tile-gpu-launch
// RUN: tile-gpu-launch --check %t/rec | FileCheck %s --check-prefix=BUNDLE
// BUNDLE: ok: kernel vector_add, grid 8x1x1, block 128x1x1, 4 parameters (8 8 8 4 bytes), 3 buffers
// RUN: bash -c "cat %t/rec/*/launch.txt" | FileCheck %s --check-prefix=MANIFEST
// MANIFEST: block 0 0 0
// MANIFEST: dynamic-shared -1

// A wrong result of tileiras's cubin (here a replayed result with one value
// changed): as tileiras cannot be bisected by pass, the bucket names the
// distinctive ops the wrong output was computed from (fuzz/Localize.h,
// outputSliceOps), so that tileiras's distinct bugs get distinct buckets.
// The program is the stored scan-after-mma finding, launched from its seed
// header by both tile-run and tile-diff.
// RUN: env TILECHECK_TILEIRAS=%tileiras TILECHECK_GPU_LAUNCH=record:%t/scan tile-diff %S/../../corpus/findings/tileiras-13.5.37-wrong-scan-after-mma-sm90/scan-after-mma.mlir --only-config compiler=gpu-tileiras,sm_90,O3 -v | FileCheck %s --check-prefix=SCANREC
// SCANREC: launch recorded for tile-gpu-launch
// RUN: tile-run %S/../../corpus/findings/tileiras-13.5.37-wrong-scan-after-mma-sm90/scan-after-mma.mlir --out-dir %t/scan.interp
// RUN: bash -c 'd=$(echo %t/scan/*); for i in 0 1 2; do python3 -c "import sys; d=open(sys.argv[1],\"rb\").read(); h=d[8]+256*d[9]; open(sys.argv[2],\"wb\").write(d[10+h:])" %t/scan.interp/arg$i.npy $d/out$i.bin; done; printf "\x00\x00\x80\x7f" | dd of=$d/out2.bin bs=1 seek=0 conv=notrunc 2>/dev/null; printf "tilecheck-launch-result 1\nstatus ok\ndevice a GPU, sm_90\nout 0 out0.bin\nout 1 out1.bin\nout 2 out2.bin\n" > $d/result.txt'
// RUN: env TILECHECK_TILEIRAS=%tileiras TILECHECK_GPU_LAUNCH=replay:%t/scan not tile-diff %S/../../corpus/findings/tileiras-13.5.37-wrong-scan-after-mma-sm90/scan-after-mma.mlir --only-config compiler=gpu-tileiras,sm_90,O3 | FileCheck %s --check-prefix=SCANWRONG
// SCANWRONG: finding: wrong-result {{[0-9a-f]+}} {{.*}} [compiler=gpu-tileiras,sm_90,O3] culprit=tileiras-O3 (gpu) op=slice:mmaf,scan: arg2: 1 of 1024 elements differ
