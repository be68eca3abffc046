//===- GenerateSchedule.cpp - tileas-generate-schedule --------------------===//
//
// Seed 000's TileASGenerateSchedule: compute capability -> machine model ->
// a generator per loop -> schedule -> legalization (the checker) -> the
// schedule as attributes. Optionally a Chrome trace of every schedule.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/ScheduleIR.h"
#include "tilecheck/Scheduling/ExactSearch.h"
#include "tilecheck/Support/InjectedBugs.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace tilecheck::nv_tileas {
#define GEN_PASS_DEF_TILEASGENERATESCHEDULE
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h.inc"
} // namespace tilecheck::nv_tileas

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas;

namespace {

/// Chrome tracing events of one loop's schedule: one complete event per op
/// (issue time, latency, stage/order, the ops it waits for, its atom).
void traceLoop(llvm::json::Array &events, unsigned loopIndex, scf::ForOp loop,
               const BodyGraph &body, const sched::MachineModel &model,
               const sched::ScheduleAnalysis &s) {
  std::string where;
  llvm::raw_string_ostream os(where);
  loop.getLoc().print(os);
  events.push_back(llvm::json::Object{
      {"name", "process_name"},
      {"ph", "M"},
      {"pid", loopIndex},
      {"args", llvm::json::Object{
                   {"name", ("loop " + llvm::Twine(loopIndex) + " " + where +
                             " (" + sched::generatorName(s.generator) +
                             (s.ii ? ", II " + std::to_string(s.ii) : "") + ")")
                                .str()}}}});
  for (unsigned i = 0; i < body.ops.size(); ++i) {
    const auto &n = s.nodes[i];
    const sched::OpTiming &t = model.timing(body.graph.node(i).opClass);
    unsigned minimal = 0;
    llvm::json::Array deps;
    for (unsigned ei : body.graph.inEdges(i)) {
      const sched::Edge &e = body.graph.edges()[ei];
      if (e.distance == 0)
        minimal = std::max(minimal, e.latency);
      deps.push_back(llvm::json::Object{{"from", e.from},
                                        {"kind", sched::edgeKindName(e.kind)},
                                        {"latency", e.latency},
                                        {"distance", e.distance}});
    }
    llvm::json::Object args{
        {"stage", n.stage},
        {"order", n.order},
        {"class", sched::opClassName(body.graph.node(i).opClass)},
        {"latency", t.latency},
        {"minimal_latency", minimal},
        {"dependences", std::move(deps)}};
    if (Attribute atom = body.ops[i]->getAttr("atom")) {
      std::string text;
      llvm::raw_string_ostream aos(text);
      atom.print(aos);
      args["atom"] = text;
    }
    events.push_back(llvm::json::Object{
        {"name", body.graph.node(i).name},
        {"ph", "X"},
        {"pid", loopIndex},
        {"tid", t.footprint.slot < 0 ? std::string("free")
                                     : model.slotName(t.footprint.slot).str()},
        {"ts", n.cycle ? *n.cycle : n.order},
        {"dur", std::max(1u, t.latency)},
        {"args", std::move(args)}});
  }
}

/// The self-test's injected bug: the last op that starts exactly when an
/// incoming dependence allows moves one cycle earlier, as if that latency
/// were one short.
void dropOneLatency(sched::ScheduleAnalysis &s) {
  std::optional<unsigned> victim;
  for (const sched::Edge &e : s.edges) {
    const auto &from = s.nodes[e.from], &to = s.nodes[e.to];
    if (!from.cycle || !to.cycle || e.latency == 0 || *to.cycle == 0 ||
        *to.cycle + int64_t(s.ii) * e.distance !=
            int64_t(*from.cycle) + e.latency)
      continue;
    if (!victim || *to.cycle > *s.nodes[*victim].cycle)
      victim = e.to;
  }
  if (!victim)
    return;
  unsigned cycle = --*s.nodes[*victim].cycle;
  s.nodes[*victim].stage = cycle / s.ii;
}

struct GenerateSchedulePass
    : nv_tileas::impl::TileASGenerateScheduleBase<GenerateSchedulePass> {
  using TileASGenerateScheduleBase::TileASGenerateScheduleBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::SmallVector<scf::ForOp> loops;
    module.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    sched::Generator requested = sched::parseGenerator(scheduler);
    sched::ScheduleOptions options;
    options.constraintIterations = maxConstraintIterations;
    options.rrtSizeThreshold = rrtSizeThreshold;
    options.serialThreshold = serialThreshold;
    options.maxII = maxII;
    options.exactSearchBudget = exactSearchBudget;
    if (scheduler == "exact" && !options.exactSearchBudget)
      options.exactSearchBudget = sched::kDefaultExactSearchBudget;
    llvm::json::Array events;
    for (auto [k, loop] : llvm::enumerate(loops)) {
      std::optional<sched::MachineModel> found = machineModelFor(loop);
      if (!found)
        return signalPassFailure();
      const sched::MachineModel &model = *found;
      BodyGraph body = buildBodyGraph(loop, model);
      sched::Generator generator =
          requested == sched::Generator::Serial
              ? sched::Generator::Serial
              : sched::selectGenerator(body.graph, body.constraints, options);
      sched::ScheduleAnalysis s = sched::generateSchedule(
          generator, body.graph, model, body.constraints, options);
      if (!s.success) {
        loop.emitError("failed to find a schedule");
        return signalPassFailure();
      }
      if (selftest::emitInjectedBugSelectionError(loop))
        return signalPassFailure();
      if (selftest::isInjected(selftest::InjectedBug::ScheduleLatency))
        dropOneLatency(s);
      std::vector<std::string> problems =
          sched::checkSchedule(s, body.graph, model, body.constraints);
      if (!problems.empty()) {
        InFlightDiagnostic diag = loop.emitError("failed to legalize schedule");
        diag.attachNote() << "the " << sched::generatorName(s.generator)
                          << " generator produced this schedule";
        for (const std::string &p : problems)
          diag.attachNote() << p;
        return signalPassFailure();
      }
      writeSchedule(loop, body, s);
      if (!trace.empty())
        traceLoop(events, k, loop, body, model, s);
    }
    if (trace.empty())
      return;
    std::error_code ec;
    llvm::raw_fd_ostream out(trace, ec, llvm::sys::fs::OF_Text);
    if (ec) {
      module.emitError("cannot write the schedule trace '")
          << trace << "': " << ec.message();
      return signalPassFailure();
    }
    out << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                      {"traceEvents", std::move(events)},
                                      {"displayTimeUnit", "ns"}}))
        << "\n";
  }
};

} // namespace
