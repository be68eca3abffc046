//===- Value.h - Runtime values of the reference interpreter --------------===//
//
// A tile is a shape, an element type and a byte buffer (row-major, elements
// stored as ElemType.h describes). Views carry the address, shape and strides
// of a tensor plus the tiling of a partition/strided/gather-scatter view.
// Tokens only order memory operations; they carry no data. SSA values are
// immutable, so tiles are shared by reference once produced.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_VALUE_H
#define TILECHECK_ORACLE_VALUE_H

#include "tilecheck/Oracle/ElemType.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstring>
#include <memory>
#include <optional>
#include <vector>

#include "mlir/IR/Types.h"

namespace tilecheck::oracle {

/// Element type of an MLIR element type (integer, index, float or a
/// pointer-like type); std::nullopt for anything else. `index` is a 64-bit
/// integer.
std::optional<ElemType> elemTypeOf(mlir::Type t);

/// Pointer types are pluggable: cuda_tile's is built in, and each dialect
/// whose semantics need another one (nv_tileaa.ptr) registers a hook that
/// returns the pointee of its pointer type and a null Type for anything
/// else. Hooks are registered while building the SemanticsRegistry (before
/// any run) and never removed; registering the same hook twice is a no-op.
using PointeeTypeFn = mlir::Type (*)(mlir::Type);
void registerPointerType(PointeeTypeFn pointeeOf);
/// The pointee type of a pointer-like type, a null Type for anything else.
mlir::Type pointeeTypeOf(mlir::Type t);
inline bool isPointerLike(mlir::Type t);

/// Tiles at every IR level: a ranked ShapedType (cuda_tile tile, builtin
/// tensor) or a rank-0 scalar given as its bare element type (integer,
/// index, float, pointer-like). Returns false for anything else (views,
/// tokens).
bool isTileLike(mlir::Type t);
/// The element type and shape of a tile-like type (empty shape for a
/// scalar). Requires isTileLike(t).
mlir::Type tileElementType(mlir::Type t);
llvm::ArrayRef<int64_t> tileShape(mlir::Type t);

/// A dense row-major tile.
class Tile {
public:
  Tile(ElemType type, llvm::ArrayRef<int64_t> shape);

  ElemType elemType() const { return type; }
  llvm::ArrayRef<int64_t> shape() const { return dims; }
  unsigned rank() const { return dims.size(); }
  int64_t size() const { return numElems; }
  unsigned elemBytes() const { return bytesPerElem; }
  uint8_t *data() { return bytes.data(); }
  const uint8_t *data() const { return bytes.data(); }
  uint8_t *at(int64_t i) { return bytes.data() + i * bytesPerElem; }
  const uint8_t *at(int64_t i) const { return bytes.data() + i * bytesPerElem; }

  /// Typed raw access; T must have the element's storage size.
  template <typename T> T get(int64_t i) const {
    T v;
    std::memcpy(&v, at(i), sizeof(T));
    return v;
  }
  template <typename T> void set(int64_t i, T v) {
    std::memcpy(at(i), &v, sizeof(T));
  }

  /// Integer element sign- or zero-extended from the element width to 64
  /// bits (i1 reads as 0/-1 signed, 0/1 unsigned).
  int64_t getSInt(int64_t i) const;
  uint64_t getUInt(int64_t i) const;
  /// Stores the low bitWidth bits of `v`.
  void setInt(int64_t i, uint64_t v);
  llvm::APFloat getFloat(int64_t i) const { return loadFloat(type, at(i)); }
  void setFloat(int64_t i, const llvm::APFloat &v) { storeFloat(type, at(i), v); }
  bool getBool(int64_t i) const { return bytes[i] != 0; }

  /// Row-major strides in elements.
  llvm::SmallVector<int64_t, 4> strides() const;
  /// Flat index of a multi-index and back.
  int64_t flatten(llvm::ArrayRef<int64_t> index) const;
  void unflatten(int64_t flat, llvm::SmallVectorImpl<int64_t> &index) const;

  /// "tile<2x4xf32>" followed by the elements, for print/debugging.
  std::string str() const;

private:
  ElemType type;
  llvm::SmallVector<int64_t, 4> dims;
  int64_t numElems;
  unsigned bytesPerElem;
  /// Inline storage covers scalar and small tiles (no heap allocation per
  /// scalar in reduce/scan bodies and loop counters).
  llvm::SmallVector<uint8_t, 16> bytes;
};

using TileRef = std::shared_ptr<const Tile>;

/// Padding read for the out-of-bounds part of a view tile.
enum class Padding { None, Zero, NegZero, NaN, PosInf, NegInf };

/// A tensor in global memory: element address = base + sum(idx*stride)*size.
struct TensorViewValue {
  ElemType elemType;
  uint64_t base = 0;
  llvm::SmallVector<int64_t, 4> shape;
  llvm::SmallVector<int64_t, 4> strides;
};

/// A tiling of a tensor view. Partition: tile origin = index * tileShape.
/// Strided: origin = index * traversalStrides. GatherScatter: the first
/// dimension is addressed by explicit row indices given at access time.
/// dimMap[k] is the tensor dimension that tile dimension k runs along.
struct TiledViewValue {
  enum class Kind { Partition, Strided, GatherScatter };
  Kind kind = Kind::Partition;
  TensorViewValue tensor;
  llvm::SmallVector<int64_t, 4> tileShape;
  llvm::SmallVector<int64_t, 4> traversalStrides;
  llvm::SmallVector<int32_t, 4> dimMap;
  Padding padding = Padding::None;
  /// GatherScatter only: the dimension indexed by a tile of row indices.
  int64_t sparseDim = -1;
};

/// One SSA value at run time.
class RtValue {
public:
  enum class Kind { Empty, Tile, TensorView, TiledView, Token };

  RtValue() = default;
  static RtValue tile(TileRef t) {
    RtValue v;
    v.k = Kind::Tile;
    v.tilePtr = std::move(t);
    return v;
  }
  static RtValue tile(Tile &&t) {
    return tile(std::make_shared<const Tile>(std::move(t)));
  }
  static RtValue tensorView(TensorViewValue tv) {
    RtValue v;
    v.k = Kind::TensorView;
    v.viewPtr = std::make_shared<const TensorViewValue>(std::move(tv));
    return v;
  }
  static RtValue tiledView(TiledViewValue tv) {
    RtValue v;
    v.k = Kind::TiledView;
    v.tiledPtr = std::make_shared<const TiledViewValue>(std::move(tv));
    return v;
  }
  /// A token; `node` is its place in the tile block's token order
  /// (TokenOrder.h; ~0u: it orders nothing the interpreter tracks).
  static RtValue token(uint32_t node = ~0u) {
    RtValue v;
    v.k = Kind::Token;
    v.tokenNode = node;
    return v;
  }

  Kind kind() const { return k; }
  bool isTile() const { return k == Kind::Tile; }
  const Tile &getTile() const { return *tilePtr; }
  const TileRef &getTileRef() const { return tilePtr; }
  const TensorViewValue &getTensorView() const { return *viewPtr; }
  const TiledViewValue &getTiledView() const { return *tiledPtr; }
  uint32_t getTokenNode() const { return tokenNode; }

private:
  Kind k = Kind::Empty;
  TileRef tilePtr;
  std::shared_ptr<const TensorViewValue> viewPtr;
  std::shared_ptr<const TiledViewValue> tiledPtr;
  uint32_t tokenNode = ~0u;
};

inline bool isPointerLike(mlir::Type t) {
  return static_cast<bool>(pointeeTypeOf(t));
}

} // namespace tilecheck::oracle

#endif // TILECHECK_ORACLE_VALUE_H
