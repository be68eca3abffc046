//===- ValueClasses.h - Which special values an op computed on --*- C++ -*-===//
//
// A generator that never feeds an op its edge values never tests them: a
// divi that never sees a negative dividend cannot find a rounding bug, a
// cmpf that never sees NaN cannot find an ordered/unordered mix-up. The
// counter watches a run (RunOptions::opObserver) and, per op name, counts
// the executed instances and how many of them had an operand element of
// each value class:
//   integers: zero, one, minus-one, negative (sign bit set), min, max
//             (the signed extremes of the element type);
//   floats:   nan, +inf, -inf, +0, -0, subnormal, and max (the largest
//             finite magnitude).
// i1 operands (predicates) and pointers are not classified. `tile-run
// --value-classes FILE` writes the counts as JSON; scripts/value_classes.py
// adds them up over generated programs.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_VALUECLASSES_H
#define TILECHECK_ORACLE_VALUECLASSES_H

#include "tilecheck/Oracle/Value.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <array>
#include <cstdint>

namespace mlir {
class Operation;
} // namespace mlir

namespace tilecheck::oracle {

class ExecContext;

enum class ValueClass : unsigned {
  Zero,
  One,
  MinusOne,
  Negative,
  IntMin,
  IntMax,
  NaN,
  PosInf,
  NegInf,
  PosZero,
  NegZero,
  Subnormal,
  FloatMax,
  Count
};

llvm::StringRef stringify(ValueClass c);

/// The classes present among a tile's elements, as a bit set over
/// ValueClass (0 for i1 and non-numeric tiles).
uint32_t valueClassesOf(const Tile &tile);

class ValueClassCounter {
public:
  struct OpCounts {
    uint64_t instances = 0;
    std::array<uint64_t, static_cast<unsigned>(ValueClass::Count)> withClass{};
  };

  /// Counts one executed op (an opObserver): its numeric tile operands.
  /// Ops without such operands are not counted.
  void observe(ExecContext &ctx, mlir::Operation *op);
  /// Counts one instance of `opName` with these operand tiles.
  void count(llvm::StringRef opName, llvm::ArrayRef<const Tile *> operands);

  const llvm::StringMap<OpCounts> &counts() const { return perOp; }
  /// {"ops": {"cuda_tile.divi": {"instances": N, "classes": {"zero": n,
  /// ...}}}}; classes never seen are left out.
  llvm::json::Value toJSON() const;

private:
  llvm::StringMap<OpCounts> perOp;
};

} // namespace tilecheck::oracle

#endif // TILECHECK_ORACLE_VALUECLASSES_H
