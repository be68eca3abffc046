//===- CudaTileAsm.cpp - shared custom assembly directives ----------------===//
//
// Directives and keyword parsers used by several op categories (and the one
// modifier check they share). The type directives live beside the type
// parsers in CudaTileTypes.cpp.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

//===----------------------------------------------------------------------===//
// Signedness and rounding keywords (arith, math, conversion, mma)
//===----------------------------------------------------------------------===//

ParseResult tilecheck::cuda_tile::parseSignedness(OpAsmParser &parser,
                                                  SignednessAttr &attr) {
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

void tilecheck::cuda_tile::printSignedness(OpAsmPrinter &printer, Operation *,
                                           SignednessAttr attr) {
  printer << stringifySignedness(attr.getValue());
}

ParseResult tilecheck::cuda_tile::parseRounding(OpAsmParser &parser,
                                                RoundingModeAttr &attr,
                                                const RoundingSpec &spec) {
  if (failed(parser.parseOptionalKeyword("rounding"))) {
    attr = RoundingModeAttr::get(parser.getContext(), spec.defaultMode);
    return success();
  }
  StringRef spelling;
  if (parser.parseLess() || parser.parseKeyword(&spelling) ||
      parser.parseGreater())
    return failure();
  std::optional<RoundingMode> mode = symbolizeRoundingMode(spelling);
  bool accepted =
      mode && (!spec.strict || llvm::is_contained(spec.allowed, *mode));
  if (!accepted) {
    InFlightDiagnostic diag = parser.emitError(parser.getCurrentLocation())
                              << "expected rounding mode to be one of: ";
    llvm::interleaveComma(spec.allowed, diag, [&](RoundingMode m) {
      diag << "'" << stringifyRoundingMode(m) << "'";
    });
    if (spec.strict)
      diag << ", got: '" << spelling << "'";
    return diag;
  }
  attr = RoundingModeAttr::get(parser.getContext(), *mode);
  return success();
}

void tilecheck::cuda_tile::printRounding(OpAsmPrinter &printer, Operation *,
                                         RoundingModeAttr attr,
                                         const RoundingSpec &spec) {
  if (attr && attr.getValue() != spec.defaultMode)
    printer << " rounding<" << stringifyRoundingMode(attr.getValue()) << ">";
}

static constexpr RoundingMode kIEEERoundingModes[] = {
    RoundingMode::NEAREST_EVEN, RoundingMode::ZERO, RoundingMode::NEGATIVE_INF,
    RoundingMode::POSITIVE_INF};

const RoundingSpec &tilecheck::cuda_tile::ieeeRounding() {
  static constexpr RoundingSpec spec{kIEEERoundingModes,
                                     RoundingMode::NEAREST_EVEN,
                                     /*strict=*/true};
  return spec;
}

LogicalResult tilecheck::cuda_tile::verifyF32OnlyModifier(Operation *op,
                                                          Type tileType,
                                                          StringRef modifier) {
  Type elementType = cast<TileType>(tileType).getElementType();
  if (elementType.isF32())
    return success();
  return op->emitOpError() << modifier
                           << " modifier only supported for f32 data type, "
                              "but got: "
                           << elementType;
}

LogicalResult tilecheck::cuda_tile::verifyFloatRounding(
    Operation *op, Type tileType, RoundingMode mode, const RoundingSpec &spec,
    bool flushToZero) {
  if (!llvm::is_contained(spec.allowed, mode)) {
    InFlightDiagnostic diag =
        op->emitOpError("invalid rounding mode specified, expect one of [");
    llvm::interleaveComma(spec.allowed, diag, [&](RoundingMode m) {
      diag << stringifyRoundingMode(m);
    });
    return diag << "]";
  }
  if (flushToZero &&
      failed(verifyF32OnlyModifier(op, tileType, "flush_to_zero")))
    return failure();
  if (mode == RoundingMode::APPROX)
    return verifyF32OnlyModifier(op, tileType, "approx");
  return success();
}

//===----------------------------------------------------------------------===//
// Dense tile literals: `<elemType: literal> : tile<...>` (constant, global)
//===----------------------------------------------------------------------===//

static constexpr const char *kNumberTypesList =
    "i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or "
    "f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN";

/// Element types a constant literal may carry.
static bool isConstantElementType(Type type) {
  if (type.isSignlessInteger())
    return llvm::is_contained({1u, 8u, 16u, 32u, 64u},
                              type.getIntOrFloatBitWidth());
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64() ||
         type.isTF32() ||
         isa<Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType,
             Float4E2M1FNType>(type);
}

namespace {
/// Parses the nested-bracket literal of a constant, collecting the leaf
/// values in row-major order and the shape implied by the nesting.
struct DenseLiteralParser {
  OpAsmParser &parser;
  Type elementType;
  SmallVector<APInt> ints;
  SmallVector<APFloat> floats;

  /// One leaf value.
  ParseResult parseLeaf() {
    SMLoc loc = parser.getCurrentLocation();
    if (auto intType = dyn_cast<IntegerType>(elementType)) {
      unsigned width = intType.getWidth();
      // Only i1 takes the boolean keywords.
      std::optional<bool> boolValue;
      if (succeeded(parser.parseOptionalKeyword("true")))
        boolValue = true;
      else if (succeeded(parser.parseOptionalKeyword("false")))
        boolValue = false;
      if (boolValue) {
        if (width != 1)
          return parser.emitError(loc, "expected integer value");
        ints.push_back(APInt(1, *boolValue ? 1 : 0));
        return success();
      }
      int64_t value;
      OptionalParseResult parsed = parser.parseOptionalInteger(value);
      if (!parsed.has_value() || failed(*parsed))
        return parser.emitError(loc, "expected integer value");
      // Accept both the signed and the unsigned range of the width.
      if (width < 64) {
        int64_t lo = width == 1 ? -1 : -(int64_t(1) << (width - 1));
        int64_t hi = (int64_t(1) << width) - 1;
        if (value < lo || value > hi)
          return parser.emitError(loc, "integer constant out of range for type");
      }
      ints.push_back(APInt(width, static_cast<uint64_t>(value),
                           /*isSigned=*/true, /*implicitTrunc=*/true));
      return success();
    }
    APFloat value(0.0);
    if (parser.parseFloat(cast<FloatType>(elementType).getFloatSemantics(),
                          value))
      return failure();
    floats.push_back(value);
    return success();
  }

  /// A leaf or a bracketed list; `shape` receives the implied shape.
  ParseResult parseValue(SmallVectorImpl<int64_t> &shape) {
    if (failed(parser.parseOptionalLSquare()))
      return parseLeaf();
    int64_t count = 0;
    std::optional<SmallVector<int64_t>> innerShape;
    auto parseElement = [&]() -> ParseResult {
      SmallVector<int64_t> elemShape;
      if (parseValue(elemShape))
        return failure();
      ++count;
      if (!innerShape) {
        innerShape = elemShape;
      } else if (*innerShape != elemShape) {
        return parser.emitError(parser.getCurrentLocation(),
                                "tensor literal is invalid; ranks are not "
                                "consistent between elements");
      }
      return success();
    };
    if (parser.parseCommaSeparatedList(parseElement) || parser.parseRSquare())
      return failure();
    shape.push_back(count);
    if (innerShape)
      shape.append(innerShape->begin(), innerShape->end());
    return success();
  }
};
} // namespace

static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(shape, os);
  os << "]";
  return text;
}

ParseResult tilecheck::cuda_tile::parseDenseTileLiteral(
    OpAsmParser &parser, StringRef opName, StringRef subject,
    DenseIntOrFPElementsAttr &attr, Type &resultType) {
  if (parser.parseLess())
    return failure();
  Type elementType;
  OptionalParseResult parsedType = parser.parseOptionalType(elementType);
  if (!parsedType.has_value()) {
    // Not a type at all (e.g. a bare word): name it, then report below.
    StringRef word;
    SMLoc wordLoc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalKeyword(&word)))
      parser.emitError(wordLoc) << "'" << opName << "' unknown type: " << word;
  } else if (failed(*parsedType)) {
    return failure();
  }
  if (!elementType || !isConstantElementType(elementType))
    return parser.emitError(parser.getCurrentLocation())
           << "expect element type to be one of " << kNumberTypesList
           << " values, but got " << elementType;
  if (parser.parseColon())
    return failure();

  DenseLiteralParser literal{parser, elementType, {}, {}};
  SmallVector<int64_t> literalShape;
  if (literal.parseValue(literalShape) || parser.parseGreater() ||
      parser.parseColon())
    return failure();

  SMLoc typeLoc = parser.getCurrentLocation();
  if (parseCudaTileTypeShort(parser, resultType))
    return failure();
  auto tileType = dyn_cast<TileType>(resultType);
  if (!tileType)
    return parser.emitError(typeLoc)
           << subject << " must be tile of " << kNumberTypesList
           << " values, but got " << resultType;
  if (tileType.getElementType() != elementType)
    return parser.emitError(typeLoc)
           << "mismatch between the element type: " << elementType
           << " and the tile element type " << tileType.getElementType();

  // A bare leaf fills the whole tile; a bracketed literal must match.
  ArrayRef<int64_t> shape = tileType.getShape();
  bool isSplatLiteral = literalShape.empty();
  if ((!isSplatLiteral || shape.empty()) && ArrayRef(literalShape) != shape)
    return parser.emitError(typeLoc)
           << "inferred shape of elements literal (" << formatShape(literalShape)
           << ") does not match type (" << formatShape(shape) << ")";
  if (literal.ints.empty() && literal.floats.empty())
    return parser.emitError(parser.getCurrentLocation(),
                            "dense attribute cannot be empty");

  auto tensorType = RankedTensorType::get(shape, elementType);
  DenseElementsAttr dense =
      isa<IntegerType>(elementType)
          ? DenseElementsAttr::get(tensorType, ArrayRef<APInt>(literal.ints))
          : DenseElementsAttr::get(tensorType,
                                   ArrayRef<APFloat>(literal.floats));
  attr = cast<DenseIntOrFPElementsAttr>(dense);
  return success();
}

void tilecheck::cuda_tile::printDenseTileLiteral(OpAsmPrinter &printer,
                                                DenseIntOrFPElementsAttr attr,
                                                Type resultType) {
  // Reuse the builtin element printer (`dense<...>` without its type), then
  // swap the `dense` wrapper for the element-typed one. Always with every
  // element: the builtin printer's default hex form for more than 100
  // elements is no syntax of this literal (the parser would reject it).
  std::string text;
  llvm::raw_string_ostream os(text);
  AsmState state(attr.getContext(),
                 OpPrintingFlags().printLargeElementsAttrWithHex(-1));
  attr.print(os, state, /*elideType=*/true);
  StringRef body(text);
  body.consume_front("dense<");
  body.consume_back(">");
  printer << '<' << attr.getElementType() << ": " << body << "> : ";
  printCudaTileTypeShort(printer, resultType);
}
