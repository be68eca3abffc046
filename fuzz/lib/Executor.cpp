//===- Executor.cpp - The executor registry -------------------------------===//
//
// See tilecheck/Fuzz/Executor.h.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Executor.h"
#include "EngineInternal.h"
#include "tilecheck/Driver/Driver.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>

using namespace tilecheck;
using namespace tilecheck::fuzz;
using llvm::Error;
using llvm::StringRef;

Executor::~Executor() = default;

std::string Executor::configurationText(const Configuration &config) const {
  std::string text = "compiler=" + name().str() + "," + config.target + ",O" +
                     std::to_string(config.optLevel);
  if (!config.bytecodeVersion.empty())
    text += ",bytecode=" + config.bytecodeVersion;
  if (config.blockOrderSeed)
    text += ",order=seed:" + std::to_string(*config.blockOrderSeed);
  return text;
}

std::string
Executor::tilecConfigurationText(const Configuration &config) const {
  return "compiler=" + name().str() + "," + config.tilecText();
}

llvm::Error Executor::validate(const Configuration &) const {
  return llvm::Error::success();
}

std::optional<std::string> Executor::sharingKey(const Configuration &) const {
  return std::nullopt;
}

namespace {

/// The registry, with the built-in executors (one line each).
llvm::StringMap<std::unique_ptr<Executor>> &registry() {
  static llvm::StringMap<std::unique_ptr<Executor>> executors = [] {
    llvm::StringMap<std::unique_ptr<Executor>> m;
    auto add = [&](std::unique_ptr<Executor> e) {
      llvm::StringRef name = e->name();
      m[name] = std::move(e);
    };
    add(createTilecExecutor());
    add(createTileirasExecutor());
    add(createPtxasExecutor());
    add(createSimtExecutor());
    add(createGpuExecutor());
    add(createGpuTileirasExecutor());
    return m;
  }();
  return executors;
}

} // namespace

void tilecheck::fuzz::registerExecutor(std::unique_ptr<Executor> executor) {
  llvm::StringRef name = executor->name();
  registry()[name] = std::move(executor);
}

const Executor *tilecheck::fuzz::findExecutor(llvm::StringRef name) {
  auto it = registry().find(name);
  return it == registry().end() ? nullptr : it->second.get();
}

std::vector<const Executor *> tilecheck::fuzz::registeredExecutors() {
  std::vector<const Executor *> out;
  for (auto &entry : registry())
    out.push_back(entry.second.get());
  std::sort(out.begin(), out.end(), [](const Executor *a, const Executor *b) {
    return a->name() < b->name();
  });
  return out;
}

Error tilecheck::fuzz::detail::validateBackendConfiguration(
    const Configuration &config, StringRef noOrderWhy) {
  std::string message;
  if (failed(driver::validateOptions(config.compileOptions(), message)))
    return makeError(message);
  if (config.blockOrderSeed)
    return makeError(noOrderWhy);
  return Error::success();
}

std::optional<std::string>
tilecheck::fuzz::detail::backendSharingKey(const Configuration &config,
                                           bool toCubin) {
  driver::CompileOptions opts = config.compileOptions();
  opts.emit = toCubin ? driver::EmitStage::Cubin : driver::EmitStage::PTX;
  driver::CompileResult described = driver::describePipeline(opts);
  if (!described.ok())
    return std::nullopt;
  // The pipeline, and the target and tier LLVM (and ptxas) see.
  return described.output + " " + config.target + " O" +
         std::to_string(config.optLevel);
}

void tilecheck::fuzz::detail::localizeAboveBackend(
    ConfigResult &r, const TestCase &program, const Reference &reference,
    const Configuration &config, const EngineOptions &options) {
  if (r.kind != FindingKind::WrongResult)
    return;
  // The same pipeline down to nv_tileas, interpreted after every pass (the
  // tilec executor). If that disagrees too, the bug is above the backend
  // and its culprit pass is the finding's.
  Configuration above = config;
  above.compiler = kDefaultCompiler.str();
  const Executor *tilec = findExecutor(above.compiler);
  if (!tilec)
    return;
  ConfigResult upper = tilec->check(program, reference, above, options);
  if (!countsAsFinding(upper.kind) || upper.culprit.empty())
    return;
  // The bug is above the backend: the tilec run's bucket, so that the tilec
  // and backend configurations that meet it count in one bucket.
  r.kind = upper.kind;
  r.culprit = upper.culprit;
  r.culpritMethod = upper.culpritMethod;
  r.opKind = upper.opKind;
  r.signatureDetail = upper.signatureDetail;
  r.signature = upper.signature;
  r.diagnostics = "note: the pipeline down to nv_tileas already disagrees (" +
                  upper.detail + "); culprit and bucket from the tilec run\n" +
                  r.diagnostics;
}

StringRef tilecheck::fuzz::detail::firstErrorMessage(StringRef diagnostics) {
  size_t at = diagnostics.find("error: ");
  return firstLine(at == StringRef::npos ? diagnostics
                                         : diagnostics.drop_front(at + 7));
}

void tilecheck::fuzz::detail::runnerFailed(StringRef culprit, StringRef what,
                                           StringRef message, ChildResult &r) {
  r.kind = FindingKind::OracleError;
  r.culprit = culprit.str();
  r.detail = (what + ": " + firstLine(message)).str();
  r.signatureDetail = normalizeDiagnostics("error: " + r.detail);
}

void tilecheck::fuzz::detail::classifyBackendCompileFailure(
    StringRef diagnostics, StringRef culprit, StringRef what, ChildResult &r) {
  r.diagnostics = diagnostics.str();
  if (diagnostics.contains(kBackendNotLowered)) {
    r.kind = FindingKind::Skipped;
    r.detail = firstErrorMessage(diagnostics).str();
  } else if (isExpectedTargetRejection(diagnostics)) {
    r.kind = FindingKind::UnsupportedTarget;
    r.detail = firstErrorMessage(diagnostics).str();
  } else {
    r.kind = classifyCompileFailure(diagnostics, /*invalidIR=*/false);
    r.culprit = culprit.str();
    r.detail = ("the compile to " + what +
                " failed: " + firstErrorMessage(diagnostics))
                   .str();
    r.signatureDetail = normalizeDiagnostics(diagnostics);
  }
}

std::string tilecheck::fuzz::detail::BackendRunExecutor::configurationText(
    const Configuration &config) const {
  return tilecConfigurationText(config);
}

Error tilecheck::fuzz::detail::BackendRunExecutor::validate(
    const Configuration &config) const {
  return validateBackendConfiguration(config, noOrderWhy);
}

std::optional<std::string>
tilecheck::fuzz::detail::BackendRunExecutor::sharingKey(
    const Configuration &config) const {
  return backendSharingKey(config, compilesToCubin);
}

ConfigResult tilecheck::fuzz::detail::BackendRunExecutor::check(
    const TestCase &program, const Reference &reference,
    const Configuration &config, const EngineOptions &options) const {
  ConfigResult r = checkOnParsedProgram(
      program, reference, config, options, childLimits(options),
      [&](mlir::Operation *module, const oracle::TileRunConfig &launch,
          Channel &channel, ChildResult &child) {
        runModule(module, program, reference, config, options, launch, channel,
                  child);
      });
  localizeAboveBackend(r, program, reference, config, options);
  return r;
}

namespace tilecheck::fuzz::detail {

/// The child of checkOnParsedProgram.
static int runOnParsedProgram(
    int fd, const TestCase &program, const EngineOptions &options,
    llvm::function_ref<void(mlir::Operation *, const oracle::TileRunConfig &,
                            Channel &, ChildResult &)>
        body) {
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
  llvm::raw_string_ostream printedOs(printed), assertsOs(asserts);
  oracle::TileRunConfig launch =
      runConfigFor(program, std::nullopt, options, printedOs, assertsOs);
  body(module.get(), launch, channel, r);
  channel.result(r.toJSON());
  return 0;
}

} // namespace tilecheck::fuzz::detail

ConfigResult tilecheck::fuzz::detail::checkOnParsedProgram(
    const TestCase &program, const Reference &reference,
    const Configuration &config, const EngineOptions &options,
    const Limits &limits,
    llvm::function_ref<void(mlir::Operation *, const oracle::TileRunConfig &,
                            Channel &, ChildResult &)>
        body) {
  sharedContext();
  ChildOutcome outcome = runIsolated(
      [&](int fd) { return runOnParsedProgram(fd, program, options, body); },
      limits, /*processGroup=*/false);
  return collect(outcome, config, reference);
}

bool tilecheck::fuzz::detail::compareForeignRun(
    const Reference &reference, RunOutputs got, const EngineOptions &options,
    StringRef culprit, StringRef method, ChildResult &r) {
  Verdict v =
      compareOutputs(reference, got, options, MathImplementation::Foreign);
  if (v.kind == FindingKind::None)
    return false;
  r.kind = v.kind;
  r.culprit = culprit.str();
  r.culpritMethod = method.str();
  r.detail = v.detail;
  r.signatureDetail = v.signatureDetail;
  if (!v.category.empty())
    r.signatureDetail += " (" + v.category + ")";
  r.wrongBuffer = v.wrongBuffer;
  r.got = std::move(got);
  return true;
}
