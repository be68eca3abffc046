//===- SimtProgram.h - A cuda_tile program through the backend, on the CPU ===//
//
// The glue between a tile program with its launch (what tile-run and the
// differential engine hold: a module, an entry, a grid, argument specs) and
// the SIMT executor: compile the program with tilec down to PTX, bind the
// arguments by the kernel ABI (compiler/docs/Backend.md: a pointer is a
// 64-bit global address, a scalar its width, the grid is the tile grid, a
// CTA 32 * numWarps threads with the dynamic shared memory the compile
// reports), run, read every buffer back. Same arguments and output files as
// the interpreter (runTileProgram).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_SIMTPROGRAM_H
#define TILECHECK_ORACLE_SIMTPROGRAM_H

#include "tilecheck/Driver/Driver.h"
#include "tilecheck/Oracle/Simt.h"
#include "tilecheck/Oracle/TileRun.h"

#include <optional>

namespace tilecheck::oracle {

/// A compile's result, to run again without compiling (benchmarks).
struct SimtCompiled {
  std::string ptx;
  int64_t threadsPerBlock = 0, dynamicSharedBytes = 0, globalScratchBytes = 0;
};

struct SimtRunOptions {
  /// How to compile (emit is forced to PTX).
  driver::CompileOptions compile;
  /// Skip the compile: run this PTX with this geometry.
  std::optional<SimtCompiled> precompiled;
  /// Run this PTX instead of the compiled one (the launch geometry still
  /// comes from compiling the program).
  std::string ptxOverride;
  uint64_t maxWarpSteps = 1ull << 31;
  bool detectRaces = true;
};

struct SimtProgramOutcome {
  /// exitCode: 0 ran, 1 error (the compile failed: compileCode != 0),
  /// 3 fault (undefined behaviour in the emitted code), 4 trap (a failed
  /// assert), 5 step limit, 6 unsupported instruction. Buffers are read
  /// back whenever the kernel ran.
  TileRunOutcome run;
  int compileCode = 0;
  std::string compileDiagnostics;
  std::string ptx;
  simt::SimtResult simt;
  int64_t threadsPerBlock = 0, dynamicSharedBytes = 0, globalScratchBytes = 0;
};

/// Compiles `programText` (cuda_tile text or bytecode, `module` its parsed
/// form, for the entry's argument types) and runs it on the SIMT executor
/// with `config`'s launch. Writes DIR/argN.npy when config.outDir is set.
SimtProgramOutcome runSimtProgram(mlir::Operation *module,
                                  llvm::StringRef programText,
                                  const TileRunConfig &config,
                                  const SimtRunOptions &options);

} // namespace tilecheck::oracle

#endif // TILECHECK_ORACLE_SIMTPROGRAM_H
