//===- CudaTileMathOps.td - transcendental and rounding math -*- tablegen -*-===//
//
// Element-wise math functions (exp, log, trigonometric, pow, rsqrt, sqrt, floor, ceil, atan2). Results follow CUDA math accuracy; f16/bf16 are computed in f32.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_MATHOPS_TD
#define TILECHECK_CUDATILE_MATHOPS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileOpsBase.td"

#endif // TILECHECK_CUDATILE_MATHOPS_TD
