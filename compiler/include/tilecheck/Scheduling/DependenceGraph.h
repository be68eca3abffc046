//===- DependenceGraph.h - The graph a scheduler orders ---------*- C++ -*-===//
//
// The dependence graph of one region (a loop body or a straight-line
// block): one node per op, in program order, and edges that say "the
// destination may start no earlier than `latency` cycles after the source
// started, `distance` iterations later". Data edges come from SSA uses,
// memory edges from declared memory effects (read after write, write after
// read, write after write on the same resource), token edges from the
// ordering tokens of memory ops. An edge with distance 0 stays within one
// iteration; distance d > 0 is carried by the loop (an iter_arg, a store
// the next iteration's load reads).
//
// Plain data: no IR, so schedulers and their properties are tested on
// graphs written by hand or drawn at random (RandomGraph.h).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_SCHEDULING_DEPENDENCEGRAPH_H
#define TILECHECK_SCHEDULING_DEPENDENCEGRAPH_H

#include "tilecheck/Scheduling/MachineModel.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilecheck::sched {

enum class EdgeKind : uint8_t { Data, Memory, Token };
llvm::StringRef edgeKindName(EdgeKind kind);

struct Edge {
  unsigned from = 0;
  unsigned to = 0;
  unsigned latency = 0;
  unsigned distance = 0;
  EdgeKind kind = EdgeKind::Data;
};

struct Node {
  /// The op's name ("nv_tileas.dot") or a label in tests.
  std::string name;
  OpClass opClass = OpClass::Alu;
  /// Part of an async pipeline (produce/consume, queue put/get): the
  /// generator selector's has_async_pipeline.
  bool asyncPipeline = false;
};

class DependenceGraph {
public:
  unsigned addNode(Node node);
  /// Adds an edge; `latency` nullopt takes the source's latency from the
  /// model given to finalize() (data and token edges) or 0 (memory edges:
  /// ordering only).
  void addEdge(unsigned from, unsigned to, EdgeKind kind, unsigned distance = 0,
               std::optional<unsigned> latency = std::nullopt);

  /// Resolves default latencies against `model`. Call once after the last
  /// addEdge; schedulers require it.
  void finalize(const MachineModel &model);

  unsigned size() const { return nodes_.size(); }
  const Node &node(unsigned i) const { return nodes_[i]; }
  const std::vector<Node> &nodes() const { return nodes_; }
  const std::vector<Edge> &edges() const { return edges_; }
  /// Edge indices leaving / entering node i, in insertion order.
  const std::vector<unsigned> &outEdges(unsigned i) const { return out_[i]; }
  const std::vector<unsigned> &inEdges(unsigned i) const { return in_[i]; }

  /// The nodes in a topological order of the distance-0 edges, the smallest
  /// ready node index first (program order where the edges allow it). Nodes
  /// on or behind a distance-0 cycle are left out.
  std::vector<unsigned> intraIterationOrder() const;
  /// True when the distance-0 edges form a cycle (no iteration can run).
  bool hasIntraIterationCycle() const;

  /// A lower bound on II from the resources: for each slot, the cycles its
  /// ops hold it; for each pool, the cycles of the ops that take all of it
  /// plus, for the others, their unit-cycles over the capacity (at least
  /// their longest duration). 0 for a
  /// graph of Free ops only; nullopt when an op needs a unit the target
  /// lacks (capacity 0 or an unsupported class).
  std::optional<unsigned> resMII(const MachineModel &model) const;
  /// The smallest II the loop-carried cycles allow (each cycle's latency
  /// over its distance, rounded up); 0 without such cycles; nullopt with a
  /// distance-0 cycle.
  std::optional<unsigned> recMII() const;

  /// One line per node and edge (for print passes and failing tests).
  std::string str() const;

private:
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  std::vector<std::optional<unsigned>> explicitLatency_;
  std::vector<std::vector<unsigned>> out_, in_;
};

/// True when the graph, with every edge weighted latency - ii * distance,
/// has a cycle of positive weight (no schedule at this II).
bool hasPositiveCycle(const DependenceGraph &graph, unsigned ii);

} // namespace tilecheck::sched

#endif // TILECHECK_SCHEDULING_DEPENDENCEGRAPH_H
