//===- TileAAToTileAS.cpp - nv_tileaa -> nv_tileas (seed 002) -------------===//
//
// One partial conversion, as seed 002 describes it:
//  1. attach nv_tileaa.kernel_spec to every kernel (the compute capability
//     comes from the pass option) before any pattern reads it;
//  2. populate, in this order, the arith patterns (mirrored ops to upstream
//     arith where the semantics are exactly equal), the math patterns (the
//     same with upstream math) and the core patterns (every other nv_tileaa
//     op to its nv_tileas counterpart, the dot forms with an MMA atom);
//  3. nv_tileaa.func, nv_tileaa.return and nv_tileaa.mark_for_reuse stay
//     legal, and so do the queue and execute ops that tileas-materialize-
//     async consumes later (seed 001); the rest of nv_tileaa is illegal;
//  3b. layouts: requested layouts are checked before any pattern runs,
//     cat and extract check and propagate their sources' layouts; after
//     the patterns, layout assignment (LayoutAssignment.h) puts a layout
//     into every tensor type (Lowering.md, "Layouts");
//  4. on failure: "failed to convert nv_tileaa to nv_tileas".
// Apart from the layouts, types do not change at this boundary
// (Lowering.md); witnesses and every other discardable attribute carry over
// verbatim; mem_semantic and mem_scope are re-keyed into nv_tileas with the
// same discriminant.
//
//===----------------------------------------------------------------------===//

#include "LayoutAssignment.h"
#include "RenameOpPattern.h"

#include "tilecheck/Conversion/Passes.h"
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"
#include "tilecheck/Support/InjectedBugs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tilecheck {
#define GEN_PASS_DEF_CONVERTTILEAATOTILEAS
#include "tilecheck/Conversion/Passes.h.inc"
} // namespace tilecheck

using namespace mlir;
using namespace tilecheck;
using conversion::RenameOpPattern;
using cuda_tile::RoundingMode;
using cuda_tile::Signedness;
using selftest::InjectedBug;
using selftest::isInjected;

std::optional<unsigned> tilecheck::parseComputeCapability(StringRef name) {
  if (!name.consume_front("sm_"))
    return std::nullopt;
  name.consume_back("a");
  name.consume_back("f");
  unsigned cc;
  if (name.empty() || name.getAsInteger(10, cc) || cc < 10)
    return std::nullopt;
  return cc;
}

namespace {

/// Benefit of the exact arith/math rewrites over the core fallback that
/// renames a mirrored op into nv_tileas.
constexpr unsigned kExactBenefit = 2;

Attribute rekey(StringRef, Attribute attr) {
  MLIRContext *ctx = attr.getContext();
  if (auto sem = dyn_cast<nv_tileaa::MemSemanticAttr>(attr))
    return nv_tileas::MemSemanticAttr::get(
        ctx, static_cast<nv_tileas::MemSemantic>(sem.getValue()));
  if (auto scope = dyn_cast<nv_tileaa::MemScopeAttr>(attr))
    return nv_tileas::MemScopeAttr::get(
        ctx, static_cast<nv_tileas::MemScope>(scope.getValue()));
  return attr;
}

bool isStandardFloat(Type t) {
  Type e = mirror::elementTypeOf(t);
  return e.isF16() || e.isBF16() || e.isF32() || e.isF64();
}

/// Carries the discardable attributes (witnesses) of `from` onto `to`.
void carryAttrs(Operation *from, Operation *to) {
  for (NamedAttribute na : from->getDiscardableAttrs())
    to->setAttr(na.getName(), na.getValue());
}

/// A rewrite of SourceOp into an upstream op when `build` returns one;
/// when it returns null the op is left to the core fallback.
template <typename SourceOp>
struct ExactPattern : OpConversionPattern<SourceOp> {
  using BuildFn = std::function<Operation *(SourceOp, typename SourceOp::Adaptor,
                                            ConversionPatternRewriter &)>;
  ExactPattern(MLIRContext *ctx, BuildFn build)
      : OpConversionPattern<SourceOp>(ctx, kExactBenefit),
        build(std::move(build)) {}
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *repl = build(op, adaptor, rewriter);
    if (!repl)
      return rewriter.notifyMatchFailure(op, "no exactly equal upstream op");
    carryAttrs(op, repl);
    rewriter.replaceOp(op, repl->getResults());
    return success();
  }
  BuildFn build;
};

template <typename SourceOp, typename Fn>
void addExact(RewritePatternSet &patterns, Fn fn) {
  patterns.add<ExactPattern<SourceOp>>(
      patterns.getContext(), typename ExactPattern<SourceOp>::BuildFn(fn));
}

arith::IntegerOverflowFlags overflowFlags(cuda_tile::IntegerOverflow o) {
  switch (o) {
  case cuda_tile::IntegerOverflow::NONE:
    return arith::IntegerOverflowFlags::none;
  case cuda_tile::IntegerOverflow::NSW:
    return arith::IntegerOverflowFlags::nsw;
  case cuda_tile::IntegerOverflow::NUW:
    return arith::IntegerOverflowFlags::nuw;
  case cuda_tile::IntegerOverflow::NW:
    return arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
  }
  return arith::IntegerOverflowFlags::none;
}

template <typename SourceOp, typename TargetOp>
void addOverflowOp(RewritePatternSet &p) {
  addExact<SourceOp>(p, [](SourceOp op, auto a, ConversionPatternRewriter &r) {
    return TargetOp::create(r, op.getLoc(), a.getLhs(), a.getRhs(),
                            overflowFlags(op.getOverflow()))
        .getOperation();
  });
}

template <typename SourceOp, typename TargetOp>
void addPlainBinary(RewritePatternSet &p) {
  addExact<SourceOp>(p, [](SourceOp op, auto a, ConversionPatternRewriter &r) {
    return TargetOp::create(r, op.getLoc(), a.getLhs(), a.getRhs())
        .getOperation();
  });
}

template <typename SourceOp, typename SignedOp, typename UnsignedOp>
void addSignedBinary(RewritePatternSet &p) {
  addExact<SourceOp>(p, [](SourceOp op, auto a,
                           ConversionPatternRewriter &r) -> Operation * {
    if (op.getSignedness() == Signedness::Signed)
      return SignedOp::create(r, op.getLoc(), a.getLhs(), a.getRhs());
    return UnsignedOp::create(r, op.getLoc(), a.getLhs(), a.getRhs());
  });
}

/// Float add/sub/mul/div: arith's are IEEE round-to-nearest-even without
/// flushing subnormals.
template <typename SourceOp, typename TargetOp>
void addRoundedFloat(RewritePatternSet &p) {
  addExact<SourceOp>(p, [](SourceOp op, auto a,
                           ConversionPatternRewriter &r) -> Operation * {
    if (op.getRoundingMode() != RoundingMode::NEAREST_EVEN ||
        op.getFlushToZero())
      return nullptr;
    return TargetOp::create(r, op.getLoc(), a.getLhs(), a.getRhs());
  });
}

arith::CmpIPredicate cmpiPredicate(cuda_tile::ComparisonPredicate p,
                                   bool isSigned) {
  using P = cuda_tile::ComparisonPredicate;
  using A = arith::CmpIPredicate;
  switch (p) {
  case P::EQUAL:
    return A::eq;
  case P::NOT_EQUAL:
    return A::ne;
  case P::LESS_THAN:
    return isSigned ? A::slt : A::ult;
  case P::LESS_THAN_OR_EQUAL:
    return isSigned ? A::sle : A::ule;
  case P::GREATER_THAN:
    return isSigned ? A::sgt : A::ugt;
  case P::GREATER_THAN_OR_EQUAL:
    return isSigned ? A::sge : A::uge;
  }
  return A::eq;
}

arith::CmpFPredicate cmpfPredicate(cuda_tile::ComparisonPredicate p,
                                   bool ordered) {
  using P = cuda_tile::ComparisonPredicate;
  using A = arith::CmpFPredicate;
  switch (p) {
  case P::EQUAL:
    return ordered ? A::OEQ : A::UEQ;
  case P::NOT_EQUAL:
    return ordered ? A::ONE : A::UNE;
  case P::LESS_THAN:
    return ordered ? A::OLT : A::ULT;
  case P::LESS_THAN_OR_EQUAL:
    return ordered ? A::OLE : A::ULE;
  case P::GREATER_THAN:
    return ordered ? A::OGT : A::UGT;
  case P::GREATER_THAN_OR_EQUAL:
    return ordered ? A::OGE : A::UGE;
  }
  return A::OEQ;
}

/// The arith populator: nv_tileaa mirrors whose semantics arith has exactly.
void populateArithPatterns(RewritePatternSet &p) {
  namespace aa = nv_tileaa;
  addOverflowOp<aa::AddIOp, arith::AddIOp>(p);
  addOverflowOp<aa::SubIOp, arith::SubIOp>(p);
  addOverflowOp<aa::MulIOp, arith::MulIOp>(p);
  addOverflowOp<aa::ShLIOp, arith::ShLIOp>(p);
  addPlainBinary<aa::AndIOp, arith::AndIOp>(p);
  addPlainBinary<aa::OrIOp, arith::OrIOp>(p);
  addPlainBinary<aa::XOrIOp, arith::XOrIOp>(p);
  addSignedBinary<aa::ShRIOp, arith::ShRSIOp, arith::ShRUIOp>(p);
  addSignedBinary<aa::MaxIOp, arith::MaxSIOp, arith::MaxUIOp>(p);
  addSignedBinary<aa::MinIOp, arith::MinSIOp, arith::MinUIOp>(p);
  addSignedBinary<aa::RemIOp, arith::RemSIOp, arith::RemUIOp>(p);
  addExact<aa::DivIOp>(p, [](aa::DivIOp op, auto a,
                             ConversionPatternRewriter &r) -> Operation * {
    Location loc = op.getLoc();
    bool s = op.getSignedness() == Signedness::Signed;
    switch (op.getRounding()) {
    case RoundingMode::ZERO:
      return s ? arith::DivSIOp::create(r, loc, a.getLhs(), a.getRhs())
                     .getOperation()
               : arith::DivUIOp::create(r, loc, a.getLhs(), a.getRhs())
                     .getOperation();
    case RoundingMode::NEGATIVE_INF:
      if (!s)
        return nullptr;
      // Self-test bug "divi-floor": floor division as truncating division.
      if (isInjected(InjectedBug::DivIFloor))
        return arith::DivSIOp::create(r, loc, a.getLhs(), a.getRhs());
      return arith::FloorDivSIOp::create(r, loc, a.getLhs(), a.getRhs());
    case RoundingMode::POSITIVE_INF:
      return s ? arith::CeilDivSIOp::create(r, loc, a.getLhs(), a.getRhs())
                     .getOperation()
               : arith::CeilDivUIOp::create(r, loc, a.getLhs(), a.getRhs())
                     .getOperation();
    default:
      return nullptr;
    }
  });
  addExact<aa::CmpIOp>(p, [](aa::CmpIOp op, auto a, ConversionPatternRewriter &r) {
    bool isSigned = op.getSignedness() == Signedness::Signed;
    // Self-test bug "cmpi-signedness": every ordering predicate signed.
    if (isInjected(InjectedBug::CmpISignedness))
      isSigned = true;
    return arith::CmpIOp::create(
               r, op.getLoc(),
               cmpiPredicate(op.getComparisonPredicate(), isSigned),
               a.getLhs(), a.getRhs())
        .getOperation();
  });
  addRoundedFloat<aa::AddFOp, arith::AddFOp>(p);
  addRoundedFloat<aa::SubFOp, arith::SubFOp>(p);
  addRoundedFloat<aa::MulFOp, arith::MulFOp>(p);
  addRoundedFloat<aa::DivFOp, arith::DivFOp>(p);
  addPlainBinary<aa::RemFOp, arith::RemFOp>(p);
  addExact<aa::NegFOp>(p, [](aa::NegFOp op, auto a, ConversionPatternRewriter &r) {
    return arith::NegFOp::create(r, op.getLoc(), a.getSource()).getOperation();
  });
  addExact<aa::CmpFOp>(p, [](aa::CmpFOp op, auto a, ConversionPatternRewriter &r) {
    return arith::CmpFOp::create(
               r, op.getLoc(),
               cmpfPredicate(op.getComparisonPredicate(),
                             op.getComparisonOrdering() ==
                                 cuda_tile::ComparisonOrdering::ORDERED),
               a.getLhs(), a.getRhs())
        .getOperation();
  });
  addExact<aa::SelectOp>(p, [](aa::SelectOp op, auto a,
                               ConversionPatternRewriter &r) {
    return arith::SelectOp::create(r, op.getLoc(), a.getCond(),
                                   a.getValIfTrue(), a.getValIfFalse())
        .getOperation();
  });
  // Conversions between the standard formats under nearest-even.
  addExact<aa::FToFOp>(p, [](aa::FToFOp op, auto a,
                             ConversionPatternRewriter &r) -> Operation * {
    Type from = op.getFrom().getType(), to = op.getTo().getType();
    // Self-test bug "ftof-rounding": every float pair arith can convert is
    // handed to truncf/extf, whose rounding is nearest-even, whatever the
    // ftof's rounding mode (the verifier allows directed modes only for
    // conversions to the f8E8M0FNU scale format).
    bool buggy = isInjected(InjectedBug::FToFRounding);
    if (!buggy && (!isStandardFloat(from) || !isStandardFloat(to) ||
                   op.getRoundingMode() != RoundingMode::NEAREST_EVEN))
      return nullptr;
    unsigned fw = mirror::bitWidthOfFloat(from), tw = mirror::bitWidthOfFloat(to);
    if (tw > fw)
      return arith::ExtFOp::create(r, op.getLoc(), to, a.getFrom());
    if (tw < fw)
      return arith::TruncFOp::create(r, op.getLoc(), to, a.getFrom());
    return nullptr;
  });
  addExact<aa::IToFOp>(p, [](aa::IToFOp op, auto a,
                             ConversionPatternRewriter &r) -> Operation * {
    Type to = op.getTo().getType();
    if (!isStandardFloat(to) || op.getRoundingMode() != RoundingMode::NEAREST_EVEN)
      return nullptr;
    if (op.getSignedness() == Signedness::Signed)
      return arith::SIToFPOp::create(r, op.getLoc(), to, a.getFrom());
    return arith::UIToFPOp::create(r, op.getLoc(), to, a.getFrom());
  });
  addExact<aa::FToIOp>(p, [](aa::FToIOp op, auto a,
                             ConversionPatternRewriter &r) -> Operation * {
    Type to = op.getTo().getType();
    if (!isStandardFloat(op.getFrom().getType()) ||
        op.getRoundingMode() != RoundingMode::NEAREST_INT_TO_ZERO)
      return nullptr;
    if (op.getSignedness() == Signedness::Signed)
      return arith::FPToSIOp::create(r, op.getLoc(), to, a.getFrom());
    return arith::FPToUIOp::create(r, op.getLoc(), to, a.getFrom());
  });
  addExact<aa::ExtIOp>(p, [](aa::ExtIOp op, auto a,
                             ConversionPatternRewriter &r) -> Operation * {
    Type to = op.getTo().getType();
    if (op.getSignedness() == Signedness::Signed)
      return arith::ExtSIOp::create(r, op.getLoc(), to, a.getFrom());
    return arith::ExtUIOp::create(r, op.getLoc(), to, a.getFrom());
  });
  addExact<aa::TruncIOp>(p, [](aa::TruncIOp op, auto a,
                               ConversionPatternRewriter &r) -> Operation * {
    if (op.getOverflow() != cuda_tile::IntegerOverflow::NONE)
      return nullptr;
    return arith::TruncIOp::create(r, op.getLoc(), op.getTo().getType(),
                                   a.getFrom());
  });
  addExact<aa::BitcastOp>(p, [](aa::BitcastOp op, auto a,
                                ConversionPatternRewriter &r) -> Operation * {
    Type from = mirror::elementTypeOf(op.getSource().getType());
    Type to = mirror::elementTypeOf(op.getResult().getType());
    // arith.bitcast needs whole bytes; sub-byte formats stay mirrors.
    if (from.getIntOrFloatBitWidth() % 8 || to.getIntOrFloatBitWidth() % 8)
      return nullptr;
    return arith::BitcastOp::create(r, op.getLoc(), op.getResult().getType(),
                                    a.getSource());
  });
  addExact<aa::ConstantOp>(p, [](aa::ConstantOp op, auto,
                                 ConversionPatternRewriter &r) -> Operation * {
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!dense)
      return nullptr;
    Type type = op.getResult().getType();
    TypedAttr value = dense;
    if (!isa<RankedTensorType>(type)) {
      Attribute scalar = dense.getSplatValue<Attribute>();
      value = cast<TypedAttr>(scalar);
    }
    return arith::ConstantOp::create(r, op.getLoc(), type, value);
  });
}

/// The math populator: mirrors whose semantics math has exactly (the same
/// accuracy policy: full-precision forms only, no flush to zero).
void populateMathPatterns(RewritePatternSet &p) {
  namespace aa = nv_tileaa;
  auto unary = [&p]<typename SourceOp, typename TargetOp>() {
    addExact<SourceOp>(p, [](SourceOp op, auto a, ConversionPatternRewriter &r) {
      return TargetOp::create(r, op.getLoc(), a.getSource()).getOperation();
    });
  };
  unary.template operator()<aa::AbsFOp, math::AbsFOp>();
  unary.template operator()<aa::AbsIOp, math::AbsIOp>();
  unary.template operator()<aa::LogOp, math::LogOp>();
  unary.template operator()<aa::Log2Op, math::Log2Op>();
  unary.template operator()<aa::SinOp, math::SinOp>();
  unary.template operator()<aa::CosOp, math::CosOp>();
  unary.template operator()<aa::TanOp, math::TanOp>();
  unary.template operator()<aa::SinHOp, math::SinhOp>();
  unary.template operator()<aa::CosHOp, math::CoshOp>();
  unary.template operator()<aa::FloorOp, math::FloorOp>();
  unary.template operator()<aa::CeilOp, math::CeilOp>();
  auto fullOnly = [&p]<typename SourceOp, typename TargetOp>() {
    addExact<SourceOp>(p, [](SourceOp op, auto a,
                             ConversionPatternRewriter &r) -> Operation * {
      if (op.getRoundingMode() != RoundingMode::FULL)
        return nullptr;
      return TargetOp::create(r, op.getLoc(), a.getSource());
    });
  };
  fullOnly.template operator()<aa::ExpOp, math::ExpOp>();
  fullOnly.template operator()<aa::TanHOp, math::TanhOp>();
  auto noFtz = [&p]<typename SourceOp, typename TargetOp>() {
    addExact<SourceOp>(p, [](SourceOp op, auto a,
                             ConversionPatternRewriter &r) -> Operation * {
      if (op.getFlushToZero())
        return nullptr;
      return TargetOp::create(r, op.getLoc(), a.getSource());
    });
  };
  noFtz.template operator()<aa::Exp2Op, math::Exp2Op>();
  noFtz.template operator()<aa::RsqrtOp, math::RsqrtOp>();
  addExact<aa::SqrtOp>(p, [](aa::SqrtOp op, auto a,
                             ConversionPatternRewriter &r) -> Operation * {
    if (op.getRoundingMode() != RoundingMode::NEAREST_EVEN || op.getFlushToZero())
      return nullptr;
    return math::SqrtOp::create(r, op.getLoc(), a.getSource());
  });
  addExact<aa::PowOp>(p, [](aa::PowOp op, auto a, ConversionPatternRewriter &r) {
    return math::PowFOp::create(r, op.getLoc(), a.getSource(), a.getExponent())
        .getOperation();
  });
  addExact<aa::Atan2Op>(p, [](aa::Atan2Op op, auto a,
                              ConversionPatternRewriter &r) {
    // cuda_tile's atan2 %x, %y is C's atan2(x, y), as is math.atan2.
    return math::Atan2Op::create(r, op.getLoc(), a.getX(), a.getY())
        .getOperation();
  });
  addExact<aa::FmaOp>(p, [](aa::FmaOp op, auto a,
                            ConversionPatternRewriter &r) -> Operation * {
    if (op.getRoundingMode() != RoundingMode::NEAREST_EVEN || op.getFlushToZero())
      return nullptr;
    return math::FmaOp::create(r, op.getLoc(), a.getLhs(), a.getRhs(),
                               a.getAcc());
  });
}

/// Module attribute recording the target's compute capability, so that
/// functions that are not kernels (and carry no kernel spec) find it too.
constexpr StringLiteral kTargetCCAttrName = "nv_tileaa.compute_capability";

/// The compute capability of the kernel spec on the function enclosing
/// `op`, else the module's target.
std::optional<unsigned> computeCapabilityOf(Operation *op) {
  if (auto func = op->getParentOfType<nv_tileaa::FuncOp>())
    if (auto spec = func->getAttrOfType<nv_tileaa::KernelSpecAttr>(
            nv_tileaa::kKernelSpecAttrName))
      return spec.getComputeCapability();
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (auto cc = p->getAttrOfType<IntegerAttr>(kTargetCCAttrName))
      return static_cast<unsigned>(cc.getInt());
  return std::nullopt;
}

std::string elemName(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << mirror::elementTypeOf(t);
  return s;
}

/// MMA instruction family by compute capability: mma.sync before sm_90,
/// warpgroup MMA on sm_90, tcgen05 UMMA from sm_100.
std::string mmaAtomName(unsigned cc, Type lhs, Type rhs, Type acc) {
  StringRef family = cc >= 100 ? "umma" : cc >= 90 ? "wgmma" : "mma_sync";
  return (family + "_" + elemName(lhs) + "_" + elemName(rhs) + "_" +
          elemName(acc))
      .str();
}

template <typename SourceOp>
struct DotPattern : OpConversionPattern<SourceOp> {
  DotPattern(const TypeConverter &tc, MLIRContext *ctx, StringRef target)
      : OpConversionPattern<SourceOp>(tc, ctx), target(target.str()) {}
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<unsigned> cc = computeCapabilityOf(op);
    if (!cc)
      return op.emitError("failed to get the target spec");
    auto atom = nv_tileas::AtomAttr::get(
        op.getContext(),
        mmaAtomName(*cc, op.getLhs().getType(), op.getRhs().getType(),
                    op.getAcc().getType()));
    NamedAttribute extra(StringAttr::get(op.getContext(), "atom"), atom);
    return RenameOpPattern::rewriteAs(op, target, adaptor.getOperands(),
                                      rewriter, *this->getTypeConverter(),
                                      rekey, {extra});
  }
  std::string target;
};

/// The SM100 block-scale guard: the target spec must be there, and the
/// compute capability at least 100.
struct BlockScalePattern : OpConversionPattern<nv_tileaa::MmaBlockScaleOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::MmaBlockScaleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<unsigned> cc = computeCapabilityOf(op);
    if (!cc)
      return op.emitError("failed to get the target spec");
    if (*cc <= 99)
      return op.emitError(
          "mma block scale is not supported by compute capability < sm100");
    MLIRContext *ctx = op.getContext();
    std::string name = "umma_bs_" + elemName(op.getLhs().getType()) + "_" +
                       elemName(op.getRhs().getType()) + "_" +
                       elemName(op.getAcc().getType());
    NamedAttribute atom(StringAttr::get(ctx, "atom"),
                        nv_tileas::AtomAttr::get(ctx, name));
    return RenameOpPattern::rewriteAs(op, "nv_tileas.block_scaled_mma",
                                      adaptor.getOperands(), rewriter,
                                      *getTypeConverter(), rekey, {atom});
  }
};

//===----------------------------------------------------------------------===//
// Layouts (Lowering.md, "Layouts")
//===----------------------------------------------------------------------===//

constexpr StringLiteral kLayoutAttrName = conversion::kLayoutRequestAttrName;

/// The layout recorded on the producer of `v`: null for a block argument or
/// a producer without one. Producers converted earlier in the walk carried
/// the attribute onto their replacement, and the original is still there.
nv_tileas::LayoutKindAttr layoutOf(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return {};
  return def->getAttrOfType<nv_tileas::LayoutKindAttr>(kLayoutAttrName);
}

/// Layout assignment: an op that requests a layout must produce exactly one
/// tensor that the layout can hold. Register and shared-memory layouts hold
/// any tensor, MMA fragments a matrix, tensor memory exists from sm_100.
LogicalResult assignLayout(Operation *op) {
  Attribute requested = op->getAttr(kLayoutAttrName);
  if (!requested)
    return success();
  auto layout = dyn_cast<nv_tileas::LayoutKindAttr>(requested);
  auto fail = [&](const Twine &why) -> LogicalResult {
    return op->emitError("fails to assign layout").attachNote() << why;
  };
  if (!layout)
    return fail("'layout' must be a #nv_tileas<layout ...> attribute");
  if (op->getNumResults() != 1)
    return fail("a layout is assigned to an op with exactly one result");
  auto tensor = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!tensor)
    return fail("a layout is assigned to a tensor, not a scalar");
  using K = nv_tileas::LayoutKind;
  K kind = layout.getValue();
  if ((kind == K::MmaA || kind == K::MmaB || kind == K::MmaC) &&
      tensor.getRank() != 2)
    return fail("an MMA fragment layout holds a rank-2 tensor");
  if (isa<nv_tileaa::DotOp, nv_tileaa::DotIntOp, nv_tileaa::MmaBlockScaleOp>(
          op) &&
      tensor.getRank() == 2 && kind != K::MmaC)
    return fail("an MMA op's result is in #nv_tileas<layout mma_c>");
  if (kind == K::Tmem) {
    std::optional<unsigned> cc = computeCapabilityOf(op);
    if (!cc || *cc < 100)
      return fail("tensor memory needs compute capability sm_100 or later");
  }
  return success();
}

/// cat: both sources carry a layout or neither does, the two agree, and the
/// result is in the sources' layout (which it inherits when it requests
/// none).
struct CatLayoutPattern : RenameOpPattern {
  CatLayoutPattern(const TypeConverter &tc, MLIRContext *ctx)
      : RenameOpPattern(tc, ctx, "nv_tileaa.cat", "nv_tileas.cat", rekey) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    auto cat = cast<nv_tileaa::CatOp>(op);
    nv_tileas::LayoutKindAttr lhs = layoutOf(cat.getLhs());
    nv_tileas::LayoutKindAttr rhs = layoutOf(cat.getRhs());
    if (static_cast<bool>(lhs) != static_cast<bool>(rhs))
      return op->emitError("missing source layout").attachNote()
             << "the " << (lhs ? "rhs" : "lhs")
             << " operand has no layout while the "
             << (lhs ? "lhs" : "rhs") << " operand is in " << (lhs ? lhs : rhs);
    if (lhs && lhs != rhs)
      return op->emitError("failed to infer source layout").attachNote()
             << "the operands are in " << lhs << " and " << rhs;
    if (lhs) {
      Attribute requested = op->getAttr(kLayoutAttrName);
      if (requested && requested != lhs)
        return op->emitError("fails to assign layout").attachNote()
               << "the result is requested in " << requested
               << " but its sources are in " << lhs;
      if (!requested)
        rewriter.modifyOpInPlace(op, [&] { op->setAttr(kLayoutAttrName, lhs); });
    }
    return rewriteAs(op, "nv_tileas.cat", operands, rewriter,
                     *getTypeConverter(), rekey);
  }
};

/// extract: a slice of a register or shared-memory tile, in its source's
/// layout.
struct ExtractLayoutPattern : RenameOpPattern {
  ExtractLayoutPattern(const TypeConverter &tc, MLIRContext *ctx)
      : RenameOpPattern(tc, ctx, "nv_tileaa.extract", "nv_tileas.extract",
                        rekey) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    auto extract = cast<nv_tileaa::ExtractOp>(op);
    nv_tileas::LayoutKindAttr source = layoutOf(extract.getSource());
    if (source) {
      using K = nv_tileas::LayoutKind;
      if (source.getValue() != K::Reg && source.getValue() != K::Smem)
        return op->emitError(
            "TODO: only reg and smem layouts are supported at the moment");
      Attribute requested = op->getAttr(kLayoutAttrName);
      if (requested && requested != source)
        return op->emitError("fails to assign layout").attachNote()
               << "the result is requested in " << requested
               << " but its source is in " << source;
      if (!requested)
        rewriter.modifyOpInPlace(op,
                                 [&] { op->setAttr(kLayoutAttrName, source); });
    }
    return rewriteAs(op, "nv_tileas.extract", operands, rewriter,
                     *getTypeConverter(), rekey);
  }
};

struct ConvertTileAAToTileASPass
    : tilecheck::impl::ConvertTileAAToTileASBase<ConvertTileAAToTileASPass> {
  using ConvertTileAAToTileASBase::ConvertTileAAToTileASBase;

  void runOnOperation() override {
    ModuleOp mod = getOperation();
    MLIRContext *ctx = &getContext();
    if (const std::string &error = selftest::injectedBugSelection().error;
        !error.empty()) {
      mod.emitError(error);
      return signalPassFailure();
    }
    if (failed(attachKernelSpecs(mod)))
      return signalPassFailure();
    // Layout assignment runs before any pattern, so that a pattern reading
    // a producer's layout reads an assigned one.
    WalkResult assigned = mod.walk([](Operation *op) {
      if (isa_and_nonnull<nv_tileaa::NvTileAADialect>(op->getDialect()) &&
          failed(assignLayout(op)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (assigned.wasInterrupted()) {
      mod.emitError("failed to convert nv_tileaa to nv_tileas");
      return signalPassFailure();
    }

    TypeConverter converter;
    converter.addConversion([](Type t) { return t; });
    RewritePatternSet patterns(ctx);
    populateArithPatterns(patterns);
    populateMathPatterns(patterns);
    populateCorePatterns(patterns, converter);

    ConversionTarget target(*ctx);
    // Structured control flow is upstream scf on both sides (seed 002 keeps
    // scf legal across the boundary).
    target.addLegalDialect<nv_tileas::NvTileASDialect, arith::ArithDialect,
                           math::MathDialect, scf::SCFDialect>();
    target.addIllegalDialect<nv_tileaa::NvTileAADialect>();
    target.addLegalOp<nv_tileaa::FuncOp, nv_tileaa::ReturnOp,
                      nv_tileaa::MarkForReuseOp, ModuleOp>();
    // Queues and execute survive: tileas-materialize-async consumes them
    // (seed 001).
    target.addLegalOp<nv_tileaa::QueueCreateOp, nv_tileaa::QueuePutOp,
                      nv_tileaa::QueueGetOp, nv_tileaa::ExecuteOp,
                      nv_tileaa::ExecuteYieldOp>();
    if (failed(applyPartialConversion(mod, target, std::move(patterns))) ||
        failed(conversion::assignLayouts(mod))) {
      mod.emitError("failed to convert nv_tileaa to nv_tileas");
      signalPassFailure();
    }
  }

  /// Every nv_tileaa kernel gets the kernel spec before any pattern runs.
  LogicalResult attachKernelSpecs(ModuleOp mod) {
    std::optional<unsigned> cc = parseComputeCapability(computeCapability);
    if (!cc)
      return mod.emitError("failed to get the target spec");
    MLIRContext *ctx = &getContext();
    mod->setAttr(kTargetCCAttrName,
                 IntegerAttr::get(IntegerType::get(ctx, 32), *cc));
    auto spec = nv_tileaa::KernelSpecAttr::get(ctx, numWarps, {1, 1, 1}, *cc);
    mod.walk([&](nv_tileaa::FuncOp func) {
      if (func.isKernel() && !func->hasAttr(nv_tileaa::kKernelSpecAttrName))
        func->setAttr(nv_tileaa::kKernelSpecAttrName, spec);
    });
    return success();
  }

  /// The core populator: every remaining nv_tileaa op to nv_tileas.
  void populateCorePatterns(RewritePatternSet &patterns,
                            const TypeConverter &converter) {
    MLIRContext *ctx = patterns.getContext();
    auto rename = [&](StringRef from, StringRef to) {
      patterns.add<RenameOpPattern>(converter, ctx,
                                    ("nv_tileaa." + from).str(),
                                    ("nv_tileas." + to).str(), rekey);
    };
#define MIRROR_OP(CLASS, MNEMONIC)                                             \
  if (StringRef(MNEMONIC) != "cat" && StringRef(MNEMONIC) != "extract")        \
    rename(MNEMONIC, MNEMONIC);
#include "tilecheck/Dialect/Mirror/MirrorOps.def"
    patterns.add<CatLayoutPattern, ExtractLayoutPattern>(converter, ctx);
    rename("make_memref", "make_memref");
    rename("make_tiled_view", "view");
    rename("memref_shape", "memref_shape");
    rename("index_space_shape", "index_space_shape");
    rename("tiled_load", "tiled_load");
    rename("tiled_store", "tiled_store");
    rename("tiled_atomic_rmw", "tiled_atomic_rmw");
    patterns.add<DotPattern<nv_tileaa::DotOp>>(converter, ctx, "nv_tileas.dot");
    patterns.add<DotPattern<nv_tileaa::DotIntOp>>(converter, ctx,
                                                  "nv_tileas.dot_int");
    patterns.add<BlockScalePattern>(converter, ctx);
  }
};

} // namespace
