//===- MaterializeAsync.cpp - tileas-materialize-async --------------------===//
//
// Seed 001's TileASMaterializeAsync on our pipeline surface: async-bearing
// loops get a token iter-arg, produce_one and consume_one regions become
// their explicit producer and consumer handshakes, loop results leave
// through to_async + future_wait, and a reconciler checks that one kind
// of producer writes each pipeline (compiler/docs/Lowering.md,
// "Materializing async handshakes").
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace tilecheck::nv_tileas {
#define GEN_PASS_DEF_TILEASMATERIALIZEASYNC
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h.inc"
} // namespace tilecheck::nv_tileas

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas;

namespace {

constexpr llvm::StringLiteral kPipelineStage = kPipelineStageAttrName;
constexpr llvm::StringLiteral kTokenIterIdx = "token_iter_idx";
constexpr llvm::StringLiteral kProducerKind = "producer_kind";
constexpr int32_t kProducerStage = 0;
constexpr int32_t kConsumerStage = 1;

/// The instruction family that made a produced value: the copy atom of
/// the load behind it, else "sync" (computed in registers).
llvm::StringRef producerKind(Value v) {
  if (Operation *def = v.getDefiningOp())
    if (auto atom = def->getAttrOfType<nv_tileaa::CopyAtomAttr>("copy_atom"))
      return atom.getFamily();
  return "sync";
}

/// Moves the single block of `region` before `anchor` (block arguments
/// replaced by `args`) and returns what its terminator yielded; the
/// terminator is erased.
SmallVector<Value> inlineRegion(RewriterBase &rewriter, Region &region,
                                Operation *anchor, ValueRange args) {
  Block &block = region.front();
  Operation *yield = block.getTerminator();
  // Read after inlining: a yielded block argument is replaced by `args`.
  rewriter.inlineBlockBefore(&block, anchor, args);
  SmallVector<Value> yielded(yield->getOperands());
  rewriter.eraseOp(yield);
  return yielded;
}

/// AsyncWaitOpRemoval: a wait that follows another wait of the same token
/// in its block, with nothing in between using the token, waits for
/// nothing new.
struct AsyncWaitOpRemoval : OpRewritePattern<WaitOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(WaitOp op,
                                PatternRewriter &rewriter) const override {
    Value token = op.getToken();
    for (Operation *prev = op->getPrevNode(); prev;
         prev = prev->getPrevNode()) {
      if (auto wait = dyn_cast<WaitOp>(prev);
          wait && wait.getToken() == token) {
        rewriter.eraseOp(op);
        return success();
      }
      bool uses = false;
      prev->walk([&](Operation *nested) {
        if (llvm::is_contained(nested->getOperands(), token))
          uses = true;
      });
      if (uses)
        return failure();
    }
    return failure();
  }
};

struct MaterializeAsyncPass
    : nv_tileas::impl::TileASMaterializeAsyncBase<MaterializeAsyncPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ForOp> loops;
    // Post-order: inner loops first, so an outer loop's body is final
    // when it is reissued.
    module.walk([&](scf::ForOp loop) {
      for (Operation &op : loop.getBody()->without_terminator())
        if (isa<ProduceOneOp, ConsumeOneOp>(op)) {
          loops.push_back(loop);
          return;
        }
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops)
      if (failed(materialize(rewriter, loop)))
        return signalPassFailure();
    // Regions outside loops (AUS's prologue and epilogue) get their
    // handshakes too, with no loop token to wait for.
    SmallVector<Operation *> rest;
    module.walk([&](Operation *op) {
      if (isa<ProduceOneOp, ConsumeOneOp>(op))
        rest.push_back(op);
    });
    for (Operation *op : rest)
      expand(rewriter, op, Value());

    RewritePatternSet patterns(&getContext());
    patterns.add<AsyncWaitOpRemoval>(&getContext());
    walkAndApplyPatterns(module, std::move(patterns));

    if (failed(reconcile(module)))
      signalPassFailure();
  }

  LogicalResult materialize(IRRewriter &rewriter, scf::ForOp loop) {
    MLIRContext *ctx = loop.getContext();
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    Value none = CreateNoneOp::create(rewriter, loc, TokenType::get(ctx));
    FailureOr<LoopLikeOpInterface> grown =
        cast<LoopLikeOpInterface>(loop.getOperation())
            .replaceWithAdditionalYields(
                rewriter, ValueRange{none},
                /*replaceInitOperandUsesInLoop=*/false,
                [](OpBuilder &, Location, ArrayRef<BlockArgument> args)
                    -> SmallVector<Value> { return {args.front()}; });
    if (failed(grown))
      return loop.emitError("failed to add the token iter-arg");
    auto async = cast<scf::ForOp>(grown->getOperation());
    unsigned tokenIdx = async.getNumRegionIterArgs() - 1;
    async->setAttr(kTokenIterIdx, rewriter.getI32IntegerAttr(tokenIdx));
    Value token = async.getRegionIterArgs()[tokenIdx];

    SmallVector<Operation *> regions;
    for (Operation &op : async.getBody()->without_terminator())
      if (isa<ProduceOneOp, ConsumeOneOp>(op))
        regions.push_back(&op);
    for (Operation *op : regions)
      expand(rewriter, op, token);

    // The tail: the loop's values reach the code after it synchronized.
    rewriter.setInsertionPointAfter(async);
    for (OpResult r : async.getResults().drop_back()) {
      if (!isa<RankedTensorType>(r.getType()) || r.use_empty())
        continue;
      auto future = ToAsyncOp::create(rewriter, loc, r);
      auto ready = FutureWaitOp::create(rewriter, loc, r.getType(), future);
      rewriter.replaceAllUsesExcept(r, ready.getResult(), future);
    }
    WaitOp::create(rewriter, loc, async.getResults().back());
    return success();
  }

  /// Replaces a produce_one or consume_one by its handshake; `token` (the
  /// loop's, or null outside async-bearing loops) is waited for after it.
  void expand(IRRewriter &rewriter, Operation *op, Value token) {
    // The region's stage when tileas-materialize-schedule recorded one,
    // else 0 for a producer and 1 for a consumer.
    auto given = op->getAttrOfType<IntegerAttr>(kPipelineStage);
    auto stage = [&](Operation *step, int32_t s) {
      step->setAttr(kPipelineStage,
                    given ? given : rewriter.getI32IntegerAttr(s));
      return step;
    };
    Location l = op->getLoc();
    rewriter.setInsertionPoint(op);
    if (auto produce = dyn_cast<ProduceOneOp>(op)) {
      Value p = produce.getPipeline(), it = produce.getIterator();
      stage(ProducerAcquireOp::create(rewriter, l, p, it), kProducerStage);
      SmallVector<Value> v =
          inlineRegion(rewriter, produce.getBody(), op, ValueRange{});
      rewriter.setInsertionPoint(op);
      Operation *write =
          stage(ProducerWriteOp::create(rewriter, l, p, it, v.front()),
                kProducerStage);
      write->setAttr(kProducerKind,
                     rewriter.getStringAttr(producerKind(v.front())));
      stage(ProducerCommitOp::create(rewriter, l, p, it), kProducerStage);
      if (token)
        WaitOp::create(rewriter, l, token);
      rewriter.eraseOp(op);
      return;
    }
    auto consume = cast<ConsumeOneOp>(op);
    Value p = consume.getPipeline(), it = consume.getIterator();
    stage(ConsumerWaitOp::create(rewriter, l, p, it), kConsumerStage);
    Type element = cast<PipelineType>(p.getType()).getElementType();
    Operation *read = stage(ConsumerReadOp::create(rewriter, l, element, p, it),
                            kConsumerStage);
    SmallVector<Value> results = inlineRegion(rewriter, consume.getBody(), op,
                                              ValueRange{read->getResult(0)});
    rewriter.setInsertionPoint(op);
    stage(ConsumerReleaseOp::create(rewriter, l, p, it), kConsumerStage);
    if (token)
      WaitOp::create(rewriter, l, token);
    rewriter.replaceOp(op, results);
  }

  /// One kind of producer per pipeline, over every writer in the module.
  LogicalResult reconcile(ModuleOp module) {
    llvm::MapVector<Value, ProducerWriteOp> first;
    bool ok = true;
    module.walk([&](ProducerWriteOp write) {
      auto [it, inserted] = first.insert({write.getPipeline(), write});
      if (inserted)
        return;
      auto kind = [](ProducerWriteOp w) {
        if (auto k = w->getAttrOfType<StringAttr>(kProducerKind))
          return k.getValue();
        return producerKind(w.getValue());
      };
      if (kind(it->second) == kind(write))
        return;
      write.emitError("there are two `produce-one-like` operations using "
                      "different instructions to generate data into the "
                      "same pipeline. It's a bug of MaterializeAsync Pass.")
              .attachNote(it->second.getLoc())
          << "the other producer writes " << kind(it->second) << " data";
      ok = false;
    });
    return success(ok);
  }
};

} // namespace
