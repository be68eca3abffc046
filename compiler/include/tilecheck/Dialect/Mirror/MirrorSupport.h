//===- MirrorSupport.h - helpers for ops on tensors-or-scalars ------------===//
//
// Below cuda_tile a tile is a builtin ranked tensor, and a rank-0 tile is a
// plain scalar. These helpers treat both alike: a scalar has an empty shape
// and is its own element type. Used by the ODS constraints of MirrorOps.td
// and by the conversions.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DIALECT_MIRROR_MIRRORSUPPORT_H
#define TILECHECK_DIALECT_MIRROR_MIRRORSUPPORT_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

namespace tilecheck::mirror {

/// The shape of a tensor; empty for anything else (a scalar).
inline llvm::ArrayRef<int64_t> shapeOf(mlir::Type t) {
  if (auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(t))
    return tensor.getShape();
  return {};
}

/// The element type of a tensor; the type itself for a scalar.
inline mlir::Type elementTypeOf(mlir::Type t) {
  if (auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(t))
    return tensor.getElementType();
  return t;
}

/// Number of elements (1 for a scalar).
inline int64_t numElementsOf(mlir::Type t) {
  int64_t n = 1;
  for (int64_t d : shapeOf(t))
    n *= d;
  return n;
}

/// A tile-like type with `shape` and `elem`: the scalar for rank 0.
inline mlir::Type tileLike(llvm::ArrayRef<int64_t> shape, mlir::Type elem) {
  if (shape.empty())
    return elem;
  return mlir::RankedTensorType::get(shape, elem);
}

/// Bit width of the element type of a float scalar or tensor.
inline unsigned bitWidthOfFloat(mlir::Type t) {
  return elementTypeOf(t).getIntOrFloatBitWidth();
}

/// Whether `v` is a constant whose every element is the integer `expected`
/// (sign-extended to the element width: -1 is all ones). Mirror constants
/// (dense attributes, scalars included) and arith constants both count.
inline bool isSplatInt(mlir::Value v, int64_t expected) {
  mlir::Attribute attr;
  if (!v || !mlir::matchPattern(v, mlir::m_Constant(&attr)))
    return false;
  llvm::APInt value;
  if (auto dense = llvm::dyn_cast<mlir::DenseIntElementsAttr>(attr)) {
    if (!dense.isSplat())
      return false;
    value = dense.getSplatValue<llvm::APInt>();
  } else if (auto integer = llvm::dyn_cast<mlir::IntegerAttr>(attr)) {
    value = integer.getValue();
  } else {
    return false;
  }
  return value == llvm::APInt(value.getBitWidth(), expected,
                              /*isSigned=*/true, /*implicitTrunc=*/true);
}

/// The `value` attribute of a mirror constant of `type` holding `attr`: a
/// dense attribute of the type's shape and element type as it is, a scalar
/// integer or float attribute as a rank-0 dense attribute; null otherwise.
inline mlir::DenseElementsAttr constantValueFor(mlir::Attribute attr,
                                                mlir::Type type) {
  if (auto dense = llvm::dyn_cast<mlir::DenseElementsAttr>(attr)) {
    auto shaped = llvm::cast<mlir::ShapedType>(dense.getType());
    if (shaped.getShape() == shapeOf(type) &&
        shaped.getElementType() == elementTypeOf(type))
      return dense;
    return {};
  }
  if (!llvm::isa<mlir::IntegerAttr, mlir::FloatAttr>(attr) ||
      llvm::cast<mlir::TypedAttr>(attr).getType() != type)
    return {};
  return mlir::DenseElementsAttr::get(mlir::RankedTensorType::get({}, type),
                                      attr);
}

/// The constant materializer of nv_tileaa and nv_tileas: a ConstantOpT of
/// `type` holding `value` (see constantValueFor), or null.
template <typename ConstantOpT>
mlir::Operation *materializeConstant(mlir::OpBuilder &builder,
                                     mlir::Attribute value, mlir::Type type,
                                     mlir::Location loc) {
  mlir::DenseElementsAttr dense = constantValueFor(value, type);
  if (!dense)
    return nullptr;
  return ConstantOpT::create(builder, loc, type, dense);
}

} // namespace tilecheck::mirror

#endif // TILECHECK_DIALECT_MIRROR_MIRRORSUPPORT_H
