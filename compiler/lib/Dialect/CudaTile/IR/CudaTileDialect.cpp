//===- CudaTileDialect.cpp - cuda_tile dialect registration ---------------===//
//
// Dialect initialization and the spec-version query. Op definitions live in
// one translation unit per category (CudaTile*Ops.cpp), each of which
// registers its ops through addVersionedOps.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

#include "tilecheck/Dialect/CudaTile/IR/CudaTileDialect.cpp.inc"

void CudaTileDialect::initialize() {
  registerTypes();
  registerAttributes();
  registerStructureOps();
  registerArithOps();
  registerMathOps();
  registerConversionOps();
  registerCoreOps();
  registerControlOps();
  registerMemoryOps();
  registerTestingOps();
}

std::optional<SpecVersionNumber>
tilecheck::cuda_tile::getOpSpecVersion(Operation *op) {
  auto *dialect = dyn_cast_or_null<CudaTileDialect>(op->getDialect());
  if (!dialect)
    return std::nullopt;
  return dialect->lookupSpecVersion(op->getName().getStringRef());
}
