//===- CudaTileMemoryOps.cpp - cuda_tile memory ops ------------------------===//
//
// Verifiers and custom parsers of the ops declared in CudaTileMemoryOps.td.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileMemoryOps.cpp.inc"

void CudaTileDialect::registerMemoryOps() {
  addVersionedOps<
#define GET_OP_LIST
#include "tilecheck/Dialect/CudaTile/IR/CudaTileMemoryOps.cpp.inc"
      >();
}
