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
#include "tilecheck/Support/EnumNames.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassRegistry.h"

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

static constexpr tilecheck::EnumName<EmitStage> emitStageNames[] = {
    {EmitStage::Mlir, "mlir"},     {EmitStage::TileAA, "tileaa"},
    {EmitStage::TileAS, "tileas"}, {EmitStage::LLVM, "llvm"},
    {EmitStage::PTX, "ptx"},       {EmitStage::Cubin, "cubin"}};

static constexpr tilecheck::EnumName<PipelineStrategy> strategyNames[] = {
    {PipelineStrategy::None, "none"},
    {PipelineStrategy::Unspecialize, "unspecialize"},
    {PipelineStrategy::WarpSpecialize, "warp-specialize"}};

static constexpr tilecheck::EnumName<Scheduler> schedulerNames[] = {
    {Scheduler::Serial, "serial"},
    {Scheduler::Cost, "cost"},
    {Scheduler::Exact, "exact"}};

std::optional<EmitStage> tilecheck::driver::parseEmitStage(StringRef name) {
  return parseName(emitStageNames, name);
}

StringRef tilecheck::driver::stringifyEmitStage(EmitStage stage) {
  return nameOf(emitStageNames, stage);
}

std::optional<PipelineStrategy>
tilecheck::driver::parsePipelineStrategy(StringRef name) {
  return parseName(strategyNames, name);
}

StringRef tilecheck::driver::stringifyPipelineStrategy(PipelineStrategy s) {
  return nameOf(strategyNames, s);
}

std::optional<Scheduler> tilecheck::driver::parseScheduler(StringRef name) {
  return parseName(schedulerNames, name);
}

StringRef tilecheck::driver::stringifyScheduler(Scheduler scheduler) {
  return nameOf(schedulerNames, scheduler);
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
          clEnumValN(Scheduler::Cost, "cost", "cost-based modulo scheduler"),
          clEnumValN(Scheduler::Exact, "exact",
                     "cost-based, then the exact search"))};
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
