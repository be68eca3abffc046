//===- KernelGen.h - Internal state of one program's generation -*- C++ -*-===//
//
// KernelGen holds everything one generated program needs: the choice source,
// the policy, the text being emitted, the scopes of visible SSA values with
// their value ranges, and the entry arguments. ValueOps.cpp implements the
// range-tracking op emitters (each op's range rule sits next to its
// printing, so a reader checks one against the other); Kernel.cpp the
// arguments, loads, stores and atomics; Statements.cpp the statement kinds,
// control flow, templates and the program skeleton; Extras.cpp the rarer
// ops (asserts, casts, alloca, cas, globals, queries).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_GENERATORS_LIB_KERNELGEN_H
#define TILECHECK_GENERATORS_LIB_KERNELGEN_H

#include "tilecheck/Generators/Generator.h"
#include "tilecheck/Oracle/ElemType.h"
#include "tilecheck/Support/SplitMix64.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilecheck::gen {

enum class Elem : uint8_t { I1, I8, I16, I32, I64, F16, BF16, F32, F64 };

/// cuda_tile's comparison predicates and explicit rounding modes, as the
/// programs spell them.
inline const char *const kComparisonPredicates[] = {
    "equal",        "not_equal",
    "less_than",    "less_than_or_equal",
    "greater_than", "greater_than_or_equal"};
inline const char *const kRoundingModes[] = {"nearest_even", "zero",
                                             "negative_inf", "positive_inf"};

using Shape = llvm::SmallVector<int64_t, 3>;

bool isIntElem(Elem e);
bool isFloatElem(Elem e);
unsigned bitWidth(Elem e);
/// Significand bits including the implicit one (f16: 11, f32: 24, ...).
unsigned mantissaBits(Elem e);
const char *elemName(Elem e);
int64_t minOf(Elem e);
int64_t maxOf(Elem e);
int64_t numElements(const Shape &s);
std::string typeText(Elem e, const Shape &s);
std::string shapeText(const Shape &s); ///< "4x8"; "" for rank 0
oracle::ElemType oracleType(Elem e);
/// APFloat semantics of a float element type.
const llvm::fltSemantics &semanticsOf(Elem e);

/// An SSA tile value and what is known about every element of it.
/// Integers: the signed interval [lo, hi]. Floats: the interval [flo, fhi];
/// `scale` >= 0 says every element is k * 2^-scale for an integer k, i.e.
/// the value is exact (no NaN, no rounding has happened); -1 means unknown.
struct Val {
  std::string name;
  Elem elem = Elem::I32;
  Shape shape;
  int64_t lo = 0, hi = 0;
  double flo = 0, fhi = 0;
  int scale = -1;
  bool mayNaN = false;
};

/// Nothing known of `r` beyond its type: the full integer range (i1: -1..0),
/// or for floats any value, NaN included, not exact.
void setUnknown(Val &r);

/// The parts separated by `sep`.
inline std::string join(llvm::ArrayRef<std::string> parts, const char *sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? sep : "") + parts[i];
  return out;
}

class KernelGen {
public:
  KernelGen(const GenPolicy &policy, ChoiceSource &rng);
  GeneratedProgram run(uint64_t seedLabel);

  //===--- Text and scopes (Kernel.cpp) -----------------------------------===//
  void line(const std::string &text);
  std::string fresh(const char *prefix = "v");
  void pushScope();
  void popScope();
  Val &define(Val v);
  /// A visible value with this element type and shape, recent ones
  /// preferred; nullptr when none exists.
  const Val *findVal(Elem e, const Shape &s);
  /// A visible value of any type in the given class.
  const Val *findAny(bool wantInt, bool wantFloat, bool rank0Only = false);
  /// A visible value that `keep` accepts: with probability 0.3 any of them,
  /// else one of the `recent` most recently defined; nullptr when none is.
  const Val *pickVisible(llvm::function_ref<bool(const Val &)> keep,
                         size_t recent);

  //===--- Choices --------------------------------------------------------===//
  Elem pickElem(bool allowInt, bool allowFloat);
  Shape pickShape(unsigned maxElems);
  int64_t pickSmallInt(int64_t bound); ///< in [-bound, bound], 0 first
  bool exact() const { return policy.exactFloats; }

  //===--- Range helpers and constants (ValueOps.cpp) ---------------------===//
  static bool fitsExact(Elem e, double maxAbs, int scale);
  bool floatOk(const Val &v) const; ///< usable under the float discipline
  /// Whether a discontinuous op (cmpf, ftoi, floor, ceil, remf) may read v:
  /// on an inexact float a last-ulp difference between two correct
  /// implementations could flip its result, a false positive for the
  /// differential engine.
  bool discontinuousOk(const Val &v) const {
    return !isFloatElem(v.elem) || v.scale >= 0 || policy.inexactDiscontinuous;
  }
  Val constInt(Elem e, const Shape &s, int64_t value);
  Val constFloat(Elem e, const Shape &s, double value);
  Val constI1(const Shape &s, bool value);
  /// A new constant's value of element type `e` and shape `s` (named, not
  /// yet defined).
  Val newConstant(Elem e, const Shape &s);
  /// clamp(v, lo, hi) with maxi/mini (ints) or maxf/minf (floats; NaN
  /// becomes lo because maxf without propagate_nan is maximumNumber).
  Val clampInt(const Val &v, int64_t lo, int64_t hi);
  Val clampFloat(const Val &v, double lo, double hi);

  //===--- Op emitters: each returns the defined result -------------------===//
  /// `signedDivAttrs` (" signed rounding<...>") forces a signed divi with
  /// that rounding instead of a random one.
  Val intBinary(unsigned kind, const Val &a, const Val &b,
                const char *signedDivAttrs = nullptr);
  Val intUnary(unsigned kind, const Val &a);
  Val floatBinary(unsigned kind, const Val &a, const Val &b);
  Val floatUnary(unsigned kind, const Val &a);
  Val fma(const Val &a, const Val &b, const Val &c);
  Val compare(const Val &a, const Val &b, bool forceUnsigned = false);
  Val select(const Val &c, const Val &a, const Val &b);
  /// A random conversion of `v` (exti/trunci/itof/ftoi/ftof/bitcast);
  /// returns v itself when no legal conversion applies.
  Val convert(const Val &v);
  Val convertTo(const Val &v, Elem to); ///< itof/ftof/exti/trunci/ftoi
  /// v through a 4-bit type and back: trunci to i4 then exti (integers),
  /// ftof to f4E2M1FN and back (floats without NaN, which f4 cannot hold).
  Val throughSubByte(const Val &v);
  Val reshape(const Val &v, const Shape &to);
  Val broadcastTo(const Val &v, const Shape &to);
  /// `v` through the shape op `opName` (reshape, broadcast) to shape `to`;
  /// `v` itself when it has that shape.
  Val changeShape(const char *opName, const Val &v, const Shape &to);
  Val permute(const Val &v);
  Val cat(const Val &a, const Val &b, unsigned dim);
  Val extract(const Val &v);
  Val iota(Elem e, int64_t n);
  /// reduce (scan when `isScan`) over `dim` with a generated combiner.
  llvm::SmallVector<Val, 2> reduceOrScan(llvm::ArrayRef<Val> inputs,
                                         unsigned dim, bool isScan);
  /// A rank-0 i32 value (block id, loop index, argument, constant).
  Val scalarIndex();
  /// A rank-0 i1 condition derived from visible rank-0 integers.
  Val condition();

  //===--- Statements and templates (Kernel.cpp) --------------------------===//
  void statement(unsigned depth);
  void stmtIntArith();
  void stmtFloatArith();
  void stmtMath();
  void stmtCmpSelect();
  void stmtConvert();
  void stmtShape();
  void stmtLoad();
  void stmtPtrLoad();
  void stmtFor(unsigned depth);
  void stmtLoop(unsigned depth);
  void stmtIf(unsigned depth);
  void stmtReduce(bool isScan);
  void stmtGemm();
  void stmtRowNorm();
  void stmtAtomic();
  void stmtMisc(unsigned depth);
  void stmtRareInt(bool top);
  /// An op fed the edge values of its types (EdgeValues.cpp); its result
  /// is stored only at the top level (`top`) while outputs remain.
  void stmtEdge(bool top);
  /// A tile of shape `s` loaded from a new input buffer holding every one
  /// of `edges` (bit patterns of `e`) at least once where it fits; integer
  /// tiles carry the values' true range.
  Val loadEdges(Elem e, const Shape &s, const std::vector<uint64_t> &edges);
  /// bx + gx * by as a rank-0 i32 in [0, gx * gy).
  Val scalarLinearBlock();
  void storeValue(const Val &v);
  /// storeValue's f4 form (pF4Store): `v` (an exact float tile whose last
  /// dimension is even, never NaN) converted to f4E2M1FN and stored through a
  /// view of a zeroed f4 buffer, whose rows end one element short half the
  /// time, so the last stored element of such a row shares its byte with
  /// one past the edge that must stay zero.
  void storeF4(const Val &v);

  /// An operand of the given type: a visible value, else a fresh one
  /// (load, constant or conversion).
  Val operand(Elem e, const Shape &s);
  /// A fresh input tile (a view load of a new buffer argument).
  Val loadInput(Elem e, const Shape &s);
  /// Adds an entry argument; returns its SSA name.
  std::string addBuffer(Elem e, const Shape &dims, bool input,
                        std::vector<double> *valuesOut, double lo, double hi,
                        int scale);
  /// One input value of addBuffer: an integer in [lo, hi], or a float
  /// k * 2^-scale with |k| <= hi * 2^scale (scale < 0: 2^-16 steps).
  double inputValue(bool isInt, double lo, double hi, int scale);
  /// An input buffer of f8E4M3FN, f8E5M2 or tf32 elements (`elem`): values
  /// in [-hi, hi] drawn as addBuffer draws floats, each rounded to nearest even
  /// into the format. Half the tf32 buffers get random low 13 container bits,
  /// which the hardware and the interpreter ignore. f4E2M1FN elements may
  /// come as `packedBytes`: an i8 buffer of the memory image (two per byte,
  /// low nibble first), its last dimension half of `dims`'s (even).
  std::string addNarrowBuffer(const char *elem, const Shape &dims, double hi,
                              int scale, bool packedBytes = false);
  std::string addScalar(Elem e, int64_t value, int64_t lo, int64_t hi);
  /// storeValue is storing a read-back tile (pReadBack): no second one.
  bool readingBack = false;
  /// An index value in [0, parts) for a partition dimension: the block id
  /// when parts equals the grid extent, else a loop index or a constant.
  Val partIndex(int64_t parts, unsigned gridDim);
  std::string tokenOperand();
  /// Memory ordering and scope of a load/store of data no other block
  /// writes concurrently (inputs, or the block's own partition): any
  /// ordering is defined there, so the choice exercises the attributes.
  std::string loadOrder();
  std::string storeOrder();
  /// `buf` or, with probability pAlignedBase, an `assume div_by<16>` of it
  /// (the base-pointer fact tileiras needs before it selects TMA).
  std::string alignedBase(const std::string &buf, Elem e);
  /// The same for a pointer of element type `elem` (a spelling).
  std::string alignedBase(const std::string &buf, const std::string &elem);
  void noteToken(const std::string &tok);
  /// Optimization hints (they change how tileiras compiles, never what a
  /// program computes). Their text comes from hintRng, so a program's
  /// other choices, and therefore the programs older seeds name, stay
  /// the same. entryHints: the entry's, for sm_100 and sm_120 from the
  /// given draws plus any of sm_80, sm_90, sm_100, sm_120
  /// (num_cta_in_cga a power of two dividing the grid's x extent, on
  /// sm_90 and later; num_worker_warps_per_cta 1-8; occupancy 1-8).
  /// memoryHints: a view load's or store's, " optimization_hints = <...>"
  /// with latency 1-10 and allow_tma for some of those targets.
  std::string entryHints(int64_t cga, int64_t occupancy);
  std::string memoryHints();

  const GenPolicy &policy;
  ChoiceSource &rng;
  /// The hints' own random source, seeded from the program's seed.
  tilecheck::SplitMix64 hintRng{0};

  // Program state.
  std::string body;
  unsigned indentLevel = 2;
  unsigned nextId = 0;
  std::vector<std::vector<Val>> scopes;
  std::array<int64_t, 3> grid{1, 1, 1};
  Val bx, by;
  Shape mainShape;
  Elem mainInt = Elem::I32, mainFloat = Elem::F32;
  struct ArgInfo {
    std::string name, type;
    oracle::TestArg arg;
  };
  std::vector<ArgInfo> args;
  /// Loop indices in scope, innermost last, with their trip counts.
  std::vector<Val> loopIndices;
  std::string lastToken; ///< empty: tokens are not threaded
  bool threadTokens = false;
  bool loadMmaLoop = false;
  std::string globals; ///< module-level `global` ops
  unsigned globalCount = 0;
  unsigned outputs = 0;
};

} // namespace tilecheck::gen

#endif // TILECHECK_GENERATORS_LIB_KERNELGEN_H
