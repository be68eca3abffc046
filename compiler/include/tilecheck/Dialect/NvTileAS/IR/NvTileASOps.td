//===- NvTileASOps.td - nv_tileas ops ----------------------*- tablegen -*-===//

#ifndef TILECHECK_NVTILEAS_OPS_TD
#define TILECHECK_NVTILEAS_OPS_TD

include "tilecheck/Dialect/NvTileAS/IR/NvTileASAttrs.td"

defvar Mirror_Dialect = NvTileAS_Dialect;
defvar Mirror_MemSemanticAttr = NvTileAS_MemSemanticAttr;
defvar Mirror_MemScopeAttr = NvTileAS_MemScopeAttr;
defvar Mirror_ViewMnemonic = "view";
include "tilecheck/Dialect/Mirror/MirrorOps.td"
include "tilecheck/Dialect/NvTileAA/IR/NvTileAAViewOps.td"

class NvTileAS_Op<string mnemonic, list<Trait> traits = []>
    : Op<NvTileAS_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// MMA
//===----------------------------------------------------------------------===//

def NvTileAS_DotOp : NvTileAS_Op<"dot", [Pure, AllTypesMatch<["acc", "result"]>,
    MT_SameElementType<["lhs", "rhs"]>]> {
  let summary = "matrix multiply-accumulate of float tiles, with its atom";
  let description = [{
    From `nv_tileaa.dot`, with the same semantics; `atom` names the MMA
    instruction family chosen from the compute capability.

    ```mlir
    %d = "nv_tileas.dot"(%a, %b, %c) <{atom = #nv_tileas<atom wgmma_f16_f16_f32>}>
        : (tensor<64x16xf16>, tensor<16x64xf16>, tensor<64x64xf32>) -> tensor<64x64xf32>
    ```
  }];
  let arguments = (ins MT_AnyFloatTile:$lhs, MT_AnyFloatTile:$rhs,
                       MT_FloatTile:$acc, UnitAttr:$fast_acc,
                       NvTileAS_AtomAttr:$atom);
  let results = (outs MT_FloatTile:$result);
  let hasVerifier = 1;
}

def NvTileAS_DotIntOp : NvTileAS_Op<"dot_int", [Pure,
    AllTypesMatch<["acc", "result"]>, MT_SameElementType<["lhs", "rhs"]>]> {
  let summary = "matrix multiply-accumulate of i8 tiles, with its atom";
  let description = [{
    From `nv_tileaa.dot_int`, with the same semantics.
  }];
  let arguments = (ins MT_I8Tile:$lhs, MT_I8Tile:$rhs, MT_IntTile:$acc,
                       CudaTile_SignednessAttr:$signedness_lhs,
                       CudaTile_SignednessAttr:$signedness_rhs,
                       NvTileAS_AtomAttr:$atom);
  let results = (outs MT_IntTile:$result);
  let hasVerifier = 1;
}

def NvTileAS_BlockScaledMmaOp : NvTileAS_Op<"block_scaled_mma", [Pure,
    AllTypesMatch<["acc", "result"]>, MT_SameElementType<["lhs", "rhs"]>]> {
  let summary = "block-scaled matrix multiply-accumulate (sm_100 and later)";
  let description = [{
    From `nv_tileaa.mma_block_scale`, with the same semantics; only emitted
    for compute capability 100 and later.
  }];
  let arguments = (ins MT_AnyFloatTile:$lhs, MT_AnyFloatTile:$rhs,
                       MT_FloatTile:$acc, MT_AnyFloatTile:$lhs_scale,
                       MT_AnyFloatTile:$rhs_scale, NvTileAS_AtomAttr:$atom,
                       DefaultValuedAttr<I32Attr, "1">:$cta_group);
  let results = (outs MT_FloatTile:$result);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

def NvTileAS_ConvertLayoutOp : NvTileAS_Op<"convert_layout", [Pure,
    AllTypesMatch<["source", "result"]>]> {
  let summary = "moves a tile value to another layout";
  let description = [{
    The value is unchanged; only where its elements live changes (through
    shared memory or shuffles once materialized).

    ```mlir
    %r = "nv_tileas.convert_layout"(%t) <{layout = #nv_tileas<layout mma_a>}>
        : (tensor<64x16xf16>) -> tensor<64x16xf16>
    ```
  }];
  let arguments = (ins MT_AnyTile:$source, NvTileAS_LayoutAttr:$layout);
  let results = (outs MT_AnyTile:$result);
}

def NvTileAS_ShuffleOp : NvTileAS_Op<"shuffle", [Pure,
    AllTypesMatch<["source", "result"]>]> {
  let summary = "moves elements of a tile between positions";
  let description = [{
    `result[i] = source[source_index[i]]` over the row-major flattening: the
    value-level effect of a lane shuffle, used when a layout conversion is
    materialized without shared memory.

    ```mlir
    %r = "nv_tileas.shuffle"(%t) <{source_index = array<i64: 1, 0, 3, 2>}>
        : (tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins MT_AnyTile:$source, DenseI64ArrayAttr:$source_index);
  let results = (outs MT_AnyTile:$result);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

def NvTileAS_Smem : Type<CPred<"::llvm::isa<::tilecheck::nv_tileas::SmemType>($_self)">,
                         "nv_tileas.smem", "::tilecheck::nv_tileas::SmemType">;

def NvTileAS_AllocTensorOp : NvTileAS_Op<"alloc_tensor"> {
  let summary = "a tile-shaped buffer in the tile block's shared memory";
  let description = [{
    The buffer occupies the bytes [offset, offset + size) of the block's
    shared memory, at the offset the compiler assigned. Two live buffers that
    overlap share bytes, exactly as on hardware. The contents start
    uninitialized.

    ```mlir
    %b = "nv_tileas.alloc_tensor"() <{offset = 1024 : i64}> : () -> !nv_tileas.smem<64x64xf16>
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntMinValue<0>]>:$offset);
  let results = (outs NvTileAS_Smem:$result);
  let hasVerifier = 1;
}

def NvTileAS_CopyOp : NvTileAS_Op<"copy"> {
  let summary = "writes a tile into a shared-memory buffer";
  let description = [{
    Row-major, element by element, into the buffer's bytes.

    ```mlir
    "nv_tileas.copy"(%t, %b) : (tensor<64x64xf16>, !nv_tileas.smem<64x64xf16>) -> ()
    ```
  }];
  let arguments = (ins MT_AnyTile:$source, NvTileAS_Smem:$dest);
  let hasVerifier = 1;
}

def NvTileAS_SmemLoadOp : NvTileAS_Op<"smem_load"> {
  let summary = "reads a tile from a shared-memory buffer";
  let description = [{
    Reading bytes nothing wrote is undefined behaviour.

    ```mlir
    %t = "nv_tileas.smem_load"(%b) : (!nv_tileas.smem<64x64xf16>) -> tensor<64x64xf16>
    ```
  }];
  let arguments = (ins NvTileAS_Smem:$source);
  let results = (outs MT_AnyTile:$result);
  let hasVerifier = 1;
}

#endif // TILECHECK_NVTILEAS_OPS_TD
