//===- Semantics.h - Shared helpers of the cuda_tile op semantics ---------===//
//
// Internal to oracle/lib/Interpreter: one registration function per op
// category (each in its own translation unit, mirroring the .td files of
// the dialect), the mirror-op registrations as templates over a traits
// struct (instantiated for cuda_tile, nv_tileaa and nv_tileas), and small
// helpers for building result tiles.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_CUDATILE_SEMANTICS_H
#define TILECHECK_ORACLE_CUDATILE_SEMANTICS_H

#include "tilecheck/Oracle/Interpreter.h"

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"

#include <limits>
#include <string>

namespace tilecheck::oracle::cuda_tile_sem {

/// The categories with ops of cuda_tile's own (the mirror categories are
/// registerXFor<CudaTileOps>, below).
void registerStructureSemantics(SemanticsRegistry &r);
void registerControlSemantics(SemanticsRegistry &r);
void registerMemorySemantics(SemanticsRegistry &r);
/// mmaf, mmai, mmaf_scaled (MmaSemantics.cpp).
void registerMmaSemantics(SemanticsRegistry &r);

/// The mirror ops (compiler/include/tilecheck/Dialect/Mirror/MirrorOps.def)
/// share class names, accessors and semantics across cuda_tile, nv_tileaa
/// and nv_tileas, so their semantics are templates over a traits struct
/// naming each class; the registration of each category is instantiated
/// once per dialect. CudaTileOps is cuda_tile's.
struct CudaTileOps {
#define MIRROR_OP(CLASS, MNEMONIC) using CLASS = ::tilecheck::cuda_tile::CLASS;
#include "tilecheck/Dialect/Mirror/MirrorOps.def"
  // Structured control flow is cuda_tile's own; below it is upstream scf.
  using IfOp = ::tilecheck::cuda_tile::IfOp;
  using ForOp = ::tilecheck::cuda_tile::ForOp;
  using LoopOp = ::tilecheck::cuda_tile::LoopOp;
  using ContinueOp = ::tilecheck::cuda_tile::ContinueOp;
  using BreakOp = ::tilecheck::cuda_tile::BreakOp;
};

/// nv_tileaa and nv_tileas: the mirrors, plus the memref/tiled-view ops
/// (same operand and attribute names as cuda_tile's view ops) and the dot
/// forms (same as mmaf, mmai and mmaf_scaled).
struct NvTileAAOps {
#define MIRROR_OP(CLASS, MNEMONIC) using CLASS = ::tilecheck::nv_tileaa::CLASS;
#include "tilecheck/Dialect/Mirror/MirrorOps.def"
  using MakeMemRefOp = ::tilecheck::nv_tileaa::MakeMemRefOp;
  using MakeTiledViewOp = ::tilecheck::nv_tileaa::MakeTiledViewOp;
  using MemRefShapeOp = ::tilecheck::nv_tileaa::MemRefShapeOp;
  using IndexSpaceShapeOp = ::tilecheck::nv_tileaa::IndexSpaceShapeOp;
  using TiledLoadOp = ::tilecheck::nv_tileaa::TiledLoadOp;
  using TiledStoreOp = ::tilecheck::nv_tileaa::TiledStoreOp;
  using TiledAtomicRMWOp = ::tilecheck::nv_tileaa::TiledAtomicRMWOp;
  using DotOp = ::tilecheck::nv_tileaa::DotOp;
  using DotIntOp = ::tilecheck::nv_tileaa::DotIntOp;
  using DotScaledOp = ::tilecheck::nv_tileaa::MmaBlockScaleOp;
};
struct NvTileASOps {
#define MIRROR_OP(CLASS, MNEMONIC) using CLASS = ::tilecheck::nv_tileas::CLASS;
#include "tilecheck/Dialect/Mirror/MirrorOps.def"
  using MakeMemRefOp = ::tilecheck::nv_tileas::MakeMemRefOp;
  using MakeTiledViewOp = ::tilecheck::nv_tileas::MakeTiledViewOp;
  using MemRefShapeOp = ::tilecheck::nv_tileas::MemRefShapeOp;
  using IndexSpaceShapeOp = ::tilecheck::nv_tileas::IndexSpaceShapeOp;
  using TiledLoadOp = ::tilecheck::nv_tileas::TiledLoadOp;
  using TiledStoreOp = ::tilecheck::nv_tileas::TiledStoreOp;
  using TiledAtomicRMWOp = ::tilecheck::nv_tileas::TiledAtomicRMWOp;
  using DotOp = ::tilecheck::nv_tileas::DotOp;
  using DotIntOp = ::tilecheck::nv_tileas::DotIntOp;
  using DotScaledOp = ::tilecheck::nv_tileas::BlockScaledMmaOp;
};

/// Explicit instantiation of a per-category registration for every dialect
/// that has the mirror ops.
#define TILECHECK_INSTANTIATE_FOR_MIRRORS(FN)                                  \
  template void FN<CudaTileOps>(SemanticsRegistry &);                          \
  template void FN<NvTileAAOps>(SemanticsRegistry &);                          \
  template void FN<NvTileASOps>(SemanticsRegistry &);

/// Mirror-op registration per category (explicitly instantiated next to
/// the semantics, for CudaTileOps and each mirror dialect's traits).
template <class Ops> void registerArithFor(SemanticsRegistry &r);
template <class Ops> void registerFloatArithFor(SemanticsRegistry &r);
template <class Ops> void registerMathFor(SemanticsRegistry &r);
template <class Ops> void registerConversionFor(SemanticsRegistry &r);
template <class Ops> void registerCoreFor(SemanticsRegistry &r);
template <class Ops> void registerControlFor(SemanticsRegistry &r);
template <class Ops> void registerMemoryFor(SemanticsRegistry &r);
/// The memref/tiled-view ops and the dot forms of nv_tileaa/nv_tileas
/// (MemorySemantics.cpp, MmaSemantics.cpp).
template <class Ops> void registerNvViewsFor(SemanticsRegistry &r);
template <class Ops> void registerNvDotsFor(SemanticsRegistry &r);

/// Element type of a tile-like type's elements: a cuda_tile tile, a builtin
/// ranked tensor or a bare scalar (asserts on unsupported types, which the
/// verifiers already reject).
ElemType elemTypeOfTile(mlir::Type tileType);
/// A zero-filled tile with the shape and element type of `tileType` (rank 0
/// for a bare scalar type).
Tile makeTile(mlir::Type tileType);
/// Binds `t` to `result` and succeeds: the last step of a semantics that
/// computes one tile.
inline mlir::LogicalResult setResultTile(ExecContext &ctx, mlir::Value result,
                                         Tile &&t) {
  ctx.setTile(result, std::move(t));
  return mlir::success();
}

/// A rank-0 i64 tile holding `v` (the run-time value of an nv_tileaa queue
/// or nv_tileas pipeline handle, iterator or shared-memory buffer).
inline RtValue i64Scalar(int64_t v) {
  Tile t(ElemType::I64, {});
  t.setInt(0, static_cast<uint64_t>(v));
  return RtValue::tile(std::move(t));
}

/// Fills `t` from a constant's value: a DenseElementsAttr (splat or one
/// value per element) or a scalar IntegerAttr/FloatAttr (every element).
/// Returns false for other attributes or mismatched element kinds.
bool fillFromAttr(Tile &t, mlir::Attribute value);

/// The multi-index of flat element `flat` of `t`, written "[i, j, k]" ("[]"
/// for a scalar), for messages that must name an element.
std::string formatIndex(const Tile &t, int64_t flat);

/// The iteration of a counted loop (cuda_tile.for, scf.for): runs `body`
/// for iv = lb, lb + step, ... while iv < ub. The scalar integer bounds are
/// compared exactly (128-bit, signed or `isUnsigned`), so iv + step never
/// wraps in the comparison; a step that is not positive is undefined
/// behaviour; iv has the bounds' type. `body` returns failure on an error,
/// false to stop early (a signal it propagated), true to go on.
mlir::LogicalResult
forEachIteration(ExecContext &ctx, mlir::Operation *op, mlir::Value lb,
                 mlir::Value ub, mlir::Value step, bool isUnsigned,
                 llvm::function_ref<mlir::FailureOr<bool>(RtValue iv)> body);

/// forEachIteration over the bounds of a counted loop op with carried
/// values (cuda_tile.for, scf.for): `body` gets the block arguments, iv
/// followed by the current `iters` (which it may update for the next
/// iteration).
template <class ForOpT>
mlir::LogicalResult forEachIteration(
    ExecContext &ctx, ForOpT op, const llvm::SmallVectorImpl<RtValue> &iters,
    llvm::function_ref<mlir::FailureOr<bool>(llvm::ArrayRef<RtValue> args)>
        body) {
  llvm::SmallVector<RtValue> args;
  return forEachIteration(ctx, op, op.getLowerBound(), op.getUpperBound(),
                          op.getStep(), op.getUnsignedCmp(),
                          [&](RtValue iv) -> mlir::FailureOr<bool> {
                            args.assign(1, std::move(iv));
                            args.append(iters.begin(), iters.end());
                            return body(args);
                          });
}

/// The run-time values of `values`, in order.
inline llvm::SmallVector<RtValue> valuesOf(ExecContext &ctx,
                                           mlir::ValueRange values) {
  llvm::SmallVector<RtValue> out;
  for (mlir::Value v : values)
    out.push_back(ctx.get(v));
  return out;
}

/// The semantics of a terminator that raises K with its operands' values
/// (return, yield, continue, break, ...).
template <FlowSignal::Kind K>
mlir::LogicalResult terminatorSem(ExecContext &ctx, mlir::Operation *op) {
  ctx.raise(K, valuesOf(ctx, op->getOperands()));
  return mlir::success();
}

/// The semantics of a module, function or entry op: a declaration, which the
/// interpreter enters through Interpreter::run and never executes.
inline mlir::LogicalResult declarationSem(ExecContext &ctx,
                                          mlir::Operation *op) {
  return ctx.error(op, "is a declaration and cannot be executed inside a "
                       "tile block");
}

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
template <typename OpT> void add(SemanticsRegistry &r, OpSemanticsFn fn) {
  r.add(OpT::getOperationName(), fn);
}

} // namespace tilecheck::oracle::cuda_tile_sem

#endif // TILECHECK_ORACLE_CUDATILE_SEMANTICS_H
