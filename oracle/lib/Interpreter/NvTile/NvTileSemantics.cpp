//===- NvTileSemantics.cpp - nv_tileaa and nv_tileas op semantics ---------===//
//
// The two dialects below cuda_tile (compiler/docs/Lowering.md). Their
// mirror ops run the cuda_tile semantics, instantiated over NvTileAAOps and
// NvTileASOps (CudaTile/Semantics.h); tiles are builtin tensors or bare
// scalars and pointers `!nv_tileaa.ptr`, which this file plugs into the
// interpreter's pointer hook. The other ops:
//  - nv_tileaa.func is a declaration like cuda_tile.entry (the interpreter
//    enters it through Interpreter::run); nv_tileaa.return ends it.
//  - the memref and tiled-view ops and the dot forms run the cuda_tile view
//    and MMA semantics (MemorySemantics.cpp, MmaSemantics.cpp).
//  - nv_tileaa.mark_for_reuse is a buffer-assignment hint: no effect.
//  - the queue ops, execute and the nv_tileas async surface run agents as
//    coroutines of the tile block (AsyncSemantics.cpp, AsyncState.h).
//  - nv_tileas.convert_layout only moves a value between layouts: its
//    result is its operand; shuffle permutes the row-major elements.
//  - builtin.unrealized_conversion_cast between the levels' types (tile and
//    tensor, cuda_tile.ptr and nv_tileaa.ptr, token and mem_token, view and
//    memref) passes its operands through: the run-time values are the same.
//  - nv_tileas shared memory: alloc_tensor names the bytes [offset, offset
//    + size) of the tile block's shared memory (the value is the offset),
//    copy writes a tile there row-major, smem_load reads one back. Reading
//    a byte nothing wrote in this tile block is undefined behaviour.
//    Buffers that overlap share bytes as on hardware, so a buffer placed
//    over a dead one reads the dead one's bytes until it is written.
//
//===----------------------------------------------------------------------===//

#include "../AsyncState.h"
#include "../CudaTile/Semantics.h"

#include "mlir/IR/BuiltinOps.h"

#include <algorithm>
#include <cstring>

using namespace mlir;

namespace tilecheck::oracle {

namespace {

using namespace cuda_tile_sem;

Type nvPointee(Type t) {
  if (auto p = dyn_cast<nv_tileaa::PtrType>(t))
    return p.getPointeeType();
  return Type();
}

LogicalResult noEffect(ExecContext &, Operation *) { return success(); }

LogicalResult identitySem(ExecContext &ctx, Operation *op) {
  ctx.set(op->getResult(0), ctx.get(op->getOperand(0)));
  return success();
}

LogicalResult unrealizedCastSem(ExecContext &ctx, Operation *op) {
  if (op->getNumOperands() != op->getNumResults())
    return ctx.error(op, "only one-to-one casts are supported");
  for (auto [from, to] : llvm::zip(op->getOperands(), op->getResults())) {
    const RtValue &v = ctx.get(from);
    // A tile must keep its element type and shape across the cast.
    if (v.isTile()) {
      if (!isTileLike(to.getType()))
        return ctx.error(op, "casts a tile to a non-tile type");
      if (elemTypeOf(tileElementType(to.getType())) != v.getTile().elemType() ||
          tileShape(to.getType()) != v.getTile().shape())
        return ctx.error(op, "casts between tiles of different layouts");
    }
    ctx.set(to, v);
  }
  return success();
}

LogicalResult shuffleSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileas::ShuffleOp>(operation);
  const Tile &src = ctx.getTile(op.getSource());
  Tile r = makeTile(op.getResult().getType());
  ArrayRef<int64_t> index = op.getSourceIndex();
  if (static_cast<int64_t>(index.size()) != r.size())
    return ctx.error(op, "source_index has " + Twine(index.size()) +
                             " entries for " + Twine(r.size()) + " elements");
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    if (index[i] < 0 || index[i] >= src.size())
      return ctx.error(op, "source_index " + Twine(index[i]) +
                               " is outside the tile");
    std::memcpy(r.at(i), src.at(index[i]), r.elemBytes());
  }
  return setResultTile(ctx, op.getResult(), std::move(r));
}

/// The byte range of a shared-memory buffer value.
struct SmemRange {
  uint64_t offset;
  uint64_t size;
};

/// The bytes of shared-memory buffer `buffer` that `tile` is copied to or
/// from: the buffer must hold exactly the tile's bytes.
FailureOr<SmemRange> smemRange(ExecContext &ctx, Operation *op, Value buffer,
                               const Tile &tile) {
  auto type = cast<nv_tileas::SmemType>(buffer.getType());
  const RtValue &v = ctx.get(buffer);
  if (!v.isTile())
    return ctx.error(op, "operand is not a shared-memory buffer value");
  SmemRange range{v.getTile().getUInt(0),
                  static_cast<uint64_t>(type.getSizeInBytes())};
  if (ctx.getSharedMemory().bytes.size() < range.offset + range.size)
    return ctx.error(op, "shared-memory buffer outside the allocated range");
  if (static_cast<uint64_t>(tile.size()) * tile.elemBytes() != range.size)
    return ctx.error(op, "the tile and the buffer differ in size");
  return range;
}

LogicalResult allocTensorSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileas::AllocTensorOp>(operation);
  auto type = cast<nv_tileas::SmemType>(op.getResult().getType());
  uint64_t offset = static_cast<uint64_t>(op.getOffset());
  uint64_t size = static_cast<uint64_t>(type.getSizeInBytes());
  if (!ctx.reserveShared(offset + size))
    return ctx.error(op, "shared-memory buffer [" + Twine(offset) + ", " +
                             Twine(offset + size) +
                             ") is beyond any GPU's "
                             "shared memory");
  ctx.set(op.getResult(), i64Scalar(offset));
  return success();
}

LogicalResult copySem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileas::CopyOp>(operation);
  const Tile &src = ctx.getTile(op.getSource());
  FailureOr<SmemRange> range = smemRange(ctx, op, op.getDest(), src);
  if (failed(range))
    return failure();
  ExecContext::SharedMemory &shared = ctx.getSharedMemory();
  std::memcpy(shared.bytes.data() + range->offset, src.data(), range->size);
  std::fill_n(shared.written.begin() + range->offset, range->size, 1);
  return success();
}

LogicalResult smemLoadSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<nv_tileas::SmemLoadOp>(operation);
  Tile r = makeTile(op.getResult().getType());
  FailureOr<SmemRange> range = smemRange(ctx, op, op.getSource(), r);
  if (failed(range))
    return failure();
  ExecContext::SharedMemory &shared = ctx.getSharedMemory();
  for (int64_t i = 0, n = r.size(); i < n; ++i)
    for (unsigned b = 0; b < r.elemBytes(); ++b)
      if (!shared.written[range->offset + i * r.elemBytes() + b])
        return ctx.ub(op, "reads shared memory that nothing wrote (byte " +
                              Twine(range->offset + i * r.elemBytes() + b) +
                              ", element " + Twine(i) + ")");
  std::memcpy(r.data(), shared.bytes.data() + range->offset, range->size);
  return setResultTile(ctx, op.getResult(), std::move(r));
}

/// Every category of mirror ops plus the views and dot forms.
template <class Ops> void registerMirrorDialect(SemanticsRegistry &r) {
  registerControlFor<Ops>(r);
  registerArithFor<Ops>(r);
  registerFloatArithFor<Ops>(r);
  registerMathFor<Ops>(r);
  registerConversionFor<Ops>(r);
  registerCoreFor<Ops>(r);
  registerMemoryFor<Ops>(r);
  registerNvViewsFor<Ops>(r);
  registerNvDotsFor<Ops>(r);
}

} // namespace

void registerNvTileSemantics(SemanticsRegistry &r) {
  registerPointerType(nvPointee);
  registerMirrorDialect<NvTileAAOps>(r);
  registerMirrorDialect<NvTileASOps>(r);
  add<nv_tileaa::FuncOp>(r, declarationSem);
  add<nv_tileaa::ReturnOp>(r, terminatorSem<FlowSignal::Kind::Return>);
  add<nv_tileaa::MarkForReuseOp>(r, noEffect);
  add<nv_tileas::ConvertLayoutOp>(r, identitySem);
  add<nv_tileas::ShuffleOp>(r, shuffleSem);
  r.add(UnrealizedConversionCastOp::getOperationName(), unrealizedCastSem);
  add<nv_tileas::AllocTensorOp>(r, allocTensorSem);
  add<nv_tileas::CopyOp>(r, copySem);
  add<nv_tileas::SmemLoadOp>(r, smemLoadSem);
  registerAsyncSemantics(r);
}

} // namespace tilecheck::oracle
