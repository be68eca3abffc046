//===- AccessWidth.cpp - what a tiled access may move at once -------------===//
//
// The proof behind vector loads and stores (compiler/docs/Backend.md,
// "Vector accesses"): tileas-prepare-for-scheduling records the width in
// the access's copy_atom, and the backend lowers at most that width, never
// more than this proof allows.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilecheck;

/// Bytes of a memref element the backend can move in a vector, or 0.
static unsigned vectorElementBytes(Type elem) {
  if (auto i = dyn_cast<IntegerType>(elem)) {
    unsigned bits = i.getWidth();
    return bits == 8 || bits == 16 || bits == 32 || bits == 64 ? bits / 8 : 0;
  }
  if (elem.isF16() || elem.isBF16() || elem.isF32() || elem.isF64())
    return elem.getIntOrFloatBitWidth() / 8;
  return 0;
}

uint64_t nv_tileas::knownPointerAlignment(Value ptr) {
  uint64_t known = 1;
  if (auto type = dyn_cast<nv_tileaa::PtrType>(ptr.getType()))
    if (unsigned bytes = vectorElementBytes(type.getPointeeType()))
      known = bytes;
  // A chain of assumes: each one's predicate holds of the same address.
  while (auto assume = ptr.getDefiningOp<nv_tileas::AssumeOp>()) {
    if (auto divBy =
            dyn_cast<cuda_tile::DivByAttr>(Attribute(assume.getPredicate()));
        divBy && !divBy.getEvery() && divBy.getDivisor() != 0) {
      // Any divisor d makes the address a multiple of d's largest power of
      // two factor.
      uint64_t d = divBy.getDivisor();
      known = std::max<uint64_t>(known, d & (~d + 1));
    }
    ptr = assume.getValue();
  }
  return known;
}

unsigned nv_tileas::provenAccessWidth(Value view, unsigned maxBytes) {
  auto type = dyn_cast<nv_tileaa::TiledViewType>(view.getType());
  if (!type || type.getKind() == nv_tileaa::TiledViewKind::GatherScatter)
    return 1;
  auto make = view.getDefiningOp<nv_tileas::MakeTiledViewOp>();
  if (!make)
    return 1;
  auto memrefOp = make.getTensorView().getDefiningOp<nv_tileas::MakeMemRefOp>();
  if (!memrefOp)
    return 1;
  nv_tileaa::MemrefType memref = type.getMemref();
  unsigned bytes = vectorElementBytes(memref.getElementType());
  ArrayRef<int64_t> tile = type.getTileShape();
  if (bytes == 0 || tile.empty() || tile.size() != memref.getRank())
    return 1;
  unsigned last = tile.size() - 1;
  unsigned inner = type.getDimMap().empty() ? last : type.getDimMap()[last];
  ArrayRef<int64_t> shape = memref.getShape(), strides = memref.getStrides();
  if (inner >= shape.size() || strides[inner] != 1 ||
      ShapedType::isDynamic(shape[inner]))
    return 1;
  // How far one index step moves the tile along its last dimension.
  int64_t step = type.getKind() == nv_tileaa::TiledViewKind::Strided
                     ? type.getTraversalStrides()[last]
                     : tile[last];
  uint64_t alignment = knownPointerAlignment(memrefOp.getBase());
  unsigned best = 1;
  for (unsigned w = 2; w * bytes <= maxBytes; w *= 2) {
    // A group of w starts at a multiple of w along the last dimension:
    // the tile's extent, the step and the dimension's size are multiples of
    // w, so the group is in bounds as a whole or not at all.
    if (tile[last] % w != 0 || step % w != 0 || shape[inner] % w != 0)
      break;
    // Its address: the base plus multiples of w elements.
    if (alignment % (uint64_t(w) * bytes) != 0)
      break;
    for (auto [d, stride] : llvm::enumerate(strides))
      if (d != inner && (ShapedType::isDynamic(stride) || stride % w != 0))
        return best;
    best = w;
  }
  return best;
}
