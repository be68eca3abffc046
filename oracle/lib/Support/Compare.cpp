//===- Compare.cpp - Comparing expected and actual buffers ----------------===//
//
// ULP distances over every float format, the default comparison policy
// table, and the element-by-element buffer comparison that reports the first
// mismatch in C order.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Oracle/Compare.h"
#include "tilecheck/Support/Error.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace llvm;

namespace tilecheck {
namespace oracle {

//===----------------------------------------------------------------------===//
// Policies
//===----------------------------------------------------------------------===//

ComparePolicy ComparePolicy::bitExact() { return ComparePolicy(); }

ComparePolicy ComparePolicy::ulp(uint64_t maxUlp) {
  ComparePolicy p;
  p.mode = Mode::Ulp;
  p.maxUlp = maxUlp;
  return p;
}

ComparePolicy ComparePolicy::tolerance(double rtol, double atol) {
  ComparePolicy p;
  p.mode = Mode::Tolerance;
  p.rtol = rtol;
  p.atol = atol;
  return p;
}

std::string ComparePolicy::str() const {
  std::string out;
  raw_string_ostream os(out);
  switch (mode) {
  case Mode::BitExact:
    return "bit-exact";
  case Mode::Ulp:
    os << "ulp<=" << maxUlp;
    break;
  case Mode::Tolerance:
    os << format("rtol=%g,atol=%g", rtol, atol);
    break;
  }
  if (!nanEqual)
    os << ",nan-bits";
  if (signedZerosEqual)
    os << ",+0==-0";
  return out;
}

/// Machine epsilon of a float type: 2^(1 - precision).
static double epsilon(ElemType type) {
  return std::ldexp(1.0,
                    1 - int(APFloat::semanticsPrecision(*semantics(type))));
}

ComparePolicy defaultPolicy(ElemType type, ResultClass resultClass) {
  if (!isFloat(type) || resultClass == ResultClass::Exact)
    return ComparePolicy::bitExact();
  bool narrow = storageBytes(type) == 1;
  bool half = type == ElemType::F16 || type == ElemType::BF16;
  ComparePolicy p;
  switch (resultClass) {
  case ResultClass::Exact:
    break;
  case ResultClass::Elementwise:
    p = ComparePolicy::ulp(0);
    break;
  case ResultClass::MathFunction:
    p = ComparePolicy::ulp(narrow || half ? 1 : 2);
    break;
  case ResultClass::Reduction:
    if (narrow)
      p = ComparePolicy::ulp(1);
    else
      p = ComparePolicy::tolerance(16 * epsilon(type), 16 * epsilon(type));
    p.signedZerosEqual = true;
    break;
  case ResultClass::Mma:
    if (narrow) {
      p = ComparePolicy::ulp(1);
    } else if (half) {
      p = ComparePolicy::tolerance(8 * epsilon(type), 8 * epsilon(type));
    } else if (type == ElemType::F64) {
      p = ComparePolicy::tolerance(64 * epsilon(type), 64 * epsilon(type));
    } else {
      double tol = std::ldexp(1.0, -10);
      p = ComparePolicy::tolerance(tol, tol);
    }
    p.signedZerosEqual = true;
    break;
  }
  return p;
}

//===----------------------------------------------------------------------===//
// ULP distance
//===----------------------------------------------------------------------===//

/// Position of a non-NaN float encoding in the order of the values.
static int64_t orderedFloat(ElemType type, const APInt &bits) {
  if (type == ElemType::F8E8M0FNU)
    return int64_t(bits.getZExtValue());
  unsigned width = bits.getBitWidth();
  uint64_t raw = bits.getZExtValue();
  uint64_t signBit = uint64_t(1) << (width - 1);
  int64_t magnitude = int64_t(raw & (signBit - 1));
  return (raw & signBit) ? -magnitude : magnitude;
}

/// |a - b| of two int64 values without overflow.
static uint64_t absDiff(int64_t a, int64_t b) {
  return a >= b ? uint64_t(a) - uint64_t(b) : uint64_t(b) - uint64_t(a);
}

uint64_t ulpDistance(ElemType type, const uint8_t *a, const uint8_t *b) {
  APInt bitsA = loadInt(type, a), bitsB = loadInt(type, b);
  if (!isFloat(type)) {
    if (type == ElemType::I1 || type == ElemType::Ptr) {
      uint64_t x = bitsA.getZExtValue(), y = bitsB.getZExtValue();
      return x >= y ? x - y : y - x;
    }
    return absDiff(bitsA.getSExtValue(), bitsB.getSExtValue());
  }
  const fltSemantics &sem = *semantics(type);
  bool nanA = APFloat(sem, bitsA).isNaN(), nanB = APFloat(sem, bitsB).isNaN();
  if (nanA || nanB)
    return nanA && nanB ? 0 : std::numeric_limits<uint64_t>::max();
  return absDiff(orderedFloat(type, bitsA), orderedFloat(type, bitsB));
}

//===----------------------------------------------------------------------===//
// Buffer comparison
//===----------------------------------------------------------------------===//

/// \p value converted (exactly) to IEEE quad precision.
static APFloat toQuad(const APFloat &value) {
  APFloat q = value;
  bool losesInfo = false;
  q.convert(APFloat::IEEEquad(), APFloat::rmNearestTiesToEven, &losesInfo);
  return q;
}

/// Whether one element pair matches under a non-bit-exact policy.
static bool floatsMatch(ElemType type, const uint8_t *e, const uint8_t *a,
                        const ComparePolicy &policy, uint64_t distance) {
  APFloat ve = loadFloat(type, e), va = loadFloat(type, a);
  if (ve.isNaN() || va.isNaN()) {
    if (!(ve.isNaN() && va.isNaN()))
      return false;
    return policy.nanEqual || std::memcmp(e, a, storageBytes(type)) == 0;
  }
  if (ve.isZero() && va.isZero())
    return ve.isNegative() == va.isNegative() || policy.signedZerosEqual;
  if (policy.mode == ComparePolicy::Mode::Ulp)
    return distance <= policy.maxUlp;
  // Tolerance.
  if (ve.isInfinity() || va.isInfinity())
    return ve.bitwiseIsEqual(va);
  // Evaluate in IEEE quad: the difference of two elements is exact unless
  // their exponents are more than ~60 binades apart, and rtol*|e| is exact,
  // so only the final addition of atol rounds. Boundary cases thus decide
  // as the real-number inequality does.
  const fltSemantics &quad = APFloat::IEEEquad();
  APFloat qe = toQuad(ve), diff = toQuad(va);
  diff.subtract(qe, APFloat::rmNearestTiesToEven);
  diff.clearSign();
  qe.clearSign();
  APFloat bound(policy.rtol);
  bool losesInfo = false;
  bound.convert(quad, APFloat::rmNearestTiesToEven, &losesInfo);
  bound.multiply(qe, APFloat::rmNearestTiesToEven);
  APFloat atol(policy.atol);
  atol.convert(quad, APFloat::rmNearestTiesToEven, &losesInfo);
  bound.add(atol, APFloat::rmNearestTiesToEven);
  APFloat::cmpResult c = diff.compare(bound);
  return c == APFloat::cmpLessThan || c == APFloat::cmpEqual;
}

CompareResult compareBuffers(ElemType type, ArrayRef<int64_t> shape,
                             const uint8_t *expected, const uint8_t *actual,
                             const ComparePolicy &policy) {
  CompareResult result;
  result.isFloat = isFloat(type);
  ComparePolicy effective = result.isFloat ? policy : ComparePolicy::bitExact();
  result.policy = effective.str();
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  result.numElements = count;
  unsigned bytes = storageBytes(type);
  for (int64_t i = 0; i < count; ++i) {
    const uint8_t *e = expected + i * bytes, *a = actual + i * bytes;
    bool same = std::memcmp(e, a, bytes) == 0;
    uint64_t distance = 0;
    if (result.isFloat) {
      distance = same ? 0 : ulpDistance(type, e, a);
      double d = distance == std::numeric_limits<uint64_t>::max()
                     ? std::numeric_limits<double>::infinity()
                     : double(distance);
      result.maxUlpSeen = std::max(result.maxUlpSeen, d);
    }
    bool match = same;
    if (!same && effective.mode != ComparePolicy::Mode::BitExact)
      match = floatsMatch(type, e, a, effective, distance);
    if (match)
      continue;
    ++result.numMismatches;
    if (result.first)
      continue;
    Mismatch m;
    m.flatIndex = i;
    m.index.assign(shape.size(), 0);
    int64_t rest = i;
    for (size_t k = shape.size(); k-- > 0;) {
      m.index[k] = rest % shape[k];
      rest /= shape[k];
    }
    m.expected = formatElement(type, e);
    m.actual = formatElement(type, a);
    if (!result.isFloat)
      distance = ulpDistance(type, e, a);
    m.ulpDistance = distance == std::numeric_limits<uint64_t>::max()
                        ? std::numeric_limits<double>::infinity()
                        : double(distance);
    result.first = std::move(m);
  }
  return result;
}

std::string CompareResult::describe() const {
  std::string out;
  raw_string_ostream os(out);
  if (ok()) {
    os << "all " << numElements << " elements match (policy " << policy << ")";
    return out;
  }
  os << numMismatches << " of " << numElements << " elements differ (policy "
     << policy << ")";
  if (!first)
    return out;
  os << "; first at [";
  for (size_t k = 0; k < first->index.size(); ++k)
    os << (k ? ", " : "") << first->index[k];
  os << "]: expected " << first->expected << ", got " << first->actual;
  if (isFloat && std::isfinite(first->ulpDistance))
    os << ", " << uint64_t(first->ulpDistance) << " ulp";
  return out;
}

Expected<CompareResult> compareNpy(const NpyArray &expected,
                                   const NpyArray &actual, ElemType type,
                                   const ComparePolicy &policy) {
  auto shapeText = [](ArrayRef<int64_t> shape) {
    std::string s = "(";
    for (size_t k = 0; k < shape.size(); ++k)
      s += (k ? ", " : "") + std::to_string(shape[k]);
    return s + ")";
  };
  if (expected.shape != actual.shape)
    return makeError("shape mismatch: expected " + shapeText(expected.shape) +
                     ", actual " + shapeText(actual.shape));
  for (const NpyArray *array : {&expected, &actual}) {
    const char *which = array == &expected ? "expected" : "actual";
    if (!npyDescrCompatible(array->descr, type))
      return makeError(Twine(which) + " dtype '" + array->descr +
                       "' cannot hold " + name(type) + " elements");
    if (Error e = validateNpy(*array))
      return makeError(Twine(which) + " array: " + toString(std::move(e)));
  }
  return compareBuffers(type, expected.shape, expected.data.data(),
                        actual.data.data(), policy);
}

} // namespace oracle
} // namespace tilecheck
