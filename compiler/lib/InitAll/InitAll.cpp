//===- InitAll.cpp - register every tilecheck dialect and pass ------------===//

#include "tilecheck/InitAll.h"

#include "tilecheck/Conversion/Passes.h"
#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/Dialect/CudaTile/Transforms/Passes.h"
#include "tilecheck/Dialect/NvTileAA/IR/NvTileAA.h"
#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h"
#include "tilecheck/Driver/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void tilecheck::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<cuda_tile::CudaTileDialect, nv_tileaa::NvTileAADialect,
                  nv_tileas::NvTileASDialect>();
  // Below cuda_tile, programs use upstream scf for structured control flow
  // and arith/math where they are exactly equivalent
  // (compiler/docs/Lowering.md).
  registry.insert<mlir::arith::ArithDialect, mlir::math::MathDialect,
                  mlir::scf::SCFDialect>();
}

void tilecheck::registerBackendDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect,
                  mlir::cf::ControlFlowDialect>();
}

void tilecheck::registerAllPasses() {
  // Generic cleanups that tests and users expect from an mlir-opt tool.
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerLoopInvariantCodeMotionPass();
  mlir::registerSymbolDCEPass();
  cuda_tile::registerCudaTileTransformsPasses();
  registerTilecheckConversionPasses();
  nv_tileas::registerNvTileASTransformsPasses();
  driver::registerDriverPasses();
}
