//===- ArithSemantics.cpp - cuda_tile integer arith, cmpi and select ------===//
//
// Integer arithmetic is exact two's complement at the element width; the
// signedness attribute only decides how ordered ops read the bits. Every op
// has two paths:
//  - a typed loop over the storage (uint8_t..uint64_t) for i8..i64 without
//    overflow flags, which is the benchmark-relevant case; loops that can hit
//    undefined behaviour (shifts, division) record whether any element did
//    and fall back to the exact path to name it;
//  - an exact per-element path on 64-bit values checked with 128-bit
//    arithmetic, used for i1, for overflow flags and for diagnosis. It
//    reports a violated `overflow<...>` promise, a shift amount >= the bit
//    width, division by zero and signed MIN / -1 as undefined behaviour,
//    naming the operands and the element.
// The float ops of the same .td file live in FloatArithSemantics.cpp.
//
//===----------------------------------------------------------------------===//

#include "NumericUtil.h"

#include "llvm/ADT/Twine.h"

#include <type_traits>

using namespace mlir;
using namespace tilecheck::cuda_tile;

namespace tilecheck::oracle::cuda_tile_sem {

std::string elementName(const Tile &t, int64_t i) {
  std::string s = "element " + std::to_string(i);
  if (t.rank() > 1) {
    SmallVector<int64_t, 4> idx;
    t.unflatten(i, idx);
    s += " (index [";
    for (size_t d = 0; d < idx.size(); ++d)
      s += (d ? ", " : "") + std::to_string(idx[d]);
    s += "])";
  }
  return s;
}

namespace {

bool hasNSW(IntegerOverflow o) {
  return o == IntegerOverflow::NSW || o == IntegerOverflow::NW;
}
bool hasNUW(IntegerOverflow o) {
  return o == IntegerOverflow::NUW || o == IntegerOverflow::NW;
}

int64_t minSigned(unsigned w) {
  return w >= 64 ? INT64_MIN : -(1ll << (w - 1));
}
int64_t maxSigned(unsigned w) {
  return w >= 64 ? INT64_MAX : (1ll << (w - 1)) - 1;
}
uint64_t maxUnsigned(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

bool fitsSigned(__int128 v, unsigned w) {
  return v >= minSigned(w) && v <= maxSigned(w);
}
bool fitsUnsigned(unsigned __int128 v, unsigned w) {
  return v <= maxUnsigned(w);
}

/// Sign-extends the low w bits of v.
int64_t sext(uint64_t v, unsigned w) {
  return w >= 64 ? static_cast<int64_t>(v)
                 : static_cast<int64_t>(v << (64 - w)) >> (64 - w);
}

/// Exact evaluation of one element. Returns false and sets `why` when the
/// element has undefined behaviour.
bool evalIntExact(const IntSpec &spec, unsigned w, uint64_t ua, uint64_t ub,
                  uint64_t &out, std::string &why) {
  int64_t sa = sext(ua, w), sb = sext(ub, w);
  auto vals = [&](const char *sep) {
    return std::to_string(sa) + sep + std::to_string(sb);
  };
  switch (spec.op) {
  case IntOp::Add:
    if (hasNSW(spec.overflow) && !fitsSigned(__int128(sa) + sb, w)) {
      why = "addi overflow<no_signed_wrap> violated: " + vals(" + ");
      return false;
    }
    if (hasNUW(spec.overflow) && !fitsUnsigned((unsigned __int128)ua + ub, w)) {
      why = "addi overflow<no_unsigned_wrap> violated: " + std::to_string(ua) +
            " + " + std::to_string(ub) + " (unsigned)";
      return false;
    }
    out = ua + ub;
    return true;
  case IntOp::Sub:
    if (hasNSW(spec.overflow) && !fitsSigned(__int128(sa) - sb, w)) {
      why = "subi overflow<no_signed_wrap> violated: " + vals(" - ");
      return false;
    }
    if (hasNUW(spec.overflow) && ua < ub) {
      why = "subi overflow<no_unsigned_wrap> violated: " + std::to_string(ua) +
            " - " + std::to_string(ub) + " (unsigned)";
      return false;
    }
    out = ua - ub;
    return true;
  case IntOp::Mul:
    if (hasNSW(spec.overflow) && !fitsSigned(__int128(sa) * sb, w)) {
      why = "muli overflow<no_signed_wrap> violated: " + vals(" * ");
      return false;
    }
    if (hasNUW(spec.overflow) && !fitsUnsigned((unsigned __int128)ua * ub, w)) {
      why = "muli overflow<no_unsigned_wrap> violated: " + std::to_string(ua) +
            " * " + std::to_string(ub) + " (unsigned)";
      return false;
    }
    out = ua * ub;
    return true;
  case IntOp::Shl: {
    if (ub >= w) {
      why = "shli by " + std::to_string(ub) + " >= bit width " +
            std::to_string(w);
      return false;
    }
    uint64_t r = ua << ub;
    // nsw: the bits shifted out agree with the result's sign bit, i.e.
    // shifting back arithmetically restores the value.
    if (hasNSW(spec.overflow) && (sext(r, w) >> ub) != sa) {
      why = "shli overflow<no_signed_wrap> violated: " + vals(" << ");
      return false;
    }
    if (hasNUW(spec.overflow) && ((r & maxUnsigned(w)) >> ub) != ua) {
      why = "shli overflow<no_unsigned_wrap> violated: " + std::to_string(ua) +
            " << " + std::to_string(ub) + " (unsigned)";
      return false;
    }
    out = r;
    return true;
  }
  case IntOp::MulHi:
    out = static_cast<uint64_t>(((unsigned __int128)ua * ub) >> w);
    return true;
  case IntOp::And:
    out = ua & ub;
    return true;
  case IntOp::Or:
    out = ua | ub;
    return true;
  case IntOp::Xor:
    out = ua ^ ub;
    return true;
  case IntOp::ShrS:
  case IntOp::ShrU:
    if (ub >= w) {
      why = "shri by " + std::to_string(ub) + " >= bit width " +
            std::to_string(w);
      return false;
    }
    out = spec.op == IntOp::ShrS ? static_cast<uint64_t>(sa >> ub) : ua >> ub;
    return true;
  case IntOp::MaxS:
    out = sa >= sb ? ua : ub;
    return true;
  case IntOp::MinS:
    out = sa <= sb ? ua : ub;
    return true;
  case IntOp::MaxU:
    out = ua >= ub ? ua : ub;
    return true;
  case IntOp::MinU:
    out = ua <= ub ? ua : ub;
    return true;
  case IntOp::Div:
  case IntOp::Rem: {
    const char *name = spec.op == IntOp::Div ? "divi" : "remi";
    if (ub == 0) {
      why = std::string(name) + " by zero: " +
            (spec.isSigned ? std::to_string(sa) : std::to_string(ua)) + " / 0";
      return false;
    }
    if (!spec.isSigned) {
      uint64_t q = ua / ub, r = ua % ub;
      if (spec.op == IntOp::Rem)
        out = r;
      else
        out = q + (spec.rounding == RoundingMode::POSITIVE_INF && r != 0);
      return true;
    }
    // Signed MIN / -1 overflows the quotient. The remainder is
    // mathematically 0 and the spec names only division by zero as
    // undefined for remi, so remi gives 0 there.
    if (sa == minSigned(w) && sb == -1) {
      if (spec.op == IntOp::Rem) {
        out = 0;
        return true;
      }
      why = "divi overflow: " + vals(" / ") + " (signed)";
      return false;
    }
    int64_t q = sa / sb, r = sa % sb; // C++ truncates toward zero
    if (spec.op == IntOp::Rem) {
      out = static_cast<uint64_t>(r);
      return true;
    }
    if (r != 0) {
      bool negative = (r < 0) != (sb < 0); // true quotient is negative
      if (spec.rounding == RoundingMode::POSITIVE_INF && !negative)
        ++q;
      else if (spec.rounding == RoundingMode::NEGATIVE_INF && negative)
        --q;
    }
    out = static_cast<uint64_t>(q);
    return true;
  }
  }
  llvm_unreachable("bad IntOp");
}

/// Typed loop without flags. Returns false when an element needs the
/// exact path (UB somewhere, to be located and reported there).
template <typename U>
bool fastIntBinary(const IntSpec &spec, const Tile &a, const Tile &b, Tile &r) {
  using S = std::make_signed_t<U>;
  // Promote 8/16-bit operands to 32 bits unsigned so that products do not
  // overflow `int` (undefined in C++); results wrap when stored back.
  using W = std::conditional_t<(sizeof(U) < 4), uint32_t, U>;
  constexpr unsigned w = sizeof(U) * 8;
  const uint8_t *pa = a.data(), *pb = b.data();
  uint8_t *pr = r.data();
  int64_t n = r.size();
  auto loop = [&](auto f) {
    for (int64_t i = 0; i < n; ++i)
      storeAt<U>(pr, i, static_cast<U>(f(loadAt<U>(pa, i), loadAt<U>(pb, i))));
  };
  bool ok = true;
  switch (spec.op) {
  case IntOp::Add:
    loop([](U x, U y) { return W(x) + W(y); });
    return true;
  case IntOp::Sub:
    loop([](U x, U y) { return W(x) - W(y); });
    return true;
  case IntOp::Mul:
    loop([](U x, U y) { return W(x) * W(y); });
    return true;
  case IntOp::And:
    loop([](U x, U y) { return x & y; });
    return true;
  case IntOp::Or:
    loop([](U x, U y) { return x | y; });
    return true;
  case IntOp::Xor:
    loop([](U x, U y) { return x ^ y; });
    return true;
  case IntOp::MaxS:
    loop([](U x, U y) { return S(x) >= S(y) ? x : y; });
    return true;
  case IntOp::MinS:
    loop([](U x, U y) { return S(x) <= S(y) ? x : y; });
    return true;
  case IntOp::MaxU:
    loop([](U x, U y) { return x >= y ? x : y; });
    return true;
  case IntOp::MinU:
    loop([](U x, U y) { return x <= y ? x : y; });
    return true;
  case IntOp::MulHi:
    if constexpr (sizeof(U) == 8)
      loop([](U x, U y) { return U(((unsigned __int128)x * y) >> 64); });
    else
      loop([](U x, U y) { return U((uint64_t(x) * y) >> w); });
    return true;
  case IntOp::Shl:
    loop([&](U x, U y) {
      ok &= y < w;
      return W(x) << (y & (w - 1));
    });
    return ok;
  case IntOp::ShrS:
    loop([&](U x, U y) {
      ok &= y < w;
      return U(S(x) >> (y & (w - 1)));
    });
    return ok;
  case IntOp::ShrU:
    loop([&](U x, U y) {
      ok &= y < w;
      return x >> (y & (w - 1));
    });
    return ok;
  case IntOp::Div:
  case IntOp::Rem:
    // Division is not vectorizable anyway; the exact path costs about the
    // same and checks every element.
    return false;
  }
  return false;
}

} // namespace

LogicalResult intBinary(ExecContext &ctx, Operation *op, const IntSpec &spec,
                        Value lhs, Value rhs, Value result) {
  const Tile &a = ctx.getTile(lhs);
  const Tile &b = ctx.getTile(rhs);
  Tile r = makeTile(result.getType());
  if (spec.overflow == IntegerOverflow::NONE) {
    bool done = false;
    dispatchIntStorage(r.elemType(), [&](auto tag) {
      done = fastIntBinary<decltype(tag)>(spec, a, b, r);
    });
    if (done)
      return setResultTile(ctx, result, std::move(r));
  }
  unsigned w = bitWidth(r.elemType());
  std::string why;
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    uint64_t out;
    if (!evalIntExact(spec, w, a.getUInt(i), b.getUInt(i), out, why))
      return ctx.ub(op, why + " at " + elementName(r, i));
    r.setInt(i, out);
  }
  return setResultTile(ctx, result, std::move(r));
}

namespace {

template <typename OpT, IntOp K>
LogicalResult overflowBinSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  IntSpec spec{K, op.getOverflow()};
  return intBinary(ctx, op, spec, op.getLhs(), op.getRhs(), op.getResult());
}

template <typename OpT, IntOp K>
LogicalResult bitwiseSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  return intBinary(ctx, op, IntSpec{K}, op.getLhs(), op.getRhs(),
                   op.getResult());
}

template <typename OpT, IntOp SignedK, IntOp UnsignedK>
LogicalResult signedBinSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  bool isSigned = op.getSignedness() == Signedness::Signed;
  IntSpec spec{isSigned ? SignedK : UnsignedK};
  spec.isSigned = isSigned;
  return intBinary(ctx, op, spec, op.getLhs(), op.getRhs(), op.getResult());
}

template <class Ops>
LogicalResult mulhiSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::MulhiIOp>(operation);
  return intBinary(ctx, op, IntSpec{IntOp::MulHi}, op.getX(), op.getY(),
                   op.getResult());
}

template <class Ops>
LogicalResult diviSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::DivIOp>(operation);
  IntSpec spec{IntOp::Div};
  spec.isSigned = op.getSignedness() == Signedness::Signed;
  spec.rounding = op.getRounding();
  return intBinary(ctx, op, spec, op.getLhs(), op.getRhs(), op.getResult());
}

template <class Ops>
LogicalResult remiSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::RemIOp>(operation);
  IntSpec spec{IntOp::Rem};
  spec.isSigned = op.getSignedness() == Signedness::Signed;
  return intBinary(ctx, op, spec, op.getLhs(), op.getRhs(), op.getResult());
}

} // namespace

LogicalResult negateInt(ExecContext &ctx, Operation *op, Value src,
                        Value result, bool nsw) {
  const Tile &a = ctx.getTile(src);
  Tile r = makeTile(result.getType());
  unsigned w = bitWidth(r.elemType());
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    int64_t v = a.getSInt(i);
    if (nsw && v == minSigned(w))
      return ctx.ub(op, "negi overflow<no_signed_wrap> violated: -(" +
                            std::to_string(v) + ") at " + elementName(r, i));
    r.setInt(i, 0 - static_cast<uint64_t>(v));
  }
  return setResultTile(ctx, result, std::move(r));
}

namespace {

template <class Ops>
LogicalResult negiSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::NegIOp>(operation);
  return negateInt(ctx, op, op.getSource(), op.getResult(),
                   hasNSW(op.getOverflow()));
}

} // namespace

LogicalResult absInt(ExecContext &ctx, Value src, Value result) {
  const Tile &a = ctx.getTile(src);
  Tile r = makeTile(result.getType());
  // MIN maps to itself: |MIN| wraps back to MIN at the element width.
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    int64_t v = a.getSInt(i);
    r.setInt(i, v < 0 ? 0 - static_cast<uint64_t>(v) : uint64_t(v));
  }
  return setResultTile(ctx, result, std::move(r));
}

namespace {

template <class Ops>
LogicalResult absiSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::AbsIOp>(operation);
  return absInt(ctx, op.getSource(), op.getResult());
}

template <typename T>
void cmpLoop(ComparisonPredicate p, const Tile &a, const Tile &b, Tile &r) {
  const uint8_t *pa = a.data(), *pb = b.data();
  uint8_t *pr = r.data();
  int64_t n = r.size();
  // One loop per predicate keeps the body branch-free.
  auto loop = [&](auto f) {
    for (int64_t i = 0; i < n; ++i)
      pr[i] = f(loadAt<T>(pa, i), loadAt<T>(pb, i));
  };
  switch (p) {
  case ComparisonPredicate::EQUAL:
    loop([](T x, T y) { return x == y; });
    break;
  case ComparisonPredicate::NOT_EQUAL:
    loop([](T x, T y) { return x != y; });
    break;
  case ComparisonPredicate::LESS_THAN:
    loop([](T x, T y) { return x < y; });
    break;
  case ComparisonPredicate::LESS_THAN_OR_EQUAL:
    loop([](T x, T y) { return x <= y; });
    break;
  case ComparisonPredicate::GREATER_THAN:
    loop([](T x, T y) { return x > y; });
    break;
  case ComparisonPredicate::GREATER_THAN_OR_EQUAL:
    loop([](T x, T y) { return x >= y; });
    break;
  }
}

} // namespace

LogicalResult compareInt(ExecContext &ctx, Value lhs, Value rhs, Value result,
                         ComparisonPredicate p, bool isSigned) {
  const Tile &a = ctx.getTile(lhs);
  const Tile &b = ctx.getTile(rhs);
  Tile r = makeTile(result.getType());
  bool done = dispatchIntStorage(a.elemType(), [&](auto tag) {
    using U = decltype(tag);
    if (isSigned)
      cmpLoop<std::make_signed_t<U>>(p, a, b, r);
    else
      cmpLoop<U>(p, a, b, r);
  });
  if (!done) {
    // i1: signed reads 0/-1, unsigned 0/1 (getSInt/getUInt do that).
    for (int64_t i = 0, n = r.size(); i < n; ++i)
      r.setInt(i, isSigned ? applyPredicate(p, a.getSInt(i), b.getSInt(i))
                           : applyPredicate(p, a.getUInt(i), b.getUInt(i)));
  }
  return setResultTile(ctx, result, std::move(r));
}

namespace {

template <class Ops>
LogicalResult cmpiSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::CmpIOp>(operation);
  return compareInt(ctx, op.getLhs(), op.getRhs(), op.getResult(),
                    op.getComparisonPredicate(),
                    op.getSignedness() == Signedness::Signed);
}

} // namespace

LogicalResult selectElements(ExecContext &ctx, Value cond, Value ifTrue,
                             Value ifFalse, Value result) {
  const Tile &c = ctx.getTile(cond);
  const Tile &t = ctx.getTile(ifTrue);
  const Tile &f = ctx.getTile(ifFalse);
  // A scalar condition (arith.select on tensors) picks a whole operand.
  if (c.rank() == 0 && c.size() == 1 && t.rank() != 0) {
    ctx.set(result, ctx.get(c.getBool(0) ? ifTrue : ifFalse));
    return success();
  }
  Tile r = makeTile(result.getType());
  unsigned eb = r.elemBytes();
  const uint8_t *pc = c.data();
  auto loop = [&](auto tag) {
    using T = decltype(tag);
    for (int64_t i = 0, n = r.size(); i < n; ++i)
      storeAt<T>(r.data(), i,
                 pc[i] ? loadAt<T>(t.data(), i) : loadAt<T>(f.data(), i));
  };
  if (!dispatchUnsignedOfSize(eb, loop))
    for (int64_t i = 0, n = r.size(); i < n; ++i)
      std::memcpy(r.at(i), pc[i] ? t.at(i) : f.at(i), eb);
  return setResultTile(ctx, result, std::move(r));
}

namespace {

template <class Ops>
LogicalResult selectSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::SelectOp>(operation);
  return selectElements(ctx, op.getCond(), op.getValIfTrue(),
                        op.getValIfFalse(), op.getResult());
}

} // namespace

template <class Ops> void registerArithFor(SemanticsRegistry &r) {
  add<typename Ops::AddIOp>(r,
                            overflowBinSem<typename Ops::AddIOp, IntOp::Add>);
  add<typename Ops::SubIOp>(r,
                            overflowBinSem<typename Ops::SubIOp, IntOp::Sub>);
  add<typename Ops::MulIOp>(r,
                            overflowBinSem<typename Ops::MulIOp, IntOp::Mul>);
  add<typename Ops::ShLIOp>(r,
                            overflowBinSem<typename Ops::ShLIOp, IntOp::Shl>);
  add<typename Ops::MulhiIOp>(r, mulhiSem<Ops>);
  add<typename Ops::AndIOp>(r, bitwiseSem<typename Ops::AndIOp, IntOp::And>);
  add<typename Ops::OrIOp>(r, bitwiseSem<typename Ops::OrIOp, IntOp::Or>);
  add<typename Ops::XOrIOp>(r, bitwiseSem<typename Ops::XOrIOp, IntOp::Xor>);
  add<typename Ops::ShRIOp>(
      r, signedBinSem<typename Ops::ShRIOp, IntOp::ShrS, IntOp::ShrU>);
  add<typename Ops::MaxIOp>(
      r, signedBinSem<typename Ops::MaxIOp, IntOp::MaxS, IntOp::MaxU>);
  add<typename Ops::MinIOp>(
      r, signedBinSem<typename Ops::MinIOp, IntOp::MinS, IntOp::MinU>);
  add<typename Ops::DivIOp>(r, diviSem<Ops>);
  add<typename Ops::RemIOp>(r, remiSem<Ops>);
  add<typename Ops::NegIOp>(r, negiSem<Ops>);
  add<typename Ops::AbsIOp>(r, absiSem<Ops>);
  add<typename Ops::CmpIOp>(r, cmpiSem<Ops>);
  add<typename Ops::SelectOp>(r, selectSem<Ops>);
}

TILECHECK_INSTANTIATE_FOR_MIRRORS(registerArithFor)

} // namespace tilecheck::oracle::cuda_tile_sem
