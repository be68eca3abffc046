// The interpreter's upstream scf semantics on forms the conversion does not
// emit itself: scf.index_switch (cases and default), scf.execute_region,
// scf.for with an unsigned comparison, and a non-positive step (UB).
// RUN: tile-run %s --entry scf --grid 3 | FileCheck %s
// RUN: not tile-run %s --entry badstep --grid 1 2>&1 | FileCheck %s --check-prefix=STEP
// CHECK: block 0: switch 10 region 7 sum 6
// CHECK-NEXT: block 1: switch 20 region 7 sum 6
// CHECK-NEXT: block 2: switch 99 region 7 sum 6
// STEP: undefined behaviour: 'scf.for': step must be positive

nv_tileaa.func @scf() attributes {nv_tileaa.kernel} {
  %bid:3 = nv_tileaa.get_tile_block_id : () -> (i32, i32, i32)
  %idx = arith.index_cast %bid#0 : i32 to index
  %s = scf.index_switch %idx -> i32
  case 0 {
    %c = arith.constant 10 : i32
    scf.yield %c : i32
  }
  case 1 {
    %c = arith.constant 20 : i32
    scf.yield %c : i32
  }
  default {
    %c = arith.constant 99 : i32
    scf.yield %c : i32
  }
  %r = scf.execute_region -> i32 {
    %c = arith.constant 7 : i32
    scf.yield %c : i32
  }
  %lb = arith.constant 1 : i32
  %ub = arith.constant 4 : i32
  %step = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %sum = scf.for unsigned %i = %lb to %ub step %step iter_args(%acc = %zero) -> (i32) : i32 {
    %n = arith.addi %acc, %i : i32
    scf.yield %n : i32
  }
  %t = nv_tileaa.print_tko %bid#0, %s, %r, %sum {operandSegmentSizes = array<i32: 4, 0>, str = "block %d: switch %d region %d sum %d\n"} : (i32, i32, i32, i32) -> !nv_tileaa.mem_token
  nv_tileaa.return
}

nv_tileaa.func @badstep() attributes {nv_tileaa.kernel} {
  %lb = arith.constant 0 : i32
  %ub = arith.constant 4 : i32
  %step = arith.constant 0 : i32
  scf.for %i = %lb to %ub step %step : i32 {
  }
  nv_tileaa.return
}
