//===- ScheduleSupport.h - Seed 000's schedule support bodies ---*- C++ -*-===//
//
// The three support algorithms of seed 000 ("Schedule Support Bodies")
// that schedule consumers share: tileas-materialize-schedule (AWS and AUS)
// and the print pass use them; tileas-unspecialized-pipeline does not (its
// expansion is upstream's scf::pipelineForLoop). They are free functions
// over a recorded schedule (the BodyGraph of a loop and the
// sched::ScheduleAnalysis read back from its attributes), not members of the
// analysis, so each consumer takes what it needs without the others' state.
//
//   materializeSchedule  the body's ops by stage and role (loads, stores,
//                        pending async ops, iteration data) and the values
//                        that live from one stage into a later one
//   buildStages          the dependences that cross stages, as producer ->
//                        consumer stage pairs in stage order
//   expandSingleTiledOp  one copy of an op per stage, its operands rewired
//                        to that stage's values
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DIALECT_NVTILEAS_TRANSFORMS_SCHEDULESUPPORT_H
#define TILECHECK_DIALECT_NVTILEAS_TRANSFORMS_SCHEDULESUPPORT_H

#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/ScheduleIR.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tilecheck::nv_tileas::schedule_utils {

/// What a body op does, as a pipeliner must treat it. The first that
/// applies wins:
///   Load          reads memory and writes none (its nested ops included):
///                 it may run early, as long as nothing writes what it
///                 reads;
///   PendingAsync  starts work another op completes (async pipeline and
///                 queue ops, cp.async, TMA): it must stay ordered with
///                 its waits;
///   Store         writes memory, or has effects nobody declared;
///   IterData      computes the iteration's values and touches no memory.
enum class OpRole : uint8_t { Load, PendingAsync, Store, IterData };
llvm::StringRef opRoleName(OpRole role);

/// A result of a body op that an op of a later stage reads, so it must
/// outlive the stage that defines it.
struct StageCrossing {
  mlir::Value value;
  unsigned defStage = 0;
  /// The earliest and latest stage of its uses (the loop's yield counts as
  /// a use in the last stage).
  unsigned firstUseStage = 0;
  unsigned lastUseStage = 0;
};

/// The result of materializeSchedule: a scheduled body split by stage.
struct StageMap {
  using OpsByStage = std::map<unsigned, llvm::SmallVector<mlir::Operation *>>;

  /// The deepest stage + 1 (0 for an empty body).
  unsigned numStages = 0;
  /// Per role, keyed by stage: that stage's ops of the role, in body order.
  /// A stage without such ops has no key.
  OpsByStage loads, pendingAsync, stores, iterData;
  /// Every body op (the terminator excluded) with its stage and role.
  llvm::DenseMap<mlir::Operation *, unsigned> stageOfOp;
  llvm::DenseMap<mlir::Operation *, OpRole> roleOfOp;
  /// The results that cross into a later stage, in body order.
  std::vector<StageCrossing> crossings;
  /// The loop body.
  mlir::Block *body = nullptr;

  /// The map of `role`.
  const OpsByStage &ofRole(OpRole role) const;
  /// The stage of the body op `op`; nullopt for ops outside the body.
  std::optional<unsigned> stageOf(mlir::Operation *op) const;
  /// The stage in which `user` (an op of the body, at any depth) runs: its
  /// body-level ancestor's stage, the last stage for the terminator (what
  /// it yields must live until the iteration ends); nullopt outside the
  /// body.
  std::optional<unsigned> stageOfUser(mlir::Operation *user) const;
  /// The earliest stage that reads `value`, counting only uses whose
  /// body-level op (the terminator included) passes `counts` (all when
  /// null); nullopt when no such use exists.
  std::optional<unsigned> earliestUseStage(
      mlir::Value value,
      llvm::function_ref<bool(mlir::Operation *)> counts = nullptr) const;
  /// The partition as text, indented as ScheduleAnalysis::str's nodes:
  /// one line per stage with its roles' node indices (into `graph`'s ops),
  /// then one line per crossing; the same map gives the same text.
  std::string str(const BodyGraph &graph) const;
};

/// Seed 000's materialize schedule. Partitions the body of `loop` (its ops
/// are `body.ops`; `schedule.nodes` gives their stages) into loads, pending
/// async ops, stores and iteration data, each keyed by stage.
///
/// Guarantees: every body op but the terminator is in exactly one list, of
/// the stage its schedule gives it and of the role opRoleName documents;
/// each list keeps body order; `crossings` holds every result read in a
/// stage later than the one defining it, with the earliest and latest
/// stage reading it. The IR is not changed.
StageMap materializeSchedule(mlir::scf::ForOp loop, const BodyGraph &body,
                             const sched::ScheduleAnalysis &schedule);

/// Two stages joined by dependences: a value made in stage `producer` of
/// one iteration is read in stage `consumer` of the same frame, that is
/// stage(to) + distance for an edge from -> to (an iteration-d later
/// consumer in stage s runs d kernel iterations after stage s of the
/// producer's iteration). consumer - producer is how many kernel
/// iterations the value must survive; a value carried to a later
/// iteration may have its consumer past the deepest stage.
struct StagePair {
  unsigned producer = 0;
  unsigned consumer = 0;
  /// The schedule's edges (indices into ScheduleAnalysis::edges) that join
  /// the two stages, in edge order.
  llvm::SmallVector<unsigned> edges;
};

/// Seed 000's build stages. Turns the dependences the schedule had to
/// respect (its edges; the ops of one constraint union share a stage, so
/// only edges between stages remain) into the stage pairs a prologue,
/// kernel and epilogue must connect.
///
/// Guarantees: one pair per distinct (producer, consumer) with producer !=
/// consumer (a valid schedule only has producer < consumer; the checker
/// reports the others), listing each of its edges; the pairs are stably
/// sorted by producer stage, so pairs of one producer stage keep the order
/// in which their first edge appears.
llvm::SmallVector<StagePair>
buildStages(const sched::ScheduleAnalysis &schedule);

/// Per stage, the value each body value stands for in that stage's copy
/// of the body (the induction value of the stage's iteration, earlier
/// copies' results).
using StageValues = std::map<unsigned, mlir::IRMapping>;

/// Seed 000's expand single tiled op. Replicates `op` once for each stage
/// of `stages`, in that order, at `b`'s insertion point.
///
/// Guarantees: replica k reads, for every operand of `op` and every value
/// its regions use from outside, the value `values[stages[k]]` maps it to,
/// and the original where that stage maps none; the replica's results are
/// mapped in `values[stages[k]]` so ops expanded after it in the same stage
/// read them. Attributes (schedule placements included) are copied as
/// they are; `op` is not changed. Returns the replicas in `stages`' order.
llvm::SmallVector<mlir::Operation *>
expandSingleTiledOp(mlir::OpBuilder &b, mlir::Operation *op,
                    llvm::ArrayRef<unsigned> stages, StageValues &values);

/// Seed 001's producer/consumer split of a function (AWS, and the queued
/// loads' agents): an agent_switch at `b`'s insertion point with a
/// producer agent of one warp and a consumer agent of four, marked
/// `tileas.dual_simt` = `dualSimt`. The consumer agent gets a block that
/// holds everything after `after` in its block but the terminator, then
/// its yield; the producer region is left empty for the caller.
nv_tileas::AgentSwitchOp createProducerConsumerSwitch(mlir::OpBuilder &b,
                                                      mlir::Location loc,
                                                      bool dualSimt,
                                                      mlir::Operation *after);

} // namespace tilecheck::nv_tileas::schedule_utils

#endif // TILECHECK_DIALECT_NVTILEAS_TRANSFORMS_SCHEDULESUPPORT_H
