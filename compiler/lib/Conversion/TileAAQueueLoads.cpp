//===- TileAAQueueLoads.cpp - tileaa-queue-loads --------------------------===//
//
// The producer side of warp specialization at the nv_tileaa level: a kernel
// loop's loads move into an nv_tileaa.execute agent that runs the loop's
// iterations ahead of it and hands each loaded tile over through a queue
// (compiler/docs/Lowering.md, "Queued loads"). tileas-queue-to-pipeline
// turns the queues and the agent into async pipelines and agent_switch.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Conversion/Passes.h"
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace tilecheck {
#define GEN_PASS_DEF_TILEAAQUEUELOADS
#include "tilecheck/Conversion/Passes.h.inc"
} // namespace tilecheck

using namespace mlir;
using namespace tilecheck;

namespace {

/// Whether `op` (and everything nested in it) writes, allocates or frees
/// nothing; ops whose effects are unknown count as writers.
bool writesNothing(Operation *op) {
  if (auto iface = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &e : effects)
      if (!isa<MemoryEffects::Read>(e.getEffect()))
        return false;
  } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
             !op->hasTrait<OpTrait::IsTerminator>()) {
    return false;
  }
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    for (Region &region : op->getRegions())
      for (Operation &nested : region.getOps())
        if (!writesNothing(&nested))
          return false;
  return true;
}

/// A load the agent can take over: it reads memory (and does nothing
/// else), yields one tensor, and its other results are unused.
std::optional<unsigned> loadedResult(Operation *op) {
  if (op->getNumRegions() != 0 || isMemoryEffectFree(op))
    return std::nullopt;
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface || !iface.onlyHasEffect<MemoryEffects::Read>())
    return std::nullopt;
  std::optional<unsigned> tensor;
  for (OpResult r : op->getResults()) {
    if (isa<RankedTensorType>(r.getType()) && !tensor) {
      tensor = r.getResultNumber();
      continue;
    }
    if (!r.use_empty())
      return std::nullopt;
  }
  if (tensor && op->getResult(*tensor).use_empty())
    return std::nullopt;
  return tensor;
}

/// The ops of `loop`'s body that `load` depends on, in body order, when
/// they are all memory-effect-free region-less ops and the only block
/// argument reached is the induction variable.
std::optional<SmallVector<Operation *>> loadSlice(scf::ForOp loop,
                                                  Operation *load) {
  Block *body = loop.getBody();
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> work(load->getOperands());
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() == body && arg != loop.getInductionVar())
        return std::nullopt;
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (!loop->isProperAncestor(def))
      continue;
    if (def->getBlock() != body || def->getNumRegions() != 0 ||
        !isMemoryEffectFree(def))
      return std::nullopt;
    if (slice.insert(def))
      llvm::append_range(work, def->getOperands());
  }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

struct TileAAQueueLoadsPass
    : tilecheck::impl::TileAAQueueLoadsBase<TileAAQueueLoadsPass> {
  using TileAAQueueLoadsBase::TileAAQueueLoadsBase;

  void runOnOperation() override {
    if (depth < 1 || depth > 8) {
      getOperation().emitError("tileaa-queue-loads: depth ")
          << static_cast<unsigned>(depth) << " is out of range (1..8)";
      return signalPassFailure();
    }
    SmallVector<nv_tileaa::FuncOp> kernels;
    getOperation().walk([&](nv_tileaa::FuncOp func) {
      if (func.isKernel() && !func.getBody().empty())
        kernels.push_back(func);
    });
    for (nv_tileaa::FuncOp func : kernels) {
      // One producer agent per kernel: the code after the first split
      // loop is the consumer, so a second split would nest agents.
      bool hasAgent = false;
      func.walk([&](nv_tileaa::ExecuteOp) { hasAgent = true; });
      if (hasAgent)
        continue;
      for (Operation &op : func.getBody().front())
        if (auto loop = dyn_cast<scf::ForOp>(&op))
          if (split(loop))
            break;
    }
  }

  /// Splits `loop` when it qualifies; false when it was left alone.
  bool split(scf::ForOp loop) {
    Block *body = loop.getBody();
    for (Operation &op : body->without_terminator())
      if (!writesNothing(&op))
        return false;
    struct Hoisted {
      Operation *load;
      unsigned result;
      SmallVector<Operation *> slice;
      Value queue;
    };
    SmallVector<Hoisted> loads;
    for (Operation &op : body->without_terminator()) {
      std::optional<unsigned> result = loadedResult(&op);
      if (!result)
        continue;
      if (std::optional<SmallVector<Operation *>> slice = loadSlice(loop, &op))
        loads.push_back({&op, *result, std::move(*slice), Value()});
    }
    if (loads.empty())
      return false;

    Location loc = loop.getLoc();
    MLIRContext *ctx = loop.getContext();
    // The iteration counter is i64 whatever the induction variable's type,
    // so that it never wraps to a (UB) negative queue iteration.
    Type counterType = IntegerType::get(ctx, 64);
    auto zeroAttr = IntegerAttr::get(counterType, 0);
    auto oneAttr = IntegerAttr::get(counterType, 1);
    IRRewriter rewriter(ctx);

    // The consumer first (the only step that can fail): the loop carries
    // the counter.
    rewriter.setInsertionPoint(loop);
    Value init = arith::ConstantOp::create(rewriter, loc, zeroAttr);
    FailureOr<LoopLikeOpInterface> grown =
        cast<LoopLikeOpInterface>(loop.getOperation())
            .replaceWithAdditionalYields(
                rewriter, ValueRange{init},
                /*replaceInitOperandUsesInLoop=*/false,
                [&](OpBuilder &b, Location l,
                    ArrayRef<BlockArgument> args) -> SmallVector<Value> {
                  Value one = arith::ConstantOp::create(b, l, oneAttr);
                  return {arith::AddIOp::create(b, l, args.front(), one)};
                });
    if (failed(grown)) {
      rewriter.eraseOp(init.getDefiningOp());
      return false;
    }
    auto consumer = cast<scf::ForOp>(grown->getOperation());
    Value counter = consumer.getRegionIterArgs().back();

    rewriter.setInsertionPoint(init.getDefiningOp());
    for (Hoisted &h : loads) {
      auto type = nv_tileaa::QueueType::get(
          ctx, h.load->getResult(h.result).getType(), depth);
      h.queue = nv_tileaa::QueueCreateOp::create(rewriter, loc, type);
    }

    // The producer agent: the same iterations (same bounds, step and
    // comparison), each loading and putting.
    auto agent = nv_tileaa::ExecuteOp::create(rewriter, loc);
    Block *agentBody = rewriter.createBlock(&agent.getBody());
    rewriter.setInsertionPointToStart(agentBody);
    Value zero = arith::ConstantOp::create(rewriter, loc, zeroAttr);
    scf::ForOp::create(
        rewriter, loc, consumer.getLowerBound(), consumer.getUpperBound(),
        consumer.getStep(), ValueRange{zero},
        [&](OpBuilder &b, Location l, Value iv, ValueRange args) {
          Value k = args.front();
          IRMapping map;
          map.map(consumer.getInductionVar(), iv);
          for (Hoisted &h : loads) {
            for (Operation *op : h.slice)
              if (!map.contains(op->getResult(0)))
                b.clone(*op, map);
            Operation *clone = b.clone(*h.load, map);
            nv_tileaa::QueuePutOp::create(b, l, h.queue, k,
                                          clone->getResult(h.result));
          }
          Value one = arith::ConstantOp::create(b, l, oneAttr);
          scf::YieldOp::create(b, l,
                               ValueRange{arith::AddIOp::create(b, l, k, one)});
        },
        consumer.getUnsignedCmp());
    nv_tileaa::ExecuteYieldOp::create(rewriter, loc);

    // The consumer takes each value.
    for (Hoisted &h : loads) {
      rewriter.setInsertionPoint(h.load);
      Value got = nv_tileaa::QueueGetOp::create(
                      rewriter, h.load->getLoc(),
                      h.load->getResult(h.result).getType(), h.queue, counter)
                      .getResult();
      rewriter.replaceAllUsesWith(h.load->getResult(h.result), got);
      rewriter.eraseOp(h.load);
    }
    // The slices stay in the loop where something else uses them;
    // otherwise they are dead now (erased users first).
    llvm::SetVector<Operation *> sliced;
    for (Hoisted &h : loads)
      sliced.insert(h.slice.begin(), h.slice.end());
    SmallVector<Operation *> dead(sliced.begin(), sliced.end());
    llvm::sort(
        dead, [](Operation *a, Operation *b) { return b->isBeforeInBlock(a); });
    for (Operation *op : dead)
      if (op->use_empty())
        rewriter.eraseOp(op);
    return true;
  }
};

} // namespace
