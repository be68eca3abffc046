//===- CudaTileCanonicalize.cpp - folders and canonicalization patterns ---===//
//
// Folders and rewrite patterns `--canonicalize` applies to cuda_tile ops:
//   * addf: a product moves to the left-hand side;
//   * assume: a repeated predicate on the same value folds away;
//   * select: constant/equal operands, nested selects on the same condition,
//     `cmpi equal|not_equal` of the two choices, negated conditions, i1
//     selects of true/false, constant tiles, 0/1 choices as `exti`;
//   * if: negated conditions swap the branches; constant conditions inline a
//     branch; results known outside the if (both branches yield them, or one
//     branch leaves through return/continue/break) are forwarded or become
//     selects; unused results and empty else branches go; nested ifs merge
//     into one over `andi`; adjacent ifs on one condition merge; when both
//     branches leave, the else branch replaces the unreachable rest.
// Branches of `if` may end in `continue`, `break` or `return` (early
// exits); every pattern below keeps such terminators intact.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Operation *CudaTileDialect::materializeConstant(OpBuilder &builder,
                                                Attribute value, Type type,
                                                Location loc) {
  auto elements = dyn_cast<DenseIntOrFPElementsAttr>(value);
  auto tile = dyn_cast<TileType>(type);
  if (!elements || !tile || elements.getType().getShape() != tile.getShape())
    return nullptr;
  return ConstantOp::create(builder, loc, tile, elements);
}

/// The value of a splat i1 constant tile, if `value` is one.
static std::optional<bool> getSplatBool(Value value) {
  DenseIntElementsAttr elements;
  if (!value || !matchPattern(value, m_Constant(&elements)) ||
      !elements.isSplat() || !elements.getElementType().isInteger(1))
    return std::nullopt;
  return elements.getSplatValue<bool>();
}

static bool isSplatBool(Value value, bool expected) {
  std::optional<bool> v = getSplatBool(value);
  return v && *v == expected;
}

/// The value of a splat integer constant tile, if `value` is one.
static std::optional<APInt> getSplatInt(Value value) {
  DenseIntElementsAttr elements;
  if (!matchPattern(value, m_Constant(&elements)) || !elements.isSplat())
    return std::nullopt;
  return elements.getSplatValue<APInt>();
}

/// A splat i1 constant of the given (i1 tile) type.
static Value createBoolSplat(PatternRewriter &rewriter, Location loc,
                             TileType type, bool value) {
  auto tensor = RankedTensorType::get(type.getShape(), type.getElementType());
  auto attr = cast<DenseIntOrFPElementsAttr>(
      DenseElementsAttr::get(tensor, ArrayRef<bool>(value)));
  return ConstantOp::create(rewriter, loc, type, attr);
}

/// `xori value, true`: the element-wise negation of an i1 tile.
static Value createNot(PatternRewriter &rewriter, Location loc, Value value) {
  auto type = cast<TileType>(value.getType());
  Value ones = createBoolSplat(rewriter, loc, type, true);
  return XOrIOp::create(rewriter, loc, type, value, ones);
}

/// Whether `value` is `xori x, true` (or `xori true, x`); returns x.
static Value matchNot(Value value) {
  auto xorOp = value.getDefiningOp<XOrIOp>();
  if (!xorOp)
    return {};
  if (isSplatBool(xorOp.getRhs(), true))
    return xorOp.getLhs();
  if (isSplatBool(xorOp.getLhs(), true))
    return xorOp.getRhs();
  return {};
}

//===----------------------------------------------------------------------===//
// AddFOp
//===----------------------------------------------------------------------===//

LogicalResult AddFOp::canonicalize(AddFOp op, PatternRewriter &rewriter) {
  bool lhsIsMul = op.getLhs().getDefiningOp<MulFOp>() != nullptr;
  bool rhsIsMul = op.getRhs().getDefiningOp<MulFOp>() != nullptr;
  if (lhsIsMul || !rhsIsMul)
    return rewriter.notifyMatchFailure(op, "no product on the right only");
  rewriter.modifyOpInPlace(op, [&] {
    Value lhs = op.getLhs();
    op.getLhsMutable().assign(op.getRhs());
    op.getRhsMutable().assign(lhs);
  });
  return success();
}

//===----------------------------------------------------------------------===//
// AssumeOp
//===----------------------------------------------------------------------===//

OpFoldResult AssumeOp::fold(FoldAdaptor) {
  // assume P, (assume P, x) -> assume P, x
  auto producer = getValue().getDefiningOp<AssumeOp>();
  if (producer && producer.getPredicate() == getPredicate())
    return producer.getResult();
  return {};
}

//===----------------------------------------------------------------------===//
// SelectOp
//===----------------------------------------------------------------------===//

/// Element-wise select over three constant tiles.
static Attribute foldConstantSelect(Attribute condAttr, Attribute trueAttr,
                                    Attribute falseAttr) {
  auto cond = dyn_cast_or_null<DenseIntElementsAttr>(condAttr);
  auto onTrue = dyn_cast_or_null<DenseIntOrFPElementsAttr>(trueAttr);
  auto onFalse = dyn_cast_or_null<DenseIntOrFPElementsAttr>(falseAttr);
  if (!cond || !onTrue || !onFalse)
    return {};
  SmallVector<Attribute> elements;
  elements.reserve(onTrue.getNumElements());
  auto trueIt = onTrue.value_begin<Attribute>();
  auto falseIt = onFalse.value_begin<Attribute>();
  for (bool c : cond.getValues<bool>()) {
    elements.push_back(c ? *trueIt : *falseIt);
    ++trueIt;
    ++falseIt;
  }
  return DenseElementsAttr::get(onTrue.getType(), elements);
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  Value cond = getCond(), onTrue = getValIfTrue(), onFalse = getValIfFalse();
  // select c, x, x -> x
  if (onTrue == onFalse)
    return onTrue;
  // select true, x, y -> x;  select false, x, y -> y
  if (std::optional<bool> c = getSplatBool(cond))
    return *c ? onTrue : onFalse;
  // select c, true, false -> c  (i1 results)
  if (getType() == cond.getType() && isSplatBool(onTrue, true) &&
      isSplatBool(onFalse, false))
    return cond;
  // select c, (select c, a, b), y -> select c, a, y  (and the mirror case)
  if (auto inner = onTrue.getDefiningOp<SelectOp>();
      inner && inner.getCond() == cond) {
    getValIfTrueMutable().assign(inner.getValIfTrue());
    return getResult();
  }
  if (auto inner = onFalse.getDefiningOp<SelectOp>();
      inner && inner.getCond() == cond) {
    getValIfFalseMutable().assign(inner.getValIfFalse());
    return getResult();
  }
  // select (a == b), a, b -> b;  select (a != b), a, b -> a
  if (auto cmp = cond.getDefiningOp<CmpIOp>()) {
    bool sameOperands = (cmp.getLhs() == onTrue && cmp.getRhs() == onFalse) ||
                        (cmp.getLhs() == onFalse && cmp.getRhs() == onTrue);
    if (sameOperands) {
      if (cmp.getComparisonPredicate() == ComparisonPredicate::EQUAL)
        return onFalse;
      if (cmp.getComparisonPredicate() == ComparisonPredicate::NOT_EQUAL)
        return onTrue;
    }
  }
  return foldConstantSelect(adaptor.getCond(), adaptor.getValIfTrue(),
                            adaptor.getValIfFalse());
}

namespace {

/// select c, false, true -> xori c, true  (i1 results)
struct SelectFalseTrueToNot : OpRewritePattern<SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getType() != op.getCond().getType() ||
        !isSplatBool(op.getValIfTrue(), false) ||
        !isSplatBool(op.getValIfFalse(), true))
      return rewriter.notifyMatchFailure(op, "not a select of false/true");
    rewriter.replaceOp(op, createNot(rewriter, op.getLoc(), op.getCond()));
    return success();
  }
};

/// select (xori c, true), x, y -> select c, y, x
struct SelectOfNegatedCondition : OpRewritePattern<SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    Value cond = matchNot(op.getCond());
    if (!cond)
      return rewriter.notifyMatchFailure(op, "condition is not negated");
    rewriter.replaceOpWithNewOp<SelectOp>(op, op.getType(), cond,
                                          op.getValIfFalse(),
                                          op.getValIfTrue());
    return success();
  }
};

/// select c, 1, 0 -> exti c unsigned;  select c, 0, 1 -> exti (not c)
/// unsigned  (integer results wider than i1)
struct SelectZeroOneToExtI : OpRewritePattern<SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<TileType>(op.getType());
    auto intType = dyn_cast<IntegerType>(type.getElementType());
    if (!intType || intType.getWidth() <= 1)
      return rewriter.notifyMatchFailure(op, "not an integer select");
    std::optional<APInt> onTrue = getSplatInt(op.getValIfTrue());
    std::optional<APInt> onFalse = getSplatInt(op.getValIfFalse());
    if (!onTrue || !onFalse)
      return rewriter.notifyMatchFailure(op, "choices are not splats");
    Value cond = op.getCond();
    if (onTrue->isZero() && onFalse->isOne())
      cond = createNot(rewriter, op.getLoc(), cond);
    else if (!onTrue->isOne() || !onFalse->isZero())
      return rewriter.notifyMatchFailure(op, "choices are not 0 and 1");
    auto signedness =
        SignednessAttr::get(rewriter.getContext(), Signedness::Unsigned);
    rewriter.replaceOpWithNewOp<ExtIOp>(op, type, cond, signedness);
    return success();
  }
};

} // namespace

void SelectOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<SelectFalseTrueToNot, SelectOfNegatedCondition,
              SelectZeroOneToExtI>(context);
}

//===----------------------------------------------------------------------===//
// IfOp
//===----------------------------------------------------------------------===//

/// continue, break and return leave an if branch without yielding.
static bool isEarlyExit(Operation *op) {
  return isa<ContinueOp, BreakOp, ReturnOp>(op);
}

static Block *branchBlock(Region &region) {
  return region.empty() ? nullptr : &region.front();
}

static YieldOp branchYield(Region &region) {
  Block *block = branchBlock(region);
  return block ? dyn_cast<YieldOp>(block->getTerminator()) : YieldOp();
}

/// Whether `value` is defined outside `op` (so usable in place of its
/// results).
static bool isDefinedOutside(Value value, Operation *op) {
  return !op->isAncestor(value.getParentBlock()->getParentOp());
}

/// Erases every op after `op` in its block, last first.
static void eraseOpsAfter(PatternRewriter &rewriter, Operation *op) {
  Block *block = op->getBlock();
  while (&block->back() != op)
    rewriter.eraseOp(&block->back());
}

/// Broadcasts the scalar condition of an if to `shape`.
static Value broadcastCondition(PatternRewriter &rewriter, Location loc,
                                Value cond, ArrayRef<int64_t> shape) {
  if (shape.empty())
    return cond;
  Type i1 = cast<TileType>(cond.getType()).getElementType();
  SmallVector<int64_t> ones(shape.size(), 1);
  Value reshaped =
      ReshapeOp::create(rewriter, loc, TileType::get(ones, i1), cond);
  return BroadcastOp::create(rewriter, loc, TileType::get(shape, i1),
                             reshaped);
}

LogicalResult IfOp::fold(FoldAdaptor, SmallVectorImpl<OpFoldResult> &) {
  // if (xori c, true) A else B  ->  if c B else A
  if (getElseRegion().empty())
    return failure();
  Value cond = matchNot(getCondition());
  if (!cond)
    return failure();
  getConditionMutable().assign(cond);
  // Swap the single blocks of the two regions.
  Region &thenRegion = getThenRegion(), &elseRegion = getElseRegion();
  Block *thenBlock = &thenRegion.front();
  thenRegion.getBlocks().splice(thenRegion.getBlocks().begin(),
                                elseRegion.getBlocks());
  elseRegion.getBlocks().splice(elseRegion.getBlocks().begin(),
                                thenRegion.getBlocks(), thenBlock);
  return success();
}

namespace {

/// if true A else B -> A;  if false A else B -> B. A branch ending in an
/// early exit makes the rest of the enclosing block unreachable: it is
/// dropped and the exit ends the block.
struct InlineConstantCondition : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> cond = getSplatBool(op.getCondition());
    if (!cond)
      return rewriter.notifyMatchFailure(op, "condition is not constant");
    Block *taken = branchBlock(*cond ? op.getThenRegion() : op.getElseRegion());
    if (!taken) {
      rewriter.eraseOp(op);
      return success();
    }
    Operation *terminator = taken->getTerminator();
    if (auto yield = dyn_cast<YieldOp>(terminator)) {
      SmallVector<Value> values(yield.getOperands());
      rewriter.inlineBlockBefore(taken, op);
      rewriter.replaceOp(op, values);
      rewriter.eraseOp(yield);
      return success();
    }
    rewriter.inlineBlockBefore(taken, op);
    eraseOpsAfter(rewriter, terminator);
    return success();
  }
};

/// Replaces results whose value is known outside the if:
///   * both branches yield the same outside value: that value;
///   * both yield outside tiles: select on the (broadcast) condition;
///   * both yield constant i1 true/false (or false/true): the condition (or
///     its negation);
///   * one branch leaves early: what the other yields, if defined outside.
/// The results become unused and RemoveUnusedResults drops them.
struct ForwardKnownResults : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getNumResults() == 0 || op.getElseRegion().empty())
      return rewriter.notifyMatchFailure(op, "no results");
    YieldOp thenYield = branchYield(op.getThenRegion());
    YieldOp elseYield = branchYield(op.getElseRegion());
    if (!thenYield && !elseYield)
      return rewriter.notifyMatchFailure(op, "both branches leave early");
    Location loc = op.getLoc();
    Value cond = op.getCondition();
    bool changed = false;
    for (OpResult result : op.getResults()) {
      if (result.use_empty())
        continue;
      unsigned i = result.getResultNumber();
      Value replacement;
      if (!thenYield || !elseYield) {
        Value only = (thenYield ? thenYield : elseYield).getOperand(i);
        if (isDefinedOutside(only, op))
          replacement = only;
      } else {
        Value onTrue = thenYield.getOperand(i);
        Value onFalse = elseYield.getOperand(i);
        auto tile = dyn_cast<TileType>(result.getType());
        bool outside =
            isDefinedOutside(onTrue, op) && isDefinedOutside(onFalse, op);
        if (onTrue == onFalse && outside) {
          replacement = onTrue;
        } else if (tile && tile.getRank() == 0 && tile == cond.getType() &&
                   isSplatBool(onTrue, true) && isSplatBool(onFalse, false)) {
          replacement = cond;
        } else if (tile && tile.getRank() == 0 && tile == cond.getType() &&
                   isSplatBool(onTrue, false) && isSplatBool(onFalse, true)) {
          replacement = createNot(rewriter, loc, cond);
        } else if (tile && outside) {
          Value mask = broadcastCondition(rewriter, loc, cond, tile.getShape());
          replacement =
              SelectOp::create(rewriter, loc, tile, mask, onTrue, onFalse);
        }
      }
      if (!replacement)
        continue;
      rewriter.replaceAllUsesWith(result, replacement);
      changed = true;
    }
    return success(changed);
  }
};

/// Rebuilds `op` with the results in `keep` only, moving its regions and
/// trimming the yields. The other results must be unused.
static IfOp rebuildWithResults(PatternRewriter &rewriter, IfOp op,
                               ArrayRef<unsigned> keep) {
  SmallVector<Type> types;
  for (unsigned i : keep)
    types.push_back(op.getResult(i).getType());
  auto rebuilt = IfOp::create(rewriter, op.getLoc(), types, op.getCondition());
  rebuilt->setAttrs(op->getAttrs());
  for (auto [from, to] : {std::pair(&op.getThenRegion(), &rebuilt.getThenRegion()),
                          std::pair(&op.getElseRegion(), &rebuilt.getElseRegion())}) {
    rewriter.inlineRegionBefore(*from, *to, to->end());
    if (YieldOp yield = branchYield(*to)) {
      SmallVector<Value> kept;
      for (unsigned i : keep)
        kept.push_back(yield.getOperand(i));
      rewriter.modifyOpInPlace(yield,
                               [&] { yield.getOperandsMutable().assign(kept); });
    }
  }
  SmallVector<Value> replacements(op.getNumResults());
  for (auto [newIndex, oldIndex] : llvm::enumerate(keep))
    replacements[oldIndex] = rebuilt.getResult(newIndex);
  rewriter.replaceOp(op, replacements);
  return rebuilt;
}

/// Drops results nobody uses.
struct RemoveUnusedResults : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<unsigned> used;
    for (OpResult result : op.getResults())
      if (!result.use_empty())
        used.push_back(result.getResultNumber());
    if (used.size() == op.getNumResults())
      return rewriter.notifyMatchFailure(op, "all results are used");
    rebuildWithResults(rewriter, op, used);
    return success();
  }
};

/// Removes an else branch that does nothing.
struct RemoveEmptyElse : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    Block *elseBlock = branchBlock(op.getElseRegion());
    if (op.getNumResults() != 0 || !elseBlock ||
        !llvm::hasSingleElement(*elseBlock) ||
        !isa<YieldOp>(elseBlock->front()))
      return rewriter.notifyMatchFailure(op, "else branch is not empty");
    rewriter.eraseBlock(elseBlock);
    return success();
  }
};

/// if a { if b { X } } -> if (andi a, b) { X }  (no results, no else)
struct MergeNestedIfs : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    Block *outer = branchBlock(op.getThenRegion());
    if (op.getNumResults() != 0 || !op.getElseRegion().empty() ||
        outer->getOperations().size() != 2)
      return rewriter.notifyMatchFailure(op, "not an if around one if");
    auto inner = dyn_cast<IfOp>(outer->front());
    auto outerYield = dyn_cast<YieldOp>(outer->back());
    if (!inner || !outerYield || inner.getNumResults() != 0 ||
        !inner.getElseRegion().empty())
      return rewriter.notifyMatchFailure(op, "inner if has else or results");
    Value both = AndIOp::create(rewriter, op.getLoc(), op.getCondition().getType(),
                                op.getCondition(), inner.getCondition());
    rewriter.modifyOpInPlace(op, [&] { op.getConditionMutable().assign(both); });
    rewriter.inlineBlockBefore(branchBlock(inner.getThenRegion()), inner);
    rewriter.eraseOp(inner);
    rewriter.eraseOp(outerYield);
    return success();
  }
};

/// When both branches leave early, nothing after the if runs: the else
/// branch takes the place of the rest of the block.
struct HoistElseWhenBothLeave : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    Block *thenBlock = branchBlock(op.getThenRegion());
    Block *elseBlock = branchBlock(op.getElseRegion());
    if (!elseBlock || !isEarlyExit(thenBlock->getTerminator()) ||
        !isEarlyExit(elseBlock->getTerminator()))
      return rewriter.notifyMatchFailure(op, "a branch falls through");
    eraseOpsAfter(rewriter, op);
    Block *parent = op->getBlock();
    rewriter.inlineBlockBefore(elseBlock, parent, parent->end());
    auto rebuilt = IfOp::create(rewriter, op.getLoc(), TypeRange(),
                                op.getCondition());
    rewriter.inlineRegionBefore(op.getThenRegion(), rebuilt.getThenRegion(),
                                rebuilt.getThenRegion().end());
    rewriter.eraseOp(op);
    return success();
  }
};

/// Merges `if c {A1} else {B1}` with an immediately following `if c {A2}
/// else {B2}`: the merged branches run A1;A2 and B1;B2, uses of the first
/// if's results inside the second see the values the first branch
/// yielded, and a branch part that leaves early cuts off what follows it.
struct MergeAdjacentIfs : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  /// Appends `first` then `second` (either may be null) to `dest`.
  static void mergeBranch(PatternRewriter &rewriter, IfOp firstIf,
                          Block *first, Block *second, Block *dest,
                          Location loc) {
    SmallVector<Value> yielded;
    if (first) {
      Operation *terminator = first->getTerminator();
      rewriter.mergeBlocks(first, dest);
      if (isEarlyExit(terminator))
        return; // `second` never runs.
      auto yield = cast<YieldOp>(terminator);
      yielded.assign(yield.getOperands().begin(), yield.getOperands().end());
      rewriter.eraseOp(yield);
    }
    if (second) {
      Region *region = second->getParent();
      for (auto [result, value] : llvm::zip(firstIf.getResults(), yielded))
        rewriter.replaceUsesWithIf(result, value, [&](OpOperand &use) {
          return region->isAncestor(use.getOwner()->getParentRegion());
        });
      Operation *terminator = second->getTerminator();
      rewriter.mergeBlocks(second, dest);
      if (auto yield = dyn_cast<YieldOp>(terminator)) {
        yielded.append(yield.getOperands().begin(), yield.getOperands().end());
        rewriter.setInsertionPoint(yield);
        YieldOp::create(rewriter, loc, yielded);
        rewriter.eraseOp(yield);
      }
      return;
    }
    rewriter.setInsertionPointToEnd(dest);
    YieldOp::create(rewriter, loc, yielded);
  }

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    auto next = dyn_cast_or_null<IfOp>(op->getNextNode());
    if (!next || next.getCondition() != op.getCondition())
      return rewriter.notifyMatchFailure(op, "not followed by an if on the "
                                             "same condition");
    SmallVector<Type> types(op.getResultTypes());
    llvm::append_range(types, next.getResultTypes());
    auto merged =
        IfOp::create(rewriter, op.getLoc(), types, op.getCondition());
    Location loc = op.getLoc();
    Block *thenBlock = rewriter.createBlock(&merged.getThenRegion());
    mergeBranch(rewriter, op, branchBlock(op.getThenRegion()),
                branchBlock(next.getThenRegion()), thenBlock, loc);
    Block *firstElse = branchBlock(op.getElseRegion());
    Block *secondElse = branchBlock(next.getElseRegion());
    if (firstElse || secondElse) {
      Block *elseBlock = rewriter.createBlock(&merged.getElseRegion());
      mergeBranch(rewriter, op, firstElse, secondElse, elseBlock, loc);
    }
    unsigned firstCount = op.getNumResults();
    rewriter.replaceOp(next, merged.getResults().drop_front(firstCount));
    rewriter.replaceOp(op, merged.getResults().take_front(firstCount));
    return success();
  }
};

} // namespace

void IfOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                       MLIRContext *context) {
  results.add<InlineConstantCondition, ForwardKnownResults,
              RemoveUnusedResults, RemoveEmptyElse, MergeNestedIfs,
              HoistElseWhenBothLeave, MergeAdjacentIfs>(context);
}
