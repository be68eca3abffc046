// RUN: tilec-opt --split-input-file --verify-diagnostics %s

nv_tileaa.func @f(%a: tensor<64x32xf8E4M3FN>, %b: tensor<32x64xf8E4M3FN>, %c: tensor<64x64xf32>,
                  %sa: tensor<64x1xf8E8M0FNU>, %sb: tensor<1x64xf8E8M0FNU>) {
  // expected-error @+1 {{cta_group must be 1 or 2}}
  %e = "nv_tileas.block_scaled_mma"(%a, %b, %c, %sa, %sb) <{atom = #nv_tileas<atom x>, cta_group = 3 : i32}> : (tensor<64x32xf8E4M3FN>, tensor<32x64xf8E4M3FN>, tensor<64x64xf32>, tensor<64x1xf8E8M0FNU>, tensor<1x64xf8E8M0FNU>) -> tensor<64x64xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<64x16xf16>, %b: tensor<16x64xf16>, %c: tensor<64x64xf32>) {
  // expected-error @+1 {{requires attribute 'atom'}}
  %d = "nv_tileas.dot"(%a, %b, %c) : (tensor<64x16xf16>, tensor<16x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<64x16xf16>) {
  // expected-error @+1 {{all of {source, result} have same type}}
  %f = "nv_tileas.convert_layout"(%a) <{layout = #nv_tileas<layout smem>}> : (tensor<64x16xf16>) -> tensor<64x16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%a: tensor<4xi32>) {
  // expected-error @+1 {{floor division needs signed operands}}
  %0 = "nv_tileas.divi"(%a, %a) <{rounding = #cuda_tile.rounding<negative_inf>, signedness = #cuda_tile.signedness<unsigned>}> : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f() {
  // expected-error @+1 {{buffer ends at byte 233472, past the 232448 bytes of shared memory}}
  %b = "nv_tileas.alloc_tensor"() <{offset = 200704 : i64}> : () -> !nv_tileas.smem<128x128xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%t: tensor<16x8xf32>) {
  %b = "nv_tileas.alloc_tensor"() <{offset = 0 : i64}> : () -> !nv_tileas.smem<16x8xf16>
  // expected-error @+1 {{source must have the buffer's shape and element type}}
  "nv_tileas.copy"(%t, %b) : (tensor<16x8xf32>, !nv_tileas.smem<16x8xf16>) -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @f(%t: tensor<4xf32>) {
  // expected-error @+1 {{source index 4 out of range}}
  %s = "nv_tileas.shuffle"(%t) <{source_index = array<i64: 0, 1, 2, 4>}> : (tensor<4xf32>) -> tensor<4xf32>
  nv_tileaa.return
}
