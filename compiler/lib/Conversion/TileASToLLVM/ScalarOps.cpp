//===- ScalarOps.cpp - nv_tileas element-wise ops on one slot -------------===//
//
// The mirrored element-wise ops that ConvertTileAAToTileAS could not spell
// as arith/math (MirrorOps.def says why for each) reach the backend with
// their exact semantics in attributes: directed rounding, flush to zero,
// approximation, NaN propagation. Each becomes, per slot, the upstream op
// when the attributes are the defaults upstream implements, or the NVVM
// intrinsic that has exactly that rounding (llvm.call_intrinsic); a
// combination with no exact instruction is not lowered (the pass says so).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "tilecheck/Conversion/Spellings.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace tilecheck;
using cuda_tile::RoundingMode;
using cuda_tile::Signedness;

namespace as = tilecheck::nv_tileas;

namespace {

bool isSigned(Signedness s) { return s == Signedness::Signed; }

/// The PTX rounding suffix of a directed or nearest rounding mode.
std::optional<StringRef> roundingSuffix(RoundingMode mode) {
  switch (mode) {
  case RoundingMode::NEAREST_EVEN:
    return StringRef("rn");
  case RoundingMode::ZERO:
    return StringRef("rz");
  case RoundingMode::NEGATIVE_INF:
    return StringRef("rm");
  case RoundingMode::POSITIVE_INF:
    return StringRef("rp");
  default:
    return std::nullopt;
  }
}

} // namespace

LLVM::LLVMFuncOp
tilecheck::backend::declareFunction(OpBuilder &b, Location loc, ModuleOp module,
                                    StringRef name,
                                    LLVM::LLVMFunctionType type) {
  if (auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return fn;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, loc, name, type);
}

Value tilecheck::backend::libdeviceCall(OpBuilder &b, Location loc,
                                        ModuleOp module, StringRef name,
                                        Type type, ValueRange args) {
  Type f32 = b.getF32Type();
  Type callType = type.isF64() ? type : f32;
  std::string callee = ("__nv_" + name + (type.isF64() ? "" : "f")).str();
  LLVM::LLVMFuncOp fn =
      declareFunction(b, loc, module, callee,
                      LLVM::LLVMFunctionType::get(
                          callType, SmallVector<Type>(args.size(), callType)));
  SmallVector<Value> operands;
  for (Value v : args)
    operands.push_back(v.getType() == callType
                           ? v
                           : arith::ExtFOp::create(b, loc, callType, v));
  Value result = LLVM::CallOp::create(b, loc, fn, operands).getResult();
  if (callType != type)
    result = arith::TruncFOp::create(b, loc, type, result);
  return result;
}

namespace {

Value intrinsic(OpBuilder &b, Location loc, Type result, StringRef name,
                ValueRange args) {
  return LLVM::CallIntrinsicOp::create(b, loc, result, b.getStringAttr(name),
                                       args)
      .getResult(0);
}

/// `llvm.nvvm.<base>.<rounding>[.ftz].<f|d>` for f32/f64, the NVVM family of
/// correctly rounded add, mul, div, fma and sqrt.
std::optional<std::string> roundedName(StringRef base, RoundingMode mode,
                                       bool ftz, Type t) {
  std::optional<StringRef> r = roundingSuffix(mode);
  if (!r || !(t.isF32() || t.isF64()) || (ftz && t.isF64()))
    return std::nullopt;
  return ("llvm.nvvm." + base + "." + *r + (ftz ? ".ftz" : "") +
          (t.isF32() ? ".f" : ".d"))
      .str();
}

template <typename OpT> bool plainRounding(OpT op) {
  return op.getRoundingMode() == RoundingMode::NEAREST_EVEN &&
         !op.getFlushToZero();
}

/// The NVVM min/max intrinsic name for `t` (f16, bf16, f32; f64 has no
/// NaN-propagating form).
std::optional<std::string> minMaxName(bool isMax, bool nan, bool ftz, Type t) {
  std::string suffix;
  if (t.isF32())
    suffix = "f";
  else if (t.isF16())
    suffix = "f16";
  else if (t.isBF16())
    suffix = "bf16";
  else if (t.isF64() && !nan && !ftz)
    suffix = "d";
  else
    return std::nullopt;
  return (Twine("llvm.nvvm.") + (isMax ? "fmax" : "fmin") +
          (ftz ? ".ftz" : "") + (nan ? ".nan" : "") + "." + suffix)
      .str();
}

/// f16/bf16 under a directed rounding (PTX has none for them): the
/// operation in f64 with the same rounding, f64 -> f32 with it again, then
/// f32 -> f16/bf16 with it once more. Rounding in one direction composes
/// (each grid refines the next), so the three roundings are the one the op
/// asks for. The last step is round-to-nearest then, when that went the
/// wrong way, one step of the target format's bits toward the direction.
Value halfDirected(OpBuilder &b, Location loc, Type t, StringRef base,
                   RoundingMode mode, ValueRange args) {
  Type f64 = b.getF64Type(), f32 = b.getF32Type();
  SmallVector<Value> wide;
  for (Value a : args)
    wide.push_back(arith::ExtFOp::create(b, loc, f64, a));
  StringRef r = *roundingSuffix(mode);
  Value d = intrinsic(b, loc, f64, *roundedName(base, mode, false, f64), wide);
  Value x = intrinsic(b, loc, f32, ("llvm.nvvm.d2f." + r).str(), d);
  Value h = arith::TruncFOp::create(b, loc, t, x);
  Value back = arith::ExtFOp::create(b, loc, f32, h);
  Type bitsType = b.getI16Type();
  Value bits = arith::BitcastOp::create(b, loc, bitsType, h);
  Value one = arith::ConstantOp::create(b, loc, b.getI16IntegerAttr(1));
  Value up = arith::AddIOp::create(b, loc, bits, one);
  Value down = arith::SubIOp::create(b, loc, bits, one);
  Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0));
  Value negative =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, zero);
  Value wrong, fixed;
  switch (mode) {
  case RoundingMode::ZERO: {
    // Too far from zero: one step of magnitude down.
    Value ax = math::AbsFOp::create(b, loc, x);
    Value ab = math::AbsFOp::create(b, loc, back);
    wrong = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, ab, ax);
    fixed = down;
    break;
  }
  case RoundingMode::NEGATIVE_INF:
    // Above x: toward -inf (magnitude up when negative).
    wrong = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, back, x);
    fixed = arith::SelectOp::create(b, loc, negative, up, down);
    break;
  default:
    // Below x: toward +inf (magnitude down when negative).
    wrong = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, back, x);
    fixed = arith::SelectOp::create(b, loc, negative, down, up);
    break;
  }
  Value stepped = arith::BitcastOp::create(b, loc, t, fixed);
  return arith::SelectOp::create(b, loc, wrong, stepped, h);
}

bool isHalfDirected(Type t, RoundingMode mode, bool ftz) {
  return (t.isF16() || t.isBF16()) && !ftz &&
         (mode == RoundingMode::ZERO || mode == RoundingMode::NEGATIVE_INF ||
          mode == RoundingMode::POSITIVE_INF);
}

/// The whole table: builds the lowering of `op` when `b` is set, and only
/// answers whether there is one when it is null.
FailureOr<Value> lower(OpBuilder *b, Operation *op, ValueRange x, Type t) {
  Location loc = op->getLoc();
  // Shorthands: `ok()` answers a query, `make(...)` builds.
  bool query = b == nullptr;
  auto done = [&](auto build) -> FailureOr<Value> {
    if (query)
      return Value();
    return Value(build());
  };

  // Integers.
  if (isa<as::AbsIOp>(op))
    return done([&] { return math::AbsIOp::create(*b, loc, x[0]); });
  if (isa<as::AddIOp>(op))
    return done([&] { return arith::AddIOp::create(*b, loc, x[0], x[1]); });
  if (isa<as::SubIOp>(op))
    return done([&] { return arith::SubIOp::create(*b, loc, x[0], x[1]); });
  if (isa<as::MulIOp>(op))
    return done([&] { return arith::MulIOp::create(*b, loc, x[0], x[1]); });
  if (isa<as::ShLIOp>(op))
    return done([&] { return arith::ShLIOp::create(*b, loc, x[0], x[1]); });
  if (isa<as::MulhiIOp>(op))
    return done([&] {
      return arith::MulUIExtendedOp::create(*b, loc, x[0], x[1]).getHigh();
    });
  if (auto div = dyn_cast<as::DivIOp>(op)) {
    bool s = isSigned(div.getSignedness());
    switch (div.getRounding()) {
    case RoundingMode::ZERO:
      return done([&]() -> Value {
        if (s)
          return arith::DivSIOp::create(*b, loc, x[0], x[1]);
        return arith::DivUIOp::create(*b, loc, x[0], x[1]);
      });
    case RoundingMode::NEGATIVE_INF:
      return done([&]() -> Value {
        if (s)
          return arith::FloorDivSIOp::create(*b, loc, x[0], x[1]);
        return arith::DivUIOp::create(*b, loc, x[0], x[1]);
      });
    case RoundingMode::POSITIVE_INF:
      return done([&]() -> Value {
        if (s)
          return arith::CeilDivSIOp::create(*b, loc, x[0], x[1]);
        return arith::CeilDivUIOp::create(*b, loc, x[0], x[1]);
      });
    default:
      return failure();
    }
  }
  if (auto rem = dyn_cast<as::RemIOp>(op))
    return done([&]() -> Value {
      if (isSigned(rem.getSignedness()))
        return arith::RemSIOp::create(*b, loc, x[0], x[1]);
      return arith::RemUIOp::create(*b, loc, x[0], x[1]);
    });
  if (isa<as::NegIOp>(op))
    return done([&] {
      Value zero = arith::ConstantOp::create(*b, loc, b->getZeroAttr(t));
      return arith::SubIOp::create(*b, loc, zero, x[0]);
    });
  if (isa<as::AndIOp>(op))
    return done([&] { return arith::AndIOp::create(*b, loc, x[0], x[1]); });
  if (isa<as::OrIOp>(op))
    return done([&] { return arith::OrIOp::create(*b, loc, x[0], x[1]); });
  if (isa<as::XOrIOp>(op))
    return done([&] { return arith::XOrIOp::create(*b, loc, x[0], x[1]); });
  if (auto sh = dyn_cast<as::ShRIOp>(op))
    return done([&]() -> Value {
      if (isSigned(sh.getSignedness()))
        return arith::ShRSIOp::create(*b, loc, x[0], x[1]);
      return arith::ShRUIOp::create(*b, loc, x[0], x[1]);
    });
  if (auto mx = dyn_cast<as::MaxIOp>(op))
    return done([&]() -> Value {
      if (isSigned(mx.getSignedness()))
        return arith::MaxSIOp::create(*b, loc, x[0], x[1]);
      return arith::MaxUIOp::create(*b, loc, x[0], x[1]);
    });
  if (auto mn = dyn_cast<as::MinIOp>(op))
    return done([&]() -> Value {
      if (isSigned(mn.getSignedness()))
        return arith::MinSIOp::create(*b, loc, x[0], x[1]);
      return arith::MinUIOp::create(*b, loc, x[0], x[1]);
    });
  if (auto cmp = dyn_cast<as::CmpIOp>(op))
    return done([&] {
      return arith::CmpIOp::create(
          *b, loc,
          conversion::cmpiPredicate(cmp.getComparisonPredicate(),
                                    isSigned(cmp.getSignedness())),
          x[0], x[1]);
    });

  // Floats: exact ops.
  if (isa<as::AbsFOp>(op))
    return done([&] { return math::AbsFOp::create(*b, loc, x[0]); });
  if (isa<as::NegFOp>(op))
    return done([&] { return arith::NegFOp::create(*b, loc, x[0]); });
  if (isa<as::RemFOp>(op))
    return done([&] { return arith::RemFOp::create(*b, loc, x[0], x[1]); });
  if (isa<as::FloorOp>(op))
    return done([&] { return math::FloorOp::create(*b, loc, x[0]); });
  if (isa<as::CeilOp>(op))
    return done([&] { return math::CeilOp::create(*b, loc, x[0]); });
  if (isa<as::SelectOp>(op))
    return done(
        [&] { return arith::SelectOp::create(*b, loc, x[0], x[1], x[2]); });
  if (auto cmp = dyn_cast<as::CmpFOp>(op))
    return done([&] {
      return arith::CmpFOp::create(
          *b, loc,
          conversion::cmpfPredicate(cmp.getComparisonPredicate(),
                                    cmp.getComparisonOrdering() ==
                                        cuda_tile::ComparisonOrdering::ORDERED),
          x[0], x[1]);
    });

  // Floats: rounded arithmetic.
  auto rounded = [&](auto typed, StringRef base,
                     auto plain) -> FailureOr<Value> {
    if (plainRounding(typed))
      return done(plain);
    RoundingMode mode = typed.getRoundingMode();
    if (isHalfDirected(t, mode, typed.getFlushToZero()))
      return done([&] { return halfDirected(*b, loc, t, base, mode, x); });
    std::optional<std::string> name =
        roundedName(base, mode, typed.getFlushToZero(), t);
    if (!name)
      return failure();
    return done([&] { return intrinsic(*b, loc, t, *name, x); });
  };
  if (auto add = dyn_cast<as::AddFOp>(op))
    return rounded(add, "add",
                   [&] { return arith::AddFOp::create(*b, loc, x[0], x[1]); });
  if (auto sub = dyn_cast<as::SubFOp>(op)) {
    if (plainRounding(sub))
      return done([&] { return arith::SubFOp::create(*b, loc, x[0], x[1]); });
    if (isHalfDirected(t, sub.getRoundingMode(), sub.getFlushToZero()))
      return done([&] {
        Value neg = arith::NegFOp::create(*b, loc, x[1]);
        return halfDirected(*b, loc, t, "add", sub.getRoundingMode(),
                            ValueRange{x[0], neg});
      });
    std::optional<std::string> name =
        roundedName("add", sub.getRoundingMode(), sub.getFlushToZero(), t);
    if (!name)
      return failure();
    // a - b = a + (-b) exactly: negation only flips the sign bit.
    return done([&] {
      Value neg = arith::NegFOp::create(*b, loc, x[1]);
      return intrinsic(*b, loc, t, *name, ValueRange{x[0], neg});
    });
  }
  if (auto mul = dyn_cast<as::MulFOp>(op))
    return rounded(mul, "mul",
                   [&] { return arith::MulFOp::create(*b, loc, x[0], x[1]); });
  if (auto fma = dyn_cast<as::FmaOp>(op))
    return rounded(fma, "fma", [&] {
      return math::FmaOp::create(*b, loc, x[0], x[1], x[2]);
    });
  if (auto div = dyn_cast<as::DivFOp>(op)) {
    RoundingMode mode = div.getRoundingMode();
    bool ftz = div.getFlushToZero();
    if (mode == RoundingMode::APPROX || mode == RoundingMode::FULL) {
      if (!t.isF32())
        return failure();
      std::string name =
          mode == RoundingMode::APPROX
              ? (ftz ? "llvm.nvvm.div.approx.ftz.f" : "llvm.nvvm.div.approx.f")
              : (ftz ? "llvm.nvvm.div.full.ftz" : "llvm.nvvm.div.full");
      return done([&] { return intrinsic(*b, loc, t, name, x); });
    }
    return rounded(div, "div",
                   [&] { return arith::DivFOp::create(*b, loc, x[0], x[1]); });
  }
  if (auto sqrt = dyn_cast<as::SqrtOp>(op)) {
    RoundingMode mode = sqrt.getRoundingMode();
    bool ftz = sqrt.getFlushToZero();
    if (mode == RoundingMode::APPROX) {
      if (!t.isF32())
        return failure();
      return done([&] {
        return intrinsic(
            *b, loc, t,
            ftz ? "llvm.nvvm.sqrt.approx.ftz.f" : "llvm.nvvm.sqrt.approx.f", x);
      });
    }
    return rounded(sqrt, "sqrt",
                   [&] { return math::SqrtOp::create(*b, loc, x[0]); });
  }
  if (isa<as::MaxFOp, as::MinFOp>(op)) {
    bool isMax = isa<as::MaxFOp>(op);
    bool nan = op->hasAttr("propagate_nan");
    bool ftz = op->hasAttr("flush_to_zero");
    std::optional<std::string> name = minMaxName(isMax, nan, ftz, t);
    if (!name && !(t.isF64() && nan && !ftz))
      return failure();
    return done([&]() -> Value {
      Value r;
      if (name)
        r = intrinsic(*b, loc, t, *name, x);
      else if (isMax)
        r = LLVM::MaximumOp::create(*b, loc, x[0], x[1]);
      else
        r = LLVM::MinimumOp::create(*b, loc, x[0], x[1]);
      // The spec makes a NaN result of maxf/minf the canonical NaN (all
      // payload bits set). PTX's max/min give it, but LLVM folds
      // fmax(x, x) to x and so passes x's payload through: select the
      // canonical NaN explicitly (a select keeps bits; LLVM may not fold it
      // away).
      auto ft = cast<FloatType>(t);
      const llvm::fltSemantics &sem = ft.getFloatSemantics();
      unsigned width = ft.getWidth();
      llvm::APFloat canonical(
          sem, llvm::APInt::getSignedMaxValue(width)); // 0x7fff...f
      Value canon =
          arith::ConstantOp::create(*b, loc, t, b->getFloatAttr(t, canonical));
      Value isNaN =
          arith::CmpFOp::create(*b, loc, arith::CmpFPredicate::UNO, r, r);
      return arith::SelectOp::create(*b, loc, isNaN, canon, r);
    });
  }

  // Floats: transcendental.
  if (auto exp = dyn_cast<as::ExpOp>(op)) {
    if (exp.getRoundingMode() != RoundingMode::APPROX)
      return done([&] { return math::ExpOp::create(*b, loc, x[0]); });
    if (!t.isF32())
      return failure();
    // ex2.approx(x * log2(e)), the approximation cuda_tile names.
    return done([&] {
      Value log2e = arith::ConstantOp::create(
          *b, loc, b->getF32FloatAttr(1.4426950408889634f));
      Value scaled = arith::MulFOp::create(*b, loc, x[0], log2e);
      return intrinsic(*b, loc, t, "llvm.nvvm.ex2.approx.f32",
                       ValueRange{scaled});
    });
  }
  if (auto exp2 = dyn_cast<as::Exp2Op>(op)) {
    if (!exp2.getFlushToZero())
      return done([&] { return math::Exp2Op::create(*b, loc, x[0]); });
    if (!t.isF32())
      return failure();
    return done(
        [&] { return intrinsic(*b, loc, t, "llvm.nvvm.ex2.approx.ftz.f", x); });
  }
  if (auto rsqrt = dyn_cast<as::RsqrtOp>(op)) {
    if (!rsqrt.getFlushToZero())
      return done([&] { return math::RsqrtOp::create(*b, loc, x[0]); });
    if (!t.isF32())
      return failure();
    return done([&] {
      return intrinsic(*b, loc, t, "llvm.nvvm.rsqrt.approx.ftz.f", x);
    });
  }
  if (isa<as::TanHOp>(op))
    // Full accuracy also meets the approximate form's error bound.
    return done([&] { return math::TanhOp::create(*b, loc, x[0]); });
  if (isa<as::LogOp>(op))
    return done([&] { return math::LogOp::create(*b, loc, x[0]); });
  if (isa<as::Log2Op>(op))
    return done([&] { return math::Log2Op::create(*b, loc, x[0]); });
  if (isa<as::PowOp>(op))
    return done([&] { return math::PowFOp::create(*b, loc, x[0], x[1]); });
  if (isa<as::SinOp>(op))
    return done([&] { return math::SinOp::create(*b, loc, x[0]); });
  if (isa<as::CosOp>(op))
    return done([&] { return math::CosOp::create(*b, loc, x[0]); });
  if (isa<as::TanOp>(op))
    return done([&] { return math::TanOp::create(*b, loc, x[0]); });
  if (isa<as::SinHOp>(op))
    return done([&] { return math::SinhOp::create(*b, loc, x[0]); });
  if (isa<as::CosHOp>(op))
    return done([&] { return math::CoshOp::create(*b, loc, x[0]); });
  if (isa<as::Atan2Op>(op))
    // Not math.atan2: its folder gives NaN for atan2(+-0, +-0), where C's
    // atan2 (and cuda_tile's) gives +-0 or +-pi.
    return done([&] {
      return backend::libdeviceCall(*b, loc, op->getParentOfType<ModuleOp>(),
                                    "atan2", t, x);
    });

  // Conversions.
  if (auto ftof = dyn_cast<as::FToFOp>(op)) {
    if (ftof.getRoundingMode() != RoundingMode::NEAREST_EVEN)
      return failure();
    Type logicalFrom = backend::mirrorElementType(ftof.getFrom().getType());
    Type logicalTo = backend::mirrorElementType(ftof.getTo().getType());
    if (backend::isNarrowFloat(logicalFrom) ||
        backend::isNarrowFloat(logicalTo)) {
      // f8E8M0FNU (scales) is held but not converted.
      if (isa<Float8E8M0FNUType>(logicalFrom) ||
          isa<Float8E8M0FNUType>(logicalTo))
        return failure();
      return done([&] {
        return backend::convertNarrowFloat(*b, loc, x[0], logicalFrom,
                                           logicalTo);
      });
    }
    Type from = x.empty() ? Type() : x[0].getType();
    return done([&]() -> Value {
      unsigned fw = from.getIntOrFloatBitWidth(),
               tw = t.getIntOrFloatBitWidth();
      if (fw < tw)
        return arith::ExtFOp::create(*b, loc, t, x[0]);
      if (fw > tw)
        return arith::TruncFOp::create(*b, loc, t, x[0]);
      // f16 <-> bf16: through f32 (the widening is exact).
      Value wide = arith::ExtFOp::create(*b, loc, b->getF32Type(), x[0]);
      return arith::TruncFOp::create(*b, loc, t, wide);
    });
  }
  if (auto ftoi = dyn_cast<as::FToIOp>(op)) {
    RoundingMode mode = ftoi.getRoundingMode();
    if (mode == RoundingMode::APPROX || mode == RoundingMode::FULL)
      return failure();
    bool s = isSigned(ftoi.getSignedness());
    return done([&]() -> Value {
      Value v = x[0];
      if (mode == RoundingMode::NEAREST_EVEN)
        v = math::RoundEvenOp::create(*b, loc, v);
      else if (mode == RoundingMode::NEGATIVE_INF)
        v = math::FloorOp::create(*b, loc, v);
      else if (mode == RoundingMode::POSITIVE_INF)
        v = math::CeilOp::create(*b, loc, v);
      if (s)
        return arith::FPToSIOp::create(*b, loc, t, v);
      return arith::FPToUIOp::create(*b, loc, t, v);
    });
  }
  if (auto itof = dyn_cast<as::IToFOp>(op)) {
    if (itof.getRoundingMode() != RoundingMode::NEAREST_EVEN)
      return failure();
    return done([&]() -> Value {
      if (isSigned(itof.getSignedness()))
        return arith::SIToFPOp::create(*b, loc, t, x[0]);
      return arith::UIToFPOp::create(*b, loc, t, x[0]);
    });
  }
  if (auto ext = dyn_cast<as::ExtIOp>(op)) {
    bool fromNibble =
        backend::isNibble(backend::mirrorElementType(op->getOperandTypes()[0]));
    bool toNibble =
        backend::isNibble(backend::mirrorElementType(op->getResultTypes()[0]));
    bool s = isSigned(ext.getSignedness());
    return done([&] {
      return backend::castNibble(*b, loc, x[0], t, s, fromNibble, toNibble);
    });
  }
  if (isa<as::TruncIOp>(op)) {
    bool toNibble =
        backend::isNibble(backend::mirrorElementType(op->getResultTypes()[0]));
    return done([&] {
      return backend::castNibble(*b, loc, x[0], t, false, false, toNibble);
    });
  }
  if (isa<as::BitcastOp>(op))
    return done([&]() -> Value {
      // A bitcast between one held type (f4E2M1FN to f4E2M1FN: a byte)
      // is the value itself.
      if (x[0].getType() == t)
        return x[0];
      return arith::BitcastOp::create(*b, loc, t, x[0]);
    });
  return failure();
}

} // namespace

bool tilecheck::backend::isScalarLowerable(Operation *op) {
  if (op->getNumResults() != 1)
    return false;
  Type t = convertElementType(mirrorElementType(op->getResult(0).getType()));
  if (!t)
    return false;
  for (Type operand : op->getOperandTypes())
    if (!convertElementType(mirrorElementType(operand)))
      return false;
  return succeeded(lower(nullptr, op, {}, t));
}

FailureOr<Value> tilecheck::backend::lowerScalarOp(OpBuilder &b, Operation *op,
                                                   ValueRange operands,
                                                   Type resultType) {
  return lower(&b, op, operands, resultType);
}
