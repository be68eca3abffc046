// dot on sm_90's warpgroup MMA (convert-tileas-to-llvm, Wgmma.cpp: M a
// multiple of 64, N of 8, K of the instruction's 32 bytes; the operands
// staged K-major in the scratch buffer, one statement a k-step that
// fences, issues wgmma.mma_async, commits and waits; the module compiled
// for sm_90a) computed by the SIMT executor, bit for bit against the
// interpreter: the inputs are small integers (i8: every byte value, sums
// that wrap), so every sum is exact. (M x K x N) f16 64x32x64 into f32,
// bf16 128x16x16 (two row blocks), tf32 64x32x32 (four k-steps),
// e4m3 64x64x32, e5m2 64x32x16 into f16, f16 64x16x8 into f16, s8 x u8
// 64x64x16 and u8 x u8 64x32x32 into i32, a batched 2 x 64x16x16 and a
// 64x16x256 whose N splits into two blocks of 128. Each inline statement
// issues up to 8 k-steps back to back before it waits.
// RUN: tile-diff %s --entry f16 --grid 1 --arg zeros:f32:4096 --only-config compiler=simt,sm_90,O0 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry f16 --grid 1 --arg zeros:f32:4096 --only-config compiler=simt,sm_90,O3 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry bf16 --grid 1 --arg zeros:f32:2048 --only-config compiler=simt,sm_90,O2 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry tf32 --grid 1 --arg zeros:f32:2048 --only-config compiler=simt,sm_90,O1 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry e4m3 --grid 1 --arg zeros:f32:2048 --only-config compiler=simt,sm_90,O3 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry e5m2h --grid 1 --arg zeros:f16:1024 --only-config compiler=simt,sm_90,O0 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry f16h --grid 1 --arg zeros:f16:512 --only-config compiler=simt,sm_90,O3 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry su --grid 1 --arg zeros:i32:1024 --only-config compiler=simt,sm_90,O2 -v | FileCheck %s
// RUN: tile-diff %s --entry uu --grid 1 --arg zeros:i32:2048 --only-config compiler=simt,sm_90,O3 -v | FileCheck %s
// RUN: tile-diff %s --entry batch --grid 1 --arg zeros:f32:2048 --only-config compiler=simt,sm_90,O3 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry wide --grid 1 --arg zeros:f32:16384 --only-config compiler=simt,sm_90,O2 --bit-exact -v | FileCheck %s
// K = 256 (16 k-steps: two statements of 8, a loop):
// RUN: tile-diff %s --entry long --grid 1 --arg zeros:f32:512 --only-config compiler=simt,sm_90,O3 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry long --grid 1 --arg zeros:f32:512 --only-config compiler=simt,sm_90,O0 --bit-exact -v | FileCheck %s
// Tiles smaller than a block, padded with zeros: f16 16x16x8 (M and N
// padded), a batched bf16 2 x 32x8x4 (M, N and K) and s8 x u8 8x16x32.
// Regression (session 29): at -O2 LLVM duplicated the wgmma statement
// into both arms of a branch on whether an accumulator element lies in
// the tile, so warp 0 (rows inside) and warps 1-3 (rows outside) issued
// different copies of it with different registers: wrong results, and
// undefined in the ISA (.aligned). The statement is now convergent, and
// the SIMT executor faults when the warps of a warpgroup issue different
// wgmma instructions.
// RUN: tile-diff %s --entry m16 --grid 1 --arg zeros:f32:128 --only-config compiler=simt,sm_90,O2 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry m16 --grid 1 --arg zeros:f32:128 --only-config compiler=simt,sm_90,O0 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry ragged --grid 1 --arg zeros:f32:256 --only-config compiler=simt,sm_90,O3 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry su8 --grid 1 --arg zeros:i32:256 --only-config compiler=simt,sm_90,O2 -v | FileCheck %s
// RUN: tilec --emit llvm --gpu-name sm_90 -O2 %s | FileCheck %s --check-prefix=CONVERGENT
// CONVERGENT: call { float, float, float, float } asm sideeffect "{\0Awgmma.fence.sync.aligned;\0Awgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {{.*}} #[[ATTR:[0-9]+]]
// CONVERGENT: attributes #[[ATTR]] = { convergent
// CHECK: ok {{.*}}[compiler=simt,{{.*}}] the PTX ran on the SIMT executor
// CHECK: 1 programs checked, 0 findings in 0 buckets
// The instructions, and the target they need:
// RUN: tilec --emit ptx --gpu-name sm_90 -O3 %s | FileCheck %s --check-prefix=PTX
// PTX: .version 8.4
// PTX: .target sm_90a
// PTX-DAG: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, 1, 1, 1, 0, 0;
// PTX-DAG: wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16
// PTX-DAG: wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32 {{.*}}, 1, 1, 1;
// PTX-DAG: wgmma.mma_async.sync.aligned.m64n32k32.f32.e4m3.e4m3
// PTX-DAG: wgmma.mma_async.sync.aligned.m64n16k32.f16.e5m2.e5m2
// PTX-DAG: wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16
// PTX-DAG: wgmma.mma_async.sync.aligned.m64n16k32.s32.s8.u8 {{.*}}, 1;
// PTX-DAG: wgmma.mma_async.sync.aligned.m64n32k32.s32.u8.u8
// PTX-DAG: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// PTX-DAG: fence.proxy.async.shared::cta;
// PTX-DAG: wgmma.wait_group.sync.aligned 0;
// The tf32 dot's four k-steps in one statement, one wait:
// RUN: tilec --emit ptx --gpu-name sm_90 -O3 %s | FileCheck %s --check-prefix=TF32
// TF32: wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32
// TF32-NEXT: wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32
// TF32-NEXT: wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32
// TF32-NEXT: wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32
// TF32-NEXT: wgmma.commit_group.sync.aligned;
// TF32-NEXT: wgmma.wait_group.sync.aligned 0;
// A dot whose padded staging would not fit in shared memory (16x2048x16:
// A padded to 64 rows is 256 KiB, over sm_90's 227) keeps mma.sync:
// RUN: tilec --emit ptx --gpu-name sm_90 -O1 %s | FileCheck %s --check-prefix=FALLBACK
// FALLBACK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// Other targets keep mma.sync:
// RUN: tilec --emit ptx --gpu-name sm_100 -O3 %s | FileCheck %s --check-prefix=SM100
// SM100: .target sm_100
// SM100-NOT: wgmma
// SM100: mma.sync.aligned
// ptxas takes it for sm_90a (skipped by the ptxas executor where the CUDA
// toolkit is missing):
// RUN: tile-diff %s --entry su --grid 1 --arg zeros:i32:1024 --only-config compiler=ptxas,sm_90,O3 -v | FileCheck %s --check-prefix=PTXAS
// PTXAS: 1 programs checked, 0 findings in 0 buckets
cuda_tile.module @wgmma {
  entry @f16(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<2048xi32>
    %ah = constant <i32: 2654435761> : tile<2048xi32>
    %ax = muli %ai, %ah : tile<2048xi32>
    %as = constant <i32: 28> : tile<2048xi32>
    %ay = shri %ax, %as signed : tile<2048xi32>
    %ag = itof %ay signed : tile<2048xi32> -> tile<2048xf32>
    %av = ftof %ag : tile<2048xf32> -> tile<2048xf16>
    %bi = iota : tile<2048xi32>
    %bh = constant <i32: 2246822519> : tile<2048xi32>
    %bx = muli %bi, %bh : tile<2048xi32>
    %bs = constant <i32: 28> : tile<2048xi32>
    %by = shri %bx, %bs signed : tile<2048xi32>
    %bg = itof %by signed : tile<2048xi32> -> tile<2048xf32>
    %bv = ftof %bg : tile<2048xf32> -> tile<2048xf16>
    %ci = iota : tile<4096xi32>
    %ch = constant <i32: 3266489917> : tile<4096xi32>
    %cx = muli %ci, %ch : tile<4096xi32>
    %cs = constant <i32: 24> : tile<4096xi32>
    %cy = shri %cx, %cs signed : tile<4096xi32>
    %cg = itof %cy signed : tile<4096xi32> -> tile<4096xf32>
    %ar = reshape %av : tile<2048xf16> -> tile<64x32xf16>
    %br = reshape %bv : tile<2048xf16> -> tile<32x64xf16>
    %cr = reshape %cg : tile<4096xf32> -> tile<64x64xf32>
    %d = mmaf %ar, %br, %cr : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
    %r = reshape %d : tile<64x64xf32> -> tile<4096xf32>
    %tv = make_tensor_view %o, shape = [4096], strides = [1] : tensor_view<4096xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(4096), tensor_view<4096xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<4096xf32>, partition_view<tile=(4096), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @bf16(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<2048xi32>
    %ah = constant <i32: 2654435761> : tile<2048xi32>
    %ax = muli %ai, %ah : tile<2048xi32>
    %as = constant <i32: 28> : tile<2048xi32>
    %ay = shri %ax, %as signed : tile<2048xi32>
    %ag = itof %ay signed : tile<2048xi32> -> tile<2048xf32>
    %av = ftof %ag : tile<2048xf32> -> tile<2048xbf16>
    %bi = iota : tile<256xi32>
    %bh = constant <i32: 2246822519> : tile<256xi32>
    %bx = muli %bi, %bh : tile<256xi32>
    %bs = constant <i32: 28> : tile<256xi32>
    %by = shri %bx, %bs signed : tile<256xi32>
    %bg = itof %by signed : tile<256xi32> -> tile<256xf32>
    %bv = ftof %bg : tile<256xf32> -> tile<256xbf16>
    %ci = iota : tile<2048xi32>
    %ch = constant <i32: 3266489917> : tile<2048xi32>
    %cx = muli %ci, %ch : tile<2048xi32>
    %cs = constant <i32: 24> : tile<2048xi32>
    %cy = shri %cx, %cs signed : tile<2048xi32>
    %cg = itof %cy signed : tile<2048xi32> -> tile<2048xf32>
    %ar = reshape %av : tile<2048xbf16> -> tile<128x16xbf16>
    %br = reshape %bv : tile<256xbf16> -> tile<16x16xbf16>
    %cr = reshape %cg : tile<2048xf32> -> tile<128x16xf32>
    %d = mmaf %ar, %br, %cr : tile<128x16xbf16>, tile<16x16xbf16>, tile<128x16xf32>
    %r = reshape %d : tile<128x16xf32> -> tile<2048xf32>
    %tv = make_tensor_view %o, shape = [2048], strides = [1] : tensor_view<2048xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(2048), tensor_view<2048xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<2048xf32>, partition_view<tile=(2048), tensor_view<2048xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @tf32(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<2048xi32>
    %ah = constant <i32: 2654435761> : tile<2048xi32>
    %ax = muli %ai, %ah : tile<2048xi32>
    %as = constant <i32: 28> : tile<2048xi32>
    %ay = shri %ax, %as signed : tile<2048xi32>
    %ag = itof %ay signed : tile<2048xi32> -> tile<2048xf32>
    %av = ftof %ag : tile<2048xf32> -> tile<2048xtf32>
    %bi = iota : tile<1024xi32>
    %bh = constant <i32: 2246822519> : tile<1024xi32>
    %bx = muli %bi, %bh : tile<1024xi32>
    %bs = constant <i32: 28> : tile<1024xi32>
    %by = shri %bx, %bs signed : tile<1024xi32>
    %bg = itof %by signed : tile<1024xi32> -> tile<1024xf32>
    %bv = ftof %bg : tile<1024xf32> -> tile<1024xtf32>
    %ci = iota : tile<2048xi32>
    %ch = constant <i32: 3266489917> : tile<2048xi32>
    %cx = muli %ci, %ch : tile<2048xi32>
    %cs = constant <i32: 24> : tile<2048xi32>
    %cy = shri %cx, %cs signed : tile<2048xi32>
    %cg = itof %cy signed : tile<2048xi32> -> tile<2048xf32>
    %ar = reshape %av : tile<2048xtf32> -> tile<64x32xtf32>
    %br = reshape %bv : tile<1024xtf32> -> tile<32x32xtf32>
    %cr = reshape %cg : tile<2048xf32> -> tile<64x32xf32>
    %d = mmaf %ar, %br, %cr : tile<64x32xtf32>, tile<32x32xtf32>, tile<64x32xf32>
    %r = reshape %d : tile<64x32xf32> -> tile<2048xf32>
    %tv = make_tensor_view %o, shape = [2048], strides = [1] : tensor_view<2048xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(2048), tensor_view<2048xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<2048xf32>, partition_view<tile=(2048), tensor_view<2048xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @e4m3(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<4096xi32>
    %ah = constant <i32: 2654435761> : tile<4096xi32>
    %ax = muli %ai, %ah : tile<4096xi32>
    %as = constant <i32: 28> : tile<4096xi32>
    %ay = shri %ax, %as signed : tile<4096xi32>
    %ag = itof %ay signed : tile<4096xi32> -> tile<4096xf32>
    %av = ftof %ag : tile<4096xf32> -> tile<4096xf8E4M3FN>
    %bi = iota : tile<2048xi32>
    %bh = constant <i32: 2246822519> : tile<2048xi32>
    %bx = muli %bi, %bh : tile<2048xi32>
    %bs = constant <i32: 28> : tile<2048xi32>
    %by = shri %bx, %bs signed : tile<2048xi32>
    %bg = itof %by signed : tile<2048xi32> -> tile<2048xf32>
    %bv = ftof %bg : tile<2048xf32> -> tile<2048xf8E4M3FN>
    %ci = iota : tile<2048xi32>
    %ch = constant <i32: 3266489917> : tile<2048xi32>
    %cx = muli %ci, %ch : tile<2048xi32>
    %cs = constant <i32: 24> : tile<2048xi32>
    %cy = shri %cx, %cs signed : tile<2048xi32>
    %cg = itof %cy signed : tile<2048xi32> -> tile<2048xf32>
    %ar = reshape %av : tile<4096xf8E4M3FN> -> tile<64x64xf8E4M3FN>
    %br = reshape %bv : tile<2048xf8E4M3FN> -> tile<64x32xf8E4M3FN>
    %cr = reshape %cg : tile<2048xf32> -> tile<64x32xf32>
    %d = mmaf %ar, %br, %cr : tile<64x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<64x32xf32>
    %r = reshape %d : tile<64x32xf32> -> tile<2048xf32>
    %tv = make_tensor_view %o, shape = [2048], strides = [1] : tensor_view<2048xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(2048), tensor_view<2048xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<2048xf32>, partition_view<tile=(2048), tensor_view<2048xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @e5m2h(%o: tile<ptr<f16>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<2048xi32>
    %ah = constant <i32: 2654435761> : tile<2048xi32>
    %ax = muli %ai, %ah : tile<2048xi32>
    %as = constant <i32: 29> : tile<2048xi32>
    %ay = shri %ax, %as signed : tile<2048xi32>
    %ag = itof %ay signed : tile<2048xi32> -> tile<2048xf32>
    %av = ftof %ag : tile<2048xf32> -> tile<2048xf8E5M2>
    %bi = iota : tile<512xi32>
    %bh = constant <i32: 2246822519> : tile<512xi32>
    %bx = muli %bi, %bh : tile<512xi32>
    %bs = constant <i32: 29> : tile<512xi32>
    %by = shri %bx, %bs signed : tile<512xi32>
    %bg = itof %by signed : tile<512xi32> -> tile<512xf32>
    %bv = ftof %bg : tile<512xf32> -> tile<512xf8E5M2>
    %ci = iota : tile<1024xi32>
    %ch = constant <i32: 3266489917> : tile<1024xi32>
    %cx = muli %ci, %ch : tile<1024xi32>
    %cs = constant <i32: 27> : tile<1024xi32>
    %cy = shri %cx, %cs signed : tile<1024xi32>
    %cg = itof %cy signed : tile<1024xi32> -> tile<1024xf32>
    %cv = ftof %cg : tile<1024xf32> -> tile<1024xf16>
    %ar = reshape %av : tile<2048xf8E5M2> -> tile<64x32xf8E5M2>
    %br = reshape %bv : tile<512xf8E5M2> -> tile<32x16xf8E5M2>
    %cr = reshape %cv : tile<1024xf16> -> tile<64x16xf16>
    %d = mmaf %ar, %br, %cr : tile<64x32xf8E5M2>, tile<32x16xf8E5M2>, tile<64x16xf16>
    %r = reshape %d : tile<64x16xf16> -> tile<1024xf16>
    %tv = make_tensor_view %o, shape = [1024], strides = [1] : tensor_view<1024xf16, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<1024xf16, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<1024xf16>, partition_view<tile=(1024), tensor_view<1024xf16, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @f16h(%o: tile<ptr<f16>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<1024xi32>
    %ah = constant <i32: 2654435761> : tile<1024xi32>
    %ax = muli %ai, %ah : tile<1024xi32>
    %as = constant <i32: 29> : tile<1024xi32>
    %ay = shri %ax, %as signed : tile<1024xi32>
    %ag = itof %ay signed : tile<1024xi32> -> tile<1024xf32>
    %av = ftof %ag : tile<1024xf32> -> tile<1024xf16>
    %bi = iota : tile<128xi32>
    %bh = constant <i32: 2246822519> : tile<128xi32>
    %bx = muli %bi, %bh : tile<128xi32>
    %bs = constant <i32: 29> : tile<128xi32>
    %by = shri %bx, %bs signed : tile<128xi32>
    %bg = itof %by signed : tile<128xi32> -> tile<128xf32>
    %bv = ftof %bg : tile<128xf32> -> tile<128xf16>
    %ci = iota : tile<512xi32>
    %ch = constant <i32: 3266489917> : tile<512xi32>
    %cx = muli %ci, %ch : tile<512xi32>
    %cs = constant <i32: 27> : tile<512xi32>
    %cy = shri %cx, %cs signed : tile<512xi32>
    %cg = itof %cy signed : tile<512xi32> -> tile<512xf32>
    %cv = ftof %cg : tile<512xf32> -> tile<512xf16>
    %ar = reshape %av : tile<1024xf16> -> tile<64x16xf16>
    %br = reshape %bv : tile<128xf16> -> tile<16x8xf16>
    %cr = reshape %cv : tile<512xf16> -> tile<64x8xf16>
    %d = mmaf %ar, %br, %cr : tile<64x16xf16>, tile<16x8xf16>, tile<64x8xf16>
    %r = reshape %d : tile<64x8xf16> -> tile<512xf16>
    %tv = make_tensor_view %o, shape = [512], strides = [1] : tensor_view<512xf16, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(512), tensor_view<512xf16, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<512xf16>, partition_view<tile=(512), tensor_view<512xf16, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @su(%o: tile<ptr<i32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<4096xi32>
    %ah = constant <i32: 2654435761> : tile<4096xi32>
    %ax = muli %ai, %ah : tile<4096xi32>
    %as = constant <i32: 3> : tile<4096xi32>
    %ay = shri %ax, %as signed : tile<4096xi32>
    %av = trunci %ay : tile<4096xi32> -> tile<4096xi8>
    %bi = iota : tile<1024xi32>
    %bh = constant <i32: 2246822519> : tile<1024xi32>
    %bx = muli %bi, %bh : tile<1024xi32>
    %bs = constant <i32: 5> : tile<1024xi32>
    %by = shri %bx, %bs signed : tile<1024xi32>
    %bv = trunci %by : tile<1024xi32> -> tile<1024xi8>
    %ci = iota : tile<1024xi32>
    %ch = constant <i32: 3266489917> : tile<1024xi32>
    %cx = muli %ci, %ch : tile<1024xi32>
    %cs = constant <i32: 2> : tile<1024xi32>
    %cy = shri %cx, %cs signed : tile<1024xi32>
    %ar = reshape %av : tile<4096xi8> -> tile<64x64xi8>
    %br = reshape %bv : tile<1024xi8> -> tile<64x16xi8>
    %cr = reshape %cy : tile<1024xi32> -> tile<64x16xi32>
    %d = mmai %ar, %br, %cr signed unsigned : tile<64x64xi8>, tile<64x16xi8>, tile<64x16xi32>
    %r = reshape %d : tile<64x16xi32> -> tile<1024xi32>
    %tv = make_tensor_view %o, shape = [1024], strides = [1] : tensor_view<1024xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<1024xi32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<1024xi32>, partition_view<tile=(1024), tensor_view<1024xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @uu(%o: tile<ptr<i32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<2048xi32>
    %ah = constant <i32: 2654435761> : tile<2048xi32>
    %ax = muli %ai, %ah : tile<2048xi32>
    %as = constant <i32: 3> : tile<2048xi32>
    %ay = shri %ax, %as signed : tile<2048xi32>
    %av = trunci %ay : tile<2048xi32> -> tile<2048xi8>
    %bi = iota : tile<1024xi32>
    %bh = constant <i32: 2246822519> : tile<1024xi32>
    %bx = muli %bi, %bh : tile<1024xi32>
    %bs = constant <i32: 5> : tile<1024xi32>
    %by = shri %bx, %bs signed : tile<1024xi32>
    %bv = trunci %by : tile<1024xi32> -> tile<1024xi8>
    %ci = iota : tile<2048xi32>
    %ch = constant <i32: 3266489917> : tile<2048xi32>
    %cx = muli %ci, %ch : tile<2048xi32>
    %cs = constant <i32: 2> : tile<2048xi32>
    %cy = shri %cx, %cs signed : tile<2048xi32>
    %ar = reshape %av : tile<2048xi8> -> tile<64x32xi8>
    %br = reshape %bv : tile<1024xi8> -> tile<32x32xi8>
    %cr = reshape %cy : tile<2048xi32> -> tile<64x32xi32>
    %d = mmai %ar, %br, %cr unsigned unsigned : tile<64x32xi8>, tile<32x32xi8>, tile<64x32xi32>
    %r = reshape %d : tile<64x32xi32> -> tile<2048xi32>
    %tv = make_tensor_view %o, shape = [2048], strides = [1] : tensor_view<2048xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(2048), tensor_view<2048xi32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<2048xi32>, partition_view<tile=(2048), tensor_view<2048xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @batch(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<2048xi32>
    %ah = constant <i32: 2654435761> : tile<2048xi32>
    %ax = muli %ai, %ah : tile<2048xi32>
    %as = constant <i32: 28> : tile<2048xi32>
    %ay = shri %ax, %as signed : tile<2048xi32>
    %ag = itof %ay signed : tile<2048xi32> -> tile<2048xf32>
    %av = ftof %ag : tile<2048xf32> -> tile<2048xf16>
    %bi = iota : tile<512xi32>
    %bh = constant <i32: 2246822519> : tile<512xi32>
    %bx = muli %bi, %bh : tile<512xi32>
    %bs = constant <i32: 28> : tile<512xi32>
    %by = shri %bx, %bs signed : tile<512xi32>
    %bg = itof %by signed : tile<512xi32> -> tile<512xf32>
    %bv = ftof %bg : tile<512xf32> -> tile<512xf16>
    %ci = iota : tile<2048xi32>
    %ch = constant <i32: 3266489917> : tile<2048xi32>
    %cx = muli %ci, %ch : tile<2048xi32>
    %cs = constant <i32: 24> : tile<2048xi32>
    %cy = shri %cx, %cs signed : tile<2048xi32>
    %cg = itof %cy signed : tile<2048xi32> -> tile<2048xf32>
    %ar = reshape %av : tile<2048xf16> -> tile<2x64x16xf16>
    %br = reshape %bv : tile<512xf16> -> tile<2x16x16xf16>
    %cr = reshape %cg : tile<2048xf32> -> tile<2x64x16xf32>
    %d = mmaf %ar, %br, %cr : tile<2x64x16xf16>, tile<2x16x16xf16>, tile<2x64x16xf32>
    %r = reshape %d : tile<2x64x16xf32> -> tile<2048xf32>
    %tv = make_tensor_view %o, shape = [2048], strides = [1] : tensor_view<2048xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(2048), tensor_view<2048xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<2048xf32>, partition_view<tile=(2048), tensor_view<2048xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @wide(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<1024xi32>
    %ah = constant <i32: 2654435761> : tile<1024xi32>
    %ax = muli %ai, %ah : tile<1024xi32>
    %as = constant <i32: 28> : tile<1024xi32>
    %ay = shri %ax, %as signed : tile<1024xi32>
    %ag = itof %ay signed : tile<1024xi32> -> tile<1024xf32>
    %av = ftof %ag : tile<1024xf32> -> tile<1024xf16>
    %bi = iota : tile<4096xi32>
    %bh = constant <i32: 2246822519> : tile<4096xi32>
    %bx = muli %bi, %bh : tile<4096xi32>
    %bs = constant <i32: 28> : tile<4096xi32>
    %by = shri %bx, %bs signed : tile<4096xi32>
    %bg = itof %by signed : tile<4096xi32> -> tile<4096xf32>
    %bv = ftof %bg : tile<4096xf32> -> tile<4096xf16>
    %ci = iota : tile<16384xi32>
    %ch = constant <i32: 3266489917> : tile<16384xi32>
    %cx = muli %ci, %ch : tile<16384xi32>
    %cs = constant <i32: 24> : tile<16384xi32>
    %cy = shri %cx, %cs signed : tile<16384xi32>
    %cg = itof %cy signed : tile<16384xi32> -> tile<16384xf32>
    %ar = reshape %av : tile<1024xf16> -> tile<64x16xf16>
    %br = reshape %bv : tile<4096xf16> -> tile<16x256xf16>
    %cr = reshape %cg : tile<16384xf32> -> tile<64x256xf32>
    %d = mmaf %ar, %br, %cr : tile<64x16xf16>, tile<16x256xf16>, tile<64x256xf32>
    %r = reshape %d : tile<64x256xf32> -> tile<16384xf32>
    %tv = make_tensor_view %o, shape = [16384], strides = [1] : tensor_view<16384xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16384), tensor_view<16384xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<16384xf32>, partition_view<tile=(16384), tensor_view<16384xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @m16(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<256xi32>
    %ah = constant <i32: 2654435761> : tile<256xi32>
    %ax = muli %ai, %ah : tile<256xi32>
    %as = constant <i32: 28> : tile<256xi32>
    %ay = shri %ax, %as signed : tile<256xi32>
    %ag = itof %ay signed : tile<256xi32> -> tile<256xf32>
    %av = ftof %ag : tile<256xf32> -> tile<256xf16>
    %bi = iota : tile<128xi32>
    %bh = constant <i32: 2246822519> : tile<128xi32>
    %bx = muli %bi, %bh : tile<128xi32>
    %bs = constant <i32: 28> : tile<128xi32>
    %by = shri %bx, %bs signed : tile<128xi32>
    %bg = itof %by signed : tile<128xi32> -> tile<128xf32>
    %bv = ftof %bg : tile<128xf32> -> tile<128xf16>
    %ci = iota : tile<128xi32>
    %ch = constant <i32: 3266489917> : tile<128xi32>
    %cx = muli %ci, %ch : tile<128xi32>
    %cs = constant <i32: 24> : tile<128xi32>
    %cy = shri %cx, %cs signed : tile<128xi32>
    %cg = itof %cy signed : tile<128xi32> -> tile<128xf32>
    %ar = reshape %av : tile<256xf16> -> tile<16x16xf16>
    %br = reshape %bv : tile<128xf16> -> tile<16x8xf16>
    %cr = reshape %cg : tile<128xf32> -> tile<16x8xf32>
    %d = mmaf %ar, %br, %cr : tile<16x16xf16>, tile<16x8xf16>, tile<16x8xf32>
    %r = reshape %d : tile<16x8xf32> -> tile<128xf32>
    %tv = make_tensor_view %o, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @ragged(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<512xi32>
    %ah = constant <i32: 2654435761> : tile<512xi32>
    %ax = muli %ai, %ah : tile<512xi32>
    %as = constant <i32: 28> : tile<512xi32>
    %ay = shri %ax, %as signed : tile<512xi32>
    %ag = itof %ay signed : tile<512xi32> -> tile<512xf32>
    %av = ftof %ag : tile<512xf32> -> tile<512xbf16>
    %bi = iota : tile<64xi32>
    %bh = constant <i32: 2246822519> : tile<64xi32>
    %bx = muli %bi, %bh : tile<64xi32>
    %bs = constant <i32: 28> : tile<64xi32>
    %by = shri %bx, %bs signed : tile<64xi32>
    %bg = itof %by signed : tile<64xi32> -> tile<64xf32>
    %bv = ftof %bg : tile<64xf32> -> tile<64xbf16>
    %ci = iota : tile<256xi32>
    %ch = constant <i32: 3266489917> : tile<256xi32>
    %cx = muli %ci, %ch : tile<256xi32>
    %cs = constant <i32: 24> : tile<256xi32>
    %cy = shri %cx, %cs signed : tile<256xi32>
    %cg = itof %cy signed : tile<256xi32> -> tile<256xf32>
    %ar = reshape %av : tile<512xbf16> -> tile<2x32x8xbf16>
    %br = reshape %bv : tile<64xbf16> -> tile<2x8x4xbf16>
    %cr = reshape %cg : tile<256xf32> -> tile<2x32x4xf32>
    %d = mmaf %ar, %br, %cr : tile<2x32x8xbf16>, tile<2x8x4xbf16>, tile<2x32x4xf32>
    %r = reshape %d : tile<2x32x4xf32> -> tile<256xf32>
    %tv = make_tensor_view %o, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<256xf32>, partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @su8(%o: tile<ptr<i32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<128xi32>
    %ah = constant <i32: 2654435761> : tile<128xi32>
    %ax = muli %ai, %ah : tile<128xi32>
    %as = constant <i32: 3> : tile<128xi32>
    %ay = shri %ax, %as signed : tile<128xi32>
    %av = trunci %ay : tile<128xi32> -> tile<128xi8>
    %bi = iota : tile<512xi32>
    %bh = constant <i32: 2246822519> : tile<512xi32>
    %bx = muli %bi, %bh : tile<512xi32>
    %bs = constant <i32: 5> : tile<512xi32>
    %by = shri %bx, %bs signed : tile<512xi32>
    %bv = trunci %by : tile<512xi32> -> tile<512xi8>
    %ci = iota : tile<256xi32>
    %ch = constant <i32: 3266489917> : tile<256xi32>
    %cx = muli %ci, %ch : tile<256xi32>
    %cs = constant <i32: 2> : tile<256xi32>
    %cy = shri %cx, %cs signed : tile<256xi32>
    %ar = reshape %av : tile<128xi8> -> tile<8x16xi8>
    %br = reshape %bv : tile<512xi8> -> tile<16x32xi8>
    %cr = reshape %cy : tile<256xi32> -> tile<8x32xi32>
    %d = mmai %ar, %br, %cr signed unsigned : tile<8x16xi8>, tile<16x32xi8>, tile<8x32xi32>
    %r = reshape %d : tile<8x32xi32> -> tile<256xi32>
    %tv = make_tensor_view %o, shape = [256], strides = [1] : tensor_view<256xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(256), tensor_view<256xi32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<256xi32>, partition_view<tile=(256), tensor_view<256xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @long(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<16384xi32>
    %ah = constant <i32: 2654435761> : tile<16384xi32>
    %ax = muli %ai, %ah : tile<16384xi32>
    %as = constant <i32: 28> : tile<16384xi32>
    %ay = shri %ax, %as signed : tile<16384xi32>
    %ag = itof %ay signed : tile<16384xi32> -> tile<16384xf32>
    %av = ftof %ag : tile<16384xf32> -> tile<16384xf16>
    %bi = iota : tile<2048xi32>
    %bh = constant <i32: 2246822519> : tile<2048xi32>
    %bx = muli %bi, %bh : tile<2048xi32>
    %bs = constant <i32: 28> : tile<2048xi32>
    %by = shri %bx, %bs signed : tile<2048xi32>
    %bg = itof %by signed : tile<2048xi32> -> tile<2048xf32>
    %bv = ftof %bg : tile<2048xf32> -> tile<2048xf16>
    %ci = iota : tile<512xi32>
    %ch = constant <i32: 3266489917> : tile<512xi32>
    %cx = muli %ci, %ch : tile<512xi32>
    %cs = constant <i32: 24> : tile<512xi32>
    %cy = shri %cx, %cs signed : tile<512xi32>
    %cg = itof %cy signed : tile<512xi32> -> tile<512xf32>
    %ar = reshape %av : tile<16384xf16> -> tile<64x256xf16>
    %br = reshape %bv : tile<2048xf16> -> tile<256x8xf16>
    %cr = reshape %cg : tile<512xf32> -> tile<64x8xf32>
    %d = mmaf %ar, %br, %cr : tile<64x256xf16>, tile<256x8xf16>, tile<64x8xf32>
    %r = reshape %d : tile<64x8xf32> -> tile<512xf32>
    %tv = make_tensor_view %o, shape = [512], strides = [1] : tensor_view<512xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(512), tensor_view<512xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<512xf32>, partition_view<tile=(512), tensor_view<512xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @big(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<32768xi32>
    %ah = constant <i32: 2654435761> : tile<32768xi32>
    %ax = muli %ai, %ah : tile<32768xi32>
    %as = constant <i32: 28> : tile<32768xi32>
    %ay = shri %ax, %as signed : tile<32768xi32>
    %ag = itof %ay signed : tile<32768xi32> -> tile<32768xf32>
    %av = ftof %ag : tile<32768xf32> -> tile<32768xf16>
    %bi = iota : tile<32768xi32>
    %bh = constant <i32: 2246822519> : tile<32768xi32>
    %bx = muli %bi, %bh : tile<32768xi32>
    %bs = constant <i32: 28> : tile<32768xi32>
    %by = shri %bx, %bs signed : tile<32768xi32>
    %bg = itof %by signed : tile<32768xi32> -> tile<32768xf32>
    %bv = ftof %bg : tile<32768xf32> -> tile<32768xf16>
    %ci = iota : tile<256xi32>
    %ch = constant <i32: 3266489917> : tile<256xi32>
    %cx = muli %ci, %ch : tile<256xi32>
    %cs = constant <i32: 24> : tile<256xi32>
    %cy = shri %cx, %cs signed : tile<256xi32>
    %cg = itof %cy signed : tile<256xi32> -> tile<256xf32>
    %ar = reshape %av : tile<32768xf16> -> tile<16x2048xf16>
    %br = reshape %bv : tile<32768xf16> -> tile<2048x16xf16>
    %cr = reshape %cg : tile<256xf32> -> tile<16x16xf32>
    %d = mmaf %ar, %br, %cr : tile<16x2048xf16>, tile<2048x16xf16>, tile<16x16xf32>
    %r = reshape %d : tile<16x16xf32> -> tile<256xf32>
    %tv = make_tensor_view %o, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<256xf32>, partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
