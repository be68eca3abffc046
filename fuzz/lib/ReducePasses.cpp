//===- ReducePasses.cpp - The reductions of tile-reduce -------------------===//
//
// Every reduction enumerates its sites on a test case in a deterministic
// order (a pre-order walk of the program, dimensions in a fixed order) and
// changes a selected subset of them on a clone. Each one strictly decreases
// a measure (ops, non-zero constants, trip counts, dimensions, grid size,
// configuration length), so applying them to a fixed point terminates. None
// of them needs to be semantics-preserving or even valid: the driver
// verifies every candidate, runs it on the interpreter and asks the
// interestingness test.
//
//===----------------------------------------------------------------------===//

#include "ReducePassesInternal.h"
#include "tilecheck/Fuzz/Reduce.h"

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/ErrorHandling.h"

#include <numeric>
#include <set>

using namespace mlir;
using namespace tilecheck::cuda_tile;
using llvm::StringRef;

namespace tilecheck::reduce {

ReductionPass::~ReductionPass() = default;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace detail {

/// The cuda_tile modules of the program.
SmallVector<cuda_tile::ModuleOp> getTileModules(mlir::ModuleOp module) {
  SmallVector<cuda_tile::ModuleOp> mods;
  for (Operation &op : module.getBody()->getOperations())
    if (auto m = dyn_cast<cuda_tile::ModuleOp>(op))
      mods.push_back(m);
  return mods;
}

/// The entry the test case launches (by name, or the only one).
Operation *findEntry(TestCase &tc) {
  Operation *found = nullptr;
  unsigned count = 0;
  for (cuda_tile::ModuleOp m : getTileModules(*tc.module))
    for (Operation &op : m.getBodyBlock()->getOperations()) {
      if (!isa<EntryOp>(op))
        continue;
      ++count;
      if (SymbolTable::getSymbolName(&op).getValue() == tc.entry)
        return &op;
      found = &op;
    }
  return tc.entry.empty() && count == 1 ? found : nullptr;
}

/// Every operation under the cuda_tile modules in pre-order, except the
/// launched entry itself and terminators.
std::vector<Operation *> collectDeletableOps(TestCase &tc) {
  std::vector<Operation *> ops;
  Operation *entry = findEntry(tc);
  for (cuda_tile::ModuleOp m : getTileModules(*tc.module))
    m.getBodyBlock()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == entry || op->hasTrait<mlir::OpTrait::IsTerminator>())
        return;
      ops.push_back(op);
    });
  return ops;
}

/// A splat constant attribute of `type` holding `value` (an integer for
/// integer elements, converted for float elements).
DenseIntOrFPElementsAttr splatAttr(TileType type, int64_t value) {
  auto tensor = RankedTensorType::get(type.getShape(), type.getElementType());
  Type elem = type.getElementType();
  if (auto intType = dyn_cast<IntegerType>(elem)) {
    APInt v(intType.getWidth(), value, /*isSigned=*/true,
            /*implicitTrunc=*/true);
    return cast<DenseIntOrFPElementsAttr>(
        DenseElementsAttr::get(tensor, ArrayRef<APInt>(v)));
  }
  if (auto floatType = dyn_cast<FloatType>(elem)) {
    APFloat f(static_cast<double>(value));
    bool lost = false;
    f.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
              &lost);
    return cast<DenseIntOrFPElementsAttr>(
        DenseElementsAttr::get(tensor, ArrayRef<APFloat>(f)));
  }
  return nullptr;
}

bool isNumberTile(Type type) {
  auto tile = dyn_cast<TileType>(type);
  return tile && isa<IntegerType, FloatType>(tile.getElementType());
}

/// A value of `type` that dominates `op` (a result of an earlier op or a
/// block argument of an enclosing block), nearest first.
Value findDominatingValue(Operation *op, Type type) {
  for (Operation *cur = op; cur; cur = cur->getParentOp()) {
    Block *block = cur->getBlock();
    if (!block)
      return {};
    for (auto it = Block::reverse_iterator(cur->getIterator());
         it != block->rend(); ++it)
      for (Value r : it->getResults())
        if (r.getType() == type)
          return r;
    for (BlockArgument a : block->getArguments())
      if (a.getType() == type)
        return a;
    Operation *parent = block->getParentOp();
    if (!parent || parent->hasTrait<mlir::OpTrait::IsIsolatedFromAbove>())
      return {};
  }
  return {};
}

/// Replaces the uses of `op`'s results and erases it. Results are replaced
/// by an operand of the same type, else a dominating value of the same
/// type, else a new zero constant (number tiles) or make_token (tokens).

bool deleteOp(Operation *op, Replace how) {
  OpBuilder builder(op);
  for (Value result : op->getResults()) {
    if (result.use_empty())
      continue;
    Type type = result.getType();
    Value replacement;
    if (how == Replace::One && isNumberTile(type))
      replacement = ConstantOp::create(builder, op->getLoc(), type,
                                       splatAttr(cast<TileType>(type), 1));
    for (Value operand : op->getOperands())
      if (!replacement && operand.getType() == type) {
        replacement = operand;
        if (how == Replace::LastOperand)
          for (Value later : op->getOperands())
            if (later.getType() == type)
              replacement = later;
      }
    if (!replacement)
      replacement = findDominatingValue(op, type);
    // A constant or make_token is only replaced by an existing value:
    // swapping it for a new one would not shrink anything.
    if (!replacement && isNumberTile(type) && !isa<ConstantOp>(op))
      replacement = ConstantOp::create(builder, op->getLoc(), type,
                                       splatAttr(cast<TileType>(type), 0));
    if (!replacement && isa<TokenType>(type) && !isa<MakeTokenOp>(op))
      replacement = MakeTokenOp::create(builder, op->getLoc(), type);
    if (!replacement)
      return false;
    result.replaceAllUsesWith(replacement);
  }
  op->erase();
  return true;
}

/// Moves the ops of `block` except its terminator before `op`.
void spliceBefore(Block &block, Operation *op) {
  Block *dest = op->getBlock();
  auto end =
      block.empty() || !block.back().hasTrait<mlir::OpTrait::IsTerminator>()
          ? block.end()
          : std::prev(block.end());
  dest->getOperations().splice(op->getIterator(), block.getOperations(),
                               block.begin(), end);
}

std::optional<APInt> getConstInt(Value v) {
  DenseIntElementsAttr attr;
  if (!v || !matchPattern(v, m_Constant(&attr)) || !attr.isSplat())
    return std::nullopt;
  return attr.getSplatValue<APInt>();
}

/// Erases the ops that `erased`'s operands came from when they have no
/// uses left and no side effects, and so on up the chains: a folded load
/// takes its partition view, tensor view and index computations with it.
void eraseDeadProducers(ArrayRef<Operation *> producers) {
  SmallVector<Operation *> worklist;
  for (Operation *op : producers)
    if (op && !llvm::is_contained(worklist, op))
      worklist.push_back(op);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!op || !isOpTriviallyDead(op))
      continue;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        if (!llvm::is_contained(worklist, def))
          worklist.push_back(def);
    op->erase();
  }
}

} // namespace detail

using namespace tilecheck::reduce::detail;

namespace {

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

/// Removes every op without uses and without side effects, repeatedly.
class RemoveDeadPass : public ReductionPass {
public:
  StringRef getName() const override { return "remove-dead"; }
  unsigned countSites(TestCase &tc) override {
    return llvm::any_of(collectDeletableOps(tc), isOpTriviallyDead) ? 1 : 0;
  }
  bool apply(TestCase &tc, ArrayRef<unsigned>) override {
    bool changed = true;
    while (changed) {
      changed = false;
      std::vector<Operation *> ops = collectDeletableOps(tc);
      for (Operation *op : llvm::reverse(ops))
        if (isOpTriviallyDead(op)) {
          op->erase();
          changed = true;
          break;
        }
    }
    return true;
  }
};

class DeleteOpsPass : public SiteListPass<Operation *> {
public:
  DeleteOpsPass(Replace how, StringRef name) : how(how), name(name) {}
  StringRef getName() const override { return name; }

protected:
  std::vector<Operation *> sites(TestCase &tc) override {
    std::vector<Operation *> ops = collectDeletableOps(tc);
    // The variants only differ for ops with two operands of a result type,
    // or (One) with used number-tile results.
    if (how == Replace::LastOperand)
      llvm::erase_if(ops, [](Operation *op) {
        for (Type t : op->getResultTypes())
          if (llvm::count(op->getOperandTypes(), t) > 1)
            return false;
        return true;
      });
    if (how == Replace::One)
      llvm::erase_if(ops, [](Operation *op) {
        if (isa<ConstantOp>(op))
          return true;
        return llvm::none_of(op->getResults(), [](Value r) {
          return !r.use_empty() && isNumberTile(r.getType());
        });
      });
    return ops;
  }
  bool applyOne(TestCase &, Operation *op) override {
    return deleteOp(op, how);
  }

private:
  Replace how;
  StringRef name;
};

/// Replaces an op by constants holding the values the reference interpreter
/// saw its results take (TestCase::observed), then drops what only fed it.
/// With one tile block and no loop around the op this preserves the
/// program's meaning exactly, so the bug usually survives; elsewhere the
/// interestingness test decides. A load of an input becomes a constant
/// tile and its whole view chain goes; so do index and shape computations.
class ValueToConstPass : public SiteListPass<unsigned> {
public:
  StringRef getName() const override { return "value-to-const"; }
  bool usesObservedValues() const override { return true; }

protected:
  /// The observed values for `tc`'s ops, when they are current.
  static const ObservedValues *current(TestCase &tc) {
    if (!tc.observed || tc.observed->key != observedValuesKey(tc))
      return nullptr;
    return tc.observed.get();
  }
  /// Ops by pre-order position (the positions ObservedValues uses).
  static std::vector<Operation *> preOrder(TestCase &tc) {
    std::vector<Operation *> ops;
    tc.module->walk<WalkOrder::PreOrder>(
        [&](Operation *op) { ops.push_back(op); });
    return ops;
  }
  /// Whether every used result of `op` has an observed value (and it has
  /// one): then the op can go.
  static bool foldable(Operation *op, ArrayRef<Attribute> values,
                       Operation *entry) {
    if (op == entry ||
        isa<ConstantOp, mlir::ModuleOp, cuda_tile::ModuleOp>(op) ||
        op->hasTrait<mlir::OpTrait::IsTerminator>() ||
        values.size() != op->getNumResults())
      return false;
    bool used = false;
    for (auto [result, value] : llvm::zip(op->getResults(), values)) {
      if (result.use_empty())
        continue;
      if (!value || !isNumberTile(result.getType()))
        return false;
      used = true;
    }
    return used;
  }
  std::vector<unsigned> sites(TestCase &tc) override {
    std::vector<unsigned> found;
    const ObservedValues *observed = current(tc);
    if (!observed)
      return found;
    Operation *entry = findEntry(tc);
    std::vector<Operation *> ops = preOrder(tc);
    if (ops.size() != observed->results.size())
      return found;
    for (auto [i, op] : llvm::enumerate(ops))
      if (foldable(op, observed->results[i], entry))
        found.push_back(i);
    return found;
  }
  bool apply(TestCase &tc, ArrayRef<unsigned> selected) override {
    // Positions refer to the unchanged case: collect the ops first, then
    // fold from the last (inner ops before the ops holding them).
    const ObservedValues *observed = current(tc);
    if (!observed)
      return false;
    std::vector<unsigned> all = sites(tc);
    std::vector<Operation *> ops = preOrder(tc);
    SmallVector<std::pair<Operation *, unsigned>> chosen;
    for (unsigned i : selected) {
      if (i >= all.size())
        return false;
      chosen.push_back({ops[all[i]], all[i]});
    }
    std::shared_ptr<const ObservedValues> keep = tc.observed;
    SmallVector<Operation *> folded, producers;
    for (auto [op, position] : llvm::reverse(chosen)) {
      // An op inside another chosen op goes with it.
      bool inner = false;
      for (auto [other, otherPosition] : chosen)
        if (other != op && other->isAncestor(op))
          inner = true;
      if (inner)
        continue;
      ArrayRef<Attribute> values = keep->results[position];
      OpBuilder builder(op);
      for (Value operand : op->getOperands())
        producers.push_back(operand.getDefiningOp());
      for (auto [result, value] : llvm::zip(op->getResults(), values)) {
        if (result.use_empty())
          continue;
        Value constant =
            ConstantOp::create(builder, op->getLoc(), result.getType(),
                               cast<DenseIntOrFPElementsAttr>(value));
        result.replaceAllUsesWith(constant);
        // Used only by an op folded later, this constant dies too.
        producers.push_back(constant.getDefiningOp());
      }
      folded.push_back(op);
    }
    // A producer of one folded op may be another folded op (or hold one):
    // erase them all first, then clean up the producers left.
    for (Operation *op : folded)
      op->erase();
    llvm::erase_if(producers,
                   [&](Operation *p) { return llvm::is_contained(folded, p); });
    eraseDeadProducers(producers);
    return true;
  }
  bool applyOne(TestCase &, unsigned) override { return false; }
};

/// Replaces a store through a partition view of a tensor view by a store
/// through pointers to the tensor's base address (the base pointer
/// reshaped and broadcast to the tile's shape), so the view chain and the
/// index computations go. Every element then goes to the base address: for
/// a single-element tile (after shape-scalar, one op instead of four) that
/// is the same store; otherwise the last element wins, and the
/// interestingness test decides whether the wrong value still shows.
class StoreViewToPtrPass : public SiteListPass<StoreViewTkoOp> {
public:
  StringRef getName() const override { return "store-view-to-ptr"; }

protected:
  static Value basePointer(StoreViewTkoOp store) {
    auto pv = store.getView().getDefiningOp<MakePartitionViewOp>();
    if (!pv)
      return {};
    auto tv = pv.getTensorView().getDefiningOp<MakeTensorViewOp>();
    if (!tv || !tv.getBase().getType().getShape().empty())
      return {};
    return tv.getBase();
  }
  std::vector<StoreViewTkoOp> sites(TestCase &tc) override {
    return collectOps<StoreViewTkoOp>(tc, [](StoreViewTkoOp op) {
      return static_cast<bool>(basePointer(op));
    });
  }
  bool applyOne(TestCase &, StoreViewTkoOp store) override {
    Value base = basePointer(store);
    auto tileType = cast<TileType>(store.getTile().getType());
    ArrayRef<int64_t> shape = tileType.getShape();
    Type ptrElem = cast<TileType>(base.getType()).getElementType();
    OpBuilder builder(store);
    Location loc = store.getLoc();
    Value ptrs = base;
    if (!shape.empty()) {
      SmallVector<int64_t> ones(shape.size(), 1);
      ptrs =
          ReshapeOp::create(builder, loc, TileType::get(ones, ptrElem), ptrs);
      if (llvm::any_of(shape, [](int64_t d) { return d != 1; }))
        ptrs = BroadcastOp::create(builder, loc, TileType::get(shape, ptrElem),
                                   ptrs);
    }
    auto next = StorePtrTkoOp::create(
        builder, loc, store.getResult().getType(),
        store.getMemoryOrderingSemanticsAttr(), store.getMemoryScopeAttr(),
        ptrs, store.getTile(), /*mask=*/Value(), store.getToken(),
        /*optimization_hints=*/nullptr);
    SmallVector<Operation *> producers{store.getView().getDefiningOp()};
    for (Value index : store.getIndex())
      producers.push_back(index.getDefiningOp());
    store.getResult().replaceAllUsesWith(next.getResult());
    store->erase();
    eraseDeadProducers(producers);
    return true;
  }
};

} // namespace

std::vector<std::unique_ptr<ReductionPass>> getReductionPasses() {
  PassList pool;
  pool.push_back(std::make_unique<RemoveDeadPass>());
  pool.push_back(std::make_unique<ValueToConstPass>());
  pool.push_back(std::make_unique<StoreViewToPtrPass>());
  pool.push_back(
      std::make_unique<DeleteOpsPass>(Replace::FirstOperand, "delete-ops"));
  pool.push_back(std::make_unique<DeleteOpsPass>(Replace::LastOperand,
                                                 "delete-ops-last-operand"));
  pool.push_back(
      std::make_unique<DeleteOpsPass>(Replace::One, "delete-ops-one"));
  appendRegionPasses(pool);
  appendValuePasses(pool);
  // The order the driver tries them: what removes the most first (one
  // block, dead code, whole ops and regions), then constants, shapes and
  // the configuration.
  static const llvm::StringLiteral kOrder[] = {"grid-one",
                                               "remove-dead",
                                               "value-to-const",
                                               "store-view-to-ptr",
                                               "delete-ops",
                                               "if-then",
                                               "if-else",
                                               "for-zero",
                                               "for-once",
                                               "loop-zero",
                                               "loop-once",
                                               "loop-exit-next",
                                               "loop-inline",
                                               "unwrap-combiner",
                                               "combiner-drop-operand",
                                               "for-trip-half",
                                               "delete-ops-last-operand",
                                               "delete-ops-one",
                                               "drop-args",
                                               "drop-hints",
                                               "drop-token",
                                               "drop-mask",
                                               "const-splat",
                                               "const-splat-each",
                                               "const-zero",
                                               "const-one",
                                               "const-half",
                                               "grid-half",
                                               "shape-half",
                                               "shape-scalar",
                                               "config-drop",
                                               "config-lower",
                                               "pipeline-drop"};
  PassList passes;
  for (StringRef name : kOrder) {
    auto it = llvm::find_if(pool, [&](const std::unique_ptr<ReductionPass> &p) {
      return p && p->getName() == name;
    });
    if (it == pool.end())
      llvm::report_fatal_error("reduction '" + name + "' is not defined");
    passes.push_back(std::move(*it));
  }
  for (const std::unique_ptr<ReductionPass> &p : pool)
    if (p)
      llvm::report_fatal_error("reduction '" + p->getName() +
                               "' has no place in the order");
  return passes;
}

} // namespace tilecheck::reduce
