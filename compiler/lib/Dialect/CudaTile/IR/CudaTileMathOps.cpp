//===- CudaTileMathOps.cpp - cuda_tile math ops ------------------------===//
//
// Verifiers and custom parsers of the ops declared in CudaTileMathOps.td.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// exp/tanh: `rounding<approx>` or `rounding<full>` (the default, omitted).
/// Other known modes parse and are rejected by the verifier.
static constexpr RoundingMode kApproxOrFullModes[] = {RoundingMode::APPROX,
                                                      RoundingMode::FULL};
static constexpr RoundingSpec kApproxOrFullRounding{
    kApproxOrFullModes, RoundingMode::FULL, /*strict=*/false};

/// sqrt: the IEEE modes plus `approx`; nearest_even is implied.
static constexpr RoundingMode kSqrtRoundingModes[] = {
    RoundingMode::NEAREST_EVEN, RoundingMode::ZERO, RoundingMode::NEGATIVE_INF,
    RoundingMode::POSITIVE_INF, RoundingMode::APPROX};
static constexpr RoundingSpec kSqrtRounding{
    kSqrtRoundingModes, RoundingMode::NEAREST_EVEN, /*strict=*/false};

#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileMathOps.cpp.inc"

void CudaTileDialect::registerMathOps() {
  addVersionedOps<
#define GET_OP_LIST
#include "tilecheck/Dialect/CudaTile/IR/CudaTileMathOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

/// exp and tanh: only `full` and the f32-only `approx`.
LogicalResult ExpOp::verify() {
  return verifyFloatRounding(*this, kApproxOrFullRounding);
}
LogicalResult TanHOp::verify() {
  return verifyFloatRounding(*this, kApproxOrFullRounding);
}

LogicalResult Exp2Op::verify() { return verifyFlushToZero(*this); }
LogicalResult RsqrtOp::verify() { return verifyFlushToZero(*this); }

LogicalResult SqrtOp::verify() {
  return verifyFloatRounding(*this, kSqrtRounding);
}
