//===- CudaTileArithOps.td - integer, float, bitwise, compare, select -*- tablegen -*-===//
//
// Element-wise arithmetic on tiles. Integer ops carry signedness and overflow flags; float ops rounding modes and flush-to-zero. Operands and result share one tile type unless stated otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_ARITHOPS_TD
#define TILECHECK_CUDATILE_ARITHOPS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileOpsBase.td"

def CudaTile_AddIOp : CudaTile_Op131<"addi", [Pure, SameOperandsAndResultType]> {
  let summary = "element-wise integer addition";
  let description = [{
    Two's complement addition. `overflow<...>` promises that no signed and/or
    unsigned wrap-around happens; breaking the promise is undefined.

    ```mlir
    %r = addi %a, %b overflow<no_signed_wrap> : tile<16xi32>
    ```
  }];
  let arguments = (ins CT_IntTile:$lhs, CT_IntTile:$rhs,
      DefaultValuedAttr<CudaTile_IntegerOverflowAttr,
                        "::tilecheck::cuda_tile::IntegerOverflow::NONE">:$overflow);
  let results = (outs CT_IntTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`overflow` `` $overflow^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_AddFOp : CudaTile_Op131<"addf", [Pure, SameOperandsAndResultType]> {
  let summary = "element-wise float addition";
  let description = [{
    IEEE-754 addition with the given rounding mode (nearest_even by default,
    not printed). `flush_to_zero` (f32 only) flushes subnormal inputs and
    results to zero of the same sign.

    ```mlir
    %r = addf %a, %b rounding<zero> flush_to_zero : tile<16xf32>
    ```
  }];
  let arguments = (ins CT_FloatTile:$lhs, CT_FloatTile:$rhs,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::tilecheck::cuda_tile::RoundingMode::NEAREST_EVEN">:$rounding_mode,
      UnitAttr:$flush_to_zero);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs custom<IEEERoundingMode>($rounding_mode)
    (`flush_to_zero` $flush_to_zero^)? attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

#endif // TILECHECK_CUDATILE_ARITHOPS_TD
