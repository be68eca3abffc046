//===- ReducePassesInternal.h - What the reductions share -------*- C++ -*-===//
//
// Not installed. The reductions of tile-reduce live in three files by what
// they change: ops (ReducePasses.cpp, which also orders them all), regions
// (ReduceRegionPasses.cpp) and values, launch, shapes and the configuration
// (ReduceValuePasses.cpp). This header has the helpers they share, the
// site-list pass they derive from and the constructors of the passes that
// getReductionPasses() lists.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_FUZZ_LIB_REDUCEPASSESINTERNAL_H
#define TILECHECK_FUZZ_LIB_REDUCEPASSESINTERNAL_H

#include "tilecheck/Fuzz/Reduce.h"

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>
#include <vector>

namespace tilecheck::reduce::detail {

using mlir::Operation;

/// The cuda_tile modules of the program.
llvm::SmallVector<cuda_tile::ModuleOp> getTileModules(mlir::ModuleOp module);

/// The entry the test case launches (by name, or the only one).
Operation *findEntry(TestCase &tc);

/// Every operation under the cuda_tile modules in pre-order, except the
/// launched entry itself and terminators.
std::vector<Operation *> collectDeletableOps(TestCase &tc);

/// Every op of type OpTy in pre-order that passes `filter`.
template <typename OpTy>
std::vector<OpTy> collectOps(TestCase &tc,
                             llvm::function_ref<bool(OpTy)> filter = {}) {
  std::vector<OpTy> ops;
  tc.module->walk<mlir::WalkOrder::PreOrder>([&](OpTy op) {
    if (!filter || filter(op))
      ops.push_back(op);
  });
  return ops;
}

/// A splat constant attribute of `type` holding `value` (an integer for
/// integer elements, converted for float elements).
mlir::DenseIntOrFPElementsAttr splatAttr(cuda_tile::TileType type,
                                         int64_t value);

/// A tile of integers or floats.
bool isNumberTile(mlir::Type type);

/// A value of `type` that dominates `op` (a result of an earlier op or a
/// block argument of an enclosing block), nearest first.
mlir::Value findDominatingValue(Operation *op, mlir::Type type);

/// How deleteOp replaces a result.
enum class Replace {
  FirstOperand, ///< the first operand of the type, else as below
  LastOperand,  ///< the last operand of the type (the first may be the
                ///< zero that makes the candidate invalid)
  One,          ///< a splat 1 (i1: true) for number tiles: masks and
                ///< conditions keep holding
};

/// Replaces the uses of `op`'s results and erases it. Results are replaced
/// by an operand of the same type, else a dominating value of the same
/// type, else a new zero constant (number tiles) or make_token (tokens).
bool deleteOp(Operation *op, Replace how);

/// Moves the ops of `block` except its terminator before `op`.
void spliceBefore(mlir::Block &block, Operation *op);

/// The value of an integer constant.
std::optional<llvm::APInt> getConstInt(mlir::Value v);

/// Erases the ops that `erased`'s operands came from when they have no
/// uses left and no side effects, and so on up the chains: a folded load
/// takes its partition view, tensor view and index computations with it.
void eraseDeadProducers(llvm::ArrayRef<Operation *> producers);

//===----------------------------------------------------------------------===//
// A pass over a list of sites, applied in reverse so earlier sites stay put
//===----------------------------------------------------------------------===//

template <typename SiteT> class SiteListPass : public ReductionPass {
public:
  unsigned countSites(TestCase &tc) override { return sites(tc).size(); }
  bool apply(TestCase &tc, llvm::ArrayRef<unsigned> selected) override {
    std::vector<SiteT> all = sites(tc);
    for (unsigned i : llvm::reverse(selected))
      if (i >= all.size() || !applyOne(tc, all[i]))
        return false;
    return true;
  }

protected:
  virtual std::vector<SiteT> sites(TestCase &tc) = 0;
  virtual bool applyOne(TestCase &tc, SiteT site) = 0;
};

//===----------------------------------------------------------------------===//
// The passes of the other files
//===----------------------------------------------------------------------===//

using PassList = std::vector<std::unique_ptr<ReductionPass>>;

/// Appends the passes of ReduceRegionPasses.cpp (if arms, for loops,
/// loop/break/continue, combiner regions).
void appendRegionPasses(PassList &out);

/// Appends the passes of ReduceValuePasses.cpp (constants, the grid and
/// arguments, optional operands and hints, shapes, the configuration).
enum class ConstKind { Splat, Zero, One, Half };
void appendValuePasses(PassList &out);

} // namespace tilecheck::reduce::detail

#endif // TILECHECK_FUZZ_LIB_REDUCEPASSESINTERNAL_H
