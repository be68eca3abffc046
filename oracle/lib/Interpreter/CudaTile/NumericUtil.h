//===- NumericUtil.h - Shared helpers of the numeric op semantics ---------===//
//
// Internal to the arith, math and conversion semantics, the mirrors' and
// upstream arith/math's (which call the Value-based kernels declared here so
// that every level computes the same bits). The common cases
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

/// Unaligned typed load/store of element i of a byte buffer.
template <typename T> inline T loadAt(const uint8_t *base, int64_t i) {
  T v;
  std::memcpy(&v, base + i * sizeof(T), sizeof(T));
  return v;
}
template <typename T> inline void storeAt(uint8_t *base, int64_t i, T v) {
  std::memcpy(base + i * sizeof(T), &v, sizeof(T));
}

/// Calls f(T{}) with T the unsigned integer type of `bytes` bytes (1, 2, 4
/// or 8); returns false (without calling) for any other size.
template <typename F>
inline bool dispatchUnsignedOfSize(unsigned bytes, F &&f) {
  auto callIfSized = [&](auto tag) {
    if (sizeof(tag) != bytes)
      return false;
    f(tag);
    return true;
  };
  return callIfSized(uint8_t{}) || callIfSized(uint16_t{}) ||
         callIfSized(uint32_t{}) || callIfSized(uint64_t{});
}

/// Calls f(T{}) with T the unsigned storage type of an 8/16/32/64-bit
/// integer element type; returns false (without calling) for i1 and i4,
/// whose storage does not wrap at the byte boundary.
template <typename F> inline bool dispatchIntStorage(ElemType t, F &&f) {
  bool wrapsAtBytes = t == ElemType::I8 || t == ElemType::I16 ||
                      t == ElemType::I32 || t == ElemType::I64;
  return wrapsAtBytes && dispatchUnsignedOfSize(storageBytes(t), f);
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

//===----------------------------------------------------------------------===//
// Element-wise kernels shared by cuda_tile, its mirrors and upstream arith
// and math. Each reads its operands from ctx, writes `result` and reports
// undefined behaviour against `op`.
//===----------------------------------------------------------------------===//

/// Integer binary ops (ArithSemantics.cpp).
enum class IntOp {
  Add,
  Sub,
  Mul,
  Shl,
  MulHi,
  And,
  Or,
  Xor,
  ShrS,
  ShrU,
  MaxS,
  MaxU,
  MinS,
  MinU,
  Div,
  Rem
};

/// Modifiers of one integer op.
struct IntSpec {
  IntOp op;
  ::tilecheck::cuda_tile::IntegerOverflow overflow =
      ::tilecheck::cuda_tile::IntegerOverflow::NONE;
  bool isSigned = true; ///< divi, remi
  ::tilecheck::cuda_tile::RoundingMode rounding =
      ::tilecheck::cuda_tile::RoundingMode::ZERO; ///< divi
};

mlir::LogicalResult intBinary(ExecContext &ctx, mlir::Operation *op,
                              const IntSpec &spec, mlir::Value lhs,
                              mlir::Value rhs, mlir::Value result);
/// 0 - x; with `nsw`, negating MIN is undefined.
mlir::LogicalResult negateInt(ExecContext &ctx, mlir::Operation *op,
                              mlir::Value src, mlir::Value result, bool nsw);
/// |x|, MIN wrapping to itself.
mlir::LogicalResult absInt(ExecContext &ctx, mlir::Value src,
                           mlir::Value result);
/// x <p> y on signed or unsigned readings of the elements; i1 results.
mlir::LogicalResult compareInt(ExecContext &ctx, mlir::Value lhs,
                               mlir::Value rhs, mlir::Value result,
                               ::tilecheck::cuda_tile::ComparisonPredicate p,
                               bool isSigned);
/// cond ? ifTrue : ifFalse per element, or for whole operands when the
/// condition is a scalar and the operands are not.
mlir::LogicalResult selectElements(ExecContext &ctx, mlir::Value cond,
                                   mlir::Value ifTrue, mlir::Value ifFalse,
                                   mlir::Value result);

/// Float arithmetic (FloatArithSemantics.cpp): IEEE in the element's format
/// under `rm` (rounding modes as cuda_tile names them); `ftz` flushes f32
/// subnormal inputs and results. `acc` is the addend of Fma, else null.
enum class FOp { Add, Sub, Mul, Div, Rem, Fma };
mlir::LogicalResult floatArith(ExecContext &ctx, FOp k, mlir::Value lhs,
                               mlir::Value rhs, mlir::Value acc,
                               mlir::Value result,
                               ::tilecheck::cuda_tile::RoundingMode rm,
                               bool ftz);
/// Negation (abs = false) or absolute value on the sign bit only.
mlir::LogicalResult signBitOp(ExecContext &ctx, mlir::Value src,
                              mlir::Value result, bool abs);
/// IEEE maximum/minimum (prop: NaN-propagating, canonical NaN) or
/// maximumNumber/minimumNumber; -0 < +0 in both.
mlir::LogicalResult minMaxFloat(ExecContext &ctx, mlir::Value lhs,
                                mlir::Value rhs, mlir::Value result, bool isMax,
                                bool prop, bool ftz);
/// x <p> y with NaN operands giving `unordered`; i1 results.
mlir::LogicalResult compareFloat(ExecContext &ctx, mlir::Value lhs,
                                 mlir::Value rhs, mlir::Value result,
                                 ::tilecheck::cuda_tile::ComparisonPredicate p,
                                 bool unordered);

/// Conversions (ConversionSemantics.cpp). `arithRules` selects upstream
/// arith.extf/truncf: one APFloat conversion, no saturation; otherwise
/// cuda_tile ftof's rules (satfinite f8/f4, f8E8M0FNU).
mlir::LogicalResult convertFloat(ExecContext &ctx, mlir::Operation *op,
                                 mlir::Value src, mlir::Value result,
                                 ::tilecheck::cuda_tile::RoundingMode rm,
                                 bool arithRules);
/// Truncation toward zero; NaN, inf and out-of-range values are undefined.
mlir::LogicalResult floatToInt(ExecContext &ctx, mlir::Operation *op,
                               mlir::Value src, mlir::Value result,
                               bool isSigned);
mlir::LogicalResult intToFloat(ExecContext &ctx, mlir::Value src,
                               mlir::Value result, bool isSigned,
                               ::tilecheck::cuda_tile::RoundingMode rm);
mlir::LogicalResult extendInt(ExecContext &ctx, mlir::Value src,
                              mlir::Value result, bool isSigned);
/// Truncation with overflow promises (NSW/NUW/NW) checked per element.
mlir::LogicalResult truncInt(ExecContext &ctx, mlir::Operation *op,
                             mlir::Value src, mlir::Value result,
                             ::tilecheck::cuda_tile::IntegerOverflow overflow);
/// Same-size reinterpretation of every element's storage bytes.
mlir::LogicalResult copyBytes(ExecContext &ctx, mlir::Operation *op,
                              mlir::Value src, mlir::Value result);

/// Math through the host libm (MathSemantics.cpp, whose header states the
/// ULP policy): f64 through the double function, f32 through the float
/// one, f16/bf16 through the float one rounded to the format.
using F32Fn = float (*)(float);
using F64Fn = double (*)(double);
using F32Fn2 = float (*)(float, float);
using F64Fn2 = double (*)(double, double);
mlir::LogicalResult unaryMath(ExecContext &ctx, mlir::Value src,
                              mlir::Value result, F32Fn f32, F64Fn f64,
                              bool ftz);
mlir::LogicalResult binaryMath(ExecContext &ctx, mlir::Value lhs,
                               mlir::Value rhs, mlir::Value result, F32Fn2 f32,
                               F64Fn2 f64);
// libm entry points as plain function pointers (the std:: overload sets
// cannot be taken by address).
inline float expF(float x) { return ::expf(x); }
inline double expD(double x) { return ::exp(x); }
inline float exp2F(float x) { return ::exp2f(x); }
inline double exp2D(double x) { return ::exp2(x); }
inline float logF(float x) { return ::logf(x); }
inline double logD(double x) { return ::log(x); }
inline float log2F(float x) { return ::log2f(x); }
inline double log2D(double x) { return ::log2(x); }
inline float sinF(float x) { return ::sinf(x); }
inline double sinD(double x) { return ::sin(x); }
inline float cosF(float x) { return ::cosf(x); }
inline double cosD(double x) { return ::cos(x); }
inline float tanF(float x) { return ::tanf(x); }
inline double tanD(double x) { return ::tan(x); }
inline float sinhF(float x) { return ::sinhf(x); }
inline double sinhD(double x) { return ::sinh(x); }
inline float coshF(float x) { return ::coshf(x); }
inline double coshD(double x) { return ::cosh(x); }
inline float tanhF(float x) { return ::tanhf(x); }
inline double tanhD(double x) { return ::tanh(x); }
inline float floorF(float x) { return ::floorf(x); }
inline double floorD(double x) { return ::floor(x); }
inline float ceilF(float x) { return ::ceilf(x); }
inline double ceilD(double x) { return ::ceil(x); }
inline float powF(float x, float y) { return ::powf(x, y); }
inline double powD(double x, double y) { return ::pow(x, y); }
inline float atan2F(float x, float y) { return ::atan2f(x, y); }
inline double atan2D(double x, double y) { return ::atan2(x, y); }

/// 1/sqrt evaluated in the next wider host type and rounded once.
float rsqrtF(float x);
double rsqrtD(double x);
/// Correctly rounded square root under `rm`.
mlir::LogicalResult sqrtFloat(ExecContext &ctx, mlir::Value src,
                              mlir::Value result,
                              ::tilecheck::cuda_tile::RoundingMode rm,
                              bool ftz);

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
