//===- ConversionSemantics.cpp - cuda_tile conversion op semantics --------===//
//
// Conversions are exact: every float format goes through llvm::APFloat with
// the op's rounding mode, integers through 64-bit values at the element
// width. The common conversions have native loops: f32<->f64,
// f16/bf16<->f32, f16<->bf16 and int->f32/f64 with nearest even (host
// conversions are IEEE conversions with that rounding; a 16-bit value is
// exact in f32, so going through f32 rounds only once).
//
// Where the formats cannot hold a value the spec's rules, or where it is
// silent the hardware's, decide:
//  - ftof to f8E4M3FN, f8E5M2 and f4E2M1FN follows the PTX conversion these
//    destinations require (`.satfinite`): finite overflow and infinities
//    give the largest finite value of that sign, NaN gives the canonical
//    0x7f (f8), and NaN into f4E2M1FN, which has no NaN, is reported as
//    undefined behaviour (unspecified result).
//  - ftof to f8E8M0FNU (rounding zero or positive_inf) maps NaN and
//    overflow to its NaN 0xff and rounds tiny values up to 2^-127; zero and
//    negative inputs have no encoding and are reported as undefined.
//  - itof rounds to nearest even; overflow gives inf, or the canonical NaN
//    for formats without inf (f8E4M3FN: 0x7f); f4E2M1FN has neither and
//    saturates to +-6.
//  - ftoi truncates toward zero; NaN, inf and values outside the result
//    type are undefined behaviour (the spec says using the result is).
//  - trunci's overflow flags are promises checked like addi's.
// pack/unpack reinterpret a rank-1 tile's bytes: elements of 8 bits or more
// are stored little-endian (tf32 as its f32 pattern), narrower ones (i1,
// i4, f4E2M1FN) are packed from the least significant bit of each byte up,
// so element 0 of an i4 tile is the low nibble of byte 0.
//
//===----------------------------------------------------------------------===//

#include "NumericUtil.h"

#include <cmath>

using namespace mlir;
using namespace tilecheck::cuda_tile;
using llvm::APFloat;
using llvm::APInt;

namespace tilecheck::oracle::cuda_tile_sem {

namespace {

std::string describe(const Tile &t, int64_t i) {
  return formatElement(t.elemType(), t.at(i));
}

/// Largest finite value of a format with the given sign.
APFloat maxFinite(ElemType t, bool negative) {
  return APFloat::getLargest(*semantics(t), negative);
}

} // namespace

LogicalResult convertFloat(ExecContext &ctx, Operation *op, Value src,
                           Value result, RoundingMode rm, bool arithRules) {
  const Tile &a = ctx.getTile(src);
  Tile r = makeTile(result.getType());
  ElemType from = a.elemType(), to = r.elemType();
  int64_t n = r.size();
  if (from == ElemType::F32 && to == ElemType::F64) {
    for (int64_t i = 0; i < n; ++i)
      storeAt<double>(r.data(), i, loadAt<float>(a.data(), i));
    return setResultTile(ctx, result, std::move(r));
  }
  if (from == ElemType::F64 && to == ElemType::F32 &&
      rm == RoundingMode::NEAREST_EVEN) {
    for (int64_t i = 0; i < n; ++i)
      storeAt<float>(r.data(), i,
                     static_cast<float>(loadAt<double>(a.data(), i)));
    return setResultTile(ctx, result, std::move(r));
  }
  // f16/bf16 widen exactly to f32/f64 and round once from f32 (or from
  // the other 16-bit format, through its exact f32 value).
  bool fromHalf = from == ElemType::F16 || from == ElemType::BF16;
  bool toHalf = to == ElemType::F16 || to == ElemType::BF16;
  if (fromHalf && (to == ElemType::F32 || to == ElemType::F64 || toHalf)) {
    for (int64_t i = 0; i < n; ++i) {
      float v = halfToFloat(from, loadAt<uint16_t>(a.data(), i));
      if (to == ElemType::F32)
        storeAt<float>(r.data(), i, v);
      else if (to == ElemType::F64)
        storeAt<double>(r.data(), i, v);
      else
        storeAt<uint16_t>(r.data(), i, floatToHalf(to, v));
    }
    return setResultTile(ctx, result, std::move(r));
  }
  if (from == ElemType::F32 && toHalf && rm == RoundingMode::NEAREST_EVEN) {
    for (int64_t i = 0; i < n; ++i)
      storeAt<uint16_t>(r.data(), i,
                        floatToHalf(to, loadAt<float>(a.data(), i)));
    return setResultTile(ctx, result, std::move(r));
  }
  APFloat::roundingMode mode = toAPRounding(rm);
  const llvm::fltSemantics &sem = *semantics(to);
  bool satFinite =
      !arithRules && (to == ElemType::F8E4M3FN || to == ElemType::F8E5M2 ||
                      to == ElemType::F4E2M1FN);
  for (int64_t i = 0; i < n; ++i) {
    APFloat x = a.getFloat(i);
    bool lost;
    if (satFinite) {
      if (x.isNaN()) {
        if (to == ElemType::F4E2M1FN)
          return ctx.ub(op, "ftof of NaN to f4E2M1FN (no NaN encoding) at " +
                                elementName(a, i));
        r.setInt(i, 0x7f);
        continue;
      }
      if (x.isInfinity()) {
        r.setFloat(i, maxFinite(to, x.isNegative()));
        continue;
      }
      bool negative = x.isNegative();
      x.convert(sem, APFloat::rmNearestTiesToEven, &lost);
      if (x.isNaN() || x.isInfinity())
        x = maxFinite(to, negative);
      r.setFloat(i, x);
      continue;
    }
    if (arithRules) {
      // arith.extf/truncf: one IEEE conversion (APFloat's, as MLIR folds
      // it); a NaN has no image in a format without NaN.
      if (x.isNaN() && !APFloat::semanticsHasNaN(sem))
        return ctx.ub(op, "conversion of NaN to " + name(to).str() +
                              " (no NaN encoding) at " + elementName(a, i));
      x.convert(sem, mode, &lost);
      r.setFloat(i, x);
      continue;
    }
    if (to == ElemType::F8E8M0FNU) {
      if (x.isNaN() || (x.isInfinity() && !x.isNegative())) {
        r.setInt(i, 0xff);
        continue;
      }
      if (x.isZero() || x.isNegative())
        return ctx.ub(op, "ftof of " + describe(a, i) +
                              " to f8E8M0FNU (no zero or negative values) "
                              "at " +
                              elementName(a, i));
    }
    x.convert(sem, mode, &lost);
    r.setFloat(i, x);
  }
  return setResultTile(ctx, result, std::move(r));
}

LogicalResult floatToInt(ExecContext &ctx, Operation *op, Value src,
                         Value result, bool isSigned) {
  const Tile &a = ctx.getTile(src);
  Tile r = makeTile(result.getType());
  ElemType from = a.elemType();
  unsigned w = bitWidth(r.elemType());
  // Bounds of the result as doubles (powers of two, exact): the truncated
  // value must satisfy lo <= v < hi.
  double lo = isSigned ? -std::ldexp(1.0, w - 1) : 0.0;
  double hi = std::ldexp(1.0, isSigned ? w - 1 : w);
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    // Every source format converts to double exactly.
    double d = loadAsDouble(from, a.data(), i);
    double t = std::trunc(d);
    if (!(t >= lo && t < hi)) // also catches NaN
      return ctx.ub(
          op, op->getName().stripDialect().str() + " of " + describe(a, i) +
                  " is outside " + (isSigned ? "signed " : "unsigned ") +
                  name(r.elemType()).str() + " at " + elementName(a, i));
    r.setInt(i, isSigned ? static_cast<uint64_t>(static_cast<int64_t>(t))
                         : static_cast<uint64_t>(t));
  }
  return setResultTile(ctx, result, std::move(r));
}

LogicalResult intToFloat(ExecContext &ctx, Value src, Value result,
                         bool isSigned, RoundingMode rm) {
  const Tile &a = ctx.getTile(src);
  Tile r = makeTile(result.getType());
  ElemType to = r.elemType();
  int64_t n = r.size();
  if (rm == RoundingMode::NEAREST_EVEN &&
      (to == ElemType::F32 || to == ElemType::F64)) {
    // Host int->float conversions round to nearest even.
    auto loop = [&](auto tag) {
      using T = decltype(tag);
      for (int64_t i = 0; i < n; ++i)
        storeAt<T>(r.data(), i,
                   isSigned ? static_cast<T>(a.getSInt(i))
                            : static_cast<T>(a.getUInt(i)));
    };
    if (to == ElemType::F32)
      loop(float{});
    else
      loop(double{});
    return setResultTile(ctx, result, std::move(r));
  }
  APFloat::roundingMode mode = toAPRounding(rm);
  for (int64_t i = 0; i < n; ++i) {
    APFloat f(*semantics(to));
    uint64_t v = isSigned ? static_cast<uint64_t>(a.getSInt(i)) : a.getUInt(i);
    f.convertFromAPInt(APInt(64, v), isSigned, mode);
    if (f.isNaN()) // overflow in a format without inf: canonical NaN
      f = APFloat::getNaN(*semantics(to));
    r.setFloat(i, f);
  }
  return setResultTile(ctx, result, std::move(r));
}

LogicalResult extendInt(ExecContext &ctx, Value src, Value result,
                        bool isSigned) {
  const Tile &a = ctx.getTile(src);
  Tile r = makeTile(result.getType());
  for (int64_t i = 0, n = r.size(); i < n; ++i)
    r.setInt(i, isSigned ? static_cast<uint64_t>(a.getSInt(i)) : a.getUInt(i));
  return setResultTile(ctx, result, std::move(r));
}

LogicalResult truncInt(ExecContext &ctx, Operation *op, Value src, Value result,
                       IntegerOverflow o) {
  const Tile &a = ctx.getTile(src);
  Tile r = makeTile(result.getType());
  unsigned w = bitWidth(r.elemType());
  bool nsw = o == IntegerOverflow::NSW || o == IntegerOverflow::NW;
  bool nuw = o == IntegerOverflow::NUW || o == IntegerOverflow::NW;
  uint64_t mask = w >= 64 ? ~0ull : (1ull << w) - 1;
  for (int64_t i = 0, n = r.size(); i < n; ++i) {
    uint64_t u = a.getUInt(i);
    int64_t s = a.getSInt(i);
    uint64_t low = u & mask;
    // nsw: the dropped bits all equal the result's sign bit.
    int64_t back = static_cast<int64_t>(low << (64 - w)) >> (64 - w);
    if (nsw && back != s)
      return ctx.ub(
          op, "trunci overflow<no_signed_wrap> violated: " + std::to_string(s) +
                  " does not fit " + name(r.elemType()).str() + " at " +
                  elementName(a, i));
    if (nuw && low != u)
      return ctx.ub(op, "trunci overflow<no_unsigned_wrap> violated: " +
                            std::to_string(u) + " does not fit " +
                            name(r.elemType()).str() + " at " +
                            elementName(a, i));
    r.setInt(i, low);
  }
  return setResultTile(ctx, result, std::move(r));
}

/// bitcast and the pointer casts keep every element's storage bytes.
LogicalResult copyBytes(ExecContext &ctx, Operation *op, Value src,
                        Value result) {
  const Tile &a = ctx.getTile(src);
  Tile r = makeTile(result.getType());
  if (r.elemBytes() != a.elemBytes() || r.size() != a.size())
    return ctx.error(op, "source and result storage sizes differ");
  std::memcpy(r.data(), a.data(),
              static_cast<size_t>(r.size()) * r.elemBytes());
  return setResultTile(ctx, result, std::move(r));
}

namespace {

template <class Ops>
LogicalResult ftofSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::FToFOp>(operation);
  return convertFloat(ctx, op, op.getFrom(), op.getTo(), op.getRoundingMode(),
                      /*arithRules=*/false);
}

template <class Ops>
LogicalResult ftoiSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::FToIOp>(operation);
  return floatToInt(ctx, op, op.getFrom(), op.getTo(),
                    op.getSignedness() == Signedness::Signed);
}

template <class Ops>
LogicalResult itofSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::IToFOp>(operation);
  return intToFloat(ctx, op.getFrom(), op.getTo(),
                    op.getSignedness() == Signedness::Signed,
                    op.getRoundingMode());
}

template <class Ops>
LogicalResult extiSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::ExtIOp>(operation);
  return extendInt(ctx, op.getFrom(), op.getTo(),
                   op.getSignedness() == Signedness::Signed);
}

template <class Ops>
LogicalResult trunciSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::TruncIOp>(operation);
  return truncInt(ctx, op, op.getFrom(), op.getTo(), op.getOverflow());
}

template <typename OpT>
LogicalResult castSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<OpT>(operation);
  return copyBytes(ctx, op, op.getSource(), op.getResult());
}

/// Bits an element occupies in a packed byte stream (tf32 keeps its 32-bit
/// f32 layout).
unsigned packedBits(ElemType t) {
  return t == ElemType::TF32 ? 32 : bitWidth(t);
}

/// Copies the packed bit stream of `src` into `dst` (one of them i8).
LogicalResult repack(ExecContext &ctx, Operation *op, Value srcV,
                     Value resultV) {
  const Tile &src = ctx.getTile(srcV);
  Tile dst = makeTile(resultV.getType());
  unsigned sw = packedBits(src.elemType()), dw = packedBits(dst.elemType());
  if (uint64_t(sw) * src.size() != uint64_t(dw) * dst.size())
    return ctx.error(op, "source and result hold different numbers of bits");
  if (sw >= 8 && dw >= 8) {
    // Storage is already the little-endian byte stream.
    std::memcpy(dst.data(), src.data(),
                static_cast<size_t>(src.size()) * src.elemBytes());
  } else {
    for (int64_t j = 0, n = dst.size(); j < n; ++j) {
      uint64_t v = 0;
      for (unsigned b = 0; b < dw; ++b) {
        uint64_t bit = uint64_t(j) * dw + b;
        uint64_t e = bit / sw;
        unsigned eb = bit % sw;
        uint64_t ev = 0;
        std::memcpy(&ev, src.at(e), src.elemBytes());
        v |= ((ev >> eb) & 1) << b;
      }
      std::memcpy(dst.at(j), &v, dst.elemBytes());
    }
  }
  return setResultTile(ctx, resultV, std::move(dst));
}

template <class Ops>
LogicalResult packSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::PackOp>(operation);
  return repack(ctx, op, op.getSource(), op.getResult());
}

template <class Ops>
LogicalResult unpackSem(ExecContext &ctx, Operation *operation) {
  auto op = cast<typename Ops::UnpackOp>(operation);
  return repack(ctx, op, op.getSource(), op.getResult());
}

} // namespace

template <class Ops> void registerConversionFor(SemanticsRegistry &r) {
  add<typename Ops::FToFOp>(r, ftofSem<Ops>);
  add<typename Ops::FToIOp>(r, ftoiSem<Ops>);
  add<typename Ops::IToFOp>(r, itofSem<Ops>);
  add<typename Ops::ExtIOp>(r, extiSem<Ops>);
  add<typename Ops::TruncIOp>(r, trunciSem<Ops>);
  add<typename Ops::BitcastOp>(r, castSem<typename Ops::BitcastOp>);
  add<typename Ops::IntToPtrOp>(r, castSem<typename Ops::IntToPtrOp>);
  add<typename Ops::PtrToIntOp>(r, castSem<typename Ops::PtrToIntOp>);
  add<typename Ops::PtrToPtrOp>(r, castSem<typename Ops::PtrToPtrOp>);
  add<typename Ops::PackOp>(r, packSem<Ops>);
  add<typename Ops::UnpackOp>(r, unpackSem<Ops>);
}

TILECHECK_INSTANTIATE_FOR_MIRRORS(registerConversionFor)

} // namespace tilecheck::oracle::cuda_tile_sem
