//===- Driver.h - compile a Tile IR program at a tier -----------*- C++ -*-===//
//
// The compiler driver of seed 003 as a library: `compile()` takes a program
// (cuda_tile text or Tile IR bytecode) and a `CompileOptions`, builds one
// pass pipeline with `populatePipeline()` before any IR changes, runs it, and
// prints the module at the requested `--emit` stage. It never prints to the
// process's streams and never aborts on bad input: every failure comes back
// as a code plus diagnostics in the `CompileResult`.
//
// Tiers (planPipeline; the pipeline stops at the requested emit stage, and
// every tier reaches every stage by appending only the mandatory
// conversions where its own adders stop short):
//
//   emit=mlir    every tier: no passes (the input, parsed and verified)
//   emit=tileaa  [canonicalize (O1+)], cuda-tile-lower-early-exits,
//                convert-cuda-tile-to-tileaa, then cleanup from O1
//   emit=tileas  the tileaa list, then tileaa-assign-atoms (O2+),
//                convert-tileaa-to-tileas{compute-capability=<gpu>}; from O2
//                cleanup, tileas-generate-schedule, the pipeline strategy's
//                pass (v2OptLevel >= 1) and tilec-pipeline-config
//   emit=llvm, ptx, cubin: the tileas list, then convert-tileas-to-llvm,
//                cleanup (O1+), tilec-finalize-llvm; translation, PTX and
//                ptxas follow in compile()
//
// The line-info snapshots are present only with `emitLineInfo` (never at
// O0). The exact text is in compiler/docs/Driver.md and printed by
// `tilec --print-pipeline`.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DRIVER_DRIVER_H
#define TILECHECK_DRIVER_DRIVER_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/TimeProfiler.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class OpPassManager;
class Pass;
} // namespace mlir

namespace tilecheck::driver {

/// How aggressively TileAS specializes producer/consumer execution (seed 003).
enum class PipelineStrategy { None, Unspecialize, WarpSpecialize };
/// Which scheduler the TileAS scheduling passes use: the serial generator,
/// seed 004's selector with its cost-based generator, or the same with the
/// exact-search rung after the ladder (not seed 004's; ExactSearch.h).
enum class Scheduler { Serial, Cost, Exact };
/// The stage whose IR `compile()` returns. Ordered: every stage lowers the
/// one before it. `Mlir` is the input level (cuda_tile), verified.
enum class EmitStage { Mlir, TileAA, TileAS, LLVM, PTX, Cubin };

/// The GPU `compile()` targets when none is named.
inline constexpr llvm::StringLiteral kDefaultGpuName = "sm_100";

struct CompileOptions {
  /// Target architecture, one of `knownGpuNames()`.
  std::string gpuName = kDefaultGpuName.str();
  /// The tier, 0..3.
  unsigned optLevel = 2;
  /// Second axis gating the newer TileAS scheduling and specialization
  /// stages, 0..3, independent of the tier. 0 keeps them off.
  unsigned v2OptLevel = 0;
  PipelineStrategy pipelineStrategy = PipelineStrategy::None;
  Scheduler scheduler = Scheduler::Cost;
  /// For warp specialization: 0 selects the light scheduling path, nonzero
  /// enables resource-reservation-table compression (seed 003).
  unsigned rrtSizeThreshold = 0;
  /// Unspecialized pipelining (v2OptLevel >= 1, pipelineStrategy
  /// unspecialize): the deepest software pipeline, in stages (1..8; 1
  /// leaves loops as they are). Seed 001's unspecialized-pipeline-num-stages.
  unsigned unspecializedPipelineNumStages = 2;
  /// Warp specialization (v2OptLevel >= 1, pipelineStrategy
  /// warp-specialize): tileas-materialize-schedule's use-AUS, one agent
  /// instead of producer and consumer agents.
  bool materializeScheduleUseAUS = false;
  /// Layout conversions (O2+): tileas-materialize-convert-layout's
  /// reg2reg-vec-size, the widest register copy atom in bytes (0..64; below
  /// 16 conversions go element by element, at 0 through shared memory),
  /// and its reinterpret-to-i8.
  unsigned reg2regVecSize = 16;
  bool reinterpretToI8 = false;
  /// Queued loads (O2+): when nonzero, tileaa-queue-loads moves a kernel
  /// loop's loads into a producer agent feeding queues of this many slots
  /// (1..8), and tileas-queue-to-pipeline turns them into async pipelines
  /// and agent_switch. 0 (default) leaves loops alone.
  unsigned queueDepth = 0;
  /// The stage printed into `CompileResult::output`.
  EmitStage emit = EmitStage::TileAS;
  /// Adds the two line-info snapshot printers (seed 003); their text goes to
  /// `CompileResult::lineInfo`.
  bool emitLineInfo = false;
  /// When not empty, a textual pipeline (`builtin.module(...)`, as printed by
  /// `describePipeline`) used instead of `populatePipeline`.
  std::string passPipeline;
  /// For emit llvm, ptx and cubin: the kernels to keep (seed 000's
  /// SelectKernelsPass): names, or an ordinal range "N" or "N-M" over the
  /// module's kernels; empty keeps every kernel.
  std::string selectKernels;
  /// For emit llvm, ptx and cubin: fill `CompileResult::kernelInfo`.
  bool kernelInfo = false;
};

/// Result codes. The two TILEIR_ERROR_* names are seed 003's.
enum ResultCode : int {
  TILEIR_SUCCESS = 0,
  /// The input is neither parseable cuda_tile text nor readable bytecode, or
  /// does not verify.
  TILEIR_ERROR_BAD_BYTECODE = 1,
  /// A pass failed, or the pipeline names a pass missing from this build.
  TILEIR_ERROR_COMPILE_FAILED = 2,
  /// The requested emit stage cannot be produced on this machine (cubin
  /// without ptxas).
  TILEIR_ERROR_UNSUPPORTED_EMIT = 3,
  /// Out-of-range or unknown option values, or an unparsable pass pipeline.
  TILEIR_ERROR_BAD_OPTIONS = 4,
  /// ptxas rejected the PTX the backend emitted, crashed or timed out
  /// (the diagnostics carry its log).
  TILEIR_ERROR_PTXAS = 5,
};

struct CompileResult {
  int code = TILEIR_SUCCESS;
  /// The module at the emit stage (or, from `describePipeline`, the
  /// pipeline text).
  std::string output;
  /// Every diagnostic, one `location: severity: message` line each (notes
  /// follow their error), in emission order.
  std::string diagnostics;
  /// The line-info snapshots, when `emitLineInfo` asked for them.
  std::string lineInfo;
  /// For emit llvm, ptx and cubin, what a launch of the kernels needs
  /// (compiler/docs/Backend.md, "Kernel ABI"): threads per tile block
  /// (blockDim.x; y = z = 1), bytes of dynamic shared memory, and bytes of
  /// global scratch per tile block for the allocas (when not 0, the kernel
  /// takes a pointer to grid-size times that many bytes after its own
  /// parameters).
  int64_t threadsPerBlock = 0;
  int64_t dynamicSharedBytes = 0;
  int64_t globalScratchBytes = 0;
  /// For emit=cubin: what ptxas -v printed (registers, shared memory,
  /// spills per kernel; target::parsePtxasReport reads it).
  std::string ptxasLog;
  /// With `kernelInfo`: seed 000's KernelInfoPrinter lines and what each
  /// NVVM pass changed (target/NVVMPasses.h).
  std::string kernelInfo;

  bool ok() const { return code == TILEIR_SUCCESS; }
};

/// Compiles `input` (cuda_tile text or Tile IR bytecode; `bufferName` names
/// it in diagnostics). One fresh MLIRContext per call; safe to call from
/// several threads at once.
CompileResult compile(llvm::StringRef input, const CompileOptions &opts,
                      llvm::StringRef bufferName = "<input>");

/// One pass of the driver's pipeline: the pass's argument, and a factory
/// that makes a fresh pass object with the options the driver chose. The
/// pipeline is a list of these, so a prefix of it (bisection) is built from
/// the same objects as the whole, never from printed text.
struct PipelineStep {
  std::string argument;
  std::function<std::unique_ptr<mlir::Pass>()> create;
};

/// The pipeline of `opts`, in order: the only place that reads optLevel,
/// v2OptLevel, pipelineStrategy, scheduler and rrtSizeThreshold. Every step
/// is one top-level pass on builtin.module. Deterministic. `opts` must be
/// valid (`validateOptions`).
std::vector<PipelineStep> planPipeline(const CompileOptions &opts);

/// The step's pass as `--print-pipeline` writes it (`name{options}`).
std::string printStep(const PipelineStep &step);

/// Adds the pipeline of `opts` to `pm` (anchored on builtin.module): all of
/// `planPipeline(opts)`, or its first `count` steps. Invalid options are an
/// error written to `errors`.
mlir::LogicalResult populatePipeline(mlir::OpPassManager &pm,
                                     const CompileOptions &opts,
                                     llvm::raw_ostream &errors,
                                     std::optional<size_t> count = {});

/// The textual pipeline `compile()` would run (from `populatePipeline`, or
/// `opts.passPipeline` parsed and printed again), in `output`; no input is
/// needed. Codes as for `compile()`.
CompileResult describePipeline(const CompileOptions &opts);

/// Checks option values (opt levels, GPU name); the message names the
/// offending option.
mlir::LogicalResult validateOptions(const CompileOptions &opts,
                                    std::string &message);

/// Architectures accepted as `gpuName` (the set cuda_tile's optimization
/// hints accept).
llvm::ArrayRef<llvm::StringLiteral> knownGpuNames();

std::optional<EmitStage> parseEmitStage(llvm::StringRef name);
llvm::StringRef stringifyEmitStage(EmitStage stage);
std::optional<PipelineStrategy> parsePipelineStrategy(llvm::StringRef name);
llvm::StringRef stringifyPipelineStrategy(PipelineStrategy strategy);
std::optional<Scheduler> parseScheduler(llvm::StringRef name);
llvm::StringRef stringifyScheduler(Scheduler scheduler);

//===----------------------------------------------------------------------===//
// Instrumentation scopes
//===----------------------------------------------------------------------===//

/// Seed 003's outer scopes; the names are part of the embedder ABI.
inline constexpr llvm::StringLiteral kCompileNVVMScope = "CompileNVVM";
inline constexpr llvm::StringLiteral kSerializeGPUModuleScope =
    "SerializeGPUModule";

/// Called on entering (`entering` true) and leaving a `DriverScope`.
using ScopeObserver = std::function<void(llvm::StringRef name, bool entering)>;

/// Installs the process-wide observer of driver scopes (empty: none).
/// Not thread-safe against scopes running concurrently; install it first.
void setScopeObserver(ScopeObserver observer);

/// An outer instrumentation scope: a `-ftime-trace` section (when LLVM's time
/// profiler is on) plus the observer's enter/leave calls. compile() opens
/// `kCompileNVVMScope` around the translation to LLVM IR and PTX and
/// `kSerializeGPUModuleScope` around ptxas (emit llvm, ptx, cubin).
class DriverScope {
public:
  explicit DriverScope(llvm::StringRef name);
  ~DriverScope();
  DriverScope(const DriverScope &) = delete;
  DriverScope &operator=(const DriverScope &) = delete;

private:
  llvm::StringRef name;
  llvm::TimeTraceScope trace;
};

} // namespace tilecheck::driver

#endif // TILECHECK_DRIVER_DRIVER_H
