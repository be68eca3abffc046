//===- Mutate.h - Structure-aware mutations of a module ---------*- C++ -*-===//
//
// Mutations that keep a module parseable and change what it says: integer
// literals inside attributes and types become "interesting" numbers
// (shapes, strides, dimension indices, bit widths), element types are
// swapped, operands are replaced or swapped, attributes are dropped. A
// mutant is worth running only when it still verifies.
//
// Two users: the libFuzzer target tilec-interp-fuzzer (its input bytes are
// the mutations; the interpreter must never die on a mutant that
// verifies), and tile-diff --mutants (mutants of a test case, drawn from a
// seed: a compiler must never crash on a program that verifies, and
// NVIDIA's tileiras is run on them).
//
// A mutation's kind (kind % 6), with `op` = the a-th operation of the
// module in walk order (modulo their number) and `value` = the a-th value
// (block arguments and results in walk order):
//   0  attribute number: in attribute b of op, the c-th integer literal of
//      its printed form becomes kInteresting[d]
//   1  type number: in the type of value, the c-th integer literal
//      becomes kInteresting[d]
//   2  element type: in the type of value, the c-th element type keyword
//      becomes kElementTypes[d]
//   3  operand: operand b of op becomes the c-th value of the same type
//      (d even) or of any type (d odd)
//   4  swap: operands b and c of op change places
//   5  drop: attribute b of op is removed
// A mutation that does not apply (no attribute, no literal, a text that
// does not parse back) does nothing.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_FUZZ_MUTATE_H
#define TILECHECK_FUZZ_MUTATE_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilecheck::fuzz {

struct Mutation {
  uint8_t kind, a, b, c, d;
};

/// Applies mutations to one module. The module's ops and values are listed
/// once, when the mutator is made.
class Mutator {
public:
  explicit Mutator(mlir::ModuleOp module);

  /// Applies `m`; false when it changed nothing.
  bool apply(const Mutation &m);

private:
  std::vector<mlir::Operation *> ops;
  std::vector<mlir::Value> values;
};

/// A mutant of the cuda_tile program `text` (text or the custom form that
/// bytecode prints to): `mutations` mutations drawn from `seed`, tried
/// again with the next draws until the mutant changed and verifies, at
/// most `attempts` times. The mutant is printed in the custom form. An
/// error when `text` does not parse or no attempt verified.
llvm::Expected<std::string> mutateProgram(llvm::StringRef text, uint64_t seed,
                                          unsigned mutations,
                                          unsigned attempts = 64);

} // namespace tilecheck::fuzz

#endif // TILECHECK_FUZZ_MUTATE_H
