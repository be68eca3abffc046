//===- MirrorVerify.h - verifiers shared by nv_tileaa and nv_tileas -------===//
//
// The mirrored ops (MirrorOps.td) and the view and MMA ops exist in both
// lower dialects with the same accessors, so their verifiers are templates
// over the op class. They check what ODS constraints cannot: attribute
// combinations, shape arithmetic and region signatures. Included only by the
// dialects' op implementation files.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DIALECT_MIRROR_MIRRORVERIFY_H
#define TILECHECK_DIALECT_MIRROR_MIRRORVERIFY_H

#include "tilecheck/Dialect/CudaTile/IR/BlockScale.h"
#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/Dialect/Mirror/MirrorSupport.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

namespace tilecheck::mirror {

using cuda_tile::RoundingMode;

inline mlir::LogicalResult f32Only(mlir::Operation *op, mlir::Type t,
                                   llvm::StringRef what) {
  if (!elementTypeOf(t).isF32())
    return op->emitOpError() << what << " is supported only for f32";
  return mlir::success();
}

inline bool isIEEEMode(RoundingMode m) {
  return m == RoundingMode::NEAREST_EVEN || m == RoundingMode::ZERO ||
         m == RoundingMode::NEGATIVE_INF || m == RoundingMode::POSITIVE_INF;
}

/// addf/subf/mulf/fma (IEEE modes only) and divf (also approx/full on f32).
template <typename OpT>
mlir::LogicalResult verifyRoundedFloat(OpT op, bool allowApprox) {
  RoundingMode m = op.getRoundingMode();
  bool approx = m == RoundingMode::APPROX || m == RoundingMode::FULL;
  if (!isIEEEMode(m) && !(allowApprox && approx))
    return op.emitOpError("invalid rounding mode");
  if (approx && mlir::failed(f32Only(op, op.getType(), "approximate division")))
    return mlir::failure();
  if (op.getFlushToZero())
    return f32Only(op, op.getType(), "flush_to_zero");
  return mlir::success();
}

template <typename OpT> mlir::LogicalResult verifyDivI(OpT op) {
  RoundingMode m = op.getRounding();
  if (m != RoundingMode::ZERO && m != RoundingMode::NEGATIVE_INF &&
      m != RoundingMode::POSITIVE_INF)
    return op.emitOpError("invalid rounding mode");
  if (m == RoundingMode::NEGATIVE_INF &&
      op.getSignedness() == cuda_tile::Signedness::Unsigned)
    return op.emitOpError("floor division needs signed operands");
  return mlir::success();
}

inline unsigned bitWidthOf(mlir::Type t) {
  return elementTypeOf(t).getIntOrFloatBitWidth();
}

template <typename OpT> mlir::LogicalResult verifyExtI(OpT op) {
  if (bitWidthOf(op.getTo().getType()) <= bitWidthOf(op.getFrom().getType()))
    return op.emitOpError("result must be wider than the operand");
  return mlir::success();
}

template <typename OpT> mlir::LogicalResult verifyTruncI(OpT op) {
  if (bitWidthOf(op.getTo().getType()) >= bitWidthOf(op.getFrom().getType()))
    return op.emitOpError("result must be narrower than the operand");
  return mlir::success();
}

template <typename OpT> mlir::LogicalResult verifyBitcast(OpT op) {
  if (bitWidthOf(op.getSource().getType()) !=
      bitWidthOf(op.getResult().getType()))
    return op.emitOpError("operand and result element widths differ");
  return mlir::success();
}

/// pack: the last dimension holds the bytes of the packed elements.
inline mlir::LogicalResult verifyPacked(mlir::Operation *op, mlir::Type wide,
                                        mlir::Type bytes) {
  llvm::ArrayRef<int64_t> ws = shapeOf(wide), bs = shapeOf(bytes);
  if (ws.empty())
    return op->emitOpError("needs tiles of rank at least 1");
  unsigned bits = bitWidthOf(wide);
  for (size_t d = 0; d + 1 < ws.size(); ++d)
    if (ws[d] != bs[d])
      return op->emitOpError("leading dimensions must match");
  if (ws.back() * bits != bs.back() * 8)
    return op->emitOpError("last dimension must hold the same number of bits");
  return mlir::success();
}

template <typename OpT> mlir::LogicalResult verifyConstant(OpT op) {
  auto value = llvm::dyn_cast<mlir::ShapedType>(op.getValue().getType());
  mlir::Type result = op.getResult().getType();
  if (!value || value.getShape() != shapeOf(result) ||
      value.getElementType() != elementTypeOf(result))
    return op.emitOpError("value must have the result's shape and element type");
  return mlir::success();
}

template <typename OpT> mlir::LogicalResult verifyIota(OpT op) {
  if (shapeOf(op.getResult().getType()).size() != 1)
    return op.emitOpError("result must be a 1-D tensor");
  return mlir::success();
}

template <typename OpT> mlir::LogicalResult verifyBroadcast(OpT op) {
  llvm::ArrayRef<int64_t> s = shapeOf(op.getSource().getType());
  llvm::ArrayRef<int64_t> r = shapeOf(op.getResult().getType());
  for (auto [a, b] : llvm::zip(s, r))
    if (a != b && a != 1)
      return op.emitOpError("source dimensions must be 1 or equal the result's");
  return mlir::success();
}

template <typename OpT> mlir::LogicalResult verifyReshape(OpT op) {
  if (numElementsOf(op.getSource().getType()) !=
      numElementsOf(op.getResult().getType()))
    return op.emitOpError("element counts differ");
  return mlir::success();
}

template <typename OpT> mlir::LogicalResult verifyPermute(OpT op) {
  llvm::ArrayRef<int64_t> s = shapeOf(op.getSource().getType());
  llvm::ArrayRef<int64_t> r = shapeOf(op.getResult().getType());
  llvm::ArrayRef<int32_t> p = op.getPermutation();
  if (p.size() != s.size())
    return op.emitOpError("permutation size must equal the rank");
  llvm::SmallVector<bool> seen(s.size(), false);
  for (auto [i, d] : llvm::enumerate(p)) {
    if (d < 0 || d >= static_cast<int32_t>(s.size()) || seen[d])
      return op.emitOpError("invalid permutation");
    seen[d] = true;
    if (r[i] != s[d])
      return op.emitOpError("result shape is not the permuted source shape");
  }
  return mlir::success();
}

template <typename OpT> mlir::LogicalResult verifyCat(OpT op) {
  llvm::ArrayRef<int64_t> a = shapeOf(op.getLhs().getType());
  llvm::ArrayRef<int64_t> b = shapeOf(op.getRhs().getType());
  llvm::ArrayRef<int64_t> r = shapeOf(op.getResult().getType());
  int64_t dim = op.getDim();
  if (dim < 0 || dim >= static_cast<int64_t>(r.size()))
    return op.emitOpError("dim out of range");
  for (size_t d = 0; d < r.size(); ++d) {
    int64_t expect = static_cast<int64_t>(d) == dim ? a[d] + b[d] : a[d];
    if (r[d] != expect || (static_cast<int64_t>(d) != dim && a[d] != b[d]))
      return op.emitOpError("shapes do not concatenate along dim ") << dim;
  }
  return mlir::success();
}

template <typename OpT> mlir::LogicalResult verifyExtract(OpT op) {
  llvm::ArrayRef<int64_t> s = shapeOf(op.getSource().getType());
  llvm::ArrayRef<int64_t> r = shapeOf(op.getResult().getType());
  if (op.getIndices().size() != s.size())
    return op.emitOpError("needs one index per dimension");
  for (auto [a, b] : llvm::zip(s, r))
    if (b <= 0 || a % b != 0)
      return op.emitOpError("result dimensions must divide the source's");
  return mlir::success();
}

/// reduce/scan: one identity per operand, a body taking (element,
/// accumulator) scalars per operand and yielding one scalar per operand,
/// and results of the operand shape (scan) or without `dim` (reduce).
template <typename OpT>
mlir::LogicalResult verifyCombiner(OpT op, bool keepShape) {
  auto operands = op.getOperands();
  if (operands.empty())
    return op.emitOpError("needs at least one operand");
  if (op.getIdentities().size() != operands.size())
    return op.emitOpError("needs one identity per operand");
  if (op.getResults().size() != operands.size())
    return op.emitOpError("needs one result per operand");
  llvm::ArrayRef<int64_t> shape = shapeOf(operands[0].getType());
  int64_t dim = op.getDim();
  if (dim >= static_cast<int64_t>(shape.size()))
    return op.emitOpError("dim out of range");
  mlir::Block &body = op.getBody().front();
  if (body.getNumArguments() != 2 * operands.size())
    return op.emitOpError("body must take two scalars per operand");
  for (auto [i, v] : llvm::enumerate(operands)) {
    if (shapeOf(v.getType()) != shape)
      return op.emitOpError("operands must have the same shape");
    mlir::Type elem = elementTypeOf(v.getType());
    if (body.getArgument(2 * i).getType() != elem ||
        body.getArgument(2 * i + 1).getType() != elem)
      return op.emitOpError("body arguments must be the operands' element types");
    llvm::SmallVector<int64_t> expect;
    for (auto [d, size] : llvm::enumerate(shape))
      if (keepShape || static_cast<int64_t>(d) != dim)
        expect.push_back(size);
    // Shape and element type: a layout (nv_tileas) may be in the type.
    mlir::Type got = op.getResults()[i].getType();
    if (shapeOf(got) != llvm::ArrayRef<int64_t>(expect) ||
        elementTypeOf(got) != elem ||
        expect.empty() == llvm::isa<mlir::RankedTensorType>(got))
      return op.emitOpError("result ") << i << " has the wrong type";
  }
  mlir::Operation *term = body.getTerminator();
  if (!term || term->getNumOperands() != operands.size())
    return op.emitOpError("body must yield one value per operand");
  for (auto [i, v] : llvm::enumerate(term->getOperands()))
    if (v.getType() != elementTypeOf(operands[i].getType()))
      return op.emitOpError("body yields the wrong types");
  return mlir::success();
}

/// Pointee type of a pointer-tile type (the PtrType class of the caller).
template <typename PtrT> mlir::Type pointeeOf(mlir::Type ptrTile) {
  return llvm::cast<PtrT>(elementTypeOf(ptrTile)).getPointeeType();
}

template <typename PtrT, typename OpT> mlir::LogicalResult verifyLoadPtr(OpT op) {
  mlir::Type result = op.getResult().getType();
  if (pointeeOf<PtrT>(op.getSource().getType()) != elementTypeOf(result))
    return op.emitOpError("result element type must be the pointee type");
  if (op.getMask() && shapeOf(op.getMask().getType()) != shapeOf(result))
    return op.emitOpError("mask must have the result's shape");
  if (op.getPaddingValue() && op.getPaddingValue().getType() != result)
    return op.emitOpError("padding must have the result's type");
  return mlir::success();
}

template <typename PtrT, typename OpT>
mlir::LogicalResult verifyStorePtr(OpT op) {
  mlir::Type value = op.getValue().getType();
  if (pointeeOf<PtrT>(op.getDestination().getType()) != elementTypeOf(value))
    return op.emitOpError("value element type must be the pointee type");
  if (op.getMask() && shapeOf(op.getMask().getType()) != shapeOf(value))
    return op.emitOpError("mask must have the value's shape");
  return mlir::success();
}

/// lhs (MxK or BxMxK), rhs (KxN), acc (MxN) agree.
template <typename OpT> mlir::LogicalResult verifyMmaShapes(OpT op) {
  llvm::ArrayRef<int64_t> a = shapeOf(op.getLhs().getType());
  llvm::ArrayRef<int64_t> b = shapeOf(op.getRhs().getType());
  llvm::ArrayRef<int64_t> c = shapeOf(op.getAcc().getType());
  if ((a.size() != 2 && a.size() != 3) || b.size() != a.size() ||
      c.size() != a.size())
    return op.emitOpError("operands must be 2-D or 3-D tensors of one rank");
  size_t o = a.size() - 2;
  if (o && (a[0] != b[0] || a[0] != c[0]))
    return op.emitOpError("batch dimensions differ");
  if (a[o + 1] != b[o] || a[o] != c[o] || b[o + 1] != c[o + 1])
    return op.emitOpError("M/N/K dimensions of lhs, rhs and acc disagree");
  return mlir::success();
}

/// Seed 001's block-scaled MMA verifier: the MMA shapes, an f32
/// accumulator, and the operand rules cuda_tile.mmaf_scaled shares
/// (BlockScale.h: scale shapes, one scale type, the scale type the operand
/// type allows, the scale vector dividing K, the supported block sizes).
/// Scale factors are operands of the op, so FP4 always has them.
template <typename OpT> mlir::LogicalResult verifyBlockScaledMma(OpT op) {
  if (mlir::failed(verifyMmaShapes(op)))
    return mlir::failure();
  if (!elementTypeOf(op.getAcc().getType()).isF32())
    return op.emitOpError("the accumulator must be f32, but got ")
           << elementTypeOf(op.getAcc().getType());
  return cuda_tile::verifyBlockScaledOperands(
      [&] { return op.emitOpError(); }, elementTypeOf(op.getLhs().getType()),
      elementTypeOf(op.getLhsScale().getType()),
      elementTypeOf(op.getRhsScale().getType()), shapeOf(op.getLhs().getType()),
      shapeOf(op.getRhs().getType()), shapeOf(op.getLhsScale().getType()),
      shapeOf(op.getRhsScale().getType()));
}

/// Index operands of a view access: one scalar per index dimension.
template <typename OpT>
mlir::LogicalResult verifyViewIndex(OpT op, unsigned indexRank) {
  if (op.getIndex().size() != indexRank)
    return op.emitOpError("expects ") << indexRank << " index operands";
  for (mlir::Value v : op.getIndex())
    if (!shapeOf(v.getType()).empty())
      return op.emitOpError("index operands must be scalars");
  return mlir::success();
}

} // namespace tilecheck::mirror

#endif // TILECHECK_DIALECT_MIRROR_MIRRORVERIFY_H
