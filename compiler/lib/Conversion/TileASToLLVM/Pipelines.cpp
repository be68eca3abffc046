//===- Pipelines.cpp - async pipelines in shared memory with mbarriers ----===//
//
// The async pipeline ops of nv_tileas below nv_tileas (compiler/docs/
// Backend.md, "Async pipelines"). A pipeline of S stages is one area of the
// dynamic shared memory, after the scratch buffer, at a byte offset fixed
// per create_pipeline (kPipelineOffsetAttr):
//
//   [full[0] .. full[S-1]] [empty[0] .. empty[S-1]]   mbarriers, 8 bytes each
//   [slot 0] .. [slot S-1]                            one value each,
//   16-aligned
//
// A pipeline value becomes the area's !llvm.ptr<3>, an iterator its position
// n (i64): stage n mod S, phase (n / S) mod 2. The producer acquires by
// waiting on empty[stage] for the phase before (a fresh mbarrier has
// completed it), writes the owners' elements into the slot and commits by
// arriving on full[stage]; the consumer waits on full[stage] for the
// phase, reads the slot and releases by arriving on empty[stage]. Every
// thread of the producing or consuming agent arrives (both counts are the
// thread map's count), so the arrive's release and the wait's acquire
// order the slot's writes before its reads and its reads before the next
// writes. produce_one and consume_one are first expanded into those steps
// (expandPipelineRegions) where tileas-materialize-async has not done so;
// markAsyncCopies then picks the slot values that cp.async copies.
//
// The waits spin on mbarrier.try_wait.parity (seed 001's loop) from sm_90
// on and on mbarrier.test_wait.parity (PTX 7.1) on sm_80, which lacks
// try_wait; init, inval and arrive are inline PTX in their sm_80 forms.
//
// Agents (lowerAgentSwitches): the agent_switch of AWS becomes an
// scf.index_switch on the thread's group, one group of the thread map's
// threads per agent (ThreadMap::groups; Backend.md, "Agents").
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"
#include "tilecheck/Support/InjectedBugs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::backend;

namespace as = tilecheck::nv_tileas;

namespace {

/// Where the parts of a pipeline lie in its area.
struct PipelineLayout {
  int64_t stages = 0;
  /// Elements of one value (1 for a scalar) and the storage type of one.
  int64_t elements = 0;
  Type storage;
  int64_t slotBytes = 0;
  int64_t dataOffset = 0;
  int64_t bytes = 0;
};

std::optional<PipelineLayout> layoutOf(as::PipelineType type) {
  Type elem = convertElementType(mirrorElementType(type.getElementType()));
  if (!elem)
    return std::nullopt;
  PipelineLayout l;
  l.stages = type.getStages();
  l.elements = mirrorNumElements(type.getElementType());
  l.storage = elem;
  l.slotBytes = llvm::alignTo(l.elements * storageBytes(elem), 16);
  l.dataOffset = llvm::alignTo(2 * 8 * l.stages, 16);
  l.bytes = l.dataOffset + l.stages * l.slotBytes;
  return l;
}

PipelineLayout layoutOf(Value pipeline) {
  return *layoutOf(cast<as::PipelineType>(pipeline.getType()));
}

/// The elements one cp.async of `load`'s tile may move into a slot (whose
/// elements lie at their linear index): a run of the thread map that
/// nv_tileas::provenAccessWidth proves aligned and in bounds as a whole, of
/// 4, 8 or 16 bytes; 0 when the load cannot be a cp.async (another ordering
/// than weak, a gather/scatter view, a padding value whose bits are not
/// all zero, which cp.async's zero fill cannot give, tf32 elements, whose
/// container bits a copy would not canonicalize, or a run of fewer than 4
/// bytes).
int64_t asyncCopyWidth(as::TiledLoadOp load, const ThreadMap &map) {
  auto tile = dyn_cast<RankedTensorType>(load.getTile().getType());
  auto view = cast<nv_tileaa::TiledViewType>(load.getView().getType());
  if (!tile || load.getMemoryOrderingSemantics() != as::MemSemantic::WEAK ||
      view.getKind() == nv_tileaa::TiledViewKind::GatherScatter ||
      tile.getElementType().isTF32())
    return 0;
  if (convertElementType(tile.getElementType()) &&
      !paddingBits(tile.getElementType(), view.getPaddingValue()).isZero())
    return 0;
  Type elem = convertElementType(tile.getElementType());
  if (!elem || elem.isInteger(1) || isa<LLVM::LLVMPointerType>(elem))
    return 0;
  int64_t bytes = storageBytes(elem);
  int64_t w = std::min<int64_t>(map.block(tile.getNumElements()),
                                as::provenAccessWidth(load.getView()));
  return w * bytes >= 4 && w * bytes <= 16 ? w : 0;
}

/// The i64 shared-memory address of a pointer into shared memory.
Value sharedAddress(OpBuilder &b, Location loc, Value pointer) {
  return LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), pointer);
}

/// `base` plus a byte offset (i64 or a constant).
Value byteOffset(OpBuilder &b, Location loc, Value base, Value offset) {
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{offset});
}

/// The stage (i64) and phase parity (i32) of position `n`.
std::pair<Value, Value> stageAndPhase(OpBuilder &b, Location loc, Value n,
                                      int64_t stages) {
  Value s = arith::ConstantIntOp::create(b, loc, stages, 64);
  Value stage = arith::RemUIOp::create(b, loc, n, s);
  Value round = arith::DivUIOp::create(b, loc, n, s);
  Value phase = arith::TruncIOp::create(
      b, loc, b.getI32Type(),
      arith::AndIOp::create(b, loc, round,
                            arith::ConstantIntOp::create(b, loc, 1, 64)));
  return {stage, phase};
}

/// The mbarrier full[stage] (`empty` false) or empty[stage].
Value mbarrierOf(OpBuilder &b, Location loc, Value base, Value stage,
                 int64_t stages, bool empty) {
  Value index = stage;
  if (empty)
    index = arith::AddIOp::create(
        b, loc, stage, arith::ConstantIntOp::create(b, loc, stages, 64));
  Value bytes = arith::MulIOp::create(
      b, loc, index, arith::ConstantIntOp::create(b, loc, 8, 64));
  return byteOffset(b, loc, base, bytes);
}

/// Spins until the phase of `mbarrier` with parity `parity` (i32) completed:
/// seed 001's try_wait.parity loop from sm_90 on (the instruction may
/// suspend the thread a while), test_wait.parity on sm_80, which has no
/// try_wait.
void waitParity(OpBuilder &b, Location loc, Value mbarrier, Value parity,
                bool tryWait) {
  Value address = sharedAddress(b, loc, mbarrier);
  std::string text = (llvm::Twine("{\n\t.reg .pred %tc_done;\n\tmbarrier.") +
                      (tryWait ? "try_wait" : "test_wait") +
                      ".parity.shared.b64 %tc_done, [$1], $2;\n\t"
                      "selp.u32 $0, 1, 0, %tc_done;\n\t}")
                         .str();
  scf::WhileOp::create(
      b, loc, TypeRange{}, ValueRange{},
      [&](OpBuilder &nb, Location l, ValueRange) {
        Value done = inlinePtx(nb, l, nb.getI32Type(), text, "=r,l,r,~{memory}",
                               ValueRange{address, parity});
        Value again =
            arith::CmpIOp::create(nb, l, arith::CmpIPredicate::eq, done,
                                  arith::ConstantIntOp::create(nb, l, 0, 32));
        scf::ConditionOp::create(nb, l, again, ValueRange{});
      },
      [&](OpBuilder &nb, Location l, ValueRange) {
        scf::YieldOp::create(nb, l);
      });
}

void arrive(OpBuilder &b, Location loc, Value mbarrier) {
  inlinePtx(b, loc, Type(),
            "{\n\t.reg .b64 %tc_state;\n\t"
            "mbarrier.arrive.shared.b64 %tc_state, [$0];\n\t}",
            "l,~{memory}", ValueRange{sharedAddress(b, loc, mbarrier)});
}

/// The slot of the stage of iterator position `position` in the area at
/// `base`, as the scratch-buffer accessor over it (the owners' elements at
/// their linear index, i1 as bytes).
Scratch slotAt(ThreadIndexer &ix, Value base, const PipelineLayout &l,
               Value position) {
  OpBuilder &b = ix.b;
  Location loc = ix.loc;
  Value stage = stageAndPhase(b, loc, position, l.stages).first;
  // Self-test bug "backend-pipeline-slot": every stage's value in slot 0.
  if (selftest::isInjected(selftest::InjectedBug::BackendPipelineSlot))
    stage = arith::ConstantIntOp::create(b, loc, 0, 64);
  Value at = arith::AddIOp::create(
      b, loc, arith::ConstantIntOp::create(b, loc, l.dataOffset, 64),
      arith::MulIOp::create(
          b, loc, stage,
          arith::ConstantIntOp::create(b, loc, l.slotBytes, 64)));
  return Scratch{ix, byteOffset(b, loc, base, at)};
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// One thread initializes the 2S mbarriers of the area at `base` with
/// `count` arrivals each; with `invalidateFirst` it invalidates each first
/// (PTX: initializing a valid mbarrier object is undefined).
void initMbarriers(OpBuilder &b, Location loc, Value base, int64_t stages,
                   Value count, bool invalidateFirst) {
  for (int64_t k = 0; k < 2 * stages; ++k) {
    Value at = sharedAddress(
        b, loc,
        byteOffset(b, loc, base,
                   arith::ConstantIntOp::create(b, loc, 8 * k, 64)));
    if (invalidateFirst)
      inlinePtx(b, loc, Type(), "mbarrier.inval.shared.b64 [$0];",
                "l,~{memory}", ValueRange{at});
    inlinePtx(b, loc, Type(), "mbarrier.init.shared.b64 [$0], $1;",
              "l,r,~{memory}", ValueRange{at, count});
  }
}

/// The area of a pipeline: its offset in the dynamic shared memory (the
/// tile block's, not a group's region: Scratch::get).
Value pipelineArea(OpBuilder &b, Location loc, int64_t offset) {
  Value smem = LLVM::AddressOfOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), 3), kSmemSymbol);
  return byteOffset(b, loc, smem,
                    arith::ConstantIntOp::create(b, loc, offset, 64));
}

LogicalResult lowerCreatePipeline(as::CreatePipelineOp op,
                                  OneToN<as::CreatePipelineOp> adaptor,
                                  Rewriter &rewriter, const ThreadMap &map) {
  auto offset = op->getAttrOfType<IntegerAttr>(kPipelineOffsetAttr);
  auto fn = op->getParentOfType<LLVM::LLVMFuncOp>();
  if (!offset || !fn)
    return rewriter.notifyMatchFailure(op, "no offset or function");
  Location loc = op.getLoc();
  PipelineLayout l = layoutOf(op.getPipeline());
  ThreadIndexer ix(rewriter, loc, map);
  // The leader thread (ThreadIndexer::leader) initializes the mbarriers.
  auto initByLeader = [&](Value first, Value base, bool invalidateFirst) {
    scf::IfOp::create(rewriter, loc, first, [&](OpBuilder &b, Location l2) {
      initMbarriers(b, l2, base, l.stages,
                    arith::ConstantIntOp::create(b, l2, map.threads, 32),
                    invalidateFirst);
      scf::YieldOp::create(b, l2);
    });
  };
  // The mbarriers get their first initialization at the kernel's entry,
  // so that each execution of create_pipeline (again and again in a
  // loop) finds valid objects to invalidate and initialize afresh.
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&fn.getBody().front());
    ThreadIndexer entry(rewriter, loc, map);
    // The leader test is built before the area (a statement of its own).
    Value first = entry.leader();
    initByLeader(first, pipelineArea(rewriter, loc, offset.getInt()),
                 /*invalidateFirst=*/false);
  }
  Value base = pipelineArea(rewriter, loc, offset.getInt());
  // Every thread is past the area's previous use before one thread
  // resets the mbarriers (and the entry's initialization before any
  // thread uses them); all see them reset after the second barrier.
  ix.barrier();
  initByLeader(ix.leader(), base, /*invalidateFirst=*/true);
  ix.barrier();
  rewriter.replaceOp(op, base);
  return success();
}

LogicalResult lowerCreateIterator(as::CreateIteratorOp op,
                                  OneToN<as::CreateIteratorOp>,
                                  Rewriter &rewriter) {
  rewriter.replaceOp(
      op, arith::ConstantIntOp::create(rewriter, op.getLoc(), 0, 64));
  return success();
}

LogicalResult lowerIncrementIterator(as::IncrementIteratorOp op,
                                     OneToN<as::IncrementIteratorOp> adaptor,
                                     Rewriter &rewriter) {
  Location loc = op.getLoc();
  rewriter.replaceOp(op,
                     arith::AddIOp::create(
                         rewriter, loc, adaptor.getIterator().front(),
                         arith::ConstantIntOp::create(rewriter, loc, 1, 64)));
  return success();
}

/// The async handshake's tokens and futures (tileas-materialize-async):
/// every token is create_none's, with nothing pending, so waiting on one
/// is nothing; a future holds its value from to_async on.
LogicalResult lowerCreateNone(as::CreateNoneOp op, OneToN<as::CreateNoneOp>,
                              Rewriter &rewriter) {
  rewriter.replaceOp(op, arith::ConstantOp::create(rewriter, op.getLoc(),
                                                   rewriter.getBoolAttr(false))
                             .getResult());
  return success();
}

LogicalResult lowerWait(as::WaitOp op, OneToN<as::WaitOp>, Rewriter &rewriter) {
  rewriter.eraseOp(op);
  return success();
}

LogicalResult lowerToAsync(as::ToAsyncOp op, OneToN<as::ToAsyncOp> adaptor,
                           Rewriter &rewriter) {
  rewriter.replaceOpWithMultiple(op, {adaptor.getValue()});
  return success();
}

LogicalResult lowerFutureWait(as::FutureWaitOp op,
                              OneToN<as::FutureWaitOp> adaptor,
                              Rewriter &rewriter) {
  rewriter.replaceOpWithMultiple(op, {adaptor.getFuture()});
  return success();
}

/// Acquire and wait (a wait on one mbarrier), commit and release (an
/// arrival on one).
template <typename OpT, bool isWait, bool onEmpty>
LogicalResult lowerPipelineStep(OpT op, OneToN<OpT> adaptor, Rewriter &rewriter,
                                const BackendTypeConverter &tc) {
  Location loc = op.getLoc();
  PipelineLayout l = layoutOf(op.getPipeline());
  Value base = adaptor.getPipeline().front();
  auto [stage, phase] =
      stageAndPhase(rewriter, loc, adaptor.getIterator().front(), l.stages);
  Value mbarrier = mbarrierOf(rewriter, loc, base, stage, l.stages, onEmpty);
  if constexpr (isWait) {
    // The producer waits for the consumer's release of the phase before
    // (position n - S), the consumer for the producer's commit of n.
    Value parity = phase;
    if (onEmpty)
      parity = arith::XOrIOp::create(
          rewriter, loc, phase,
          arith::ConstantIntOp::create(rewriter, loc, 1, 32));
    waitParity(rewriter, loc, mbarrier, parity,
               /*tryWait=*/tc.computeCapability >= 90);
  } else if (op->hasAttr(kAsyncCopyAttr)) {
    // The producer's arrival happens when its cp.asyncs have landed
    // (.noinc: it is one of the arrivals the mbarrier expects).
    inlinePtx(rewriter, loc, Type(),
              "cp.async.mbarrier.arrive.noinc.shared.b64 [$0];", "l,~{memory}",
              ValueRange{sharedAddress(rewriter, loc, mbarrier)});
  } else {
    arrive(rewriter, loc, mbarrier);
  }
  rewriter.eraseOp(op);
  return success();
}

LogicalResult lowerProducerWrite(as::ProducerWriteOp op,
                                 OneToN<as::ProducerWriteOp> adaptor,
                                 Rewriter &rewriter, const ThreadMap &map) {
  // A value copied by cp.async is in the slot already (lowerAsyncLoad).
  if (!op->hasAttr(kAsyncCopyAttr)) {
    PipelineLayout l = layoutOf(op.getPipeline());
    ThreadIndexer ix(rewriter, op.getLoc(), map);
    slotAt(ix, adaptor.getPipeline().front(), l, adaptor.getIterator().front())
        .write(0, adaptor.getValue(), l.elements, l.storage);
  }
  rewriter.eraseOp(op);
  return success();
}

/// A tiled_load that markAsyncCopies marked: each owner's runs are
/// copied from global memory into the slot of the producer_write that
/// writes the tile, by cp.async (zero-filled past the tensor's edge), and
/// the tile is left undefined (the write is its one use and writes
/// nothing). The write is found through the load's uses, which the
/// conversion replaces only when it finishes.
LogicalResult lowerAsyncLoad(as::TiledLoadOp op,
                             OneToN<as::TiledLoadOp> adaptor,
                             Rewriter &rewriter, const ThreadMap &map) {
  auto width = op->getAttrOfType<IntegerAttr>(kAsyncCopyAttr);
  if (!width)
    return rewriter.notifyMatchFailure(op, "not an asynchronous copy");
  as::ProducerWriteOp write;
  for (Operation *user : op.getTile().getUsers())
    if (auto w = dyn_cast<as::ProducerWriteOp>(user);
        w && w->hasAttr(kAsyncCopyAttr))
      write = w;
  if (!write)
    return op.emitError("the LLVM backend lost the producer_write of an "
                        "asynchronous copy (internal error)");
  Value pipeline = rewriter.getRemappedValue(write.getPipeline());
  Value iterator = rewriter.getRemappedValue(write.getIterator());
  if (!pipeline || !iterator)
    return failure();
  Location loc = op.getLoc();
  ThreadIndexer ix(rewriter, loc, map);
  Scratch slot = slotAt(ix, pipeline, layoutOf(write.getPipeline()), iterator);
  auto tile = cast<RankedTensorType>(op.getTile().getType());
  auto view = cast<nv_tileaa::TiledViewType>(op.getView().getType());
  Type elem = convertElementType(tile.getElementType());
  int64_t w = width.getInt(), n = tile.getNumElements(),
          bytes = w * storageBytes(elem);
  std::string text =
      ("cp.async.ca.shared.global [$0], [$1], " + Twine(bytes) + ", $2;").str();
  for (int64_t s = 0, e = map.slots(n); s < e; s += w) {
    FailureOr<TileAddress> at = locate(
        rewriter, loc, map, view, adaptor.getView(), adaptor.getIndex(), s);
    if (failed(at))
      return failure();
    Value dst =
        sharedAddress(rewriter, loc, slot.address(0, ix.element(n, s), elem));
    // Past the edge nothing is read (src-size 0); the view's base is a
    // valid address to name.
    Value src = LLVM::PtrToIntOp::create(
        rewriter, loc, rewriter.getI64Type(),
        arith::SelectOp::create(rewriter, loc, at->inBounds, at->pointer,
                                adaptor.getView().front()));
    Value srcSize = arith::SelectOp::create(rewriter, loc, at->inBounds,
                                            ix.i32(bytes), ix.i32(0));
    scf::IfOp::create(rewriter, loc, ix.owner(n, s),
                      [&](OpBuilder &b, Location l) {
                        inlinePtx(b, l, Type(), text, "l,l,r,~{memory}",
                                  ValueRange{dst, src, srcSize});
                        scf::YieldOp::create(b, l);
                      });
  }
  Value undef = LLVM::PoisonOp::create(rewriter, loc, elem);
  rewriter.replaceOpWithMultiple(op, {SmallVector<Value>(map.slots(n), undef),
                                      SmallVector<Value>{ix.boolean(false)}});
  return success();
}

LogicalResult lowerConsumerRead(as::ConsumerReadOp op,
                                OneToN<as::ConsumerReadOp> adaptor,
                                Rewriter &rewriter, const ThreadMap &map) {
  PipelineLayout l = layoutOf(op.getPipeline());
  ThreadIndexer ix(rewriter, op.getLoc(), map);
  Scratch slot = slotAt(ix, adaptor.getPipeline().front(), l,
                        adaptor.getIterator().front());
  rewriter.replaceOpWithMultiple(op,
                                 {slot.readSlots(0, l.elements, l.storage)});
  return success();
}

} // namespace

/// A statement of inline PTX with side effects; `result` may be null. The
/// constraints of each end with a memory clobber, so that LLVM keeps the
/// slot's loads and stores on their side of the waits and arrivals.
Value tilecheck::backend::inlinePtx(OpBuilder &b, Location loc, Type result,
                                    StringRef text, StringRef constraints,
                                    ValueRange operands) {
  auto op = LLVM::InlineAsmOp::create(
      b, loc, result ? TypeRange{result} : TypeRange{}, operands, text,
      constraints, /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr());
  return result ? op.getResult(0) : Value();
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

bool tilecheck::backend::isPipelineLowerable(as::PipelineType type) {
  return layoutOf(type).has_value();
}

int64_t tilecheck::backend::pipelineBytes(as::PipelineType type) {
  return layoutOf(type)->bytes;
}

void tilecheck::backend::expandPipelineRegions(ModuleOp module) {
  SmallVector<Operation *> regionOps;
  module.walk([&](Operation *op) {
    if (isa<as::ProduceOneOp, as::ConsumeOneOp>(op))
      regionOps.push_back(op);
  });
  // Post-order: a region op inside another is expanded first.
  for (Operation *op : regionOps) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Block &body = op->getRegion(0).front();
    auto yield = cast<as::PipelineYieldOp>(body.getTerminator());
    if (auto produce = dyn_cast<as::ProduceOneOp>(op)) {
      Value p = produce.getPipeline(), it = produce.getIterator();
      as::ProducerAcquireOp::create(b, loc, p, it);
      SmallVector<Value> yielded(yield.getOperands());
      yield->erase();
      op->getBlock()->getOperations().splice(Block::iterator(op),
                                             body.getOperations());
      as::ProducerWriteOp::create(b, loc, p, it, yielded.front());
      as::ProducerCommitOp::create(b, loc, p, it);
    } else {
      auto consume = cast<as::ConsumeOneOp>(op);
      Value p = consume.getPipeline(), it = consume.getIterator();
      as::ConsumerWaitOp::create(b, loc, p, it);
      Value value = as::ConsumerReadOp::create(
          b, loc, cast<as::PipelineType>(p.getType()).getElementType(), p, it);
      body.getArgument(0).replaceAllUsesWith(value);
      SmallVector<Value> yielded(yield.getOperands());
      yield->erase();
      op->getBlock()->getOperations().splice(Block::iterator(op),
                                             body.getOperations());
      as::ConsumerReleaseOp::create(b, loc, p, it);
      op->replaceAllUsesWith(yielded);
    }
    op->erase();
  }
}

/// The step of `kind` on `p` at `it` nearest `from` in its block, searching
/// backward or forward; null when another step of that stage comes first.
template <typename OpT>
static OpT findStep(Operation *from, Value p, Value it, bool forward) {
  for (Operation *op = forward ? from->getNextNode() : from->getPrevNode(); op;
       op = forward ? op->getNextNode() : op->getPrevNode()) {
    if (auto step = dyn_cast<OpT>(op);
        step && step.getPipeline() == p && step.getIterator() == it)
      return step;
    if (isa<as::ProducerAcquireOp, as::ProducerWriteOp, as::ProducerCommitOp>(
            op) &&
        op->getOperand(0) == p)
      return nullptr;
  }
  return nullptr;
}

void tilecheck::backend::markAsyncCopies(ModuleOp module,
                                         const ThreadMap &map) {
  // A slot value that is a tiled_load issued after the slot was acquired,
  // used by the write and nothing else, becomes cp.asyncs into the slot
  // (sm_80 and later: every target), whether the handshake came from a
  // produce_one region or from tileas-materialize-async.
  module.walk([&](as::ProducerWriteOp write) {
    Value p = write.getPipeline(), it = write.getIterator();
    auto load = write.getValue().getDefiningOp<as::TiledLoadOp>();
    if (!load || load->getBlock() != write->getBlock() ||
        !load.getTile().hasOneUse() || !load.getResultToken().use_empty())
      return;
    auto acquire = findStep<as::ProducerAcquireOp>(load, p, it, false);
    auto commit = findStep<as::ProducerCommitOp>(write, p, it, true);
    if (!acquire || !commit)
      return;
    // No other step of the pipeline between the load and its write (a
    // second write of the slot would race the copy).
    for (Operation *op = load->getNextNode(); op != write.getOperation();
         op = op->getNextNode())
      if (isa<as::ProducerAcquireOp, as::ProducerWriteOp, as::ProducerCommitOp>(
              op) &&
          op->getOperand(0) == p)
        return;
    int64_t width = asyncCopyWidth(load, map);
    if (width <= 0)
      return;
    OpBuilder b(write);
    for (Operation *marked :
         {load.getOperation(), write.getOperation(), commit.getOperation()})
      marked->setAttr(kAsyncCopyAttr, b.getI64IntegerAttr(width));
  });
}

int64_t tilecheck::backend::agentGroups(ModuleOp module) {
  int64_t most = 1;
  module.walk([&](as::AgentSwitchOp op) {
    most = std::max<int64_t>(most, op.getAgents().size());
  });
  return most;
}

void tilecheck::backend::lowerAgentSwitches(ModuleOp module, ThreadMap map) {
  SmallVector<as::AgentSwitchOp> switches;
  module.walk([&](as::AgentSwitchOp op) { switches.push_back(op); });
  for (as::AgentSwitchOp op : switches) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    // What the groups computed before is visible to every agent, and what
    // the agents did to every group after.
    NVVM::Barrier0Op::create(b, loc);
    Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
    Value group = arith::IndexCastOp::create(
        b, loc, b.getIndexType(),
        arith::DivUIOp::create(
            b, loc, tid,
            arith::ConstantIntOp::create(b, loc, map.threads, 32)));
    unsigned n = op.getAgents().size();
    SmallVector<int64_t> cases = llvm::to_vector(llvm::seq<int64_t>(0, n));
    auto sw = scf::IndexSwitchOp::create(b, loc, TypeRange{}, group, cases, n);
    sw->setAttr(kAgentsAttr, b.getUnitAttr());
    OpBuilder end =
        OpBuilder::atBlockEnd(&sw.getDefaultRegion().emplaceBlock());
    scf::YieldOp::create(end, loc);
    for (unsigned i = 0; i < n; ++i) {
      Region &agent = op.getAgents()[i];
      sw.getCaseRegions()[i].takeBody(agent);
      Block &body = sw.getCaseRegions()[i].front();
      Operation *yield = body.getTerminator();
      OpBuilder atEnd = OpBuilder::atBlockEnd(&body);
      scf::YieldOp::create(atEnd, loc);
      yield->erase();
    }
    b.setInsertionPointAfter(sw);
    NVVM::Barrier0Op::create(b, loc);
    op.erase();
  }
}

void tilecheck::backend::populatePipelinePatterns(
    const BackendTypeConverter &tc, RewritePatternSet &patterns) {
  patterns.add<FunctionLowering<lowerAsyncLoad>>(tc, patterns.getContext(),
                                                 /*benefit=*/2);
  addLowerings<lowerCreateNone, lowerWait, lowerToAsync, lowerFutureWait>(
      tc, patterns);
  addLowerings<lowerCreatePipeline, lowerCreateIterator, lowerIncrementIterator,
               lowerProducerWrite, lowerConsumerRead,
               lowerPipelineStep<as::ProducerAcquireOp, /*isWait=*/true,
                                 /*onEmpty=*/true>,
               lowerPipelineStep<as::ProducerCommitOp, false, false>,
               lowerPipelineStep<as::ConsumerWaitOp, true, false>,
               lowerPipelineStep<as::ConsumerReleaseOp, false, true>>(tc,
                                                                      patterns);
}
