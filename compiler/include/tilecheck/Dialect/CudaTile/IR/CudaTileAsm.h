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
#include "llvm/ADT/STLExtras.h"

#include <utility>

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

/// The `rounding<mode>` an op accepts: `allowed` is the list the
/// diagnostic quotes, `defaultMode` is implied when the keyword is absent.
/// In `strict` mode a known mode outside `allowed` is a parse error naming
/// the offending spelling; otherwise it is left to the op verifier.
struct RoundingSpec {
  llvm::ArrayRef<RoundingMode> allowed;
  RoundingMode defaultMode;
  bool strict;
};

/// custom<Rounding>($rounding_mode, "spec"): an optional `rounding<mode>`,
/// `spec.defaultMode` when absent.
mlir::ParseResult parseRounding(mlir::OpAsmParser &parser,
                                RoundingModeAttr &attr,
                                const RoundingSpec &spec);
/// Prints ` rounding<mode>` with its leading space (formats glue the
/// directive to the previous element so the default prints nothing at all).
void printRounding(mlir::OpAsmPrinter &printer, mlir::Operation *,
                   RoundingModeAttr attr, const RoundingSpec &spec);

/// `rounding<m>` limited to the IEEE modes; nearest_even is implied.
const RoundingSpec &ieeeRounding();

/// Rejects an f32-only modifier (`flush_to_zero`, `approx`) on a tile of
/// another element type.
llvm::LogicalResult verifyF32OnlyModifier(mlir::Operation *op,
                                          mlir::Type tileType,
                                          llvm::StringRef modifier);

/// `flush_to_zero` is an f32-only modifier.
template <typename OpT> llvm::LogicalResult verifyFlushToZero(OpT op) {
  if (op.getFlushToZero())
    return verifyF32OnlyModifier(op, op.getType(), "flush_to_zero");
  return llvm::success();
}

/// Float ops with a rounding mode: `mode` must be one of `spec.allowed`
/// ("invalid rounding mode specified, expect one of [...]"), then
/// `flush_to_zero` (when set) and `approx` are f32-only, in that order.
llvm::LogicalResult verifyFloatRounding(mlir::Operation *op,
                                        mlir::Type tileType, RoundingMode mode,
                                        const RoundingSpec &spec,
                                        bool flushToZero);

namespace detail {
template <typename OpT>
using FlushToZeroGetter = decltype(std::declval<OpT>().getFlushToZero());
} // namespace detail

/// The same for an op's result type, rounding mode and, where the op has
/// one, flush_to_zero flag.
template <typename OpT>
llvm::LogicalResult verifyFloatRounding(OpT op, const RoundingSpec &spec) {
  bool flushToZero = false;
  if constexpr (llvm::is_detected<detail::FlushToZeroGetter, OpT>::value)
    flushToZero = op.getFlushToZero();
  return verifyFloatRounding(op, op.getType(), op.getRoundingMode(), spec,
                             flushToZero);
}

} // namespace tilecheck::cuda_tile

#endif // TILECHECK_DIALECT_CUDATILE_IR_CUDATILEASM_H
