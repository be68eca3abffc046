//===- EngineInternal.h - Machinery shared by the engine's files -*- C++
//-*-===//
//
// Not installed: the pieces that Engine.cpp (references, comparison,
// classification, the matrix loop) and the executors (TilecExecutor.cpp,
// Tileiras.cpp) share. A child reports over a Channel (progress lines, then
// one JSON result); the parent reads the Transcript and turns it into a
// ConfigResult with collect().
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_FUZZ_LIB_ENGINEINTERNAL_H
#define TILECHECK_FUZZ_LIB_ENGINEINTERNAL_H

#include "tilecheck/Fuzz/Engine.h"
#include "tilecheck/Fuzz/Executor.h"
#include "tilecheck/Oracle/Compare.h"
#include "tilecheck/Oracle/TileRun.h"
#include "tilecheck/Support/Error.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/JSON.h"

#include <functional>
#include <optional>
#include <string>

namespace mlir {
class MLIRContext;
class Operation;
} // namespace mlir

namespace tilecheck::fuzz::detail {

/// The first non-empty line of `text`.
llvm::StringRef firstLine(llvm::StringRef text);

//===----------------------------------------------------------------------===//
// Channel protocol
//===----------------------------------------------------------------------===//

/// The child's side: progress lines and one JSON result.
struct Channel {
  int fd;
  void line(llvm::StringRef kind, llvm::StringRef text) {
    writeAll(fd, (kind + " " + text + "\n").str());
  }
  void result(const llvm::json::Value &value);
};

/// The parent's view of a channel transcript.
struct Transcript {
  std::optional<llvm::json::Value> result;
  /// The pass running when the child stopped (a "pass" without "done").
  std::string runningPass;
  /// The last phase line.
  std::string phase;
  /// The last pass that finished.
  std::string lastDone;
};

Transcript parseTranscript(llvm::StringRef text);

//===----------------------------------------------------------------------===//
// The child's context and diagnostics
//===----------------------------------------------------------------------===//

/// One MLIRContext per worker process, created before the first fork and
/// inherited by every child (copy-on-write), so a child does not pay for
/// dialect loading. Single-threaded: fork-safe.
mlir::MLIRContext &sharedContext();

/// Captures every diagnostic as "file:line:col: severity: message".
struct DiagnosticCapture {
  std::string text;
  mlir::ScopedDiagnosticHandler handler;
  explicit DiagnosticCapture(mlir::MLIRContext &ctx);
  void append(mlir::Diagnostic &diag);
};

//===----------------------------------------------------------------------===//
// Running and comparing
//===----------------------------------------------------------------------===//

/// The interpreter's configuration for the program's launch: its inputs
/// from memory, block order `order` (also the agent interleaving seed), the
/// engine's step budget; print_tko and assert text go to the streams.
oracle::TileRunConfig runConfigFor(const TestCase &program,
                                   std::optional<uint64_t> order,
                                   const EngineOptions &options,
                                   llvm::raw_ostream &printed,
                                   llvm::raw_ostream &asserts);

/// Interprets `module` with the program's launch (inputs from memory).
RunOutputs interpret(
    mlir::Operation *module, const TestCase &program,
    std::optional<uint64_t> order, const EngineOptions &options,
    oracle::InterleavingScript *script = nullptr,
    std::function<void(oracle::ExecContext &, mlir::Operation *)> observer =
        nullptr);

/// How a run compares with the reference.
struct Verdict {
  FindingKind kind = FindingKind::None;
  std::string detail;
  /// The stable part of the detail, for the signature.
  std::string signatureDetail;
  /// For a buffer whose contents differ, what kind of difference the worst
  /// element shows: "precision" (floats within 64 ulp), "nan-payload" (both
  /// NaN, other bits), "nan" (NaN against a number) or "value".
  std::string category;
  /// The argument index of the buffer whose contents differ, -1 otherwise.
  int wrongBuffer = -1;
};

/// How the compiled side's math functions relate to the interpreter's.
enum class MathImplementation {
  /// The interpreter's own (the tilec executor interprets every level):
  /// the written per-type policy.
  Interpreter,
  /// Other implementations (the backend's libdevice calls and approximate
  /// instructions, run by the SIMT executor whose approximate instructions
  /// are correctly rounded where the hardware's are not): each function on
  /// the longest chain (Reference::mathChainDepth) may add the policy's
  /// bound, plus one ulp for the approximate instructions it is built from.
  Foreign,
};

Verdict
compareOutputs(const Reference &ref, const RunOutputs &got,
               const EngineOptions &options,
               MathImplementation math = MathImplementation::Interpreter);

/// The comparison class of float buffers from a program's op kinds (the
/// loosest class any of its ops belongs to), and its name in a Reference.
oracle::ResultClass resultClassOf(llvm::ArrayRef<std::string> opKinds);
/// The class one op name (any dialect prefix) belongs to.
oracle::ResultClass resultClassOfOp(llvm::StringRef opName);
/// `text` with every number (decimal, hexadecimal float, nan, inf) replaced
/// by '#': printed output compared apart from the digits.
std::string maskNumbers(llvm::StringRef text);
llvm::StringRef resultClassName(oracle::ResultClass c);

/// Diagnostics that are correct rejections of a configuration whose target
/// lacks a feature the program needs (not findings).
bool isExpectedTargetRejection(llvm::StringRef diagnostics);

/// The kind of a compile that failed with `diagnostics`: a correct target
/// rejection, an invalid schedule, a verifier failure (`invalidIR`) or a
/// pass failure.
FindingKind classifyCompileFailure(llvm::StringRef diagnostics, bool invalidIR);

/// The fields a configuration child's report (ChildResult) and a
/// configuration's result (ConfigResult) share, in the JSON both are sent
/// as (to the parent; between tile-diff's program workers): written into
/// `obj`, and read back.
template <typename Result>
void writeResultFields(const Result &r, llvm::json::Object &obj) {
  obj["kind"] = stringify(r.kind);
  obj["culprit"] = r.culprit;
  obj["culprit_method"] = r.culpritMethod;
  obj["detail"] = r.detail;
  obj["signature_detail"] = r.signatureDetail;
  obj["op_kind"] = r.opKind;
  obj["diagnostics"] = r.diagnostics;
  obj["compiled"] = r.compiled;
  obj["interpretations"] = static_cast<int64_t>(r.interpretations);
  if (!r.changedPasses.empty())
    obj["changed_passes"] = llvm::json::Array(r.changedPasses);
  if (r.got)
    obj["got"] = r.got->toJSON();
}
template <typename Result>
llvm::Error readResultFields(const llvm::json::Object &obj, Result &r) {
  r.kind = parseFindingKind(obj.getString("kind").value_or("none"))
               .value_or(FindingKind::None);
  auto str = [&](llvm::StringRef key) {
    return obj.getString(key).value_or("").str();
  };
  r.culprit = str("culprit");
  r.culpritMethod = str("culprit_method");
  r.detail = str("detail");
  r.signatureDetail = str("signature_detail");
  r.opKind = str("op_kind");
  r.diagnostics = str("diagnostics");
  r.compiled = str("compiled");
  r.interpretations = obj.getInteger("interpretations").value_or(0);
  if (const llvm::json::Array *passes = obj.getArray("changed_passes"))
    for (const llvm::json::Value &p : *passes)
      if (std::optional<llvm::StringRef> s = p.getAsString())
        r.changedPasses.push_back(s->str());
  if (const llvm::json::Value *got = obj.get("got")) {
    auto outs = RunOutputs::fromJSON(*got);
    if (!outs)
      return outs.takeError();
    r.got = std::move(*outs);
  }
  return llvm::Error::success();
}

/// What a configuration child reports.
struct ChildResult {
  /// The argument index of a wrong buffer (Verdict::wrongBuffer); not sent
  /// to the parent.
  int wrongBuffer = -1;
  FindingKind kind = FindingKind::None;
  std::string culprit, culpritMethod, detail, signatureDetail, diagnostics,
      compiled, notes, opKind;
  unsigned interpretations = 0;
  /// With sparse checkpoints: the culprit lies among passes (lo, hi].
  unsigned rangeLo = 0, rangeHi = 0;
  std::optional<RunOutputs> got;
  /// Pass arguments that changed the IR they ran on (pass coverage).
  std::vector<std::string> changedPasses;

  llvm::json::Value toJSON() const;
  static ChildResult fromJSON(const llvm::json::Value &v);
};

/// Parses compiled text and interprets it; fills `r` on disagreement.
void interpretCompiled(llvm::StringRef compiledText, const TestCase &program,
                       const Reference &reference,
                       std::optional<uint64_t> order,
                       const EngineOptions &options, DiagnosticCapture &diags,
                       Channel &channel, ChildResult &r);

/// The executors that compile down to the backend (ptxas, simt): their
/// configurations' checks (driver options valid, no block order: `why`
/// says why not) and their sharing key (the pipeline down to `emit`, the
/// target and the tier LLVM sees).
llvm::Error validateBackendConfiguration(const Configuration &config,
                                         llvm::StringRef noOrderWhy);
std::optional<std::string> backendSharingKey(const Configuration &config,
                                             bool toCubin);

/// "the LLVM backend does not lower": a program the backend does not take
/// yet (skipped by the backend executors).
inline constexpr llvm::StringLiteral kBackendNotLowered =
    "the LLVM backend does not lower";

/// The message of the first "error: " in `diagnostics` (the location is
/// noise), or its first line.
llvm::StringRef firstErrorMessage(llvm::StringRef diagnostics);

/// A failed compile down to the backend in a configuration child: skipped
/// when the backend does not lower an op yet, an expected rejection when the
/// target lacks a feature, otherwise a failure blamed on `culprit` ("the
/// compile to `what` failed: ...").
void classifyBackendCompileFailure(llvm::StringRef diagnostics,
                                   llvm::StringRef culprit,
                                   llvm::StringRef what, ChildResult &r);

/// Marks `r` an oracle error of `culprit`'s runner (not of the program):
/// detail "`what`: <the first line of `message`>", signed by that text.
void runnerFailed(llvm::StringRef culprit, llvm::StringRef what,
                  llvm::StringRef message, ChildResult &r);

/// Checks a configuration of an executor that runs the program itself: in
/// a child under `limits`, parses the program (an oracle error when it does
/// not), builds its launch and calls `body`, which fills the ChildResult;
/// then collects the child.
ConfigResult checkOnParsedProgram(
    const TestCase &program, const Reference &reference,
    const Configuration &config, const EngineOptions &options,
    const Limits &limits,
    llvm::function_ref<void(mlir::Operation *module,
                            const oracle::TileRunConfig &launch,
                            Channel &channel, ChildResult &r)>
        body);

/// A backend executor's run (`got`) against the reference under the
/// foreign-math policy: on a difference, `r` gets its kind, `culprit` and
/// `method`, the detail, and a signature from the kind of difference (no op
/// names a bug below nv_tileas: it keeps a precision loss, a NaN payload
/// and a wrong value apart), and `got`. Returns whether they differ.
bool compareForeignRun(const Reference &reference, RunOutputs got,
                       const EngineOptions &options, llvm::StringRef culprit,
                       llvm::StringRef method, ChildResult &r);

/// The executors that compile with tilec down to the backend and run what
/// it made (simt: the PTX on the CPU SIMT executor; gpu: the cubin on the
/// GPU). They print "compiler=NAME," and tilec's axes, refuse a block
/// order (`noOrderWhy`), share results by the pipeline down to PTX or the
/// cubin, and check a configuration in an isolated child that parses the
/// program and calls `runModule` with its launch, then
/// localizeAboveBackend.
class BackendRunExecutor : public Executor {
public:
  BackendRunExecutor(llvm::StringRef name, llvm::StringRef description,
                     llvm::StringRef noOrderWhy, bool compilesToCubin)
      : Executor(name, description), noOrderWhy(noOrderWhy),
        compilesToCubin(compilesToCubin) {}
  std::string configurationText(const Configuration &config) const override;
  llvm::Error validate(const Configuration &config) const override;
  std::optional<std::string>
  sharingKey(const Configuration &config) const override;
  ConfigResult check(const TestCase &program, const Reference &reference,
                     const Configuration &config,
                     const EngineOptions &options) const override;

protected:
  /// Why validate() refuses a block order.
  const llvm::StringRef noOrderWhy;
  /// Whether the pipeline goes down to a cubin (else to PTX).
  const bool compilesToCubin;
  /// The limits of the configuration child (the engine's by default).
  virtual Limits childLimits(const EngineOptions &options) const {
    return options.limits;
  }
  /// Compiles and runs `module` (the parsed program) with `launch`, in the
  /// configuration child; fills `r` (kind None: agreement).
  virtual void runModule(mlir::Operation *module, const TestCase &program,
                         const Reference &reference,
                         const Configuration &config,
                         const EngineOptions &options,
                         const oracle::TileRunConfig &launch, Channel &channel,
                         ChildResult &r) const = 0;
};

/// A wrong result of a backend executor (simt, gpu): when the same
/// pipeline down to nv_tileas (the tilec executor) disagrees too, takes that
/// run's culprit, kind and bucket. Leaves other results alone.
void localizeAboveBackend(ConfigResult &r, const TestCase &program,
                          const Reference &reference,
                          const Configuration &config,
                          const EngineOptions &options);

/// Turns a finished child into a ConfigResult (crash, hang, OOM, or its
/// JSON result).
ConfigResult collect(const ChildOutcome &outcome, const Configuration &config,
                     const Reference &reference);

} // namespace tilecheck::fuzz::detail

#endif // TILECHECK_FUZZ_LIB_ENGINEINTERNAL_H
