//===- ScheduleIR.cpp - Schedules of loops in the IR ----------------------===//

#include "tilecheck/Dialect/NvTileAS/Transforms/ScheduleIR.h"

#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <numeric>

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas;
using sched::EdgeKind;

namespace {
constexpr llvm::StringLiteral kGenerator = "tileas.schedule.generator";
constexpr llvm::StringLiteral kII = "tileas.schedule.ii";
constexpr llvm::StringLiteral kMII = "tileas.schedule.mii";
constexpr llvm::StringLiteral kStage = "tileas.schedule.stage";
constexpr llvm::StringLiteral kOrder = "tileas.schedule.order";
constexpr llvm::StringLiteral kCycle = "tileas.schedule.cycle";
constexpr llvm::StringLiteral kFused = "tileas.schedule.fused";
constexpr llvm::StringLiteral kConstraint = "tileas.schedule.constraint.";

std::optional<int64_t> intAttr(Operation *op, llvm::StringRef name) {
  if (auto a = op->getAttrOfType<IntegerAttr>(name))
    return a.getValue().getSExtValue();
  return std::nullopt;
}

/// One memory effect of an op, reduced to what conflicts need.
struct Access {
  SideEffects::Resource *resource;
  bool write;
};

/// The op's accesses; nullopt when they are unknown (conflicts with every
/// op that touches memory).
std::optional<llvm::SmallVector<Access>> accessesOf(Operation *op) {
  llvm::SmallVector<Access> out;
  bool unknown = false;
  auto visit = [&](Operation *o) {
    if (isMemoryEffectFree(o))
      return;
    auto iface = dyn_cast<MemoryEffectOpInterface>(o);
    if (!iface) {
      if (!o->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
        unknown = true;
      return;
    }
    llvm::SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &e : effects)
      out.push_back(
          {e.getResource(), !isa<MemoryEffects::Read>(e.getEffect())});
  };
  op->walk([&](Operation *o) { visit(o); });
  if (unknown)
    return std::nullopt;
  return out;
}

bool conflict(const std::optional<llvm::SmallVector<Access>> &a,
              const std::optional<llvm::SmallVector<Access>> &b) {
  if (!a || !b)
    return (!a && (!b || !b->empty())) || (!b && !a->empty());
  for (const Access &x : *a)
    for (const Access &y : *b) {
      if (!x.write && !y.write)
        continue;
      auto *def = SideEffects::DefaultResource::get();
      if (x.resource == y.resource)
        return true;
      // alloc_tensor's buffers are reached by alloc_tensor, copy and
      // smem_load only: unknown memory (the default resource) is never
      // theirs. Two buffers always conflict (one resource, whatever their
      // offsets): tileas-prepare-for-scheduling's compaction lets buffers
      // share bytes and relies on this to keep their ops in order.
      auto *buffers = SharedMemoryResource::get();
      if (x.resource == buffers || y.resource == buffers)
        continue;
      if (x.resource == def || y.resource == def)
        return true;
    }
  return false;
}

bool isTokenType(Type type) {
  return type.getAbstractType().getName().contains("token");
}
} // namespace

std::optional<sched::Target>
tilecheck::nv_tileas::scheduleTargetOf(Operation *op) {
  std::optional<unsigned> cc;
  if (auto func = op->getParentOfType<nv_tileaa::FuncOp>())
    if (auto spec = func->getAttrOfType<nv_tileaa::KernelSpecAttr>(
            nv_tileaa::kKernelSpecAttrName))
      cc = spec.getComputeCapability();
  for (Operation *p = op; !cc && p; p = p->getParentOp())
    if (auto a = p->getAttrOfType<IntegerAttr>("nv_tileaa.compute_capability"))
      cc = static_cast<unsigned>(a.getInt());
  if (!cc)
    return std::nullopt;
  return sched::parseTarget("sm_" + std::to_string(*cc));
}

std::optional<sched::MachineModel>
tilecheck::nv_tileas::machineModelFor(scf::ForOp loop) {
  std::optional<sched::Target> target = scheduleTargetOf(loop);
  if (!target) {
    loop.emitError("failed to get compute capability");
    return std::nullopt;
  }
  return sched::MachineModel::forTarget(*target);
}

BodyGraph
tilecheck::nv_tileas::buildBodyGraph(scf::ForOp loop,
                                     const sched::MachineModel &model) {
  BodyGraph body;
  Block *block = loop.getBody();
  llvm::DenseMap<Operation *, unsigned> index;
  for (Operation &op : block->without_terminator()) {
    index[&op] = body.ops.size();
    body.ops.push_back(&op);
    sched::Node node;
    node.name = op.getName().getStringRef().str();
    node.opClass = sched::classOfOp(node.name, model.target());
    llvm::StringRef name = node.name;
    node.asyncPipeline =
        name.contains(".async.pipeline.") || name.contains(".queue.");
    body.graph.addNode(node);
  }

  // Data and token edges: every use, nested ones included, of a value an
  // earlier body op defines.
  for (unsigned i = 0; i < body.ops.size(); ++i) {
    llvm::SmallVector<std::pair<unsigned, EdgeKind>> sources;
    body.ops[i]->walk([&](Operation *nested) {
      for (Value v : nested->getOperands()) {
        Operation *def = v.getDefiningOp();
        if (!def || def->getBlock() != block)
          continue;
        auto it = index.find(def);
        if (it == index.end() || it->second == i)
          continue;
        EdgeKind kind =
            isTokenType(v.getType()) ? EdgeKind::Token : EdgeKind::Data;
        if (!llvm::is_contained(sources, std::make_pair(it->second, kind)))
          sources.push_back({it->second, kind});
      }
    });
    for (auto [from, kind] : sources)
      body.graph.addEdge(from, i, kind);
  }

  // Iter_args: the op yielding iter_arg k feeds next iteration's users.
  auto yield = cast<scf::YieldOp>(block->getTerminator());
  for (auto [k, yielded] : llvm::enumerate(yield.getOperands())) {
    Operation *def = yielded.getDefiningOp();
    auto it = def ? index.find(def) : index.end();
    if (it == index.end())
      continue;
    BlockArgument arg = loop.getRegionIterArgs()[k];
    llvm::SmallVector<unsigned> users;
    for (Operation *user : arg.getUsers()) {
      Operation *top = block->findAncestorOpInBlock(*user);
      if (!top || top == yield.getOperation())
        continue;
      unsigned u = index.lookup(top);
      if (!llvm::is_contained(users, u))
        users.push_back(u);
    }
    EdgeKind kind =
        isTokenType(yielded.getType()) ? EdgeKind::Token : EdgeKind::Data;
    for (unsigned u : users)
      body.graph.addEdge(it->second, u, kind, /*distance=*/1);
  }

  // Memory: conflicting accesses keep their order within an iteration and
  // across iterations.
  std::vector<std::optional<llvm::SmallVector<Access>>> accesses;
  for (Operation *op : body.ops)
    accesses.push_back(accessesOf(op));
  for (unsigned a = 0; a < body.ops.size(); ++a)
    for (unsigned b = a + 1; b < body.ops.size(); ++b)
      if (conflict(accesses[a], accesses[b])) {
        body.graph.addEdge(a, b, EdgeKind::Memory);
        body.graph.addEdge(b, a, EdgeKind::Memory, /*distance=*/1);
      }
  body.graph.finalize(model);

  // Constraints.
  body.constraints.forceSerialExecution =
      loop->hasAttr((kConstraint + "force_serial_execution").str());
  body.constraints.nodes.resize(body.ops.size());
  llvm::SmallVector<std::pair<int64_t, unsigned>> sameDepth;
  for (unsigned i = 0; i < body.ops.size(); ++i) {
    Operation *op = body.ops[i];
    sched::Constraints::PerNode &c = body.constraints.nodes[i];
    if (auto d = intAttr(op, (kConstraint + "max_depth").str()); d && *d >= 0)
      c.maxDepth = static_cast<unsigned>(*d);
    c.gid = intAttr(op, (kConstraint + "gid").str());
    c.leaderGid = intAttr(op, (kConstraint + "leader_gid").str());
    if (auto s = intAttr(op, (kConstraint + "same_depth").str())) {
      for (auto [value, other] : sameDepth)
        if (value == *s)
          body.constraints.sameDepth.push_back({other, i});
      sameDepth.push_back({*s, i});
    }
  }
  return body;
}

void tilecheck::nv_tileas::writeSchedule(scf::ForOp loop, const BodyGraph &body,
                                         const sched::ScheduleAnalysis &s) {
  Builder b(loop.getContext());
  loop->setAttr(kGenerator, b.getStringAttr(sched::generatorName(s.generator)));
  if (s.generator == sched::Generator::CostBased) {
    loop->setAttr(kII, b.getI32IntegerAttr(s.ii));
    loop->setAttr(kMII, b.getI32IntegerAttr(s.mii));
  } else {
    loop->removeAttr(kII);
    loop->removeAttr(kMII);
  }
  for (unsigned i = 0; i < body.ops.size(); ++i) {
    Operation *op = body.ops[i];
    const auto &n = s.nodes[i];
    op->setAttr(kStage, b.getI32IntegerAttr(n.stage));
    op->setAttr(kOrder, b.getI32IntegerAttr(n.order));
    if (n.cycle)
      op->setAttr(kCycle, b.getI32IntegerAttr(*n.cycle));
    else
      op->removeAttr(kCycle);
    if (n.fusedWith)
      op->setAttr(kFused, b.getI32IntegerAttr(s.nodes[*n.fusedWith].order));
    else
      op->removeAttr(kFused);
  }
}

bool tilecheck::nv_tileas::hasSchedule(scf::ForOp loop) {
  return loop->hasAttr(kGenerator);
}

void tilecheck::nv_tileas::eraseLoopSchedule(scf::ForOp loop) {
  for (llvm::StringRef name : {kGenerator, kII, kMII})
    loop->removeAttr(name);
}

void tilecheck::nv_tileas::eraseOpPlacement(Operation *op) {
  for (llvm::StringRef name : {kStage, kOrder, kCycle, kFused})
    op->removeAttr(name);
}

std::optional<sched::ScheduleAnalysis>
tilecheck::nv_tileas::readSchedule(scf::ForOp loop, const BodyGraph &body,
                                   std::string &error) {
  auto generator = loop->getAttrOfType<StringAttr>(kGenerator);
  if (!generator) {
    error = "the loop has no tileas.schedule.generator";
    return std::nullopt;
  }
  sched::ScheduleAnalysis s;
  s.generator = sched::parseGenerator(generator.getValue());
  s.success = true;
  s.edges = body.graph.edges();
  if (s.generator == sched::Generator::CostBased) {
    std::optional<int64_t> ii = intAttr(loop, kII);
    if (!ii || *ii <= 0) {
      error = "a cost-based schedule without a positive tileas.schedule.ii";
      return std::nullopt;
    }
    s.ii = static_cast<unsigned>(*ii);
    s.mii = static_cast<unsigned>(intAttr(loop, kMII).value_or(0));
  }
  const unsigned n = body.ops.size();
  s.nodes.resize(n);
  llvm::DenseMap<int64_t, unsigned> byOrder;
  for (unsigned i = 0; i < n; ++i) {
    Operation *op = body.ops[i];
    std::optional<int64_t> stage = intAttr(op, kStage);
    std::optional<int64_t> order = intAttr(op, kOrder);
    if (!stage || !order || *stage < 0 || *order < 0) {
      error = "body op " + std::to_string(i) + " ('" +
              op->getName().getStringRef().str() +
              "') has no non-negative tileas.schedule.stage and order";
      return std::nullopt;
    }
    s.nodes[i].stage = static_cast<unsigned>(*stage);
    s.nodes[i].order = static_cast<unsigned>(*order);
    if (std::optional<int64_t> cycle = intAttr(op, kCycle);
        cycle && *cycle >= 0)
      s.nodes[i].cycle = static_cast<unsigned>(*cycle);
    byOrder[*order] = i;
  }
  for (unsigned i = 0; i < n; ++i)
    if (std::optional<int64_t> partner = intAttr(body.ops[i], kFused)) {
      auto it = byOrder.find(*partner);
      s.nodes[i].fusedWith = it == byOrder.end() ? n : it->second;
    }
  s.ordered.resize(n);
  std::iota(s.ordered.begin(), s.ordered.end(), 0u);
  std::stable_sort(s.ordered.begin(), s.ordered.end(),
                   [&](unsigned a, unsigned b) {
                     return std::make_pair(s.nodes[a].stage, s.nodes[a].order) <
                            std::make_pair(s.nodes[b].stage, s.nodes[b].order);
                   });
  return s;
}

std::optional<int64_t>
tilecheck::nv_tileas::constantTripCount(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lb || !ub || !step || *step <= 0)
    return std::nullopt;
  if (*ub <= *lb)
    return 0;
  // The distance of two 64-bit bounds needs 65 bits.
  __int128 trips = ((__int128)*ub - *lb + *step - 1) / *step;
  return trips > INT64_MAX ? INT64_MAX : int64_t(trips);
}

FailureOr<nv_tileas::ConsumedSchedule>
tilecheck::nv_tileas::readScheduleForConsumer(scf::ForOp loop) {
  std::optional<sched::MachineModel> model = machineModelFor(loop);
  if (!model)
    return failure();
  BodyGraph body = buildBodyGraph(loop, *model);
  std::string error;
  std::optional<sched::ScheduleAnalysis> s = readSchedule(loop, body, error);
  if (!s) {
    loop.emitError("cleanup pass invalidated ScheduleAnalysis; rerun "
                   "constraint generation or remove the pass")
            .attachNote()
        << error;
    return failure();
  }
  std::vector<unsigned> byOrder(s->nodes.size());
  std::iota(byOrder.begin(), byOrder.end(), 0u);
  llvm::stable_sort(byOrder, [&](unsigned a, unsigned b) {
    return s->nodes[a].order < s->nodes[b].order;
  });
  for (auto [rank, i] : llvm::enumerate(byOrder))
    s->nodes[i].order = rank;
  std::vector<std::string> problems =
      sched::checkSchedule(*s, body.graph, *model, body.constraints);
  return ConsumedSchedule{*model, std::move(body), std::move(*s),
                          std::move(problems)};
}

LogicalResult tilecheck::nv_tileas::forEachScheduledLoop(
    Operation *root, function_ref<FailureOr<bool>(scf::ForOp)> fn) {
  // A replaced loop is erased: only loops that stay are remembered.
  llvm::DenseSet<Operation *> visited;
  while (true) {
    scf::ForOp next;
    root->walk<WalkOrder::PreOrder>([&](scf::ForOp loop) {
      if (visited.contains(loop) || !hasSchedule(loop))
        return WalkResult::advance();
      next = loop;
      return WalkResult::interrupt();
    });
    if (!next)
      return success();
    FailureOr<bool> replaced = fn(next);
    if (failed(replaced))
      return failure();
    if (!*replaced)
      visited.insert(next);
  }
}

bool tilecheck::nv_tileas::everyDeclaredEffect(
    Operation *op,
    llvm::function_ref<bool(const MemoryEffects::EffectInstance &)> pred) {
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return false;
  llvm::SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  return llvm::all_of(effects, pred);
}
