//===- FuzzBench.cpp - Throughput of the differential engine --------------===//
//
// Google Benchmark figures for the engine's speed target: full differential
// checks per second per core on default generated programs (tile-gen's
// `full` policy) over the default matrix (O0..O3 x {serial, cost} at
// sm_100). One check is one (program, configuration) pair: compile in a
// forked child, interpret (the checkpoints and the compiled module), compare
// with the reference. The reference run of each program is included. Every
// child runs after the previous one ends, so wall-clock rate = rate per core;
// the counter `checks` is reported per second of real time.
//
// On a loaded machine the wall-clock rate understates the per-core rate, so
// `checks_per_cpu_s` divides by the CPU time of this process and all its
// (reaped) children instead.
//
// Variants: checkpoints after every pass or none; configurations with an
// identical pipeline shared (the default) or each run on its own; a
// program's runs in one batch child (the default) or each in a child of its
// own (`_Isolated`, EngineOptions::batchRuns); and
// tile-diff's whole default matrix (without tileiras): tilec's plus ptxas
// and the two simt configurations. `programs` is programs per second.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Engine.h"
#include "tilecheck/Generators/Generator.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <benchmark/benchmark.h>

#include <sys/resource.h>

using namespace tilecheck;
using namespace tilecheck::fuzz;

namespace {

/// The first 16 default generated programs.
const std::vector<TestCase> &programs() {
  static std::vector<TestCase> cases = [] {
    std::vector<TestCase> out;
    auto policy = gen::presetPolicy("full");
    if (!policy) {
      llvm::consumeError(policy.takeError());
      return out;
    }
    for (uint64_t s = 0; s < 16; ++s)
      out.push_back(gen::generateProgram(*policy, s));
    return out;
  }();
  return cases;
}

void checkDefaultMatrix(benchmark::State &state, bool checkpoints, bool share,
                        bool backend = false, bool batch = true) {
  const std::vector<TestCase> &cases = programs();
  if (cases.empty()) {
    state.SkipWithError("no generated programs");
    return;
  }
  prepareEngine();
  // tilec's configurations, or tile-diff's default matrix without tileiras
  // (plus ptxas and the two simt configurations).
  std::vector<Configuration> matrix =
      backend ? makeMatrix(MatrixKind::Default, 0, 0, TileirasUse::Exclude)
              : defaultMatrix();
  EngineOptions options;
  options.checkpointAll = checkpoints;
  options.shareIdenticalPipelines = share;
  options.batchRuns = batch;
  auto cpuSeconds = [] {
    double total = 0;
    for (int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
      struct rusage u;
      getrusage(who, &u);
      total += u.ru_utime.tv_sec + u.ru_stime.tv_sec +
               1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
    }
    return total;
  };
  double cpuStart = cpuSeconds();
  size_t next = 0;
  int64_t checks = 0, findings = 0, unchecked = 0;
  for (auto _ : state) {
    ProgramReport report =
        checkProgram(cases[next++ % cases.size()], matrix, options);
    if (report.error) {
      ++unchecked;
      continue;
    }
    checks += report.results.size();
    for (const ConfigResult &r : report.results)
      findings += countsAsFinding(r.kind);
  }
  state.counters["checks"] =
      benchmark::Counter(checks, benchmark::Counter::kIsRate);
  state.counters["programs"] = benchmark::Counter(
      static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  double cpu = cpuSeconds() - cpuStart;
  state.counters["checks_per_cpu_s"] = cpu > 0 ? checks / cpu : 0;
  state.counters["findings"] = findings;
  state.counters["unchecked_programs"] = unchecked;
}

void BM_DefaultMatrix_Checkpoints(benchmark::State &state) {
  checkDefaultMatrix(state, /*checkpoints=*/true, /*share=*/true);
}
void BM_DefaultMatrix_NoCheckpoints(benchmark::State &state) {
  checkDefaultMatrix(state, /*checkpoints=*/false, /*share=*/true);
}
void BM_DefaultMatrix_Checkpoints_NoShare(benchmark::State &state) {
  checkDefaultMatrix(state, /*checkpoints=*/true, /*share=*/false);
}
void BM_DefaultMatrix_Checkpoints_Isolated(benchmark::State &state) {
  checkDefaultMatrix(state, /*checkpoints=*/true, /*share=*/true,
                     /*backend=*/false, /*batch=*/false);
}
void BM_DefaultMatrixWithPtxasAndSimt(benchmark::State &state) {
  checkDefaultMatrix(state, /*checkpoints=*/true, /*share=*/true,
                     /*backend=*/true);
}

} // namespace

BENCHMARK(BM_DefaultMatrix_Checkpoints)->UseRealTime()->Iterations(16);
BENCHMARK(BM_DefaultMatrix_NoCheckpoints)->UseRealTime()->Iterations(16);
BENCHMARK(BM_DefaultMatrix_Checkpoints_NoShare)->UseRealTime()->Iterations(16);
BENCHMARK(BM_DefaultMatrix_Checkpoints_Isolated)->UseRealTime()->Iterations(16);
BENCHMARK(BM_DefaultMatrixWithPtxasAndSimt)->UseRealTime()->Iterations(16);

// BENCHMARK_MAIN, after binding every symbol at start-up as tile-diff does
// (bindSymbolsAtStartup), so that the figures are tile-diff's.
int main(int argc, char **argv) {
  bindSymbolsAtStartup(argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
