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

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tilecheck;
using namespace tilecheck::fuzz;
using namespace tilecheck::fuzz::detail;

namespace {

constexpr StringLiteral kNotLowered = "the LLVM backend does not lower";

/// The text after the first "error: ".
StringRef errorMessage(StringRef diagnostics) {
  size_t at = diagnostics.find("error: ");
  return firstLine(at == StringRef::npos ? diagnostics
                                         : diagnostics.drop_front(at + 7));
}

int simtChild(int fd, const ProgramCase &program, const Reference &reference,
              const Configuration &config, const EngineOptions &options) {
  Channel channel{fd};
  ChildResult r;
  channel.line("phase", "parse");
  mlir::MLIRContext &ctx = sharedContext();
  DiagnosticCapture diags(ctx);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(
          program.text, mlir::ParserConfig(&ctx), program.name);
  if (!module) {
    r.kind = FindingKind::OracleError;
    r.detail = "the program does not parse: " + firstLine(diags.text).str();
    channel.result(r.toJSON());
    return 0;
  }
  std::string printed, asserts;
  raw_string_ostream printedOs(printed), assertsOs(asserts);
  oracle::TileRunConfig rc =
      runConfigFor(program, std::nullopt, options, printedOs, assertsOs);
  oracle::SimtRunOptions so;
  so.compile = config.compileOptions();
  so.maxWarpSteps = options.maxSteps;
  so.detectRaces = rc.run.detectRaces;
  channel.line("phase", "compile-and-run");
  oracle::SimtProgramOutcome out =
      oracle::runSimtProgram(module.get(), program.text, rc, so);
  if (out.compileCode != driver::TILEIR_SUCCESS) {
    StringRef d = out.compileDiagnostics;
    r.diagnostics = d.str();
    if (d.contains(kNotLowered)) {
      r.kind = FindingKind::Skipped;
      r.detail = errorMessage(d).str();
    } else if (isExpectedTargetRejection(d)) {
      r.kind = FindingKind::UnsupportedTarget;
      r.detail = errorMessage(d).str();
    } else {
      r.kind = classifyCompileFailure(d, /*invalidIR=*/false);
      r.culprit = "backend";
      r.detail = ("the compile to PTX failed: " + errorMessage(d)).str();
      r.signatureDetail = normalizeDiagnostics(d);
    }
    channel.result(r.toJSON());
    return 0;
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
    channel.result(r.toJSON());
    return 0;
  default:
    break;
  }
  if (out.simt.status == oracle::simt::SimtStatus::Error ||
      out.run.exitCode == oracle::kExitError ||
      out.run.exitCode == oracle::kExitUsage) {
    // The launch never ran: the PTX does not parse, or the arguments do not
    // bind by the kernel ABI.
    r.kind = FindingKind::OracleError;
    r.culprit = "simt";
    r.detail =
        ("the SIMT executor cannot run the PTX: " + firstLine(out.run.message))
            .str();
    r.signatureDetail = normalizeDiagnostics("error: " + r.detail);
    r.compiled = out.ptx;
    channel.result(r.toJSON());
    return 0;
  }
  RunOutputs got;
  got.exitCode = out.run.exitCode;
  got.message = out.run.message;
  got.printed = out.simt.printed;
  for (oracle::BufferResult &b : out.run.buffers)
    got.buffers.push_back({b.argIndex, std::move(b.array)});
  Verdict v =
      compareOutputs(reference, got, options, MathImplementation::Foreign);
  if (v.kind != FindingKind::None) {
    r.kind = v.kind;
    r.culprit = "backend";
    r.culpritMethod = "simt";
    r.detail = v.detail;
    // No op names the bug below nv_tileas: the kind of difference keeps a
    // precision loss, a NaN payload and a wrong value apart (and keeps a
    // reduction from drifting from one to another).
    r.signatureDetail = v.signatureDetail;
    if (!v.category.empty())
      r.signatureDetail += " (" + v.category + ")";
    r.compiled = out.ptx;
    r.got = std::move(got);
  }
  channel.result(r.toJSON());
  return 0;
}

class SimtExecutor final : public Executor {
public:
  StringRef name() const override { return "simt"; }
  StringRef description() const override {
    return "tilec's pipeline and backend down to PTX, run on the CPU SIMT "
           "executor and compared with the interpreter: wrong code below "
           "nv_tileas, undefined behaviour in the PTX, unsupported "
           "instructions";
  }
  std::string configurationText(const Configuration &config) const override {
    return "compiler=simt," + config.tilecText();
  }
  Error validate(const Configuration &config) const override {
    return validateBackendConfiguration(
        config, "simt configurations run CTAs in row-major order: no block "
                "order");
  }
  std::optional<std::string>
  sharingKey(const Configuration &config) const override {
    return backendSharingKey(config, /*toCubin=*/false);
  }

  ConfigResult check(const ProgramCase &program, const Reference &reference,
                     const Configuration &config,
                     const EngineOptions &options) const override {
    sharedContext();
    ChildOutcome outcome = runIsolated(
        [&](int fd) {
          return simtChild(fd, program, reference, config, options);
        },
        options.limits, /*processGroup=*/false);
    // A finding's compiled text (compiled.mlir in its directory) is the
    // PTX that ran.
    ConfigResult r = collect(outcome, config, reference);
    localizeAboveBackend(r, program, reference, config, options);
    return r;
  }
};

} // namespace

std::unique_ptr<Executor> tilecheck::fuzz::createSimtExecutor() {
  return std::make_unique<SimtExecutor>();
}
