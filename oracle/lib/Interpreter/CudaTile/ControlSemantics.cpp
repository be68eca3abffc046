//===- ControlSemantics.cpp - control flow, assert, assume, print_tko -----===//
//
// Region-owning ops run their body through ExecContext::execBlock and
// consume the signals that belong to them: `if` takes `yield`, `for` takes
// `continue`, `loop` takes `continue` and `break`. Any other signal (a
// `break` or `continue` inside an `if`, a `return` anywhere) is passed on to
// the enclosing op unchanged. These are cuda_tile's own; nv_tileaa and
// nv_tileas use upstream scf (Upstream/ScfSemantics.cpp) and share only
// `yield` (the reduce/scan combiner terminator) and the rest below.
//
// The rest of the control category (assert, assume, print_tko) sits in its
// own section at the end; its comment explains the choices.
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"

#include "../TokenOrder.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>

using namespace mlir;
using namespace tilecheck::cuda_tile;

namespace tilecheck::oracle::cuda_tile_sem {

namespace {

void setResults(ExecContext &ctx, Operation *op, ArrayRef<RtValue> values) {
  for (auto [res, v] : llvm::zip(op->getResults(), values))
    ctx.set(res, v);
}

template <class Ops>
LogicalResult ifSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::IfOp>(operation);
  bool cond = ctx.getTile(op.getCondition()).getBool(0);
  Region &region = cond ? op.getThenRegion() : op.getElseRegion();
  if (region.empty()) {
    if (op.getNumResults() != 0)
      return ctx.error(op, "no else region but the op has results");
    return success();
  }
  FailureOr<FlowSignal> sig = ctx.execBlock(region.front(), {});
  if (failed(sig))
    return failure();
  switch (sig->kind) {
  case FlowSignal::Kind::None:
  case FlowSignal::Kind::Yield:
    if (sig->values.size() != op.getNumResults())
      return ctx.error(op, "region yielded the wrong number of values");
    setResults(ctx, op, sig->values);
    return success();
  default:
    ctx.propagate(std::move(*sig));
    return success();
  }
}

template <class Ops>
LogicalResult forSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::ForOp>(operation);
  SmallVector<RtValue> iters = valuesOf(ctx, op.getInitValues());
  Block &body = op.getRegion().front();
  bool returned = false;
  LogicalResult ran = forEachIteration(
      ctx, op, iters, [&](ArrayRef<RtValue> args) -> FailureOr<bool> {
        FailureOr<FlowSignal> sig = ctx.execBlock(body, args);
        if (failed(sig))
          return failure();
        switch (sig->kind) {
        case FlowSignal::Kind::Continue:
        case FlowSignal::Kind::None:
          if (sig->values.size() != iters.size())
            return ctx.error(op,
                             "body continued with the wrong number of values");
          iters.assign(sig->values.begin(), sig->values.end());
          return true;
        case FlowSignal::Kind::Return:
          ctx.propagate(std::move(*sig));
          returned = true;
          return false;
        default:
          return ctx.error(op, "unexpected terminator inside a for body");
        }
      });
  if (failed(ran) || returned)
    return ran;
  setResults(ctx, op, iters);
  return success();
}

template <class Ops>
LogicalResult loopSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::LoopOp>(operation);
  SmallVector<RtValue> iters = valuesOf(ctx, op.getInitValues());
  Block &body = op.getRegion().front();
  while (true) {
    FailureOr<FlowSignal> sig = ctx.execBlock(body, iters);
    if (failed(sig))
      return failure();
    switch (sig->kind) {
    case FlowSignal::Kind::Continue:
      iters.assign(sig->values.begin(), sig->values.end());
      continue;
    case FlowSignal::Kind::Break:
      if (sig->values.size() != op.getNumResults())
        return ctx.error(op, "break with the wrong number of values");
      setResults(ctx, op, sig->values);
      return success();
    case FlowSignal::Kind::Return:
      ctx.propagate(std::move(*sig));
      return success();
    default:
      return ctx.error(op, "loop body ended without continue or break");
    }
  }
}

//===----------------------------------------------------------------------===//
// assert, assume, print_tko
//
// These three are not control flow but share the control category of the
// dialect. assert reports and carries on (on the GPU the failing block may
// keep running). assume checks its promise: the compiler is allowed to
// exploit it, so a program that breaks it has undefined behaviour and can
// never count as a miscompile. print_tko formats like C printf, one tile
// operand per conversion.
//===----------------------------------------------------------------------===//

/// One line per false element, then the run is marked as failed.
template <class Ops>
LogicalResult assertSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::AssertOp>(operation);
  const Tile &cond = ctx.getTile(op.getCondition());
  std::array<int64_t, 3> blk = ctx.getBlockId();
  llvm::raw_ostream &os = ctx.getInterpreter().assertStream();
  for (int64_t i = 0; i < cond.size(); ++i) {
    if (cond.getBool(i))
      continue;
    std::string index = formatIndex(cond, i);
    os << formatLocation(op) << ": assert failed: \"" << op.getMessage()
       << "\" at element " << index << " in tile block (" << blk[0] << ", "
       << blk[1] << ", " << blk[2] << ")\n";
    ctx.assertFailed(op, "\"" + op.getMessage() + "\" at element " + index);
  }
  return success();
}

/// Bytes of the pointee of a pointer tile's elements (for div_by's
/// "increasing by the pointee width" groups). Sub-byte pointees count as
/// their one-byte storage.
int64_t pointeeBytes(Type tileType) {
  std::optional<ElemType> e =
      elemTypeOf(pointeeTypeOf(tileElementType(tileType)));
  return e ? storageBytes(*e) : 1;
}

/// div_by<d[, every E along A]>: the first element of each group of E along
/// dimension A is a multiple of d, and the group's elements increase by
/// exactly 1 (integers, signed values) or by the pointee width (pointers,
/// unsigned addresses). Without every/along every element is a multiple.
template <class Ops>
LogicalResult checkDivBy(ExecContext &ctx, typename Ops::AssumeOp op,
                         DivByAttr pred, const Tile &t) {
  uint64_t divisor = pred.getDivisor();
  if (divisor == 0)
    return ctx.error(op, "div_by<0>");
  bool isPtr = t.elemType() == ElemType::Ptr;
  // Integers are judged by their signed value (-32 is a multiple of 32),
  // pointers by their unsigned address; 128-bit math keeps INT64_MIN exact.
  auto divisible = [&](int64_t i) {
    if (isPtr)
      return t.getUInt(i) % divisor == 0;
    __int128 v = t.getSInt(i);
    return v % static_cast<__int128>(divisor) == 0;
  };
  auto show = [&](int64_t i) {
    return isPtr ? ("0x" + llvm::utohexstr(t.getUInt(i), /*LowerCase=*/true))
                 : std::to_string(t.getSInt(i));
  };
  int64_t every = pred.getEvery().value_or(1);
  unsigned along = static_cast<unsigned>(pred.getAlong().value_or(0));
  if (every <= 1 || t.rank() == 0) {
    for (int64_t i = 0; i < t.size(); ++i)
      if (!divisible(i))
        return ctx.ub(op, "assumption div_by<" + Twine(divisor) +
                              "> violated: element " + formatIndex(t, i) +
                              " = " + show(i) + " is not a multiple of " +
                              Twine(divisor));
    return success();
  }
  if (along >= t.rank())
    return ctx.error(op, "div_by 'along' is out of range");
  int64_t step = isPtr ? pointeeBytes(op.getValue().getType()) : 1;
  int64_t alongStride = t.strides()[along];
  SmallVector<int64_t, 4> index(t.rank(), 0);
  for (int64_t i = 0; i < t.size(); ++i, nextIndex(index, t.shape())) {
    int64_t pos = index[along] % every;
    if (pos == 0) {
      if (!divisible(i))
        return ctx.ub(op, "assumption div_by<" + Twine(divisor) + ", every " +
                              Twine(every) + " along " + Twine(along) +
                              "> violated: group start " + formatIndex(t, i) +
                              " = " + show(i) + " is not a multiple of " +
                              Twine(divisor));
      continue;
    }
    // Exact arithmetic: a group that wraps around is a violation too.
    int64_t first = i - pos * alongStride;
    __int128 expected =
        isPtr ? static_cast<__int128>(t.getUInt(first)) + pos * step
              : static_cast<__int128>(t.getSInt(first)) + pos;
    __int128 actual = isPtr ? static_cast<__int128>(t.getUInt(i))
                            : static_cast<__int128>(t.getSInt(i));
    if (actual != expected)
      return ctx.ub(op, "assumption div_by<" + Twine(divisor) + ", every " +
                            Twine(every) + " along " + Twine(along) +
                            "> violated: element " + formatIndex(t, i) + " = " +
                            show(i) + " does not continue its group from " +
                            formatIndex(t, first) + " = " + show(first) +
                            " in steps of " + Twine(step));
  }
  return success();
}

/// same_elements<[c0, c1, ...]>: cutting dimension d into groups of c_d
/// (the last group may be short), all elements of a group are equal. Each
/// element is compared with its group's first element.
template <class Ops>
LogicalResult checkSameElements(ExecContext &ctx, typename Ops::AssumeOp op,
                                SameElementsAttr pred, const Tile &t) {
  ArrayRef<int64_t> groups = pred.getValues();
  if (groups.size() != t.rank())
    return ctx.error(op, "same_elements does not match the rank");
  SmallVector<int64_t, 4> index(t.rank(), 0), origin(t.rank());
  for (int64_t i = 0; i < t.size(); ++i, nextIndex(index, t.shape())) {
    for (unsigned d = 0; d < t.rank(); ++d)
      origin[d] = groups[d] > 1 ? index[d] - index[d] % groups[d] : index[d];
    int64_t first = t.flatten(origin);
    if (std::memcmp(t.at(i), t.at(first), t.elemBytes()) != 0)
      return ctx.ub(op, "assumption same_elements violated: element " +
                            formatIndex(t, i) + " = " +
                            formatElement(t.elemType(), t.at(i)) +
                            " differs from " + formatIndex(t, first) + " = " +
                            formatElement(t.elemType(), t.at(first)));
  }
  return success();
}

/// bounded<lb, ub>: lb <= element <= ub for the signed values; '?' sides
/// are open.
template <class Ops>
LogicalResult checkBounded(ExecContext &ctx, typename Ops::AssumeOp op,
                           BoundedAttr pred, const Tile &t) {
  std::optional<int64_t> lb = pred.getLb(), ub = pred.getUb();
  for (int64_t i = 0; i < t.size(); ++i) {
    int64_t v = t.getSInt(i);
    if ((lb && v < *lb) || (ub && v > *ub))
      return ctx.ub(op, "assumption bounded<" + (lb ? Twine(*lb) : Twine("?")) +
                            ", " + (ub ? Twine(*ub) : Twine("?")) +
                            "> violated: element " + formatIndex(t, i) + " = " +
                            Twine(v));
  }
  return success();
}

template <class Ops>
LogicalResult assumeSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::AssumeOp>(operation);
  const RtValue &value = ctx.get(op.getValue());
  Attribute pred = op.getPredicate();
  if (value.kind() == RtValue::Kind::TensorView) {
    // div_by on a tensor_view promises the base address.
    auto divBy = dyn_cast<DivByAttr>(pred);
    if (!divBy)
      return ctx.error(op, "only div_by applies to a tensor_view");
    uint64_t base = value.getTensorView().base;
    if (divBy.getDivisor() == 0 || base % divBy.getDivisor() != 0)
      return ctx.ub(op, "assumption div_by<" + Twine(divBy.getDivisor()) +
                            "> violated: tensor_view base address 0x" +
                            llvm::utohexstr(base, /*LowerCase=*/true) +
                            " is not a multiple of " +
                            Twine(divBy.getDivisor()));
  } else if (value.isTile()) {
    const Tile &t = value.getTile();
    if (isFloat(t.elemType()))
      return ctx.error(op, "assume predicates apply to integers and "
                           "pointers only");
    LogicalResult ok = success();
    if (auto divBy = dyn_cast<DivByAttr>(pred))
      ok = checkDivBy<Ops>(ctx, op, divBy, t);
    else if (auto same = dyn_cast<SameElementsAttr>(pred))
      ok = checkSameElements<Ops>(ctx, op, same, t);
    else if (auto bounded = dyn_cast<BoundedAttr>(pred))
      ok = checkBounded<Ops>(ctx, op, bounded, t);
    else
      return ctx.error(op, "unknown assume predicate");
    if (failed(ok))
      return failure();
  } else {
    return ctx.error(op, "assume on a value that is neither a tile nor a "
                         "tensor_view");
  }
  ctx.set(op.getResult(), value);
  return success();
}

/// One printf conversion of print_tko: "%[flags][width][.precision]
/// [length]conv". The length modifier is dropped: the oracle passes every
/// integer as 64 bits and every float as double, as C's default argument
/// promotions do for narrower types.
struct Conversion {
  std::string flagsWidthPrecision;
  char conv = 0;
};

/// Formats one element with `c`. Integers print their value (i1 as 0/1),
/// signed for d/i and as the element-width unsigned value for u/o/x/X/c;
/// pointers print their address (p as 0x...). A conversion that does not
/// fit the element type makes the output undefined per the spec; the oracle
/// reports that as undefined behaviour since no reference text exists.
FailureOr<std::string> formatConversion(ExecContext &ctx, Operation *op,
                                        const Conversion &c, const Tile &t,
                                        int64_t i) {
  ElemType type = t.elemType();
  bool isFloatConv = llvm::StringRef("fFeEgGaA").contains(c.conv);
  bool isIntConv = llvm::StringRef("diuoxXc").contains(c.conv);
  std::string fmt = "%" + c.flagsWidthPrecision;
  char buf[512];
  int n;
  if (isFloat(type)) {
    if (!isFloatConv)
      return ctx.ub(op, Twine("conversion %") + Twine(c.conv) +
                            " does not apply to a " + name(type) +
                            " tile (undefined output)");
    fmt += c.conv;
    n = std::snprintf(buf, sizeof(buf), fmt.c_str(), floatAsDouble(t, i));
  } else if (c.conv == 'p' && type == ElemType::Ptr) {
    n = std::snprintf(buf, sizeof(buf), "0x%llx",
                      static_cast<unsigned long long>(t.getUInt(i)));
  } else if (isIntConv) {
    bool isSigned = (c.conv == 'd' || c.conv == 'i') && type != ElemType::I1 &&
                    type != ElemType::Ptr;
    if (c.conv == 'c') {
      fmt += 'c';
      n = std::snprintf(buf, sizeof(buf), fmt.c_str(),
                        static_cast<int>(t.getUInt(i) & 0xff));
    } else {
      fmt += "ll";
      fmt += c.conv;
      if (isSigned)
        n = std::snprintf(buf, sizeof(buf), fmt.c_str(),
                          static_cast<long long>(t.getSInt(i)));
      else
        n = std::snprintf(buf, sizeof(buf), fmt.c_str(),
                          static_cast<unsigned long long>(t.getUInt(i)));
    }
  } else {
    return ctx.ub(op, Twine("conversion %") + Twine(c.conv) +
                          " does not apply to a " + name(type) +
                          " tile (undefined output)");
  }
  if (n < 0 || n >= static_cast<int>(sizeof(buf)))
    return ctx.error(op, "formatted element is too long");
  return std::string(buf, n);
}

/// A tile prints whole: a scalar as its element, otherwise nested brackets
/// per dimension with ", " between elements, e.g. "[[1, 2], [3, 4]]" (the
/// 1-d form is the one NVIDIA documents; nesting generalizes it).
LogicalResult formatTile(ExecContext &ctx, Operation *op, const Conversion &c,
                         const Tile &t, std::string &out) {
  if (t.rank() == 0) {
    FailureOr<std::string> e = formatConversion(ctx, op, c, t, 0);
    if (failed(e))
      return failure();
    out += *e;
    return success();
  }
  SmallVector<int64_t, 4> index(t.rank(), 0);
  for (int64_t i = 0; i < t.size(); ++i) {
    // Open a bracket for every dimension whose index restarts here.
    unsigned opens = 0;
    for (int d = t.rank() - 1; d >= 0 && index[d] == 0; --d)
      ++opens;
    if (i != 0)
      out += ", ";
    out.append(opens, '[');
    FailureOr<std::string> e = formatConversion(ctx, op, c, t, i);
    if (failed(e))
      return failure();
    out += *e;
    unsigned closes = 0;
    for (int d = t.rank() - 1; d >= 0 && index[d] == t.shape()[d] - 1; --d)
      ++closes;
    out.append(closes, ']');
    nextIndex(index, t.shape());
  }
  return success();
}

template <class Ops>
LogicalResult printTkoSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::PrintTkoOp>(operation);
  StringRef str = op.getStr();
  auto args = op.getArgs();
  unsigned nextArg = 0;
  std::string out;
  for (size_t pos = 0; pos < str.size(); ++pos) {
    if (str[pos] != '%') {
      out += str[pos];
      continue;
    }
    // Same terminator set as the verifier, which counted the operands.
    size_t end = str.find_first_of("diuoxXeEfFgGaAcsSpn%", pos + 1);
    if (end == StringRef::npos)
      return ctx.error(op, "unterminated format expression");
    StringRef spec = str.slice(pos + 1, end);
    char conv = str[end];
    pos = end;
    if (conv == '%' && spec.empty()) {
      out += '%';
      continue;
    }
    if (spec.contains('*'))
      return ctx.ub(op, "'*' width or precision takes no tile operand "
                        "(undefined output)");
    if (llvm::StringRef("sSn%").contains(conv))
      return ctx.ub(op, Twine("conversion %") + Twine(conv) +
                            " cannot print a tile (undefined output)");
    if (nextArg >= args.size())
      return ctx.error(op, "more conversions than operands");
    Conversion c;
    c.conv = conv;
    c.flagsWidthPrecision = spec.rtrim("hlLqjzt").str();
    if (failed(formatTile(ctx, op, c, ctx.getTile(args[nextArg++]), out)))
      return failure();
  }
  if (nextArg != args.size())
    return ctx.error(op, "more operands than conversions");
  llvm::raw_ostream &os = ctx.getInterpreter().printStream();
  os << out;
  os.flush();
  // A print passes its token's order on.
  TokenOrder *tokens = ctx.getTokenOrder(op);
  ctx.set(op.getResultToken(), RtValue::token(tokens ? tokens->result(ctx, op)
                                                     : TokenOrder::kNoNode));
  return success();
}

} // namespace

LogicalResult
forEachIteration(ExecContext &ctx, Operation *op, Value lb, Value ub,
                 Value step, bool isUnsigned,
                 llvm::function_ref<FailureOr<bool>(RtValue iv)> body) {
  auto scalar = [&](Value v) {
    const Tile &t = ctx.getTile(v);
    return isUnsigned ? static_cast<__int128>(t.getUInt(0))
                      : static_cast<__int128>(t.getSInt(0));
  };
  __int128 first = scalar(lb), last = scalar(ub), by = scalar(step);
  if (by <= 0)
    return ctx.ub(op, "step must be positive");
  ElemType type = ctx.getTile(lb).elemType();
  for (__int128 iv = first; iv < last; iv += by) {
    Tile ivTile(type, {});
    ivTile.setInt(0, static_cast<uint64_t>(iv));
    FailureOr<bool> goOn = body(RtValue::tile(std::move(ivTile)));
    if (failed(goOn))
      return failure();
    if (!*goOn)
      break;
  }
  return success();
}

template <class Ops> void registerControlFor(SemanticsRegistry &r) {
  add<typename Ops::YieldOp>(r, terminatorSem<FlowSignal::Kind::Yield>);
  add<typename Ops::AssertOp>(r, assertSem<Ops>);
  add<typename Ops::AssumeOp>(r, assumeSem<Ops>);
  add<typename Ops::PrintTkoOp>(r, printTkoSem<Ops>);
}

TILECHECK_INSTANTIATE_FOR_MIRRORS(registerControlFor)

void registerControlSemantics(SemanticsRegistry &r) {
  registerControlFor<CudaTileOps>(r);
  using Ops = CudaTileOps;
  add<Ops::ContinueOp>(r, terminatorSem<FlowSignal::Kind::Continue>);
  add<Ops::BreakOp>(r, terminatorSem<FlowSignal::Kind::Break>);
  add<Ops::IfOp>(r, ifSem<Ops>);
  add<Ops::ForOp>(r, forSem<Ops>);
  add<Ops::LoopOp>(r, loopSem<Ops>);
}

} // namespace tilecheck::oracle::cuda_tile_sem
