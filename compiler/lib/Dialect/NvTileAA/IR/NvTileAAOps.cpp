//===- NvTileAAOps.cpp - nv_tileaa ops ------------------------------------===//
//
// The mirrored cuda_tile ops and the view ops take their hooks from
// MirrorOpsImpl.inc (shared with nv_tileas); nv_tileaa's own ops (func,
// return, the MMA forms, mark_for_reuse, the queue ops and execute) are
// implemented here.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/Mirror/MirrorVerify.h"
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"

#include "mlir/Dialect/CommonFolders.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileaa;

#define GET_OP_CLASSES
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAAOps.cpp.inc"

void NvTileAADialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAAOps.cpp.inc"
      >();
}

namespace tilecheck::nv_tileaa {
#include "../../Mirror/MirrorOpsImpl.inc"
} // namespace tilecheck::nv_tileaa

//===----------------------------------------------------------------------===//
// func / return
//===----------------------------------------------------------------------===//

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildType = [](Builder &b, ArrayRef<Type> args, ArrayRef<Type> results,
                      function_interface_impl::VariadicFlag, std::string &) {
    return b.getFunctionType(args, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult FuncOp::verify() {
  if (getBody().empty())
    return success();
  Block &entry = getBody().front();
  if (entry.getArgumentTypes() != getFunctionType().getInputs())
    return emitOpError("entry block arguments must match the function type");
  if (isKernel() && getFunctionType().getNumResults() != 0)
    return emitOpError("kernels return no values");
  return success();
}

LogicalResult ReturnOp::verify() {
  auto func = cast<FuncOp>((*this)->getParentOp());
  if (getOperandTypes() != func.getFunctionType().getResults())
    return emitOpError("operand types must match the function's result types");
  return success();
}

//===----------------------------------------------------------------------===//
// MMA
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() { return mirror::verifyMmaShapes(*this); }
LogicalResult DotIntOp::verify() { return mirror::verifyMmaShapes(*this); }
LogicalResult MmaBlockScaleOp::verify() {
  return mirror::verifyBlockScaledMma(*this);
}

//===----------------------------------------------------------------------===//
// mark_for_reuse
//===----------------------------------------------------------------------===//

LogicalResult MarkForReuseOp::verify() {
  for (Type t : getOperandTypes())
    if (!isa<QueueType>(t))
      return emitOpError("expect operands with queue types");
  return success();
}

//===----------------------------------------------------------------------===//
// queues and execute
//===----------------------------------------------------------------------===//

LogicalResult QueueCreateOp::verify() {
  if (getQueue().getType().getDepth() < 1)
    return emitOpError("queue depth must be at least 1");
  return success();
}

LogicalResult ExecuteOp::verify() {
  Block &body = getBody().front();
  if (body.empty() || !isa<ExecuteYieldOp>(body.back()))
    return emitOpError("region must end with 'nv_tileaa.execute.yield'");
  return success();
}
