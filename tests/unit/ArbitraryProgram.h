//===- ArbitraryProgram.h - Generated programs in property tests -*- C++ -*-===//
//
// The program a RapidCheck property draws from the generator: the property
// tests over generated programs (LayoutPropertyTest.cpp, ScheduleIRTest.cpp)
// share it.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_TESTS_UNIT_ARBITRARYPROGRAM_H
#define TILECHECK_TESTS_UNIT_ARBITRARYPROGRAM_H

#include "tilecheck/Generators/Generator.h"

#include <rapidcheck.h>

#include <cstdint>

namespace tilecheck::testing {

/// Inside a property: the program generated from `a` or `b` with a seed
/// below 2^20, RapidCheck drawing the seed first and then the policy.
inline gen::GeneratedProgram arbitraryProgram(const gen::GenPolicy &a,
                                              const gen::GenPolicy &b) {
  uint64_t seed = *rc::gen::inRange<uint64_t>(0, 1u << 20);
  bool useB = *rc::gen::arbitrary<bool>();
  return gen::generateProgram(useB ? b : a, seed);
}

} // namespace tilecheck::testing

#endif // TILECHECK_TESTS_UNIT_ARBITRARYPROGRAM_H
