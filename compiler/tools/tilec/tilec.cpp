//===- tilec.cpp - the tilecheck compiler driver --------------------------===//
//
// A thin command line over tilecheck::driver::compile():
//
//   tilec IN [-O0..-O3] [--v2-opt-level N] [--pipeline-strategy S]
//         [--scheduler serial|cost|exact] [--rrt-size-threshold N]
//         [--unspecialized-pipeline-num-stages N]
//         [--materialize-schedule-use-aus]
//         [--materialize-convert-layout-reg2reg-vec-size N]
//         [--queue-loads-depth N]
//         [--materialize-convert-layout-reinterpret-to-i8]
//         [--gpu-name sm_XX] [--emit STAGE] [--emit-line-info]
//         [--line-info-file F] [--print-pipeline] [--pass-pipeline TEXT]
//         [-o OUT]
//
// Exit codes: 0 success, 1 compile error (diagnostics on stderr), 2 usage
// error (bad flags or option values, unparsable --pass-pipeline).
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Driver/Driver.h"
#include "tilecheck/Support/CommandLine.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilecheck::driver;
namespace cl = llvm::cl;

static cl::OptionCategory category("tilec options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input>"),
                                      cl::cat(category));
static cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                       cl::value_desc("file"), cl::init("-"),
                                       cl::cat(category));
static cl::opt<unsigned> optLevel("O", cl::Prefix,
                                  cl::desc("Optimization tier (-O0..-O3)"),
                                  cl::init(2), cl::cat(category));
static cl::opt<unsigned>
    v2OptLevel("v2-opt-level",
               cl::desc("Gate of the newer TileAS stages (0..3)"), cl::init(0),
               cl::cat(category));
static cl::opt<std::string> pipelineStrategy(
    "pipeline-strategy",
    cl::desc("none | unspecialize | warp-specialize (default none)"),
    cl::init("none"), cl::cat(category));
static cl::opt<std::string>
    scheduler("scheduler",
              cl::desc("serial | cost | exact (cost, then the exact search "
                       "where the ladder misses an II; default cost)"),
              cl::init("cost"), cl::cat(category));
static cl::opt<unsigned> rrtSizeThreshold(
    "rrt-size-threshold",
    cl::desc("Warp specialization: 0 light path, nonzero RRT compression"),
    cl::init(0), cl::cat(category));
static cl::opt<unsigned> unspecializedPipelineNumStages(
    "unspecialized-pipeline-num-stages",
    cl::desc("Unspecialized pipelining: the deepest pipeline in stages "
             "(1..8, default 2)"),
    cl::init(2), cl::cat(category));
static cl::opt<bool> materializeScheduleUseAUS(
    "materialize-schedule-use-aus",
    cl::desc("Warp specialization: materialize schedules in one agent (AUS) "
             "instead of producer and consumer agents (AWS)"),
    cl::init(false), cl::cat(category));
static cl::opt<unsigned> reg2regVecSize(
    "materialize-convert-layout-reg2reg-vec-size",
    cl::desc("Layout conversions (O2+): the widest register copy atom in "
             "bytes (0..64, default 16; below 16 element by element, 0 "
             "through shared memory)"),
    cl::init(16), cl::cat(category));
static cl::opt<bool> reinterpretToI8(
    "materialize-convert-layout-reinterpret-to-i8",
    cl::desc("Layout conversions (O2+): move f8, f6 and f4 tensors as bytes"),
    cl::init(false), cl::cat(category));
static cl::opt<unsigned> queueDepth(
    "queue-loads-depth",
    cl::desc("Queued loads (O2+): move a kernel loop's loads into a producer "
             "agent feeding queues (then async pipelines) of this many slots "
             "(1..8; default 0, off)"),
    cl::init(0), cl::cat(category));
// cl::desc keeps a StringRef: the text must outlive the option.
static const std::string gpuNameDesc =
    ("Target architecture (default " + kDefaultGpuName + ")").str();
static cl::opt<std::string> gpuName("gpu-name", cl::desc(gpuNameDesc),
                                    cl::init(kDefaultGpuName.str()),
                                    cl::cat(category));
static cl::opt<std::string>
    emit("emit",
         cl::desc("mlir | tileaa | tileas | llvm (LLVM IR) | ptx | cubin "
                  "(ptxas from the CUDA toolkit; default tileas)"),
         cl::init("tileas"), cl::cat(category));
static cl::opt<bool> launchInfo(
    "launch-info",
    cl::desc("With --emit llvm/ptx/cubin: print the launch a kernel needs "
             "(threads per block, dynamic shared memory) and, for cubin, "
             "ptxas -v's resource report, to stderr"),
    cl::cat(category));
static cl::opt<std::string> selectKernels(
    "select-kernels",
    cl::desc("With --emit llvm/ptx/cubin: keep only these kernels (names, "
             "comma-separated, or an ordinal range N or N-M in module "
             "order)"),
    cl::value_desc("names|N-M"), cl::init(""), cl::cat(category));
static cl::opt<bool> kernelInfo(
    "kernel-info",
    cl::desc("With --emit llvm/ptx/cubin: print each kernel's metrics "
             "(allocas, calls, inline asm, flat-address-space accesses) and "
             "what the NVVM passes changed, to stderr"),
    cl::cat(category));
static cl::opt<bool>
    emitLineInfo("emit-line-info",
                 cl::desc("Add the line-info snapshot printers"),
                 cl::cat(category));
static cl::opt<std::string>
    lineInfoFile("line-info-file",
                 cl::desc("Where the line-info snapshots go (default stderr)"),
                 cl::value_desc("file"), cl::init(""), cl::cat(category));
static cl::opt<bool>
    printPipeline("print-pipeline",
                  cl::desc("Print the textual pass pipeline and exit"),
                  cl::cat(category));
static cl::opt<std::string>
    passPipeline("pass-pipeline",
                 cl::desc("Run this textual pipeline instead of the tier's"),
                 cl::value_desc("builtin.module(...)"), cl::init(""),
                 cl::cat(category));

/// Exit code of a driver result code.
static int exitCode(int code) {
  if (code == TILEIR_SUCCESS)
    return 0;
  return code == TILEIR_ERROR_BAD_OPTIONS ? 2 : 1;
}

/// Stores the value `flag` names in `out`; false after a message when it
/// names none (`expected` lists the names).
template <typename T>
static bool readChoice(const cl::opt<std::string> &flag,
                       std::optional<T> (*parse)(llvm::StringRef),
                       llvm::StringRef expected, T &out) {
  if (std::optional<T> value = parse(flag)) {
    out = *value;
    return true;
  }
  llvm::errs() << "tilec: unknown --" << flag.ArgStr << " '" << flag
               << "' (expected " << expected << ")\n";
  return false;
}

/// Fills `opts` from the flags; false after a message on a bad value.
static bool readOptions(CompileOptions &opts) {
  opts.optLevel = optLevel;
  opts.v2OptLevel = v2OptLevel;
  opts.rrtSizeThreshold = rrtSizeThreshold;
  opts.unspecializedPipelineNumStages = unspecializedPipelineNumStages;
  opts.materializeScheduleUseAUS = materializeScheduleUseAUS;
  opts.reg2regVecSize = reg2regVecSize;
  opts.queueDepth = queueDepth;
  opts.reinterpretToI8 = reinterpretToI8;
  opts.gpuName = gpuName;
  opts.emitLineInfo = emitLineInfo;
  opts.passPipeline = passPipeline;
  opts.selectKernels = selectKernels;
  opts.kernelInfo = kernelInfo;
  if (!readChoice(pipelineStrategy, parsePipelineStrategy,
                  "none, unspecialize or warp-specialize",
                  opts.pipelineStrategy) ||
      !readChoice(scheduler, parseScheduler, "serial, cost or exact",
                  opts.scheduler) ||
      !readChoice(emit, parseEmitStage,
                  "mlir, tileaa, tileas, llvm, ptx or cubin", opts.emit))
    return false;
  std::string message;
  if (mlir::failed(validateOptions(opts, message))) {
    llvm::errs() << "tilec: " << message << "\n";
    return false;
  }
  return true;
}

/// Writes `text` to `path` ("-" is stdout); false after a message.
static bool writeFile(llvm::StringRef path, llvm::StringRef text) {
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> out =
      mlir::openOutputFile(path, &error);
  if (!out) {
    llvm::errs() << "tilec: " << error << "\n";
    return false;
  }
  out->os() << text;
  out->keep();
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  if (!tilecheck::parseToolCommandLine(argc, argv,
                                       "tilecheck compiler driver\n"))
    return tilecheck::kUsageExitCode;

  CompileOptions opts;
  if (!readOptions(opts))
    return 2;

  if (printPipeline) {
    CompileResult result = describePipeline(opts);
    llvm::errs() << result.diagnostics;
    if (!result.ok())
      return exitCode(result.code);
    return writeFile(outputFile, result.output + "\n") ? 0 : 1;
  }

  if (inputFile.empty()) {
    llvm::errs() << "tilec: no input file (see --help)\n";
    return 2;
  }
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFile, &error);
  if (!input) {
    llvm::errs() << "tilec: " << error << "\n";
    return 1;
  }
  llvm::StringRef name = inputFile == "-" ? llvm::StringRef("<stdin>")
                                          : llvm::StringRef(inputFile);
  CompileResult result = compile(input->getBuffer(), opts, name);
  llvm::errs() << result.diagnostics;
  if (!result.lineInfo.empty()) {
    if (lineInfoFile.empty())
      llvm::errs() << result.lineInfo;
    else if (!writeFile(lineInfoFile, result.lineInfo))
      return 1;
  }
  llvm::errs() << result.kernelInfo;
  if (!result.ok())
    return exitCode(result.code);
  if (launchInfo) {
    if (opts.emit < EmitStage::LLVM) {
      llvm::errs() << "tilec: --launch-info needs --emit llvm, ptx or cubin\n";
      return 2;
    }
    llvm::errs() << "launch: block=" << result.threadsPerBlock
                 << ",1,1 dynamic_shared_bytes=" << result.dynamicSharedBytes;
    if (result.globalScratchBytes)
      llvm::errs() << " global_scratch_bytes_per_block="
                   << result.globalScratchBytes;
    llvm::errs() << "\n";
    if (!result.ptxasLog.empty())
      llvm::errs() << result.ptxasLog;
  }
  return writeFile(outputFile, result.output) ? 0 : 1;
}
