// Seed 003's rule: the passes between tileas-generate-schedule and the
// schedule's consumer must preserve the schedule. canonicalize does not:
// it folds `(%i + 1) - 2` into a new `%i + -1` that has no placement, and
// the consumer refuses the loop instead of pipelining a stale schedule.
// RUN: not tilec-opt %s --canonicalize --tileas-unspecialized-pipeline --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=STALE
// STALE: error: cleanup pass invalidated ScheduleAnalysis; rerun constraint generation or remove the pass
// STALE: note: body op {{[0-9]+}} ('arith.addi') has no non-negative tileas.schedule.stage and order
//
// Without the cleanup, the same (serial, one-stage) schedule is read and
// the loop stays as it is.
// RUN: tilec-opt %s --tileas-unspecialized-pipeline="remarks=true" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=KEPT
// KEPT: remark: not pipelined: one stage
//
// Passes that only erase ops preserve it: after cse removes the duplicate
// `%i + 1`, the orders left (0, 2, 3) are ranked again and the schedule
// passes the checker.
// RUN: tilec-opt %s --cse --tileas-unspecialized-pipeline="remarks=true" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=KEPT
//
// An invalid schedule (here: the sum placed before its operand in a
// serial schedule) is not pipelined; the remark names the checker's
// finding.
// RUN: sed 's/order = 3 : i32, tileas.schedule.stage = 0/order = 9 : i32, tileas.schedule.stage = 0/' %s | tilec-opt --tileas-unspecialized-pipeline="remarks=true" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=INVALID
// INVALID: remark: not pipelined: the schedule fails the checker:
//
// A scheduled loop outside any function or module that names a compute
// capability: seed 000's diagnostic.
// RUN: sed 's/attributes {nv_tileaa.compute_capability = 90 : i32} //' %s | not tilec-opt --tileas-unspecialized-pipeline --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=CC
// CC: error: failed to get compute capability

module attributes {nv_tileaa.compute_capability = 90 : i32} {
  nv_tileaa.func @k(%out: !nv_tileaa.ptr<i32, 1>) attributes {nv_tileaa.kernel} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
      %a = arith.addi %i, %c1 {tileas.schedule.order = 0 : i32, tileas.schedule.stage = 0 : i32} : i32
      %d = arith.addi %i, %c1 {tileas.schedule.order = 1 : i32, tileas.schedule.stage = 0 : i32} : i32
      %b = arith.subi %a, %c2 {tileas.schedule.order = 2 : i32, tileas.schedule.stage = 0 : i32} : i32
      %s = arith.addi %acc, %b {tileas.schedule.order = 3 : i32, tileas.schedule.stage = 0 : i32} : i32
      %t = arith.addi %s, %d {tileas.schedule.order = 4 : i32, tileas.schedule.stage = 0 : i32} : i32
      scf.yield %t : i32
    } {tileas.schedule.generator = "serial"}
    %tok = "nv_tileas.store_ptr_tko"(%out, %r) <{memory_ordering_semantics = #nv_tileas<mem_semantic weak>, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!nv_tileaa.ptr<i32, 1>, i32) -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
