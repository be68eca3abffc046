//===- ControlFlowToSCF.cpp - cuda_tile structured control flow to scf ----===//
//
// Part of convert-cuda-tile-to-tileaa. After cuda-tile-lower-early-exits,
// every cuda_tile control op maps to one upstream scf op
// (compiler/docs/Lowering.md "Control flow"):
//
//   if / yield               -> scf.if / scf.yield
//   for / continue           -> scf.for (unsigned comparison kept) / scf.yield
//   loop (canonical body:    -> scf.while: the body is the before region,
//     ...; if %b {break %r};    ending in scf.condition(not %b) with the
//     continue %c)              continue then the break values; the after
//                               region forwards the continue values.
//
// `yield` inside reduce/scan is not control flow; it stays the dialect's.
//
//===----------------------------------------------------------------------===//

#include "ControlFlowToSCF.h"

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilecheck;
namespace ct = tilecheck::cuda_tile;

namespace {

void copyDiscardable(Operation *from, Operation *to) {
  for (NamedAttribute na : from->getDiscardableAttrs())
    to->setAttr(na.getName(), na.getValue());
}

struct IfToSCF : OpConversionPattern<ct::IfOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ct::IfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    auto ifOp =
        scf::IfOp::create(rewriter, op.getLoc(), types, adaptor.getCondition(),
                          /*addThenBlock=*/false,
                          /*addElseBlock=*/false);
    copyDiscardable(op, ifOp);
    rewriter.inlineRegionBefore(op.getThenRegion(), ifOp.getThenRegion(),
                                ifOp.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getElseRegion(), ifOp.getElseRegion(),
                                ifOp.getElseRegion().end());
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

/// `yield` ending an if branch, `continue` ending a for body.
template <typename SourceOp>
struct TerminatorToSCFYield : OpConversionPattern<SourceOp> {
  TerminatorToSCFYield(const TypeConverter &tc, MLIRContext *ctx)
      : OpConversionPattern<SourceOp>(tc, ctx, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<scf::IfOp, scf::ForOp>(op->getParentOp()))
      return rewriter.notifyMatchFailure(op, "not an if or for terminator");
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getOperands());
    return success();
  }
};

struct ForToSCF : OpConversionPattern<ct::ForOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ct::ForOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto forOp = scf::ForOp::create(
        rewriter, op.getLoc(), adaptor.getLowerBound(), adaptor.getUpperBound(),
        adaptor.getStep(), adaptor.getInitValues(),
        /*bodyBuilder=*/nullptr, op.getUnsignedCmp());
    copyDiscardable(op, forOp);
    rewriter.eraseBlock(forOp.getBody());
    rewriter.inlineRegionBefore(op.getRegion(), forOp.getRegion(),
                                forOp.getRegion().end());
    if (failed(rewriter.convertRegionTypes(&forOp.getRegion(),
                                           *getTypeConverter())))
      return rewriter.notifyMatchFailure(op, "body does not convert");
    rewriter.replaceOp(op, forOp.getResults());
    return success();
  }
};

struct LoopToSCF : OpConversionPattern<ct::LoopOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ct::LoopOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Block &body = op.getRegion().front();
    auto cont = dyn_cast<ct::ContinueOp>(body.getTerminator());
    auto exit =
        cont ? dyn_cast_or_null<ct::IfOp>(cont->getPrevNode()) : ct::IfOp();
    ct::BreakOp brk;
    if (exit && exit.getNumResults() == 0 &&
        exit.getThenRegion().hasOneBlock() &&
        llvm::hasSingleElement(exit.getThenRegion().front()))
      brk = dyn_cast<ct::BreakOp>(exit.getThenRegion().front().front());
    if (!brk)
      return op.emitOpError("body is not in canonical form (run "
                            "cuda-tile-lower-early-exits first)");
    const TypeConverter &tc = *getTypeConverter();
    SmallVector<Type> iterTypes, resultTypes;
    if (failed(tc.convertTypes(op.getInitValues().getTypes(), iterTypes)) ||
        failed(tc.convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "types do not convert");
    SmallVector<Type> carried(iterTypes);
    llvm::append_range(carried, resultTypes);
    Location loc = op.getLoc();

    auto whileOp =
        scf::WhileOp::create(rewriter, loc, carried, adaptor.getInitValues());
    copyDiscardable(op, whileOp);
    rewriter.inlineRegionBefore(op.getRegion(), whileOp.getBefore(),
                                whileOp.getBefore().end());
    if (failed(rewriter.convertRegionTypes(&whileOp.getBefore(), tc)))
      return rewriter.notifyMatchFailure(op, "body does not convert");

    // The condition and the values it passes, in converted types.
    rewriter.setInsertionPoint(cont);
    Value isBreak = rewriter.getRemappedValue(exit.getCondition());
    SmallVector<Value> passed;
    if (!isBreak ||
        failed(rewriter.getRemappedValues(cont.getOperands(), passed)) ||
        failed(rewriter.getRemappedValues(brk.getOperands(), passed)))
      return rewriter.notifyMatchFailure(op, "exit values do not convert");
    Value trueValue =
        arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true));
    Value goOn = arith::XOrIOp::create(rewriter, loc, isBreak, trueValue);
    scf::ConditionOp::create(rewriter, loc, goOn, passed);
    rewriter.eraseOp(cont);
    rewriter.eraseOp(exit);

    SmallVector<Location> locs(carried.size(), loc);
    Block *after = rewriter.createBlock(&whileOp.getAfter(), {}, carried, locs);
    scf::YieldOp::create(rewriter, loc,
                         after->getArguments().take_front(iterTypes.size()));
    rewriter.replaceOp(op, whileOp.getResults().drop_front(iterTypes.size()));
    return success();
  }
};

} // namespace

void tilecheck::conversion::populateControlFlowToSCFPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<IfToSCF, ForToSCF, LoopToSCF>(converter, ctx);
  patterns.add<TerminatorToSCFYield<ct::YieldOp>,
               TerminatorToSCFYield<ct::ContinueOp>>(converter, ctx);
}
