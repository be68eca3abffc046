//===- MaterializeSchedule.cpp - tileas-materialize-schedule --------------===//
//
// Seed 001's TileASMaterializeSchedule: the schedule tileas-generate-schedule
// recorded on an scf.for becomes async pipelines. The stage 0 loads (and the
// address arithmetic they need) are the producer; every loaded value the
// rest of the body reads crosses through a pipeline of its own, with one
// slot per stage of the schedule; the rest of the body is the consumer.
//
//   AWS  agent_switch { producer loop } { consumer loop; rest of function }
//   AUS  prologue: produce iterations 0 .. S-2;
//        loop i: produce i + S - 1 (when there is one); consume i
//
// Why this is exact. The producer's ops read memory only, and no op of the
// loop writes what they read (no memory edge of the body's dependence
// graph joins a producer op and another op, in either direction and at any
// distance), so running them any number of iterations early reads the same
// values. Their operands come from outside the loop, the induction variable
// or other producer ops, never from an iteration's results. The pipeline
// delivers the values in iteration order (position n is iteration n), and
// the consumer computes everything else in the original order.
//
// Deadlock freedom. AWS: the producer blocks only on a full pipeline, which
// the consumer empties in order; the consumer blocks only on a value the
// producer will produce. AUS: before consuming iteration t the agent has
// produced at most t + S positions into S slots of which t were released.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/ScheduleIR.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/ScheduleSupport.h"
#include "tilecheck/Support/InjectedBugs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace tilecheck::nv_tileas {
#define GEN_PASS_DEF_TILEASMATERIALIZESCHEDULE
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h.inc"
} // namespace tilecheck::nv_tileas

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas;

namespace {

constexpr llvm::StringLiteral kMaterialized = "tileas.pipeline.materialized";
constexpr llvm::StringLiteral kPipelineStage = kPipelineStageAttrName;

/// Reads memory and nothing else, or has no effect at all; no regions.
bool readsOnly(Operation *op) {
  if (op->getNumRegions() != 0)
    return false;
  if (isMemoryEffectFree(op))
    return true;
  return everyDeclaredEffect(op, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Read>(e.getEffect());
  });
}

/// A value a pipeline can carry: a tensor or an integer, index or float
/// scalar.
bool canCross(Type type) {
  return isa<RankedTensorType, IntegerType, IndexType, FloatType>(type);
}

/// How a scheduled loop splits into producer and consumer.
struct Split {
  unsigned stages = 0;
  /// Producer ops, in body order.
  llvm::SetVector<Operation *> producer;
  /// Pure producer ops the consumer recomputes, in body order.
  llvm::SetVector<Operation *> recomputed;
  /// Loaded values that cross, in body order, and the earliest stage that
  /// reads each.
  SmallVector<Value> crossing;
  SmallVector<unsigned> consumerStage;
  /// Per producer op: the crossing value it is the only producer op for,
  /// when it can sit inside that value's produce_one region.
  DenseMap<Operation *, unsigned> sunk;
};

/// The producer/consumer split of `loop` under `schedule`, or why there is
/// none.
FailureOr<Split> splitLoop(scf::ForOp loop, const BodyGraph &body,
                           const sched::ScheduleAnalysis &schedule,
                           std::string &why) {
  Split split;
  // Seed 000's stage map: each op's stage, the stage 0 loads and the
  // earliest stage reading each value.
  schedule_utils::StageMap stageMap =
      schedule_utils::materializeSchedule(loop, body, schedule);
  split.stages = stageMap.numStages;
  if (split.stages <= 1) {
    why = "one stage";
    return failure();
  }
  Block *block = loop.getBody();
  Value iv = loop.getInductionVar();

  // Candidates: stage 0 ops that only read, fed from outside, the
  // induction variable or other candidates.
  llvm::SetVector<Operation *> candidates;
  for (Operation *op : body.ops) {
    if (stageMap.stageOf(op) != 0u || !readsOnly(op))
      continue;
    bool fed = llvm::all_of(op->getOperands(), [&](Value v) {
      if (v == iv)
        return true;
      if (auto arg = dyn_cast<BlockArgument>(v))
        return arg.getOwner() != block;
      Operation *def = v.getDefiningOp();
      return def->getBlock() != block || candidates.contains(def);
    });
    if (fed)
      candidates.insert(op);
  }
  // The producer: the stage 0 loads among them and what they need.
  SmallVector<Operation *> work;
  if (auto it = stageMap.loads.find(0); it != stageMap.loads.end())
    for (Operation *op : it->second)
      if (candidates.contains(op))
        work.push_back(op);
  if (work.empty()) {
    why = "no load in stage 0";
    return failure();
  }
  DenseSet<Operation *> inProducer;
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    if (!inProducer.insert(op).second)
      continue;
    for (Value v : op->getOperands())
      if (Operation *def = v.getDefiningOp(); def && def->getBlock() == block)
        work.push_back(def);
  }
  for (Operation *op : body.ops)
    if (inProducer.contains(op))
      split.producer.insert(op);

  // No memory dependence may join a producer op and any other op.
  for (const sched::Edge &e : body.graph.edges()) {
    if (e.kind != sched::EdgeKind::Memory)
      continue;
    bool from = inProducer.contains(body.ops[e.from]);
    bool to = inProducer.contains(body.ops[e.to]);
    if (from != to) {
      Operation *other = body.ops[from ? e.to : e.from];
      why = "'" + other->getName().getStringRef().str() +
            "' may write what a stage 0 load reads";
      return failure();
    }
  }

  // What the consumer needs from the producer: pure ops are recomputed
  // (and what they read in turn), loaded values cross.
  SmallVector<Operation *> pending;
  auto recompute = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (def && inProducer.contains(def) && isMemoryEffectFree(def) &&
        split.recomputed.insert(def))
      pending.push_back(def);
  };
  for (Operation &op : *block) {
    if (inProducer.contains(&op))
      continue;
    op.walk([&](Operation *nested) {
      for (Value v : nested->getOperands())
        recompute(v);
    });
  }
  while (!pending.empty())
    for (Value v : pending.pop_back_val()->getOperands())
      recompute(v);
  // A loaded value's pipeline is read in the earliest stage of the
  // consumer (recomputed ops included) that uses it.
  auto inConsumer = [&](Operation *op) {
    return !inProducer.contains(op) || split.recomputed.contains(op);
  };
  for (Operation *op : split.producer) {
    if (isMemoryEffectFree(op))
      continue;
    for (Value v : op->getResults()) {
      std::optional<unsigned> stage = stageMap.earliestUseStage(v, inConsumer);
      if (!stage)
        continue;
      if (!canCross(v.getType())) {
        llvm::raw_string_ostream os(why);
        os << "a value of type " << v.getType()
           << " would cross from the producer";
        return failure();
      }
      split.crossing.push_back(v);
      split.consumerStage.push_back(*stage);
    }
  }
  // Recomputed ops in body order.
  llvm::SetVector<Operation *> found = std::move(split.recomputed);
  split.recomputed.clear();
  for (Operation *op : body.ops)
    if (found.contains(op))
      split.recomputed.insert(op);
  if (split.crossing.empty()) {
    why = "no loaded value is used after stage 0";
    return failure();
  }

  // A load whose one used result crosses, and that no other producer op
  // reads, runs inside its produce_one region.
  for (unsigned k = 0; k < split.crossing.size(); ++k) {
    Value v = split.crossing[k];
    Operation *def = v.getDefiningOp();
    bool alone = llvm::all_of(def->getResults(), [&](Value r) {
      return llvm::all_of(r.getUsers(), [&](Operation *user) {
        Operation *at = block->findAncestorOpInBlock(*user);
        return r == v
                   ? !inProducer.contains(at) && !split.recomputed.contains(at)
                   : false;
      });
    });
    if (alone && !split.sunk.count(def))
      split.sunk[def] = k;
  }
  return split;
}

/// `v` (an integer or index) as i64, sign-extended.
Value toI64(OpBuilder &b, Location loc, Value v) {
  Type i64 = b.getI64Type();
  if (v.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, i64, v);
  if (v.getType().getIntOrFloatBitWidth() < 64)
    return arith::ExtSIOp::create(b, loc, i64, v);
  return v;
}

/// The i64 `v` as a value of `type` (an integer or index).
Value fromI64(OpBuilder &b, Location loc, Value v, Type type) {
  if (type.isIndex())
    return arith::IndexCastOp::create(b, loc, type, v);
  if (type.getIntOrFloatBitWidth() < 64)
    return arith::TruncIOp::create(b, loc, type, v);
  return v;
}

class Materializer {
public:
  Materializer(scf::ForOp loop, const Split &split)
      : loop(loop), split(split), loc(loop.getLoc()) {}

  /// Pipelines for the crossing values, created before the loop.
  void createPipelines(OpBuilder &b) {
    for (Value v : split.crossing) {
      auto type = PipelineType::get(b.getContext(), v.getType(), split.stages);
      pipelines.push_back(CreatePipelineOp::create(b, loc, type));
    }
  }

  SmallVector<Value> createIterators(OpBuilder &b) {
    SmallVector<Value> its;
    for (Value p : pipelines)
      its.push_back(CreateIteratorOp::create(b, loc, p));
    return its;
  }

  /// The producer of the iteration with induction value `iv`: its ops,
  /// then one produce_one per pipeline at `its`; returns the next
  /// iterators.
  SmallVector<Value> emitProducer(OpBuilder &b, Value iv, ValueRange its) {
    // The producer is the schedule's stage 0: each call expands one
    // iteration's copy of it, whose induction value is `iv`.
    schedule_utils::StageValues values;
    IRMapping &local = values[0];
    local.map(loop.getInductionVar(), iv);
    for (Operation *op : split.producer)
      if (!split.sunk.count(op))
        schedule_utils::expandSingleTiledOp(b, op, /*stages=*/{0}, values);
    SmallVector<Value> next;
    for (auto [k, v] : llvm::enumerate(split.crossing)) {
      auto produce = ProduceOneOp::create(b, loc, pipelines[k], its[k]);
      produce->setAttr(kPipelineStage, b.getI32IntegerAttr(0));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&produce.getBody().emplaceBlock());
      if (Operation *def = v.getDefiningOp(); split.sunk.count(def))
        schedule_utils::expandSingleTiledOp(b, def, /*stages=*/{0}, values);
      PipelineYieldOp::create(b, loc, ValueRange{local.lookup(v)});
    }
    for (Value it : its)
      next.push_back(IncrementIteratorOp::create(b, loc, it));
    return next;
  }

  /// The consumer's part of one iteration, mapped through `map` (the
  /// induction variable and iter_args already mapped): one consume_one per
  /// pipeline at `its`, the recomputed ops and every other body op; returns
  /// the next iterators and fills `yielded` with the loop's yield operands.
  SmallVector<Value> emitConsumer(OpBuilder &b, IRMapping &map, ValueRange its,
                                  SmallVectorImpl<Value> &yielded) {
    for (auto [k, v] : llvm::enumerate(split.crossing)) {
      Value got;
      if (selftest::isInjected(selftest::InjectedBug::PipelineRelease)) {
        // The self-test's dropped consumer_release: wait and read, never
        // release, so the producer eventually waits for a free slot
        // forever.
        ConsumerWaitOp::create(b, loc, pipelines[k], its[k]);
        got = ConsumerReadOp::create(b, loc, v.getType(), pipelines[k], its[k]);
      } else {
        auto consume = ConsumeOneOp::create(b, loc, TypeRange{v.getType()},
                                            pipelines[k], its[k]);
        consume->setAttr(kPipelineStage,
                         b.getI32IntegerAttr(split.consumerStage[k]));
        Block &region = consume.getBody().emplaceBlock();
        Value arg = region.addArgument(v.getType(), loc);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(&region);
        PipelineYieldOp::create(b, loc, ValueRange{arg});
        got = consume.getResult(0);
      }
      map.map(v, got);
    }
    for (Operation *op : split.recomputed)
      b.clone(*op, map);
    Block *block = loop.getBody();
    for (Operation &op : block->without_terminator())
      if (!split.producer.contains(&op))
        b.clone(op, map);
    for (Value v : block->getTerminator()->getOperands())
      yielded.push_back(map.lookupOrDefault(v));
    SmallVector<Value> next;
    for (Value it : its)
      next.push_back(IncrementIteratorOp::create(b, loc, it));
    return next;
  }

  /// The consumer loop (the original bounds and iter_args, plus the
  /// consumer iterators and `extraInits`); `before` runs first in each
  /// iteration and returns the values for the extra iter_args it carries.
  using Before =
      llvm::function_ref<SmallVector<Value>(OpBuilder &, Value, ValueRange)>;
  scf::ForOp emitConsumerLoop(OpBuilder &b, ValueRange consumerIts,
                              ValueRange extraInits, Before before) {
    SmallVector<Value> inits(loop.getInitArgs());
    llvm::append_range(inits, consumerIts);
    llvm::append_range(inits, extraInits);
    unsigned numOrig = loop.getNumRegionIterArgs();
    unsigned numPipes = pipelines.size();
    return scf::ForOp::create(
        b, loc, loop.getLowerBound(), loop.getUpperBound(), loop.getStep(),
        inits, [&](OpBuilder &nb, Location, Value iv, ValueRange args) {
          SmallVector<Value> extra;
          if (before)
            extra = before(nb, iv, args.drop_front(numOrig + numPipes));
          IRMapping map;
          map.map(loop.getInductionVar(), iv);
          map.map(loop.getRegionIterArgs(), args.take_front(numOrig));
          SmallVector<Value> yielded;
          SmallVector<Value> next =
              emitConsumer(nb, map, args.slice(numOrig, numPipes), yielded);
          llvm::append_range(yielded, next);
          llvm::append_range(yielded, extra);
          scf::YieldOp::create(nb, loc, yielded);
        });
  }

  /// Marks the new consumer loop and removes the placements its clones
  /// carry; replaces and erases the original loop.
  void finish(scf::ForOp consumer, llvm::StringRef mode) {
    Builder b(loop.getContext());
    consumer->setAttr(kMaterialized, b.getStringAttr(mode));
    consumer->setAttr(kPipelineNumStagesAttr,
                      b.getI32IntegerAttr(split.stages));
    loop.replaceAllUsesWith(
        consumer.getResults().take_front(loop.getNumResults()));
    loop.erase();
  }

  scf::ForOp loop;
  const Split &split;
  Location loc;
  SmallVector<Value> pipelines;
};

/// Removes the schedule placements of every op inside `root` (clones of
/// body ops); loops nested in them keep their own schedules.
void erasePlacementsUnder(Operation *root) {
  root->walk([](Operation *op) {
    if (auto loop = dyn_cast<scf::ForOp>(op->getParentOp());
        loop && hasSchedule(loop))
      return;
    eraseOpPlacement(op);
  });
}

struct MaterializeSchedulePass
    : nv_tileas::impl::TileASMaterializeScheduleBase<MaterializeSchedulePass> {
  using TileASMaterializeScheduleBase::TileASMaterializeScheduleBase;

  /// AWS: the loop and everything after it in the function become the
  /// consumer agent, the loads the producer agent.
  LogicalResult materializeAWS(scf::ForOp loop, const Split &split,
                               const sched::MachineModel &model,
                               const BodyGraph &body) {
    // Seed 001's dual-SIMT heuristic, written back to the option.
    uint64_t totalWork = 0;
    for (const sched::Node &node : body.graph.nodes())
      totalWork += model.timing(node.opClass).latency;
    int64_t iters = 1;
    if (std::optional<int64_t> trips = constantTripCount(loop); trips)
      iters = std::max<int64_t>(1, *trips);
    useDualSimt =
        double(split.stages) > double(int64_t(totalWork) / iters) * 0.6;

    Materializer m(loop, split);
    OpBuilder b(loop);
    m.createPipelines(b);
    AgentSwitchOp agents = schedule_utils::createProducerConsumerSwitch(
        b, m.loc, useDualSimt, loop);

    // The consumer agent: the loop, then everything after it.
    b.setInsertionPointToStart(&agents.getAgents()[1].front());
    SmallVector<Value> consumerIts = m.createIterators(b);
    scf::ForOp consumer = m.emitConsumerLoop(b, consumerIts, {}, nullptr);

    // The producer agent.
    Block &producerBlock = agents.getAgents()[0].emplaceBlock();
    b.setInsertionPointToStart(&producerBlock);
    SmallVector<Value> producerIts = m.createIterators(b);
    scf::ForOp::create(
        b, m.loc, loop.getLowerBound(), loop.getUpperBound(), loop.getStep(),
        producerIts, [&](OpBuilder &nb, Location, Value iv, ValueRange its) {
          scf::YieldOp::create(nb, m.loc, m.emitProducer(nb, iv, its));
        });
    PipelineYieldOp::create(b, m.loc, ValueRange{});

    m.finish(consumer, "aws");
    erasePlacementsUnder(agents);
    return success();
  }

  /// AUS: one agent; the producer runs stages - 1 iterations ahead.
  LogicalResult materializeAUS(scf::ForOp loop, const Split &split) {
    Materializer m(loop, split);
    Location loc = m.loc;
    OpBuilder b(loop);
    m.createPipelines(b);
    SmallVector<Value> producerIts = m.createIterators(b);
    SmallVector<Value> consumerIts = m.createIterators(b);
    Type ivType = loop.getInductionVar().getType();
    Value lb = toI64(b, loc, loop.getLowerBound());
    Value ub = toI64(b, loc, loop.getUpperBound());
    Value step = toI64(b, loc, loop.getStep());
    auto i64 = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(b, loc, v, 64);
    };
    // Trip count T = ub > lb ? (ub - lb - 1) / step + 1 : 0, unsigned: the
    // distance of two signed 64-bit bounds fits 64 unsigned bits, and so
    // do T and every count compared with it.
    Value some =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, ub, lb);
    Value below = arith::SubIOp::create(
        b, loc, arith::SubIOp::create(b, loc, ub, lb), i64(1));
    Value trips = arith::SelectOp::create(
        b, loc, some,
        arith::AddIOp::create(
            b, loc, arith::DivUIOp::create(b, loc, below, step), i64(1)),
        i64(0));
    Value ahead =
        arith::MinUIOp::create(b, loc, trips, i64(int64_t(split.stages) - 1));
    auto ivOf = [&](OpBuilder &nb, Value n) {
      Value at = arith::AddIOp::create(nb, loc, lb,
                                       arith::MulIOp::create(nb, loc, n, step));
      return fromI64(nb, loc, at, ivType);
    };
    // Prologue: iterations 0 .. ahead - 1.
    auto prologue = scf::ForOp::create(
        b, loc, i64(0), ahead, i64(1), producerIts,
        [&](OpBuilder &nb, Location, Value n, ValueRange its) {
          scf::YieldOp::create(nb, loc, m.emitProducer(nb, ivOf(nb, n), its));
        });
    // Steady state: produce iteration `produced` when there is one, then
    // consume the current one.
    SmallVector<Value> extraInits(prologue.getResults());
    extraInits.push_back(ahead);
    unsigned numPipes = m.pipelines.size();
    scf::ForOp consumer = m.emitConsumerLoop(
        b, consumerIts, extraInits,
        [&](OpBuilder &nb, Value, ValueRange carried) {
          ValueRange its = carried.take_front(numPipes);
          Value produced = carried.back();
          Value more = arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::ult,
                                             produced, trips);
          SmallVector<Type> types = llvm::to_vector(carried.getTypes());
          auto guard = scf::IfOp::create(nb, loc, types, more,
                                         /*withElseRegion=*/true);
          {
            OpBuilder::InsertionGuard g(nb);
            nb.setInsertionPointToStart(guard.thenBlock());
            SmallVector<Value> next =
                m.emitProducer(nb, ivOf(nb, produced), its);
            next.push_back(arith::AddIOp::create(
                nb, loc, produced,
                arith::ConstantIntOp::create(nb, loc, 1, 64)));
            scf::YieldOp::create(nb, loc, next);
            nb.setInsertionPointToStart(guard.elseBlock());
            scf::YieldOp::create(nb, loc, carried);
          }
          return SmallVector<Value>(guard.getResults());
        });
    m.finish(consumer, "aus");
    erasePlacementsUnder(prologue);
    erasePlacementsUnder(consumer);
    // The new ops sit in the body of the enclosing loop without placements:
    // that loop's schedule (which left this loop alone) no longer describes
    // its body, and goes.
    if (auto outer = dyn_cast<scf::ForOp>(consumer->getParentOp());
        outer && hasSchedule(outer)) {
      eraseLoopSchedule(outer);
      for (Operation &op : outer.getBody()->without_terminator())
        eraseOpPlacement(&op);
    }
    return success();
  }

  /// Materializes `loop` when its schedule asks for it: true when the loop
  /// was replaced, false when it stays; failure only on an error.
  FailureOr<bool> materialize(scf::ForOp loop,
                              DenseSet<Operation *> &partitioned) {
    auto skip = [&](llvm::StringRef why) {
      if (remarks)
        loop.emitRemark("not materialized: ") << why;
      return false;
    };
    FailureOr<ConsumedSchedule> consumed = readScheduleForConsumer(loop);
    if (failed(consumed))
      return failure();
    if (!consumed->problems.empty())
      return skip("the schedule fails the checker: " +
                  consumed->problems.front());
    if (loop.getUnsignedCmp())
      return skip("unsigned loop bounds");
    if (Type t = loop.getInductionVar().getType();
        !t.isIndex() && t.getIntOrFloatBitWidth() > 64)
      return skip("an induction variable wider than 64 bits");
    std::string why;
    FailureOr<Split> split =
        splitLoop(loop, consumed->body, consumed->schedule, why);
    if (failed(split))
      return skip(why);

    if (useAUS) {
      if (remarks)
        loop.emitRemark("materialized (AUS) with ")
            << split->stages << " stages and " << split->crossing.size()
            << " pipelines";
      if (failed(materializeAUS(loop, *split)))
        return failure();
      return true;
    }
    Operation *parent = loop->getParentOp();
    if (auto func = loop->getParentOfType<FunctionOpInterface>();
        func && partitioned.contains(func))
      return skip("the function already has agents (AWS)");
    if (!isa<FunctionOpInterface>(parent))
      return skip("not in the function's top-level block (AWS)");
    Operation *terminator = loop->getBlock()->getTerminator();
    for (Value v : terminator->getOperands())
      if (Operation *def = v.getDefiningOp();
          def && def->getBlock() == loop->getBlock() &&
          !def->isBeforeInBlock(loop))
        return skip("the function returns a value computed after the "
                    "loop (AWS)");
    if (remarks)
      loop.emitRemark("materialized (AWS) with ")
          << split->stages << " stages and " << split->crossing.size()
          << " pipelines";
    partitioned.insert(parent);
    if (failed(materializeAWS(loop, *split, consumed->model, consumed->body)))
      return failure();
    return true;
  }

  void runOnOperation() override {
    if (selftest::emitInjectedBugSelectionError(getOperation()))
      return signalPassFailure();
    DenseSet<Operation *> partitioned;
    getOperation().walk([&](Operation *op) {
      if (isa<AgentSwitchOp, nv_tileaa::ExecuteOp>(op))
        if (auto func = op->getParentOfType<FunctionOpInterface>())
          partitioned.insert(func);
    });
    if (failed(forEachScheduledLoop(getOperation(), [&](scf::ForOp loop) {
          return materialize(loop, partitioned);
        })))
      signalPassFailure();
  }
};

} // namespace
