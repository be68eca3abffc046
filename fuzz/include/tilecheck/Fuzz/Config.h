//===- Config.h - Configurations, matrices, kinds, signatures ---*- C++ -*-===//
//
// The vocabulary of the differential engine, as plain data:
//   - a Configuration: one way of compiling and running a program: the
//     compiler under test (tilec, ours, or NVIDIA's tileiras), then for tilec
//     target, opt level, v2 opt level, pipeline strategy, scheduler and block
//     order, for tileiras target, opt level and bytecode version; with a
//     stable text form
//     ("sm_100,O2,v2=0,strategy=none,scheduler=cost,order=row-major",
//     "compiler=tileiras,sm_100,O3,bytecode=13.1") that --only-config and
//     config.json use;
//   - the matrices: `default` (O0..O3 x {serial, cost} at sm_100, row-major,
//     and the other executors' defaults, plus tileiras -O3 on bytecode 13.3
//     and 13.1 when it is installed), `full` (every tilec axis, and
//     tileiras at every -O level and bytecode version), `sample` (a seeded
//     subset of tilec's `full`) and the tileiras, SIMT and GPU matrices;
//   - the finding kinds and which of them count as findings;
//   - signatures: a normalized diagnostic or crash text, the culprit pass,
//     the kind and, for wrong results, the op the culprit broke (not the
//     program's op kinds), hashed into a stable bucket name.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_FUZZ_CONFIG_H
#define TILECHECK_FUZZ_CONFIG_H

#include "tilecheck/Driver/Driver.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilecheck::fuzz {

//===----------------------------------------------------------------------===//
// Configurations and matrices
//===----------------------------------------------------------------------===//

/// The compiler (executor, Executor.h) of configurations without a
/// `compiler=` field.
inline constexpr llvm::StringLiteral kDefaultCompiler = "tilec";

/// The targets tileiras accepts (`tileiras --help`, release 13.5).
llvm::ArrayRef<llvm::StringLiteral> tileirasTargets();

/// One way of compiling and running a program.
struct Configuration {
  /// The executor that runs this configuration (Executor.h): "tilec"
  /// (ours), "tileiras" (NVIDIA's, compile only), "interpreter" (the input
  /// itself). Each executor reads only some axes; the others keep their
  /// defaults (parseConfiguration refuses others).
  std::string compiler = kDefaultCompiler.str();
  std::string target = driver::kDefaultGpuName.str();
  unsigned optLevel = 2;
  unsigned v2OptLevel = 0;
  driver::PipelineStrategy strategy = driver::PipelineStrategy::None;
  driver::Scheduler scheduler = driver::Scheduler::Cost;
  /// Pipeline depth of unspecialized pipelining (printed as "stages=N" when
  /// the strategy is unspecialize).
  unsigned stages = 2;
  /// Warp specialization in one agent (tileas-materialize-schedule's
  /// use-AUS; printed as "agents=aus" when set, which only strategy
  /// warp-specialize allows); false is the producer/consumer agents (AWS).
  bool aus = false;
  /// tileas-materialize-convert-layout's reg2reg-vec-size (O2+): the widest
  /// register copy atom in bytes; below 16 layout conversions go element by
  /// element, at 0 through shared memory. Printed as "reg2reg=N" when not
  /// 16.
  unsigned reg2reg = 16;
  /// tileaa-queue-loads' depth (O2+): a kernel loop's loads move into a
  /// producer agent feeding queues (then async pipelines) of this many
  /// slots; 0 leaves loops alone. Printed as "queues=N" when not 0.
  unsigned queues = 0;
  /// Order of the tile blocks when the compiled program is interpreted (and
  /// the interleaving seed of agents, once the interpreter schedules them):
  /// nullopt is row-major, otherwise a seeded shuffle.
  std::optional<uint64_t> blockOrderSeed;
  /// tilec only: at each checkpoint whose module has agents, interpret every
  /// interleaving of each tile block's agents, at most this many per block
  /// (depth first, oracle::InterleavingScript), each compared with the
  /// reference, instead of the one the seed picks; 0 = off. Printed as
  /// "interleavings=N" when set.
  unsigned interleavings = 0;
  /// tileiras only: the bytecode version the program is written in for
  /// tileiras ("13.1", "13.2"; empty is the writer's newest, 13.3), so
  /// that tileiras's readers of older versions are tested too. Printed as
  /// "bytecode=13.1" when set. A program that needs a newer version (an op,
  /// attribute or type added later) is skipped in that configuration.
  std::string bytecodeVersion;

  /// "sm_100,O2,v2=0,strategy=none,scheduler=cost,order=row-major" (order
  /// is "seed:N" for a shuffle) for tilec, "compiler=tileiras,sm_100,O3"
  /// for tileiras, "compiler=interpreter,order=seed:1" for the interpreter:
  /// each executor prints the axes it reads (Executor::configurationText).
  /// A tilec configuration has no compiler field, so texts written before
  /// the compiler axis existed (stored findings, scripts) stay the same and
  /// parse as tilec. parseConfiguration() reads it back.
  std::string str() const;
  /// tilec's text form (also the form of an unknown compiler's axes).
  std::string tilecText() const;
  /// Whether the configuration runs NVIDIA's tileiras (executors tileiras
  /// and gpu-tileiras).
  bool isTileiras() const {
    return compiler == "tileiras" || compiler == "gpu-tileiras";
  }
  /// The culprit of a tileiras finding: "tileiras-O<N>".
  std::string tileirasCulprit() const;
  /// The driver options of this configuration (emit tileas).
  driver::CompileOptions compileOptions() const;
  llvm::json::Value toJSON() const;

  bool operator==(const Configuration &other) const {
    return str() == other.str();
  }
};

/// Reads Configuration::str(). Fields may come in any order; missing ones
/// keep their defaults; unknown fields or values, an unknown compiler, and
/// axes the compiler's executor does not read are errors.
llvm::Expected<Configuration> parseConfiguration(llvm::StringRef text);
llvm::Expected<Configuration> configurationFromJSON(const llvm::json::Value &v);

enum class MatrixKind {
  Default,
  Full,
  Sample,
  Tileiras,
  /// tileiras at O0..O3 on sm_80, sm_90, sm_100 and sm_120 (the hunt's).
  TileirasTargets,
  /// tileiras at O0..O3 on sm_100 with the program written as bytecode
  /// 13.1, 13.2 and 13.3 (tileirasBytecodeMatrix()).
  TileirasBytecode,
  Simt,
  Gpu
};
std::optional<MatrixKind> parseMatrixKind(llvm::StringRef name);

/// O0..O3 x {serial, cost} at sm_100, v2 level 0, strategy none,
/// row-major (8); the cost scheduler software-pipelined at O2 (2 stages)
/// and O3 (4 stages); warp-specialized at O2 (AWS, order=seed:1) and O3
/// (AUS): 12 configurations.
std::vector<Configuration> defaultMatrix();
/// targets {sm_80, sm_90, sm_100} x O0..O3 x v2 levels 0..3 x strategies
/// {none, unspecialize, warp-specialize} x {serial, cost} x block orders
/// {row-major, seed:1}: 576 configurations, in a fixed order.
std::vector<Configuration> fullMatrix();
/// `size` configurations of fullMatrix() drawn without replacement by a
/// generator seeded with `seed`, in full-matrix order.
std::vector<Configuration> sampleMatrix(uint64_t seed, unsigned size);
/// tileiras at sm_100 (its default target) at -O0..-O3: 4 configurations.
std::vector<Configuration> tileirasMatrix();
/// The configurations the default matrix adds when tileiras is installed:
/// sm_100 at -O3 (tileiras's defaults), with the program written as
/// bytecode 13.3 and as 13.1 (the oldest version tileiras reads).
Configuration defaultTileirasConfiguration();
std::vector<Configuration> defaultTileirasConfigurations();
/// tileiras at sm_100, -O0..-O3, on the program as bytecode 13.1, 13.2 and
/// 13.3: 12 configurations. The versions must all compile or all fail
/// alike, save that a program an older version cannot encode is skipped.
std::vector<Configuration> tileirasBytecodeMatrix();
/// tilec's backend and ptxas (executor ptxas) on sm_80, sm_90, sm_100 and
/// sm_120 at O0..O3 (16), and the default matrix's one: sm_100, O3.
std::vector<Configuration> ptxasMatrix();
Configuration defaultPtxasConfiguration();
/// tilec's backend run on the CPU SIMT executor (executor simt) on the same
/// 16 (target, opt-level) pairs, and the default matrix's two: sm_100 at O3
/// and sm_80 at O0 (the two ends of LLVM's NVPTX pipelines).
std::vector<Configuration> simtMatrix();
std::vector<Configuration> defaultSimtConfigurations();

/// Whether a matrix gets tileiras configurations.
enum class TileirasUse {
  /// None (--no-tileiras, or a caller that only wants tilec).
  Exclude,
  /// Installed: `default` gets one, `full` every -O level.
  Found,
  /// Not installed: `default` gets none (it stays fast and green); `full`
  /// still lists every -O level, and the engine skips them with a message.
  Missing,
};

/// The nightly GPU run's (`--matrix gpu`), all on sm_90 (the Hopper
/// machines GPU runs get): tilec's cubin on the GPU (executor gpu) at
/// O0..O3, at O3 with the serial scheduler, with unspecialized pipelining
/// and with warp specialization (AWS and AUS); tileiras's cubin on the GPU
/// (executor gpu-tileiras) at O0..O3 unless Exclude; and the SIMT executor
/// at O3 as a second opinion.
std::vector<Configuration> gpuMatrix(TileirasUse tileiras);

/// `default` is defaultMatrix() plus defaultPtxasConfiguration() plus
/// defaultSimtConfigurations() (plus defaultTileirasConfigurations() when
/// `tileiras` is Found), `full` is fullMatrix() plus ptxasMatrix() plus
/// simtMatrix() plus tileirasBytecodeMatrix()
/// (unless Exclude), `sample` is sampleMatrix() (tilec only, so samples do
/// not depend on the machine), `tileiras` is tileirasMatrix() and
/// `tileiras-bytecode` tileirasBytecodeMatrix() (empty with Exclude),
/// `simt` is simtMatrix(), `gpu` gpuMatrix().
std::vector<Configuration>
makeMatrix(MatrixKind kind, uint64_t sampleSeed, unsigned sampleSize,
           TileirasUse tileiras = TileirasUse::Exclude);

//===----------------------------------------------------------------------===//
// Kinds
//===----------------------------------------------------------------------===//

enum class FindingKind {
  /// The configuration agrees with the reference.
  None,
  /// The compiler (or the interpreter on its output) died on a signal.
  Crash,
  /// The wall-clock limit ran out, or the compiled program ran out of
  /// interpreter steps where the input did not.
  Hang,
  /// The address-space limit was hit.
  Oom,
  /// A pass failed on a valid program.
  PassFailure,
  /// A pass produced IR that does not verify (or does not parse back).
  VerifierFailure,
  /// A schedule generator produced a schedule its dependence graph and
  /// machine model reject (tileas-generate-schedule's legalization: "failed
  /// to legalize schedule"); the culprit is the generating pass.
  InvalidSchedule,
  /// ptxas rejected the PTX tilec's backend emitted (executor ptxas).
  PtxasRejection,
  /// A compiler under test run as a tool (tileiras) rejected a valid
  /// program: a non-zero exit with diagnostics and no sign of a crash.
  Rejection,
  /// The compiled program computes something else.
  WrongResult,
  /// The CPU SIMT executor reached a PTX instruction it does not implement
  /// (executor simt): a gap in the executor, counted so it gets closed.
  UnsupportedInstruction,
  /// The input program itself has undefined behaviour (a generator bug).
  InputUB,
  /// The program needs a target feature the configuration lacks and the
  /// compiler said so: a correct rejection, not counted.
  UnsupportedTarget,
  /// The interpreter could not run a compiled module (an op without
  /// semantics, a malformed construct): counted, a human must look.
  OracleError,
  /// The configuration could not be checked on this machine (its compiler,
  /// tileiras or ptxas, is not installed), or the program uses an op the
  /// backend does not lower yet (executor ptxas): not counted, reported on
  /// one line.
  Skipped,
};

llvm::StringRef stringify(FindingKind kind);
std::optional<FindingKind> parseFindingKind(llvm::StringRef name);
/// False for None, UnsupportedTarget and Skipped.
bool countsAsFinding(FindingKind kind);

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//

/// Normalizes compiler diagnostics: keeps the error lines (not notes),
/// strips file paths and line:col, hex addresses, SSA names (%12, %arg3,
/// %c4_i32 -> %N), ^bb numbers and long digit runs in identifiers, and
/// collapses whitespace. Equal bugs give equal text on different programs.
std::string normalizeDiagnostics(llvm::StringRef diagnostics);

/// Normalizes one line of text the way normalizeDiagnostics normalizes an
/// error line (for tools whose messages have no "error:" prefix).
std::string normalizeLine(llvm::StringRef line);

/// Normalizes a crash report (the child's stderr): the assertion or fatal
/// error message (normalized as above), then up to `frames` function names
/// of the top stack frames below the signal handler and abort machinery,
/// with addresses, offsets, paths and template/argument lists removed.
std::string normalizeCrash(llvm::StringRef stderrText, int signal,
                           unsigned frames = 3);

/// Normalizes an interpreter failure report ("file:1:2: undefined
/// behaviour: 'cuda_tile.divi': divi by zero: 5 / 0 at element 3 (tile
/// block 0,0,0)") to its op and first clause with numbers replaced
/// ("'cuda_tile.divi': divi by zero"), so that one UB site in one op is one
/// bucket whatever the values.
std::string normalizeRunFailure(llvm::StringRef message);

struct Signature {
  /// kind|culprit|detail, or kind|culprit|op=OPKIND|detail when the op the
  /// culprit pass broke is known (the hashed text).
  std::string text;
  /// 16 hex digits of FNV-1a 64 over `text`.
  std::string hash;
  /// The hash of kind|culprit|detail: the signature findings stored before
  /// op kinds were part of it have. Equal to `hash` without an op kind.
  /// Replays (tile-diff --repro) accept either.
  std::string legacyHash;
};

/// The bucket of a result. `detail` is already normalized; `opKinds` (of
/// the whole program) are not hashed. `opKind` is the op the culprit pass
/// broke (Localize.h), "" when unknown.
Signature makeSignature(FindingKind kind, llvm::StringRef culprit,
                        llvm::StringRef detail,
                        llvm::ArrayRef<std::string> opKinds,
                        llvm::StringRef opKind = "");

/// FNV-1a 64 of `text` as 16 hex digits.
std::string stableHash(llvm::StringRef text);

} // namespace tilecheck::fuzz

#endif // TILECHECK_FUZZ_CONFIG_H
