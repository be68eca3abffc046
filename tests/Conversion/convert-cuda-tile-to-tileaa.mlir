// RUN: tilec-opt --convert-cuda-tile-to-tileaa %s | FileCheck %s
// The output parses again and converts to nothing new.
// RUN: tilec-opt --convert-cuda-tile-to-tileaa %s | tilec-opt | FileCheck %s

// The cuda_tile.module dissolves into the builtin module, which takes its
// name; entries become kernels.
// CHECK-LABEL: module @kernels
cuda_tile.module @kernels {
  // Globals keep their data, retyped from tile to tensor.
  // CHECK: nv_tileaa.global {alignment = 0 : i64, sym_name = "g", symbol_visibility = 0 : i32, value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>} : () -> ()
  global @g <f32: [1.0, 2.0]> : tile<2xf32>

  // Types: rank-0 tiles are scalars, tiles tensors, pointers carry address
  // space 1, views are memrefs and tiled views.
  // CHECK: nv_tileaa.func @types(%{{.*}}: !nv_tileaa.ptr<f32, 1>, %{{.*}}: i32) attributes {nv_tileaa.kernel}
  entry @types(%p: tile<ptr<f32>>, %n: tile<i32>) {
    // CHECK: nv_tileaa.make_token : !nv_tileaa.mem_token
    %t = make_token : token
    // CHECK: nv_tileaa.make_memref %{{.*}}, %{{.*}} {operandSegmentSizes = array<i32: 1, 1, 0>} : (!nv_tileaa.ptr<f32, 1>, i32) -> !nv_tileaa.memref<?x16xf32, strides=[16, 1], 1>
    %tv = make_tensor_view %p, shape = [%n, 16], strides = [16, 1] : tile<i32> -> tensor_view<?x16xf32, strides=[16,1]>
    // CHECK: nv_tileaa.make_tiled_view %{{.*}} : {{.*}} -> !nv_tileaa.tiled_view<partition, tile=[4, 16], !nv_tileaa.memref<?x16xf32, strides=[16, 1], 1>, dim_map=[0, 1], traversal_strides=[], sparse_dim=-1, padding_value=#cuda_tile.padding_value<zero>>
    %pv = make_partition_view %tv : partition_view<tile=(4x16), padding_value = zero, tensor_view<?x16xf32, strides=[16,1]>>
    // Memory orderings are re-keyed into nv_tileaa's enums.
    // CHECK: nv_tileaa.tiled_load {{.*}} {memory_ordering_semantics = #nv_tileaa<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 2, 1>} : ({{.*}}, i32, i32, !nv_tileaa.mem_token) -> (tensor<4x16xf32>, !nv_tileaa.mem_token)
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t2 = load_view_tko weak %pv[%c0, %c0] token = %t : partition_view<tile=(4x16), padding_value = zero, tensor_view<?x16xf32, strides=[16,1]>>, tile<i32> -> tile<4x16xf32>, token
    // CHECK: nv_tileaa.memref_shape %{{.*}} : (!nv_tileaa.memref<?x16xf32, strides=[16, 1], 1>) -> (i32, i32)
    %d0, %d1 = get_tensor_shape %tv : tensor_view<?x16xf32, strides=[16,1]> -> tile<i32>
    // CHECK: nv_tileaa.tiled_store {{.*}} {memory_ordering_semantics = #nv_tileaa<mem_semantic relaxed>, memory_scope = #nv_tileaa<mem_scope device>, operandSegmentSizes = array<i32: 1, 1, 2, 1>}
    %t3 = store_view_tko relaxed device %x, %pv[%c0, %c0] token = %t2 : tile<4x16xf32>, partition_view<tile=(4x16), padding_value = zero, tensor_view<?x16xf32, strides=[16,1]>>, tile<i32> -> token
    // CHECK: nv_tileaa.return
    return
  }

  // Mirrored ops keep their names and attributes; reduce bodies take
  // scalars.
  // Functions that are not entries are not kernels.
  // CHECK: nv_tileaa.func @mirrors(%[[A:.*]]: tensor<8x4xf32>, %[[B:.*]]: tensor<8x4xf32>, %[[I:.*]]: tensor<8x4xi32>, %{{.*}}: tensor<4x!nv_tileaa.ptr<i8, 1>>) {
  testing$func @mirrors(%a: tile<8x4xf32>, %b: tile<8x4xf32>, %i: tile<8x4xi32>, %ptrs: tile<4xptr<i8>>) {
    // CHECK: nv_tileaa.addf %[[A]], %[[B]] {rounding_mode = #cuda_tile.rounding<zero>} : tensor<8x4xf32>
    %s = addf %a, %b rounding<zero> : tile<8x4xf32>
    // CHECK: nv_tileaa.divi %[[I]], %[[I]] {rounding = #cuda_tile.rounding<negative_inf>, signedness = #cuda_tile.signedness<signed>}
    %q = divi %i, %i signed rounding<negative_inf> : tile<8x4xi32>
    // CHECK: nv_tileaa.reduce %{{.*}} ({
    // CHECK-NEXT: ^bb0(%[[E:.*]]: f32, %[[ACC:.*]]: f32):
    // CHECK-NEXT: %[[N:.*]] = nv_tileaa.addf %[[E]], %[[ACC]]
    // CHECK-NEXT: nv_tileaa.yield %[[N]] : (f32) -> ()
    // CHECK-NEXT: }) {dim = 1 : i32, identities = [0.000000e+00 : f32]} : (tensor<8x4xf32>) -> tensor<8xf32>
    %r = reduce %s dim=1 identities=[0.0 : f32] : tile<8x4xf32> -> tile<8xf32>
      (%e: tile<f32>, %acc: tile<f32>) {
        %n = addf %e, %acc : tile<f32>
        yield %n : tile<f32>
      }
    return
  }

  // MMA forms take nv_tileaa's names.
  // CHECK-LABEL: nv_tileaa.func @mma
  testing$func @mma(%a: tile<16x8xf16>, %b: tile<8x16xf16>, %c: tile<16x16xf32>,
             %ia: tile<16x32xi8>, %ib: tile<32x16xi8>, %ic: tile<16x16xi32>) {
    // CHECK: nv_tileaa.dot %{{.*}}, %{{.*}}, %{{.*}} : (tensor<16x8xf16>, tensor<8x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %d = mmaf %a, %b, %c : tile<16x8xf16>, tile<8x16xf16>, tile<16x16xf32>
    // CHECK: nv_tileaa.dot_int {{.*}} {signedness_lhs = #cuda_tile.signedness<signed>, signedness_rhs = #cuda_tile.signedness<unsigned>}
    %e = mmai %ia, %ib, %ic signed unsigned : tile<16x32xi8>, tile<32x16xi8>, tile<16x16xi32>
    return
  }

  // An early return inside an if becomes a flag (cuda-tile-lower-early-exits
  // runs first): the rest runs under scf.if, the function returns once.
  // CHECK-LABEL: nv_tileaa.func @early
  // CHECK: %[[K:.*]] = scf.if %{{.*}} -> (i32) {
  // CHECK: %[[GO:.*]] = nv_tileaa.cmpi %[[K]], %{{.*}}
  // CHECK: scf.if %[[GO]] -> (i32)
  // CHECK: nv_tileaa.return
  // CHECK-NOT: nv_tileaa.return
  entry @early(%c: tile<i1>) {
    if %c {
      return
    }
    return
  }

  // Structured control flow is upstream scf: for keeps its unsigned
  // comparison, a loop is one scf.while whose condition is the negated break
  // flag, carrying the continue values and then the break values.
  // CHECK-LABEL: nv_tileaa.func @loops
  // CHECK: %[[F:.*]] = scf.for unsigned %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (i32)  : i32 {
  // CHECK: scf.yield %{{.*}} : i32
  // CHECK: %[[W:.*]]:2 = scf.while (%[[X:.*]] = %[[F]]) : (i32) -> (i32, i32) {
  // CHECK: %[[GO:.*]] = arith.xori %{{.*}}, %true : i1
  // CHECK: scf.condition(%[[GO]]) %{{.*}}, %{{.*}} : i32, i32
  // CHECK: } do {
  // CHECK: ^bb0(%{{.*}}: i32, %{{.*}}: i32):
  // CHECK: scf.yield %{{.*}} : i32
  // CHECK: nv_tileaa.print_tko %[[W]]#1
  entry @loops(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %s = for unsigned %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %a = addi %acc, %i : tile<i32>
      continue %a : tile<i32>
    }
    %r = loop iter_values(%x = %s) : tile<i32> -> tile<i32> {
      %done = cmpi greater_than %x, %n, signed : tile<i32> -> tile<i1>
      if %done {
        break %x : tile<i32>
      }
      %y = addi %x, %c1 : tile<i32>
      continue %y : tile<i32>
    }
    %t = print_tko "%d", %r : tile<i32> -> token
    return
  }
}
