//===- CudaTileMathOps.td - transcendental and rounding math -*- tablegen -*-===//
//
// Element-wise math functions (exp, log, trigonometric, pow, rsqrt, sqrt, floor, ceil, atan2). Results follow CUDA math accuracy; f16/bf16 are computed in f32.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_MATHOPS_TD
#define TILECHECK_CUDATILE_MATHOPS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileOpsBase.td"

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

/// `op %x : T` -- a unary function without modifiers.
class CTM_UnaryOp<string mnemonic, int major = 13, int minor = 1>
    : CudaTile_Op<mnemonic, major, minor,
                  [Pure, AllTypesMatch<["source", "result"]>]> {
  let arguments = (ins CT_FloatTile:$source);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

/// `op %x flush_to_zero : T` -- a unary function with optional f32
/// flush-to-zero.
class CTM_UnaryFtzOp<string mnemonic>
    : CudaTile_Op131<mnemonic, [Pure, AllTypesMatch<["source", "result"]>]> {
  let arguments = (ins CT_FloatTile:$source, UnitAttr:$flush_to_zero);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = [{
    $source (`flush_to_zero` $flush_to_zero^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

/// `op %x rounding<approx> : T` -- a unary function whose accuracy is `full`
/// (default, not printed) or `approx` (f32 only).
class CTM_UnaryApproxOp<string mnemonic>
    : CudaTile_Op131<mnemonic, [Pure, AllTypesMatch<["source", "result"]>]> {
  let arguments = (ins CT_FloatTile:$source,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::tilecheck::cuda_tile::RoundingMode::FULL">:$rounding_mode);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = [{
    $source `` custom<Rounding>($rounding_mode, "kApproxOrFullRounding") attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Exponentials and logarithms
//===----------------------------------------------------------------------===//

def CudaTile_ExpOp : CTM_UnaryApproxOp<"exp"> {
  let summary = "element-wise natural exponential";
  let description = [{
    e raised to each element. `rounding<approx>` (f32 only) selects the fast
    hardware approximation.

    ```mlir
    %r = exp %x rounding<approx> : tile<64xf32>
    ```
  }];
}

def CudaTile_Exp2Op : CTM_UnaryFtzOp<"exp2"> {
  let summary = "element-wise base-2 exponential";
  let description = [{
    2 raised to each element; `flush_to_zero` is f32 only.

    ```mlir
    %r = exp2 %x flush_to_zero : tile<64xf32>
    ```
  }];
}

def CudaTile_LogOp : CTM_UnaryOp<"log"> {
  let summary = "element-wise natural logarithm";
  let description = [{
    ```mlir
    %r = log %x : tile<64xf32>
    ```
  }];
}

def CudaTile_Log2Op : CTM_UnaryOp<"log2"> {
  let summary = "element-wise base-2 logarithm";
  let description = [{
    ```mlir
    %r = log2 %x : tile<64xf16>
    ```
  }];
}

def CudaTile_PowOp : CudaTile_Op131<"pow", [Pure,
    AllTypesMatch<["result", "source", "exponent"]>,
    AllRanksMatch<["source", "exponent", "result"]>]> {
  let summary = "element-wise power";
  let description = [{
    Raises each element of `source` to the matching element of `exponent`.

    ```mlir
    %r = pow %base, %exp : tile<8xf32>
    ```
  }];
  let arguments = (ins CT_FloatTile:$source, CT_FloatTile:$exponent);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = [{
    $source `,` $exponent attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Roots
//===----------------------------------------------------------------------===//

def CudaTile_RsqrtOp : CTM_UnaryFtzOp<"rsqrt"> {
  let summary = "element-wise reciprocal square root";
  let description = [{
    `1 / sqrt(x)`; `flush_to_zero` is f32 only.

    ```mlir
    %r = rsqrt %x : tile<64xf32>
    ```
  }];
}

def CudaTile_SqrtOp : CudaTile_Op131<"sqrt",
    [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "element-wise square root";
  let description = [{
    Correctly rounded square root under the given IEEE rounding mode
    (nearest_even by default), or the fast `rounding<approx>` form (f32
    only). `flush_to_zero` is f32 only.

    ```mlir
    %r = sqrt %x rounding<approx> flush_to_zero : tile<64xf32>
    ```
  }];
  let arguments = (ins CT_FloatTile:$source,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::tilecheck::cuda_tile::RoundingMode::NEAREST_EVEN">:$rounding_mode,
      UnitAttr:$flush_to_zero);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = [{
    $source `` custom<Rounding>($rounding_mode, "kSqrtRounding") (`flush_to_zero` $flush_to_zero^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Trigonometric and hyperbolic functions
//===----------------------------------------------------------------------===//

def CudaTile_SinOp : CTM_UnaryOp<"sin"> {
  let summary = "element-wise sine";
  let description = [{
    Sine of each element (radians).

    ```mlir
    %r = sin %x : tile<64xf32>
    ```
  }];
}

def CudaTile_CosOp : CTM_UnaryOp<"cos"> {
  let summary = "element-wise cosine";
  let description = [{
    Cosine of each element (radians).

    ```mlir
    %r = cos %x : tile<64xf32>
    ```
  }];
}

def CudaTile_TanOp : CTM_UnaryOp<"tan"> {
  let summary = "element-wise tangent";
  let description = [{
    ```mlir
    %r = tan %x : tile<64xf64>
    ```
  }];
}

def CudaTile_SinHOp : CTM_UnaryOp<"sinh"> {
  let summary = "element-wise hyperbolic sine";
  let description = [{
    ```mlir
    %r = sinh %x : tile<64xf32>
    ```
  }];
}

def CudaTile_CosHOp : CTM_UnaryOp<"cosh"> {
  let summary = "element-wise hyperbolic cosine";
  let description = [{
    ```mlir
    %r = cosh %x : tile<64xf32>
    ```
  }];
}

def CudaTile_TanHOp : CTM_UnaryApproxOp<"tanh"> {
  let summary = "element-wise hyperbolic tangent";
  let description = [{
    Hyperbolic tangent; `rounding<approx>` (f32 only, 13.2) uses the fast
    hardware instruction.

    ```mlir
    %r = tanh %x rounding<approx> : tile<64xf32>
    ```
  }];
}

def CudaTile_Atan2Op : CudaTile_Op<"atan2", 13, 2,
    [Pure, AllTypesMatch<["x", "y", "result"]>]> {
  let summary = "element-wise two-argument arc tangent";
  let description = [{
    (13.2) The angle in radians, in [-pi, pi], of the point whose coordinates
    are the matching elements of the operands (C `atan2` argument order).

    ```mlir
    %angle = atan2 %x, %y : tile<16xf32>
    ```
  }];
  let arguments = (ins CT_FloatTile:$x, CT_FloatTile:$y);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Rounding to integral values
//===----------------------------------------------------------------------===//

def CudaTile_FloorOp : CTM_UnaryOp<"floor"> {
  let summary = "element-wise round toward negative infinity";
  let description = [{
    Largest integral value not greater than each element.

    ```mlir
    %r = floor %x : tile<64xf32>
    ```
  }];
}

def CudaTile_CeilOp : CTM_UnaryOp<"ceil"> {
  let summary = "element-wise round toward positive infinity";
  let description = [{
    Smallest integral value not less than each element.

    ```mlir
    %r = ceil %x : tile<64xbf16>
    ```
  }];
}

#endif // TILECHECK_CUDATILE_MATHOPS_TD
