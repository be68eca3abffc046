//===- CudaTileConversionOps.cpp - cuda_tile conversion ops ------------------------===//
//
// Verifiers and custom parsers of the ops declared in CudaTileConversionOps.td.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileConversionOps.cpp.inc"

void CudaTileDialect::registerConversionOps() {
  addVersionedOps<
#define GET_OP_LIST
#include "tilecheck/Dialect/CudaTile/IR/CudaTileConversionOps.cpp.inc"
      >();
}
