//===- RcGen.h - RapidCheck generators of cuda_tile programs ----*- C++ -*-===//
//
// Property tests draw whole programs with rc::Gen<ChoiceProgram>. A case is
// the raw choice sequence the generator consumed (through a ReplaySource),
// so RapidCheck's own shrinking of std::vector<uint64_t> -- dropping
// elements, moving values towards 0 -- shrinks the program: fewer
// statements, smaller shapes and trip counts, simpler kinds and constants,
// since choice 0 is always the simplest option. Header-only because
// RapidCheck needs exceptions, which only test binaries enable.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_GENERATORS_RCGEN_H
#define TILECHECK_GENERATORS_RCGEN_H

#include "tilecheck/Generators/Generator.h"

#include <rapidcheck.h>

#include <ostream>

namespace tilecheck::gen {

/// A generated program and the choices that produced it.
struct ChoiceProgram {
  std::vector<uint64_t> choices;
  GeneratedProgram program;
};

/// The program the choice sequence produces under `policy`.
inline ChoiceProgram programFromChoices(const GenPolicy &policy,
                                        std::vector<uint64_t> choices) {
  ReplaySource source(choices);
  ChoiceProgram c;
  c.program = generateProgram(policy, source, /*seedLabel=*/0);
  c.choices = std::move(choices);
  return c;
}

/// Programs under `policy`; shrinking simplifies the program.
inline rc::Gen<ChoiceProgram> genProgram(GenPolicy policy) {
  // Raw choices are reduced modulo each bound; 2^20 covers every bound the
  // generator asks for except chance(), whose scale is exactly 2^20.
  // A program consumes a few hundred choices; scaling the size lets the
  // largest test cases reach full-size programs (past the end of the
  // sequence every choice is 0, the simplest).
  return rc::gen::map(
      rc::gen::scale(5.0,
                     rc::gen::container<std::vector<uint64_t>>(
                         rc::gen::inRange<uint64_t>(0, uint64_t(1) << 20))),
      [policy](std::vector<uint64_t> choices) {
        return programFromChoices(policy, std::move(choices));
      });
}

inline void showValue(const ChoiceProgram &c, std::ostream &os) {
  os << c.choices.size() << " choices, program:\n" << c.program.text;
}

} // namespace tilecheck::gen

#endif // TILECHECK_GENERATORS_RCGEN_H
