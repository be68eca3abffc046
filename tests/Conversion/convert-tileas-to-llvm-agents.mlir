// Agents below nv_tileas (compiler/docs/Backend.md, "Agents"): a kernel
// with an agent_switch of two agents runs two thread groups of 32 * numWarps
// threads (here 2 x 32 = 64: maxntid and tilec.threads). Outside agents
// every group computes the same values, a thread's map index being its
// index in its group (tid mod 32), each group in its own region of the
// scratch buffer (the reduce's 272 bytes at group * 272: the 64-element
// operand, then the warp-shuffle partial); the pipeline area after both
// (at 544) is shared, and one thread of group 0
// initializes its mbarriers. The agent_switch becomes an scf.index_switch
// on tid / 32 between two barriers of the whole block; agent i runs on
// group i with map index tid - 32 * i, its scratch region at 272 * i and
// named barrier 1 + i for 32 threads. The 64-element tiles are runs of two
// elements per thread (2 * map index and the next).
// RUN: tilec-opt %s --split-input-file --convert-tileas-to-llvm --canonicalize --cse | FileCheck %s

// CHECK: module attributes {tilec.dynamic_shared_memory = 1088 : i64}
// CHECK: llvm.func @agents({{.*}}) attributes {nvvm.kernel, nvvm.maxntid = array<i32: 64, 1, 1>, tilec.threads = 64 : i32}
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @__tilec_smem
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[LOCAL:.*]] = arith.remui %[[TID]], %c32_i32
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[LOCAL]], %c0_i32
// CHECK: %[[GROUP0:.*]] = arith.cmpi ult, %[[TID]], %c32_i32
// CHECK: %[[ONE:.*]] = arith.andi %[[FIRST]], %[[GROUP0]]
// CHECK: %[[AREA:.*]] = llvm.getelementptr %[[SMEM]][544]
// CHECK: scf.if %[[ONE]]
// CHECK-COUNT-4: "mbarrier.init.shared.b64 [$0], $1;", "l,r,~{memory}" %{{.*}}, %c32_i32
// CHECK: nvvm.barrier0
// CHECK-NEXT: scf.if %[[ONE]]
// CHECK: mbarrier.inval.shared.b64
// CHECK: nvvm.barrier0
// The reduce outside the agents, in the group's scratch region.
// CHECK: %[[GROUP:.*]] = arith.divui %[[TID]], %c32_i32
// CHECK: %[[AT:.*]] = arith.muli %[[GROUP]], %c272_i32
// CHECK: %[[REGION:.*]] = llvm.getelementptr %[[SMEM]][%[[AT]]]
// CHECK: nvvm.barrier0
// The 32 threads fold two elements each and a warp's butterfly (offsets 16
// to 1) the rest; lane 0 writes the partial after the operand.
// CHECK-COUNT-5: nvvm.shfl.sync bfly %c-1_i32, %{{.*}}, %c{{16|8|4|2|1}}_i32, %c31_i32 : i32 -> i32
// CHECK: llvm.getelementptr %[[REGION]][256]
// CHECK: nvvm.barrier0
// CHECK: %[[G:.*]] = arith.index_cast %[[GROUP]] : i32 to index
// CHECK: scf.index_switch %[[G]] {tilec.agents}
// CHECK-NEXT: case 0 {
// CHECK: mbarrier.try_wait.parity
// CHECK: %[[RUN0:.*]] = arith.muli %[[TID]], %c2_i32
// CHECK: llvm.getelementptr %{{.*}}[%[[RUN0]]]
// CHECK: llvm.store
// CHECK: mbarrier.arrive.shared.b64
// CHECK: case 1 {
// CHECK: mbarrier.try_wait.parity
// CHECK: %[[MINE:.*]] = arith.subi %[[TID]], %c32_i32
// CHECK: %[[RUN1:.*]] = arith.muli %[[MINE]], %c2_i32
// CHECK: llvm.load
// CHECK: mbarrier.arrive.shared.b64
// CHECK: %[[REGION1:.*]] = llvm.getelementptr %[[SMEM]][272]
// CHECK: llvm.getelementptr %[[REGION1]][%[[RUN1]]]
// CHECK: nvvm.barrier id = %c2_i32 number_of_threads = %c32_i32
// CHECK: default {
// CHECK: nvvm.barrier0
// CHECK-NEXT: llvm.return
#reg = #nv_tileas<layout reg>
module {
  nv_tileaa.func @agents(%out: !nv_tileaa.ptr<i32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 90>} {
    %p = nv_tileas.async.pipeline.create_pipeline : !nv_tileas.pipeline<tensor<64xi32, #reg>, 2>
    %i = "nv_tileas.iota"() : () -> tensor<64xi32, #reg>
    %r = "nv_tileas.reduce"(%i) ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      "nv_tileas.yield"(%s) : (i32) -> ()
    }) {dim = 0 : i32, identities = [0 : i32]} : (tensor<64xi32, #reg>) -> i32
    nv_tileas.async.pipeline.agent_switch attributes {num_warps = array<i32: 1, 1>} {
      %it = nv_tileas.async.pipeline.create_iterator %p : !nv_tileas.pipeline<tensor<64xi32, #reg>, 2>
      nv_tileas.async.pipeline.produce_one %p, %it : !nv_tileas.pipeline<tensor<64xi32, #reg>, 2> {
        nv_tileas.async.pipeline.yield %i : tensor<64xi32, #reg>
      }
      nv_tileas.async.pipeline.yield
    }, {
      %it = nv_tileas.async.pipeline.create_iterator %p : !nv_tileas.pipeline<tensor<64xi32, #reg>, 2>
      %v = nv_tileas.async.pipeline.consume_one %p, %it : !nv_tileas.pipeline<tensor<64xi32, #reg>, 2> -> tensor<64xi32, #reg> {
      ^bb0(%x: tensor<64xi32, #reg>):
        nv_tileas.async.pipeline.yield %x : tensor<64xi32, #reg>
      }
      %r2 = "nv_tileas.reduce"(%v) ({
      ^bb0(%a: i32, %b: i32):
        %s = arith.addi %a, %b : i32
        "nv_tileas.yield"(%s) : (i32) -> ()
      }) {dim = 0 : i32, identities = [0 : i32]} : (tensor<64xi32, #reg>) -> i32
      nv_tileas.async.pipeline.yield
    }
    nv_tileaa.return
  }
}

// -----

// Global memory outside agents: only group 0 (tid < 32) stores and does
// the atomic; the old values reach group 1 through group 0's scratch region
// (the buffer's start, not tid / 32 * 128), between barriers of the whole
// block. Inside agent 0 the map index is tid itself and the store's barriers
// are named barrier 1.
// CHECK-LABEL: llvm.func @outside
// CHECK-SAME: nvvm.maxntid = array<i32: 64, 1, 1>
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @__tilec_smem
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[LOCAL:.*]] = arith.remui %[[TID]], %c32_i32
// CHECK: %[[AT:.*]] = llvm.getelementptr %arg0[
// CHECK: %[[WRITER:.*]] = arith.cmpi ult, %[[TID]], %c32_i32
// CHECK-NEXT: scf.if %[[WRITER]] {
// CHECK-NEXT: llvm.store %[[LOCAL]], %[[AT]]
// CHECK: %[[OLD:.*]] = scf.if %[[WRITER]] -> (i32) {
// CHECK-NEXT: llvm.atomicrmw add %[[AT]], %[[LOCAL]]
// CHECK: nvvm.barrier0
// CHECK-NEXT: %[[SHARED:.*]] = llvm.getelementptr %[[SMEM]][%[[LOCAL]]]
// CHECK-NEXT: scf.if %[[WRITER]] {
// CHECK-NEXT: llvm.store %[[OLD]], %[[SHARED]]
// CHECK: nvvm.barrier0
// CHECK-NEXT: %[[GOT:.*]] = llvm.load %[[SHARED]]
// CHECK: scf.index_switch
// CHECK-NEXT: case 0 {
// CHECK-NEXT: nvvm.barrier id = %c1_i32 number_of_threads = %c32_i32
// CHECK-NEXT: llvm.store %[[GOT]], %[[AT]]
// CHECK-NEXT: nvvm.barrier id = %c1_i32 number_of_threads = %c32_i32
#reg = #nv_tileas<layout reg>
module {
  nv_tileaa.func @outside(%p: !nv_tileaa.ptr<i32, 1>) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 90>} {
    %ptrs0 = "nv_tileas.reshape"(%p) : (!nv_tileaa.ptr<i32, 1>) -> tensor<1x!nv_tileaa.ptr<i32, 1>, #reg>
    %ptrs = "nv_tileas.broadcast"(%ptrs0) : (tensor<1x!nv_tileaa.ptr<i32, 1>, #reg>) -> tensor<32x!nv_tileaa.ptr<i32, 1>, #reg>
    %off = "nv_tileas.iota"() : () -> tensor<32xi32, #reg>
    %at = "nv_tileas.offset"(%ptrs, %off) : (tensor<32x!nv_tileaa.ptr<i32, 1>, #reg>, tensor<32xi32, #reg>) -> tensor<32x!nv_tileaa.ptr<i32, 1>, #reg>
    %t = "nv_tileas.store_ptr_tko"(%at, %off) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<32x!nv_tileaa.ptr<i32, 1>, #reg>, tensor<32xi32, #reg>) -> !nv_tileaa.mem_token
    %old, %t2 = "nv_tileas.atomic_rmw_tko"(%at, %off) <{memory_ordering_semantics = #nv_tileas<mem_semantic relaxed>, memory_scope = #nv_tileas<mem_scope device>, mode = 3 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (tensor<32x!nv_tileaa.ptr<i32, 1>, #reg>, tensor<32xi32, #reg>) -> (tensor<32xi32, #reg>, !nv_tileaa.mem_token)
    nv_tileas.async.pipeline.agent_switch attributes {num_warps = array<i32: 1, 1>} {
      %t3 = "nv_tileas.store_ptr_tko"(%at, %old) {memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<32x!nv_tileaa.ptr<i32, 1>, #reg>, tensor<32xi32, #reg>) -> !nv_tileaa.mem_token
      nv_tileas.async.pipeline.yield
    }, {
      nv_tileas.async.pipeline.yield
    }
    nv_tileaa.return
  }
}
