//===- SimtBench.cpp - Speed of the CPU SIMT executor ---------------------===//
//
// Google Benchmark figures for the SIMT executor (oracle/docs/Simt.md):
// instructions per second on the seed GEMM (corpus/seeds/gemm.mlir, its
// header's launch) and on generated programs (tile-gen's `full` policy, the
// first 16 seeds whose PTX the backend produces), each compiled once to PTX
// (sm_90, O3 and O0) and then run repeatedly: one iteration is binding the
// arguments, parsing the PTX and running every CTA. Counters:
// `thread_instr` and `warp_instr` per second of real time (one warp
// instruction is one issue for a group of lanes).
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Engine.h"
#include "tilecheck/Generators/Generator.h"
#include "tilecheck/Oracle/SimtProgram.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <benchmark/benchmark.h>

using namespace tilecheck;
using namespace tilecheck::fuzz;

namespace {

/// A program compiled once, ready to run.
struct Compiled {
  TestCase program;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  oracle::TileRunConfig config;
  oracle::SimtRunOptions options;
};

std::unique_ptr<Compiled> compileCase(TestCase program, unsigned opt) {
  auto c = std::make_unique<Compiled>();
  c->program = std::move(program);
  c->module = mlir::parseSourceString<mlir::ModuleOp>(
      c->program.text, mlir::ParserConfig(&engineContext()));
  if (!c->module)
    return nullptr;
  c->config = oracle::runConfigFor(c->program);
  c->options.compile.gpuName = "sm_90";
  c->options.compile.optLevel = opt;
  // Compile once: later runs reuse the PTX and the launch geometry.
  oracle::SimtProgramOutcome first = oracle::runSimtProgram(
      c->module.get(), c->program.text, c->config, c->options);
  if (first.compileCode != 0 || first.run.exitCode != 0)
    return nullptr;
  c->options.precompiled =
      oracle::SimtCompiled{first.ptx, first.threadsPerBlock,
                           first.dynamicSharedBytes, first.globalScratchBytes};
  return c;
}

void runCompiled(benchmark::State &state,
                 const std::vector<std::unique_ptr<Compiled>> &cases) {
  if (cases.empty()) {
    state.SkipWithError("nothing compiled");
    return;
  }
  uint64_t thread = 0, warp = 0;
  size_t next = 0;
  for (auto _ : state) {
    const Compiled &c = *cases[next++ % cases.size()];
    oracle::SimtProgramOutcome out = oracle::runSimtProgram(
        c.module.get(), c.program.text, c.config, c.options);
    if (out.run.exitCode != 0) {
      state.SkipWithError(out.run.message.c_str());
      return;
    }
    thread += out.simt.stats.threadInstructions;
    warp += out.simt.stats.warpInstructions;
  }
  state.counters["thread_instr"] = benchmark::Counter(
      static_cast<double>(thread), benchmark::Counter::kIsRate);
  state.counters["warp_instr"] = benchmark::Counter(
      static_cast<double>(warp), benchmark::Counter::kIsRate);
}

const std::vector<std::unique_ptr<Compiled>> &seedGemm(unsigned opt) {
  static std::map<unsigned, std::vector<std::unique_ptr<Compiled>>> byOpt;
  auto &v = byOpt[opt];
  if (!v.empty())
    return v;
  auto c = oracle::loadSeedCase(TILECHECK_SEEDS_DIR "/gemm.mlir");
  if (!c) {
    llvm::consumeError(c.takeError());
    return v;
  }
  if (auto compiled = compileCase(std::move(*c), opt))
    v.push_back(std::move(compiled));
  return v;
}

const std::vector<std::unique_ptr<Compiled>> &generated(unsigned opt) {
  static std::map<unsigned, std::vector<std::unique_ptr<Compiled>>> byOpt;
  auto &v = byOpt[opt];
  if (!v.empty())
    return v;
  auto policy = gen::presetPolicy("full");
  if (!policy) {
    llvm::consumeError(policy.takeError());
    return v;
  }
  for (uint64_t s = 0; s < 64 && v.size() < 16; ++s) {
    // Programs with an op the backend does not lower yet are left out.
    if (auto compiled = compileCase(gen::generateProgram(*policy, s), opt))
      v.push_back(std::move(compiled));
  }
  return v;
}

void BM_Simt_SeedGemm_O3(benchmark::State &state) {
  runCompiled(state, seedGemm(3));
}
void BM_Simt_SeedGemm_O0(benchmark::State &state) {
  runCompiled(state, seedGemm(0));
}
void BM_Simt_Generated_O3(benchmark::State &state) {
  runCompiled(state, generated(3));
}
void BM_Simt_Generated_O0(benchmark::State &state) {
  runCompiled(state, generated(0));
}

} // namespace

BENCHMARK(BM_Simt_SeedGemm_O3)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Simt_SeedGemm_O0)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Simt_Generated_O3)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Simt_Generated_O0)->UseRealTime()->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
