// dot on tensor cores (convert-tileas-to-llvm: mma.sync.aligned.m16n8k16
// with f16 or bf16 inputs and an f32 accumulator, and the shapes below;
// fragments padded with
// zeros outside the tile, warp w computing output blocks w, w + warps, ...)
// computed by the SIMT executor. The inputs are small integers, so every
// sum is exact and the result must equal the interpreter's bit for bit
// (--bit-exact: a fragment element in the wrong place cannot hide in the
// mma tolerance): a 64x32x64 f16 GEMM (32 blocks over 4 warps), a batched
// 2x16x16x8 bf16 one, and an 8x4x16 one (generator-sized, mostly padding).
// RUN: tile-diff %s --entry f16 --grid 1 --arg zeros:f32:4096 --only-config compiler=simt,sm_80,O0 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry f16 --grid 1 --arg zeros:f32:4096 --only-config compiler=simt,sm_100,O3 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry bf16 --grid 1 --arg zeros:f32:256 --only-config compiler=simt,sm_90,O2 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry small --grid 1 --arg zeros:f32:128 --only-config compiler=simt,sm_120,O1 --bit-exact -v | FileCheck %s
// The other shapes, exact the same way: tf32 x tf32 into f32 (m16n8k8:
// 32x16x32, two K steps), f16 x f16 into f16 accumulators (m16n8k16, two
// accumulators to a register: 16x32x16), f64 (m8n8k4: 16x8x16, a batched
// 2 x 8x4x16 and a 4x2x8 that is mostly padding).
// RUN: tile-diff %s --entry tf32 --grid 1 --arg zeros:f32:1024 --only-config compiler=simt,sm_80,O0 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry tf32 --grid 1 --arg zeros:f32:1024 --only-config compiler=simt,sm_100,O3 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry f16acc --grid 1 --arg zeros:f16:256 --only-config compiler=simt,sm_90,O2 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry f64 --grid 1 --arg zeros:f64:256 --only-config compiler=simt,sm_80,O1 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry f64b --grid 1 --arg zeros:f64:256 --only-config compiler=simt,sm_120,O3 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry f64s --grid 1 --arg zeros:f64:32 --only-config compiler=simt,sm_90,O3 --bit-exact -v | FileCheck %s
// f8 x f8 into f32 (m16n8k16 with e4m3/e5m2 multiplicands, four bytes to
// a register as for s8; sm_89 and later, PTX 8.7): 32x32x16 e4m3 and a
// batched 2 x 16x16x8 e5m2, on sm_90, sm_100 and sm_120; on sm_80 the
// same dots take the FMA loop.
// RUN: tile-diff %s --entry e4m3 --grid 1 --arg zeros:f32:512 --only-config compiler=simt,sm_90,O3 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry e4m3 --grid 1 --arg zeros:f32:512 --only-config compiler=simt,sm_100,O0 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry e5m2 --grid 1 --arg zeros:f32:256 --only-config compiler=simt,sm_120,O2 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry e5m2 --grid 1 --arg zeros:f32:256 --only-config compiler=simt,sm_80,O1 --bit-exact -v | FileCheck %s
// Subnormal multiplicands (e4m3 k * 2^-9, e5m2 k * 2^-16, k < 8 and < 4:
// every one below the formats' smallest normal) times ones.
// RUN: tile-diff %s --entry f8sub --grid 1 --arg zeros:f32:192 --only-config compiler=simt,sm_90,O2 --bit-exact -v | FileCheck %s
// f8 x f8 into f16 accumulators (m16n8k16 .f16.e4m3.e4m3.f16 and
// .f16.e5m2.e5m2.f16, PTX 8.7, sm_89 and later; two accumulators to a
// register): an e4m3 32x32x16 (A through ldmatrix) and a ragged e5m2
// 8x16x8, sums below 2048 so that every f16 sum is exact.
// RUN: tile-diff %s --entry f8h --grid 1 --arg zeros:f16:640 --only-config compiler=simt,sm_90,O3 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry f8h --grid 1 --arg zeros:f16:640 --only-config compiler=simt,sm_100,O0 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry f8h --grid 1 --arg zeros:f16:640 --only-config compiler=simt,sm_120,O2 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry f8h --grid 1 --arg zeros:f16:640 --only-config compiler=simt,sm_80,O1 --bit-exact -v | FileCheck %s
// CHECK: ok {{.*}}[compiler=simt,{{.*}}] the PTX ran on the SIMT executor
// CHECK: 1 programs checked, 0 findings in 0 buckets
// Regression (session 21, found by the default matrix's new sm_90 -O2 simt
// configurations): a 1x1x1 mmaf, whose one result element lane 0 stores
// under a lane-dependent branch. LLVM declares the mma intrinsics without
// `convergent` and sank the mma.sync into that branch, so that not every
// lane issued it (undefined); the call is now convergent.
// RUN: tile-diff %s --entry one --grid 1 --arg zeros:f32:1 --only-config compiler=simt,sm_90,O2 --bit-exact -v | FileCheck %s
// RUN: tile-diff %s --entry one --grid 1 --arg zeros:f32:1 --only-config compiler=simt,sm_100,O3 --bit-exact -v | FileCheck %s
// (On sm_90 every one of these dots takes wgmma since session 29: the
// sm_90 runs here check that path, tests/Fuzz/simt-wgmma.mlir the rest.)
// RUN: tilec --emit llvm --gpu-name sm_120 -O2 %s | FileCheck %s --check-prefix=CONVERGENT
// CONVERGENT: call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f32({{.*}}) #[[ATTR:[0-9]+]]
// CONVERGENT: attributes #[[ATTR]] = { convergent }
// RUN: tilec --emit ptx --gpu-name sm_80 %s | FileCheck %s --check-prefix=PTX
// PTX-DAG: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-DAG: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX-DAG: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTX-DAG: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
// PTX-DAG: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// Where no fragment reaches outside the tile, ldmatrix loads A (f16, bf16,
// tf32: four matrices) and B (f16, bf16: two, transposed); the bit-exact
// runs above check the registers it fills (f16, bf16, tf32, f16acc; small
// and the f64 dots keep the scalar loads).
// PTX-DAG: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX-DAG: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// RUN: tilec --emit ptx --gpu-name sm_80 %s | FileCheck %s --check-prefix=SM80
// SM80-NOT: mma.sync{{.*}}.e4m3.
// SM80-NOT: mma.sync{{.*}}.e5m2.
// RUN: tilec --emit ptx --gpu-name sm_120 %s | FileCheck %s --check-prefix=F8
// F8: .version 8.7
// F8-DAG: mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32
// F8-DAG: mma.sync.aligned.m16n8k16.row.col.f32.e5m2.e5m2.f32
// F8-DAG: ldmatrix.sync.aligned.m8n8.x2.shared.b16
// F8-DAG: mma.sync.aligned.m16n8k16.row.col.f16.e4m3.e4m3.f16
// F8-DAG: mma.sync.aligned.m16n8k16.row.col.f16.e5m2.e5m2.f16
cuda_tile.module @m {
  entry @f16(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<2048xi32>
    %ah = constant <i32: 2654435761> : tile<2048xi32>
    %ax = muli %ai, %ah : tile<2048xi32>
    %as = constant <i32: 27> : tile<2048xi32>
    %ay = shri %ax, %as signed : tile<2048xi32>
    %af = itof %ay signed : tile<2048xi32> -> tile<2048xf32>
    %a = ftof %af : tile<2048xf32> -> tile<2048xf16>
    %bi = iota : tile<2048xi32>
    %bh = constant <i32: 2654435761> : tile<2048xi32>
    %bx = muli %bi, %bh : tile<2048xi32>
    %bs = constant <i32: 28> : tile<2048xi32>
    %by = shri %bx, %bs signed : tile<2048xi32>
    %bf = itof %by signed : tile<2048xi32> -> tile<2048xf32>
    %b = ftof %bf : tile<2048xf32> -> tile<2048xf16>
    %ci = iota : tile<4096xi32>
    %ch = constant <i32: 2654435761> : tile<4096xi32>
    %cx = muli %ci, %ch : tile<4096xi32>
    %cs = constant <i32: 24> : tile<4096xi32>
    %cy = shri %cx, %cs signed : tile<4096xi32>
    %cf = itof %cy signed : tile<4096xi32> -> tile<4096xf32>
    %ar = reshape %a : tile<2048xf16> -> tile<64x32xf16>
    %br = reshape %b : tile<2048xf16> -> tile<32x64xf16>
    %cr = reshape %cf : tile<4096xf32> -> tile<64x64xf32>
    %d = mmaf %ar, %br, %cr : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
    %r = reshape %d : tile<64x64xf32> -> tile<4096xf32>
    %tv = make_tensor_view %o, shape = [4096], strides = [1] : tensor_view<4096xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(4096), tensor_view<4096xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<4096xf32>, partition_view<tile=(4096), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @bf16(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<512xi32>
    %ah = constant <i32: 2654435761> : tile<512xi32>
    %ax = muli %ai, %ah : tile<512xi32>
    %as = constant <i32: 28> : tile<512xi32>
    %ay = shri %ax, %as signed : tile<512xi32>
    %af = itof %ay signed : tile<512xi32> -> tile<512xf32>
    %a = ftof %af : tile<512xf32> -> tile<512xbf16>
    %bi = iota : tile<256xi32>
    %bh = constant <i32: 2654435761> : tile<256xi32>
    %bx = muli %bi, %bh : tile<256xi32>
    %bs = constant <i32: 27> : tile<256xi32>
    %by = shri %bx, %bs signed : tile<256xi32>
    %bf = itof %by signed : tile<256xi32> -> tile<256xf32>
    %b = ftof %bf : tile<256xf32> -> tile<256xbf16>
    %ci = iota : tile<256xi32>
    %ch = constant <i32: 2654435761> : tile<256xi32>
    %cx = muli %ci, %ch : tile<256xi32>
    %cs = constant <i32: 25> : tile<256xi32>
    %cy = shri %cx, %cs signed : tile<256xi32>
    %cf = itof %cy signed : tile<256xi32> -> tile<256xf32>
    %ar = reshape %a : tile<512xbf16> -> tile<2x16x16xbf16>
    %br = reshape %b : tile<256xbf16> -> tile<2x16x8xbf16>
    %cr = reshape %cf : tile<256xf32> -> tile<2x16x8xf32>
    %d = mmaf %ar, %br, %cr : tile<2x16x16xbf16>, tile<2x16x8xbf16>, tile<2x16x8xf32>
    %r = reshape %d : tile<2x16x8xf32> -> tile<256xf32>
    %tv = make_tensor_view %o, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<256xf32>, partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @small(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<32xi32>
    %ah = constant <i32: 2654435761> : tile<32xi32>
    %ax = muli %ai, %ah : tile<32xi32>
    %as = constant <i32: 26> : tile<32xi32>
    %ay = shri %ax, %as signed : tile<32xi32>
    %af = itof %ay signed : tile<32xi32> -> tile<32xf32>
    %a = ftof %af : tile<32xf32> -> tile<32xf16>
    %bi = iota : tile<64xi32>
    %bh = constant <i32: 2654435761> : tile<64xi32>
    %bx = muli %bi, %bh : tile<64xi32>
    %bs = constant <i32: 29> : tile<64xi32>
    %by = shri %bx, %bs signed : tile<64xi32>
    %bf = itof %by signed : tile<64xi32> -> tile<64xf32>
    %b = ftof %bf : tile<64xf32> -> tile<64xf16>
    %ci = iota : tile<128xi32>
    %ch = constant <i32: 2654435761> : tile<128xi32>
    %cx = muli %ci, %ch : tile<128xi32>
    %cs = constant <i32: 26> : tile<128xi32>
    %cy = shri %cx, %cs signed : tile<128xi32>
    %cf = itof %cy signed : tile<128xi32> -> tile<128xf32>
    %ar = reshape %a : tile<32xf16> -> tile<8x4xf16>
    %br = reshape %b : tile<64xf16> -> tile<4x16xf16>
    %cr = reshape %cf : tile<128xf32> -> tile<8x16xf32>
    %d = mmaf %ar, %br, %cr : tile<8x4xf16>, tile<4x16xf16>, tile<8x16xf32>
    %r = reshape %d : tile<8x16xf32> -> tile<128xf32>
    %tv = make_tensor_view %o, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @one(%o: tile<ptr<f32>>) {
    %c = constant <f32: 0.000000e+00> : tile<1x1xf32>
    %a = constant <f16: 2.000000e+00> : tile<1x1xf16>
    %d = mmaf %a, %a, %c : tile<1x1xf16>, tile<1x1xf16>, tile<1x1xf32>
    %p = reshape %o : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %t = store_ptr_tko relaxed tl_blk %p, %d : tile<1x1xptr<f32>>, tile<1x1xf32> -> token
    return
  }
  entry @tf32(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<512xi32>
    %ah = constant <i32: 2654435761> : tile<512xi32>
    %ax = muli %ai, %ah : tile<512xi32>
    %as = constant <i32: 27> : tile<512xi32>
    %ay = shri %ax, %as signed : tile<512xi32>
    %ag = itof %ay signed : tile<512xi32> -> tile<512xf32>
    %af = ftof %ag : tile<512xf32> -> tile<512xtf32>
    %bi = iota : tile<512xi32>
    %bh = constant <i32: 2246822519> : tile<512xi32>
    %bx = muli %bi, %bh : tile<512xi32>
    %bs = constant <i32: 28> : tile<512xi32>
    %by = shri %bx, %bs signed : tile<512xi32>
    %bg = itof %by signed : tile<512xi32> -> tile<512xf32>
    %bf = ftof %bg : tile<512xf32> -> tile<512xtf32>
    %ci = iota : tile<1024xi32>
    %ch = constant <i32: 3266489917> : tile<1024xi32>
    %cx = muli %ci, %ch : tile<1024xi32>
    %cs = constant <i32: 24> : tile<1024xi32>
    %cy = shri %cx, %cs signed : tile<1024xi32>
    %cg = itof %cy signed : tile<1024xi32> -> tile<1024xf32>
    %cf = addf %cg, %cg rounding<nearest_even> : tile<1024xf32>
    %ar = reshape %af : tile<512xtf32> -> tile<32x16xtf32>
    %br = reshape %bf : tile<512xtf32> -> tile<16x32xtf32>
    %cr = reshape %cf : tile<1024xf32> -> tile<32x32xf32>
    %d = mmaf %ar, %br, %cr : tile<32x16xtf32>, tile<16x32xtf32>, tile<32x32xf32>
    %r = reshape %d : tile<32x32xf32> -> tile<1024xf32>
    %tv = make_tensor_view %o, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @f16acc(%o: tile<ptr<f16>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<512xi32>
    %ah = constant <i32: 2654435761> : tile<512xi32>
    %ax = muli %ai, %ah : tile<512xi32>
    %as = constant <i32: 28> : tile<512xi32>
    %ay = shri %ax, %as signed : tile<512xi32>
    %ag = itof %ay signed : tile<512xi32> -> tile<512xf32>
    %af = ftof %ag : tile<512xf32> -> tile<512xf16>
    %bi = iota : tile<512xi32>
    %bh = constant <i32: 2246822519> : tile<512xi32>
    %bx = muli %bi, %bh : tile<512xi32>
    %bs = constant <i32: 29> : tile<512xi32>
    %by = shri %bx, %bs signed : tile<512xi32>
    %bg = itof %by signed : tile<512xi32> -> tile<512xf32>
    %bf = ftof %bg : tile<512xf32> -> tile<512xf16>
    %ci = iota : tile<256xi32>
    %ch = constant <i32: 3266489917> : tile<256xi32>
    %cx = muli %ci, %ch : tile<256xi32>
    %cs = constant <i32: 27> : tile<256xi32>
    %cy = shri %cx, %cs signed : tile<256xi32>
    %cg = itof %cy signed : tile<256xi32> -> tile<256xf32>
    %cf = ftof %cg : tile<256xf32> -> tile<256xf16>
    %ar = reshape %af : tile<512xf16> -> tile<16x32xf16>
    %br = reshape %bf : tile<512xf16> -> tile<32x16xf16>
    %cr = reshape %cf : tile<256xf16> -> tile<16x16xf16>
    %d = mmaf %ar, %br, %cr : tile<16x32xf16>, tile<32x16xf16>, tile<16x16xf16>
    %r = reshape %d : tile<16x16xf16> -> tile<256xf16>
    %tv = make_tensor_view %o, shape = [256], strides = [1] : tensor_view<256xf16, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(256), tensor_view<256xf16, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<256xf16>, partition_view<tile=(256), tensor_view<256xf16, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @f64(%o: tile<ptr<f64>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<128xi32>
    %ah = constant <i32: 2654435761> : tile<128xi32>
    %ax = muli %ai, %ah : tile<128xi32>
    %as = constant <i32: 26> : tile<128xi32>
    %ay = shri %ax, %as signed : tile<128xi32>
    %af = itof %ay signed : tile<128xi32> -> tile<128xf64>
    %bi = iota : tile<128xi32>
    %bh = constant <i32: 2246822519> : tile<128xi32>
    %bx = muli %bi, %bh : tile<128xi32>
    %bs = constant <i32: 27> : tile<128xi32>
    %by = shri %bx, %bs signed : tile<128xi32>
    %bf = itof %by signed : tile<128xi32> -> tile<128xf64>
    %ci = iota : tile<256xi32>
    %ch = constant <i32: 3266489917> : tile<256xi32>
    %cx = muli %ci, %ch : tile<256xi32>
    %cs = constant <i32: 22> : tile<256xi32>
    %cy = shri %cx, %cs signed : tile<256xi32>
    %cf = itof %cy signed : tile<256xi32> -> tile<256xf64>
    %ar = reshape %af : tile<128xf64> -> tile<16x8xf64>
    %br = reshape %bf : tile<128xf64> -> tile<8x16xf64>
    %cr = reshape %cf : tile<256xf64> -> tile<16x16xf64>
    %d = mmaf %ar, %br, %cr : tile<16x8xf64>, tile<8x16xf64>, tile<16x16xf64>
    %r = reshape %d : tile<16x16xf64> -> tile<256xf64>
    %tv = make_tensor_view %o, shape = [256], strides = [1] : tensor_view<256xf64, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(256), tensor_view<256xf64, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<256xf64>, partition_view<tile=(256), tensor_view<256xf64, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @f64b(%o: tile<ptr<f64>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<64xi32>
    %ah = constant <i32: 2654435761> : tile<64xi32>
    %ax = muli %ai, %ah : tile<64xi32>
    %as = constant <i32: 27> : tile<64xi32>
    %ay = shri %ax, %as signed : tile<64xi32>
    %af = itof %ay signed : tile<64xi32> -> tile<64xf64>
    %bi = iota : tile<128xi32>
    %bh = constant <i32: 2246822519> : tile<128xi32>
    %bx = muli %bi, %bh : tile<128xi32>
    %bs = constant <i32: 28> : tile<128xi32>
    %by = shri %bx, %bs signed : tile<128xi32>
    %bf = itof %by signed : tile<128xi32> -> tile<128xf64>
    %ci = iota : tile<256xi32>
    %ch = constant <i32: 3266489917> : tile<256xi32>
    %cx = muli %ci, %ch : tile<256xi32>
    %cs = constant <i32: 24> : tile<256xi32>
    %cy = shri %cx, %cs signed : tile<256xi32>
    %cf = itof %cy signed : tile<256xi32> -> tile<256xf64>
    %ar = reshape %af : tile<64xf64> -> tile<2x8x4xf64>
    %br = reshape %bf : tile<128xf64> -> tile<2x4x16xf64>
    %cr = reshape %cf : tile<256xf64> -> tile<2x8x16xf64>
    %d = mmaf %ar, %br, %cr : tile<2x8x4xf64>, tile<2x4x16xf64>, tile<2x8x16xf64>
    %r = reshape %d : tile<2x8x16xf64> -> tile<256xf64>
    %tv = make_tensor_view %o, shape = [256], strides = [1] : tensor_view<256xf64, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(256), tensor_view<256xf64, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<256xf64>, partition_view<tile=(256), tensor_view<256xf64, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @f64s(%o: tile<ptr<f64>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<8xi32>
    %ah = constant <i32: 2654435761> : tile<8xi32>
    %ax = muli %ai, %ah : tile<8xi32>
    %as = constant <i32: 27> : tile<8xi32>
    %ay = shri %ax, %as signed : tile<8xi32>
    %af = itof %ay signed : tile<8xi32> -> tile<8xf64>
    %bi = iota : tile<16xi32>
    %bh = constant <i32: 2246822519> : tile<16xi32>
    %bx = muli %bi, %bh : tile<16xi32>
    %bs = constant <i32: 28> : tile<16xi32>
    %by = shri %bx, %bs signed : tile<16xi32>
    %bf = itof %by signed : tile<16xi32> -> tile<16xf64>
    %ci = iota : tile<32xi32>
    %ch = constant <i32: 3266489917> : tile<32xi32>
    %cx = muli %ci, %ch : tile<32xi32>
    %cs = constant <i32: 24> : tile<32xi32>
    %cy = shri %cx, %cs signed : tile<32xi32>
    %cf = itof %cy signed : tile<32xi32> -> tile<32xf64>
    %ar = reshape %af : tile<8xf64> -> tile<4x2xf64>
    %br = reshape %bf : tile<16xf64> -> tile<2x8xf64>
    %cr = reshape %cf : tile<32xf64> -> tile<4x8xf64>
    %d = mmaf %ar, %br, %cr : tile<4x2xf64>, tile<2x8xf64>, tile<4x8xf64>
    %r = reshape %d : tile<4x8xf64> -> tile<32xf64>
    %tv = make_tensor_view %o, shape = [32], strides = [1] : tensor_view<32xf64, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(32), tensor_view<32xf64, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<32xf64>, partition_view<tile=(32), tensor_view<32xf64, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @e4m3(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<1024xi32>
    %ah = constant <i32: 2654435761> : tile<1024xi32>
    %ax = muli %ai, %ah : tile<1024xi32>
    %as = constant <i32: 28> : tile<1024xi32>
    %ay = shri %ax, %as signed : tile<1024xi32>
    %ag = itof %ay signed : tile<1024xi32> -> tile<1024xf32>
    %af = ftof %ag : tile<1024xf32> -> tile<1024xf8E4M3FN>
    %bi = iota : tile<512xi32>
    %bh = constant <i32: 2246822519> : tile<512xi32>
    %bx = muli %bi, %bh : tile<512xi32>
    %bs = constant <i32: 28> : tile<512xi32>
    %by = shri %bx, %bs signed : tile<512xi32>
    %bg = itof %by signed : tile<512xi32> -> tile<512xf32>
    %bf = ftof %bg : tile<512xf32> -> tile<512xf8E4M3FN>
    %ci = iota : tile<512xi32>
    %ch = constant <i32: 3266489917> : tile<512xi32>
    %cx = muli %ci, %ch : tile<512xi32>
    %cs = constant <i32: 24> : tile<512xi32>
    %cy = shri %cx, %cs signed : tile<512xi32>
    %cg = itof %cy signed : tile<512xi32> -> tile<512xf32>
    %cf = addf %cg, %cg rounding<nearest_even> : tile<512xf32>
    %ar = reshape %af : tile<1024xf8E4M3FN> -> tile<32x32xf8E4M3FN>
    %br = reshape %bf : tile<512xf8E4M3FN> -> tile<32x16xf8E4M3FN>
    %cr = reshape %cf : tile<512xf32> -> tile<32x16xf32>
    %d = mmaf %ar, %br, %cr : tile<32x32xf8E4M3FN>, tile<32x16xf8E4M3FN>, tile<32x16xf32>
    %r = reshape %d : tile<32x16xf32> -> tile<512xf32>
    %tv = make_tensor_view %o, shape = [512], strides = [1] : tensor_view<512xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(512), tensor_view<512xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<512xf32>, partition_view<tile=(512), tensor_view<512xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @e5m2(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<512xi32>
    %ah = constant <i32: 2654435761> : tile<512xi32>
    %ax = muli %ai, %ah : tile<512xi32>
    %as = constant <i32: 28> : tile<512xi32>
    %ay = shri %ax, %as signed : tile<512xi32>
    %ag = itof %ay signed : tile<512xi32> -> tile<512xf32>
    %af = ftof %ag : tile<512xf32> -> tile<512xf8E5M2>
    %bi = iota : tile<256xi32>
    %bh = constant <i32: 2246822519> : tile<256xi32>
    %bx = muli %bi, %bh : tile<256xi32>
    %bs = constant <i32: 28> : tile<256xi32>
    %by = shri %bx, %bs signed : tile<256xi32>
    %bg = itof %by signed : tile<256xi32> -> tile<256xf32>
    %bf = ftof %bg : tile<256xf32> -> tile<256xf8E5M2>
    %ci = iota : tile<256xi32>
    %ch = constant <i32: 3266489917> : tile<256xi32>
    %cx = muli %ci, %ch : tile<256xi32>
    %cs = constant <i32: 24> : tile<256xi32>
    %cy = shri %cx, %cs signed : tile<256xi32>
    %cg = itof %cy signed : tile<256xi32> -> tile<256xf32>
    %cf = addf %cg, %cg rounding<nearest_even> : tile<256xf32>
    %ar = reshape %af : tile<512xf8E5M2> -> tile<2x16x16xf8E5M2>
    %br = reshape %bf : tile<256xf8E5M2> -> tile<2x16x8xf8E5M2>
    %cr = reshape %cf : tile<256xf32> -> tile<2x16x8xf32>
    %d = mmaf %ar, %br, %cr : tile<2x16x16xf8E5M2>, tile<2x16x8xf8E5M2>, tile<2x16x8xf32>
    %r = reshape %d : tile<2x16x8xf32> -> tile<256xf32>
    %tv = make_tensor_view %o, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<256xf32>, partition_view<tile=(256), tensor_view<256xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @f8sub(%o: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<256xi32>
    %am = constant <i32: 7> : tile<256xi32>
    %ak = andi %ai, %am : tile<256xi32>
    %af = itof %ak signed : tile<256xi32> -> tile<256xf32>
    %as = constant <f32: 0.001953125> : tile<256xf32>
    %ax = mulf %af, %as rounding<nearest_even> : tile<256xf32>
    %a = ftof %ax : tile<256xf32> -> tile<256xf8E4M3FN>
    %bi = iota : tile<128xi32>
    %bm = constant <i32: 3> : tile<128xi32>
    %bk = andi %bi, %bm : tile<128xi32>
    %bf = itof %bk signed : tile<128xi32> -> tile<128xf32>
    %bs = constant <f32: 0.0000152587890625> : tile<128xf32>
    %bx = mulf %bf, %bs rounding<nearest_even> : tile<128xf32>
    %b = ftof %bx : tile<128xf32> -> tile<128xf8E5M2>
    %one = constant <f32: 1.0> : tile<128xf32>
    %ones = ftof %one : tile<128xf32> -> tile<128xf8E4M3FN>
    %ar = reshape %a : tile<256xf8E4M3FN> -> tile<16x16xf8E4M3FN>
    %br = reshape %ones : tile<128xf8E4M3FN> -> tile<16x8xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<16x8xf32>
    %d = mmaf %ar, %br, %c : tile<16x16xf8E4M3FN>, tile<16x8xf8E4M3FN>, tile<16x8xf32>
    %ones2 = ftof %one : tile<128xf32> -> tile<128xf8E5M2>
    %o2 = reshape %ones2 : tile<128xf8E5M2> -> tile<8x16xf8E5M2>
    %b2 = reshape %b : tile<128xf8E5M2> -> tile<16x8xf8E5M2>
    %c2 = constant <f32: 0.0> : tile<8x8xf32>
    %e = mmaf %o2, %b2, %c2 : tile<8x16xf8E5M2>, tile<16x8xf8E5M2>, tile<8x8xf32>
    %er = reshape %e : tile<8x8xf32> -> tile<64xf32>
    %dr = reshape %d : tile<16x8xf32> -> tile<128xf32>
    %tv = make_tensor_view %o, shape = [192], strides = [1] : tensor_view<192xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<192xf32, strides=[1]>>
    %pe = make_partition_view %tv : partition_view<tile=(64), tensor_view<192xf32, strides=[1]>>
    %t = store_view_tko weak %dr, %pv[%zero] : tile<128xf32>, partition_view<tile=(128), tensor_view<192xf32, strides=[1]>>, tile<i32> -> token
    %two = constant <i32: 2> : tile<i32>
    %t2 = store_view_tko weak %er, %pe[%two] : tile<64xf32>, partition_view<tile=(64), tensor_view<192xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @f8h(%o: tile<ptr<f16>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<1024xi32>
    %ah = constant <i32: 2654435761> : tile<1024xi32>
    %ax = muli %ai, %ah : tile<1024xi32>
    %as = constant <i32: 29> : tile<1024xi32>
    %ay = shri %ax, %as signed : tile<1024xi32>
    %ag = itof %ay signed : tile<1024xi32> -> tile<1024xf32>
    %af = ftof %ag : tile<1024xf32> -> tile<1024xf8E4M3FN>
    %bi = iota : tile<512xi32>
    %bh = constant <i32: 2246822519> : tile<512xi32>
    %bx = muli %bi, %bh : tile<512xi32>
    %bs = constant <i32: 29> : tile<512xi32>
    %by = shri %bx, %bs signed : tile<512xi32>
    %bg = itof %by signed : tile<512xi32> -> tile<512xf32>
    %bf = ftof %bg : tile<512xf32> -> tile<512xf8E4M3FN>
    %ci = iota : tile<512xi32>
    %ch = constant <i32: 3266489917> : tile<512xi32>
    %cx = muli %ci, %ch : tile<512xi32>
    %cs = constant <i32: 26> : tile<512xi32>
    %cy = shri %cx, %cs signed : tile<512xi32>
    %cg = itof %cy signed : tile<512xi32> -> tile<512xf32>
    %cf = ftof %cg : tile<512xf32> -> tile<512xf16>
    %ar = reshape %af : tile<1024xf8E4M3FN> -> tile<32x32xf8E4M3FN>
    %br = reshape %bf : tile<512xf8E4M3FN> -> tile<32x16xf8E4M3FN>
    %cr = reshape %cf : tile<512xf16> -> tile<32x16xf16>
    %d = mmaf %ar, %br, %cr : tile<32x32xf8E4M3FN>, tile<32x16xf8E4M3FN>, tile<32x16xf16>
    %dr = reshape %d : tile<32x16xf16> -> tile<512xf16>
    %ei = iota : tile<128xi32>
    %eh = constant <i32: 2654435761> : tile<128xi32>
    %ex = muli %ei, %eh : tile<128xi32>
    %es = constant <i32: 29> : tile<128xi32>
    %ey = shri %ex, %es signed : tile<128xi32>
    %eg = itof %ey signed : tile<128xi32> -> tile<128xf32>
    %ef = ftof %eg : tile<128xf32> -> tile<128xf8E5M2>
    %ea = reshape %ef : tile<128xf8E5M2> -> tile<8x16xf8E5M2>
    %eb = reshape %ef : tile<128xf8E5M2> -> tile<16x8xf8E5M2>
    %ec = constant <f16: 1.0> : tile<8x8xf16>
    %e = mmaf %ea, %eb, %ec : tile<8x16xf8E5M2>, tile<16x8xf8E5M2>, tile<8x8xf16>
    %er = reshape %e : tile<8x8xf16> -> tile<64xf16>
    %tv = make_tensor_view %o, shape = [640], strides = [1] : tensor_view<640xf16, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(512), tensor_view<640xf16, strides=[1]>>
    %pe = make_partition_view %tv : partition_view<tile=(64), tensor_view<640xf16, strides=[1]>>
    %t = store_view_tko weak %dr, %pv[%zero] : tile<512xf16>, partition_view<tile=(512), tensor_view<640xf16, strides=[1]>>, tile<i32> -> token
    %eight = constant <i32: 8> : tile<i32>
    %t2 = store_view_tko weak %er, %pe[%eight] : tile<64xf16>, partition_view<tile=(64), tensor_view<640xf16, strides=[1]>>, tile<i32> -> token
    return
  }
}
