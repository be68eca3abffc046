//===- CudaTileTestingOps.cpp - test-only ops of versions 250.x -----------===//
//
// The ops declared in CudaTileTestingOps.td, registered only in builds with
// TILECHECK_INCLUDE_TEST_VERSIONS (the test-only bytecode versions).
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileTestingOps.cpp.inc"

void CudaTileDialect::registerTestingOps() {
#ifdef TILECHECK_INCLUDE_TEST_VERSIONS
  addVersionedOps<
#define GET_OP_LIST
#include "tilecheck/Dialect/CudaTile/IR/CudaTileTestingOps.cpp.inc"
      >();
#endif
}
