// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -mlir-print-op-generic | tilec-opt | FileCheck %s

cuda_tile.module @core {
  // CHECK-LABEL: entry @constants
  entry @constants() {
    // CHECK: constant <f32: {{\[}}{{\[}}1.000000e+00, 2.500000e+00{{\]}}, {{\[}}-3.000000e+00, 4.000000e+00{{\]}}{{\]}}> : tile<2x2xf32>
    %m = constant <f32: [[1.0, 2.5], [-3.0, 4.0]]> : tile<2x2xf32>
    // A single literal fills the tile.
    // CHECK: constant <i32: 7> : tile<16xi32>
    %s = constant <i32: 7> : tile<16xi32>
    // Equal elements collapse to the splat spelling.
    // CHECK: constant <i16: 3> : tile<4xi16>
    %e = constant <i16: [3, 3, 3, 3]> : tile<4xi16>
    // Hex integers are bit patterns of the element width.
    // CHECK: constant <i8: -1> : tile<i8>
    %h = constant <i8: 0xFF> : tile<i8>
    // Hex floats are bit patterns; non-finite values print as hex.
    // CHECK: constant <f32: 0x7F800000> : tile<f32>
    %inf = constant <f32: 0x7F800000> : tile<f32>
    // CHECK: constant <f16: 1.000000e+00> : tile<f16>
    %one = constant <f16: 0x3C00> : tile<f16>
    // CHECK: constant <i1: {{\[}}true, false{{\]}}> : tile<2xi1>
    %b = constant <i1: [true, false]> : tile<2xi1>
    // CHECK: constant <f64: 3.1415926535897931> : tile<f64>
    %pi = constant <f64: 3.1415926535897931> : tile<f64>
    // CHECK: constant <bf16: 5.000000e-01> : tile<4xbf16>
    %bf = constant <bf16: 0.5> : tile<4xbf16>
    // CHECK: constant <f4E2M1FN: {{\[}}1.000000e+00, 2.000000e+00{{\]}}> : tile<2xf4E2M1FN>
    %f4 = constant <f4E2M1FN: [0x2, 0x4]> : tile<2xf4E2M1FN>
    // CHECK: constant <f8E4M3FN: 2.000000e+00> : tile<8xf8E4M3FN>
    %f8 = constant <f8E4M3FN: 2.0> : tile<8xf8E4M3FN>
  }

  // CHECK-LABEL: entry @grid
  entry @grid() {
    // CHECK: %{{.*}}, %{{.*}}, %{{.*}} = get_tile_block_id : tile<i32>
    %x, %y, %z = get_tile_block_id : tile<i32>
    // CHECK: %{{.*}}, %{{.*}}, %{{.*}} = get_num_tile_blocks : tile<i32>
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    // CHECK: iota : tile<256xi8>
    %i = iota : tile<256xi8>
  }

  // CHECK-LABEL: testing$func @shapes
  testing$func @shapes(%a: tile<1x8xf32>, %b: tile<4x8xf32>, %t: tile<4x8x2xi16>) {
    // CHECK: %[[BC:.*]] = broadcast %{{.*}} : tile<1x8xf32> -> tile<4x8xf32>
    %bc = broadcast %a : tile<1x8xf32> -> tile<4x8xf32>
    // CHECK: reshape %[[BC]] : tile<4x8xf32> -> tile<32xf32>
    %r = reshape %bc : tile<4x8xf32> -> tile<32xf32>
    // CHECK: permute %{{.*}} [2, 0, 1] : tile<4x8x2xi16> -> tile<2x4x8xi16>
    %p = permute %t [2, 0, 1] : tile<4x8x2xi16> -> tile<2x4x8xi16>
    // CHECK: cat %[[BC]], %{{.*}} dim = 1 : tile<4x8xf32>, tile<4x8xf32> -> tile<4x16xf32>
    %c = cat %bc, %b dim = 1 : tile<4x8xf32>, tile<4x8xf32> -> tile<4x16xf32>
    %i = constant <i32: 1> : tile<i32>
    // CHECK: extract %[[BC]][%{{.*}}, %{{.*}}] : tile<4x8xf32> -> tile<2x4xf32>
    %x = extract %bc[%i, %i] : tile<4x8xf32> -> tile<2x4xf32>
  }

  // CHECK-LABEL: testing$func @reductions
  testing$func @reductions(%x: tile<8x64xf32>, %k: tile<8x64xi32>) {
    // CHECK: reduce %{{.*}} dim=1 identities=[0.000000e+00 : f32] : tile<8x64xf32> -> tile<8xf32>
    // CHECK-NEXT: (%[[E:.*]]: tile<f32>, %[[A:.*]]: tile<f32>) {
    // CHECK-NEXT: yield %[[E]] : tile<f32>
    %r = reduce %x dim=1 identities=[0.0 : f32] : tile<8x64xf32> -> tile<8xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      yield %e : tile<f32>
    }
    // Two operands reduced together (e.g. value and index).
    // CHECK: reduce %{{.*}}, %{{.*}} dim=0 identities=[0.000000e+00 : f32, 0 : i32] : tile<8x64xf32>, tile<8x64xi32> -> tile<64xf32>, tile<64xi32>
    %v, %idx = reduce %x, %k dim=0 identities=[0.0 : f32, 0 : i32]
        : tile<8x64xf32>, tile<8x64xi32> -> tile<64xf32>, tile<64xi32>
    (%e0: tile<f32>, %a0: tile<f32>, %e1: tile<i32>, %a1: tile<i32>) {
      yield %e0, %e1 : tile<f32>, tile<i32>
    }
    // CHECK: scan %{{.*}} dim=1 reverse=true identities=[0 : i32] : tile<8x64xi32> -> tile<8x64xi32>
    %s = scan %k dim=1 reverse=true identities=[0 : i32] : tile<8x64xi32> -> tile<8x64xi32>
    (%e: tile<i32>, %acc: tile<i32>) {
      yield %acc : tile<i32>
    }
  }

  // CHECK-LABEL: testing$func @mma
  testing$func @mma(%a: tile<64x16xf16>, %b: tile<16x32xf16>, %c: tile<64x32xf32>,
                    %ia: tile<2x16x32xi8>, %ib: tile<2x32x8xi8>, %ic: tile<2x16x8xi32>,
                    %fa: tile<128x64xf8E4M3FN>, %fb: tile<64x128xf8E4M3FN>, %fc: tile<128x128xf32>,
                    %sa: tile<128x2xf8E8M0FNU>, %sb: tile<2x128xf8E8M0FNU>) {
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<64x16xf16>, tile<16x32xf16>, tile<64x32xf32>
    %d = mmaf %a, %b, %c : tile<64x16xf16>, tile<16x32xf16>, tile<64x32xf32>
    // CHECK: mmai %{{.*}}, %{{.*}}, %{{.*}} signed unsigned : tile<2x16x32xi8>, tile<2x32x8xi8>, tile<2x16x8xi32>
    %i = mmai %ia, %ib, %ic signed unsigned : tile<2x16x32xi8>, tile<2x32x8xi8>, tile<2x16x8xi32>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} fast_acc : tile<128x64xf8E4M3FN>
    %f = mmaf %fa, %fb, %fc fast_acc : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>
    // CHECK: mmaf_scaled %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>, tile<128x2xf8E8M0FNU>, tile<2x128xf8E8M0FNU>
    %g = mmaf_scaled %fa, %fb, %fc, %sa, %sb : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>, tile<128x2xf8E8M0FNU>, tile<2x128xf8E8M0FNU>
  }
}
