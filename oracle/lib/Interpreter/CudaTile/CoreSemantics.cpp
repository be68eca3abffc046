//===- CoreSemantics.cpp - constants, block ids, shape ops, mma -----------===//

#include "Semantics.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

namespace tilecheck::oracle::cuda_tile_sem {

namespace {

LogicalResult constantSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<ConstantOp>(operation);
  Tile t = makeTile(op.getType());
  auto attr = cast<DenseElementsAttr>(op.getValue());
  bool splat = attr.isSplat();
  if (isFloat(t.elemType())) {
    auto values = attr.getValues<APFloat>();
    for (int64_t i = 0; i < t.size(); ++i)
      t.setFloat(i, values[splat ? 0 : i]);
  } else {
    auto values = attr.getValues<APInt>();
    for (int64_t i = 0; i < t.size(); ++i)
      t.setInt(i, values[splat ? 0 : i].getZExtValue());
  }
  ctx.setTile(op.getResult(), std::move(t));
  return success();
}

template <bool Count>
LogicalResult blockIdSem(ExecContext &ctx, Operation *op) {
  std::array<int64_t, 3> v = Count ? ctx.getGridDims() : ctx.getBlockId();
  for (unsigned d = 0; d < 3; ++d) {
    Tile t(ElemType::I32, {});
    t.setInt(0, static_cast<uint64_t>(v[d]));
    ctx.setTile(op->getResult(d), std::move(t));
  }
  return success();
}

} // namespace

void registerCoreSemantics(SemanticsRegistry &r) {
  add<ConstantOp>(r, constantSem);
  add<GetTileBlockIdOp>(r, blockIdSem<false>);
  add<GetNumTileBlocksOp>(r, blockIdSem<true>);
}

} // namespace tilecheck::oracle::cuda_tile_sem
