//===- NvTileASBase.td - nv_tileas dialect -----------------*- tablegen -*-===//
//
// nv_tileas is the assembler-near level: the ops of nv_tileaa with hardware
// witnesses (copy/reduce atoms, MMA atoms), layouts in the tensor type, and the
// shared-memory and async-pipeline surface the TileAS passes build.
// compiler/docs/Lowering.md is the contract.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_NVTILEAS_BASE_TD
#define TILECHECK_NVTILEAS_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def NvTileAS_Dialect : Dialect {
  let name = "nv_tileas";
  let cppNamespace = "::tilecheck::nv_tileas";
  let summary = "assembler-near tile dialect: atoms, layouts, pipelines";
  let description = [{
    The level produced by ConvertTileAAToTileAS (seed 002). Values keep the
    nv_tileaa types (tensors, scalars, `!nv_tileaa.ptr`, memrefs, tiled
    views, mem tokens); memory ops carry copy-atom witnesses, reduce and scan
    reduce-atom witnesses, MMA ops the atom picked from the compute
    capability. Mirrored cuda_tile ops remain only where upstream arith/math
    has no exactly equivalent op.
  }];
  let dependentDialects = ["::tilecheck::cuda_tile::CudaTileDialect",
                           "::tilecheck::nv_tileaa::NvTileAADialect"];
  let useDefaultAttributePrinterParser = 1;
  // Folders of the mirrored integer ops produce constant attributes.
  let hasConstantMaterializer = 1;
  let useDefaultTypePrinterParser = 1;
  // `nv_tileas.layouts` on a function: its layouts are assigned and checked.
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerLayoutInterfaces();
    void registerTypes();
    void registerAttributes();
    void registerOps();
  }];
}

#endif // TILECHECK_NVTILEAS_BASE_TD
