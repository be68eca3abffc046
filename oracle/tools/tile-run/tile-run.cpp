//===- tile-run.cpp - Run a cuda_tile kernel on the interpreter or SIMT ---===//
//
// `tile-run` runs a kernel on the reference interpreter (the library behind
// it is TileRun.h), or, with `--executor simt`, compiles it with tilec down
// to PTX and runs that on the CPU SIMT executor (SimtProgram.h), or, with
// `--executor gpu`, compiles it to a cubin (or takes `--cubin FILE`, e.g.
// tileiras's) and runs that on the GPU (GpuProgram.h): same arguments, same
// output files. Without a driver or a GPU, `--executor gpu` exits 7 saying
// what is missing.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Oracle/GpuProgram.h"
#include "tilecheck/Oracle/SimtProgram.h"
#include "tilecheck/Oracle/TileRun.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tilecheck;

static cl::OptionCategory simtCategory("tile-run --executor simt|gpu options");
static cl::opt<std::string>
    gpuName("gpu-name",
            cl::desc("target of the compile (simt, gpu; "
                     "default: tilec's)"),
            cl::cat(simtCategory));
static cl::opt<unsigned>
    optLevel("O",
             cl::desc("opt-level of the compile (simt, gpu; "
                      "default: tilec's)"),
             cl::Prefix, cl::cat(simtCategory));
static cl::opt<std::string>
    ptxFile("ptx",
            cl::desc("run this PTX file instead of the compiled one (the "
                     "launch geometry still comes from the compile)"),
            cl::cat(simtCategory));
static cl::opt<std::string>
    keepPtx("emit-ptx", cl::desc("write the PTX that ran to this file"),
            cl::cat(simtCategory));
static cl::opt<uint64_t>
    maxWarpSteps("max-warp-steps",
                 cl::desc("warp-instructions before a SIMT run is a hang"),
                 cl::init(1ull << 31), cl::cat(simtCategory));
static cl::opt<std::string>
    cubinFile("cubin",
              cl::desc("gpu: run this cubin (another compiler's, e.g. "
                       "tileiras's) under its kernel ABI instead of compiling"),
              cl::cat(simtCategory));
static cl::opt<std::string> gpuLaunch(
    "gpu-launch",
    cl::desc("gpu: local (this machine's GPU), record:DIR (write a launch "
             "bundle for tile-gpu-launch, run nothing) or replay:DIR (read "
             "its result); default TILECHECK_GPU_LAUNCH, else local"),
    cl::cat(simtCategory));
static cl::opt<unsigned>
    gpuTiming("gpu-timing",
              cl::desc("gpu: time N launches after 2 warm-ups and print the "
                       "median"),
              cl::init(0), cl::cat(simtCategory));
static cl::opt<bool> stats("simt-stats",
                           cl::desc("print instruction counts to stderr"),
                           cl::cat(simtCategory));

/// The contents of `path` (with `orStdin`, "-" reads stdin), or nullptr
/// after saying that it cannot be read.
static std::unique_ptr<MemoryBuffer> readOrReport(StringRef path,
                                                  bool orStdin = false) {
  auto buffer = orStdin ? MemoryBuffer::getFileOrSTDIN(path)
                        : MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buffer) {
    errs() << "tile-run: cannot read '" << path << "'\n";
    return nullptr;
  }
  return std::move(*buffer);
}

/// --gpu-name and -O over the compile's defaults.
static void applyCompileFlags(driver::CompileOptions &compile) {
  if (!gpuName.empty())
    compile.gpuName = gpuName;
  if (optLevel.getNumOccurrences())
    compile.optLevel = optLevel;
}

/// What print_tko printed (device printf, vprintf), where the interpreter
/// prints it.
static void forwardPrinted(const oracle::TileRunConfig &config,
                           StringRef printed) {
  if (printed.empty())
    return;
  llvm::raw_ostream &os =
      config.run.printStream ? *config.run.printStream : outs();
  os << printed;
  os.flush();
}

/// Says why a run that did not exit kExitOk failed.
static void reportFailure(const oracle::TileRunOutcome &run) {
  if (run.exitCode != oracle::kExitOk)
    errs() << "tile-run: " << run.message
           << (StringRef(run.message).ends_with("\n") ? "" : "\n");
}

static int runGpu(mlir::Operation *module,
                  const oracle::TileRunConfig &config) {
  std::unique_ptr<MemoryBuffer> text =
      readOrReport(config.inputFile, /*orStdin=*/true);
  if (!text)
    return oracle::kExitError;
  oracle::GpuRunOptions options;
  applyCompileFlags(options.compile);
  auto mode = gpuLaunch.getNumOccurrences()
                  ? oracle::GpuLaunchMode::parse(gpuLaunch)
                  : oracle::GpuLaunchMode::fromEnvironment();
  if (!mode) {
    errs() << "tile-run: " << toString(mode.takeError()) << "\n";
    return oracle::kExitUsage;
  }
  options.mode = *mode;
  options.run.timedRuns = gpuTiming;
  if (!cubinFile.empty()) {
    std::unique_ptr<MemoryBuffer> cubin = readOrReport(cubinFile);
    if (!cubin)
      return oracle::kExitError;
    options.cubin = cubin->getBuffer().str();
    options.cubinOrigin = "--cubin " + cubinFile;
  }
  oracle::GpuProgramOutcome out =
      oracle::runGpuProgram(module, text->getBuffer(), config, options);
  forwardPrinted(config, out.gpu.printed);
  if (!out.gpu.device.empty())
    errs() << "gpu: " << out.gpu.device << "\n";
  if (!out.gpu.timesMs.empty())
    errs() << "gpu: median " << out.gpu.medianMs << " ms of "
           << out.gpu.timesMs.size() << " launches\n";
  if (out.gpu.status == oracle::gpu::Status::Recorded)
    errs() << "tile-run: launch recorded in " << out.bundle << "\n";
  else
    reportFailure(out.run);
  return out.run.exitCode;
}

static int runSimt(mlir::Operation *module, const oracle::TileRunConfig &config,
                   StringRef executor) {
  if (executor == "gpu")
    return runGpu(module, config);
  if (executor != "simt") {
    errs() << "tile-run: unknown executor '" << executor
           << "' (interpreter, simt, gpu)\n";
    return oracle::kExitUsage;
  }
  if (!cubinFile.empty() || gpuLaunch.getNumOccurrences() || gpuTiming) {
    errs() << "tile-run: --cubin, --gpu-launch and --gpu-timing are options "
              "of --executor gpu\n";
    return oracle::kExitUsage;
  }
  std::unique_ptr<MemoryBuffer> text =
      readOrReport(config.inputFile, /*orStdin=*/true);
  if (!text)
    return oracle::kExitError;
  oracle::SimtRunOptions options;
  applyCompileFlags(options.compile);
  options.maxWarpSteps = maxWarpSteps;
  options.detectRaces = config.run.detectRaces;
  if (!ptxFile.empty()) {
    std::unique_ptr<MemoryBuffer> ptx = readOrReport(ptxFile);
    if (!ptx)
      return oracle::kExitError;
    options.ptxOverride = ptx->getBuffer().str();
  }
  oracle::SimtProgramOutcome out =
      oracle::runSimtProgram(module, text->getBuffer(), config, options);
  if (!keepPtx.empty() && !out.ptx.empty()) {
    std::error_code ec;
    raw_fd_ostream os(keepPtx, ec);
    if (!ec)
      os << out.ptx;
  }
  forwardPrinted(config, out.simt.printed);
  if (stats)
    errs() << "simt: " << out.simt.stats.warpInstructions
           << " warp-instructions, " << out.simt.stats.threadInstructions
           << " thread-instructions, " << out.simt.stats.divergentIssues
           << " divergent issues; block " << out.threadsPerBlock << " threads, "
           << out.dynamicSharedBytes << " bytes dynamic shared, "
           << out.globalScratchBytes << " bytes global scratch per block\n";
  reportFailure(out.run);
  return out.run.exitCode;
}

int main(int argc, char **argv) {
  return oracle::tileRunMain(argc, argv, runSimt, &simtCategory);
}
