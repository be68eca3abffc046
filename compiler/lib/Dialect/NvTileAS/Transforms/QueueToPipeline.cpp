//===- QueueToPipeline.cpp - tileas-queue-to-pipeline ---------------------===//
//
// Seed 001's queue-to-pipeline rewrite: nv_tileaa queues become async
// pipelines, their iteration numbers pipeline iterators carried by the
// loops, and execute agents agent_switch regions (compiler/docs/
// Lowering.md, "Queues to pipelines"). Everything is checked before the
// first change, so a function that cannot be rewritten keeps its queues.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/ScheduleSupport.h"
#include "tilecheck/Support/InjectedBugs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace tilecheck::nv_tileas {
#define GEN_PASS_DEF_TILEASQUEUETOPIPELINE
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h.inc"
} // namespace tilecheck::nv_tileas

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas;

namespace {

/// Whether `index` counts the iterations of the scf.for whose body holds
/// `user`: an iter_arg of that loop starting at 0 and yielded plus 1.
scf::ForOp counterLoop(Value index, Operation *user) {
  auto arg = dyn_cast<BlockArgument>(index);
  if (!arg)
    return nullptr;
  auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
  if (!loop || arg == loop.getInductionVar() ||
      user->getBlock() != loop.getBody())
    return nullptr;
  unsigned i = arg.getArgNumber() - loop.getNumInductionVars();
  if (!matchPattern(loop.getInitArgs()[i], m_Zero()))
    return nullptr;
  auto add = loop.getYieldedValues()[i].getDefiningOp<arith::AddIOp>();
  if (!add)
    return nullptr;
  Value other = add.getLhs() == arg   ? add.getRhs()
                : add.getRhs() == arg ? add.getLhs()
                                      : Value();
  if (!other || !matchPattern(other, m_One()))
    return nullptr;
  return loop;
}

/// The queue ops of one loop, in body order, and the queues they use in
/// order of first use.
struct LoopQueues {
  SmallVector<Operation *> ops;
  SmallVector<Value> queues;
};

Value queueOf(Operation *op) {
  if (auto put = dyn_cast<nv_tileaa::QueuePutOp>(op))
    return put.getQueue();
  return cast<nv_tileaa::QueueGetOp>(op).getQueue();
}

/// The op defining `put`'s value when it can move to the put: in the same
/// block, without regions, its other results unused, the put its value's
/// one use, and every op between them free of memory effects or a put.
Operation *movableProducer(nv_tileaa::QueuePutOp put) {
  Value v = put.getValue();
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != put->getBlock() || def->getNumRegions() ||
      !v.hasOneUse())
    return nullptr;
  for (OpResult r : def->getResults())
    if (r != v && !r.use_empty())
      return nullptr;
  for (Operation *op = def->getNextNode(); op != put; op = op->getNextNode())
    if (!isMemoryEffectFree(op) && !isa<nv_tileaa::QueuePutOp>(op))
      return nullptr;
  return def;
}

struct QueueToPipelinePass
    : nv_tileas::impl::TileASQueueToPipelineBase<QueueToPipelinePass> {
  void runOnOperation() override {
    if (selftest::emitInjectedBugSelectionError(getOperation()))
      return signalPassFailure();
    bool failedAny = false;
    getOperation().walk([&](nv_tileaa::FuncOp func) {
      if (failed(rewrite(func)))
        failedAny = true;
    });
    if (failedAny)
      signalPassFailure();
  }

  LogicalResult rewrite(nv_tileaa::FuncOp func) {
    // Check everything first.
    llvm::MapVector<Operation *, LoopQueues> loops;
    SmallVector<nv_tileaa::QueueCreateOp> creates;
    SmallVector<nv_tileaa::ExecuteOp> executes;
    SmallVector<nv_tileaa::MarkForReuseOp> hints;
    bool ok = true;
    func.walk([&](Operation *op) {
      if (auto create = dyn_cast<nv_tileaa::QueueCreateOp>(op)) {
        creates.push_back(create);
      } else if (auto exec = dyn_cast<nv_tileaa::ExecuteOp>(op)) {
        executes.push_back(exec);
      } else if (auto hint = dyn_cast<nv_tileaa::MarkForReuseOp>(op)) {
        hints.push_back(hint);
      } else if (isa<nv_tileaa::QueuePutOp, nv_tileaa::QueueGetOp>(op)) {
        Value index = isa<nv_tileaa::QueuePutOp>(op)
                          ? cast<nv_tileaa::QueuePutOp>(op).getIteration()
                          : cast<nv_tileaa::QueueGetOp>(op).getIteration();
        scf::ForOp loop = counterLoop(index, op);
        if (!loop) {
          op->emitError("cannot rewrite the queue op into a pipeline "
                        "stage: its iteration is not a counter of the "
                        "loop around it (an iter_arg from 0, plus 1 each "
                        "iteration)");
          ok = false;
          return;
        }
        LoopQueues &entry = loops[loop];
        Value queue = queueOf(op);
        if (llvm::is_contained(entry.queues, queue)) {
          op->emitError("cannot rewrite the queue op into a pipeline "
                        "stage: the loop already uses this queue");
          ok = false;
          return;
        }
        entry.queues.push_back(queue);
        entry.ops.push_back(op);
      }
    });
    Block *top = func.getBody().empty() ? nullptr : &func.getBody().front();
    for (nv_tileaa::ExecuteOp exec : executes) {
      // The second agent_switch would land inside the first one's consumer
      // agent (nested agents have no lowering).
      if (exec != executes.front()) {
        exec.emitError("cannot rewrite execute into agent_switch: the "
                       "function already starts an agent");
        ok = false;
        continue;
      }
      if (exec->getBlock() != top) {
        exec.emitError("cannot rewrite execute into agent_switch: it is "
                       "not directly in the function body");
        ok = false;
        continue;
      }
      Operation *terminator = top->getTerminator();
      for (Value v : terminator->getOperands())
        if (Operation *def = v.getDefiningOp();
            def && exec->isBeforeInBlock(def)) {
          exec.emitError("cannot rewrite execute into agent_switch: the "
                         "function returns a value computed after it");
          ok = false;
          break;
        }
    }
    for (nv_tileaa::MarkForReuseOp hint : hints)
      for (Value v : hint.getQueues())
        if (!isa<nv_tileaa::QueueType>(v.getType())) {
          hint.emitError("expect operands with queue types");
          ok = false;
        }
    // Every queue op's queue is one of this function's queue.create ops,
    // made in its body before any agent starts, and used by queue ops only.
    for (auto &entry : loops)
      for (Operation *op : entry.second.ops) {
        auto create = queueOf(op).getDefiningOp<nv_tileaa::QueueCreateOp>();
        if (!create || !func->isProperAncestor(create)) {
          op->emitError("cannot rewrite the queue op into a pipeline stage: "
                        "its queue is not created in this function");
          ok = false;
        }
      }
    for (nv_tileaa::QueueCreateOp create : creates) {
      bool before =
          create->getBlock() == top &&
          llvm::all_of(executes, [&](nv_tileaa::ExecuteOp exec) {
            return exec->getBlock() != top || create->isBeforeInBlock(exec);
          });
      bool known = llvm::all_of(create->getUsers(), [](Operation *user) {
        return isa<nv_tileaa::QueuePutOp, nv_tileaa::QueueGetOp,
                   nv_tileaa::MarkForReuseOp>(user);
      });
      if (!before || !known) {
        create.emitError("cannot rewrite the queue into a pipeline: ")
            << (before ? "an op other than queue.put, queue.get and "
                         "mark_for_reuse uses it"
                       : "it is not created in the function body before "
                         "the agents");
        ok = false;
      }
    }
    if (!ok)
      return failure();

    MLIRContext *ctx = func.getContext();
    IRRewriter rewriter(ctx);

    // Queues to pipelines.
    for (nv_tileaa::QueueCreateOp create : creates) {
      auto type = cast<nv_tileaa::QueueType>(create.getType());
      rewriter.setInsertionPoint(create);
      Value pipeline = CreatePipelineOp::create(
          rewriter, create.getLoc(),
          PipelineType::get(ctx, type.getElementType(), type.getDepth()));
      pipelines[create.getResult()] = pipeline;
    }

    // Iteration numbers to iterators, queue ops to produce/consume.
    for (auto &[loopOp, entry] : loops) {
      auto loop = cast<scf::ForOp>(loopOp);
      bool consumer = llvm::any_of(entry.ops, [](Operation *op) {
        return isa<nv_tileaa::QueueGetOp>(op);
      });
      // The counters' iter_arg positions (the loop is rebuilt below).
      llvm::SmallSetVector<unsigned, 2> counters;
      for (Operation *op : entry.ops)
        counters.insert(cast<BlockArgument>(op->getOperand(1)).getArgNumber() -
                        loop.getNumInductionVars());
      rewriter.setInsertionPoint(loop);
      SmallVector<Value> inits;
      for (Value queue : entry.queues)
        inits.push_back(CreateIteratorOp::create(rewriter, loop.getLoc(),
                                                 pipelines.lookup(queue)));
      FailureOr<LoopLikeOpInterface> grown =
          cast<LoopLikeOpInterface>(loop.getOperation())
              .replaceWithAdditionalYields(
                  rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
                  [&](OpBuilder &b, Location l,
                      ArrayRef<BlockArgument> its) -> SmallVector<Value> {
                    SmallVector<Value> next;
                    for (BlockArgument it : its) {
                      // The self-test's queue-iterator: a consumer loop
                      // that never advances its iterators.
                      if (consumer &&
                          selftest::isInjected(
                              selftest::InjectedBug::QueueIterator)) {
                        next.push_back(it);
                        continue;
                      }
                      next.push_back(IncrementIteratorOp::create(b, l, it));
                    }
                    return next;
                  });
      if (failed(grown))
        return loop.emitError("failed to add pipeline iterators to the loop");
      auto grownLoop = cast<scf::ForOp>(grown->getOperation());
      ValueRange its =
          grownLoop.getRegionIterArgs().take_back(entry.queues.size());
      for (Operation *op : entry.ops) {
        unsigned i =
            llvm::find(entry.queues, queueOf(op)) - entry.queues.begin();
        Value pipeline = pipelines.lookup(entry.queues[i]);
        rewriter.setInsertionPoint(op);
        if (auto put = dyn_cast<nv_tileaa::QueuePutOp>(op)) {
          Operation *def = movableProducer(put);
          auto produce =
              ProduceOneOp::create(rewriter, put.getLoc(), pipeline, its[i]);
          Block *block = rewriter.createBlock(&produce.getBody());
          rewriter.setInsertionPointToStart(block);
          auto yield = PipelineYieldOp::create(rewriter, put.getLoc(),
                                               ValueRange{put.getValue()});
          // The op that made the value moves into the region when the put
          // is its one use and nothing between them writes memory, so that
          // a load is issued after the slot is acquired (the backend then
          // copies a tiled load straight into the slot).
          if (def)
            rewriter.moveOpBefore(def, yield);
          rewriter.eraseOp(put);
          continue;
        }
        auto get = cast<nv_tileaa::QueueGetOp>(op);
        Type type = get.getType();
        auto consume = ConsumeOneOp::create(rewriter, get.getLoc(),
                                            TypeRange{type}, pipeline, its[i]);
        Block *block = rewriter.createBlock(&consume.getBody(), {}, {type},
                                            {get.getLoc()});
        rewriter.setInsertionPointToStart(block);
        PipelineYieldOp::create(rewriter, get.getLoc(),
                                ValueRange{block->getArgument(0)});
        rewriter.replaceOp(get, consume.getResults());
      }
      for (unsigned i : counters)
        dropDeadCounter(rewriter, grownLoop, i);
    }

    // Agents: the execute's region and everything after it.
    for (nv_tileaa::ExecuteOp exec : executes) {
      rewriter.setInsertionPoint(exec);
      AgentSwitchOp agents = schedule_utils::createProducerConsumerSwitch(
          rewriter, exec.getLoc(), /*dualSimt=*/false, exec);
      Region &producer = agents.getAgents()[0];
      producer.takeBody(exec.getBody());
      Operation *yield = producer.front().getTerminator();
      rewriter.setInsertionPoint(yield);
      PipelineYieldOp::create(rewriter, yield->getLoc(), ValueRange{});
      rewriter.eraseOp(yield);
      rewriter.eraseOp(exec);
    }

    for (nv_tileaa::MarkForReuseOp hint : hints)
      rewriter.eraseOp(hint);
    for (nv_tileaa::QueueCreateOp create : creates)
      rewriter.eraseOp(create);
    pipelines.clear();
    return success();
  }

  /// A counter that nothing reads any more (the queue ops were its only
  /// readers, and its final value is unused) is yielded unchanged, so that
  /// the canonicalizer after this pass drops the iter_arg.
  static void dropDeadCounter(RewriterBase &rewriter, scf::ForOp loop,
                              unsigned i) {
    BlockArgument arg = loop.getRegionIterArgs()[i];
    Operation *yield = loop.getBody()->getTerminator();
    auto add = yield->getOperand(i).getDefiningOp<arith::AddIOp>();
    if (!add || !loop.getResult(i).use_empty() || !add->hasOneUse() ||
        !llvm::all_of(arg.getUsers(),
                      [&](Operation *user) { return user == add; }))
      return;
    rewriter.modifyOpInPlace(yield, [&] { yield->setOperand(i, arg); });
    rewriter.eraseOp(add);
  }

  DenseMap<Value, Value> pipelines;
};

} // namespace
