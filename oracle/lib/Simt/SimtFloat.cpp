//===- SimtFloat.cpp - PTX floating-point semantics
//------------------------===//

#include "SimtFloat.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/bit.h"

#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <optional>

using namespace llvm;

namespace tilecheck::oracle::simt {

namespace {

const fltSemantics &semOf(Ty t) {
  switch (t) {
  case Ty::F16:
    return APFloat::IEEEhalf();
  case Ty::BF16:
    return APFloat::BFloat();
  case Ty::F64:
    return APFloat::IEEEdouble();
  default:
    return APFloat::IEEEsingle();
  }
}

APFloat ap(Ty t, uint64_t bits) {
  unsigned w = bitsOf(t);
  return APFloat(semOf(t), APInt(w, w == 64 ? bits : bits & ((1ull << w) - 1)));
}
uint64_t bitsAP(const APFloat &f) { return f.bitcastToAPInt().getZExtValue(); }

APFloat::roundingMode rmOf(Rnd r) {
  switch (r) {
  case Rnd::Rz:
  case Rnd::Rzi:
    return APFloat::rmTowardZero;
  case Rnd::Rm:
  case Rnd::Rmi:
    return APFloat::rmTowardNegative;
  case Rnd::Rp:
  case Rnd::Rpi:
    return APFloat::rmTowardPositive;
  case Rnd::Rna:
    return APFloat::rmNearestTiesToAway;
  default:
    return APFloat::rmNearestTiesToEven;
  }
}

bool nearest(Rnd r) { return r == Rnd::None || r == Rnd::Rn || r == Rnd::Rni; }

float f32(uint64_t b) {
  return llvm::bit_cast<float>(static_cast<uint32_t>(b));
}
double f64(uint64_t b) { return llvm::bit_cast<double>(b); }
uint64_t bits32(float f) { return llvm::bit_cast<uint32_t>(f); }
uint64_t bits64(double d) { return llvm::bit_cast<uint64_t>(d); }

uint64_t canonicalNaN(Ty t) {
  switch (t) {
  case Ty::F16:
  case Ty::BF16:
    return 0x7fff;
  case Ty::F64:
    return 0x7fffffffffffffffull;
  default:
    return 0x7fffffff;
  }
}

unsigned mantBits(Ty t) {
  return t == Ty::F16 ? 10 : t == Ty::BF16 ? 7 : t == Ty::F64 ? 52 : 23;
}
unsigned expBits(Ty t) {
  return t == Ty::F16 ? 5 : t == Ty::BF16 ? 8 : t == Ty::F64 ? 11 : 8;
}

bool isSubnormal(Ty t, uint64_t b) {
  uint64_t expMask = ((1ull << expBits(t)) - 1) << mantBits(t);
  uint64_t mantMask = (1ull << mantBits(t)) - 1;
  return (b & expMask) == 0 && (b & mantMask) != 0;
}
uint64_t signBit(Ty t) { return 1ull << (bitsOf(t) - 1); }

uint64_t flush(Ty t, uint64_t b) {
  return isSubnormal(t, b) ? (b & signBit(t)) : b;
}

uint64_t saturate(Ty t, uint64_t b) {
  if (isNaNBits(t, b))
    return 0;
  APFloat v = ap(t, b);
  if (v.isNegative())
    return 0;
  APFloat one(semOf(t), 1);
  if (v.compare(one) == APFloat::cmpGreaterThan)
    return bitsAP(one);
  return b;
}

uint64_t finish(Ty t, bool ftz, bool sat, uint64_t r) {
  if (isNaNBits(t, r))
    r = canonicalNaN(t);
  if (ftz)
    r = flush(t, r);
  if (sat)
    r = saturate(t, r);
  return r;
}

/// min/max: NaN operands are ignored unless both are NaN (or .NaN is
/// given); -0 is less than +0.
uint64_t minMax(bool isMax, Ty t, bool nanMode, uint64_t a, uint64_t b) {
  bool an = isNaNBits(t, a), bn = isNaNBits(t, b);
  if (an || bn) {
    if (nanMode || (an && bn))
      return canonicalNaN(t);
    return an ? b : a;
  }
  double x = toDouble(t, a), y = toDouble(t, b);
  if (x == y) {
    bool aNeg = a & signBit(t), bNeg = b & signBit(t);
    // Equal values differ at most in the sign of zero.
    if (aNeg == bNeg)
      return a;
    return isMax ? (aNeg ? b : a) : (aNeg ? a : b);
  }
  return (x < y) == isMax ? b : a;
}

/// add/sub/mul/div/fma in the host's arithmetic (round to nearest even).
template <typename T> T hostArith(FK k, T x, T y, T z) {
  return k == FK::Add   ? x + y
         : k == FK::Sub ? x - y
         : k == FK::Mul ? x * y
         : k == FK::Div ? x / y
                        : std::fma(x, y, z);
}

/// The APFloat operations of add, sub, mul and div, in FK's order.
using APBinary = APFloat::opStatus (APFloat::*)(const APFloat &,
                                                APFloat::roundingMode);
constexpr APBinary kAPBinary[] = {&APFloat::add, &APFloat::subtract,
                                  &APFloat::multiply, &APFloat::divide};
static_assert(std::size(kAPBinary) == size_t(FK::Div) + 1);

uint64_t scalarArith(FK k, Ty t, Rnd rnd, bool ftz, bool sat, bool nanMode,
                     uint64_t a, uint64_t b, uint64_t c) {
  if (ftz) {
    a = flush(t, a);
    b = flush(t, b);
    c = flush(t, c);
  }
  if (k == FK::Min || k == FK::Max)
    return finish(t, ftz, false, minMax(k == FK::Max, t, nanMode, a, b));
  uint64_t r;
  if (t == Ty::F32 && nearest(rnd)) {
    r = bits32(hostArith(k, f32(a), f32(b), f32(c)));
  } else if (t == Ty::F64 && nearest(rnd)) {
    r = bits64(hostArith(k, f64(a), f64(b), f64(c)));
  } else {
    APFloat x = ap(t, a), y = ap(t, b);
    APFloat::roundingMode rm = rmOf(rnd);
    if (k == FK::Fma) {
      x.fusedMultiplyAdd(y, ap(t, c), rm);
    } else {
      assert(size_t(k) < std::size(kAPBinary) && "min/max come here");
      (x.*kAPBinary[size_t(k)])(y, rm);
    }
    r = bitsAP(x);
  }
  return finish(t, ftz, sat, r);
}

Ty halfOf(Ty t) { return t == Ty::F16x2 ? Ty::F16 : Ty::BF16; }

/// The square root \p c rounded to nearest, moved one step to where the
/// directed mode of \p rnd rounds (\p above: c lies above the exact root).
template <typename T> T directedStep(T c, bool above, Rnd rnd) {
  APFloat::roundingMode rm = rmOf(rnd);
  if (above && (rm == APFloat::rmTowardZero || rm == APFloat::rmTowardNegative))
    return std::nextafter(c, T(0));
  if (!above && rm == APFloat::rmTowardPositive)
    return std::nextafter(c, std::numeric_limits<T>::infinity());
  return c;
}

/// Correctly rounded square root under a directed mode.
uint64_t directedSqrt(Ty t, Rnd rnd, uint64_t a) {
  if (t == Ty::F32) {
    float x = f32(a);
    float c = std::sqrt(x);
    if (!std::isfinite(c) || x <= 0)
      return bits32(c);
    double sq = double(c) * double(c); // exact: 48 bits
    double xd = x;
    if (sq == xd)
      return bits32(c);
    return bits32(directedStep(c, /*above=*/sq > xd, rnd));
  }
  double x = f64(a);
  double c = std::sqrt(x);
  if (!std::isfinite(c) || x <= 0)
    return bits64(c);
  double r = std::fma(-c, c, x); // x - c*c, exact
  if (r == 0)
    return bits64(c);
  return bits64(directedStep(c, /*above=*/r < 0, rnd));
}

/// The transcendental functions PTX computes approximately, in double
/// precision; none for the other opcodes.
std::optional<double> approxMath(Opc k, double x) {
  switch (k) {
  case Opc::Rsqrt:
    return 1.0 / std::sqrt(x);
  case Opc::Ex2:
    return std::exp2(x);
  case Opc::Lg2:
    return std::log2(x);
  case Opc::Sin:
    return std::sin(x);
  case Opc::Cos:
    return std::cos(x);
  case Opc::Tanh:
    return std::tanh(x);
  default:
    return std::nullopt;
  }
}

uint64_t fromDouble(Ty t, double v) {
  if (t == Ty::F64)
    return bits64(v);
  if (t == Ty::F32)
    return bits32(static_cast<float>(v));
  APFloat f(v);
  bool lost;
  f.convert(semOf(t), APFloat::rmNearestTiesToEven, &lost);
  return bitsAP(f);
}

} // namespace

bool isNaNBits(Ty t, uint64_t b) {
  uint64_t expMask = ((1ull << expBits(t)) - 1) << mantBits(t);
  uint64_t mantMask = (1ull << mantBits(t)) - 1;
  return (b & expMask) == expMask && (b & mantMask) != 0;
}

double toDouble(Ty t, uint64_t bits) {
  switch (t) {
  case Ty::F32:
    return f32(bits);
  case Ty::F64:
    return f64(bits);
  default:
    return ap(t, bits).convertToDouble();
  }
}

uint64_t floatArith(FK k, Ty t, Rnd rnd, bool ftz, bool sat, bool nanMode,
                    uint64_t a, uint64_t b, uint64_t c) {
  if (t == Ty::F16x2 || t == Ty::BF16x2) {
    Ty h = halfOf(t);
    uint64_t lo = scalarArith(k, h, rnd, ftz, sat, nanMode, a & 0xffff,
                              b & 0xffff, c & 0xffff);
    uint64_t hi = scalarArith(k, h, rnd, ftz, sat, nanMode, (a >> 16) & 0xffff,
                              (b >> 16) & 0xffff, (c >> 16) & 0xffff);
    return lo | (hi << 16);
  }
  return scalarArith(k, t, rnd, ftz, sat, nanMode, a, b, c);
}

uint64_t mixedAddSub(bool add, Ty at, Rnd rnd, bool ftz, bool sat, uint64_t a,
                     uint64_t c) {
  // The f16/bf16 operand is exact in f32.
  uint64_t x = bits32(static_cast<float>(toDouble(at, a)));
  return scalarArith(add ? FK::Add : FK::Sub, Ty::F32, rnd, ftz, sat, false, x,
                     c, 0);
}

uint64_t mixedFma(Ty ab, Rnd rnd, bool ftz, bool sat, uint64_t a, uint64_t b,
                  uint64_t c) {
  // f16/bf16 values are exact in f32 and their product is exact too.
  uint64_t x = bits32(static_cast<float>(toDouble(ab, a)));
  uint64_t y = bits32(static_cast<float>(toDouble(ab, b)));
  return scalarArith(FK::Fma, Ty::F32, rnd, ftz, sat, false, x, y, c);
}

uint64_t floatUnary(Opc k, Ty t, Rnd rnd, bool ftz, bool approx, uint64_t a) {
  if (t == Ty::F16x2 || t == Ty::BF16x2) {
    Ty h = halfOf(t);
    return floatUnary(k, h, rnd, ftz, approx, a & 0xffff) |
           (floatUnary(k, h, rnd, ftz, approx, (a >> 16) & 0xffff) << 16);
  }
  if (k == Opc::Abs) {
    uint64_t r = a & ~signBit(t);
    return ftz ? flush(t, r) : r;
  }
  if (k == Opc::Neg) {
    uint64_t r = a ^ signBit(t);
    return ftz ? flush(t, r) : r;
  }
  if (ftz)
    a = flush(t, a);
  double x = toDouble(t, a);
  uint64_t r;
  switch (k) {
  case Opc::Sqrt:
    if (approx || nearest(rnd))
      r = t == Ty::F32   ? bits32(std::sqrt(f32(a)))
          : t == Ty::F64 ? bits64(std::sqrt(x))
                         : fromDouble(t, std::sqrt(x));
    else
      r = directedSqrt(t, rnd, a);
    break;
  case Opc::Rcp:
    if (approx || nearest(rnd)) {
      r = t == Ty::F32 ? bits32(1.0f / f32(a)) : fromDouble(t, 1.0 / x);
    } else {
      APFloat one(semOf(t), 1);
      one.divide(ap(t, a), rmOf(rnd));
      r = bitsAP(one);
    }
    break;
  default:
    std::optional<double> v = approxMath(k, x);
    r = v ? fromDouble(t, *v) : a;
  }
  return finish(t, ftz, false, r);
}

uint64_t convert(Ty dst, Ty src, Rnd rnd, bool ftz, bool sat, uint64_t a) {
  bool dstF = isFloatTy(dst), srcF = isFloatTy(src);
  unsigned dw = bitsOf(dst), sw = bitsOf(src);
  if (srcF && ftz)
    a = flush(src, a);
  if (srcF && dstF) {
    APFloat v = ap(src, a);
    if (rnd == Rnd::Rni || rnd == Rnd::Rzi || rnd == Rnd::Rmi ||
        rnd == Rnd::Rpi) {
      v.roundToIntegral(rmOf(rnd));
    }
    if (dst != src) {
      bool lost;
      v.convert(semOf(dst), rmOf(rnd), &lost);
    }
    return finish(dst, ftz && dst == Ty::F32, sat, bitsAP(v));
  }
  if (srcF) {
    // Float to integer: round, saturate to the destination range, NaN -> 0.
    if (isNaNBits(src, a))
      return 0;
    APFloat v = ap(src, a);
    v.roundToIntegral(rnd == Rnd::None ? APFloat::rmTowardZero : rmOf(rnd));
    APSInt out(dw, !isSigned(dst));
    bool exact;
    APFloat::opStatus st =
        v.convertToInteger(out, APFloat::rmTowardZero, &exact);
    if (st & APFloat::opInvalidOp) {
      bool neg = v.isNegative();
      if (isSigned(dst))
        out = neg ? APSInt::getMinValue(dw, false)
                  : APSInt::getMaxValue(dw, false);
      else
        out =
            neg ? APSInt::getMinValue(dw, true) : APSInt::getMaxValue(dw, true);
    }
    uint64_t r = out.getZExtValue() & (dw == 64 ? ~0ull : (1ull << dw) - 1);
    if (isSigned(dst) && dw < 64 && (r >> (dw - 1)) & 1)
      r |= ~0ull << dw;
    return r;
  }
  if (dstF) {
    // Integer to float.
    APInt iv(sw, sw == 64 ? a : a & ((1ull << sw) - 1));
    APFloat v(semOf(dst));
    v.convertFromAPInt(iv, isSigned(src), rmOf(rnd));
    return finish(dst, ftz && dst == Ty::F32, sat, bitsAP(v));
  }
  // Integer to integer: extend the source by its signedness, saturate if
  // asked, truncate and extend by the destination's signedness.
  int64_t sv;
  uint64_t uv = sw == 64 ? a : a & ((1ull << sw) - 1);
  bool srcSigned = isSigned(src);
  if (srcSigned && sw < 64 && (uv >> (sw - 1)) & 1)
    sv = static_cast<int64_t>(uv | (~0ull << sw));
  else
    sv = static_cast<int64_t>(uv);
  if (sat) {
    if (isSigned(dst)) {
      int64_t lo = dw == 64 ? std::numeric_limits<int64_t>::min()
                            : -(int64_t(1) << (dw - 1));
      int64_t hi = dw == 64 ? std::numeric_limits<int64_t>::max()
                            : (int64_t(1) << (dw - 1)) - 1;
      if (!srcSigned && sw == 64 && uv > uint64_t(hi))
        sv = hi;
      else
        sv = std::clamp(sv, lo, hi);
    } else {
      uint64_t hi = dw == 64 ? ~0ull : (1ull << dw) - 1;
      if (srcSigned && sv < 0)
        sv = 0;
      else if (uint64_t(sv) > hi && !(srcSigned && sv < 0))
        sv = static_cast<int64_t>(hi);
    }
  }
  uint64_t r = static_cast<uint64_t>(sv);
  if (dw < 64) {
    r &= (1ull << dw) - 1;
    if (isSigned(dst) && (r >> (dw - 1)) & 1)
      r |= ~0ull << dw;
  }
  return r;
}

bool floatCompare(Cmp c, Ty t, bool ftz, uint64_t a, uint64_t b) {
  if (ftz) {
    a = flush(t, a);
    b = flush(t, b);
  }
  bool un = isNaNBits(t, a) || isNaNBits(t, b);
  double x = toDouble(t, a), y = toDouble(t, b);
  switch (c) {
  case Cmp::Eq:
    return !un && x == y;
  case Cmp::Ne:
    return !un && x != y;
  case Cmp::Lt:
    return !un && x < y;
  case Cmp::Le:
    return !un && x <= y;
  case Cmp::Gt:
    return !un && x > y;
  case Cmp::Ge:
    return !un && x >= y;
  case Cmp::Equ:
    return un || x == y;
  case Cmp::Neu:
    return un || x != y;
  case Cmp::Ltu:
    return un || x < y;
  case Cmp::Leu:
    return un || x <= y;
  case Cmp::Gtu:
    return un || x > y;
  case Cmp::Geu:
    return un || x >= y;
  case Cmp::Num:
    return !un;
  case Cmp::Nan:
    return un;
  default:
    return false;
  }
}

bool floatTest(uint8_t cls, Ty t, uint64_t a) {
  double x = toDouble(t, a);
  switch (cls) {
  case 0:
    return std::isfinite(x);
  case 1:
    return std::isinf(x);
  case 2:
    return !std::isnan(x);
  case 3:
    return std::isnan(x);
  case 4:
    return std::isfinite(x) && x != 0 && !isSubnormal(t, a);
  case 5:
    return isSubnormal(t, a);
  default:
    return false;
  }
}

} // namespace tilecheck::oracle::simt
