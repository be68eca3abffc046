//===- Passes.cpp - the line-info snapshot and pipeline-config passes -----===//
//
// See tilecheck/Driver/Passes.h. Both passes are written by hand (no
// TableGen) since they are small and live beside the driver. The names of
// the driver's enum options live here too, since the config pass prints and
// parses them (this library is linked by InitAll, below the driver).
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Driver/Passes.h"

#include "tilecheck/Driver/Driver.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace tilecheck::driver;

/// The sink of the innermost ScopedLineInfoSink on this thread.
static thread_local llvm::raw_ostream *currentSink = nullptr;

ScopedLineInfoSink::ScopedLineInfoSink(llvm::raw_ostream &os)
    : previous(currentSink) {
  currentSink = &os;
}

ScopedLineInfoSink::~ScopedLineInfoSink() { currentSink = previous; }

//===----------------------------------------------------------------------===//
// Option names
//===----------------------------------------------------------------------===//

std::optional<EmitStage> tilecheck::driver::parseEmitStage(StringRef name) {
  return llvm::StringSwitch<std::optional<EmitStage>>(name)
      .Case("mlir", EmitStage::Mlir)
      .Case("tileaa", EmitStage::TileAA)
      .Case("tileas", EmitStage::TileAS)
      .Case("llvm", EmitStage::LLVM)
      .Case("ptx", EmitStage::PTX)
      .Case("cubin", EmitStage::Cubin)
      .Default(std::nullopt);
}

StringRef tilecheck::driver::stringifyEmitStage(EmitStage stage) {
  switch (stage) {
  case EmitStage::Mlir:
    return "mlir";
  case EmitStage::TileAA:
    return "tileaa";
  case EmitStage::TileAS:
    return "tileas";
  case EmitStage::LLVM:
    return "llvm";
  case EmitStage::PTX:
    return "ptx";
  case EmitStage::Cubin:
    return "cubin";
  }
  llvm_unreachable("unknown emit stage");
}

std::optional<PipelineStrategy>
tilecheck::driver::parsePipelineStrategy(StringRef name) {
  return llvm::StringSwitch<std::optional<PipelineStrategy>>(name)
      .Case("none", PipelineStrategy::None)
      .Case("unspecialize", PipelineStrategy::Unspecialize)
      .Case("warp-specialize", PipelineStrategy::WarpSpecialize)
      .Default(std::nullopt);
}

StringRef tilecheck::driver::stringifyPipelineStrategy(PipelineStrategy s) {
  switch (s) {
  case PipelineStrategy::None:
    return "none";
  case PipelineStrategy::Unspecialize:
    return "unspecialize";
  case PipelineStrategy::WarpSpecialize:
    return "warp-specialize";
  }
  llvm_unreachable("unknown pipeline strategy");
}

std::optional<Scheduler> tilecheck::driver::parseScheduler(StringRef name) {
  return llvm::StringSwitch<std::optional<Scheduler>>(name)
      .Case("serial", Scheduler::Serial)
      .Case("cost", Scheduler::Cost)
      .Default(std::nullopt);
}

StringRef tilecheck::driver::stringifyScheduler(Scheduler scheduler) {
  switch (scheduler) {
  case Scheduler::Serial:
    return "serial";
  case Scheduler::Cost:
    return "cost";
  }
  llvm_unreachable("unknown scheduler");
}

ArrayRef<llvm::StringLiteral> tilecheck::driver::knownGpuNames() {
  // The architectures cuda_tile's optimization hints accept
  // (CudaTileAttrs.cpp, isKnownArch).
  static constexpr llvm::StringLiteral names[] = {
      "sm_80",  "sm_86",  "sm_87",  "sm_88",  "sm_89", "sm_90",
      "sm_100", "sm_103", "sm_110", "sm_120", "sm_121"};
  return names;
}

//===----------------------------------------------------------------------===//
// Passes
//===----------------------------------------------------------------------===//

namespace {

/// Prints the IR it runs on, with debug locations, and changes nothing.
struct LineInfoSnapshotPass
    : public PassWrapper<LineInfoSnapshotPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LineInfoSnapshotPass)

  LineInfoSnapshotPass() = default;
  LineInfoSnapshotPass(const LineInfoSnapshotPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const override { return "tilec-line-info-snapshot"; }
  StringRef getDescription() const override {
    return "Print the IR with its debug locations for line-info correlation "
           "(seed 003); the IR is not changed";
  }

  void runOnOperation() override {
    llvm::raw_ostream &os = currentSink ? *currentSink : llvm::errs();
    os << "// -----// tilec line-info snapshot: stage=" << stage
       << " //----- //\n";
    // Local scope: every op carries its location inline, not an alias.
    getOperation()->print(os, OpPrintingFlags()
                                  .enableDebugInfo(/*enable=*/true,
                                                   /*prettyForm=*/false)
                                  .useLocalScope());
    os << "\n";
    os.flush();
    markAllAnalysesPreserved();
  }

  Option<std::string> stage{*this, "stage",
                            llvm::cl::desc("Name printed in the header of the "
                                           "snapshot (e.g. tileaa, tileas)")};
};

/// Records the TileAS scheduling options on the module.
struct PipelineConfigPass
    : public PassWrapper<PipelineConfigPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PipelineConfigPass)

  PipelineConfigPass() = default;
  PipelineConfigPass(const PipelineConfigPass &other) : PassWrapper(other) {}

  StringRef getArgument() const override { return "tilec-pipeline-config"; }
  StringRef getDescription() const override {
    return "Record the TileAS scheduling options (v2-opt-level, "
           "pipeline-strategy, scheduler, rrt-size-threshold) as the module "
           "attribute tilec.pipeline_config";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder b(module.getContext());
    NamedAttrList entries;
    entries.append("v2_opt_level", b.getI64IntegerAttr(v2OptLevel));
    entries.append("pipeline_strategy",
                   b.getStringAttr(stringifyPipelineStrategy(strategy)));
    entries.append("scheduler", b.getStringAttr(stringifyScheduler(scheduler)));
    entries.append("rrt_size_threshold", b.getI64IntegerAttr(rrtSizeThreshold));
    module->setAttr(kPipelineConfigAttrName,
                    entries.getDictionary(module.getContext()));
    markAllAnalysesPreserved();
  }

  Option<unsigned> v2OptLevel{
      *this, "v2-opt-level",
      llvm::cl::desc("Gate of the newer TileAS stages (0..3)"),
      llvm::cl::init(0)};
  Option<PipelineStrategy> strategy{
      *this, "pipeline-strategy",
      llvm::cl::desc("Producer/consumer specialization strategy"),
      llvm::cl::init(PipelineStrategy::None),
      llvm::cl::values(
          clEnumValN(PipelineStrategy::None, "none", "no specialization"),
          clEnumValN(PipelineStrategy::Unspecialize, "unspecialize",
                     "unspecialized pipeline"),
          clEnumValN(PipelineStrategy::WarpSpecialize, "warp-specialize",
                     "producer and consumer agents"))};
  Option<Scheduler> scheduler{
      *this, "scheduler", llvm::cl::desc("TileAS scheduler"),
      llvm::cl::init(Scheduler::Cost),
      llvm::cl::values(
          clEnumValN(Scheduler::Serial, "serial", "serial list scheduler"),
          clEnumValN(Scheduler::Cost, "cost", "cost-based modulo scheduler"))};
  Option<unsigned> rrtSizeThreshold{
      *this, "rrt-size-threshold",
      llvm::cl::desc("Warp specialization: 0 light path, nonzero "
                     "resource-reservation-table compression"),
      llvm::cl::init(0)};
};

} // namespace

std::unique_ptr<Pass>
tilecheck::driver::createLineInfoSnapshotPass(StringRef stage) {
  auto pass = std::make_unique<LineInfoSnapshotPass>();
  pass->stage = stage.str();
  return pass;
}

std::unique_ptr<Pass> tilecheck::driver::createPipelineConfigPass(
    unsigned v2OptLevel, PipelineStrategy strategy, Scheduler scheduler,
    unsigned rrtSizeThreshold) {
  auto pass = std::make_unique<PipelineConfigPass>();
  pass->v2OptLevel = v2OptLevel;
  pass->strategy = strategy;
  pass->scheduler = scheduler;
  pass->rrtSizeThreshold = rrtSizeThreshold;
  return pass;
}

void tilecheck::driver::registerDriverPasses() {
  PassRegistration<LineInfoSnapshotPass>();
  PassRegistration<PipelineConfigPass>();
}
