//===- LowerEarlyExits.cpp - cuda_tile early exits to flags ---------------===//
//
// cuda-tile-lower-early-exits: rewrites every `continue`, `break` and
// `return` that stands inside an `if` into flag form, so that the exits of
// a loop or function body are only its own terminator (and, for `loop`, one
// canonical conditional break). ConvertCudaTileToTileAA then maps each
// structured op to one upstream scf op (compiler/docs/Lowering.md "Control
// flow").
//
// The scope of an exit is the nearest `for`/`loop` (continue, break) or the
// function (return; never inside a loop). An `if` X that contains an exit
// of its scope becomes an if with extra leading results:
//
//   kind : tile<i32>  0 fall through, 1 continue, 2 break, 3 return
//   the continue payload (the scope's continue types), the break payload
//   (the loop's result types), the return payload (the function's result
//   types), then X's own results.
//
// Each branch yields its kind and payload; the payloads of the kinds it
// does not take are zeros. The ops after X move into `if kind == 0 { ... }`
// whose else branch passes the exit on, recursively, and the scope body ends
// in its dispatch:
//
//   for:      continue <continue payload>
//   function: return <return payload>
//   loop:     if <kind == 2> { break <break payload> }
//             continue <continue payload>
//
// A `loop` always leaves in that canonical form (an exit-free loop gets a
// constant-false break, a body that ends in `break` a constant-true one), so
// ConvertCudaTileToTileAA turns every loop into one scf.while whose
// condition is the negated break flag. A body without nested exits (the
// common case) is left unchanged but for that canonical loop ending.
//
//===----------------------------------------------------------------------===//

#include "ControlFlowToSCF.h"

#include "tilecheck/Conversion/Passes.h"
#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace tilecheck {
#define GEN_PASS_DEF_CUDATILELOWEREARLYEXITS
#include "tilecheck/Conversion/Passes.h.inc"
} // namespace tilecheck

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::cuda_tile;

namespace {

enum ExitKind : int32_t {
  kFallThrough = 0,
  kContinue = 1,
  kBreak = 2,
  kReturn = 3
};

/// A loop or function body and the payload types of its exits.
struct Scope {
  Operation *owner = nullptr;
  SmallVector<Type> continueTypes, breakTypes, returnTypes;

  unsigned numPayloads() const {
    return continueTypes.size() + breakTypes.size() + returnTypes.size();
  }
  SmallVector<Type> payloadTypes() const {
    SmallVector<Type> types(continueTypes);
    llvm::append_range(types, breakTypes);
    llvm::append_range(types, returnTypes);
    return types;
  }
};

/// The loop or function an exit op leaves, or null when `op` is no exit.
Operation *exitTarget(Operation *op) {
  if (!isa<ContinueOp, BreakOp, ReturnOp>(op))
    return nullptr;
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    if (isa<ReturnOp>(op) ? isa<FunctionOpInterface>(p) : isa<ForOp, LoopOp>(p))
      return p;
  }
  return nullptr;
}

/// Whether an op nested in `op` (not `op` itself) leaves `scope`.
bool containsExit(Operation *op, const Scope &scope) {
  bool found = false;
  op->walk([&](Operation *inner) {
    if (inner != op && exitTarget(inner) == scope.owner) {
      found = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

class ExitLowering {
public:
  explicit ExitLowering(MLIRContext *ctx) : builder(ctx) {}

  /// Lowers the exits of the body of `scope.owner`.
  LogicalResult run(Scope &scope, Block &body) {
    bool nested = llvm::any_of(body.without_terminator(), [&](Operation &op) {
      return containsExit(&op, scope);
    });
    if (!nested || isCanonicalLoopBody(scope, body))
      return isa<LoopOp>(scope.owner) ? makeCanonicalLoopBody(scope, body)
                                      : success();
    if (failed(flatten(body, scope, {})))
      return failure();
    // `body` now ends in a yield of (kind, payloads): dispatch on it.
    auto yield = cast<YieldOp>(body.getTerminator());
    Location loc = yield.getLoc();
    SmallVector<Value> values(yield.getOperands());
    builder.setInsertionPoint(yield);
    ValueRange payloads = ValueRange(values).drop_front();
    ValueRange cont = payloads.take_front(scope.continueTypes.size());
    ValueRange brk = payloads.drop_front(scope.continueTypes.size())
                         .take_front(scope.breakTypes.size());
    ValueRange ret = payloads.take_back(scope.returnTypes.size());
    if (isa<ForOp>(scope.owner)) {
      ContinueOp::create(builder, loc, cont);
    } else if (isa<LoopOp>(scope.owner)) {
      Value isBreak = compareKind(loc, values.front(), kBreak);
      emitCanonicalBreak(loc, isBreak, brk);
      ContinueOp::create(builder, loc, cont);
    } else {
      ReturnOp::create(builder, loc, ret);
    }
    yield.erase();
    return success();
  }

private:
  /// `block` (an if branch, or a scope body whose terminator is an exit)
  /// ends afterwards in `yield kind, payloads..., normal...`, where
  /// `normalTypes` are the types its original `yield` carried.
  LogicalResult flatten(Block &block, const Scope &scope,
                        TypeRange normalTypes) {
    Operation *first = nullptr;
    for (Operation &op : block.without_terminator())
      if (containsExit(&op, scope)) {
        first = &op;
        break;
      }
    if (!first)
      return packTerminator(block, scope, normalTypes);
    auto inner = dyn_cast<IfOp>(first);
    if (!inner)
      return first->emitOpError("contains an early exit but is not an `if`");

    // 1. The if itself, with (kind, payloads) in front of its results.
    Location loc = inner.getLoc();
    if (inner.getElseRegion().empty()) {
      Block *elseBlock = new Block();
      inner.getElseRegion().push_back(elseBlock);
      builder.setInsertionPointToEnd(elseBlock);
      YieldOp::create(builder, loc, ValueRange());
    }
    TypeRange innerTypes = inner.getResultTypes();
    for (Region *r : {&inner.getThenRegion(), &inner.getElseRegion()})
      if (failed(flatten(r->front(), scope, innerTypes)))
        return failure();
    SmallVector<Type> flagged = flaggedTypes(scope, innerTypes);
    builder.setInsertionPoint(inner);
    auto rebuilt = IfOp::create(builder, loc, flagged, inner.getCondition());
    rebuilt->setDiscardableAttrs(inner->getDiscardableAttrDictionary());
    rebuilt.getThenRegion().takeBody(inner.getThenRegion());
    rebuilt.getElseRegion().takeBody(inner.getElseRegion());
    unsigned prefix = 1 + scope.numPayloads();
    inner.replaceAllUsesWith(rebuilt.getResults().drop_front(prefix));
    inner.erase();

    // 2. The rest of the block runs only when nothing left.
    SmallVector<Type> restTypes = flaggedTypes(scope, normalTypes);
    builder.setInsertionPointAfter(rebuilt);
    Value fallsThrough = compareKind(loc, rebuilt.getResult(0), kFallThrough);
    auto rest = IfOp::create(builder, loc, restTypes, fallsThrough);
    Block *restBlock = new Block();
    rest.getThenRegion().push_back(restBlock);
    restBlock->getOperations().splice(restBlock->end(), block.getOperations(),
                                      std::next(Block::iterator(rest)),
                                      block.end());
    Block *passOn = new Block();
    rest.getElseRegion().push_back(passOn);
    builder.setInsertionPointToEnd(passOn);
    SmallVector<Value> passed(rebuilt.getResults().take_front(prefix));
    if (failed(appendZeros(loc, normalTypes, passed)))
      return failure();
    YieldOp::create(builder, loc, passed);
    if (failed(flatten(*restBlock, scope, normalTypes)))
      return failure();
    builder.setInsertionPointToEnd(&block);
    YieldOp::create(builder, loc, rest.getResults());
    return success();
  }

  /// Replaces the terminator of `block` (no exit nested above it) by the
  /// flagged yield.
  LogicalResult packTerminator(Block &block, const Scope &scope,
                               TypeRange normalTypes) {
    Operation *term = block.getTerminator();
    Location loc = term->getLoc();
    builder.setInsertionPoint(term);
    ExitKind kind = kFallThrough;
    if (exitTarget(term) == scope.owner)
      kind = isa<ContinueOp>(term) ? kContinue
             : isa<BreakOp>(term)  ? kBreak
                                   : kReturn;
    else if (!isa<YieldOp>(term))
      return term->emitOpError("unexpected terminator of a branch that "
                               "contains an early exit");
    SmallVector<Value> values{constantI32(loc, kind)};
    auto payload = [&](ExitKind k, ArrayRef<Type> types) {
      if (kind == k) {
        llvm::append_range(values, term->getOperands());
        return success();
      }
      return appendZeros(loc, types, values);
    };
    if (failed(payload(kContinue, scope.continueTypes)) ||
        failed(payload(kBreak, scope.breakTypes)) ||
        failed(payload(kReturn, scope.returnTypes)))
      return failure();
    if (kind == kFallThrough)
      llvm::append_range(values, term->getOperands());
    else if (failed(appendZeros(loc, normalTypes, values)))
      return failure();
    YieldOp::create(builder, loc, values);
    term->erase();
    return success();
  }

  SmallVector<Type> flaggedTypes(const Scope &scope, TypeRange normal) {
    SmallVector<Type> types{i32Tile()};
    llvm::append_range(types, scope.payloadTypes());
    llvm::append_range(types, normal);
    return types;
  }

  /// `loop` bodies end in `if %b { break ... }` + `continue ...`.
  static bool isCanonicalLoopBody(const Scope &scope, Block &body) {
    if (!isa<LoopOp>(scope.owner) || !isa<ContinueOp>(body.getTerminator()))
      return false;
    Operation *term = body.getTerminator();
    auto brk = dyn_cast_or_null<IfOp>(term->getPrevNode());
    if (!brk || brk.getNumResults() != 0 || !brk.getThenRegion().hasOneBlock())
      return false;
    Block &then = brk.getThenRegion().front();
    if (!llvm::hasSingleElement(then) || !isa<BreakOp>(then.front()))
      return false;
    if (!brk.getElseRegion().empty() &&
        !llvm::hasSingleElement(brk.getElseRegion().front()))
      return false;
    // No other exit anywhere before it.
    for (Operation &op : body.without_terminator())
      if (&op != brk.getOperation() && containsExit(&op, scope))
        return false;
    return true;
  }

  /// Gives an exit-free `loop` body (or one already canonical) the
  /// canonical ending.
  LogicalResult makeCanonicalLoopBody(const Scope &scope, Block &body) {
    if (isCanonicalLoopBody(scope, body))
      return success();
    Operation *term = body.getTerminator();
    Location loc = term->getLoc();
    builder.setInsertionPoint(term);
    if (auto brk = dyn_cast<BreakOp>(term)) {
      // Runs once: break always; the continue values are never read.
      emitCanonicalBreak(loc, constantBool(loc, true), brk.getOperands());
      ContinueOp::create(builder, loc, body.getArguments());
      brk.erase();
      return success();
    }
    SmallVector<Value> zeros;
    if (failed(appendZeros(loc, scope.breakTypes, zeros)))
      return failure();
    builder.setInsertionPoint(term);
    emitCanonicalBreak(loc, constantBool(loc, false), zeros);
    return success();
  }

  void emitCanonicalBreak(Location loc, Value cond, ValueRange values) {
    auto brk = IfOp::create(builder, loc, TypeRange(), cond);
    Block *then = new Block();
    brk.getThenRegion().push_back(then);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(then);
    BreakOp::create(builder, loc, values);
  }

  TileType i32Tile() { return TileType::get({}, builder.getIntegerType(32)); }

  Value constantI32(Location loc, int32_t v) {
    auto tensor = RankedTensorType::get({}, builder.getIntegerType(32));
    auto attr = cast<DenseIntOrFPElementsAttr>(
        DenseElementsAttr::get(tensor, ArrayRef<int32_t>(v)));
    return ConstantOp::create(builder, loc, i32Tile(), attr);
  }

  Value constantBool(Location loc, bool v) {
    auto tensor = RankedTensorType::get({}, builder.getI1Type());
    auto attr = cast<DenseIntOrFPElementsAttr>(
        DenseElementsAttr::get(tensor, ArrayRef<bool>(v)));
    return ConstantOp::create(builder, loc,
                              TileType::get({}, builder.getI1Type()), attr);
  }

  Value compareKind(Location loc, Value kind, ExitKind k) {
    return CmpIOp::create(builder, loc, TileType::get({}, builder.getI1Type()),
                          ComparisonPredicate::EQUAL, kind, constantI32(loc, k),
                          Signedness::Signed);
  }

  /// Placeholders for payloads a path does not take: zero bits of each
  /// type (a null pointer, a fresh token).
  LogicalResult appendZeros(Location loc, TypeRange types,
                            SmallVectorImpl<Value> &out) {
    for (Type type : types) {
      Value zero = zeroOf(loc, type);
      if (!zero)
        return emitError(loc) << "cannot carry a value of type " << type
                              << " across an early exit";
      out.push_back(zero);
    }
    return success();
  }

  Value zeroOf(Location loc, Type type) {
    if (isa<TokenType>(type))
      return MakeTokenOp::create(builder, loc, type);
    auto tile = dyn_cast<TileType>(type);
    if (!tile)
      return {};
    Type elem = tile.getElementType();
    if (isa<PointerType>(elem)) {
      auto ints = TileType::get(tile.getShape(), builder.getIntegerType(64));
      Value zero = zeroOf(loc, ints);
      return IntToPtrOp::create(builder, loc, tile, zero);
    }
    auto tensor = RankedTensorType::get(tile.getShape(), elem);
    Attribute bits;
    if (auto f = dyn_cast<FloatType>(elem))
      bits = DenseElementsAttr::get(
          tensor, APFloat(f.getFloatSemantics(), APInt(f.getWidth(), 0)));
    else if (auto i = dyn_cast<IntegerType>(elem))
      bits = DenseElementsAttr::get(tensor, APInt(i.getWidth(), 0));
    else
      return {};
    return ConstantOp::create(builder, loc, tile,
                              cast<DenseIntOrFPElementsAttr>(bits));
  }

  OpBuilder builder;
};

} // namespace

LogicalResult tilecheck::conversion::lowerEarlyExits(Operation *root) {
  SmallVector<Operation *> owners;
  root->walk([&](Operation *op) {
    if (isa<ForOp, LoopOp>(op) ||
        (isa<FunctionOpInterface>(op) && op->getNumRegions() == 1 &&
         !op->getRegion(0).empty()))
      owners.push_back(op);
  });
  ExitLowering lowering(root->getContext());
  for (Operation *owner : owners) {
    Scope scope;
    scope.owner = owner;
    if (auto f = dyn_cast<ForOp>(owner)) {
      llvm::append_range(scope.continueTypes, f.getResultTypes());
    } else if (auto l = dyn_cast<LoopOp>(owner)) {
      llvm::append_range(scope.continueTypes, l.getInitValues().getTypes());
      llvm::append_range(scope.breakTypes, l.getResultTypes());
    } else {
      llvm::append_range(scope.returnTypes,
                         cast<FunctionOpInterface>(owner).getResultTypes());
    }
    Block &body = owner->getRegion(0).front();
    if (body.empty() || !body.back().hasTrait<mlir::OpTrait::IsTerminator>())
      continue;
    if (failed(lowering.run(scope, body)))
      return failure();
  }
  return success();
}

namespace {
struct CudaTileLowerEarlyExitsPass
    : tilecheck::impl::CudaTileLowerEarlyExitsBase<
          CudaTileLowerEarlyExitsPass> {
  void runOnOperation() override {
    if (failed(conversion::lowerEarlyExits(getOperation())))
      signalPassFailure();
  }
};
} // namespace
