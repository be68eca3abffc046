// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// continue must stand in a loop body or an if inside one.
cuda_tile.module @m {
  testing$func @f() {
    // expected-error @below {{expects parent op to be one of 'cuda_tile.for, cuda_tile.if, cuda_tile.loop'}}
    continue
  }
}

// -----

// An if outside any loop cannot continue.
cuda_tile.module @m {
  // expected-note @below {{see unexpected ancestor operation}}
  testing$func @f(%c: tile<i1>) {
    if %c {
      // expected-error @below {{op can only be nested within a ancestor chain of 'cuda_tile.for', 'cuda_tile.loop', 'cuda_tile.if' operations}}
      continue
    }
  }
}

// -----

// continue in for passes exactly the iter_values.
cuda_tile.module @m {
  testing$func @f(%lb: tile<i32>) {
    for %iv in (%lb to %lb, step %lb) : tile<i32> {
      // expected-error @below {{`for` is missing a valid terminator. `continue` op should have operand types that match the parent loop return types: (), but found: ('!cuda_tile.tile<i32>')}}
      continue %lb : tile<i32>
    }
  }
}

// -----

// A loop with iter_values needs an explicit continue.
cuda_tile.module @m {
  testing$func @f(%x: tile<i32>) {
    // expected-error @below {{`loop` is missing a valid terminator. `continue` op should have operand types that match the parent loop iter_values: ('!cuda_tile.tile<i32>'), but found: ()}}
    loop iter_values(%a = %x) : tile<i32> { }
  }
}

// -----

// break only leaves loop, not for.
cuda_tile.module @m {
  testing$func @f(%lb: tile<i32>, %c: tile<i1>) {
    // expected-note @below {{see unexpected ancestor operation}}
    for %iv in (%lb to %lb, step %lb) : tile<i32> {
      if %c {
        // expected-error @below {{op can only be nested within a ancestor chain of 'cuda_tile.loop', 'cuda_tile.if' operations}}
        break
      }
    }
  }
}

// -----

// break operands are the loop results.
cuda_tile.module @m {
  testing$func @f(%x: tile<i32>) {
    loop {
      // expected-error @below {{operand types must correspond to the parent loop result types}}
      break %x : tile<i32>
    }
  }
}

// -----

// Induction variable and bounds share one type.
cuda_tile.module @m {
  // expected-note @below {{prior use here}}
  testing$func @f(%lb: tile<i32>) {
    // expected-error @below {{use of value '%lb' expects different type than prior uses}}
    for %iv in (%lb to %lb, step %lb) : tile<i64> {
    }
  }
}

// -----

// Initializers and region iter_values agree in number.
cuda_tile.module @m {
  testing$func @f(%x: tile<f32>) {
    // expected-error @below {{mismatch in number of region iterator values and loop iterator inits: 2 vs 1}}
    %r = "cuda_tile.loop"(%x) ({
    ^bb0(%a: !cuda_tile.tile<f32>, %b: !cuda_tile.tile<f32>):
      continue %a : tile<f32>
    }) : (!cuda_tile.tile<f32>) -> (!cuda_tile.tile<f32>)
  }
}

// -----

// loop lists one type per iter_value.
cuda_tile.module @m {
  testing$func @f(%x: tile<f32>) {
    // expected-error @below {{found different number of iter_values and types}}
    loop iter_values(%a = %x) : tile<f32>, tile<f32> {
      continue %a : tile<f32>
    }
  }
}

// -----

// Views cannot be loop-carried.
cuda_tile.module @m {
  testing$func @f(%v: tensor_view<8xf32, strides=[1]>) {
    // expected-error @below {{loop-carried value 0 is a tensor_view, which is not supported}}
    loop iter_values(%a = %v) : tensor_view<8xf32, strides=[1]> {
      continue %a : tensor_view<8xf32, strides=[1]>
    }
  }
}

// -----

// An if with results needs an else branch.
cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %x: tile<i32>) {
    // expected-error @below {{op has non-empty return type, must define else branch}}
    %r = if %c -> (tile<i32>) {
      yield %x : tile<i32>
    }
  }
}

// -----

// Branch yields match the if results.
cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %x: tile<i32>, %y: tile<i64>) {
    // expected-error @below {{op type does not match yield type, else branch yields '!cuda_tile.tile<i32>' but op result type is '!cuda_tile.tile<i64>'}}
    %r = if %c -> (tile<i64>) {
      yield %y : tile<i64>
    } else {
      yield %x : tile<i32>
    }
  }
}

// -----

// An if without results yields nothing.
cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %x: tile<i32>) {
    // expected-error @below {{op does not return a value, but then branch yields '!cuda_tile.tile<i32>'}}
    if %c {
      yield %x : tile<i32>
    }
  }
}

// -----

// The condition is a scalar i1.
cuda_tile.module @m {
  testing$func @f(%c: tile<4xi1>) {
    // expected-error @below {{operand #0 must be 0D tile of i1 values, but got '!cuda_tile.tile<4xi1>'}}
    "cuda_tile.if"(%c) ({
      yield
    }, {
    }) : (!cuda_tile.tile<4xi1>) -> ()
  }
}

// -----

// yield belongs to if, reduce or scan.
cuda_tile.module @m {
  testing$func @f() {
    loop {
      // expected-error @below {{expects parent op to be one of 'cuda_tile.if, cuda_tile.reduce, cuda_tile.scan'}}
      yield
    }
  }
}

// -----

// Predicates check the type they describe.
cuda_tile.module @m {
  testing$func @f(%x: tile<16xf32>) {
    // expected-error @below {{'cuda_tile.div_by' is valid only for tile of integer/pointer or tensor_view values}}
    %a = assume div_by<16>, %x : tile<16xf32>
  }
}

// -----

// assume takes a predicate attribute.
cuda_tile.module @m {
  testing$func @f(%x: tile<16xi32>) {
    // expected-error @below {{expected assume predicate attribute}}
    %a = assume #cuda_tile.comparison_predicate<equal>, %x : tile<16xi32>
  }
}

// -----

// One operand per format conversion.
cuda_tile.module @m {
  testing$func @f(%x: tile<i32>) {
    // expected-error @below {{incorrect number of operands: expected 2, found 1}}
    %t = print_tko "%d and %d", %x : tile<i32> -> token
  }
}

// -----

// A conversion needs its conversion character.
cuda_tile.module @m {
  testing$func @f(%x: tile<i32>) {
    // expected-error @below {{found unterminated format expression}}
    %t = print_tko "%l", %x : tile<i32> -> token
  }
}

// -----

// A bounded predicate's bounds fit the element type.
cuda_tile.module @m {
  testing$func @f(%x: tile<16xi8>) {
    // expected-error @below {{'cuda_tile.bounded' expects upper bound to be within [-128, 127]}}
    %a = assume bounded<0, 200>, %x : tile<16xi8>
  }
}

// -----

// every/along of div_by name an existing dimension.
cuda_tile.module @m {
  testing$func @f(%x: tile<16xi32>) {
    // expected-error @below {{'cuda_tile.div_by' every_dim (1) must be >= 0 and < tile rank (1)}}
    %a = assume div_by<4, every 2 along 1>, %x : tile<16xi32>
  }
}
