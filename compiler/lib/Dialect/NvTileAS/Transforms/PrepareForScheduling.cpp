//===- PrepareForScheduling.cpp - tileas-prepare-for-scheduling -----------===//
//
// Seed 000's TileASPrepareForScheduling, the stages this compiler has
// material for (Passes.td says which and why not the others), in the
// seed's order: atom vector-size refinement, the scheduling canonicalizer's
// tiny-loop unrolling, then memory layout compaction of the shared-memory
// buffers tileas-materialize-convert-layout made.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/ScheduleIR.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <functional>
#include <numeric>

namespace tilecheck::nv_tileas {
#define GEN_PASS_DEF_TILEASPREPAREFORSCHEDULING
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h.inc"
} // namespace tilecheck::nv_tileas

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas;

namespace {

/// Bytes one vector access may move on every target this compiler knows
/// (sm_80 through sm_120: 128-bit ld/st.global; sm_100's 256-bit accesses
/// are not used).
constexpr unsigned kVectorBytes = 16;

/// Where a buffer's bytes may be placed: 16-byte boundaries, which the
/// backend's vector accesses to buffers need (Backend.md).
constexpr int64_t kBufferAlign = 16;

/// One alloc_tensor of a function and when its bytes are in use.
struct BufferRange {
  AllocTensorOp op;
  int64_t size = 0;
  /// The ops of the function numbered in pre-order: from the alloc_tensor
  /// to the end of the last op (in its block) that reaches a use.
  unsigned begin = 0, end = 0;
  /// Per enclosing agent_switch, the agent (region) the buffer is in.
  SmallVector<std::pair<Operation *, unsigned>> agents;
};

/// Whether two buffers may be in use at the same time: their ranges
/// overlap, or they are in different agents of one agent_switch (agents
/// run at once).
bool interfere(const BufferRange &x, const BufferRange &y) {
  if (x.begin <= y.end && y.begin <= x.end)
    return true;
  for (auto [sw, agent] : x.agents)
    for (auto [other, otherAgent] : y.agents)
      if (sw == other && agent != otherAgent)
        return true;
  return false;
}

/// The live range of every alloc_tensor of `func`; failure when a buffer
/// reaches an op other than copy and smem_load (it may escape), or when the
/// function still has an nv_tileaa.execute (an agent that runs at once with
/// the rest of its block, which the ranges do not model): the function's
/// layout stays as it is. The driver rewrites every execute into an
/// agent_switch before this stage.
LogicalResult bufferRanges(nv_tileaa::FuncOp func,
                           SmallVectorImpl<BufferRange> &out) {
  if (func.walk([](nv_tileaa::ExecuteOp) { return WalkResult::interrupt(); })
          .wasInterrupted())
    return failure();
  DenseMap<Operation *, std::pair<unsigned, unsigned>> number;
  unsigned next = 0;
  std::function<void(Operation *)> visit = [&](Operation *op) {
    unsigned first = next++;
    for (Region &r : op->getRegions())
      for (Block &block : r)
        for (Operation &inner : block)
          visit(&inner);
    number[op] = {first, next - 1};
  };
  visit(func);
  bool escapes = false;
  func.walk([&](AllocTensorOp alloc) {
    BufferRange range;
    range.op = alloc;
    range.size = alloc.getType().getSizeInBytes();
    range.begin = range.end = number[alloc].first;
    Block *home = alloc->getBlock();
    for (Operation *user : alloc->getUsers()) {
      Operation *at = home->findAncestorOpInBlock(*user);
      if (!isa<CopyOp, SmemLoadOp>(user) || !at) {
        escapes = true;
        return WalkResult::interrupt();
      }
      range.end = std::max(range.end, number[at].second);
    }
    for (Operation *child = alloc, *p = alloc->getParentOp();
         p && p != func.getOperation(); child = p, p = p->getParentOp())
      if (isa<AgentSwitchOp>(p))
        range.agents.push_back(
            {p, child->getParentRegion()->getRegionNumber()});
    out.push_back(std::move(range));
    return WalkResult::advance();
  });
  return failure(escapes);
}

/// Offsets for `buffers` (in their order): largest first (ties by range
/// start, then position), each at the lowest aligned offset where it
/// overlaps no interfering buffer placed before it.
SmallVector<int64_t> packBuffers(ArrayRef<BufferRange> buffers) {
  const unsigned n = buffers.size();
  SmallVector<unsigned> order(n);
  std::iota(order.begin(), order.end(), 0u);
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return std::make_pair(-buffers[a].size, buffers[a].begin) <
           std::make_pair(-buffers[b].size, buffers[b].begin);
  });
  SmallVector<int64_t> offsets(n, 0);
  SmallVector<unsigned> placed;
  for (unsigned i : order) {
    SmallVector<std::pair<int64_t, int64_t>> taken;
    for (unsigned j : placed)
      if (interfere(buffers[i], buffers[j]))
        taken.push_back({offsets[j], offsets[j] + buffers[j].size});
    llvm::sort(taken);
    // The lowest gap: candidates are 0 and the aligned end of each taken
    // interval, in increasing order.
    int64_t at = 0;
    for (auto [lo, hi] : taken) {
      if (at + buffers[i].size <= lo)
        break;
      at = std::max<int64_t>(at, llvm::alignTo(hi, kBufferAlign));
    }
    offsets[i] = at;
    placed.push_back(i);
  }
  return offsets;
}

struct PrepareForSchedulingPass
    : nv_tileas::impl::TileASPrepareForSchedulingBase<
          PrepareForSchedulingPass> {
  using TileASPrepareForSchedulingBase::TileASPrepareForSchedulingBase;

  /// Stage 2: the copy_atom of a tiled access gets the proven width.
  void refineAtom(Operation *op, Value view, MemSemantic sem) {
    auto atom = op->getAttrOfType<nv_tileaa::CopyAtomAttr>("copy_atom");
    if (!atom || atom.getFamily() != "tiled")
      return;
    unsigned width = 1;
    if (sem == MemSemantic::WEAK)
      width = std::min(atom.getVectorWidth(),
                       provenAccessWidth(view, kVectorBytes));
    width = std::max(1u, width);
    if (width != atom.getVectorWidth()) {
      op->setAttr("copy_atom", nv_tileaa::CopyAtomAttr::get(
                                   op->getContext(), atom.getFamily(), width));
      ++numRefined;
    }
    if (width > 1)
      ++numVector;
  }

  /// Stage 4: whether `loop` is tiny enough to unroll completely.
  bool isTiny(scf::ForOp loop) {
    // loopUnrollFull wants non-negative bounds.
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
    if (loop.getUnsignedCmp() || !lb || *lb < 0)
      return false;
    std::optional<int64_t> trips = constantTripCount(loop);
    if (!trips || *trips < 2 || *trips > int64_t(unrollMaxTrips))
      return false;
    Block *body = loop.getBody();
    // A body of its yield alone: the utility leaves such a loop as it is.
    if (body->getOperations().size() > unrollMaxOps ||
        body->getOperations().size() < 2)
      return false;
    // The unrolled loop steps by trips * step from lb: that and the bound it
    // reaches must fit the induction variable, or its constants would wrap.
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    Type ivType = loop.getInductionVar().getType();
    unsigned bits = ivType.isIndex() ? 64 : ivType.getIntOrFloatBitWidth();
    __int128 big = (__int128)*trips * *step, end = *lb + big;
    __int128 most = ((__int128)1 << (bits - 1)) - 1;
    if (big > most || end > most)
      return false;
    // Regions stay rolled; so do loops that touch memory, which the
    // schedule consumers may pipeline. Shared-memory buffers (a layout
    // conversion's staging) are the tile block's own scratch: a loop that
    // touches only them counts as pure (its staged conversions add two ops
    // each to the body, which unroll-max-ops still bounds).
    return llvm::all_of(body->getOperations(), [](Operation &op) {
      return op.getNumRegions() == 0 &&
             (isMemoryEffectFree(&op) || touchesOnlyBuffers(&op));
    });
  }

  static bool touchesOnlyBuffers(Operation *op) {
    return everyDeclaredEffect(op, [](const MemoryEffects::EffectInstance &e) {
      return e.getResource() == SharedMemoryResource::get();
    });
  }

  /// Stage 5: memory layout compaction of `func`'s buffers.
  void compact(nv_tileaa::FuncOp func) {
    SmallVector<BufferRange> buffers;
    if (failed(bufferRanges(func, buffers)) || buffers.size() < 2)
      return;
    int64_t before = 0;
    for (BufferRange &b : buffers)
      before = std::max(before, int64_t(b.op.getOffset()) + b.size);
    SmallVector<int64_t> offsets = packBuffers(buffers);
    int64_t after = 0;
    for (auto [b, at] : llvm::zip(buffers, offsets))
      after = std::max<int64_t>(after, at + b.size);
    // Only a smaller footprint than the layout the function came with
    // changes it.
    if (after >= before)
      return;
    for (auto [buffer, at] : llvm::zip(buffers, offsets))
      if (int64_t(buffer.op.getOffset()) != at) {
        buffer.op.setOffset(at);
        ++numMoved;
      }
    numBytesSaved += before - after;
  }

  void runOnOperation() override {
    getOperation().walk([&](Operation *op) {
      if (auto load = dyn_cast<TiledLoadOp>(op))
        refineAtom(op, load.getView(), load.getMemoryOrderingSemantics());
      else if (auto store = dyn_cast<TiledStoreOp>(op))
        refineAtom(op, store.getView(), store.getMemoryOrderingSemantics());
    });

    SmallVector<scf::ForOp> tiny;
    getOperation().walk([&](scf::ForOp loop) {
      if (isTiny(loop))
        tiny.push_back(loop);
    });
    // A loop the utility refuses stays as it is (it refuses before it
    // changes anything).
    for (scf::ForOp loop : tiny)
      if (succeeded(loopUnrollFull(loop)))
        ++numUnrolled;

    getOperation().walk([&](nv_tileaa::FuncOp func) { compact(func); });
  }
};

} // namespace
