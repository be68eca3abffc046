//===- NvTileAADialect.cpp - nv_tileaa dialect, types and attributes ------===//

#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tilecheck::nv_tileaa;

#include "tilecheck/Dialect/NvTileAA/IR/NvTileAADialect.cpp.inc"
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAAEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAAAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAATypes.cpp.inc"

Operation *NvTileAADialect::materializeConstant(OpBuilder &builder,
                                                Attribute value, Type type,
                                                Location loc) {
  return tilecheck::mirror::materializeConstant<ConstantOp>(builder, value,
                                                            type, loc);
}

void NvTileAADialect::initialize() {
  registerTypes();
  registerAttributes();
  registerOps();
}

void NvTileAADialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAATypes.cpp.inc"
      >();
}

void NvTileAADialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAAAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Integer lists with `?` for dynamic entries
//===----------------------------------------------------------------------===//

/// `[a, ?, b]`; `?` only when `allowDynamic`.
template <typename IntT>
static ParseResult parseIntList(AsmParser &parser, SmallVectorImpl<IntT> &out,
                                bool allowDynamic) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (allowDynamic && succeeded(parser.parseOptionalQuestion())) {
          out.push_back(static_cast<IntT>(ShapedType::kDynamic));
          return success();
        }
        int64_t v;
        if (parser.parseInteger(v))
          return failure();
        out.push_back(static_cast<IntT>(v));
        return success();
      });
}

template <typename IntT>
static void printIntList(AsmPrinter &printer, ArrayRef<IntT> values) {
  printer << "[";
  llvm::interleaveComma(values, printer, [&](IntT v) {
    if (static_cast<int64_t>(v) == ShapedType::kDynamic)
      printer << "?";
    else
      printer << static_cast<int64_t>(v);
  });
  printer << "]";
}

//===----------------------------------------------------------------------===//
// MemrefType
//===----------------------------------------------------------------------===//

Type MemrefType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape, strides;
  Type elem;
  unsigned space = 0;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parser.parseType(elem) || parser.parseComma() ||
      parser.parseKeyword("strides") || parser.parseEqual() ||
      parseIntList(parser, strides, /*allowDynamic=*/true) ||
      parser.parseComma() || parser.parseInteger(space) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<MemrefType>(parser.getContext(), elem, shape,
                                       strides, space);
}

void MemrefType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t d : getShape()) {
    if (d == ShapedType::kDynamic)
      printer << "?";
    else
      printer << d;
    printer << "x";
  }
  printer << getElementType() << ", strides=";
  printIntList(printer, getStrides());
  printer << ", " << getAddressSpace() << ">";
}

LogicalResult MemrefType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 Type elementType, ArrayRef<int64_t> shape,
                                 ArrayRef<int64_t> strides, unsigned) {
  if (shape.size() != strides.size())
    return emitError() << "expected one stride per dimension";
  for (int64_t d : shape)
    if (d != ShapedType::kDynamic && d < 0)
      return emitError() << "dimension sizes must be non-negative";
  if (!elementType.isIntOrFloat())
    return emitError() << "element type must be an integer or float type";
  return success();
}

//===----------------------------------------------------------------------===//
// TiledViewType
//===----------------------------------------------------------------------===//

Type TiledViewType::parse(AsmParser &parser) {
  StringRef kindName;
  SmallVector<int64_t> tile, traversal;
  SmallVector<int32_t> dimMap;
  MemrefType memref;
  int64_t sparseDim = -1;
  cuda_tile::PaddingValueAttr padding;
  if (parser.parseLess() || parser.parseKeyword(&kindName) ||
      parser.parseComma() || parser.parseKeyword("tile") ||
      parser.parseEqual() || parseIntList(parser, tile, false) ||
      parser.parseComma() || parser.parseType(memref) || parser.parseComma() ||
      parser.parseKeyword("dim_map") || parser.parseEqual() ||
      parseIntList(parser, dimMap, false) || parser.parseComma() ||
      parser.parseKeyword("traversal_strides") || parser.parseEqual() ||
      parseIntList(parser, traversal, false) || parser.parseComma() ||
      parser.parseKeyword("sparse_dim") || parser.parseEqual() ||
      parser.parseInteger(sparseDim))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("padding_value") || parser.parseEqual() ||
        parser.parseAttribute(padding))
      return {};
  }
  if (parser.parseGreater())
    return {};
  std::optional<TiledViewKind> kind = symbolizeTiledViewKind(kindName);
  if (!kind) {
    parser.emitError(parser.getNameLoc(), "unknown tiled view kind '")
        << kindName << "'";
    return {};
  }
  return parser.getChecked<TiledViewType>(parser.getContext(), *kind, tile,
                                          memref, dimMap, traversal, sparseDim,
                                          padding);
}

void TiledViewType::print(AsmPrinter &printer) const {
  printer << "<" << stringifyTiledViewKind(getKind()) << ", tile=";
  printIntList(printer, getTileShape());
  printer << ", " << getMemref() << ", dim_map=";
  printIntList(printer, getDimMap());
  printer << ", traversal_strides=";
  printIntList(printer, getTraversalStrides());
  printer << ", sparse_dim=" << getSparseDim();
  if (getPaddingValue())
    printer << ", padding_value=" << getPaddingValue();
  printer << ">";
}

LogicalResult
TiledViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                      TiledViewKind kind, ArrayRef<int64_t> tileShape,
                      MemrefType memref, ArrayRef<int32_t> dimMap,
                      ArrayRef<int64_t> traversalStrides, int64_t sparseDim,
                      cuda_tile::PaddingValueAttr) {
  if (!memref)
    return emitError() << "expected a memref type";
  size_t rank = memref.getRank();
  for (int64_t d : tileShape)
    if (d <= 0)
      return emitError() << "tile dimensions must be positive";
  if (kind == TiledViewKind::GatherScatter) {
    if (sparseDim < 0 || sparseDim >= static_cast<int64_t>(rank))
      return emitError() << "sparse_dim out of range";
    if (tileShape.size() != rank)
      return emitError() << "tile rank must be the memref rank";
    return success();
  }
  if (sparseDim != -1)
    return emitError() << "sparse_dim applies to gather_scatter views only";
  if (tileShape.size() != rank || dimMap.size() != rank)
    return emitError() << "tile and dim_map must have the memref's rank";
  SmallVector<bool> seen(rank, false);
  for (int32_t d : dimMap) {
    if (d < 0 || d >= static_cast<int32_t>(rank) || seen[d])
      return emitError() << "dim_map must be a permutation";
    seen[d] = true;
  }
  if (kind == TiledViewKind::Strided) {
    if (traversalStrides.size() != rank)
      return emitError() << "expected one traversal stride per dimension";
    for (int64_t s : traversalStrides)
      if (s <= 0)
        return emitError() << "traversal strides must be positive";
  } else if (!traversalStrides.empty()) {
    return emitError() << "traversal_strides apply to strided views only";
  }
  return success();
}
