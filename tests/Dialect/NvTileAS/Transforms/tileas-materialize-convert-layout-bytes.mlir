// tileas-materialize-convert-layout on f4 (packed: the 16-byte register
// copy only, or, with reinterpret-to-i8, as bytes: copied byte by byte
// below a cap of 16, staged at 0) and tensor memory (staged on sm_100).
// RUN: tilec-opt --tileas-materialize-convert-layout %s | FileCheck %s
// RUN: tilec-opt --tileas-materialize-convert-layout="reg2reg-vec-size=8 reinterpret-to-i8=true" %s | FileCheck %s --check-prefix=BYTES
// RUN: tilec-opt --tileas-materialize-convert-layout="reg2reg-vec-size=0 reinterpret-to-i8=true" %s | FileCheck %s --check-prefix=STAGED

#reg = #nv_tileas<layout reg>
#mma_a = #nv_tileas<layout mma_a>
#tmem = #nv_tileas<layout tmem>

module attributes {nv_tileaa.compute_capability = 100 : i32} {

// CHECK-LABEL: nv_tileaa.func @f4
// CHECK: nv_tileas.convert_layout %arg0 {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 16>}
// BYTES-LABEL: nv_tileaa.func @f4
// BYTES: %[[P:.*]] = nv_tileas.pack %arg0 : (tensor<16x64xf4E2M1FN, #reg>) -> tensor<16x32xi8, #reg>
// BYTES: %[[C:.*]] = nv_tileas.convert_layout %[[P]] {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 1>, nv_tileas.reinterpret_byte, nv_tileas.root_reg_to_reg_copy_op} : (tensor<16x32xi8, #reg>) -> tensor<16x32xi8, #mma_a>
// BYTES: nv_tileas.unpack %[[C]] : (tensor<16x32xi8, #mma_a>) -> tensor<16x64xf4E2M1FN, #mma_a>
// STAGED-LABEL: nv_tileaa.func @f4
// STAGED: %[[P:.*]] = nv_tileas.pack %arg0 : (tensor<16x64xf4E2M1FN, #reg>) -> tensor<16x32xi8, #reg>
// STAGED: nv_tileas.alloc_tensor {{.*}} : !nv_tileas.smem<16x32xi8>
// STAGED: %[[L:.*]] = nv_tileas.smem_load {{.*}}nv_tileas.reinterpret_byte{{.*}} -> tensor<16x32xi8, #mma_a>
// STAGED: nv_tileas.unpack %[[L]] : (tensor<16x32xi8, #mma_a>) -> tensor<16x64xf4E2M1FN, #mma_a>
nv_tileaa.func @f4(%a: tensor<16x64xf4E2M1FN, #reg>) -> tensor<16x64xf4E2M1FN, #mma_a> {
  %0 = nv_tileas.convert_layout %a : (tensor<16x64xf4E2M1FN, #reg>) -> tensor<16x64xf4E2M1FN, #mma_a>
  nv_tileaa.return %0 : tensor<16x64xf4E2M1FN, #mma_a>
}

// Tensor memory exists on sm_100: a tmem tensor is staged.
// CHECK-LABEL: nv_tileaa.func @tmem
// CHECK: nv_tileas.copy %arg0, {{.*}} : (tensor<128x16xf32, #tmem>, !nv_tileas.smem<128x16xf32>) -> ()
// CHECK: nv_tileas.smem_load {{.*}} -> tensor<128x16xf32, #reg>
nv_tileaa.func @tmem(%t: tensor<128x16xf32, #tmem>) -> tensor<128x16xf32, #reg> {
  %0 = nv_tileas.convert_layout %t : (tensor<128x16xf32, #tmem>) -> tensor<128x16xf32, #reg>
  nv_tileaa.return %0 : tensor<128x16xf32, #reg>
}


}
