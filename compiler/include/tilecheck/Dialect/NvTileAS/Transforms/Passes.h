//===- Passes.h - nv_tileas passes ----------------------------------------===//

#ifndef TILECHECK_DIALECT_NVTILEAS_TRANSFORMS_PASSES_H
#define TILECHECK_DIALECT_NVTILEAS_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tilecheck::nv_tileas {

#define GEN_PASS_DECL
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h.inc"

} // namespace tilecheck::nv_tileas

#endif // TILECHECK_DIALECT_NVTILEAS_TRANSFORMS_PASSES_H
