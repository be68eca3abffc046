// The async pipeline ops below nv_tileas (Pipelines.cpp): each pipeline is
// an area of the dynamic shared memory after the scratch buffer, S full
// and S empty mbarriers then S slots of 16-aligned bytes; thread 0
// initializes every mbarrier with the tile block's thread count between two
// barriers; an iterator is its i64 position n (stage n mod S, parity
// (n / S) mod 2). Acquire spins on empty[stage] with the other parity,
// wait on full[stage] with the parity; commit arrives on full, release on
// empty; write stores the owners' slots, read loads every slot.
// produce_one and consume_one are expanded into those steps first.
// Here: 32 threads, a 2-stage pipeline of tensor<64xf32> (32 + 2 * 256 =
// 544 bytes at 0) and a 3-stage pipeline of i1 (48 + 3 * 16 = 96 bytes
// at 544).
// RUN: tilec-opt %s --convert-tileas-to-llvm | FileCheck %s
// RUN: tilec-opt %s --convert-tileas-to-llvm --canonicalize --cse | FileCheck %s --check-prefix=FOLDED
// sm_80 has no try_wait; from sm_90 on the waits are seed 001's
// try_wait.parity loop.
// RUN: sed 's/computeCapability = 80/computeCapability = 90/' %s | tilec-opt --convert-tileas-to-llvm | FileCheck %s --check-prefix=SM90
// SM90-NOT: test_wait
// SM90-COUNT-4: mbarrier.try_wait.parity.shared.b64
// SM90-NOT: test_wait

// CHECK: module attributes {tilec.dynamic_shared_memory = 640 : i64}
// At the kernel's entry one thread initializes every mbarrier once (each
// create_pipeline puts its own first: the i1 pipeline's 6 at 544, then the
// tensor pipeline's 4 at 0), with the thread count.
// CHECK: llvm.func @k
// CHECK: llvm.getelementptr %{{.*}}[%c544_i64]
// CHECK-NEXT: scf.if
// CHECK-COUNT-6: "mbarrier.init.shared.b64 [$0], $1;", "l,r,~{memory}" %{{.*}}, %c32_i32
// CHECK: llvm.getelementptr %{{.*}}[%c0_i64]
// CHECK-NEXT: scf.if
// CHECK-COUNT-4: "mbarrier.init.shared.b64 [$0], $1;", "l,r,~{memory}" %{{.*}}, %c32_i32
// Each create_pipeline then: a barrier, one thread invalidates and
// initializes each mbarrier afresh (a pipeline created again in a loop),
// a barrier.
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}]
// CHECK-NEXT: nvvm.barrier0
// CHECK: scf.if
// CHECK: "mbarrier.inval.shared.b64 [$0];", "l,~{memory}" %[[AT:.*]] :
// CHECK-NEXT: "mbarrier.init.shared.b64 [$0], $1;", "l,r,~{memory}" %[[AT]], %c32_i32
// CHECK: nvvm.barrier0
// CHECK: nvvm.barrier0
// CHECK: scf.if
// CHECK: nvvm.barrier0
// RUN: tilec-opt %s --convert-tileas-to-llvm | grep -c 'mbarrier.inval' | FileCheck %s --check-prefix=INVAL
// INVAL: {{^}}10{{$}}

// Acquire: empty[stage] is at (stage + 2) * 8, parity flipped.
// CHECK: %[[STAGE:.*]] = arith.remui %[[N:.*]], %c2_i64
// CHECK: %[[ROUND:.*]] = arith.divui %[[N]], %c2_i64
// CHECK: %[[EMPTY:.*]] = arith.addi %[[STAGE]], %c2_i64
// CHECK: %[[AT:.*]] = arith.muli %[[EMPTY]], %c8_i64
// CHECK: llvm.getelementptr %[[P]][%[[AT]]]
// CHECK: arith.xori %{{.*}}, %c1_i32
// CHECK: scf.while
// CHECK-NEXT: llvm.inline_asm has_side_effects "{{.*}}mbarrier.test_wait.parity.shared.b64 %tc_done, [$1], $2;{{.*}}", "=r,l,r,~{memory}"
// Write: the slot of the stage at 32 + stage * 256, each owner its run of
// two elements with one 8-byte store.
// CHECK: arith.muli %{{.*}}, %c256_i64
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// Commit: an arrival on full[stage].
// CHECK: llvm.inline_asm has_side_effects "{{.*}}mbarrier.arrive.shared.b64 %tc_state, [$0];{{.*}}", "l,~{memory}"
// Wait on full[stage] with the phase's parity (not flipped), then the
// thread's run of two elements with one 8-byte load.
// CHECK-NOT: arith.xori
// CHECK: scf.while
// CHECK-NEXT: mbarrier.test_wait.parity
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xf32>
// Release: an arrival on empty[stage].
// CHECK: mbarrier.arrive.shared.b64
// The i1 pipeline: thread 0 writes the scalar as a byte at 544 + 48 +
// stage * 16, every thread reads it back.
// CHECK: %c48_i64
// CHECK: scf.if
// CHECK-NEXT: arith.extui %{{.*}} : i1 to i8
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} {alignment = 1 : i64} : i8, !llvm.ptr<3>
// CHECK: mbarrier.arrive.shared.b64
// CHECK: mbarrier.test_wait.parity
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK-NEXT: arith.trunci %{{.*}} : i8 to i1
// CHECK: mbarrier.arrive.shared.b64

// Folded: position 0 is stage 0 parity 0, so the acquire waits on the
// empty mbarrier at 16 for parity 1 (a fresh mbarrier has completed it).
// FOLDED: %[[SMEM:.*]] = llvm.mlir.addressof @__tilec_smem
// FOLDED: arith.sitofp
// FOLDED-NEXT: arith.sitofp
// FOLDED-NEXT: %[[E0:.*]] = llvm.getelementptr %[[SMEM]][16]
// FOLDED-NEXT: %[[E0A:.*]] = llvm.ptrtoint %[[E0]]
// FOLDED-NEXT: scf.while
// FOLDED-NEXT: mbarrier.test_wait.parity{{.*}} %[[E0A]], %c1_i32
#reg = #nv_tileas<layout reg>
module {
  nv_tileaa.func @k(%p: !nv_tileaa.ptr<f32, 1>, %flag: i1) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1, clusterDim = [1, 1, 1], computeCapability = 80>} {
    %pl = nv_tileas.async.pipeline.create_pipeline : !nv_tileas.pipeline<tensor<64xf32, #reg>, 2>
    %q = nv_tileas.async.pipeline.create_pipeline : !nv_tileas.pipeline<i1, 3>
    %it = nv_tileas.async.pipeline.create_iterator %pl : !nv_tileas.pipeline<tensor<64xf32, #reg>, 2>
    %i = "nv_tileas.iota"() : () -> tensor<64xi32, #reg>
    %v = arith.sitofp %i : tensor<64xi32, #reg> to tensor<64xf32, #reg>
    nv_tileas.async.pipeline.producer_acquire %pl, %it : !nv_tileas.pipeline<tensor<64xf32, #reg>, 2>
    nv_tileas.async.pipeline.producer_write %pl, %it, %v : !nv_tileas.pipeline<tensor<64xf32, #reg>, 2>
    nv_tileas.async.pipeline.producer_commit %pl, %it : !nv_tileas.pipeline<tensor<64xf32, #reg>, 2>
    nv_tileas.async.pipeline.consumer_wait %pl, %it : !nv_tileas.pipeline<tensor<64xf32, #reg>, 2>
    %r = nv_tileas.async.pipeline.consumer_read %pl, %it : !nv_tileas.pipeline<tensor<64xf32, #reg>, 2>
    nv_tileas.async.pipeline.consumer_release %pl, %it : !nv_tileas.pipeline<tensor<64xf32, #reg>, 2>
    %next = nv_tileas.async.pipeline.increment_iterator %it
    %jt = nv_tileas.async.pipeline.create_iterator %q : !nv_tileas.pipeline<i1, 3>
    nv_tileas.async.pipeline.produce_one %q, %jt : !nv_tileas.pipeline<i1, 3> {
      nv_tileas.async.pipeline.yield %flag : i1
    }
    %b = nv_tileas.async.pipeline.consume_one %q, %jt : !nv_tileas.pipeline<i1, 3> -> i1 {
    ^bb0(%a: i1):
      nv_tileas.async.pipeline.yield %a : i1
    }
    nv_tileaa.return
  }
}
