//===- EdgeValues.cpp - Ops fed the edge values of their types ------------===//
//
// Random inputs in [-100, 100] or [-8, 8] never reach the values where
// implementations differ: INT_MIN and INT_MAX, -1 against a signed or an
// unsigned reading, shift amounts at the width's edge, NaN against ordered
// and unordered predicates, infinities, signed zeros, subnormals against
// flush-to-zero, the largest finite value against rounding. The `edge`
// statement (weight wEdge) loads a tile of such values from an input buffer
// (runtime data, so no compiler can fold them) and applies one op whose
// result depends on them, keeping it defined:
//   integers: cmpi and mini/maxi (signed and unsigned), divi/remi by a
//             divisor tile that is never 0 nor (signed) -1, shli/shri by
//             amounts in [0, width), wrapping addi/subi/muli, negi, absi,
//             itof;
//   floats:   cmpf (every predicate, ordered or unordered), minf/maxf
//             (with and without propagate_nan), addf/subf/mulf in every
//             rounding mode (flush_to_zero on f32 at times), divf and sqrt
//             (not under exactFloats or without allowMath),
//             negf, absf, ftof to another float type, and ftoi of a second
//             tile whose values truncate into the integer type's range
//             (NaN, inf and out-of-range values are undefined for ftoi).
// The result is stored at the top level while outputs remain (else an
// integer result joins the value pool). An integer edge tile also joins the
// value pool with its true range, so later statements compute on it too; the
// range rules of ValueOps.cpp keep those uses defined.
//
//===----------------------------------------------------------------------===//

#include "KernelGen.h"

#include "tilecheck/Oracle/Npy.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace tilecheck::gen {

namespace {

uint64_t floatBits(const APFloat &f) {
  return f.bitcastToAPInt().getZExtValue();
}

/// `v` in `e`, rounded toward zero (exact for the values used here, or
/// the nearest representable value not above it in magnitude).
APFloat toward0(Elem e, double v) {
  APFloat f(v);
  bool lost = false;
  f.convert(semanticsOf(e), APFloat::rmTowardZero, &lost);
  return f;
}

/// The edge values of an integer type, as bit patterns.
std::vector<uint64_t> intEdges(Elem e) {
  int64_t mn = minOf(e), mx = maxOf(e);
  unsigned w = bitWidth(e);
  std::vector<int64_t> v = {0, 1, -1, mn, mx, mn + 1, mx - 1, 2, -2};
  if (w >= 16)
    v.push_back(int64_t(1) << (w / 2));
  std::vector<uint64_t> bits;
  for (int64_t x : v)
    bits.push_back(static_cast<uint64_t>(x));
  return bits;
}

/// The edge values of a float type, as bit patterns.
std::vector<uint64_t> floatEdges(Elem e) {
  const fltSemantics &sem = semanticsOf(e);
  std::vector<APFloat> v = {APFloat::getQNaN(sem),
                            APFloat::getInf(sem),
                            APFloat::getInf(sem, /*Negative=*/true),
                            APFloat::getZero(sem),
                            APFloat::getZero(sem, /*Negative=*/true),
                            APFloat::getSmallest(sem),
                            APFloat::getSmallest(sem, /*Negative=*/true),
                            APFloat::getLargest(sem),
                            APFloat::getLargest(sem, /*Negative=*/true),
                            APFloat::getSmallestNormalized(sem),
                            toward0(e, 1.0),
                            toward0(e, -1.0),
                            toward0(e, 0.5),
                            toward0(e, -2.5)};
  std::vector<uint64_t> bits;
  for (const APFloat &f : v)
    bits.push_back(floatBits(f));
  return bits;
}

/// Finite values of float type `from` whose truncation lies in the range
/// of integer type `to` (signed or not): ftoi's defined inputs, edges
/// first.
std::vector<uint64_t> ftoiEdges(Elem from, Elem to, bool isSigned) {
  const fltSemantics &sem = semanticsOf(from);
  unsigned w = bitWidth(to);
  // Truncation must land in [lo, hi]: below 2^(w-1) (signed) or 2^w
  // (unsigned), at or above -2^(w-1) (signed) or above -1 (unsigned).
  double limit = std::ldexp(1.0, isSigned ? w - 1 : w);
  auto below = [&](double v) {
    // The largest value of `from` strictly below v (v > 0), or the largest
    // finite one when v is beyond the format.
    APFloat f = toward0(from, v);
    if (f.isInfinity())
      f = APFloat::getLargest(sem);
    if (f.convertToDouble() >= v)
      f.next(/*nextDown=*/true);
    return f;
  };
  std::vector<APFloat> v = {APFloat::getZero(sem),
                            APFloat::getZero(sem, /*Negative=*/true),
                            APFloat::getSmallest(sem),
                            APFloat::getSmallest(sem, /*Negative=*/true),
                            toward0(from, 0.75),
                            toward0(from, -0.75),
                            toward0(from, 1.0),
                            toward0(from, 1.5),
                            below(std::min(limit, 128.0)),
                            below(limit)};
  if (isSigned) {
    APFloat mn = toward0(from, -limit); // -2^(w-1), or -largest
    if (mn.isInfinity())
      mn = APFloat::getLargest(sem, /*Negative=*/true);
    v.push_back(toward0(from, -1.5));
    v.push_back(toward0(from, -128.5 < -limit ? -limit : -128.5));
    v.push_back(mn);
  }
  std::vector<uint64_t> bits;
  for (const APFloat &f : v)
    bits.push_back(floatBits(f));
  return bits;
}

std::string ptrOf(Elem e) {
  return std::string("tile<ptr<") + elemName(e) + ">>";
}

} // namespace

Val KernelGen::loadEdges(Elem e, const Shape &s,
                         const std::vector<uint64_t> &edges) {
  // Every edge value at least once (in a random order), then random ones of
  // them: the tile reaches every class wherever it is at least as big as
  // the list.
  int64_t n = numElements(s);
  std::vector<uint64_t> order = edges;
  for (size_t i = order.size(); i > 1; --i)
    std::swap(order[i - 1], order[rng.below(i)]);
  oracle::NpyArray array;
  array.descr = oracle::npyDescrFor(oracleType(e));
  array.shape.assign(s.begin(), s.end());
  unsigned bytes = bitWidth(e) / 8;
  for (int64_t i = 0; i < n; ++i) {
    uint64_t bits = i < static_cast<int64_t>(order.size())
                        ? order[i]
                        : edges[rng.below(edges.size())];
    for (unsigned b = 0; b < bytes; ++b)
      array.data.push_back(static_cast<uint8_t>(bits >> (8 * b)));
  }
  ArgInfo info;
  info.name = "%arg" + std::to_string(args.size());
  info.type = ptrOf(e);
  info.arg.form = "@arg" + std::to_string(args.size()) + ".npy";
  info.arg.data = std::make_shared<const oracle::NpyArray>(std::move(array));
  args.push_back(std::move(info));
  std::string buf = args.back().name;
  // One tile: the whole tensor, read by every tile block at index 0.
  std::string dims, strides, shapeList, strideList, idx;
  int64_t stride = 1;
  std::vector<int64_t> st(s.size());
  for (int d = static_cast<int>(s.size()) - 1; d >= 0; --d) {
    st[d] = stride;
    stride *= s[d];
  }
  Val zero = constInt(Elem::I32, {}, 0);
  for (unsigned d = 0; d < s.size(); ++d) {
    shapeList += (d ? ", " : "") + std::to_string(s[d]);
    strideList += (d ? ", " : "") + std::to_string(st[d]);
    strides += (d ? "," : "") + std::to_string(st[d]);
    idx += (d ? ", " : "") + zero.name;
  }
  std::string tvType = "tensor_view<" + shapeText(s) + "x" + elemName(e) +
                       ", strides=[" + strides + "]>";
  std::string pvType =
      "partition_view<tile=(" + shapeText(s) + "), " + tvType + ">";
  std::string tv = fresh("tv"), pv = fresh("pv");
  line(tv + " = make_tensor_view " + buf + ", shape = [" + shapeList +
       "], strides = [" + strideList + "] : " + tvType);
  line(pv + " = make_partition_view " + tv + " : " + pvType);
  Val r;
  r.name = fresh("edge");
  r.elem = e;
  r.shape = s;
  std::string tok = fresh("t");
  line(r.name + ", " + tok + " = load_view_tko weak " + pv + "[" + idx +
       "] : " + pvType + ", tile<i32> -> " + typeText(e, s) + ", token");
  if (isIntElem(e)) {
    // The true range of the values loaded.
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (uint64_t bits : edges) {
      int64_t v = SignExtend64(bits, bitWidth(e));
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    r.lo = lo;
    r.hi = hi;
  } else {
    setUnknown(r);
  }
  return r;
}

void KernelGen::stmtEdge(bool top) {
  bool anyFloat = policy.wF32 + policy.wF16 + policy.wBF16 + policy.wF64 > 0;
  bool useFloat = anyFloat && rng.chance(0.5);
  Elem e = pickElem(!useFloat, useFloat);
  if (e == Elem::I1)
    e = Elem::I32;
  Shape s = numElements(mainShape) >= 16 ? mainShape : Shape{16};
  std::string t = typeText(e, s);
  std::string i1t = typeText(Elem::I1, s);
  // A result is stored where the program may still store (top level,
  // fewer than maxOutputs outputs), as every store statement is; elsewhere
  // an integer result joins the value pool (float results, which may be
  // NaN or inf, do not: later inexact ops would carry them into tolerance
  // comparisons).
  auto keep = [&](const Val &r) {
    if (top && outputs < policy.maxOutputs)
      storeValue(r);
    else if (isIntElem(r.elem))
      define(r);
  };
  // What is known of a result: nothing beyond its type (storeValue may
  // convert it and put the conversion into the value pool).
  auto result = [&](Elem re) {
    Val r;
    r.name = fresh();
    r.elem = re;
    r.shape = s;
    setUnknown(r);
    return r;
  };
  if (isIntElem(e)) {
    unsigned w = bitWidth(e);
    Val a = loadEdges(e, s, intEdges(e));
    define(a); // its true range: later statements may compute on it
    const char *sign = rng.chance(0.5) ? "signed" : "unsigned";
    bool isSigned = sign[0] == 's';
    unsigned kind = rng.below(anyFloat ? 9 : 8);
    switch (kind) {
    case 0: { // cmpi
      Val b = loadEdges(e, s, intEdges(e));
      Val r = result(Elem::I1);
      line(r.name + " = cmpi " + rng.pick<const char *>(kComparisonPredicates) +
           " " + a.name + ", " + b.name + ", " + sign + " : " + t + " -> " +
           i1t);
      return keep(r);
    }
    case 1: { // mini / maxi
      Val b = loadEdges(e, s, intEdges(e));
      Val r = result(e);
      line(r.name + (rng.chance(0.5) ? " = mini " : " = maxi ") + a.name +
           ", " + b.name + " " + sign + " : " + t);
      return keep(r);
    }
    case 2:
    case 3: { // divi (2) / remi (3) by a divisor never 0 nor (signed) -1
      int64_t mn = minOf(e), mx = maxOf(e);
      std::vector<int64_t> d = {1, 2, 3, 7, mn, mx};
      if (isSigned)
        d.insert(d.end(), {-2, -3, -7});
      else
        d.insert(d.end(), {-1, mn + 1});
      std::vector<uint64_t> bits;
      for (int64_t x : d)
        bits.push_back(static_cast<uint64_t>(x));
      Val b = loadEdges(e, s, bits);
      Val r = result(e);
      std::string attrs = std::string(" ") + sign;
      bool div = kind == 2;
      if (div && rng.chance(0.6))
        attrs += isSigned ? rng.pick<const char *>({" rounding<zero>",
                                                    " rounding<negative_inf>",
                                                    " rounding<positive_inf>"})
                          : rng.pick<const char *>(
                                {" rounding<zero>", " rounding<positive_inf>"});
      line(r.name + (div ? " = divi " : " = remi ") + a.name + ", " + b.name +
           attrs + " : " + t);
      return keep(r);
    }
    case 4: { // shli / shri by amounts in [0, width)
      std::vector<uint64_t> amounts = {0, 1, w / 2, w - 1};
      Val b = loadEdges(e, s, amounts);
      Val r = result(e);
      if (rng.chance(0.5))
        line(r.name + " = shli " + a.name + ", " + b.name + " : " + t);
      else
        line(r.name + " = shri " + a.name + ", " + b.name + " " + sign + " : " +
             t);
      return keep(r);
    }
    case 5: { // wrapping arithmetic
      Val b = loadEdges(e, s, intEdges(e));
      Val r = result(e);
      line(r.name + " = " + rng.pick<const char *>({"addi", "subi", "muli"}) +
           " " + a.name + ", " + b.name + " : " + t);
      return keep(r);
    }
    case 6: { // negi (wraps at INT_MIN)
      Val r = result(e);
      line(r.name + " = negi " + a.name + " : " + t);
      return keep(r);
    }
    case 7: { // absi
      Val r = result(e);
      line(r.name + " = absi " + a.name + " : " + t);
      return keep(r);
    }
    default: { // itof
      Elem to = pickElem(false, true);
      Val r = result(to);
      line(r.name + " = itof " + a.name + " " + sign + " : " + t + " -> " +
           typeText(to, s));
      return keep(r);
    }
    }
  }
  // Floats.
  Val x = loadEdges(e, s, floatEdges(e));
  bool f32 = e == Elem::F32;
  switch (rng.below(8)) {
  case 0: { // cmpf
    Val y = loadEdges(e, s, floatEdges(e));
    Val r = result(Elem::I1);
    line(r.name + " = cmpf " + rng.pick<const char *>(kComparisonPredicates) +
         (rng.chance(0.5) ? " ordered " : " unordered ") + x.name + ", " +
         y.name + " : " + t + " -> " + i1t);
    return keep(r);
  }
  case 1: { // minf / maxf
    Val y = loadEdges(e, s, floatEdges(e));
    Val r = result(e);
    std::string attrs = rng.chance(0.5) ? " propagate_nan" : "";
    if (f32 && rng.chance(policy.pFlushToZero))
      attrs += " flush_to_zero";
    line(r.name + (rng.chance(0.5) ? " = minf " : " = maxf ") + x.name + ", " +
         y.name + attrs + " : " + t);
    return keep(r);
  }
  case 2:
  case 3: { // addf / subf / mulf in a rounding mode
    Val y = loadEdges(e, s, floatEdges(e));
    Val r = result(e);
    std::string attrs;
    if (rng.chance(0.6))
      attrs = std::string(" rounding<") +
              rng.pick<const char *>(kRoundingModes) + ">";
    if (f32 && rng.chance(policy.pFlushToZero))
      attrs += " flush_to_zero";
    line(r.name + " = " + rng.pick<const char *>({"addf", "subf", "mulf"}) +
         " " + x.name + ", " + y.name + attrs + " : " + t);
    return keep(r);
  }
  case 4: { // divf / sqrt, correctly rounded (not in exact policies)
    Val r = result(e);
    if (exact() || !policy.allowMath) {
      line(r.name + " = absf " + x.name + " : " + t);
    } else if (rng.chance(0.5)) {
      Val y = loadEdges(e, s, floatEdges(e));
      line(r.name + " = divf " + x.name + ", " + y.name + " : " + t);
    } else {
      line(r.name + " = sqrt " + x.name + " : " + t);
    }
    return keep(r);
  }
  case 5: { // negf / absf
    Val r = result(e);
    line(r.name + (rng.chance(0.5) ? " = negf " : " = absf ") + x.name + " : " +
         t);
    return keep(r);
  }
  case 6: { // ftof to another float type
    Elem to = pickElem(false, true);
    if (to == e)
      to = e == Elem::F32 ? Elem::F16 : Elem::F32;
    Val r = result(to);
    line(r.name + " = ftof " + x.name + " : " + t + " -> " + typeText(to, s));
    return keep(r);
  }
  default: { // ftoi of values that truncate into range
    Elem to = pickElem(true, false);
    if (to == Elem::I1)
      to = Elem::I32;
    bool isSigned = rng.chance(0.6);
    Val v = loadEdges(e, s, ftoiEdges(e, to, isSigned));
    Val r = result(to);
    line(r.name + " = ftoi " + v.name + (isSigned ? " signed" : " unsigned") +
         " : " + t + " -> " + typeText(to, s));
    return keep(r);
  }
  }
}

} // namespace tilecheck::gen
