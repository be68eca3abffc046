//===- GeneratorBench.cpp - Programs generated per second -----------------===//
//
// Google Benchmark figures for the generator (target >= 1,000 programs/s
// for the default policy, single core): generation alone (text, arguments
// and input arrays in memory), and generation plus parsing and verifying
// the text in one shared MLIRContext (what a campaign pays per program
// before running it).
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Generators/Generator.h"
#include "tilecheck/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Support/SourceMgr.h"

#include <benchmark/benchmark.h>

using namespace tilecheck::gen;

namespace {

GenPolicy policyFor(int index) {
  std::vector<std::string> names = presetNames();
  return llvm::cantFail(presetPolicy(names[index % names.size()]));
}

void BM_Generate(benchmark::State &state) {
  GenPolicy policy = policyFor(static_cast<int>(state.range(0)));
  uint64_t seed = 1;
  size_t bytes = 0;
  for (auto _ : state) {
    GeneratedProgram p = generateProgram(policy, seed++);
    bytes += p.text.size();
    benchmark::DoNotOptimize(p.text.data());
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(bytes);
  state.SetLabel(policy.name);
}
BENCHMARK(BM_Generate)->DenseRange(0, 6);

void BM_GenerateAndParse(benchmark::State &state) {
  GenPolicy policy = policyFor(6); // full
  mlir::DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  ctx.printOpOnDiagnostic(false);
  mlir::ScopedDiagnosticHandler quiet(
      &ctx, [](mlir::Diagnostic &) { return mlir::success(); });
  uint64_t seed = 1;
  int64_t invalid = 0;
  for (auto _ : state) {
    GeneratedProgram p = generateProgram(policy, seed++);
    auto module = mlir::parseSourceString<mlir::ModuleOp>(
        p.text, mlir::ParserConfig(&ctx));
    invalid += !module;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["invalid"] = static_cast<double>(invalid);
}
BENCHMARK(BM_GenerateAndParse);

} // namespace

BENCHMARK_MAIN();
