// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// Integer ops reject float tiles.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{'cuda_tile.addi' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xf32>'}}
    %0 = addi %a, %a : tile<4xf32>
  }
}

// -----

// i4 is only accepted by conversions.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi4>) {
    // expected-error @below {{'cuda_tile.muli' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values}}
    %0 = muli %a, %a : tile<4xi4>
  }
}

// -----

// Operands and result of a binary op share one type (checked in generic form).
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>, %b: tile<4xi16>) {
    // expected-error @below {{'cuda_tile.subi' op failed to verify that all of {lhs, rhs, result} have same type}}
    %0 = "cuda_tile.subi"(%a, %b) : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi16>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

// In the custom form a mismatching operand is a parse error.
cuda_tile.module @m {
  // expected-note @below {{prior use here}}
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{use of value '%a' expects different type than prior uses: '!cuda_tile.tile<4xi64>' vs '!cuda_tile.tile<4xi32>'}}
    %0 = addi %a, %a : tile<4xi64>
  }
}

// -----

// Floor division needs signed operands.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{'cuda_tile.divi' op rounding mode 'negative_inf' is not allowed with 'unsigned' flag}}
    %0 = divi %a, %a unsigned rounding<negative_inf> : tile<4xi32>
  }
}

// -----

// Integer division rounds toward zero, positive or negative infinity only.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{'cuda_tile.divi' op invalid rounding mode specified, expect one of [zero, negative_inf, positive_inf]}}
    %0 = divi %a, %a signed rounding<nearest_even> : tile<4xi32>
  }
}

// -----

// The signedness keyword is mandatory.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{expected valid keyword}}
    // expected-error @below {{expected signedness to be one of: {'signed', 'unsigned'}}}
    %0 = maxi %a, %a : tile<4xi32>
  }
}

// -----

// An unknown signedness keyword is rejected.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{expected signedness to be one of: {'signed', 'unsigned'}}}
    %0 = shri %a, %a arithmetic : tile<4xi32>
  }
}

// -----

// negi is a signed operation: no_unsigned_wrap is meaningless.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{'cuda_tile.negi' op 'no_unsigned_wrap' overflow flag is not supported}}
    %0 = negi %a overflow<no_unsigned_wrap> : tile<4xi32>
  }
}

// -----

// Unknown comparison predicate.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{expected 'comparison_predicate' to be one of: {'equal', 'not_equal', 'less_than', 'less_than_or_equal', 'greater_than', 'greater_than_or_equal'}}}
    %0 = cmpi below %a, %a, signed : tile<4xi32> -> tile<4xi1>
  }
}

// -----

// Missing comparison predicate.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{expected valid keyword}}
    // expected-error @below {{expected 'comparison_predicate' to be one of}}
    %0 = cmpi %a, %a, signed : tile<4xi32> -> tile<4xi1>
  }
}

// -----

// Comparison results are i1 tiles.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{'cuda_tile.cmpi' op result #0 must be tile of i1 values, but got '!cuda_tile.tile<4xi32>'}}
    %0 = cmpi equal %a, %a, signed : tile<4xi32> -> tile<4xi32>
  }
}

// -----

// Comparison results have the operand shape.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{'cuda_tile.cmpi' op failed to verify that Result type has i1 element type and same shape as operands}}
    %0 = cmpi equal %a, %a, signed : tile<4xi32> -> tile<2x2xi1>
  }
}

// -----

// Both comparison operands have one type.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>, %b: tile<4xf16>) {
    // expected-error @below {{'cuda_tile.cmpf' op failed to verify that all of {lhs, rhs} have same type}}
    %0 = "cuda_tile.cmpf"(%a, %b) {comparison_predicate = #cuda_tile.comparison_predicate<equal>, comparison_ordering = #cuda_tile.comparison_ordering<ordered>} : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf16>) -> !cuda_tile.tile<4xi1>
  }
}

// -----

// Unknown comparison ordering.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{expected 'comparison_ordering' to be one of: {'ordered', 'unordered'}}}
    %0 = cmpf equal signed %a, %a : tile<4xf32> -> tile<4xi1>
  }
}

// -----

// Float ops reject storage-only float types.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf8E4M3FN>) {
    // expected-error @below {{'cuda_tile.addf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xf8E4M3FN>'}}
    %0 = addf %a, %a : tile<4xf8E4M3FN>
  }
}

// -----

// flush_to_zero is f32 only.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf16>) {
    // expected-error @below {{'cuda_tile.subf' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'}}
    %0 = subf %a, %a flush_to_zero : tile<4xf16>
  }
}

// -----

// The IEEE ops only parse the four IEEE rounding modes.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'approx'}}
    %0 = mulf %a, %a rounding<approx> : tile<4xf32>
  }
}

// -----

// The verifier also rejects non-IEEE modes given in generic form.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{'cuda_tile.fma' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf]}}
    %0 = "cuda_tile.fma"(%a, %a, %a) <{rounding_mode = #cuda_tile.rounding<full>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

// divf: approx is f32 only.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf16>) {
    // expected-error @below {{'cuda_tile.divf' op approx modifier only supported for f32 data type, but got: 'f16'}}
    %0 = divf %a, %a rounding<approx> : tile<4xf16>
  }
}

// -----

// divf: full is f32 only.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xbf16>) {
    // expected-error @below {{'cuda_tile.divf' op full modifier only supported for f32 data type, but got: 'bf16'}}
    %0 = divf %a, %a rounding<full> : tile<4xbf16>
  }
}

// -----

// divf: unknown rounding mode.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx', 'full'}}
    %0 = divf %a, %a rounding<fast> : tile<4xf32>
  }
}

// -----

// divf: the integer rounding mode is not a float division mode.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{'cuda_tile.divf' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf, approx, full]}}
    %0 = divf %a, %a rounding<nearest_int_to_zero> : tile<4xf32>
  }
}

// -----

// maxf: flush_to_zero is f32 only.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf64>) {
    // expected-error @below {{'cuda_tile.maxf' op flush_to_zero modifier only supported for f32 data type, but got: 'f64'}}
    %0 = maxf %a, %a flush_to_zero : tile<4xf64>
  }
}

// -----

// select: the condition is an i1 tile.
cuda_tile.module @m {
  testing$func @f(%c: tile<4xi32>, %a: tile<4xi32>) {
    // expected-error @below {{'cuda_tile.select' op operand #0 must be tile of i1 values, but got '!cuda_tile.tile<4xi32>'}}
    %0 = select %c, %a, %a : tile<4xi32>, tile<4xi32>
  }
}

// -----

// select: condition and values have one shape.
cuda_tile.module @m {
  testing$func @f(%c: tile<i1>, %a: tile<4xi32>) {
    // expected-error @below {{'cuda_tile.select' op failed to verify that all of {cond, val_if_true, val_if_false, result} have same shape}}
    %0 = select %c, %a, %a : tile<i1>, tile<4xi32>
  }
}

// -----

// select: sub-byte f4E2M1FN tiles cannot be selected element-wise.
cuda_tile.module @m {
  testing$func @f(%c: tile<4xi1>, %a: tile<4xf4E2M1FN>) {
    // expected-error @below {{'cuda_tile.select' op cannot operate on sub-byte type F4E2M1FN}}
    %0 = select %c, %a, %a : tile<4xi1>, tile<4xf4E2M1FN>
  }
}
