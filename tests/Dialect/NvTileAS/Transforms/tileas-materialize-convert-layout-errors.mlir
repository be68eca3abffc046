// tileas-materialize-convert-layout's one diagnostic (seed 001, verbatim)
// for every conversion without a feasible plan; the pass fails after the
// walk, having visited every conversion.
// RUN: tilec-opt --tileas-materialize-convert-layout=reg2reg-vec-size=4 --split-input-file --verify-diagnostics %s

// f4 has the 16-byte register copy only, above a cap of 4, and is staged
// only as bytes (reinterpret-to-i8 is off).
module attributes {nv_tileaa.compute_capability = 100 : i32} {
nv_tileaa.func @f4(%a: tensor<16x64xf4E2M1FN, #nv_tileas<layout reg>>) {
  // expected-error @+2 {{failed to query target spec for convert_layout}}
  // expected-note @+1 {{none of the 1 plans listed is feasible with reg2reg-vec-size=4 and a staging area of 49152 bytes a buffer (232448 for a function's buffers one after another)}}
  %0 = nv_tileas.convert_layout %a : (tensor<16x64xf4E2M1FN, #nv_tileas<layout reg>>) -> tensor<16x64xf4E2M1FN, #nv_tileas<layout mma_a>>
  nv_tileaa.return
}
}

// -----

// Pointers: 8 bytes per element, above the cap, and never staged. Both
// conversions are reported.
module attributes {nv_tileaa.compute_capability = 90 : i32} {
nv_tileaa.func @pointers(%p: tensor<16x16x!nv_tileaa.ptr<f32, 1>, #nv_tileas<layout reg>>) {
  // expected-error @+2 {{failed to query target spec for convert_layout}}
  // expected-note @+1 {{none of the 2 plans listed is feasible with reg2reg-vec-size=4 and a staging area of 49152 bytes a buffer (232448 for a function's buffers one after another)}}
  %0 = nv_tileas.convert_layout %p : (tensor<16x16x!nv_tileaa.ptr<f32, 1>, #nv_tileas<layout reg>>) -> tensor<16x16x!nv_tileaa.ptr<f32, 1>, #nv_tileas<layout mma_a>>
  // expected-error @+2 {{failed to query target spec for convert_layout}}
  // expected-note @+1 {{none of the 2 plans listed is feasible with reg2reg-vec-size=4 and a staging area of 49152 bytes a buffer (232448 for a function's buffers one after another)}}
  %1 = nv_tileas.convert_layout %0 : (tensor<16x16x!nv_tileaa.ptr<f32, 1>, #nv_tileas<layout mma_a>>) -> tensor<16x16x!nv_tileaa.ptr<f32, 1>, #nv_tileas<layout reg>>
  nv_tileaa.return
}
}

// -----

// No tensor memory before sm_100: the catalogue lists nothing.
module attributes {nv_tileaa.compute_capability = 90 : i32} {
nv_tileaa.func @tmem(%t: tensor<128x16xf32, #nv_tileas<layout tmem>>) {
  // expected-error @+2 {{failed to query target spec for convert_layout}}
  // expected-note @+1 {{the target's catalogue lists no plan for 'tensor<128x16xf32, #nv_tileas<layout tmem>>' to 'tensor<128x16xf32, #nv_tileas<layout reg>>'}}
  %0 = nv_tileas.convert_layout %t : (tensor<128x16xf32, #nv_tileas<layout tmem>>) -> tensor<128x16xf32, #nv_tileas<layout reg>>
  nv_tileaa.return
}
}

// -----

// No target, no catalogue.
nv_tileaa.func @untargeted(%a: tensor<16x16xf16, #nv_tileas<layout reg>>) {
  // expected-error @+2 {{failed to query target spec for convert_layout}}
  // expected-note @+1 {{the target's catalogue lists no plan for}}
  %0 = nv_tileas.convert_layout %a : (tensor<16x16xf16, #nv_tileas<layout reg>>) -> tensor<16x16xf16, #nv_tileas<layout mma_a>>
  nv_tileaa.return
}

// -----

// A staging buffer too large for the 48 KiB staging area (and no register
// plan from smem).
module attributes {nv_tileaa.compute_capability = 90 : i32} {
nv_tileaa.func @big(%s: tensor<128x128xf32, #nv_tileas<layout smem>>) {
  // expected-error @+2 {{failed to query target spec for convert_layout}}
  // expected-note @+1 {{none of the 1 plans listed is feasible with reg2reg-vec-size=4 and a staging area of 49152 bytes a buffer (232448 for a function's buffers one after another)}}
  %0 = nv_tileas.convert_layout %s : (tensor<128x128xf32, #nv_tileas<layout smem>>) -> tensor<128x128xf32, #nv_tileas<layout reg>>
  nv_tileaa.return
}
}
