// tile-run on the levels below cuda_tile: an nv_tileaa.func kernel with
// builtin scalar, tensor and !nv_tileaa.ptr arguments, nv_tileas mirrors
// and the upstream arith and math ops that nv_tileas programs contain.

// RUN: tile-run %s --grid 2 --arg zeros:f32:2 --arg 3 --arg 4 --out-dir %t.out | FileCheck %s
// RUN: test -f %t.out/arg0.npy
// CHECK-DAG: block 0 sum 3 root 6.000000
// CHECK-DAG: block 1 sum 4 root 8.000000

// Arithmetic undefined behaviour is reported at the arith op.
// RUN: not tile-run %s --grid 2 --arg zeros:f32:2 --arg 2147483647 --arg 1.0 2>&1 | FileCheck %s --check-prefix=UB
// UB: 'arith.addi': addi overflow<no_signed_wrap> violated: 2147483647 + 1

module {
  nv_tileaa.func @k(%out: !nv_tileaa.ptr<f32, 1>, %n: i32, %t: tensor<2xf32>) attributes {nv_tileaa.kernel} {
    %x, %y, %z = "nv_tileas.get_tile_block_id"() : () -> (i32, i32, i32)
    %sum = arith.addi %n, %x overflow<nsw> : i32
    %f = arith.sitofp %sum : i32 to f32
    %fs = "nv_tileas.reshape"(%f) : (f32) -> tensor<1xf32>
    %fb = "nv_tileas.broadcast"(%fs) : (tensor<1xf32>) -> tensor<2xf32>
    %sqr = arith.mulf %fb, %fb : tensor<2xf32>
    %prod = arith.mulf %sqr, %t : tensor<2xf32>
    %sq = math.sqrt %prod : tensor<2xf32>
    %root = "nv_tileas.extract"(%sq, %x) : (tensor<2xf32>, i32) -> tensor<1xf32>
    %res = "nv_tileas.reshape"(%root) : (tensor<1xf32>) -> f32
    %p = "nv_tileas.offset"(%out, %x) : (!nv_tileaa.ptr<f32, 1>, i32) -> !nv_tileaa.ptr<f32, 1>
    %tok = "nv_tileas.store_ptr_tko"(%p, %res) <{memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!nv_tileaa.ptr<f32, 1>, f32) -> !nv_tileaa.mem_token
    %pt = "nv_tileas.print_tko"(%x, %sum, %res) <{str = "block %d sum %d root %f\n", operandSegmentSizes = array<i32: 3, 0>}> : (i32, i32, f32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
