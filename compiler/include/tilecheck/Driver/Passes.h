//===- Passes.h - passes owned by the driver --------------------*- C++ -*-===//
//
// Two passes the driver's pipelines use besides the conversions:
//
// - `tilec-line-info-snapshot{stage=<name>}`: seed 003's line-info snapshot
//   printer. Prints the module with its debug locations to the current
//   snapshot sink and changes nothing (all analyses preserved).
// - `tilec-pipeline-config{...}`: records the TileAS scheduling options
//   (v2-opt-level, pipeline-strategy, scheduler, rrt-size-threshold) as the
//   dictionary attribute `tilec.pipeline_config` on the top-level module, so
//   the options travel in the textual pipeline and in the IR to the
//   [scheduling] passes that will read them.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DRIVER_PASSES_H
#define TILECHECK_DRIVER_PASSES_H

#include "tilecheck/Driver/Driver.h"

#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace tilecheck::driver {

/// The module attribute written by `tilec-pipeline-config`.
inline constexpr llvm::StringLiteral kPipelineConfigAttrName =
    "tilec.pipeline_config";

/// Snapshots print to the sink installed on the running thread by the
/// innermost live `ScopedLineInfoSink`, or to llvm::errs() without one.
/// (`compile()` installs one per call and runs single-threaded, so its
/// snapshots land in its own result.)
class ScopedLineInfoSink {
public:
  explicit ScopedLineInfoSink(llvm::raw_ostream &os);
  ~ScopedLineInfoSink();
  ScopedLineInfoSink(const ScopedLineInfoSink &) = delete;
  ScopedLineInfoSink &operator=(const ScopedLineInfoSink &) = delete;

private:
  llvm::raw_ostream *previous;
};

std::unique_ptr<mlir::Pass> createLineInfoSnapshotPass(llvm::StringRef stage);
/// tilec-pipeline-config with the TileAS scheduling options it records.
std::unique_ptr<mlir::Pass> createPipelineConfigPass(unsigned v2OptLevel,
                                                     PipelineStrategy strategy,
                                                     Scheduler scheduler,
                                                     unsigned rrtSizeThreshold);

/// Registers both passes with the global pass registry.
void registerDriverPasses();

} // namespace tilecheck::driver

#endif // TILECHECK_DRIVER_PASSES_H
