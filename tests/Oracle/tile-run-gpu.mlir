// REQUIRES: ptxas
// tile-run --executor gpu without a GPU: the missing driver is named and
// exit code 7 (distinct from every result code) says nothing ran; a launch
// recorded as a bundle (--gpu-launch record:DIR) agrees with the facts ptxas
// wrote into the cubin (tile-gpu-launch --check); a replay finds no result
// until one is there, then writes the outputs as any executor does; a
// bundle that disagrees with its cubin is refused before any launch.

// RUN: rm -rf %t && mkdir -p %t
// RUN: env TILECHECK_LIBCUDA=%t/no-such-libcuda.so.1 not tile-run %s --executor gpu -O2 --gpu-name sm_90 --entry k --grid 2 --arg zeros:i32:256 --arg 7 2>&1 | FileCheck %s --check-prefix=NODRIVER
// RUN: env TILECHECK_LIBCUDA=%t/no-such-libcuda.so.1 bash -c 'tile-run %s --executor gpu --entry k --grid 2 --arg zeros:i32:256 --arg 7 2>/dev/null; test $? -eq 7'
// NODRIVER: tile-run: no CUDA driver: cannot load {{.*}}no-such-libcuda.so.1
// RUN: env TILECHECK_LIBCUDA=%t/no-such-libcuda.so.1 not tile-gpu-launch --probe 2>&1 | FileCheck %s --check-prefix=NODRIVER-LAUNCH
// RUN: env TILECHECK_LIBCUDA=%t/no-such-libcuda.so.1 bash -c 'tile-gpu-launch %t; test $? -eq 7'
// NODRIVER-LAUNCH: tile-gpu-launch: no CUDA driver: cannot load

// Record, then check the bundle against its cubin.
// RUN: tile-run %s --executor gpu -O2 --gpu-name sm_90 --gpu-launch record:%t/rec --entry k --grid 2 --arg zeros:i32:256 --arg 7 2>&1 | FileCheck %s --check-prefix=RECORD
// RECORD: tile-run: launch recorded in {{.*}}rec/{{[0-9a-f]+}}
// RUN: tile-gpu-launch --check %t/rec | FileCheck %s --check-prefix=CHECK-BUNDLE
// CHECK-BUNDLE: ok: kernel k, grid 2x1x1, block 128x1x1, 2 parameters (8 4 bytes), 1 buffers
// RUN: bash -c "cat %t/rec/*/launch.txt" | FileCheck %s --check-prefix=MANIFEST
// MANIFEST: tilecheck-launch 1
// MANIFEST-NEXT: origin tilec sm_90 O2, {{.*}}tile-run-gpu.mlir
// MANIFEST-NEXT: image kernel.cubin
// MANIFEST-NEXT: kernel k
// MANIFEST-NEXT: grid 2 1 1
// MANIFEST-NEXT: block 128 1 1
// MANIFEST-NEXT: dynamic-shared 0
// MANIFEST-NEXT: buffer 1024 zero readback
// MANIFEST-NEXT: param buffer 0
// MANIFEST-NEXT: param bytes 07000000

// Replay: nothing recorded yet, then the result a GPU would have written.
// RUN: not tile-run %s --executor gpu -O2 --gpu-name sm_90 --gpu-launch replay:%t/rec --entry k --grid 2 --arg zeros:i32:256 --arg 7 2>&1 | FileCheck %s --check-prefix=NORESULT
// NORESULT: tile-run: no recorded result for this launch (no result in '{{.*}}')
// RUN: tile-run %s --entry k --grid 2 --arg zeros:i32:256 --arg 7 --out-dir %t.interp
// RUN: bash -c 'd=$(echo %t/rec/*); python3 -c "import sys; d=open(sys.argv[1],\"rb\").read(); h=d[8]+256*d[9]; open(sys.argv[2],\"wb\").write(d[10+h:])" %t.interp/arg0.npy $d/out0.bin && printf "tilecheck-launch-result 1\nstatus ok\ndevice a GPU, sm_90\nout 0 out0.bin\n" > $d/result.txt'
// RUN: tile-run %s --executor gpu -O2 --gpu-name sm_90 --gpu-launch replay:%t/rec --entry k --grid 2 --arg zeros:i32:256 --arg 7 --out-dir %t.replay 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY: gpu: a GPU, sm_90
// RUN: cmp %t.interp/arg0.npy %t.replay/arg0.npy

// A bundle whose scalar is wider than the kernel's parameter.
// RUN: bash -c 'd=$(echo %t/rec/*); sed -i "s/param bytes 07000000/param bytes 0700000000000000/" $d/launch.txt'
// RUN: not tile-gpu-launch --check %t/rec | FileCheck %s --check-prefix=BAD
// BAD: bad: parameter 1 of kernel 'k' is 4 bytes but the launch gives 8

// Usage: the gpu options belong to --executor gpu, modes are spelled out.
// RUN: not tile-run %s --executor simt --gpu-timing 3 --entry k --grid 2 --arg zeros:i32:256 --arg 7 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: tile-run: --cubin, --gpu-launch and --gpu-timing are options of --executor gpu
// RUN: not tile-run %s --executor gpu --gpu-launch replay --entry k --grid 2 --arg zeros:i32:256 --arg 7 2>&1 | FileCheck %s --check-prefix=MODE
// MODE: tile-run: GPU launch mode 'replay': expected local, record:DIR or replay:DIR

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
