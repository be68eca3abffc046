// pack and unpack in the LLVM backend (convert-tileas-to-llvm: the source's
// elements written to the scratch buffer as they are held in memory, each
// result element read back from its own bytes) computed by the SIMT
// executor must equal the interpreter bit for bit: f32, f16, i64 and i16
// tiles to bytes (the f32 bytes rotated by half the tile) and back to f32,
// bf16, i32 and f32 (each result element mixing two source elements).
// RUN: tile-diff %s --grid 1 --arg zeros:f32:64 --arg zeros:bf16:64 --arg zeros:i32:32 --arg zeros:f32:64 --only-config compiler=simt,sm_80,O0 -v | FileCheck %s
// RUN: tile-diff %s --grid 1 --arg zeros:f32:64 --arg zeros:bf16:64 --arg zeros:i32:32 --arg zeros:f32:64 --only-config compiler=simt,sm_100,O3 -v | FileCheck %s
// CHECK: ok {{.*}}[compiler=simt,{{.*}}] the PTX ran on the SIMT executor
// CHECK: 1 programs checked, 0 findings in 0 buckets
// RUN: tilec-opt %s --pass-pipeline="builtin.module(convert-cuda-tile-to-tileaa,convert-tileaa-to-tileas)" | FileCheck %s --check-prefix=AS
// AS: nv_tileas.pack
// AS: nv_tileas.unpack
cuda_tile.module @m {
  entry @k(%o0: tile<ptr<f32>>, %o1: tile<ptr<bf16>>, %o2: tile<ptr<i32>>, %o3: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %i = iota : tile<256xi32>
    %c3 = constant <i32: 2654435761> : tile<256xi32>
    %h = muli %i, %c3 : tile<256xi32>
    %b = trunci %h : tile<256xi32> -> tile<256xi8>
    // f32 -> bytes -> rotate -> f32
    %x = bitcast %h : tile<256xi32> -> tile<256xf32>
    %xs = extract %x[%zero] : tile<256xf32> -> tile<64xf32>
    %p0 = pack %xs : tile<64xf32> -> tile<256xi8>
    %r0a = extract %p0[%zero] : tile<256xi8> -> tile<128xi8>
    %one = constant <i32: 1> : tile<i32>
    %r0b = extract %p0[%one] : tile<256xi8> -> tile<128xi8>
    %r0 = cat %r0b, %r0a dim = 0 : tile<128xi8>, tile<128xi8> -> tile<256xi8>
    %v0 = unpack %r0 : tile<256xi8> -> tile<64xf32>
    // f16 -> bytes -> bf16
    %hs = trunci %h : tile<256xi32> -> tile<256xi16>
    %hf = bitcast %hs : tile<256xi16> -> tile<256xf16>
    %hx = extract %hf[%zero] : tile<256xf16> -> tile<64xf16>
    %p1 = pack %hx : tile<64xf16> -> tile<128xi8>
    %v1 = unpack %p1 : tile<128xi8> -> tile<64xbf16>
    // i64 -> bytes -> i32
    %w = exti %h unsigned : tile<256xi32> -> tile<256xi64>
    %ws = extract %w[%zero] : tile<256xi64> -> tile<16xi64>
    %p2 = pack %ws : tile<16xi64> -> tile<128xi8>
    %q2 = extract %p2[%zero] : tile<128xi8> -> tile<128xi8>
    %v2a = unpack %q2 : tile<128xi8> -> tile<32xi32>
    %v2 = addi %v2a, %v2a : tile<32xi32>
    // i16 -> bytes -> f32
    %i16 = extract %hs[%one] : tile<256xi16> -> tile<128xi16>
    %p3 = pack %i16 : tile<128xi16> -> tile<256xi8>
    %v3 = unpack %p3 : tile<256xi8> -> tile<64xf32>
    %tv0 = make_tensor_view %o0, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %pv0 = make_partition_view %tv0 : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %t0 = store_view_tko weak %v0, %pv0[%zero] : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    %tv1 = make_tensor_view %o1, shape = [64], strides = [1] : tensor_view<64xbf16, strides=[1]>
    %pv1 = make_partition_view %tv1 : partition_view<tile=(64), tensor_view<64xbf16, strides=[1]>>
    %t1 = store_view_tko weak %v1, %pv1[%zero] : tile<64xbf16>, partition_view<tile=(64), tensor_view<64xbf16, strides=[1]>>, tile<i32> -> token
    %tv2 = make_tensor_view %o2, shape = [32], strides = [1] : tensor_view<32xi32, strides=[1]>
    %pv2 = make_partition_view %tv2 : partition_view<tile=(32), tensor_view<32xi32, strides=[1]>>
    %t2 = store_view_tko weak %v2, %pv2[%zero] : tile<32xi32>, partition_view<tile=(32), tensor_view<32xi32, strides=[1]>>, tile<i32> -> token
    %tv3 = make_tensor_view %o3, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %pv3 = make_partition_view %tv3 : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %t3 = store_view_tko weak %v3, %pv3[%zero] : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
