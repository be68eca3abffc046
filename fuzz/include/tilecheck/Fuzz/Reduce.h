//===- Reduce.h - IR-aware test-case reducer for cuda_tile ------*- C++ -*-===//
//
// tile-reduce shrinks a finding (a cuda_tile program, its inputs, its launch
// configuration and, optionally, a compiler configuration) while an
// interestingness test keeps saying "still the same bug". Reductions work on
// the IR, not on text, so every candidate parses; each one is re-verified
// with the cuda_tile verifier and run on the reference interpreter before the
// (expensive) interestingness test: a candidate whose run has undefined
// behaviour or hits the step limit is rejected, so reduction never turns a
// miscompile into a program that has no defined meaning.
//
// The driver applies the reductions of `getReductionPasses()` in a fixed
// order, each over chunks of its sites (halving the chunk size, like delta
// debugging), and repeats the whole list until no pass makes progress.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_FUZZ_REDUCE_H
#define TILECHECK_FUZZ_REDUCE_H

#include "tilecheck/Oracle/TestCase.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace tilecheck::reduce {

/// What the reference interpreter computed for a test case: for each op of
/// the program, by its position in a pre-order walk of the module, and for
/// each of its results, a dense constant (`DenseIntOrFPElementsAttr`) with
/// the value that result had the first time the op ran; a null attribute for
/// results that are not number tiles and for ops that never ran. Reductions
/// that fold a computation into the constant it produced read these.
struct ObservedValues {
  /// observedValuesKey() of the case the values belong to: a reduction
  /// only trusts them while the case is unchanged.
  std::string key;
  std::vector<llvm::SmallVector<mlir::Attribute, 2>> results;
};

/// A test case being reduced: the one test case type (oracle/TestCase.h)
/// with its program parsed into `module`, which is the program while
/// reducing. The case's text is not reachable from here (privately
/// inherited), so no oracle API can take a reduction case with a stale or
/// empty program: toCase() prints the module into one.
struct TestCase : private oracle::TestCase {
  using oracle::TestCase::args;
  using oracle::TestCase::config;
  using oracle::TestCase::entry;
  using oracle::TestCase::extra;
  using oracle::TestCase::grid;
  using oracle::TestCase::name;
  using oracle::TestCase::policy;
  using oracle::TestCase::policyHash;
  using oracle::TestCase::seed;

  mlir::OwningOpRef<mlir::ModuleOp> module;
  /// The interpreter's values for this case, when the driver computed them
  /// (see observeValues); shared by clones, which check the key.
  std::shared_ptr<const ObservedValues> observed;

  /// `tc`'s launch and provenance with `module` as its program.
  static TestCase fromCase(oracle::TestCase tc,
                           mlir::OwningOpRef<mlir::ModuleOp> module);
  /// The case with the module printed as its program (printProgram).
  oracle::TestCase toCase() const;
  TestCase clone() const;
};

/// The program text, grid and arguments of `tc`: what its interpreter run
/// depends on.
std::string observedValuesKey(const TestCase &tc);

/// Reads a test case from a manifest or a directory holding
/// `manifest.json` (oracle::readTestCase: a finding directory of tile-diff
/// supplies its configuration) and parses its program into `context`.
llvm::Expected<TestCase> loadTestCase(mlir::MLIRContext &context,
                                      llvm::StringRef path);

/// Parses a test case from program text plus launch data (unit tests).
llvm::Expected<TestCase> parseTestCase(mlir::MLIRContext &context,
                                       llvm::StringRef programText,
                                       llvm::StringRef entry,
                                       std::array<int64_t, 3> grid,
                                       std::vector<oracle::TestArg> args);

/// Writes `program.mlir`, `manifest.json` and the "@" argument files into
/// `dir` (created if needed). With `writeArgFiles` false only the program and
/// the manifest are (re)written.
llvm::Error writeTestCase(const TestCase &tc, llvm::StringRef dir,
                          bool writeArgFiles = true);

/// The program as text (generic-free custom form, no debug locations).
std::string printProgram(mlir::ModuleOp module);

/// Operations in the program, not counting the builtin and cuda_tile
/// module ops themselves.
unsigned countOps(mlir::ModuleOp module);

/// A candidate as the interestingness tests see it: already written to
/// `dir` (program.mlir, manifest.json, argument files).
struct Candidate {
  const TestCase &testCase;
  std::string dir;
  std::string manifestPath;
  std::string programPath;
};

/// The interestingness test. `initialize` is called once with the original
/// case and records what "the same bug" means (a signature); it fails when
/// the original is not interesting.
class InterestingnessTest {
public:
  virtual ~InterestingnessTest();
  virtual std::string describe() const = 0;
  virtual llvm::Error initialize(const Candidate &original) = 0;
  virtual bool isInteresting(const Candidate &candidate) = 0;
  /// Whether the result depends on TestCase::config, so that shortening the
  /// configuration is worth trying.
  virtual bool isConfigurationAware() const { return false; }
};

/// `tile-diff --manifest M --only-config CONFIG --print-signature EXTRA...`:
/// the last line of its stdout is the finding's signature (`none` for no
/// finding, `error` when it could not check the program); interesting when
/// it equals the original's (which must be neither).
std::unique_ptr<InterestingnessTest>
createSignatureTest(std::string tileDiffPath,
                    std::vector<std::string> extraArgs,
                    unsigned timeoutSeconds);

/// `sh -c COMMAND` in the candidate's directory; interesting when it exits 0.
/// The command sees TILE_REDUCE_DIR, TILE_REDUCE_MANIFEST,
/// TILE_REDUCE_PROGRAM and TILE_REDUCE_CONFIG in its environment.
std::unique_ptr<InterestingnessTest> createCommandTest(std::string command,
                                                       unsigned timeoutSeconds,
                                                       bool configurationAware);

/// The compiler `tilecPath CONFIG... program.mlir -o /dev/null` crashes
/// (signal, assertion, LLVM fatal error) or fails with a diagnostic, with
/// the same normalized signature as the original.
std::unique_ptr<InterestingnessTest> createCrashTest(std::string tilecPath,
                                                     unsigned timeoutSeconds);

/// The normalized signature of a compiler run (exposed for tests):
/// "signal" / "assert" / "fatal" / "error" followed by the normalized
/// assertion text, fatal message or first diagnostic and, for crashes, the
/// first frames of the stack; "" when the run is clean.
std::string crashSignature(int exitCode, bool signaled, llvm::StringRef output);

/// An in-process predicate over the candidate (unit tests, library users).
std::unique_ptr<InterestingnessTest>
createPredicateTest(std::string name,
                    std::function<bool(const Candidate &)> predicate,
                    bool configurationAware = false);

/// One kind of reduction. Sites are enumerated in a deterministic order on
/// a test case; `apply` changes the selected sites of a (cloned) case.
/// Applying sites may fail (returns false) when the change is impossible.
class ReductionPass {
public:
  virtual ~ReductionPass();
  virtual llvm::StringRef getName() const = 0;
  virtual unsigned countSites(TestCase &tc) = 0;
  /// `selected` is sorted; every index is below countSites(tc).
  virtual bool apply(TestCase &tc, llvm::ArrayRef<unsigned> selected) = 0;
  /// Passes that change only the configuration run only when the test is
  /// configuration-aware.
  virtual bool changesConfigurationOnly() const { return false; }
  /// Passes that read TestCase::observed: the driver fills it for the best
  /// case before they run.
  virtual bool usesObservedValues() const { return false; }
};

/// Every reduction, in the order the driver tries them.
std::vector<std::unique_ptr<ReductionPass>> getReductionPasses();

struct ReduceOptions {
  /// Where candidates are written while being tested.
  std::string workDir;
  /// Stop after this many seconds (0: no limit); the best case so far wins.
  double timeLimitSeconds = 0;
  /// Skip the interpreter check (only for tests of the reducer itself).
  bool skipInterpreterCheck = false;
  /// Only these passes (by name) when non-empty.
  std::vector<std::string> onlyPasses;
  /// Print accepted steps to this stream when set.
  llvm::raw_ostream *log = nullptr;
};

struct ReduceStats {
  unsigned initialOps = 0;
  unsigned finalOps = 0;
  unsigned candidatesTried = 0;
  unsigned candidatesAccepted = 0;
  unsigned rejectedVerifier = 0;
  unsigned rejectedInterpreter = 0;
  unsigned cacheHits = 0; ///< candidates seen before (not counted as tried)
  double seconds = 0;
  /// `reduced N ops to M ops (P%) in S s, K candidates tried`
  std::string summary() const;
};

/// Runs the interpreter on a candidate, in a child process; returns
/// tile-run's exit code (a crash of the interpreter counts as 1).
int runInterpreterIsolated(mlir::MLIRContext &context, const Candidate &cand,
                           uint64_t maxSteps, uint64_t *steps = nullptr);

/// Runs the interpreter on `tc` in this process (written to `dir` first)
/// and stores the values every op produced in `tc.observed`. The case must
/// run cleanly (the driver only observes cases that passed its interpreter
/// gate); on an interpreter failure `tc.observed` holds no values.
llvm::Error observeValues(TestCase &tc, llvm::StringRef dir, uint64_t maxSteps);

/// Reduces `tc` in place. Fails when the original is not interesting or has
/// undefined behaviour (or another interpreter failure).
llvm::Expected<ReduceStats> reduceTestCase(TestCase &tc,
                                           InterestingnessTest &test,
                                           const ReduceOptions &options);

/// A candidate of a batch (writeCandidateBatch): its directory under the
/// batch's, the pass and the sites (`count` from `first`) that made it,
/// and its size.
struct BatchCandidate {
  std::string dir;
  std::string pass;
  unsigned first = 0;
  unsigned count = 0;
  unsigned ops = 0;
};

/// One round of a batch reduction, for a test that cannot be asked one
/// candidate at a time: a GPU on another machine, reached through launch
/// bundles (scripts/gpu_reduce.py). Every pass's candidates made from `tc`
/// at every chunk level of delta debugging (all sites, halves, quarters,
/// ... single sites; the biggest chunks of every pass first), at most
/// `maxCandidates` of those that verify and run cleanly on the interpreter,
/// each written to a directory of its own under `outDir`. Passes that
/// change only the configuration are left out. Fails like reduceTestCase
/// when the original does not run cleanly.
///
/// With `chosen` or `chains` non-empty, the batch is those candidates
/// instead. A chosen one applies one pass (by name) at the given sites of
/// `tc` (the union of a previous round's interesting chunks of that pass,
/// for example); a chain applies each of its passes at all of its sites,
/// counted anew after the pass before (changes that each kept the bug on
/// their own, made together; a pass that reads observed values only
/// first).
struct ChosenSites {
  std::string pass;
  std::vector<unsigned> sites;
};
llvm::Expected<std::vector<BatchCandidate>>
writeCandidateBatch(TestCase &tc, llvm::StringRef outDir,
                    unsigned maxCandidates, const ReduceOptions &options,
                    llvm::ArrayRef<ChosenSites> chosen = {},
                    llvm::ArrayRef<std::vector<std::string>> chains = {});

/// main() of the tile-reduce tool.
int tileReduceMain(int argc, char **argv);

} // namespace tilecheck::reduce

#endif // TILECHECK_FUZZ_REDUCE_H
