// RUN: tilec-opt --tileaa-assign-atoms %s | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @atoms
nv_tileaa.func @atoms(%p: !nv_tileaa.ptr<f16, 1>, %n: i32, %ptrs: tensor<8x!nv_tileaa.ptr<f16, 1>>) attributes {nv_tileaa.kernel} {
  %m = "nv_tileaa.make_memref"(%p, %n) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!nv_tileaa.ptr<f16, 1>, i32) -> !nv_tileaa.memref<?x64xf16, strides=[64, 1], 1>
  %v = "nv_tileaa.make_tiled_view"(%m) : (!nv_tileaa.memref<?x64xf16, strides=[64, 1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[4, 32], !nv_tileaa.memref<?x64xf16, strides=[64, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>
  %c = "nv_tileaa.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
  // 32 contiguous f16: 16 bytes = 8 elements per vector.
  // CHECK: nv_tileaa.tiled_load{{.*}} {copy_atom = #nv_tileaa.copy_atom<"tiled", 8>,
  %t, %tok = "nv_tileaa.tiled_load"(%v, %c, %c) <{memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 0>}> : (!nv_tileaa.tiled_view<partition, tile=[4, 32], !nv_tileaa.memref<?x64xf16, strides=[64, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> (tensor<4x32xf16>, !nv_tileaa.mem_token)
  // A witness already there is kept.
  // CHECK: nv_tileaa.tiled_store{{.*}} {copy_atom = #nv_tileaa.copy_atom<"tma", 2>,
  %s = "nv_tileaa.tiled_store"(%t, %v, %c, %c) <{memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 2, 0>}> {copy_atom = #nv_tileaa.copy_atom<"tma", 2>} : (tensor<4x32xf16>, !nv_tileaa.tiled_view<partition, tile=[4, 32], !nv_tileaa.memref<?x64xf16, strides=[64, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1>, i32, i32) -> !nv_tileaa.mem_token
  // Pointer tiles gather element by element.
  // CHECK: nv_tileaa.load_ptr_tko{{.*}} {copy_atom = #nv_tileaa.copy_atom<"gather", 1>,
  %g, %tok2 = "nv_tileaa.load_ptr_tko"(%ptrs) <{memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<8x!nv_tileaa.ptr<f16, 1>>) -> (tensor<8xf16>, !nv_tileaa.mem_token)
  // Innermost reductions shuffle within a warp, others go through smem.
  // CHECK: }) {dim = 1 : i32, identities = [0.000000e+00 : f16], reduce_atom = #nv_tileaa.reduce_atom<"warp_shfl_xor">}
  %r1 = "nv_tileaa.reduce"(%t) <{dim = 1 : i32, identities = [0.0 : f16]}> ({
  ^bb0(%e: f16, %a: f16):
    %x = "nv_tileaa.addf"(%e, %a) : (f16, f16) -> f16
    "nv_tileaa.yield"(%x) : (f16) -> ()
  }) : (tensor<4x32xf16>) -> tensor<4xf16>
  // CHECK: }) {dim = 0 : i32, identities = [0.000000e+00 : f16], reduce_atom = #nv_tileaa.reduce_atom<"smem_tree">}
  %r0 = "nv_tileaa.reduce"(%t) <{dim = 0 : i32, identities = [0.0 : f16]}> ({
  ^bb0(%e: f16, %a: f16):
    %x = "nv_tileaa.addf"(%e, %a) : (f16, f16) -> f16
    "nv_tileaa.yield"(%x) : (f16) -> ()
  }) : (tensor<4x32xf16>) -> tensor<32xf16>
  nv_tileaa.return
}
