// The verbatim diagnostics of tileas-generate-schedule (seed 000).

// RUN: tilec-opt %s --tileas-generate-schedule -split-input-file -verify-diagnostics

// No kernel spec and no module compute capability.
module {
  nv_tileaa.func @no_target(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-error @below {{failed to get compute capability}}
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
      %s = arith.addi %acc, %i : i32
      scf.yield %s : i32
    }
    nv_tileaa.return
  }
}

// -----

// A compute capability no machine model covers.
module attributes {nv_tileaa.compute_capability = 70 : i32} {
  nv_tileaa.func @old_target(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-error @below {{failed to get compute capability}}
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
      %s = arith.addi %acc, %i : i32
      scf.yield %s : i32
    }
    nv_tileaa.return
  }
}

// -----

// Without a loop there is nothing to schedule and nothing to complain about.
module {
  nv_tileaa.func @no_loop(%a: i32) {
    %s = arith.addi %a, %a : i32
    nv_tileaa.return
  }
}

// No II up to max-ii fits the gemm loop (MII 176).
// RUN: not tilec-opt %S/Inputs/gemm-sm90.mlir --tileas-generate-schedule="serial-threshold=4 max-ii=100" 2>&1 | FileCheck %s --check-prefix=NOSCHED
// NOSCHED: error: failed to find a schedule
