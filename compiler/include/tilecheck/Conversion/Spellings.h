//===- Spellings.h - how each mirrored op is spelled at nv_tileas -*- C++
//-*-===//
//
// The table is compiler/include/tilecheck/Dialect/Mirror/MirrorOps.def; this
// header gives ConvertTileAAToTileAS its arith and math populators (seed
// 002's order: arith, math, then the core renames) and gives tests and tools
// the table at run time.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CONVERSION_SPELLINGS_H
#define TILECHECK_CONVERSION_SPELLINGS_H

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <string>
#include <vector>

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace tilecheck::conversion {

/// The patterns rewriting nv_tileaa mirrors into upstream arith ops where
/// the table's rule says the semantics are exactly equal.
void populateArithSpellings(mlir::RewritePatternSet &patterns);

/// The same for upstream math ops.
void populateMathSpellings(mlir::RewritePatternSet &patterns);

/// One SPELLING line of MirrorOps.def.
struct Spelling {
  std::string mnemonic;  ///< cuda_tile, nv_tileaa and nv_tileas mnemonic
  std::string rule;      ///< Always, Overflow, ..., Mirror, Core
  std::string upstream;  ///< e.g. "arith.addf"; empty when none
  std::string alternate; ///< the unsigned (or second) form; may be empty
  std::string why;
};

/// Every line of the table, in order.
std::vector<Spelling> spellingTable();

/// The arith predicate of a cuda_tile comparison: integers by signedness,
/// floats by ordering. The spelling of cmpi/cmpf (here) and the backend's
/// lowering of their nv_tileas mirrors share it.
mlir::arith::CmpIPredicate cmpiPredicate(cuda_tile::ComparisonPredicate p,
                                         bool isSigned);
mlir::arith::CmpFPredicate cmpfPredicate(cuda_tile::ComparisonPredicate p,
                                         bool ordered);

} // namespace tilecheck::conversion

#endif // TILECHECK_CONVERSION_SPELLINGS_H
