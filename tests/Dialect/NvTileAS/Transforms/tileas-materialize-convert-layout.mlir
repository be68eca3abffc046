// tileas-materialize-convert-layout (seed 001): each convert_layout becomes
// the first feasible plan, by efficiency, of the target's catalogue
// (compiler/docs/Lowering.md, "Materializing layout conversions").
// RUN: tilec-opt --tileas-materialize-convert-layout %s | FileCheck %s
// RUN: tilec-opt --tileas-materialize-convert-layout=reg2reg-vec-size=4 %s | FileCheck %s --check-prefix=ELEM
// RUN: tilec-opt --tileas-materialize-convert-layout=reg2reg-vec-size=0 %s | FileCheck %s --check-prefix=STAGE
// RUN: tilec-opt --tileas-materialize-convert-layout="reg2reg-vec-size=0 reinterpret-to-i8=true" %s | FileCheck %s --check-prefix=BYTES
// The pass runs at O2 and O3, before the scheduler, with the
// driver's options.
// RUN: tilec -O2 --print-pipeline --emit tileas %S/../../../../corpus/seeds/vector_add.mlir | FileCheck %s --check-prefix=PIPE
// RUN: tilec -O3 --materialize-convert-layout-reg2reg-vec-size 8 --materialize-convert-layout-reinterpret-to-i8 --print-pipeline --emit tileas %S/../../../../corpus/seeds/vector_add.mlir | FileCheck %s --check-prefix=PIPE8
// RUN: tilec -O1 --print-pipeline --emit tileas %S/../../../../corpus/seeds/vector_add.mlir | FileCheck %s --check-prefix=PIPE1
// PIPE: tileas-materialize-convert-layout{reg2reg-vec-size=16 reinterpret-to-i8=false},tileas-prepare-for-scheduling{{.*}},tileas-generate-schedule{{.*}},tilec-pipeline-config{{.*}},tileas-unroll-register-loops)
// PIPE8: tileas-materialize-convert-layout{reg2reg-vec-size=8 reinterpret-to-i8=true}
// PIPE1-NOT: tileas-materialize-convert-layout
// Staging buffers are memory no other op reaches (their effects' own
// resource), so the gemm seed's loads still become a producer agent with
// every conversion staged in the consumer (regression: the buffers' effects
// on the default resource made each alloc_tensor "write what a stage 0 load
// reads" and no loop was warp-specialized).
// RUN: tilec -O2 --gpu-name sm_90 --v2-opt-level 1 --pipeline-strategy warp-specialize --materialize-convert-layout-reg2reg-vec-size 0 --emit tileas %S/../../../../corpus/seeds/gemm.mlir | FileCheck %s --check-prefix=AWS
// AWS: nv_tileas.async.pipeline.agent_switch
// AWS-COUNT-2: nv_tileas.async.pipeline.producer_write
// AWS-COUNT-2: nv_tileas.async.pipeline.consumer_read
// AWS-COUNT-4: nv_tileas.smem_load
// PIPE1-NOT: tileas-unroll-register-loops

#reg = #nv_tileas<layout reg>
#mma_a = #nv_tileas<layout mma_a>
#mma_c = #nv_tileas<layout mma_c>
#smem = #nv_tileas<layout smem>
#tmem = #nv_tileas<layout tmem>

module attributes {nv_tileaa.compute_capability = 90 : i32} {

// Between register layouts the 16-byte atom copy comes first; below a cap
// of 16 bytes the per-element copy (marked as a register copy root); at 0
// the staging through shared memory, each buffer at its own offset.
// CHECK-LABEL: nv_tileaa.func @registers
// CHECK: %[[A:.*]] = nv_tileas.convert_layout %arg0 {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 16>} : (tensor<16x16xf16, #reg>) -> tensor<16x16xf16, #mma_a>
// CHECK: %[[C:.*]] = nv_tileas.convert_layout %arg1 {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 16>} : (tensor<16x8xf32, #mma_c>) -> tensor<16x8xf32, #reg>
// CHECK-NOT: root_reg_to_reg_copy_op
// CHECK: nv_tileaa.return %[[A]], %[[C]]
// ELEM-LABEL: nv_tileaa.func @registers
// ELEM: nv_tileas.convert_layout %arg0 {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 2>, nv_tileas.root_reg_to_reg_copy_op}
// ELEM: nv_tileas.convert_layout %arg1 {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 0, atomBytes = 4>, nv_tileas.root_reg_to_reg_copy_op}
// The bottom-up walk stages the last conversion first, at offset 0.
// STAGE-LABEL: nv_tileaa.func @registers
// STAGE: %[[B0:.*]] = nv_tileas.alloc_tensor {offset = 512 : i64} : !nv_tileas.smem<16x16xf16>
// STAGE: nv_tileas.copy %arg0, %[[B0]] : (tensor<16x16xf16, #reg>, !nv_tileas.smem<16x16xf16>) -> ()
// STAGE: %[[A:.*]] = nv_tileas.smem_load %[[B0]] {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 1, atomBytes = 16>} : (!nv_tileas.smem<16x16xf16>) -> tensor<16x16xf16, #mma_a>
// STAGE: %[[B1:.*]] = nv_tileas.alloc_tensor {offset = 0 : i64} : !nv_tileas.smem<16x8xf32>
// STAGE: nv_tileas.copy %arg1, %[[B1]]
// STAGE: %[[C:.*]] = nv_tileas.smem_load %[[B1]] {{.*}} -> tensor<16x8xf32, #reg>
// STAGE: nv_tileaa.return %[[A]], %[[C]]
nv_tileaa.func @registers(%a: tensor<16x16xf16, #reg>, %c: tensor<16x8xf32, #mma_c>)
    -> (tensor<16x16xf16, #mma_a>, tensor<16x8xf32, #reg>) {
  %0 = nv_tileas.convert_layout %a : (tensor<16x16xf16, #reg>) -> tensor<16x16xf16, #mma_a>
  %1 = nv_tileas.convert_layout %c : (tensor<16x8xf32, #mma_c>) -> tensor<16x8xf32, #reg>
  nv_tileaa.return %0, %1 : tensor<16x16xf16, #mma_a>, tensor<16x8xf32, #reg>
}

// Two 32 KiB buffers: 64 KiB one after another, more than the 48 KiB one
// buffer may take but within the block's shared memory, so both are
// staged; the compaction then puts both at byte 0.
// RUN: tilec-opt --tileas-materialize-convert-layout=reg2reg-vec-size=0 --tileas-prepare-for-scheduling %s | FileCheck %s --check-prefix=COMPACT
// STAGE-LABEL: nv_tileaa.func @two_big
// STAGE: nv_tileas.alloc_tensor {offset = 32768 : i64} : !nv_tileas.smem<128x64xf32>
// STAGE: nv_tileas.alloc_tensor {offset = 0 : i64} : !nv_tileas.smem<128x64xf32>
// COMPACT-LABEL: nv_tileaa.func @two_big
// COMPACT-COUNT-2: nv_tileas.alloc_tensor {offset = 0 : i64} : !nv_tileas.smem<128x64xf32>
nv_tileaa.func @two_big(%a: tensor<128x64xf32, #reg>, %c: tensor<128x64xf32, #mma_c>)
    -> (tensor<128x64xf32, #mma_c>, tensor<128x64xf32, #reg>) {
  %0 = nv_tileas.convert_layout %a : (tensor<128x64xf32, #reg>) -> tensor<128x64xf32, #mma_c>
  %1 = nv_tileas.convert_layout %c : (tensor<128x64xf32, #mma_c>) -> tensor<128x64xf32, #reg>
  nv_tileaa.return %0, %1 : tensor<128x64xf32, #mma_c>, tensor<128x64xf32, #reg>
}

// A shared-memory layout has the staging plan only, whatever the cap.
// CHECK-LABEL: nv_tileaa.func @from_smem
// CHECK: nv_tileas.alloc_tensor {offset = 0 : i64} : !nv_tileas.smem<64xf32>
// CHECK: nv_tileas.smem_load {{.*}}atom_plan<tag = 1, atomBytes = 16>{{.*}} -> tensor<64xf32, #reg>
nv_tileaa.func @from_smem(%s: tensor<64xf32, #smem>) -> tensor<64xf32, #reg> {
  %0 = nv_tileas.convert_layout %s : (tensor<64xf32, #smem>) -> tensor<64xf32, #reg>
  nv_tileaa.return %0 : tensor<64xf32, #reg>
}

// f8 is staged as it is, or, with reinterpret-to-i8, as bytes: bitcast to
// i8, staged, bitcast back; the reader is marked.
// STAGE-LABEL: nv_tileaa.func @f8
// STAGE: nv_tileas.copy %arg0, {{.*}} : (tensor<16x32xf8E4M3FN, #reg>, !nv_tileas.smem<16x32xf8E4M3FN>) -> ()
// STAGE-NOT: reinterpret_byte
// BYTES-LABEL: nv_tileaa.func @f8
// BYTES: %[[I:.*]] = arith.bitcast %arg0 : tensor<16x32xf8E4M3FN, #reg> to tensor<16x32xi8, #reg>
// BYTES: nv_tileas.copy %[[I]], {{.*}} : (tensor<16x32xi8, #reg>, !nv_tileas.smem<16x32xi8>) -> ()
// BYTES: %[[L:.*]] = nv_tileas.smem_load {{.*}} {nv_tileas.atom_plan = #nv_tileas.atom_plan<tag = 1, atomBytes = 16>, nv_tileas.reinterpret_byte} : (!nv_tileas.smem<16x32xi8>) -> tensor<16x32xi8, #mma_a>
// BYTES: %[[R:.*]] = arith.bitcast %[[L]] : tensor<16x32xi8, #mma_a> to tensor<16x32xf8E4M3FN, #mma_a>
// BYTES: nv_tileaa.return %[[R]]
nv_tileaa.func @f8(%a: tensor<16x32xf8E4M3FN, #reg>) -> tensor<16x32xf8E4M3FN, #mma_a> {
  %0 = nv_tileas.convert_layout %a : (tensor<16x32xf8E4M3FN, #reg>) -> tensor<16x32xf8E4M3FN, #mma_a>
  nv_tileaa.return %0 : tensor<16x32xf8E4M3FN, #mma_a>
}

}

