//===- Engine.cpp - The differential engine -------------------------------===//
//
// See tilecheck/Fuzz/Engine.h. Process structure: the caller (a tile-diff
// program worker) forks one child for the reference run of each block order
// and one child per configuration. A configuration child inherits the
// reference outputs (copy-on-write), compiles, interprets and compares by
// itself, and writes a JSON result, preceded by progress lines ("pass X",
// "done X", "phase P"), to its pipe. When a child dies, the last progress
// line names what it was doing.
//
// Nothing in the parent runs threads: every MLIRContext is single-threaded,
// so forking is safe.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Engine.h"
#include "EngineInternal.h"
#include "tilecheck/Fuzz/Executor.h"
#include "tilecheck/Fuzz/Localize.h"
#include "tilecheck/Fuzz/Sanitizers.h"
#include "tilecheck/Fuzz/TileDiff.h"
#include "tilecheck/Fuzz/Tileiras.h"
#include "tilecheck/Support/Error.h"

#include "tilecheck/Bytecode/Bytecode.h"
#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/InitAll.h"
#include "tilecheck/Oracle/Compare.h"
#include "tilecheck/Oracle/ElemType.h"
#include "tilecheck/Oracle/Interpreter.h"
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
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
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
#include <limits>
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

//===----------------------------------------------------------------------===//
// Channel protocol
//===----------------------------------------------------------------------===//

void Channel::result(const llvm::json::Value &value) {
  std::string body;
  llvm::raw_string_ostream os(body);
  os << value;
  writeAll(fd, ("result " + llvm::Twine(body.size()) + "\n").str());
  writeAll(fd, body);
}

Transcript tilecheck::fuzz::detail::parseTranscript(StringRef text) {
  Transcript t;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    if (line.consume_front("result ")) {
      size_t n = 0;
      if (!line.getAsInteger(10, n) && rest.size() >= n) {
        auto parsed = llvm::json::parse(rest.take_front(n));
        if (parsed)
          t.result = std::move(*parsed);
        else
          llvm::consumeError(parsed.takeError());
        rest = rest.drop_front(n);
      }
    } else if (line.consume_front("pass ")) {
      t.runningPass = line.str();
      t.phase = ("pass " + line).str();
    } else if (line.consume_front("done ")) {
      t.runningPass.clear();
      t.lastDone = line.str();
      t.phase.clear();
    } else if (line.consume_front("phase ")) {
      t.phase = line.str();
    }
    text = rest;
  }
  return t;
}

//===----------------------------------------------------------------------===//
// Shared child machinery
//===----------------------------------------------------------------------===//

void tilecheck::fuzz::installCrashHandler() {
  static std::once_flag once;
  std::call_once(once,
                 [] { llvm::sys::PrintStackTraceOnErrorSignal("tile-diff"); });
}

namespace tilecheck::fuzz::detail {

MLIRContext &sharedContext() {
  static MLIRContext *ctx = [] {
    // Children inherit the handler: a crash prints its stack trace (once)
    // to the captured stderr, which the crash signature reads.
    installCrashHandler();
    DialectRegistry registry;
    tilecheck::registerAllDialects(registry);
    // nv_tileas programs contain upstream arith and math ops.
    registry.insert<arith::ArithDialect, math::MathDialect>();
    auto *c = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
    c->loadAllAvailableDialects();
    // Building (not running) a pipeline registers every pass once.
    OpPassManager pm(ModuleOp::getOperationName());
    std::string ignored;
    llvm::raw_string_ostream os(ignored);
    (void)driver::populatePipeline(pm, driver::CompileOptions(), os);
    return c;
  }();
  return *ctx;
}

DiagnosticCapture::DiagnosticCapture(MLIRContext &ctx)
    : handler(&ctx, [this](Diagnostic &diag) {
        append(diag);
        return success();
      }) {}

void DiagnosticCapture::append(Diagnostic &diag) {
  llvm::raw_string_ostream os(text);
  auto printLoc = [&](Location loc) {
    if (auto file = loc->findInstanceOf<FileLineColLoc>())
      os << file.getFilename().getValue() << ":" << file.getLine() << ":"
         << file.getColumn() << ": ";
    else
      os << "<input>: ";
  };
  printLoc(diag.getLocation());
  StringRef severity =
      diag.getSeverity() == DiagnosticSeverity::Error     ? "error"
      : diag.getSeverity() == DiagnosticSeverity::Warning ? "warning"
      : diag.getSeverity() == DiagnosticSeverity::Note    ? "note"
                                                          : "remark";
  os << severity << ": " << diag << "\n";
  for (Diagnostic &note : diag.getNotes()) {
    printLoc(note.getLocation());
    os << "note: " << note << "\n";
  }
}

oracle::TileRunConfig runConfigFor(const TestCase &program,
                                   std::optional<uint64_t> order,
                                   const EngineOptions &options,
                                   llvm::raw_ostream &printed,
                                   llvm::raw_ostream &asserts) {
  oracle::TileRunConfig cfg = oracle::runConfigFor(program);
  cfg.run.blockOrderSeed = order;
  // The block-order seed doubles as the interleaving seed of agents
  // (Config.h).
  cfg.run.agentSeed = order;
  cfg.run.maxSteps = options.maxSteps;
  // A mutant's reduce or scan body may not be commutative: its result is
  // then unspecified, and a compiler that combines in another order is not
  // wrong (RunOptions::checkCombinerOrder).
  cfg.run.checkCombinerOrder = options.mutants;
  cfg.run.printStream = &printed;
  cfg.run.assertStream = &asserts;
  return cfg;
}

/// Interprets `module` with the program's launch.
RunOutputs
interpret(Operation *module, const TestCase &program,
          std::optional<uint64_t> order, const EngineOptions &options,
          oracle::InterleavingScript *script,
          std::function<void(oracle::ExecContext &, Operation *)> observer) {
  RunOutputs out;
  std::string asserts;
  llvm::raw_string_ostream printedOs(out.printed), assertsOs(asserts);
  oracle::TileRunConfig cfg =
      runConfigFor(program, order, options, printedOs, assertsOs);
  cfg.run.interleavings = script;
  cfg.run.opObserver = std::move(observer);
  oracle::TileRunOutcome run = oracle::runTileModule(module, cfg);
  out.exitCode = run.exitCode;
  out.message = run.message;
  for (oracle::BufferResult &b : run.buffers)
    out.buffers.push_back({b.argIndex, std::move(b.array)});
  return out;
}

/// Diagnostics that are correct rejections of a configuration whose target
/// lacks a feature the program needs (not findings), or whose options
/// leave an op no way to compile: a reg2reg cap below the 16-byte register
/// copy under which a layout conversion has no feasible plan (a pointer
/// tile at reg2reg=0, a staging buffer beyond the staging area; seed 001's
/// option-misuse case). At the default cap every such failure is a
/// finding.
bool isExpectedTargetRejection(StringRef diagnostics) {
  if (diagnostics.contains("is not supported by compute capability"))
    return true;
  // Every such error must carry its own note naming a cap below 16.
  static const llvm::Regex capped(
      "plans listed is feasible with reg2reg-vec-size=([0-9]+) ");
  size_t errors = 0, cappedNotes = 0;
  SmallVector<StringRef> lines;
  diagnostics.split(lines, '\n');
  for (StringRef line : lines) {
    if (line.contains("failed to query target spec for convert_layout"))
      ++errors;
    SmallVector<StringRef, 2> match;
    unsigned cap = 0;
    if (capped.match(line, &match) && !match[1].getAsInteger(10, cap) &&
        cap < 16)
      ++cappedNotes;
  }
  return errors > 0 && cappedNotes == errors;
}

FindingKind classifyCompileFailure(StringRef diagnostics, bool invalidIR) {
  if (isExpectedTargetRejection(diagnostics))
    return FindingKind::UnsupportedTarget;
  if (diagnostics.contains("failed to legalize schedule"))
    return FindingKind::InvalidSchedule;
  return invalidIR ? FindingKind::VerifierFailure : FindingKind::PassFailure;
}

llvm::json::Value ChildResult::toJSON() const {
  llvm::json::Object obj{{"notes", notes},
                         {"range_lo", static_cast<int64_t>(rangeLo)},
                         {"range_hi", static_cast<int64_t>(rangeHi)}};
  writeResultFields(*this, obj);
  return llvm::json::Value(std::move(obj));
}

ChildResult ChildResult::fromJSON(const llvm::json::Value &v) {
  ChildResult r;
  const llvm::json::Object *obj = v.getAsObject();
  if (!obj)
    return r;
  // Outputs that do not parse are dropped: the comparison already ran.
  llvm::consumeError(readResultFields(*obj, r));
  r.notes = obj->getString("notes").value_or("").str();
  r.rangeLo = obj->getInteger("range_lo").value_or(0);
  r.rangeHi = obj->getInteger("range_hi").value_or(0);
  return r;
}

/// Parses compiled text and interprets it; fills `r` on disagreement.
void interpretCompiled(StringRef compiledText, const TestCase &program,
                       const Reference &reference,
                       std::optional<uint64_t> order,
                       const EngineOptions &options, DiagnosticCapture &diags,
                       Channel &channel, ChildResult &r) {
  MLIRContext &ctx = sharedContext();
  channel.line("phase", "parse-compiled");
  size_t diagMark = diags.text.size();
  OwningOpRef<ModuleOp> reparsed = parseSourceString<ModuleOp>(
      compiledText, ParserConfig(&ctx), "<compiled>");
  if (!reparsed) {
    r.kind = FindingKind::VerifierFailure;
    r.culprit = "print/parse";
    r.culpritMethod = "instrumentation";
    r.detail = ("the compiled module does not parse back: " +
                firstLine(StringRef(diags.text).drop_front(diagMark)))
                   .str();
    r.signatureDetail =
        normalizeDiagnostics(StringRef(diags.text).drop_front(diagMark));
    return;
  }
  channel.line("phase", "interpret-compiled");
  RunOutputs got = interpret(reparsed.get(), program, order, options);
  ++r.interpretations;
  Verdict v = compareOutputs(reference, got, options);
  if (v.kind == FindingKind::None)
    return;
  r.kind = v.kind;
  r.detail = v.detail;
  r.signatureDetail = v.signatureDetail;
  r.got = std::move(got);
}

/// Turns a finished child into a ConfigResult (crash, hang, OOM, or its
/// JSON result).
ConfigResult collect(const ChildOutcome &outcome, const Configuration &config,
                     const Reference &reference) {
  ConfigResult result;
  result.config = config;
  result.seconds = outcome.seconds;
  Transcript t = parseTranscript(outcome.channel);
  auto where = [&]() -> std::string {
    if (!t.runningPass.empty())
      return t.runningPass;
    if (StringRef(t.phase).starts_with("interpret"))
      return ("interpreter (" + t.phase + ")");
    if (t.phase == "parse-compiled")
      return "print/parse";
    // Start-up, parsing the input, between passes: no pass to blame (the
    // bisection probes the empty prefix to say so).
    return "";
  };
  std::string sigDetail;
  if (outcome.status == ChildOutcome::Status::TimedOut) {
    result.kind = FindingKind::Hang;
    result.culprit = where();
    result.culpritMethod = result.culprit.empty() ? "" : "instrumentation";
    result.detail = "no result within the time limit (killed)";
    StringRef phase = t.phase;
    if (phase.consume_front("interpret-after ")) {
      // The module after that pass runs forever where the input did not:
      // that pass made the hang (the reference finished in time).
      result.culprit = phase.str();
      result.culpritMethod = "checkpoint";
      result.detail = ("the module after " + phase +
                       " does not finish within the time limit (killed)")
                          .str();
    } else if (phase == "interpret-compiled") {
      // Only the compiled module hangs: let the bisection find the pass.
      result.culprit.clear();
      result.culpritMethod.clear();
      result.detail = "the compiled module does not finish within the time "
                      "limit (killed)";
    }
    result.diagnostics = outcome.stderrText;
  } else if (outcome.status == ChildOutcome::Status::OutOfMemory) {
    result.kind = FindingKind::Oom;
    result.culprit = where();
    result.culpritMethod = result.culprit.empty() ? "" : "instrumentation";
    result.detail = "the memory limit was exceeded";
    result.diagnostics = outcome.stderrText;
  } else if (outcome.status == ChildOutcome::Status::Signaled || !t.result) {
    result.kind = FindingKind::Crash;
    result.culprit = where();
    result.culpritMethod = result.culprit.empty() ? "" : "instrumentation";
    sigDetail = normalizeCrash(outcome.stderrText, outcome.signal);
    result.detail = outcome.status == ChildOutcome::Status::Signaled
                        ? ("killed by signal " + llvm::Twine(outcome.signal) +
                           " (" + strsignal(outcome.signal) + ")")
                              .str()
                        : ("exited with code " + llvm::Twine(outcome.exitCode) +
                           " without a result")
                              .str();
    if (outcome.status != ChildOutcome::Status::Signaled)
      sigDetail = "exit " + std::to_string(outcome.exitCode);
    result.diagnostics = outcome.stderrText;
  } else {
    ChildResult r = ChildResult::fromJSON(*t.result);
    result.kind = r.kind;
    result.culprit = r.culprit;
    result.culpritMethod = r.culpritMethod;
    result.detail = r.detail;
    sigDetail = r.signatureDetail;
    result.diagnostics = r.diagnostics;
    if (!r.notes.empty())
      result.diagnostics += "note: " + r.notes + "\n";
    if (!outcome.stderrText.empty())
      result.diagnostics += outcome.stderrText;
    result.compiled = std::move(r.compiled);
    result.got = std::move(r.got);
    result.interpretations = r.interpretations;
    result.culpritRangeLo = r.rangeLo;
    result.culpritRangeHi = r.rangeHi;
    result.changedPasses = std::move(r.changedPasses);
    // Only a wrong result's bucket names the op (a hang or an oracle error
    // after the same checkpoint keeps kind|culprit|detail).
    if (r.kind == FindingKind::WrongResult)
      result.opKind = r.opKind;
  }
  if (result.kind == FindingKind::WrongResult)
    result.reference = reference.outputs;
  result.signatureDetail = sigDetail;
  result.signature = makeSignature(result.kind, result.culprit, sigDetail,
                                   reference.opKinds, result.opKind);
  return result;
}

} // namespace tilecheck::fuzz::detail

//===----------------------------------------------------------------------===//
// Reference
//===----------------------------------------------------------------------===//

void tilecheck::fuzz::prepareEngine() { sharedContext(); }

void tilecheck::fuzz::bindSymbolsAtStartup(char **argv) {
  // Set by the re-exec below: this process binds at start-up already.
  static constexpr const char *kMarker = "TILECHECK_BOUND_AT_STARTUP";
  if (const char *marker = ::getenv(kMarker)) {
    if (llvm::StringRef(marker) == "reexec")
      ::unsetenv("LD_BIND_NOW"); // ours: programs we start bind lazily
    ::unsetenv(kMarker);
    return;
  }
  const char *lazy = ::getenv("TILECHECK_LAZY_BINDING");
  if (lazy && llvm::StringRef(lazy) == "1")
    return;
  const char *now = ::getenv("LD_BIND_NOW");
  if (now && *now)
    return; // the user's: already bound, and theirs to keep
  // Started through the dynamic loader (`ld-linux-x86-64.so.2 tile-diff
  // ...`): /proc/self/exe is the loader, which would take argv[1] for the
  // program. Stay lazy.
  llvm::SmallString<256> self;
  if (llvm::sys::fs::real_path("/proc/self/exe", self) ||
      llvm::sys::path::filename(self).starts_with("ld-") ||
      llvm::sys::path::filename(self).starts_with("ld.so"))
    return;
  ::setenv(kMarker, "reexec", 1);
  ::setenv("LD_BIND_NOW", "1", 1);
  ::execv("/proc/self/exe", argv);
  // No re-exec (no /proc): go on with lazy binding.
  ::unsetenv("LD_BIND_NOW");
  ::unsetenv(kMarker);
}

MLIRContext &tilecheck::fuzz::engineContext() { return sharedContext(); }

llvm::Expected<Reference>
tilecheck::fuzz::runReference(const TestCase &program,
                              std::optional<uint64_t> order,
                              const EngineOptions &options) {
  sharedContext();
  ChildOutcome outcome = runIsolated(
      [&](int fd) {
        Channel channel{fd};
        MLIRContext &ctx = sharedContext();
        DiagnosticCapture diags(ctx);
        OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
            program.text, ParserConfig(&ctx), program.name);
        if (!module) {
          channel.result(
              llvm::json::Object{{"error", "the program does not parse: " +
                                               firstLine(diags.text).str()}});
          return 0;
        }
        std::set<std::string> ops;
        bool approxExp = false;
        module->walk([&](Operation *op) {
          if (!isa<ModuleOp>(op))
            ops.insert(op->getName().getStringRef().str());
          if (auto exp = dyn_cast<cuda_tile::ExpOp>(op))
            approxExp |=
                exp.getRoundingMode() == cuda_tile::RoundingMode::APPROX;
        });
        std::vector<std::string> opKinds(ops.begin(), ops.end());
        // The narrowest float an inexact op produces (Reference).
        std::optional<oracle::ElemType> narrow;
        module->walk([&](Operation *op) {
          if (resultClassOfOp(op->getName().getStringRef()) <
              oracle::ResultClass::MathFunction)
            return;
          for (Type t : op->getResultTypes()) {
            if (!oracle::isTileLike(t))
              continue;
            std::optional<oracle::ElemType> e =
                oracle::elemTypeOf(oracle::tileElementType(t));
            if (!e || !oracle::isFloat(*e))
              continue;
            if (!narrow ||
                llvm::APFloat::semanticsPrecision(*oracle::semantics(*e)) <
                    llvm::APFloat::semanticsPrecision(
                        *oracle::semantics(*narrow)))
              narrow = e;
          }
        });
        // The longest chain of math functions (Reference::mathChainDepth):
        // post-order, so a region's yields are seen before its op, whose
        // results take the deepest value the region yields.
        llvm::DenseMap<Value, unsigned> depthOf;
        unsigned mathDepth = 0;
        module->walk([&](Operation *op) {
          unsigned d = 0;
          for (Value v : op->getOperands())
            d = std::max(d, depthOf.lookup(v));
          for (Region &r : op->getRegions())
            for (Block &b : r)
              if (!b.empty() && b.back().hasTrait<OpTrait::IsTerminator>())
                for (Value v : b.back().getOperands())
                  d = std::max(d, depthOf.lookup(v));
          if (resultClassOfOp(op->getName().getStringRef()) ==
              oracle::ResultClass::MathFunction)
            ++d;
          for (Value r : op->getResults())
            depthOf[r] = d;
          mathDepth = std::max(mathDepth, d);
        });
        llvm::json::Array types;
        oracle::Memory memory;
        oracle::Interpreter interp(module.get(), memory, oracle::RunOptions());
        std::string error;
        if (Operation *entry = interp.findEntry(program.entry, error)) {
          for (auto [i, arg] :
               llvm::enumerate(entry->getRegion(0).front().getArguments())) {
            auto tile = dyn_cast<cuda_tile::TileType>(arg.getType());
            if (!tile)
              continue;
            auto ptr = dyn_cast<cuda_tile::PointerType>(tile.getElementType());
            if (!ptr)
              continue;
            if (auto elem = oracle::elemTypeOf(ptr.getPointeeType()))
              types.push_back(llvm::json::Array{static_cast<int64_t>(i),
                                                oracle::name(*elem)});
          }
        }
        channel.line("phase", "interpret-reference");
        // The largest |x| an approximate exp takes (Reference::approxExpArg),
        // watched only where the program has one (an observer costs a call
        // per executed op).
        double approxExpArg = 0;
        auto observeExp = [&](oracle::ExecContext &ctx, Operation *op) {
          auto exp = dyn_cast<cuda_tile::ExpOp>(op);
          if (!exp || exp.getRoundingMode() != cuda_tile::RoundingMode::APPROX)
            return;
          const oracle::RtValue *x = ctx.lookup(exp.getSource());
          if (!x || !x->isTile())
            return;
          const oracle::Tile &tile = x->getTile();
          for (int64_t i = 0, n = tile.size(); i < n; ++i) {
            llvm::APFloat v = tile.getFloat(i);
            if (v.isFinite())
              approxExpArg =
                  std::max(approxExpArg, std::fabs(v.convertToDouble()));
          }
        };
        RunOutputs outputs =
            interpret(module.get(), program, order, options, nullptr,
                      approxExp ? std::function(observeExp) : nullptr);
        llvm::json::Array opsJson;
        for (const std::string &op : opKinds)
          opsJson.push_back(op);
        channel.result(llvm::json::Object{
            {"outputs", outputs.toJSON()},
            {"types", std::move(types)},
            {"ops", std::move(opsJson)},
            {"class", resultClassName(resultClassOf(opKinds))},
            {"narrow", narrow ? oracle::name(*narrow).str() : ""},
            {"math_depth", static_cast<int64_t>(mathDepth)},
            {"approx_exp_arg", approxExpArg}});
        return 0;
      },
      options.limits);
  Transcript t = parseTranscript(outcome.channel);
  if (outcome.status == ChildOutcome::Status::TimedOut)
    return makeError("the reference run did not finish within the time "
                     "limit");
  if (outcome.status == ChildOutcome::Status::OutOfMemory)
    return makeError("the reference run exceeded the memory limit");
  if (!t.result)
    return makeError(
        "the reference run died (" +
        (outcome.signal
             ? llvm::Twine("signal ") + llvm::Twine(outcome.signal)
             : llvm::Twine("exit ") + llvm::Twine(outcome.exitCode)) +
        "): " + firstLine(outcome.stderrText));
  const llvm::json::Object *obj = t.result->getAsObject();
  if (!obj)
    return makeError("the reference run sent no result");
  if (std::optional<StringRef> err = obj->getString("error"))
    return makeError(*err);
  Reference ref;
  const llvm::json::Value *outs = obj->get("outputs");
  if (!outs)
    return makeError("the reference run sent no outputs");
  auto parsed = RunOutputs::fromJSON(*outs);
  if (!parsed)
    return parsed.takeError();
  ref.outputs = std::move(*parsed);
  if (const llvm::json::Array *types = obj->getArray("types"))
    for (const llvm::json::Value &tv : *types)
      if (const llvm::json::Array *pair = tv.getAsArray();
          pair && pair->size() == 2)
        ref.bufferTypes.push_back(
            {static_cast<unsigned>((*pair)[0].getAsInteger().value_or(0)),
             (*pair)[1].getAsString().value_or("").str()});
  if (const llvm::json::Array *ops = obj->getArray("ops"))
    for (const llvm::json::Value &op : *ops)
      ref.opKinds.push_back(op.getAsString().value_or("").str());
  ref.resultClass = obj->getString("class").value_or("exact").str();
  ref.narrowestInexactFloat = obj->getString("narrow").value_or("").str();
  ref.mathChainDepth = obj->getInteger("math_depth").value_or(0);
  ref.approxExpArg = obj->getNumber("approx_exp_arg").value_or(0);
  return ref;
}

ConfigResult tilecheck::fuzz::checkConfiguration(const TestCase &program,
                                                 const Reference &reference,
                                                 const Configuration &config,
                                                 const EngineOptions &options) {
  if (const Executor *executor = findExecutor(config.compiler))
    return executor->check(program, reference, config, options);
  ConfigResult result;
  result.config = config;
  result.kind = FindingKind::OracleError;
  result.detail = "no executor '" + config.compiler + "' in this build";
  result.signatureDetail = "no executor";
  result.signature =
      makeSignature(result.kind, "", result.signatureDetail, reference.opKinds);
  return result;
}

/// What is not a finding on a mutant (EngineOptions::mutants): undefined
/// behaviour of the mutant itself, and a compiler's rejection (its
/// verifier may refuse what ours lets through).
static void notCountedOnMutants(ConfigResult &r) {
  if (r.kind != FindingKind::InputUB && r.kind != FindingKind::Rejection)
    return;
  r.diagnostics = r.detail + "\n" + r.diagnostics;
  r.detail = r.kind == FindingKind::InputUB
                 ? "a mutant with undefined behaviour (not counted)"
                 : "a mutant the compiler rejects (not counted)";
  r.kind = FindingKind::Skipped;
  r.signature = {};
}

/// The configurations of `matrix` whose executor needs no reference, run on
/// a program whose reference could not run (EngineOptions::mutants).
static void checkWithoutReference(const TestCase &program,
                                  const Reference &reference,
                                  ArrayRef<Configuration> matrix,
                                  const EngineOptions &options,
                                  ProgramReport &report) {
  for (const Configuration &config : matrix) {
    const Executor *executor = findExecutor(config.compiler);
    if (!executor || executor->needsReference())
      continue;
    report.results.push_back(
        checkConfiguration(program, reference, config, options));
  }
}

/// checkProgram with every run in a child of its own (or, inside a batch
/// child, in that child's process).
static ProgramReport checkProgramRuns(const TestCase &program,
                                      llvm::ArrayRef<Configuration> matrix,
                                      const EngineOptions &options) {
  ProgramReport report;
  report.programName = program.name;
  std::map<std::optional<uint64_t>, Reference> references;
  auto reference = [&](std::optional<uint64_t> order) -> const Reference * {
    auto it = references.find(order);
    if (it != references.end())
      return &it->second;
    auto ref = runReference(program, order, options);
    if (!ref) {
      report.error = llvm::toString(ref.takeError());
      return nullptr;
    }
    return &references.emplace(order, std::move(*ref)).first->second;
  };

  // A run the reference could not make on a mutant: said, not counted.
  auto skipOnMutant = [&](std::string detail, std::string diagnostics) {
    ConfigResult skipped;
    skipped.kind = FindingKind::Skipped;
    skipped.detail = std::move(detail);
    skipped.diagnostics = std::move(diagnostics);
    report.results.push_back(std::move(skipped));
  };
  const Reference *rowMajor = reference(std::nullopt);
  if (!rowMajor && options.mutants) {
    // A mutant the reference interpreter could not run at all (it died or
    // ran out of time or memory): said as a skipped run, and what needs no
    // reference still runs.
    skipOnMutant("the reference could not run the mutant", *report.error);
    report.error.reset();
    checkWithoutReference(program, Reference(), matrix, options, report);
    return report;
  }
  if (!rowMajor)
    return report;
  report.opKinds = rowMajor->opKinds;
  auto inputUB = [&](const Reference &ref, const Configuration *config) {
    ConfigResult ub;
    if (config)
      ub.config = *config;
    ub.kind = FindingKind::InputUB;
    ub.culprit = "input";
    ub.detail = firstLine(ref.outputs.message).str();
    ub.diagnostics = ref.outputs.message;
    // The UB kind and op, not its values, make the bucket.
    ub.signatureDetail = normalizeRunFailure(ref.outputs.message);
    ub.signature = makeSignature(FindingKind::InputUB, "input",
                                 ub.signatureDetail, ref.opKinds);
    report.results.push_back(std::move(ub));
  };
  bool referenceRan = rowMajor->outputs.exitCode == oracle::kExitOk ||
                      rowMajor->outputs.exitCode == oracle::kExitAssertFailed;
  std::string failed = "the reference run failed (tile-run exit " +
                       std::to_string(rowMajor->outputs.exitCode) + ")";
  if (rowMajor->outputs.exitCode == oracle::kExitUndefinedBehavior) {
    inputUB(*rowMajor, nullptr);
  } else if (!referenceRan && !options.mutants) {
    report.error = failed + ": " + firstLine(rowMajor->outputs.message).str();
  } else if (!referenceRan) {
    // A mutant that breaks its launch (an argument of another type): said
    // as a skipped run.
    skipOnMutant(failed + " on the mutant", rowMajor->outputs.message);
  }
  if (!referenceRan) {
    // Mutants: what needs no reference still runs, on the row-major
    // reference (op kinds, no usable outputs).
    if (options.mutants) {
      checkWithoutReference(program, *rowMajor, matrix, options, report);
      for (ConfigResult &r : report.results)
        notCountedOnMutants(r);
    }
    return report;
  }

  // Configurations with the same pipeline text and block order compile and
  // run identically: run one, share its result.
  std::map<std::string, size_t> byPipeline;
  for (const Configuration &config : matrix) {
    const Reference *ref = reference(config.blockOrderSeed);
    if (!ref)
      return report;
    if (ref->outputs.exitCode == oracle::kExitUndefinedBehavior) {
      inputUB(*ref, &config);
      continue;
    }
    std::string key;
    const Executor *executor = findExecutor(config.compiler);
    std::optional<std::string> sharing =
        executor && options.shareIdenticalPipelines
            ? executor->sharingKey(config)
            : std::nullopt;
    if (sharing) {
      key = config.compiler + "|" + *sharing + "|" +
            (config.blockOrderSeed ? std::to_string(*config.blockOrderSeed)
                                   : "row-major");
      auto it = byPipeline.find(key);
      if (it != byPipeline.end()) {
        ConfigResult shared = report.results[it->second];
        shared.config = config;
        shared.seconds = 0;
        shared.diagnostics += "note: same pipeline as " +
                              report.results[it->second].config.str() +
                              "; result shared\n";
        report.results.push_back(std::move(shared));
        continue;
      }
    }
    report.results.push_back(
        checkConfiguration(program, *ref, config, options));
    if (!key.empty())
      byPipeline[key] = report.results.size() - 1;
  }
  if (options.mutants)
    for (ConfigResult &r : report.results)
      notCountedOnMutants(r);
  return report;
}

ProgramReport
tilecheck::fuzz::checkProgram(const TestCase &program,
                              llvm::ArrayRef<Configuration> matrix,
                              const EngineOptions &options) {
  bool batch = options.batchRuns && !InlineRunsScope::active() &&
               llvm::all_of(matrix, [](const Configuration &config) {
                 const Executor *executor = findExecutor(config.compiler);
                 return !executor || executor->batchable();
               });
  if (!batch)
    return checkProgramRuns(program, matrix, options);
  // One child runs them all. Each run has its own deadline and memory limit
  // inside it (runIsolated); the batch child's own deadline is only a
  // backstop, far beyond what its runs can take (references, each
  // configuration with its bisection probes and replays), and it has no
  // memory limit of its own.
  Limits limits = options.limits;
  limits.memoryMb = 0;
  limits.timeoutMs = static_cast<unsigned>(std::min<uint64_t>(
      uint64_t(options.limits.timeoutMs) * (16 * matrix.size() + 16),
      std::numeric_limits<unsigned>::max()));
  sharedContext();
  ChildOutcome outcome = runIsolated(
      [&](int fd) {
        InlineRunsScope inlineRuns;
        writeReport(fd, checkProgramRuns(program, matrix, options));
        return 0;
      },
      limits);
  if (outcome.status == ChildOutcome::Status::Exited && outcome.exitCode == 0) {
    llvm::Expected<llvm::json::Value> json = llvm::json::parse(outcome.channel);
    llvm::Expected<ProgramReport> report =
        json ? reportFromJSON(*json) : json.takeError();
    if (report) {
      report->batched = true;
      return std::move(*report);
    }
    llvm::consumeError(report.takeError());
  }
  // The batch child crashed, hung or ran out of memory in one of the runs:
  // every run again in a child of its own, so that the one that fails is
  // classified and named like any other.
  std::string ended =
      outcome.status == ChildOutcome::Status::TimedOut ? "timed out"
      : outcome.status == ChildOutcome::Status::OutOfMemory
          ? "ran out of memory"
      : outcome.signal
          ? "was killed by signal " + std::to_string(outcome.signal)
      : outcome.exitCode ? "exited with " + std::to_string(outcome.exitCode)
                         : "sent no readable report";
  ProgramReport report = checkProgramRuns(program, matrix, options);
  for (ConfigResult &r : report.results)
    r.diagnostics += "note: the program's batch child " + ended +
                     "; every run was checked again in a child of its own\n";
  return report;
}

ConfigResult tilecheck::fuzz::compareModules(const TestCase &program,
                                             StringRef expectedText,
                                             StringRef actualText,
                                             const EngineOptions &options) {
  TestCase expected = program;
  expected.text = expectedText.str();
  ConfigResult result;
  auto ref = runReference(expected, std::nullopt, options);
  if (!ref) {
    result.kind = FindingKind::OracleError;
    result.detail = llvm::toString(ref.takeError());
    return result;
  }
  if (ref->outputs.exitCode == oracle::kExitUndefinedBehavior) {
    result.kind = FindingKind::InputUB;
    result.culprit = "input";
    result.detail = firstLine(ref->outputs.message).str();
    result.signatureDetail = normalizeRunFailure(ref->outputs.message);
    result.signature = makeSignature(result.kind, "input",
                                     result.signatureDetail, ref->opKinds);
    return result;
  }
  std::string actual = actualText.str();
  ChildOutcome outcome = runIsolated(
      [&](int fd) {
        Channel channel{fd};
        ChildResult r;
        DiagnosticCapture diags(sharedContext());
        interpretCompiled(actual, program, *ref, std::nullopt, options, diags,
                          channel, r);
        r.diagnostics = diags.text;
        channel.result(r.toJSON());
        return 0;
      },
      options.limits);
  return collect(outcome, Configuration(), *ref);
}
