//===- Spellings.cpp - mirrored ops to upstream arith/math ----------------===//
//
// The arith and math populators of ConvertTileAAToTileAS (seed 002), read
// from the one table of spellings, MirrorOps.def: each SPELLING line names
// the rule under which the upstream op has exactly the op's semantics. A
// pattern rewrites an nv_tileaa op into the upstream op when the rule holds
// and fails otherwise, leaving the op to the core populator, which renames
// it into its nv_tileas mirror. The rules are generic below; the Custom
// entries have one builder each (Custom<CLASS>).
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Conversion/Spellings.h"

#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Support/InjectedBugs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/DialectConversion.h"

#include <functional>
#include <type_traits>

using namespace mlir;
using namespace tilecheck;
using cuda_tile::RoundingMode;
using cuda_tile::Signedness;
using selftest::InjectedBug;
using selftest::isInjected;

namespace {

namespace aa = nv_tileaa;

/// "No upstream op" in MirrorOps.def.
struct None {};

/// Benefit of the exact rewrites over the core fallback that renames a
/// mirrored op into nv_tileas.
constexpr unsigned kExactBenefit = 2;

bool isStandardFloat(Type t) {
  Type e = mirror::elementTypeOf(t);
  return e.isF16() || e.isBF16() || e.isF32() || e.isF64();
}

/// A rewrite of SourceOp into upstream ops when `build` returns the value
/// replacing its result; null leaves the op to the core populator. The
/// discardable attributes (witnesses, layout requests) carry over.
template <typename SourceOp>
struct ExactPattern : OpConversionPattern<SourceOp> {
  using BuildFn =
      std::function<Value(SourceOp, ValueRange, ConversionPatternRewriter &)>;
  ExactPattern(MLIRContext *ctx, BuildFn build)
      : OpConversionPattern<SourceOp>(ctx, kExactBenefit),
        build(std::move(build)) {}
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value repl = build(op, adaptor.getOperands(), rewriter);
    if (!repl)
      return rewriter.notifyMatchFailure(op, "no exactly equal upstream op");
    for (NamedAttribute na : op->getDiscardableAttrs())
      repl.getDefiningOp()->setAttr(na.getName(), na.getValue());
    rewriter.replaceOp(op, repl);
    return success();
  }
  BuildFn build;
};

template <typename SourceOp>
void addExact(RewritePatternSet &p,
              typename ExactPattern<SourceOp>::BuildFn build) {
  p.add<ExactPattern<SourceOp>>(p.getContext(), std::move(build));
}

/// Target with the op's operands and result types.
template <typename Target>
Value same(Operation *op, ValueRange operands, OpBuilder &b) {
  return Target::create(b, op->getLoc(), op->getResultTypes(), operands)
      ->getResult(0);
}

/// UPSTREAM with the op's operands when `exact(op)` holds; ALT instead for
/// an unsigned op when the entry names one.
template <typename S, typename U, typename A>
void addWhen(RewritePatternSet &p, bool (*exact)(S)) {
  addExact<S>(
      p, [exact](S op, ValueRange o, ConversionPatternRewriter &r) -> Value {
        if (!exact(op))
          return {};
        if constexpr (!std::is_same_v<A, None>)
          if (op.getSignedness() != Signedness::Signed)
            return same<A>(op, o, r);
        return same<U>(op, o, r);
      });
}

arith::IntegerOverflowFlags overflowFlags(cuda_tile::IntegerOverflow o) {
  using O = cuda_tile::IntegerOverflow;
  using Flags = arith::IntegerOverflowFlags;
  bool nsw = o == O::NSW || o == O::NW, nuw = o == O::NUW || o == O::NW;
  return (nsw ? Flags::nsw : Flags::none) | (nuw ? Flags::nuw : Flags::none);
}

//===----------------------------------------------------------------------===//
// The rules of MirrorOps.def
//===----------------------------------------------------------------------===//

template <typename S, typename U, typename A>
void spellAlways(RewritePatternSet &p) {
  addWhen<S, U, None>(p, [](S) { return true; });
}

template <typename S, typename U, typename A>
void spellOverflow(RewritePatternSet &p) {
  addExact<S>(p, [](S op, ValueRange o, ConversionPatternRewriter &r) -> Value {
    return U::create(r, op.getLoc(), o[0], o[1],
                     overflowFlags(op.getOverflow()))
        .getResult();
  });
}

template <typename S, typename U, typename A>
void spellSigned(RewritePatternSet &p) {
  addWhen<S, U, A>(p, [](S) { return true; });
}

template <typename S, typename U, typename A>
void spellNearestEven(RewritePatternSet &p) {
  addWhen<S, U, None>(p, [](S op) {
    return op.getRoundingMode() == RoundingMode::NEAREST_EVEN &&
           !op.getFlushToZero();
  });
}

template <typename S, typename U, typename A>
void spellFull(RewritePatternSet &p) {
  addWhen<S, U, None>(
      p, [](S op) { return op.getRoundingMode() == RoundingMode::FULL; });
}

template <typename S, typename U, typename A>
void spellNoFtz(RewritePatternSet &p) {
  addWhen<S, U, None>(p, [](S op) { return !op.getFlushToZero(); });
}

/// The builders of the Custom entries, one specialization per class.
template <typename S> struct Custom;

template <typename S, typename U, typename A>
void spellCustom(RewritePatternSet &p) {
  Custom<S>::template add<U, A>(p);
}

template <typename S, typename U, typename A>
void spellMirror(RewritePatternSet &) {}
template <typename S, typename U, typename A>
void spellCore(RewritePatternSet &) {}

//===----------------------------------------------------------------------===//
// Custom entries
//===----------------------------------------------------------------------===//

template <> struct Custom<aa::MulhiIOp> {
  template <typename U, typename> static void add(RewritePatternSet &p) {
    addExact<aa::MulhiIOp>(
        p, [](aa::MulhiIOp op, ValueRange o, ConversionPatternRewriter &r) {
          return U::create(r, op.getLoc(), o[0], o[1]).getHigh();
        });
  }
};

template <> struct Custom<aa::DivIOp> {
  template <typename Signed, typename Unsigned>
  static void add(RewritePatternSet &p) {
    addExact<aa::DivIOp>(
        p,
        [](aa::DivIOp op, ValueRange o, ConversionPatternRewriter &r) -> Value {
          bool s = op.getSignedness() == Signedness::Signed;
          switch (op.getRounding()) {
          case RoundingMode::ZERO:
            return s ? same<Signed>(op, o, r) : same<Unsigned>(op, o, r);
          case RoundingMode::NEGATIVE_INF:
            if (!s)
              return {};
            // Self-test bug "divi-floor": floor division as truncating
            // division.
            if (isInjected(InjectedBug::DivIFloor))
              return same<Signed>(op, o, r);
            return same<arith::FloorDivSIOp>(op, o, r);
          case RoundingMode::POSITIVE_INF:
            return s ? same<arith::CeilDivSIOp>(op, o, r)
                     : same<arith::CeilDivUIOp>(op, o, r);
          default:
            return {};
          }
        });
  }
};

template <> struct Custom<aa::CmpIOp> {
  template <typename U, typename> static void add(RewritePatternSet &p) {
    addExact<aa::CmpIOp>(
        p,
        [](aa::CmpIOp op, ValueRange o, ConversionPatternRewriter &r) -> Value {
          bool isSigned = op.getSignedness() == Signedness::Signed;
          // Self-test bug "cmpi-signedness": every ordering predicate signed.
          if (isInjected(InjectedBug::CmpISignedness))
            isSigned = true;
          return U::create(
              r, op.getLoc(),
              conversion::cmpiPredicate(op.getComparisonPredicate(), isSigned),
              o[0], o[1]);
        });
  }
};

template <> struct Custom<aa::CmpFOp> {
  template <typename U, typename> static void add(RewritePatternSet &p) {
    addExact<aa::CmpFOp>(
        p,
        [](aa::CmpFOp op, ValueRange o, ConversionPatternRewriter &r) -> Value {
          bool ordered = op.getComparisonOrdering() ==
                         cuda_tile::ComparisonOrdering::ORDERED;
          return U::create(
              r, op.getLoc(),
              conversion::cmpfPredicate(op.getComparisonPredicate(), ordered),
              o[0], o[1]);
        });
  }
};

template <> struct Custom<aa::FToFOp> {
  template <typename Ext, typename Trunc>
  static void add(RewritePatternSet &p) {
    addExact<aa::FToFOp>(
        p,
        [](aa::FToFOp op, ValueRange o, ConversionPatternRewriter &r) -> Value {
          Type from = op.getFrom().getType(), to = op.getTo().getType();
          // Self-test bug "ftof-rounding": every float pair arith can convert
          // is handed to truncf/extf, whose rounding is nearest-even, whatever
          // the ftof's rounding mode (the verifier allows directed modes only
          // for conversions to the f8E8M0FNU scale format).
          bool buggy = isInjected(InjectedBug::FToFRounding);
          if (!buggy && (!isStandardFloat(from) || !isStandardFloat(to) ||
                         op.getRoundingMode() != RoundingMode::NEAREST_EVEN))
            return {};
          unsigned fw = mirror::bitWidthOfFloat(from);
          unsigned tw = mirror::bitWidthOfFloat(to);
          if (tw > fw)
            return same<Ext>(op, o, r);
          if (tw < fw)
            return same<Trunc>(op, o, r);
          return {};
        });
  }
};

template <> struct Custom<aa::IToFOp> {
  template <typename U, typename A> static void add(RewritePatternSet &p) {
    addWhen<aa::IToFOp, U, A>(p, [](aa::IToFOp op) {
      return isStandardFloat(op.getTo().getType()) &&
             op.getRoundingMode() == RoundingMode::NEAREST_EVEN;
    });
  }
};

template <> struct Custom<aa::FToIOp> {
  template <typename U, typename A> static void add(RewritePatternSet &p) {
    addWhen<aa::FToIOp, U, A>(p, [](aa::FToIOp op) {
      return isStandardFloat(op.getFrom().getType()) &&
             op.getRoundingMode() == RoundingMode::NEAREST_INT_TO_ZERO;
    });
  }
};

template <> struct Custom<aa::TruncIOp> {
  template <typename U, typename A> static void add(RewritePatternSet &p) {
    addWhen<aa::TruncIOp, U, A>(p, [](aa::TruncIOp op) {
      return op.getOverflow() == cuda_tile::IntegerOverflow::NONE;
    });
  }
};

template <> struct Custom<aa::BitcastOp> {
  template <typename U, typename A> static void add(RewritePatternSet &p) {
    // arith.bitcast needs whole bytes; sub-byte formats stay mirrors.
    addWhen<aa::BitcastOp, U, A>(p, [](aa::BitcastOp op) {
      Type from = mirror::elementTypeOf(op.getSource().getType());
      Type to = mirror::elementTypeOf(op.getResult().getType());
      return from.getIntOrFloatBitWidth() % 8 == 0 &&
             to.getIntOrFloatBitWidth() % 8 == 0;
    });
  }
};

template <> struct Custom<aa::ConstantOp> {
  template <typename U, typename> static void add(RewritePatternSet &p) {
    addExact<aa::ConstantOp>(
        p,
        [](aa::ConstantOp op, ValueRange,
           ConversionPatternRewriter &r) -> Value {
          auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
          if (!dense)
            return {};
          Type type = op.getResult().getType();
          TypedAttr value = dense;
          if (!isa<RankedTensorType>(type))
            value = cast<TypedAttr>(dense.getSplatValue<Attribute>());
          return U::create(r, op.getLoc(), type, value);
        });
  }
};

/// The name of upstream op class U ("" for None).
template <typename U> std::string upstreamName() {
  if constexpr (std::is_same_v<U, None>)
    return "";
  else
    return U::getOperationName().str();
}

/// The dialect namespace of upstream op class U ("" for None).
template <typename U> StringRef dialectOf() {
  if constexpr (std::is_same_v<U, None>)
    return "";
  else
    return U::getOperationName().split('.').first;
}

/// Adds the patterns of every entry whose upstream op is in `dialect`.
void populate(RewritePatternSet &p, StringRef dialect) {
#define SPELLING(CLASS, MNEMONIC, RULE, UPSTREAM, ALT, WHY)                    \
  if (dialectOf<UPSTREAM>() == dialect)                                        \
    spell##RULE<aa::CLASS, UPSTREAM, ALT>(p);
#include "tilecheck/Dialect/Mirror/MirrorOps.def"
}

} // namespace

void conversion::populateArithSpellings(RewritePatternSet &patterns) {
  populate(patterns, "arith");
}

void conversion::populateMathSpellings(RewritePatternSet &patterns) {
  populate(patterns, "math");
}

std::vector<conversion::Spelling> conversion::spellingTable() {
  std::vector<Spelling> table;
#define SPELLING(CLASS, MNEMONIC, RULE, UPSTREAM, ALT, WHY)                    \
  table.push_back(Spelling{MNEMONIC, #RULE, upstreamName<UPSTREAM>(),          \
                           upstreamName<ALT>(), WHY});
#include "tilecheck/Dialect/Mirror/MirrorOps.def"
  return table;
}

//===----------------------------------------------------------------------===//
// Comparison predicates
//===----------------------------------------------------------------------===//

namespace {
using P = cuda_tile::ComparisonPredicate;
using I = arith::CmpIPredicate;
using F = arith::CmpFPredicate;

/// The arith predicates of a comparison: cmpi's signed and unsigned,
/// cmpf's ordered and unordered one.
struct Predicates {
  I isigned, iunsigned;
  F fordered, funordered;
};
Predicates predicatesOf(P p) {
  switch (p) {
  case P::EQUAL:
    break; // below, where a value outside the enum also lands
  case P::NOT_EQUAL:
    return {I::ne, I::ne, F::ONE, F::UNE};
  case P::LESS_THAN:
    return {I::slt, I::ult, F::OLT, F::ULT};
  case P::LESS_THAN_OR_EQUAL:
    return {I::sle, I::ule, F::OLE, F::ULE};
  case P::GREATER_THAN:
    return {I::sgt, I::ugt, F::OGT, F::UGT};
  case P::GREATER_THAN_OR_EQUAL:
    return {I::sge, I::uge, F::OGE, F::UGE};
  }
  return {I::eq, I::eq, F::OEQ, F::UEQ};
}
} // namespace

arith::CmpIPredicate tilecheck::conversion::cmpiPredicate(P p, bool isSigned) {
  Predicates of = predicatesOf(p);
  return isSigned ? of.isigned : of.iunsigned;
}

arith::CmpFPredicate tilecheck::conversion::cmpfPredicate(P p, bool ordered) {
  Predicates of = predicatesOf(p);
  return ordered ? of.fordered : of.funordered;
}
