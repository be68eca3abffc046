// tile-run --executor simt: the program compiled by tilec to PTX and run on
// the CPU SIMT executor gives the interpreter's outputs, file for file, at
// both ends of the backend (sm_80 at O0, sm_100 at O3); a PTX given with
// --ptx runs with the same launch, and what the executor reports (an
// unsupported instruction, a shared-memory race) is an error with its own
// exit code.

// RUN: tile-run %s --entry k --grid 2 --arg zeros:i32:256 --arg zeros:i32:2 --out-dir %t.interp
// RUN: tile-run %s --executor simt -O0 --gpu-name sm_80 --entry k --grid 2 --arg zeros:i32:256 --arg zeros:i32:2 --out-dir %t.o0 --simt-stats 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: cmp %t.interp/arg0.npy %t.o0/arg0.npy
// RUN: cmp %t.interp/arg1.npy %t.o0/arg1.npy
// RUN: tile-run %s --executor simt -O3 --gpu-name sm_100 --entry k --grid 2 --arg zeros:i32:256 --arg zeros:i32:2 --out-dir %t.o3 --emit-ptx %t.ptx
// RUN: cmp %t.interp/arg0.npy %t.o3/arg0.npy
// RUN: cmp %t.interp/arg1.npy %t.o3/arg1.npy
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// STATS: simt: {{[1-9][0-9]*}} warp-instructions, {{[1-9][0-9]*}} thread-instructions, {{[0-9]+}} divergent issues; block 128 threads, {{[1-9][0-9]*}} bytes dynamic shared
// PTX: .visible .entry k(
// PTX: bar.sync

// RUN: not tile-run %s --executor simt --entry k --grid 1 --arg zeros:i32:256 --arg zeros:i32:2 --ptx %S/Inputs/simt-unsupported.ptx 2>&1 | FileCheck %s --check-prefix=UNSUP
// RUN: bash -c 'tile-run %s --executor simt --entry k --grid 1 --arg zeros:i32:256 --arg zeros:i32:2 --ptx %S/Inputs/simt-unsupported.ptx 2>/dev/null; test $? -eq 6'
// UNSUP: tile-run: unsupported: tex.1d.v4.s32.s32 (CTA (0,0,0), thread (0,0,0), PTX line 14: tex.1d.v4.s32.s32)

// RUN: not tile-run %s --executor simt --entry k --grid 1 --arg zeros:i32:256 --arg zeros:i32:2 --ptx %S/Inputs/simt-race.ptx 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: tile-run: data race on shared memory at offset 4: threads 0 and 1 access it with no barrier between, at least one writing (CTA (0,0,0), thread (0,0,0), PTX line 19: ld.shared.u32)

// RUN: not tile-run %s --executor tpu --entry k --grid 1 --arg zeros:i32:256 --arg zeros:i32:2 2>&1 | FileCheck %s --check-prefix=EXEC
// EXEC: tile-run: unknown executor 'tpu' (interpreter, simt, gpu)

// Block b writes out[b*128 + i] = (i - 64 <u 5 ? i - 64 : 5) + 1000 * b
// and sums[b] = the sum of its 128 values (a shared-memory reduction).
cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>, %sums: tile<ptr<i32>>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %i = iota : tile<128xi32>
    %c64 = constant <i32: 64> : tile<128xi32>
    %c5 = constant <i32: 5> : tile<128xi32>
    %a = subi %i, %c64 : tile<128xi32>
    %lt = cmpi less_than %a, %c5, unsigned : tile<128xi32> -> tile<128xi1>
    %m = select %lt, %a, %c5 : tile<128xi1>, tile<128xi32>
    %c1000 = constant <i32: 1000> : tile<i32>
    %off = muli %bid, %c1000 : tile<i32>
    %off1 = reshape %off : tile<i32> -> tile<1xi32>
    %offb = broadcast %off1 : tile<1xi32> -> tile<128xi32>
    %v = addi %m, %offb : tile<128xi32>
    %to = make_tensor_view %out, shape = [256], strides = [1] : tensor_view<256xi32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(128), tensor_view<256xi32, strides=[1]>>
    %t = store_view_tko weak %v, %po[%bid] : tile<128xi32>, partition_view<tile=(128), tensor_view<256xi32, strides=[1]>>, tile<i32> -> token
    %s = reduce %v dim=0 identities=[0 : i32] : tile<128xi32> -> tile<i32>
    (%x: tile<i32>, %y: tile<i32>) {
      %z = addi %x, %y : tile<i32>
      yield %z : tile<i32>
    }
    %s1 = reshape %s : tile<i32> -> tile<1xi32>
    %ts = make_tensor_view %sums, shape = [2], strides = [1] : tensor_view<2xi32, strides=[1]>
    %ps = make_partition_view %ts : partition_view<tile=(1), tensor_view<2xi32, strides=[1]>>
    %t2 = store_view_tko weak %s1, %ps[%bid] : tile<1xi32>, partition_view<tile=(1), tensor_view<2xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
