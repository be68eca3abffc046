// RUN: tilec-opt %s | tilec-opt | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @k
nv_tileaa.func @k(%a: tensor<64x16xf16>, %b: tensor<16x64xf16>, %c: tensor<64x64xf32>,
                  %sa: tensor<64x1xf8E8M0FNU>, %sb: tensor<1x64xf8E8M0FNU>,
                  %fa: tensor<64x32xf8E4M3FN>, %fb: tensor<32x64xf8E4M3FN>) {
  // CHECK: "nv_tileas.dot"(%{{.*}}) <{atom = #nv_tileas<atom wgmma_f16_f16_f32>}>
  %d = "nv_tileas.dot"(%a, %b, %c) <{atom = #nv_tileas<atom wgmma_f16_f16_f32>}> : (tensor<64x16xf16>, tensor<16x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
  // CHECK: "nv_tileas.block_scaled_mma"(%{{.*}}) <{atom = #nv_tileas<atom umma_bs_f8E4M3FN_f8E4M3FN_f32>, cta_group = 2 : i32}>
  %e = "nv_tileas.block_scaled_mma"(%fa, %fb, %c, %sa, %sb) <{atom = #nv_tileas<atom umma_bs_f8E4M3FN_f8E4M3FN_f32>, cta_group = 2 : i32}> : (tensor<64x32xf8E4M3FN>, tensor<32x64xf8E4M3FN>, tensor<64x64xf32>, tensor<64x1xf8E8M0FNU>, tensor<1x64xf8E8M0FNU>) -> tensor<64x64xf32>
  // CHECK: "nv_tileas.convert_layout"(%{{.*}}) <{layout = #nv_tileas<layout mma_a>}>
  %f = "nv_tileas.convert_layout"(%a) <{layout = #nv_tileas<layout mma_a>}> : (tensor<64x16xf16>) -> tensor<64x16xf16>
  // CHECK: "nv_tileas.addf"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<positive_inf>}>
  %g = "nv_tileas.addf"(%c, %c) <{rounding_mode = #cuda_tile.rounding<positive_inf>}> : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @smem
nv_tileaa.func @smem(%t: tensor<16x8xf16>) {
  // CHECK: "nv_tileas.alloc_tensor"() <{offset = 256 : i64}> : () -> !nv_tileas.smem<16x8xf16>
  %b = "nv_tileas.alloc_tensor"() <{offset = 256 : i64}> : () -> !nv_tileas.smem<16x8xf16>
  // CHECK: "nv_tileas.copy"
  "nv_tileas.copy"(%t, %b) : (tensor<16x8xf16>, !nv_tileas.smem<16x8xf16>) -> ()
  // CHECK: "nv_tileas.smem_load"
  %u = "nv_tileas.smem_load"(%b) : (!nv_tileas.smem<16x8xf16>) -> tensor<16x8xf16>
  // CHECK: "nv_tileas.shuffle"(%{{.*}}) <{source_index = array<i64: 1, 0>}> : (tensor<2xi32>) -> tensor<2xi32>
  %c = "nv_tileas.constant"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "nv_tileas.shuffle"(%c) <{source_index = array<i64: 1, 0>}> : (tensor<2xi32>) -> tensor<2xi32>
  nv_tileaa.return
}
