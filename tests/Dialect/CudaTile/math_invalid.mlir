// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// Math ops reject integer tiles.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{'cuda_tile.sin' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xi32>'}}
    %0 = sin %a : tile<4xi32>
  }
}

// -----

// Math ops reject tf32 tiles.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xtf32>) {
    // expected-error @below {{'cuda_tile.atan2' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xtf32>'}}
    %0 = atan2 %a, %a : tile<4xtf32>
  }
}

// -----

// Operands and result share one type (generic form).
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>, %b: tile<4xf16>) {
    // expected-error @below {{'cuda_tile.pow' op failed to verify that all of {result, source, exponent} have same type}}
    %0 = "cuda_tile.pow"(%a, %b) : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf16>) -> !cuda_tile.tile<4xf32>
  }
}

// -----

// exp: approx is f32 only.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf64>) {
    // expected-error @below {{'cuda_tile.exp' op approx modifier only supported for f32 data type, but got: 'f64'}}
    %0 = exp %a rounding<approx> : tile<4xf64>
  }
}

// -----

// exp: only approx and full are accepted.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{'cuda_tile.exp' op invalid rounding mode specified, expect one of [approx, full]}}
    %0 = exp %a rounding<zero> : tile<4xf32>
  }
}

// -----

// exp: unknown rounding keyword.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{expected rounding mode to be one of: 'approx', 'full'}}
    %0 = exp %a rounding<fast> : tile<4xf32>
  }
}

// -----

// tanh: only approx and full are accepted.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{'cuda_tile.tanh' op invalid rounding mode specified, expect one of [approx, full]}}
    %0 = tanh %a rounding<nearest_even> : tile<4xf32>
  }
}

// -----

// tanh: approx is f32 only.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xbf16>) {
    // expected-error @below {{'cuda_tile.tanh' op approx modifier only supported for f32 data type, but got: 'bf16'}}
    %0 = tanh %a rounding<approx> : tile<4xbf16>
  }
}

// -----

// exp2: flush_to_zero is f32 only.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf16>) {
    // expected-error @below {{'cuda_tile.exp2' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'}}
    %0 = exp2 %a flush_to_zero : tile<4xf16>
  }
}

// -----

// rsqrt: flush_to_zero is f32 only.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf64>) {
    // expected-error @below {{'cuda_tile.rsqrt' op flush_to_zero modifier only supported for f32 data type, but got: 'f64'}}
    %0 = rsqrt %a flush_to_zero : tile<4xf64>
  }
}

// -----

// sqrt: unknown rounding keyword.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx'}}
    %0 = sqrt %a rounding<fast> : tile<4xf32>
  }
}

// -----

// sqrt: full is not a square-root mode.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{'cuda_tile.sqrt' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf, approx]}}
    %0 = sqrt %a rounding<full> : tile<4xf32>
  }
}

// -----

// sqrt: approx is f32 only.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf16>) {
    // expected-error @below {{'cuda_tile.sqrt' op approx modifier only supported for f32 data type, but got: 'f16'}}
    %0 = sqrt %a rounding<approx> : tile<4xf16>
  }
}

// -----

// sqrt: flush_to_zero is reported before approx.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf16>) {
    // expected-error @below {{'cuda_tile.sqrt' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'}}
    %0 = sqrt %a rounding<approx> flush_to_zero : tile<4xf16>
  }
}
