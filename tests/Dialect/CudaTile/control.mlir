// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -mlir-print-op-generic | tilec-opt | FileCheck %s

cuda_tile.module @control {
  // CHECK-LABEL: testing$func @conditionals
  testing$func @conditionals(%c: tile<i1>, %a: tile<i32>, %b: tile<i32>) {
    // An if without results needs no yield and no else.
    // CHECK: if %{{.*}} {
    // CHECK-NEXT: assert
    // CHECK-NEXT: }
    if %c {
      assert %c, "must hold" : tile<i1>
    }
    // CHECK: %[[R:.*]] = if %{{.*}} -> (tile<i32>) {
    // CHECK-NEXT: yield %{{.*}} : tile<i32>
    // CHECK-NEXT: } else {
    // CHECK-NEXT: yield %{{.*}} : tile<i32>
    // CHECK-NEXT: }
    %r = if %c -> (tile<i32>) {
      yield %a : tile<i32>
    } else {
      yield %b : tile<i32>
    }
    // An if may end the function early.
    // CHECK: if %{{.*}} {
    // CHECK-NEXT: return
    if %c {
      return
    }
  }

  // CHECK-LABEL: testing$func @counted
  testing$func @counted(%lb: tile<i32>, %ub: tile<i32>, %step: tile<i32>, %x: tile<f32>) {
    // Without iter_values the continue is implicit.
    // CHECK: for %[[IV:.*]] in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> {
    // CHECK-NEXT: print_tko "%d", %[[IV]] : tile<i32> -> token
    // CHECK-NEXT: }
    for %iv in (%lb to %ub, step %step) : tile<i32> {
      %t = print_tko "%d", %iv : tile<i32> -> token
    }
    // CHECK: for unsigned %{{.*}} in
    for unsigned %iv in (%lb to %ub, step %step) : tile<i32> {
    }
    // CHECK: %{{.*}} = for %{{.*}} in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> iter_values(%[[ACC:.*]] = %{{.*}}) -> (tile<f32>) {
    // CHECK: continue %{{.*}} : tile<f32>
    %sum = for %iv in (%lb to %ub, step %step) : tile<i32> iter_values(%acc = %x) -> (tile<f32>) {
      %c = constant <i1: true> : tile<i1>
      // continue may also leave from inside an if.
      if %c {
        continue %acc : tile<f32>
      }
      continue %x : tile<f32>
    }
  }

  // CHECK-LABEL: testing$func @unbounded
  testing$func @unbounded(%init: tile<i32>, %c: tile<i1>, %f: tile<f32>) {
    // CHECK: loop {
    // CHECK-NEXT: break
    loop {
      break
    }
    // CHECK: %{{.*}} = loop iter_values(%[[I:.*]] = %{{.*}}) : tile<i32> -> tile<f32> {
    // CHECK: break %{{.*}} : tile<f32>
    // CHECK: continue %[[I]] : tile<i32>
    %r = loop iter_values(%i = %init) : tile<i32> -> tile<f32> {
      if %c {
        break %f : tile<f32>
      }
      continue %i : tile<i32>
    }
    // CHECK: %{{.*}} = loop : tile<i32> {
    %s = loop : tile<i32> {
      break %init : tile<i32>
    }
  }

  // CHECK-LABEL: testing$func @misc
  testing$func @misc(%p: tile<ptr<f32>>, %v: tile<16xi32>, %tok: token) {
    // CHECK: assume div_by<16>, %{{.*}} : tile<ptr<f32>>
    %a = assume #cuda_tile.div_by<16>, %p : tile<ptr<f32>>
    // CHECK: assume bounded<0, ?>, %{{.*}} : tile<16xi32>
    %b = assume bounded<0, ?>, %v : tile<16xi32>
    // CHECK: print_tko "%d%% of %lld\0A", %{{.*}}, %{{.*}} token=%{{.*}} : tile<16xi32>, tile<16xi32> -> token
    %t = print_tko "%d%% of %lld\n", %v, %v token = %tok : tile<16xi32>, tile<16xi32> -> token
    // CHECK: print_tko "plain" -> token
    %u = print_tko "plain" -> token
  }
}
