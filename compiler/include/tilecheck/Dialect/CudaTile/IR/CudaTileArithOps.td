//===- CudaTileArithOps.td - integer, float, bitwise, compare, select -*- tablegen -*-===//
//
// Element-wise arithmetic on tiles. Integer ops carry signedness and overflow flags; float ops rounding modes and flush-to-zero. Operands and result share one tile type unless stated otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_ARITHOPS_TD
#define TILECHECK_CUDATILE_ARITHOPS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileOpsBase.td"

// Operand tile constraints (CT_IntTile, CT_FloatTile, CT_I1Tile, ...) are
// shared by all categories and live in CudaTileTypes.td.

defvar CTA_NoOverflow = "::tilecheck::cuda_tile::IntegerOverflow::NONE";
defvar CTA_NearestEven = "::tilecheck::cuda_tile::RoundingMode::NEAREST_EVEN";

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

/// Binary integer op with overflow flags: `op %a, %b overflow<...> : T`.
class CTA_IntOverflowBinOp<string mnemonic> : CudaTile_Op131<mnemonic,
    [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let arguments = (ins CT_IntTile:$lhs, CT_IntTile:$rhs,
      DefaultValuedAttr<CudaTile_IntegerOverflowAttr, CTA_NoOverflow>:$overflow);
  let results = (outs CT_IntTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`overflow` `` $overflow^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

/// Binary integer op that needs to know how to interpret its operands:
/// `op %a, %b signed : T`.
class CTA_IntSignedBinOp<string mnemonic> : CudaTile_Op131<mnemonic,
    [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let arguments = (ins CT_IntTile:$lhs, CT_IntTile:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CT_IntTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs custom<Signedness>($signedness) attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

/// Binary bitwise op without modifiers.
class CTA_BitwiseBinOp<string mnemonic> : CudaTile_Op131<mnemonic,
    [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let arguments = (ins CT_IntTile:$lhs, CT_IntTile:$rhs);
  let results = (outs CT_IntTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_AbsIOp : CudaTile_Op131<"absi",
    [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "element-wise integer absolute value";
  let description = [{
    Replaces every element by its magnitude, reading the bits as a signed
    two's complement number. The most negative value maps to itself.

    ```mlir
    %r = absi %a : tile<8xi32>
    ```
  }];
  let arguments = (ins CT_IntTile:$source);
  let results = (outs CT_IntTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_AddIOp : CTA_IntOverflowBinOp<"addi"> {
  let summary = "element-wise integer addition";
  let description = [{
    Two's complement addition. `overflow<...>` promises that no signed and/or
    unsigned wrap-around happens; breaking the promise is undefined.

    ```mlir
    %r = addi %a, %b overflow<no_signed_wrap> : tile<16xi32>
    ```
  }];
}

def CudaTile_SubIOp : CTA_IntOverflowBinOp<"subi"> {
  let summary = "element-wise integer subtraction";
  let description = [{
    Two's complement difference `lhs - rhs`, wrapping modulo 2^n unless an
    `overflow<...>` flag promises otherwise.

    ```mlir
    %r = subi %a, %b : tile<4x4xi16>
    ```
  }];
}

def CudaTile_MulIOp : CTA_IntOverflowBinOp<"muli"> {
  let summary = "element-wise integer multiplication";
  let description = [{
    Low n bits of the product of the two operands. The overflow flags state
    that the full product fits (signed and/or unsigned).

    ```mlir
    %r = muli %a, %b overflow<no_wrap> : tile<32xi64>
    ```
  }];
}

def CudaTile_ShLIOp : CTA_IntOverflowBinOp<"shli"> {
  let summary = "element-wise left shift";
  let description = [{
    Shifts `lhs` left by `rhs` bits, filling with zeros. Shift amounts of at
    least the bit width give an unspecified value.

    ```mlir
    %r = shli %a, %amount : tile<8xi32>
    ```
  }];
}

def CudaTile_MulhiIOp : CudaTile_Op131<"mulhii",
    [Pure, AllTypesMatch<["x", "y", "result"]>]> {
  let summary = "element-wise high half of an integer product";
  let description = [{
    Computes the 2n-bit product of the operands (read as unsigned) and keeps
    its upper n bits.

    ```mlir
    %hi = mulhii %a, %b : tile<16xi32>
    ```
  }];
  let arguments = (ins CT_IntTile:$x, CT_IntTile:$y);
  let results = (outs CT_IntTile:$result);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_DivIOp : CudaTile_Op131<"divi",
    [NoMemoryEffect, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = "element-wise integer division";
  let description = [{
    Quotient of `lhs` by `rhs` interpreted with the given signedness. The
    quotient is rounded toward zero by default; `rounding<positive_inf>` gives
    a ceiling and `rounding<negative_inf>` (signed only) a floor division.
    Division by zero is undefined.

    ```mlir
    %q = divi %a, %b signed rounding<negative_inf> : tile<4xi32>
    ```
  }];
  let arguments = (ins CT_IntTile:$lhs, CT_IntTile:$rhs,
      CudaTile_SignednessAttr:$signedness,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::tilecheck::cuda_tile::RoundingMode::ZERO">:$rounding);
  let results = (outs CT_IntTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs custom<Signedness>($signedness) (`rounding` `` $rounding^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_RemIOp : CudaTile_Op131<"remi",
    [Pure, AllTypesMatch<["result", "lhs", "rhs"]>,
     AllShapesMatch<["result", "lhs", "rhs"]>]> {
  let summary = "element-wise integer remainder";
  let description = [{
    Remainder of the truncating division of `lhs` by `rhs`; for signed
    operands it takes the sign of `lhs`.

    ```mlir
    %r = remi %a, %b unsigned : tile<8xi16>
    ```
  }];
  let arguments = (ins CT_IntTile:$lhs, CT_IntTile:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CT_IntTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs custom<Signedness>($signedness) attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_NegIOp : CudaTile_Op131<"negi",
    [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "element-wise integer negation";
  let description = [{
    Two's complement negation. Negation is a signed operation, so only
    `overflow<no_signed_wrap>` is meaningful (`no_unsigned_wrap` is rejected).

    ```mlir
    %r = negi %a overflow<no_signed_wrap> : tile<8xi32>
    ```
  }];
  let arguments = (ins CT_IntTile:$source,
      DefaultValuedAttr<CudaTile_IntegerOverflowAttr, CTA_NoOverflow>:$overflow);
  let results = (outs CT_IntTile:$result);
  let assemblyFormat = [{
    $source (`overflow` `` $overflow^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_AndIOp : CTA_BitwiseBinOp<"andi"> {
  let summary = "element-wise bitwise and";
  let description = [{
    ```mlir
    %r = andi %a, %b : tile<8xi1>
    ```
  }];
}

def CudaTile_OrIOp : CTA_BitwiseBinOp<"ori"> {
  let summary = "element-wise bitwise or";
  let description = [{
    ```mlir
    %r = ori %a, %b : tile<8xi32>
    ```
  }];
}

def CudaTile_XOrIOp : CTA_BitwiseBinOp<"xori"> {
  let summary = "element-wise bitwise exclusive or";
  let description = [{
    ```mlir
    %r = xori %a, %b : tile<8xi64>
    ```
  }];
}

def CudaTile_ShRIOp : CTA_IntSignedBinOp<"shri"> {
  let summary = "element-wise right shift";
  let description = [{
    Shifts `lhs` right by `rhs` bits: `signed` replicates the sign bit
    (arithmetic shift), `unsigned` fills with zeros (logical shift).

    ```mlir
    %r = shri %a, %amount signed : tile<8xi32>
    ```
  }];
}

def CudaTile_MaxIOp : CTA_IntSignedBinOp<"maxi"> {
  let summary = "element-wise integer maximum";
  let description = [{
    ```mlir
    %r = maxi %a, %b unsigned : tile<8xi32>
    ```
  }];
}

def CudaTile_MinIOp : CTA_IntSignedBinOp<"mini"> {
  let summary = "element-wise integer minimum";
  let description = [{
    ```mlir
    %r = mini %a, %b signed : tile<8xi32>
    ```
  }];
}

def CudaTile_CmpIOp : CudaTile_Op131<"cmpi", [Pure,
    AllTypesMatch<["lhs", "rhs"]>,
    TypesMatchWith<"Result type has i1 element type and same shape as operands",
                   "lhs", "result", "::ctaBoolTileLike($_self)">]> {
  let summary = "element-wise integer comparison";
  let description = [{
    Compares the operands element by element and yields a tile of i1 of the
    same shape. The signedness decides how ordered predicates read the bits.

    ```mlir
    %lt = cmpi less_than %a, %b, signed : tile<4xi32> -> tile<4xi1>
    ```
  }];
  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       CT_IntTile:$lhs, CT_IntTile:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs CT_I1Tile:$result);
  let assemblyFormat = [{
    custom<ArithPredicate>($comparison_predicate) $lhs `,` $rhs `,` custom<Signedness>($signedness) attr-dict `:` custom<CudaTileType>(type($lhs)) `->` custom<CudaTileType>(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Floating-point arithmetic
//===----------------------------------------------------------------------===//

/// Binary float op with an IEEE rounding mode and flush-to-zero.
class CTA_FloatRoundedBinOp<string mnemonic> : CudaTile_Op131<mnemonic,
    [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let arguments = (ins CT_FloatTile:$lhs, CT_FloatTile:$rhs,
      DefaultValuedAttr<CudaTile_RoundingModeAttr, CTA_NearestEven>:$rounding_mode,
      UnitAttr:$flush_to_zero);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `` custom<Rounding>($rounding_mode, "ieeeRounding()")
    (`flush_to_zero` $flush_to_zero^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

/// Binary float min/max with optional NaN propagation and flush-to-zero.
class CTA_FloatMinMaxOp<string mnemonic> : CudaTile_Op131<mnemonic,
    [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let arguments = (ins CT_FloatTile:$lhs, CT_FloatTile:$rhs,
                       UnitAttr:$propagate_nan, UnitAttr:$flush_to_zero);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs oilist(`flush_to_zero` $flush_to_zero | `propagate_nan` $propagate_nan)
    attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_AbsFOp : CudaTile_Op131<"absf",
    [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "element-wise float absolute value";
  let description = [{
    Clears the sign bit of every element (NaNs included).

    ```mlir
    %r = absf %a : tile<8xf16>
    ```
  }];
  let arguments = (ins CT_FloatTile:$source);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_AddFOp : CTA_FloatRoundedBinOp<"addf"> {
  let summary = "element-wise float addition";
  let description = [{
    IEEE-754 addition with the given rounding mode (nearest_even by default,
    not printed). `flush_to_zero` (f32 only) flushes subnormal inputs and
    results to zero of the same sign.

    ```mlir
    %r = addf %a, %b rounding<zero> flush_to_zero : tile<16xf32>
    ```
  }];
  // Puts a product on the left-hand side (the operand order FMA fusion
  // looks for).
  let hasCanonicalizeMethod = 1;
}

def CudaTile_SubFOp : CTA_FloatRoundedBinOp<"subf"> {
  let summary = "element-wise float subtraction";
  let description = [{
    IEEE-754 difference `lhs - rhs`; modifiers as for `addf`.

    ```mlir
    %r = subf %a, %b rounding<positive_inf> : tile<4xf64>
    ```
  }];
}

def CudaTile_MulFOp : CTA_FloatRoundedBinOp<"mulf"> {
  let summary = "element-wise float multiplication";
  let description = [{
    IEEE-754 product; modifiers as for `addf`.

    ```mlir
    %r = mulf %a, %b : tile<4x4xbf16>
    ```
  }];
}

def CudaTile_DivFOp : CudaTile_Op131<"divf",
    [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = "element-wise float division";
  let description = [{
    Quotient `lhs / rhs`. Besides the four IEEE rounding modes, f32 division
    accepts `rounding<approx>` (fast, reduced accuracy) and `rounding<full>`
    (full-range, about 2 ulp). `flush_to_zero` is f32 only.

    ```mlir
    %q = divf %a, %b rounding<approx> flush_to_zero : tile<8xf32>
    ```
  }];
  let arguments = (ins CT_FloatTile:$lhs, CT_FloatTile:$rhs,
      DefaultValuedAttr<CudaTile_RoundingModeAttr, CTA_NearestEven>:$rounding_mode,
      UnitAttr:$flush_to_zero);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `` custom<Rounding>($rounding_mode, "kDivFRounding")
    (`flush_to_zero` $flush_to_zero^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_RemFOp : CudaTile_Op131<"remf",
    [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = "element-wise float remainder";
  let description = [{
    `lhs - trunc(lhs / rhs) * rhs`, computed exactly; the result has the sign
    of `lhs` (C `fmod`).

    ```mlir
    %r = remf %a, %b : tile<8xf32>
    ```
  }];
  let arguments = (ins CT_FloatTile:$lhs, CT_FloatTile:$rhs);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_NegFOp : CudaTile_Op131<"negf",
    [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "element-wise float negation";
  let description = [{
    Flips the sign bit of every element.

    ```mlir
    %r = negf %a : tile<8xf32>
    ```
  }];
  let arguments = (ins CT_FloatTile:$source);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_FmaOp : CudaTile_Op131<"fma",
    [Pure, AllTypesMatch<["lhs", "rhs", "acc", "result"]>]> {
  let summary = "element-wise fused multiply-add";
  let description = [{
    `lhs * rhs + acc` with a single rounding at the end.

    ```mlir
    %r = fma %a, %b, %c rounding<zero> flush_to_zero : tile<128xf32>
    ```
  }];
  let arguments = (ins CT_FloatTile:$lhs, CT_FloatTile:$rhs, CT_FloatTile:$acc,
      DefaultValuedAttr<CudaTile_RoundingModeAttr, CTA_NearestEven>:$rounding_mode,
      UnitAttr:$flush_to_zero);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc `` custom<Rounding>($rounding_mode, "ieeeRounding()")
    (`flush_to_zero` $flush_to_zero^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_MaxFOp : CTA_FloatMinMaxOp<"maxf"> {
  let summary = "element-wise float maximum";
  let description = [{
    Larger of the two elements. Without `propagate_nan` a NaN operand is
    ignored in favour of the other one; with it any NaN operand gives NaN.
    -0.0 is smaller than +0.0.

    ```mlir
    %r = maxf %a, %b propagate_nan : tile<8xf32>
    ```
  }];
}

def CudaTile_MinFOp : CTA_FloatMinMaxOp<"minf"> {
  let summary = "element-wise float minimum";
  let description = [{
    Smaller of the two elements; NaN handling as for `maxf`.

    ```mlir
    %r = minf %a, %b flush_to_zero : tile<8xf32>
    ```
  }];
}

def CudaTile_CmpFOp : CudaTile_Op131<"cmpf", [Pure,
    AllTypesMatch<["lhs", "rhs"]>,
    TypesMatchWith<"Result type has i1 element type and same shape as operands",
                   "lhs", "result", "::ctaBoolTileLike($_self)">]> {
  let summary = "element-wise float comparison";
  let description = [{
    Compares element by element. With `ordered` a comparison involving a NaN
    is false, with `unordered` it is true.

    ```mlir
    %lt = cmpf less_than ordered %a, %b : tile<4xf32> -> tile<4xi1>
    ```
  }];
  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       CudaTile_ComparisonOrderingAttr:$comparison_ordering,
                       CT_FloatTile:$lhs, CT_FloatTile:$rhs);
  let results = (outs CT_I1Tile:$result);
  let assemblyFormat = [{
    custom<ArithPredicate>($comparison_predicate) custom<ArithOrdering>($comparison_ordering) $lhs `,` $rhs attr-dict `:` custom<CudaTileType>(type($lhs)) `->` custom<CudaTileType>(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Selection
//===----------------------------------------------------------------------===//

def CudaTile_SelectOp : CudaTile_Op131<"select", [Pure,
    AllTypesMatch<["val_if_true", "val_if_false", "result"]>,
    AllShapesMatch<["cond", "val_if_true", "val_if_false", "result"]>]> {
  let summary = "element-wise choice between two tiles";
  let description = [{
    Takes each element from `val_if_true` where `cond` is set and from
    `val_if_false` elsewhere. All tiles have the same shape.

    ```mlir
    %r = select %mask, %a, %b : tile<8xi1>, tile<8xf32>
    ```
  }];
  let arguments = (ins CT_I1Tile:$cond, CT_AnyTile:$val_if_true,
                       CT_AnyTile:$val_if_false);
  let results = (outs CT_AnyTile:$result);
  let assemblyFormat = [{
    $cond `,` $val_if_true `,` $val_if_false attr-dict `:` custom<CudaTileType>(type($cond)) `,` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

#endif // TILECHECK_CUDATILE_ARITHOPS_TD
