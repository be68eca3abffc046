// RUN: tilec-opt %s | tilec-opt | FileCheck %s

// Layouts are tensor encodings, printed through aliases.
// CHECK: #mma_a = #nv_tileas<layout mma_a>
// CHECK: #reg = #nv_tileas<layout reg>

// CHECK-LABEL: nv_tileaa.func @k
nv_tileaa.func @k(%a: tensor<64x16xf16>, %b: tensor<16x64xf16>, %c: tensor<64x64xf32>,
                  %sa: tensor<64x1xf8E8M0FNU>, %sb: tensor<1x64xf8E8M0FNU>,
                  %fa: tensor<64x32xf8E4M3FN>, %fb: tensor<32x64xf8E4M3FN>) {
  // CHECK: nv_tileas.dot %{{.*}} {atom = #nv_tileas<atom wgmma_f16_f16_f32>}
  %d = "nv_tileas.dot"(%a, %b, %c) <{atom = #nv_tileas<atom wgmma_f16_f16_f32>}> : (tensor<64x16xf16>, tensor<16x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
  // CHECK: nv_tileas.block_scaled_mma %{{.*}} {atom = #nv_tileas<atom umma_bs_f8E4M3FN_f8E4M3FN_f32>, cta_group = 2 : i32}
  %e = "nv_tileas.block_scaled_mma"(%fa, %fb, %c, %sa, %sb) <{atom = #nv_tileas<atom umma_bs_f8E4M3FN_f8E4M3FN_f32>, cta_group = 2 : i32}> : (tensor<64x32xf8E4M3FN>, tensor<32x64xf8E4M3FN>, tensor<64x64xf32>, tensor<64x1xf8E8M0FNU>, tensor<1x64xf8E8M0FNU>) -> tensor<64x64xf32>
  // CHECK: nv_tileas.addf %{{.*}} {rounding_mode = #cuda_tile.rounding<positive_inf>}
  %g = "nv_tileas.addf"(%c, %c) <{rounding_mode = #cuda_tile.rounding<positive_inf>}> : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @layouts
// CHECK-SAME: attributes {nv_tileas.layouts}
nv_tileaa.func @layouts(%a: tensor<64x16xf16, #nv_tileas<layout reg>>) attributes {nv_tileas.layouts} {
  // CHECK: nv_tileas.convert_layout %{{.*}} : (tensor<64x16xf16, #reg>) -> tensor<64x16xf16, #mma_a>
  %f = "nv_tileas.convert_layout"(%a) : (tensor<64x16xf16, #nv_tileas<layout reg>>) -> tensor<64x16xf16, #nv_tileas<layout mma_a>>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @smem
nv_tileaa.func @smem(%t: tensor<16x8xf16>) {
  // CHECK: nv_tileas.alloc_tensor {offset = 256 : i64} : !nv_tileas.smem<16x8xf16>
  %b = "nv_tileas.alloc_tensor"() <{offset = 256 : i64}> : () -> !nv_tileas.smem<16x8xf16>
  // CHECK: nv_tileas.copy
  "nv_tileas.copy"(%t, %b) : (tensor<16x8xf16>, !nv_tileas.smem<16x8xf16>) -> ()
  // CHECK: nv_tileas.smem_load
  %u = "nv_tileas.smem_load"(%b) : (!nv_tileas.smem<16x8xf16>) -> tensor<16x8xf16>
  // CHECK: nv_tileas.shuffle %{{.*}} {source_index = array<i64: 1, 0>} : tensor<2xi32>
  %c = "nv_tileas.constant"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "nv_tileas.shuffle"(%c) <{source_index = array<i64: 1, 0>}> : (tensor<2xi32>) -> tensor<2xi32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @pipelines
nv_tileaa.func @pipelines(%v: tensor<4xf32>) {
  // CHECK: %[[P:.*]] = nv_tileas.async.pipeline.create_pipeline {consumer_group_size = 128 : i32} : <tensor<4xf32>, 2>
  %p = nv_tileas.async.pipeline.create_pipeline {consumer_group_size = 128 : i32} : !nv_tileas.pipeline<tensor<4xf32>, 2>
  // CHECK: %[[IT:.*]] = nv_tileas.async.pipeline.create_iterator %[[P]] : <tensor<4xf32>, 2>
  %it = nv_tileas.async.pipeline.create_iterator %p : !nv_tileas.pipeline<tensor<4xf32>, 2>
  // CHECK: %[[IT1:.*]] = nv_tileas.async.pipeline.increment_iterator %[[IT]]
  %it1 = nv_tileas.async.pipeline.increment_iterator %it
  // CHECK: nv_tileas.async.pipeline.agent_switch attributes {num_warps = array<i32: 1, 4>} {
  nv_tileas.async.pipeline.agent_switch attributes {num_warps = array<i32: 1, 4>} {
    // CHECK-NEXT: nv_tileas.async.pipeline.producer_acquire %[[P]], %[[IT]] : <tensor<4xf32>, 2>
    nv_tileas.async.pipeline.producer_acquire %p, %it : !nv_tileas.pipeline<tensor<4xf32>, 2>
    // CHECK-NEXT: nv_tileas.async.pipeline.producer_write %[[P]], %[[IT]], %{{.*}} : <tensor<4xf32>, 2>
    nv_tileas.async.pipeline.producer_write %p, %it, %v : !nv_tileas.pipeline<tensor<4xf32>, 2>
    // CHECK-NEXT: nv_tileas.async.pipeline.producer_commit %[[P]], %[[IT]] : <tensor<4xf32>, 2>
    nv_tileas.async.pipeline.producer_commit %p, %it : !nv_tileas.pipeline<tensor<4xf32>, 2>
    // CHECK-NEXT: nv_tileas.async.pipeline.produce_one %[[P]], %[[IT1]] : <tensor<4xf32>, 2> {
    // CHECK-NEXT: nv_tileas.async.pipeline.yield %{{.*}} : tensor<4xf32>
    nv_tileas.async.pipeline.produce_one %p, %it1 : !nv_tileas.pipeline<tensor<4xf32>, 2> {
      nv_tileas.async.pipeline.yield %v : tensor<4xf32>
    }
    nv_tileas.async.pipeline.yield
  // CHECK: }, {
  }, {
    // CHECK-NEXT: nv_tileas.async.pipeline.consumer_wait %[[P]], %[[IT]] : <tensor<4xf32>, 2>
    nv_tileas.async.pipeline.consumer_wait %p, %it : !nv_tileas.pipeline<tensor<4xf32>, 2>
    // CHECK-NEXT: nv_tileas.async.pipeline.consumer_read %[[P]], %[[IT]] : <tensor<4xf32>, 2>
    %r = nv_tileas.async.pipeline.consumer_read %p, %it : !nv_tileas.pipeline<tensor<4xf32>, 2>
    // CHECK-NEXT: nv_tileas.async.pipeline.consumer_release %[[P]], %[[IT]] : <tensor<4xf32>, 2>
    nv_tileas.async.pipeline.consumer_release %p, %it : !nv_tileas.pipeline<tensor<4xf32>, 2>
    // CHECK-NEXT: nv_tileas.async.pipeline.consume_one %[[P]], %[[IT1]] : <tensor<4xf32>, 2> -> tensor<4xf32> {
    // CHECK-NEXT: ^bb0(%{{.*}}: tensor<4xf32>):
    %s = nv_tileas.async.pipeline.consume_one %p, %it1 : !nv_tileas.pipeline<tensor<4xf32>, 2> -> tensor<4xf32> {
    ^bb0(%x: tensor<4xf32>):
      %d = arith.addf %x, %r : tensor<4xf32>
      nv_tileas.async.pipeline.yield %d : tensor<4xf32>
    }
    // A consume_one without results.
    // CHECK: nv_tileas.async.pipeline.consume_one %[[P]], %[[IT1]] : <tensor<4xf32>, 2> {
    nv_tileas.async.pipeline.consume_one %p, %it1 : !nv_tileas.pipeline<tensor<4xf32>, 2> {
    ^bb0(%x: tensor<4xf32>):
      nv_tileas.async.pipeline.yield
    }
    nv_tileas.async.pipeline.yield
  }
  // CHECK: nv_tileas.async.pipeline.agent_switch {
  nv_tileas.async.pipeline.agent_switch {
    nv_tileas.async.pipeline.yield
  }
  // CHECK: %[[T:.*]] = nv_tileas.create_none : !nv_tileas.token
  %t = nv_tileas.create_none : !nv_tileas.token
  // CHECK: %[[F:.*]] = nv_tileas.async.to_async %{{.*}} : tensor<4xf32>
  %f = nv_tileas.async.to_async %v : tensor<4xf32>
  // CHECK: nv_tileas.async.future_wait %[[F]] : <tensor<4xf32>>
  %g = nv_tileas.async.future_wait %f : !nv_tileas.future<tensor<4xf32>>
  // CHECK: nv_tileas.async.wait %[[T]]
  nv_tileas.async.wait %t
  nv_tileaa.return
}
