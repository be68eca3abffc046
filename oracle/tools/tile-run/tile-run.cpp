//===- tile-run.cpp - Run a cuda_tile kernel on the interpreter or SIMT ---===//
//
// `tile-run` runs a kernel on the reference interpreter (the library behind
// it is TileRun.h) or, with `--executor simt`, compiles it with tilec down
// to PTX and runs that on the CPU SIMT executor (SimtProgram.h): same
// arguments, same output files.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Oracle/SimtProgram.h"
#include "tilecheck/Oracle/TileRun.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tilecheck;

static cl::OptionCategory simtCategory("tile-run --executor simt options");
static cl::opt<std::string> gpuName("gpu-name",
                                    cl::desc("target of the compile (simt; "
                                             "default: tilec's)"),
                                    cl::cat(simtCategory));
static cl::opt<unsigned> optLevel("O",
                                  cl::desc("opt-level of the compile (simt; "
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
static cl::opt<bool> stats("simt-stats",
                           cl::desc("print instruction counts to stderr"),
                           cl::cat(simtCategory));

static int runSimt(mlir::Operation *module, const oracle::TileRunConfig &config,
                   StringRef executor) {
  if (executor != "simt") {
    errs() << "tile-run: unknown executor '" << executor
           << "' (interpreter, simt)\n";
    return oracle::kExitUsage;
  }
  auto text = MemoryBuffer::getFileOrSTDIN(config.inputFile);
  if (!text) {
    errs() << "tile-run: cannot read '" << config.inputFile << "'\n";
    return oracle::kExitError;
  }
  oracle::SimtRunOptions options;
  if (!gpuName.empty())
    options.compile.gpuName = gpuName;
  if (optLevel.getNumOccurrences())
    options.compile.optLevel = optLevel;
  options.maxWarpSteps = maxWarpSteps;
  options.detectRaces = config.run.detectRaces;
  if (!ptxFile.empty()) {
    auto ptx = MemoryBuffer::getFile(ptxFile);
    if (!ptx) {
      errs() << "tile-run: cannot read '" << ptxFile << "'\n";
      return oracle::kExitError;
    }
    options.ptxOverride = (*ptx)->getBuffer().str();
  }
  oracle::SimtProgramOutcome out =
      oracle::runSimtProgram(module, (*text)->getBuffer(), config, options);
  if (!keepPtx.empty() && !out.ptx.empty()) {
    std::error_code ec;
    raw_fd_ostream os(keepPtx, ec);
    if (!ec)
      os << out.ptx;
  }
  // What print_tko printed (vprintf), where the interpreter prints it.
  if (!out.simt.printed.empty()) {
    llvm::raw_ostream &os =
        config.run.printStream ? *config.run.printStream : outs();
    os << out.simt.printed;
    os.flush();
  }
  if (stats)
    errs() << "simt: " << out.simt.stats.warpInstructions
           << " warp-instructions, " << out.simt.stats.threadInstructions
           << " thread-instructions, " << out.simt.stats.divergentIssues
           << " divergent issues; block " << out.threadsPerBlock << " threads, "
           << out.dynamicSharedBytes << " bytes dynamic shared, "
           << out.globalScratchBytes << " bytes global scratch per block\n";
  if (out.run.exitCode != oracle::kExitOk)
    errs() << "tile-run: " << out.run.message
           << (StringRef(out.run.message).ends_with("\n") ? "" : "\n");
  return out.run.exitCode;
}

int main(int argc, char **argv) {
  return oracle::tileRunMain(argc, argv, runSimt, &simtCategory);
}
