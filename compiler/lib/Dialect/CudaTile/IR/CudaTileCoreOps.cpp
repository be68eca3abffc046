//===- CudaTileCoreOps.cpp - cuda_tile core ops ------------------------===//
//
// Verifiers and custom parsers of the ops declared in CudaTileCoreOps.td.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileCoreOps.cpp.inc"

void CudaTileDialect::registerCoreOps() {
  addVersionedOps<
#define GET_OP_LIST
#include "tilecheck/Dialect/CudaTile/IR/CudaTileCoreOps.cpp.inc"
      >();
}
