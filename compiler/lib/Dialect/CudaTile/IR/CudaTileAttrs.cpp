//===- CudaTileAttrs.cpp - cuda_tile attributes ---------------------------===//
//
// Enum definitions, assume predicates (parse/print/verify against the value
// they describe) and optimization hints.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace tilecheck::cuda_tile;

#include "tilecheck/Dialect/CudaTile/IR/CudaTileEnums.cpp.inc"
#include "tilecheck/Dialect/CudaTile/IR/CudaTileAttrInterfaces.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileAttrs.cpp.inc"

void CudaTileDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tilecheck/Dialect/CudaTile/IR/CudaTileAttrs.cpp.inc"
      >();
}

/// Parses an integer or `?` (nullopt).
static ParseResult parseOptionalBound(AsmParser &parser,
                                      std::optional<int64_t> &value) {
  if (succeeded(parser.parseOptionalQuestion())) {
    value = std::nullopt;
    return success();
  }
  int64_t v;
  if (parser.parseInteger(v))
    return failure();
  value = v;
  return success();
}

static void printBound(AsmPrinter &printer, std::optional<int64_t> v) {
  if (v)
    printer << *v;
  else
    printer << "?";
}

/// Element type of a tile (or the pointee-less element of views); null for
/// other types.
static Type predicateElementType(Type type) {
  if (auto tile = dyn_cast<TileType>(type))
    return tile.getElementType();
  return {};
}

//===----------------------------------------------------------------------===//
// DivByAttr
//===----------------------------------------------------------------------===//

Attribute DivByAttr::parse(AsmParser &parser, Type) {
  uint64_t divisor;
  std::optional<int64_t> every, along;
  if (parser.parseLess() || parser.parseInteger(divisor))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    int64_t e, a;
    if (parser.parseKeyword("every") || parser.parseInteger(e) ||
        parser.parseKeyword("along") || parser.parseInteger(a))
      return {};
    every = e;
    along = a;
  }
  if (parser.parseGreater())
    return {};
  return DivByAttr::get(parser.getContext(), divisor, every, along);
}

void DivByAttr::print(AsmPrinter &printer) const {
  printer << "<" << getDivisor();
  if (getEvery())
    printer << ", every " << *getEvery() << " along " << *getAlong();
  printer << ">";
}

LogicalResult
DivByAttr::verifyWithType(Type type,
                          function_ref<InFlightDiagnostic()> emitError) const {
  uint64_t divisor = getDivisor();
  if (!llvm::isPowerOf2_64(divisor))
    return emitError() << "'cuda_tile.div_by' divisor must be a power of 2";
  if (getEvery().has_value() != getAlong().has_value())
    return emitError() << "'cuda_tile.div_by' 'every'/'along' must be used in "
                          "combination";
  if (divisor > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
    return emitError() << "'cuda_tile.div_by' divisor is too large";
  auto tile = dyn_cast<TileType>(type);
  Type elem = predicateElementType(type);
  bool supported = isa<TensorViewType>(type) ||
                   (tile && isa<IntegerType, PointerType>(elem));
  if (!supported)
    return emitError() << "'cuda_tile.div_by' is valid only for tile of "
                          "integer/pointer or tensor_view values";
  if (!getEvery())
    return success();
  if (isa<TensorViewType>(type))
    return emitError() << "'cuda_tile.div_by' 'every'/'along' cannot be used "
                          "if the constrained value is a tensor_view";
  if (tile.getRank() == 0)
    return emitError() << "'cuda_tile.div_by' 'every'/'along' cannot be used "
                          "if the constrained value is a 0D tile";
  int64_t along = *getAlong();
  if (along < 0 || along >= tile.getRank())
    return emitError() << "'cuda_tile.div_by' every_dim (" << along
                       << ") must be >= 0 and < tile rank (" << tile.getRank()
                       << ")";
  if (*getEvery() < 0 || *getEvery() > tile.getDimSize(along))
    return emitError() << "expected 'cuda_tile.div_by' every_dim to be within "
                          "0 and the size of the respective dimension ("
                       << tile.getDimSize(along) << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// SameElementsAttr
//===----------------------------------------------------------------------===//

Attribute SameElementsAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> values;
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     [&]() -> ParseResult {
                                       int64_t v;
                                       if (parser.parseInteger(v))
                                         return failure();
                                       values.push_back(v);
                                       return success();
                                     }) ||
      parser.parseGreater())
    return {};
  return SameElementsAttr::get(parser.getContext(), values);
}

void SameElementsAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getValues(), printer);
  printer << "]>";
}

LogicalResult
SameElementsAttr::verifyWithType(Type type,
                                 function_ref<InFlightDiagnostic()> emitError) const {
  auto tile = dyn_cast<TileType>(type);
  if (!tile || !isa<IntegerType, PointerType>(tile.getElementType()))
    return emitError() << "'cuda_tile.same_elements' is valid only for tile "
                          "of integer/pointer values";
  if (static_cast<int64_t>(getValues().size()) != tile.getRank())
    return emitError() << "expected number of values in "
                          "'cuda_tile.same_elements' ("
                       << getValues().size()
                       << ") to match rank of constrained tile ("
                       << tile.getRank() << ")";
  for (auto [i, value] : llvm::enumerate(getValues()))
    if (value < 0 || value > tile.getDimSize(i))
      return emitError() << "expected 'cuda_tile.same_elements' value " << i
                         << " to be within 0 and the size of the respective "
                            "dimension ("
                         << tile.getDimSize(i) << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// BoundedAttr
//===----------------------------------------------------------------------===//

Attribute BoundedAttr::parse(AsmParser &parser, Type) {
  std::optional<int64_t> lb, ub;
  if (parser.parseLess() || parseOptionalBound(parser, lb) ||
      parser.parseComma() || parseOptionalBound(parser, ub) ||
      parser.parseGreater())
    return {};
  return BoundedAttr::get(parser.getContext(), lb, ub);
}

void BoundedAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printBound(printer, getLb());
  printer << ", ";
  printBound(printer, getUb());
  printer << ">";
}

LogicalResult
BoundedAttr::verifyWithType(Type type,
                            function_ref<InFlightDiagnostic()> emitError) const {
  auto intType = dyn_cast_or_null<IntegerType>(predicateElementType(type));
  if (!intType)
    return emitError() << "'cuda_tile.bounded' is valid only for tile of "
                          "integer values";
  // Bounds are signed values of the element width.
  unsigned width = intType.getWidth();
  int64_t lo = width >= 64 ? std::numeric_limits<int64_t>::min()
                           : -(int64_t(1) << (width - 1));
  int64_t hi = width >= 64 ? std::numeric_limits<int64_t>::max()
                           : (int64_t(1) << (width - 1)) - 1;
  auto outOfRange = [&](std::optional<int64_t> bound) {
    return bound && (*bound < lo || *bound > hi);
  };
  if (outOfRange(getLb()))
    return emitError() << "'cuda_tile.bounded' expects lower bound to be "
                          "within ["
                       << lo << ", " << hi << "]";
  if (outOfRange(getUb()))
    return emitError() << "'cuda_tile.bounded' expects upper bound to be "
                          "within ["
                       << lo << ", " << hi << "]";
  if (getLb() && getUb() && *getLb() > *getUb())
    return emitError() << "'cuda_tile.bounded' expects lower bound to be less "
                          "than or equal to upper bound";
  return success();
}

//===----------------------------------------------------------------------===//
// OptimizationHintsAttr
//===----------------------------------------------------------------------===//

Attribute OptimizationHintsAttr::parse(AsmParser &parser, Type) {
  SmallVector<NamedAttribute> entries;
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalGreater())) {
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          std::string arch;
          Attribute value;
          if (parser.parseKeywordOrString(&arch) || parser.parseEqual())
            return failure();
          SMLoc loc = parser.getCurrentLocation();
          if (parser.parseAttribute(value))
            return failure();
          auto dict = dyn_cast<DictionaryAttr>(value);
          if (!dict)
            return parser.emitError(loc)
                   << "expected dictionary attribute for optimization_hints "
                      "entry `"
                   << arch << "` got value=" << value;
          entries.push_back(NamedAttribute(
              StringAttr::get(parser.getContext(), arch), dict));
          return success();
        }) ||
        parser.parseGreater())
      return {};
  }
  return OptimizationHintsAttr::get(
      parser.getContext(), DictionaryAttr::get(parser.getContext(), entries));
}

void OptimizationHintsAttr::print(AsmPrinter &printer) const {
  printer << "<";
  llvm::interleaveComma(getHints(), printer, [&](NamedAttribute entry) {
    printer << entry.getName().getValue() << " = {";
    // Integer hints print as bare numbers and boolean ones (allow_tma) as
    // true or false, as they are written (a bool is an i1 IntegerAttr,
    // whose APInt would print as -1).
    llvm::interleaveComma(cast<DictionaryAttr>(entry.getValue()), printer,
                          [&](NamedAttribute hint) {
                            printer << hint.getName().getValue() << " = ";
                            Attribute value = hint.getValue();
                            if (auto b = dyn_cast<BoolAttr>(value))
                              printer << (b.getValue() ? "true" : "false");
                            else if (auto i = dyn_cast<IntegerAttr>(value))
                              printer << i.getValue();
                            else
                              printer.printAttribute(value);
                          });
    printer << "}";
  });
  printer << ">";
}

/// Architectures the hints may name.
static bool isKnownArch(StringRef arch) {
  return llvm::is_contained({"sm_80", "sm_86", "sm_87", "sm_88", "sm_89",
                             "sm_90", "sm_100", "sm_103", "sm_110", "sm_120",
                             "sm_121"},
                            arch);
}

unsigned OptimizationHintsAttr::checkEntryHints(
    function_ref<void(const Twine &)> warn) const {
  unsigned problems = 0;
  auto report = [&](const Twine &msg) {
    ++problems;
    warn(msg);
  };
  for (NamedAttribute entry : getHints()) {
    StringRef arch = entry.getName().getValue();
    if (!isKnownArch(arch)) {
      report("unknown hint key " + arch);
      continue;
    }
    for (NamedAttribute hint : cast<DictionaryAttr>(entry.getValue())) {
      StringRef key = hint.getName().getValue();
      std::string where = (arch + "." + key).str();
      auto intAttr = dyn_cast<IntegerAttr>(hint.getValue());
      if (key == "num_cta_in_cga" || key == "num_worker_warps_per_cta") {
        int64_t limit = key == "num_cta_in_cga" ? 16 : 32;
        if (!intAttr)
          report("integer value expected for " + where);
        else if (intAttr.getInt() <= 0 ||
                 !llvm::isPowerOf2_64(intAttr.getInt()) ||
                 intAttr.getInt() > limit)
          report("expected power-of-two \u2264 " + Twine(limit) + " for " +
                 where);
      } else if (key == "occupancy") {
        if (!intAttr || intAttr.getInt() < 1 || intAttr.getInt() > 32)
          report("integer value in the range [1, 32] is expected for " + where);
      } else {
        report(key + " is not known hint for current Operation");
      }
    }
  }
  return problems;
}
