//===- GpuExecutor.cpp - Cubins run on the GPU, against the reference -----===//
//
// Two executors run a cubin on the GPU through the CUDA Driver API
// (oracle/include/tilecheck/Oracle/GpuProgram.h) with the program's launch
// and compare every buffer with the reference, as the interpreter's runs
// are compared:
//   gpu           tilec's pipeline and backend down to a cubin (the tilec
//                 axes). A disagreement is a wrong result with culprit
//                 `backend` (method `gpu`), localized above the backend as
//                 the simt executor's are (localizeAboveBackend);
//   gpu-tileiras  NVIDIA's tileiras at the configuration's target and -O
//                 level (its compile checked as the tileiras executor's:
//                 crash, hang, rejection), then its cubin under the tileiras
//                 kernel ABI. A disagreement is a wrong-code finding about
//                 NVIDIA's compiler, culprit `tileiras-O<N>`.
// A fault on the GPU (illegal or misaligned address, ...) is undefined
// behaviour in the compiled code: a wrong result, as on the SIMT executor.
// A kernel past the time limit is a hang.
//
// Without a driver or a GPU every configuration is Skipped, saying what is
// missing. TILECHECK_GPU_LAUNCH=record:DIR writes each launch as a bundle
// for tile-gpu-launch instead (Skipped: "recorded"); replay:DIR then
// compares the results tile-gpu-launch wrote, as if the GPU were local
// (scripts/gpu_nightly.py drives both).
//
//===----------------------------------------------------------------------===//

#include "EngineInternal.h"
#include "tilecheck/Fuzz/Executor.h"
#include "tilecheck/Fuzz/Localize.h"
#include "tilecheck/Fuzz/Tileiras.h"
#include "tilecheck/Oracle/GpuProgram.h"

#include "tilecheck/Driver/Driver.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tilecheck;
using namespace tilecheck::fuzz;
using namespace tilecheck::fuzz::detail;

namespace {

/// The limits of a child that launches on this machine's GPU: no address
/// space limit, since the CUDA driver reserves far more virtual memory
/// than the engine's limit allows (on the H200, cuInit failed with
/// CUDA_ERROR_OUT_OF_MEMORY under the default 4 GiB and worked under
/// 16 GiB). Record and replay launch nothing and keep the engine's limits.
Limits gpuChildLimits(const EngineOptions &options) {
  Limits limits = options.limits;
  auto mode = oracle::GpuLaunchMode::fromEnvironment();
  if (!mode) {
    consumeError(mode.takeError());
    return limits;
  }
  if (mode->kind == oracle::GpuLaunchMode::Kind::Local)
    limits.memoryMb = 0;
  return limits;
}

/// The lines of `text`, sorted.
std::vector<StringRef> sortedLines(StringRef text) {
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  std::vector<StringRef> sorted(lines.begin(), lines.end());
  llvm::sort(sorted);
  return sorted;
}

/// In the configuration child: compiles `module` with tilec to a cubin (or
/// takes `cubin`, tileiras's), launches it with `rc`'s launch, compares.
void runCubin(mlir::Operation *module, const TestCase &program,
              const Reference &reference, const Configuration &config,
              const EngineOptions &options, const oracle::TileRunConfig &rc,
              Channel &channel, ChildResult &r, const std::string *cubin) {
  auto mode = oracle::GpuLaunchMode::fromEnvironment();
  if (!mode) {
    r.kind = FindingKind::Skipped;
    r.detail = toString(mode.takeError());
    return;
  }
  oracle::GpuRunOptions go;
  go.compile = config.compileOptions();
  if (cubin) {
    go.cubin = *cubin;
    go.cubinOrigin =
        "tileiras " + config.target + " O" + std::to_string(config.optLevel);
  }
  go.mode = *mode;
  // Below the engine's own limit, so that a hang is reported as such.
  go.run.timeoutMs = std::max<unsigned>(1000, options.limits.timeoutMs * 3 / 4);
  channel.line("phase", cubin ? "launch" : "compile-and-launch");
  oracle::GpuProgramOutcome out =
      oracle::runGpuProgram(module, program.text, rc, go);
  std::string culprit = cubin ? config.tileirasCulprit() : "backend";
  if (out.compileCode != driver::TILEIR_SUCCESS) {
    classifyBackendCompileFailure(out.compileDiagnostics, culprit, "cubin", r);
    return;
  }
  r.notes = out.gpu.device;
  if (!out.launched) {
    // The arguments did not bind: nothing was launched, recorded or read.
    runnerFailed("gpu", "the GPU runner cannot bind the launch",
                 out.run.message, r);
    return;
  }
  if ((out.gpu.status == oracle::gpu::Status::Fault ||
       out.gpu.status == oracle::gpu::Status::Trap) &&
      reference.outputs.exitCode == oracle::kExitAssertFailed) {
    // tilec lowers a failed assert to a trap, which the driver reports as a
    // launch failure, and a trapped context gives no buffers back: the
    // reference's assert failed too, which is all there is to compare.
    r.detail = "the kernel trapped on " + out.gpu.device +
               " where the reference's assert failed (" +
               firstLine(out.gpu.message).str() + ")";
    return;
  }
  switch (out.gpu.status) {
  case oracle::gpu::Status::NoDriver:
  case oracle::gpu::Status::NoDevice:
  case oracle::gpu::Status::Recorded:
  case oracle::gpu::Status::NotRecorded:
    r.kind = FindingKind::Skipped;
    r.detail = firstLine(out.gpu.message).str();
    return;
  case oracle::gpu::Status::LoadFailed:
  case oracle::gpu::Status::LaunchFailed:
  case oracle::gpu::Status::Error:
    // The image does not load or the launch is refused: the compiler made
    // something the driver will not run (or the runner is wrong; the
    // message says which facts disagree). Any other driver error, or a
    // launch process that died, is the runner's.
    r.kind = FindingKind::OracleError;
    r.culprit = out.gpu.status == oracle::gpu::Status::Error ? "gpu" : culprit;
    r.culpritMethod = "gpu";
    r.detail = ("the GPU cannot run the cubin (" +
                StringRef(oracle::gpu::statusName(out.gpu.status)) +
                "): " + firstLine(out.gpu.message))
                   .str();
    r.diagnostics = out.gpu.message;
    r.signatureDetail = normalizeDiagnostics("error: " + r.detail);
    return;
  default:
    break;
  }
  if (out.run.exitCode == oracle::kExitError ||
      out.run.exitCode == oracle::kExitUsage) {
    // The buffers came back malformed.
    runnerFailed("gpu", "the GPU runner cannot read the launch back",
                 out.run.message, r);
    return;
  }
  r.detail = "the cubin ran on " + out.gpu.device;
  RunOutputs got;
  got.exitCode = out.run.exitCode;
  got.message = out.run.message;
  got.printed = out.gpu.printed;
  // Tile blocks run concurrently on the GPU, so their prints interleave in
  // any order: the same lines in another order are the same output.
  if (got.printed != reference.outputs.printed &&
      sortedLines(got.printed) == sortedLines(reference.outputs.printed))
    got.printed = reference.outputs.printed;
  for (oracle::BufferResult &b : out.run.buffers)
    got.buffers.push_back({b.argIndex, std::move(b.array)});
  if (!compareForeignRun(reference, std::move(got), options, culprit, "gpu", r))
    return;
  r.diagnostics = "note: " + out.gpu.device +
                  "; reproduce with tile-run --executor gpu" +
                  (cubin ? " --cubin <tileiras's cubin>" : "") + "\n";
  // tileiras cannot be bisected by pass: what the wrong output was computed
  // from tells its bugs apart instead (one bucket per -O level otherwise).
  if (cubin && r.kind == FindingKind::WrongResult && r.wrongBuffer >= 0) {
    std::string slice = outputSliceOps(module, rc.entry, r.wrongBuffer);
    if (!slice.empty())
      r.opKind = "slice:" + slice;
  }
}

class GpuExecutor final : public BackendRunExecutor {
public:
  GpuExecutor()
      : BackendRunExecutor(
            "gpu",
            "tilec's pipeline and backend down to a cubin, run on the GPU "
            "(CUDA Driver API) and compared with the interpreter: wrong code "
            "below nv_tileas, faults, hangs",
            "gpu configurations run CTAs in the hardware's order: no block "
            "order",
            /*compilesToCubin=*/true) {}
  bool batchable() const override { return false; }

protected:
  Limits childLimits(const EngineOptions &options) const override {
    return gpuChildLimits(options);
  }
  void runModule(mlir::Operation *module, const TestCase &program,
                 const Reference &reference, const Configuration &config,
                 const EngineOptions &options,
                 const oracle::TileRunConfig &launch, Channel &channel,
                 ChildResult &r) const override {
    runCubin(module, program, reference, config, options, launch, channel, r,
             nullptr);
  }
};

class GpuTileirasExecutor final : public Executor {
public:
  GpuTileirasExecutor()
      : Executor("gpu-tileiras",
                 "NVIDIA's tileiras on the program's bytecode, its cubin run "
                 "on the GPU and compared with the interpreter: wrong code "
                 "from NVIDIA's compiler (and its crashes and rejections)") {}
  bool batchable() const override { return false; }
  Error validate(const Configuration &config) const override {
    Configuration tileiras = config;
    tileiras.compiler = "tileiras";
    const Executor *compileOnly = findExecutor("tileiras");
    return compileOnly ? compileOnly->validate(tileiras) : Error::success();
  }
  ConfigResult check(const TestCase &program, const Reference &reference,
                     const Configuration &config,
                     const EngineOptions &options) const override {
    std::string cubin;
    ConfigResult compiled =
        checkTileiras(program, reference, config, options, &cubin);
    if (compiled.kind != FindingKind::None || cubin.empty()) {
      compiled.config = config;
      return compiled;
    }
    ConfigResult r = checkOnParsedProgram(
        program, reference, config, options, gpuChildLimits(options),
        [&](mlir::Operation *module, const oracle::TileRunConfig &launch,
            Channel &channel, ChildResult &child) {
          runCubin(module, program, reference, config, options, launch, channel,
                   child, &cubin);
        });
    r.seconds += compiled.seconds;
    r.toolCommand = compiled.toolCommand;
    r.toolVersion = compiled.toolVersion;
    return r;
  }
};

} // namespace

std::unique_ptr<Executor> tilecheck::fuzz::createGpuExecutor() {
  return std::make_unique<GpuExecutor>();
}

std::unique_ptr<Executor> tilecheck::fuzz::createGpuTileirasExecutor() {
  return std::make_unique<GpuTileirasExecutor>();
}
