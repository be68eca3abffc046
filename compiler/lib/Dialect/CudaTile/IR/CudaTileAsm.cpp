//===- CudaTileAsm.cpp - shared custom assembly directives ----------------===//
//
// Directives used by several op categories. The type directives live beside
// the type parsers in CudaTileTypes.cpp.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

ParseResult tilecheck::cuda_tile::parseIEEERoundingMode(OpAsmParser &parser,
                                                        RoundingModeAttr &attr) {
  if (failed(parser.parseOptionalKeyword("rounding"))) {
    attr = RoundingModeAttr::get(parser.getContext(), RoundingMode::NEAREST_EVEN);
    return success();
  }
  StringRef kw;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&kw) || parser.parseGreater())
    return failure();
  auto mode = symbolizeRoundingMode(kw);
  if (!mode)
    return parser.emitError(loc) << "unknown rounding mode '" << kw << "'";
  attr = RoundingModeAttr::get(parser.getContext(), *mode);
  return success();
}

void tilecheck::cuda_tile::printIEEERoundingMode(OpAsmPrinter &printer,
                                                 Operation *,
                                                 RoundingModeAttr attr) {
  if (attr && attr.getValue() != RoundingMode::NEAREST_EVEN)
    printer << "rounding<" << stringifyRoundingMode(attr.getValue()) << ">";
}

ParseResult tilecheck::cuda_tile::parseSignedness(OpAsmParser &parser,
                                                  SignednessAttr &attr) {
  StringRef kw;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&kw))
    return failure();
  auto value = symbolizeSignedness(kw);
  if (!value)
    return parser.emitError(loc)
           << "expected 'signed' or 'unsigned', got '" << kw << "'";
  attr = SignednessAttr::get(parser.getContext(), *value);
  return success();
}

void tilecheck::cuda_tile::printSignedness(OpAsmPrinter &printer, Operation *,
                                           SignednessAttr attr) {
  printer << stringifySignedness(attr.getValue());
}
