//===- ValueOps.cpp - Range-tracking op emitters
//---------------------------===//
//
// Each emitter prints one cuda_tile op and computes the result's value range
// from its operands' ranges. The range rule is what makes the program free
// of undefined behaviour: an overflow flag is printed only when the interval
// arithmetic (done in 128 bits) proves no wrap; a divisor whose range holds 0
// (or -1 against a dividend that can be INT_MIN) is first rewritten into a
// safe one; shift amounts are masked below the bit width; ftoi inputs are
// clamped into the target's range (the clamp also maps NaN to the bound).
// Under the exact float discipline a float op is emitted only when its
// result is provably exact (every value k * 2^-scale, small enough for the
// significand), otherwise a cheaper exact op (maxf) takes its place.
//
//===----------------------------------------------------------------------===//

#include "KernelGen.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace llvm;

namespace tilecheck::gen {

using i128 = __int128;

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

bool isIntElem(Elem e) { return e <= Elem::I64; }
bool isFloatElem(Elem e) { return e >= Elem::F16; }

// The element types' facts are the oracle's (one table of them).

oracle::ElemType oracleType(Elem e) {
  using oracle::ElemType;
  static constexpr ElemType types[] = {
      ElemType::I1,   ElemType::I8,  ElemType::I16,
      ElemType::I32,  ElemType::I64, ElemType::F16,
      ElemType::BF16, ElemType::F32, ElemType::F64};
  static_assert(std::size(types) == size_t(Elem::F64) + 1);
  return types[static_cast<unsigned>(e)];
}

unsigned bitWidth(Elem e) { return oracle::bitWidth(oracleType(e)); }

unsigned mantissaBits(Elem e) {
  const fltSemantics *sem = oracle::semantics(oracleType(e));
  return sem ? APFloat::semanticsPrecision(*sem) : 0;
}

const char *elemName(Elem e) { return oracle::name(oracleType(e)).data(); }

int64_t minOf(Elem e) {
  unsigned w = bitWidth(e);
  return w == 64 ? INT64_MIN : -(int64_t(1) << (w - 1));
}
int64_t maxOf(Elem e) {
  unsigned w = bitWidth(e);
  return w == 64 ? INT64_MAX : (int64_t(1) << (w - 1)) - 1;
}

int64_t numElements(const Shape &s) {
  int64_t n = 1;
  for (int64_t d : s)
    n *= d;
  return n;
}

std::string shapeText(const Shape &s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i)
    out += (i ? "x" : "") + std::to_string(s[i]);
  return out;
}

std::string typeText(Elem e, const Shape &s) {
  if (s.empty())
    return std::string("tile<") + elemName(e) + ">";
  return "tile<" + shapeText(s) + "x" + elemName(e) + ">";
}

const fltSemantics &semanticsOf(Elem e) {
  const fltSemantics *sem = oracle::semantics(oracleType(e));
  return sem ? *sem : APFloat::IEEEsingle();
}

void setUnknown(Val &r) {
  if (isIntElem(r.elem)) {
    r.lo = minOf(r.elem);
    r.hi = maxOf(r.elem);
    return;
  }
  r.flo = -INFINITY;
  r.fhi = INFINITY;
  r.mayNaN = true;
  r.scale = -1;
}

namespace {

/// Shortest decimal that reads back as `v`, always with a '.' (MLIR's float
/// literal grammar needs one).
std::string formatDecimal(double v) {
  char buf[64];
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof(buf), "%.*g", prec, v);
    if (std::strtod(buf, nullptr) == v)
      break;
  }
  std::string s = buf;
  if (s.find('.') == std::string::npos) {
    size_t e = s.find('e');
    if (e == std::string::npos)
      s += ".0";
    else
      s.insert(e, ".0");
  }
  return s;
}

/// Raw bits of `v` rounded to `e`, as 0x... with the storage width.
std::string hexBits(Elem e, double v) {
  APFloat f(v);
  bool lost = false;
  f.convert(semanticsOf(e), APFloat::rmNearestTiesToEven, &lost);
  APInt bits = f.bitcastToAPInt();
  unsigned digits = bitWidth(e) / 4;
  std::string hex = utohexstr(bits.getZExtValue(), /*LowerCase=*/false);
  while (hex.size() < digits)
    hex = "0" + hex;
  return "0x" + hex;
}

/// A literal for `v` in a constant or identity of type `e`.
std::string floatLiteral(Elem e, double v) {
  if (std::isnan(v) || std::isinf(v) || (v == 0 && std::signbit(v)))
    return hexBits(e, v);
  return formatDecimal(v);
}

/// Smallest s with v * 2^s an integer, or -1 (not finite, or s > 12).
int dyadicScale(double v) {
  if (!std::isfinite(v))
    return -1;
  for (int sc = 0; sc <= 12; ++sc)
    if (std::ldexp(v, sc) == std::floor(std::ldexp(v, sc)))
      return sc;
  return -1;
}

/// Whether `e` holds `v` exactly.
bool representable(Elem e, double v) {
  if (!std::isfinite(v))
    return false;
  APFloat f(v);
  bool lost = false;
  APFloat::opStatus st =
      f.convert(semanticsOf(e), APFloat::rmNearestTiesToEven, &lost);
  return !lost && st == APFloat::opOK;
}

double maxAbs(const Val &v) {
  return std::max(std::fabs(v.flo), std::fabs(v.fhi));
}

/// The next 2^k - 1 >= x (x >= 0).
int64_t maskAbove(int64_t x) {
  int64_t m = 0;
  while (m < x)
    m = m * 2 + 1;
  return m;
}

void setFull(Val &r) {
  r.lo = minOf(r.elem);
  r.hi = maxOf(r.elem);
}

/// Sets r's range to [lo, hi] when it fits the type; else the full range.
bool setRange(Val &r, i128 lo, i128 hi) {
  if (r.elem == Elem::I1) {
    r.lo = -1;
    r.hi = 0;
    return false;
  }
  if (lo < minOf(r.elem) || hi > maxOf(r.elem)) {
    setFull(r);
    return false;
  }
  r.lo = static_cast<int64_t>(lo);
  r.hi = static_cast<int64_t>(hi);
  return true;
}

} // namespace

//===----------------------------------------------------------------------===//
// Constants and clamps
//===----------------------------------------------------------------------===//

bool KernelGen::fitsExact(Elem e, double m, int scale) {
  if (!isFloatElem(e) || scale < 0 || scale > 12 || !std::isfinite(m))
    return false;
  return std::ldexp(m, scale) <= std::ldexp(1.0, mantissaBits(e));
}

bool KernelGen::floatOk(const Val &v) const {
  return !exact() || !isFloatElem(v.elem) || v.scale >= 0;
}

Val KernelGen::newConstant(Elem e, const Shape &s) {
  Val r;
  r.name = fresh("c");
  r.elem = e;
  r.shape = s;
  return r;
}

Val KernelGen::constInt(Elem e, const Shape &s, int64_t value) {
  Val r = newConstant(e, s);
  r.lo = r.hi = value;
  line(r.name + " = constant <" + elemName(e) + ": " + std::to_string(value) +
       "> : " + typeText(e, s));
  return define(r);
}

Val KernelGen::constI1(const Shape &s, bool value) {
  Val r = newConstant(Elem::I1, s);
  r.lo = r.hi = value ? -1 : 0;
  line(r.name + " = constant <i1: " + (value ? "true" : "false") +
       "> : " + typeText(Elem::I1, s));
  return define(r);
}

Val KernelGen::constFloat(Elem e, const Shape &s, double value) {
  Val r = newConstant(e, s);
  r.flo = r.fhi = value;
  // The constant is exact when it is a dyadic rational the type holds.
  r.scale = representable(e, value) ? dyadicScale(value) : -1;
  r.mayNaN = std::isnan(value);
  line(r.name + " = constant <" + elemName(e) + ": " + floatLiteral(e, value) +
       "> : " + typeText(e, s));
  return define(r);
}

Val KernelGen::clampInt(const Val &v, int64_t lo, int64_t hi) {
  Val lov = constInt(v.elem, v.shape, lo);
  Val hiv = constInt(v.elem, v.shape, hi);
  Val r = v;
  r.name = fresh();
  line(r.name + " = maxi " + v.name + ", " + lov.name +
       " signed : " + typeText(v.elem, v.shape));
  Val r2 = v;
  r2.name = fresh();
  line(r2.name + " = mini " + r.name + ", " + hiv.name +
       " signed : " + typeText(v.elem, v.shape));
  r2.lo = std::min(std::max(v.lo, lo), hi);
  r2.hi = std::max(std::min(v.hi, hi), lo);
  return define(r2);
}

Val KernelGen::clampFloat(const Val &v, double lo, double hi) {
  Val lov = constFloat(v.elem, v.shape, lo);
  Val hiv = constFloat(v.elem, v.shape, hi);
  std::string t = typeText(v.elem, v.shape);
  std::string m = fresh();
  line(m + " = maxf " + v.name + ", " + lov.name + " : " + t);
  Val r = v;
  r.name = fresh();
  line(r.name + " = minf " + m + ", " + hiv.name + " : " + t);
  r.flo = std::isnan(v.flo) ? lo : std::min(std::max(v.flo, lo), hi);
  r.fhi = std::isnan(v.fhi) ? hi : std::max(std::min(v.fhi, hi), lo);
  if (v.mayNaN || !std::isfinite(v.flo) || !std::isfinite(v.fhi)) {
    r.flo = lo;
    r.fhi = hi;
  }
  r.mayNaN = false;
  // Every result element is an element of v or a bound: exact if they are.
  r.scale = (v.scale >= 0 && lov.scale >= 0 && hiv.scale >= 0)
                ? std::max(v.scale, std::max(lov.scale, hiv.scale))
                : -1;
  return define(r);
}

//===----------------------------------------------------------------------===//
// Integer ops
//===----------------------------------------------------------------------===//

namespace {
enum IntBin {
  kAdd,
  kSub,
  kMul,
  kMulHi,
  kDiv,
  kRem,
  kShl,
  kShr,
  kAnd,
  kOr,
  kXor,
  kMax,
  kMin,
  kNumIntBin
};
const char *kIntBinNames[] = {"addi", "subi", "muli", "mulhii", "divi",
                              "remi", "shli", "shri", "andi",   "ori",
                              "xori", "maxi", "mini"};
} // namespace

Val KernelGen::intBinary(unsigned kind, const Val &a, const Val &bIn,
                         const char *signedDivAttrs) {
  std::string t = typeText(a.elem, a.shape);
  if (a.elem == Elem::I1)
    kind = kAnd + kind % 3; // i1 only takes the bitwise ops
  Val b = bIn;
  Val r = a;
  r.name = fresh();
  const i128 mn = minOf(a.elem), mx = maxOf(a.elem);
  std::string attrs;
  bool isSigned = !rng.chance(0.3);
  if (signedDivAttrs && kind == kDiv)
    isSigned = true;
  auto flags = [&](bool nsw, bool nuw) {
    if (!rng.chance(policy.pOverflowFlag) || (!nsw && !nuw))
      return;
    if (nsw && nuw)
      attrs = rng.pick<const char *>({" overflow<no_signed_wrap>",
                                      " overflow<no_unsigned_wrap>",
                                      " overflow<no_wrap>"});
    else
      attrs = nsw ? " overflow<no_signed_wrap>" : " overflow<no_unsigned_wrap>";
  };
  // An unsigned result at most `a`: [0, a.hi] when `a` is never negative
  // (as unsigned, a negative `a` is huge), else the full range.
  auto upToA = [&] {
    if (a.lo >= 0)
      setRange(r, 0, a.hi);
    else
      setFull(r);
  };
  switch (kind) {
  case kAdd: {
    bool fits = setRange(r, i128(a.lo) + b.lo, i128(a.hi) + b.hi);
    flags(fits, fits && a.lo >= 0 && b.lo >= 0);
    break;
  }
  case kSub: {
    bool fits = setRange(r, i128(a.lo) - b.hi, i128(a.hi) - b.lo);
    flags(fits, fits && b.lo >= 0 && a.lo >= b.hi);
    break;
  }
  case kMul: {
    i128 c[] = {i128(a.lo) * b.lo, i128(a.lo) * b.hi, i128(a.hi) * b.lo,
                i128(a.hi) * b.hi};
    bool fits =
        setRange(r, *std::min_element(c, c + 4), *std::max_element(c, c + 4));
    flags(fits, fits && a.lo >= 0 && b.lo >= 0);
    break;
  }
  case kMulHi: {
    unsigned w = bitWidth(a.elem);
    if (a.lo >= 0 && b.lo >= 0)
      setRange(r, 0, (i128(a.hi) * b.hi) >> w);
    else
      setFull(r);
    break;
  }
  case kDiv:
  case kRem: {
    // Make the divisor safe: never 0, never -1 against INT_MIN.
    bool minusOneRisk = isSigned && a.lo == minOf(a.elem);
    bool needFix =
        (b.lo <= 0 && b.hi >= 0) || (minusOneRisk && b.lo <= -1 && b.hi >= -1);
    i128 dMax; // bound on |divisor|
    if (needFix) {
      if (!minusOneRisk && rng.chance(0.5)) {
        Val one = constInt(b.elem, b.shape, 1);
        Val d = b;
        d.name = fresh();
        line(d.name + " = ori " + b.name + ", " + one.name + " : " + t);
        if (b.lo >= 0) {
          d.lo = 1;
          d.hi = maskAbove(b.hi) | 1;
        } else {
          setFull(d);
        }
        b = define(d);
      } else {
        int64_t mask = rng.pick<int64_t>({1, 3, 7, 15, 127});
        Val m = constInt(b.elem, b.shape, mask);
        Val one = constInt(b.elem, b.shape, 1);
        std::string tmp = fresh();
        line(tmp + " = andi " + b.name + ", " + m.name + " : " + t);
        Val d = b;
        d.name = fresh();
        line(d.name + " = ori " + tmp + ", " + one.name + " : " + t);
        d.lo = 1;
        d.hi = mask;
        b = define(d);
      }
    }
    dMax = std::max(-i128(b.lo), i128(b.hi));
    if (kind == kDiv) {
      if (isSigned) {
        i128 A = std::max(-i128(a.lo), i128(a.hi));
        if (a.lo >= 0 && b.lo >= 1)
          setRange(r, 0, a.hi);
        else
          setRange(r, -A, A);
        attrs = rng.pick<const char *>({" signed", " signed rounding<zero>",
                                        " signed rounding<negative_inf>",
                                        " signed rounding<positive_inf>"});
        if (signedDivAttrs)
          attrs = signedDivAttrs;
      } else {
        upToA();
        attrs = rng.pick<const char *>({" unsigned", " unsigned rounding<zero>",
                                        " unsigned rounding<positive_inf>"});
      }
    } else {
      if (isSigned) {
        i128 lo = std::max(i128(std::min<int64_t>(a.lo, 0)), -(dMax - 1));
        i128 hi = std::min(i128(std::max<int64_t>(a.hi, 0)), dMax - 1);
        setRange(r, lo, hi);
        attrs = " signed";
      } else {
        if (a.lo >= 0 && b.lo >= 1)
          setRange(r, 0, std::min(i128(a.hi), i128(b.hi) - 1));
        else
          upToA();
        attrs = " unsigned";
      }
    }
    break;
  }
  case kShl:
  case kShr: {
    int64_t w = bitWidth(a.elem);
    if (b.lo < 0 || b.hi >= w) {
      Val m = constInt(b.elem, b.shape, w - 1);
      Val d = b;
      d.name = fresh();
      line(d.name + " = andi " + b.name + ", " + m.name + " : " + t);
      d.lo = 0;
      d.hi = w - 1;
      b = define(d);
    }
    if (kind == kShl) {
      if (a.lo >= 0)
        setRange(r, 0, i128(a.hi) << b.hi);
      else
        setFull(r);
    } else if (isSigned) {
      setRange(r, std::min<int64_t>(a.lo, 0), std::max<int64_t>(a.hi, 0));
      attrs = " signed";
    } else {
      upToA();
      attrs = " unsigned";
    }
    break;
  }
  case kAnd:
    if (a.lo >= 0 && b.lo >= 0)
      setRange(r, 0, std::min(a.hi, b.hi));
    else if (a.lo >= 0 || b.lo >= 0)
      setRange(r, 0, a.lo >= 0 ? a.hi : b.hi);
    else
      setFull(r);
    break;
  case kOr:
  case kXor:
    if (a.lo >= 0 && b.lo >= 0)
      setRange(r, 0, maskAbove(std::max(a.hi, b.hi)));
    else
      setFull(r);
    break;
  case kMax:
  case kMin:
    if (!isSigned && (a.lo < 0 || b.lo < 0)) {
      setFull(r);
    } else if (kind == kMax) {
      setRange(r, std::max(a.lo, b.lo), std::max(a.hi, b.hi));
    } else {
      setRange(r, std::min(a.lo, b.lo), std::min(a.hi, b.hi));
    }
    attrs = isSigned ? " signed" : " unsigned";
    break;
  }
  if (a.elem == Elem::I1) {
    r.lo = -1;
    r.hi = 0;
  }
  (void)mx;
  (void)mn;
  line(r.name + " = " + kIntBinNames[kind] + " " + a.name + ", " + b.name +
       attrs + " : " + t);
  return define(r);
}

Val KernelGen::intUnary(unsigned kind, const Val &a) {
  Val r = a;
  r.name = fresh();
  std::string attrs;
  const char *op = kind == 0 ? "negi" : "absi";
  if (kind == 0) {
    bool fits = setRange(r, -i128(a.hi), -i128(a.lo));
    if (fits && rng.chance(policy.pOverflowFlag))
      attrs = " overflow<no_signed_wrap>";
  } else {
    if (a.lo > minOf(a.elem)) {
      i128 lo = a.lo >= 0 ? a.lo : (a.hi < 0 ? -i128(a.hi) : 0);
      setRange(r, lo, std::max(-i128(a.lo), i128(a.hi)));
    } else {
      setFull(r);
    }
  }
  line(r.name + " = " + op + " " + a.name + attrs + " : " +
       typeText(a.elem, a.shape));
  return define(r);
}

//===----------------------------------------------------------------------===//
// Float ops
//===----------------------------------------------------------------------===//

namespace {
enum FloatBin {
  fAdd,
  fSub,
  fMul,
  fMax,
  fMin,
  fDiv,
  fRem,
  fPow,
  fAtan2,
  kNumFloatBin
};
const char *kFloatBinNames[] = {"addf", "subf", "mulf", "maxf", "minf",
                                "divf", "remf", "pow",  "atan2"};
enum FloatUn {
  uNeg,
  uAbs,
  uFloor,
  uCeil,
  uSqrt,
  uRsqrt,
  uExp,
  uExp2,
  uLog,
  uLog2,
  uSin,
  uCos,
  uTan,
  uSinh,
  uCosh,
  uTanh,
  kNumFloatUn
};
const char *kFloatUnNames[] = {"negf", "absf", "floor", "ceil", "sqrt", "rsqrt",
                               "exp",  "exp2", "log",   "log2", "sin",  "cos",
                               "tan",  "sinh", "cosh",  "tanh"};
} // namespace

Val KernelGen::floatBinary(unsigned kind, const Val &a, const Val &bIn) {
  Val b = bIn;
  std::string t = typeText(a.elem, a.shape);
  bool f32 = a.elem == Elem::F32;
  if (!policy.allowMath && (kind == fPow || kind == fAtan2))
    kind = fMax;
  if (kind == fRem && (!discontinuousOk(a) || !discontinuousOk(b)))
    kind = fMin;
  if (exact()) {
    // Division only by +-2^k and remainder only by a small integer keep the
    // result exact; everything else must fit the significand.
    if (kind == fDiv) {
      double d = std::ldexp(1.0, static_cast<int>(rng.below(3))) *
                 (rng.chance(0.3) ? -1 : 1);
      if (!fitsExact(a.elem, maxAbs(a), a.scale + std::ilogb(std::fabs(d))))
        kind = fMax;
      else
        b = constFloat(a.elem, a.shape, d);
    } else if (kind == fRem) {
      b = constFloat(a.elem, a.shape, double(1 + rng.below(8)));
    }
  }
  Val r = a;
  r.name = fresh();
  double al = a.flo, ah = a.fhi, bl = b.flo, bh = b.fhi;
  int scale = (a.scale >= 0 && b.scale >= 0) ? std::max(a.scale, b.scale) : -1;
  r.mayNaN = a.mayNaN || b.mayNaN;
  auto corners = [&](double x, double y, double z, double w) {
    r.flo = std::min({x, y, z, w});
    r.fhi = std::max({x, y, z, w});
  };
  switch (kind) {
  case fAdd:
    r.flo = al + bl;
    r.fhi = ah + bh;
    break;
  case fSub:
    r.flo = al - bh;
    r.fhi = ah - bl;
    break;
  case fMul:
    corners(al * bl, al * bh, ah * bl, ah * bh);
    if (scale >= 0)
      scale = a.scale + b.scale;
    break;
  case fMax:
    r.flo = std::max(al, bl);
    r.fhi = std::max(ah, bh);
    break;
  case fMin:
    r.flo = std::min(al, bl);
    r.fhi = std::min(ah, bh);
    break;
  case fDiv:
    if (exact()) {
      double d = b.flo;
      corners(al / d, ah / d, al / d, ah / d);
      scale = a.scale + std::ilogb(std::fabs(d));
    } else {
      r.flo = -INFINITY;
      r.fhi = INFINITY;
      r.mayNaN = true;
      scale = -1;
    }
    break;
  case fRem: {
    double m = std::min(maxAbs(a), maxAbs(b));
    r.flo = al < 0 ? -m : 0;
    r.fhi = ah > 0 ? m : 0;
    scale = exact() ? a.scale : -1;
    r.mayNaN = !exact();
    break;
  }
  default: // pow, atan2
    r.flo = -INFINITY;
    r.fhi = INFINITY;
    r.mayNaN = true;
    scale = -1;
    break;
  }
  r.scale = scale;
  // max/min/rem pick or shrink exact operands; only +, -, * can round.
  if (r.scale >= 0 && kind <= fMul && !fitsExact(r.elem, maxAbs(r), r.scale))
    r.scale = -1;
  if (exact() && r.scale < 0 && kind != fMax) {
    // Not provably exact: maxf is (operands are exact, so is their max).
    r.name.clear();
    return floatBinary(fMax, a, bIn);
  }
  std::string attrs;
  if (kind <= fMul || kind == fDiv) {
    if (rng.chance(policy.pRounding)) {
      if (kind == fDiv && f32 && !exact() && rng.chance(0.3))
        attrs = rng.chance(0.5) ? " rounding<approx>" : " rounding<full>";
      else
        attrs = std::string(" rounding<") +
                rng.pick<const char *>(kRoundingModes) + ">";
    }
    if (f32 && rng.chance(policy.pFlushToZero))
      attrs += " flush_to_zero";
  } else if (kind == fMax || kind == fMin) {
    if (rng.chance(0.3))
      attrs = " propagate_nan";
    if (f32 && rng.chance(policy.pFlushToZero))
      attrs += " flush_to_zero";
  }
  if (attrs.find("approx") != std::string::npos ||
      attrs.find("<full>") != std::string::npos ||
      (!exact() && attrs.find("flush_to_zero") != std::string::npos))
    r.scale = -1;
  line(r.name + " = " + kFloatBinNames[kind] + " " + a.name + ", " + b.name +
       attrs + " : " + t);
  return define(r);
}

Val KernelGen::floatUnary(unsigned kind, const Val &aIn) {
  if ((!policy.allowMath || exact()) && kind >= uSqrt)
    kind %= 4;
  if ((kind == uFloor || kind == uCeil) && !discontinuousOk(aIn))
    kind -= 2; // negf/absf are continuous
  // sin and cos carry their operand's absolute error into the result
  // (their slope is at most 1): an operand that is not exact (an
  // approximate math op upstream may be an ulp off in another compiler, and
  // a correct one) is kept where an ulp is within the comparison's
  // tolerance, |x| <= 64 in f32 (2^-17) and |x| <= 1 in f16 and bf16 (their
  // epsilon). tan's slope 1/cos^2 grows without bound near its poles, so
  // its operand stays within |x| <= 1 in every type (slope at most 3.5). A
  // sweep found cos of a pow near 1.7e7, where pow's one-ulp difference is
  // 2.0.
  Val a = aIn;
  if ((kind == uSin || kind == uCos || kind == uTan) && a.scale < 0) {
    double bound = a.elem == Elem::F32 && kind != uTan ? 64 : 1;
    if (a.mayNaN || !(a.flo >= -bound && a.fhi <= bound))
      a = clampFloat(a, -bound, bound);
  }
  Val r = a;
  r.name = fresh();
  std::string attrs;
  bool f32 = a.elem == Elem::F32;
  switch (kind) {
  case uNeg:
    r.flo = -a.fhi;
    r.fhi = -a.flo;
    break;
  case uAbs:
    r.flo = (a.flo >= 0) ? a.flo : (a.fhi <= 0 ? -a.fhi : 0);
    r.fhi = maxAbs(a);
    break;
  case uFloor:
  case uCeil:
    r.flo = std::floor(a.flo);
    r.fhi = std::ceil(a.fhi);
    r.scale = a.scale >= 0 ? 0 : -1;
    break;
  default:
    setUnknown(r);
    if (kind == uSqrt && rng.chance(policy.pRounding))
      attrs = std::string(" rounding<") +
              rng.pick<const char *>(kRoundingModes) + ">";
    if ((kind == uExp || kind == uTanh) && f32 && rng.chance(0.2))
      attrs = rng.chance(0.5) ? " rounding<approx>" : " rounding<full>";
    if ((kind == uSqrt || kind == uRsqrt || kind == uExp2) && f32 &&
        rng.chance(policy.pFlushToZero))
      attrs += " flush_to_zero";
    break;
  }
  line(r.name + " = " + kFloatUnNames[kind] + " " + a.name + attrs + " : " +
       typeText(a.elem, a.shape));
  return define(r);
}

Val KernelGen::fma(const Val &a, const Val &b, const Val &c) {
  Val r = a;
  double p[] = {a.flo * b.flo, a.flo * b.fhi, a.fhi * b.flo, a.fhi * b.fhi};
  r.flo = *std::min_element(p, p + 4) + c.flo;
  r.fhi = *std::max_element(p, p + 4) + c.fhi;
  r.mayNaN = a.mayNaN || b.mayNaN || c.mayNaN;
  r.scale = (a.scale >= 0 && b.scale >= 0 && c.scale >= 0)
                ? std::max(a.scale + b.scale, c.scale)
                : -1;
  if (r.scale >= 0 && !fitsExact(r.elem, maxAbs(r), r.scale))
    r.scale = -1;
  if (exact() && r.scale < 0)
    return floatBinary(fMin, a, c);
  r.name = fresh();
  std::string attrs;
  if (rng.chance(policy.pRounding))
    attrs = std::string(" rounding<") + rng.pick<const char *>(kRoundingModes) +
            ">";
  if (a.elem == Elem::F32 && rng.chance(policy.pFlushToZero)) {
    attrs += " flush_to_zero";
    if (!exact())
      r.scale = -1;
  }
  line(r.name + " = fma " + a.name + ", " + b.name + ", " + c.name + attrs +
       " : " + typeText(a.elem, a.shape));
  return define(r);
}

//===----------------------------------------------------------------------===//
// Compare and select
//===----------------------------------------------------------------------===//

Val KernelGen::compare(const Val &a, const Val &b, bool forceUnsigned) {
  llvm::ArrayRef<const char *> preds = kComparisonPredicates;
  Val r;
  r.name = fresh("p");
  r.elem = Elem::I1;
  r.shape = a.shape;
  r.lo = -1;
  r.hi = 0;
  std::string t = typeText(a.elem, a.shape);
  std::string rt = typeText(Elem::I1, a.shape);
  const char *pred = rng.pick<const char *>(preds);
  if (isIntElem(a.elem))
    line(r.name + " = cmpi " + pred + " " + a.name + ", " + b.name + ", " +
         (rng.chance(0.3) || forceUnsigned ? "unsigned" : "signed") + " : " +
         t + " -> " + rt);
  else
    line(r.name + " = cmpf " + pred + " " +
         (rng.chance(0.3) ? "unordered " : "ordered ") + a.name + ", " +
         b.name + " : " + t + " -> " + rt);
  return define(r);
}

/// Makes what `r` is known to hold what either `a` or `b` may hold (their
/// elements chosen or gathered).
static void joinValues(Val &r, const Val &a, const Val &b) {
  r.lo = std::min(a.lo, b.lo);
  r.hi = std::max(a.hi, b.hi);
  r.flo = std::min(a.flo, b.flo);
  r.fhi = std::max(a.fhi, b.fhi);
  r.mayNaN = a.mayNaN || b.mayNaN;
  r.scale = (a.scale >= 0 && b.scale >= 0) ? std::max(a.scale, b.scale) : -1;
}

Val KernelGen::select(const Val &c, const Val &a, const Val &b) {
  Val r = a;
  r.name = fresh();
  joinValues(r, a, b);
  line(r.name + " = select " + c.name + ", " + a.name + ", " + b.name + " : " +
       typeText(Elem::I1, a.shape) + ", " + typeText(a.elem, a.shape));
  return define(r);
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

Val KernelGen::convertTo(const Val &vIn, Elem to) {
  Val v = vIn;
  if (v.elem == to)
    return v;
  std::string from = typeText(v.elem, v.shape);
  std::string tt = typeText(to, v.shape);
  Val r = v;
  r.elem = to;
  if (isIntElem(v.elem) && isIntElem(to)) {
    if (bitWidth(to) > bitWidth(v.elem)) {
      bool sgn = v.elem == Elem::I1 ? rng.chance(0.5) : !rng.chance(0.3);
      if (!sgn && v.lo < 0) {
        r.lo = 0;
        r.hi = v.elem == Elem::I1 ? 1 : (int64_t(1) << bitWidth(v.elem)) - 1;
        if (bitWidth(v.elem) == 64)
          setFull(r);
      }
      r.name = fresh();
      line(r.name + " = exti " + v.name + (sgn ? " signed" : " unsigned") +
           " : " + from + " -> " + tt);
    } else {
      std::string attrs;
      if (!setRange(r, v.lo, v.hi)) {
        setFull(r);
      } else if (rng.chance(policy.pOverflowFlag)) {
        attrs = " overflow<no_signed_wrap>";
      }
      if (to == Elem::I1) {
        r.lo = -1;
        r.hi = 0;
        attrs.clear();
      }
      r.name = fresh();
      line(r.name + " = trunci " + v.name + attrs + " : " + from + " -> " + tt);
    }
    return define(r);
  }
  if (isIntElem(v.elem)) { // itof
    if (v.elem == Elem::I1)
      return v;
    double lim = std::ldexp(1.0, mantissaBits(to) - 1);
    if (exact() && (v.lo < -lim || v.hi > lim))
      v = clampInt(v, static_cast<int64_t>(-lim), static_cast<int64_t>(lim));
    bool sgn = v.lo < 0 || !rng.chance(0.3);
    r = v;
    r.elem = to;
    r.flo = static_cast<double>(v.lo);
    r.fhi = static_cast<double>(v.hi);
    r.mayNaN = false;
    r.scale =
        fitsExact(to, std::max(std::fabs(r.flo), std::fabs(r.fhi)), 0) ? 0 : -1;
    if (!sgn && r.scale < 0) // unsigned reading of a maybe-negative range
      r.flo = 0;
    r.name = fresh();
    line(r.name + " = itof " + v.name + (sgn ? " signed" : " unsigned") +
         " : " + typeText(v.elem, v.shape) + " -> " + tt);
    return define(r);
  }
  if (isIntElem(to)) { // ftoi through a clamp (also maps NaN to a bound)
    if (to == Elem::I1)
      return v;
    bool sgn = !rng.chance(0.3);
    double lim = std::min<double>(static_cast<double>(maxOf(to)),
                                  std::ldexp(1.0, mantissaBits(v.elem)));
    lim = std::min(lim, 1048576.0);
    Val c = clampFloat(v, sgn ? -lim : 0.0, lim);
    r = c;
    r.elem = to;
    r.lo = static_cast<int64_t>(std::trunc(c.flo));
    r.hi = static_cast<int64_t>(std::trunc(c.fhi));
    r.name = fresh();
    line(r.name + " = ftoi " + c.name + (sgn ? " signed" : " unsigned") +
         " : " + typeText(c.elem, c.shape) + " -> " + tt);
    return define(r);
  }
  // ftof
  if (exact() && !fitsExact(to, maxAbs(v), v.scale)) {
    double lim = std::ldexp(1.0, mantissaBits(to) - 1);
    v = clampFloat(v, -lim, lim);
    v = floatUnary(uFloor, v);
  }
  r = v;
  r.elem = to;
  if (!fitsExact(to, maxAbs(v), v.scale))
    r.scale = -1;
  r.name = fresh();
  line(r.name + " = ftof " + v.name + " : " + typeText(v.elem, v.shape) +
       " -> " + tt);
  return define(r);
}

Val KernelGen::throughSubByte(const Val &v) {
  std::string t = typeText(v.elem, v.shape);
  std::string q = fresh();
  Val r = v;
  r.name = fresh();
  if (isIntElem(v.elem)) {
    std::string t4 = "tile<" + shapeText(v.shape) + "xi4>";
    bool sgn = rng.chance(0.6);
    bool fits = v.lo >= -8 && v.hi <= 7;
    // trunci's no_signed_wrap promises the value fits i4.
    line(q + " = trunci " + v.name +
         (fits && rng.chance(policy.pOverflowFlag) ? " overflow<no_signed_wrap>"
                                                   : "") +
         " : " + t + " -> " + t4);
    // Half the time the i4 tile moves before it is extended: a select with
    // the i4 of another value of the shape, then (square tiles) a
    // transpose, as cuda_tile allows for i4.
    bool moved = rng.chance(0.5);
    if (moved) {
      Val w = operand(v.elem, v.shape);
      Val c = compare(v, w);
      std::string q2 = fresh(), sel = fresh();
      line(q2 + " = trunci " + w.name + " : " + t + " -> " + t4);
      line(sel + " = select " + c.name + ", " + q + ", " + q2 + " : " +
           typeText(Elem::I1, v.shape) + ", " + t4);
      q = sel;
      if (v.shape.size() == 2 && v.shape[0] == v.shape[1]) {
        std::string p = fresh();
        line(p + " = permute " + q + " [1, 0] : " + t4 + " -> " + t4);
        q = p;
      }
    }
    line(r.name + " = exti " + q + (sgn ? " signed" : " unsigned") + " : " +
         t4 + " -> " + t);
    if (moved || (sgn && !fits) || (!sgn && !(v.lo >= 0 && v.hi <= 15))) {
      r.lo = sgn ? -8 : 0;
      r.hi = sgn ? 7 : 15;
    }
    return define(r);
  }
  // f4E2M1FN: +-{0, 0.5, 1, 1.5, 2, 3, 4, 6}, round to nearest even,
  // saturating; every value is a multiple of 0.5, exact in every format.
  // Rounding moves a value by at most half the widest gap (1).
  std::string t4 = "tile<" + shapeText(v.shape) + "xf4E2M1FN>";
  line(q + " = ftof " + v.name + " : " + t + " -> " + t4);
  line(r.name + " = ftof " + q + " : " + t4 + " -> " + t);
  r.flo = std::clamp(v.flo - 1, -6.0, 6.0);
  r.fhi = std::clamp(v.fhi + 1, -6.0, 6.0);
  r.scale = 1;
  r.mayNaN = false;
  return define(r);
}

Val KernelGen::convert(const Val &v) {
  // (f4E2M1FN tiles hold an even number of elements.)
  if (policy.pSubByteCast > 0 && v.elem != Elem::I1 &&
      !(isFloatElem(v.elem) && (v.mayNaN || numElements(v.shape) % 2 != 0)) &&
      rng.chance(policy.pSubByteCast))
    return throughSubByte(v);
  if (isFloatElem(v.elem) && v.scale >= 0 && !v.mayNaN && rng.chance(0.15)) {
    // bitcast only exact values: their bits are the same on every target.
    Elem to = bitWidth(v.elem) == 64   ? Elem::I64
              : bitWidth(v.elem) == 32 ? Elem::I32
                                       : Elem::I16;
    Val r = v;
    r.name = fresh();
    r.elem = to;
    setFull(r);
    line(r.name + " = bitcast " + v.name + " : " + typeText(v.elem, v.shape) +
         " -> " + typeText(to, v.shape));
    return define(r);
  }
  Elem to = pickElem(true, true);
  if (isIntElem(to) && !discontinuousOk(v))
    to = v.elem == Elem::F32 ? Elem::F64 : Elem::F32; // no ftoi of it
  if (to == v.elem)
    to = isIntElem(v.elem) ? (v.elem == Elem::I32 ? Elem::I64 : Elem::I32)
                           : (v.elem == Elem::F32 ? Elem::F16 : Elem::F32);
  return convertTo(v, to);
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

Val KernelGen::changeShape(const char *opName, const Val &v, const Shape &to) {
  if (to == v.shape)
    return v;
  Val r = v;
  r.name = fresh();
  r.shape = to;
  line(r.name + " = " + opName + " " + v.name + " : " +
       typeText(v.elem, v.shape) + " -> " + typeText(v.elem, to));
  return define(r);
}

Val KernelGen::reshape(const Val &v, const Shape &to) {
  return changeShape("reshape", v, to);
}

Val KernelGen::broadcastTo(const Val &v, const Shape &to) {
  return changeShape("broadcast", v, to);
}

Val KernelGen::permute(const Val &v) {
  unsigned rank = v.shape.size();
  SmallVector<unsigned, 3> perm;
  for (unsigned i = 0; i < rank; ++i)
    perm.push_back(i);
  // A random non-identity permutation (Fisher-Yates, then a forced swap).
  for (unsigned i = rank - 1; i > 0; --i)
    std::swap(perm[i], perm[rng.below(i + 1)]);
  bool identity = true;
  for (unsigned i = 0; i < rank; ++i)
    identity &= perm[i] == i;
  if (identity)
    std::swap(perm[0], perm[1]);
  Val r = v;
  r.name = fresh();
  std::string permText;
  for (unsigned i = 0; i < rank; ++i) {
    r.shape[i] = v.shape[perm[i]];
    permText += (i ? ", " : "") + std::to_string(perm[i]);
  }
  line(r.name + " = permute " + v.name + " [" + permText +
       "] : " + typeText(v.elem, v.shape) + " -> " + typeText(v.elem, r.shape));
  return define(r);
}

Val KernelGen::cat(const Val &a, const Val &b, unsigned dim) {
  Val r = a;
  r.name = fresh();
  r.shape[dim] *= 2;
  joinValues(r, a, b);
  std::string t = typeText(a.elem, a.shape);
  line(r.name + " = cat " + a.name + ", " + b.name +
       " dim = " + std::to_string(dim) + " : " + t + ", " + t + " -> " +
       typeText(a.elem, r.shape));
  return define(r);
}

Val KernelGen::extract(const Val &v) {
  Val r = v;
  std::vector<std::string> idx;
  for (size_t i = 0; i < v.shape.size(); ++i) {
    int64_t d = v.shape[i];
    int64_t div = 1;
    while (div < d && rng.chance(0.5))
      div *= 2;
    r.shape[i] = d / div;
    // The block index must lie in [0, div): a loop index whose range fits,
    // else a constant.
    std::string name;
    for (const Val &li : loopIndices)
      if (li.lo >= 0 && li.hi < div && rng.chance(0.5))
        name = li.name;
    if (name.empty())
      name = constInt(Elem::I32, {}, rng.range(0, div - 1)).name;
    idx.push_back(name);
  }
  r.name = fresh();
  std::string list;
  for (size_t i = 0; i < idx.size(); ++i)
    list += (i ? ", " : "") + idx[i];
  line(r.name + " = extract " + v.name + "[" + list +
       "] : " + typeText(v.elem, v.shape) + " -> " + typeText(v.elem, r.shape));
  return define(r);
}

Val KernelGen::iota(Elem e, int64_t n) {
  Val r;
  r.name = fresh();
  r.elem = e;
  r.shape = {n};
  r.lo = 0;
  r.hi = n - 1;
  line(r.name + " = iota : " + typeText(e, r.shape));
  return define(r);
}

//===----------------------------------------------------------------------===//
// Reduce and scan
//===----------------------------------------------------------------------===//

SmallVector<Val, 2> KernelGen::reduceOrScan(ArrayRef<Val> inputs, unsigned dim,
                                            bool isScan) {
  struct Comb {
    const char *op;
    const char *attr;
  };
  SmallVector<Val, 2> results;
  SmallVector<std::string, 2> identities, bodyLines, yields;
  std::string header, argsText;
  const Val &first = inputs.front();
  int64_t n = first.shape[dim];
  Shape outShape = first.shape;
  if (!isScan)
    outShape.erase(outShape.begin() + dim);
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Val &v = inputs[i];
    Val r = v;
    r.name = fresh(isScan ? "scan" : "red");
    r.shape = outShape;
    std::string e = "%e" + std::to_string(i) + "_" + std::to_string(nextId);
    std::string acc = "%a" + std::to_string(i) + "_" + std::to_string(nextId);
    std::string s = "%s" + std::to_string(i) + "_" + std::to_string(nextId);
    std::string st = typeText(v.elem, {});
    std::string identity;
    if (isIntElem(v.elem)) {
      unsigned k = rng.below(8);
      static const Comb combs[] = {{"addi", ""},          {"maxi", " signed"},
                                   {"mini", " signed"},   {"maxi", " unsigned"},
                                   {"mini", " unsigned"}, {"andi", ""},
                                   {"ori", ""},           {"xori", ""}};
      int64_t ids[] = {0, minOf(v.elem), maxOf(v.elem), 0, -1, -1, 0, 0};
      identity = std::to_string(ids[k]);
      switch (k) {
      case 0:
        if (isScan)
          setRange(r, std::min(i128(v.lo), i128(v.lo) * n),
                   std::max(i128(v.hi), i128(v.hi) * n));
        else
          setRange(r, i128(v.lo) * n, i128(v.hi) * n);
        break;
      case 1:
      case 2:
        break;
      case 3:
      case 4:
        if (v.lo < 0)
          setFull(r);
        break;
      case 5:
        if (v.lo < 0)
          setFull(r);
        else
          r.lo = 0;
        break;
      default:
        if (v.lo < 0)
          setFull(r);
        else
          setRange(r, 0, maskAbove(v.hi));
        break;
      }
      bodyLines.push_back(s + " = " + combs[k].op + " " + e + ", " + acc +
                          combs[k].attr + " : " + st);
    } else {
      unsigned k = rng.below(3);
      double total = maxAbs(v) * n;
      if (k == 0 && exact() && !fitsExact(v.elem, total, v.scale))
        k = 1;
      static const char *ops[] = {"addf", "maxf", "minf"};
      double ids[] = {-0.0, -INFINITY, INFINITY};
      identity = floatLiteral(v.elem, ids[k]);
      if (k == 0) {
        r.flo = isScan ? std::min(v.flo, v.flo * n) : v.flo * n;
        r.fhi = isScan ? std::max(v.fhi, v.fhi * n) : v.fhi * n;
        if (!exact())
          r.scale = -1;
      }
      bodyLines.push_back(s + " = " + ops[k] + " " + e + ", " + acc + " : " +
                          st);
    }
    if (rng.chance(0.2)) // a dead pure op: bodies are regions, not just ops
      bodyLines.push_back(s + "d = " + (isIntElem(v.elem) ? "xori " : "mulf ") +
                          e + ", " + acc + " : " + st);
    identities.push_back(identity + " : " + elemName(v.elem));
    argsText +=
        std::string(i ? ", " : "") + e + ": " + st + ", " + acc + ": " + st;
    yields.push_back(s);
    results.push_back(r);
  }
  auto join = [](ArrayRef<std::string> parts, const char *sep) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i)
      out += (i ? sep : "") + parts[i];
    return out;
  };
  SmallVector<std::string, 2> names, inNames, inTypes, outTypes, scalarTypes;
  for (size_t i = 0; i < inputs.size(); ++i) {
    names.push_back(results[i].name);
    inNames.push_back(inputs[i].name);
    inTypes.push_back(typeText(inputs[i].elem, inputs[i].shape));
    outTypes.push_back(typeText(inputs[i].elem, outShape));
    scalarTypes.push_back(typeText(inputs[i].elem, {}));
  }
  std::string head = join(names, ", ") + " = " +
                     (isScan ? "scan " : "reduce ") + join(inNames, ", ") +
                     " dim=" + std::to_string(dim);
  if (isScan)
    head += rng.chance(0.5) ? " reverse=true" : " reverse=false";
  head += " identities=[" + join(identities, ", ") +
          "] : " + join(inTypes, ", ") + " -> " + join(outTypes, ", ");
  line(head);
  line("(" + argsText + ") {");
  ++indentLevel;
  for (const std::string &l : bodyLines)
    line(l);
  line("yield " + join(yields, ", ") + " : " + join(scalarTypes, ", "));
  --indentLevel;
  line("}");
  for (Val &r : results)
    define(r);
  return results;
}

} // namespace tilecheck::gen
