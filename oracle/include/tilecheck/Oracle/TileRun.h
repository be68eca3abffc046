//===- TileRun.h - Run a kernel on the reference interpreter --------------===//
//
// The library behind the `tile-run` tool: load a module, bind .npy buffers
// and scalar literals to the entry's arguments, run the grid, write every
// buffer argument back as .npy. Tests and the differential engine call
// runTileProgram directly; the tool is a thin command-line wrapper.
//
// Exit codes (also returned by runTileProgram):
//   0 ran to completion; 3 undefined behaviour (reported); 4 an assert
//   failed; 5 the step budget ran out (probable hang); 1 any other error
//   (unreadable input, bad arguments, unsupported construct).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_TILERUN_H
#define TILECHECK_ORACLE_TILERUN_H

#include "tilecheck/Oracle/ElemType.h"
#include "tilecheck/Oracle/Interpreter.h"
#include "tilecheck/Oracle/Npy.h"
#include "tilecheck/Oracle/TestCase.h"
#include "tilecheck/Support/CommandLine.h"

#include "llvm/ADT/Twine.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm::cl {
class OptionCategory;
} // namespace llvm::cl

namespace mlir {
class MLIRContext;
class Operation;
} // namespace mlir

namespace tilecheck::oracle {

enum TileRunExit : int {
  kExitOk = 0,
  kExitError = 1,
  kExitUsage = kUsageExitCode,
  kExitUndefinedBehavior = 3,
  kExitAssertFailed = 4,
  kExitStepLimit = 5,
  /// The SIMT executor reached a PTX instruction it does not implement
  /// (tile-run --executor simt).
  kExitUnsupported = 6,
};

/// One entry argument, as given on the command line or in a manifest
/// (TestCase.h): `form` is
///   "@path.npy"              a buffer initialized from a file
///   "zeros:DTYPE:AxBxC"      a zero-filled buffer
///   "uninit:DTYPE:AxBxC"     an uninitialized buffer (reading it is UB)
///   anything else            a scalar literal: integer (decimal or 0x hex),
///                            float (decimal, inf, -inf, nan) or, for float
///                            types, "0x..." raw bits
/// and, for an "@path" argument, `data` holds the file's contents when they
/// are already in memory (a test case reads each input once, not once per
/// run); the path is then not read, and the array is checked exactly as the
/// file's contents would be.
using ArgSpec = TestArg;

struct TileRunConfig {
  std::string inputFile;
  std::string entry;
  std::array<int64_t, 3> grid{1, 1, 1};
  std::vector<ArgSpec> args;
  std::string outDir; ///< empty: do not write outputs
  RunOptions run;     ///< grid is taken from `grid`
};

/// The program at `path` as cuda_tile text: a text file as it is, Tile IR
/// bytecode (.tileirbc, e.g. a cuTile Python export) printed with its
/// locations (di_loc included). Either way it must parse and verify;
/// otherwise an error names the file and the reason. A ProgramReader for
/// readTestCase.
llvm::Expected<std::string> readProgramText(llvm::StringRef path);

/// The test case of a manifest, or of a directory holding one
/// (readTestCase with readProgramText).
llvm::Expected<TestCase> loadManifestCase(llvm::StringRef path);

/// A program from a .mlir or .tileirbc file with an explicit launch; "@"
/// arguments are read into memory (an unreadable one is an error).
llvm::Expected<TestCase> loadFileCase(llvm::StringRef path,
                                      llvm::StringRef entry,
                                      std::array<int64_t, 3> grid,
                                      std::vector<std::string> args);

/// A program from a .mlir file with a seed launch header (corpus/seeds):
///   // tilecheck: entry=@NAME grid=X,Y,Z
///   // tilecheck: arg<N> = buffer <dtype>[<d0>x<d1>...] in|out|inout
///   // tilecheck: arg<N> = scalar <dtype> <value>
/// `in`/`inout` buffers get deterministic data, in memory as "@argN.npy"
/// (floats k/4 with k in [-8, 8], integers in [-100, 100] clipped to the
/// type, i1 0/1; the same file gives the same data); `out` buffers start
/// zeroed. An error when the file has no header.
llvm::Expected<TestCase> loadSeedCase(llvm::StringRef path);

/// The launch of a test case: its entry, grid and arguments (their contents
/// included); `inputFile` is the case's name.
TileRunConfig runConfigFor(const TestCase &tc);

/// Reads a test case's manifest (or a directory holding one) into `config`:
/// the program's path (relative to the manifest), the entry, the grid and
/// the arguments with their contents (readTestCase: an unreadable input is
/// an error naming it). Fields already set in `config` by the caller
/// (non-empty outDir) are kept.
llvm::Error loadManifest(llvm::StringRef path, TileRunConfig &config);

/// A buffer argument being prepared: the array whose shape/descr the output
/// keeps, and whether its contents initialize memory.
struct PreparedBuffer {
  /// One element per storageBytes(elem), as the .npy file holds them;
  /// memoryImage() is what memory holds (4-bit elements packed).
  NpyArray array;
  ElemType elem = ElemType::I8;
  bool initialized = true;
  std::vector<uint8_t> memoryImage() const {
    return packForMemory(elem, array.data);
  }
  uint64_t memorySize() const { return memoryBytes(elem, array.numElements()); }
};

/// The buffer an argument spec ("@file.npy", "zeros:..", "uninit:..")
/// describes for a pointer to `elem` (argument `index` in errors).
llvm::Expected<PreparedBuffer> prepareBuffer(const ArgSpec &spec, ElemType elem,
                                             unsigned index);

/// A scalar literal of type `elem`, exactly (no silent conversion).
llvm::Expected<Tile> parseScalar(llvm::StringRef text, ElemType elem,
                                 unsigned index);

/// A buffer argument bound in memory for a run (any executor).
struct BoundBuffer {
  unsigned index;
  uint64_t address;
  NpyArray array;
  ElemType elem;
};

/// Allocates the buffer of argument `index` in `memory`, 256-byte aligned,
/// initialized from its memory image unless the spec said `uninit:`;
/// returns the address. An empty buffer still gets one (every access faults).
uint64_t allocateBuffer(Memory &memory, const PreparedBuffer &buffer,
                        unsigned index);

/// One entry argument bound by the kernel ABI of the backends
/// (compiler/docs/Backend.md): a pointer gets a buffer, any other argument
/// its scalar's bytes (an i1 as one byte).
struct KernelArgument {
  unsigned index = 0;
  /// Pointer arguments: the buffer and its pointee type.
  std::optional<PreparedBuffer> buffer;
  ElemType pointee = ElemType::I8;
  /// Other arguments: the value's bytes, little-endian.
  std::vector<uint8_t> scalar;
};

/// `config`'s arguments bound to the entry of `module` for a compiled
/// kernel (the SIMT executor, the GPU). exitCode is kExitOk, or kExitError
/// (no such entry, a tile or unsupported argument type) or kExitUsage (the
/// wrong number of arguments, a bad buffer or scalar) with `message`.
struct KernelBinding {
  int exitCode = kExitOk;
  std::string message;
  std::string entry;
  std::vector<KernelArgument> args;
};
KernelBinding bindKernelArguments(mlir::Operation *module,
                                  const TileRunConfig &config);

/// A buffer argument after the run.
struct BufferResult {
  unsigned argIndex;
  NpyArray array;
  /// The pointee element type of the argument (how `array` is stored).
  std::optional<ElemType> elemType;
};

struct TileRunOutcome {
  int exitCode = kExitOk;
  std::string message;                ///< the error/UB/assert report
  std::optional<RunFailure> failure;  ///< structured form, when from a run
  std::vector<BufferResult> buffers;  ///< every buffer argument, in order
  uint64_t steps = 0;
};

/// An early exit of a runner whose outcome `out` holds a TileRunOutcome
/// `run`: sets its exit code and message and returns `out`, moved.
template <typename Outcome>
Outcome failWith(Outcome &out, int exitCode, const llvm::Twine &message) {
  out.run.exitCode = exitCode;
  out.run.message = message.str();
  return std::move(out);
}

/// After a run: copies each buffer's memory into its array, moves them into
/// `out.buffers` in order, and writes DIR/argN.npy when `outDir` is set.
llvm::Error readBackBuffers(const Memory &memory,
                            std::vector<BoundBuffer> &bound,
                            TileRunOutcome &out, llvm::StringRef outDir);

/// Runs the program described by `config` in `context` (which must have the
/// tilecheck dialects loaded). Writes DIR/argN.npy when outDir is set.
TileRunOutcome runTileProgram(mlir::MLIRContext &context,
                              const TileRunConfig &config);

/// Runs an already parsed (and verified) module as runTileProgram does after
/// reading `config.inputFile`, which is ignored. The differential engine
/// interprets modules in memory this way (after a pass, or as compiled). The
/// module is not modified.
TileRunOutcome runTileModule(mlir::Operation *module,
                             const TileRunConfig &config);

/// Another executor for `tile-run --executor NAME` (NAME is not
/// "interpreter"): runs `config` (its input file already parsed into
/// `module`) and returns tile-run's exit code, printing its own report.
/// Tools that link one (the SIMT executor) pass it to tileRunMain.
using AltExecutorFn =
    std::function<int(mlir::Operation *module, const TileRunConfig &config,
                      llvm::StringRef executor)>;

/// main() of the tile-run tool. `extraCategory`: options the alternative
/// executor declares (kept in --help).
int tileRunMain(int argc, char **argv, AltExecutorFn alt = nullptr,
                llvm::cl::OptionCategory *extraCategory = nullptr);

} // namespace tilecheck::oracle

#endif // TILECHECK_ORACLE_TILERUN_H
