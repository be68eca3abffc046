//===- CudaTileMathOps.cpp - cuda_tile math ops ------------------------===//
//
// Verifiers and custom parsers of the ops declared in CudaTileMathOps.td.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileMathOps.cpp.inc"

void CudaTileDialect::registerMathOps() {
  addVersionedOps<
#define GET_OP_LIST
#include "tilecheck/Dialect/CudaTile/IR/CudaTileMathOps.cpp.inc"
      >();
}
