//===- MirrorAsm.h - one custom assembly format for nv_tileaa/nv_tileas ---===//
//
// The ops of nv_tileaa and nv_tileas that have no declarative format of
// their own print (and parse) in one custom form:
//
//   %r = nv_tileaa.addf %a, %b {rounding_mode = ...} : tensor<4xf32>
//   %v, %t = nv_tileaa.load_ptr_tko %p, %tok {...} : (tensor<4x!ptr>, !tok) ->
//   (tensor<4xf32>, !tok) %s = nv_tileas.reduce %x ({ ^bb0(%e: f32, %acc: f32):
//   ... }) {dim = 1 : i32, ...} : (tensor<2x3xf32>) -> tensor<2xf32>
//
// that is: the mnemonic, the operands, the regions in parentheses, every
// attribute (properties included) in one dictionary, and the types: a
// single type when the op has one result and every operand has its type
// (as arith prints), otherwise the functional type.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DIALECT_MIRROR_MIRRORASM_H
#define TILECHECK_DIALECT_MIRROR_MIRRORASM_H

#include "mlir/IR/OpImplementation.h"

namespace tilecheck::mirror {

void printOp(mlir::Operation *op, mlir::OpAsmPrinter &p);
mlir::ParseResult parseOp(mlir::OpAsmParser &parser,
                          mlir::OperationState &result);

} // namespace tilecheck::mirror

#endif // TILECHECK_DIALECT_MIRROR_MIRRORASM_H
