// RUN: tilec-opt --pass-pipeline='builtin.module(convert-tileaa-to-tileas{compute-capability=sm_90})' %s | FileCheck %s
// RUN: tilec-opt --pass-pipeline='builtin.module(convert-tileaa-to-tileas{compute-capability=sm_90})' %s | tilec-opt > /dev/null

// Queues and execute stay nv_tileaa through the conversion:
// tileas-queue-to-pipeline (seed 001) consumes them later. The ops
// inside the agent region are converted like any other.

// CHECK-LABEL: nv_tileaa.func @producer_consumer
nv_tileaa.func @producer_consumer(%v: tensor<4xf32>, %n: i32) -> tensor<4xf32> {
  // CHECK: %[[Q:.*]] = nv_tileaa.queue.create : <tensor<4xf32, #reg>, 2>
  %q = nv_tileaa.queue.create : !nv_tileaa.queue<tensor<4xf32>, 2>
  %c0 = "nv_tileaa.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
  %c1 = "nv_tileaa.constant"() <{value = dense<1> : tensor<i32>}> : () -> i32
  // CHECK: nv_tileaa.execute {
  nv_tileaa.execute {
    // CHECK: scf.for
    "scf.for"(%c0, %n, %c1) ({
    ^bb0(%i: i32):
      // CHECK: arith.addf
      %w = "nv_tileaa.addf"(%v, %v) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      // CHECK: nv_tileaa.queue.put %[[Q]][%{{.*}}], %{{.*}} : <tensor<4xf32, #reg>, 2>, i32
      nv_tileaa.queue.put %q[%i], %w : !nv_tileaa.queue<tensor<4xf32>, 2>, i32
      "scf.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    // CHECK: nv_tileaa.execute.yield
    nv_tileaa.execute.yield
  }
  // CHECK: nv_tileaa.queue.get %[[Q]][%{{.*}}] : <tensor<4xf32, #reg>, 2>, i32
  %r = nv_tileaa.queue.get %q[%c0] : !nv_tileaa.queue<tensor<4xf32>, 2>, i32
  // CHECK: nv_tileaa.mark_for_reuse
  "nv_tileaa.mark_for_reuse"(%q) : (!nv_tileaa.queue<tensor<4xf32>, 2>) -> ()
  nv_tileaa.return %r : tensor<4xf32>
}
