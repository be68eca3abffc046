//===- GenPolicy.h - Every knob of the random program generator -*- C++ -*-===//
//
// YARPGen keeps every probability and limit of its generator in one policy
// object; so do we. A GenPolicy is plain data: statement-kind weights, shape
// and dtype limits, nesting depth, loop trip counts, grid size and the float
// discipline. It is listed once in an X-macro so that JSON loading, JSON
// printing and the stable hash can never forget a field. Named presets bias
// the generator towards one area (ints, exact floats, memory, control flow,
// MMA); `full` mixes everything and is the default.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_GENERATORS_GENPOLICY_H
#define TILECHECK_GENERATORS_GENPOLICY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilecheck::gen {

// X(type, name, default, doc). Weights are relative integers (0 disables);
// probabilities are in [0, 1].
#define TILECHECK_GEN_POLICY_FIELDS(X)                                         \
  /* Program size and structure. */                                            \
  X(unsigned, minStmts, 4, "fewest top-level statements")                      \
  X(unsigned, maxStmts, 14, "most top-level statements")                       \
  X(unsigned, maxBodyStmts, 5, "most statements in a loop or if body")         \
  X(unsigned, maxDepth, 2, "deepest nesting of for/loop/if")                   \
  X(unsigned, minTrip, 1, "smallest loop trip count")                          \
  X(unsigned, maxTrip, 4, "largest loop trip count")                           \
  X(unsigned, maxGridX, 4, "most tile blocks along x")                         \
  X(unsigned, maxGridY, 2, "most tile blocks along y")                         \
  X(unsigned, maxOutputs, 3, "most stored results")                            \
  /* Shapes: every dimension is 2^k, k in [0, maxLog2Dim] (pLongRow more). */  \
  X(unsigned, maxLog2Dim, 5, "largest dimension as a power of two")            \
  X(unsigned, maxTileElems, 512, "most elements of one tile")                  \
  X(unsigned, maxMmaDim, 32, "largest M, N or K of an MMA")                    \
  X(unsigned, minMmaDim, 4, "smallest M, N or K of an MMA (a power of two)")   \
  X(double, pRank1, 0.25, "probability that a fresh tile is 1-d")              \
  X(double, pRank3, 0.05, "probability that a fresh tile is 3-d")              \
  X(double, pLongRow, 0.25,                                                    \
    "probability that a reduce or scan works on a fresh load whose reduced "   \
    "dimension has 64 to 256 elements (within maxTileElems): the rows the "    \
    "backend shares among threads with warp shuffles")                         \
  /* Element types. */                                                         \
  X(unsigned, wI32, 6, "weight of i32 tiles")                                  \
  X(unsigned, wI64, 2, "weight of i64 tiles")                                  \
  X(unsigned, wI16, 1, "weight of i16 tiles")                                  \
  X(unsigned, wI8, 1, "weight of i8 tiles")                                    \
  X(unsigned, wF32, 6, "weight of f32 tiles")                                  \
  X(unsigned, wF16, 2, "weight of f16 tiles")                                  \
  X(unsigned, wBF16, 1, "weight of bf16 tiles")                                \
  X(unsigned, wF64, 1, "weight of f64 tiles")                                  \
  /* Statement kinds. */                                                       \
  X(unsigned, wIntArith, 8, "integer arithmetic and bitwise ops")              \
  X(unsigned, wFloatArith, 8, "float arithmetic")                              \
  X(unsigned, wMath, 3, "transcendental math (floats policy only)")            \
  X(unsigned, wCmpSelect, 4, "cmpi/cmpf feeding select")                       \
  X(unsigned, wConvert, 4, "conversions")                                      \
  X(unsigned, wShape, 5, "broadcast/reshape/permute/cat/extract/iota")         \
  X(unsigned, wLoad, 4, "view loads of fresh inputs")                          \
  X(unsigned, wPtrLoad, 2, "masked pointer loads")                             \
  X(unsigned, wFor, 3, "for loops with loop-carried values")                   \
  X(unsigned, wLoop, 2, "loop/break")                                          \
  X(unsigned, wIf, 3, "if/else with results")                                  \
  X(unsigned, wReduce, 3, "reduce with a generated body")                      \
  X(unsigned, wScan, 2, "scan with a generated body")                          \
  X(unsigned, wGemm, 3, "GEMM main loop: loads feeding mmaf/mmai")             \
  X(unsigned, wRowNorm, 2, "softmax/layernorm row templates")                  \
  X(unsigned, wAtomic, 1, "atomic read-modify-write to a shared counter")      \
  X(unsigned, wStore, 2, "extra stores in the middle of the program")          \
  X(unsigned, wMisc, 2, "asserts, queries, pack, casts, cas, globals, print")  \
  X(unsigned, wRareInt, 0,                                                     \
    "floor/ceil divi or unsigned cmpi on inputs of both signs, stored")        \
  X(unsigned, wEdge, 0,                                                        \
    "an op fed its types' edge values (INT_MIN/MAX, -1, NaN, infinities, "     \
    "signed zeros, subnormals) from an input")                                 \
  /* Attributes and features. */                                               \
  X(double, pOverflowFlag, 0.5, "flag an int op when ranges allow it")         \
  X(double, pRounding, 0.3, "non-default rounding mode")                       \
  X(double, pFlushToZero, 0.2, "flush_to_zero on f32 ops")                     \
  X(double, pDynamicShape, 0.3, "dynamic tensor shape (a scalar argument)")    \
  X(double, pTokens, 0.3, "thread tokens through memory ops")                  \
  X(double, pAssume, 0.3, "assume predicates on arguments")                    \
  X(double, pPtrStore, 0.3, "store an output through masked pointers")         \
  X(double, pOrdered, 0.3,                                                     \
    "a load or store of private data with an ordering stronger than weak")     \
  X(double, pDimMap, 0.0, "non-identity dim_map on a partition-view load")     \
  X(double, pDualMma, 0.0,                                                     \
    "a GEMM loop runs two MMAs per iteration (two operand pairs)")             \
  X(double, pF8HalfAcc, 0.0,                                                   \
    "an mmaf of f8 operands accumulates into f16 instead of f32")              \
  X(double, pReadBack, 0.0,                                                    \
    "a view store's tile is loaded back through its view, ordered by the "     \
    "store's token, for later statements to use")                              \
  X(double, pF4Mma, 0.0,                                                       \
    "a scaled GEMM multiplies f4E2M1FN operands (f8E8M0FNU scales per 32 or "  \
    "16 of K, or f8E4M3FN scales per 16)")                                     \
  X(double, pSubByteCast, 0.0,                                                 \
    "a conversion goes through a 4-bit type and back (i4: trunci, exti; "      \
    "f4E2M1FN: ftof)")                                                         \
  X(double, pNarrowLoad, 0.0,                                                  \
    "a GEMM loads its f8 or tf32 operands from f8/tf32 memory instead of "     \
    "converting a wider load")                                                 \
  X(double, pF4Store, 0.0,                                                     \
    "an exact float output is quantized to f4E2M1FN (ftof) and stored "        \
    "packed through an f4 view, half the time one ending mid-byte")            \
  X(double, pF4Load, 0.0,                                                      \
    "a GEMM loads its f4E2M1FN operands from packed f4 memory (two per "       \
    "byte) instead of converting an f16 load")                                 \
  X(double, pAlignedBase, 0.0,                                                 \
    "assume div_by<16> on the base pointer of a GEMM operand or a view "       \
    "store (what tileiras needs before it selects TMA)")                       \
  /* Float discipline and inputs. */                                           \
  X(bool, exactFloats, false, "every float op exact (small dyadic values)")    \
  X(bool, allowMath, true, "allow transcendental math and inexact division")   \
  X(bool, inexactDiscontinuous, false,                                         \
    "cmpf/ftoi/floor/ceil/remf on inexact floats (results may then differ "    \
    "beyond any tolerance between two correct implementations)")               \
  X(int64_t, intInputMin, -100, "smallest generated integer input")            \
  X(int64_t, intInputMax, 100, "largest generated integer input")              \
  X(unsigned, floatInputMag, 8, "float inputs lie in [-mag, mag]")

/// Every probability and limit of the generator. See the X-macro above.
struct GenPolicy {
  std::string name = "full";
#define TILECHECK_GEN_POLICY_DECL(T, N, D, DOC) T N = D;
  TILECHECK_GEN_POLICY_FIELDS(TILECHECK_GEN_POLICY_DECL)
#undef TILECHECK_GEN_POLICY_DECL

  /// The policy as a JSON object (every field, plus "name").
  llvm::json::Value toJSON() const;
  /// A stable 64-bit hash of every field (FNV-1a over a canonical text), so
  /// a manifest names the exact policy that produced a program.
  uint64_t hash() const;
  /// Checks ranges (min <= max, probabilities in [0, 1], some weight > 0).
  llvm::Error validate() const;
};

/// Names of the presets: ints, floats-exact, floats, memory, control, mma,
/// full (the default), pipeline, tensorcore.
std::vector<std::string> presetNames();

/// The named preset, or an error listing the known names.
llvm::Expected<GenPolicy> presetPolicy(llvm::StringRef name);

/// Reads a policy from JSON: fields not given keep the values of the preset
/// named by "base" (default "full"); unknown fields are errors.
llvm::Expected<GenPolicy> policyFromJSON(const llvm::json::Value &value);

/// A preset name, or the path of a JSON file holding a policy.
llvm::Expected<GenPolicy> loadPolicy(llvm::StringRef nameOrPath);

} // namespace tilecheck::gen

#endif // TILECHECK_GENERATORS_GENPOLICY_H
