//===- NvTileAATypes.td - nv_tileaa types ------------------*- tablegen -*-===//

#ifndef TILECHECK_NVTILEAA_TYPES_TD
#define TILECHECK_NVTILEAA_TYPES_TD

include "tilecheck/Dialect/NvTileAA/IR/NvTileAABase.td"
include "tilecheck/Dialect/NvTileAA/IR/NvTileAAAttrs.td"

class NvTileAA_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<NvTileAA_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def NvTileAA_PtrType : NvTileAA_Type<"Ptr", "ptr"> {
  let summary = "typed pointer with an address space";
  let description = [{
    `!nv_tileaa.ptr<f32, 1>`: a pointer to `f32` in address space 1
    (global). Converted from `!cuda_tile.ptr<f32>`; every pointer of a
    converted program is in address space 1.
  }];
  let parameters = (ins "::mlir::Type":$pointeeType, "unsigned":$addressSpace);
  let assemblyFormat = "`<` $pointeeType `,` $addressSpace `>`";
}

def NvTileAA_MemTokenType : NvTileAA_Type<"MemToken", "mem_token"> {
  let summary = "memory-ordering token";
  let description = [{
    Orders memory operations like `!cuda_tile.token`; carries no value.
  }];
}

def NvTileAA_MemrefType : NvTileAA_Type<"Memref", "memref"> {
  let summary = "strided view of a buffer";
  let description = [{
    `!nv_tileaa.memref<?x64xf32, strides=[64,1], 1>`: shape and strides in
    elements (`?` is given at run time) and the address space of the base
    pointer. Converted from `tensor_view`.
  }];
  let parameters = (ins "::mlir::Type":$elementType,
                        ArrayRefParameter<"int64_t">:$shape,
                        ArrayRefParameter<"int64_t">:$strides,
                        "unsigned":$addressSpace);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getShape().size(); }
  }];
}

def NvTileAA_TiledViewType : NvTileAA_Type<"TiledView", "tiled_view"> {
  let summary = "a memref seen as a grid of tiles";
  let description = [{
    One type for the three cuda_tile tiled views: `kind` says how an index
    selects a tile (partition: tile-sized steps; strided: traversal_strides
    steps; gather_scatter: `sparse_dim` indexed by a tile of row indices).

    ```mlir
    !nv_tileaa.tiled_view<partition, tile=[16, 16], !nv_tileaa.memref<?x64xf32, strides=[64,1], 1>, dim_map=[0, 1]>
    ```
  }];
  let parameters = (ins "TiledViewKind":$kind,
                        ArrayRefParameter<"int64_t">:$tileShape,
                        "MemrefType":$memref,
                        ArrayRefParameter<"int32_t">:$dimMap,
                        ArrayRefParameter<"int64_t">:$traversalStrides,
                        "int64_t":$sparseDim,
                        OptionalParameter<"::tilecheck::cuda_tile::PaddingValueAttr">:$paddingValue);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Number of index operands an access takes (the memref's rank).
    unsigned getIndexRank() const { return getMemref().getRank(); }
  }];
}

def NvTileAA_QueueType : NvTileAA_Type<"Queue", "queue"> {
  let summary = "a bounded queue of tile values between agents";
  let description = [{
    `!nv_tileaa.queue<tensor<64x64xf16>, 2>`: up to `depth` values of the
    element type in flight. Produced by the async-pipeline passes.
  }];
  let parameters = (ins "::mlir::Type":$elementType, "unsigned":$depth);
  let assemblyFormat = "`<` $elementType `,` $depth `>`";
}

#endif // TILECHECK_NVTILEAA_TYPES_TD
