//===- ScheduleSupport.cpp - Seed 000's schedule support bodies -----------===//
//
// The stage partition, the stage pairs and the per-stage replication that
// the schedule consumers share. The role of an op comes from its declared
// memory effects (the same effects the body graph's memory edges come
// from) and from the op class the machine model gives it, so a consumer and
// the scheduler agree on what is a load or an asynchronous op.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/NvTileAS/Transforms/ScheduleSupport.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas;
using namespace tilecheck::nv_tileas::schedule_utils;

namespace {

/// What `op` and the ops nested in it do to memory.
struct Effects {
  bool reads = false;
  bool writes = false;
  /// An op that neither declares its effects nor is free of them.
  bool unknown = false;
};

Effects effectsOf(Operation *op) {
  Effects out;
  op->walk([&](Operation *o) {
    if (isMemoryEffectFree(o))
      return;
    auto iface = dyn_cast<MemoryEffectOpInterface>(o);
    if (!iface) {
      // Ops with recursive effects have them from their nested ops, which
      // the walk visits.
      if (!o->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
        out.unknown = true;
      return;
    }
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &e : effects) {
      // Allocation and free change memory as a write does.
      if (isa<MemoryEffects::Read>(e.getEffect()))
        out.reads = true;
      else
        out.writes = true;
    }
  });
  return out;
}

OpRole roleOf(Operation *op, const sched::Node &node) {
  Effects e = effectsOf(op);
  if (e.reads && !e.writes && !e.unknown)
    return OpRole::Load;
  if (node.asyncPipeline || node.opClass == sched::OpClass::AsyncCopy ||
      node.opClass == sched::OpClass::TmaLoad ||
      node.opClass == sched::OpClass::TmaStore)
    return OpRole::PendingAsync;
  if (e.writes || e.unknown)
    return OpRole::Store;
  return OpRole::IterData;
}

/// The map of `role` in `map`, const or not.
template <typename StageMapT> auto &listOf(StageMapT &map, OpRole role) {
  switch (role) {
  case OpRole::Load:
    return map.loads;
  case OpRole::PendingAsync:
    return map.pendingAsync;
  case OpRole::Store:
    return map.stores;
  case OpRole::IterData:
    return map.iterData;
  }
  llvm_unreachable("unknown op role");
}

} // namespace

llvm::StringRef schedule_utils::opRoleName(OpRole role) {
  switch (role) {
  case OpRole::Load:
    return "load";
  case OpRole::PendingAsync:
    return "async";
  case OpRole::Store:
    return "store";
  case OpRole::IterData:
    return "data";
  }
  llvm_unreachable("unknown op role");
}

const StageMap::OpsByStage &StageMap::ofRole(OpRole role) const {
  return listOf(*this, role);
}

std::optional<unsigned> StageMap::stageOf(Operation *op) const {
  auto it = stageOfOp.find(op);
  if (it == stageOfOp.end())
    return std::nullopt;
  return it->second;
}

std::optional<unsigned> StageMap::stageOfUser(Operation *user) const {
  Operation *top = body ? body->findAncestorOpInBlock(*user) : nullptr;
  if (!top)
    return std::nullopt;
  if (top == body->getTerminator())
    return numStages == 0 ? 0 : numStages - 1;
  return stageOf(top);
}

std::optional<unsigned>
StageMap::earliestUseStage(Value value,
                           function_ref<bool(Operation *)> counts) const {
  std::optional<unsigned> earliest;
  for (Operation *user : value.getUsers()) {
    Operation *top = body ? body->findAncestorOpInBlock(*user) : nullptr;
    if (!top || (counts && !counts(top)))
      continue;
    std::optional<unsigned> stage = stageOfUser(top);
    if (stage && (!earliest || *stage < *earliest))
      earliest = stage;
  }
  return earliest;
}

std::string StageMap::str(const BodyGraph &graph) const {
  DenseMap<Operation *, unsigned> index;
  for (auto [i, op] : llvm::enumerate(graph.ops))
    index[op] = i;
  std::string text;
  llvm::raw_string_ostream os(text);
  for (unsigned stage = 0; stage < numStages; ++stage) {
    os << "  stage " << stage << ":";
    for (OpRole role : {OpRole::Load, OpRole::PendingAsync, OpRole::Store,
                        OpRole::IterData}) {
      const OpsByStage &lists = ofRole(role);
      auto it = lists.find(stage);
      if (it == lists.end())
        continue;
      os << " " << opRoleName(role);
      for (Operation *op : it->second)
        os << " " << index.lookup(op);
      os << ";";
    }
    os << "\n";
  }
  for (const StageCrossing &c : crossings) {
    Operation *def = c.value.getDefiningOp();
    os << "  crossing " << index.lookup(def) << "#"
       << cast<OpResult>(c.value).getResultNumber() << " stage " << c.defStage
       << " -> " << c.firstUseStage << ".." << c.lastUseStage << "\n";
  }
  return text;
}

StageMap
schedule_utils::materializeSchedule(scf::ForOp loop, const BodyGraph &body,
                                    const sched::ScheduleAnalysis &schedule) {
  assert(schedule.nodes.size() == body.ops.size() &&
         "the schedule is not the body's");
  StageMap map;
  map.body = loop.getBody();
  for (auto [i, op] : llvm::enumerate(body.ops)) {
    unsigned stage = schedule.nodes[i].stage;
    map.numStages = std::max(map.numStages, stage + 1);
    OpRole role = roleOf(op, body.graph.node(i));
    map.stageOfOp[op] = stage;
    map.roleOfOp[op] = role;
    listOf(map, role)[stage].push_back(op);
  }
  // A second pass: a result's users come later in the body, so their
  // stages are known only once every op has one.
  for (auto [i, op] : llvm::enumerate(body.ops)) {
    unsigned defStage = schedule.nodes[i].stage;
    for (Value v : op->getResults()) {
      std::optional<unsigned> first, last;
      for (Operation *user : v.getUsers()) {
        std::optional<unsigned> stage = map.stageOfUser(user);
        if (!stage)
          continue;
        first = first ? std::min(*first, *stage) : *stage;
        last = last ? std::max(*last, *stage) : *stage;
      }
      if (last && *last > defStage)
        map.crossings.push_back({v, defStage, *first, *last});
    }
  }
  return map;
}

SmallVector<StagePair>
schedule_utils::buildStages(const sched::ScheduleAnalysis &schedule) {
  SmallVector<StagePair> pairs;
  for (auto [k, e] : llvm::enumerate(schedule.edges)) {
    unsigned producer = schedule.nodes[e.from].stage;
    unsigned consumer = schedule.nodes[e.to].stage + e.distance;
    if (producer == consumer)
      continue;
    auto *it = llvm::find_if(pairs, [&](const StagePair &p) {
      return p.producer == producer && p.consumer == consumer;
    });
    if (it == pairs.end())
      it = &pairs.emplace_back(StagePair{producer, consumer, {}});
    it->edges.push_back(k);
  }
  // Stable: within one producer stage, the first edge's order decides.
  std::stable_sort(pairs.begin(), pairs.end(),
                   [](const StagePair &a, const StagePair &b) {
                     return a.producer < b.producer;
                   });
  return pairs;
}

SmallVector<Operation *>
schedule_utils::expandSingleTiledOp(OpBuilder &b, Operation *op,
                                    ArrayRef<unsigned> stages,
                                    StageValues &values) {
  SmallVector<Operation *> replicas;
  for (auto [k, stage] : llvm::enumerate(stages)) {
    assert(llvm::count(stages.take_front(k), stage) == 0 &&
           "a stage listed twice would map its results twice");
    // Cloning through the stage's mapping rewires the operands and the
    // nested uses of outer values, and maps the replica's results.
    replicas.push_back(b.clone(*op, values[stage]));
  }
  return replicas;
}

AgentSwitchOp schedule_utils::createProducerConsumerSwitch(OpBuilder &b,
                                                           Location loc,
                                                           bool dualSimt,
                                                           Operation *after) {
  auto agents = AgentSwitchOp::create(b, loc, b.getDenseI32ArrayAttr({1, 4}),
                                      /*agentsCount=*/2);
  agents->setAttr("tileas.dual_simt", b.getBoolAttr(dualSimt));
  Block &consumer = agents.getAgents()[1].emplaceBlock();
  OpBuilder end = OpBuilder::atBlockEnd(&consumer);
  auto yield = PipelineYieldOp::create(end, loc, ValueRange{});
  SmallVector<Operation *> rest;
  for (Operation *op = after->getNextNode();
       op && !op->hasTrait<OpTrait::IsTerminator>(); op = op->getNextNode())
    rest.push_back(op);
  for (Operation *op : rest)
    op->moveBefore(yield);
  return agents;
}
