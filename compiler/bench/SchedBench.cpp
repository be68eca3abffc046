//===- SchedBench.cpp - Schedule quality and scheduling time --------------===//
//
//   sched-bench --quality [--bodies N] [--budget-ratio R]
//               [--deep-budget-ratio R] [--constraint-iterations N]
//               [--rrt-size-threshold N] [--exact-budget N]
//               [--refute-budget N]   per target, over N random loop
//       bodies (default 1,000; sizes 4..60): the fraction the cost-based
//       generator schedules at II = MII, the mean II/MII, the rung that
//       found each schedule, fused seats, and the fraction the selector
//       sends to the cost-based generator. With --exact-budget N (default
//       200,000; 0: off) the exact search proves the IIs below each
//       schedule's infeasible or finds one: the fraction at the smallest
//       feasible II, the bodies where the search found a smaller II than
//       the generator, and those it could not decide within N placements
//       per II, and the fraction at the smallest feasible II when the
//       generator runs the exact-search rung after its ladder (the
//       option exactSearchBudget = N). Deterministic (fixed seeds).
//   sched-bench [Google Benchmark flags]   scheduling time per op for
//       bodies of 10, 30, 100 and 300 ops, both generators, sm_90.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Scheduling/ExactSearch.h"
#include "tilecheck/Scheduling/RandomGraph.h"
#include "tilecheck/Scheduling/Schedule.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>

using namespace tilecheck::sched;

namespace {

int quality(unsigned bodies, const ScheduleOptions &base, uint64_t exactBudget,
            RandomGraphOptions::Shape shape) {
  llvm::outs()
      << "\n"
      << (shape == RandomGraphOptions::Shape::Kernel
              ? "Kernel-shaped bodies (K-loops, attention-like)"
              : "Unstructured bodies")
      << "\n\n| target | bodies | at II = MII | at smallest feasible II | "
         "search found smaller | undecided | with the exact-search rung | "
         "mean II/MII | failed | invalid | fused seats | cost-based "
         "selected | rungs |\n"
      << "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  int status = 0;
  for (Target target : allTargets()) {
    MachineModel model = MachineModel::forTarget(target);
    unsigned atMII = 0, failed = 0, invalid = 0, fused = 0, selected = 0;
    unsigned optimal = 0, beaten = 0, undecided = 0, optimalWithRung = 0;
    double ratio = 0;
    std::map<std::string, unsigned> rungs;
    for (unsigned k = 0; k < bodies; ++k) {
      RandomGraphOptions go;
      go.shape = shape;
      go.numNodes = 4 + k % 57;
      DependenceGraph g = randomGraph(1000 + k, model, go);
      ScheduleOptions options = base;
      selected +=
          selectGenerator(g, Constraints(), options) == Generator::CostBased;
      ScheduleAnalysis s =
          generateCostBasedSchedule(g, model, Constraints(), options);
      if (!s.success) {
        ++failed;
        continue;
      }
      if (!checkSchedule(s, g, model, Constraints()).empty())
        ++invalid;
      atMII += s.ii == s.mii;
      if (exactBudget) {
        IILowerBound bound = provenIILowerBound(g, model, s.ii, exactBudget);
        optimal += bound.ii == s.ii;
        beaten += bound.ii < s.ii && bound.verdict == Verdict::Feasible;
        undecided += bound.ii < s.ii && bound.verdict == Verdict::Unknown;
        // The smallest feasible II where the search decided it.
        std::optional<unsigned> best;
        if (bound.ii == s.ii || bound.verdict == Verdict::Feasible)
          best = bound.ii;
        ScheduleOptions withRung = options;
        withRung.exactSearchBudget = exactBudget;
        ScheduleAnalysis r =
            generateCostBasedSchedule(g, model, Constraints(), withRung);
        if (!r.success || !checkSchedule(r, g, model, Constraints()).empty())
          ++invalid;
        optimalWithRung += r.success && best && r.ii == *best;
      }
      ratio += double(s.ii) / double(s.mii);
      ++rungs[rungName(*s.rung).str()];
      for (const auto &n : s.nodes)
        fused += n.fusedWith.has_value();
    }
    unsigned done = bodies - failed;
    llvm::outs() << "| " << targetName(target) << " | " << bodies << " | "
                 << llvm::format("%.1f%%", 100.0 * atMII / bodies) << " | ";
    if (exactBudget)
      llvm::outs() << llvm::format("%.1f%%", 100.0 * optimal / bodies) << " | "
                   << beaten << " | " << undecided << " | "
                   << llvm::format("%.1f%%", 100.0 * optimalWithRung / bodies)
                   << " | ";
    else
      llvm::outs() << "- | - | - | - | ";
    llvm::outs() << llvm::format("%.4f", done ? ratio / done : 0.0) << " | "
                 << failed << " | " << invalid << " | " << fused / 2 << " | "
                 << llvm::format("%.1f%%", 100.0 * selected / bodies) << " | ";
    bool first = true;
    for (auto &[name, count] : rungs) {
      llvm::outs() << (first ? "" : ", ") << name << " " << count;
      first = false;
    }
    llvm::outs() << " |\n";
    if (failed || invalid)
      status = 1;
  }
  return status;
}

/// Arguments: ops per body, generator (0 serial, 1 cost-based), the shape
/// (0 unstructured, 1 kernel), and whether the cost-based generator skips
/// the IIs the exact search refutes (refuteBudget, on by default).
void BM_Schedule(benchmark::State &state) {
  MachineModel model = MachineModel::forTarget(Target::SM90);
  RandomGraphOptions go;
  go.numNodes = static_cast<unsigned>(state.range(0));
  go.shape = state.range(2) ? RandomGraphOptions::Shape::Kernel
                            : RandomGraphOptions::Shape::Unstructured;
  Generator generator =
      state.range(1) ? Generator::CostBased : Generator::Serial;
  ScheduleOptions options;
  if (!state.range(3))
    options.refuteBudget = 0;
  std::vector<DependenceGraph> graphs;
  for (uint64_t seed = 1; seed <= 16; ++seed)
    graphs.push_back(randomGraph(seed, model, go));
  // One iteration schedules all 16 bodies, so every measurement averages
  // the same mix.
  int64_t ops = 0;
  for (auto _ : state)
    for (const DependenceGraph &g : graphs) {
      ScheduleAnalysis s =
          generateSchedule(generator, g, model, Constraints(), options);
      benchmark::DoNotOptimize(s.ii);
      ops += g.size();
    }
  state.SetItemsProcessed(ops); // items/s = ops scheduled per second
  std::string label = generatorName(generator).str();
  label += state.range(2) ? " kernel" : " unstructured";
  if (state.range(1) && state.range(3))
    label += " refute";
  state.SetLabel(label);
}
BENCHMARK(BM_Schedule)
    ->ArgsProduct({{10, 30, 100, 300}, {0}, {0}, {0}})
    ->ArgsProduct({{10, 30, 100, 300}, {1}, {0, 1}, {0, 1}})
    ->Unit(benchmark::kMicrosecond);

} // namespace

int main(int argc, char **argv) {
  bool wantQuality = false;
  unsigned bodies = 1000;
  uint64_t exactBudget = 200000;
  ScheduleOptions options;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    auto number = [&](unsigned &out) {
      if (i + 1 >= argc)
        return false;
      out = static_cast<unsigned>(std::strtoul(argv[++i], nullptr, 10));
      return out > 0;
    };
    if (arg == "--quality") {
      wantQuality = true;
    } else if (arg == "--exact-budget" || arg == "--refute-budget") {
      uint64_t &out =
          arg == "--exact-budget" ? exactBudget : options.refuteBudget;
      char *end = nullptr;
      if (i + 1 < argc)
        out = std::strtoull(argv[++i], &end, 10);
      if (!end || !*argv[i] || *end) {
        llvm::errs() << "sched-bench: " << arg << " wants a count\n";
        return 2;
      }
    } else if (arg == "--bodies" || arg == "--budget-ratio" ||
               arg == "--deep-budget-ratio" ||
               arg == "--constraint-iterations" ||
               arg == "--rrt-size-threshold") {
      unsigned &out = arg == "--bodies"              ? bodies
                      : arg == "--budget-ratio"      ? options.budgetRatio
                      : arg == "--deep-budget-ratio" ? options.deepBudgetRatio
                      : arg == "--constraint-iterations"
                          ? options.constraintIterations
                          : options.rrtSizeThreshold;
      if (!number(out)) {
        llvm::errs() << "sched-bench: " << arg << " wants a positive count\n";
        return 2;
      }
    }
  }
  if (wantQuality)
    return quality(bodies, options, exactBudget,
                   RandomGraphOptions::Shape::Unstructured) |
           quality(bodies, options, exactBudget,
                   RandomGraphOptions::Shape::Kernel);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 2;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
