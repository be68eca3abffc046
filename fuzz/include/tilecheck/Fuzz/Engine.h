//===- Engine.h - The differential engine -----------------------*- C++ -*-===//
//
// For one program and its inputs the engine runs the reference (the
// interpreter on the input module) and every configuration of a matrix, each
// in a forked child process under a wall-clock and an address-space limit:
// compile with the driver's pipeline, interpret the module after each
// checkpoint pass and the compiled module, and compare with the reference.
// A crash, hang or memory blow-up of the child becomes a finding, never the
// end of the run. Results come back over a pipe.
//
// Culprit pass: the first checkpoint whose interpretation disagrees with the
// reference, the pass that crashed, failed or broke the verifier, or (when
// checkpoints are off, or only the printed result disagrees) the shortest
// prefix of the pass list that shows the same kind of finding (bisection).
// A wrong result whose checkpoint culprit is known also names the op the
// pass broke (Localize.h).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_FUZZ_ENGINE_H
#define TILECHECK_FUZZ_ENGINE_H

#include "tilecheck/Fuzz/Config.h"
#include "tilecheck/Oracle/Npy.h"
#include "tilecheck/Oracle/TestCase.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

namespace mlir {
class MLIRContext;
} // namespace mlir

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tilecheck::fuzz {

//===----------------------------------------------------------------------===//
// Programs
//===----------------------------------------------------------------------===//

/// A program and everything needed to run it: the one test case type
/// (oracle/TestCase.h) that the generator produces and the findings store
/// and tile-reduce keep.
using oracle::TestArg;
using oracle::TestCase;

//===----------------------------------------------------------------------===//
// Isolation
//===----------------------------------------------------------------------===//

struct Limits {
  /// Wall-clock limit of one child, in milliseconds.
  unsigned timeoutMs = 20000;
  /// RLIMIT_AS of one child, in MiB (0: unlimited).
  unsigned memoryMb = 4096;
};

/// How a child process ended.
struct ChildOutcome {
  enum class Status { Exited, Signaled, TimedOut, OutOfMemory };
  Status status = Status::Exited;
  int exitCode = 0;
  int signal = 0;
  /// Everything the child wrote to its channel.
  std::string channel;
  /// The child's stderr (crash reports, assertion messages).
  std::string stderrText;
  double seconds = 0;
};

/// The exit code a child uses when an allocation fails.
inline constexpr int kChildOutOfMemoryExit = 86;

/// Forks; the child runs `body(fd)` with stderr redirected to a capture
/// file, RLIMIT_AS set, a new-handler that exits with kChildOutOfMemoryExit,
/// and exits with its return value (_exit, no destructors). The parent reads
/// `fd`'s data until the child ends (or closes `fd`, e.g. by exec: it is
/// close-on-exec), kills it (SIGKILL) at the deadline and survives whatever
/// the child does. A child that died of SIGKILL without a timeout, or whose
/// stderr reports an allocation failure, is OutOfMemory. With
/// `processGroup` the child leads a process group of its own, and the whole
/// group is killed at the deadline and when the child ends (for a child that
/// execs a tool that may start processes of its own).
///
/// Inside a batch child (InlineRunsScope, checkProgram's batches) a body
/// without `processGroup` runs in the calling process instead: `fd` is a
/// memory file read back when the body returns, stderr goes to another,
/// and a timer of `limits.timeoutMs` ends the whole batch child (SIGUSR2)
/// should the body hang. A body that crashes ends the batch child too; the
/// engine then runs the program again with every run in a child of its own.
ChildOutcome runIsolated(llvm::function_ref<int(int fd)> body,
                         const Limits &limits, bool processGroup = false);

/// While alive, runIsolated runs bodies without `processGroup` in this
/// process (see above). Only a process that is itself an isolated child
/// may open one: a crash ends it.
class InlineRunsScope {
public:
  InlineRunsScope();
  ~InlineRunsScope();
  InlineRunsScope(const InlineRunsScope &) = delete;
  InlineRunsScope &operator=(const InlineRunsScope &) = delete;
  /// Whether a scope is open in this process.
  static bool active();

private:
  bool previous;
};

/// Writes all of `data` to `fd` (retrying on EINTR and short writes).
void writeAll(int fd, llvm::StringRef data);

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

/// What one interpretation produced.
struct RunOutputs {
  /// tile-run's exit code (0 ok, 3 UB, 4 assert failed, 5 step limit, 1
  /// error).
  int exitCode = 0;
  std::string message;
  /// print_tko output.
  std::string printed;
  /// Every buffer argument after the run, by argument index.
  std::vector<std::pair<unsigned, oracle::NpyArray>> buffers;

  llvm::json::Value toJSON() const;
  static llvm::Expected<RunOutputs> fromJSON(const llvm::json::Value &v);
};

/// The reference run of a program at one block order.
struct Reference {
  RunOutputs outputs;
  /// The element type name (oracle::name) of every buffer argument's
  /// pointee, by argument index.
  std::vector<std::pair<unsigned, std::string>> bufferTypes;
  /// Sorted, unique op names of the input program.
  std::vector<std::string> opKinds;
  /// The oracle::ResultClass used for float buffers (from the op kinds).
  std::string resultClass;
  /// The narrowest float type (oracle::name) an inexact op of the program
  /// (a math function, reduction or MMA) produces, or empty. A wider buffer
  /// computed from it carries that type's error (an f32 exp widened to
  /// f64): its comparison uses this type's bound.
  std::string narrowestInexactFloat;
  /// The longest chain of math functions (exp, tanh, ...; resultClassOf's
  /// MathFunction ops) along the input's def-use edges: an executor whose
  /// math functions are not the interpreter's (simt) compounds one error
  /// per function on the chain.
  unsigned mathChainDepth = 0;
  /// The largest finite |x| any `exp rounding<approx>` took in the
  /// reference run. The backend computes it as CUDA's __expf does,
  /// ex2.approx(x * log2 e), where rounding the product costs up to
  /// floor(1.173 |x|) ulp more (CUDA's documented bound is
  /// 2 + floor(|1.173 x|)): a foreign executor is allowed that much.
  double approxExpArg = 0;
};

struct ConfigResult {
  Configuration config;
  FindingKind kind = FindingKind::None;
  /// Pass argument ("convert-tileaa-to-tileas"), "print/parse", "input", or
  /// empty when unknown.
  std::string culprit;
  /// One line: the first mismatch with its policy, the failing diagnostic,
  /// the signal.
  std::string detail;
  /// Compiler diagnostics, child stderr, interpreter messages.
  std::string diagnostics;
  Signature signature;
  /// The normalized detail that went into the signature.
  std::string signatureDetail;
  /// The compiled program's outputs (wrong results).
  std::optional<RunOutputs> got;
  /// The reference this configuration was compared with.
  std::optional<RunOutputs> reference;
  /// The compiled module (text), when it was produced.
  std::string compiled;
  /// Wrong results whose checkpoint culprit changed the value of one op:
  /// that op's name before the culprit ("nv_tileaa.divi"), part of the
  /// signature; "" otherwise (Localize.h).
  std::string opKind;
  /// How the culprit was found: "checkpoint", "instrumentation",
  /// "bisection" or "" (none needed / unknown).
  std::string culpritMethod;
  /// With a sparse checkpoint list: the culprit is among the top-level
  /// passes (culpritRangeLo, culpritRangeHi] (1-based), refined by
  /// bisection when it holds more than one.
  unsigned culpritRangeLo = 0, culpritRangeHi = 0;
  /// Interpreter runs of this configuration (checkpoints and the compiled
  /// module).
  unsigned interpretations = 0;
  double seconds = 0;
  /// Pass coverage: the pass arguments whose run changed the IR (its
  /// fingerprint) at least once, in first-change order. Filled when the
  /// configuration compiled under the engine's instrumentation (tilec with
  /// checkpoints); empty otherwise.
  std::vector<std::string> changedPasses;
  /// tileiras configurations: the command line that ran (with the file
  /// names a finding directory uses: program.tileirbc, program.cubin), the
  /// tool's version line, and the bytecode it was given.
  std::string toolCommand;
  std::string toolVersion;
  std::string bytecode;
  /// tileiras configurations under EngineOptions::tileirasCoverage: the
  /// coverage points its remarks and the cubin's resource usage reached
  /// ("sm_90|Memory|RemarkMemoryTmaLoadFailed|failed|base pointer not
  /// 16-byte aligned", "sm_90|resources|REG|<=64"; Tileiras.h), and that
  /// usage (REG, STACK, SHARED, LOCAL).
  std::vector<std::string> coverage;
  std::vector<std::pair<std::string, int64_t>> resources;
};

struct ProgramReport {
  std::string programName;
  /// Set when the program could not be checked (the reference failed to
  /// run for a reason other than UB, or an internal error).
  std::optional<std::string> error;
  /// Op kinds of the input.
  std::vector<std::string> opKinds;
  /// One per configuration (an input-ub program has a single result).
  std::vector<ConfigResult> results;
  /// Whether the results came from one batch child
  /// (EngineOptions::batchRuns) rather than a child per run.
  bool batched = false;
};

//===----------------------------------------------------------------------===//
// Checking
//===----------------------------------------------------------------------===//

struct EngineOptions {
  Limits limits;
  /// Interpret the module after every pass (checkpointAll), after the
  /// passes named in `checkpointPasses`, or after none.
  bool checkpointAll = true;
  std::vector<std::string> checkpointPasses;
  /// Bisect over the pass list when a finding has no culprit.
  bool bisect = true;
  /// Compare float buffers bit for bit instead of under the policy.
  bool bitExact = false;
  /// Interpreter step budget of every run (the reference and compiled).
  uint64_t maxSteps = 1ull << 28;
  /// Run configurations whose pipelines are identical once (their compile
  /// is a pure function of the input and the pipeline).
  bool shareIdenticalPipelines = true;
  /// The tileiras executable of tileiras configurations (see
  /// locateTileiras in Tileiras.h); empty when it was not found, and then
  /// those configurations are Skipped with `tileirasMissing` as the reason.
  /// Not part of a finding's engine options: a replay locates it again.
  std::string tileiras;
  std::string tileirasVersion;
  std::string tileirasMissing = "tileiras was not looked for";
  /// Run tileiras with `--remarks=all` (YAML) and read the cubin's resource
  /// usage with `cuobjdump` (found beside tileiras, then on PATH, or
  /// $TILECHECK_CUOBJDUMP): ConfigResult::coverage.
  bool tileirasCoverage = false;
  std::string cuobjdump;
  /// The programs are mutants (tile-diff --mutants): programs that verify
  /// but may break the launch or have undefined behaviour. When the
  /// reference cannot run, the configurations whose executor needs no
  /// reference (Executor::needsReference: tileiras, compile only) still
  /// run; and a compiler's rejection is not a finding (its verifier may
  /// refuse what ours lets through), while a crash or a hang still is.
  bool mutants = false;
  /// checkProgram runs all of a program's runs (references, configurations,
  /// bisection probes) in one forked batch child, each run in that child's
  /// process, instead of a child per run; when the batch child crashes,
  /// hangs or runs out of memory, it checks the program again with a child
  /// per run (InlineRunsScope). One fork per program instead of a dozen:
  /// the results are the same (FuzzEngine.BatchedProgramsMatchIsolated).
  /// Matrices with an executor that must have a process per run
  /// (Executor::batchable: the GPU executors) are never batched.
  bool batchRuns = true;
};

/// Installs LLVM's crash handler (stack trace to stderr) once per process;
/// prepareEngine() calls it, and tools must not install another (their
/// children would print every trace twice).
void installCrashHandler();

/// Makes the dynamic linker bind every symbol of the process at start-up:
/// when the process was started with lazy binding, re-executes it once
/// (/proc/self/exe, the same argv) with LD_BIND_NOW set. The engine forks
/// children (a batch child per program, or a child per run); with lazy
/// binding every child resolves again, in the dynamic linker, each
/// libMLIR/libLLVM function it calls, because the parent never called it
/// (with a child per run, about an eighth of fuzz-bench's CPU time; the
/// binding costs about 40 ms once). After the re-exec the variable is
/// removed from the environment, so that programs the engine starts
/// (tileiras, ptxas) bind as usual. Returns without re-executing when the
/// process already binds at start-up, when TILECHECK_LAZY_BINDING=1 (a
/// debugger session), when the process was started through the dynamic
/// loader, or when the exec fails. tile-diff calls it when it checks many
/// programs (--generate, --mutants): with batches (EngineOptions::batchRuns)
/// a process checking one program forks once, and lazy binding costs less
/// than binding everything.
void bindSymbolsAtStartup(char **argv);

/// The process's shared MLIRContext (created on first use).
mlir::MLIRContext &engineContext();

/// Creates the process's shared MLIRContext (every dialect loaded, every
/// pass registered) that forked children inherit. Call it before forking
/// program workers; the engine calls it itself otherwise.
void prepareEngine();

/// Runs the reference of `program` (block order `order`) in a child.
llvm::Expected<Reference> runReference(const TestCase &program,
                                       std::optional<uint64_t> order,
                                       const EngineOptions &options);

/// Checks one configuration against `reference` (in a child).
ConfigResult checkConfiguration(const TestCase &program,
                                const Reference &reference,
                                const Configuration &config,
                                const EngineOptions &options);

/// Checks `program` over `matrix`.
ProgramReport checkProgram(const TestCase &program,
                           llvm::ArrayRef<Configuration> matrix,
                           const EngineOptions &options);

/// Compares two modules directly: `expectedText` (the reference module,
/// interpreted with `program`'s launch) against `actualText` (a stand-in for
/// a compiled module, at any IR level). Both run in children; the result's
/// kind is None, WrongResult, InputUB (the expected module has UB), Hang,
/// Crash or OracleError. Used to test the comparison without a compiler bug.
ConfigResult compareModules(const TestCase &program,
                            llvm::StringRef expectedText,
                            llvm::StringRef actualText,
                            const EngineOptions &options);

/// The steps of `config`'s pipeline (driver::planPipeline), each printed
/// as in the textual pipeline (e.g. "canonicalize{max-iterations=10 ...}").
llvm::Expected<std::vector<std::string>>
pipelinePasses(const Configuration &config);

} // namespace tilecheck::fuzz

#endif // TILECHECK_FUZZ_ENGINE_H
