// tileas-print-schedule reads schedules back from their attributes (here
// written by hand), prints them in (stage, order) order and checks them
// against the dependence graph and sm_90's machine model.
// RUN: tilec-opt %s --tileas-print-schedule -o /dev/null | FileCheck %s

module attributes {nv_tileaa.compute_capability = 90 : i32} {
  nv_tileaa.func @hand(%n: i32, %x: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32

    // A valid modulo schedule at II 8: the multiply waits 4 cycles for the
    // add, the next iteration's add 4 cycles for the multiply.
    // CHECK-LABEL: loop 0 at
    // CHECK-NEXT: schedule cost success ii 8 mii 8 (res 2, rec 8) stages 1
    // CHECK-NEXT: 0 arith.addi stage 0 order 0 cycle 0 slot 0
    // CHECK-NEXT: 1 arith.muli stage 0 order 1 cycle 4 slot 0
    // CHECK-NEXT: valid
    %a = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) : i32 {
      %s = arith.addi %acc, %i {tileas.schedule.stage = 0 : i32, tileas.schedule.order = 0 : i32, tileas.schedule.cycle = 0 : i32} : i32
      %m = arith.muli %s, %s {tileas.schedule.stage = 0 : i32, tileas.schedule.order = 1 : i32, tileas.schedule.cycle = 4 : i32} : i32
      scf.yield %m : i32
    } {tileas.schedule.generator = "cost", tileas.schedule.ii = 8 : i32, tileas.schedule.mii = 8 : i32}

    // The same loop at II 4: the recurrence (add 4 + multiply 4 cycles over
    // one iteration) does not fit, both ops issue on the alu slot in row 0,
    // and the multiply's stage is wrong; the checker names each.
    // CHECK-LABEL: loop 1 at
    // CHECK: invalid: node 1 at cycle 4 has stage 0, not cycle / II
    // CHECK-NEXT: invalid: edge 1 -> 0 (latency 4, distance 1) is violated: cycles 4 and 0 at II 4
    // CHECK-NEXT: invalid: row 0: slot alu issues 2 ops
    %b = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) : i32 {
      %s = arith.addi %acc, %i {tileas.schedule.stage = 0 : i32, tileas.schedule.order = 0 : i32, tileas.schedule.cycle = 0 : i32} : i32
      %m = arith.muli %s, %s {tileas.schedule.stage = 0 : i32, tileas.schedule.order = 1 : i32, tileas.schedule.cycle = 4 : i32} : i32
      scf.yield %m : i32
    } {tileas.schedule.generator = "cost", tileas.schedule.ii = 4 : i32}

    // A serial schedule that orders the multiply before the add it uses.
    // CHECK-LABEL: loop 2 at
    // CHECK-NEXT: schedule serial success stages 1
    // CHECK-NEXT: 1 arith.muli stage 0 order 0
    // CHECK-NEXT: 0 arith.addi stage 0 order 1
    // CHECK-NEXT: invalid: serial order puts node 1 before its dependence 0
    %c = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) : i32 {
      %s = arith.addi %acc, %i {tileas.schedule.stage = 0 : i32, tileas.schedule.order = 1 : i32} : i32
      %m = arith.muli %s, %s {tileas.schedule.stage = 0 : i32, tileas.schedule.order = 0 : i32} : i32
      scf.yield %m : i32
    } {tileas.schedule.generator = "serial"}

    // An op without its stage and order.
    // CHECK-LABEL: loop 3 at
    // CHECK-NEXT: unreadable: body op 1 ('arith.muli') has no non-negative tileas.schedule.stage and order
    %d = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) : i32 {
      %s = arith.addi %acc, %i {tileas.schedule.stage = 0 : i32, tileas.schedule.order = 0 : i32} : i32
      %m = arith.muli %s, %s : i32
      scf.yield %m : i32
    } {tileas.schedule.generator = "serial"}

    // Loops without a schedule are not listed.
    // CHECK-NOT: loop 4
    %e = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) : i32 {
      %s = arith.addi %acc, %i : i32
      scf.yield %s : i32
    }
    nv_tileaa.return
  }
}
