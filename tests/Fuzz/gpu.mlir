// REQUIRES: ptxas
// The GPU executors of tile-diff on a machine without a GPU. Without a
// driver every gpu configuration is skipped with the reason. With
// TILECHECK_GPU_LAUNCH=record:DIR each launch becomes a bundle (skipped:
// recorded), consistent with its cubin; with replay:DIR the result
// tile-gpu-launch wrote is compared with the interpreter as a local launch
// would be: the right buffers agree, a wrong value is a wrong result
// blamed on the backend (method gpu), a fault is undefined behaviour in the
// compiled code.

// RUN: rm -rf %t && mkdir -p %t
// RUN: env TILECHECK_LIBCUDA=%t/none.so tile-diff %s --grid 2 --arg zeros:i32:256 --arg 3 --only-config compiler=gpu,sm_90,O2 -v | FileCheck %s --check-prefix=NODRIVER
// NODRIVER: skipped {{.*}}[compiler=gpu,sm_90,O2,v2=0,strategy=none,scheduler=cost,order=row-major]: no CUDA driver: cannot load {{.*}}none.so
// NODRIVER: 1 configuration runs skipped, not counted

// RUN: env TILECHECK_GPU_LAUNCH=bogus tile-diff %s --grid 2 --arg zeros:i32:256 --arg 3 --only-config compiler=gpu,sm_90,O2 -v | FileCheck %s --check-prefix=BADMODE
// BADMODE: skipped {{.*}}: TILECHECK_GPU_LAUNCH: GPU launch mode 'bogus': expected local, record:DIR or replay:DIR

// RUN: env TILECHECK_GPU_LAUNCH=record:%t/rec tile-diff %s --grid 2 --arg zeros:i32:256 --arg 3 --only-config compiler=gpu,sm_90,O2 -v | FileCheck %s --check-prefix=RECORD
// RECORD: skipped {{.*}}[compiler=gpu,sm_90,O2,{{.*}}]: launch recorded for tile-gpu-launch
// RUN: tile-gpu-launch --check %t/rec | FileCheck %s --check-prefix=BUNDLE
// BUNDLE: ok: kernel k, grid 2x1x1, block 128x1x1, 2 parameters (8 4 bytes), 1 buffers

// The interpreter's buffer as the GPU's result: agreement.
// RUN: tile-run %s --entry k --grid 2 --arg zeros:i32:256 --arg 3 --out-dir %t.interp
// RUN: bash -c 'd=$(echo %t/rec/*); python3 -c "import sys; d=open(sys.argv[1],\"rb\").read(); h=d[8]+256*d[9]; open(sys.argv[2],\"wb\").write(d[10+h:])" %t.interp/arg0.npy $d/out0.bin && printf "tilecheck-launch-result 1\nstatus ok\ndevice a GPU, sm_90\nout 0 out0.bin\n" > $d/result.txt'
// RUN: env TILECHECK_GPU_LAUNCH=replay:%t/rec tile-diff %s --grid 2 --arg zeros:i32:256 --arg 3 --only-config compiler=gpu,sm_90,O2 -v | FileCheck %s --check-prefix=AGREE
// AGREE: ok {{.*}}[compiler=gpu,sm_90,O2,{{.*}}] the cubin ran on a GPU, sm_90
// AGREE: 1 programs checked, 0 findings in 0 buckets

// One element off: a wrong result below nv_tileas.
// RUN: bash -c 'd=$(echo %t/rec/*); printf "\x63" | dd of=$d/out0.bin bs=1 seek=20 conv=notrunc 2>/dev/null'
// RUN: env TILECHECK_GPU_LAUNCH=replay:%t/rec not tile-diff %s --grid 2 --arg zeros:i32:256 --arg 3 --only-config compiler=gpu,sm_90,O2 --findings %t/findings | FileCheck %s --check-prefix=WRONG
// WRONG: finding: wrong-result {{[0-9a-f]+}} {{.*}} [compiler=gpu,sm_90,O2,{{.*}}] culprit=backend (gpu){{.*}}arg0: 1 of 256 elements differ
// WRONG: 1 programs checked, 1 findings in 1 buckets

// A fault on the GPU: undefined behaviour in the compiled code.
// RUN: bash -c 'd=$(echo %t/rec/*); printf "tilecheck-launch-result 1\nstatus fault\ndevice a GPU, sm_90\nmessage 1\nthe kernel failed: CUDA_ERROR_ILLEGAL_ADDRESS\n" > $d/result.txt'
// RUN: env TILECHECK_GPU_LAUNCH=replay:%t/rec not tile-diff %s --grid 2 --arg zeros:i32:256 --arg 3 --only-config compiler=gpu,sm_90,O2 -v | FileCheck %s --check-prefix=FAULT
// FAULT: finding: wrong-result {{[0-9a-f]+}} {{.*}} [compiler=gpu,sm_90,O2,{{.*}}] culprit=backend (gpu){{.*}}undefined behaviour

// out[b*128 + i] = i * x + b.
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>, %x: tile<i32>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %i = iota : tile<128xi32>
    %xr = reshape %x : tile<i32> -> tile<1xi32>
    %xb = broadcast %xr : tile<1xi32> -> tile<128xi32>
    %br = reshape %bid : tile<i32> -> tile<1xi32>
    %bb = broadcast %br : tile<1xi32> -> tile<128xi32>
    %m = muli %i, %xb : tile<128xi32>
    %v = addi %m, %bb : tile<128xi32>
    %to = make_tensor_view %out, shape = [256], strides = [1] : tensor_view<256xi32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(128), tensor_view<256xi32, strides=[1]>>
    %t = store_view_tko weak %v, %po[%bid] : tile<128xi32>, partition_view<tile=(128), tensor_view<256xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
