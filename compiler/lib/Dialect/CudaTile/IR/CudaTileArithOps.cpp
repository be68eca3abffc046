//===- CudaTileArithOps.cpp - cuda_tile arith ops ------------------------===//
//
// Verifiers and custom parsers of the ops declared in CudaTileArithOps.td.
//
// The signedness and rounding keyword parsers shared with the math and
// conversion categories live in CudaTileAsm.cpp.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;



//===----------------------------------------------------------------------===//
// Custom directives of the arith assembly formats
//===----------------------------------------------------------------------===//

/// divf additionally accepts `approx` and `full`.
static constexpr RoundingMode kDivFRoundingModes[] = {
    RoundingMode::NEAREST_EVEN, RoundingMode::ZERO,
    RoundingMode::NEGATIVE_INF, RoundingMode::POSITIVE_INF,
    RoundingMode::APPROX,       RoundingMode::FULL};
static constexpr RoundingSpec kDivFRounding{
    kDivFRoundingModes, RoundingMode::NEAREST_EVEN, /*strict=*/false};

/// A bare keyword that `symbolize` names a value of; else `message` at
/// the keyword.
template <typename AttrT, typename EnumT>
static ParseResult
parseEnumKeyword(OpAsmParser &parser, AttrT &attr,
                 std::optional<EnumT> (*symbolize)(StringRef),
                 StringRef message) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  std::optional<EnumT> value;
  if (failed(parser.parseKeyword(&keyword)) || !(value = symbolize(keyword)))
    return parser.emitError(loc) << message;
  attr = AttrT::get(parser.getContext(), *value);
  return success();
}

static ParseResult parseArithPredicate(OpAsmParser &parser,
                                       ComparisonPredicateAttr &attr) {
  return parseEnumKeyword(
      parser, attr, symbolizeComparisonPredicate,
      "expected 'comparison_predicate' to be one of: {'equal', "
      "'not_equal', 'less_than', 'less_than_or_equal', "
      "'greater_than', 'greater_than_or_equal'}");
}
static void printArithPredicate(OpAsmPrinter &printer, Operation *,
                                ComparisonPredicateAttr attr) {
  printer << stringifyComparisonPredicate(attr.getValue());
}

static ParseResult parseArithOrdering(OpAsmParser &parser,
                                      ComparisonOrderingAttr &attr) {
  return parseEnumKeyword(
      parser, attr, symbolizeComparisonOrdering,
      "expected 'comparison_ordering' to be one of: {'ordered', 'unordered'}");
}
static void printArithOrdering(OpAsmPrinter &printer, Operation *,
                               ComparisonOrderingAttr attr) {
  printer << stringifyComparisonOrdering(attr.getValue());
}

/// Type of a comparison result for operands of type `operand`: a tile of i1
/// with the same shape.
static Type ctaBoolTileLike(Type operand) {
  auto tile = dyn_cast<TileType>(operand);
  if (!tile)
    return Type();
  return tile.withElementType(IntegerType::get(operand.getContext(), 1));
}

#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileArithOps.cpp.inc"

void CudaTileDialect::registerArithOps() {
  addVersionedOps<
#define GET_OP_LIST
#include "tilecheck/Dialect/CudaTile/IR/CudaTileArithOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

/// Float ops restricted to IEEE rounding plus optional f32 flush-to-zero
/// (addf, subf, mulf, fma).
template <typename OpT> static LogicalResult verifyIEEERoundedFloatOp(OpT op) {
  return verifyFloatRounding(op, ieeeRounding());
}

LogicalResult AddFOp::verify() { return verifyIEEERoundedFloatOp(*this); }
LogicalResult SubFOp::verify() { return verifyIEEERoundedFloatOp(*this); }
LogicalResult MulFOp::verify() { return verifyIEEERoundedFloatOp(*this); }
LogicalResult FmaOp::verify() { return verifyIEEERoundedFloatOp(*this); }

/// divf: `full` is f32-only too.
LogicalResult DivFOp::verify() {
  if (failed(verifyFloatRounding(*this, kDivFRounding)))
    return failure();
  if (getRoundingMode() == RoundingMode::FULL)
    return verifyF32OnlyModifier(*this, getType(), "full");
  return success();
}

LogicalResult MaxFOp::verify() { return verifyFlushToZero(*this); }
LogicalResult MinFOp::verify() { return verifyFlushToZero(*this); }

LogicalResult DivIOp::verify() {
  RoundingMode mode = getRounding();
  if (mode != RoundingMode::ZERO && mode != RoundingMode::NEGATIVE_INF &&
      mode != RoundingMode::POSITIVE_INF)
    return emitOpError("invalid rounding mode specified, expect one of "
                       "[zero, negative_inf, positive_inf]");
  // Floor division is only defined for signed operands.
  if (mode == RoundingMode::NEGATIVE_INF &&
      getSignedness() == Signedness::Unsigned)
    return emitOpError(
        "rounding mode 'negative_inf' is not allowed with 'unsigned' flag");
  return success();
}

LogicalResult NegIOp::verify() {
  if (getOverflow() == IntegerOverflow::NUW)
    return emitOpError("'no_unsigned_wrap' overflow flag is not supported");
  return success();
}

LogicalResult SelectOp::verify() {
  if (isa<Float4E2M1FNType>(getType().getElementType()))
    return emitOpError("cannot operate on sub-byte type F4E2M1FN");
  return success();
}
