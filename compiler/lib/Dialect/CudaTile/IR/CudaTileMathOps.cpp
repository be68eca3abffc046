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
static ParseResult parseApproxOrFullRounding(OpAsmParser &parser,
                                             RoundingModeAttr &attr) {
  static constexpr RoundingMode modes[] = {RoundingMode::APPROX,
                                           RoundingMode::FULL};
  return parseRoundingKeyword(parser, attr, modes, RoundingMode::FULL,
                              /*strict=*/false);
}
static void printApproxOrFullRounding(OpAsmPrinter &printer, Operation *,
                                      RoundingModeAttr attr) {
  printRoundingKeyword(printer, attr, RoundingMode::FULL);
}

/// sqrt: the IEEE modes plus `approx`; nearest_even is implied.
static ParseResult parseSqrtRounding(OpAsmParser &parser,
                                     RoundingModeAttr &attr) {
  static constexpr RoundingMode modes[] = {
      RoundingMode::NEAREST_EVEN, RoundingMode::ZERO,
      RoundingMode::NEGATIVE_INF, RoundingMode::POSITIVE_INF,
      RoundingMode::APPROX};
  return parseRoundingKeyword(parser, attr, modes, RoundingMode::NEAREST_EVEN,
                              /*strict=*/false);
}
static void printSqrtRounding(OpAsmPrinter &printer, Operation *,
                              RoundingModeAttr attr) {
  printRoundingKeyword(printer, attr, RoundingMode::NEAREST_EVEN);
}

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
static LogicalResult verifyApproxOrFull(Operation *op, RoundingMode mode,
                                        Type type) {
  if (mode != RoundingMode::FULL && mode != RoundingMode::APPROX)
    return op->emitOpError(
        "invalid rounding mode specified, expect one of [approx, full]");
  if (mode == RoundingMode::APPROX)
    return verifyF32OnlyModifier(op, type, "approx");
  return success();
}

LogicalResult ExpOp::verify() {
  return verifyApproxOrFull(*this, getRoundingMode(), getType());
}
LogicalResult TanHOp::verify() {
  return verifyApproxOrFull(*this, getRoundingMode(), getType());
}

LogicalResult Exp2Op::verify() {
  if (getFlushToZero())
    return verifyF32OnlyModifier(*this, getType(), "flush_to_zero");
  return success();
}
LogicalResult RsqrtOp::verify() {
  if (getFlushToZero())
    return verifyF32OnlyModifier(*this, getType(), "flush_to_zero");
  return success();
}

LogicalResult SqrtOp::verify() {
  RoundingMode mode = getRoundingMode();
  if (mode == RoundingMode::FULL || mode == RoundingMode::NEAREST_INT_TO_ZERO)
    return emitOpError("invalid rounding mode specified, expect one of "
                       "[nearest_even, zero, negative_inf, positive_inf, "
                       "approx]");
  if (getFlushToZero() &&
      failed(verifyF32OnlyModifier(*this, getType(), "flush_to_zero")))
    return failure();
  if (mode == RoundingMode::APPROX)
    return verifyF32OnlyModifier(*this, getType(), "approx");
  return success();
}
