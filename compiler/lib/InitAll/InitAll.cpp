//===- InitAll.cpp - register every tilecheck dialect and pass ------------===//

#include "tilecheck/InitAll.h"

#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/Dialect/CudaTile/Transforms/Passes.h"
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void tilecheck::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<cuda_tile::CudaTileDialect, nv_tileaa::NvTileAADialect,
                  nv_tileas::NvTileASDialect>();
}

void tilecheck::registerAllPasses() {
  // Generic cleanups that tests and users expect from an mlir-opt tool.
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerSymbolDCEPass();
  cuda_tile::registerCudaTileTransformsPasses();
}
