//===- MirrorAsm.cpp - one custom assembly format for nv_tileaa/nv_tileas -===//
//
// See MirrorAsm.h for the form. Inherent attributes are printed and parsed
// in the attribute dictionary; Operation::setAttrs moves them into the
// op's properties when it is created.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/Mirror/MirrorAsm.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace tilecheck::mirror {

/// One type stands for all when the op has one result and every operand
/// has the result's type.
static bool printsOneType(Operation *op) {
  if (op->getNumResults() != 1)
    return false;
  Type t = op->getResult(0).getType();
  if (isa<FunctionType>(t))
    return false;
  return llvm::all_of(op->getOperandTypes(),
                      [&](Type operand) { return operand == t; });
}

void printOp(Operation *op, OpAsmPrinter &p) {
  if (op->getNumOperands() != 0) {
    p << ' ';
    p.printOperands(op->getOperands());
  }
  if (op->getNumRegions() != 0) {
    p << " (";
    llvm::interleaveComma(op->getRegions(), p, [&](Region &region) {
      p.printRegion(region, /*printEntryBlockArgs=*/true,
                    /*printBlockTerminators=*/true);
    });
    p << ')';
  }
  p.printOptionalAttrDict(op->getAttrDictionary().getValue());
  p << " : ";
  if (printsOneType(op))
    p << op->getResult(0).getType();
  else
    p.printFunctionalType(op->getOperandTypes(), op->getResultTypes());
}

ParseResult parseOp(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  llvm::SMLoc operandsLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands))
    return failure();
  if (succeeded(parser.parseOptionalLParen())) {
    do {
      Region *region = result.addRegion();
      if (parser.parseRegion(*region))
        return failure();
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRParen())
      return failure();
  }
  Type type;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(type))
    return failure();
  if (auto fn = dyn_cast<FunctionType>(type)) {
    if (parser.resolveOperands(operands, fn.getInputs(), operandsLoc,
                               result.operands))
      return failure();
    result.addTypes(fn.getResults());
    return success();
  }
  SmallVector<Type> operandTypes(operands.size(), type);
  if (parser.resolveOperands(operands, operandTypes, operandsLoc,
                             result.operands))
    return failure();
  result.addTypes(type);
  return success();
}

} // namespace tilecheck::mirror
