//===- Schedule.cpp - Selector, serial generator, checker -----------------===//
//
// The cost-based generator is ModuloScheduler.cpp.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Scheduling/Schedule.h"
#include "tilecheck/Support/EnumNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <numeric>

using namespace tilecheck::sched;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Constraints
//===----------------------------------------------------------------------===//

bool Constraints::empty() const {
  if (forceSerialExecution || !sameDepth.empty())
    return false;
  for (const PerNode &n : nodes)
    if (n.maxDepth || n.gid || n.leaderGid)
      return false;
  return true;
}

std::vector<unsigned> Constraints::unionRoots(unsigned numNodes) const {
  std::vector<unsigned> parent(numNodes);
  std::iota(parent.begin(), parent.end(), 0u);
  auto find = [&](unsigned x) {
    while (parent[x] != x)
      x = parent[x] = parent[parent[x]];
    return x;
  };
  // Union by the smaller index, so the root is the first node of its union.
  auto unite = [&](unsigned a, unsigned b) {
    a = find(a);
    b = find(b);
    if (a != b)
      parent[std::max(a, b)] = std::min(a, b);
  };
  // Group ids: the first node carrying a gid (as gid or leader_gid) stands
  // for it.
  std::vector<std::pair<int64_t, unsigned>> byGroup;
  for (unsigned i = 0; i < std::min<size_t>(numNodes, nodes.size()); ++i) {
    for (const std::optional<int64_t> &g : {nodes[i].gid, nodes[i].leaderGid})
      if (g)
        byGroup.push_back({*g, i});
  }
  std::stable_sort(byGroup.begin(), byGroup.end(),
                   [](auto &a, auto &b) { return a.first < b.first; });
  for (size_t i = 1; i < byGroup.size(); ++i)
    if (byGroup[i].first == byGroup[i - 1].first)
      unite(byGroup[i].second, byGroup[i - 1].second);
  for (auto [a, b] : sameDepth)
    if (a < numNodes && b < numNodes)
      unite(a, b);
  for (unsigned i = 0; i < numNodes; ++i)
    parent[i] = find(i);
  return parent;
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

StringRef tilecheck::sched::generatorName(Generator g) {
  return g == Generator::Serial ? "serial" : "cost";
}

Generator tilecheck::sched::parseGenerator(StringRef name) {
  return name == "serial" ? Generator::Serial : Generator::CostBased;
}

StringRef tilecheck::sched::rungName(Rung r) {
  static constexpr llvm::StringLiteral names[] = {
      "rau-refinement",
      "deepest-retry",
      "initial-placement",
      "cost-based-placement",
      "cleared-initial-placement",
      "cleared-cost-based-placement",
      "exact-search"};
  static_assert(std::size(names) == size_t(Rung::ExactSearch) + 1);
  return tilecheck::nameOf(names, r, "");
}

//===----------------------------------------------------------------------===//
// The analysis
//===----------------------------------------------------------------------===//

unsigned ScheduleAnalysis::numStages() const {
  unsigned stages = 0;
  for (const PerNode &n : nodes)
    stages = std::max(stages, n.stage + 1);
  return stages;
}

std::string ScheduleAnalysis::str(const DependenceGraph &graph) const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "schedule " << generatorName(generator) << " "
     << (success ? "success" : "failure");
  if (generator == Generator::CostBased)
    os << " ii " << ii << " mii " << mii << " (res " << resMII << ", rec "
       << recMII << ")";
  if (compression > 1)
    os << " compression " << compression;
  if (rung)
    os << " rung " << rungName(*rung);
  os << " stages " << numStages() << "\n";
  for (unsigned i : ordered) {
    const PerNode &n = nodes[i];
    os << "  " << i << " " << graph.node(i).name << " stage " << n.stage
       << " order " << n.order;
    if (n.cycle)
      os << " cycle " << *n.cycle;
    if (n.slot && *n.slot >= 0)
      os << " slot " << *n.slot;
    os << "\n";
  }
  return text;
}

//===----------------------------------------------------------------------===//
// Selector
//===----------------------------------------------------------------------===//

Generator tilecheck::sched::selectGenerator(const DependenceGraph &graph,
                                            const Constraints &constraints,
                                            const ScheduleOptions &options) {
  if (constraints.forceSerialExecution)
    return Generator::Serial;
  if (graph.size() < options.serialThreshold)
    return Generator::Serial;
  bool asyncPipeline = false, tma = false, wgmma = false;
  for (const Node &n : graph.nodes()) {
    asyncPipeline |= n.asyncPipeline;
    tma |= n.opClass == OpClass::TmaLoad || n.opClass == OpClass::TmaStore;
    wgmma |= n.opClass == OpClass::Wgmma || n.opClass == OpClass::Tcgen05Mma;
  }
  if (!asyncPipeline && !tma && !wgmma)
    return Generator::Serial;
  return Generator::CostBased;
}

//===----------------------------------------------------------------------===//
// Serial generator
//===----------------------------------------------------------------------===//

ScheduleAnalysis
tilecheck::sched::generateSerialSchedule(const DependenceGraph &graph,
                                         const Constraints &constraints) {
  // Seed 004: only force_serial_execution is read, and the serial walk is
  // what it asks for; every other constraint is dropped (the quirk).
  (void)constraints.forceSerialExecution;
  ScheduleAnalysis out;
  out.generator = Generator::Serial;
  out.edges = graph.edges();
  const unsigned n = graph.size();
  out.nodes.assign(n, {});
  // Program order, as far as the dependences allow.
  out.ordered = graph.intraIterationOrder();
  for (auto [order, op] : llvm::enumerate(out.ordered)) {
    out.nodes[op].stage = 0;
    out.nodes[op].order = order;
  }
  out.success = out.ordered.size() == n; // false: a dependence cycle
  return out;
}

ScheduleAnalysis tilecheck::sched::generateSchedule(
    Generator generator, const DependenceGraph &graph,
    const MachineModel &model, const Constraints &constraints,
    const ScheduleOptions &options) {
  if (generator == Generator::Serial || constraints.forceSerialExecution)
    return generateSerialSchedule(graph, constraints);
  return generateCostBasedSchedule(graph, model, constraints, options);
}

void tilecheck::sched::placeAtCycles(
    ScheduleAnalysis &out, const DependenceGraph &graph, unsigned ii,
    const std::vector<int64_t> &cycles,
    const std::vector<std::optional<unsigned>> &fusedWith) {
  const unsigned n = graph.size();
  out.generator = Generator::CostBased;
  out.success = true;
  out.ii = ii;
  out.edges = graph.edges();
  out.nodes.assign(n, {});
  int64_t first = n ? *std::min_element(cycles.begin(), cycles.end()) : 0;
  int64_t remainder = first % int64_t(ii);
  int64_t shift = first - (remainder < 0 ? remainder + ii : remainder);
  ScheduleAnalysis serial = generateSerialSchedule(graph, Constraints());
  auto key = [&](unsigned i) {
    return std::make_pair(cycles[i], serial.nodes[i].order);
  };
  std::vector<unsigned> byIssue(n);
  std::iota(byIssue.begin(), byIssue.end(), 0u);
  std::stable_sort(byIssue.begin(), byIssue.end(),
                   [&](unsigned a, unsigned b) { return key(a) < key(b); });
  for (unsigned k = 0; k < n; ++k) {
    unsigned i = byIssue[k];
    ScheduleAnalysis::PerNode &node = out.nodes[i];
    node.cycle = static_cast<unsigned>(cycles[i] - shift);
    node.stage = *node.cycle / ii;
    node.depth = node.stage;
    node.order = k;
    node.fusedWith = fusedWith[i];
  }
  out.ordered = std::move(byIssue);
}

//===----------------------------------------------------------------------===//
// Checker
//===----------------------------------------------------------------------===//

std::vector<std::string> tilecheck::sched::checkSchedule(
    const ScheduleAnalysis &schedule, const DependenceGraph &graph,
    const MachineModel &model, const Constraints &constraints) {
  std::vector<std::string> problems;
  auto problem = [&](const llvm::Twine &text) {
    problems.push_back(text.str());
  };
  const unsigned n = graph.size();
  if (!schedule.success) {
    problem("the schedule reports failure");
    return problems;
  }
  if (schedule.nodes.size() != n) {
    problem("the schedule has " + llvm::Twine(schedule.nodes.size()) +
            " nodes, the graph " + llvm::Twine(n));
    return problems;
  }
  // Every node placed once, orders a permutation, `ordered` sorted by
  // (stage, order).
  std::vector<unsigned> seen(n, 0), orderSeen(n, 0);
  for (unsigned i : schedule.ordered) {
    if (i >= n) {
      problem("ordered names node " + llvm::Twine(i) + ", which is not there");
      return problems;
    }
    ++seen[i];
  }
  for (unsigned i = 0; i < n; ++i) {
    if (seen[i] != 1)
      problem("node " + llvm::Twine(i) + " is placed " + llvm::Twine(seen[i]) +
              " times");
    unsigned o = schedule.nodes[i].order;
    if (o >= n || orderSeen[o]++)
      problem("node " + llvm::Twine(i) + " has order " + llvm::Twine(o) +
              ", which is out of range or taken");
  }
  for (size_t k = 1; k < schedule.ordered.size(); ++k) {
    const auto &a = schedule.nodes[schedule.ordered[k - 1]];
    const auto &b = schedule.nodes[schedule.ordered[k]];
    if (std::make_pair(a.stage, a.order) >= std::make_pair(b.stage, b.order))
      problem("ordered is not sorted by (stage, order) at position " +
              llvm::Twine(k));
  }
  if (!problems.empty())
    return problems;

  if (schedule.generator == Generator::Serial) {
    for (unsigned i = 0; i < n; ++i)
      if (schedule.nodes[i].stage != 0)
        problem("serial schedule puts node " + llvm::Twine(i) + " at stage " +
                llvm::Twine(schedule.nodes[i].stage));
    for (const Edge &e : graph.edges())
      if (e.distance == 0 &&
          schedule.nodes[e.from].order >= schedule.nodes[e.to].order)
        problem("serial order puts node " + llvm::Twine(e.to) +
                " before its dependence " + llvm::Twine(e.from));
    return problems;
  }

  // Cost-based: a modulo schedule.
  const unsigned ii = schedule.ii;
  if (ii == 0) {
    problem("modulo schedule with II 0");
    return problems;
  }
  for (unsigned i = 0; i < n; ++i) {
    const auto &s = schedule.nodes[i];
    if (!s.cycle) {
      problem("node " + llvm::Twine(i) + " has no cycle");
      return problems;
    }
    if (s.stage != *s.cycle / ii)
      problem("node " + llvm::Twine(i) + " at cycle " + llvm::Twine(*s.cycle) +
              " has stage " + llvm::Twine(s.stage) + ", not cycle / II");
  }
  for (const Edge &e : graph.edges()) {
    int64_t from = *schedule.nodes[e.from].cycle;
    int64_t to = *schedule.nodes[e.to].cycle + int64_t(ii) * e.distance;
    if (to < from + int64_t(e.latency))
      problem("edge " + llvm::Twine(e.from) + " -> " + llvm::Twine(e.to) +
              " (latency " + llvm::Twine(e.latency) + ", distance " +
              llvm::Twine(e.distance) + ") is violated: cycles " +
              llvm::Twine(from) + " and " +
              llvm::Twine(*schedule.nodes[e.to].cycle) + " at II " +
              llvm::Twine(ii));
  }
  // Issue order follows the start cycles and the dependences.
  for (const Edge &e : graph.edges())
    if (e.distance == 0 &&
        schedule.nodes[e.from].order >= schedule.nodes[e.to].order)
      problem("node " + llvm::Twine(e.to) + " is ordered before its " +
              "dependence " + llvm::Twine(e.from));
  // The modulo reservation table, rebuilt from the model.
  std::vector<std::vector<unsigned>> slotUse(
      ii, std::vector<unsigned>(model.numSlots(), 0));
  std::vector<std::array<unsigned, kNumPools>> poolUse(ii);
  for (unsigned i = 0; i < n; ++i) {
    const OpTiming &t = model.timing(graph.node(i).opClass);
    if (!t.supported) {
      problem("node " + llvm::Twine(i) + " (" +
              opClassName(graph.node(i).opClass) + ") has no unit on " +
              targetName(model.target()));
      continue;
    }
    const Footprint &f = t.footprint;
    if (f.holdsNothing())
      continue;
    // A fused pair issues once: the partner with the larger index does not
    // take the slot again.
    std::optional<unsigned> partner = schedule.nodes[i].fusedWith;
    bool issues = true;
    if (partner) {
      if (*partner >= n || schedule.nodes[*partner].fusedWith != i ||
          graph.node(*partner).opClass != graph.node(i).opClass ||
          schedule.nodes[*partner].cycle != schedule.nodes[i].cycle)
        problem("node " + llvm::Twine(i) + " is fused with node " +
                llvm::Twine(*partner) +
                ", which is not its same-class, same-cycle partner");
      else
        issues = *partner > i;
    }
    for (unsigned c = 0; c < f.duration; ++c) {
      unsigned row = (*schedule.nodes[i].cycle + c) % ii;
      if (issues)
        ++slotUse[row][f.slot];
      for (unsigned p = 0; p < kNumPools; ++p)
        poolUse[row][p] += f.pools[p];
    }
  }
  for (unsigned row = 0; row < ii; ++row) {
    for (unsigned s = 0; s < model.numSlots(); ++s)
      if (slotUse[row][s] > 1)
        problem("row " + llvm::Twine(row) + ": slot " + model.slotName(s) +
                " issues " + llvm::Twine(slotUse[row][s]) + " ops");
    for (unsigned p = 0; p < kNumPools; ++p)
      if (poolUse[row][p] > model.capacities()[p])
        problem("row " + llvm::Twine(row) + ": pool " +
                poolName(static_cast<Pool>(p)) + " holds " +
                llvm::Twine(poolUse[row][p]) + " units of " +
                llvm::Twine(unsigned(model.capacities()[p])));
  }
  // Constraints (the cost-based generator honours them all).
  for (unsigned i = 0; i < n; ++i)
    if (const Constraints::PerNode *c = constraints.forNode(i))
      if (c->maxDepth && schedule.nodes[i].stage > *c->maxDepth)
        problem("node " + llvm::Twine(i) + " is at depth " +
                llvm::Twine(schedule.nodes[i].stage) +
                " beyond its max_depth " + llvm::Twine(*c->maxDepth));
  std::vector<unsigned> roots = constraints.unionRoots(n);
  for (unsigned i = 0; i < n; ++i)
    if (schedule.nodes[i].stage != schedule.nodes[roots[i]].stage)
      problem("node " + llvm::Twine(i) + " (depth " +
              llvm::Twine(schedule.nodes[i].stage) + ") and node " +
              llvm::Twine(roots[i]) + " (depth " +
              llvm::Twine(schedule.nodes[roots[i]].stage) +
              ") share a group but not a depth");
  return problems;
}
