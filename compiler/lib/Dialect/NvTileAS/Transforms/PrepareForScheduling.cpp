//===- PrepareForScheduling.cpp - tileas-prepare-for-scheduling -----------===//
//
// Seed 000's TileASPrepareForScheduling, the stages this compiler has
// material for (Passes.td says which and why not the others), in the
// seed's order: atom vector-size refinement, then the scheduling
// canonicalizer's tiny-loop unrolling.
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
    // schedule consumers may pipeline.
    return llvm::all_of(body->getOperations(), [](Operation &op) {
      return op.getNumRegions() == 0 && isMemoryEffectFree(&op);
    });
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
  }
};

} // namespace
