//===- DependenceGraph.cpp - Dependence graphs and MII --------------------===//

#include "tilecheck/Scheduling/DependenceGraph.h"
#include "tilecheck/Support/EnumNames.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>
#include <functional>
#include <limits>
#include <queue>

using namespace tilecheck::sched;
using llvm::StringRef;

StringRef tilecheck::sched::edgeKindName(EdgeKind kind) {
  static constexpr tilecheck::EnumName<EdgeKind> names[] = {
      {EdgeKind::Data, "data"},
      {EdgeKind::Memory, "memory"},
      {EdgeKind::Token, "token"}};
  return tilecheck::nameOf(names, kind);
}

unsigned DependenceGraph::addNode(Node node) {
  nodes_.push_back(std::move(node));
  out_.emplace_back();
  in_.emplace_back();
  return nodes_.size() - 1;
}

void DependenceGraph::addEdge(unsigned from, unsigned to, EdgeKind kind,
                              unsigned distance,
                              std::optional<unsigned> latency) {
  assert(from < nodes_.size() && to < nodes_.size() && "edge to no node");
  Edge e;
  e.from = from;
  e.to = to;
  e.kind = kind;
  e.distance = distance;
  e.latency = latency.value_or(0);
  explicitLatency_.push_back(latency);
  out_[from].push_back(edges_.size());
  in_[to].push_back(edges_.size());
  edges_.push_back(e);
}

void DependenceGraph::finalize(const MachineModel &model) {
  for (unsigned i = 0; i < edges_.size(); ++i) {
    if (explicitLatency_[i])
      continue;
    Edge &e = edges_[i];
    e.latency = e.kind == EdgeKind::Memory
                    ? 0
                    : model.timing(nodes_[e.from].opClass).latency;
  }
}

std::vector<unsigned> DependenceGraph::intraIterationOrder() const {
  // Kahn's algorithm over the distance-0 edges.
  std::vector<unsigned> indegree(size(), 0);
  for (const Edge &e : edges_)
    if (e.distance == 0)
      ++indegree[e.to];
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
      ready;
  for (unsigned i = 0; i < size(); ++i)
    if (indegree[i] == 0)
      ready.push(i);
  std::vector<unsigned> order;
  while (!ready.empty()) {
    unsigned n = ready.top();
    ready.pop();
    order.push_back(n);
    for (unsigned ei : out_[n]) {
      const Edge &e = edges_[ei];
      if (e.distance == 0 && --indegree[e.to] == 0)
        ready.push(e.to);
    }
  }
  return order;
}

bool DependenceGraph::hasIntraIterationCycle() const {
  return intraIterationOrder().size() != size();
}

std::optional<unsigned>
DependenceGraph::resMII(const MachineModel &model) const {
  // Slots (one issue per cycle): the cycles their ops hold them. Pools: an
  // op that takes every unit of a pool holds it alone, so those cycles add
  // up; the other ops need at least their unit-cycles over the capacity,
  // and at least their longest duration, in the rows left.
  std::vector<uint64_t> slotCycles(model.numSlots(), 0);
  std::array<uint64_t, kNumPools> exclusive{}, shared{}, longestShared{};
  for (const Node &n : nodes_) {
    const OpTiming &t = model.timing(n.opClass);
    if (!t.supported)
      return std::nullopt;
    const Footprint &f = t.footprint;
    if (f.holdsNothing())
      continue;
    slotCycles[f.slot] += f.duration;
    for (unsigned p = 0; p < kNumPools; ++p) {
      if (!f.pools[p])
        continue;
      if (f.pools[p] >= model.capacities()[p]) {
        exclusive[p] += f.duration;
      } else {
        shared[p] += uint64_t(f.pools[p]) * f.duration;
        longestShared[p] = std::max<uint64_t>(longestShared[p], f.duration);
      }
    }
  }
  uint64_t mii = 0;
  for (uint64_t c : slotCycles)
    mii = std::max(mii, c);
  for (unsigned p = 0; p < kNumPools; ++p) {
    uint64_t cap = model.capacities()[p];
    if (!cap && (exclusive[p] || shared[p]))
      return std::nullopt;
    uint64_t rows = exclusive[p];
    if (shared[p])
      rows += std::max((shared[p] + cap - 1) / cap, longestShared[p]);
    mii = std::max(mii, rows);
  }
  return static_cast<unsigned>(mii);
}

bool tilecheck::sched::hasPositiveCycle(const DependenceGraph &graph,
                                        unsigned ii) {
  // Bellman-Ford for longest paths from a virtual source joined to every
  // node with weight 0: a relaxation in round n means a positive cycle.
  const unsigned n = graph.size();
  std::vector<int64_t> dist(n, 0);
  for (unsigned round = 0; round <= n; ++round) {
    bool changed = false;
    for (const Edge &e : graph.edges()) {
      int64_t w = int64_t(e.latency) - int64_t(ii) * int64_t(e.distance);
      if (dist[e.from] + w > dist[e.to]) {
        dist[e.to] = dist[e.from] + w;
        changed = true;
      }
    }
    if (!changed)
      return false;
  }
  return true;
}

std::optional<unsigned> DependenceGraph::recMII() const {
  if (hasIntraIterationCycle())
    return std::nullopt;
  bool carried = false;
  uint64_t hi = 1;
  for (const Edge &e : edges_) {
    carried |= e.distance > 0;
    hi += e.latency;
  }
  if (!carried || !hasPositiveCycle(*this, 0))
    return 0;
  // The smallest II without a positive cycle; II = sum of latencies + 1 has
  // none (every cycle has distance >= 1 and latency <= the sum).
  uint64_t lo = 0; // has a positive cycle
  while (hi - lo > 1) {
    uint64_t mid = lo + (hi - lo) / 2;
    if (hasPositiveCycle(*this, static_cast<unsigned>(mid)))
      lo = mid;
    else
      hi = mid;
  }
  return static_cast<unsigned>(hi);
}

std::string DependenceGraph::str() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  for (unsigned i = 0; i < size(); ++i)
    os << "node " << i << " " << nodes_[i].name << " ["
       << opClassName(nodes_[i].opClass)
       << (nodes_[i].asyncPipeline ? ", pipeline" : "") << "]\n";
  for (const Edge &e : edges_)
    os << "edge " << e.from << " -> " << e.to << " " << edgeKindName(e.kind)
       << " latency " << e.latency << " distance " << e.distance << "\n";
  return text;
}
