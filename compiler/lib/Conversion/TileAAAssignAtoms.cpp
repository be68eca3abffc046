//===- TileAAAssignAtoms.cpp - copy and reduce witnesses ------------------===//
//
// Seed 002's layout-assignment pre-pass, reduced to what our backend needs:
// every memory op gets a copy_atom witness and every reduce/scan a
// reduce_atom witness (rules in Passes.td). Existing witnesses are kept, so
// hand-written ones survive and ConvertTileAAToTileAS can be tested on them.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Conversion/Passes.h"
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"

namespace tilecheck {
#define GEN_PASS_DEF_TILEAAASSIGNATOMS
#include "tilecheck/Conversion/Passes.h.inc"
} // namespace tilecheck

using namespace mlir;
using namespace tilecheck;

namespace {

constexpr StringLiteral kCopyAtom = "copy_atom";
constexpr StringLiteral kReduceAtom = "reduce_atom";

/// Widest power of two w with w * elemBytes <= 16 that divides `extent`.
unsigned vectorWidth(int64_t extent, Type elem) {
  unsigned bytes = std::max<unsigned>(1, elem.getIntOrFloatBitWidth() / 8);
  unsigned w = 1;
  while (w * 2 * bytes <= 16 && extent % (w * 2) == 0)
    w *= 2;
  return w;
}

/// Contiguous elements one tiled access moves along the innermost
/// dimension: the tile's last extent when that dimension has unit stride.
unsigned tiledWidth(nv_tileaa::TiledViewType view) {
  nv_tileaa::MemrefType memref = view.getMemref();
  Type elem = memref.getElementType();
  if (view.getKind() == nv_tileaa::TiledViewKind::GatherScatter ||
      memref.getRank() == 0 || memref.getStrides().back() != 1)
    return 1;
  // The tile dimension mapped onto the memref's innermost dimension.
  size_t inner = memref.getRank() - 1;
  int64_t extent = view.getTileShape()[inner];
  for (auto [tileDim, memDim] : llvm::enumerate(view.getDimMap()))
    if (static_cast<size_t>(memDim) == inner)
      extent = view.getTileShape()[tileDim];
  return vectorWidth(extent, elem);
}

struct TileAAAssignAtomsPass
    : tilecheck::impl::TileAAAssignAtomsBase<TileAAAssignAtomsPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    auto copy = [&](Operation *op, StringRef family, unsigned width) {
      if (!op->hasAttr(kCopyAtom))
        op->setAttr(kCopyAtom, nv_tileaa::CopyAtomAttr::get(ctx, family, width));
    };
    getOperation().walk([&](Operation *op) {
      if (auto load = dyn_cast<nv_tileaa::TiledLoadOp>(op))
        copy(op, "tiled", tiledWidth(load.getView().getType()));
      else if (auto store = dyn_cast<nv_tileaa::TiledStoreOp>(op))
        copy(op, "tiled", tiledWidth(store.getView().getType()));
      else if (isa<nv_tileaa::TiledAtomicRMWOp, nv_tileaa::AtomicRMWTkoOp,
                   nv_tileaa::AtomicCASTkoOp>(op))
        copy(op, "atomic", 1);
      else if (isa<nv_tileaa::LoadPtrTkoOp, nv_tileaa::StorePtrTkoOp>(op))
        copy(op, "gather", 1);
      else if (isa<nv_tileaa::ReduceOp, nv_tileaa::ScanOp>(op)) {
        if (op->hasAttr(kReduceAtom))
          return;
        int64_t dim = cast<IntegerAttr>(op->getAttr("dim")).getInt();
        size_t rank = mirror::shapeOf(op->getOperand(0).getType()).size();
        StringRef family = static_cast<size_t>(dim) + 1 == rank
                               ? "warp_shfl_xor"
                               : "smem_tree";
        op->setAttr(kReduceAtom, nv_tileaa::ReduceAtomAttr::get(ctx, family));
      }
    });
  }
};

} // namespace
