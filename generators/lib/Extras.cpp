//===- Extras.cpp - Less common ops: queries, asserts, casts, memory ------===//
//
// Statements that exist for op coverage more than for data flow: shape
// queries of views, asserts of facts the range analysis proved (so a run
// that trips one points at the generator's ranges or at the interpreter),
// pack/unpack and pointer-cast round trips, a private alloca written then
// read back in token order, compare-and-swap on the block's own slice,
// view-based atomic reductions with commutative integer ops, module
// globals read through get_global, and print_tko. Address-dependent values
// (ptr_to_int results) never enter the value pool, so no output depends on
// where a buffer happens to live.
//
//===----------------------------------------------------------------------===//

#include "KernelGen.h"

#include <cmath>

using namespace llvm;

namespace tilecheck::gen {

namespace {
std::string ptrTy(Elem e, const Shape &s) {
  std::string p = std::string("ptr<") + elemName(e) + ">";
  return s.empty() ? "tile<" + p + ">" : "tile<" + shapeText(s) + "x" + p + ">";
}
} // namespace

/// A tile of `n` pointers: `base` + offsets (an i32 tile of shape [n]).
static std::string pointersAt(KernelGen &g, const std::string &base, Elem e,
                              const Val &offsets) {
  int64_t n = offsets.shape[0];
  std::string p1 = g.fresh("ptr"), pb = g.fresh("ptr"), ps = g.fresh("ptr");
  g.line(p1 + " = reshape " + base + " : " + ptrTy(e, {}) + " -> " +
         ptrTy(e, {1}));
  g.line(pb + " = broadcast " + p1 + " : " + ptrTy(e, {1}) + " -> " +
         ptrTy(e, {n}));
  g.line(ps + " = offset " + pb + ", " + offsets.name + " : " + ptrTy(e, {n}) +
         ", " + typeText(Elem::I32, {n}) + " -> " + ptrTy(e, {n}));
  return ps;
}

void KernelGen::stmtMisc(unsigned depth) {
  bool top = depth == 0;
  switch (rng.below(9)) {
  case 0: { // assert a proven range fact about an integer value
    const Val *f = findAny(true, false);
    if (!f || f->elem == Elem::I1)
      return;
    Val v = *f;
    bool upper = rng.chance(0.5);
    Val bound = constInt(v.elem, v.shape, upper ? v.hi : v.lo);
    Val p;
    p.name = fresh("p");
    p.elem = Elem::I1;
    p.shape = v.shape;
    line(p.name + " = cmpi " +
         (upper ? "less_than_or_equal " : "greater_than_or_equal ") + v.name +
         ", " + bound.name + ", signed : " + typeText(v.elem, v.shape) +
         " -> " + typeText(Elem::I1, v.shape));
    define(p);
    line("assert " + p.name + ", \"generator range of " + v.name.substr(1) +
         "\" : " + typeText(Elem::I1, v.shape));
    return;
  }
  case 1: { // pack to bytes and unpack back (a bit-exact round trip)
    const Val *f = findAny(true, true);
    // pack needs a change of width (i8 -> i8 is invalid).
    if (!f || f->shape.empty() || f->elem == Elem::I8 ||
        (isFloatElem(f->elem) && f->scale < 0))
      return;
    Val v = *f;
    int64_t n = numElements(v.shape);
    int64_t bytes = n * bitWidth(v.elem) / 8;
    Val flat = reshape(v, {n});
    Val packed = flat;
    packed.name = fresh("pk");
    packed.elem = Elem::I8;
    packed.shape = {bytes};
    packed.lo = minOf(Elem::I8);
    packed.hi = maxOf(Elem::I8);
    packed.scale = -1;
    line(packed.name + " = pack " + flat.name + " : " + typeText(v.elem, {n}) +
         " -> " + typeText(Elem::I8, {bytes}));
    define(packed);
    Val back = flat;
    back.name = fresh("upk");
    line(back.name + " = unpack " + packed.name + " : " +
         typeText(Elem::I8, {bytes}) + " -> " + typeText(v.elem, {n}));
    define(back);
    return;
  }
  case 2: { // private alloca: store, then load in token order
    if (!top)
      return;
    Elem e = pickElem(true, true);
    if (e == Elem::I1)
      return;
    int64_t n = int64_t(1) << rng.below(6);
    Val v = operand(e, {n});
    std::string base = fresh("scratch");
    line(base + " = alloca num_elem = " + std::to_string(n) +
         ", alignment = 16 : " + ptrTy(e, {}));
    Val io = iota(Elem::I32, n);
    std::string ptrs = pointersAt(*this, base, e, io);
    std::string st = fresh("t");
    line(st + " = store_ptr_tko weak " + ptrs + ", " + v.name + " : " +
         ptrTy(e, {n}) + ", " + typeText(e, {n}) + " -> token");
    Val r = v;
    r.name = fresh("ld");
    std::string lt = fresh("t");
    line(r.name + ", " + lt + " = load_ptr_tko weak " + ptrs + " token = " +
         st + " : " + ptrTy(e, {n}) + " -> " + typeText(e, {n}) + ", token");
    define(r);
    return;
  }
  case 3: { // pointer casts: ptr -> i64 -> ptr and ptr<T> -> ptr<i8> -> ptr<T>
    Elem e = pickElem(true, true);
    if (e == Elem::I1)
      return;
    int64_t n = int64_t(1) << rng.below(5);
    int64_t blocks = grid[0] * grid[1];
    double hi = isIntElem(e) ? 50 : 8;
    std::string buf = addBuffer(e, {blocks * n}, true, nullptr,
                                isIntElem(e) ? -hi : -hi, hi, 0);
    std::string asInt = fresh("addr"), back = fresh("ptr");
    line(asInt + " = ptr_to_int " + buf + " : " + ptrTy(e, {}) +
         " -> tile<i64>");
    line(back + " = int_to_ptr " + asInt + " : tile<i64> -> " + ptrTy(e, {}));
    std::string bytes = fresh("ptr"), typed = fresh("ptr");
    line(bytes + " = ptr_to_ptr " + back + " : " + ptrTy(e, {}) + " -> " +
         ptrTy(Elem::I8, {}));
    line(typed + " = ptr_to_ptr " + bytes + " : " + ptrTy(Elem::I8, {}) +
         " -> " + ptrTy(e, {}));
    Val io = iota(Elem::I32, n);
    Val lin = scalarLinearBlock();
    Val nv = constInt(Elem::I32, {}, n);
    Val base = intBinary(2, lin, nv);
    Val off = intBinary(0, broadcastTo(reshape(base, {1}), {n}), io);
    std::string ptrs = pointersAt(*this, typed, e, off);
    Val r;
    r.name = fresh("ld");
    r.elem = e;
    r.shape = {n};
    r.lo = static_cast<int64_t>(-hi);
    r.hi = static_cast<int64_t>(hi);
    r.flo = -hi;
    r.fhi = hi;
    r.scale = isFloatElem(e) ? 0 : -1;
    std::string t = fresh("t");
    line(r.name + ", " + t + " = load_ptr_tko weak " + ptrs + " : " +
         ptrTy(e, {n}) + " -> " + typeText(e, {n}) + ", token");
    define(r);
    return;
  }
  case 4: { // compare-and-swap on this block's own slice (no contention)
    if (!top)
      return;
    Elem e = rng.chance(0.7) ? Elem::I32 : Elem::I64;
    int64_t n = int64_t(1) << rng.below(5);
    int64_t blocks = grid[0] * grid[1];
    Val v = operand(e, {n});
    std::string buf = addBuffer(e, {blocks * n}, false, nullptr, 0, 0, -1);
    Val lin = scalarLinearBlock();
    Val base = intBinary(2, lin, constInt(Elem::I32, {}, n));
    Val off =
        intBinary(0, broadcastTo(reshape(base, {1}), {n}), iota(Elem::I32, n));
    std::string ptrs = pointersAt(*this, buf, e, off);
    Val zero = constInt(e, {n}, 0);
    Val old = zero;
    old.name = fresh("old");
    std::string t = fresh("t");
    // The slot starts at zero, so the swap happens and `old` is zero.
    line(old.name + ", " + t + " = atomic_cas_tko relaxed device " + ptrs +
         ", " + zero.name + ", " + v.name + " : " + ptrTy(e, {n}) + ", " +
         typeText(e, {n}) + " -> " + typeText(e, {n}) + ", token");
    define(old);
    return;
  }
  case 5: { // view-based atomic reduction into one shared partition
    Elem e = rng.chance(0.7) ? Elem::I32 : Elem::I64;
    Shape s = {int64_t(1) << rng.below(3), int64_t(1) << rng.below(4)};
    Val v = operand(e, s);
    std::string buf = addBuffer(e, s, false, nullptr, 0, 0, -1);
    std::string tvT = "tensor_view<" + shapeText(s) + "x" + elemName(e) +
                      ", strides=[" + std::to_string(s[1]) + ",1]>";
    std::string tv = fresh("tv"), pv = fresh("pv");
    line(tv + " = make_tensor_view " + buf + ", shape = [" +
         std::to_string(s[0]) + ", " + std::to_string(s[1]) + "], strides = [" +
         std::to_string(s[1]) + ", 1] : " + tvT);
    std::string pvT =
        "partition_view<tile=(" + shapeText(s) + "), " + tvT + ">";
    line(pv + " = make_partition_view " + tv + " : " + pvT);
    Val c0 = constInt(Elem::I32, {}, 0);
    static const char *modes[] = {"add", "and", "or",   "xor",
                                  "max", "min", "umax", "umin"};
    std::string t = fresh("t");
    line(t + " = atomic_red_view_tko relaxed device " + pv + "[" + c0.name +
         ", " + c0.name + "], " + modes[rng.below(8)] + ", " + v.name + " : " +
         typeText(e, s) + ", " + pvT + ", tile<i32> -> token");
    return;
  }
  case 6: { // a constant module global read through get_global
    Elem e = pickElem(true, true);
    if (e == Elem::I1)
      return;
    int64_t n = int64_t(1) << rng.below(4);
    std::string gname = "@g" + std::to_string(globalCount++);
    std::string values;
    Val r;
    r.elem = e;
    r.shape = {n};
    r.lo = INT64_MAX;
    r.hi = INT64_MIN;
    r.flo = INFINITY;
    r.fhi = -INFINITY;
    r.scale = isFloatElem(e) ? 1 : -1;
    for (int64_t i = 0; i < n; ++i) {
      int64_t k = pickSmallInt(20);
      double v = isFloatElem(e) ? k / 2.0 : static_cast<double>(k);
      char buf[32];
      std::snprintf(buf, sizeof(buf), isFloatElem(e) ? "%.1f" : "%.0f", v);
      values += (i ? ", " : "") + std::string(buf);
      r.lo = std::min(r.lo, k);
      r.hi = std::max(r.hi, k);
      r.flo = std::min(r.flo, v);
      r.fhi = std::max(r.fhi, v);
    }
    globals += "  global private constant " + gname + " <" + elemName(e) +
               ": [" + values + "]> : " + typeText(e, {n}) + "\n";
    std::string p = fresh("gp");
    line(p + " = get_global " + gname + " : " + ptrTy(e, {}));
    Val io = iota(Elem::I32, n);
    std::string ptrs = pointersAt(*this, p, e, io);
    r.name = fresh("ld");
    std::string t = fresh("t");
    line(r.name + ", " + t + " = load_ptr_tko weak " + ptrs + " : " +
         ptrTy(e, {n}) + " -> " + typeText(e, {n}) + ", token");
    define(r);
    return;
  }
  case 7: { // print a scalar index (stdout only; outputs unaffected)
    if (!rng.chance(0.3))
      return;
    Val s = scalarIndex();
    std::string t = fresh("t");
    line(t + " = print_tko \"gen %d\\n\", " + s.name + " : tile<i32> -> token");
    return;
  }
  default: { // shape queries of a fresh view
    Elem e = pickElem(true, true);
    Shape s = {int64_t(1) << rng.below(4), int64_t(1) << rng.below(4)};
    int64_t parts = grid[0];
    int64_t rows =
        (parts - 1) * s[0] + 1 + static_cast<int64_t>(rng.below(s[0]));
    std::string buf = addBuffer(e == Elem::I1 ? Elem::I8 : e,
                                {parts * s[0], s[1]}, false, nullptr, 0, 0, -1);
    e = e == Elem::I1 ? Elem::I8 : e;
    std::string n = addScalar(Elem::I32, rows, rows, parts * s[0]);
    std::string tvT = std::string("tensor_view<?x") + std::to_string(s[1]) +
                      "x" + elemName(e) + ", strides=[" + std::to_string(s[1]) +
                      ",1]>";
    std::string tv = fresh("tv"), pv = fresh("pv");
    line(tv + " = make_tensor_view " + buf + ", shape = [" + n + ", " +
         std::to_string(s[1]) + "], strides = [" + std::to_string(s[1]) +
         ", 1] : tile<i32> -> " + tvT);
    std::string pvT =
        "partition_view<tile=(" + shapeText(s) + "), " + tvT + ">";
    line(pv + " = make_partition_view " + tv + " : " + pvT);
    Val d0, d1, i0, i1;
    for (Val *v : {&d0, &d1, &i0, &i1}) {
      v->elem = Elem::I32;
      v->name = fresh("dim");
    }
    d0.lo = d0.hi = rows;
    d1.lo = d1.hi = s[1];
    i0.lo = i0.hi = (rows + s[0] - 1) / s[0];
    i1.lo = i1.hi = 1;
    line(d0.name + ", " + d1.name + " = get_tensor_shape " + tv + " : " + tvT +
         " -> tile<i32>");
    line(i0.name + ", " + i1.name + " = get_index_space_shape " + pv + " : " +
         pvT + " -> tile<i32>");
    for (Val *v : {&d0, &d1, &i0, &i1})
      define(*v);
    return;
  }
  }
}

Val KernelGen::scalarLinearBlock() {
  if (grid[1] == 1)
    return bx;
  Val gx = constInt(Elem::I32, {}, grid[0]);
  return intBinary(0, intBinary(2, by, gx), bx);
}

} // namespace tilecheck::gen
