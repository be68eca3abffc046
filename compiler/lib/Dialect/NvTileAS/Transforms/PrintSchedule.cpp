//===- PrintSchedule.cpp - tileas-print-schedule --------------------------===//
//
// The print pass of the schedule analysis: every scheduled loop's schedule,
// read back from its attributes, in (stage, order) order, the checker's
// verdict, then what the schedule consumers make of it (the schedule
// support bodies): the ops of each stage by role, the values crossing into
// a later stage and the producer -> consumer stage pairs. Output goes to
// stdout, sorted by loop position, so lit tests can check schedules
// written by the generator or by hand.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/ScheduleIR.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/ScheduleSupport.h"

#include "llvm/Support/raw_ostream.h"

namespace tilecheck::nv_tileas {
#define GEN_PASS_DEF_TILEASPRINTSCHEDULE
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h.inc"
} // namespace tilecheck::nv_tileas

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas;

namespace {
struct PrintSchedulePass
    : nv_tileas::impl::TileASPrintScheduleBase<PrintSchedulePass> {
  void runOnOperation() override {
    llvm::raw_ostream &os = llvm::outs();
    unsigned index = 0;
    getOperation().walk<WalkOrder::PreOrder>([&](scf::ForOp loop) {
      if (!loop->hasAttr("tileas.schedule.generator"))
        return;
      os << "loop " << index++ << " at ";
      loop.getLoc().print(os);
      os << "\n";
      std::optional<sched::Target> target = scheduleTargetOf(loop);
      if (!target) {
        os << "  no target: failed to get compute capability\n";
        return;
      }
      sched::MachineModel model = sched::MachineModel::forTarget(*target);
      BodyGraph body = buildBodyGraph(loop, model);
      std::string error;
      std::optional<sched::ScheduleAnalysis> s =
          readSchedule(loop, body, error);
      if (!s) {
        os << "  unreadable: " << error << "\n";
        return;
      }
      // The cells the attributes do not store, from the graph and model.
      if (s->generator == sched::Generator::CostBased) {
        s->resMII = body.graph.resMII(model).value_or(0);
        s->recMII = body.graph.recMII().value_or(0);
        for (unsigned i = 0; i < body.ops.size(); ++i)
          s->nodes[i].slot =
              model.timing(body.graph.node(i).opClass).footprint.slot;
      }
      os << s->str(body.graph);
      std::vector<std::string> problems =
          sched::checkSchedule(*s, body.graph, model, body.constraints);
      if (problems.empty())
        os << "  valid\n";
      for (const std::string &p : problems)
        os << "  invalid: " << p << "\n";
      os << schedule_utils::materializeSchedule(loop, body, *s).str(body);
      for (const schedule_utils::StagePair &pair :
           schedule_utils::buildStages(*s)) {
        os << "  pair " << pair.producer << " -> " << pair.consumer << ":";
        for (unsigned k : pair.edges) {
          const sched::Edge &e = s->edges[k];
          os << " " << e.from << "->" << e.to;
          if (e.distance)
            os << " d" << e.distance;
        }
        os << "\n";
      }
    });
    os.flush();
    markAllAnalysesPreserved();
  }
};
} // namespace
