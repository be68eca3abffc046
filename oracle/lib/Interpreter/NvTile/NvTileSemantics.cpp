//===- NvTileSemantics.cpp - nv_tileaa and nv_tileas op semantics ---------===//
//
// The two dialects below cuda_tile (compiler/docs/Lowering.md). Their
// mirror ops run the cuda_tile semantics, instantiated over NvTileAAOps and
// NvTileASOps (CudaTile/Semantics.h); tiles are builtin tensors or bare
// scalars and pointers `!nv_tileaa.ptr`, which this file plugs into the
// interpreter's pointer hook. The other ops:
//  - nv_tileaa.func is a declaration like cuda_tile.entry (the interpreter
//    enters it through Interpreter::run); nv_tileaa.return ends it.
//  - the memref and tiled-view ops and the dot forms run the cuda_tile view
//    and MMA semantics (MemorySemantics.cpp, MmaSemantics.cpp).
//  - nv_tileaa.mark_for_reuse is a buffer-assignment hint: no effect.
//  - nv_tileas.convert_layout only moves a value between layouts: its
//    result is its operand.
//
//===----------------------------------------------------------------------===//

#include "../CudaTile/Semantics.h"

using namespace mlir;

namespace tilecheck::oracle {

namespace {

using namespace cuda_tile_sem;

Type nvPointee(Type t) {
  if (auto p = dyn_cast<nv_tileaa::PtrType>(t))
    return p.getPointeeType();
  return Type();
}

LogicalResult declaration(ExecContext &ctx, Operation *op) {
  return ctx.error(op, "is a declaration and cannot be executed inside a "
                       "tile block");
}

LogicalResult returnSem(ExecContext &ctx, Operation *op) {
  SmallVector<RtValue> values;
  for (Value v : op->getOperands())
    values.push_back(ctx.get(v));
  ctx.raise(FlowSignal::Kind::Return, values);
  return success();
}

LogicalResult noEffect(ExecContext &, Operation *) { return success(); }

LogicalResult identitySem(ExecContext &ctx, Operation *op) {
  ctx.set(op->getResult(0), ctx.get(op->getOperand(0)));
  return success();
}

/// Every category of mirror ops plus the views and dot forms.
template <class Ops> void registerMirrorDialect(SemanticsRegistry &r) {
  registerControlFor<Ops>(r);
  registerArithFor<Ops>(r);
  registerFloatArithFor<Ops>(r);
  registerMathFor<Ops>(r);
  registerConversionFor<Ops>(r);
  registerCoreFor<Ops>(r);
  registerMemoryFor<Ops>(r);
  registerNvViewsFor<Ops>(r);
  registerNvDotsFor<Ops>(r);
}

} // namespace

void registerNvTileSemantics(SemanticsRegistry &r) {
  registerPointerType(nvPointee);
  registerMirrorDialect<NvTileAAOps>(r);
  registerMirrorDialect<NvTileASOps>(r);
  add<nv_tileaa::FuncOp>(r, declaration);
  add<nv_tileaa::ReturnOp>(r, returnSem);
  add<nv_tileaa::MarkForReuseOp>(r, noEffect);
  add<nv_tileas::ConvertLayoutOp>(r, identitySem);
}

} // namespace tilecheck::oracle
