//===- Localize.h - The op a miscompiling pass broke -------------*- C++
//-*-===//
//
// When a checkpoint names the pass P that changed a program's results, the
// module before P and the module after P are run on the same inputs and the
// first execution of every op in the first tile block is recorded, keyed by
// the op's location (conversions keep locations; parsed and generated
// programs have a file:line:col per op). The first location, in the order
// the module after P executes, whose value no op of the module after P at
// that location reproduces names the op P broke: its op name in the module
// before P ("nv_tileaa.divi") is the "op kind involved" of the finding's
// signature (fuzz/README.md "Signatures"). Ops in reduce/scan bodies
// (order-dependent combiners) are not compared; when no value changed
// before the module after P stopped on UB or an error, the op at the
// failure's location is named.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_FUZZ_LOCALIZE_H
#define TILECHECK_FUZZ_LOCALIZE_H

#include "mlir/IR/Operation.h"
#include "tilecheck/Oracle/TileRun.h"
#include <string>

namespace tilecheck::fuzz {

/// Limits of one localization (memory and time stay bounded on any module).
struct LocalizeLimits {
  /// Locations recorded per module; later ones are ignored.
  unsigned maxLocations = 1u << 16;
  /// Tile bytes hashed per run; values past it are not recorded.
  uint64_t maxBytes = 256ull << 20;
};

/// Returns the name of the op of `before` whose first value in the first
/// tile block (in run order) is the first one, in `after`'s execution
/// order, that `after` computes differently; "" when there is none or it is
/// ambiguous (no file:line:col location, several ops of `before` at one
/// location, no comparable value). `config` describes the launch (its
/// `run.opObserver` is replaced); both modules are left unchanged.
/// Deterministic: the runs are, and only hashes of values are compared.
std::string localizeBrokenOp(mlir::Operation *before, mlir::Operation *after,
                             const oracle::TileRunConfig &config,
                             const LocalizeLimits &limits = {});

/// What a wrong output was computed from, for the bucket of a compiler
/// that cannot be localized by pass (tileiras): the distinctive op kinds
/// (tensor-core, scans and reductions, data movement, conversions,
/// atomics; "math" for any math function) among the ops the values stored
/// into argument `argIndex` of entry `entry` depend on, sorted and joined
/// by ','. The stores are the store and atomic ops reached from the
/// argument through pointers and views; dependences follow operands, the
/// ops around a block argument and the bodies of ops with regions. "" when
/// none is found.
std::string outputSliceOps(mlir::Operation *module, llvm::StringRef entry,
                           unsigned argIndex);

} // namespace tilecheck::fuzz

#endif // TILECHECK_FUZZ_LOCALIZE_H
