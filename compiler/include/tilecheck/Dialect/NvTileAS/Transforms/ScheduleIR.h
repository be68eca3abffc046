//===- ScheduleIR.h - Schedules of loops in the IR --------------*- C++ -*-===//
//
// The bridge between scf.for bodies and the scheduling library: the
// dependence graph of a body, its constraint attributes, and the schedule
// written to and read back from attributes (so schedules print, survive a
// round trip and can be written by hand).
//
//   on the loop      tileas.schedule.generator = "serial" | "cost"
//                    tileas.schedule.ii, tileas.schedule.mii (cost)
//                    tileas.schedule.constraint.force_serial_execution
//   on body ops      tileas.schedule.stage, tileas.schedule.order
//                    tileas.schedule.cycle (cost), tileas.schedule.fused
//                    (the partner's order)
//                    tileas.schedule.constraint.max_depth / gid /
//                    leader_gid / same_depth (equal values share a depth)
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DIALECT_NVTILEAS_TRANSFORMS_SCHEDULEIR_H
#define TILECHECK_DIALECT_NVTILEAS_TRANSFORMS_SCHEDULEIR_H

#include "tilecheck/Scheduling/DependenceGraph.h"
#include "tilecheck/Scheduling/Schedule.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>
#include <vector>

namespace tilecheck::nv_tileas {

/// On a loop a schedule consumer rewrote: the stages of the schedule it
/// turned into code (tileas-unspecialized-pipeline,
/// tileas-materialize-schedule).
inline constexpr llvm::StringLiteral kPipelineNumStagesAttr =
    "tileas.pipeline.num_stages";

/// The dependence graph of a loop body: node i is ops[i] (the body's ops
/// but the terminator, in order).
struct BodyGraph {
  std::vector<mlir::Operation *> ops;
  sched::DependenceGraph graph;
  sched::Constraints constraints;
};

/// The target of `op`'s function (kernel spec) or module
/// (nv_tileaa.compute_capability); nullopt when neither names one of
/// sm_80/90/100/120's families.
std::optional<sched::Target> scheduleTargetOf(mlir::Operation *op);

/// The machine model of `loop`'s target; nullopt after seed 000's error
/// "failed to get compute capability" on the loop when it has none.
std::optional<sched::MachineModel> machineModelFor(mlir::scf::ForOp loop);

/// Builds the graph of `loop`'s body for `model`: data edges from SSA uses
/// (token edges for token-typed values; uses inside nested regions count),
/// memory edges between ops whose declared effects conflict (read/write or
/// write/write on one resource; unknown effects conflict with everything)
/// in both directions (distance 0 forward, 1 backward), and iter_arg edges
/// of distance 1 from the op yielding a value to the ops using it next
/// iteration.
BodyGraph buildBodyGraph(mlir::scf::ForOp loop,
                         const sched::MachineModel &model);

/// Writes `schedule` onto the loop and its body ops.
void writeSchedule(mlir::scf::ForOp loop, const BodyGraph &body,
                   const sched::ScheduleAnalysis &schedule);

/// True when the loop carries a schedule (tileas.schedule.generator).
bool hasSchedule(mlir::scf::ForOp loop);

/// Removes the loop-level schedule attributes (generator, ii, mii).
void eraseLoopSchedule(mlir::scf::ForOp loop);

/// Removes an op's placement (stage, order, cycle, fused); its constraint
/// attributes stay.
void eraseOpPlacement(mlir::Operation *op);

/// A scheduled loop as the schedule's consumers (tileas-unspecialized-
/// pipeline, tileas-materialize-schedule) read it.
struct ConsumedSchedule {
  sched::MachineModel model;
  BodyGraph body;
  sched::ScheduleAnalysis schedule;
  /// The checker's findings; empty when the schedule is valid.
  std::vector<std::string> problems;
};

/// Reads `loop`'s schedule for a pass that consumes it: the target's
/// machine model (seed 000's "failed to get compute capability" otherwise),
/// the body's graph and the schedule (seed 003's "cleanup pass invalidated
/// ScheduleAnalysis; ..." when a body op has no placement), with the orders
/// ranked again 0..n-1 (passes that only erase ops, such as cse, preserve a
/// schedule), then checked. Failure after an error on the loop.
mlir::FailureOr<ConsumedSchedule>
readScheduleForConsumer(mlir::scf::ForOp loop);

/// Calls `fn` on every scheduled loop under `root`, outer loops first, until
/// none is left unvisited: `fn` returns true when it replaced the loop (the
/// loop is erased, and scheduled loops it cloned are visited in turn),
/// false when the loop stays, failure to stop (the result is then failure).
mlir::LogicalResult forEachScheduledLoop(
    mlir::Operation *root,
    llvm::function_ref<mlir::FailureOr<bool>(mlir::scf::ForOp)> fn);

/// The constant trip count of `loop` (saturated at INT64_MAX), if its
/// bounds and step are constants and the step is positive.
std::optional<int64_t> constantTripCount(mlir::scf::ForOp loop);

/// Whether `op` declares its memory effects and `pred` holds for each
/// (false for an op without MemoryEffectOpInterface).
bool everyDeclaredEffect(
    mlir::Operation *op,
    llvm::function_ref<bool(const mlir::MemoryEffects::EffectInstance &)> pred);

/// Reads the schedule attributes back; nullopt (and `error` set) when the
/// loop has none or they are incomplete.
std::optional<sched::ScheduleAnalysis>
readSchedule(mlir::scf::ForOp loop, const BodyGraph &body, std::string &error);

} // namespace tilecheck::nv_tileas

#endif // TILECHECK_DIALECT_NVTILEAS_TRANSFORMS_SCHEDULEIR_H
