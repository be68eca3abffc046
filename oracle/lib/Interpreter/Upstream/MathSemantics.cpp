//===- MathSemantics.cpp - upstream math op semantics ---------------------===//
//
// The math dialect on builtin tensors and scalars. The ULP policy is
// cuda_tile's (CudaTile/MathSemantics.cpp): transcendental functions come
// from the host libm (f32 through the float function, f64 through the
// double one, f16/bf16 through the float one rounded to nearest even) and
// are compared within a per-op ULP tolerance, never bit for bit. Exact ops
// are exact: sqrt (correctly rounded), floor, ceil, trunc, round (halfway
// away from zero), roundeven, absf, copysign, fma (one rounding), clampf,
// the classification ops and the integer ops (absi wraps MIN to itself,
// ctlz/cttz of 0 are the bit width, ipowi wraps).
//
// Choices where MLIR is silent or unclear:
//  - clampf: values below `min` give `min`, above `max` give `max`,
//    otherwise the value itself (a NaN value stays NaN); the formula in the
//    op's description (maxf(minf(value, min), max)) cannot be meant
//    literally.
//  - ipowi with a negative exponent: 1 and -1 give 1 and (-1)^n, 0 is a
//    division by zero (undefined behaviour), every other base gives 0 (the
//    truncated quotient 1 / base^n).
//  - fpowi: pow(base, double(power)), so it shares powf's ULP tolerance.
//
//===----------------------------------------------------------------------===//

#include "Upstream.h"

#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

using namespace mlir;
namespace ct = ::tilecheck::cuda_tile;
using llvm::APFloat;

namespace tilecheck::oracle::upstream_sem {

using namespace cuda_tile_sem;

namespace {

// libm functions that cuda_tile has no op for (NumericUtil.h has the
// others), as plain function pointers.
float acosF(float x) { return ::acosf(x); }
double acosD(double x) { return ::acos(x); }
float asinF(float x) { return ::asinf(x); }
double asinD(double x) { return ::asin(x); }
float atanF(float x) { return ::atanf(x); }
double atanD(double x) { return ::atan(x); }
float acoshF(float x) { return ::acoshf(x); }
double acoshD(double x) { return ::acosh(x); }
float asinhF(float x) { return ::asinhf(x); }
double asinhD(double x) { return ::asinh(x); }
float atanhF(float x) { return ::atanhf(x); }
double atanhD(double x) { return ::atanh(x); }
float cbrtF(float x) { return ::cbrtf(x); }
double cbrtD(double x) { return ::cbrt(x); }
float erfF(float x) { return ::erff(x); }
double erfD(double x) { return ::erf(x); }
float erfcF(float x) { return ::erfcf(x); }
double erfcD(double x) { return ::erfc(x); }
float expm1F(float x) { return ::expm1f(x); }
double expm1D(double x) { return ::expm1(x); }
float log10F(float x) { return ::log10f(x); }
double log10D(double x) { return ::log10(x); }
float log1pF(float x) { return ::log1pf(x); }
double log1pD(double x) { return ::log1p(x); }
float truncF(float x) { return ::truncf(x); }
double truncD(double x) { return ::trunc(x); }
float roundF(float x) { return ::roundf(x); }
double roundD(double x) { return ::round(x); }
// Ties to even regardless of the host's rounding mode: x + 0.5 rounded
// away and corrected on exact ties.
template <typename T> T roundEven(T x) {
  T r = std::round(x);
  if (std::fabs(r - x) == T(0.5))
    r = T(2) * std::round(x / T(2));
  return r;
}
float roundEvenF(float x) { return roundEven(x); }
double roundEvenD(double x) { return roundEven(x); }

template <F32Fn F, F64Fn D>
LogicalResult unarySem(ExecContext &ctx, Operation *op) {
  return unaryMath(ctx, op->getOperand(0), op->getResult(0), F, D,
                   /*ftz=*/false);
}

template <F32Fn2 F, F64Fn2 D>
LogicalResult binarySem(ExecContext &ctx, Operation *op) {
  return binaryMath(ctx, op->getOperand(0), op->getOperand(1), op->getResult(0),
                    F, D);
}

LogicalResult sqrtSem(ExecContext &ctx, Operation *op) {
  return sqrtFloat(ctx, op->getOperand(0), op->getResult(0),
                   ct::RoundingMode::NEAREST_EVEN, /*ftz=*/false);
}

LogicalResult absfSem(ExecContext &ctx, Operation *op) {
  return signBitOp(ctx, op->getOperand(0), op->getResult(0), /*abs=*/true);
}

LogicalResult absiSem(ExecContext &ctx, Operation *op) {
  return absInt(ctx, op->getOperand(0), op->getResult(0));
}

LogicalResult fmaSem(ExecContext &ctx, Operation *op) {
  return floatArith(ctx, FOp::Fma, op->getOperand(0), op->getOperand(1),
                    op->getOperand(2), op->getResult(0),
                    ct::RoundingMode::NEAREST_EVEN, /*ftz=*/false);
}

LogicalResult sincosSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<math::SincosOp>(operation);
  if (failed(unaryMath(ctx, op.getOperand(), op.getSin(), sinF, sinD,
                       /*ftz=*/false)))
    return failure();
  return unaryMath(ctx, op.getOperand(), op.getCos(), cosF, cosD,
                   /*ftz=*/false);
}

/// copysign: the magnitude bits of lhs with the sign bit of rhs.
LogicalResult copySignSem(ExecContext &ctx, Operation *op) {
  const Tile &a = ctx.getTile(op->getOperand(0));
  const Tile &b = ctx.getTile(op->getOperand(1));
  Tile r = makeTile(op->getResult(0).getType());
  unsigned w = bitWidth(r.elemType());
  uint64_t sign = 1ull << (w - 1);
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    uint64_t x = 0, y = 0;
    std::memcpy(&x, a.at(i), r.elemBytes());
    std::memcpy(&y, b.at(i), r.elemBytes());
    uint64_t v = (x & ~sign) | (y & sign);
    std::memcpy(r.at(i), &v, r.elemBytes());
  }
  return setResultTile(ctx, op->getResult(0), std::move(r));
}

/// clampf (see the file comment): comparisons on exact doubles, the chosen
/// operand's bits copied.
LogicalResult clampfSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<math::ClampFOp>(operation);
  const Tile &v = ctx.getTile(op.getValue());
  const Tile &lo = ctx.getTile(op.getMin());
  const Tile &hi = ctx.getTile(op.getMax());
  Tile r = makeTile(op.getResult().getType());
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    double x = floatAsDouble(v, i);
    const Tile *pick = &v;
    if (x < floatAsDouble(lo, i))
      pick = &lo;
    else if (x > floatAsDouble(hi, i))
      pick = &hi;
    std::memcpy(r.at(i), pick->at(i), r.elemBytes());
  }
  return setResultTile(ctx, op.getResult(), std::move(r));
}

/// fpowi: base ** power with an integer power, through pow in double (f32
/// and narrower round the double result once more).
LogicalResult fpowiSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<math::FPowIOp>(operation);
  const Tile &a = ctx.getTile(op.getLhs());
  const Tile &p = ctx.getTile(op.getRhs());
  Tile r = makeTile(op.getResult().getType());
  ElemType t = r.elemType();
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    double e = static_cast<double>(p.getSInt(i));
    if (t == ElemType::F64) {
      r.set<double>(i, std::pow(a.get<double>(i), e));
      continue;
    }
    // f32 and narrower: the float function when the power is exact in
    // f32, otherwise pow in double; narrower formats round once more.
    float x = static_cast<float>(floatAsDouble(a, i)); // exact
    float fe = static_cast<float>(e);
    float v = static_cast<double>(fe) == e
                  ? ::powf(x, fe)
                  : static_cast<float>(std::pow(static_cast<double>(x), e));
    APFloat f(v);
    bool lost;
    f.convert(*semantics(t), APFloat::rmNearestTiesToEven, &lost);
    r.setFloat(i, f);
  }
  return setResultTile(ctx, op.getResult(), std::move(r));
}

/// ipowi: integer power by repeated squaring, wrapping at the width.
LogicalResult ipowiSem(ExecContext &ctx, Operation *op) {
  const Tile &a = ctx.getTile(op->getOperand(0));
  const Tile &p = ctx.getTile(op->getOperand(1));
  Tile r = makeTile(op->getResult(0).getType());
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    int64_t base = a.getSInt(i), e = p.getSInt(i);
    uint64_t v;
    if (e < 0) {
      if (base == 0)
        return ctx.ub(op, "ipowi of 0 to the negative power " +
                              std::to_string(e) + " at " + elementName(r, i));
      if (base == 1)
        v = 1;
      else if (base == -1)
        v = (e & 1) ? ~0ull : 1;
      else
        v = 0;
    } else {
      uint64_t b = static_cast<uint64_t>(base), acc = 1;
      for (uint64_t k = static_cast<uint64_t>(e); k; k >>= 1) {
        if (k & 1)
          acc *= b;
        b *= b;
      }
      v = acc;
    }
    r.setInt(i, v);
  }
  return setResultTile(ctx, op->getResult(0), std::move(r));
}

enum class BitCount { Leading, Trailing, Population };

template <BitCount K>
LogicalResult bitCountSem(ExecContext &ctx, Operation *op) {
  const Tile &a = ctx.getTile(op->getOperand(0));
  Tile r = makeTile(op->getResult(0).getType());
  unsigned w = bitWidth(r.elemType());
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    uint64_t x = a.getUInt(i);
    uint64_t c;
    if (K == BitCount::Population)
      c = static_cast<uint64_t>(__builtin_popcountll(x));
    else if (x == 0)
      c = w;
    else if (K == BitCount::Leading)
      c = static_cast<uint64_t>(__builtin_clzll(x)) - (64 - w);
    else
      c = static_cast<uint64_t>(__builtin_ctzll(x));
    r.setInt(i, c);
  }
  return setResultTile(ctx, op->getResult(0), std::move(r));
}

enum class FloatClass { Finite, Inf, NaN, Normal };

template <FloatClass K>
LogicalResult classifySem(ExecContext &ctx, Operation *op) {
  const Tile &a = ctx.getTile(op->getOperand(0));
  Tile r = makeTile(op->getResult(0).getType());
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    APFloat x = a.getFloat(i);
    bool v = false;
    switch (K) {
    case FloatClass::Finite:
      v = x.isFinite();
      break;
    case FloatClass::Inf:
      v = x.isInfinity();
      break;
    case FloatClass::NaN:
      v = x.isNaN();
      break;
    case FloatClass::Normal:
      v = x.isNormal();
      break;
    }
    r.setInt(i, v);
  }
  return setResultTile(ctx, op->getResult(0), std::move(r));
}

} // namespace

void registerMathSemantics(SemanticsRegistry &r) {
  using namespace math;
  // Transcendental (ULP-bounded).
  add<ExpOp>(r, withFastMath<unarySem<expF, expD>>);
  add<Exp2Op>(r, withFastMath<unarySem<exp2F, exp2D>>);
  add<ExpM1Op>(r, withFastMath<unarySem<expm1F, expm1D>>);
  add<LogOp>(r, withFastMath<unarySem<logF, logD>>);
  add<Log2Op>(r, withFastMath<unarySem<log2F, log2D>>);
  add<Log10Op>(r, withFastMath<unarySem<log10F, log10D>>);
  add<Log1pOp>(r, withFastMath<unarySem<log1pF, log1pD>>);
  add<SinOp>(r, withFastMath<unarySem<sinF, sinD>>);
  add<CosOp>(r, withFastMath<unarySem<cosF, cosD>>);
  add<TanOp>(r, withFastMath<unarySem<tanF, tanD>>);
  add<SinhOp>(r, withFastMath<unarySem<sinhF, sinhD>>);
  add<CoshOp>(r, withFastMath<unarySem<coshF, coshD>>);
  add<TanhOp>(r, withFastMath<unarySem<tanhF, tanhD>>);
  add<AsinOp>(r, withFastMath<unarySem<asinF, asinD>>);
  add<AcosOp>(r, withFastMath<unarySem<acosF, acosD>>);
  add<AtanOp>(r, withFastMath<unarySem<atanF, atanD>>);
  add<AsinhOp>(r, withFastMath<unarySem<asinhF, asinhD>>);
  add<AcoshOp>(r, withFastMath<unarySem<acoshF, acoshD>>);
  add<AtanhOp>(r, withFastMath<unarySem<atanhF, atanhD>>);
  add<CbrtOp>(r, withFastMath<unarySem<cbrtF, cbrtD>>);
  add<ErfOp>(r, withFastMath<unarySem<erfF, erfD>>);
  add<ErfcOp>(r, withFastMath<unarySem<erfcF, erfcD>>);
  add<RsqrtOp>(r, withFastMath<unarySem<rsqrtF, rsqrtD>>);
  add<PowFOp>(r, withFastMath<binarySem<powF, powD>>);
  add<Atan2Op>(r, withFastMath<binarySem<atan2F, atan2D>>);
  add<FPowIOp>(r, withFastMath<fpowiSem>);
  add<SincosOp>(r, withFastMath<sincosSem>);
  // Exact.
  add<SqrtOp>(r, withFastMath<sqrtSem>);
  add<FloorOp>(r, withFastMath<unarySem<floorF, floorD>>);
  add<CeilOp>(r, withFastMath<unarySem<ceilF, ceilD>>);
  add<TruncOp>(r, withFastMath<unarySem<truncF, truncD>>);
  add<RoundOp>(r, withFastMath<unarySem<roundF, roundD>>);
  add<RoundEvenOp>(r, withFastMath<unarySem<roundEvenF, roundEvenD>>);
  add<AbsFOp>(r, withFastMath<absfSem>);
  add<CopySignOp>(r, withFastMath<copySignSem>);
  add<FmaOp>(r, withFastMath<fmaSem>);
  add<ClampFOp>(r, withFastMath<clampfSem>);
  add<IsFiniteOp>(r, withFastMath<classifySem<FloatClass::Finite>>);
  add<IsInfOp>(r, withFastMath<classifySem<FloatClass::Inf>>);
  add<IsNaNOp>(r, withFastMath<classifySem<FloatClass::NaN>>);
  add<IsNormalOp>(r, withFastMath<classifySem<FloatClass::Normal>>);
  // Integers.
  add<AbsIOp>(r, absiSem);
  add<IPowIOp>(r, ipowiSem);
  add<CountLeadingZerosOp>(r, bitCountSem<BitCount::Leading>);
  add<CountTrailingZerosOp>(r, bitCountSem<BitCount::Trailing>);
  add<CtPopOp>(r, bitCountSem<BitCount::Population>);
}

} // namespace tilecheck::oracle::upstream_sem

namespace tilecheck::oracle {

void registerUpstreamSemantics(SemanticsRegistry &r) {
  upstream_sem::registerArithSemantics(r);
  upstream_sem::registerMathSemantics(r);
  upstream_sem::registerScfSemantics(r);
}

} // namespace tilecheck::oracle
