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

#include <numeric>
#include <set>

using namespace mlir;
using namespace tilecheck::cuda_tile;
using llvm::StringRef;

namespace tilecheck::reduce {

ReductionPass::~ReductionPass() = default;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

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

template <typename OpTy>
std::vector<OpTy> collectOps(TestCase &tc,
                             llvm::function_ref<bool(OpTy)> filter = {}) {
  std::vector<OpTy> ops;
  tc.module->walk<WalkOrder::PreOrder>([&](OpTy op) {
    if (!filter || filter(op))
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
/// How deleteOp replaces a result.
enum class Replace {
  FirstOperand, ///< the first operand of the type, else as below
  LastOperand,  ///< the last operand of the type (the first may be the
                ///< zero that makes the candidate invalid)
  One,          ///< a splat 1 (i1: true) for number tiles: masks and
                ///< conditions keep holding
};

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

//===----------------------------------------------------------------------===//
// A pass over a list of sites, applied in reverse so earlier sites stay put
//===----------------------------------------------------------------------===//

template <typename SiteT> class SiteListPass : public ReductionPass {
public:
  unsigned countSites(TestCase &tc) override { return sites(tc).size(); }
  bool apply(TestCase &tc, ArrayRef<unsigned> selected) override {
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
  explicit DeleteOpsPass(Replace how) : how(how) {}
  StringRef getName() const override {
    switch (how) {
    case Replace::FirstOperand:
      return "delete-ops";
    case Replace::LastOperand:
      return "delete-ops-last-operand";
    case Replace::One:
      return "delete-ops-one";
    }
    return "";
  }

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
};

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

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

/// Replaces an `if` by one of its branches (the else branch of an `if`
/// without one is empty).
class InlineIfPass : public SiteListPass<IfOp> {
public:
  explicit InlineIfPass(bool thenBranch) : thenBranch(thenBranch) {}
  StringRef getName() const override {
    return thenBranch ? "if-then" : "if-else";
  }

protected:
  std::vector<IfOp> sites(TestCase &tc) override {
    return collectOps<IfOp>(tc, [&](IfOp op) {
      Region &r = thenBranch ? op.getThenRegion() : op.getElseRegion();
      if (r.empty())
        return op->getNumResults() == 0;
      Block &b = r.front();
      return b.empty() || !b.back().hasTrait<mlir::OpTrait::IsTerminator>() ||
             isa<YieldOp>(b.back());
    });
  }
  bool applyOne(TestCase &, IfOp op) override {
    Region &r = thenBranch ? op.getThenRegion() : op.getElseRegion();
    SmallVector<Value> results;
    if (!r.empty()) {
      Block &b = r.front();
      if (!b.empty())
        if (auto yield = dyn_cast<YieldOp>(b.back()))
          results.assign(yield.getOperands().begin(),
                         yield.getOperands().end());
      if (results.size() != op->getNumResults())
        return false;
      spliceBefore(b, op);
    }
    op->replaceAllUsesWith(results);
    op->erase();
    return true;
  }

private:
  bool thenBranch;
};

/// Runs a `for` zero times (results = initial values) or once (the body
/// inlined with the lower bound as induction variable).
class ForIterationsPass : public SiteListPass<ForOp> {
public:
  explicit ForIterationsPass(bool once) : once(once) {}
  StringRef getName() const override { return once ? "for-once" : "for-zero"; }

protected:
  std::vector<ForOp> sites(TestCase &tc) override {
    return collectOps<ForOp>(tc);
  }
  bool applyOne(TestCase &, ForOp op) override {
    if (!once) {
      op->replaceAllUsesWith(op.getInitValues());
      op->erase();
      return true;
    }
    Block *body = op.getBody();
    auto cont = dyn_cast<ContinueOp>(body->getTerminator());
    if (!cont || cont->getNumOperands() != op->getNumResults())
      return false;
    op.getInductionVar().replaceAllUsesWith(op.getLowerBound());
    for (auto [arg, init] :
         llvm::zip(op.getRegionIterValues(), op.getInitValues()))
      arg.replaceAllUsesWith(init);
    // Read the results after the block arguments are gone: `continue %acc`
    // now continues with the initial value.
    SmallVector<Value> results(cont->getOperands());
    spliceBefore(*body, op);
    op->replaceAllUsesWith(results);
    op->erase();
    return true;
  }

private:
  bool once;
};

/// Halves the trip count of a `for` with constant bounds and step.
class ForTripHalfPass : public SiteListPass<ForOp> {
public:
  StringRef getName() const override { return "for-trip-half"; }

protected:
  static std::optional<int64_t> tripCount(ForOp op) {
    auto lb = getConstInt(op.getLowerBound());
    auto ub = getConstInt(op.getUpperBound());
    auto step = getConstInt(op.getStep());
    if (!lb || !ub || !step || step->isZero())
      return std::nullopt;
    bool u = op.getUnsignedCmp();
    int64_t l = u ? lb->getZExtValue() : lb->getSExtValue();
    int64_t h = u ? ub->getZExtValue() : ub->getSExtValue();
    int64_t s = u ? step->getZExtValue() : step->getSExtValue();
    if (s <= 0 || h <= l)
      return 0;
    return (h - l + s - 1) / s;
  }
  std::vector<ForOp> sites(TestCase &tc) override {
    return collectOps<ForOp>(tc, [](ForOp op) {
      std::optional<int64_t> trips = tripCount(op);
      return trips && *trips > 1;
    });
  }
  bool applyOne(TestCase &, ForOp op) override {
    int64_t trips = *tripCount(op);
    bool u = op.getUnsignedCmp();
    int64_t l = u ? getConstInt(op.getLowerBound())->getZExtValue()
                  : getConstInt(op.getLowerBound())->getSExtValue();
    int64_t s = u ? getConstInt(op.getStep())->getZExtValue()
                  : getConstInt(op.getStep())->getSExtValue();
    auto type = cast<TileType>(op.getUpperBound().getType());
    OpBuilder builder(op);
    Value ub = ConstantOp::create(builder, op.getLoc(), type,
                                  splatAttr(type, l + (trips / 2) * s));
    op.getUpperBoundMutable().assign(ub);
    return true;
  }
};

/// The loop a `break` or `continue` belongs to: its nearest enclosing
/// `loop` or `for`.
Operation *targetLoop(Operation *op) {
  Operation *p = op->getParentOp();
  while (p && !isa<LoopOp, ForOp>(p))
    p = p->getParentOp();
  return p;
}

/// Whether `v` is visible at the end of `block` (defined in it, or above
/// the region holding it).
bool visibleAtEnd(Value v, Block *block) {
  return v.getParentBlock() == block ||
         v.getParentRegion()->isProperAncestor(block->getParent());
}

/// Replaces a `loop` by the values it would produce if it broke out at
/// once: through a `break` of its own whose operands are all loop-carried
/// values (the matching initial values), or, when the results have the
/// initial values' types, the initial values themselves.
class LoopZeroPass : public SiteListPass<LoopOp> {
public:
  StringRef getName() const override { return "loop-zero"; }

protected:
  static std::optional<SmallVector<Value>> zeroTripResults(LoopOp op) {
    Block *body = &op.getRegion().front();
    std::optional<SmallVector<Value>> results;
    op.getRegion().walk([&](BreakOp br) {
      if (results || targetLoop(br) != op)
        return;
      SmallVector<Value> values;
      for (Value v : br.getOperands()) {
        auto arg = dyn_cast<BlockArgument>(v);
        if (!arg || arg.getOwner() != body)
          return;
        values.push_back(op.getInitValues()[arg.getArgNumber()]);
      }
      results = std::move(values);
    });
    if (!results &&
        TypeRange(op.getInitValues()) == TypeRange(op->getResultTypes()))
      results = SmallVector<Value>(op.getInitValues());
    return results;
  }
  std::vector<LoopOp> sites(TestCase &tc) override {
    return collectOps<LoopOp>(
        tc, [](LoopOp op) { return zeroTripResults(op).has_value(); });
  }
  bool applyOne(TestCase &, LoopOp op) override {
    std::optional<SmallVector<Value>> results = zeroTripResults(op);
    if (!results || results->size() != op->getNumResults())
      return false;
    op->replaceAllUsesWith(*results);
    op->erase();
    return true;
  }
};

/// Makes a `loop` run its body at most once: the `continue` that ends the
/// body becomes a copy of one of its `break`s (whose operands are visible
/// there).
class LoopOncePass : public SiteListPass<LoopOp> {
public:
  StringRef getName() const override { return "loop-once"; }

protected:
  static BreakOp findBreak(LoopOp op) {
    Block *body = &op.getRegion().front();
    BreakOp found;
    op.getRegion().walk([&](BreakOp br) {
      if (!found && targetLoop(br) == op &&
          llvm::all_of(br.getOperands(),
                       [&](Value v) { return visibleAtEnd(v, body); }))
        found = br;
    });
    return found;
  }
  std::vector<LoopOp> sites(TestCase &tc) override {
    return collectOps<LoopOp>(tc, [](LoopOp op) {
      Block &body = op.getRegion().front();
      return !body.empty() && isa<ContinueOp>(body.back()) && findBreak(op);
    });
  }
  bool applyOne(TestCase &, LoopOp op) override {
    BreakOp br = findBreak(op);
    Operation *term = &op.getRegion().front().back();
    OpBuilder builder(term);
    BreakOp::create(builder, term->getLoc(), br.getOperands());
    term->erase();
    return true;
  }
};

/// Makes a `loop` stop at the start of its second iteration: the
/// `continue` that ends the body becomes the `break` that the next
/// iteration would reach first, with the loop-carried values replaced by
/// what the `continue` passes on. A loop that runs its body once and then
/// breaks out with its carried values (a common shape of generated loops)
/// keeps its meaning, and loop-inline can then flatten it.
class LoopExitNextPass : public SiteListPass<LoopOp> {
public:
  StringRef getName() const override { return "loop-exit-next"; }

protected:
  /// A `break` of `op` whose operands are loop-carried values or visible at
  /// the end of the body.
  static BreakOp findBreak(LoopOp op) {
    Block *body = &op.getRegion().front();
    BreakOp found;
    op.getRegion().walk([&](BreakOp br) {
      if (found || targetLoop(br) != op)
        return;
      bool usable = llvm::all_of(br.getOperands(), [&](Value v) {
        auto arg = dyn_cast<BlockArgument>(v);
        return (arg && arg.getOwner() == body) || visibleAtEnd(v, body);
      });
      bool carried = llvm::any_of(br.getOperands(), [&](Value v) {
        auto arg = dyn_cast<BlockArgument>(v);
        return arg && arg.getOwner() == body;
      });
      // Without a loop-carried operand this is loop-once.
      if (usable && carried)
        found = br;
    });
    return found;
  }
  std::vector<LoopOp> sites(TestCase &tc) override {
    return collectOps<LoopOp>(tc, [](LoopOp op) {
      Block &body = op.getRegion().front();
      return !body.empty() && isa<ContinueOp>(body.back()) && findBreak(op);
    });
  }
  bool applyOne(TestCase &, LoopOp op) override {
    BreakOp br = findBreak(op);
    Block *body = &op.getRegion().front();
    auto cont = cast<ContinueOp>(body->back());
    if (cont->getNumOperands() != body->getNumArguments())
      return false;
    SmallVector<Value> values;
    for (Value v : br.getOperands()) {
      auto arg = dyn_cast<BlockArgument>(v);
      values.push_back(arg && arg.getOwner() == body
                           ? cont->getOperand(arg.getArgNumber())
                           : v);
    }
    OpBuilder builder(cont);
    BreakOp::create(builder, cont->getLoc(), values);
    cont->erase();
    return true;
  }
};

/// Inlines a `loop` whose body ends in `break` and holds no other `break`
/// or `continue` of its own: it runs once.
class LoopInlinePass : public SiteListPass<LoopOp> {
public:
  StringRef getName() const override { return "loop-inline"; }

protected:
  std::vector<LoopOp> sites(TestCase &tc) override {
    return collectOps<LoopOp>(tc, [](LoopOp op) {
      Block &body = op.getRegion().front();
      if (body.empty() || !isa<BreakOp>(body.back()))
        return false;
      bool others = false;
      op.getRegion().walk([&](Operation *inner) {
        if (isa<BreakOp, ContinueOp>(inner) && inner != &body.back() &&
            targetLoop(inner) == op)
          others = true;
      });
      return !others;
    });
  }
  bool applyOne(TestCase &, LoopOp op) override {
    Block &body = op.getRegion().front();
    auto br = cast<BreakOp>(body.back());
    if (br->getNumOperands() != op->getNumResults())
      return false;
    for (auto [arg, init] :
         llvm::zip(op.getRegionIterValues(), op.getInitValues()))
      arg.replaceAllUsesWith(init);
    SmallVector<Value> results(br->getOperands());
    spliceBefore(body, op);
    op->replaceAllUsesWith(results);
    op->erase();
    return true;
  }
};

/// A reduce or scan whose results have the types of its operands (a scan):
/// replaced by its operands, dropping the combiner region.
class UnwrapCombinerPass : public SiteListPass<Operation *> {
public:
  StringRef getName() const override { return "unwrap-combiner"; }

protected:
  std::vector<Operation *> sites(TestCase &tc) override {
    std::vector<Operation *> ops;
    tc.module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<ReduceOp, ScanOp>(op) &&
          TypeRange(op->getOperandTypes()) == TypeRange(op->getResultTypes()))
        ops.push_back(op);
    });
    return ops;
  }
  bool applyOne(TestCase &, Operation *op) override {
    op->replaceAllUsesWith(op->getOperands());
    op->erase();
    return true;
  }
};

/// Drops one operand of a `reduce` or `scan` whose result is unused: the
/// operand, its identity, its pair of combiner arguments and its `yield`
/// operand (with what computed it) go. Fails when the other operands'
/// combiners read the dropped arguments.
class CombinerDropOperandPass
    : public SiteListPass<std::pair<Operation *, unsigned>> {
public:
  StringRef getName() const override { return "combiner-drop-operand"; }

protected:
  std::vector<std::pair<Operation *, unsigned>> sites(TestCase &tc) override {
    std::vector<std::pair<Operation *, unsigned>> found;
    tc.module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!isa<ReduceOp, ScanOp>(op) || op->getNumOperands() < 2 ||
          op->getNumResults() != op->getNumOperands())
        return;
      for (unsigned k = 0; k < op->getNumResults(); ++k)
        if (op->getResult(k).use_empty())
          found.push_back({op, k});
    });
    return found;
  }
  bool apply(TestCase &tc, ArrayRef<unsigned> selected) override {
    // Several operands of one op may be selected: drop them from the last.
    std::vector<std::pair<Operation *, unsigned>> all = sites(tc);
    llvm::DenseMap<Operation *, SmallVector<unsigned>> perOp;
    SmallVector<Operation *> order;
    for (unsigned i : selected) {
      if (i >= all.size())
        return false;
      auto [op, k] = all[i];
      if (!perOp.count(op))
        order.push_back(op);
      perOp[op].push_back(k);
    }
    for (Operation *op : order)
      if (!dropOperands(op, perOp[op]))
        return false;
    return true;
  }
  bool applyOne(TestCase &, std::pair<Operation *, unsigned>) override {
    return false;
  }

  static bool dropOperands(Operation *op, ArrayRef<unsigned> drop) {
    unsigned n = op->getNumOperands();
    if (drop.size() >= n)
      return false;
    auto keep = [&](unsigned k) { return !llvm::is_contained(drop, k); };
    Block &body = op->getRegion(0).front();
    auto yield = dyn_cast<YieldOp>(body.getTerminator());
    if (!yield || yield->getNumOperands() != n ||
        body.getNumArguments() != 2 * n)
      return false;
    auto identities = op->getAttrOfType<ArrayAttr>("identities");
    if (!identities || identities.size() != n)
      return false;

    // The body without the dropped yield operands and what only fed them.
    SmallVector<Value> yielded;
    SmallVector<Operation *> producers;
    for (unsigned k = 0; k < n; ++k) {
      if (keep(k))
        yielded.push_back(yield->getOperand(k));
      else
        producers.push_back(yield->getOperand(k).getDefiningOp());
    }
    yield->setOperands(yielded);
    eraseDeadProducers(producers);
    for (unsigned k = n; k-- > 0;) {
      if (keep(k))
        continue;
      if (!body.getArgument(2 * k).use_empty() ||
          !body.getArgument(2 * k + 1).use_empty())
        return false;
      body.eraseArguments(2 * k, 2);
    }

    SmallVector<Value> operands;
    SmallVector<Type> types;
    SmallVector<Attribute> ids;
    for (unsigned k = 0; k < n; ++k)
      if (keep(k)) {
        operands.push_back(op->getOperand(k));
        types.push_back(op->getResult(k).getType());
        ids.push_back(identities[k]);
      }
    OpBuilder builder(op);
    OperationState state(op->getLoc(), op->getName());
    state.addOperands(operands);
    state.addTypes(types);
    state.addAttributes(op->getAttrs());
    Region *region = state.addRegion();
    region->takeBody(op->getRegion(0));
    Operation *next = builder.create(state);
    next->setAttr("identities", builder.getArrayAttr(ids));
    unsigned j = 0;
    for (unsigned k = 0; k < n; ++k)
      if (keep(k))
        op->getResult(k).replaceAllUsesWith(next->getResult(j++));
    op->erase();
    return true;
  }
};

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

enum class ConstKind { Splat, Zero, One, Half };

/// Non-splat constants to a splat of one of their elements other than the
/// first (const-splat tries that one): the element that exposes a
/// miscompile is often not the first, and once the constant is a splat,
/// shape-half and shape-scalar can shrink it to one element. One site per
/// distinct element value, at most kMaxValues of them per constant.
class ConstSplatEachPass
    : public SiteListPass<std::pair<ConstantOp, unsigned>> {
public:
  StringRef getName() const override { return "const-splat-each"; }

protected:
  static constexpr unsigned kMaxValues = 16;
  /// Flat positions of the first occurrences of the distinct element
  /// values after the first element's.
  static SmallVector<unsigned> distinctPositions(ConstantOp op) {
    SmallVector<unsigned> positions;
    DenseIntOrFPElementsAttr v = op.getValue();
    if (v.isSplat())
      return positions;
    SmallVector<Attribute> seen;
    unsigned i = 0;
    for (Attribute element : v.getValues<Attribute>()) {
      if (!llvm::is_contained(seen, element)) {
        seen.push_back(element);
        if (i > 0)
          positions.push_back(i);
        if (positions.size() == kMaxValues)
          break;
      }
      ++i;
    }
    return positions;
  }
  std::vector<std::pair<ConstantOp, unsigned>> sites(TestCase &tc) override {
    std::vector<std::pair<ConstantOp, unsigned>> found;
    for (ConstantOp op : collectOps<ConstantOp>(tc))
      for (unsigned position : distinctPositions(op))
        found.push_back({op, position});
    return found;
  }
  bool applyOne(TestCase &, std::pair<ConstantOp, unsigned> site) override {
    auto [op, position] = site;
    DenseIntOrFPElementsAttr v = op.getValue();
    if (v.isSplat())
      return true; // another site of this constant made it a splat
    auto type = cast<TileType>(op.getType());
    auto tensor = RankedTensorType::get(type.getShape(), type.getElementType());
    Attribute next;
    if (auto ints = dyn_cast<DenseIntElementsAttr>(v))
      next = DenseElementsAttr::get(
          tensor, ArrayRef<APInt>(ints.getValues<APInt>()[position]));
    else
      next = DenseElementsAttr::get(
          tensor,
          ArrayRef<APFloat>(
              cast<DenseFPElementsAttr>(v).getValues<APFloat>()[position]));
    op.setValueAttr(cast<DenseIntOrFPElementsAttr>(next));
    return true;
  }
};

class ConstantPass : public SiteListPass<ConstantOp> {
public:
  explicit ConstantPass(ConstKind kind) : kind(kind) {}
  StringRef getName() const override {
    switch (kind) {
    case ConstKind::Splat:
      return "const-splat";
    case ConstKind::Zero:
      return "const-zero";
    case ConstKind::One:
      return "const-one";
    case ConstKind::Half:
      return "const-half";
    }
    return "";
  }

protected:
  static bool isSplatOf(DenseIntOrFPElementsAttr attr, int64_t v) {
    if (!attr.isSplat())
      return false;
    if (auto i = dyn_cast<DenseIntElementsAttr>(attr)) {
      APInt x = i.getSplatValue<APInt>();
      // i1 "one" is all bits set; compare as the element width allows.
      return x == APInt(x.getBitWidth(), v, /*isSigned=*/true, true);
    }
    auto f = cast<DenseFPElementsAttr>(attr).getSplatValue<APFloat>();
    APFloat target(static_cast<double>(v));
    bool lost = false;
    target.convert(f.getSemantics(), APFloat::rmNearestTiesToEven, &lost);
    return f.bitwiseIsEqual(target);
  }
  std::vector<ConstantOp> sites(TestCase &tc) override {
    return collectOps<ConstantOp>(tc, [&](ConstantOp op) {
      DenseIntOrFPElementsAttr v = op.getValue();
      switch (kind) {
      case ConstKind::Splat:
        return !v.isSplat();
      case ConstKind::Zero:
        return v.isSplat() && !isSplatOf(v, 0);
      case ConstKind::One:
        return v.isSplat() && !isSplatOf(v, 0) && !isSplatOf(v, 1);
      case ConstKind::Half:
        if (auto i = dyn_cast<DenseIntElementsAttr>(v);
            i && v.isSplat() && i.getElementType().getIntOrFloatBitWidth() > 1)
          return i.getSplatValue<APInt>().abs().ugt(1);
        return false;
      }
      return false;
    });
  }
  bool applyOne(TestCase &, ConstantOp op) override {
    auto type = cast<TileType>(op.getType());
    DenseIntOrFPElementsAttr v = op.getValue();
    DenseIntOrFPElementsAttr next;
    auto tensor = RankedTensorType::get(type.getShape(), type.getElementType());
    switch (kind) {
    case ConstKind::Splat:
      if (auto i = dyn_cast<DenseIntElementsAttr>(v))
        next = cast<DenseIntOrFPElementsAttr>(DenseElementsAttr::get(
            tensor, ArrayRef<APInt>(*i.value_begin<APInt>())));
      else
        next = cast<DenseIntOrFPElementsAttr>(DenseElementsAttr::get(
            tensor, ArrayRef<APFloat>(
                        *cast<DenseFPElementsAttr>(v).value_begin<APFloat>())));
      break;
    case ConstKind::Zero:
      next = splatAttr(type, 0);
      break;
    case ConstKind::One:
      next = splatAttr(type, 1);
      break;
    case ConstKind::Half: {
      APInt x = cast<DenseIntElementsAttr>(v).getSplatValue<APInt>();
      next = cast<DenseIntOrFPElementsAttr>(
          DenseElementsAttr::get(tensor, ArrayRef<APInt>(x.sdiv(2))));
      break;
    }
    }
    if (!next)
      return false;
    op.setValueAttr(next);
    return true;
  }

private:
  ConstKind kind;
};

//===----------------------------------------------------------------------===//
// Launch: grid and arguments
//===----------------------------------------------------------------------===//

class GridPass : public SiteListPass<unsigned> {
public:
  explicit GridPass(bool toOne) : toOne(toOne) {}
  StringRef getName() const override {
    return toOne ? "grid-one" : "grid-half";
  }

protected:
  std::vector<unsigned> sites(TestCase &tc) override {
    std::vector<unsigned> dims;
    for (unsigned d = 0; d < 3; ++d)
      if (tc.grid[d] > 1)
        dims.push_back(d);
    return dims;
  }
  bool applyOne(TestCase &tc, unsigned d) override {
    tc.grid[d] = toOne ? 1 : tc.grid[d] / 2;
    return true;
  }

private:
  bool toOne;
};

/// Drops entry arguments without uses, with their manifest arguments.
class DropArgsPass : public SiteListPass<unsigned> {
public:
  StringRef getName() const override { return "drop-args"; }

protected:
  std::vector<unsigned> sites(TestCase &tc) override {
    std::vector<unsigned> args;
    Operation *entry = findEntry(tc);
    if (!entry || tc.args.size() != entry->getRegion(0).getNumArguments())
      return args;
    for (BlockArgument a : entry->getRegion(0).getArguments())
      if (a.use_empty())
        args.push_back(a.getArgNumber());
    return args;
  }
  bool applyOne(TestCase &tc, unsigned index) override {
    auto fn = cast<FunctionOpInterface>(findEntry(tc));
    if (failed(fn.eraseArgument(index)))
      return false;
    tc.args.erase(tc.args.begin() + index);
    return true;
  }
};

/// Drops the optimization hints of entries.
class DropHintsPass : public SiteListPass<EntryOp> {
public:
  StringRef getName() const override { return "drop-hints"; }

protected:
  std::vector<EntryOp> sites(TestCase &tc) override {
    return collectOps<EntryOp>(tc, [](EntryOp op) {
      return static_cast<bool>(op.getOptimizationHints());
    });
  }
  bool applyOne(TestCase &, EntryOp op) override {
    op.removeOptimizationHintsAttr();
    return true;
  }
};

/// The optional token (or mask) operand of a memory op.
std::optional<MutableOperandRange> optionalOperand(Operation *op, bool mask) {
  std::optional<MutableOperandRange> range;
  auto token = [&](auto o) { range.emplace(o.getTokenMutable()); };
  auto masked = [&](auto o) { range.emplace(o.getMaskMutable()); };
  if (mask)
    llvm::TypeSwitch<Operation *>(op)
        .Case<LoadPtrTkoOp, StorePtrTkoOp, AtomicRMWTkoOp, AtomicCASTkoOp>(
            masked);
  else
    llvm::TypeSwitch<Operation *>(op)
        .Case<LoadViewTkoOp, StoreViewTkoOp, LoadPtrTkoOp, StorePtrTkoOp,
              AtomicRMWTkoOp, AtomicCASTkoOp, AtomicRedViewTkoOp, PrintTkoOp>(
            token);
  return range;
}

/// Drops the optional input token (ordering) or mask of memory ops, so the
/// token chains and mask computations feeding them can go.
class DropOptionalOperandPass : public SiteListPass<Operation *> {
public:
  explicit DropOptionalOperandPass(bool mask) : mask(mask) {}
  StringRef getName() const override {
    return mask ? "drop-mask" : "drop-token";
  }

protected:
  std::vector<Operation *> sites(TestCase &tc) override {
    std::vector<Operation *> ops;
    tc.module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      std::optional<MutableOperandRange> r = optionalOperand(op, mask);
      if (r && r->size() > 0)
        ops.push_back(op);
    });
    return ops;
  }
  bool applyOne(TestCase &, Operation *op) override {
    std::optional<MutableOperandRange> r = optionalOperand(op, mask);
    if (!r)
      return false;
    r->clear();
    return true;
  }

private:
  bool mask;
};

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

/// Rewrites every occurrence of the dimension `from` in the shapes of the
/// program's types (tile<..>, tensor_view<..>, partition tiles) and in
/// make_tensor_view shape lists to `to`, on the printed program. Returns
/// the new text, or "" when nothing changed.
std::string rewriteDims(StringRef text, int64_t from, int64_t to) {
  std::string out;
  out.reserve(text.size());
  bool changed = false;
  std::string fromText = std::to_string(from), toText = std::to_string(to);
  size_t i = 0;
  // Rewrites a run of numbers separated by `sep` (and spaces) at `i`,
  // stopping at the first other character.
  auto rewriteList = [&](char sep) {
    while (i < text.size()) {
      size_t j = i;
      while (j < text.size() && llvm::isDigit(text[j]))
        ++j;
      if (j == i)
        return;
      StringRef num = text.slice(i, j);
      if (num == fromText) {
        out += toText;
        changed = true;
      } else {
        out += num.str();
      }
      i = j;
      while (
          i < text.size() && (text[i] == sep || text[i] == ' ') &&
          !(sep == 'x' && i + 1 < text.size() && !llvm::isDigit(text[i + 1]))) {
        out += text[i];
        ++i;
      }
    }
  };
  static const struct {
    const char *prefix;
    char sep;
  } contexts[] = {{"tile<", 'x'},
                  {"tensor_view<", 'x'},
                  {"tile=(", 'x'},
                  {"shape = [", ','}};
  while (i < text.size()) {
    bool matched = false;
    for (const auto &c : contexts) {
      if (text.substr(i).starts_with(c.prefix)) {
        out += c.prefix;
        i += strlen(c.prefix);
        rewriteList(c.sep);
        matched = true;
        break;
      }
    }
    if (!matched)
      out += text[i++];
  }
  return changed ? out : "";
}

/// Halves one dimension size everywhere it occurs in types (all tiles of
/// 16 elements become 8 elements, tensor views of 48 rows become 24, ...).
class ShrinkShapesPass : public SiteListPass<int64_t> {
public:
  StringRef getName() const override { return "shape-half"; }

protected:
  std::vector<int64_t> sites(TestCase &tc) override {
    std::set<int64_t, std::greater<int64_t>> dims;
    auto addShape = [&](ArrayRef<int64_t> shape) {
      for (int64_t d : shape)
        if (d > 1)
          dims.insert(d);
    };
    auto addType = [&](Type t) {
      if (auto tile = dyn_cast<TileType>(t))
        addShape(tile.getShape());
      else if (auto tv = dyn_cast<TensorViewType>(t))
        addShape(tv.getShape());
    };
    tc.module->walk([&](Operation *op) {
      for (Type t : op->getResultTypes())
        addType(t);
      for (Region &r : op->getRegions())
        for (Block &b : r)
          for (BlockArgument a : b.getArguments())
            addType(a.getType());
    });
    return std::vector<int64_t>(dims.begin(), dims.end());
  }
  bool applyOne(TestCase &tc, int64_t dim) override {
    std::string text = rewriteDims(printProgram(*tc.module), dim,
                                   std::max<int64_t>(1, dim / 2));
    if (text.empty())
      return false;
    MLIRContext *ctx = tc.module->getContext();
    ScopedDiagnosticHandler quiet(ctx, [](Diagnostic &) { return success(); });
    OwningOpRef<mlir::ModuleOp> parsed =
        parseSourceString<mlir::ModuleOp>(text, ParserConfig(ctx));
    if (!parsed)
      return false;
    tc.module = std::move(parsed);
    return true;
  }
};

/// The rank of the all-ones shape that starts `text` ("1x1xi32>" -> 2),
/// 0 when it starts otherwise (another size, or no shape: "i32>").
unsigned unitShapeRank(StringRef text) {
  unsigned rank = 0;
  while (text.consume_front("1x"))
    ++rank;
  // "1x16xi32": a shape that only starts with ones.
  return text.empty() || llvm::isDigit(text.front()) ? 0 : rank;
}

/// Rewrites every `tile<1x..x1xT>` of rank `rank` in the printed program
/// to the rank-0 `tile<T>`; "" when there is none.
std::string dropUnitShapes(StringRef text, unsigned rank) {
  std::string out;
  out.reserve(text.size());
  bool changed = false;
  for (size_t i = 0; i < text.size();) {
    if (text.substr(i).starts_with("tile<") &&
        unitShapeRank(text.substr(i + 5)) == rank) {
      out += "tile<";
      i += 5 + 2 * rank;
      changed = true;
      continue;
    }
    out += text[i++];
  }
  return changed ? out : "";
}

/// Single-element tiles (`tile<1xT>`, `tile<1x1xT>`, ...) become rank-0
/// tiles, one rank at a time: a single-element store needs no reshape of
/// its pointer, and the reshapes between the ranks become identities that
/// delete-ops removes. The printed program is rewritten and re-parsed;
/// constants printed as element lists (`[0]`) and ops tied to a rank
/// (broadcast, permute, reduce dimensions) make the candidate fail to
/// parse or verify, and it is dropped.
class ScalarShapesPass : public SiteListPass<unsigned> {
public:
  StringRef getName() const override { return "shape-scalar"; }

protected:
  std::vector<unsigned> sites(TestCase &tc) override {
    std::set<unsigned> ranks;
    auto addType = [&](Type t) {
      if (auto tile = dyn_cast<TileType>(t))
        if (!tile.getShape().empty() &&
            llvm::all_of(tile.getShape(), [](int64_t d) { return d == 1; }))
          ranks.insert(tile.getShape().size());
    };
    tc.module->walk([&](Operation *op) {
      for (Type t : op->getResultTypes())
        addType(t);
      for (Region &r : op->getRegions())
        for (Block &b : r)
          for (BlockArgument a : b.getArguments())
            addType(a.getType());
    });
    return std::vector<unsigned>(ranks.begin(), ranks.end());
  }
  bool applyOne(TestCase &tc, unsigned rank) override {
    std::string text = dropUnitShapes(printProgram(*tc.module), rank);
    if (text.empty())
      return false;
    MLIRContext *ctx = tc.module->getContext();
    ScopedDiagnosticHandler quiet(ctx, [](Diagnostic &) { return success(); });
    OwningOpRef<mlir::ModuleOp> parsed =
        parseSourceString<mlir::ModuleOp>(text, ParserConfig(ctx));
    if (!parsed)
      return false;
    tc.module = std::move(parsed);
    return true;
  }
};

//===----------------------------------------------------------------------===//
// Configuration
//===----------------------------------------------------------------------===//

/// A configuration as words (separated by spaces: tilec flags) of items
/// (separated by commas: tile-diff's `sm_100,O2,scheduler=cost`). Words
/// holding a pass pipeline are one item: pipeline-drop shortens those.
using ConfigWords = SmallVector<SmallVector<std::string, 4>>;

ConfigWords splitConfig(StringRef config) {
  SmallVector<StringRef> parts;
  config.split(parts, ' ', -1, /*KeepEmpty=*/false);
  ConfigWords words;
  for (StringRef p : parts) {
    words.emplace_back();
    if (p.contains('(') || p.contains('{')) {
      words.back().push_back(p.str());
      continue;
    }
    SmallVector<StringRef> items;
    p.split(items, ',', -1, /*KeepEmpty=*/false);
    for (StringRef item : items)
      words.back().push_back(item.str());
  }
  return words;
}

/// Drops items of the configuration (flags, `--flag value` pairs as two
/// adjacent sites, tile-diff fields, which then take their defaults).
class ConfigDropPass : public ReductionPass {
public:
  StringRef getName() const override { return "config-drop"; }
  bool changesConfigurationOnly() const override { return true; }
  unsigned countSites(TestCase &tc) override {
    unsigned n = 0;
    for (auto &word : splitConfig(tc.config))
      n += word.size();
    return n;
  }
  bool apply(TestCase &tc, ArrayRef<unsigned> selected) override {
    std::string next;
    unsigned index = 0;
    for (auto &word : splitConfig(tc.config)) {
      std::string kept;
      for (const std::string &item : word) {
        if (!llvm::is_contained(selected, index++))
          kept += (kept.empty() ? "" : ",") + item;
      }
      if (!kept.empty())
        next += (next.empty() ? "" : " ") + kept;
    }
    tc.config = next;
    return true;
  }
};

/// The positions of the numbers in the configuration that can be lowered
/// (opt levels and the like); GPU names (sm_XX) are left alone.
std::vector<std::pair<size_t, size_t>> configNumbers(StringRef config) {
  std::vector<std::pair<size_t, size_t>> nums;
  for (size_t i = 0; i < config.size();) {
    if (!llvm::isDigit(config[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < config.size() && llvm::isDigit(config[j]))
      ++j;
    bool gpu = i >= 3 && config.substr(i - 3, 3) == "sm_";
    bool partOfWord = i > 0 && llvm::isAlpha(config[i - 1]) &&
                      config[i - 1] != 'O' && config[i - 1] != 'o';
    unsigned value = 0;
    if (!gpu && !partOfWord && !config.slice(i, j).getAsInteger(10, value) &&
        value > 0)
      nums.push_back({i, j});
    i = j;
  }
  return nums;
}

/// Decrements a number of the configuration (-O3 -> -O2, level=2 -> 1).
class ConfigLowerPass : public SiteListPass<std::pair<size_t, size_t>> {
public:
  StringRef getName() const override { return "config-lower"; }
  bool changesConfigurationOnly() const override { return true; }

protected:
  std::vector<std::pair<size_t, size_t>> sites(TestCase &tc) override {
    return configNumbers(tc.config);
  }
  bool applyOne(TestCase &tc, std::pair<size_t, size_t> site) override {
    StringRef c = tc.config;
    unsigned value = 0;
    if (c.slice(site.first, site.second).getAsInteger(10, value) || !value)
      return false;
    tc.config = (c.substr(0, site.first) + llvm::Twine(value - 1) +
                 c.substr(site.second))
                    .str();
    return true;
  }
};

/// The top-level pass entries of a `builtin.module(a, b{..}, c)` pipeline
/// in the configuration, as [begin, end) ranges (with a following comma).
std::vector<std::pair<size_t, size_t>> pipelineEntries(StringRef config) {
  std::vector<std::pair<size_t, size_t>> entries;
  size_t start = config.find("builtin.module(");
  if (start == StringRef::npos)
    return entries;
  size_t i = start + strlen("builtin.module(");
  size_t begin = i;
  int depth = 0;
  for (; i < config.size(); ++i) {
    char c = config[i];
    if (c == '(' || c == '{')
      ++depth;
    else if ((c == ')' || c == '}') && depth > 0)
      --depth;
    else if (c == ')' && depth == 0) {
      if (i > begin)
        entries.push_back({begin, i});
      break;
    } else if (c == ',' && depth == 0) {
      entries.push_back({begin, i + 1});
      begin = i + 1;
    }
  }
  return entries;
}

/// Drops passes from a textual pass pipeline in the configuration.
class PipelineDropPass : public ReductionPass {
public:
  StringRef getName() const override { return "pipeline-drop"; }
  bool changesConfigurationOnly() const override { return true; }
  unsigned countSites(TestCase &tc) override {
    return pipelineEntries(tc.config).size();
  }
  bool apply(TestCase &tc, ArrayRef<unsigned> selected) override {
    auto entries = pipelineEntries(tc.config);
    std::string c = tc.config;
    for (unsigned i : llvm::reverse(selected)) {
      if (i >= entries.size())
        return false;
      c.erase(entries[i].first, entries[i].second - entries[i].first);
    }
    // A dropped last entry leaves "a,)" behind.
    size_t pos;
    while ((pos = c.find(",)")) != std::string::npos)
      c.erase(pos, 1);
    tc.config = c;
    return true;
  }
};

} // namespace

std::vector<std::unique_ptr<ReductionPass>> getReductionPasses() {
  std::vector<std::unique_ptr<ReductionPass>> passes;
  passes.push_back(std::make_unique<GridPass>(/*toOne=*/true));
  passes.push_back(std::make_unique<RemoveDeadPass>());
  passes.push_back(std::make_unique<ValueToConstPass>());
  passes.push_back(std::make_unique<StoreViewToPtrPass>());
  passes.push_back(std::make_unique<DeleteOpsPass>(Replace::FirstOperand));
  passes.push_back(std::make_unique<InlineIfPass>(/*thenBranch=*/true));
  passes.push_back(std::make_unique<InlineIfPass>(/*thenBranch=*/false));
  passes.push_back(std::make_unique<ForIterationsPass>(/*once=*/false));
  passes.push_back(std::make_unique<ForIterationsPass>(/*once=*/true));
  passes.push_back(std::make_unique<LoopZeroPass>());
  passes.push_back(std::make_unique<LoopOncePass>());
  passes.push_back(std::make_unique<LoopExitNextPass>());
  passes.push_back(std::make_unique<LoopInlinePass>());
  passes.push_back(std::make_unique<UnwrapCombinerPass>());
  passes.push_back(std::make_unique<CombinerDropOperandPass>());
  passes.push_back(std::make_unique<ForTripHalfPass>());
  passes.push_back(std::make_unique<DeleteOpsPass>(Replace::LastOperand));
  passes.push_back(std::make_unique<DeleteOpsPass>(Replace::One));
  passes.push_back(std::make_unique<DropArgsPass>());
  passes.push_back(std::make_unique<DropHintsPass>());
  passes.push_back(std::make_unique<DropOptionalOperandPass>(/*mask=*/false));
  passes.push_back(std::make_unique<DropOptionalOperandPass>(/*mask=*/true));
  passes.push_back(std::make_unique<ConstantPass>(ConstKind::Splat));
  passes.push_back(std::make_unique<ConstSplatEachPass>());
  passes.push_back(std::make_unique<ConstantPass>(ConstKind::Zero));
  passes.push_back(std::make_unique<ConstantPass>(ConstKind::One));
  passes.push_back(std::make_unique<ConstantPass>(ConstKind::Half));
  passes.push_back(std::make_unique<GridPass>(/*toOne=*/false));
  passes.push_back(std::make_unique<ShrinkShapesPass>());
  passes.push_back(std::make_unique<ScalarShapesPass>());
  passes.push_back(std::make_unique<ConfigDropPass>());
  passes.push_back(std::make_unique<ConfigLowerPass>());
  passes.push_back(std::make_unique<PipelineDropPass>());
  return passes;
}

} // namespace tilecheck::reduce
