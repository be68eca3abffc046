//===- OptimizePipelineRegion.cpp - tileas-optimize-pipeline-region -------===//
//
// Seed 001's TileASOptimizePipelineRegion: every produce_one and consume_one
// region keeps only the backward slice of the values its yield hands to
// the pipeline (produce_one) or to the code after it (consume_one). The
// slice stops at exactly seed 001's three boundaries: a block argument, a
// value defined outside the region, and a sibling produce_one. What is
// left over can only be dead (a region's values reach the outside through
// its yield alone), so it goes; a region whose leftovers touch memory is
// unshrinkable and stays as it is. The ops are collected in source order
// and shrunk back to front, so that every earlier region's operands are
// still in place when its turn comes.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace tilecheck::nv_tileas {
#define GEN_PASS_DEF_TILEASOPTIMIZEPIPELINEREGION
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h.inc"
} // namespace tilecheck::nv_tileas

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas;

namespace {

/// The ops of `body` that the values `yield` returns need: operands are
/// followed (those of nested ops too, which a region-holding op reads
/// through its regions) until one of the three boundaries.
llvm::SmallPtrSet<Operation *, 16> yieldSlice(Region &body, Operation *yield) {
  llvm::SmallPtrSet<Operation *, 16> slice;
  SmallVector<Value> work(yield->getOperands());
  auto push = [&](Operation *op) {
    op->walk([&](Operation *inner) {
      llvm::append_range(work, inner->getOperands());
    });
  };
  while (!work.empty()) {
    Value v = work.pop_back_val();
    Operation *def = v.getDefiningOp();
    if (!def)
      continue; // a block argument
    if (def->getParentRegion() != &body)
      continue; // defined outside the region (or nested deeper in it)
    if (isa<ProduceOneOp>(def))
      continue; // pipelines meet through tokens, not values (the seed's
                // third boundary; our produce_one has no results)
    if (slice.insert(def).second)
      push(def);
  }
  return slice;
}

struct OptimizePipelineRegionPass
    : nv_tileas::impl::TileASOptimizePipelineRegionBase<
          OptimizePipelineRegionPass> {
  /// Drops the ops of `op`'s region outside its yield's slice; leaves the
  /// region unchanged when one of them may touch memory.
  void shrink(Operation *op) {
    Region &body = op->getRegion(0);
    if (!body.hasOneBlock())
      return;
    Block &block = body.front();
    Operation *yield = block.getTerminator();
    llvm::SmallPtrSet<Operation *, 16> slice = yieldSlice(body, yield);
    SmallVector<Operation *> leftover;
    for (Operation &inner : block.without_terminator())
      if (!slice.contains(&inner))
        leftover.push_back(&inner);
    if (leftover.empty())
      return;
    // produce_one and consume_one touch their pipeline: never dropped.
    if (!llvm::all_of(leftover,
                      [](Operation *o) { return isMemoryEffectFree(o); })) {
      ++numUnshrinkable;
      return;
    }
    // Users come after their definitions: erase from the back.
    for (Operation *o : llvm::reverse(leftover)) {
      assert(o->use_empty() && "a leftover op feeds the slice");
      o->erase();
      ++numErased;
    }
    ++numShrunk;
  }

  void runOnOperation() override {
    SmallVector<Operation *> regions;
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<ProduceOneOp, ConsumeOneOp>(op))
        regions.push_back(op);
    });
    for (Operation *op : llvm::reverse(regions))
      shrink(op);
  }
};

} // namespace
