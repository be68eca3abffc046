// tileas-unroll-register-loops (seed 000): every op marked as a register
// copy root gets the unroll-enable loop annotation, nothing else changes.
// RUN: tilec-opt --tileas-unroll-register-loops %s | FileCheck %s
// End to end: the per-element copies of a cap below 16 bytes are tagged.
// RUN: tilec -O2 --gpu-name sm_90 --materialize-convert-layout-reg2reg-vec-size 4 --emit tileas %S/../../../../corpus/seeds/gemm.mlir | FileCheck %s --check-prefix=DRIVER

#reg = #nv_tileas<layout reg>
#mma_a = #nv_tileas<layout mma_a>

// CHECK: #[[UNROLL:.*]] = #llvm.loop_unroll<disable = false>
// CHECK: #[[ANN:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: nv_tileaa.func @roots
// CHECK: nv_tileas.convert_layout %arg0 {loop_annotation = #[[ANN]], nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 2>, nv_tileas.root_reg_to_reg_copy_op}
// CHECK: nv_tileas.convert_layout %arg0 {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 16>}
// CHECK: nv_tileas.convert_layout %arg0 :
nv_tileaa.func @roots(%a: tensor<16x16xf16, #reg>) {
  %0 = nv_tileas.convert_layout %a {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 2>, nv_tileas.root_reg_to_reg_copy_op} : (tensor<16x16xf16, #reg>) -> tensor<16x16xf16, #mma_a>
  %1 = nv_tileas.convert_layout %a {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 16>} : (tensor<16x16xf16, #reg>) -> tensor<16x16xf16, #mma_a>
  %2 = nv_tileas.convert_layout %a : (tensor<16x16xf16, #reg>) -> tensor<16x16xf16, #mma_a>
  nv_tileaa.return
}


// DRIVER-COUNT-4: nv_tileas.convert_layout {{.*}}loop_annotation = #{{.*}}nv_tileas.root_reg_to_reg_copy_op
