//===- CudaTileArithOps.cpp - cuda_tile arith ops ------------------------===//
//
// Verifiers and custom parsers of the ops declared in CudaTileArithOps.td.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileArithOps.cpp.inc"

void CudaTileDialect::registerArithOps() {
  addVersionedOps<
#define GET_OP_LIST
#include "tilecheck/Dialect/CudaTile/IR/CudaTileArithOps.cpp.inc"
      >();
}

/// f32-only modifiers (flush_to_zero) are rejected on other element types.
static LogicalResult verifyFlushToZero(Operation *op, Type type, bool ftz) {
  if (ftz && !cast<TileType>(type).getElementType().isF32())
    return op->emitOpError() << "flush_to_zero modifier only supported for "
                                "f32 data type, but got: "
                             << cast<TileType>(type).getElementType();
  return success();
}

LogicalResult AddFOp::verify() {
  return verifyFlushToZero(*this, getType(), getFlushToZero());
}
