//===- StructureSemantics.cpp - module, entry, return ---------------------===//
//
// Modules, entries and globals are declarations: the interpreter enters an
// entry through Interpreter::run and reaches globals through get_global, so
// meeting one inside a block is an error, not something to compute. `return`
// ends the entry (possibly from inside an `if`).
//
//===----------------------------------------------------------------------===//

#include "Semantics.h"

using namespace mlir;
using namespace tilecheck::cuda_tile;

namespace tilecheck::oracle::cuda_tile_sem {

ElemType elemTypeOfTile(Type tileType) {
  assert(isTileLike(tileType) && "not a tile, tensor or scalar type");
  std::optional<ElemType> e = elemTypeOf(tileElementType(tileType));
  assert(e && "verifier admits only known element types");
  return *e;
}

Tile makeTile(Type tileType) {
  return Tile(elemTypeOfTile(tileType), tileShape(tileType));
}

void registerStructureSemantics(SemanticsRegistry &r) {
  add<cuda_tile::ModuleOp>(r, declarationSem);
  add<EntryOp>(r, declarationSem);
  add<TestingFuncOp>(r, declarationSem);
  add<ReturnOp>(r, terminatorSem<FlowSignal::Kind::Return>);
}

} // namespace tilecheck::oracle::cuda_tile_sem

namespace tilecheck::oracle {

void registerCudaTileSemantics(SemanticsRegistry &r) {
  using namespace cuda_tile_sem;
  registerStructureSemantics(r);
  registerControlSemantics(r);
  registerArithFor<CudaTileOps>(r);
  registerFloatArithFor<CudaTileOps>(r);
  registerMathFor<CudaTileOps>(r);
  registerConversionFor<CudaTileOps>(r);
  registerCoreFor<CudaTileOps>(r);
  registerMmaSemantics(r);
  registerMemorySemantics(r);
}

} // namespace tilecheck::oracle
