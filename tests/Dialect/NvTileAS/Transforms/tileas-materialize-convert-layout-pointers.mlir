// tileas-materialize-convert-layout on pointers: 8 bytes a register, never
// staged (so a cap below 8 leaves no plan: the errors test).
// RUN: tilec-opt --tileas-materialize-convert-layout %s | FileCheck %s
// RUN: tilec-opt --tileas-materialize-convert-layout=reg2reg-vec-size=8 %s | FileCheck %s --check-prefix=BYTES

#reg = #nv_tileas<layout reg>
#mma_a = #nv_tileas<layout mma_a>

module attributes {nv_tileaa.compute_capability = 80 : i32} {

// CHECK-LABEL: nv_tileaa.func @pointers
// CHECK: nv_tileas.convert_layout %arg0 {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 16>}
// BYTES-LABEL: nv_tileaa.func @pointers
// BYTES: nv_tileas.convert_layout %arg0 {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 8>, nv_tileas.root_reg_to_reg_copy_op}

nv_tileaa.func @pointers(%p: tensor<16x16x!nv_tileaa.ptr<f32, 1>, #reg>)
    -> tensor<16x16x!nv_tileaa.ptr<f32, 1>, #mma_a> {
  %0 = nv_tileas.convert_layout %p : (tensor<16x16x!nv_tileaa.ptr<f32, 1>, #reg>) -> tensor<16x16x!nv_tileaa.ptr<f32, 1>, #mma_a>
  nv_tileaa.return %0 : tensor<16x16x!nv_tileaa.ptr<f32, 1>, #mma_a>
}

}
