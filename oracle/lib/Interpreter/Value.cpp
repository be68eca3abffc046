//===- Value.cpp - Runtime values of the reference interpreter ------------===//

#include "tilecheck/Oracle/Value.h"

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <vector>

using namespace llvm;

namespace tilecheck::oracle {

namespace {

/// The registered pointer hooks (cuda_tile's is built in).
std::vector<PointeeTypeFn> &pointerHooks() {
  static std::vector<PointeeTypeFn> hooks;
  return hooks;
}

} // namespace

void registerPointerType(PointeeTypeFn pointeeOf) {
  std::vector<PointeeTypeFn> &hooks = pointerHooks();
  if (std::find(hooks.begin(), hooks.end(), pointeeOf) == hooks.end())
    hooks.push_back(pointeeOf);
}

mlir::Type pointeeTypeOf(mlir::Type t) {
  if (auto p = dyn_cast<cuda_tile::PointerType>(t))
    return p.getPointeeType();
  for (PointeeTypeFn hook : pointerHooks())
    if (mlir::Type pointee = hook(t))
      return pointee;
  return mlir::Type();
}

// cuda_tile tiles and builtin tensors are checked by TypeID before the
// ShapedType interface lookup: makeTile runs for every op of a reduce or
// scan body, so this is on the interpreter's hot path.

bool isTileLike(mlir::Type t) {
  if (isa<cuda_tile::TileType, mlir::RankedTensorType>(t))
    return true;
  if (auto shaped = dyn_cast<mlir::ShapedType>(t))
    return shaped.hasRank() && !isa<mlir::MemRefType>(t);
  return t.isIntOrIndexOrFloat() || isPointerLike(t);
}

// cuda_tile's tiles are ShapedTypes too.
mlir::Type tileElementType(mlir::Type t) {
  auto shaped = dyn_cast<mlir::ShapedType>(t);
  return shaped ? shaped.getElementType() : t;
}

llvm::ArrayRef<int64_t> tileShape(mlir::Type t) {
  auto shaped = dyn_cast<mlir::ShapedType>(t);
  return shaped ? shaped.getShape() : llvm::ArrayRef<int64_t>{};
}

std::optional<ElemType> elemTypeOf(mlir::Type t) {
  if (!t)
    return std::nullopt;
  if (auto i = dyn_cast<mlir::IntegerType>(t)) {
    switch (i.getWidth()) {
    case 1: return ElemType::I1;
    case 4: return ElemType::I4;
    case 8: return ElemType::I8;
    case 16: return ElemType::I16;
    case 32: return ElemType::I32;
    case 64: return ElemType::I64;
    default: return std::nullopt;
    }
  }
  if (t.isF16()) return ElemType::F16;
  if (t.isBF16()) return ElemType::BF16;
  if (t.isF32()) return ElemType::F32;
  if (t.isTF32()) return ElemType::TF32;
  if (t.isF64()) return ElemType::F64;
  if (isa<mlir::Float8E4M3FNType>(t)) return ElemType::F8E4M3FN;
  if (isa<mlir::Float8E5M2Type>(t)) return ElemType::F8E5M2;
  if (isa<mlir::Float8E8M0FNUType>(t)) return ElemType::F8E8M0FNU;
  if (isa<mlir::Float4E2M1FNType>(t)) return ElemType::F4E2M1FN;
  if (t.isIndex())
    return ElemType::I64;
  if (isPointerLike(t))
    return ElemType::Ptr;
  return std::nullopt;
}

Tile::Tile(ElemType type, ArrayRef<int64_t> shape)
    : type(type), dims(shape.begin(), shape.end()), numElems(1),
      bytesPerElem(storageBytes(type)) {
  for (int64_t d : dims)
    numElems *= d;
  bytes.assign(numElems * bytesPerElem, 0);
}

uint64_t Tile::getUInt(int64_t i) const {
  uint64_t v = 0;
  std::memcpy(&v, at(i), bytesPerElem);
  unsigned w = bitWidth(type);
  return w >= 64 ? v : v & ((1ull << w) - 1);
}

int64_t Tile::getSInt(int64_t i) const {
  uint64_t v = getUInt(i);
  unsigned w = bitWidth(type);
  if (w >= 64)
    return static_cast<int64_t>(v);
  return static_cast<int64_t>(v << (64 - w)) >> (64 - w);
}

void Tile::setInt(int64_t i, uint64_t v) {
  unsigned w = bitWidth(type);
  if (w < 64)
    v &= (1ull << w) - 1;
  std::memcpy(at(i), &v, bytesPerElem);
}

SmallVector<int64_t, 4> Tile::strides() const {
  SmallVector<int64_t, 4> s(dims.size(), 1);
  for (int i = static_cast<int>(dims.size()) - 2; i >= 0; --i)
    s[i] = s[i + 1] * dims[i + 1];
  return s;
}

int64_t Tile::flatten(ArrayRef<int64_t> index) const {
  int64_t flat = 0;
  for (unsigned d = 0; d < dims.size(); ++d)
    flat = flat * dims[d] + index[d];
  return flat;
}

void Tile::unflatten(int64_t flat, SmallVectorImpl<int64_t> &index) const {
  index.resize(dims.size());
  for (int d = static_cast<int>(dims.size()) - 1; d >= 0; --d) {
    index[d] = flat % dims[d];
    flat /= dims[d];
  }
}

std::string Tile::str() const {
  std::string s;
  raw_string_ostream os(s);
  os << "tile<";
  for (int64_t d : dims)
    os << d << "x";
  os << name(type) << ">[";
  for (int64_t i = 0; i < numElems; ++i) {
    if (i)
      os << ", ";
    if (i == 64) {
      os << "...";
      break;
    }
    os << formatElement(type, at(i));
  }
  os << "]";
  return s;
}

} // namespace tilecheck::oracle
