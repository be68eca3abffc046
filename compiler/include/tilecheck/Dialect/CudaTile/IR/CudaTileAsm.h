//===- CudaTileAsm.h - custom assembly directives -------------------------===//
//
// Parsers and printers shared by the op assembly formats of every category.
// The public syntax spells cuda_tile types without the dialect prefix inside
// ops (`: tile<4xf32>`), while the prefixed form must still parse.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DIALECT_CUDATILE_IR_CUDATILEASM_H
#define TILECHECK_DIALECT_CUDATILE_IR_CUDATILEASM_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

namespace tilecheck::cuda_tile {

/// Parses a type in the short cuda_tile spelling (`tile<...>`, `ptr<...>`,
/// `token`, `tensor_view<...>`, ...) or any fully spelled type.
mlir::ParseResult parseCudaTileTypeShort(mlir::AsmParser &parser,
                                         mlir::Type &type);
/// Prints cuda_tile types without the dialect prefix, other types as usual.
void printCudaTileTypeShort(mlir::AsmPrinter &printer, mlir::Type type);

//===----------------------------------------------------------------------===//
// ODS custom directives
//===----------------------------------------------------------------------===//

template <typename T>
mlir::ParseResult parseCudaTileType(mlir::OpAsmParser &parser, T &type) {
  mlir::Type parsed;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parseCudaTileTypeShort(parser, parsed))
    return mlir::failure();
  if constexpr (std::is_same_v<T, mlir::Type>) {
    type = parsed;
  } else {
    type = llvm::dyn_cast<T>(parsed);
    if (!type)
      return parser.emitError(loc, "invalid kind of type specified: ")
             << parsed;
  }
  return mlir::success();
}
inline void printCudaTileType(mlir::OpAsmPrinter &printer, mlir::Operation *,
                              mlir::Type type) {
  printCudaTileTypeShort(printer, type);
}

/// Comma-separated list of types (for variadic operands/results).
mlir::ParseResult parseCudaTileTypes(mlir::OpAsmParser &parser,
                                     llvm::SmallVectorImpl<mlir::Type> &types);
void printCudaTileTypes(mlir::OpAsmPrinter &printer, mlir::Operation *,
                        mlir::TypeRange types);

/// `<elemType: literal> : tile<...>`, the literal of `constant` and
/// `global`: an element type, a scalar (splat) or nested `[...]` values, and
/// the tile type whose shape they take. Produces a dense attribute of the
/// builtin tensor type with that shape. `opName` and `subject` (e.g.
/// "result #0") name the op and the value in diagnostics.
mlir::ParseResult parseDenseTileLiteral(mlir::OpAsmParser &parser,
                                        llvm::StringRef opName,
                                        llvm::StringRef subject,
                                        mlir::DenseIntOrFPElementsAttr &attr,
                                        mlir::Type &tileType);
void printDenseTileLiteral(mlir::OpAsmPrinter &printer,
                           mlir::DenseIntOrFPElementsAttr attr,
                           mlir::Type tileType);

class RoundingModeAttr;
class SignednessAttr;
enum class RoundingMode : uint32_t;

/// custom<Signedness>: `signed` or `unsigned`.
mlir::ParseResult parseSignedness(mlir::OpAsmParser &parser,
                                  SignednessAttr &attr);
void printSignedness(mlir::OpAsmPrinter &printer, mlir::Operation *,
                     SignednessAttr attr);

/// Parses an optional `rounding<mode>`, `defaultMode` when absent. `allowed`
/// is the list the diagnostic quotes. In `strict` mode a known mode outside
/// `allowed` is a parse error naming the offending spelling; otherwise it is
/// left to the op verifier.
mlir::ParseResult parseRoundingKeyword(mlir::OpAsmParser &parser,
                                       RoundingModeAttr &attr,
                                       llvm::ArrayRef<RoundingMode> allowed,
                                       RoundingMode defaultMode, bool strict);
/// Prints ` rounding<mode>` with its leading space (formats glue the
/// directive to the previous element so the default prints nothing at all).
void printRoundingKeyword(mlir::OpAsmPrinter &printer, RoundingModeAttr attr,
                          RoundingMode defaultMode);

/// nearest_even, zero, negative_inf, positive_inf.
llvm::ArrayRef<RoundingMode> ieeeRoundingModes();

/// custom<IEEERounding>: `rounding<m>` limited to the IEEE modes;
/// nearest_even is implied.
mlir::ParseResult parseIEEERounding(mlir::OpAsmParser &parser,
                                    RoundingModeAttr &attr);
void printIEEERounding(mlir::OpAsmPrinter &printer, mlir::Operation *,
                       RoundingModeAttr attr);

/// Rejects an f32-only modifier (`flush_to_zero`, `approx`) on a tile of
/// another element type.
llvm::LogicalResult verifyF32OnlyModifier(mlir::Operation *op,
                                          mlir::Type tileType,
                                          llvm::StringRef modifier);

} // namespace tilecheck::cuda_tile

#endif // TILECHECK_DIALECT_CUDATILE_IR_CUDATILEASM_H
