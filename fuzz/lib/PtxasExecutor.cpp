//===- PtxasExecutor.cpp - tilec's backend down to a cubin, ptxas checks --===//
//
// Executor `ptxas`: the configuration's tilec pipeline down to PTX (the
// backend, compiler/docs/Backend.md) and ptxas on it, compile only, in a
// forked child. A rejection of the PTX is a `ptxas-rejection` finding (our
// backend emitted PTX the assembler refuses, or ptxas is wrong), ptxas dying
// a crash; a backend pass failing on a valid program a pass failure; a
// program with an op the backend does not lower yet is skipped (said on one
// line, not counted). What the cubin computes is not checked here: that is
// the CPU SIMT executor's and the GPU's work.
//
//===----------------------------------------------------------------------===//

#include "EngineInternal.h"
#include "tilecheck/Fuzz/Executor.h"
#include "tilecheck/Support/Error.h"
#include "tilecheck/Target/NVPTX.h"

#include "tilecheck/Driver/Driver.h"

#include "llvm/Support/FormatVariadic.h"

#include <cstring>

using namespace llvm;
using namespace tilecheck;
using namespace tilecheck::fuzz;
using tilecheck::fuzz::detail::backendSharingKey;
using tilecheck::fuzz::detail::firstErrorMessage;
using tilecheck::fuzz::detail::firstLine;
using tilecheck::fuzz::detail::isExpectedTargetRejection;
using tilecheck::fuzz::detail::kBackendNotLowered;
using tilecheck::fuzz::detail::validateBackendConfiguration;

namespace {

constexpr StringLiteral kCulprit = "ptxas";

/// The child: compile to a cubin; the channel gets "code N" and then the
/// diagnostics (and ptxas's report).
int ptxasChild(int fd, const TestCase &program, const Configuration &config) {
  writeAll(fd, "phase compile\n");
  driver::CompileOptions opts = config.compileOptions();
  opts.emit = driver::EmitStage::Cubin;
  driver::CompileResult r = driver::compile(program.text, opts, "<input>");
  writeAll(fd, formatv("code {0} cubin {1}\n", r.code, r.output.size()).str() +
                   r.diagnostics + r.ptxasLog);
  return 0;
}

class PtxasExecutor final : public Executor {
public:
  PtxasExecutor()
      : Executor("ptxas",
                 "tilec's pipeline and backend down to PTX, then ptxas "
                 "(compile only): PTX rejections, backend failures and "
                 "crashes") {}
  std::string configurationText(const Configuration &config) const override {
    return tilecConfigurationText(config);
  }
  Error validate(const Configuration &config) const override {
    return validateBackendConfiguration(
        config, "ptxas configurations run nothing: no block order");
  }
  std::optional<std::string>
  sharingKey(const Configuration &config) const override {
    return backendSharingKey(config, /*toCubin=*/true);
  }

  ConfigResult check(const TestCase &program, const Reference &,
                     const Configuration &config,
                     const EngineOptions &options) const override {
    ConfigResult r;
    r.config = config;
    if (!target::findPtxas()) {
      r.kind = FindingKind::Skipped;
      r.detail = "ptxas was not found (install the CUDA toolkit or set "
                 "TILECHECK_PTXAS)";
      return r;
    }
    ChildOutcome outcome =
        runIsolated([&](int fd) { return ptxasChild(fd, program, config); },
                    options.limits, /*processGroup=*/true);
    r.seconds = outcome.seconds;
    r.diagnostics = outcome.stderrText;
    std::string sig;
    StringRef channel = outcome.channel;
    size_t at = channel.find("code ");
    if (outcome.status == ChildOutcome::Status::TimedOut) {
      r.kind = FindingKind::Hang;
      r.detail = formatv("the backend or ptxas did not finish within {0} ms",
                         options.limits.timeoutMs)
                     .str();
      sig = "timeout";
    } else if (outcome.status == ChildOutcome::Status::OutOfMemory) {
      r.kind = FindingKind::Oom;
      r.detail = formatv("the backend exceeded the memory limit of {0} MiB",
                         options.limits.memoryMb)
                     .str();
      sig = "memory limit";
    } else if (outcome.status == ChildOutcome::Status::Signaled ||
               at == StringRef::npos) {
      r.kind = FindingKind::Crash;
      r.culprit = "backend";
      r.detail = outcome.status == ChildOutcome::Status::Signaled
                     ? formatv("the backend was killed by signal {0} ({1})",
                               outcome.signal, strsignal(outcome.signal))
                           .str()
                     : formatv("the backend child exited with code {0}",
                               outcome.exitCode)
                           .str();
      sig = normalizeCrash(outcome.stderrText, outcome.signal);
    } else {
      StringRef rest = channel.drop_front(at + 5);
      int code = 0;
      rest.consumeInteger(10, code);
      StringRef text = rest.drop_until([](char c) { return c == '\n'; });
      r.diagnostics = text.ltrim("\n").str() + r.diagnostics;
      StringRef diags = r.diagnostics;
      if (code == driver::TILEIR_SUCCESS) {
        r.kind = FindingKind::None;
        std::vector<target::KernelResources> kernels =
            target::parsePtxasReport(diags);
        r.detail = "ptxas accepted the PTX";
        for (const target::KernelResources &k : kernels)
          r.detail +=
              formatv("; {0}: {1} registers, {2} bytes shared, {3} "
                      "bytes spilled",
                      k.name, k.registers, k.sharedBytes, k.spillStoreBytes)
                  .str();
      } else if (diags.contains(kBackendNotLowered)) {
        r.kind = FindingKind::Skipped;
        r.detail = firstErrorMessage(diags).str();
      } else if (code != driver::TILEIR_ERROR_PTXAS &&
                 isExpectedTargetRejection(diags)) {
        // The target lacks a feature the program uses (block-scaled MMA
        // below sm_100): an expected rejection, as in every other executor.
        r.kind = FindingKind::UnsupportedTarget;
        r.detail = firstErrorMessage(diags).str();
      } else if (code == driver::TILEIR_ERROR_PTXAS) {
        bool crashed = diags.contains("ptxas crashed");
        r.kind = crashed ? FindingKind::Crash : FindingKind::PtxasRejection;
        r.culprit = kCulprit.str();
        r.culpritMethod = "ptxas";
        // ptxas's own first error line names the refused construct.
        StringRef first;
        SmallVector<StringRef> lines;
        diags.split(lines, '\n', -1, /*KeepEmpty=*/false);
        for (StringRef line : lines)
          if (line.trim().starts_with("ptxas") && line.contains("error")) {
            first = line.trim();
            break;
          }
        r.detail =
            ("ptxas " + Twine(crashed ? "crashed on" : "rejected") +
             " the PTX: " + (first.empty() ? firstErrorMessage(diags) : first))
                .str();
        sig = normalizeDiagnostics(first.empty() ? diags : first);
        if (sig.empty())
          sig = normalizeLine(first);
      } else {
        r.kind = FindingKind::PassFailure;
        r.culprit = "backend";
        r.detail = ("the backend failed: " + firstErrorMessage(diags)).str();
        sig = normalizeDiagnostics(diags);
      }
    }
    if (countsAsFinding(r.kind))
      r.toolCommand = "tilec " + config.tilecText() + " --emit cubin";
    r.signatureDetail = sig;
    r.signature = makeSignature(r.kind, r.culprit, sig, {});
    return r;
  }
};

} // namespace

std::unique_ptr<Executor> tilecheck::fuzz::createPtxasExecutor() {
  return std::make_unique<PtxasExecutor>();
}
