//===- UnspecializedPipeline.cpp - tileas-unspecialized-pipeline ----------===//
//
// Seed 001's TileASUnspecializedPipeline: a scheduled scf.for becomes a
// prologue, a steady-state loop that overlaps consecutive iterations' stages,
// and an epilogue. The schedule comes from tileas-generate-schedule's
// attributes; the mechanical expansion is upstream scf::pipelineForLoop.
//
// The kernel order. Upstream executes op x of iteration j in kernel
// iteration j + stage(x), at x's position in the order it is given. With
// stages capped at C = num-stages - 1 (eff(x) = min(stage(x), C)), the key
//
//     (cycle(x) - eff(x) * II, -eff(x), order(x))
//
// respects every dependence u -> v of distance d in {0, 1} the schedule
// respects (cycle(v) + d * II >= cycle(u) + latency): for d = 0 and equal
// effective stages the first component cannot decrease; for d = 1 with
// eff(v) = eff(u) - 1 it cannot decrease either and a tie puts u (the later
// stage) first; every other case is decided by the stages alone. The pass
// still checks every edge of the body's graph against the order it built
// (legality gate) before anything changes.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/ScheduleIR.h"
#include "tilecheck/Support/InjectedBugs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/PatternMatch.h"

#include <numeric>
#include <tuple>

namespace tilecheck::nv_tileas {
#define GEN_PASS_DEF_TILEASUNSPECIALIZEDPIPELINE
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h.inc"
} // namespace tilecheck::nv_tileas

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas;

namespace {

/// The capped stages and the kernel order (node indices) of a schedule.
struct KernelPlan {
  std::vector<unsigned> stage;
  std::vector<unsigned> order;
  unsigned maxStage = 0;
};

KernelPlan planKernel(const sched::ScheduleAnalysis &s, unsigned cap) {
  const unsigned n = s.nodes.size();
  KernelPlan plan;
  plan.stage.resize(n);
  for (unsigned i = 0; i < n; ++i) {
    plan.stage[i] = std::min(s.nodes[i].stage, cap);
    plan.maxStage = std::max(plan.maxStage, plan.stage[i]);
  }
  auto key = [&](unsigned i) {
    const auto &node = s.nodes[i];
    int64_t row = node.cycle ? int64_t(*node.cycle) -
                                   int64_t(plan.stage[i]) * int64_t(s.ii)
                             : 0;
    return std::make_tuple(row, -int64_t(plan.stage[i]), node.order);
  };
  plan.order.resize(n);
  std::iota(plan.order.begin(), plan.order.end(), 0u);
  std::stable_sort(plan.order.begin(), plan.order.end(),
                   [&](unsigned a, unsigned b) { return key(a) < key(b); });
  return plan;
}

/// Every edge the kernel order would break: op x of iteration j runs at
/// (j + stage(x)) * n + position(x), so u -> v of distance d needs
/// (d + stage(v)) * n + position(v) > stage(u) * n + position(u).
std::vector<std::string> checkPlan(const KernelPlan &plan,
                                   const sched::ScheduleAnalysis &s) {
  const int64_t n = plan.order.size();
  std::vector<int64_t> position(n);
  for (int64_t p = 0; p < n; ++p)
    position[plan.order[p]] = p;
  std::vector<std::string> problems;
  for (const sched::Edge &e : s.edges) {
    if (e.distance > 1) {
      problems.push_back("edge " + std::to_string(e.from) + " -> " +
                         std::to_string(e.to) + " has distance " +
                         std::to_string(e.distance));
      continue;
    }
    int64_t at = (int64_t(e.distance) + plan.stage[e.to]) * n + position[e.to];
    int64_t from = int64_t(plan.stage[e.from]) * n + position[e.from];
    if (at <= from)
      problems.push_back("op " + std::to_string(e.to) +
                         " would run before op " + std::to_string(e.from) +
                         " it depends on (distance " +
                         std::to_string(e.distance) + ")");
  }
  return problems;
}

/// The self-test's injected bug `pipeline-stage`: the first producer whose
/// value a consumer in an earlier stage reads (through a distance-0 edge)
/// moves to the deepest stage, after that consumer.
void misplaceProducer(KernelPlan &plan, const sched::ScheduleAnalysis &s) {
  for (const sched::Edge &e : s.edges)
    if (e.distance == 0 && e.from != e.to && plan.stage[e.to] < plan.maxStage) {
      plan.stage[e.from] = plan.maxStage;
      return;
    }
}

/// The self-test's injected bug: the steady-state loop stops one step early.
void dropOneIteration(RewriterBase &rewriter, scf::ForOp loop) {
  rewriter.setInsertionPoint(loop);
  Value ub = arith::SubIOp::create(rewriter, loop.getLoc(),
                                   loop.getUpperBound(), loop.getStep());
  rewriter.modifyOpInPlace(loop, [&] { loop.setUpperBound(ub); });
}

struct UnspecializedPipelinePass
    : nv_tileas::impl::TileASUnspecializedPipelineBase<
          UnspecializedPipelinePass> {
  using TileASUnspecializedPipelineBase::TileASUnspecializedPipelineBase;

  /// Pipelines `loop` if its schedule asks for it: true when the loop was
  /// replaced, false when it stays; failure only on an error (reported).
  FailureOr<bool> pipeline(scf::ForOp loop) {
    auto skip = [&](llvm::StringRef why) {
      if (remarks)
        loop.emitRemark("not pipelined: ") << why;
      return false;
    };
    FailureOr<ConsumedSchedule> consumed = readScheduleForConsumer(loop);
    if (failed(consumed))
      return failure();
    const BodyGraph &body = consumed->body;
    sched::ScheduleAnalysis *s = &consumed->schedule;
    if (!consumed->problems.empty())
      return skip("the schedule fails the checker: " +
                  consumed->problems.front());
    KernelPlan plan = planKernel(*s, numStages - 1);
    if (plan.maxStage == 0)
      return skip("one stage");
    std::optional<int64_t> trips = constantTripCount(loop);
    if (!trips || *trips <= int64_t(plan.maxStage))
      return skip(trips ? "trip count " + std::to_string(*trips) +
                              " is not above the deepest stage " +
                              std::to_string(plan.maxStage)
                        : std::string("no constant trip count"));
    if (selftest::isInjected(selftest::InjectedBug::PipelineStage))
      misplaceProducer(plan, *s);
    if (std::vector<std::string> problems = checkPlan(plan, *s);
        !problems.empty()) {
      // The kernel key respects every dependence a valid schedule respects:
      // a violation is a bug of this pass, reported as one.
      InFlightDiagnostic diag =
          loop.emitError("the kernel order breaks a dependence of a valid "
                         "schedule");
      for (const std::string &p : problems)
        diag.attachNote() << p;
      return failure();
    }

    scf::PipeliningOption options;
    options.getScheduleFn =
        [&](scf::ForOp,
            std::vector<std::pair<Operation *, unsigned>> &schedule) {
          for (unsigned i : plan.order)
            schedule.emplace_back(body.ops[i], plan.stage[i]);
        };
    options.annotateFn = [&](Operation *op,
                             scf::PipeliningOption::PipelinerPart part,
                             unsigned) {
      if (part != scf::PipeliningOption::PipelinerPart::Kernel)
        eraseOpPlacement(op);
    };
    IRRewriter rewriter(loop.getContext());
    rewriter.setInsertionPoint(loop);
    bool modified = false;
    FailureOr<scf::ForOp> pipelined =
        scf::pipelineForLoop(rewriter, loop, options, &modified);
    if (failed(pipelined)) {
      if (modified) {
        loop.emitError("pipelining failed after changing the loop");
        return failure();
      }
      loop.emitRemark("Failed to pipeline loop");
      return false;
    }
    scf::ForOp kernel = *pipelined;
    if (remarks)
      kernel.emitRemark("pipelined with ") << plan.maxStage + 1 << " stages";
    eraseLoopSchedule(kernel);
    kernel->setAttr(kPipelineNumStagesAttr,
                    rewriter.getI32IntegerAttr(int32_t(plan.maxStage + 1)));
    if (selftest::isInjected(selftest::InjectedBug::PipelineTripCount))
      dropOneIteration(rewriter, kernel);
    return true;
  }

  void runOnOperation() override {
    if (selftest::emitInjectedBugSelectionError(getOperation()))
      return signalPassFailure();
    if (numStages <= 1)
      return;
    // Outer loops first: pipelining an outer loop clones its inner loops
    // with their schedules, and each clone is then pipelined in turn.
    if (failed(forEachScheduledLoop(
            getOperation(), [&](scf::ForOp loop) { return pipeline(loop); })))
      signalPassFailure();
  }
};

} // namespace
