//===- ArithSemantics.cpp - upstream arith op semantics -------------------===//
//
// The arith dialect on builtin tensors and scalars, as MLIR documents it:
//  - integers are two's complement at the element width (index is 64-bit);
//    the overflow flags nsw/nuw of addi, subi, muli, shli and trunci make a
//    wrapping result poison, shifts by >= the bit width are poison, and
//    division (divsi, divui, ceildivsi, ceildivui, floordivsi, remsi, remui)
//    by zero, or signed division of MIN by -1, is undefined. Poison and
//    undefined behaviour are both reported as undefined behaviour. remsi of
//    MIN by -1 is 0: MLIR names only division by zero for it.
//  - floats are IEEE-754 with round-to-nearest-even (truncf takes an
//    optional rounding mode); maximumf/minimumf propagate NaN and order
//    -0 < +0, maxnumf/minnumf return the non-NaN operand (and order zeros
//    the same way, one of the results MLIR allows).
//  - fptosi/fptoui of NaN, infinities and values outside the result type
//    are poison; sitofp/uitofp round to nearest even.
// Every op that equals a cuda_tile op with default modifiers calls the same
// kernel (CudaTile/NumericUtil.h), so both levels compute bit-identical
// results.
//
//===----------------------------------------------------------------------===//

#include "Upstream.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <cmath>

using namespace mlir;
namespace ct = ::tilecheck::cuda_tile;
using llvm::APFloat;
using llvm::APInt;

namespace tilecheck::oracle::upstream_sem {

using namespace cuda_tile_sem;

LogicalResult checkFastMath(ExecContext &ctx, Operation *op) {
  auto attr = op->getAttrOfType<arith::FastMathFlagsAttr>("fastmath");
  if (!attr)
    return success();
  arith::FastMathFlags flags = attr.getValue();
  bool nnan = arith::bitEnumContainsAny(flags, arith::FastMathFlags::nnan);
  bool ninf = arith::bitEnumContainsAny(flags, arith::FastMathFlags::ninf);
  if (!nnan && !ninf)
    return success();
  auto check = [&](Value v, const Twine &what) -> LogicalResult {
    const RtValue &rv = ctx.get(v);
    if (!rv.isTile() || !isFloat(rv.getTile().elemType()))
      return success();
    const Tile &t = rv.getTile();
    for (int64_t i = 0, n = t.size(); i < n; ++i) {
      double x = floatAsDouble(t, i);
      if (nnan && std::isnan(x))
        return ctx.ub(op, "fastmath<nnan> violated: " + what + " is NaN at " +
                              elementName(t, i));
      if (ninf && std::isinf(x))
        return ctx.ub(op, "fastmath<ninf> violated: " + what +
                              " is infinite at " + elementName(t, i));
    }
    return success();
  };
  for (auto [i, v] : llvm::enumerate(op->getOperands()))
    if (failed(check(v, "operand " + Twine(i))))
      return failure();
  for (auto [i, v] : llvm::enumerate(op->getResults()))
    if (failed(check(v, "result " + Twine(i))))
      return failure();
  return success();
}

namespace {

//===----------------------------------------------------------------------===//
// Integers
//===----------------------------------------------------------------------===//

ct::IntegerOverflow overflowOf(arith::IntegerOverflowFlags f) {
  bool nsw = arith::bitEnumContainsAny(f, arith::IntegerOverflowFlags::nsw);
  bool nuw = arith::bitEnumContainsAny(f, arith::IntegerOverflowFlags::nuw);
  if (nsw && nuw)
    return ct::IntegerOverflow::NW;
  if (nsw)
    return ct::IntegerOverflow::NSW;
  if (nuw)
    return ct::IntegerOverflow::NUW;
  return ct::IntegerOverflow::NONE;
}

/// Binary integer op with overflow flags (addi, subi, muli, shli).
template <typename OpT, IntOp K>
LogicalResult flaggedIntSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  IntSpec spec{K, overflowOf(op.getOverflowFlags())};
  return intBinary(ctx, op, spec, op.getLhs(), op.getRhs(), op.getResult());
}

/// Binary integer op without flags; `Signed` and `Rounding` matter for the
/// divisions only.
template <IntOp K, bool Signed = true,
          ct::RoundingMode Rounding = ct::RoundingMode::ZERO>
LogicalResult plainIntSem(ExecContext &ctx, Operation *op) {
  IntSpec spec{K};
  spec.isSigned = Signed;
  spec.rounding = Rounding;
  return intBinary(ctx, op, spec, op->getOperand(0), op->getOperand(1),
                   op->getResult(0));
}

/// The extended ops: two results whose element i `split(a, b, i, w)` gives
/// as a pair from the operands' elements i (w: the element width).
template <typename Split>
LogicalResult extendedSem(ExecContext &ctx, Value lhs, Value rhs, Value first,
                          Value second, Split split) {
  const Tile &a = ctx.getTile(lhs);
  const Tile &b = ctx.getTile(rhs);
  Tile r0 = makeTile(first.getType());
  Tile r1 = makeTile(second.getType());
  unsigned w = bitWidth(r0.elemType());
  for (int64_t i = 0, n = r0.size(); i < n; ++i) {
    auto [x, y] = split(a, b, i, w);
    r0.setInt(i, x);
    r1.setInt(i, y);
  }
  ctx.setTile(first, std::move(r0));
  return setResultTile(ctx, second, std::move(r1));
}

/// addui_extended: the wrapped sum and the carry out of the top bit.
LogicalResult addUIExtendedSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<arith::AddUIExtendedOp>(operation);
  return extendedSem(ctx, op.getLhs(), op.getRhs(), op.getSum(),
                     op.getOverflow(),
                     [](const Tile &a, const Tile &b, int64_t i, unsigned w) {
                       unsigned __int128 s = (unsigned __int128)a.getUInt(i) +
                                             (unsigned __int128)b.getUInt(i);
                       return std::pair<uint64_t, uint64_t>(
                           static_cast<uint64_t>(s), (s >> w) != 0);
                     });
}

/// mulsi_extended / mului_extended: the low and high halves of the exact
/// 2w-bit product.
template <typename OpT, bool Signed>
LogicalResult mulExtendedSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  return extendedSem(
      ctx, op.getLhs(), op.getRhs(), op.getLow(), op.getHigh(),
      [](const Tile &a, const Tile &b, int64_t i, unsigned w) {
        unsigned __int128 p =
            Signed ? static_cast<unsigned __int128>(__int128(a.getSInt(i)) *
                                                    __int128(b.getSInt(i)))
                   : (unsigned __int128)a.getUInt(i) * b.getUInt(i);
        // An arithmetic shift keeps the sign of a signed product.
        uint64_t hi = Signed
                          ? static_cast<uint64_t>(static_cast<__int128>(p) >> w)
                          : static_cast<uint64_t>(p >> w);
        return std::pair<uint64_t, uint64_t>(static_cast<uint64_t>(p), hi);
      });
}

using Cmp = ct::ComparisonPredicate;
using CmpI = arith::CmpIPredicate;
using CmpF = arith::CmpFPredicate;

/// Each cuda_tile comparison and the arith predicates that name it: cmpi
/// reading the operands as signed and as unsigned (eq and ne have one
/// predicate for both, which reads them as signed), cmpf ordered and
/// unordered.
struct ComparisonNames {
  Cmp cmp;
  CmpI signedI, unsignedI;
  CmpF orderedF, unorderedF;
};

constexpr ComparisonNames kComparisons[] = {
    {Cmp::EQUAL, CmpI::eq, CmpI::eq, CmpF::OEQ, CmpF::UEQ},
    {Cmp::NOT_EQUAL, CmpI::ne, CmpI::ne, CmpF::ONE, CmpF::UNE},
    {Cmp::LESS_THAN, CmpI::slt, CmpI::ult, CmpF::OLT, CmpF::ULT},
    {Cmp::LESS_THAN_OR_EQUAL, CmpI::sle, CmpI::ule, CmpF::OLE, CmpF::ULE},
    {Cmp::GREATER_THAN, CmpI::sgt, CmpI::ugt, CmpF::OGT, CmpF::UGT},
    {Cmp::GREATER_THAN_OR_EQUAL, CmpI::sge, CmpI::uge, CmpF::OGE, CmpF::UGE}};

LogicalResult cmpiSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<arith::CmpIOp>(operation);
  for (const ComparisonNames &c : kComparisons) {
    if (op.getPredicate() == c.signedI)
      return compareInt(ctx, op.getLhs(), op.getRhs(), op.getResult(), c.cmp,
                        /*isSigned=*/true);
    if (op.getPredicate() == c.unsignedI)
      return compareInt(ctx, op.getLhs(), op.getRhs(), op.getResult(), c.cmp,
                        /*isSigned=*/false);
  }
  llvm_unreachable("every cmpi predicate names a comparison");
}

//===----------------------------------------------------------------------===//
// Floats
//===----------------------------------------------------------------------===//

template <FOp K> LogicalResult floatBinSem(ExecContext &ctx, Operation *op) {
  return floatArith(ctx, K, op->getOperand(0), op->getOperand(1), Value(),
                    op->getResult(0), ct::RoundingMode::NEAREST_EVEN,
                    /*ftz=*/false);
}

template <bool IsMax, bool PropagateNaN>
LogicalResult minMaxSem(ExecContext &ctx, Operation *op) {
  return minMaxFloat(ctx, op->getOperand(0), op->getOperand(1),
                     op->getResult(0), IsMax, PropagateNaN, /*ftz=*/false);
}

LogicalResult negfSem(ExecContext &ctx, Operation *op) {
  return signBitOp(ctx, op->getOperand(0), op->getResult(0), /*abs=*/false);
}

LogicalResult cmpfSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<arith::CmpFOp>(operation);
  using P = arith::CmpFPredicate;
  P pred = op.getPredicate();
  switch (pred) {
  case P::AlwaysFalse:
  case P::AlwaysTrue:
  case P::ORD:
  case P::UNO: {
    const Tile &a = ctx.getTile(op.getLhs());
    const Tile &b = ctx.getTile(op.getRhs());
    Tile r = makeTile(op.getResult().getType());
    for (int64_t i = 0, n = r.size(); i < n; ++i) {
      bool nan =
          std::isnan(floatAsDouble(a, i)) || std::isnan(floatAsDouble(b, i));
      bool v = pred == P::AlwaysTrue || (pred == P::ORD && !nan) ||
               (pred == P::UNO && nan);
      r.setInt(i, v);
    }
    return setResultTile(ctx, op.getResult(), std::move(r));
  }
  default:
    break;
  }
  // The predicates that compare values (the others are handled above).
  for (const ComparisonNames &c : kComparisons)
    if (pred == c.orderedF || pred == c.unorderedF)
      return compareFloat(ctx, op.getLhs(), op.getRhs(), op.getResult(), c.cmp,
                          /*unordered=*/pred == c.unorderedF);
  llvm_unreachable("handled above");
}

LogicalResult selectSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<arith::SelectOp>(operation);
  return selectElements(ctx, op.getCondition(), op.getTrueValue(),
                        op.getFalseValue(), op.getResult());
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

/// The arith rounding modes that cuda_tile names too.
constexpr std::pair<arith::RoundingMode, ct::RoundingMode> kRoundingModes[] = {
    {arith::RoundingMode::to_nearest_even, ct::RoundingMode::NEAREST_EVEN},
    {arith::RoundingMode::downward, ct::RoundingMode::NEGATIVE_INF},
    {arith::RoundingMode::upward, ct::RoundingMode::POSITIVE_INF},
    {arith::RoundingMode::toward_zero, ct::RoundingMode::ZERO}};

/// The cuda_tile rounding mode of an optional arith one (none: nearest
/// even); nullopt for to_nearest_away, which cuda_tile has no name for.
std::optional<ct::RoundingMode>
ctRoundingOf(std::optional<arith::RoundingMode> mode) {
  if (!mode)
    return ct::RoundingMode::NEAREST_EVEN;
  for (auto [from, to] : kRoundingModes)
    if (*mode == from)
      return to;
  return std::nullopt;
}

/// extf and truncf: one IEEE conversion under the rounding mode (nearest
/// even unless truncf names another); to_nearest_away runs through APFloat
/// here.
LogicalResult convertFSem(ExecContext &ctx, Operation *op,
                          std::optional<arith::RoundingMode> mode) {
  std::optional<ct::RoundingMode> rm = ctRoundingOf(mode);
  if (!rm) {
    const Tile &a = ctx.getTile(op->getOperand(0));
    Tile r = makeTile(op->getResult(0).getType());
    const llvm::fltSemantics &sem = *semantics(r.elemType());
    for (int64_t i = 0, n = r.size(); i < n; ++i) {
      APFloat x = a.getFloat(i);
      if (x.isNaN() && !APFloat::semanticsHasNaN(sem))
        return ctx.ub(op, "conversion of NaN to " + name(r.elemType()).str() +
                              " (no NaN encoding) at " + elementName(a, i));
      bool lost;
      x.convert(sem, APFloat::rmNearestTiesToAway, &lost);
      r.setFloat(i, x);
    }
    return setResultTile(ctx, op->getResult(0), std::move(r));
  }
  return convertFloat(ctx, op, op->getOperand(0), op->getResult(0), *rm,
                      /*arithRules=*/true);
}

LogicalResult extfSem(ExecContext &ctx, Operation *op) {
  return convertFSem(ctx, op, std::nullopt);
}

LogicalResult truncfSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<arith::TruncFOp>(operation);
  return convertFSem(ctx, op, op.getRoundingmode());
}

template <bool Signed>
LogicalResult fpToIntSem(ExecContext &ctx, Operation *op) {
  return floatToInt(ctx, op, op->getOperand(0), op->getResult(0), Signed);
}

template <bool Signed>
LogicalResult intToFpSem(ExecContext &ctx, Operation *op) {
  return intToFloat(ctx, op->getOperand(0), op->getResult(0), Signed,
                    ct::RoundingMode::NEAREST_EVEN);
}

template <bool Signed> LogicalResult extISem(ExecContext &ctx, Operation *op) {
  return extendInt(ctx, op->getOperand(0), op->getResult(0), Signed);
}

LogicalResult trunciSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<arith::TruncIOp>(operation);
  return truncInt(ctx, op, op.getIn(), op.getOut(),
                  overflowOf(op.getOverflowFlags()));
}

/// index_cast (sign-extends) and index_castui (zero-extends) between index
/// (64 bits) and a fixed-width integer; narrowing truncates.
template <bool Signed>
LogicalResult indexCastSem(ExecContext &ctx, Operation *op) {
  const Tile &a = ctx.getTile(op->getOperand(0));
  Tile r = makeTile(op->getResult(0).getType());
  for (int64_t i = 0, n = r.size(); i < n; ++i)
    r.setInt(i, Signed ? static_cast<uint64_t>(a.getSInt(i)) : a.getUInt(i));
  return setResultTile(ctx, op->getResult(0), std::move(r));
}

LogicalResult bitcastSem(ExecContext &ctx, Operation *op) {
  return copyBytes(ctx, op, op->getOperand(0), op->getResult(0));
}

LogicalResult constantSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<arith::ConstantOp>(operation);
  if (!isTileLike(op.getType()))
    return ctx.error(op, "constant of a type the interpreter cannot hold");
  Tile t = makeTile(op.getType());
  if (!fillFromAttr(t, op.getValue()))
    return ctx.error(op, "unsupported constant value");
  return setResultTile(ctx, op.getResult(), std::move(t));
}

/// The scale of scaling_extf/scaling_truncf as a value of `to`: scales of
/// 16 bits or more are first truncated to f8E8M0FNU, as MLIR's expansion
/// of these ops does, then converted to nearest.
APFloat scaleAs(const Tile &scale, int64_t i, ElemType to) {
  APFloat s = scale.getFloat(i);
  bool lost;
  if (bitWidth(scale.elemType()) >= 16)
    s.convert(*semantics(ElemType::F8E8M0FNU), APFloat::rmNearestTiesToEven,
              &lost);
  s.convert(*semantics(to), APFloat::rmNearestTiesToEven, &lost);
  return s;
}

/// scaling_extf: extf(in) * scale, in the result type.
LogicalResult scalingExtfSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<arith::ScalingExtFOp>(operation);
  const Tile &a = ctx.getTile(op.getIn());
  const Tile &s = ctx.getTile(op.getScale());
  Tile r = makeTile(op.getOut().getType());
  ElemType to = r.elemType();
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    APFloat x = a.getFloat(i);
    bool lost;
    x.convert(*semantics(to), APFloat::rmNearestTiesToEven, &lost);
    x.multiply(scaleAs(s, i, to), APFloat::rmNearestTiesToEven);
    r.setFloat(i, x);
  }
  return setResultTile(ctx, op.getOut(), std::move(r));
}

/// scaling_truncf: truncf(in / scale), the division in the input type.
LogicalResult scalingTruncfSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<arith::ScalingTruncFOp>(operation);
  const Tile &a = ctx.getTile(op.getIn());
  const Tile &s = ctx.getTile(op.getScale());
  Tile r = makeTile(op.getOut().getType());
  std::optional<ct::RoundingMode> rm = ctRoundingOf(op.getRoundingmode());
  APFloat::roundingMode mode =
      rm ? toAPRounding(*rm) : APFloat::rmNearestTiesToAway;
  const llvm::fltSemantics &sem = *semantics(r.elemType());
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    APFloat x = a.getFloat(i);
    x.divide(scaleAs(s, i, a.elemType()), APFloat::rmNearestTiesToEven);
    if (x.isNaN() && !APFloat::semanticsHasNaN(sem))
      return ctx.ub(op, "scaling_truncf of NaN to " + name(r.elemType()).str() +
                            " (no NaN encoding) at " + elementName(a, i));
    bool lost;
    x.convert(sem, mode, &lost);
    r.setFloat(i, x);
  }
  return setResultTile(ctx, op.getOut(), std::move(r));
}

} // namespace

void registerArithSemantics(SemanticsRegistry &r) {
  using namespace arith;
  using RM = ct::RoundingMode;
  add<ConstantOp>(r, constantSem);
  // Integers.
  add<AddIOp>(r, flaggedIntSem<AddIOp, IntOp::Add>);
  add<SubIOp>(r, flaggedIntSem<SubIOp, IntOp::Sub>);
  add<MulIOp>(r, flaggedIntSem<MulIOp, IntOp::Mul>);
  add<ShLIOp>(r, flaggedIntSem<ShLIOp, IntOp::Shl>);
  add<ShRSIOp>(r, plainIntSem<IntOp::ShrS>);
  add<ShRUIOp>(r, plainIntSem<IntOp::ShrU>);
  add<AndIOp>(r, plainIntSem<IntOp::And>);
  add<OrIOp>(r, plainIntSem<IntOp::Or>);
  add<XOrIOp>(r, plainIntSem<IntOp::Xor>);
  add<MaxSIOp>(r, plainIntSem<IntOp::MaxS>);
  add<MaxUIOp>(r, plainIntSem<IntOp::MaxU>);
  add<MinSIOp>(r, plainIntSem<IntOp::MinS>);
  add<MinUIOp>(r, plainIntSem<IntOp::MinU>);
  add<DivSIOp>(r, plainIntSem<IntOp::Div, true, RM::ZERO>);
  add<DivUIOp>(r, plainIntSem<IntOp::Div, false, RM::ZERO>);
  add<CeilDivSIOp>(r, plainIntSem<IntOp::Div, true, RM::POSITIVE_INF>);
  add<CeilDivUIOp>(r, plainIntSem<IntOp::Div, false, RM::POSITIVE_INF>);
  add<FloorDivSIOp>(r, plainIntSem<IntOp::Div, true, RM::NEGATIVE_INF>);
  add<RemSIOp>(r, plainIntSem<IntOp::Rem, true>);
  add<RemUIOp>(r, plainIntSem<IntOp::Rem, false>);
  add<AddUIExtendedOp>(r, addUIExtendedSem);
  add<MulSIExtendedOp>(r, mulExtendedSem<MulSIExtendedOp, true>);
  add<MulUIExtendedOp>(r, mulExtendedSem<MulUIExtendedOp, false>);
  add<CmpIOp>(r, cmpiSem);
  add<SelectOp>(r, selectSem);
  // Floats.
  add<AddFOp>(r, withFastMath<floatBinSem<FOp::Add>>);
  add<SubFOp>(r, withFastMath<floatBinSem<FOp::Sub>>);
  add<MulFOp>(r, withFastMath<floatBinSem<FOp::Mul>>);
  add<DivFOp>(r, withFastMath<floatBinSem<FOp::Div>>);
  add<RemFOp>(r, withFastMath<floatBinSem<FOp::Rem>>);
  add<NegFOp>(r, withFastMath<negfSem>);
  add<MaximumFOp>(r, withFastMath<minMaxSem<true, true>>);
  add<MinimumFOp>(r, withFastMath<minMaxSem<false, true>>);
  add<MaxNumFOp>(r, withFastMath<minMaxSem<true, false>>);
  add<MinNumFOp>(r, withFastMath<minMaxSem<false, false>>);
  add<CmpFOp>(r, withFastMath<cmpfSem>);
  // Casts.
  add<ExtFOp>(r, withFastMath<extfSem>);
  add<TruncFOp>(r, withFastMath<truncfSem>);
  add<FPToSIOp>(r, fpToIntSem<true>);
  add<FPToUIOp>(r, fpToIntSem<false>);
  add<SIToFPOp>(r, intToFpSem<true>);
  add<UIToFPOp>(r, intToFpSem<false>);
  add<ExtSIOp>(r, extISem<true>);
  add<ExtUIOp>(r, extISem<false>);
  add<TruncIOp>(r, trunciSem);
  add<IndexCastOp>(r, indexCastSem<true>);
  add<IndexCastUIOp>(r, indexCastSem<false>);
  add<BitcastOp>(r, bitcastSem);
  add<ScalingExtFOp>(r, withFastMath<scalingExtfSem>);
  add<ScalingTruncFOp>(r, withFastMath<scalingTruncfSem>);
}

} // namespace tilecheck::oracle::upstream_sem
