// Folders of the mirrored ops: identities return an operand, integer ops on
// constants fold to a constant; the interpreter agrees before and after.
// RUN: tilec-opt --canonicalize %s | FileCheck %s
// RUN: tilec-opt --canonicalize %s -o %t.mlir
// RUN: tile-run %s --entry fold --grid 1 > %t.before.txt
// RUN: tile-run %t.mlir --entry fold --grid 1 > %t.after.txt
// RUN: diff %t.before.txt %t.after.txt
// RUN: FileCheck %s --check-prefix=OUT < %t.before.txt

// CHECK-LABEL: nv_tileaa.func @fold
nv_tileaa.func @fold() attributes {nv_tileaa.kernel} {
  %x = nv_tileaa.constant {value = dense<[3, -5, 7, 100]> : tensor<4xi32>} : tensor<4xi32>
  %y = nv_tileaa.constant {value = dense<[2, 6, -7, 1]> : tensor<4xi32>} : tensor<4xi32>
  %z = nv_tileaa.constant {value = dense<0> : tensor<4xi32>} : tensor<4xi32>
  %one = nv_tileaa.constant {value = dense<1> : tensor<4xi32>} : tensor<4xi32>
  %t = nv_tileaa.constant {value = dense<true> : tensor<4xi1>} : tensor<4xi1>
  // Constant folding, elementwise: a * b + (a max b) - (a min b unsigned).
  // CHECK: nv_tileaa.constant {value = dense<[7, -30, -49, 199]> : tensor<4xi32>} : tensor<4xi32>
  // CHECK-NOT: nv_tileaa.muli
  // CHECK-NOT: nv_tileaa.addi
  // CHECK-NOT: nv_tileaa.maxi
  // CHECK-NOT: nv_tileaa.mini
  // CHECK-NOT: nv_tileaa.subi
  %m = nv_tileaa.muli %x, %y : tensor<4xi32>
  %mx = nv_tileaa.maxi %x, %y {signedness = #cuda_tile.signedness<signed>} : tensor<4xi32>
  %mn = nv_tileaa.mini %x, %y {signedness = #cuda_tile.signedness<unsigned>} : tensor<4xi32>
  %s = nv_tileaa.addi %m, %mx : tensor<4xi32>
  %r = nv_tileaa.subi %s, %mn : tensor<4xi32>
  // Identities on a non-constant value vanish.
  %bid:3 = nv_tileaa.get_tile_block_id : () -> (i32, i32, i32)
  %v0 = nv_tileaa.reshape %bid#0 : (i32) -> tensor<1xi32>
  %v = nv_tileaa.broadcast %v0 : (tensor<1xi32>) -> tensor<4xi32>
  %v1 = nv_tileaa.addi %v, %z : tensor<4xi32>
  %v2 = nv_tileaa.muli %v1, %one : tensor<4xi32>
  %v3 = nv_tileaa.select %t, %v2, %x : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %v4 = nv_tileaa.reshape %v3 : (tensor<4xi32>) -> tensor<2x2xi32>
  %v5 = nv_tileaa.reshape %v4 : (tensor<2x2xi32>) -> tensor<4xi32>
  %v6 = nv_tileaa.andi %v5, %v5 : tensor<4xi32>
  %w = nv_tileaa.addi %r, %v6 : tensor<4xi32>
  // CHECK: %[[V:.*]] = nv_tileaa.broadcast
  // CHECK-NEXT: %[[W:.*]] = nv_tileaa.addi %{{.*}}, %[[V]] {{.*}}: tensor<4xi32>
  // CHECK-NEXT: nv_tileaa.print_tko %[[W]]
  %tok = nv_tileaa.print_tko %w {operandSegmentSizes = array<i32: 1, 0>, str = "%d\n"} : (tensor<4xi32>) -> !nv_tileaa.mem_token
  nv_tileaa.return
}
// OUT: [7, -30, -49, 199]
