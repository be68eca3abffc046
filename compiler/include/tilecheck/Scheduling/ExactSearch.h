//===- ExactSearch.h - Exact modulo-schedule feasibility --------*- C++ -*-===//
//
// Whether a loop body has a modulo schedule at a given II at all, decided
// by a complete search rather than a heuristic. MII = max(ResMII, RecMII)
// is only a lower bound: two ops on one unit that a recurrence holds at a
// fixed distance can make it unreachable, and then no scheduler meets it.
// The search proves such IIs infeasible, or finds a schedule the cost-based
// generator missed, or gives up after a budget of placements. sched-bench
// uses it for the fraction of bodies scheduled at the smallest feasible
// II, next to the fraction at MII.
//
// The search is over start cycles, without the region's constraints
// (max_depth, groups): a bound for the unconstrained body. It works on the
// longest-path closure of the dependence constraints at II (a simple
// temporal network), so a partial placement that respects the closure
// always extends in time; only the modulo reservation table can make it
// fail. Strongly connected components are placed in topological order:
// the first op of a component tries each residue from its earliest cycle
// up to the latest the component can need (shifting the component by
// whole IIs keeps its table rows and cannot break an edge from a component
// placed before it), the others every cycle their window allows. Ops that
// hold nothing are placed last, anywhere their window allows. Fusion (two
// ops of one class in one cycle issue their slot once) is relaxed to one
// row across components; a complete placement counts once shifts of
// whole IIs put every fused pair in one cycle. compiler/docs/Scheduling.md
// ("The exact search") has the argument.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_SCHEDULING_EXACTSEARCH_H
#define TILECHECK_SCHEDULING_EXACTSEARCH_H

#include "tilecheck/Scheduling/DependenceGraph.h"
#include "tilecheck/Scheduling/MachineModel.h"
#include "tilecheck/Scheduling/Schedule.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace tilecheck::sched {

enum class Verdict : uint8_t {
  /// A schedule at the II exists (the result carries it).
  Feasible,
  /// No schedule at the II exists: the search was complete.
  Infeasible,
  /// The budget ran out first.
  Unknown,
};
llvm::StringRef verdictName(Verdict v);

/// The budget `--scheduler exact` gives the search per II.
inline constexpr uint64_t kDefaultExactSearchBudget = 200000;

struct ExactSearchResult {
  Verdict verdict = Verdict::Unknown;
  /// With Feasible: a cost-based schedule at the II (no rung), which
  /// checkSchedule accepts for the unconstrained body.
  ScheduleAnalysis schedule;
  /// Placements tried.
  uint64_t steps = 0;
};

/// Decides whether `graph` (finalized for `model`) has a modulo schedule at
/// `ii`, trying at most `budget` placements.
ExactSearchResult searchModuloSchedule(const DependenceGraph &graph,
                                       const MachineModel &model, unsigned ii,
                                       uint64_t budget);

struct IILowerBound {
  /// Every II from MII up to (not including) this one is proven
  /// infeasible. 0 when the body has no modulo schedule at any II (an op
  /// the target cannot run, or a dependence cycle within an iteration).
  unsigned ii = 0;
  /// The verdict at `ii`: Feasible (the search found a schedule there) or
  /// Unknown (its budget ran out there, or `ii` is the caller's limit,
  /// which is not searched).
  Verdict verdict = Verdict::Unknown;
  uint64_t steps = 0;
};

/// Searches II = MII, MII + 1, ... below `limit` (typically the II a
/// generator reached), each with `budgetPerII` placements, and stops at the
/// first II it cannot prove infeasible. With a schedule at `limit` known,
/// a result with ii == limit proves that schedule's II the smallest.
IILowerBound provenIILowerBound(const DependenceGraph &graph,
                                const MachineModel &model, unsigned limit,
                                uint64_t budgetPerII);

} // namespace tilecheck::sched

#endif // TILECHECK_SCHEDULING_EXACTSEARCH_H
