//===- CudaTileOpsBase.td - shared pieces of op definitions -*- tablegen -*-===//
//
// Included by every op category file (CudaTile*Ops.td).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_OPSBASE_TD
#define TILECHECK_CUDATILE_OPSBASE_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileBase.td"
include "tilecheck/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "tilecheck/Dialect/CudaTile/IR/CudaTileTypes.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/LoopLikeInterface.td"

/// Ops whose nested ops default to the cuda_tile dialect, so the `cuda_tile.`
/// prefix may be omitted inside them.
defvar CudaTile_DefaultDialectDecl = [{
  static ::llvm::StringRef getDefaultDialect() { return "cuda_tile"; }
}];

#endif // TILECHECK_CUDATILE_OPSBASE_TD
