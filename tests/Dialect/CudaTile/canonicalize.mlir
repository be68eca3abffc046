// RUN: tilec-opt %s --canonicalize --split-input-file | FileCheck %s

// A product on the right of addf moves to the left; rounding is kept.
// CHECK-LABEL: @addf_mul_right
// CHECK: %[[M:.*]] = mulf
// CHECK: addf %[[M]], %arg0 rounding<zero> : tile<4xf32>
cuda_tile.module @m {
  testing$func @addf_mul_right(%a: tile<4xf32>, %b: tile<4xf32>) -> tile<4xf32> {
    %m = mulf %a, %b : tile<4xf32>
    %r = addf %a, %m rounding<zero> : tile<4xf32>
    return %r : tile<4xf32>
  }
}

// -----

// Two products stay in place.
// CHECK-LABEL: @addf_two_muls
// CHECK: %[[M0:.*]] = mulf %arg0, %arg0
// CHECK: %[[M1:.*]] = mulf %arg1, %arg1
// CHECK: addf %[[M0]], %[[M1]]
cuda_tile.module @m {
  testing$func @addf_two_muls(%a: tile<4xf32>, %b: tile<4xf32>) -> tile<4xf32> {
    %m0 = mulf %a, %a : tile<4xf32>
    %m1 = mulf %b, %b : tile<4xf32>
    %r = addf %m0, %m1 : tile<4xf32>
    return %r : tile<4xf32>
  }
}

// -----

// A repeated predicate folds; a different one stays.
// CHECK-LABEL: @assume_repeat
// CHECK: %[[A:.*]] = assume div_by<16>, %arg0
// CHECK-NEXT: %[[B:.*]] = assume bounded<0, ?>, %[[A]]
// CHECK-NEXT: return %[[B]]
cuda_tile.module @m {
  testing$func @assume_repeat(%x: tile<i32>) -> tile<i32> {
    %0 = assume div_by<16>, %x : tile<i32>
    %1 = assume div_by<16>, %0 : tile<i32>
    %2 = assume bounded<0, ?>, %1 : tile<i32>
    return %2 : tile<i32>
  }
}

// -----

// select with equal choices or a constant condition picks a choice.
// CHECK-LABEL: @select_trivial
// CHECK-NOT: select
// CHECK: return %arg1, %arg1, %arg2
cuda_tile.module @m {
  testing$func @select_trivial(%c: tile<i1>, %a: tile<i32>, %b: tile<i32>) -> (tile<i32>, tile<i32>, tile<i32>) {
    %t = constant <i1: true> : tile<i1>
    %f = constant <i1: false> : tile<i1>
    %0 = select %c, %a, %a : tile<i1>, tile<i32>
    %1 = select %t, %a, %b : tile<i1>, tile<i32>
    %2 = select %f, %a, %b : tile<i1>, tile<i32>
    return %0, %1, %2 : tile<i32>, tile<i32>, tile<i32>
  }
}

// -----

// An i1 select of true/false is the condition; of false/true its negation,
// which then swaps the choices of a select using it.
// CHECK-LABEL: @select_bool
// CHECK: %[[S:.*]] = select %arg0, %arg2, %arg1
// CHECK: return %arg0, %[[S]]
cuda_tile.module @m {
  testing$func @select_bool(%c: tile<i1>, %a: tile<i32>, %b: tile<i32>) -> (tile<i1>, tile<i32>) {
    %t = constant <i1: true> : tile<i1>
    %f = constant <i1: false> : tile<i1>
    %0 = select %c, %t, %f : tile<i1>, tile<i1>
    %n = select %c, %f, %t : tile<i1>, tile<i1>
    %1 = select %n, %a, %b : tile<i1>, tile<i32>
    return %0, %1 : tile<i1>, tile<i32>
  }
}

// -----

// A select nested in a choice of a select on the same condition collapses.
// CHECK-LABEL: @select_nested
// CHECK: %[[S:.*]] = select %arg0, %arg1, %arg3
// CHECK: %[[T:.*]] = select %arg0, %arg1, %arg3
// CHECK: return %[[S]], %[[T]]
cuda_tile.module @m {
  testing$func @select_nested(%c: tile<i1>, %a: tile<i32>, %b: tile<i32>, %d: tile<i32>) -> (tile<i32>, tile<i32>) {
    %in = select %c, %a, %b : tile<i1>, tile<i32>
    %0 = select %c, %in, %d : tile<i1>, tile<i32>
    %in2 = select %c, %b, %d : tile<i1>, tile<i32>
    %1 = select %c, %a, %in2 : tile<i1>, tile<i32>
    return %0, %1 : tile<i32>, tile<i32>
  }
}

// -----

// select (a == b), a, b is b; select (a != b), a, b is a; other
// predicates stay.
// CHECK-LABEL: @select_cmpi
// CHECK: %[[LT:.*]] = cmpi less_than
// CHECK: %[[S:.*]] = select %[[LT]], %arg0, %arg1
// CHECK: return %arg1, %arg0, %[[S]]
cuda_tile.module @m {
  testing$func @select_cmpi(%a: tile<i32>, %b: tile<i32>) -> (tile<i32>, tile<i32>, tile<i32>) {
    %eq = cmpi equal %a, %b, signed : tile<i32> -> tile<i1>
    %ne = cmpi not_equal %a, %b, signed : tile<i32> -> tile<i1>
    %lt = cmpi less_than %a, %b, signed : tile<i32> -> tile<i1>
    %0 = select %eq, %a, %b : tile<i1>, tile<i32>
    %1 = select %ne, %a, %b : tile<i1>, tile<i32>
    %2 = select %lt, %a, %b : tile<i1>, tile<i32>
    return %0, %1, %2 : tile<i32>, tile<i32>, tile<i32>
  }
}

// -----

// Constant tiles fold element by element (floats too).
// CHECK-LABEL: @select_constants
// CHECK: constant <f32: [1.000000e+00, 2.000000e+01]> : tile<2xf32>
// CHECK-NOT: select
cuda_tile.module @m {
  testing$func @select_constants() -> tile<2xf32> {
    %c = constant <i1: [true, false]> : tile<2xi1>
    %a = constant <f32: [1.0, 2.0]> : tile<2xf32>
    %b = constant <f32: [10.0, 20.0]> : tile<2xf32>
    %0 = select %c, %a, %b : tile<2xi1>, tile<2xf32>
    return %0 : tile<2xf32>
  }
}

// -----

// Choices 1/0 become an unsigned extension of the condition, 0/1 of its
// negation; other constants stay a select.
// CHECK-LABEL: @select_to_exti
// CHECK: %[[E0:.*]] = exti %arg0 unsigned : tile<4xi1> -> tile<4xi16>
// CHECK: %[[N:.*]] = xori %arg0
// CHECK: %[[E1:.*]] = exti %[[N]] unsigned : tile<4xi1> -> tile<4xi16>
// CHECK: %[[S:.*]] = select %arg0
// CHECK: return %[[E0]], %[[E1]], %[[S]]
cuda_tile.module @m {
  testing$func @select_to_exti(%c: tile<4xi1>) -> (tile<4xi16>, tile<4xi16>, tile<4xi16>) {
    %zero = constant <i16: 0> : tile<4xi16>
    %one = constant <i16: 1> : tile<4xi16>
    %two = constant <i16: 2> : tile<4xi16>
    %0 = select %c, %one, %zero : tile<4xi1>, tile<4xi16>
    %1 = select %c, %zero, %one : tile<4xi1>, tile<4xi16>
    %2 = select %c, %two, %zero : tile<4xi1>, tile<4xi16>
    return %0, %1, %2 : tile<4xi16>, tile<4xi16>, tile<4xi16>
  }
}

// -----

// A negated condition swaps the branches of an if.
// CHECK-LABEL: @if_negated
// CHECK-NOT: xori
// CHECK: if %arg0
// CHECK-NEXT: print_tko "else"
// CHECK: } else {
// CHECK-NEXT: print_tko "then"
cuda_tile.module @m {
  testing$func @if_negated(%c: tile<i1>) {
    %t = constant <i1: true> : tile<i1>
    %n = xori %c, %t : tile<i1>
    if %n {
      %0 = print_tko "then" -> token
    } else {
      %1 = print_tko "else" -> token
    }
    return
  }
}

// -----

// A constant condition inlines the taken branch; a false one without else
// removes the if.
// CHECK-LABEL: @if_constant
// CHECK-NEXT: print_tko "taken"
// CHECK-NEXT: }
cuda_tile.module @m {
  testing$func @if_constant() {
    %t = constant <i1: true> : tile<i1>
    %f = constant <i1: false> : tile<i1>
    if %t {
      %0 = print_tko "taken" -> token
    } else {
      %1 = print_tko "not taken" -> token
    }
    if %f {
      %2 = print_tko "never" -> token
    }
    return
  }
}

// -----

// A constant-true branch ending in return ends the function there.
// CHECK-LABEL: @if_constant_return
// CHECK-NEXT: return %arg0
// CHECK-NOT: print_tko
cuda_tile.module @m {
  testing$func @if_constant_return(%a: tile<i32>) -> tile<i32> {
    %t = constant <i1: true> : tile<i1>
    if %t {
      return %a : tile<i32>
    }
    %0 = print_tko "unreachable" -> token
    return %a : tile<i32>
  }
}

// -----

// Results yielded from outside become selects (broadcasting the scalar
// condition for shaped tiles) or the value itself when both branches
// agree; tokens are not selected.
// CHECK-LABEL: @if_to_select
// CHECK: %[[R:.*]] = reshape %arg0 : tile<i1> -> tile<1x1xi1>
// CHECK: %[[B:.*]] = broadcast %[[R]] : tile<1x1xi1> -> tile<2x4xi1>
// CHECK: %[[S:.*]] = select %[[B]], %arg1, %arg2 : tile<2x4xi1>, tile<2x4xi32>
// CHECK: %[[T:.*]] = if %arg0 -> (token)
// CHECK: return %[[S]], %arg1, %[[T]]
cuda_tile.module @m {
  testing$func @if_to_select(%c: tile<i1>, %a: tile<2x4xi32>, %b: tile<2x4xi32>, %t0: token, %t1: token) -> (tile<2x4xi32>, tile<2x4xi32>, token) {
    %0, %1, %2 = if %c -> (tile<2x4xi32>, tile<2x4xi32>, token) {
      yield %a, %a, %t0 : tile<2x4xi32>, tile<2x4xi32>, token
    } else {
      yield %b, %a, %t1 : tile<2x4xi32>, tile<2x4xi32>, token
    }
    return %0, %1, %2 : tile<2x4xi32>, tile<2x4xi32>, token
  }
}

// -----

// Yielding true/false is the condition; false/true its negation.
// CHECK-LABEL: @if_bool_results
// CHECK: %[[N:.*]] = xori %arg0
// CHECK-NOT: if
// CHECK: return %arg0, %[[N]]
cuda_tile.module @m {
  testing$func @if_bool_results(%c: tile<i1>) -> (tile<i1>, tile<i1>) {
    %0, %1 = if %c -> (tile<i1>, tile<i1>) {
      %t = constant <i1: true> : tile<i1>
      %f = constant <i1: false> : tile<i1>
      yield %t, %f : tile<i1>, tile<i1>
    } else {
      %t = constant <i1: true> : tile<i1>
      %f = constant <i1: false> : tile<i1>
      yield %f, %t : tile<i1>, tile<i1>
    }
    return %0, %1 : tile<i1>, tile<i1>
  }
}

// -----

// When the else branch returns, the results are what the then branch
// yields; the if keeps its return and loses its results.
// CHECK-LABEL: @if_forward_past_return
// CHECK: if %arg0 {
// CHECK-NEXT: } else {
// CHECK-NEXT: return %arg2
// CHECK: addi %arg1, %arg1
cuda_tile.module @m {
  testing$func @if_forward_past_return(%c: tile<i1>, %a: tile<i32>, %b: tile<i32>) -> tile<i32> {
    %0 = if %c -> (tile<i32>) {
      yield %a : tile<i32>
    } else {
      return %b : tile<i32>
    }
    %1 = addi %0, %a : tile<i32>
    return %1 : tile<i32>
  }
}

// -----

// Unused results are dropped; results computed inside a branch stay.
// CHECK-LABEL: @if_unused_results
// CHECK: %[[R:.*]] = if %arg0 -> (tile<i32>) {
// CHECK: %[[X:.*]] = addi %arg1, %arg1
// CHECK: yield %[[X]] : tile<i32>
// CHECK: return %[[R]]
cuda_tile.module @m {
  testing$func @if_unused_results(%c: tile<i1>, %a: tile<i32>) -> tile<i32> {
    %0, %1 = if %c -> (tile<i32>, tile<i32>) {
      %x = addi %a, %a : tile<i32>
      %y = muli %a, %a : tile<i32>
      yield %x, %y : tile<i32>, tile<i32>
    } else {
      yield %a, %a : tile<i32>, tile<i32>
    }
    return %0 : tile<i32>
  }
}

// -----

// An if whose only content is another if (no results, no else) tests the
// conjunction of both conditions.
// CHECK-LABEL: @if_nested
// CHECK: %[[AND:.*]] = andi %arg0, %arg1 : tile<i1>
// CHECK-NEXT: if %[[AND]] {
// CHECK-NEXT: print_tko "inner"
// CHECK-NOT: if
cuda_tile.module @m {
  testing$func @if_nested(%c: tile<i1>, %d: tile<i1>) {
    if %c {
      if %d {
        %0 = print_tko "inner" -> token
      }
    }
    return
  }
}

// -----

// When both branches return, the else branch replaces the unreachable
// rest of the function.
// CHECK-LABEL: @if_both_return
// CHECK: if %arg0 {
// CHECK-NEXT: return %arg1
// CHECK-NEXT: }
// CHECK-NEXT: return %arg2
// CHECK-NOT: print_tko
cuda_tile.module @m {
  testing$func @if_both_return(%c: tile<i1>, %a: tile<i32>, %b: tile<i32>) -> tile<i32> {
    if %c {
      return %a : tile<i32>
    } else {
      return %b : tile<i32>
    }
    %0 = print_tko "unreachable" -> token
    return %a : tile<i32>
  }
}

// -----

// Adjacent ifs on one condition merge; uses of the first if's results in
// the second branch see the first branch's values (the first result, now
// unused, is dropped).
// CHECK-LABEL: @if_adjacent
// CHECK: %[[R:.*]] = if %arg0 -> (tile<i32>) {
// CHECK-NEXT: %[[X:.*]] = addi %arg1, %arg1
// CHECK-NEXT: %[[Y:.*]] = muli %[[X]], %[[X]]
// CHECK-NEXT: yield %[[Y]]
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[Z:.*]] = subi %arg1, %arg1
// CHECK-NEXT: %[[W:.*]] = muli %[[Z]], %arg1
// CHECK-NEXT: yield %[[W]]
// CHECK-NOT: if
// CHECK: return %[[R]]
cuda_tile.module @m {
  testing$func @if_adjacent(%c: tile<i1>, %a: tile<i32>) -> tile<i32> {
    %0 = if %c -> (tile<i32>) {
      %x = addi %a, %a : tile<i32>
      yield %x : tile<i32>
    } else {
      %z = subi %a, %a : tile<i32>
      yield %z : tile<i32>
    }
    %1 = if %c -> (tile<i32>) {
      %y = muli %0, %0 : tile<i32>
      yield %y : tile<i32>
    } else {
      %w = muli %0, %a : tile<i32>
      yield %w : tile<i32>
    }
    return %1 : tile<i32>
  }
}

// -----

// In a loop, a constant-true branch ending in continue ends the body.
// CHECK-LABEL: @if_constant_continue
// CHECK: for
// CHECK-NEXT: continue %arg0
// CHECK-NEXT: }
cuda_tile.module @m {
  testing$func @if_constant_continue(%a: tile<i32>) -> tile<i32> {
    %t = constant <i1: true> : tile<i1>
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 4> : tile<i32>
    %st = constant <i32: 1> : tile<i32>
    %r = for %i in (%lb to %ub, step %st) : tile<i32> iter_values(%acc = %a) -> (tile<i32>) {
      if %t {
        continue %a : tile<i32>
      }
      %n = addi %acc, %i : tile<i32>
      continue %n : tile<i32>
    }
    return %r : tile<i32>
  }
}
