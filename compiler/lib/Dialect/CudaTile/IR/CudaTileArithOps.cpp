//===- CudaTileArithOps.cpp - cuda_tile arith ops ------------------------===//
//
// Verifiers and custom parsers of the ops declared in CudaTileArithOps.td.
//
// The keyword parsers of the arith/math/conversion categories (signedness,
// rounding modes, comparison predicates) live here; CudaTileMathOps.cpp and
// CudaTileConversionOps.cpp reuse them through the declarations in namespace
// `arith_detail`.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

//===----------------------------------------------------------------------===//
// Shared keyword parsers (also used by the math and conversion categories)
//===----------------------------------------------------------------------===//

namespace tilecheck::cuda_tile::arith_detail {

ParseResult parseSignednessKeyword(OpAsmParser &parser, SignednessAttr &attr) {
  SMLoc loc = parser.getCurrentLocation();
  auto fail = [&]() {
    return parser.emitError(loc)
           << "expected signedness to be one of: {'signed', 'unsigned'}";
  };
  StringRef keyword;
  // A missing keyword reports both the generic and the specific diagnostic.
  if (failed(parser.parseKeyword(&keyword)))
    return fail();
  std::optional<Signedness> value = symbolizeSignedness(keyword);
  if (!value)
    return fail();
  attr = SignednessAttr::get(parser.getContext(), *value);
  return success();
}

/// Parses an optional `rounding<mode>`. `allowed` is the list quoted in the
/// diagnostic. In `strict` mode a known mode outside `allowed` is a parse
/// error (and the diagnostic names the offending spelling); otherwise it is
/// left to the op verifier.
ParseResult parseRoundingKeyword(OpAsmParser &parser, RoundingModeAttr &attr,
                                 ArrayRef<RoundingMode> allowed,
                                 RoundingMode defaultMode, bool strict) {
  if (failed(parser.parseOptionalKeyword("rounding"))) {
    attr = RoundingModeAttr::get(parser.getContext(), defaultMode);
    return success();
  }
  StringRef spelling;
  if (parser.parseLess() || parser.parseKeyword(&spelling) ||
      parser.parseGreater())
    return failure();
  std::optional<RoundingMode> mode = symbolizeRoundingMode(spelling);
  bool accepted = mode && (!strict || llvm::is_contained(allowed, *mode));
  if (!accepted) {
    InFlightDiagnostic diag = parser.emitError(parser.getCurrentLocation())
                              << "expected rounding mode to be one of: ";
    llvm::interleaveComma(allowed, diag, [&](RoundingMode m) {
      diag << "'" << stringifyRoundingMode(m) << "'";
    });
    if (strict)
      diag << ", got: '" << spelling << "'";
    return diag;
  }
  attr = RoundingModeAttr::get(parser.getContext(), *mode);
  return success();
}

/// Prints ` rounding<mode>` (with its leading space: the assembly formats
/// glue the directive to the previous element so that nothing, not even a
/// space, is printed for the default mode).
void printRoundingKeyword(OpAsmPrinter &printer, RoundingModeAttr attr,
                          RoundingMode defaultMode) {
  if (attr && attr.getValue() != defaultMode)
    printer << " rounding<" << stringifyRoundingMode(attr.getValue()) << ">";
}

/// Rejects an f32-only modifier (`flush_to_zero`, `approx`, `full`) on a tile
/// of another element type.
LogicalResult verifyF32OnlyModifier(Operation *op, Type tileType,
                                    StringRef modifier) {
  Type elementType = cast<TileType>(tileType).getElementType();
  if (elementType.isF32())
    return success();
  return op->emitOpError() << modifier
                           << " modifier only supported for f32 data type, "
                              "but got: "
                           << elementType;
}

} // namespace tilecheck::cuda_tile::arith_detail

using namespace tilecheck::cuda_tile::arith_detail;

static constexpr RoundingMode kIEEEModes[] = {
    RoundingMode::NEAREST_EVEN, RoundingMode::ZERO, RoundingMode::NEGATIVE_INF,
    RoundingMode::POSITIVE_INF};

//===----------------------------------------------------------------------===//
// Custom directives of the arith assembly formats
//===----------------------------------------------------------------------===//

static ParseResult parseArithSignedness(OpAsmParser &parser,
                                        SignednessAttr &attr) {
  return parseSignednessKeyword(parser, attr);
}
static void printArithSignedness(OpAsmPrinter &printer, Operation *,
                                 SignednessAttr attr) {
  printer << stringifySignedness(attr.getValue());
}

/// `rounding<m>` restricted to the four IEEE modes; nearest_even is implied.
static ParseResult parseArithIEEERounding(OpAsmParser &parser,
                                          RoundingModeAttr &attr) {
  return parseRoundingKeyword(parser, attr, kIEEEModes,
                              RoundingMode::NEAREST_EVEN, /*strict=*/true);
}
static void printArithIEEERounding(OpAsmPrinter &printer, Operation *,
                                   RoundingModeAttr attr) {
  printRoundingKeyword(printer, attr, RoundingMode::NEAREST_EVEN);
}

/// divf additionally accepts `approx` and `full`.
static ParseResult parseDivFRounding(OpAsmParser &parser,
                                     RoundingModeAttr &attr) {
  static constexpr RoundingMode modes[] = {
      RoundingMode::NEAREST_EVEN, RoundingMode::ZERO,
      RoundingMode::NEGATIVE_INF, RoundingMode::POSITIVE_INF,
      RoundingMode::APPROX,       RoundingMode::FULL};
  return parseRoundingKeyword(parser, attr, modes, RoundingMode::NEAREST_EVEN,
                              /*strict=*/false);
}
static void printDivFRounding(OpAsmPrinter &printer, Operation *,
                              RoundingModeAttr attr) {
  printRoundingKeyword(printer, attr, RoundingMode::NEAREST_EVEN);
}

static ParseResult parseArithPredicate(OpAsmParser &parser,
                                       ComparisonPredicateAttr &attr) {
  SMLoc loc = parser.getCurrentLocation();
  auto fail = [&]() {
    return parser.emitError(loc)
           << "expected 'comparison_predicate' to be one of: {'equal', "
              "'not_equal', 'less_than', 'less_than_or_equal', "
              "'greater_than', 'greater_than_or_equal'}";
  };
  StringRef keyword;
  if (failed(parser.parseKeyword(&keyword)))
    return fail();
  std::optional<ComparisonPredicate> value =
      symbolizeComparisonPredicate(keyword);
  if (!value)
    return fail();
  attr = ComparisonPredicateAttr::get(parser.getContext(), *value);
  return success();
}
static void printArithPredicate(OpAsmPrinter &printer, Operation *,
                                ComparisonPredicateAttr attr) {
  printer << stringifyComparisonPredicate(attr.getValue());
}

static ParseResult parseArithOrdering(OpAsmParser &parser,
                                      ComparisonOrderingAttr &attr) {
  SMLoc loc = parser.getCurrentLocation();
  auto fail = [&]() {
    return parser.emitError(loc) << "expected 'comparison_ordering' to be one "
                                    "of: {'ordered', 'unordered'}";
  };
  StringRef keyword;
  if (failed(parser.parseKeyword(&keyword)))
    return fail();
  std::optional<ComparisonOrdering> value =
      symbolizeComparisonOrdering(keyword);
  if (!value)
    return fail();
  attr = ComparisonOrderingAttr::get(parser.getContext(), *value);
  return success();
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

/// Float ops restricted to IEEE rounding plus optional f32 flush-to-zero.
static LogicalResult verifyIEEERoundedFloatOp(Operation *op, RoundingMode mode,
                                              Type type, bool ftz) {
  if (!llvm::is_contained(kIEEEModes, mode))
    return op->emitOpError("invalid rounding mode specified, expect one of "
                           "[nearest_even, zero, negative_inf, positive_inf]");
  if (ftz)
    return verifyF32OnlyModifier(op, type, "flush_to_zero");
  return success();
}

LogicalResult AddFOp::verify() {
  return verifyIEEERoundedFloatOp(*this, getRoundingMode(), getType(),
                                  getFlushToZero());
}
LogicalResult SubFOp::verify() {
  return verifyIEEERoundedFloatOp(*this, getRoundingMode(), getType(),
                                  getFlushToZero());
}
LogicalResult MulFOp::verify() {
  return verifyIEEERoundedFloatOp(*this, getRoundingMode(), getType(),
                                  getFlushToZero());
}
LogicalResult FmaOp::verify() {
  return verifyIEEERoundedFloatOp(*this, getRoundingMode(), getType(),
                                  getFlushToZero());
}

LogicalResult DivFOp::verify() {
  RoundingMode mode = getRoundingMode();
  if (mode == RoundingMode::NEAREST_INT_TO_ZERO)
    return emitOpError("invalid rounding mode specified, expect one of "
                       "[nearest_even, zero, negative_inf, positive_inf, "
                       "approx, full]");
  if (getFlushToZero() &&
      failed(verifyF32OnlyModifier(*this, getType(), "flush_to_zero")))
    return failure();
  if (mode == RoundingMode::APPROX)
    return verifyF32OnlyModifier(*this, getType(), "approx");
  if (mode == RoundingMode::FULL)
    return verifyF32OnlyModifier(*this, getType(), "full");
  return success();
}

LogicalResult MaxFOp::verify() {
  if (getFlushToZero())
    return verifyF32OnlyModifier(*this, getType(), "flush_to_zero");
  return success();
}
LogicalResult MinFOp::verify() {
  if (getFlushToZero())
    return verifyF32OnlyModifier(*this, getType(), "flush_to_zero");
  return success();
}

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
