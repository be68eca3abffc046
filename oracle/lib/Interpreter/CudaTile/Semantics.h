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

#include <limits>
#include <string>

namespace tilecheck::oracle::cuda_tile_sem {

void registerStructureSemantics(SemanticsRegistry &r);
void registerControlSemantics(SemanticsRegistry &r);
void registerArithSemantics(SemanticsRegistry &r);
void registerMathSemantics(SemanticsRegistry &r);
void registerConversionSemantics(SemanticsRegistry &r);
void registerCoreSemantics(SemanticsRegistry &r);
void registerMemorySemantics(SemanticsRegistry &r);
/// mmaf, mmai, mmaf_scaled (MmaSemantics.cpp; called by the core category).
void registerMmaSemantics(SemanticsRegistry &r);

/// Element type of a tile type's elements (asserts on unsupported types,
/// which the verifier already rejects).
ElemType elemTypeOfTile(mlir::Type tileType);
/// A zero-filled tile with the shape and element type of `tileType`.
Tile makeTile(mlir::Type tileType);

/// The multi-index of flat element `flat` of `t`, written "[i, j, k]" ("[]"
/// for a scalar), for messages that must name an element.
std::string formatIndex(const Tile &t, int64_t flat);

/// Advances a row-major multi-index within `shape` (last dimension fastest);
/// returns false after the last index. Lets shape ops walk a tile without a
/// division per element.
inline bool nextIndex(llvm::SmallVectorImpl<int64_t> &index,
                      llvm::ArrayRef<int64_t> shape) {
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    if (++index[d] < shape[d])
      return true;
    index[d] = 0;
  }
  return false;
}

/// Float element i as a host double; exact for every float type. NaN is
/// mapped by hand because APFloat::convertToDouble turns an f8E8M0FNU NaN
/// into infinity.
inline double floatAsDouble(const Tile &t, int64_t i) {
  switch (t.elemType()) {
  case ElemType::F32:
  case ElemType::TF32: // stored as an f32 bit pattern
    return t.get<float>(i);
  case ElemType::F64:
    return t.get<double>(i);
  default: {
    llvm::APFloat v = t.getFloat(i);
    if (v.isNaN())
      return v.isNegative() ? -std::numeric_limits<double>::quiet_NaN()
                            : std::numeric_limits<double>::quiet_NaN();
    return v.convertToDouble();
  }
  }
}

/// Registers `fn` for the op class OpT.
template <typename OpT>
void add(SemanticsRegistry &r, OpSemanticsFn fn) {
  r.add(OpT::getOperationName(), fn);
}

} // namespace tilecheck::oracle::cuda_tile_sem

#endif // TILECHECK_ORACLE_CUDATILE_SEMANTICS_H
