//===- NvTileAABase.td - nv_tileaa dialect -----------------*- tablegen -*-===//
//
// nv_tileaa is the alias-aware, target-independent level below cuda_tile:
// tiles are builtin tensors (rank-0 tiles are scalars), pointers carry an
// address space, views are memrefs and tiled views, tokens are mem_tokens.
// compiler/docs/Lowering.md is the contract.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_NVTILEAA_BASE_TD
#define TILECHECK_NVTILEAA_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"

def NvTileAA_Dialect : Dialect {
  let name = "nv_tileaa";
  let cppNamespace = "::tilecheck::nv_tileaa";
  let summary = "alias-aware tile dialect: typed pointers, memrefs, tokens";
  let description = [{
    The first level below cuda_tile. Tile values are builtin ranked tensors
    (scalars for rank 0); pointers are `!nv_tileaa.ptr<E, AS>`; tensor views
    are `!nv_tileaa.memref`, the tiled views one `!nv_tileaa.tiled_view`;
    tokens are `!nv_tileaa.mem_token`. Most ops mirror a cuda_tile op with the
    same name, attributes and semantics (MirrorOps.def); the rest are memory
    access through memrefs and tiled views, the MMA forms, functions, and the
    queue surface used by the async-pipeline passes.
  }];
  let dependentDialects = ["::tilecheck::cuda_tile::CudaTileDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  // Folders of the mirrored integer ops produce constant attributes.
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
    void registerOps();
  }];
}

#endif // TILECHECK_NVTILEAA_BASE_TD
