//===- Tileiras.h - NVIDIA's tileiras as a compiler under test --*- C++ -*-===//
//
// tileiras (PyPI nvidia-cuda-tileiras) is NVIDIA's Tile IR optimizing
// assembler: Tile IR bytecode in, a cubin out. tile-diff runs it as a second
// compiler under test. A tileiras configuration ("compiler=tileiras,sm_100,
// O3") writes the program as bytecode with our writer (in the configuration
// child, in-process), execs tileiras on it under the engine's time and
// address-space limits, and classifies how it ended:
//
//   - exit 0 with a cubin: ok (kind none);
//   - killed at the deadline: hang;
//   - the memory limit (a SIGKILL we did not send): oom;
//   - a signal, or a non-zero exit whose output reads like an internal
//     error (assertion, LLVM ERROR, stack dump, "internal error"): crash;
//   - a non-zero exit with a target-capability diagnostic ("... not
//     supported ... sm_XX"): unsupported-target (not counted);
//   - any other non-zero exit: rejection (of a valid program).
//
// Every finding's culprit is "tileiras-O<N>", and its signature is
// kind|tileiras-O<N>|normalized detail (the diagnostics normalized like the
// compiler's; crashes as normalizeCrash reads them). When our writer fails
// on the program the culprit is "bytecode-writer" instead: our bug.
//
// The cubin is not run: that needs a GPU, and arrives with the GPU runner
// (see fuzz/README.md, "tileiras").
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_FUZZ_TILEIRAS_H
#define TILECHECK_FUZZ_TILEIRAS_H

#include "tilecheck/Fuzz/Engine.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace tilecheck::fuzz {

/// Where tileiras is, or why it is not there.
struct TileirasLocation {
  /// The executable, empty when not found.
  std::string path;
  /// Its `--version` line with the release ("Cuda compilation tools,
  /// release 13.5, V13.5.37"), or "unknown (...)".
  std::string version;
  /// One line saying why it was not found (when `path` is empty).
  std::string missing;
};

/// Finds tileiras: `explicitPath` (--tileiras) if given, else the
/// TILECHECK_TILEIRAS environment variable ("none" turns tileiras off: the
/// lit tests use it so that their output does not depend on the machine),
/// else `tileiras` on PATH, else the nvidia-cuda-tileiras wheel of
/// `python3` (its nvidia/cu13/bin/tileiras). Runs `tileiras --version`
/// once for the version line.
TileirasLocation locateTileiras(llvm::StringRef explicitPath);

/// The engine options' tileiras fields from a location.
void setTileiras(EngineOptions &options, const TileirasLocation &location);

/// Checks a tileiras configuration (in a child, under `options.limits`):
/// compile only. `reference` is unused (the gpu-tileiras executor runs the
/// cubin). When `cubin` is given and tileiras wrote one, it receives the
/// cubin's bytes.
ConfigResult checkTileiras(const TestCase &program, const Reference &reference,
                           const Configuration &config,
                           const EngineOptions &options,
                           std::string *cubin = nullptr);

/// tileiras's remarks (`--remarks=all --remark-format=yaml`) as coverage
/// points "target|pass|name|outcome[|reason or instruction]", sorted and
/// unique (TileirasCoverage.cpp). A file that stops parsing part-way (a
/// crash can cut it short) still gives the points read before, and
/// `error` (when given) says why it stopped.
std::vector<std::string> tileirasRemarkPoints(llvm::StringRef yaml,
                                              llvm::StringRef target,
                                              std::string *error = nullptr);

/// REG, STACK, SHARED and LOCAL of `cuobjdump --dump-resource-usage`, each
/// the largest over the cubin's functions, in first-seen order.
std::vector<std::pair<std::string, int64_t>>
parseResourceUsage(llvm::StringRef text);

/// Resource usage as coverage points "target|resources|KEY|bucket".
std::vector<std::string>
resourcePoints(llvm::ArrayRef<std::pair<std::string, int64_t>> usage,
               llvm::StringRef target);

/// Classifies how tileiras ended (the part of checkTileiras after the run;
/// exposed for unit tests). `cubinWritten` says whether a non-empty output
/// file exists.
ConfigResult classifyTileiras(const ChildOutcome &outcome,
                              const Configuration &config, bool cubinWritten,
                              const EngineOptions &options);

} // namespace tilecheck::fuzz

#endif // TILECHECK_FUZZ_TILEIRAS_H
