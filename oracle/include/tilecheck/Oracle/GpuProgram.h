//===- GpuProgram.h - A cuda_tile program's cubin, run on a GPU -*- C++ -*-===//
//
// The glue between a tile program with its launch (a module, an entry, a
// grid, argument specs: what tile-run and the differential engine hold)
// and the GPU runner (Gpu.h): compile with tilec to a cubin, or take a
// cubin another compiler wrote (tileiras), bind the arguments by the kernel
// ABI, launch, read every buffer back. Same arguments and output files as
// the interpreter (runTileProgram).
//
// Kernel ABIs:
//   tilec     compiler/docs/Backend.md "Kernel ABI": the entry's arguments
//             in order (a pointer 8 bytes, a scalar its width), block
//             32 * numWarps, the dynamic shared memory the compile reports,
//             a global-scratch pointer after the arguments when the kernel
//             has allocas.
//   tileiras  the entry's arguments in order at their natural sizes (the
//             cubin's EIATTR_KPARAM_INFO lists them; the runner checks each
//             size), the block the kernel requires (EIATTR_REQNTID), and the
//             device's opt-in shared memory per block minus the kernel's
//             static shared memory as dynamic shared memory, as cuTile
//             Python's launcher gives it.
//
// Where the launch goes (GpuLaunchMode, TILECHECK_GPU_LAUNCH):
//   local        this process's GPU (the default);
//   record:DIR   write the launch as a bundle DIR/<launchKey>/ and run
//                nothing (status Recorded): a machine without a GPU prepares
//                work for `tile-gpu-launch` on one without a toolchain;
//   replay:DIR   read the result tile-gpu-launch wrote into DIR/<key>/ as if
//                the launch had run here (NotRecorded when there is none).
// Record and replay make the same launches (same cubin, geometry, inputs),
// so a result is found by the same key.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_GPUPROGRAM_H
#define TILECHECK_ORACLE_GPUPROGRAM_H

#include "tilecheck/Driver/Driver.h"
#include "tilecheck/Oracle/Gpu.h"
#include "tilecheck/Oracle/TileRun.h"

#include "llvm/Support/Error.h"

namespace tilecheck::oracle {

struct GpuLaunchMode {
  enum class Kind { Local, Record, Replay };
  Kind kind = Kind::Local;
  std::string dir;
  /// "local", "record:DIR" or "replay:DIR".
  static llvm::Expected<GpuLaunchMode> parse(llvm::StringRef text);
  /// TILECHECK_GPU_LAUNCH, or local when it is unset or empty.
  static llvm::Expected<GpuLaunchMode> fromEnvironment();
  std::string str() const;
};

struct GpuRunOptions {
  /// How to compile (emit is forced to cubin), unless `cubin` is set.
  driver::CompileOptions compile;
  /// Run this cubin (another compiler's) under the tileiras ABI instead of
  /// compiling.
  std::optional<std::string> cubin;
  /// Where that cubin came from, for the bundle's origin line ("tileiras
  /// sm_90 O3").
  std::string cubinOrigin = "a given cubin";
  GpuLaunchMode mode;
  gpu::RunOptions run;
};

struct GpuProgramOutcome {
  /// exitCode: 0 ran (or was recorded), 1 error (compileCode != 0: the
  /// compile failed; otherwise the image did not load or the launch was
  /// refused), 3 fault (undefined behaviour in the compiled code), 4 trap,
  /// 5 time limit, 7 no GPU (or no recorded result). Buffers are read back
  /// when the kernel ran.
  TileRunOutcome run;
  int compileCode = 0;
  std::string compileDiagnostics;
  gpu::Result gpu;
  /// The launch (its image is the cubin).
  gpu::Launch launch;
  /// record and replay: the bundle directory.
  std::string bundle;
  /// Whether the launch was made (run, recorded or looked up): false when
  /// the compile failed or the arguments did not bind.
  bool launched = false;
};

/// Compiles `programText` (cuda_tile text or bytecode, `module` its parsed
/// form, for the entry's argument types) to a cubin, or takes
/// options.cubin, and runs it with `config`'s launch. Writes DIR/argN.npy
/// when config.outDir is set and the kernel ran.
GpuProgramOutcome runGpuProgram(mlir::Operation *module,
                                llvm::StringRef programText,
                                const TileRunConfig &config,
                                const GpuRunOptions &options);

/// tile-run's exit code when the GPU runner has no driver, no device, or
/// (replay) no recorded result: distinct from every result code.
inline constexpr int kExitNoGpu = 7;

} // namespace tilecheck::oracle

#endif // TILECHECK_ORACLE_GPUPROGRAM_H
