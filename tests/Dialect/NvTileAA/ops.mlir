// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt --mlir-print-op-generic %s | tilec-opt | FileCheck %s

// CHECK: nv_tileaa.func @k(%{{.*}}: !nv_tileaa.ptr<f32, 1>, %{{.*}}: i32) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8, clusterDim = [2, 1, 1], computeCapability = 90>}
nv_tileaa.func @k(%p: !nv_tileaa.ptr<f32, 1>, %n: i32) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8, clusterDim = [2, 1, 1], computeCapability = 90>} {
  // CHECK: !nv_tileaa.memref<?x?xf32, strides=[?, 1], 1>
  %m = "nv_tileaa.make_memref"(%p, %n, %n, %n) <{operandSegmentSizes = array<i32: 1, 2, 1>}> : (!nv_tileaa.ptr<f32, 1>, i32, i32, i32) -> !nv_tileaa.memref<?x?xf32, strides=[?, 1], 1>
  // CHECK: !nv_tileaa.tiled_view<strided, tile=[4, 4], !nv_tileaa.memref<?x?xf32, strides=[?, 1], 1>, dim_map=[1, 0], traversal_strides=[2, 2], sparse_dim=-1, padding_value=#cuda_tile.padding_value<nan>>
  %v = "nv_tileaa.make_tiled_view"(%m) : (!nv_tileaa.memref<?x?xf32, strides=[?, 1], 1>) -> !nv_tileaa.tiled_view<strided, tile=[4, 4], !nv_tileaa.memref<?x?xf32, strides=[?, 1], 1>, dim_map=[1, 0], traversal_strides=[2, 2], sparse_dim=-1, padding_value=#cuda_tile.padding_value<nan>>
  // CHECK: !nv_tileaa.tiled_view<gather_scatter, tile=[4, 4], !nv_tileaa.memref<?x?xf32, strides=[?, 1], 1>, dim_map=[], traversal_strides=[], sparse_dim=0>
  %g = "nv_tileaa.make_tiled_view"(%m) : (!nv_tileaa.memref<?x?xf32, strides=[?, 1], 1>) -> !nv_tileaa.tiled_view<gather_scatter, tile=[4, 4], !nv_tileaa.memref<?x?xf32, strides=[?, 1], 1>, dim_map=[], traversal_strides=[], sparse_dim=0>
  // CHECK: nv_tileaa.index_space_shape
  %i0, %i1 = "nv_tileaa.index_space_shape"(%v) : (!nv_tileaa.tiled_view<strided, tile=[4, 4], !nv_tileaa.memref<?x?xf32, strides=[?, 1], 1>, dim_map=[1, 0], traversal_strides=[2, 2], sparse_dim=-1, padding_value=#cuda_tile.padding_value<nan>>) -> (i32, i32)
  // CHECK: scf.for
  %c0 = "nv_tileaa.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
  %c1 = "nv_tileaa.constant"() <{value = dense<1> : tensor<i32>}> : () -> i32
  %s = "scf.for"(%c0, %n, %c1, %c0) ({
  ^bb0(%iv: i32, %acc: i32):
    %x = "nv_tileaa.addi"(%iv, %acc) : (i32, i32) -> i32
    "scf.yield"(%x) : (i32) -> ()
  }) : (i32, i32, i32, i32) -> i32
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @queues(%{{.*}}: !nv_tileaa.queue<tensor<4xf32>, 2>)
nv_tileaa.func @queues(%q: !nv_tileaa.queue<tensor<4xf32>, 2>) {
  // CHECK: nv_tileaa.mark_for_reuse
  "nv_tileaa.mark_for_reuse"(%q) : (!nv_tileaa.queue<tensor<4xf32>, 2>) -> ()
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @queue_agents
nv_tileaa.func @queue_agents(%v: tensor<4xf32>, %i: index) {
  // CHECK: %[[Q:.*]] = nv_tileaa.queue.create : <tensor<4xf32>, 2>
  %q = nv_tileaa.queue.create : !nv_tileaa.queue<tensor<4xf32>, 2>
  %c0 = "nv_tileaa.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
  // CHECK: nv_tileaa.execute {
  // CHECK-NEXT: nv_tileaa.queue.put %[[Q]][%{{.*}}], %{{.*}} : <tensor<4xf32>, 2>, i32
  // CHECK-NEXT: nv_tileaa.queue.put %[[Q]][%{{.*}}], %{{.*}} : <tensor<4xf32>, 2>, index
  // CHECK-NEXT: nv_tileaa.execute.yield
  // CHECK-NEXT: }
  nv_tileaa.execute {
    nv_tileaa.queue.put %q[%c0], %v : !nv_tileaa.queue<tensor<4xf32>, 2>, i32
    nv_tileaa.queue.put %q[%i], %v : !nv_tileaa.queue<tensor<4xf32>, 2>, index
    nv_tileaa.execute.yield
  }
  // CHECK: nv_tileaa.queue.get %[[Q]][%{{.*}}] : <tensor<4xf32>, 2>, i32
  %w = nv_tileaa.queue.get %q[%c0] : !nv_tileaa.queue<tensor<4xf32>, 2>, i32
  // CHECK: nv_tileaa.queue.get %[[Q]][%{{.*}}] : <tensor<4xf32>, 2>, index
  %x = nv_tileaa.queue.get %q[%i] : !nv_tileaa.queue<tensor<4xf32>, 2>, index
  nv_tileaa.return
}
