//===- SimtFloat.h - PTX floating-point semantics --------------*- C++ -*-===//
//
// Internal to the SIMT executor: the IEEE arithmetic PTX instructions
// perform, on raw bits. Round-to-nearest f32/f64 arithmetic runs on the
// host's (IEEE, nearest-even, no flush) arithmetic; directed rounding and
// the 16-bit formats go through llvm::APFloat, which rounds exactly, as the
// interpreter's exact paths do. Flush-to-zero (.ftz) flushes subnormal
// inputs and results to zero of the same sign; .sat clamps to [0, 1] with
// NaN to +0; NaN results are the canonical NaN NVIDIA GPUs produce
// (0x7fffffff for f32).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_ORACLE_SIMT_SIMTFLOAT_H
#define TILECHECK_ORACLE_SIMT_SIMTFLOAT_H

#include "Ptx.h"

#include <cstdint>

namespace tilecheck::oracle::simt {

enum class FK : uint8_t { Add, Sub, Mul, Div, Fma, Min, Max };

/// Binary (and fma) float arithmetic of scalar type t (F16, BF16, F32,
/// F64) on raw bits; x2 types apply it to both halves.
uint64_t floatArith(FK k, Ty t, Rnd rnd, bool ftz, bool sat, bool nanMode,
                    uint64_t a, uint64_t b, uint64_t c = 0);
/// fma.rn.f32.f16/bf16: a and b of `ab` type, c and the result f32.
/// sm_100's mixed-precision add/sub.f32.{f16,bf16}: d = f32(a) +/- c, a of
/// type `at`, c and d f32.
uint64_t mixedAddSub(bool add, Ty at, Rnd rnd, bool ftz, bool sat, uint64_t a,
                     uint64_t c);
uint64_t mixedFma(Ty ab, Rnd rnd, bool ftz, bool sat, uint64_t a, uint64_t b,
                  uint64_t c);

/// The float unary instruction `k` (sqrt, rcp, rsqrt, ex2, lg2, sin, cos,
/// tanh, abs or neg).
uint64_t floatUnary(Opc k, Ty t, Rnd rnd, bool ftz, bool approx, uint64_t a);

/// cvt between float types; float to integer (saturating, NaN to 0);
/// integer to float. `src`/`dst` as in cvt.dst.src.
uint64_t convert(Ty dst, Ty src, Rnd rnd, bool ftz, bool sat, uint64_t a);

/// setp's comparison of two floats.
bool floatCompare(Cmp c, Ty t, bool ftz, uint64_t a, uint64_t b);

/// testp's classes (finite, infinite, number, notanumber, normal,
/// subnormal).
bool floatTest(uint8_t cls, Ty t, uint64_t a);

/// Value of a float of type t as a double (exact for f16/bf16/f32).
double toDouble(Ty t, uint64_t bits);
bool isNaNBits(Ty t, uint64_t bits);

} // namespace tilecheck::oracle::simt

#endif // TILECHECK_ORACLE_SIMT_SIMTFLOAT_H
