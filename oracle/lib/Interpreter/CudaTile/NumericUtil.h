//===- NumericUtil.h - Shared helpers of the numeric op semantics ---------===//
//
// Internal to the arith, math and conversion semantics. The common cases
// (i8..i64, f32, f64 with default modifiers) run as typed loops over the
// tile bytes: elements are moved with memcpy, which compilers turn into
// plain loads and stores, so the loops vectorize without breaking strict
// aliasing. Everything else (f16, bf16, directed rounding, flush-to-zero,
// overflow flags, i1) goes through exact per-element paths built on
// llvm::APFloat and 128-bit integers.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_CUDATILE_NUMERICUTIL_H
#define TILECHECK_ORACLE_CUDATILE_NUMERICUTIL_H

#include "Semantics.h"

#include "llvm/ADT/APFloat.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

namespace tilecheck::oracle::cuda_tile_sem {

void registerFloatArithSemantics(SemanticsRegistry &r);

/// Unaligned typed load/store of element i of a byte buffer.
template <typename T> inline T loadAt(const uint8_t *base, int64_t i) {
  T v;
  std::memcpy(&v, base + i * sizeof(T), sizeof(T));
  return v;
}
template <typename T> inline void storeAt(uint8_t *base, int64_t i, T v) {
  std::memcpy(base + i * sizeof(T), &v, sizeof(T));
}

/// Calls f(T{}) with T the unsigned storage type of an 8/16/32/64-bit
/// integer element type; returns false (without calling) for i1 and i4,
/// whose storage does not wrap at the byte boundary.
template <typename F> inline bool dispatchIntStorage(ElemType t, F &&f) {
  switch (t) {
  case ElemType::I8:
    f(uint8_t{});
    return true;
  case ElemType::I16:
    f(uint16_t{});
    return true;
  case ElemType::I32:
    f(uint32_t{});
    return true;
  case ElemType::I64:
    f(uint64_t{});
    return true;
  default:
    return false;
  }
}

/// The APFloat rounding mode of a cuda_tile IEEE rounding mode (modes that
/// are not IEEE, approx/full, map to nearest even: the interpreter computes
/// the correctly rounded value and the comparison allows the ULP bound).
inline llvm::APFloat::roundingMode
toAPRounding(::tilecheck::cuda_tile::RoundingMode rm) {
  using ::tilecheck::cuda_tile::RoundingMode;
  switch (rm) {
  case RoundingMode::ZERO:
  case RoundingMode::NEAREST_INT_TO_ZERO:
    return llvm::APFloat::rmTowardZero;
  case RoundingMode::NEGATIVE_INF:
    return llvm::APFloat::rmTowardNegative;
  case RoundingMode::POSITIVE_INF:
    return llvm::APFloat::rmTowardPositive;
  default:
    return llvm::APFloat::rmNearestTiesToEven;
  }
}

/// Subnormal f32 values become zero of the same sign (flush_to_zero).
inline float flushF32(float x) {
  uint32_t b;
  std::memcpy(&b, &x, 4);
  if ((b & 0x7f800000u) == 0)
    b &= 0x80000000u;
  std::memcpy(&x, &b, 4);
  return x;
}
inline void flushAP(llvm::APFloat &x) {
  if (x.isDenormal())
    x = llvm::APFloat::getZero(x.getSemantics(), x.isNegative());
}

/// The canonical NaN that maxf/minf return: positive, quiet, every payload
/// bit set (0x7fffffff for f32, as NVIDIA GPUs produce; the same shape for
/// the other widths).
inline uint64_t canonicalNaNBits(ElemType t) {
  switch (t) {
  case ElemType::F16:
  case ElemType::BF16:
    return 0x7fff;
  case ElemType::F32:
    return 0x7fffffff;
  case ElemType::F64:
    return 0x7fffffffffffffffull;
  default:
    return llvm::APFloat::getNaN(*semantics(t)).bitcastToAPInt().getZExtValue();
  }
}

/// f16/bf16 <-> f32. Widening is exact; narrowing rounds to nearest even
/// (for bf16 by the usual carry trick, NaNs kept quiet).
inline float halfToFloat(ElemType t, uint16_t b) {
  if (t == ElemType::BF16) {
    uint32_t w = uint32_t(b) << 16;
    float f;
    std::memcpy(&f, &w, 4);
    return f;
  }
#ifdef __FLT16_MAX__
  _Float16 h;
  std::memcpy(&h, &b, 2);
  return static_cast<float>(h);
#else
  return loadFloat(t, reinterpret_cast<const uint8_t *>(&b)).convertToFloat();
#endif
}

inline uint16_t floatToHalf(ElemType t, float f) {
  if (t == ElemType::BF16) {
    uint32_t w;
    std::memcpy(&w, &f, 4);
    if (std::isnan(f))
      return uint16_t((w >> 16) | 0x40);
    return uint16_t((w + 0x7fff + ((w >> 16) & 1)) >> 16);
  }
#ifdef __FLT16_MAX__
  _Float16 h = static_cast<_Float16>(f);
  uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
#else
  llvm::APFloat x(f);
  bool lost;
  x.convert(llvm::APFloat::IEEEhalf(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return uint16_t(x.bitcastToAPInt().getZExtValue());
#endif
}

/// Exact value of an f16/bf16/f32/f64 element as a double.
inline double loadAsDouble(ElemType t, const uint8_t *base, int64_t i) {
  switch (t) {
  case ElemType::F32:
    return loadAt<float>(base, i);
  case ElemType::F64:
    return loadAt<double>(base, i);
  case ElemType::F16:
  case ElemType::BF16:
    return halfToFloat(t, loadAt<uint16_t>(base, i));
  default:
    return loadFloat(t, base + i * storageBytes(t)).convertToDouble();
  }
}

/// "element 3" / "element 3 (index [0, 3])" for UB messages.
std::string elementName(const Tile &t, int64_t i);

/// `x <pred> y` for cmpi (on already sign- or zero-extended values) and for
/// the ordered case of cmpf (callers handle NaN operands first).
template <typename T>
inline bool applyPredicate(::tilecheck::cuda_tile::ComparisonPredicate p, T x,
                           T y) {
  using ::tilecheck::cuda_tile::ComparisonPredicate;
  switch (p) {
  case ComparisonPredicate::EQUAL:
    return x == y;
  case ComparisonPredicate::NOT_EQUAL:
    return x != y;
  case ComparisonPredicate::LESS_THAN:
    return x < y;
  case ComparisonPredicate::LESS_THAN_OR_EQUAL:
    return x <= y;
  case ComparisonPredicate::GREATER_THAN:
    return x > y;
  case ComparisonPredicate::GREATER_THAN_OR_EQUAL:
    return x >= y;
  }
  return false;
}

} // namespace tilecheck::oracle::cuda_tile_sem

#endif // TILECHECK_ORACLE_CUDATILE_NUMERICUTIL_H
