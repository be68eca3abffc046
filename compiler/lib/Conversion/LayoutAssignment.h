//===- LayoutAssignment.h - layouts into nv_tileas tensor types -*- C++ -*-===//
//
// Internal to compiler/lib/Conversion: the last step of
// convert-tileaa-to-tileas (compiler/docs/Lowering.md, "Layouts").
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_LIB_CONVERSION_LAYOUTASSIGNMENT_H
#define TILECHECK_LIB_CONVERSION_LAYOUTASSIGNMENT_H

#include "mlir/IR/BuiltinOps.h"

namespace tilecheck::conversion {

/// Discardable attribute naming the layout an nv_tileaa op requests
/// (`#nv_tileas<layout ...>`); ConvertTileAAToTileAS carries it onto the
/// replacement and layout assignment consumes it.
inline constexpr llvm::StringLiteral kLayoutRequestAttrName = "layout";

/// Gives every tensor of every nv_tileaa.func in `module` a layout encoding
/// and marks the function `nv_tileas.layouts`. An op computes in the layout
/// it requests, else in reg; MMA operands and results take their fragment
/// layouts (nv_tileas::requiredLayout); block arguments take the layout of
/// the op owning the region (reg for functions and scf); a terminator's
/// operands that of its parent. Where an operand is in another layout than
/// its user needs, an nv_tileas.convert_layout is inserted. The requests
/// are removed: the types carry the layouts.
void assignLayouts(mlir::ModuleOp module);

} // namespace tilecheck::conversion

#endif // TILECHECK_LIB_CONVERSION_LAYOUTASSIGNMENT_H
