//===- ReduceRegionPasses.cpp - Reductions of regions and loops
//---------------===//
//
// The reductions that remove structure: if arms inlined, for loops cut to
// zero or one iteration or half their trips, loop/break/continue
// simplified, combiner regions unwrapped. See ReducePasses.cpp.
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

#include <numeric>
#include <set>

using namespace mlir;
using namespace tilecheck::cuda_tile;
using llvm::StringRef;

namespace tilecheck::reduce {

using namespace tilecheck::reduce::detail;

namespace {

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

/// A rewrite of the `continue` that ends a `loop`'s body into a `break`:
/// its sites are the loops that end so and have a `break` of their own
/// that usableBreak accepts (the first one is the site's).
class ContinueToBreakPass : public SiteListPass<LoopOp> {
protected:
  /// Whether `br` can end `body`, the loop's body, in the continue's place.
  virtual bool usableBreak(Block *body, BreakOp br) const = 0;
  BreakOp findBreak(LoopOp op) const {
    BreakOp found;
    Block *body = &op.getRegion().front();
    op.getRegion().walk([&](BreakOp br) {
      if (!found && targetLoop(br) == op && usableBreak(body, br))
        found = br;
    });
    return found;
  }
  std::vector<LoopOp> sites(TestCase &tc) override {
    return collectOps<LoopOp>(tc, [&](LoopOp op) {
      Block &body = op.getRegion().front();
      return !body.empty() && isa<ContinueOp>(body.back()) && findBreak(op);
    });
  }
  /// Replaces the `continue` that ends the body by a `break` of `operands`.
  static void replaceByBreak(Operation *cont, ValueRange operands) {
    OpBuilder builder(cont);
    BreakOp::create(builder, cont->getLoc(), operands);
    cont->erase();
  }
};

/// Makes a `loop` run its body at most once: the `continue` that ends the
/// body becomes a copy of one of its `break`s (whose operands are visible
/// there).
class LoopOncePass : public ContinueToBreakPass {
public:
  StringRef getName() const override { return "loop-once"; }

protected:
  bool usableBreak(Block *body, BreakOp br) const override {
    return llvm::all_of(br.getOperands(),
                        [&](Value v) { return visibleAtEnd(v, body); });
  }
  bool applyOne(TestCase &, LoopOp op) override {
    replaceByBreak(&op.getRegion().front().back(), findBreak(op).getOperands());
    return true;
  }
};

/// Makes a `loop` stop at the start of its second iteration: the
/// `continue` that ends the body becomes the `break` that the next
/// iteration would reach first, with the loop-carried values replaced by
/// what the `continue` passes on. A loop that runs its body once and then
/// breaks out with its carried values (a common shape of generated loops)
/// keeps its meaning, and loop-inline can then flatten it.
class LoopExitNextPass : public ContinueToBreakPass {
public:
  StringRef getName() const override { return "loop-exit-next"; }

protected:
  /// A `break` whose operands are loop-carried values or visible at the end
  /// of the body.
  bool usableBreak(Block *body, BreakOp br) const override {
    bool usable = llvm::all_of(br.getOperands(), [&](Value v) {
      auto arg = dyn_cast<BlockArgument>(v);
      return (arg && arg.getOwner() == body) || visibleAtEnd(v, body);
    });
    bool carried = llvm::any_of(br.getOperands(), [&](Value v) {
      auto arg = dyn_cast<BlockArgument>(v);
      return arg && arg.getOwner() == body;
    });
    // Without a loop-carried operand this is loop-once.
    return usable && carried;
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
    replaceByBreak(cont, values);
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

} // namespace

void detail::appendRegionPasses(PassList &out) {
  out.push_back(std::make_unique<InlineIfPass>(/*thenBranch=*/true));
  out.push_back(std::make_unique<InlineIfPass>(/*thenBranch=*/false));
  out.push_back(std::make_unique<ForIterationsPass>(/*once=*/false));
  out.push_back(std::make_unique<ForIterationsPass>(/*once=*/true));
  out.push_back(std::make_unique<ForTripHalfPass>());
  out.push_back(std::make_unique<LoopZeroPass>());
  out.push_back(std::make_unique<LoopOncePass>());
  out.push_back(std::make_unique<LoopExitNextPass>());
  out.push_back(std::make_unique<LoopInlinePass>());
  out.push_back(std::make_unique<UnwrapCombinerPass>());
  out.push_back(std::make_unique<CombinerDropOperandPass>());
}

} // namespace tilecheck::reduce
