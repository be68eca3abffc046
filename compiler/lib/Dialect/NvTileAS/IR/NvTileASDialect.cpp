//===- NvTileASDialect.cpp - nv_tileas dialect, attributes and ops --------===//
//
// The mirrored cuda_tile ops and the view ops take their hooks from
// MirrorOpsImpl.inc (shared with nv_tileaa).
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/Mirror/MirrorVerify.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas;

#include "tilecheck/Dialect/NvTileAS/IR/NvTileASDialect.cpp.inc"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASOps.cpp.inc"

void NvTileASDialect::initialize() {
  registerAttributes();
  registerOps();
}

void NvTileASDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASAttrs.cpp.inc"
      >();
}

void NvTileASDialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "tilecheck/Dialect/NvTileAS/IR/NvTileASOps.cpp.inc"
      >();
}

namespace tilecheck::nv_tileas {
#include "../../Mirror/MirrorOpsImpl.inc"
} // namespace tilecheck::nv_tileas

LogicalResult DotOp::verify() { return mirror::verifyMmaShapes(*this); }
LogicalResult DotIntOp::verify() { return mirror::verifyMmaShapes(*this); }
LogicalResult BlockScaledMmaOp::verify() {
  if (getCtaGroup() != 1 && getCtaGroup() != 2)
    return emitOpError("cta_group must be 1 or 2");
  return mirror::verifyMmaShapes(*this);
}
