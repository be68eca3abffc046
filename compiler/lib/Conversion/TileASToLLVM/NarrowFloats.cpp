//===- NarrowFloats.cpp - f8, f4E2M1FN, tf32 and i4 as bits ---------------===//
//
// LLVM has no f8, f4 or tf32 types. The backend keeps an f8E4M3FN or f8E5M2
// element as its byte (i8), an f4E2M1FN or i4 element as its four bits
// zero-extended into a byte (a register holds one element, as the
// interpreter's tiles do; memory packs two, see isNibble) and a tf32 element
// as the f32 bit pattern whose low 13 bits are zero, which is how the
// interpreter stores them. Only ftof and the dots read a float's value;
// ops that move elements (reshape, broadcast, permute, extract, cat,
// select, loop-carried values, constants) move the bits unchanged.
//
// Conversions give the interpreter's result bit for bit (oracle
// ConversionSemantics.cpp, APFloat underneath):
//  - to f8 and f4E2M1FN: round to nearest even with `.satfinite` (finite
//    overflow and infinity give the largest finite value of that sign); NaN
//    gives 0x7f in f8 (f4E2M1FN has no NaN: the interpreter reports that
//    conversion as undefined behaviour, any code will do);
//  - to tf32: round to nearest even, overflow to infinity;
//  - from f8, f4E2M1FN or tf32 to f16, bf16, f32 or f64: exact (tf32 to
//    f16/bf16 rounds to nearest even once);
//  - a NaN into tf32 or a wide format keeps the top of its payload (shifted
//    into the destination's mantissa field) and becomes quiet.
// Every value is rounded once: f16 and bf16 sources widen to f32 exactly
// first; f64 sources narrow to f32 with round-to-odd (cvt.rz, then the low
// bit set when that was inexact), which keeps a later round-to-nearest to at
// most 11 significant bits correct (24 >= 11 + 2).
//
// The f32 -> f8/f4 encoder works on the f32 bits: for a normal result the
// round-to-nearest-even increment is added to the bits below the kept
// mantissa (a carry moves into the exponent, as it should) and the exponent
// is rebiased; for a subnormal result the significand with its hidden bit is
// shifted right by the distance to the smallest subnormal's quantum, again
// with the round-to-nearest-even increment.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <cmath>

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::backend;

namespace {

/// A binary floating-point format by its bit fields. `nanOnly`: no
/// infinities, the one NaN has every exponent and mantissa bit set
/// (f8E4M3FN). `finiteOnly`: neither infinities nor NaN (f4E2M1FN).
struct Format {
  unsigned width;
  unsigned mant;
  int bias;
  bool nanOnly = false;
  bool finiteOnly = false;

  unsigned expBits() const { return width - 1 - mant; }
  uint64_t signBit() const { return uint64_t(1) << (width - 1); }
  uint64_t expMask() const { return ((uint64_t(1) << expBits()) - 1) << mant; }
  uint64_t mantMask() const { return (uint64_t(1) << mant) - 1; }
};

/// The format of `t`; tf32 by its logical 19 bits (stored shifted left by
/// 13 in an f32).
Format formatOf(Type t) {
  if (t.isF16())
    return {16, 10, 15};
  if (t.isBF16())
    return {16, 7, 127};
  if (t.isF32())
    return {32, 23, 127};
  if (t.isF64())
    return {64, 52, 1023};
  if (t.isTF32())
    return {19, 10, 127};
  if (isa<Float8E4M3FNType>(t))
    return {8, 3, 7, /*nanOnly=*/true};
  if (isa<Float4E2M1FNType>(t))
    return {4, 1, 1, /*nanOnly=*/false, /*finiteOnly=*/true};
  assert(isa<Float8E5M2Type>(t) && "not a float format the backend holds");
  return {8, 2, 15};
}

/// Integer arithmetic on one integer type, with constants by value.
struct IntOps {
  OpBuilder &b;
  Location loc;
  Type type;

  Value c(uint64_t v) {
    return arith::ConstantOp::create(b, loc, IntegerAttr::get(type, v));
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value band(Value x, uint64_t m) {
    return arith::AndIOp::create(b, loc, x, c(m));
  }
  Value bor(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value shl(Value x, Value n) { return arith::ShLIOp::create(b, loc, x, n); }
  Value shl(Value x, uint64_t n) { return n ? shl(x, c(n)) : x; }
  Value lshr(Value x, Value n) { return arith::ShRUIOp::create(b, loc, x, n); }
  Value lshr(Value x, uint64_t n) { return n ? lshr(x, c(n)) : x; }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value cmp(arith::CmpIPredicate p, Value x, uint64_t y) {
    return cmp(p, x, c(y));
  }
  Value select(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }
  Value umin(Value x, uint64_t y) {
    return arith::MinUIOp::create(b, loc, x, c(y));
  }
  Value umax(Value x, uint64_t y) {
    return arith::MaxUIOp::create(b, loc, x, c(y));
  }
  /// x rounded to nearest even at bit `shift` (x >> shift, rounded); the
  /// shift is a value in [1, 31] for i32.
  Value roundShift(Value x, Value shift) {
    Value one = c(1);
    Value half = sub(shl(one, sub(shift, one)), one);
    Value odd = arith::AndIOp::create(b, loc, lshr(x, shift), one);
    return lshr(add(add(x, half), odd), shift);
  }
};

using arith::CmpIPredicate;

/// The logical bits (zero-extended to i64) of a value of `t` held in its
/// storage type.
Value logicalBits(OpBuilder &b, Location loc, Value v, Type t) {
  Type i64 = b.getI64Type();
  if (isa<Float8E4M3FNType, Float8E5M2Type, Float4E2M1FNType>(t))
    return arith::ExtUIOp::create(b, loc, i64, v);
  unsigned width = t.isTF32() ? 32 : t.getIntOrFloatBitWidth();
  Value bits =
      arith::BitcastOp::create(b, loc, b.getIntegerType(width), v).getResult();
  if (width < 64)
    bits = arith::ExtUIOp::create(b, loc, i64, bits);
  if (t.isTF32())
    bits = arith::ShRUIOp::create(
        b, loc, bits,
        arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(13)));
  return bits;
}

/// The storage value of `t` whose logical bits are `bits` (i64).
Value fromLogicalBits(OpBuilder &b, Location loc, Value bits, Type t) {
  if (isa<Float8E4M3FNType, Float8E5M2Type, Float4E2M1FNType>(t))
    return arith::TruncIOp::create(b, loc, b.getI8Type(), bits);
  if (t.isTF32())
    bits = arith::ShLIOp::create(
        b, loc, bits,
        arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(13)));
  unsigned width = t.isTF32() ? 32 : t.getIntOrFloatBitWidth();
  if (width < 64)
    bits = arith::TruncIOp::create(b, loc, b.getIntegerType(width), bits);
  return arith::BitcastOp::create(b, loc, convertElementType(t), bits);
}

/// Whether logical bits (i64) of format `f` are a NaN.
Value isNaNBits(IntOps &i, Value bits, const Format &f) {
  if (f.finiteOnly)
    return arith::ConstantOp::create(i.b, i.loc, i.b.getBoolAttr(false));
  Value magnitude = i.band(bits, f.signBit() - 1);
  if (f.nanOnly)
    return i.cmp(CmpIPredicate::eq, magnitude, f.signBit() - 1);
  return i.cmp(CmpIPredicate::ugt, magnitude, f.expMask());
}

/// The NaN of `to` that converting a NaN of `from` (logical bits, i64)
/// gives: same sign, the payload shifted into the destination's mantissa
/// field, the quiet bit set.
Value convertNaNBits(IntOps &i, Value bits, const Format &from,
                     const Format &to) {
  Value sign = i.lshr(bits, from.width - 1);
  Value mant = i.band(bits, from.mantMask());
  mant = to.mant >= from.mant ? i.shl(mant, to.mant - from.mant)
                              : i.lshr(mant, from.mant - to.mant);
  Value fixed = i.c(to.expMask() | (uint64_t(1) << (to.mant - 1)));
  return i.bor(i.bor(i.shl(sign, to.width - 1), fixed), mant);
}

/// The exact f32 value of an f8 or f4 element (its byte, i8).
Value decodeF8(OpBuilder &b, Location loc, Value byte, const Format &f) {
  IntOps i{b, loc, b.getI32Type()};
  Value code = arith::ExtUIOp::create(b, loc, b.getI32Type(), byte);
  Value sign = i.shl(i.lshr(code, f.width - 1), 31);
  Value magnitude = i.band(code, f.signBit() - 1);
  Value ef = i.lshr(magnitude, f.mant);
  Value mant = i.band(magnitude, f.mantMask());
  // Normal: rebias the exponent, widen the mantissa.
  Value normal =
      i.bor(i.shl(i.add(ef, i.c(127 - f.bias)), 23), i.shl(mant, 23 - f.mant));
  // Subnormal: mant * 2^(1 - bias - mant), exact in f32.
  Value scaled = arith::MulFOp::create(
      b, loc, arith::UIToFPOp::create(b, loc, b.getF32Type(), mant),
      arith::ConstantOp::create(
          b, loc, b.getF32FloatAttr(std::ldexp(1.0f, 1 - f.bias - f.mant))));
  Value subnormal = arith::BitcastOp::create(b, loc, b.getI32Type(), scaled);
  Value bits = i.select(i.cmp(CmpIPredicate::eq, ef, 0), subnormal, normal);
  if (!f.nanOnly && !f.finiteOnly) {
    Value top = i.cmp(CmpIPredicate::eq, ef, (1u << f.expBits()) - 1);
    bits = i.select(top, i.c(0x7f800000), bits);
  }
  bits = i.bor(bits, sign);
  if (f.finiteOnly)
    return arith::BitcastOp::create(b, loc, b.getF32Type(), bits);
  // A NaN stays one (with its payload), also when it is encoded again.
  Value nan = convertNaNBits(i, code, f, formatOf(b.getF32Type()));
  bits = i.select(isNaNBits(i, code, f), nan, bits);
  return arith::BitcastOp::create(b, loc, b.getF32Type(), bits);
}

/// The f8 or f4 byte of an f32 value (round to nearest even, satfinite,
/// NaN to 0x7f; f4 has no NaN).
Value encodeF8(OpBuilder &b, Location loc, Value x, const Format &f) {
  IntOps i{b, loc, b.getI32Type()};
  Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), x);
  Value sign = i.lshr(bits, 31);
  Value a = i.band(bits, 0x7fffffff);
  Value e = i.lshr(a, 23);
  unsigned sh = 23 - f.mant;
  uint64_t rebias = uint64_t(127 - f.bias) << f.mant;
  uint64_t maxFinite = f.nanOnly      ? f.signBit() - 2
                       : f.finiteOnly ? f.signBit() - 1
                                      : f.expMask() - 1;
  // Normal result: round the f32 bits at the kept mantissa, rebias.
  Value normal = i.sub(i.roundShift(a, i.c(sh)), i.c(rebias));
  // Subnormal result: the significand shifted to the smallest subnormal's
  // quantum; shift = sh + 1 + (127 - bias) - e, at most 31 (which gives 0
  // for every 24-bit significand).
  Value sig = i.bor(i.band(a, 0x7fffff), i.c(0x800000));
  Value shift = i.sub(i.c(sh + 1 + 127 - f.bias), i.umin(e, 127 - f.bias));
  Value subnormal = i.roundShift(sig, i.umin(shift, 31));
  Value isNormal = i.cmp(CmpIPredicate::ugt, e, 127 - f.bias);
  Value code = i.umin(i.select(isNormal, normal, subnormal), maxFinite);
  code = i.bor(code, i.shl(sign, f.width - 1));
  if (!f.finiteOnly) {
    Value nan = i.cmp(CmpIPredicate::ugt, a, 0x7f800000);
    code = i.select(nan, i.c(0x7f), code);
  }
  return arith::TruncIOp::create(b, loc, b.getI8Type(), code);
}

/// tf32 storage of an f32 value: round to nearest even at bit 13
/// (overflow carries into infinity); a NaN is quiet with its payload's top.
Value encodeTF32(OpBuilder &b, Location loc, Value x) {
  IntOps i{b, loc, b.getI32Type()};
  Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), x);
  Value rounded = i.shl(i.roundShift(bits, i.c(13)), 13);
  Value nan = i.cmp(CmpIPredicate::ugt, i.band(bits, 0x7fffffff), 0x7f800000);
  Value quiet = i.bor(i.band(bits, 0xffffe000), i.c(0x400000));
  return arith::BitcastOp::create(b, loc, b.getF32Type(),
                                  i.select(nan, quiet, rounded));
}

/// f64 to f32 with round-to-odd: truncate, then set the lowest bit when
/// that lost anything (NaN handled by the caller).
Value roundToOddF32(OpBuilder &b, Location loc, Value x) {
  Type f32 = b.getF32Type();
  Value r = LLVM::CallIntrinsicOp::create(
                b, loc, f32, b.getStringAttr("llvm.nvvm.d2f.rz"), x)
                .getResult(0);
  Value back = arith::ExtFOp::create(b, loc, b.getF64Type(), r);
  Value inexact =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE, back, x);
  IntOps i{b, loc, b.getI32Type()};
  Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), r);
  bits = i.bor(bits, arith::ExtUIOp::create(b, loc, b.getI32Type(), inexact));
  return arith::BitcastOp::create(b, loc, f32, bits);
}

/// The formats decodeF8 and encodeF8 take: f8E4M3FN, f8E5M2, f4E2M1FN.
bool isF8(Type t) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float4E2M1FNType>(t);
}

/// Floats held in a byte: the three above and the E8M0 scale format.
bool isByteFloat(Type t) { return isF8(t) || isa<Float8E8M0FNUType>(t); }

/// Whether a type of `types`, or its element type, satisfies `pred`.
bool anyElementType(TypeRange types, bool (*pred)(Type)) {
  return llvm::any_of(types, [&](Type t) {
    if (auto shaped = dyn_cast<ShapedType>(t))
      t = shaped.getElementType();
    return pred(t);
  });
}

} // namespace

bool tilecheck::backend::isNarrowFloat(Type t) {
  return isByteFloat(t) || t.isTF32();
}

bool tilecheck::backend::isNibble(Type t) {
  return isa<Float4E2M1FNType>(t) || t.isInteger(4);
}

bool tilecheck::backend::hasNibble(TypeRange types) {
  return anyElementType(types, isNibble);
}

bool tilecheck::backend::hasNibble(Operation *op) {
  return hasNibble(op->getOperandTypes()) || hasNibble(op->getResultTypes());
}

Value tilecheck::backend::castNibble(OpBuilder &b, Location loc, Value x,
                                     Type to, bool isSigned, bool fromNibble,
                                     bool toNibble) {
  Type from = x.getType();
  auto constant = [&](Type t, int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, v));
  };
  // A signed extension starts from the nibble's bit 3.
  if (fromNibble && isSigned) {
    Value four = constant(from, 4);
    x = arith::ShRSIOp::create(b, loc, arith::ShLIOp::create(b, loc, x, four),
                               four);
  }
  unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
  if (fw < tw)
    x = isSigned ? arith::ExtSIOp::create(b, loc, to, x).getResult()
                 : arith::ExtUIOp::create(b, loc, to, x).getResult();
  else if (fw > tw)
    x = arith::TruncIOp::create(b, loc, to, x);
  // A truncation to i4 leaves the byte's high half clear.
  if (toNibble)
    x = arith::AndIOp::create(b, loc, x, constant(to, 0xf));
  return x;
}

IntegerAttr tilecheck::backend::nibbleStorage(IntegerAttr a) {
  return IntegerAttr::get(IntegerType::get(a.getContext(), 8),
                          a.getValue().zextOrTrunc(4).zext(8));
}

DenseElementsAttr tilecheck::backend::nibbleStorage(DenseElementsAttr a) {
  assert(isNibble(a.getElementType()) && "not a 4-bit element type");
  SmallVector<APInt> bytes;
  for (Attribute v : a.getValues<Attribute>()) {
    APInt bits = isa<FloatAttr>(v)
                     ? cast<FloatAttr>(v).getValue().bitcastToAPInt()
                     : cast<IntegerAttr>(v).getValue();
    bytes.push_back(bits.zextOrTrunc(4).zext(8));
  }
  return DenseElementsAttr::get(
      a.getType().clone(IntegerType::get(a.getContext(), 8)), bytes);
}

bool tilecheck::backend::hasNarrowFloat(TypeRange types) {
  return anyElementType(types, isNarrowFloat);
}

bool tilecheck::backend::hasNarrowFloat(Operation *op) {
  return hasNarrowFloat(op->getOperandTypes()) ||
         hasNarrowFloat(op->getResultTypes());
}

Value tilecheck::backend::convertNarrowFloat(OpBuilder &b, Location loc,
                                             Value x, Type from, Type to) {
  assert((isNarrowFloat(from) || isNarrowFloat(to)) && from != to &&
         !isa<Float8E8M0FNUType>(from) && !isa<Float8E8M0FNUType>(to));
  Type f32 = b.getF32Type();
  // A canonical tf32 (low bits zero) is its f32 value, NaN included.
  if (from.isTF32() && to.isF32())
    return x;
  Value value;
  if (isNarrowFloat(to)) {
    Value v32 = from.isF64()    ? roundToOddF32(b, loc, x)
                : from.isTF32() ? x
                : isF8(from)    ? decodeF8(b, loc, x, formatOf(from))
                : from.isF32()  ? x
                                : arith::ExtFOp::create(b, loc, f32, x);
    // f8 encodes every NaN as 0x7f, f4 has none: no payload to carry.
    if (isF8(to))
      return encodeF8(b, loc, v32, formatOf(to));
    value = encodeTF32(b, loc, v32);
  } else {
    Value v32 = from.isTF32() ? x : decodeF8(b, loc, x, formatOf(from));
    value = to.isF32()   ? v32
            : to.isF64() ? arith::ExtFOp::create(b, loc, to, v32).getResult()
                         : arith::TruncFOp::create(b, loc, to, v32).getResult();
    // f4 has no NaN whose payload to carry.
    if (isa<Float4E2M1FNType>(from))
      return value;
  }
  // A NaN keeps its payload's top and is quiet (the cvt instructions of the
  // value path give a canonical NaN instead).
  IntOps i{b, loc, b.getI64Type()};
  Format ff = formatOf(from), tf = formatOf(to);
  Value bits = logicalBits(b, loc, x, from);
  Value nan = fromLogicalBits(b, loc, convertNaNBits(i, bits, ff, tf), to);
  return arith::SelectOp::create(b, loc, isNaNBits(i, bits, ff), nan, value);
}

DenseElementsAttr tilecheck::backend::narrowFloatStorage(DenseElementsAttr a) {
  Type elem = a.getElementType();
  assert(!isNibble(elem) && "4-bit constants: nibbleStorage");
  if (isByteFloat(elem))
    return a.bitcast(IntegerType::get(a.getContext(), 8));
  assert(elem.isTF32() && "not a narrow float");
  SmallVector<llvm::APFloat> values;
  for (const llvm::APFloat &v : a.getValues<llvm::APFloat>())
    values.emplace_back(
        llvm::APFloat::IEEEsingle(),
        llvm::APInt(32, v.bitcastToAPInt().getZExtValue() << 13));
  return DenseElementsAttr::get(
      a.getType().clone(Float32Type::get(a.getContext())), values);
}

Attribute tilecheck::backend::narrowFloatStorage(FloatAttr a) {
  Type elem = a.getType();
  uint64_t bits = a.getValue().bitcastToAPInt().getZExtValue();
  if (isByteFloat(elem))
    return IntegerAttr::get(IntegerType::get(a.getContext(), 8), bits);
  assert(elem.isTF32() && "not a narrow float");
  return FloatAttr::get(
      Float32Type::get(a.getContext()),
      llvm::APFloat(llvm::APFloat::IEEEsingle(), llvm::APInt(32, bits << 13)));
}

Value tilecheck::backend::decodeScaleF64(OpBuilder &b, Location loc, Value x,
                                         Type from) {
  if (!isa<Float8E8M0FNUType>(from))
    return convertNarrowFloat(b, loc, x, from, b.getF64Type());
  // 2^(code - 127); 0xff is the NaN.
  IntOps i{b, loc, b.getI64Type()};
  Value code = arith::ExtUIOp::create(b, loc, b.getI64Type(), x);
  Value bits = i.shl(i.add(code, i.c(1023 - 127)), 52);
  bits = i.select(i.cmp(CmpIPredicate::eq, code, 0xff),
                  i.c(0x7ff8000000000000ull), bits);
  return arith::BitcastOp::create(b, loc, b.getF64Type(), bits);
}

Value tilecheck::backend::addToF32(OpBuilder &b, Location loc, Value x,
                                   Value acc) {
  Type f64 = b.getF64Type();
  Value y = arith::ExtFOp::create(b, loc, f64, acc);
  // TwoSum: s + e == x + y exactly (no operation here may be reassociated
  // or contracted; there is no product to fuse).
  Value s = arith::AddFOp::create(b, loc, x, y);
  Value yv = arith::SubFOp::create(b, loc, s, x);
  Value xv = arith::SubFOp::create(b, loc, s, yv);
  Value e = arith::AddFOp::create(b, loc, arith::SubFOp::create(b, loc, x, xv),
                                  arith::SubFOp::create(b, loc, y, yv));
  // Round to odd: when inexact and the last bit of s is even, the
  // neighbour of s on e's side (one unit away from zero when e has s's
  // sign, toward zero otherwise).
  IntOps i{b, loc, b.getI64Type()};
  Value zero = arith::ConstantOp::create(b, loc, b.getF64FloatAttr(0));
  Value inexact =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE, e, zero);
  Value bits = arith::BitcastOp::create(b, loc, b.getI64Type(), s);
  Value even = i.cmp(CmpIPredicate::eq, i.band(bits, 1), 0);
  Value sPositive =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, s, zero);
  Value ePositive =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, e, zero);
  Value away =
      arith::CmpIOp::create(b, loc, CmpIPredicate::eq, sPositive, ePositive);
  Value neighbour = i.select(away, i.add(bits, i.c(1)), i.sub(bits, i.c(1)));
  Value fix = arith::AndIOp::create(b, loc, inexact, even);
  Value odd =
      arith::BitcastOp::create(b, loc, f64, i.select(fix, neighbour, bits));
  return arith::TruncFOp::create(b, loc, b.getF32Type(), odd);
}

llvm::APInt
tilecheck::backend::paddingBits(Type elem,
                                cuda_tile::PaddingValueAttr padding) {
  auto floatType = dyn_cast<FloatType>(elem);
  if (!floatType || !padding) {
    Type storage = convertElementType(elem);
    return llvm::APInt::getZero(storage.getIntOrFloatBitWidth());
  }
  const llvm::fltSemantics &sem = floatType.getFloatSemantics();
  std::optional<llvm::APFloat> v;
  switch (padding.getValue()) {
  case cuda_tile::PaddingValue::zero:
    if (llvm::APFloat::semanticsHasZero(sem))
      v = llvm::APFloat::getZero(sem);
    break;
  case cuda_tile::PaddingValue::neg_zero:
    if (llvm::APFloat::semanticsHasZero(sem) &&
        llvm::APFloat::semanticsHasSignedRepr(sem))
      v = llvm::APFloat::getZero(sem, /*Negative=*/true);
    break;
  case cuda_tile::PaddingValue::nan:
    if (llvm::APFloat::semanticsHasNaN(sem))
      v = llvm::APFloat::getNaN(sem);
    break;
  case cuda_tile::PaddingValue::pos_inf:
  case cuda_tile::PaddingValue::neg_inf:
    if (llvm::APFloat::semanticsHasInf(sem))
      v = llvm::APFloat::getInf(sem, padding.getValue() ==
                                         cuda_tile::PaddingValue::neg_inf);
    break;
  }
  unsigned width = llvm::APFloat::getSizeInBits(sem);
  llvm::APInt bits = v ? v->bitcastToAPInt() : llvm::APInt::getAllOnes(width);
  if (elem.isTF32())
    return bits.zext(32).shl(13);
  if (isNibble(elem)) // held in a byte
    return bits.zext(8);
  return bits;
}

Value tilecheck::backend::canonicalTF32(OpBuilder &b, Location loc, Value x) {
  IntOps i{b, loc, b.getI32Type()};
  Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), x);
  return arith::BitcastOp::create(b, loc, b.getF32Type(),
                                  i.band(bits, 0xffffe000));
}
