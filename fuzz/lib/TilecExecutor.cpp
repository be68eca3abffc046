//===- TilecExecutor.cpp - Our compiler, checked after every pass ---------===//
//
// The `tilec` executor (Executor.h). A configuration child parses the
// input, runs the driver's pipeline with the engine's instrumentation
// (progress lines for crash attribution, the interpreter after every
// checkpoint pass, the pass that failed or broke the verifier), prints the
// compiled module, parses it back and interprets it. Without checkpoints it
// runs driver::compile() exactly. A finding with no culprit is bisected over
// prefixes of the pass list.
//
//===----------------------------------------------------------------------===//

#include "EngineInternal.h"
#include "TestHooks.h"
#include "tilecheck/Fuzz/Engine.h"
#include "tilecheck/Fuzz/Executor.h"
#include "tilecheck/Fuzz/Localize.h"
#include "tilecheck/Fuzz/Sanitizers.h"
#include "tilecheck/Fuzz/Tileiras.h"

#include "tilecheck/Bytecode/Bytecode.h"
#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/InitAll.h"
#include "tilecheck/Oracle/Compare.h"
#include "tilecheck/Oracle/ElemType.h"
#include "tilecheck/Oracle/TileRun.h"
#include "tilecheck/Oracle/Value.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Base64.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <new>
#include <poll.h>
#include <set>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir;
using llvm::StringRef;
using namespace tilecheck;
using namespace tilecheck::fuzz;

using namespace tilecheck::fuzz::detail;

namespace {

/// Runs after every pass: progress lines for crash attribution, the
/// checkpoint interpretations, the failing pass.
class EngineInstrumentation : public PassInstrumentation {
public:
  EngineInstrumentation(Channel &channel, const TestCase &program,
                        const Reference &reference,
                        std::optional<uint64_t> order,
                        const EngineOptions &options, bool checkpoints,
                        unsigned interleavings)
      : channel(channel), program(program), reference(reference), order(order),
        options(options), checkpoints(checkpoints),
        interleavings(interleavings) {}

  /// The checkpoint's verdict: one run (agents interleaved as the seed
  /// says), or with `interleavings` and agents in the module, every
  /// interleaving of each tile block's agents up to that many per block,
  /// the first that disagrees deciding.
  Verdict checkCheckpoint(Operation *op) {
    bool agents = false;
    if (interleavings)
      op->walk([&](Operation *nested) {
        if (nested->getName().getStringRef() ==
            "nv_tileas.async.pipeline.agent_switch") {
          agents = true;
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
    if (!agents) {
      RunOutputs outputs = interpret(op, program, order, options);
      ++interpretations;
      return compareOutputs(reference, outputs, options);
    }
    oracle::InterleavingScript script;
    std::array<int64_t, 3> grid = oracle::runConfigFor(program).grid;
    int64_t blocks = grid[0] * grid[1] * grid[2];
    for (script.block = 0; script.block < blocks; ++script.block) {
      script.prefix.clear();
      script.taken.clear();
      for (unsigned runs = 1;; ++runs) {
        RunOutputs outputs = interpret(op, program, order, options, &script);
        ++interpretations;
        Verdict v = compareOutputs(reference, outputs, options);
        if (v.kind != FindingKind::None) {
          v.detail += " (interleaving " + std::to_string(runs) +
                      " of tile block " + std::to_string(script.block) + ")";
          return v;
        }
        if (!script.advance() || runs >= interleavings)
          break;
      }
    }
    return Verdict();
  }

  void runBeforePass(Pass *pass, Operation *op) override {
    StringRef arg = pass->getArgument();
    if (arg.empty())
      return;
    channel.line("pass", arg);
    {
      // Pass coverage: the op's fingerprint before, compared after. Nested
      // pass managers may run on several ops at once (threads).
      OperationFingerPrint print(op);
      std::lock_guard<std::mutex> lock(coverageMutex);
      printsBefore.insert_or_assign({pass, op}, print);
    }
    maybeInjectFault(arg);
    maybeInjectInvalidIR(arg, op);
  }

  /// Records `arg` as a pass that changed the IR when `op`'s fingerprint
  /// differs from the one taken before the pass.
  void notePassEffect(Pass *pass, Operation *op, StringRef arg) {
    OperationFingerPrint print(op);
    std::lock_guard<std::mutex> lock(coverageMutex);
    auto it = printsBefore.find({pass, op});
    if (it == printsBefore.end())
      return;
    bool changed = !(it->second == print);
    printsBefore.erase(it);
    if (changed && !llvm::is_contained(changedPasses, arg))
      changedPasses.push_back(arg.str());
  }

  void runAfterPass(Pass *pass, Operation *op) override {
    StringRef arg = pass->getArgument();
    if (arg.empty())
      return;
    channel.line("done", arg);
    ++passIndex;
    maybeInjectMiscompile(arg, op);
    notePassEffect(pass, op, arg);
    if (!checkpoints || culprit || !isa<ModuleOp>(op) || op->getParentOp())
      return;
    if (!options.checkpointAll &&
        !llvm::is_contained(options.checkpointPasses, arg.str()))
      return;
    // An unchanged module interprets as before: skip it.
    OperationFingerPrint print(op);
    if (lastPrint && *lastPrint == print) {
      lastAgreeing = passIndex;
      return;
    }
    lastPrint = print;
    channel.line("phase", ("interpret-after " + arg).str());
    Verdict v = checkCheckpoint(op);
    if (v.kind != FindingKind::None) {
      culprit = arg.str();
      culpritIndex = passIndex;
      culpritVerdict = v;
      // Only this pass ran since the module that agreed: the first value it
      // changed names the op it broke (deterministic; the step budget of
      // the checkpoint runs bounds both runs).
      if (v.kind == FindingKind::WrongResult && agreeing &&
          culpritIndex == lastAgreeing + 1) {
        channel.line("phase", ("localize-after " + arg).str());
        std::string printed, asserts;
        llvm::raw_string_ostream printedOs(printed), assertsOs(asserts);
        culpritOpKind = localizeBrokenOp(
            agreeing.get(), op,
            runConfigFor(program, order, options, printedOs, assertsOs));
      }
      agreeing = nullptr;
    } else {
      lastAgreeing = passIndex;
      // Kept for localization should the next checkpoint disagree. A copy
      // per checkpoint that ran the interpreter, which costs far more.
      agreeing = OwningOpRef<Operation *>(op->clone());
    }
    channel.line("phase", "compile");
  }

  void runAfterPassFailed(Pass *pass, Operation *op) override {
    StringRef arg = pass->getArgument();
    if (arg.empty() || failedPass)
      return;
    channel.line("done", arg);
    failedPass = arg.str();
    {
      std::lock_guard<std::mutex> lock(coverageMutex);
      printsBefore.erase({pass, op});
    }
    // The pass manager verifies after a successful pass and reports a
    // failure when the IR is invalid; a pass that failed by itself leaves
    // valid IR (conversions roll back).
    // Silently: the pass manager already reported what is wrong.
    ScopedDiagnosticHandler silence(op->getContext(),
                                    [](Diagnostic &) { return success(); });
    invalidIR = failed(verify(op, /*verifyRecursively=*/true));
  }

  Channel &channel;
  const TestCase &program;
  const Reference &reference;
  std::optional<uint64_t> order;
  const EngineOptions &options;
  bool checkpoints;
  unsigned interleavings;
  /// Top-level passes finished so far; the pass count after the last
  /// checkpoint that agreed, and after the one that disagreed.
  unsigned passIndex = 0, lastAgreeing = 0, culpritIndex = 0;
  unsigned interpretations = 0;
  std::optional<OperationFingerPrint> lastPrint;
  std::optional<std::string> culprit;
  Verdict culpritVerdict;
  /// A copy of the module after the last checkpoint that agreed (the input
  /// before the first), while no checkpoint disagreed.
  OwningOpRef<Operation *> agreeing;
  /// The op the culprit broke (Localize.h), "" when unknown.
  std::string culpritOpKind;
  std::optional<std::string> failedPass;
  bool invalidIR = false;
  /// Pass coverage (ChildResult::changedPasses).
  std::mutex coverageMutex;
  std::map<std::pair<Pass *, Operation *>, OperationFingerPrint> printsBefore;
  std::vector<std::string> changedPasses;
};

/// How a configuration child compiles.
enum class CompileMode {
  /// driver::compile() exactly, then interpret its output.
  Driver,
  /// populatePipeline (or a pipeline prefix) with the engine's
  /// instrumentation: progress lines, checkpoints, the failing pass.
  Instrumented,
};

/// The body of a configuration child.
int configChild(int fd, const TestCase &program, const Reference &reference,
                const Configuration &config, const EngineOptions &options,
                CompileMode mode, bool checkpoints,
                std::optional<size_t> prefixSteps) {
  Channel channel{fd};
  ChildResult r;
  channel.line("phase", "start");
  maybeInjectFault("");
  MLIRContext &ctx = sharedContext();
  DiagnosticCapture diags(ctx);
  driver::CompileOptions opts = config.compileOptions();

  std::string compiledText;
  if (mode == CompileMode::Driver) {
    channel.line("phase", "compile");
    driver::CompileResult cr = driver::compile(program.text, opts, "<input>");
    r.diagnostics += cr.diagnostics;
    if (!cr.ok()) {
      r.kind = classifyCompileFailure(cr.diagnostics, /*invalidIR=*/false);
      r.detail = firstLine(normalizeDiagnostics(cr.diagnostics)).str();
      r.signatureDetail = normalizeDiagnostics(cr.diagnostics);
      channel.result(r.toJSON());
      return 0;
    }
    compiledText = std::move(cr.output);
  } else {
    channel.line("phase", "parse-input");
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
        program.text, ParserConfig(&ctx), "<input>");
    if (!module) {
      r.kind = FindingKind::OracleError;
      r.detail = "the input does not parse in the configuration child";
      r.signatureDetail = normalizeDiagnostics(diags.text);
      r.diagnostics = diags.text;
      channel.result(r.toJSON());
      return 0;
    }
    PassManager pm(&ctx, ModuleOp::getOperationName(),
                   OpPassManager::Nesting::Implicit);
    std::string errors;
    llvm::raw_string_ostream errorsOs(errors);
    if (failed(driver::populatePipeline(pm, opts, errorsOs, prefixSteps))) {
      r.kind = FindingKind::OracleError;
      r.detail = "the pipeline cannot be built: " + errors;
      r.signatureDetail = normalizeDiagnostics("error: " + errors);
      channel.result(r.toJSON());
      return 0;
    }
    auto instrumentation = std::make_unique<EngineInstrumentation>(
        channel, program, reference, config.blockOrderSeed, options,
        checkpoints, config.interleavings);
    EngineInstrumentation *instr = instrumentation.get();
    if (checkpoints)
      instr->agreeing = OwningOpRef<Operation *>(module.get()->clone());
    pm.addInstrumentation(std::move(instrumentation));
    channel.line("phase", "compile");
    LogicalResult ran = pm.run(*module);
    r.interpretations += instr->interpretations;
    r.changedPasses = instr->changedPasses;
    r.diagnostics += diags.text;
    if (failed(ran)) {
      r.kind = classifyCompileFailure(diags.text, instr->invalidIR);
      r.culprit = instr->failedPass.value_or("");
      r.culpritMethod = "instrumentation";
      r.detail = firstLine(normalizeDiagnostics(diags.text)).str();
      r.signatureDetail = normalizeDiagnostics(diags.text);
      channel.result(r.toJSON());
      return 0;
    }
    if (instr->culprit) {
      // A checkpoint disagreed; the end result decides the kind below, the
      // checkpoint names the pass.
      r.culprit = *instr->culprit;
      r.culpritMethod = "checkpoint";
      r.opKind = instr->culpritOpKind;
      if (instr->culpritIndex > instr->lastAgreeing + 1) {
        // Passes ran between the last agreeing checkpoint and this one.
        r.rangeLo = instr->lastAgreeing;
        r.rangeHi = instr->culpritIndex;
      }
    }
    llvm::raw_string_ostream os(compiledText);
    module->print(os);
    os.flush();
    bool allCheckpoints = checkpoints && options.checkpointAll;
    size_t diagMark = diags.text.size();
    interpretCompiled(compiledText, program, reference, config.blockOrderSeed,
                      options, diags, channel, r);
    r.diagnostics += diags.text.substr(diagMark);
    if (r.kind == FindingKind::None && instr->culprit) {
      // An intermediate module disagreed and a later pass hid it: still a
      // miscompile of that pass (two bugs, or a dead result).
      r.kind = instr->culpritVerdict.kind;
      r.detail = "after " + *instr->culprit + ": " +
                 instr->culpritVerdict.detail +
                 " (the final module agrees again)";
      r.signatureDetail = instr->culpritVerdict.signatureDetail;
    }
    if (r.kind != FindingKind::None && r.culprit.empty() && allCheckpoints &&
        r.culpritMethod.empty()) {
      // Every checkpoint agreed, so the module only changed meaning on its
      // way through the printer and parser.
      r.culprit = "print/parse";
      r.culpritMethod = "checkpoint";
    }
    r.compiled = compiledText;
    channel.result(r.toJSON());
    return 0;
  }
  r.compiled = compiledText;
  interpretCompiled(compiledText, program, reference, config.blockOrderSeed,
                    options, diags, channel, r);
  r.diagnostics += diags.text;
  channel.result(r.toJSON());
  return 0;
}

ConfigResult runConfigChild(const TestCase &program, const Reference &reference,
                            const Configuration &config,
                            const EngineOptions &options, CompileMode mode,
                            bool checkpoints,
                            std::optional<size_t> prefixSteps = {}) {
  sharedContext();
  ChildOutcome outcome = runIsolated(
      [&](int fd) {
        return configChild(fd, program, reference, config, options, mode,
                           checkpoints, prefixSteps);
      },
      options.limits);
  return collect(outcome, config, reference);
}

} // namespace

//===----------------------------------------------------------------------===//
// Checking
//===----------------------------------------------------------------------===//

llvm::Expected<std::vector<std::string>>
tilecheck::fuzz::pipelinePasses(const Configuration &config) {
  driver::CompileOptions opts = config.compileOptions();
  std::string message;
  if (failed(driver::validateOptions(opts, message)))
    return makeError(message);
  std::vector<std::string> out;
  for (const driver::PipelineStep &step : driver::planPipeline(opts))
    out.push_back(driver::printStep(step));
  return out;
}

/// Finds the shortest prefix of the pass list that shows the finding's
/// kind, among prefixes of (lo, hi] passes; hi = 0 means the whole list,
/// whose empty prefix is probed first.
static void bisect(const TestCase &program, const Reference &reference,
                   ConfigResult &result, const EngineOptions &options,
                   size_t lo = 0, size_t hi = 0) {
  driver::CompileOptions opts = result.config.compileOptions();
  std::string invalid;
  if (failed(driver::validateOptions(opts, invalid)))
    return;
  // The pipeline's own pass objects: a probe of n passes builds its first n
  // steps, never a cut of the printed text.
  std::vector<driver::PipelineStep> steps = driver::planPipeline(opts);
  unsigned probes = 0;
  auto shows = [&](size_t n) {
    ConfigResult probe = runConfigChild(program, reference, result.config,
                                        options, CompileMode::Instrumented,
                                        /*checkpoints=*/false, n);
    ++probes;
    return probe.kind == result.kind;
  };
  bool refine = hi != 0;
  if (!refine) {
    // The empty prefix first: a finding without any pass is no pass's
    // fault (a crash at start-up, a module that does not survive printing).
    if (shows(0)) {
      result.culprit = "(no pass)";
      result.culpritMethod = "bisection";
      return;
    }
    hi = steps.size();
  }
  hi = std::min(hi, steps.size());
  // Invariant: a prefix of `lo` passes does not show the finding, a prefix
  // of `hi` passes does.
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (shows(mid))
      hi = mid;
    else
      lo = mid;
  }
  if (hi == 0 || hi > steps.size())
    return;
  result.culprit = steps[hi - 1].argument;
  result.culpritMethod = refine ? "checkpoint+bisection" : "bisection";
  result.diagnostics +=
      llvm::formatv("note: bisection over {0} passes ({1} "
                    "probes) names pass {2}: {3}\n",
                    steps.size(), probes, hi, driver::printStep(steps[hi - 1]))
          .str();
}

namespace {

class TilecExecutor final : public Executor {
public:
  TilecExecutor()
      : Executor("tilec", "ours: the driver's pipeline, the interpreter after "
                          "every checkpoint pass and on the compiled module") {}
  std::string configurationText(const Configuration &config) const override {
    return config.tilecText();
  }
  llvm::Error validate(const Configuration &config) const override {
    std::string message;
    if (failed(driver::validateOptions(config.compileOptions(), message)))
      return makeError(message);
    return llvm::Error::success();
  }
  std::optional<std::string>
  sharingKey(const Configuration &config) const override {
    // The compile is a pure function of the input and the pipeline text.
    driver::CompileResult described =
        driver::describePipeline(config.compileOptions());
    if (!described.ok())
      return std::nullopt;
    return described.output;
  }
  ConfigResult check(const TestCase &program, const Reference &reference,
                     const Configuration &config,
                     const EngineOptions &options) const override;
};

} // namespace

std::unique_ptr<Executor> tilecheck::fuzz::createTilecExecutor() {
  return std::make_unique<TilecExecutor>();
}

ConfigResult TilecExecutor::check(const TestCase &program,
                                  const Reference &reference,
                                  const Configuration &config,
                                  const EngineOptions &options) const {
  bool checkpoints = options.checkpointAll || !options.checkpointPasses.empty();
  ConfigResult result = runConfigChild(program, reference, config, options,
                                       checkpoints ? CompileMode::Instrumented
                                                   : CompileMode::Driver,
                                       checkpoints);
  if (!checkpoints && countsAsFinding(result.kind) && result.culprit.empty() &&
      (result.kind == FindingKind::PassFailure ||
       result.kind == FindingKind::VerifierFailure ||
       result.kind == FindingKind::InvalidSchedule ||
       result.kind == FindingKind::Crash || result.kind == FindingKind::Hang ||
       result.kind == FindingKind::Oom)) {
    // driver::compile() has no progress lines: replay instrumented (no
    // checkpoints) to name the pass and tell pass from verifier failures.
    ConfigResult replay =
        runConfigChild(program, reference, config, options,
                       CompileMode::Instrumented, /*checkpoints=*/false);
    if (countsAsFinding(replay.kind) && !replay.culprit.empty())
      result = std::move(replay);
  }
  if (countsAsFinding(result.kind) && result.culprit.empty() &&
      options.bisect && result.kind != FindingKind::OracleError)
    bisect(program, reference, result, options);
  else if (countsAsFinding(result.kind) && options.bisect &&
           result.culpritMethod == "checkpoint" &&
           result.culpritRangeHi > result.culpritRangeLo + 1)
    // Sparse checkpoints bracket the culprit; bisect inside the bracket.
    bisect(program, reference, result, options, result.culpritRangeLo,
           result.culpritRangeHi);
  // The culprit may have changed: recompute the bucket. The op kind belongs
  // to the checkpoint culprit; a bisection culprit has none.
  if (result.culpritMethod != "checkpoint")
    result.opKind.clear();
  result.signature =
      makeSignature(result.kind, result.culprit, result.signatureDetail,
                    reference.opKinds, result.opKind);
  return result;
}
