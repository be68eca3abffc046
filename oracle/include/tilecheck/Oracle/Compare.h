//===- Compare.h - Comparing expected and actual buffers --------*- C++ -*-===//
//
// The differential engine compares the oracle's result buffer (expected) with
// the GPU's (actual) element by element under a ComparePolicy: bit-exact,
// within a number of units in the last place (ULP), or within a
// relative/absolute tolerance. defaultPolicy() is the written comparison
// policy per element type and result class; it is documented below together
// with the reasons for its numbers.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_COMPARE_H
#define TILECHECK_ORACLE_COMPARE_H

#include "tilecheck/Oracle/ElemType.h"
#include "tilecheck/Oracle/Npy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilecheck {
namespace oracle {

/// How two elements of a float type are compared. Integer and ptr elements
/// are always compared bit-exactly, whatever the mode.
struct ComparePolicy {
  /// BitExact: the stored bytes must be identical (including NaN payloads,
  /// the sign of zero and padding bits). Ulp: ulpDistance() <= maxUlp.
  /// Tolerance: |a - e| <= atol + rtol * |e|, evaluated in IEEE quad
  /// precision (the difference and rtol*|e| are exact in practice, so a value
  /// exactly at the bound passes); infinities must match exactly.
  enum class Mode { BitExact, Ulp, Tolerance };
  Mode mode = Mode::BitExact;
  /// Ulp mode: largest accepted distance in units in the last place of the
  /// element type.
  uint64_t maxUlp = 0;
  /// Tolerance mode: relative and absolute tolerance.
  double rtol = 0, atol = 0;
  /// Ulp/Tolerance: any NaN equals any NaN (payload and sign ignored). When
  /// false, two NaNs match only if their bits are identical.
  bool nanEqual = true;
  /// Ulp/Tolerance: +0 equals -0. When false, zeros of opposite sign differ
  /// even though their ULP distance and difference are 0.
  bool signedZerosEqual = false;

  /// Bit-exact comparison.
  static ComparePolicy bitExact();
  /// At most \p maxUlp units in the last place.
  static ComparePolicy ulp(uint64_t maxUlp);
  /// |a - e| <= atol + rtol * |e|.
  static ComparePolicy tolerance(double rtol, double atol);

  /// Short description: "bit-exact", "ulp<=2", "rtol=1e-05,atol=1e-08";
  /// non-default NaN/zero flags append ",nan-bits" / ",+0==-0".
  std::string str() const;
};

/// What kind of computation produced a result, for defaultPolicy().
enum class ResultClass {
  /// The spec fixes the result exactly (moves, selects, casts between
  /// integer types, loads/stores, bit operations).
  Exact,
  /// Correctly rounded IEEE arithmetic under an explicit rounding mode:
  /// add/sub/mul/div/fma/sqrt, float<->float and int<->float conversions.
  Elementwise,
  /// Transcendental or approximate math (exp, log, sin, tanh, rsqrt, pow,
  /// approximate division).
  MathFunction,
  /// Reductions and scans whose association order is unspecified.
  Reduction,
  /// Matrix multiply-accumulate (tensor cores; order and accumulator
  /// precision unspecified).
  Mma,
};

/// The written comparison policy. Integers and ptr are bit-exact in every
/// class. For floats (eps = 2^(1-p), p the format's precision):
///
/// | class        | f32, tf32, f64        | f16, bf16      | f8*, f4     |
/// |--------------|-----------------------|----------------|-------------|
/// | Exact        | bit-exact             | bit-exact      | bit-exact   |
/// | Elementwise  | ulp<=0                | ulp<=0         | ulp<=0      |
/// | MathFunction | ulp<=2                | ulp<=1         | ulp<=1      |
/// | Reduction    | tol 16*eps            | tol 16*eps     | ulp<=1      |
/// | Mma          | f32/tf32 tol 2^-10,   | tol 8*eps      | ulp<=1      |
/// |              | f64 tol 64*eps        |                |             |
///
/// "tol x" means rtol = atol = x, with signedZerosEqual; all non-bit-exact
/// policies have nanEqual.
///
/// Why: Elementwise ops are correctly rounded, so the value must be the same;
/// only NaN payloads legitimately differ (the GPU's canonical NaN is
/// 0x7fffffff, APFloat's 0x7fc00000), hence ulp<=0 with nanEqual rather than
/// bit-exact. CUDA documents at most 2 ulp for the single-precision
/// functions the compiler lowers to (expf, exp2f, logf, sinf, cosf, tanhf,
/// rsqrtf) and at most 2 ulp for their double counterparts; since the oracle
/// rounds the exact result correctly, a 2-ulp bound against the exact value
/// stays 2 ulp against the oracle. Narrow types are computed in f32 and
/// rounded once: the f32 error is far below half an ulp of the narrow type,
/// so the result is the correctly rounded one or, next to a rounding
/// boundary, its neighbour (1 ulp). A reduction of n terms in a different
/// order differs by up to about n*eps times the sum of magnitudes; 16*eps
/// covers the tree-vs-sequential difference of the tile sizes the generator
/// produces (terms of magnitude about 1, where atol dominates near
/// cancellation). MMA with f32 output may accumulate with reduced precision
/// (Hopper FP8 paths keep about 14 mantissa bits), hence 2^-10; f16/bf16
/// accumulators round at every step, hence 8*eps. Outputs of 8 bits or less
/// are rounded once from a wide accumulator: 1 ulp. Order changes can flip
/// the sign of a zero result, so Reduction/Mma accept +0 == -0.
ComparePolicy defaultPolicy(ElemType type, ResultClass resultClass);

/// One differing element.
struct Mismatch {
  /// Position in C order.
  int64_t flatIndex = 0;
  /// Multi-dimensional index (empty for a 0-d buffer).
  std::vector<int64_t> index;
  /// formatElement() of the expected and the actual element.
  std::string expected, actual;
  /// ulpDistance() of the pair (for integers: the absolute difference);
  /// +infinity when exactly one of them is NaN.
  double ulpDistance = 0;
};

/// The outcome of comparing two buffers.
struct CompareResult {
  int64_t numElements = 0, numMismatches = 0;
  /// The first differing element in C order.
  std::optional<Mismatch> first;
  /// Largest ulpDistance over all float elements (also matching ones); +inf
  /// if some element pairs a NaN with a non-NaN; 0 for integer types.
  double maxUlpSeen = 0;
  /// The policy used, as ComparePolicy::str() (or "bit-exact" for
  /// integers).
  std::string policy;
  /// Whether the element type is a float type (describe() prints ulps).
  bool isFloat = false;

  /// True when no element differs.
  bool ok() const { return numMismatches == 0; }
  /// One line, e.g. "12 of 4096 elements differ (policy ulp<=2); first at
  /// [0, 7]: expected 1.5 (0x3fc00000), got 1.5000002 (0x3fc00002), 2 ulp",
  /// or "all 4096 elements match (policy ulp<=2)".
  std::string describe() const;
};

/// Compares two buffers of \p type with \p shape in the storage convention
/// of ElemType.h.
CompareResult compareBuffers(ElemType type, llvm::ArrayRef<int64_t> shape,
                             const uint8_t *expected, const uint8_t *actual,
                             const ComparePolicy &policy);

/// Compares two .npy arrays holding elements of \p type. Differing shapes,
/// a data size that does not match the shape, or a descr incompatible with
/// \p type (npyDescrCompatible) is an Error.
llvm::Expected<CompareResult> compareNpy(const NpyArray &expected,
                                         const NpyArray &actual, ElemType type,
                                         const ComparePolicy &policy);

/// Distance of two elements of \p type in units in the last place: the bit
/// patterns are mapped to integers in the order of their values (for signed
/// formats sign-magnitude to two's complement, so +0 and -0 both map to 0
/// and their distance is 0; f8E8M0FNU, which has no sign, uses its bits
/// directly) and the difference is returned. Hence adjacent representable
/// values are 1 apart, the largest finite value and infinity are 1 apart,
/// -min_subnormal and +min_subnormal are 2 apart. Formats without infinity
/// (f8E4M3FN, f4E2M1FN, f8E8M0FNU) work the same way. Two NaNs are 0 apart
/// whatever their payloads; a NaN and a non-NaN are UINT64_MAX apart. For
/// integer types (and ptr) the absolute difference of the values (signed,
/// i1 and ptr unsigned). tf32 uses tf32 ulps (the 19-bit encoding).
uint64_t ulpDistance(ElemType type, const uint8_t *a, const uint8_t *b);

} // namespace oracle
} // namespace tilecheck

#endif // TILECHECK_ORACLE_COMPARE_H
