//===- CudaTileConversionOps.cpp - cuda_tile conversion ops ------------------------===//
//
// Verifiers and custom parsers of the ops declared in CudaTileConversionOps.td.
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

/// ftoi: only `rounding<nearest_int_to_zero>`, which is also the default.
static constexpr RoundingMode kConvIntegerRoundingModes[] = {
    RoundingMode::NEAREST_INT_TO_ZERO};
static constexpr RoundingSpec kConvIntegerRounding{
    kConvIntegerRoundingModes, RoundingMode::NEAREST_INT_TO_ZERO,
    /*strict=*/true};

#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileConversionOps.cpp.inc"

void CudaTileDialect::registerConversionOps() {
  addVersionedOps<
#define GET_OP_LIST
#include "tilecheck/Dialect/CudaTile/IR/CudaTileConversionOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

static unsigned intWidth(TileType type) {
  return cast<IntegerType>(type.getElementType()).getWidth();
}

LogicalResult FToFOp::verify() {
  if (getFrom().getType() == getTo().getType())
    return emitOpError("converting tiles must not be a no-op");
  RoundingMode mode = getRoundingMode();
  if (isa<Float8E8M0FNUType>(getTo().getType().getElementType())) {
    // The scale format has no nearest-even rounding.
    if (mode != RoundingMode::ZERO && mode != RoundingMode::POSITIVE_INF)
      return emitOpError("invalid rounding mode specified for conversion to "
                         "f8E8M0FNU. Only 'zero' and 'positive_inf' are "
                         "supported");
    return success();
  }
  if (mode != RoundingMode::NEAREST_EVEN)
    return emitOpError(
        "invalid rounding mode specified. Only 'nearest_even' is supported");
  return success();
}

LogicalResult FToIOp::verify() {
  if (getRoundingMode() != RoundingMode::NEAREST_INT_TO_ZERO)
    return emitOpError("invalid rounding mode specified. Only "
                       "'nearest_int_to_zero' is supported");
  return success();
}

LogicalResult IToFOp::verify() {
  if (isa<Float8E8M0FNUType>(getTo().getType().getElementType()))
    return emitOpError("integer to f8E8M0FNU conversion is not supported, "
                       "please first convert to another float type");
  if (getRoundingMode() != RoundingMode::NEAREST_EVEN)
    return emitOpError(
        "invalid rounding mode specified. Only 'nearest_even' is supported");
  return success();
}

LogicalResult ExtIOp::verify() {
  if (intWidth(getTo().getType()) <= intWidth(getFrom().getType()))
    return emitOpError("extending to smaller or identical integer");
  return success();
}

LogicalResult TruncIOp::verify() {
  if (intWidth(getTo().getType()) >= intWidth(getFrom().getType()))
    return emitOpError("truncating to larger or identical integer");
  return success();
}

LogicalResult BitcastOp::verify() {
  TileType srcType = getSource().getType();
  TileType resType = getResult().getType();
  unsigned srcWidth = srcType.getElementType().getIntOrFloatBitWidth();
  unsigned resWidth = resType.getElementType().getIntOrFloatBitWidth();
  if (srcWidth == resWidth)
    return success();
  return emitOpError("types must be equal width")
         << ", cannot convert " << srcType << " of width " << srcWidth
         << " to type " << resType << " of width " << resWidth;
}

/// Storage size of a tile in bits; tf32 occupies a full 32-bit word.
static uint64_t storageBits(TileType type) {
  Type element = type.getElementType();
  uint64_t width = isa<FloatTF32Type>(element)
                       ? 32
                       : element.getIntOrFloatBitWidth();
  return width * type.getNumElements();
}

/// pack and unpack: rank-1 tiles of different element widths holding the
/// same number of bytes.
static LogicalResult verifyByteReinterpretation(Operation *op, TileType source,
                                                TileType result) {
  if (source.getRank() != 1)
    return op->emitOpError("expects source and result to be rank-1 tiles");
  if (source.getElementType().getIntOrFloatBitWidth() ==
      result.getElementType().getIntOrFloatBitWidth())
    return op->emitOpError(
        "expects source and result to have different element type widths");
  uint64_t sourceBits = storageBits(source);
  uint64_t resultBits = storageBits(result);
  if (sourceBits % 8 != 0)
    return op->emitOpError("expects source tile to be byte-aligned");
  if (resultBits % 8 != 0)
    return op->emitOpError("expects result tile to be byte-aligned");
  if (sourceBits != resultBits)
    return op->emitOpError()
           << "expects source and result to have the same size in bytes, but "
              "got source tile size "
           << sourceBits / 8 << " bytes and result tile size "
           << resultBits / 8 << " bytes";
  return success();
}

LogicalResult PackOp::verify() {
  return verifyByteReinterpretation(*this, getSource().getType(),
                                    getResult().getType());
}

LogicalResult UnpackOp::verify() {
  return verifyByteReinterpretation(*this, getSource().getType(),
                                    getResult().getType());
}
