//===- Schedule.h - Schedule generators and their common output -*- C++ -*-===//
//
// Two generators with one output shape (seed 004):
//   serial      one greedy walk over the distance-0 dependences, ready ops in
//               program order; every op at stage 0; fails on a dependence
//               cycle. Honours only force_serial_execution (the documented
//               quirk: every other constraint is dropped).
//   cost-based  a modulo scheduler: II from MII = max(ResMII, RecMII)
//               upward, a modulo resource reservation table, admission
//               gates G1-G4 in fixed order, the strategy ladder (Rau
//               refinement, deepest retry, initial placement, cost-based
//               placement with its four arms, then clear and retry), a
//               lexicographic cost vector.
// selectGenerator picks one the way seed 004's selector does.
//
// checkSchedule is the oracle: it says whether a schedule respects its
// graph, its model and (cost-based) its constraints.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_SCHEDULING_SCHEDULE_H
#define TILECHECK_SCHEDULING_SCHEDULE_H

#include "tilecheck/Scheduling/DependenceGraph.h"
#include "tilecheck/Scheduling/MachineModel.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilecheck::sched {

/// The tileas.schedule.constraint.* attributes of a region and its ops.
struct Constraints {
  /// force_serial_execution on the region.
  bool forceSerialExecution = false;
  struct PerNode {
    /// max_depth: the deepest stage (start cycle / II) the op may take.
    std::optional<unsigned> maxDepth;
    /// gid: the op's group; leader_gid: the group it follows. Every op of
    /// one union (gid, leader_gid and same-depth pairs, transitively) must
    /// take the same stage.
    std::optional<int64_t> gid;
    std::optional<int64_t> leaderGid;
  };
  /// Indexed by node; shorter than the graph means "no constraint".
  std::vector<PerNode> nodes;
  /// same-depth: pairs of nodes that must share a stage.
  std::vector<std::pair<unsigned, unsigned>> sameDepth;

  const PerNode *forNode(unsigned i) const {
    return i < nodes.size() ? &nodes[i] : nullptr;
  }
  /// The union of each node (groups of ops that must share a stage): the
  /// representative node index per node.
  std::vector<unsigned> unionRoots(unsigned numNodes) const;
  bool empty() const;
};

enum class Generator : uint8_t { Serial, CostBased };
llvm::StringRef generatorName(Generator g);
/// "serial" or "cost"; anything else is cost (seed 000: unknown values fall
/// back to the cost scheduler).
Generator parseGenerator(llvm::StringRef name);

struct ScheduleOptions {
  /// Regions with fewer ops take the serial generator.
  unsigned serialThreshold = 8;
  /// Rau's budget: placements per op before a rung gives up.
  unsigned budgetRatio = 3;
  /// The deepest retry's budget ratio.
  unsigned deepBudgetRatio = 12;
  /// Permutations the permute arm tries at most (all of them when the
  /// ready set has at most 4 ops).
  unsigned permuteBudget = 24;
  /// The II search gives up above the larger of MII * this factor and the
  /// II at which one op per window, in topological order, always fits
  /// (only constraints can make that fail).
  unsigned maxIIFactor = 4;
  /// Ladders per II before the next II: after a failed ladder, the ops it
  /// could not seat are placed first in the next one (the pass option
  /// max-constraint-iterations).
  unsigned constraintIterations = 1;
  /// The largest II tried (0: up to the bound above).
  unsigned maxII = 0;
  /// Reservation-table compression (rrt-size-threshold): when MII exceeds
  /// this many rows, time runs in units of f = ceil(MII / threshold)
  /// cycles (latencies and durations rounded up), so the table has at most
  /// about `threshold` rows; the schedule is mapped back to cycles, valid
  /// but possibly at a larger II. 0: never compress.
  unsigned rrtSizeThreshold = 0;
  /// After the ladder fails at an II, decide that II by the exact search
  /// (ExactSearch.h) with at most this many placements, and take its
  /// schedule when it finds one: the rung `exact-search`. Only for bodies
  /// without constraints (the search does not read them). 0: seed 004's
  /// ladder alone.
  uint64_t exactSearchBudget = 0;
  /// Before the ladder runs at an II, the exact search may prove it
  /// infeasible within this many placements (bodies of at most
  /// refuteMaxOps ops: its closure costs ops^3); the II is then skipped.
  /// The schedule does not change (the ladder fails there anyway), only
  /// the time to find it. 0: never.
  uint64_t refuteBudget = 100;
  unsigned refuteMaxOps = 512;
  /// Tests: run only this rung of the ladder (0 Rau refinement, 1 deepest
  /// retry, 2 initial placement, 3 cost-based placement); -1 the ladder.
  int onlyRung = -1;
};

/// The placement arms of cost-based placement and the ladder's rungs.
enum class Rung : uint8_t {
  RauRefinement,
  DeepestRetry,
  InitialPlacement,
  CostBasedPlacement,
  ClearedInitialPlacement,
  ClearedCostBasedPlacement,
  /// Not seed 004's: the exact search after the ladder (exactSearchBudget).
  ExactSearch,
};
llvm::StringRef rungName(Rung r);

/// What a generator publishes for one region (the analysis downstream
/// passes read). (stage, order) is the public ordering key; the optional
/// cells are filled by the cost-based generator only.
struct ScheduleAnalysis {
  Generator generator = Generator::Serial;
  bool success = false;
  /// Initiation interval (0 for serial schedules).
  unsigned ii = 0;
  /// MII and its parts (0 for serial schedules).
  unsigned mii = 0, resMII = 0, recMII = 0;
  /// The rung that found the schedule (cost-based).
  std::optional<Rung> rung;
  /// Cycles per reservation-table row (1 unless compressed).
  unsigned compression = 1;
  struct PerNode {
    unsigned stage = 0;
    /// Issue order within the flat schedule (0..n-1, a permutation).
    unsigned order = 0;
    /// Optional cells: start cycle of the flat schedule, issue slot, depth
    /// (= stage) and the pool units held.
    std::optional<unsigned> cycle;
    std::optional<int> slot;
    std::optional<unsigned> depth;
    std::optional<std::array<uint8_t, kNumPools>> pools;
    /// The fuse arm issued this op together with `fusedWith` (same class,
    /// same cycle, one issue of the slot, the pools of both).
    std::optional<unsigned> fusedWith;
  };
  std::vector<PerNode> nodes;
  /// Node indices by (stage, order).
  std::vector<unsigned> ordered;
  /// A copy of the graph's edges (the analysis stands alone).
  std::vector<Edge> edges;

  unsigned numStages() const;
  /// The schedule as text: one line per node in (stage, order) order; the
  /// same schedule gives the same text, byte for byte.
  std::string str(const DependenceGraph &graph) const;
};

/// The generator seed 004's selector picks: force_serial_execution ->
/// serial; fewer than serialThreshold ops -> serial; no async pipeline,
/// TMA or WGMMA-class (wgmma, tcgen05) op -> serial; else cost-based.
Generator selectGenerator(const DependenceGraph &graph,
                          const Constraints &constraints,
                          const ScheduleOptions &options);

/// Seed 004's serial generator. Reads only the graph's distance-0 edges and
/// constraints.forceSerialExecution.
ScheduleAnalysis generateSerialSchedule(const DependenceGraph &graph,
                                        const Constraints &constraints);

/// The cost-based modulo scheduler.
ScheduleAnalysis generateCostBasedSchedule(const DependenceGraph &graph,
                                           const MachineModel &model,
                                           const Constraints &constraints,
                                           const ScheduleOptions &options);

/// Runs `generator` (a forced-serial region always gets the serial one).
ScheduleAnalysis generateSchedule(Generator generator,
                                  const DependenceGraph &graph,
                                  const MachineModel &model,
                                  const Constraints &constraints,
                                  const ScheduleOptions &options);

/// Every way `schedule` breaks its contract, one line each (empty: valid):
/// every node placed once, orders a permutation, (stage, order) consistent
/// with `ordered`; serial: stage 0 and a topological order of the distance-0
/// edges; cost-based: every edge's latency respected modulo II, no slot or
/// pool oversubscribed in any row of the reservation table, stage = cycle /
/// II, max_depth and union constraints kept.
/// Fills `out` (generator, success, II, nodes, order) from start cycles at
/// `ii`: shifted by whole IIs so the first op is in stage 0, stage = depth
/// = cycle / II, issue order by (cycle, program-order topological rank),
/// and the fused partners. Both modulo generators end here.
void placeAtCycles(ScheduleAnalysis &out, const DependenceGraph &graph,
                   unsigned ii, const std::vector<int64_t> &cycles,
                   const std::vector<std::optional<unsigned>> &fusedWith);

std::vector<std::string> checkSchedule(const ScheduleAnalysis &schedule,
                                       const DependenceGraph &graph,
                                       const MachineModel &model,
                                       const Constraints &constraints);

} // namespace tilecheck::sched

#endif // TILECHECK_SCHEDULING_SCHEDULE_H
