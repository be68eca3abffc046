//===- CudaTileControlOps.cpp - cuda_tile control ops ------------------------===//
//
// Verifiers and custom parsers of the ops declared in CudaTileControlOps.td.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileControlOps.cpp.inc"

void CudaTileDialect::registerControlOps() {
  addVersionedOps<
#define GET_OP_LIST
#include "tilecheck/Dialect/CudaTile/IR/CudaTileControlOps.cpp.inc"
      >();
}
