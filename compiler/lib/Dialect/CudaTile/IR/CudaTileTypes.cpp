//===- CudaTileTypes.cpp - cuda_tile types --------------------------------===//
//
// Parsers, printers and verifiers of tile, pointer, token and view types. The
// diagnostics match the reference implementation's wording so the public
// conformance tests recognise them.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

#define GET_TYPEDEF_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileTypes.cpp.inc"
#include "tilecheck/Dialect/CudaTile/IR/CudaTileTypeInterfaces.cpp.inc"

void CudaTileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tilecheck/Dialect/CudaTile/IR/CudaTileTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Short type spelling
//===----------------------------------------------------------------------===//

ParseResult tilecheck::cuda_tile::parseCudaTileTypeShort(AsmParser &parser,
                                                         Type &type) {
  StringRef kw;
  SMLoc loc = parser.getCurrentLocation();
  // Only commit to a keyword when it names a cuda_tile type; anything else
  // (i32, f16, !cuda_tile.tile<...>, ...) goes to the generic type parser.
  if (succeeded(parser.parseOptionalKeyword(
          &kw, {"tile", "ptr", "token", "tensor_view", "partition_view",
                "strided_view", "gather_scatter_view"}))) {
    Type parsed = llvm::StringSwitch<function_ref<Type()>>(kw)
                      .Case("tile", [&] { return TileType::parse(parser); })
                      .Case("ptr", [&] { return PointerType::parse(parser); })
                      .Case("token",
                            [&]() -> Type {
                              return TokenType::get(parser.getContext());
                            })
                      .Case("tensor_view",
                            [&] { return TensorViewType::parse(parser); })
                      .Case("partition_view",
                            [&] { return PartitionViewType::parse(parser); })
                      .Case("strided_view",
                            [&] { return StridedViewType::parse(parser); })
                      .Default([&] {
                        return GatherScatterViewType::parse(parser);
                      })();
    if (!parsed)
      return failure();
    type = parsed;
    return success();
  }
  // The reference spells element and short types as keywords; report a
  // token that cannot start any type the way its keyword parser does.
  OptionalParseResult generic = parser.parseOptionalType(type);
  if (!generic.has_value())
    return parser.emitError(loc, "expected valid keyword");
  return *generic;
}

void tilecheck::cuda_tile::printCudaTileTypeShort(AsmPrinter &printer,
                                                  Type type) {
  TypeSwitch<Type>(type)
      .Case<TileType>([&](auto t) {
        printer << "tile";
        t.print(printer);
      })
      .Case<PointerType>([&](auto t) {
        printer << "ptr";
        t.print(printer);
      })
      .Case<TokenType>([&](auto) { printer << "token"; })
      .Case<TensorViewType>([&](auto t) {
        printer << "tensor_view";
        t.print(printer);
      })
      .Case<PartitionViewType>([&](auto t) {
        printer << "partition_view";
        t.print(printer);
      })
      .Case<StridedViewType>([&](auto t) {
        printer << "strided_view";
        t.print(printer);
      })
      .Case<GatherScatterViewType>([&](auto t) {
        printer << "gather_scatter_view";
        t.print(printer);
      })
      .Default([&](Type t) { printer.printType(t); });
}

ParseResult
tilecheck::cuda_tile::parseCudaTileTypes(OpAsmParser &parser,
                                         SmallVectorImpl<Type> &types) {
  return parser.parseCommaSeparatedList([&]() -> ParseResult {
    Type t;
    if (parseCudaTileTypeShort(parser, t))
      return failure();
    types.push_back(t);
    return success();
  });
}

void tilecheck::cuda_tile::printCudaTileTypes(OpAsmPrinter &printer,
                                              Operation *, TypeRange types) {
  llvm::interleaveComma(types, printer,
                        [&](Type t) { printCudaTileTypeShort(printer, t); });
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static void printDims(AsmPrinter &printer, ArrayRef<int64_t> dims,
                      StringRef sep) {
  llvm::interleave(
      dims, printer,
      [&](int64_t d) {
        if (ShapedType::isDynamic(d))
          printer << "?";
        else
          printer << d;
      },
      sep);
}

/// Parses `[a, ?, c]` (entries may be `?` when `allowDynamic`).
static ParseResult parseIntList(AsmParser &parser, SmallVectorImpl<int64_t> &out,
                                bool allowDynamic) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (allowDynamic && succeeded(parser.parseOptionalQuestion())) {
          out.push_back(ShapedType::kDynamic);
          return success();
        }
        int64_t v;
        if (parser.parseInteger(v))
          return failure();
        out.push_back(v);
        return success();
      });
}

/// Parses `tile=(AxB)`.
static ParseResult parseTileShape(AsmParser &parser,
                                  SmallVectorImpl<int64_t> &shape) {
  if (parser.parseKeyword("tile") || parser.parseEqual() || parser.parseLParen())
    return failure();
  if (succeeded(parser.parseOptionalRParen()))
    return success();
  if (parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/false) ||
      parser.parseRParen())
    return failure();
  return success();
}

static ParseResult parseTensorViewOperand(AsmParser &parser,
                                          TensorViewType &view) {
  SMLoc loc = parser.getCurrentLocation();
  Type t;
  if (parseCudaTileTypeShort(parser, t))
    return failure();
  view = dyn_cast<TensorViewType>(t);
  if (!view)
    return parser.emitError(loc) << "expected 'tensor_view' type, but got " << t;
  return success();
}

static std::string formatList(ArrayRef<int64_t> values) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(values, os);
  return s;
}

static bool isIdentityDimMap(ArrayRef<int32_t> dimMap) {
  for (auto [i, d] : llvm::enumerate(dimMap))
    if (d != static_cast<int32_t>(i))
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// PointerType
//===----------------------------------------------------------------------===//

Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  if (parser.parseLess() || parseCudaTileTypeShort(parser, pointee) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<PointerType>(parser.getContext(), pointee);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<";
  printCudaTileTypeShort(printer, getPointeeType());
  printer << ">";
}

/// The element types of memory (views and pointers), as the reference
/// diagnostics list them.
static constexpr llvm::StringLiteral kNumberTypeList =
    "f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or "
    "f4E2M1FN or i1 or i8 or i16 or i32 or i64";

/// Number types a tile may hold (besides pointers).
static bool isNumberType(Type t) {
  if (auto i = dyn_cast<IntegerType>(t))
    return i.isSignless() && llvm::is_contained({1u, 4u, 8u, 16u, 32u, 64u},
                                                i.getWidth());
  return isa<Float16Type, BFloat16Type, Float32Type, Float64Type,
             FloatTF32Type, Float8E4M3FNType, Float8E5M2Type,
             Float8E8M0FNUType, Float4E2M1FNType>(t);
}

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type pointee) {
  if (!isNumberType(pointee) || pointee.isInteger(4))
    return emitError() << "failed to verify 'pointeeType': " << kNumberTypeList;
  return success();
}

//===----------------------------------------------------------------------===//
// TileType
//===----------------------------------------------------------------------===//

Type TileType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parseCudaTileTypeShort(parser, elementType) || parser.parseGreater())
    return {};
  return parser.getChecked<TileType>(parser.getContext(), shape, elementType);
}

void TileType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t d : getShape())
    printer << d << "x";
  printCudaTileTypeShort(printer, getElementType());
  printer << ">";
}

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType) {
  if (!isNumberType(elementType) && !isa<PointerType>(elementType))
    return emitError() << "failed to verify 'elementType': " << kNumberTypeList
                       << " or Pointer type";
  if (llvm::any_of(shape, [](int64_t d) { return d <= 0; }))
    return emitError() << "all dimensions must be positive constants, got "
                       << formatList(shape);
  // tileiras's rule: a pointer to 4-bit elements has no address for every
  // other element (memory packs two per byte), so tiles of them would
  // scatter half-byte addresses; views reach 4-bit memory instead.
  if (auto ptr = dyn_cast<PointerType>(elementType);
      ptr && isa<Float4E2M1FNType>(ptr.getPointeeType()) && !shape.empty())
    return emitError() << "tiles of ptr<f4E2M1FN> must have rank 0; use an "
                          "f4 tile view for memory accesses";
  // Checked before the power-of-two rule, as the reference does: the
  // element count is odd exactly when every dimension is.
  if (isa<Float4E2M1FNType>(elementType) &&
      llvm::all_of(shape, [](int64_t d) { return d % 2 != 0; }))
    return emitError() << "F4E2M1FN tiles must have an even number of elements";
  if (llvm::any_of(shape, [](int64_t d) { return !llvm::isPowerOf2_64(d); }))
    return emitError() << "all dimensions must be powers of two, got "
                       << formatList(shape);
  uint64_t count = 1;
  for (int64_t d : shape) {
    count *= static_cast<uint64_t>(d);
    if (count > (uint64_t(1) << 24))
      return emitError() << "tile would exceed the maximum of 16777216 elements";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// TensorViewType
//===----------------------------------------------------------------------===//

Type TensorViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape, strides;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parseCudaTileTypeShort(parser, elementType))
    return {};
  if (shape.empty()) {
    if (succeeded(parser.parseOptionalComma())) {
      if (succeeded(parser.parseOptionalKeyword("strides"))) {
        parser.emitError(parser.getCurrentLocation())
            << "strides must not be provided for 0-d tiles";
        return {};
      }
      parser.emitError(parser.getCurrentLocation())
          << "expected token after element type in 0-d tensor_view";
      return {};
    }
  } else {
    if (failed(parser.parseOptionalComma()) ||
        failed(parser.parseOptionalKeyword("strides"))) {
      parser.emitError(parser.getCurrentLocation()) << "expected 'strides'";
      return {};
    }
    if (parser.parseEqual() ||
        parser.parseCommaSeparatedList(
            AsmParser::Delimiter::Square, [&]() -> ParseResult {
              if (succeeded(parser.parseOptionalQuestion())) {
                strides.push_back(ShapedType::kDynamic);
                return success();
              }
              SMLoc loc = parser.getCurrentLocation();
              int64_t v;
              OptionalParseResult r = parser.parseOptionalInteger(v);
              if (!r.has_value())
                return parser.emitError(loc)
                       << "expected either 64-bit integer or question mark";
              if (failed(*r))
                return failure();
              if (v <= 0)
                return parser.emitError(loc)
                       << "expected strictly positive integer, got " << v;
              strides.push_back(v);
              return success();
            }))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<TensorViewType>(parser.getContext(), elementType,
                                           shape, strides);
}

void TensorViewType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t d : getShape()) {
    printDims(printer, ArrayRef<int64_t>(d), "");
    printer << "x";
  }
  printCudaTileTypeShort(printer, getElementType());
  if (!getShape().empty()) {
    printer << ", strides=[";
    printDims(printer, getStrides(), ",");
    printer << "]";
  }
  printer << ">";
}

LogicalResult
TensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                       Type elementType, ArrayRef<int64_t> shape,
                       ArrayRef<int64_t> strides) {
  if (!isNumberType(elementType) || elementType.isInteger(4))
    return emitError() << "failed to verify 'elementType': " << kNumberTypeList;
  if (shape.size() != strides.size())
    return emitError() << "expected shape and stride to be of same rank but "
                          "got shape of rank "
                       << shape.size() << " and stride of rank "
                       << strides.size();
  auto show = [](ArrayRef<int64_t> v) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "[";
    llvm::interleaveComma(v, os, [&](int64_t x) {
      if (ShapedType::isDynamic(x))
        os << "?";
      else
        os << x;
    });
    os << "]";
    return s;
  };
  for (int64_t d : shape)
    if (!ShapedType::isDynamic(d) && d <= 0)
      return emitError()
             << "dimensions must have strictly positive constant sizes but got "
             << show(shape);
  for (int64_t s : strides)
    if (!ShapedType::isDynamic(s) && s <= 0)
      return emitError() << "dimensions must have strictly positive constant "
                            "strides but got "
                         << show(strides);
  return success();
}

//===----------------------------------------------------------------------===//
// PartitionViewType
//===----------------------------------------------------------------------===//

static ParseResult parseOptionalPadding(AsmParser &parser,
                                        PaddingValueAttr &padding) {
  if (failed(parser.parseOptionalKeyword("padding_value")))
    return success();
  StringRef kw;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseEqual() || parser.parseKeyword(&kw))
    return failure();
  auto value = symbolizePaddingValue(kw);
  if (!value)
    return parser.emitError(loc)
           << "invalid padding_value attribute specification. Got \"" << kw
           << "\" but expect one of: zero, neg_zero, nan, pos_inf, neg_inf";
  padding = PaddingValueAttr::get(parser.getContext(), *value);
  return parser.parseComma();
}

/// An optional `, dim_map = [...]`; without one, the identity map of the
/// `rank` tile dimensions.
static ParseResult parseDimMap(AsmParser &parser,
                               SmallVectorImpl<int32_t> &dimMap,
                               unsigned rank) {
  if (failed(parser.parseOptionalComma())) {
    for (unsigned i = 0; i < rank; ++i)
      dimMap.push_back(i);
    return success();
  }
  SmallVector<int64_t> values;
  if (parser.parseKeyword("dim_map") || parser.parseEqual() ||
      parseIntList(parser, values, false))
    return failure();
  for (int64_t v : values)
    dimMap.push_back(static_cast<int32_t>(v));
  return success();
}

Type PartitionViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> tileShape;
  PaddingValueAttr padding;
  TensorViewType view;
  SmallVector<int32_t> dimMap;
  if (parser.parseLess() || parseTileShape(parser, tileShape) ||
      parser.parseComma() || parseOptionalPadding(parser, padding) ||
      parseTensorViewOperand(parser, view) ||
      parseDimMap(parser, dimMap, tileShape.size()) || parser.parseGreater())
    return {};
  return parser.getChecked<PartitionViewType>(parser.getContext(), tileShape,
                                              view, dimMap, padding);
}

static void printViewPrefix(AsmPrinter &printer, ArrayRef<int64_t> tileShape) {
  printer << "<tile=(";
  printDims(printer, tileShape, "x");
  printer << "), ";
}

/// `[padding_value = p, ]view[, dim_map=[...]]>`: the end of a partition or
/// strided view; an identity dim_map is not printed.
static void printViewSuffix(AsmPrinter &printer, PaddingValueAttr padding,
                            Type view, ArrayRef<int32_t> dimMap) {
  if (padding)
    printer << "padding_value = " << stringifyPaddingValue(padding.getValue())
            << ", ";
  printCudaTileTypeShort(printer, view);
  if (!isIdentityDimMap(dimMap)) {
    printer << ", dim_map=[";
    llvm::interleaveComma(dimMap, printer);
    printer << "]";
  }
  printer << ">";
}

void PartitionViewType::print(AsmPrinter &printer) const {
  printViewPrefix(printer, getTileShape());
  printViewSuffix(printer, getPaddingValue(), getTensorView(), getDimMap());
}

/// Checks shared by partition and strided views.
static LogicalResult verifyTiledView(function_ref<InFlightDiagnostic()> emitError,
                                     ArrayRef<int64_t> tileShape,
                                     TensorViewType tensorView,
                                     ArrayRef<int32_t> dimMap,
                                     PaddingValueAttr padding) {
  if (tileShape.empty())
    return emitError() << "0-dimension tile shape is not supported";
  for (auto [i, d] : llvm::enumerate(tileShape))
    if (d > std::numeric_limits<int32_t>::max())
      return emitError() << "tile dimension " << i
                         << " exceeds i32 limitations (got " << d
                         << ", expected strictly positive and less than or "
                            "equal to "
                         << std::numeric_limits<int32_t>::max() << ")";
  if (tensorView.getShape().size() != tileShape.size())
    return emitError() << "expected tensor_view rank and tile rank to match, "
                          "got tensor_view of rank "
                       << tensorView.getShape().size() << " and tiles of rank "
                       << tileShape.size();
  if (dimMap.size() != tileShape.size())
    return emitError() << "expected dim_map to map exactly all "
                       << tileShape.size() << " dimensions of the tile, got "
                       << dimMap.size() << " mappings";
  for (int64_t d : tileShape)
    if (d <= 0)
      return emitError()
             << "tile shape dimensions must have positive length but got ["
             << formatList(tileShape) << "]";
  for (int64_t d : tileShape)
    if (!llvm::isPowerOf2_64(d))
      return emitError()
             << "tile shape dimensions must have power of two length but got ["
             << formatList(tileShape) << "]";
  SmallVector<std::optional<unsigned>> used(tensorView.getShape().size());
  for (auto [tileDim, viewDim] : llvm::enumerate(dimMap)) {
    if (viewDim < 0)
      return emitError() << "target dimension must not be negative, got "
                         << viewDim;
    if (viewDim >= static_cast<int32_t>(tensorView.getShape().size()))
      return emitError()
             << "target dimension is outside of tensor view dimensions, "
                "expected strictly less than "
             << tensorView.getShape().size() << ", got " << viewDim;
    if (used[viewDim])
      return emitError() << "target dimension " << viewDim
                         << " mapped at least twice (for tile dimensions "
                         << *used[viewDim] << " and " << tileDim << ")";
    used[viewDim] = tileDim;
  }
  if (failed(TileType::verify(emitError, tileShape, tensorView.getElementType())))
    return failure();
  if (padding && !isa<FloatType>(tensorView.getElementType()) &&
      padding.getValue() != PaddingValue::zero)
    return emitError() << "padding_value "
                       << stringifyPaddingValue(padding.getValue())
                       << " can only be used with floating point element "
                          "types, got "
                       << tensorView.getElementType();
  return success();
}

LogicalResult
PartitionViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                          ArrayRef<int64_t> tileShape, TensorViewType tensorView,
                          ArrayRef<int32_t> dimMap, PaddingValueAttr padding) {
  return verifyTiledView(emitError, tileShape, tensorView, dimMap, padding);
}

ArrayRef<int64_t> PartitionViewType::getViewTileShape() const {
  return getTileShape();
}
Type PartitionViewType::getViewElementType() const {
  return getTensorView().getElementType();
}
unsigned PartitionViewType::getViewIndexRank() const {
  return getTileShape().size();
}

//===----------------------------------------------------------------------===//
// StridedViewType
//===----------------------------------------------------------------------===//

Type StridedViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> tileShape, traversal;
  PaddingValueAttr padding;
  Type view;
  SmallVector<int32_t> dimMap;
  if (parser.parseLess() || parseTileShape(parser, tileShape) ||
      parser.parseComma() || parser.parseKeyword("traversal_strides") ||
      parser.parseEqual() || parseIntList(parser, traversal, false) ||
      parser.parseComma() || parseOptionalPadding(parser, padding) ||
      parseCudaTileTypeShort(parser, view) ||
      parseDimMap(parser, dimMap, tileShape.size()) || parser.parseGreater())
    return {};
  return parser.getChecked<StridedViewType>(parser.getContext(), tileShape,
                                            traversal, view, dimMap, padding);
}

void StridedViewType::print(AsmPrinter &printer) const {
  printViewPrefix(printer, getTileShape());
  printer << "traversal_strides=[";
  printDims(printer, getTraversalStrides(), ",");
  printer << "], ";
  printViewSuffix(printer, getPaddingValue(), getTensorView(), getDimMap());
}

LogicalResult
StridedViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                        ArrayRef<int64_t> tileShape,
                        ArrayRef<int64_t> traversalStrides, Type tensorView,
                        ArrayRef<int32_t> dimMap, PaddingValueAttr padding) {
  auto view = dyn_cast<TensorViewType>(tensorView);
  if (!view)
    return emitError() << "expected 'tensor_view' type, but got " << tensorView;
  if (traversalStrides.size() != tileShape.size())
    return emitError() << "expected " << tileShape.size()
                       << " traversal strides, got " << traversalStrides.size();
  for (int64_t s : traversalStrides)
    if (s <= 0)
      return emitError()
             << "traversal strides must be strictly positive but got ["
             << formatList(traversalStrides) << "]";
  return verifyTiledView(emitError, tileShape, view, dimMap, padding);
}

ArrayRef<int64_t> StridedViewType::getViewTileShape() const {
  return getTileShape();
}
Type StridedViewType::getViewElementType() const {
  return cast<TensorViewType>(getTensorView()).getElementType();
}
unsigned StridedViewType::getViewIndexRank() const {
  return getTileShape().size();
}

//===----------------------------------------------------------------------===//
// GatherScatterViewType
//===----------------------------------------------------------------------===//

Type GatherScatterViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> tileShape;
  Type view;
  int64_t sparseDim;
  if (parser.parseLess() || parseTileShape(parser, tileShape) ||
      parser.parseComma() || parseCudaTileTypeShort(parser, view) ||
      parser.parseComma() || parser.parseKeyword("sparse_dim") ||
      parser.parseEqual() || parser.parseInteger(sparseDim) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<GatherScatterViewType>(parser.getContext(),
                                                  tileShape, view, sparseDim);
}

void GatherScatterViewType::print(AsmPrinter &printer) const {
  printViewPrefix(printer, getTileShape());
  printCudaTileTypeShort(printer, getTensorView());
  printer << ", sparse_dim=" << getSparseDim() << ">";
}

LogicalResult
GatherScatterViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                              ArrayRef<int64_t> tileShape, Type tensorView,
                              int64_t sparseDim) {
  auto view = dyn_cast<TensorViewType>(tensorView);
  if (!view)
    return emitError() << "expected 'tensor_view' type, but got " << tensorView;
  if (tileShape.size() != view.getShape().size())
    return emitError() << "expected tensor_view rank and tile rank to match, "
                          "got tensor_view of rank "
                       << view.getShape().size() << " and tiles of rank "
                       << tileShape.size();
  if (sparseDim < 0 || sparseDim >= static_cast<int64_t>(tileShape.size()))
    return emitError() << "sparse_dim " << sparseDim
                       << " is outside of the view's " << tileShape.size()
                       << " dimensions";
  return TileType::verify(emitError, tileShape, view.getElementType());
}

ArrayRef<int64_t> GatherScatterViewType::getViewTileShape() const {
  return getTileShape();
}
Type GatherScatterViewType::getViewElementType() const {
  return cast<TensorViewType>(getTensorView()).getElementType();
}
unsigned GatherScatterViewType::getViewIndexRank() const {
  return getTileShape().size();
}
