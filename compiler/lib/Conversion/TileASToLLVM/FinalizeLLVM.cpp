//===- FinalizeLLVM.cpp - scalar scf/arith/math/cf to the LLVM dialect ----===//
//
// tilec-finalize-llvm: what convert-tileas-to-llvm leaves (scalar arith,
// math, scf inside llvm.func) becomes LLVM dialect with upstream patterns.
// Math functions NVPTX has no exact instruction for, and remf, call
// libdevice.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "tilecheck/Conversion/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tilecheck {
#define GEN_PASS_DEF_TILECFINALIZELLVM
#include "tilecheck/Conversion/Passes.h.inc"
} // namespace tilecheck

using namespace mlir;

namespace {

/// math.<op> on f32/f64 (f16/bf16 through f32) as a call of libdevice's
/// `__nv_<name>f` / `__nv_<name>`.
template <typename OpT>
struct LibDeviceCall : public ConvertOpToLLVMPattern<OpT> {
  LibDeviceCall(const LLVMTypeConverter &tc, StringRef name)
      : ConvertOpToLLVMPattern<OpT>(tc, /*benefit=*/10), name(name) {}

  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op->getResult(0).getType();
    if (!isa<FloatType>(type))
      return failure();
    rewriter.replaceOp(op, tilecheck::backend::libdeviceCall(
                               rewriter, op.getLoc(),
                               op->template getParentOfType<ModuleOp>(), name,
                               type, adaptor.getOperands()));
    return success();
  }

  std::string name;
};

/// math.rsqrt on f16, bf16 and f32 as the interpreter computes it: 1/sqrt
/// in f64, one rounding to f32, then (f16, bf16) one to the element type.
/// Upstream's lowering is 1/sqrt in the element type, both steps rounded to
/// it: in bf16 that put results a unit off (a campaign found it as
/// tan(rsqrt(x)) near tan's pole; tests/Fuzz/simt-rsqrt-narrow.mlir).
struct WideRsqrt : public OpRewritePattern<math::RsqrtOp> {
  using OpRewritePattern::OpRewritePattern;
  static bool isNarrow(Type t) { return t.isF16() || t.isBF16() || t.isF32(); }
  LogicalResult matchAndRewrite(math::RsqrtOp op,
                                PatternRewriter &rewriter) const override {
    Type t = op.getType();
    if (!isNarrow(t))
      return failure();
    Location loc = op.getLoc();
    Value wide = arith::ExtFOp::create(rewriter, loc, rewriter.getF64Type(),
                                       op.getOperand());
    Value r =
        arith::TruncFOp::create(rewriter, loc, rewriter.getF32Type(),
                                math::RsqrtOp::create(rewriter, loc, wide));
    if (!t.isF32())
      r = arith::TruncFOp::create(rewriter, loc, t, r);
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct TilecFinalizeLLVMPass
    : public tilecheck::impl::TilecFinalizeLLVMBase<TilecFinalizeLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    {
      ConversionTarget target(*ctx);
      target.addIllegalDialect<scf::SCFDialect>();
      target.addIllegalOp<arith::CeilDivSIOp, arith::CeilDivUIOp,
                          arith::FloorDivSIOp>();
      target.addDynamicallyLegalOp<math::RsqrtOp>(
          [](math::RsqrtOp op) { return !WideRsqrt::isNarrow(op.getType()); });
      target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
      RewritePatternSet patterns(ctx);
      patterns.add<WideRsqrt>(ctx);
      populateSCFToControlFlowConversionPatterns(patterns);
      arith::populateCeilFloorDivExpandOpsPatterns(patterns);
      if (failed(applyPartialConversion(module, target, std::move(patterns))))
        return signalPassFailure();
    }

    LLVMConversionTarget target(*ctx);
    target.addLegalOp<ModuleOp>();
    target.addLegalDialect<NVVM::NVVMDialect>();
    LowerToLLVMOptions options(ctx);
    LLVMTypeConverter converter(ctx, options);
    RewritePatternSet patterns(ctx);
    patterns.add<LibDeviceCall<math::ExpOp>>(converter, "exp");
    patterns.add<LibDeviceCall<math::Exp2Op>>(converter, "exp2");
    patterns.add<LibDeviceCall<math::LogOp>>(converter, "log");
    patterns.add<LibDeviceCall<math::Log2Op>>(converter, "log2");
    patterns.add<LibDeviceCall<math::Log10Op>>(converter, "log10");
    patterns.add<LibDeviceCall<math::PowFOp>>(converter, "pow");
    patterns.add<LibDeviceCall<math::SinOp>>(converter, "sin");
    patterns.add<LibDeviceCall<math::CosOp>>(converter, "cos");
    patterns.add<LibDeviceCall<math::TanOp>>(converter, "tan");
    patterns.add<LibDeviceCall<math::SinhOp>>(converter, "sinh");
    patterns.add<LibDeviceCall<math::CoshOp>>(converter, "cosh");
    patterns.add<LibDeviceCall<math::TanhOp>>(converter, "tanh");
    patterns.add<LibDeviceCall<math::AtanOp>>(converter, "atan");
    patterns.add<LibDeviceCall<math::Atan2Op>>(converter, "atan2");
    patterns.add<LibDeviceCall<math::ErfOp>>(converter, "erf");
    // remf is C's fmod (exact, the sign of the dividend): NVPTX expands
    // LLVM's frem as a - b * trunc(a / b) in the operand type, which loses
    // the sign of a zero result and, in bf16/f16, the value (found by a
    // campaign: remf(-0.25, 1.0) in bf16 gave 1.0). libdevice's fmod is
    // exact; f16/bf16 go through f32, where their remainder is exact too.
    patterns.add<LibDeviceCall<arith::RemFOp>>(converter, "fmod");
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    if (failed(applyFullConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    SmallVector<UnrealizedConversionCastOp> casts;
    module.walk([&](UnrealizedConversionCastOp op) { casts.push_back(op); });
    SmallVector<UnrealizedConversionCastOp> remaining;
    reconcileUnrealizedCasts(casts, &remaining);
    if (!remaining.empty()) {
      remaining.front()->emitError()
          << "a type conversion of the backend left an unresolved cast";
      return signalPassFailure();
    }
  }
};

} // namespace
