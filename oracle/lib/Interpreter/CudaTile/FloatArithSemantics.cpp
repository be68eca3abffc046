//===- FloatArithSemantics.cpp - cuda_tile float arith and cmpf -----------===//
//
// Float arithmetic is IEEE-754 in the element's own format under the op's
// rounding mode:
//  - f32/f64 with nearest_even (the default) run natively: the host's SSE
//    arithmetic is IEEE binary32/binary64 with round-to-nearest-even, so a
//    typed loop gives the exact result at full speed. flush_to_zero on f32
//    stays on that path (inputs and results are flushed around the native
//    op).
//  - f16/bf16 add/sub/mul/div/rem with nearest even run natively in f32:
//    f32 carries at least 2p+2 bits for both formats, so rounding twice (to
//    f32, then to the format) gives the format's correctly rounded value.
//  - directed rounding of f32/f64 add/sub/mul/div corrects the native
//    nearest result by the sign of its exactly computed error (directedOp).
//  - the rest (directed f16/bf16, directed fma, the corner cases that
//    directedOp declines) runs through llvm::APFloat in the element's own
//    semantics, which rounds exactly once (exact but slow, about 7 M
//    elements/s). The spec emulates f16/bf16 in f32 in these modes;
//    directed roundings compose (rounding toward a side on the f32 grid,
//    then on the coarser grid, equals rounding once), so the results agree.
//  - divf rounding<approx>/<full> (f32 only) are specified by ULP bounds;
//    the interpreter returns the correctly rounded quotient and the
//    comparison allows the bound.
// flush_to_zero applies to f32 only: subnormal inputs and subnormal
// (rounded) results become zero of the same sign.
// NaN results of ordinary arithmetic keep the host's payload; only
// maxf/minf specify a canonical NaN (NumericUtil.h).
//
//===----------------------------------------------------------------------===//

#include "NumericUtil.h"

#include <cmath>
#include <limits>
#include <type_traits>

using namespace mlir;
using namespace tilecheck::cuda_tile;
using llvm::APFloat;

namespace tilecheck::oracle::cuda_tile_sem {

namespace {

bool isNativeMode(RoundingMode rm) {
  return rm == RoundingMode::NEAREST_EVEN || rm == RoundingMode::APPROX ||
         rm == RoundingMode::FULL;
}

template <typename T> T nativeOp(FOp k, T x, T y, T z) {
  switch (k) {
  case FOp::Add:
    return x + y;
  case FOp::Sub:
    return x - y;
  case FOp::Mul:
    return x * y;
  case FOp::Div:
    return x / y;
  case FOp::Rem:
    return std::fmod(x, y);
  case FOp::Fma:
    return std::fma(x, y, z);
  }
  return T(0);
}

/// Native loop; `Ftz` flushes f32 inputs and results.
template <typename T, bool Ftz, FOp K>
void nativeLoop(const Tile &a, const Tile &b, const Tile *c, Tile &r) {
  const uint8_t *pa = a.data(), *pb = b.data();
  const uint8_t *pc = c ? c->data() : nullptr;
  uint8_t *pr = r.data();
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    T x = loadAt<T>(pa, i), y = loadAt<T>(pb, i);
    T z = K == FOp::Fma ? loadAt<T>(pc, i) : T(0);
    if constexpr (Ftz) {
      x = flushF32(x);
      y = flushF32(y);
      z = flushF32(z);
    }
    T v = nativeOp<T>(K, x, y, z);
    if constexpr (Ftz)
      v = flushF32(v);
    storeAt<T>(pr, i, v);
  }
}

/// Calls f(std::integral_constant<FOp, K>{}) for K = k, so that an element
/// loop can fix the op at compile time.
template <typename F> void withStaticFOp(FOp k, F &&f) {
  switch (k) {
  case FOp::Add:
    return f(std::integral_constant<FOp, FOp::Add>{});
  case FOp::Sub:
    return f(std::integral_constant<FOp, FOp::Sub>{});
  case FOp::Mul:
    return f(std::integral_constant<FOp, FOp::Mul>{});
  case FOp::Div:
    return f(std::integral_constant<FOp, FOp::Div>{});
  case FOp::Rem:
    return f(std::integral_constant<FOp, FOp::Rem>{});
  case FOp::Fma:
    return f(std::integral_constant<FOp, FOp::Fma>{});
  }
}

template <typename T, bool Ftz>
void nativeDispatch(FOp k, const Tile &a, const Tile &b, const Tile *c,
                    Tile &r) {
  withStaticFOp(
      k, [&](auto op) { nativeLoop<T, Ftz, decltype(op)::value>(a, b, c, r); });
}

/// Directed rounding of add/sub/mul/div on the host's nearest-even
/// arithmetic: r = the nearest result, then the sign of the exact error
/// (TwoSum for add/sub, fma residuals for mul/div, all exact while nothing
/// underflows or overflows) says on which side of r the exact value lies,
/// and r moves one ulp when the mode demands it. Cases where the error is
/// not exact or the sign of a zero depends on the mode (tiny results,
/// overflow, exact zero sums) return false and take the APFloat path.
template <typename T>
bool directedOp(FOp k, T x, T y, RoundingMode rm, T &out) {
  // Below this magnitude residuals may be subnormal and inexact.
  const T tiny = std::numeric_limits<T>::min() *
                 T(1ull << (std::numeric_limits<T>::digits + 2));
  if (!std::isfinite(x) || !std::isfinite(y)) {
    // inf/NaN operands give exact results (inf or NaN) in every mode.
    out = nativeOp<T>(k, x, y, T(0));
    return true;
  }
  T r = nativeOp<T>(k, x, y, T(0));
  if (k == FOp::Div && y == T(0)) {
    out = r; // x/0 is an exact inf (or NaN) in every mode
    return true;
  }
  if (!std::isfinite(r) || std::fabs(r) < tiny)
    return false;
  T e; // has the sign of (exact - r)
  switch (k) {
  case FOp::Add:
  case FOp::Sub: {
    T yy = k == FOp::Add ? y : -y;
    T bp = r - x;
    e = (x - (r - bp)) + (yy - bp);
    break;
  }
  case FOp::Mul:
    e = std::fma(x, y, -r);
    break;
  case FOp::Div:
    if (std::fabs(x) < tiny)
      return false;
    e = std::fma(-r, y, x); // x - r*y
    if (y < T(0))
      e = -e;
    break;
  default:
    return false;
  }
  out = r;
  if (e == T(0))
    return true;
  bool up = e > T(0);
  T inf = std::numeric_limits<T>::infinity();
  switch (rm) {
  case RoundingMode::POSITIVE_INF:
    if (up)
      out = std::nextafter(r, inf);
    break;
  case RoundingMode::NEGATIVE_INF:
    if (!up)
      out = std::nextafter(r, -inf);
    break;
  case RoundingMode::ZERO:
    if ((r > T(0)) != up)
      out = std::nextafter(r, T(0));
    break;
  default:
    break;
  }
  return true;
}

/// f16/bf16 add/sub/mul/div/rem with nearest even, evaluated in f32 and
/// rounded once more: f32 has at least 2p+2 bits for both formats, so the
/// double rounding is innocuous and the result equals the format's own
/// correctly rounded one (remainders are exact anyway).
template <FOp K>
void halfLoop(ElemType t, const Tile &a, const Tile &b, Tile &r) {
  const uint8_t *pa = a.data(), *pb = b.data();
  uint8_t *pr = r.data();
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    float x = halfToFloat(t, loadAt<uint16_t>(pa, i));
    float y = halfToFloat(t, loadAt<uint16_t>(pb, i));
    storeAt<uint16_t>(pr, i, floatToHalf(t, nativeOp<float>(K, x, y, 0.f)));
  }
}

} // namespace

/// Element-wise float op on lhs, rhs (and acc for fma) into `result`.
LogicalResult floatArith(ExecContext &ctx, FOp k, Value lhs, Value rhs,
                         Value acc, Value result, RoundingMode rm, bool ftz) {
  const Tile &a = ctx.getTile(lhs);
  const Tile &b = ctx.getTile(rhs);
  const Tile *c = acc ? &ctx.getTile(acc) : nullptr;
  Tile r = makeTile(result.getType());
  ElemType t = r.elemType();
  ftz = ftz && t == ElemType::F32;
  if (isNativeMode(rm) || k == FOp::Rem) {
    if (t == ElemType::F64) {
      nativeDispatch<double, false>(k, a, b, c, r);
      return setResultTile(ctx, result, std::move(r));
    }
    if (t == ElemType::F32) {
      if (ftz)
        nativeDispatch<float, true>(k, a, b, c, r);
      else
        nativeDispatch<float, false>(k, a, b, c, r);
      return setResultTile(ctx, result, std::move(r));
    }
  }
  if ((isNativeMode(rm) || k == FOp::Rem) &&
      (t == ElemType::F16 || t == ElemType::BF16) && k != FOp::Fma) {
    withStaticFOp(k,
                  [&](auto op) { halfLoop<decltype(op)::value>(t, a, b, r); });
    return setResultTile(ctx, result, std::move(r));
  }
  APFloat::roundingMode mode = toAPRounding(rm);
  bool directedNative = (t == ElemType::F32 || t == ElemType::F64) &&
                        k != FOp::Fma && k != FOp::Rem;
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    if (directedNative) {
      if (t == ElemType::F32) {
        float x = loadAt<float>(a.data(), i), y = loadAt<float>(b.data(), i);
        if (ftz) {
          x = flushF32(x);
          y = flushF32(y);
        }
        float v;
        if (directedOp<float>(k, x, y, rm, v)) {
          storeAt<float>(r.data(), i, ftz ? flushF32(v) : v);
          continue;
        }
      } else {
        double v;
        if (directedOp<double>(k, loadAt<double>(a.data(), i),
                               loadAt<double>(b.data(), i), rm, v)) {
          storeAt<double>(r.data(), i, v);
          continue;
        }
      }
    }
    APFloat x = a.getFloat(i), y = b.getFloat(i);

    if (ftz) {
      flushAP(x);
      flushAP(y);
    }
    switch (k) {
    case FOp::Add:
      x.add(y, mode);
      break;
    case FOp::Sub:
      x.subtract(y, mode);
      break;
    case FOp::Mul:
      x.multiply(y, mode);
      break;
    case FOp::Div:
      x.divide(y, mode);
      break;
    case FOp::Rem:
      x.mod(y);
      break; // exact, C fmod
    case FOp::Fma: {
      APFloat z = c->getFloat(i);
      if (ftz)
        flushAP(z);
      x.fusedMultiplyAdd(y, z, mode);
      break;
    }
    }
    if (ftz)
      flushAP(x);
    r.setFloat(i, x);
  }
  return setResultTile(ctx, result, std::move(r));
}

namespace {

template <typename OpT, FOp K>
LogicalResult roundedBinSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  return floatArith(ctx, K, op.getLhs(), op.getRhs(), Value(), op.getResult(),
                    op.getRoundingMode(), op.getFlushToZero());
}

template <class Ops>
LogicalResult fmaSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::FmaOp>(operation);
  return floatArith(ctx, FOp::Fma, op.getLhs(), op.getRhs(), op.getAcc(),
                    op.getResult(), op.getRoundingMode(), op.getFlushToZero());
}

template <class Ops>
LogicalResult remfSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::RemFOp>(operation);
  return floatArith(ctx, FOp::Rem, op.getLhs(), op.getRhs(), Value(),
                    op.getResult(), RoundingMode::NEAREST_EVEN, false);
}

} // namespace

/// negf/absf act on the sign bit only, so NaN payloads pass unchanged. The
/// sign is the top bit of the element's storage, except in f4E2M1FN, whose
/// four bits sit in the low half of a byte; f8E8M0FNU has none.
LogicalResult signBitOp(ExecContext &ctx, Value src, Value result, bool abs) {
  const Tile &a = ctx.getTile(src);
  Tile r = makeTile(result.getType());
  if (r.elemType() == ElemType::F8E8M0FNU)
    return ctx.error(result.getDefiningOp(),
                     "f8E8M0FNU has no sign bit to negate or clear");
  unsigned signBit =
      r.elemType() == ElemType::F4E2M1FN ? 3 : r.elemBytes() * 8 - 1;
  auto loop = [&](auto tag) {
    using B = decltype(tag);
    const B sign = B(B(1) << signBit);
    for (int64_t i = 0, n = r.size(); i < n; ++i) {
      B v = loadAt<B>(a.data(), i);
      storeAt<B>(r.data(), i, B(abs ? (v & ~sign) : (v ^ sign)));
    }
  };
  [[maybe_unused]] bool sized = dispatchUnsignedOfSize(r.elemBytes(), loop);
  assert(sized && "float elements are 1, 2, 4 or 8 bytes");
  return setResultTile(ctx, result, std::move(r));
}

namespace {

template <typename OpT, bool Abs>
LogicalResult signBitSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  return signBitOp(ctx, op.getSource(), op.getResult(), Abs);
}

/// Which operand maxf/minf return: 0 = lhs, 1 = rhs, 2 = canonical NaN.
/// IEEE 754-2019 maximum/minimum with propagate_nan, maximumNumber/
/// minimumNumber without; -0 < +0 in both.
template <typename T>
inline int pickMinMax(T x, T y, bool isMax, bool propagateNaN) {
  bool nx = std::isnan(x), ny = std::isnan(y);
  if (nx || ny) {
    if (propagateNaN || (nx && ny))
      return 2;
    return nx ? 1 : 0;
  }
  if (x == y) {
    // Equal values differ at most in the sign of zero.
    bool sx = std::signbit(x), sy = std::signbit(y);
    if (sx == sy)
      return 0;
    return (isMax ? sx : sy) ? 1 : 0;
  }
  return (isMax ? x > y : x < y) ? 0 : 1;
}

} // namespace

namespace {

/// The element loops of minMaxFloat with the direction fixed at compile
/// time (a run-time direction costs a branch per element).
template <bool IsMax>
void minMaxLoops(const Tile &a, const Tile &b, Tile &r, bool prop, bool ftz) {
  ElemType t = r.elemType();
  ftz = ftz && t == ElemType::F32;
  uint64_t nanBits = canonicalNaNBits(t);
  int64_t n = r.size();
  if (t == ElemType::F32) {
    for (int64_t i = 0; i < n; ++i) {
      float x = loadAt<float>(a.data(), i), y = loadAt<float>(b.data(), i);
      if (ftz) {
        x = flushF32(x);
        y = flushF32(y);
      }
      int k = pickMinMax(x, y, IsMax, prop);
      if (k == 2)
        storeAt<uint32_t>(r.data(), i, uint32_t(nanBits));
      else
        storeAt<float>(r.data(), i, k ? y : x);
    }
  } else if (t == ElemType::F64) {
    for (int64_t i = 0; i < n; ++i) {
      double x = loadAt<double>(a.data(), i), y = loadAt<double>(b.data(), i);
      int k = pickMinMax(x, y, IsMax, prop);
      if (k == 2)
        storeAt<uint64_t>(r.data(), i, nanBits);
      else
        storeAt<double>(r.data(), i, k ? y : x);
    }
  } else {
    // f16/bf16: compare exactly in double, return the chosen bits.
    for (int64_t i = 0; i < n; ++i) {
      double x = loadAsDouble(t, a.data(), i), y = loadAsDouble(t, b.data(), i);
      int k = pickMinMax(x, y, IsMax, prop);
      uint16_t bits = k == 2 ? uint16_t(nanBits)
                             : loadAt<uint16_t>(k ? b.data() : a.data(), i);
      storeAt<uint16_t>(r.data(), i, bits);
    }
  }
}

} // namespace

LogicalResult minMaxFloat(ExecContext &ctx, Value lhs, Value rhs, Value result,
                          bool isMax, bool prop, bool ftz) {
  const Tile &a = ctx.getTile(lhs);
  const Tile &b = ctx.getTile(rhs);
  Tile r = makeTile(result.getType());
  if (isMax)
    minMaxLoops<true>(a, b, r, prop, ftz);
  else
    minMaxLoops<false>(a, b, r, prop, ftz);
  return setResultTile(ctx, result, std::move(r));
}

namespace {

template <typename OpT, bool IsMax>
LogicalResult minMaxSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  return minMaxFloat(ctx, op.getLhs(), op.getRhs(), op.getResult(), IsMax,
                     op.getPropagateNan(), op.getFlushToZero());
}

/// cmpf: with `ordered` any NaN operand gives false, with `unordered` true;
/// otherwise the predicate on the values (so -0 == +0).
template <typename T, typename Load>
void cmpfLoop(ComparisonPredicate p, bool unordered, int64_t n, Load load,
              uint8_t *out) {
  for (int64_t i = 0; i < n; ++i) {
    T x, y;
    load(i, x, y);
    bool nan = std::isnan(x) || std::isnan(y);
    out[i] = nan ? unordered : applyPredicate(p, x, y);
  }
}

} // namespace

LogicalResult compareFloat(ExecContext &ctx, Value lhs, Value rhs, Value result,
                           ComparisonPredicate p, bool unordered) {
  const Tile &a = ctx.getTile(lhs);
  const Tile &b = ctx.getTile(rhs);
  Tile r = makeTile(result.getType());
  ElemType t = a.elemType();
  const uint8_t *pa = a.data(), *pb = b.data();
  if (t == ElemType::F32)
    cmpfLoop<float>(
        p, unordered, r.size(),
        [&](int64_t i, float &x, float &y) {
          x = loadAt<float>(pa, i);
          y = loadAt<float>(pb, i);
        },
        r.data());
  else if (t == ElemType::F64)
    cmpfLoop<double>(
        p, unordered, r.size(),
        [&](int64_t i, double &x, double &y) {
          x = loadAt<double>(pa, i);
          y = loadAt<double>(pb, i);
        },
        r.data());
  else
    cmpfLoop<double>(
        p, unordered, r.size(),
        [&](int64_t i, double &x, double &y) {
          x = loadAsDouble(t, pa, i);
          y = loadAsDouble(t, pb, i);
        },
        r.data());
  return setResultTile(ctx, result, std::move(r));
}

namespace {

template <class Ops>
LogicalResult cmpfSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::CmpFOp>(operation);
  return compareFloat(ctx, op.getLhs(), op.getRhs(), op.getResult(),
                      op.getComparisonPredicate(),
                      op.getComparisonOrdering() ==
                          ComparisonOrdering::UNORDERED);
}

} // namespace

template <class Ops> void registerFloatArithFor(SemanticsRegistry &r) {
  add<typename Ops::AddFOp>(r, roundedBinSem<typename Ops::AddFOp, FOp::Add>);
  add<typename Ops::SubFOp>(r, roundedBinSem<typename Ops::SubFOp, FOp::Sub>);
  add<typename Ops::MulFOp>(r, roundedBinSem<typename Ops::MulFOp, FOp::Mul>);
  add<typename Ops::DivFOp>(r, roundedBinSem<typename Ops::DivFOp, FOp::Div>);
  add<typename Ops::FmaOp>(r, fmaSem<Ops>);
  add<typename Ops::RemFOp>(r, remfSem<Ops>);
  add<typename Ops::NegFOp>(r, signBitSem<typename Ops::NegFOp, false>);
  add<typename Ops::AbsFOp>(r, signBitSem<typename Ops::AbsFOp, true>);
  add<typename Ops::MaxFOp>(r, minMaxSem<typename Ops::MaxFOp, true>);
  add<typename Ops::MinFOp>(r, minMaxSem<typename Ops::MinFOp, false>);
  add<typename Ops::CmpFOp>(r, cmpfSem<Ops>);
}

TILECHECK_INSTANTIATE_FOR_MIRRORS(registerFloatArithFor)

} // namespace tilecheck::oracle::cuda_tile_sem
