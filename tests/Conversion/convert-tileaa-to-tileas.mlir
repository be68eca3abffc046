// RUN: tilec-opt --pass-pipeline='builtin.module(convert-tileaa-to-tileas{compute-capability=sm_90})' %s | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: tilec-opt --pass-pipeline='builtin.module(convert-tileaa-to-tileas)' %s | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: tilec-opt --pass-pipeline='builtin.module(convert-tileaa-to-tileas{compute-capability=sm_100a})' %s | FileCheck %s --check-prefixes=CHECK,SM100
// Tensor memory is assignable from sm_100 (convert-tileaa-to-tileas-errors.mlir: not before).
// RUN: tilec-opt --pass-pipeline='builtin.module(convert-tileaa-to-tileas{compute-capability=sm_100a})' %S/Inputs/tmem-layout.mlir | FileCheck %S/Inputs/tmem-layout.mlir
// The output parses again.
// RUN: tilec-opt --pass-pipeline='builtin.module(convert-tileaa-to-tileas{compute-capability=sm_100a})' %s | tilec-opt > /dev/null

// The module records the target; kernels get the kernel spec, other
// functions do not. func/return stay nv_tileaa (seed 002).
// SM90: module attributes {nv_tileaa.compute_capability = 90 : i32}
// SM80: module attributes {nv_tileaa.compute_capability = 80 : i32}
// CHECK-LABEL: nv_tileaa.func @arith
// SM90-SAME: nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [1, 1, 1], computeCapability = 90>
nv_tileaa.func @arith(%a: tensor<4xf32>, %i: tensor<4xi32>, %h: tensor<4xf16>) attributes {nv_tileaa.kernel} {
  // Nearest-even without flush-to-zero is arith's addf; other modes stay.
  // CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<4xf32, #reg>
  %0 = "nv_tileaa.addf"(%a, %a) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: nv_tileas.addf %{{.*}}, %{{.*}} {rounding_mode = #cuda_tile.rounding<zero>}
  %1 = "nv_tileaa.addf"(%a, %a) <{rounding_mode = #cuda_tile.rounding<zero>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: nv_tileas.mulf %{{.*}}, %{{.*}} {flush_to_zero, rounding_mode = #cuda_tile.rounding<nearest_even>}
  %2 = "nv_tileaa.mulf"(%a, %a) <{flush_to_zero, rounding_mode = #cuda_tile.rounding<nearest_even>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: nv_tileas.divf %{{.*}}, %{{.*}} {rounding_mode = #cuda_tile.rounding<approx>}
  %3 = "nv_tileaa.divf"(%a, %a) <{rounding_mode = #cuda_tile.rounding<approx>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // Integer division by rounding mode and signedness.
  // CHECK: arith.divsi
  %4 = "nv_tileaa.divi"(%i, %i) <{signedness = #cuda_tile.signedness<signed>}> : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // CHECK: arith.floordivsi
  %5 = "nv_tileaa.divi"(%i, %i) <{rounding = #cuda_tile.rounding<negative_inf>, signedness = #cuda_tile.signedness<signed>}> : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // CHECK: arith.ceildivui
  %6 = "nv_tileaa.divi"(%i, %i) <{rounding = #cuda_tile.rounding<positive_inf>, signedness = #cuda_tile.signedness<unsigned>}> : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // Overflow flags carry over.
  // CHECK: arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : tensor<4xi32, #reg>
  %7 = "nv_tileaa.addi"(%i, %i) <{overflow = #cuda_tile.overflow<no_wrap>}> : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // CHECK: arith.cmpi ult
  %8 = "nv_tileaa.cmpi"(%i, %i) <{comparison_predicate = #cuda_tile.comparison_predicate<less_than>, signedness = #cuda_tile.signedness<unsigned>}> : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK: arith.cmpf une
  %9 = "nv_tileaa.cmpf"(%a, %a) <{comparison_ordering = #cuda_tile.comparison_ordering<unordered>, comparison_predicate = #cuda_tile.comparison_predicate<not_equal>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // mulhii is the unsigned high half: arith.mului_extended's second result.
  // CHECK: %{{.*}}, %[[HI:.*]] = arith.mului_extended %{{.*}}, %{{.*}} : tensor<4xi32, #reg>
  // CHECK: arith.addi %[[HI]], %[[HI]]
  %hi = "nv_tileaa.mulhii"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %hi2 = "nv_tileaa.addi"(%hi, %hi) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // maxf has no exact arith counterpart (canonical NaN), so it stays.
  // CHECK: nv_tileas.maxf
  %10 = "nv_tileaa.maxf"(%a, %a) <{propagate_nan}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // Conversions between the standard formats at nearest-even.
  // CHECK: arith.truncf %{{.*}} : tensor<4xf32, #reg> to tensor<4xf16, #reg>
  %11 = "nv_tileaa.ftof"(%a) : (tensor<4xf32>) -> tensor<4xf16>
  // CHECK: nv_tileas.ftof %{{.*}} {rounding_mode = #cuda_tile.rounding<zero>}
  %12 = "nv_tileaa.ftof"(%a) <{rounding_mode = #cuda_tile.rounding<zero>}> : (tensor<4xf32>) -> tensor<4xf16>
  // CHECK: nv_tileas.ftof %{{.*}} {{.*}} -> tensor<4xf8E4M3FN, #reg>
  %13 = "nv_tileaa.ftof"(%a) : (tensor<4xf32>) -> tensor<4xf8E4M3FN>
  // CHECK: arith.fptosi
  %14 = "nv_tileaa.ftoi"(%a) <{signedness = #cuda_tile.signedness<signed>}> : (tensor<4xf32>) -> tensor<4xi32>
  // Scalar constants become typed scalar attributes.
  // CHECK: arith.constant 3 : i32
  %15 = "nv_tileaa.constant"() <{value = dense<3> : tensor<i32>}> : () -> i32
  // CHECK: arith.constant dense<1.500000e+00> : tensor<4xf32, #reg>
  %16 = "nv_tileaa.constant"() <{value = dense<1.5> : tensor<4xf32>}> : () -> tensor<4xf32>
  // Math with full accuracy and no flushing; approx forms stay.
  // CHECK: math.exp %{{.*}} : tensor<4xf32, #reg>
  %17 = "nv_tileaa.exp"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: nv_tileas.exp %{{.*}} {rounding_mode = #cuda_tile.rounding<approx>}
  %18 = "nv_tileaa.exp"(%a) <{rounding_mode = #cuda_tile.rounding<approx>}> : (tensor<4xf32>) -> tensor<4xf32>
  // atan2 stays: math.atan2's folder gives NaN for atan2(0, 0).
  // CHECK: nv_tileas.atan2 %{{.*}}, %{{.*}} : tensor<4xf16, #reg>
  %19 = "nv_tileaa.atan2"(%h, %h) : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
  // CHECK: math.fma
  %20 = "nv_tileaa.fma"(%a, %a, %a) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // Ops with no upstream counterpart move to nv_tileas.
  // CHECK: nv_tileas.iota : tensor<4xi32, #reg>
  %21 = "nv_tileaa.iota"() : () -> tensor<4xi32>
  // CHECK: nv_tileaa.return
  nv_tileaa.return
}

// Witnesses carry verbatim; memory ordering is re-keyed into nv_tileas
// with the same value; reduce bodies end up in arith.
// CHECK-LABEL: nv_tileaa.func @memory
nv_tileaa.func @memory(%p: !nv_tileaa.ptr<f32, 1>, %n: i32) attributes {nv_tileaa.kernel} {
  %m = "nv_tileaa.make_memref"(%p, %n) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!nv_tileaa.ptr<f32, 1>, i32) -> !nv_tileaa.memref<?xf32, strides=[1], 1>
  // CHECK: nv_tileas.view %{{.*}} : (!nv_tileaa.memref<?xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition
  %v = "nv_tileaa.make_tiled_view"(%m) : (!nv_tileaa.memref<?xf32, strides=[1], 1>) -> !nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<?xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>
  %c = "nv_tileaa.constant"() <{value = dense<0> : tensor<i32>}> : () -> i32
  // CHECK: nv_tileas.tiled_load {{.*}} {copy_atom = #nv_tileaa.copy_atom<"tiled", 4>, memory_ordering_semantics = #nv_tileas<mem_semantic acquire>, memory_scope = #nv_tileas<mem_scope device>, operandSegmentSizes = array<i32: 1, 1, 0>}
  %t, %tok = "nv_tileaa.tiled_load"(%v, %c) <{memory_ordering_semantics = #nv_tileaa<mem_semantic acquire>, memory_scope = #nv_tileaa<mem_scope device>, operandSegmentSizes = array<i32: 1, 1, 0>}> {copy_atom = #nv_tileaa.copy_atom<"tiled", 4>} : (!nv_tileaa.tiled_view<partition, tile=[8], !nv_tileaa.memref<?xf32, strides=[1], 1>, dim_map=[0], traversal_strides=[], sparse_dim=-1>, i32) -> (tensor<8xf32>, !nv_tileaa.mem_token)
  // CHECK: nv_tileas.reduce %{{.*}} ({
  // CHECK-NEXT: ^bb0(%[[E:.*]]: f32, %[[ACC:.*]]: f32):
  // CHECK-NEXT: %[[S:.*]] = arith.addf %[[E]], %[[ACC]] : f32
  // CHECK-NEXT: nv_tileas.yield %[[S]] : (f32) -> ()
  // CHECK-NEXT: }) {dim = 0 : i32, identities = [0.000000e+00 : f32], reduce_atom = #nv_tileaa.reduce_atom<"warp_shfl_xor">}
  %r = "nv_tileaa.reduce"(%t) <{dim = 0 : i32, identities = [0.0 : f32]}> ({
  ^bb0(%e: f32, %acc: f32):
    %s = "nv_tileaa.addf"(%e, %acc) : (f32, f32) -> f32
    "nv_tileaa.yield"(%s) : (f32) -> ()
  }) {reduce_atom = #nv_tileaa.reduce_atom<"warp_shfl_xor">} : (tensor<8xf32>) -> f32
  nv_tileaa.return
}

// The MMA atom follows the compute capability.
// CHECK-LABEL: nv_tileaa.func @mma
nv_tileaa.func @mma(%a: tensor<16x8xf16>, %b: tensor<8x16xf16>, %c: tensor<16x16xf32>,
                    %ia: tensor<16x32xi8>, %ib: tensor<32x16xi8>, %ic: tensor<16x16xi32>) {
  // MMA operands are converted into their fragment layouts.
  // CHECK: %[[FA:.*]] = nv_tileas.convert_layout %{{.*}} : (tensor<16x8xf16, #reg>) -> tensor<16x8xf16, #mma_a>
  // CHECK: %[[FB:.*]] = nv_tileas.convert_layout %{{.*}} : (tensor<8x16xf16, #reg>) -> tensor<8x16xf16, #mma_b>
  // CHECK: %[[FC:.*]] = nv_tileas.convert_layout %{{.*}} : (tensor<16x16xf32, #reg>) -> tensor<16x16xf32, #mma_c>
  // SM80: nv_tileas.dot %[[FA]], %[[FB]], %[[FC]] {atom = #nv_tileas<atom mma_sync_f16_f16_f32>}
  // SM90: nv_tileas.dot %[[FA]], %[[FB]], %[[FC]] {atom = #nv_tileas<atom wgmma_f16_f16_f32>}
  // SM100: nv_tileas.dot %[[FA]], %[[FB]], %[[FC]] {atom = #nv_tileas<atom umma_f16_f16_f32>}
  // CHECK-SAME: -> tensor<16x16xf32, #mma_c>
  %d = "nv_tileaa.dot"(%a, %b, %c) : (tensor<16x8xf16>, tensor<8x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  // SM90: nv_tileas.dot_int {{.*}} {atom = #nv_tileas<atom wgmma_i8_i8_i32>, signedness_lhs = #cuda_tile.signedness<signed>, signedness_rhs = #cuda_tile.signedness<signed>}
  %e = "nv_tileaa.dot_int"(%ia, %ib, %ic) <{signedness_lhs = #cuda_tile.signedness<signed>, signedness_rhs = #cuda_tile.signedness<signed>}> : (tensor<16x32xi8>, tensor<32x16xi8>, tensor<16x16xi32>) -> tensor<16x16xi32>
  nv_tileaa.return
}

// Layouts are tensor encodings (Lowering.md, "Layouts"): an op computes in
// its requested layout (its operands converted into it), cat and extract in
// their sources', everything else in reg; the requests are gone.
// CHECK-LABEL: nv_tileaa.func @layouts
// CHECK-SAME: (%[[A:.*]]: tensor<4x4xf32, #reg>, %{{.*}}: i32) attributes {nv_tileas.layouts}
nv_tileaa.func @layouts(%a: tensor<4x4xf32>, %i: i32) {
  // CHECK: %[[AS:.*]] = nv_tileas.convert_layout %[[A]] : (tensor<4x4xf32, #reg>) -> tensor<4x4xf32, #smem>
  // CHECK: %[[L:.*]] = arith.negf %[[AS]] : tensor<4x4xf32, #smem>
  %l = "nv_tileaa.negf"(%a) {layout = #nv_tileas<layout smem>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  // CHECK: %[[R:.*]] = math.absf %{{.*}} : tensor<4x4xf32, #smem>
  %r = "nv_tileaa.absf"(%a) {layout = #nv_tileas<layout smem>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  // CHECK: %[[C:.*]] = nv_tileas.cat %[[L]], %[[R]] {dim = 0 : i64} : (tensor<4x4xf32, #smem>, tensor<4x4xf32, #smem>) -> tensor<8x4xf32, #smem>
  %c = "nv_tileaa.cat"(%l, %r) <{dim = 0 : i64}> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
  // CHECK: %[[E:.*]] = nv_tileas.extract %[[C]], %{{.*}}, %{{.*}} : (tensor<8x4xf32, #smem>, i32, i32) -> tensor<2x2xf32, #smem>
  %e = "nv_tileaa.extract"(%c, %i, %i) : (tensor<8x4xf32>, i32, i32) -> tensor<2x2xf32>
  // A user in reg gets its operand converted back.
  // CHECK: %[[EB:.*]] = nv_tileas.convert_layout %[[E]] : (tensor<2x2xf32, #smem>) -> tensor<2x2xf32, #reg>
  // CHECK: arith.negf %[[EB]] : tensor<2x2xf32, #reg>
  %n = "nv_tileaa.negf"(%e) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  // Sources without requests are in reg.
  // CHECK: nv_tileas.cat %[[A]], %[[A]] {dim = 1 : i64} : (tensor<4x4xf32, #reg>, tensor<4x4xf32, #reg>) -> tensor<4x8xf32, #reg>
  %u = "nv_tileaa.cat"(%a, %a) <{dim = 1 : i64}> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x8xf32>
  // CHECK-NOT: layout =
  nv_tileaa.return
}

