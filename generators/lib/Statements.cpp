//===- Statements.cpp - Statement kinds, control flow and templates -------===//
//
// The statement dispatcher draws a kind from the policy's weights (kinds are
// listed simplest first, so a shrunk choice sequence degrades to plain
// arithmetic), then each kind picks operands from the visible value pool.
// Control constructs keep their loop-carried values inside a fixed range by
// clamping what the body yields (maxi/mini or maxf/minf with constants, and
// floor for exact floats whose scale grew), so the ranges assumed for the
// body hold on every iteration. The GEMM template is the K-loop of real
// kernels: views built once, two loads per iteration feeding mmaf or mmai
// into a loop-carried accumulator.
//
//===----------------------------------------------------------------------===//

#include "KernelGen.h"

#include "tilecheck/Oracle/Manifest.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace llvm;

namespace tilecheck::gen {

namespace {
enum StmtKind {
  sIntArith,
  sFloatArith,
  sCmpSelect,
  sConvert,
  sShape,
  sLoad,
  sReduce,
  sScan,
  sFor,
  sIf,
  sLoop,
  sMath,
  sPtrLoad,
  sGemm,
  sRowNorm,
  sAtomic,
  sMisc,
  sStore,
  sRareInt,
  sEdge,
  kNumStmtKinds
};
} // namespace

void KernelGen::statement(unsigned depth) {
  bool nest = depth < policy.maxDepth;
  bool top = depth == 0;
  unsigned w[kNumStmtKinds] = {
      policy.wIntArith,
      policy.wFloatArith,
      policy.wCmpSelect,
      policy.wConvert,
      policy.wShape,
      policy.wLoad,
      policy.wReduce,
      policy.wScan,
      nest ? policy.wFor : 0,
      nest ? policy.wIf : 0,
      nest ? policy.wLoop : 0,
      policy.allowMath && !exact() ? policy.wMath : 0,
      policy.wPtrLoad,
      top ? policy.wGemm : 0,
      policy.wRowNorm,
      policy.wAtomic,
      policy.wMisc,
      top && outputs < policy.maxOutputs ? policy.wStore : 0,
      policy.wRareInt,
      policy.wEdge};
  bool anyFloat = policy.wF32 + policy.wF16 + policy.wBF16 + policy.wF64 > 0;
  if (!anyFloat)
    w[sFloatArith] = w[sMath] = w[sRowNorm] = 0;
  switch (rng.weighted(w)) {
  case sIntArith:
    return stmtIntArith();
  case sFloatArith:
    return stmtFloatArith();
  case sCmpSelect:
    return stmtCmpSelect();
  case sConvert:
    return stmtConvert();
  case sShape:
    return stmtShape();
  case sLoad:
    return stmtLoad();
  case sReduce:
    return stmtReduce(false);
  case sScan:
    return stmtReduce(true);
  case sFor:
    return stmtFor(depth);
  case sIf:
    return stmtIf(depth);
  case sLoop:
    return stmtLoop(depth);
  case sMath:
    return stmtMath();
  case sPtrLoad:
    return stmtPtrLoad();
  case sGemm:
    return stmtGemm();
  case sEdge:
    return stmtEdge(top);
  case sRowNorm:
    return stmtRowNorm();
  case sAtomic:
    return stmtAtomic();
  case sMisc:
    return stmtMisc(depth);
  case sStore:
    if (const Val *v = findAny(true, true))
      storeValue(*v);
    return;
  case sRareInt:
    return stmtRareInt(top);
  default:
    return stmtIntArith();
  }
}

//===----------------------------------------------------------------------===//
// Expression statements
//===----------------------------------------------------------------------===//

void KernelGen::stmtIntArith() {
  const Val *found = rng.chance(0.8) ? findAny(true, false) : nullptr;
  Val a = found ? *found : operand(pickElem(true, false), mainShape);
  if (!isIntElem(a.elem))
    return;
  if (rng.chance(0.12)) {
    intUnary(rng.below(2), a);
    return;
  }
  unsigned kind = rng.below(13);
  Val b =
      (kind == 6 || kind == 7) && rng.chance(0.5)
          ? constInt(a.elem, a.shape,
                     rng.range(0, static_cast<int64_t>(bitWidth(a.elem)) - 1))
          : operand(a.elem, a.shape);
  intBinary(kind, a, b);
}

/// Signed division rounding toward negative or positive infinity, or an
/// unsigned comparison, on a fresh input (values of both signs) and another
/// operand, stored at once at the top level while outputs are left. Other
/// statements reach these forms too, but seldom with negative operands and
/// a result that flows to an output, which is where their lowerings differ
/// from the plain forms.
void KernelGen::stmtRareInt(bool top) {
  Elem e = pickElem(true, false);
  if (!isIntElem(e) || e == Elem::I1)
    return;
  Val a = policy.wLoad > 0 ? loadInput(e, mainShape) : operand(e, mainShape);
  Val b = operand(e, a.shape);
  Val r = rng.chance(0.5)
              ? intBinary(4 /*divi*/, a, b,
                          rng.chance(0.5) ? " signed rounding<negative_inf>"
                                          : " signed rounding<positive_inf>")
              : compare(a, b, /*forceUnsigned=*/true);
  if (top && outputs < policy.maxOutputs)
    storeValue(r);
}

void KernelGen::stmtFloatArith() {
  const Val *found = rng.chance(0.8) ? findAny(false, true) : nullptr;
  Val a = found ? *found : operand(pickElem(false, true), mainShape);
  if (!isFloatElem(a.elem))
    return;
  unsigned r = rng.below(10);
  if (r == 0) {
    floatUnary(rng.below(4), a);
  } else if (r == 1) {
    Val b = operand(a.elem, a.shape);
    Val c = operand(a.elem, a.shape);
    fma(a, b, c);
  } else {
    floatBinary(rng.below(7), a, operand(a.elem, a.shape));
  }
}

void KernelGen::stmtMath() {
  const Val *found = findAny(false, true);
  Val a = found ? *found : operand(pickElem(false, true), mainShape);
  if (!isFloatElem(a.elem))
    return;
  unsigned k = 4 + rng.below(14);
  if (k >= 16) {
    // pow on a non-negative base keeps the result a number.
    Val base = k == 16 ? floatUnary(1 /*abs*/, a) : a;
    floatBinary(k == 16 ? 7 : 8, base, operand(a.elem, a.shape));
    return;
  }
  // Logs and roots of |x| + 1 instead of NaN everywhere.
  if (k == 4 || k == 5 || k == 8 || k == 9) {
    Val one = constFloat(a.elem, a.shape, 1.0);
    a = floatBinary(0, floatUnary(1, a), one);
  }
  floatUnary(k, a);
}

void KernelGen::stmtCmpSelect() {
  const Val *found = findAny(true, true);
  Val a = found ? *found : operand(mainInt, mainShape);
  if (!discontinuousOk(a))
    a = operand(mainInt, a.shape);
  // A compared float must be exact (see discontinuousOk); else a constant.
  auto cmpOperand = [&] {
    Val b = operand(a.elem, a.shape);
    return discontinuousOk(b)
               ? b
               : constFloat(a.elem, a.shape,
                            static_cast<double>(pickSmallInt(4)));
  };
  Val b = cmpOperand();
  Val c = compare(a, b);
  if (rng.chance(0.2)) {
    Val c2 = compare(a, cmpOperand());
    c = intBinary(8 + rng.below(3), c, c2); // andi/ori/xori on masks
  }
  Elem e = rng.chance(0.5) ? a.elem : pickElem(true, true);
  Val x = operand(e, a.shape);
  Val y = operand(e, a.shape);
  select(c, x, y);
}

void KernelGen::stmtConvert() {
  const Val *found = findAny(true, true);
  Val a = found ? *found : operand(pickElem(true, true), mainShape);
  convert(a);
}

void KernelGen::stmtShape() {
  const Val *found = findAny(true, true);
  Val v = found ? *found : operand(pickElem(true, true), mainShape);
  unsigned rank = v.shape.size();
  int64_t n = numElements(v.shape);
  switch (rng.below(6)) {
  case 0: { // reshape into a random factorisation
    Shape to;
    int64_t left = n;
    unsigned newRank = 1 + rng.below(3);
    for (unsigned i = 0; i + 1 < newRank; ++i) {
      int64_t d = 1;
      while (d < left && rng.chance(0.5))
        d *= 2;
      to.push_back(d);
      left /= d;
    }
    to.push_back(left);
    reshape(v, to);
    return;
  }
  case 1:
    if (rank >= 2) {
      permute(v);
      return;
    }
    [[fallthrough]];
  case 2:
    if (rank >= 1 && n * 2 <= static_cast<int64_t>(policy.maxTileElems)) {
      cat(v, operand(v.elem, v.shape), rng.below(rank));
      return;
    }
    [[fallthrough]];
  case 3:
    if (rank >= 1) {
      extract(v);
      return;
    }
    [[fallthrough]];
  case 4: { // broadcast a smaller value (a row or a column) up to v's shape
    if (rank == 0)
      return;
    Shape small = v.shape;
    small[rng.below(rank)] = 1;
    Val s = operand(v.elem, small);
    broadcastTo(s, v.shape);
    return;
  }
  default: { // iota along the last dimension, broadcast over the rows
    if (rank == 0)
      return;
    int64_t last = v.shape.back();
    Elem e = last <= 128 && rng.chance(0.2) ? Elem::I16 : Elem::I32;
    Val io = iota(e, last);
    Shape row(rank, 1);
    row.back() = last;
    Val b = broadcastTo(reshape(io, row), v.shape);
    if (isIntElem(v.elem) && v.elem != Elem::I1)
      intBinary(0, v, convertTo(b, v.elem));
    return;
  }
  }
}

void KernelGen::stmtReduce(bool isScan) {
  if (policy.pLongRow > 0 && policy.maxTileElems >= 64 &&
      rng.chance(policy.pLongRow)) {
    // A long reduced dimension beside few others (the maxLog2Dim of fresh
    // shapes would not reach it). Drawn only when the policy asks for it,
    // so that pLongRow = 0 gives the random choices of before.
    int64_t extent = int64_t(64) << rng.below(3);
    while (extent > static_cast<int64_t>(policy.maxTileElems))
      extent /= 2;
    int64_t most = policy.maxTileElems / extent;
    int64_t rows = int64_t(1) << rng.below(llvm::Log2_64(most) + 1);
    Shape shape = {extent};
    unsigned dim = 0;
    if (rows > 1 || rng.chance(0.5)) {
      dim = rng.below(2);
      shape.insert(dim == 0 ? shape.end() : shape.begin(), rows);
    }
    Elem e = pickElem(true, true);
    Val v = policy.wLoad > 0 ? loadInput(e, shape) : operand(e, shape);
    reduceOrScan({v}, dim, isScan);
    return;
  }
  const Val *found = findAny(true, true);
  Val v = found ? *found : operand(pickElem(true, true), mainShape);
  if (v.shape.empty())
    v = operand(v.elem, mainShape);
  unsigned dim = rng.below(v.shape.size());
  SmallVector<Val, 2> ins = {v};
  if (rng.chance(0.25)) {
    Elem e = pickElem(true, true);
    ins.push_back(operand(e, v.shape));
  }
  reduceOrScan(ins, dim, isScan);
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

namespace {
/// The range a loop-carried value keeps on every iteration.
void widenCarried(Val &c, bool exactMode) {
  if (isIntElem(c.elem)) {
    c.lo = std::max<int64_t>(std::min<int64_t>(c.lo, -1000), minOf(c.elem));
    c.hi = std::min<int64_t>(std::max<int64_t>(c.hi, 1000), maxOf(c.elem));
  } else if (exactMode) {
    double m = std::max({std::fabs(c.flo), std::fabs(c.fhi), 64.0});
    while (!KernelGen::fitsExact(c.elem, m, c.scale) && m > 1)
      m /= 2;
    c.flo = std::min(c.flo, -m);
    c.fhi = std::max(c.fhi, m);
  } else {
    c.flo = -INFINITY;
    c.fhi = INFINITY;
    c.mayNaN = true;
    c.scale = -1;
  }
}
} // namespace

/// A value of `want`'s type whose range lies inside `want`'s, made from a
/// visible value by clamping (and flooring exact floats whose scale grew).
static Val fitInto(KernelGen &g, const Val &want) {
  const Val *f = g.findVal(want.elem, want.shape);
  Val v = f ? *f : g.operand(want.elem, want.shape);
  if (isIntElem(v.elem)) {
    if (v.elem == Elem::I1 || (v.lo >= want.lo && v.hi <= want.hi))
      return v;
    return g.clampInt(v, want.lo, want.hi);
  }
  if (!g.exact())
    return v;
  if (v.scale > want.scale)
    v = g.floatUnary(2 /*floor*/, v);
  if (v.flo >= want.flo && v.fhi <= want.fhi)
    return v;
  return g.clampFloat(v, std::ceil(want.flo), std::floor(want.fhi));
}

void KernelGen::stmtFor(unsigned depth) {
  int64_t trip =
      policy.minTrip + rng.below(policy.maxTrip - policy.minTrip + 1);
  int64_t step = rng.chance(0.2) ? 2 : 1;
  int64_t lb = rng.chance(0.2) ? rng.range(-2, 2) : 0;
  Val lbv = constInt(Elem::I32, {}, lb);
  Val stv = constInt(Elem::I32, {}, step);
  std::string ubName;
  int64_t ub = lb + trip * step;
  if (rng.chance(policy.pDynamicShape))
    ubName = addScalar(Elem::I32, ub, ub, ub);
  else
    ubName = constInt(Elem::I32, {}, ub).name;
  // One or two loop-carried values.
  SmallVector<Val, 2> inits, carried;
  unsigned nc = 1 + rng.below(2);
  for (unsigned i = 0; i < nc; ++i) {
    const Val *f = findAny(true, true);
    Val v = f ? *f : operand(mainInt, mainShape);
    inits.push_back(v);
  }
  std::string iv = fresh("iv");
  // An unsigned comparison is the same loop when the bounds are >= 0.
  const char *forKw = lb >= 0 && rng.chance(0.2) ? "for unsigned " : "for ";
  SmallVector<std::string, 2> resNames, argNames, initList, types;
  for (Val &v : inits) {
    Val c = v;
    widenCarried(c, exact());
    c.name = fresh("acc");
    carried.push_back(c);
    resNames.push_back(fresh("r"));
    initList.push_back(c.name + " = " + v.name);
    types.push_back(typeText(v.elem, v.shape));
  }
  line(join(resNames, ", ") + " = " + forKw + iv + " in (" + lbv.name + " to " +
       ubName + ", step " + stv.name + ") : tile<i32> iter_values(" +
       join(initList, ", ") + ") -> (" + join(types, ", ") + ") {");
  ++indentLevel;
  pushScope();
  Val ivv;
  ivv.name = iv;
  ivv.elem = Elem::I32;
  ivv.lo = lb;
  ivv.hi = lb + (trip - 1) * step;
  define(ivv);
  loopIndices.push_back(ivv);
  for (const Val &c : carried)
    define(c);
  unsigned n = 1 + rng.below(policy.maxBodyStmts);
  for (unsigned i = 0; i < n; ++i)
    statement(depth + 1);
  SmallVector<std::string, 2> yields;
  for (const Val &c : carried)
    yields.push_back(fitInto(*this, c).name);
  line("continue " + join(yields, ", ") + " : " + join(types, ", "));
  popScope();
  loopIndices.pop_back();
  --indentLevel;
  line("}");
  for (size_t i = 0; i < carried.size(); ++i) {
    Val r = carried[i];
    r.name = resNames[i];
    define(r);
  }
}

void KernelGen::stmtLoop(unsigned depth) {
  int64_t trip =
      policy.minTrip + rng.below(policy.maxTrip - policy.minTrip + 1);
  Val c0 = constInt(Elem::I32, {}, 0);
  Val c1 = constInt(Elem::I32, {}, 1);
  Val ct = constInt(Elem::I32, {}, trip);
  const Val *f = findAny(true, true);
  Val init = f ? *f : operand(mainInt, mainShape);
  Val c = init;
  widenCarried(c, exact());
  c.name = fresh("acc");
  std::string i = fresh("i"), res = fresh("r");
  std::string t = typeText(c.elem, c.shape);
  line(res + " = loop iter_values(" + i + " = " + c0.name + ", " + c.name +
       " = " + init.name + ") : tile<i32>, " + t + " -> " + t + " {");
  ++indentLevel;
  pushScope();
  Val iv;
  iv.name = i;
  iv.elem = Elem::I32;
  iv.lo = 0;
  iv.hi = trip; // before the exit test
  define(iv);
  define(c);
  Val done = compare(iv, ct);
  // The generic compare picks a random predicate; the exit test must be >=.
  body.resize(body.rfind('\n', body.rfind(done.name)) + 1);
  line(done.name + " = cmpi greater_than_or_equal " + i + ", " + ct.name +
       ", signed : tile<i32> -> tile<i1>");
  line("if " + done.name + " {");
  line("  break " + c.name + " : " + t);
  line("}");
  // After the test the counter lies in [0, trip - 1]: usable as an index.
  Val ivIn = iv;
  ivIn.hi = trip - 1;
  define(ivIn);
  loopIndices.push_back(ivIn);
  unsigned n = 1 + rng.below(policy.maxBodyStmts);
  for (unsigned k = 0; k < n; ++k)
    statement(depth + 1);
  if (rng.chance(0.3)) {
    // A data-dependent early exit; deterministic, so still well defined.
    Val cond = condition();
    Val out = fitInto(*this, c);
    line("if " + cond.name + " {");
    line("  break " + out.name + " : " + t);
    line("}");
  }
  Val next = fitInto(*this, c);
  std::string i1 = fresh("i");
  line(i1 + " = addi " + i + ", " + c1.name +
       " overflow<no_signed_wrap> : tile<i32>");
  line("continue " + i1 + ", " + next.name + " : tile<i32>, " + t);
  popScope();
  loopIndices.pop_back();
  --indentLevel;
  line("}");
  Val r = c;
  r.name = res;
  define(r);
}

void KernelGen::stmtIf(unsigned depth) {
  Val cond = condition();
  SmallVector<Val, 2> shapes;
  unsigned nr = rng.below(3); // 0..2 results
  for (unsigned i = 0; i < nr; ++i) {
    const Val *f = findAny(true, true);
    shapes.push_back(f ? *f : operand(mainFloat, mainShape));
  }
  SmallVector<std::string, 2> resNames, types;
  for (const Val &s : shapes) {
    resNames.push_back(fresh("r"));
    types.push_back(typeText(s.elem, s.shape));
  }
  std::string head = "if " + cond.name;
  if (nr)
    head =
        join(resNames, ", ") + " = " + head + " -> (" + join(types, ", ") + ")";
  line(head + " {");
  SmallVector<Val, 2> merged = shapes;
  for (int branch = 0; branch < 2; ++branch) {
    ++indentLevel;
    pushScope();
    unsigned n = 1 + rng.below(policy.maxBodyStmts);
    for (unsigned k = 0; k < n; ++k)
      statement(depth + 1);
    SmallVector<std::string, 2> ys;
    for (size_t i = 0; i < shapes.size(); ++i) {
      const Val *f = findVal(shapes[i].elem, shapes[i].shape);
      Val y = f ? *f : operand(shapes[i].elem, shapes[i].shape);
      ys.push_back(y.name);
      Val &m = merged[i];
      if (branch == 0) {
        m = y;
      } else {
        m.lo = std::min(m.lo, y.lo);
        m.hi = std::max(m.hi, y.hi);
        m.flo = std::min(m.flo, y.flo);
        m.fhi = std::max(m.fhi, y.fhi);
        m.mayNaN |= y.mayNaN;
        m.scale =
            (m.scale >= 0 && y.scale >= 0) ? std::max(m.scale, y.scale) : -1;
      }
    }
    if (nr)
      line("yield " + join(ys, ", ") + " : " + join(types, ", "));
    popScope();
    --indentLevel;
    if (branch == 0) {
      if (!nr && rng.chance(0.5))
        break; // an if without else
      line("} else {");
    }
  }
  line("}");
  for (size_t i = 0; i < merged.size(); ++i) {
    Val r = merged[i];
    r.name = resNames[i];
    define(r);
  }
}

//===----------------------------------------------------------------------===//
// Real-kernel templates
//===----------------------------------------------------------------------===//

void KernelGen::stmtGemm() {
  struct Pair {
    const char *in; ///< element type the MMA consumes
    Elem load;      ///< element type loaded from memory
    Elem acc;
    double exactMag; ///< input magnitude that keeps everything exact
  };
  static const Pair pairs[] = {
      {"f16", Elem::F16, Elem::F32, 4},
      {"bf16", Elem::BF16, Elem::F32, 4},
      {"f32", Elem::F32, Elem::F32, 4},
      {"tf32", Elem::F32, Elem::F32, 4},
      {"f64", Elem::F64, Elem::F64, 4},
      {"f16", Elem::F16, Elem::F16, 2},
      {"f8E4M3FN", Elem::F16, Elem::F32, 4},
      {"i8", Elem::I8, Elem::I32, 0},
      // mmaf_scaled: f8E4M3FN operands, one f8E8M0FNU scale per 32 of K.
      {"f8E4M3FN", Elem::F16, Elem::F32, 4},
      {"f8E5M2", Elem::F16, Elem::F32, 4}};
  bool anyFloat = policy.wF32 + policy.wF16 + policy.wBF16 + policy.wF64 > 0;
  bool anyInt = policy.wI8 + policy.wI16 + policy.wI64 > 0 || !anyFloat;
  SmallVector<unsigned, 8> ok;
  bool scaledFits = policy.maxTileElems >= 4 * 32 && policy.maxMmaDim >= 32;
  for (unsigned i = 0; i < 10; ++i)
    if ((i == 7 && anyInt) || (i < 7 && anyFloat) || (i == 9 && anyFloat) ||
        (i == 8 && anyFloat && scaledFits))
      ok.push_back(i);
  unsigned pairIndex = ok[rng.below(ok.size())];
  Pair p = pairs[pairIndex];
  bool scaled = pairIndex == 8;
  // f4E2M1FN operands of the scaled MMA (nvfp4 and mxfp4): the scale
  // format and its block size along K. Drawn only where the policy asks, so
  // other presets keep their programs.
  const char *scaleElem = "f8E8M0FNU";
  int64_t scaleBlock = 32;
  if (scaled && policy.pF4Mma > 0 && rng.chance(policy.pF4Mma)) {
    p.in = "f4E2M1FN";
    unsigned form = rng.below(3);
    scaleElem = form == 2 ? "f8E4M3FN" : "f8E8M0FNU";
    scaleBlock = form == 0 ? 32 : 16;
  }
  // An f8 mmaf into f16 accumulators (cuda_tile allows f16 or f32 for f8
  // operands). Drawn only where the policy asks, so other presets keep
  // their programs.
  if (!scaled && (pairIndex == 6 || pairIndex == 9) && policy.pF8HalfAcc > 0 &&
      rng.chance(policy.pF8HalfAcc)) {
    p.acc = Elem::F16;
    p.exactMag = 2;
  }
  bool isInt = p.acc == Elem::I32;
  // Two operand pairs per iteration, chained through one accumulator: the
  // loop body of a pipelined kernel (more loads and MMAs than a plain
  // K-loop). Drawn only where the policy asks, so other presets keep their
  // programs.
  bool dual = !scaled && policy.pDualMma > 0 && rng.chance(policy.pDualMma);
  const int64_t mmasPerIter = dual ? 2 : 1;
  unsigned maxLog = 0, minLog = 0;
  while ((2u << maxLog) <= policy.maxMmaDim)
    ++maxLog;
  while ((2u << minLog) <= policy.minMmaDim)
    ++minLog;
  const int64_t minDim = int64_t(1) << minLog;
  auto dim = [&] {
    return int64_t(1) << (rng.below(maxLog - minLog + 1) + minLog);
  };
  int64_t M = dim(), N = dim(), K = dim();
  while (M * K > policy.maxTileElems || K * N > policy.maxTileElems ||
         M * N > policy.maxTileElems) {
    if (K > minDim)
      K /= 2;
    else if (M > minDim)
      M /= 2;
    else if (N > minDim)
      N /= 2;
    else
      break;
  }
  if (scaled) {
    K = 32; // the f8 block size: one scale per 32 elements of K
    while (M * K > policy.maxTileElems && M > minDim)
      M /= 2;
    while (K * N > policy.maxTileElems && N > minDim)
      N /= 2;
  }
  int64_t nk = policy.minTrip + rng.below(policy.maxTrip - policy.minTrip + 1);
  // Scales are 2^e with e in [-1, 1] (f8E8M0FNU holds only powers of two).
  double scaleA =
      scaled ? std::ldexp(1.0, static_cast<int>(rng.below(3)) - 1) : 1;
  double scaleB =
      scaled ? std::ldexp(1.0, static_cast<int>(rng.below(3)) - 1) : 1;
  // Input ranges: exact policies keep the whole sum inside the significand.
  double mag = exact() || rng.chance(0.5) ? p.exactMag : 1.0;
  int scale = exact() || mag > 1 ? 0 : -1;
  if (!isInt && scale == 0)
    while (mag > 1 && !fitsExact(p.acc, mag * mag * K * nk * mmasPerIter, 0))
      mag /= 2;
  int64_t ilo = isInt ? (rng.chance(0.5) ? -128 : -8) : 0;
  int64_t ihi = isInt ? (ilo == -128 ? 127 : 8) : 0;
  // f8, tf32 and f4 operands straight from memory instead of converted
  // from a wider load (f4: two elements per byte, low nibble first; the
  // harness packs the buffer). Drawn only where the policy asks, so other
  // presets keep their programs.
  bool f4 = std::string(p.in) == "f4E2M1FN";
  double pLoad = f4 ? policy.pF4Load : policy.pNarrowLoad;
  bool narrowLoad =
      std::string(p.in) != elemName(p.load) && pLoad > 0 && rng.chance(pLoad);
  // Half the f4 operands come as their packed bytes, loaded as i8 and
  // unpacked in the kernel (low nibble first), as kernels given uint8 fp4
  // data take them; B's rows need an even N.
  bool viaBytes = f4 && narrowLoad && N % 2 == 0 && rng.chance(0.5);
  const std::string loadName = viaBytes     ? "i8"
                               : narrowLoad ? p.in
                                            : elemName(p.load);
  // A tile or tensor shape as loaded: the bytes of a row of f4 pairs.
  auto loaded = [&](Shape sh) {
    if (viaBytes)
      sh.back() /= 2;
    return sh;
  };
  auto loadType = [&](const Shape &sh) {
    return "tile<" + shapeText(loaded(sh)) + "x" + loadName + ">";
  };
  auto input = [&](const Shape &dims) {
    if (narrowLoad)
      return addNarrowBuffer(p.in, dims, mag, scale, viaBytes);
    return addBuffer(p.load, dims, true, nullptr, isInt ? ilo : -mag,
                     isInt ? ihi : mag, scale);
  };
  Shape aDims = {grid[0] * M, nk * K}, bDims = {nk * K, grid[1] * N};
  std::string abuf = input(aDims);
  std::string bbuf = input(bDims);
  std::string a2buf, b2buf;
  if (dual) {
    a2buf = input(aDims);
    b2buf = input(bDims);
  }
  abuf = alignedBase(abuf, loadName);
  bbuf = alignedBase(bbuf, loadName);
  if (dual) {
    a2buf = alignedBase(a2buf, loadName);
    b2buf = alignedBase(b2buf, loadName);
  }
  // Half the f4 views end one element short of their rows: an odd
  // extent whose last element shares its byte with the first one past the
  // edge (which the buffer holds), read as padding zero.
  bool oddEdge = f4 && narrowLoad && !viaBytes && rng.chance(0.5);
  auto views = [&](const std::string &buf, Shape dims, Shape tile,
                   std::string &pvType) {
    dims = loaded(dims);
    tile = loaded(tile);
    int64_t stride = dims[1];
    // (A tile one element wide would leave the last block column outside
    // the index space.)
    if (oddEdge && tile[1] > 1)
      --dims[1];
    std::string tvType = "tensor_view<" + shapeText(dims) + "x" + loadName +
                         ", strides=[" + std::to_string(stride) + ",1]>";
    std::string tv = fresh("tv");
    line(tv + " = make_tensor_view " + buf + ", shape = [" +
         std::to_string(dims[0]) + ", " + std::to_string(dims[1]) +
         "], strides = [" + std::to_string(stride) + ", 1] : " + tvType);
    pvType = "partition_view<tile=(" + shapeText(tile) + "), " +
             (oddEdge ? "padding_value = zero, " : "") + tvType + ">";
    std::string pv = fresh("pv");
    line(pv + " = make_partition_view " + tv + " : " + pvType);
    return pv;
  };
  std::string paType, pbType;
  std::string pa = views(abuf, aDims, {M, K}, paType);
  std::string pb = views(bbuf, bDims, {K, N}, pbType);
  std::string pa2, pb2;
  if (dual) {
    pa2 = views(a2buf, aDims, {M, K}, paType);
    pb2 = views(b2buf, bDims, {K, N}, pbType);
  }
  Val init = rng.chance(0.8) ? (isInt ? constInt(p.acc, {M, N}, 0)
                                      : constFloat(p.acc, {M, N}, 0.0))
                             : operand(p.acc, {M, N});
  // The accumulator's range over all iterations.
  Val acc = init;
  bool aSigned = !rng.chance(0.3), bSigned = !rng.chance(0.3);
  if (isInt) {
    __int128 am = aSigned ? 128 : 255, bm = bSigned ? 128 : 255;
    if (ilo == -8 && aSigned)
      am = 8;
    if (ilo == -8 && bSigned)
      bm = 8;
    __int128 bound = am * bm * K * nk * mmasPerIter;
    __int128 lo = init.lo - bound, hi = init.hi + bound;
    if (lo < INT32_MIN || hi > INT32_MAX) {
      acc.lo = INT32_MIN;
      acc.hi = INT32_MAX;
    } else {
      acc.lo = static_cast<int64_t>(lo);
      acc.hi = static_cast<int64_t>(hi);
    }
  } else {
    double bound = mag * mag * K * nk * scaleA * scaleB * mmasPerIter;
    acc.flo = init.flo - bound;
    acc.fhi = init.fhi + bound;
    acc.scale = (scale >= 0 && init.scale >= 0)
                    ? std::max(init.scale, (scaleA * scaleB < 1) ? 2 : 0)
                    : -1;
    if (acc.scale >= 0 &&
        !fitsExact(p.acc, std::max(std::fabs(acc.flo), std::fabs(acc.fhi)),
                   acc.scale))
      acc.scale = -1;
    acc.mayNaN = init.mayNaN;
  }
  Val c0 = constInt(Elem::I32, {}, 0), c1 = constInt(Elem::I32, {}, 1);
  Val cn = constInt(Elem::I32, {}, nk);
  // Batched (3-D) MMA: the A tile split into two batches of rows, B shared.
  bool batched = !scaled && !dual && M >= 8 && rng.chance(0.2);
  Shape accShape = batched ? Shape{2, M / 2, N} : Shape{M, N};
  std::string initName = batched ? reshape(init, accShape).name : init.name;
  std::string k = fresh("k"), s = fresh("acc"), res = fresh("gemm");
  std::string accT = typeText(p.acc, accShape);
  line(res + " = for " + k + " in (" + c0.name + " to " + cn.name + ", step " +
       c1.name + ") : tile<i32> iter_values(" + s + " = " + initName +
       ") -> (" + accT + ") {");
  ++indentLevel;
  std::string a = fresh("a"), b = fresh("b"), ta = fresh("t"), tb = fresh("t");
  line(a + ", " + ta + " = load_view_tko" + loadOrder() + " " + pa + "[" +
       bx.name + ", " + k + "] : " + paType + ", tile<i32> -> " +
       loadType({M, K}) + ", token");
  line(b + ", " + tb + " = load_view_tko" + loadOrder() + " " + pb + "[" + k +
       ", " + by.name + "] : " + pbType + ", tile<i32> -> " + loadType({K, N}) +
       ", token");
  std::string aT = loadType({M, K}), bT = loadType({K, N});
  if (viaBytes) {
    // bytes -> 1-D -> unpack -> the operand's shape.
    auto unpacked = [&](std::string &v, std::string &vT, const Shape &sh) {
      int64_t n = sh[0] * sh[1];
      std::string flat = "tile<" + std::to_string(n / 2) + "xi8>";
      std::string f4Flat = "tile<" + std::to_string(n) + "xf4E2M1FN>";
      std::string f4T = "tile<" + shapeText(sh) + "xf4E2M1FN>";
      std::string r = fresh("u"), u = fresh("u"), o = fresh("u");
      line(r + " = reshape " + v + " : " + vT + " -> " + flat);
      line(u + " = unpack " + r + " : " + flat + " -> " + f4Flat);
      line(o + " = reshape " + u + " : " + f4Flat + " -> " + f4T);
      v = o;
      vT = f4T;
    };
    unpacked(a, aT, {M, K});
    unpacked(b, bT, {K, N});
  } else if (p.in != loadName) {
    // tf32 and f8 operands come from a conversion inside the loop.
    std::string a2 = fresh("a"), b2 = fresh("b");
    std::string aT2 = "tile<" + shapeText({M, K}) + "x" + p.in + ">";
    std::string bT2 = "tile<" + shapeText({K, N}) + "x" + p.in + ">";
    line(a2 + " = ftof " + a + " : " + aT + " -> " + aT2);
    line(b2 + " = ftof " + b + " : " + bT + " -> " + bT2);
    a = a2;
    b = b2;
    aT = aT2;
    bT = bT2;
  }
  if (batched) {
    std::string elem = std::string(p.in);
    auto tt = [&](const Shape &sh) {
      return "tile<" + shapeText(sh) + "x" + elem + ">";
    };
    std::string a3 = fresh("a"), b1 = fresh("b"), b3 = fresh("b");
    line(a3 + " = reshape " + a + " : " + aT + " -> " + tt({2, M / 2, K}));
    line(b1 + " = reshape " + b + " : " + bT + " -> " + tt({1, K, N}));
    line(b3 + " = broadcast " + b1 + " : " + tt({1, K, N}) + " -> " +
         tt({2, K, N}));
    a = a3;
    b = b3;
    aT = tt({2, M / 2, K});
    bT = tt({2, K, N});
  }
  std::string next = fresh("mma");
  if (scaled) {
    std::string sa = fresh("sa"), sb = fresh("sb");
    std::string se = scaleElem;
    std::string saT = "tile<" + shapeText({M, K / scaleBlock}) + "x" + se + ">";
    std::string sbT = "tile<" + shapeText({K / scaleBlock, N}) + "x" + se + ">";
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%.1f", scaleA);
    line(sa + " = constant <" + se + ": " + buf + "> : " + saT);
    std::snprintf(buf, sizeof(buf), "%.1f", scaleB);
    line(sb + " = constant <" + se + ": " + buf + "> : " + sbT);
    line(next + " = mmaf_scaled " + a + ", " + b + ", " + s + ", " + sa + ", " +
         sb + " : " + aT + ", " + bT + ", " + accT + ", " + saT + ", " + sbT);
  } else if (isInt)
    line(next + " = mmai " + a + ", " + b + ", " + s +
         (aSigned ? " signed" : " unsigned") +
         (bSigned ? " signed" : " unsigned") + " : " + aT + ", " + bT + ", " +
         accT);
  else
    line(next + " = mmaf " + a + ", " + b + ", " + s + " : " + aT + ", " + bT +
         ", " + accT);
  if (dual) {
    // The second pair, loaded and converted like the first, accumulates
    // onto the first MMA's result.
    std::string a2 = fresh("a"), b2 = fresh("b"), ta2 = fresh("t"),
                tb2 = fresh("t");
    std::string loadAT = loadType({M, K}), loadBT = loadType({K, N});
    line(a2 + ", " + ta2 + " = load_view_tko" + loadOrder() + " " + pa2 + "[" +
         bx.name + ", " + k + "] : " + paType + ", tile<i32> -> " + loadAT +
         ", token");
    line(b2 + ", " + tb2 + " = load_view_tko" + loadOrder() + " " + pb2 + "[" +
         k + ", " + by.name + "] : " + pbType + ", tile<i32> -> " + loadBT +
         ", token");
    if (p.in != loadName) {
      std::string a3 = fresh("a"), b3 = fresh("b");
      line(a3 + " = ftof " + a2 + " : " + loadAT + " -> " + aT);
      line(b3 + " = ftof " + b2 + " : " + loadBT + " -> " + bT);
      a2 = a3;
      b2 = b3;
    }
    std::string second = fresh("mma");
    if (isInt)
      line(second + " = mmai " + a2 + ", " + b2 + ", " + next +
           (aSigned ? " signed" : " unsigned") +
           (bSigned ? " signed" : " unsigned") + " : " + aT + ", " + bT + ", " +
           accT);
    else
      line(second + " = mmaf " + a2 + ", " + b2 + ", " + next + " : " + aT +
           ", " + bT + ", " + accT);
    next = second;
  }
  line("continue " + next + " : " + accT);
  --indentLevel;
  line("}");
  acc.name = res;
  acc.shape = accShape;
  Val &out = define(acc);
  if (batched)
    reshape(out, {M, N});
  loadMmaLoop = true;
}

void KernelGen::stmtRowNorm() {
  Elem e = pickElem(false, true);
  if (!isFloatElem(e))
    return;
  Shape s = mainShape.size() == 2 ? mainShape : Shape{4, 16};
  Val x = loadInput(e, s);
  int64_t R = s[0], C = s[1];
  auto rowReduce = [&](const Val &v, const char *op, double identity) {
    Val r = v;
    r.name = fresh("row");
    r.shape = {R};
    std::string e0 = fresh("e"), a0 = fresh("a"), s0 = fresh("s");
    std::string st = typeText(v.elem, {});
    std::string idText =
        identity == 0 ? "0.0" : (identity < 0 ? "-inf" : "inf");
    if (identity != 0) {
      // Infinities as raw bits, as cuTile prints them.
      static const char *neg[] = {"0xFC00", "0xFF80", "0xFF800000",
                                  "0xFFF0000000000000"};
      static const char *pos[] = {"0x7C00", "0x7F80", "0x7F800000",
                                  "0x7FF0000000000000"};
      unsigned k = v.elem == Elem::F16    ? 0
                   : v.elem == Elem::BF16 ? 1
                   : v.elem == Elem::F32  ? 2
                                          : 3;
      idText = identity < 0 ? neg[k] : pos[k];
    }
    line(r.name + " = reduce " + v.name + " dim=1 identities=[" + idText +
         " : " + elemName(v.elem) + "] : " + typeText(v.elem, v.shape) +
         " -> " + typeText(v.elem, {R}));
    line("(" + e0 + ": " + st + ", " + a0 + ": " + st + ") {");
    line("  " + s0 + " = " + op + " " + e0 + ", " + a0 + " : " + st);
    line("  yield " + s0 + " : " + st);
    line("}");
    if (std::string(op) == "addf") {
      r.flo = v.flo * C;
      r.fhi = v.fhi * C;
      if (!exact())
        r.scale = -1;
    }
    return define(r);
  };
  auto spread = [&](const Val &row) {
    return broadcastTo(reshape(row, {R, 1}), s);
  };
  if (rng.chance(0.5)) {
    // Softmax: subtract the row max, exponentiate, divide by the row sum.
    Val mx = rowReduce(x, "maxf", -1);
    Val d = floatBinary(1 /*sub*/, x, spread(mx));
    if (exact()) {
      if (fitsExact(e, std::max(std::fabs(d.flo), std::fabs(d.fhi)) * C,
                    d.scale))
        rowReduce(d, "addf", 0);
      return;
    }
    Val ex = floatUnary(6 /*exp*/, d);
    Val sum = rowReduce(ex, "addf", 0);
    floatBinary(5 /*div*/, ex, spread(sum));
    return;
  }
  // Layernorm: mean, centre, variance, scale by rsqrt, gamma and beta.
  Val sum = rowReduce(x, "addf", 0);
  Val inv = constFloat(e, {R}, 1.0 / static_cast<double>(C));
  Val mean = floatBinary(2 /*mul*/, sum, inv);
  Val cen = floatBinary(1 /*sub*/, x, spread(mean));
  if (exact())
    return;
  Val sq = floatBinary(2, cen, cen);
  Val var = floatBinary(2, rowReduce(sq, "addf", 0), inv);
  Val eps = constFloat(e, {R}, 1.0 / 65536);
  Val rstd = floatUnary(5 /*rsqrt*/, floatBinary(0, var, eps));
  Val norm = floatBinary(2, cen, spread(rstd));
  Val g = loadInput(e, {C});
  Val b = loadInput(e, {C});
  Val gb = broadcastTo(reshape(g, {1, C}), s);
  Val bb = broadcastTo(reshape(b, {1, C}), s);
  fma(norm, gb, bb);
}

//===----------------------------------------------------------------------===//
// The program skeleton
//===----------------------------------------------------------------------===//

GeneratedProgram KernelGen::run(uint64_t seedLabel) {
  grid[0] = 1 + rng.below(policy.maxGridX);
  grid[1] = rng.chance(0.3) ? 1 + rng.below(policy.maxGridY) : 1;
  mainShape = pickShape(policy.maxTileElems);
  if (mainShape.empty())
    mainShape = {1};
  mainInt = pickElem(true, false);
  mainFloat = pickElem(false, true);
  if (!isIntElem(mainInt))
    mainInt = Elem::I32;
  if (!isFloatElem(mainFloat))
    mainFloat = mainInt;

  // Hints change scheduling, never results.
  hintRng = tilecheck::SplitMix64{seedLabel ^ 0x68696e7473ull};
  std::string hints;
  if (rng.chance(0.1)) {
    int64_t cga = 1 + rng.below(2);
    hints = entryHints(cga, 1 + rng.below(4));
  }
  bx.name = "%bx";
  by.name = "%by";
  bx.elem = by.elem = Elem::I32;
  bx.lo = by.lo = 0;
  bx.hi = grid[0] - 1;
  by.hi = grid[1] - 1;
  define(bx);
  define(by);
  line("%bx, %by, %bz = get_tile_block_id : tile<i32>");
  if (rng.chance(0.2)) {
    Val nx = bx;
    nx.name = "%nx";
    nx.lo = nx.hi = grid[0];
    define(nx);
    line("%nx, %ny, %nz = get_num_tile_blocks : tile<i32>");
  }
  if (rng.chance(policy.pTokens)) {
    threadTokens = true;
    lastToken = fresh("tok");
    line(lastToken + " = make_token : token");
  }
  unsigned n =
      policy.minStmts + rng.below(policy.maxStmts - policy.minStmts + 1);
  for (unsigned i = 0; i < n; ++i)
    statement(0);
  // Store the most recent results (at least one).
  unsigned want = 1 + rng.below(policy.maxOutputs);
  std::vector<Val> candidates;
  for (auto v = scopes[0].rbegin(); v != scopes[0].rend(); ++v)
    if (floatOk(*v) && (!v->shape.empty() || rng.chance(0.2)))
      if (v->name != "%bx" && v->name != "%by" && v->name != "%nx")
        candidates.push_back(*v);
  for (size_t i = 0; outputs < want && i < candidates.size(); ++i)
    storeValue(candidates[i]);
  if (outputs == 0)
    storeValue(operand(mainInt, mainShape));

  GeneratedProgram out;
  out.name = "seed " + std::to_string(seedLabel) + " (" + policy.name + ")";
  out.seed = seedLabel;
  out.policy = policy.name;
  char hash[32];
  std::snprintf(hash, sizeof(hash), "%016llx",
                static_cast<unsigned long long>(policy.hash()));
  out.policyHash = hash;
  out.entry = "kernel";
  out.grid = grid;
  out.extra["load_mma_loop"] = loadMmaLoop;
  SmallVector<std::string, 8> sig;
  for (ArgInfo &a : args) {
    sig.push_back(a.name + ": " + a.type);
    out.args.push_back(std::move(a.arg));
  }
  std::string text;
  raw_string_ostream os(text);
  os << "// Generated by tile-gen: seed " << seedLabel << ", policy "
     << policy.name << ", grid " << grid[0] << "x" << grid[1] << "x1.\n";
  os << "cuda_tile.module @gen {\n" << globals;
  os << "  entry @kernel(" << join(sig, ", ") << ")" << hints << " {\n";
  os << body;
  os << "    return\n  }\n}\n";
  os.flush();
  out.text = std::move(text);
  return out;
}

//===----------------------------------------------------------------------===//
// Public entry points
//===----------------------------------------------------------------------===//

GeneratedProgram generateProgram(const GenPolicy &policy, ChoiceSource &source,
                                 uint64_t seedLabel) {
  KernelGen gen(policy, source);
  return gen.run(seedLabel);
}

GeneratedProgram generateProgram(const GenPolicy &policy, uint64_t seed) {
  SeededSource source(seed);
  return generateProgram(policy, source, seed);
}

} // namespace tilecheck::gen
