//===- OracleBench.cpp - Throughput of the reference interpreter ----------===//
//
// Google Benchmark figures for the speed targets of the oracle, single core:
//   - elementwise: a chain of f32/i32 binary ops on 256x256 tiles,
//     reported as element-ops/s (target >= 200 M/s);
//   - row reduction: sum over 256-wide rows of a 256x256 f32 tile, reported
//     as elements/s;
//   - mmaf f32 256x256x256, reported as FLOP/s (2*M*N*K per op; target >=
//     1 GFLOP/s).
// Each benchmark parses a testing$func once and calls it repeatedly through
// Interpreter::call, so parsing is not measured.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/InitAll.h"
#include "tilecheck/Oracle/Interpreter.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <benchmark/benchmark.h>

using namespace tilecheck::oracle;

namespace {

struct Program {
  Program(const char *source) {
    mlir::DialectRegistry registry;
    tilecheck::registerAllDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
    module = mlir::parseSourceString(source, mlir::ParserConfig(&ctx));
    if (!module)
      llvm::report_fatal_error("benchmark program does not parse");
    interp = std::make_unique<Interpreter>(module.get(), memory, RunOptions());
    std::string error;
    fn = interp->findEntry("f", error);
    if (!fn)
      llvm::report_fatal_error(llvm::Twine("benchmark: ") + error);
  }
  void call(llvm::ArrayRef<RtValue> args, benchmark::State &state) {
    llvm::SmallVector<RtValue> out;
    RunResult r = interp->call(fn, args, out);
    if (!r.ok()) {
      state.SkipWithError(r.failure->str().c_str());
      return;
    }
    benchmark::DoNotOptimize(out);
  }
  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::Operation *> module;
  Memory memory;
  std::unique_ptr<Interpreter> interp;
  mlir::Operation *fn = nullptr;
};

RtValue filled(ElemType t, llvm::ArrayRef<int64_t> shape, double scale) {
  Tile tile(t, shape);
  for (int64_t i = 0; i < tile.size(); ++i) {
    double v = ((i * 7919) % 97) * scale - 3;
    if (t == ElemType::F32)
      tile.set<float>(i, static_cast<float>(v));
    else
      tile.setInt(i, static_cast<uint64_t>(static_cast<int64_t>(v)));
  }
  return RtValue::tile(std::move(tile));
}

/// Times @f of `source`, 4 ops per element on two 256x256 tiles of `type`
/// (filled() with `scaleA` and `scaleB`).
void benchElementwise(benchmark::State &state, const char *source,
                      ElemType type, double scaleA, double scaleB) {
  Program p(source);
  RtValue a = filled(type, {256, 256}, scaleA);
  RtValue b = filled(type, {256, 256}, scaleB);
  for (auto _ : state)
    p.call({a, b}, state);
  state.counters["element-ops/s"] = benchmark::Counter(
      4.0 * 256 * 256 * state.iterations(), benchmark::Counter::kIsRate);
}

void BM_ElementwiseF32(benchmark::State &state) {
  // 4 ops per element: addf, mulf, subf, maxf.
  benchElementwise(state, R"mlir(
cuda_tile.module @m {
  testing$func @f(%a: tile<256x256xf32>, %b: tile<256x256xf32>) -> tile<256x256xf32> {
    %0 = addf %a, %b : tile<256x256xf32>
    %1 = mulf %0, %a : tile<256x256xf32>
    %2 = subf %1, %b : tile<256x256xf32>
    %3 = maxf %2, %a : tile<256x256xf32>
    return %3 : tile<256x256xf32>
  }
})mlir",
                   ElemType::F32, 0.25, 0.5);
}
BENCHMARK(BM_ElementwiseF32)->Unit(benchmark::kMicrosecond);

void BM_ElementwiseI32(benchmark::State &state) {
  // 4 ops per element: addi, muli, xori, maxi.
  benchElementwise(state, R"mlir(
cuda_tile.module @m {
  testing$func @f(%a: tile<256x256xi32>, %b: tile<256x256xi32>) -> tile<256x256xi32> {
    %0 = addi %a, %b : tile<256x256xi32>
    %1 = muli %0, %a : tile<256x256xi32>
    %2 = xori %1, %b : tile<256x256xi32>
    %3 = maxi %2, %a signed : tile<256x256xi32>
    return %3 : tile<256x256xi32>
  }
})mlir",
                   ElemType::I32, 1, 3);
}
BENCHMARK(BM_ElementwiseI32)->Unit(benchmark::kMicrosecond);

void BM_RowReduceSumF32(benchmark::State &state) {
  Program p(R"mlir(
cuda_tile.module @m {
  testing$func @f(%a: tile<256x256xf32>) -> tile<256xf32> {
    %s = reduce %a dim=1 identities=[0.000000e+00 : f32] : tile<256x256xf32> -> tile<256xf32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %r = addf %e, %acc : tile<f32>
      yield %r : tile<f32>
    }
    return %s : tile<256xf32>
  }
})mlir");
  RtValue a = filled(ElemType::F32, {256, 256}, 0.25);
  for (auto _ : state)
    p.call({a}, state);
  state.counters["elements/s"] = benchmark::Counter(
      256.0 * 256 * state.iterations(), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RowReduceSumF32)->Unit(benchmark::kMicrosecond);

void BM_MmafF32_256(benchmark::State &state) {
  Program p(R"mlir(
cuda_tile.module @m {
  testing$func @f(%a: tile<256x256xf32>, %b: tile<256x256xf32>, %c: tile<256x256xf32>) -> tile<256x256xf32> {
    %d = mmaf %a, %b, %c : tile<256x256xf32>, tile<256x256xf32>, tile<256x256xf32>
    return %d : tile<256x256xf32>
  }
})mlir");
  RtValue a = filled(ElemType::F32, {256, 256}, 0.25);
  RtValue b = filled(ElemType::F32, {256, 256}, 0.5);
  RtValue c = filled(ElemType::F32, {256, 256}, 1);
  for (auto _ : state)
    p.call({a, b, c}, state);
  state.counters["FLOP/s"] = benchmark::Counter(
      2.0 * 256 * 256 * 256 * state.iterations(), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MmafF32_256)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
