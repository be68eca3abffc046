//===- Driver.cpp - compile a Tile IR program at an optimization tier -----===//
//
// See tilecheck/Driver/Driver.h and compiler/docs/Driver.md. The phases of
// `compile()` follow seed 003's entry chain: options, context, input,
// pipeline (built completely before the IR is touched), run, print. Each
// phase returns its own code and leaves nothing behind for the next.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Driver/Driver.h"

#include "tilecheck/Bytecode/Bytecode.h"
#include "tilecheck/Conversion/Passes.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h"
#include "tilecheck/Driver/Passes.h"
#include "tilecheck/InitAll.h"
#include "tilecheck/Support/EnumNames.h"
#include "tilecheck/Target/NVPTX.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace mlir;
using namespace tilecheck::driver;

/// Registers every tilecheck pass once per process.
static void ensurePassesRegistered() {
  static std::once_flag once;
  std::call_once(once, [] { tilecheck::registerAllPasses(); });
}

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

LogicalResult tilecheck::driver::validateOptions(const CompileOptions &opts,
                                                 std::string &message) {
  llvm::raw_string_ostream os(message);
  if (opts.optLevel > 3) {
    os << "opt level " << opts.optLevel << " is out of range (0..3)";
    return failure();
  }
  if (opts.v2OptLevel > 3) {
    os << "v2 opt level " << opts.v2OptLevel << " is out of range (0..3)";
    return failure();
  }
  if (opts.reg2regVecSize > 64) {
    os << "reg2reg vec size " << opts.reg2regVecSize
       << " is out of range (0..64 bytes)";
    return failure();
  }
  if (opts.queueDepth > 8) {
    os << "queue depth " << opts.queueDepth << " is out of range (0..8)";
    return failure();
  }
  if (opts.unspecializedPipelineNumStages < 1 ||
      opts.unspecializedPipelineNumStages > 8) {
    os << "unspecialized pipeline num stages "
       << opts.unspecializedPipelineNumStages << " is out of range (1..8)";
    return failure();
  }
  if (!llvm::is_contained(knownGpuNames(), opts.gpuName)) {
    os << "unknown GPU name '" << opts.gpuName << "' (expected one of";
    for (llvm::StringLiteral name : knownGpuNames())
      os << " " << name;
    os << ")";
    return failure();
  }
  if ((opts.kernelInfo || !opts.selectKernels.empty()) &&
      opts.emit < EmitStage::LLVM) {
    os << "kernel info and kernel selection need emit llvm, ptx or cubin";
    return failure();
  }
  return success();
}

/// Checks everything about a request that needs no input; on failure sets
/// the code and a diagnostic.
static LogicalResult checkRequest(const CompileOptions &opts,
                                  llvm::StringRef bufferName,
                                  CompileResult &result) {
  std::string message;
  if (failed(validateOptions(opts, message))) {
    result.code = TILEIR_ERROR_BAD_OPTIONS;
    result.diagnostics += (bufferName + ": error: " + message + "\n").str();
    return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Pipeline
//===----------------------------------------------------------------------===//

namespace {

/// Collects the steps of a pipeline: each one the pass's argument and a
/// factory that makes the pass with the options the driver chose.
struct StepList {
  std::vector<PipelineStep> steps;

  void add(std::function<std::unique_ptr<Pass>()> create) {
    std::unique_ptr<Pass> probe = create();
    steps.push_back({probe->getArgument().str(), std::move(create)});
  }
};

} // namespace

std::vector<PipelineStep>
tilecheck::driver::planPipeline(const CompileOptions &opts) {
  StepList list;
  auto add = [&](std::function<std::unique_ptr<Pass>()> create) {
    list.add(std::move(create));
  };
  const unsigned o = opts.optLevel;
  auto snapshot = [&](llvm::StringRef stage) {
    add([stage = stage.str()] { return createLineInfoSnapshotPass(stage); });
  };

  // emit=mlir: no passes at any tier; the input was verified when read.
  if (opts.emit < EmitStage::TileAA)
    return std::move(list.steps);

  // Frontend adder (O1+): the cuda_tile canonicalizer before the
  // conversion, light cleanup after it. O0 keeps only the mandatory
  // conversion (early exits to flags, then everything to nv_tileaa + scf).
  if (o >= 1)
    add([] { return createCanonicalizerPass(); });
  add([] { return tilecheck::createCudaTileLowerEarlyExits(); });
  add([] { return tilecheck::createConvertCudaTileToTileAA(); });
  if (o >= 1)
    add([] { return createCanonicalizerPass(); });
  if (o >= 3) {
    add([] { return createCSEPass(); });
    add([] { return createCanonicalizerPass(); });
  }
  if (o >= 1 && opts.emitLineInfo)
    snapshot("tileaa");
  if (opts.emit < EmitStage::TileAS)
    return std::move(list.steps);

  // TileAS adder (O2+). O0 and O1 keep only the mandatory conversion.
  if (o >= 2)
    add([] { return tilecheck::createTileAAAssignAtoms(); });
  // Queued loads (O2+, opt-in): a producer agent and queues at nv_tileaa,
  // pipelines and agent_switch right after the conversion (seed 001's
  // queue-to-pipeline rewrite).
  const bool queues = o >= 2 && opts.queueDepth > 0;
  if (queues)
    add([depth = opts.queueDepth] {
      tilecheck::TileAAQueueLoadsOptions options;
      options.depth = depth;
      return tilecheck::createTileAAQueueLoads(options);
    });
  add([gpu = opts.gpuName] {
    tilecheck::ConvertTileAAToTileASOptions options;
    options.computeCapability = gpu;
    return tilecheck::createConvertTileAAToTileAS(options);
  });
  if (queues)
    add([] { return nv_tileas::createTileASQueueToPipeline(); });
  // The backend (compiler/docs/Backend.md), when the output is below
  // nv_tileas: tensors distributed over a block's threads, kernels to
  // llvm.func, then the scalar rest to the LLVM dialect. Translation, the
  // optimizer, PTX and ptxas follow the pass pipeline in compile().
  auto addBackend = [&] {
    if (opts.emit < EmitStage::LLVM)
      return;
    add([] { return tilecheck::createConvertTileASToLLVM(); });
    if (o >= 1) {
      add([] { return createCanonicalizerPass(); });
      add([] { return createCSEPass(); });
    }
    add([] { return tilecheck::createTilecFinalizeLLVM(); });
  };
  if (o < 2) {
    addBackend();
    return std::move(list.steps);
  }
  add([] { return createCSEPass(); });
  add([] { return createCanonicalizerPass(); });
  // O3's extra cleanup: hoist loop-invariant pure ops out of scf loops
  // (memory ops declare their effects and stay).
  if (o >= 3) {
    add([] { return createCanonicalizerPass(); });
    add([] { return createCSEPass(); });
    add([] { return createLoopInvariantCodeMotionPass(); });
  }

  // Layout conversions (seed 001): each convert_layout becomes a register
  // copy or shared-memory staging, before the buffer compaction and the
  // scheduler, so that the schedule places the staging ops and its
  // consumers clone them with the rest of a loop.
  add([vec = opts.reg2regVecSize, bytes = opts.reinterpretToI8] {
    nv_tileas::TileASMaterializeConvertLayoutOptions options;
    options.reg2regVecSize = vec;
    options.reinterpretToI8 = bytes;
    return nv_tileas::createTileASMaterializeConvertLayout(options);
  });

  // Seed 000's last cleanup before scheduling: proven vector widths for
  // the tiled accesses, tiny loops unrolled, the staging buffers compacted.
  add([] { return nv_tileas::createTileASPrepareForScheduling(); });

  // TileAS scheduling (seed 000): every loop gets a schedule from the
  // generator `scheduler` names (serial; or cost, where seed 004's selector
  // decides per loop), checked and recorded as attributes.
  add([scheduler = opts.scheduler, rrt = opts.rrtSizeThreshold] {
    nv_tileas::TileASGenerateScheduleOptions options;
    options.scheduler = stringifyScheduler(scheduler).str();
    options.rrtSizeThreshold = rrt;
    return nv_tileas::createTileASGenerateSchedule(options);
  });

  // Pipeline specialization (seed 001), gated by v2OptLevel (0: none), its
  // variant from pipelineStrategy: unspecialize software-pipelines every
  // loop whose schedule has more than one stage; none adds nothing;
  // warp-specialize materializes those schedules as async pipelines between
  // producer and consumer agents (AWS), or in one agent (AUS) with
  // materializeScheduleUseAUS. The options are also recorded on the module
  // by tilec-pipeline-config so that the printed pipeline and the IR carry
  // the configuration the driver saw.
  if (opts.v2OptLevel >= 1) {
    if (opts.pipelineStrategy == PipelineStrategy::Unspecialize)
      add([stages = opts.unspecializedPipelineNumStages] {
        nv_tileas::TileASUnspecializedPipelineOptions options;
        options.numStages = stages;
        return nv_tileas::createTileASUnspecializedPipeline(options);
      });
    else if (opts.pipelineStrategy == PipelineStrategy::WarpSpecialize)
      add([aus = opts.materializeScheduleUseAUS] {
        nv_tileas::TileASMaterializeScheduleOptions options;
        options.useAUS = aus;
        return nv_tileas::createTileASMaterializeSchedule(options);
      });
  }
  // Seed 001 runs the region shrinker right after the specialization pass:
  // the regions warp specialization and the queued loads made keep only
  // what their yields need.
  if (queues ||
      (opts.v2OptLevel >= 1 && opts.pipelineStrategy != PipelineStrategy::None))
    add([] { return nv_tileas::createTileASOptimizePipelineRegion(); });
  // The async handshakes (seed 001) of every pipeline region the passes
  // above made: warp specialization's and the queued loads'.
  if (queues || (opts.v2OptLevel >= 1 &&
                 opts.pipelineStrategy == PipelineStrategy::WarpSpecialize))
    add([] { return nv_tileas::createTileASMaterializeAsync(); });
  add([v2 = opts.v2OptLevel, strategy = opts.pipelineStrategy,
       scheduler = opts.scheduler, rrt = opts.rrtSizeThreshold] {
    return createPipelineConfigPass(v2, strategy, scheduler, rrt);
  });
  // The last nv_tileas pass (seed 000): the per-element copy roots get
  // their unroll hint once nothing moves them any more.
  add([] { return nv_tileas::createTileASUnrollRegisterLoops(); });

  // Second snapshot: the TileAS/LLVM boundary.
  if (opts.emitLineInfo)
    snapshot("tileas");
  addBackend();
  return std::move(list.steps);
}

std::string tilecheck::driver::printStep(const PipelineStep &step) {
  std::string text;
  llvm::raw_string_ostream os(text);
  step.create()->printAsTextualPipeline(os);
  return text;
}

LogicalResult tilecheck::driver::populatePipeline(OpPassManager &pm,
                                                  const CompileOptions &opts,
                                                  llvm::raw_ostream &errors,
                                                  std::optional<size_t> count) {
  std::string message;
  if (failed(validateOptions(opts, message))) {
    errors << message;
    return failure();
  }
  std::vector<PipelineStep> steps = planPipeline(opts);
  size_t n = std::min(count.value_or(steps.size()), steps.size());
  for (size_t i = 0; i < n; ++i)
    pm.addPass(steps[i].create());
  return success();
}

/// Fills `pm` from `opts.passPipeline` or `populatePipeline`; on failure sets
/// the code and a diagnostic.
static LogicalResult buildPipeline(OpPassManager &pm,
                                   const CompileOptions &opts,
                                   llvm::StringRef bufferName,
                                   CompileResult &result) {
  ensurePassesRegistered();
  std::string errors;
  llvm::raw_string_ostream errorsOs(errors);
  auto fail = [&](int code) {
    result.code = code;
    result.diagnostics +=
        (bufferName + ": error: " + llvm::StringRef(errors).rtrim() + "\n")
            .str();
    return failure();
  };
  if (opts.passPipeline.empty()) {
    if (failed(populatePipeline(pm, opts, errorsOs)))
      return fail(TILEIR_ERROR_COMPILE_FAILED);
    return success();
  }
  FailureOr<OpPassManager> parsed =
      parsePassPipeline(opts.passPipeline, errorsOs);
  if (failed(parsed)) {
    errors.insert(0, "invalid --pass-pipeline: ");
    return fail(TILEIR_ERROR_BAD_OPTIONS);
  }
  if (parsed->getOpAnchorName() != ModuleOp::getOperationName()) {
    errorsOs << "invalid --pass-pipeline: the pipeline must be anchored on "
                "builtin.module, not '"
             << parsed->getOpAnchorName() << "'";
    return fail(TILEIR_ERROR_BAD_OPTIONS);
  }
  pm = *parsed;
  return success();
}

CompileResult tilecheck::driver::describePipeline(const CompileOptions &opts) {
  CompileResult result;
  if (failed(checkRequest(opts, "<pipeline>", result)))
    return result;
  OpPassManager pm(ModuleOp::getOperationName(),
                   OpPassManager::Nesting::Implicit);
  if (failed(buildPipeline(pm, opts, "<pipeline>", result)))
    return result;
  llvm::raw_string_ostream os(result.output);
  pm.printAsTextualPipeline(os);
  return result;
}

//===----------------------------------------------------------------------===//
// compile
//===----------------------------------------------------------------------===//

/// Writes `loc` as `file:line:col: `, or `bufferName: ` when it names no
/// file position.
static void printLocation(llvm::raw_ostream &os, Location loc,
                          llvm::StringRef bufferName) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>()) {
    os << file.getFilename().getValue() << ":" << file.getLine() << ":"
       << file.getColumn() << ": ";
    return;
  }
  os << bufferName << ": ";
}

static llvm::StringRef severityName(DiagnosticSeverity severity) {
  static constexpr tilecheck::EnumName<DiagnosticSeverity> names[] = {
      {DiagnosticSeverity::Note, "note"},
      {DiagnosticSeverity::Warning, "warning"},
      {DiagnosticSeverity::Error, "error"},
      {DiagnosticSeverity::Remark, "remark"}};
  return tilecheck::nameOf(names, severity);
}

static void appendDiagnostic(Diagnostic &diag, llvm::StringRef bufferName,
                             std::string &out) {
  llvm::raw_string_ostream os(out);
  printLocation(os, diag.getLocation(), bufferName);
  os << severityName(diag.getSeverity()) << ": " << diag << "\n";
  for (Diagnostic &note : diag.getNotes()) {
    printLocation(os, note.getLocation(), bufferName);
    os << "note: " << note << "\n";
  }
}

/// Reads cuda_tile text or Tile IR bytecode into a verified builtin module
/// (a bytecode `cuda_tile.module` is wrapped in one, as the text parser does
/// for a lone top-level op). Null after diagnostics on failure.
static OwningOpRef<ModuleOp> readInput(llvm::StringRef input, MLIRContext *ctx,
                                       llvm::StringRef bufferName) {
  if (!tilecheck::bytecode::isBytecode(input))
    return parseSourceString<ModuleOp>(input, ParserConfig(ctx), bufferName);

  Location loc = FileLineColLoc::get(ctx, bufferName, 0, 0);
  OwningOpRef<Operation *> read =
      tilecheck::bytecode::readBytecode(input, ctx, loc);
  if (!read)
    return nullptr;
  OwningOpRef<ModuleOp> module;
  if (auto builtin = dyn_cast<ModuleOp>(read.get())) {
    read.release();
    module = builtin;
  } else {
    module = ModuleOp::create(loc);
    module->getBody()->push_back(read.release());
  }
  if (failed(verify(*module)))
    return nullptr;
  return module;
}

/// LLVM IR, PTX or cubin of a module the backend passes lowered to the
/// LLVM dialect (compiler/docs/Backend.md, "Emission").
static void emitBelowMLIR(ModuleOp module, const CompileOptions &opts,
                          llvm::StringRef bufferName, CompileResult &result) {
  DriverScope scope(kCompileNVVMScope);
  auto fail = [&](int code, llvm::StringRef message) {
    result.code = code;
    result.diagnostics +=
        (bufferName + ": error: " + message.rtrim() + "\n").str();
  };
  if (auto bytes =
          module->getAttrOfType<IntegerAttr>("tilec.dynamic_shared_memory"))
    result.dynamicSharedBytes = bytes.getInt();
  if (auto scratch =
          module->getAttrOfType<IntegerAttr>("tilec.global_scratch_bytes"))
    result.globalScratchBytes = scratch.getInt();
  module.walk([&](Operation *op) {
    if (auto threads = op->getAttrOfType<IntegerAttr>("tilec.threads"))
      result.threadsPerBlock = threads.getInt();
  });
  std::string errors;
  llvm::LLVMContext llvmCtx;
  std::unique_ptr<llvm::Module> llvmModule =
      tilecheck::target::translateToLLVMIR(
          module, llvmCtx, opts.gpuName, opts.optLevel, errors,
          {opts.selectKernels, opts.kernelInfo ? &result.kernelInfo : nullptr});
  if (!llvmModule)
    return fail(TILEIR_ERROR_COMPILE_FAILED, errors);
  if (opts.emit == EmitStage::LLVM) {
    llvm::raw_string_ostream os(result.output);
    llvmModule->print(os, nullptr);
    return;
  }
  std::string ptx;
  if (failed(tilecheck::target::emitPTX(*llvmModule, opts.gpuName,
                                        opts.optLevel, ptx, errors)))
    return fail(TILEIR_ERROR_COMPILE_FAILED, errors);
  if (opts.emit == EmitStage::PTX) {
    result.output = std::move(ptx);
    return;
  }
  DriverScope serialize(kSerializeGPUModuleScope);
  tilecheck::target::PtxasResult assembled =
      tilecheck::target::runPtxas(ptx, opts.gpuName, opts.optLevel);
  result.ptxasLog = assembled.log;
  switch (assembled.status) {
  case tilecheck::target::PtxasStatus::Ok:
    result.output = std::move(assembled.cubin);
    return;
  case tilecheck::target::PtxasStatus::Missing:
    return fail(TILEIR_ERROR_UNSUPPORTED_EMIT,
                "emitting cubin needs ptxas: " + assembled.log);
  case tilecheck::target::PtxasStatus::Rejected:
    return fail(TILEIR_ERROR_PTXAS, "ptxas rejected the PTX (exit " +
                                        std::to_string(assembled.exitCode) +
                                        "):\n" + assembled.log);
  case tilecheck::target::PtxasStatus::Crashed:
    return fail(TILEIR_ERROR_PTXAS, "ptxas crashed (exit " +
                                        std::to_string(assembled.exitCode) +
                                        "):\n" + assembled.log);
  case tilecheck::target::PtxasStatus::TimedOut:
    return fail(TILEIR_ERROR_PTXAS, "ptxas timed out:\n" + assembled.log);
  }
}

CompileResult tilecheck::driver::compile(llvm::StringRef input,
                                         const CompileOptions &opts,
                                         llvm::StringRef bufferName) {
  CompileResult result;
  if (failed(checkRequest(opts, bufferName, result)))
    return result;

  DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  // Single-threaded: diagnostics arrive in a fixed order, the line-info sink
  // is per thread, and one module gains little from a thread pool.
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  tilecheck::target::registerTranslations(ctx);
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    appendDiagnostic(diag, bufferName, result.diagnostics);
    return success();
  });

  OwningOpRef<ModuleOp> module = readInput(input, &ctx, bufferName);
  if (!module) {
    result.code = TILEIR_ERROR_BAD_BYTECODE;
    return result;
  }

  // The whole pipeline exists before the IR changes.
  PassManager pm(&ctx, ModuleOp::getOperationName(),
                 OpPassManager::Nesting::Implicit);
  if (failed(buildPipeline(pm, opts, bufferName, result)))
    return result;

  llvm::raw_string_ostream lineInfo(result.lineInfo);
  ScopedLineInfoSink sink(lineInfo);
  if (failed(pm.run(*module))) {
    result.code = TILEIR_ERROR_COMPILE_FAILED;
    if (result.diagnostics.empty())
      result.diagnostics =
          (bufferName + ": error: a pass failed without a diagnostic\n").str();
    return result;
  }

  if (opts.emit < EmitStage::LLVM) {
    llvm::raw_string_ostream os(result.output);
    module->print(os);
    return result;
  }
  emitBelowMLIR(*module, opts, bufferName, result);
  return result;
}

//===----------------------------------------------------------------------===//
// Instrumentation scopes
//===----------------------------------------------------------------------===//

static ScopeObserver &scopeObserver() {
  static ScopeObserver observer;
  return observer;
}

void tilecheck::driver::setScopeObserver(ScopeObserver observer) {
  scopeObserver() = std::move(observer);
}

DriverScope::DriverScope(llvm::StringRef name) : name(name), trace(name) {
  if (scopeObserver())
    scopeObserver()(name, /*entering=*/true);
}

DriverScope::~DriverScope() {
  if (scopeObserver())
    scopeObserver()(name, /*entering=*/false);
}
