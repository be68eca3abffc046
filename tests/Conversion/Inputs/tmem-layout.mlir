// Input of convert-tileaa-to-tileas.mlir: a tensor-memory layout on sm_100.
// CHECK-LABEL: nv_tileaa.func @tmem
// CHECK: arith.negf %{{.*}} : tensor<4x4xf32, #tmem>
module {
  nv_tileaa.func @tmem(%a: tensor<4x4xf32>) attributes {nv_tileaa.kernel} {
    %t = "nv_tileaa.negf"(%a) {layout = #nv_tileas<layout tmem>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    nv_tileaa.return
  }
}
