// Input of layouts.mlir: convert_layout under --canonicalize.

// A conversion to the same layout folds away; two in a row become one.
// CHECK-LABEL: nv_tileaa.func @chain
// CHECK-NEXT: %[[R:.*]] = nv_tileas.convert_layout %arg0 : (tensor<4x4xf32, #reg>) -> tensor<4x4xf32, #mma_c>
// CHECK-NEXT: nv_tileaa.return %[[R]], %arg0
nv_tileaa.func @chain(%a: tensor<4x4xf32, #nv_tileas<layout reg>>) -> (tensor<4x4xf32, #nv_tileas<layout mma_c>>, tensor<4x4xf32, #nv_tileas<layout reg>>) attributes {nv_tileas.layouts} {
  %s = nv_tileas.convert_layout %a : (tensor<4x4xf32, #nv_tileas<layout reg>>) -> tensor<4x4xf32, #nv_tileas<layout smem>>
  %m = nv_tileas.convert_layout %s : (tensor<4x4xf32, #nv_tileas<layout smem>>) -> tensor<4x4xf32, #nv_tileas<layout mma_c>>
  %r = nv_tileas.convert_layout %s : (tensor<4x4xf32, #nv_tileas<layout smem>>) -> tensor<4x4xf32, #nv_tileas<layout reg>>
  nv_tileaa.return %m, %r : tensor<4x4xf32, #nv_tileas<layout mma_c>>, tensor<4x4xf32, #nv_tileas<layout reg>>
}

// A converted constant is a constant in the new layout.
// CHECK-LABEL: nv_tileaa.func @constant
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<16x16xf32, #mma_c>
// CHECK-NEXT: nv_tileaa.return %[[C]]
nv_tileaa.func @constant() -> tensor<16x16xf32, #nv_tileas<layout mma_c>> attributes {nv_tileas.layouts} {
  %z = arith.constant dense<0.0> : tensor<16x16xf32, #nv_tileas<layout reg>>
  %c = nv_tileas.convert_layout %z : (tensor<16x16xf32, #nv_tileas<layout reg>>) -> tensor<16x16xf32, #nv_tileas<layout mma_c>>
  nv_tileaa.return %c : tensor<16x16xf32, #nv_tileas<layout mma_c>>
}
