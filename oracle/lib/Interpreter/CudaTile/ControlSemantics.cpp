//===- ControlSemantics.cpp - if, for, loop and their terminators ---------===//
//
// Region-owning ops run their body through ExecContext::execBlock and
// consume the signals that belong to them: `if` takes `yield`, `for` takes
// `continue`, `loop` takes `continue` and `break`. Any other signal (a
// `break` or `continue` inside an `if`, a `return` anywhere) is passed on to
// the enclosing op unchanged.
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

namespace tilecheck::oracle::cuda_tile_sem {

namespace {

SmallVector<RtValue> operandValues(ExecContext &ctx, Operation *op) {
  SmallVector<RtValue> values;
  for (Value v : op->getOperands())
    values.push_back(ctx.get(v));
  return values;
}

template <FlowSignal::Kind K>
LogicalResult terminatorSem(ExecContext &ctx, Operation *op) {
  ctx.raise(K, operandValues(ctx, op));
  return success();
}

void setResults(ExecContext &ctx, Operation *op, ArrayRef<RtValue> values) {
  for (auto [res, v] : llvm::zip(op->getResults(), values))
    ctx.set(res, v);
}

LogicalResult ifSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<IfOp>(operation);
  bool cond = ctx.getTile(op.getCondition()).getBool(0);
  Region &region = cond ? op.getThenRegion() : op.getElseRegion();
  if (region.empty()) {
    if (op.getNumResults() != 0)
      return ctx.error(op, "no else region but the op has results");
    return success();
  }
  FailureOr<FlowSignal> sig = ctx.execBlock(region.front(), {});
  if (failed(sig))
    return failure();
  switch (sig->kind) {
  case FlowSignal::Kind::None:
  case FlowSignal::Kind::Yield:
    if (sig->values.size() != op.getNumResults())
      return ctx.error(op, "region yielded the wrong number of values");
    setResults(ctx, op, sig->values);
    return success();
  default:
    ctx.propagate(std::move(*sig));
    return success();
  }
}

/// Reads a scalar integer tile as a 128-bit value, signed or unsigned, so
/// that iv + step never overflows in the comparison.
__int128 scalarInt(const Tile &t, bool isUnsigned) {
  return isUnsigned ? static_cast<__int128>(t.getUInt(0))
                    : static_cast<__int128>(t.getSInt(0));
}

LogicalResult forSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<ForOp>(operation);
  bool isUnsigned = op.getUnsignedCmp();
  const Tile &lbTile = ctx.getTile(op.getLowerBound());
  __int128 lb = scalarInt(lbTile, isUnsigned);
  __int128 ub = scalarInt(ctx.getTile(op.getUpperBound()), isUnsigned);
  __int128 step = scalarInt(ctx.getTile(op.getStep()), isUnsigned);
  if (step <= 0)
    return ctx.ub(op, "step must be positive");
  SmallVector<RtValue> iters;
  for (Value v : op.getInitValues())
    iters.push_back(ctx.get(v));
  Block *body = op.getBody();
  SmallVector<RtValue> args;
  for (__int128 iv = lb; iv < ub; iv += step) {
    Tile ivTile(lbTile.elemType(), {});
    ivTile.setInt(0, static_cast<uint64_t>(iv));
    args.clear();
    args.push_back(RtValue::tile(std::move(ivTile)));
    args.append(iters.begin(), iters.end());
    FailureOr<FlowSignal> sig = ctx.execBlock(*body, args);
    if (failed(sig))
      return failure();
    switch (sig->kind) {
    case FlowSignal::Kind::Continue:
    case FlowSignal::Kind::None:
      if (sig->values.size() != iters.size())
        return ctx.error(op, "body continued with the wrong number of values");
      iters.assign(sig->values.begin(), sig->values.end());
      break;
    case FlowSignal::Kind::Return:
      ctx.propagate(std::move(*sig));
      return success();
    default:
      return ctx.error(op, "unexpected terminator inside a for body");
    }
  }
  setResults(ctx, op, iters);
  return success();
}

LogicalResult loopSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<LoopOp>(operation);
  SmallVector<RtValue> iters;
  for (Value v : op.getInitValues())
    iters.push_back(ctx.get(v));
  Block &body = op.getRegion().front();
  while (true) {
    FailureOr<FlowSignal> sig = ctx.execBlock(body, iters);
    if (failed(sig))
      return failure();
    switch (sig->kind) {
    case FlowSignal::Kind::Continue:
      iters.assign(sig->values.begin(), sig->values.end());
      continue;
    case FlowSignal::Kind::Break:
      if (sig->values.size() != op.getNumResults())
        return ctx.error(op, "break with the wrong number of values");
      setResults(ctx, op, sig->values);
      return success();
    case FlowSignal::Kind::Return:
      ctx.propagate(std::move(*sig));
      return success();
    default:
      return ctx.error(op, "loop body ended without continue or break");
    }
  }
}

} // namespace

void registerControlSemantics(SemanticsRegistry &r) {
  add<YieldOp>(r, terminatorSem<FlowSignal::Kind::Yield>);
  add<ContinueOp>(r, terminatorSem<FlowSignal::Kind::Continue>);
  add<BreakOp>(r, terminatorSem<FlowSignal::Kind::Break>);
  add<IfOp>(r, ifSem);
  add<ForOp>(r, forSem);
  add<LoopOp>(r, loopSem);
}

} // namespace tilecheck::oracle::cuda_tile_sem
