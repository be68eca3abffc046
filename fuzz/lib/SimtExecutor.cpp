//===- SimtExecutor.cpp - tilec's PTX run on the CPU SIMT executor --------===//
//
// Executor `simt`: the configuration's tilec pipeline and backend down to
// PTX, run on the CPU SIMT executor (oracle/include/tilecheck/Oracle/
// Simt.h) with the program's launch, every buffer compared with the
// reference as the interpreter's runs are. This is the execution check of
// everything below nv_tileas (the backend's lowering, LLVM's NVPTX code
// generation) on a machine without a GPU:
//   - a disagreement is a wrong result with culprit `backend` (method
//     `simt`) when the same pipeline down to nv_tileas, interpreted after
//     every pass (the tilec executor, run only then), agrees: what differs
//     was lowered below nv_tileas (or the SIMT executor is wrong: the
//     finding's PTX and tile-run --executor simt say which). When that run
//     disagrees too, its culprit pass is the finding's;
//   - undefined behaviour in the emitted code (an out-of-bounds access, a
//     shared-memory race, a barrier a partial CTA reaches) is a wrong
//     result too ("the compiled program has undefined behaviour");
//   - an instruction the executor does not implement is its own kind,
//     `unsupported-instruction` (culprit `simt`), counted: it means a gap
//     in the executor, not in the compiler;
//   - a program with an op the backend does not lower yet is skipped, as
//     for the ptxas executor.
//
//===----------------------------------------------------------------------===//

#include "EngineInternal.h"
#include "tilecheck/Fuzz/Executor.h"
#include "tilecheck/Oracle/SimtProgram.h"

#include "tilecheck/Driver/Driver.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tilecheck;
using namespace tilecheck::fuzz;
using namespace tilecheck::fuzz::detail;

namespace {

class SimtExecutor final : public BackendRunExecutor {
public:
  SimtExecutor()
      : BackendRunExecutor(
            "simt",
            "tilec's pipeline and backend down to PTX, run on the CPU SIMT "
            "executor and compared with the interpreter: wrong code below "
            "nv_tileas, undefined behaviour in the PTX, unsupported "
            "instructions",
            "simt configurations run CTAs in row-major order: no block order",
            /*compilesToCubin=*/false) {}

protected:
  void runModule(mlir::Operation *module, const TestCase &program,
                 const Reference &reference, const Configuration &config,
                 const EngineOptions &options,
                 const oracle::TileRunConfig &launch, Channel &channel,
                 ChildResult &r) const override;
};

void SimtExecutor::runModule(mlir::Operation *module, const TestCase &program,
                             const Reference &reference,
                             const Configuration &config,
                             const EngineOptions &options,
                             const oracle::TileRunConfig &rc, Channel &channel,
                             ChildResult &r) const {
  oracle::SimtRunOptions so;
  so.compile = config.compileOptions();
  so.maxWarpSteps = options.maxSteps;
  so.detectRaces = rc.run.detectRaces;
  channel.line("phase", "compile-and-run");
  oracle::SimtProgramOutcome out =
      oracle::runSimtProgram(module, program.text, rc, so);
  if (out.compileCode != driver::TILEIR_SUCCESS) {
    classifyBackendCompileFailure(out.compileDiagnostics, "backend", "PTX", r);
    return;
  }
  r.notes = formatv("{0} warp-instructions, {1} thread-instructions",
                    out.simt.stats.warpInstructions,
                    out.simt.stats.threadInstructions)
                .str();
  r.detail = "the PTX ran on the SIMT executor: " + r.notes;
  switch (out.simt.status) {
  case oracle::simt::SimtStatus::Unsupported:
    r.kind = FindingKind::UnsupportedInstruction;
    r.culprit = "simt";
    r.detail = firstLine(out.run.message).str();
    r.signatureDetail = out.simt.instruction;
    r.compiled = out.ptx;
    return;
  default:
    break;
  }
  if (out.simt.status == oracle::simt::SimtStatus::Error ||
      out.run.exitCode == oracle::kExitError ||
      out.run.exitCode == oracle::kExitUsage) {
    // The launch never ran: the PTX does not parse, or the arguments do not
    // bind by the kernel ABI.
    runnerFailed("simt", "the SIMT executor cannot run the PTX",
                 out.run.message, r);
    r.compiled = out.ptx;
    return;
  }
  RunOutputs got;
  got.exitCode = out.run.exitCode;
  got.message = out.run.message;
  got.printed = out.simt.printed;
  for (oracle::BufferResult &b : out.run.buffers)
    got.buffers.push_back({b.argIndex, std::move(b.array)});
  if (compareForeignRun(reference, std::move(got), options, "backend", "simt",
                        r))
    r.compiled = out.ptx;
}

} // namespace

std::unique_ptr<Executor> tilecheck::fuzz::createSimtExecutor() {
  return std::make_unique<SimtExecutor>();
}
