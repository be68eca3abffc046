//===- NvTileAAViewOps.td - memref and tiled-view ops ------*- tablegen -*-===//
//
// Memory access through memrefs and tiled views. Shared by nv_tileaa and
// nv_tileas like MirrorOps.td (the including file defines Mirror_Dialect,
// Mirror_MemSemanticAttr and Mirror_MemScopeAttr); the ops keep the operand
// and attribute names of their cuda_tile origins (make_tensor_view,
// get_tensor_shape, get_index_space_shape, load_view_tko, store_view_tko,
// atomic_red_view_tko) so the interpreter runs them with the same code.
// `make_tiled_view` is the mnemonic in nv_tileaa; nv_tileas calls the same
// op `view` (seed 002's materialisation), chosen by Mirror_ViewMnemonic.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_NVTILEAA_VIEWOPS_TD
#define TILECHECK_NVTILEAA_VIEWOPS_TD

def MV_MemRef : Type<CPred<"::llvm::isa<::tilecheck::nv_tileaa::MemrefType>($_self)">,
                     "nv_tileaa.memref", "::tilecheck::nv_tileaa::MemrefType">;
def MV_TiledView : Type<CPred<"::llvm::isa<::tilecheck::nv_tileaa::TiledViewType>($_self)">,
                        "nv_tileaa.tiled_view", "::tilecheck::nv_tileaa::TiledViewType">;

class MV_Op<string mnemonic, list<Trait> traits = []>
    : Mirror_FormattedOp<Mirror_Dialect, mnemonic, traits>;

def MV_MakeMemRefOp : MV_Op<"make_memref", [Pure, AttrSizedOperandSegments]> {
  let summary = "a memref over a base pointer";
  let description = [{
    From `cuda_tile.make_tensor_view`: one operand per dynamic dimension and
    per dynamic stride of the result type.

    ```mlir
    %m = "nv_tileaa.make_memref"(%p, %n) <{operandSegmentSizes = array<i32: 1, 1, 0>}>
        : (!nv_tileaa.ptr<f32, 1>, i32) -> !nv_tileaa.memref<?x64xf32, strides=[64,1], 1>
    ```
  }];
  let arguments = (ins MT_ScalarPtr:$base, Variadic<MT_ScalarInt>:$dynamicShape,
                       Variadic<MT_ScalarInt>:$dynamicStrides);
  let results = (outs MV_MemRef:$result);
  let hasVerifier = 1;
}

def MV_MakeTiledViewOp : MV_Op<Mirror_ViewMnemonic, [Pure]> {
  let summary = "a memref seen as a grid of tiles";
  let description = [{
    From `cuda_tile.make_partition_view`, `make_strided_view` and
    `make_gather_scatter_view`; the result type says which.
  }];
  let arguments = (ins MV_MemRef:$tensor_view);
  let results = (outs MV_TiledView:$result);
  let hasVerifier = 1;
}

def MV_MemRefShapeOp : MV_Op<"memref_shape", [Pure]> {
  let summary = "the dimension sizes of a memref";
  let description = [{
    From `cuda_tile.get_tensor_shape`: one scalar per dimension.
  }];
  let arguments = (ins MV_MemRef:$src);
  let results = (outs Variadic<MT_ScalarInt>:$result);
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def MV_IndexSpaceShapeOp : MV_Op<"index_space_shape", [Pure]> {
  let summary = "the extent of a tiled view's index space";
  let description = [{
    From `cuda_tile.get_index_space_shape`: one scalar per index dimension.
  }];
  let arguments = (ins MV_TiledView:$src);
  let results = (outs Variadic<MT_ScalarInt>:$result);
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def MV_TiledLoadOp : MV_Op<"tiled_load", [AttrSizedOperandSegments]> {
  let summary = "loads one tile of a tiled view";
  let description = [{
    From `cuda_tile.load_view_tko`, with its semantics (padding past the
    edge, token ordering). nv_tileas carries a `copy_atom` witness verbatim.
  }];
  let arguments = (ins Mirror_MemSemanticAttr:$memory_ordering_semantics,
                       OptionalAttr<Mirror_MemScopeAttr>:$memory_scope,
                       Arg<MV_TiledView, "the view read", [MemRead]>:$view,
                       Variadic<MT_IntTile>:$index,
                       Optional<MT_Token>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs MT_AnyTile:$tile, MT_Token:$result_token);
  let hasVerifier = 1;
}

def MV_TiledStoreOp : MV_Op<"tiled_store", [AttrSizedOperandSegments]> {
  let summary = "stores one tile into a tiled view";
  let description = [{
    From `cuda_tile.store_view_tko`, with its semantics (elements past the
    edge are dropped).
  }];
  let arguments = (ins Mirror_MemSemanticAttr:$memory_ordering_semantics,
                       OptionalAttr<Mirror_MemScopeAttr>:$memory_scope,
                       MT_AnyTile:$tile,
                       Arg<MV_TiledView, "the view written", [MemWrite]>:$view,
                       Variadic<MT_IntTile>:$index, Optional<MT_Token>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs MT_Token:$result_token);
  let hasVerifier = 1;
}

def MV_TiledAtomicRMWOp : MV_Op<"tiled_atomic_rmw", [AttrSizedOperandSegments]> {
  let summary = "atomically combines a tile into a tiled view";
  let description = [{
    From `cuda_tile.atomic_red_view_tko`, with its semantics.
  }];
  let arguments = (ins Mirror_MemSemanticAttr:$memory_ordering_semantics,
                       Mirror_MemScopeAttr:$memory_scope,
                       Arg<MV_TiledView, "the view updated", [MemRead, MemWrite]>:$view,
                       Variadic<MT_IntTile>:$index,
                       CudaTile_AtomicRMWMode:$mode, MT_AnyTile:$value,
                       Optional<MT_Token>:$token);
  let results = (outs MT_Token:$result_token);
  let hasVerifier = 1;
}

#endif // TILECHECK_NVTILEAA_VIEWOPS_TD
