//===- Passes.h - cuda_tile passes ----------------------------------------===//

#ifndef TILECHECK_DIALECT_CUDATILE_TRANSFORMS_PASSES_H
#define TILECHECK_DIALECT_CUDATILE_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tilecheck::cuda_tile {

#define GEN_PASS_DECL
#include "tilecheck/Dialect/CudaTile/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tilecheck/Dialect/CudaTile/Transforms/Passes.h.inc"

} // namespace tilecheck::cuda_tile

#endif // TILECHECK_DIALECT_CUDATILE_TRANSFORMS_PASSES_H
