// mmai on tensor cores (convert-tileas-to-llvm: mma.sync.aligned.m16n8k16
// with s8/u8 multiplicands, each its own signedness, and an s32
// accumulator; fragments padded with zeros outside the tile) computed by
// the SIMT executor, bit for bit against the interpreter: every byte value
// (-128 to 127, 0 to 255) reaches the multiplicands, and the accumulators
// span the whole i32 range so that sums wrap (the interpreter's mmai
// wraps; the SIMT executor takes mma without .satfinite to wrap too).
// (M x K x N) 64x32x64 signed x signed (32 output blocks over 4 warps), a
// batched 2 x 16x32x8 signed x unsigned, 8x4x16 unsigned x signed (K is a
// quarter of one step: mostly padding) and 16x64x32 unsigned x unsigned
// with accumulators over the whole i32 range.
// RUN: tile-diff %s --entry ss --grid 1 --arg zeros:i32:4096 --only-config compiler=simt,sm_80,O0 -v | FileCheck %s
// RUN: tile-diff %s --entry ss --grid 1 --arg zeros:i32:4096 --only-config compiler=simt,sm_100,O3 -v | FileCheck %s
// RUN: tile-diff %s --entry su --grid 1 --arg zeros:i32:256 --only-config compiler=simt,sm_90,O2 -v | FileCheck %s
// RUN: tile-diff %s --entry us --grid 1 --arg zeros:i32:128 --only-config compiler=simt,sm_120,O1 -v | FileCheck %s
// RUN: tile-diff %s --entry uu --grid 1 --arg zeros:i32:512 --only-config compiler=simt,sm_90,O3 -v | FileCheck %s
// CHECK: ok {{.*}}[compiler=simt,{{.*}}] the PTX ran on the SIMT executor
// CHECK: 1 programs checked, 0 findings in 0 buckets
// (On sm_90 the 64x32x64 one takes wgmma: tests/Fuzz/simt-wgmma.mlir.)
// RUN: tilec --emit llvm --gpu-name sm_120 -O2 %s | FileCheck %s --check-prefix=LLVM
// LLVM-DAG: call { i32, i32, i32, i32 } @llvm.nvvm.mma.m16n8k16.row.col.s8(i32 {{.*}}, i32 {{.*}}, i32 {{.*}}, i32 {{.*}}, i32 {{.*}}, i32 {{.*}}, i32 {{.*}}) #[[ATTR:[0-9]+]]
// LLVM-DAG: @llvm.nvvm.mma.m16n8k16.row.col.s8.u8(
// LLVM-DAG: @llvm.nvvm.mma.m16n8k16.row.col.u8.s8(
// LLVM-DAG: @llvm.nvvm.mma.m16n8k16.row.col.u8(
// LLVM-DAG: attributes #[[ATTR]] = { convergent }
// RUN: tilec --emit ptx --gpu-name sm_80 %s | FileCheck %s --check-prefix=PTX
// PTX-DAG: mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32
// PTX-DAG: mma.sync.aligned.m16n8k16.row.col.s32.s8.u8.s32
// PTX-DAG: mma.sync.aligned.m16n8k16.row.col.s32.u8.s8.s32
// PTX-DAG: mma.sync.aligned.m16n8k16.row.col.s32.u8.u8.s32
// A fragments inside the tile (ss, su, uu) load with one ldmatrix of two
// matrices; B's registers hold bytes of one column, which ldmatrix's
// 16-bit transpose cannot gather.
// PTX-DAG: ldmatrix.sync.aligned.m8n8.x2.shared.b16
// RUN: tilec --emit ptx --gpu-name sm_80 %s | FileCheck %s --check-prefix=NOTRANS
// NOTRANS-NOT: ldmatrix{{.*}}.trans
cuda_tile.module @m {
  entry @ss(%o: tile<ptr<i32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<2048xi32>
    %ah = constant <i32: 2654435761> : tile<2048xi32>
    %ax = muli %ai, %ah : tile<2048xi32>
    %as = constant <i32: 3> : tile<2048xi32>
    %ay = shri %ax, %as signed : tile<2048xi32>
    %a8 = trunci %ay : tile<2048xi32> -> tile<2048xi8>
    %bi = iota : tile<2048xi32>
    %bh = constant <i32: 2246822519> : tile<2048xi32>
    %bx = muli %bi, %bh : tile<2048xi32>
    %bs = constant <i32: 5> : tile<2048xi32>
    %by = shri %bx, %bs signed : tile<2048xi32>
    %b8 = trunci %by : tile<2048xi32> -> tile<2048xi8>
    %ci = iota : tile<4096xi32>
    %ch = constant <i32: 3266489917> : tile<4096xi32>
    %cx = muli %ci, %ch : tile<4096xi32>
    %cs = constant <i32: 24> : tile<4096xi32>
    %cy = shri %cx, %cs signed : tile<4096xi32>
    %ar = reshape %a8 : tile<2048xi8> -> tile<64x32xi8>
    %br = reshape %b8 : tile<2048xi8> -> tile<32x64xi8>
    %cr = reshape %cy : tile<4096xi32> -> tile<64x64xi32>
    %d = mmai %ar, %br, %cr signed signed : tile<64x32xi8>, tile<32x64xi8>, tile<64x64xi32>
    %r = reshape %d : tile<64x64xi32> -> tile<4096xi32>
    %tv = make_tensor_view %o, shape = [4096], strides = [1] : tensor_view<4096xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(4096), tensor_view<4096xi32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<4096xi32>, partition_view<tile=(4096), tensor_view<4096xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @su(%o: tile<ptr<i32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<1024xi32>
    %ah = constant <i32: 2654435761> : tile<1024xi32>
    %ax = muli %ai, %ah : tile<1024xi32>
    %as = constant <i32: 3> : tile<1024xi32>
    %ay = shri %ax, %as signed : tile<1024xi32>
    %a8 = trunci %ay : tile<1024xi32> -> tile<1024xi8>
    %bi = iota : tile<512xi32>
    %bh = constant <i32: 2246822519> : tile<512xi32>
    %bx = muli %bi, %bh : tile<512xi32>
    %bs = constant <i32: 5> : tile<512xi32>
    %by = shri %bx, %bs signed : tile<512xi32>
    %b8 = trunci %by : tile<512xi32> -> tile<512xi8>
    %ci = iota : tile<256xi32>
    %ch = constant <i32: 3266489917> : tile<256xi32>
    %cx = muli %ci, %ch : tile<256xi32>
    %cs = constant <i32: 20> : tile<256xi32>
    %cy = shri %cx, %cs signed : tile<256xi32>
    %ar = reshape %a8 : tile<1024xi8> -> tile<2x16x32xi8>
    %br = reshape %b8 : tile<512xi8> -> tile<2x32x8xi8>
    %cr = reshape %cy : tile<256xi32> -> tile<2x16x8xi32>
    %d = mmai %ar, %br, %cr signed unsigned : tile<2x16x32xi8>, tile<2x32x8xi8>, tile<2x16x8xi32>
    %r = reshape %d : tile<2x16x8xi32> -> tile<256xi32>
    %tv = make_tensor_view %o, shape = [256], strides = [1] : tensor_view<256xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(256), tensor_view<256xi32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<256xi32>, partition_view<tile=(256), tensor_view<256xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @us(%o: tile<ptr<i32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<32xi32>
    %ah = constant <i32: 2654435761> : tile<32xi32>
    %ax = muli %ai, %ah : tile<32xi32>
    %as = constant <i32: 3> : tile<32xi32>
    %ay = shri %ax, %as signed : tile<32xi32>
    %a8 = trunci %ay : tile<32xi32> -> tile<32xi8>
    %bi = iota : tile<64xi32>
    %bh = constant <i32: 2246822519> : tile<64xi32>
    %bx = muli %bi, %bh : tile<64xi32>
    %bs = constant <i32: 5> : tile<64xi32>
    %by = shri %bx, %bs signed : tile<64xi32>
    %b8 = trunci %by : tile<64xi32> -> tile<64xi8>
    %ci = iota : tile<128xi32>
    %ch = constant <i32: 3266489917> : tile<128xi32>
    %cx = muli %ci, %ch : tile<128xi32>
    %cs = constant <i32: 21> : tile<128xi32>
    %cy = shri %cx, %cs signed : tile<128xi32>
    %ar = reshape %a8 : tile<32xi8> -> tile<8x4xi8>
    %br = reshape %b8 : tile<64xi8> -> tile<4x16xi8>
    %cr = reshape %cy : tile<128xi32> -> tile<8x16xi32>
    %d = mmai %ar, %br, %cr unsigned signed : tile<8x4xi8>, tile<4x16xi8>, tile<8x16xi32>
    %r = reshape %d : tile<8x16xi32> -> tile<128xi32>
    %tv = make_tensor_view %o, shape = [128], strides = [1] : tensor_view<128xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<128xi32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<128xi32>, partition_view<tile=(128), tensor_view<128xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @uu(%o: tile<ptr<i32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %ai = iota : tile<1024xi32>
    %ah = constant <i32: 2654435761> : tile<1024xi32>
    %ax = muli %ai, %ah : tile<1024xi32>
    %as = constant <i32: 3> : tile<1024xi32>
    %ay = shri %ax, %as signed : tile<1024xi32>
    %a8 = trunci %ay : tile<1024xi32> -> tile<1024xi8>
    %bi = iota : tile<2048xi32>
    %bh = constant <i32: 2246822519> : tile<2048xi32>
    %bx = muli %bi, %bh : tile<2048xi32>
    %bs = constant <i32: 5> : tile<2048xi32>
    %by = shri %bx, %bs signed : tile<2048xi32>
    %b8 = trunci %by : tile<2048xi32> -> tile<2048xi8>
    %ci = iota : tile<512xi32>
    %ch = constant <i32: 3266489917> : tile<512xi32>
    %cx = muli %ci, %ch : tile<512xi32>
    %ar = reshape %a8 : tile<1024xi8> -> tile<16x64xi8>
    %br = reshape %b8 : tile<2048xi8> -> tile<64x32xi8>
    %cr = reshape %cx : tile<512xi32> -> tile<16x32xi32>
    %d = mmai %ar, %br, %cr unsigned unsigned : tile<16x64xi8>, tile<64x32xi8>, tile<16x32xi32>
    %r = reshape %d : tile<16x32xi32> -> tile<512xi32>
    %tv = make_tensor_view %o, shape = [512], strides = [1] : tensor_view<512xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(512), tensor_view<512xi32, strides=[1]>>
    %t = store_view_tko weak %r, %pv[%zero] : tile<512xi32>, partition_view<tile=(512), tensor_view<512xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
