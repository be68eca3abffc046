// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// ftof between identical types is a no-op and rejected.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf16>) {
    // expected-error @below {{'cuda_tile.ftof' op converting tiles must not be a no-op}}
    %0 = ftof %a : tile<4xf16> -> tile<4xf16>
  }
}

// -----

// Conversions keep the shape.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf16>) {
    // expected-error @below {{'cuda_tile.ftof' op failed to verify that all of {from, to} have same shape}}
    %0 = ftof %a : tile<4xf16> -> tile<2x2xf32>
  }
}

// -----

// ftof produces float tiles only.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf16>) {
    // expected-error @below {{'cuda_tile.ftof' op result #0 must be tile of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got '!cuda_tile.tile<4xi16>'}}
    %0 = ftof %a : tile<4xf16> -> tile<4xi16>
  }
}

// -----

// ftof only rounds to nearest even, except to f8E8M0FNU.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{'cuda_tile.ftof' op invalid rounding mode specified. Only 'nearest_even' is supported}}
    %0 = ftof %a rounding<zero> : tile<4xf32> -> tile<4xf16>
  }
}

// -----

// Conversions to f8E8M0FNU round toward zero or positive infinity.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{'cuda_tile.ftof' op invalid rounding mode specified for conversion to f8E8M0FNU. Only 'zero' and 'positive_inf' are supported}}
    %0 = ftof %a : tile<4xf32> -> tile<4xf8E8M0FNU>
  }
}

// -----

// ftof/itof parse only the IEEE rounding modes.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'approx'}}
    %0 = ftof %a rounding<approx> : tile<4xf32> -> tile<4xf16>
  }
}

// -----

// ftoi only parses nearest_int_to_zero.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{expected rounding mode to be one of: 'nearest_int_to_zero', got: 'nearest_even'}}
    %0 = ftoi %a signed rounding<nearest_even> : tile<4xf32> -> tile<4xi32>
  }
}

// -----

// ftoi rejects other modes given in generic form.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{'cuda_tile.ftoi' op invalid rounding mode specified. Only 'nearest_int_to_zero' is supported}}
    %0 = "cuda_tile.ftoi"(%a) <{rounding_mode = #cuda_tile.rounding<zero>, signedness = #cuda_tile.signedness<signed>}> : (!cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xi32>
  }
}

// -----

// ftoi cannot produce i4.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{'cuda_tile.ftoi' op result #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xi4>'}}
    %0 = ftoi %a signed : tile<4xf32> -> tile<4xi4>
  }
}

// -----

// ftoi needs a signedness.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{expected valid keyword}}
    // expected-error @below {{expected signedness to be one of: {'signed', 'unsigned'}}}
    %0 = ftoi %a : tile<4xf32> -> tile<4xi32>
  }
}

// -----

// itof cannot produce f8E8M0FNU.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi8>) {
    // expected-error @below {{'cuda_tile.itof' op integer to f8E8M0FNU conversion is not supported, please first convert to another float type}}
    %0 = itof %a unsigned : tile<4xi8> -> tile<4xf8E8M0FNU>
  }
}

// -----

// itof only rounds to nearest even.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{'cuda_tile.itof' op invalid rounding mode specified. Only 'nearest_even' is supported}}
    %0 = itof %a signed rounding<negative_inf> : tile<4xi32> -> tile<4xf32>
  }
}

// -----

// exti must widen.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi16>) {
    // expected-error @below {{'cuda_tile.exti' op extending to smaller or identical integer}}
    %0 = exti %a signed : tile<4xi16> -> tile<4xi16>
  }
}

// -----

// trunci must narrow.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi4>) {
    // expected-error @below {{'cuda_tile.trunci' op truncating to larger or identical integer}}
    %0 = trunci %a : tile<4xi4> -> tile<4xi8>
  }
}

// -----

// bitcast keeps the element width.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{'cuda_tile.bitcast' op types must be equal width, cannot convert '!cuda_tile.tile<4xf32>' of width 32 to type '!cuda_tile.tile<4xf16>' of width 16}}
    %0 = bitcast %a : tile<4xf32> -> tile<4xf16>
  }
}

// -----

// bitcast keeps the shape.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi16>) {
    // expected-error @below {{'cuda_tile.bitcast' op failed to verify that all of {source, result} have same shape}}
    %0 = bitcast %a : tile<4xi16> -> tile<2xi32>
  }
}

// -----

// int_to_ptr takes i64 addresses.
cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{'cuda_tile.int_to_ptr' op operand #0 must be tile of i64 values, but got '!cuda_tile.tile<4xi32>'}}
    %0 = int_to_ptr %a : tile<4xi32> -> tile<4xptr<f32>>
  }
}

// -----

// ptr_to_int produces i64 addresses.
cuda_tile.module @m {
  testing$func @f(%p: tile<4xptr<f32>>) {
    // expected-error @below {{'cuda_tile.ptr_to_int' op result #0 must be tile of i64 values, but got '!cuda_tile.tile<4xi32>'}}
    %0 = ptr_to_int %p : tile<4xptr<f32>> -> tile<4xi32>
  }
}

// -----

// pack works on rank-1 tiles.
cuda_tile.module @m {
  testing$func @f(%a: tile<4x8xf16>) {
    // expected-error @below {{'cuda_tile.pack' op expects source and result to be rank-1 tiles}}
    %0 = pack %a : tile<4x8xf16> -> tile<4x16xi8>
  }
}

// -----

// pack/unpack ranks match.
cuda_tile.module @m {
  testing$func @f(%a: tile<64xi8>) {
    // expected-error @below {{'cuda_tile.unpack' op failed to verify that all of {source, result} have same rank}}
    %0 = unpack %a : tile<64xi8> -> tile<32x1xf16>
  }
}

// -----

// pack of an i8 tile would be a no-op.
cuda_tile.module @m {
  testing$func @f(%a: tile<32xi8>) {
    // expected-error @below {{'cuda_tile.pack' op expects source and result to have different element type widths}}
    %0 = pack %a : tile<32xi8> -> tile<32xi8>
  }
}

// -----

// pack/unpack preserve the byte size.
cuda_tile.module @m {
  testing$func @f(%a: tile<64xi8>) {
    // expected-error @below {{'cuda_tile.unpack' op expects source and result to have the same size in bytes, but got source tile size 64 bytes and result tile size 128 bytes}}
    %0 = unpack %a : tile<64xi8> -> tile<64xf16>
  }
}

// -----

// The packed side is always an i8 tile.
cuda_tile.module @m {
  testing$func @f(%a: tile<32xf16>) {
    // expected-error @below {{'cuda_tile.pack' op result #0 must be tile of i8 values, but got '!cuda_tile.tile<32xi16>'}}
    %0 = pack %a : tile<32xf16> -> tile<32xi16>
  }
}
