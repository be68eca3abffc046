//===- Kernel.cpp - Statements, templates and the program skeleton --------===//
//
// A generated program is one entry whose body is a sequence of statements.
// A statement is either a random expression step over visible values
// (arithmetic, compare/select, conversions, shape ops), a control construct
// whose body is again a statement sequence (for with loop-carried values,
// loop/break, if/else with results), or a real-kernel template (a GEMM main
// loop whose loads feed mmaf/mmai, softmax and layernorm rows, masked
// pointer loads, atomics). Random DAGs and templates share one value pool,
// so template results feed random ops and vice versa.
//
// Memory discipline (what keeps grids > 1 race-free and defined): inputs
// are read-only; every output buffer is written exactly once per tile block,
// in the block's own partition (partition index = block id, or a pointer
// range derived from the linear block id); atomics only use commutative
// integer ops and their old values are dropped; every buffer an op reads is
// initialized (inputs from .npy, outputs and counters zero-filled).
//
//===----------------------------------------------------------------------===//

#include "KernelGen.h"

#include "tilecheck/Oracle/ElemType.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <tuple>

using namespace llvm;

namespace tilecheck::gen {

namespace {

/// Little-endian bytes of `v` (already representable) in element type `e`.
void appendElement(std::vector<uint8_t> &out, Elem e, double v) {
  uint64_t bits = 0;
  unsigned bytes = bitWidth(e) / 8;
  if (isIntElem(e)) {
    bits = static_cast<uint64_t>(static_cast<int64_t>(v));
  } else if (e == Elem::F32) {
    float f = static_cast<float>(v);
    uint32_t u;
    std::memcpy(&u, &f, 4);
    bits = u;
  } else if (e == Elem::F64) {
    std::memcpy(&bits, &v, 8);
  } else {
    APFloat f(v);
    bool lost = false;
    f.convert(e == Elem::F16 ? APFloat::IEEEhalf() : APFloat::BFloat(),
              APFloat::rmNearestTiesToEven, &lost);
    bits = f.bitcastToAPInt().getZExtValue();
  }
  for (unsigned i = 0; i < bytes; ++i)
    out.push_back(static_cast<uint8_t>(bits >> (8 * i)));
}

/// The policy's integer input range, within what `e` holds.
std::pair<double, double> intInputRange(const GenPolicy &policy, Elem e) {
  return {std::max<double>(policy.intInputMin, minOf(e)),
          std::min<double>(policy.intInputMax, maxOf(e))};
}

std::string ptrType(Elem e, const Shape &s) {
  std::string p = std::string("ptr<") + elemName(e) + ">";
  if (s.empty())
    return "tile<" + p + ">";
  return "tile<" + shapeText(s) + "x" + p + ">";
}

} // namespace

KernelGen::KernelGen(const GenPolicy &policy, ChoiceSource &rng)
    : policy(policy), rng(rng) {
  scopes.emplace_back();
}

//===----------------------------------------------------------------------===//
// Text, scopes, choices
//===----------------------------------------------------------------------===//

void KernelGen::line(const std::string &text) {
  body.append(indentLevel * 2, ' ');
  body += text;
  body += '\n';
}

std::string KernelGen::fresh(const char *prefix) {
  return std::string("%") + prefix + std::to_string(nextId++);
}

void KernelGen::pushScope() { scopes.emplace_back(); }
void KernelGen::popScope() { scopes.pop_back(); }

Val &KernelGen::define(Val v) {
  scopes.back().push_back(std::move(v));
  return scopes.back().back();
}

const Val *KernelGen::pickVisible(function_ref<bool(const Val &)> keep,
                                  size_t recent) {
  SmallVector<const Val *, 32> found;
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it)
    for (auto v = it->rbegin(); v != it->rend(); ++v)
      if (keep(*v))
        found.push_back(&*v);
  if (found.empty())
    return nullptr;
  // Recent values first: long dependence chains, not a flat fan-out.
  size_t n = found.size();
  return found[rng.chance(0.3) ? rng.below(n)
                               : rng.below(std::min<size_t>(n, recent))];
}

const Val *KernelGen::findVal(Elem e, const Shape &s) {
  return pickVisible(
      [&](const Val &v) { return v.elem == e && v.shape == s && floatOk(v); },
      3);
}

const Val *KernelGen::findAny(bool wantInt, bool wantFloat, bool rank0Only) {
  return pickVisible(
      [&](const Val &v) {
        if (v.elem == Elem::I1 || !floatOk(v))
          return false;
        if ((isIntElem(v.elem) && !wantInt) ||
            (isFloatElem(v.elem) && !wantFloat))
          return false;
        return rank0Only == v.shape.empty();
      },
      4);
}

Elem KernelGen::pickElem(bool allowInt, bool allowFloat) {
  static const Elem order[] = {Elem::I32, Elem::F32,  Elem::I64, Elem::F16,
                               Elem::I16, Elem::BF16, Elem::I8,  Elem::F64};
  unsigned w[] = {policy.wI32, policy.wF32,  policy.wI64, policy.wF16,
                  policy.wI16, policy.wBF16, policy.wI8,  policy.wF64};
  for (unsigned i = 0; i < 8; ++i)
    if ((isIntElem(order[i]) && !allowInt) ||
        (isFloatElem(order[i]) && !allowFloat))
      w[i] = 0;
  size_t k = rng.weighted(w);
  if (k >= 8)
    return allowInt ||
                   policy.wF32 + policy.wF16 + policy.wBF16 + policy.wF64 == 0
               ? Elem::I32
               : Elem::F32;
  return order[k];
}

Shape KernelGen::pickShape(unsigned maxElems) {
  unsigned rank =
      rng.chance(policy.pRank1) ? 1 : (rng.chance(policy.pRank3) ? 3 : 2);
  Shape s;
  for (unsigned i = 0; i < rank; ++i)
    s.push_back(int64_t(1) << rng.below(policy.maxLog2Dim + 1));
  while (numElements(s) > maxElems) {
    auto big = std::max_element(s.begin(), s.end());
    *big /= 2;
  }
  return s;
}

int64_t KernelGen::pickSmallInt(int64_t bound) {
  uint64_t k = rng.below(2 * bound + 1); // zigzag: 0, -1, 1, -2, 2, ...
  return (k & 1) ? -static_cast<int64_t>((k + 1) / 2)
                 : static_cast<int64_t>(k / 2);
}

//===----------------------------------------------------------------------===//
// Arguments, tokens, indices
//===----------------------------------------------------------------------===//

std::string KernelGen::addBuffer(Elem e, const Shape &dims, bool input,
                                 std::vector<double> *valuesOut, double lo,
                                 double hi, int scale) {
  ArgInfo info;
  unsigned index = args.size();
  info.name = "%arg" + std::to_string(index);
  info.type = ptrType(e, {});
  if (!input) {
    info.arg.form = std::string("zeros:") + elemName(e) + ":" + shapeText(dims);
  } else {
    info.arg.form = "@arg" + std::to_string(index) + ".npy";
    oracle::NpyArray array;
    array.descr = oracle::npyDescrFor(oracleType(e));
    array.shape.assign(dims.begin(), dims.end());
    int64_t n = numElements(dims);
    array.data.reserve(n * bitWidth(e) / 8);
    for (int64_t i = 0; i < n; ++i) {
      double v = inputValue(isIntElem(e), lo, hi, scale);
      if (valuesOut)
        valuesOut->push_back(v);
      appendElement(array.data, e, v);
    }
    info.arg.data = std::make_shared<const oracle::NpyArray>(std::move(array));
  }
  args.push_back(std::move(info));
  return args.back().name;
}

double KernelGen::inputValue(bool isInt, double lo, double hi, int scale) {
  if (isInt)
    return static_cast<double>(
        rng.range(static_cast<int64_t>(lo), static_cast<int64_t>(hi)));
  if (scale >= 0) {
    // Exact inputs: k * 2^-scale with |k| <= hi * 2^scale.
    int64_t m = static_cast<int64_t>(std::ldexp(hi, scale));
    return std::ldexp(static_cast<double>(rng.range(-m, m)), -scale);
  }
  // 2^-16 steps are plenty for tolerance-compared float inputs.
  int64_t m = static_cast<int64_t>(std::ldexp(hi, 16));
  return std::ldexp(static_cast<double>(rng.range(-m, m)), -16);
}

std::string KernelGen::addNarrowBuffer(const char *elem, const Shape &dims,
                                       double hi, int scale, bool packedBytes) {
  std::optional<oracle::ElemType> type = oracle::parseElemType(elem);
  assert(type && oracle::semantics(*type) && "not a float type");
  bool tf32 = *type == oracle::ElemType::TF32;
  bool dirty = tf32 && rng.chance(0.5);
  ArgInfo info;
  unsigned index = args.size();
  info.name = "%arg" + std::to_string(index);
  info.type = std::string("tile<ptr<") + elem + ">>";
  info.arg.form = "@arg" + std::to_string(index) + ".npy";
  oracle::NpyArray array;
  array.descr = oracle::npyDescrFor(*type);
  array.shape.assign(dims.begin(), dims.end());
  for (int64_t i = 0, n = numElements(dims); i < n; ++i) {
    APFloat f(inputValue(false, -hi, hi, scale));
    bool lost = false;
    f.convert(*oracle::semantics(*type), APFloat::rmNearestTiesToEven, &lost);
    uint64_t bits = f.bitcastToAPInt().getZExtValue();
    if (!tf32) {
      array.data.push_back(static_cast<uint8_t>(bits));
      continue;
    }
    // tf32's 19 bits sit at the top of an f32 container.
    bits <<= 13;
    if (dirty)
      bits |= static_cast<uint64_t>(rng.range(0, 0x1fff));
    for (unsigned b = 0; b < 4; ++b)
      array.data.push_back(static_cast<uint8_t>(bits >> (8 * b)));
  }
  if (packedBytes) {
    assert(*type == oracle::ElemType::F4E2M1FN && dims.back() % 2 == 0);
    info.type = "tile<ptr<i8>>";
    array.descr = oracle::npyDescrFor(oracle::ElemType::I8);
    array.shape.back() /= 2;
    array.data = oracle::packForMemory(*type, array.data);
  }
  info.arg.data = std::make_shared<const oracle::NpyArray>(std::move(array));
  args.push_back(std::move(info));
  return args.back().name;
}

std::string KernelGen::addScalar(Elem e, int64_t value, int64_t lo,
                                 int64_t hi) {
  ArgInfo info;
  info.name = "%arg" + std::to_string(args.size());
  info.type = typeText(e, {});
  info.arg.form = std::to_string(value);
  args.push_back(info);
  std::string name = info.name;
  if (rng.chance(policy.pAssume)) {
    std::string a = fresh("n");
    line(a + " = assume bounded<" + std::to_string(lo) + ", " +
         std::to_string(hi) + ">, " + name + " : " + info.type);
    name = a;
  }
  return name;
}

std::string KernelGen::alignedBase(const std::string &buf, Elem e) {
  return alignedBase(buf, std::string(elemName(e)));
}

std::string KernelGen::alignedBase(const std::string &buf,
                                   const std::string &elem) {
  // Drawn only where the policy asks, so other policies keep their
  // programs. Every buffer the interpreter, tile-run and the GPU runners
  // allocate starts 16-byte aligned (at least), so the assumption holds.
  if (policy.pAlignedBase <= 0 || !rng.chance(policy.pAlignedBase))
    return buf;
  std::string a = fresh("p");
  line(a + " = assume div_by<16>, " + buf + " : tile<ptr<" + elem + ">>");
  return a;
}

std::string KernelGen::loadOrder() {
  static const char *orders[] = {" weak", " relaxed device", " acquire device",
                                 " relaxed sys", " acquire tl_blk"};
  return rng.chance(policy.pOrdered) ? orders[1 + rng.below(4)] : orders[0];
}

std::string KernelGen::storeOrder() {
  static const char *orders[] = {" weak", " relaxed device", " release device",
                                 " release sys", " relaxed tl_blk"};
  return rng.chance(policy.pOrdered) ? orders[1 + rng.below(4)] : orders[0];
}

/// The targets generated hints name: those of the tileiras matrices.
static constexpr const char *kHintTargets[] = {"sm_80", "sm_90", "sm_100",
                                               "sm_120"};

std::string KernelGen::entryHints(int64_t cga, int64_t occupancy) {
  std::string out;
  for (const char *target : kHintTargets) {
    std::string keys;
    auto add = [&](const char *key, int64_t value) {
      keys += (keys.empty() ? "" : ", ") + std::string(key) + " = " +
              std::to_string(value);
    };
    StringRef t(target);
    bool clusters = t != "sm_80";
    if (t == "sm_100" || (clusters && hintRng.unit() < 0.3)) {
      // A cluster of n CTAs along x: n divides the grid's x extent, so
      // that the launch is valid on a GPU.
      int64_t n = t == "sm_100" ? cga : int64_t(1) << hintRng.below(3);
      while (grid[0] % n)
        n /= 2;
      add("num_cta_in_cga", n);
    }
    if (hintRng.unit() < 0.3)
      add("num_worker_warps_per_cta", int64_t(1) << hintRng.below(4));
    if (t == "sm_120")
      add("occupancy", occupancy);
    else if (hintRng.unit() < 0.3)
      add("occupancy", 1 + hintRng.below(8));
    if (!keys.empty())
      out += (out.empty() ? "" : ", ") + t.str() + " = {" + keys + "}";
  }
  return " optimization_hints=<" + out + ">";
}

std::string KernelGen::memoryHints() {
  std::string out;
  for (const char *target : kHintTargets) {
    if (hintRng.unit() < 0.5)
      continue;
    std::string keys;
    if (hintRng.unit() < 0.7)
      keys = "latency = " + std::to_string(1 + hintRng.below(10));
    if (keys.empty() || hintRng.unit() < 0.5)
      keys += std::string(keys.empty() ? "" : ", ") +
              "allow_tma = " + (hintRng.below(2) ? "true" : "false");
    out +=
        (out.empty() ? "" : ", ") + std::string(target) + " = {" + keys + "}";
  }
  if (out.empty())
    out = "sm_100 = {latency = " + std::to_string(1 + hintRng.below(10)) + "}";
  return " optimization_hints = <" + out + ">";
}

std::string KernelGen::tokenOperand() {
  if (!threadTokens || lastToken.empty())
    return "";
  return " token = " + lastToken;
}

void KernelGen::noteToken(const std::string &tok) {
  if (!threadTokens || scopes.size() != 1)
    return;
  if (!lastToken.empty() && rng.chance(0.3)) {
    std::string j = fresh("tok");
    line(j + " = join_tokens " + lastToken + ", " + tok + " : token");
    lastToken = j;
    return;
  }
  lastToken = tok;
}

Val KernelGen::partIndex(int64_t parts, unsigned gridDim) {
  if (parts == grid[gridDim] && rng.chance(0.8))
    return gridDim == 0 ? bx : by;
  for (auto it = loopIndices.rbegin(); it != loopIndices.rend(); ++it)
    if (it->lo >= 0 && it->hi < parts && rng.chance(0.7))
      return *it;
  return constInt(Elem::I32, {}, rng.range(0, parts - 1));
}

Val KernelGen::scalarIndex() {
  SmallVector<Val, 8> cands = {bx, by};
  for (const Val &li : loopIndices)
    cands.push_back(li);
  if (const Val *v = findAny(true, false, /*rank0Only=*/true))
    if (v->elem == Elem::I32)
      cands.push_back(*v);
  return cands[rng.below(cands.size())];
}

Val KernelGen::condition() {
  const Val *f = rng.chance(0.3) ? findAny(false, true, true) : nullptr;
  if (f && discontinuousOk(*f)) {
    Val fv = *f;
    double mid = std::isfinite(fv.flo) && std::isfinite(fv.fhi)
                     ? std::floor((fv.flo + fv.fhi) / 2)
                     : 0.0;
    return compare(fv, constFloat(fv.elem, {}, mid));
  }
  Val a = scalarIndex();
  int64_t c =
      a.lo +
      static_cast<int64_t>(rng.below(
          static_cast<uint64_t>(std::min<int64_t>(a.hi - a.lo, 64)) + 2));
  return compare(a, constInt(a.elem, {}, c));
}

//===----------------------------------------------------------------------===//
// Operands and loads
//===----------------------------------------------------------------------===//

Val KernelGen::operand(Elem e, const Shape &s) {
  if (const Val *v = rng.chance(0.85) ? findVal(e, s) : nullptr)
    return *v;
  unsigned how = rng.below(4);
  if (how == 1 && !s.empty() && policy.wLoad > 0)
    return loadInput(e, s);
  if (how == 2) {
    // A conversion of a same-shaped value of another element type.
    for (Elem other : {Elem::I32, Elem::F32, Elem::I64, Elem::F16})
      if (other != e)
        if (const Val *v = findVal(other, s))
          if (!isIntElem(e) || discontinuousOk(*v))
            return convertTo(*v, e);
  }
  bool fromArg = how == 3 && rng.chance(0.3) && e != Elem::I1;
  if (isIntElem(e)) {
    int64_t k = pickSmallInt(16);
    if (!fromArg)
      return constInt(e, s, k);
    // A scalar kernel argument spread over the tile (saxpy's alpha).
    ArgInfo info;
    info.name = "%arg" + std::to_string(args.size());
    info.type = typeText(e, {});
    info.arg.form = std::to_string(k);
    args.push_back(info);
    Val a;
    a.name = info.name;
    a.elem = e;
    a.lo = a.hi = k;
    return broadcastTo(reshape(a, Shape(s.size(), 1)), s);
  }
  double v = static_cast<double>(pickSmallInt(8));
  if (rng.chance(0.3))
    v += 0.5;
  if (!fromArg)
    return constFloat(e, s, v);
  ArgInfo info;
  info.name = "%arg" + std::to_string(args.size());
  info.type = typeText(e, {});
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.1f", v); // exact: a multiple of 0.5
  info.arg.form = buf;
  args.push_back(info);
  Val a;
  a.name = info.name;
  a.elem = e;
  a.flo = a.fhi = v;
  a.scale = v == std::floor(v) ? 0 : 1;
  return broadcastTo(reshape(a, Shape(s.size(), 1)), s);
}

Val KernelGen::loadInput(Elem e, const Shape &sIn) {
  if (e == Elem::I1)
    e = Elem::I8;
  Shape s = sIn.empty() ? Shape{1} : sIn;
  unsigned rank = s.size();
  // Partition counts and indices per dimension.
  Shape parts(rank, 1);
  SmallVector<Val, 3> idx;
  for (unsigned d = 0; d < rank; ++d) {
    int64_t p;
    if (d < 2 && rng.chance(0.6))
      p = grid[d];
    else if (!loopIndices.empty() && loopIndices.back().lo >= 0 &&
             rng.chance(0.6))
      p = loopIndices.back().hi + 1;
    else
      p = 1 + rng.below(3);
    parts[d] = p;
    idx.push_back(partIndex(p, d < 2 ? d : 0));
  }
  Shape dims(rank);
  for (unsigned d = 0; d < rank; ++d)
    dims[d] = s[d] * parts[d];
  // A non-identity dim_map: tile dimension d runs along tensor dimension
  // perm[d], so the tensor holds dims[d] along perm[d] (the same index
  // space, every access inside the tensor). Drawn only when the policy
  // asks for it, so other policies see the same random choices as before.
  SmallVector<int64_t, 3> perm;
  if (policy.pDimMap > 0 && rank >= 2 && rng.chance(policy.pDimMap)) {
    for (unsigned d = 0; d < rank; ++d)
      perm.push_back(d);
    // A rotation by 1..rank-1: never the identity.
    std::rotate(perm.begin(), perm.begin() + 1 + rng.below(rank - 1),
                perm.end());
    Shape tensorDims(rank);
    for (unsigned d = 0; d < rank; ++d)
      tensorDims[perm[d]] = dims[d];
    dims = tensorDims;
  }
  // Input value ranges.
  double lo, hi;
  int scale = -1;
  if (isIntElem(e)) {
    std::tie(lo, hi) = intInputRange(policy, e);
  } else {
    hi = policy.floatInputMag;
    if (e == Elem::BF16 || e == Elem::F16)
      hi = std::min(hi, 16.0);
    lo = -hi;
    if (exact() || rng.chance(0.5))
      scale = static_cast<int>(rng.below(3));
    while (scale > 0 && !fitsExact(e, hi, scale))
      --scale;
  }
  std::string buf = addBuffer(e, dims, true, nullptr, lo, hi, scale);
  if (rng.chance(policy.pAssume)) {
    std::string a = fresh("p");
    line(a + " = assume div_by<16>, " + buf + " : " + ptrType(e, {}));
    buf = a;
  }
  // Tensor view, possibly with a dynamic leading dimension (a scalar
  // argument) that cuts the last partition short; padding then fills it.
  Shape strides(rank, 1);
  for (int d = static_cast<int>(rank) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * dims[d + 1];
  bool dynamic = perm.empty() && rank <= 2 && rng.chance(policy.pDynamicShape);
  std::string shapeList, strideList, viewShape;
  int64_t rows = dims[0];
  std::string dynOperand;
  if (dynamic) {
    rows = (parts[0] - 1) * s[0] + 1 + static_cast<int64_t>(rng.below(s[0]));
    dynOperand = addScalar(Elem::I32, rows, rows, dims[0]);
  }
  for (unsigned d = 0; d < rank; ++d) {
    shapeList += (d ? ", " : "") +
                 (d == 0 && dynamic ? dynOperand : std::to_string(dims[d]));
    strideList += (d ? "," : "") + std::to_string(strides[d]);
    viewShape += (d ? "x" : "") + (d == 0 && dynamic ? std::string("?")
                                                     : std::to_string(dims[d]));
  }
  std::string tvType = "tensor_view<" + viewShape + "x" + elemName(e) +
                       ", strides=[" + strideList + "]>";
  std::string tv = fresh("tv");
  std::string strideText;
  for (unsigned d = 0; d < rank; ++d)
    strideText += (d ? ", " : "") + std::to_string(strides[d]);
  line(tv + " = make_tensor_view " + buf + ", shape = [" + shapeList +
       "], strides = [" + strideText +
       "] : " + (dynamic ? "tile<i32> -> " : "") + tvType);
  // Padding: needed when the tile runs past a dynamic edge.
  Val r;
  r.elem = e;
  r.shape = s;
  r.lo = static_cast<int64_t>(lo);
  r.hi = static_cast<int64_t>(hi);
  r.flo = lo;
  r.fhi = hi;
  r.scale = isFloatElem(e) ? scale : -1;
  std::string padding;
  if (dynamic && rows < dims[0]) {
    if (isIntElem(e)) {
      padding = "padding_value = zero, ";
      r.lo = std::min<int64_t>(r.lo, 0);
      r.hi = std::max<int64_t>(r.hi, 0);
    } else {
      static const char *pads[] = {"zero", "neg_zero", "nan", "pos_inf",
                                   "neg_inf"};
      unsigned k = rng.below(exact() ? 2 : 5);
      padding = std::string("padding_value = ") + pads[k] + ", ";
      r.flo = std::min(r.flo, 0.0);
      r.fhi = std::max(r.fhi, 0.0);
      if (k == 2)
        r.mayNaN = true;
      if (k >= 2) {
        r.scale = -1;
        r.flo = -INFINITY;
        r.fhi = INFINITY;
      }
    }
  }
  std::string dimMap;
  for (unsigned d = 0; d < perm.size(); ++d)
    dimMap += (d ? ", " : ", dim_map=[") + std::to_string(perm[d]) +
              (d + 1 == perm.size() ? "]" : "");
  std::string pvType = "partition_view<tile=(" + shapeText(s) + "), " +
                       padding + tvType + dimMap + ">";
  std::string makeView = "make_partition_view";
  std::string indexTypes = "tile<i32>";
  if (perm.empty() && !dynamic && rank == 2 && padding.empty() &&
      rng.chance(0.1)) {
    // A gather: dimension 0 takes one tensor row per tile row,
    // rows = (iota * m + idx0 * s0) rem dims0, all inside the tensor.
    Val io = iota(Elem::I32, s[0]);
    Val mul = constInt(Elem::I32, {s[0]}, 1 + 2 * rng.below(3));
    Val base = intBinary(2 /*mul*/, idx[0], constInt(Elem::I32, {}, s[0]));
    Val spread = broadcastTo(reshape(base, {1}), {s[0]});
    Val sum = intBinary(0 /*add*/, intBinary(2, io, mul), spread);
    idx[0] = intBinary(5 /*rem*/, sum, constInt(Elem::I32, {s[0]}, dims[0]));
    pvType = "gather_scatter_view<tile=(" + shapeText(s) + "), " + tvType +
             ", sparse_dim=0>";
    makeView = "make_gather_scatter_view";
    indexTypes = typeText(Elem::I32, {s[0]}) + ", tile<i32>";
  } else if (perm.empty() && !dynamic && rng.chance(0.15)) {
    // A strided view whose tiles overlap (stride = tile >> k): index i of a
    // dimension cut into p tiles ends at i*stride + tile <= p*tile, so every
    // index partIndex returns stays inside the tensor.
    std::string strideText;
    for (unsigned d = 0; d < rank; ++d) {
      int64_t t = s[d];
      while (t > 1 && rng.chance(0.5))
        t /= 2;
      strideText += (d ? "," : "") + std::to_string(t);
    }
    pvType = "strided_view<tile=(" + shapeText(s) + "), traversal_strides=[" +
             strideText + "], " + tvType + ">";
    makeView = "make_strided_view";
  }
  std::string pv = fresh("pv");
  line(pv + " = " + makeView + " " + tv + " : " + pvType);
  std::string idxList;
  for (unsigned d = 0; d < rank; ++d)
    idxList += (d ? ", " : "") + idx[d].name;
  r.name = fresh("ld");
  std::string tok = fresh("t");
  std::string tokenText = tokenOperand();
  bool hinted;
  if (tokenText.empty()) {
    // The main stream's draws, as before hints had a source of their own.
    hinted = rng.chance(0.1);
    if (hinted)
      (void)rng.below(4);
  } else {
    hinted = hintRng.unit() < 0.1;
  }
  if (hinted)
    tokenText += memoryHints();
  line(r.name + ", " + tok + " = load_view_tko" + loadOrder() + " " + pv + "[" +
       idxList + "]" + tokenText + " : " + pvType + ", " + indexTypes + " -> " +
       typeText(e, s) + ", token");
  noteToken(tok);
  Val &loaded = define(r);
  if (sIn.empty())
    return reshape(loaded, {});
  return loaded;
}

/// Linear block id * n + iota(n): the element offsets of this block's own
/// n-element slice of a flat buffer (range [0, gx*gy*n)).
static Val linearOffsets(KernelGen &g, int64_t n) {
  Val lin = g.bx;
  if (g.grid[1] > 1) {
    Val gxv = g.constInt(Elem::I32, {}, g.grid[0]);
    Val t = g.intBinary(2 /*mul*/, g.by, gxv);
    lin = g.intBinary(0 /*add*/, t, g.bx);
  }
  Val nv = g.constInt(Elem::I32, {}, n);
  Val base = g.intBinary(2 /*mul*/, lin, nv);
  Val b1 = g.reshape(base, {1});
  Val bb = g.broadcastTo(b1, {n});
  Val io = g.iota(Elem::I32, n);
  return g.intBinary(0 /*add*/, bb, io);
}

/// A tile of n pointers into `buf` at `offsets`.
static std::string pointerTile(KernelGen &g, const std::string &buf, Elem e,
                               const Val &offsets) {
  int64_t n = offsets.shape[0];
  std::string p1 = g.fresh("ptr");
  g.line(p1 + " = reshape " + buf + " : " + ptrType(e, {}) + " -> " +
         ptrType(e, {1}));
  std::string pb = g.fresh("ptr");
  g.line(pb + " = broadcast " + p1 + " : " + ptrType(e, {1}) + " -> " +
         ptrType(e, {n}));
  std::string ps = g.fresh("ptr");
  g.line(ps + " = offset " + pb + ", " + offsets.name + " : " +
         ptrType(e, {n}) + ", " + typeText(Elem::I32, {n}) + " -> " +
         ptrType(e, {n}));
  return ps;
}

void KernelGen::stmtPtrLoad() {
  Elem e = pickElem(true, true);
  int64_t n = int64_t(1) << rng.below(std::min(policy.maxLog2Dim + 2, 9u));
  n = std::min<int64_t>(n, policy.maxTileElems);
  int64_t blocks = grid[0] * grid[1];
  double lo, hi;
  int scale = -1;
  if (isIntElem(e)) {
    std::tie(lo, hi) = intInputRange(policy, e);
  } else {
    hi = std::min<double>(policy.floatInputMag, 16.0);
    lo = -hi;
    scale = exact() || rng.chance(0.5) ? 1 : -1;
  }
  std::string buf = addBuffer(e, {blocks * n}, true, nullptr, lo, hi, scale);
  Val off = linearOffsets(*this, n);
  std::string ptrs = pointerTile(*this, buf, e, off);
  // Mask: lanes below a bound that cuts the last block short.
  int64_t valid = (blocks - 1) * n + 1 + static_cast<int64_t>(rng.below(n));
  Val bound =
      rng.chance(0.5)
          ? constInt(Elem::I32, {n}, valid)
          : broadcastTo(reshape(Val{addScalar(Elem::I32, valid, valid, valid),
                                    Elem::I32,
                                    {},
                                    valid,
                                    valid},
                                {1}),
                        {n});
  Val mask = *[&] {
    Val m;
    m.name = fresh("p");
    m.elem = Elem::I1;
    m.shape = {n};
    line(m.name + " = cmpi less_than " + off.name + ", " + bound.name +
         ", signed : " + typeText(Elem::I32, {n}) + " -> " +
         typeText(Elem::I1, {n}));
    return &define(m);
  }();
  Val pad = isIntElem(e)
                ? constInt(e, {n}, pickSmallInt(4))
                : constFloat(e, {n}, static_cast<double>(pickSmallInt(4)));
  Val r;
  r.name = fresh("ld");
  r.elem = e;
  r.shape = {n};
  r.lo = std::min<int64_t>(static_cast<int64_t>(lo), pad.lo);
  r.hi = std::max<int64_t>(static_cast<int64_t>(hi), pad.hi);
  r.flo = std::min(lo, pad.flo);
  r.fhi = std::max(hi, pad.fhi);
  r.scale = isFloatElem(e) ? (scale >= 0 ? std::max(scale, 0) : -1) : -1;
  std::string tok = fresh("t");
  line(r.name + ", " + tok + " = load_ptr_tko" + loadOrder() + " " + ptrs +
       ", " + mask.name + ", " + pad.name + tokenOperand() + " : " +
       ptrType(e, {n}) + ", " + typeText(Elem::I1, {n}) + ", " +
       typeText(e, {n}) + " -> " + typeText(e, {n}) + ", token");
  noteToken(tok);
  Val &loaded = define(r);
  // Often fold the slice into the main shape so it meets other values.
  if (numElements(mainShape) == n && rng.chance(0.6))
    reshape(loaded, mainShape);
  (void)mask;
}

void KernelGen::stmtLoad() {
  Elem e = pickElem(true, true);
  Shape s = rng.chance(0.6) ? mainShape : pickShape(policy.maxTileElems);
  loadInput(e, s);
}

//===----------------------------------------------------------------------===//
// Stores and atomics
//===----------------------------------------------------------------------===//

void KernelGen::storeF4(const Val &v) {
  Shape s2 = v.shape.size() == 1   ? Shape{1, v.shape[0]}
             : v.shape.size() == 2 ? v.shape
                                   : Shape{v.shape[0] * v.shape[1], v.shape[2]};
  Val t = reshape(v, s2);
  std::string f4T = "tile<" + shapeText(s2) + "xf4E2M1FN>";
  std::string q = fresh("q");
  line(q + " = ftof " + t.name + " : " + typeText(t.elem, s2) + " -> " + f4T);
  Shape dims = {s2[0] * grid[0], s2[1] * grid[1]};
  ArgInfo info;
  info.name = "%arg" + std::to_string(args.size());
  info.type = "tile<ptr<f4E2M1FN>>";
  info.arg.form = "zeros:f4E2M1FN:" + shapeText(dims);
  args.push_back(std::move(info));
  std::string buf = args.back().name;
  int64_t cols = dims[1] - (rng.chance(0.5) ? 1 : 0);
  std::string shape = std::to_string(dims[0]) + "x" + std::to_string(cols);
  std::string tvType = "tensor_view<" + shape + "xf4E2M1FN, strides=[" +
                       std::to_string(dims[1]) + ",1]>";
  std::string tv = fresh("tv");
  line(tv + " = make_tensor_view " + buf + ", shape = [" +
       std::to_string(dims[0]) + ", " + std::to_string(cols) +
       "], strides = [" + std::to_string(dims[1]) + ", 1] : " + tvType);
  std::string pvType =
      "partition_view<tile=(" + shapeText(s2) + "), " + tvType + ">";
  std::string pv = fresh("pv");
  line(pv + " = make_partition_view " + tv + " : " + pvType);
  std::string tok = fresh("t");
  line(tok + " = store_view_tko weak " + q + ", " + pv + "[" + bx.name + ", " +
       by.name + "]" + tokenOperand() + " : " + f4T + ", " + pvType +
       ", tile<i32> -> token");
  noteToken(tok);
  ++outputs;
}

void KernelGen::storeValue(const Val &vIn) {
  // Exact float outputs may go out as f4 (ftof rounds the same values the
  // same way everywhere). Drawn only where the policy asks, so other
  // presets keep their programs.
  // An even last dimension keeps each block's rows in whole bytes: blocks
  // never share a byte (a race), and a short row still reaches every block.
  if (policy.pF4Store > 0 && isFloatElem(vIn.elem) && vIn.scale >= 0 &&
      !vIn.mayNaN && !vIn.shape.empty() && vIn.shape.back() % 2 == 0 &&
      rng.chance(policy.pF4Store)) {
    storeF4(vIn);
    return;
  }
  Val v = vIn;
  if (v.elem == Elem::I1)
    v = convertTo(v, Elem::I8);
  int64_t n = numElements(v.shape);
  if (v.shape.size() <= 1 || rng.chance(policy.pPtrStore)) {
    // Masked pointer store of the flattened value into this block's slice.
    Val flat = reshape(v, {n});
    int64_t blocks = grid[0] * grid[1];
    std::string buf = addBuffer(v.elem, {blocks * n}, false, nullptr, 0, 0, -1);
    Val off = linearOffsets(*this, n);
    std::string ptrs = pointerTile(*this, buf, v.elem, off);
    std::string tok = fresh("t");
    if (rng.chance(0.5)) {
      int64_t valid = (blocks - 1) * n + 1 + static_cast<int64_t>(rng.below(n));
      Val bound = constInt(Elem::I32, {n}, valid);
      Val mask = compare(off, bound); // any predicate is a fine mask
      line(tok + " = store_ptr_tko" + storeOrder() + " " + ptrs + ", " +
           flat.name + ", " + mask.name + tokenOperand() + " : " +
           ptrType(v.elem, {n}) + ", " + typeText(v.elem, {n}) + ", " +
           typeText(Elem::I1, {n}) + " -> token");
    } else {
      line(tok + " = store_ptr_tko weak " + ptrs + ", " + flat.name +
           tokenOperand() + " : " + ptrType(v.elem, {n}) + ", " +
           typeText(v.elem, {n}) + " -> token");
    }
    noteToken(tok);
    ++outputs;
    return;
  }
  Shape s2 = v.shape.size() == 2 ? v.shape
                                 : Shape{v.shape[0] * v.shape[1], v.shape[2]};
  Val t = reshape(v, s2);
  Shape dims = {s2[0] * grid[0], s2[1] * grid[1]};
  std::string buf =
      alignedBase(addBuffer(v.elem, dims, false, nullptr, 0, 0, -1), v.elem);
  bool dynamic = rng.chance(policy.pDynamicShape);
  std::string rowsText = std::to_string(dims[0]);
  if (dynamic) {
    int64_t rows =
        (grid[0] - 1) * s2[0] + 1 + static_cast<int64_t>(rng.below(s2[0]));
    rowsText = addScalar(Elem::I32, rows, rows, dims[0]);
  }
  std::string tvType = "tensor_view<" +
                       (dynamic ? std::string("?") : std::to_string(dims[0])) +
                       "x" + std::to_string(dims[1]) + "x" + elemName(v.elem) +
                       ", strides=[" + std::to_string(dims[1]) + ",1]>";
  std::string tv = fresh("tv");
  line(tv + " = make_tensor_view " + buf + ", shape = [" + rowsText + ", " +
       std::to_string(dims[1]) + "], strides = [" + std::to_string(dims[1]) +
       ", 1] : " + (dynamic ? "tile<i32> -> " : "") + tvType);
  std::string pvType =
      "partition_view<tile=(" + shapeText(s2) + "), " + tvType + ">";
  std::string pv = fresh("pv");
  line(pv + " = make_partition_view " + tv + " : " + pvType);
  std::string tok = fresh("t");
  line(tok + " = store_view_tko" + storeOrder() + " " + t.name + ", " + pv +
       "[" + bx.name + ", " + by.name + "]" + tokenOperand() +
       (hintRng.unit() < 0.1 ? memoryHints() : "") + " : " +
       typeText(t.elem, s2) + ", " + pvType + ", tile<i32> -> token");
  noteToken(tok);
  ++outputs;
  // Read the stored tile back through the same view, after the store by
  // its token (tokens, not program order, order a tile block's accesses),
  // and store it again to an output of its own (later statements may use
  // it too): a compiler that moves the load above the store reads the
  // output's zeros. Only where every element is in bounds, and only where
  // the policy asks, so other presets keep their programs.
  // Half the time the tile comes back through a second, column-major view
  // of the same bytes (shape and strides swapped): the transposed tile, read
  // with other address arithmetic than it was written with.
  if (!dynamic && !readingBack && policy.pReadBack > 0 &&
      rng.chance(policy.pReadBack)) {
    Val back = t;
    back.name = fresh("rb");
    std::string backTok = fresh("t");
    std::string readView = pv, readType = pvType,
                index = bx.name + ", " + by.name;
    if (rng.chance(0.5)) {
      back.shape = {s2[1], s2[0]};
      std::string tvT = "tensor_view<" + std::to_string(dims[1]) + "x" +
                        std::to_string(dims[0]) + "x" + elemName(v.elem) +
                        ", strides=[1," + std::to_string(dims[1]) + "]>";
      std::string tv2 = fresh("tv");
      line(tv2 + " = make_tensor_view " + buf + ", shape = [" +
           std::to_string(dims[1]) + ", " + std::to_string(dims[0]) +
           "], strides = [1, " + std::to_string(dims[1]) + "] : " + tvT);
      std::string pvT =
          "partition_view<tile=(" + shapeText(back.shape) + "), " + tvT + ">";
      std::string pv2 = fresh("pv");
      line(pv2 + " = make_partition_view " + tv2 + " : " + pvT);
      readView = pv2;
      readType = pvT;
      index = by.name + ", " + bx.name;
    }
    line(back.name + ", " + backTok + " = load_view_tko" + loadOrder() + " " +
         readView + "[" + index + "] token = " + tok + " : " + readType +
         ", tile<i32> -> " + typeText(t.elem, back.shape) + ", token");
    noteToken(backTok);
    define(back);
    readingBack = true;
    storeValue(back);
    readingBack = false;
  }
}

void KernelGen::stmtAtomic() {
  Elem e = rng.chance(0.7) ? Elem::I32 : Elem::I64;
  if ((e == Elem::I64 && policy.wI64 == 0))
    e = Elem::I32;
  int64_t n = int64_t(1) << rng.below(6);
  Val v = operand(e, {n});
  int64_t slots = int64_t(1) << rng.below(3);
  slots = std::min(slots, n);
  std::string buf = addBuffer(e, {slots}, false, nullptr, 0, 0, -1);
  Val io = iota(Elem::I32, n);
  Val m = constInt(Elem::I32, {n}, slots - 1);
  Val off = intBinary(8 /*and*/, io, m);
  std::string ptrs = pointerTile(*this, buf, e, off);
  static const char *modes[] = {"add", "and", "or",   "xor",
                                "max", "min", "umax", "umin"};
  const char *mode = modes[rng.below(8)];
  std::string old = fresh("old"), tok = fresh("t");
  std::string types = ptrType(e, {n}) + ", " + typeText(e, {n});
  std::string maskPart;
  if (rng.chance(0.4)) {
    Val mask = compare(io, constInt(Elem::I32, {n}, rng.range(0, n)));
    maskPart = ", " + mask.name;
    types += ", " + typeText(Elem::I1, {n});
  }
  // The old values depend on the block order; they are dropped on purpose.
  line(old + ", " + tok + " = atomic_rmw_tko relaxed device " + ptrs + ", " +
       mode + ", " + v.name + maskPart + tokenOperand() + " : " + types +
       " -> " + typeText(e, {n}) + ", token");
  noteToken(tok);
}

} // namespace tilecheck::gen
