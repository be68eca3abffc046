//===- MathSemantics.cpp - cuda_tile math op semantics --------------------===//
//
// ULP policy. The transcendental ops (exp, exp2, log, log2, sin, cos, tan,
// sinh, cosh, tanh, pow, atan2, rsqrt) follow CUDA math accuracy, which is
// stated as a bound in ULPs, not as a bit pattern. The interpreter result is
// the host libm's: f32 through the float functions (expf, sinf, ...), f64
// through the double ones, f16/bf16 converted exactly to f32, computed
// there (as the spec emulates them) and rounded to the format to nearest
// even. rsqrt is 1/sqrt evaluated in the next wider host type. `approx`
// forms (exp, tanh) return the same value as `full`. A GPU result is
// therefore never compared bit for bit with these: the comparison library
// (Compare.h, ResultClass::MathFunction) allows a per-op, per-type ULP
// tolerance, and NaN/inf/zero classes must match exactly.
//
// sqrt, floor and ceil are exact and compared bit for bit: sqrt is the
// correctly rounded root under the op's IEEE rounding mode (approx, f32
// only, returns the correctly rounded value and relies on the ULP bound),
// floor/ceil produce integral values that every format represents.
// flush_to_zero (exp2, rsqrt, sqrt; f32 only) flushes subnormal inputs and
// results to zero of the same sign.
//
//===----------------------------------------------------------------------===//

#include "NumericUtil.h"

#include <cmath>

using namespace mlir;
using namespace tilecheck::cuda_tile;
using llvm::APFloat;

namespace tilecheck::oracle::cuda_tile_sem {

namespace {

/// Stores a float computed in f32 into an f16/bf16 element, rounding to
/// nearest even.
void storeRounded(Tile &r, int64_t i, float v) {
  APFloat f(v);
  bool lost;
  f.convert(*semantics(r.elemType()), APFloat::rmNearestTiesToEven, &lost);
  r.setFloat(i, f);
}

/// The element loops of unaryMath and binaryMath: element i of `r` is f64
/// (f64 results) or f32 (f32 results) of element i of each of `in`, or for
/// f16/bf16 f32 of the widened elements, rounded back to the format.
template <typename F32Op, typename F64Op, typename... Tiles>
void mathLoop(Tile &r, F32Op f32, F64Op f64, const Tiles &...in) {
  ElemType t = r.elemType();
  int64_t n = r.size();
  if (t == ElemType::F64) {
    for (int64_t i = 0; i < n; ++i)
      storeAt<double>(r.data(), i, f64(loadAt<double>(in.data(), i)...));
  } else if (t == ElemType::F32) {
    for (int64_t i = 0; i < n; ++i)
      storeAt<float>(r.data(), i, f32(loadAt<float>(in.data(), i)...));
  } else {
    for (int64_t i = 0; i < n; ++i)
      storeRounded(r, i,
                   f32(static_cast<float>(loadAsDouble(t, in.data(), i))...));
  }
}

} // namespace

LogicalResult unaryMath(ExecContext &ctx, Value src, Value result, F32Fn f32,
                        F64Fn f64, bool ftz) {
  const Tile &a = ctx.getTile(src);
  Tile r = makeTile(result.getType());
  if (ftz && r.elemType() == ElemType::F32)
    mathLoop(
        r, [f32](float x) { return flushF32(f32(flushF32(x))); }, f64, a);
  else
    mathLoop(r, f32, f64, a);
  return setResultTile(ctx, result, std::move(r));
}

LogicalResult binaryMath(ExecContext &ctx, Value lhs, Value rhs, Value result,
                         F32Fn2 f32, F64Fn2 f64) {
  const Tile &a = ctx.getTile(lhs);
  const Tile &b = ctx.getTile(rhs);
  Tile r = makeTile(result.getType());
  mathLoop(r, f32, f64, a, b);
  return setResultTile(ctx, result, std::move(r));
}

/// 1/sqrt in the wider type, then one rounding to the narrower one.
float rsqrtF(float x) {
  return static_cast<float>(1.0 / ::sqrt(static_cast<double>(x)));
}
double rsqrtD(double x) {
  return static_cast<double>(1.0L / ::sqrtl(static_cast<long double>(x)));
}

namespace {

template <typename OpT, F32Fn F, F64Fn D>
LogicalResult unarySem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  return unaryMath(ctx, op.getSource(), op.getResult(), F, D, false);
}

template <typename OpT, F32Fn F, F64Fn D>
LogicalResult unaryFtzSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  return unaryMath(ctx, op.getSource(), op.getResult(), F, D,
                   op.getFlushToZero());
}

template <class Ops>
LogicalResult powSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::PowOp>(operation);
  return binaryMath(ctx, op.getSource(), op.getExponent(), op.getResult(), powF,
                    powD);
}

template <class Ops>
LogicalResult atan2Sem(ExecContext &ctx, Operation *operation) {
  // atan2 %x, %y is the angle of x / y: C's atan2(x, y) argument order.
  auto op = cast<typename Ops::Atan2Op>(operation);
  return binaryMath(ctx, op.getX(), op.getY(), op.getResult(), atan2F, atan2D);
}

/// Square root of `x` in its own format, correctly rounded under `mode`.
/// The nearest root r comes from the host (for f16/bf16 via double, where
/// rounding twice to nearest is innocuous); r*r is exact in binary128, so
/// comparing it with x tells on which side of the true root r lies, and
/// directed modes step r by one ulp when it lies on the wrong side.
APFloat sqrtExact(const APFloat &x, APFloat::roundingMode mode) {
  const llvm::fltSemantics &sem = x.getSemantics();
  if (x.isNaN() || x.isZero() || (x.isInfinity() && !x.isNegative()))
    return x;
  if (x.isNegative())
    return APFloat::getNaN(sem);
  bool lost;
  APFloat r(0.0);
  if (&sem == &APFloat::IEEEsingle()) {
    r = APFloat(std::sqrt(x.convertToFloat()));
  } else {
    APFloat xd = x;
    xd.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
    r = APFloat(std::sqrt(xd.convertToDouble()));
    r.convert(sem, APFloat::rmNearestTiesToEven, &lost);
  }
  if (mode == APFloat::rmNearestTiesToEven)
    return r;
  APFloat sq = r, xq = x;
  sq.convert(APFloat::IEEEquad(), APFloat::rmNearestTiesToEven, &lost);
  xq.convert(APFloat::IEEEquad(), APFloat::rmNearestTiesToEven, &lost);
  APFloat rq = sq;
  sq.multiply(rq, APFloat::rmNearestTiesToEven);
  APFloat::cmpResult c = sq.compare(xq);
  if (c == APFloat::cmpEqual)
    return r;
  bool above = c == APFloat::cmpGreaterThan; // r > sqrt(x)
  if (mode == APFloat::rmTowardPositive) {
    if (!above)
      r.next(/*nextDown=*/false);
  } else if (above) { // toward zero / negative: the root is positive
    r.next(/*nextDown=*/true);
  }
  return r;
}

} // namespace

LogicalResult sqrtFloat(ExecContext &ctx, Value src, Value result,
                        RoundingMode rm, bool ftz) {
  bool nearest = rm == RoundingMode::NEAREST_EVEN ||
                 rm == RoundingMode::APPROX || rm == RoundingMode::FULL;
  ElemType t = elemTypeOfTile(result.getType());
  ftz = ftz && t == ElemType::F32;
  if (nearest && (t == ElemType::F32 || t == ElemType::F64))
    return unaryMath(
        ctx, src, result, [](float x) { return std::sqrt(x); },
        [](double x) { return std::sqrt(x); }, ftz);
  const Tile &a = ctx.getTile(src);
  Tile r = makeTile(result.getType());
  APFloat::roundingMode mode = toAPRounding(rm);
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    APFloat x = a.getFloat(i);
    if (ftz)
      flushAP(x);
    APFloat v = sqrtExact(x, mode);
    if (ftz)
      flushAP(v);
    r.setFloat(i, v);
  }
  return setResultTile(ctx, result, std::move(r));
}

namespace {

template <class Ops>
LogicalResult sqrtSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::SqrtOp>(operation);
  return sqrtFloat(ctx, op.getSource(), op.getResult(), op.getRoundingMode(),
                   op.getFlushToZero());
}

} // namespace

template <class Ops> void registerMathFor(SemanticsRegistry &r) {
  add<typename Ops::ExpOp>(r, unarySem<typename Ops::ExpOp, expF, expD>);
  add<typename Ops::Exp2Op>(r, unaryFtzSem<typename Ops::Exp2Op, exp2F, exp2D>);
  add<typename Ops::LogOp>(r, unarySem<typename Ops::LogOp, logF, logD>);
  add<typename Ops::Log2Op>(r, unarySem<typename Ops::Log2Op, log2F, log2D>);
  add<typename Ops::SinOp>(r, unarySem<typename Ops::SinOp, sinF, sinD>);
  add<typename Ops::CosOp>(r, unarySem<typename Ops::CosOp, cosF, cosD>);
  add<typename Ops::TanOp>(r, unarySem<typename Ops::TanOp, tanF, tanD>);
  add<typename Ops::SinHOp>(r, unarySem<typename Ops::SinHOp, sinhF, sinhD>);
  add<typename Ops::CosHOp>(r, unarySem<typename Ops::CosHOp, coshF, coshD>);
  add<typename Ops::TanHOp>(r, unarySem<typename Ops::TanHOp, tanhF, tanhD>);
  add<typename Ops::FloorOp>(r,
                             unarySem<typename Ops::FloorOp, floorF, floorD>);
  add<typename Ops::CeilOp>(r, unarySem<typename Ops::CeilOp, ceilF, ceilD>);
  add<typename Ops::RsqrtOp>(
      r, unaryFtzSem<typename Ops::RsqrtOp, rsqrtF, rsqrtD>);
  add<typename Ops::PowOp>(r, powSem<Ops>);
  add<typename Ops::Atan2Op>(r, atan2Sem<Ops>);
  add<typename Ops::SqrtOp>(r, sqrtSem<Ops>);
}

TILECHECK_INSTANTIATE_FOR_MIRRORS(registerMathFor)

} // namespace tilecheck::oracle::cuda_tile_sem
