//===- Semantics.h - Shared helpers of the cuda_tile op semantics ---------===//
//
// Internal to oracle/lib/Interpreter/CudaTile: one registration function per
// op category (each in its own translation unit, mirroring the .td files of
// the dialect) and small helpers for building result tiles.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_CUDATILE_SEMANTICS_H
#define TILECHECK_ORACLE_CUDATILE_SEMANTICS_H

#include "tilecheck/Oracle/Interpreter.h"

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

namespace tilecheck::oracle::cuda_tile_sem {

void registerStructureSemantics(SemanticsRegistry &r);
void registerControlSemantics(SemanticsRegistry &r);
void registerArithSemantics(SemanticsRegistry &r);
void registerMathSemantics(SemanticsRegistry &r);
void registerConversionSemantics(SemanticsRegistry &r);
void registerCoreSemantics(SemanticsRegistry &r);
void registerMemorySemantics(SemanticsRegistry &r);

/// Element type of a tile type's elements (asserts on unsupported types,
/// which the verifier already rejects).
ElemType elemTypeOfTile(mlir::Type tileType);
/// A zero-filled tile with the shape and element type of `tileType`.
Tile makeTile(mlir::Type tileType);

/// Registers `fn` for the op class OpT.
template <typename OpT>
void add(SemanticsRegistry &r, OpSemanticsFn fn) {
  r.add(OpT::getOperationName(), fn);
}

} // namespace tilecheck::oracle::cuda_tile_sem

#endif // TILECHECK_ORACLE_CUDATILE_SEMANTICS_H
