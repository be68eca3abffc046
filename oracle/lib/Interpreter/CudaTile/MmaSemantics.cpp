//===- MmaSemantics.cpp - mmaf, mmai, mmaf_scaled -------------------------===//
//
// Matrix multiply-accumulate: result = lhs x rhs + acc on M x K, K x N and
// M x N tiles, or batched B x M x K etc. (each batch independent).
//
// The spec leaves the accumulation order and internal precision open. The
// oracle fixes one reproducible choice that is exact wherever the spec
// allows it to be:
//   * every element starts from acc[i][j] and adds the products
//     lhs[i][k] * rhs[k][j] for k = 0, 1, ..., K-1 in that order;
//   * each step is one fused multiply-add in the result type: the product
//     is exact and the sum is rounded once (round to nearest even) to the
//     result type, so an f16 result accumulates in f16, f32 in f32 and f64
//     in f64, as the op's type says;
//   * inputs narrower than the result (f8, f16, bf16, tf32) are widened
//     exactly first; no flush-to-zero, NaN propagates as IEEE arithmetic
//     does.
// Hardware sums blocks of K in wider or narrower internal formats (and
// `fast_acc` lets f8 inputs accumulate with reduced precision), so
// comparisons of mma results need a tolerance; the oracle stays at the
// exact-per-step result regardless of `fast_acc`.
//
// Speed matters here because fuzzed kernels are mma-heavy: the f32 and f64
// paths run an i-k-j loop over contiguous rows (the innermost loop streams
// a row of rhs and a row of the result, which vectorizes) and use the
// hardware FMA when the host has one. The f16-result path cannot use an
// f16 FMA, so it computes each step in double with round-to-odd and then
// rounds to f16, which is a correctly rounded f16 FMA because double has
// more than 2 * 11 + 2 bits of precision. mmaf_scaled uses the same trick
// for its f32 accumulation because its scaled products exceed f32's range.
//
// mmai: i8 operands, each signed or unsigned per its attribute, products
// and sums in i32 with two's complement wrap-around (the spec gives the
// accumulator no overflow promise, so wrapping is the defined result).
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"

#include <cmath>
#include <limits>
#include <tuple>
#include <vector>

using namespace mlir;
using namespace tilecheck::cuda_tile;

namespace tilecheck::oracle::cuda_tile_sem {

namespace {

/// Shape of one mma: batch count and matrix sizes.
struct MmaShape {
  int64_t batch, m, n, k;
};

/// Reads (B x) M x K, (B x) K x N, (B x) M x N; reports malformed shapes
/// (the verifier rejects them, so this only guards the interpreter).
FailureOr<MmaShape> mmaShape(ExecContext &ctx, Operation *op, const Tile &a,
                             const Tile &b, const Tile &c) {
  unsigned rank = a.rank();
  if ((rank != 2 && rank != 3) || b.rank() != rank || c.rank() != rank)
    return ctx.error(op, "operands must all be 2-D or all 3-D");
  unsigned base = rank - 2;
  MmaShape s{rank == 3 ? a.shape()[0] : 1, a.shape()[base], b.shape()[base + 1],
             a.shape()[base + 1]};
  if (b.shape()[base] != s.k || c.shape()[base] != s.m ||
      c.shape()[base + 1] != s.n ||
      (rank == 3 && (b.shape()[0] != s.batch || c.shape()[0] != s.batch)))
    return ctx.error(op, "operand shapes do not form a matrix product");
  return s;
}

/// The lhs, rhs and acc tiles of an mma op and the shape of the product.
struct MmaOperands {
  const Tile &a, &b, &c;
  MmaShape s;
};

/// The semantics of an mma op: reads lhs, rhs and acc, checks that their
/// shapes form a product, then runs `Kernel` (which sets the result).
template <typename OpT,
          LogicalResult (*Kernel)(ExecContext &, OpT, const MmaOperands &)>
LogicalResult mmaSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  const Tile &a = ctx.getTile(op.getLhs());
  const Tile &b = ctx.getTile(op.getRhs());
  const Tile &c = ctx.getTile(op.getAcc());
  FailureOr<MmaShape> s = mmaShape(ctx, op, a, b, c);
  if (failed(s))
    return failure();
  return Kernel(ctx, op, MmaOperands{a, b, c, *s});
}

template <typename T> std::vector<T> toArray(const Tile &t) {
  std::vector<T> v(t.size());
  for (int64_t i = 0; i < t.size(); ++i)
    v[i] = static_cast<T>(floatAsDouble(t, i)); // exact: T is wide enough
  return v;
}

/// The elements of `t` as stored (T has the element's size).
template <typename T> std::vector<T> rawArray(const Tile &t) {
  std::vector<T> v(t.size());
  std::memcpy(v.data(), t.data(), t.size() * sizeof(T));
  return v;
}

/// Sets `result` to a tile of `type` and `shape` whose elements are stored
/// as `v` (T has the element's size).
template <typename T>
void setRawResult(ExecContext &ctx, Value result, ElemType type,
                  ArrayRef<int64_t> shape, const std::vector<T> &v) {
  Tile d(type, shape);
  std::memcpy(d.data(), v.data(), v.size() * sizeof(T));
  ctx.setTile(result, std::move(d));
}

/// The scalar kernels' loop nest (B x) M x K times (B x) K x N into (B x)
/// M x N: step(c[i][j], a[i][k], b[k][j]) in i-k-j order, so the inner
/// loop is contiguous in b and c and each element still takes the k steps
/// in ascending order.
template <typename In, typename Acc, typename StepFn>
void forEachMmaStep(const In *a, const In *b, Acc *c, const MmaShape &s,
                    StepFn step) {
  for (int64_t bi = 0; bi < s.batch; ++bi) {
    const In *ab = a + bi * s.m * s.k;
    const In *bb = b + bi * s.k * s.n;
    Acc *cb = c + bi * s.m * s.n;
    for (int64_t i = 0; i < s.m; ++i)
      for (int64_t p = 0; p < s.k; ++p) {
        In x = ab[i * s.k + p];
        for (int64_t j = 0; j < s.n; ++j)
          step(cb[i * s.n + j], x, bb[p * s.n + j]);
      }
  }
}

//===----------------------------------------------------------------------===//
// f32 / f64 kernels
//===----------------------------------------------------------------------===//

template <typename T> inline T fusedMulAdd(T a, T b, T c) {
#if __has_builtin(__builtin_elementwise_fma)
  // Unlike std::fma this never becomes a libm call under -fmath-errno, so
  // the loop below vectorizes when the target has FMA.
  return __builtin_elementwise_fma(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}

/// c[i][j] = fma(a[i][k], b[k][j], c[i][j]) for k ascending, i-k-j order so
/// the inner loop is contiguous in b and c. The per-element order of the k
/// steps is still 0, 1, ..., K-1.
template <typename T>
__attribute__((always_inline)) inline void
gemmLoop(const T *__restrict a, const T *__restrict b, T *__restrict c,
         int64_t m, int64_t n, int64_t k) {
  for (int64_t i = 0; i < m; ++i) {
    T *crow = c + i * n;
    for (int64_t p = 0; p < k; ++p) {
      T av = a[i * k + p];
      const T *brow = b + p * n;
      for (int64_t j = 0; j < n; ++j)
        crow[j] = fusedMulAdd(av, brow[j], crow[j]);
    }
  }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define TILECHECK_MMA_FMA_DISPATCH 1
template <typename T>
__attribute__((target("avx2,fma"))) void
gemmFma(const T *a, const T *b, T *c, int64_t m, int64_t n, int64_t k) {
  gemmLoop(a, b, c, m, n, k);
}
#endif

template <typename T>
void gemmGeneric(const T *a, const T *b, T *c, int64_t m, int64_t n,
                 int64_t k) {
  gemmLoop(a, b, c, m, n, k);
}

/// One (possibly batched) product in type T. Both paths compute the same
/// correctly rounded FMA per step; the dispatch only picks the fast one.
template <typename T>
void gemm(const T *a, const T *b, T *c, const MmaShape &s) {
  for (int64_t bi = 0; bi < s.batch; ++bi) {
    const T *ab = a + bi * s.m * s.k;
    const T *bb = b + bi * s.k * s.n;
    T *cb = c + bi * s.m * s.n;
#ifdef TILECHECK_MMA_FMA_DISPATCH
    static const bool hasFma =
        __builtin_cpu_supports("fma") && __builtin_cpu_supports("avx2");
    if (hasFma) {
      gemmFma(ab, bb, cb, s.m, s.n, s.k);
      continue;
    }
#endif
    gemmGeneric(ab, bb, cb, s.m, s.n, s.k);
  }
}

//===----------------------------------------------------------------------===//
// Correct rounding through double
//===----------------------------------------------------------------------===//

/// x + y rounded to double with round-to-odd: if the exact sum is not a
/// double, the neighbour with an odd last bit. A later rounding of the
/// result to a format with at most 51 bits of precision is then a correct
/// rounding of the exact sum (no double-rounding error). For the operands
/// this file passes (products of f16/f8 values plus an f16, or scaled f8/f4
/// products plus an f32) the sum is in fact always exact in double, so this
/// is a guard that keeps the argument local rather than a hot path.
double addRoundToOdd(double x, double y) {
  double s = x + y;
  if (!std::isfinite(s))
    return s;
  // Knuth's TwoSum: e is the exact rounding error of s.
  double yv = s - x;
  double e = (x - (s - yv)) + (y - yv);
  uint64_t bits;
  std::memcpy(&bits, &s, sizeof(bits));
  if (e == 0 || (bits & 1))
    return s;
  // s != 0 here (an inexact sum never rounds to zero). Step one ulp towards
  // the exact value: adjacent doubles alternate parity.
  bool up = (e > 0) == (s > 0);
  bits = up ? bits + 1 : bits - 1;
  std::memcpy(&s, &bits, sizeof(bits));
  return s;
}

/// Rounds x to the nearest f16 value (ties to even, overflow to infinity),
/// returned as a double.
double roundToHalf(double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, sizeof(bits));
  int biased = static_cast<int>((bits >> 52) & 0x7ff);
  if (biased == 0x7ff || (bits << 1) == 0) // NaN, infinity, zero
    return x;
  // Quantum of f16 at |x|: 2^(exponent - 10), never below the subnormal
  // step 2^-24.
  int q = std::max(biased - 1023, -14) - 10;
  // Adding c = 1.5 * 2^(q + 52) rounds x to a multiple of 2^q in the
  // current (nearest-even) mode: c's ulp is 2^q and |x| < 2^(q + 11) keeps
  // the sum in c's binade; c / 2^q is even, so "even" means the same for
  // the sum as for the rounded x. Subtracting c again is exact.
  uint64_t cbits = (static_cast<uint64_t>(q + 52 + 1023) << 52) | (1ull << 51);
  double c;
  std::memcpy(&c, &cbits, sizeof(c));
  double r = (x + c) - c;
  if (r == 0)
    return std::copysign(0.0, x);
  if (std::fabs(r) > 65504.0)
    return std::copysign(std::numeric_limits<double>::infinity(), x);
  return r;
}

//===----------------------------------------------------------------------===//
// mmaf
//===----------------------------------------------------------------------===//

/// mmaf with an f32 or f64 (T) result: widen the inputs, run gemm.
template <typename T>
void mmaInType(ExecContext &ctx, Value result, const MmaOperands &ops) {
  std::vector<T> av = toArray<T>(ops.a), bv = toArray<T>(ops.b);
  std::vector<T> cv = rawArray<T>(ops.c);
  gemm(av.data(), bv.data(), cv.data(), ops.s);
  setRawResult(ctx, result, ops.c.elemType(), ops.c.shape(), cv);
}

template <typename OpT>
LogicalResult mmaf(ExecContext &ctx, OpT op, const MmaOperands &ops) {
  const auto &[a, b, c, s] = ops;
  if (!isFloat(a.elemType()) || a.elemType() != b.elemType())
    return ctx.error(op, "lhs and rhs must have the same float type");

  switch (c.elemType()) {
  case ElemType::F32:
    mmaInType<float>(ctx, op.getResult(), ops);
    return success();
  case ElemType::F64:
    mmaInType<double>(ctx, op.getResult(), ops);
    return success();
  case ElemType::F16: {
    // Inputs are f16 or f8: products of two such values are exact in
    // double (at most 22 significant bits, exponents far inside range).
    std::vector<double> av = toArray<double>(a), bv = toArray<double>(b);
    std::vector<double> cv = toArray<double>(c);
    forEachMmaStep(av.data(), bv.data(), cv.data(), s,
                   [](double &acc, double x, double y) {
                     acc = roundToHalf(addRoundToOdd(x * y, acc));
                   });
    Tile d(c.elemType(), c.shape());
    for (int64_t i = 0; i < d.size(); ++i) {
      APFloat v(cv[i]);
      bool lost;
      v.convert(APFloat::IEEEhalf(), APFloat::rmNearestTiesToEven, &lost);
      d.setFloat(i, v); // exact: cv[i] is an f16 value
    }
    return setResultTile(ctx, op.getResult(), std::move(d));
  }
  default:
    return ctx.error(op, "unsupported result type " + name(c.elemType()));
  }
}

//===----------------------------------------------------------------------===//
// mmai
//===----------------------------------------------------------------------===//

template <typename OpT>
LogicalResult mmai(ExecContext &ctx, OpT op, const MmaOperands &ops) {
  const auto &[a, b, c, s] = ops;
  bool aSigned = op.getSignednessLhs() == Signedness::Signed;
  bool bSigned = op.getSignednessRhs() == Signedness::Signed;
  auto widen = [](const Tile &t, bool isSigned) {
    std::vector<int32_t> v(t.size());
    for (int64_t i = 0; i < t.size(); ++i)
      v[i] = isSigned ? static_cast<int32_t>(t.getSInt(i))
                      : static_cast<int32_t>(t.getUInt(i));
    return v;
  };
  std::vector<int32_t> av = widen(a, aSigned), bv = widen(b, bSigned);
  // Unsigned arithmetic so that overflow wraps instead of being C++ UB.
  std::vector<uint32_t> cv = rawArray<uint32_t>(c);
  // |i8 x u8| < 2^16, so the product itself never overflows.
  forEachMmaStep(av.data(), bv.data(), cv.data(), s,
                 [](uint32_t &acc, int32_t x, int32_t y) {
                   acc += static_cast<uint32_t>(x * y);
                 });
  setRawResult(ctx, op.getResult(), c.elemType(), c.shape(), cv);
  return success();
}

//===----------------------------------------------------------------------===//
// mmaf_scaled
//===----------------------------------------------------------------------===//

/// lhs[i][k] * lhs_scale[i][k / V] times rhs[k][j] * rhs_scale[k / V][j],
/// V = K / (scale's K extent), accumulated into f32 in ascending k. Scaled
/// operands and their products are exact in double (f8/f4 significands of
/// at most 4 bits, scales powers of two or f8 values, exponents within
/// +-300); each step rounds once to f32 (round-to-odd in double first).
/// An f8E4M3FN scale must be non-negative: the spec says a negative one
/// gives undefined values, which the oracle cannot predict, so it reports
/// undefined behaviour.
template <typename OpT>
LogicalResult mmafScaled(ExecContext &ctx, OpT op, const MmaOperands &ops) {
  const auto &[a, b, c, s] = ops;
  const Tile &sa = ctx.getTile(op.getLhsScale());
  const Tile &sb = ctx.getTile(op.getRhsScale());
  if (c.elemType() != ElemType::F32)
    return ctx.error(op, "result must be f32");
  unsigned base = a.rank() - 2;
  int64_t scaleK = sa.shape()[base + 1];
  if (scaleK <= 0 || s.k % scaleK != 0 || sb.shape()[base] != scaleK)
    return ctx.error(op, "scale shapes do not divide K");
  int64_t v = s.k / scaleK;

  std::vector<double> sav = toArray<double>(sa), sbv = toArray<double>(sb);
  if (sa.elemType() == ElemType::F8E4M3FN) {
    for (const auto &[scales, tile, what] :
         {std::make_tuple(&sav, &sa, "lhs_scale"),
          std::make_tuple(&sbv, &sb, "rhs_scale")})
      for (int64_t i = 0; i < static_cast<int64_t>(scales->size()); ++i)
        if (std::signbit((*scales)[i]))
          return ctx.ub(op, Twine("negative f8E4M3FN ") + what + " element " +
                                formatIndex(*tile, i) +
                                " gives undefined values");
  }
  // Scale the operands up front: row i of lhs uses lhs_scale row i,
  // column j of rhs uses rhs_scale column j, both per block of V in K.
  std::vector<double> av = toArray<double>(a), bv = toArray<double>(b);
  for (int64_t bi = 0; bi < s.batch; ++bi) {
    for (int64_t i = 0; i < s.m; ++i)
      for (int64_t p = 0; p < s.k; ++p)
        av[(bi * s.m + i) * s.k + p] *= sav[(bi * s.m + i) * scaleK + p / v];
    for (int64_t p = 0; p < s.k; ++p)
      for (int64_t j = 0; j < s.n; ++j)
        bv[(bi * s.k + p) * s.n + j] *= sbv[(bi * scaleK + p / v) * s.n + j];
  }
  std::vector<float> acc = rawArray<float>(c);
  forEachMmaStep(av.data(), bv.data(), acc.data(), s,
                 [](float &sum, double x, double y) {
                   sum = static_cast<float>(addRoundToOdd(x * y, sum));
                 });
  setRawResult(ctx, op.getResult(), ElemType::F32, c.shape(), acc);
  return success();
}

} // namespace

/// nv_tileaa dot/dot_int/mma_block_scale and nv_tileas dot/dot_int/
/// block_scaled_mma: the MMA semantics with the same operand names (the
/// nv_tileas `atom` and `cta_group` choose instructions, not results).
template <class Ops> void registerNvDotsFor(SemanticsRegistry &r) {
  using DotOp = typename Ops::DotOp;
  using DotIntOp = typename Ops::DotIntOp;
  using DotScaledOp = typename Ops::DotScaledOp;
  add<DotOp>(r, mmaSem<DotOp, mmaf<DotOp>>);
  add<DotIntOp>(r, mmaSem<DotIntOp, mmai<DotIntOp>>);
  add<DotScaledOp>(r, mmaSem<DotScaledOp, mmafScaled<DotScaledOp>>);
}

template void registerNvDotsFor<NvTileAAOps>(SemanticsRegistry &);
template void registerNvDotsFor<NvTileASOps>(SemanticsRegistry &);

void registerMmaSemantics(SemanticsRegistry &r) {
  add<MmaFOp>(r, mmaSem<MmaFOp, mmaf<MmaFOp>>);
  add<MmaIOp>(r, mmaSem<MmaIOp, mmai<MmaIOp>>);
  add<MmaFScaledOp>(r, mmaSem<MmaFScaledOp, mmafScaled<MmaFScaledOp>>);
}

} // namespace tilecheck::oracle::cuda_tile_sem
