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
#include "tilecheck/Oracle/TestCase.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace tilecheck::gen {

/// A generated program is a test case (oracle/TestCase.h): the cuda_tile
/// module text, the entry `kernel`, the grid, the arguments with every
/// input buffer's contents in memory ("@argN.npy"), named "seed S (POLICY)",
/// with the seed, the policy's name and hash, and in `extra`
/// "load_mma_loop" (true when a for-loop body loads tiles that feed an
/// mmaf/mmai). oracle::writeTestCase writes it as tile-gen's directory.
using GeneratedProgram = oracle::TestCase;

/// The program for (policy, seed). The same inputs give the same program,
/// bit for bit, on every platform.
GeneratedProgram generateProgram(const GenPolicy &policy, uint64_t seed);

/// The program whose every decision comes from `source` (a ReplaySource for
/// shrinking); `seedLabel` is only recorded in the result.
GeneratedProgram generateProgram(const GenPolicy &policy, ChoiceSource &source,
                                 uint64_t seedLabel);

} // namespace tilecheck::gen

#endif // TILECHECK_GENERATORS_GENERATOR_H
