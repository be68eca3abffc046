//===- ScfSemantics.cpp - upstream scf op semantics -----------------------===//
//
// Structured control flow below cuda_tile (compiler/docs/Lowering.md
// "Control flow"), as MLIR documents it:
//  - scf.if runs the then region when the i1 condition holds, else the else
//    region (none: no results); the results are what the region yields.
//  - scf.for runs the body for iv = lb, lb + step, ... while iv < ub (an
//    unsigned comparison with `unsignedCmp`); the iteration arguments start
//    from the inits and take each yield; the final ones are the results. A
//    step that is not positive is undefined behaviour. Bounds are compared
//    exactly (128-bit), so iv + step never wraps in the comparison.
//  - scf.while runs the before region on the carried values; its
//    scf.condition either passes its values to the after region (true),
//    whose yield gives the next carried values, or ends the loop with them
//    as the results (false).
//  - scf.index_switch runs the case whose value equals the index, else the
//    default region.
//  - scf.execute_region runs its region once.
// The parallel forms (scf.parallel, scf.forall and their terminators) never
// come out of tilecheck's lowering and have no semantics; the completeness
// gate names them as its one upstream exception.
// Terminators raise Yield (scf.yield) or Condition (scf.condition, whose
// first value is the flag) for the owning op.
//
//===----------------------------------------------------------------------===//

#include "Upstream.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace tilecheck::oracle::upstream_sem {

using namespace cuda_tile_sem;

namespace {

LogicalResult setResults(ExecContext &ctx, Operation *op,
                         ArrayRef<RtValue> values) {
  if (values.size() != op->getNumResults())
    return ctx.error(op, "region yielded " + Twine(values.size()) +
                             " values for " + Twine(op->getNumResults()) +
                             " results");
  for (auto [res, v] : llvm::zip(op->getResults(), values))
    ctx.set(res, v);
  return success();
}

/// Runs `region` (one block) with `args`; the values its terminator
/// yielded, or failure. A return or other signal is propagated and
/// reported as `nullopt` so the caller stops.
FailureOr<std::optional<SmallVector<RtValue>>>
runRegion(ExecContext &ctx, Operation *op, Region &region,
          ArrayRef<RtValue> args, FlowSignal::Kind expected) {
  FailureOr<FlowSignal> sig = ctx.execBlock(region.front(), args);
  if (failed(sig))
    return failure();
  if (sig->kind == expected || sig->kind == FlowSignal::Kind::None)
    return std::optional<SmallVector<RtValue>>(
        SmallVector<RtValue>(sig->values.begin(), sig->values.end()));
  if (sig->kind == FlowSignal::Kind::Return) {
    ctx.propagate(std::move(*sig));
    return std::optional<SmallVector<RtValue>>();
  }
  return ctx.error(op, "region ended in an unexpected terminator");
}

LogicalResult ifSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<scf::IfOp>(operation);
  bool cond = ctx.getTile(op.getCondition()).getBool(0);
  Region &region = cond ? op.getThenRegion() : op.getElseRegion();
  if (region.empty())
    return setResults(ctx, op, {});
  auto values = runRegion(ctx, op, region, {}, FlowSignal::Kind::Yield);
  if (failed(values))
    return failure();
  return *values ? setResults(ctx, op, **values) : success();
}

LogicalResult forSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<scf::ForOp>(operation);
  SmallVector<RtValue> iters = valuesOf(ctx, op.getInitArgs());
  bool returned = false;
  LogicalResult ran = forEachIteration(
      ctx, op, iters, [&](ArrayRef<RtValue> args) -> FailureOr<bool> {
        auto next =
            runRegion(ctx, op, op.getRegion(), args, FlowSignal::Kind::Yield);
        if (failed(next))
          return failure();
        if (!*next) {
          returned = true;
          return false;
        }
        if ((*next)->size() != iters.size())
          return ctx.error(op, "body yielded the wrong number of values");
        iters = std::move(**next);
        return true;
      });
  if (failed(ran) || returned)
    return ran;
  return setResults(ctx, op, iters);
}

LogicalResult whileSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<scf::WhileOp>(operation);
  SmallVector<RtValue> carried = valuesOf(ctx, op.getInits());
  while (true) {
    auto cond = runRegion(ctx, op, op.getBefore(), carried,
                          FlowSignal::Kind::Condition);
    if (failed(cond))
      return failure();
    if (!*cond)
      return success();
    SmallVector<RtValue> &values = **cond;
    if (values.empty() || !values.front().isTile())
      return ctx.error(op, "before region ended without scf.condition");
    bool goOn = values.front().getTile().getBool(0);
    SmallVector<RtValue> passed(values.begin() + 1, values.end());
    if (!goOn)
      return setResults(ctx, op, passed);
    auto next =
        runRegion(ctx, op, op.getAfter(), passed, FlowSignal::Kind::Yield);
    if (failed(next))
      return failure();
    if (!*next)
      return success();
    carried = std::move(**next);
  }
}

LogicalResult indexSwitchSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<scf::IndexSwitchOp>(operation);
  int64_t index = ctx.getTile(op.getArg()).getSInt(0);
  Region *region = &op.getDefaultRegion();
  for (auto [value, caseRegion] : llvm::zip(op.getCases(), op.getCaseRegions()))
    if (value == index)
      region = &caseRegion;
  auto values = runRegion(ctx, op, *region, {}, FlowSignal::Kind::Yield);
  if (failed(values))
    return failure();
  return *values ? setResults(ctx, op, **values) : success();
}

LogicalResult executeRegionSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<scf::ExecuteRegionOp>(operation);
  if (!op.getRegion().hasOneBlock())
    return ctx.error(op, "only single-block regions are supported");
  auto values = runRegion(ctx, op, op.getRegion(), {}, FlowSignal::Kind::Yield);
  if (failed(values))
    return failure();
  return *values ? setResults(ctx, op, **values) : success();
}

} // namespace

void registerScfSemantics(SemanticsRegistry &r) {
  add<scf::YieldOp>(r, terminatorSem<FlowSignal::Kind::Yield>);
  add<scf::ConditionOp>(r, terminatorSem<FlowSignal::Kind::Condition>);
  add<scf::IfOp>(r, ifSem);
  add<scf::ForOp>(r, forSem);
  add<scf::WhileOp>(r, whileSem);
  add<scf::IndexSwitchOp>(r, indexSwitchSem);
  add<scf::ExecuteRegionOp>(r, executeRegionSem);
}

} // namespace tilecheck::oracle::upstream_sem
