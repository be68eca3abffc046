//===- Generator.h - Random UB-free cuda_tile programs ----------*- C++ -*-===//
//
// The generator's public face: one call turns (policy, seed) into a complete
// test case -- cuda_tile program text in NVIDIA's public syntax, the grid,
// and every entry argument in tile-run's forms (.npy inputs generated from
// the same seed, zero-filled outputs, scalar literals). The program is free
// of undefined behaviour by construction: the builder tracks the type, shape
// and value range of every SSA value and only emits an op (or an overflow
// flag, a divisor, a shift amount, an ftoi input, a view index) when the
// ranges prove it defined, rewriting risky operands into safe ones otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_GENERATORS_GENERATOR_H
#define TILECHECK_GENERATORS_GENERATOR_H

#include "tilecheck/Generators/GenPolicy.h"
#include "tilecheck/Generators/Random.h"
#include "tilecheck/Oracle/Npy.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace tilecheck::gen {

/// One entry argument of a generated program.
struct GeneratedArg {
  /// tile-run's form: "@argN.npy", "zeros:DTYPE:AxB" or a scalar literal.
  std::string form;
  /// The input data when `form` names a file.
  std::optional<oracle::NpyArray> data;
};

/// A complete, runnable test case.
struct GeneratedProgram {
  std::string text;  ///< the cuda_tile module
  std::string entry; ///< the entry's name (no '@')
  std::array<int64_t, 3> grid{1, 1, 1};
  std::vector<GeneratedArg> args;
  uint64_t seed = 0;
  std::string policyName;
  uint64_t policyHash = 0;
  /// True when a for-loop body loads tiles that feed an mmaf/mmai.
  bool hasLoadMmaLoop = false;
};

/// The program for (policy, seed). The same inputs give the same program,
/// bit for bit, on every platform.
GeneratedProgram generateProgram(const GenPolicy &policy, uint64_t seed);

/// The program whose every decision comes from `source` (a ReplaySource for
/// shrinking); `seedLabel` is only recorded in the result.
GeneratedProgram generateProgram(const GenPolicy &policy, ChoiceSource &source,
                                 uint64_t seedLabel);

/// The manifest JSON tile-run reads (program, entry, grid, args) plus seed,
/// policy and policy_hash.
std::string manifestJSON(const GeneratedProgram &program);

/// Writes DIR/program.mlir, DIR/manifest.json and DIR/argN.npy (creating DIR).
llvm::Error writeProgram(const GeneratedProgram &program, llvm::StringRef dir);

} // namespace tilecheck::gen

#endif // TILECHECK_GENERATORS_GENERATOR_H
