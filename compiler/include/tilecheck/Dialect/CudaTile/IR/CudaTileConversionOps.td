//===- CudaTileConversionOps.td - conversions -*- tablegen -*-===//
//
// Conversions between element types: ftof, ftoi, itof, exti, trunci, bitcast, pointer/integer casts, pack and unpack.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_CONVERSIONOPS_TD
#define TILECHECK_CUDATILE_CONVERSIONOPS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileOpsBase.td"

#endif // TILECHECK_CUDATILE_CONVERSIONOPS_TD
