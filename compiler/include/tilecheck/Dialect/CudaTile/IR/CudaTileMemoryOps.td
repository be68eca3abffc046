//===- CudaTileMemoryOps.td - views, loads, stores, atomics, tokens, globals -*- tablegen -*-===//
//
// Memory is reached through tensor/partition/strided/gather-scatter views or through tiles of pointers; *_tko ops are ordered by tokens.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_MEMORYOPS_TD
#define TILECHECK_CUDATILE_MEMORYOPS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileOpsBase.td"

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

def CudaTile_MakeTensorViewOp : CudaTile_Op131<"make_tensor_view",
    [Pure, AttrSizedOperandSegments]> {
  let summary = "builds a tensor view from a base pointer, shape and strides";
  let description = [{
    Describes a strided tensor in global memory starting at `base`. Every
    shape or stride entry is either an integer constant, which must equal the
    entry of the result type, or an SSA value for a `?` entry of the result
    type. All SSA sizes share one scalar integer tile type, spelled before
    `->`; without SSA sizes the `tile<..> ->` part is omitted.

    ```mlir
    %tv = make_tensor_view %base, shape = [%n, 32], strides = [32, 1]
        : tile<i64> -> tensor_view<?x32xf32, strides=[32,1]>
    ```
  }];
  let arguments = (ins CT_ScalarPtrTile:$base,
                       Variadic<CT_ScalarIntTile>:$dynamicShape,
                       Variadic<CT_ScalarIntTile>:$dynamicStrides);
  let results = (outs CT_TensorView:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

class CudaTile_MakeTiledViewOp<string mnemonic, int major, int minor,
                               Type resultType>
    : CudaTile_Op<mnemonic, major, minor, [Pure]> {
  let arguments = (ins CT_TensorView:$tensor_view);
  let results = (outs resultType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_MakePartitionViewOp
    : CudaTile_MakeTiledViewOp<"make_partition_view", 13, 1, CT_PartitionView> {
  let summary = "splits a tensor view into a grid of tiles";
  let description = [{
    The result type names the tile shape, the dimension map and the optional
    padding value; its nested tensor view type must be the operand's type.

    ```mlir
    %pv = make_partition_view %tv : partition_view<tile=(16x16), tensor_view<64x64xf32, strides=[64,1]>>
    ```
  }];
}

def CudaTile_MakeStridedViewOp
    : CudaTile_MakeTiledViewOp<"make_strided_view", 13, 3,
        Type<CPred<"::llvm::isa<::tilecheck::cuda_tile::StridedViewType>($_self)">,
             "strided view type", "::tilecheck::cuda_tile::StridedViewType">> {
  let summary = "views a tensor as tiles placed at fixed traversal strides";
  let description = [{
    Like `make_partition_view`, but neighbouring index values are
    `traversal_strides` elements apart, so tiles may overlap or leave gaps.

    ```mlir
    %sv = make_strided_view %tv : strided_view<tile=(8), traversal_strides=[4], tensor_view<64xf32, strides=[1]>>
    ```
  }];
}

def CudaTile_MakeGatherScatterViewOp
    : CudaTile_MakeTiledViewOp<"make_gather_scatter_view", 13, 3,
        Type<CPred<"::llvm::isa<::tilecheck::cuda_tile::GatherScatterViewType>($_self)">,
             "gather/scatter view type", "::tilecheck::cuda_tile::GatherScatterViewType">> {
  let summary = "views a tensor as rows picked by an index tile";
  let description = [{
    Along `sparse_dim` an access names individual rows with a tile of
    indices instead of a tile coordinate.

    ```mlir
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(16x16), tensor_view<1024x16xf32, strides=[16,1]>, sparse_dim=0>
    ```
  }];
}

def CudaTile_GetTensorShapeOp : CudaTile_Op131<"get_tensor_shape", [Pure]> {
  let summary = "returns every dimension size of a tensor view";
  let description = [{
    One scalar result per tensor dimension; all results share the one
    integer tile type written after `->`.

    ```mlir
    %m, %n = get_tensor_shape %tv : tensor_view<?x64xf32, strides=[64,1]> -> tile<i32>
    ```
  }];
  let arguments = (ins CT_TensorView:$src);
  let results = (outs Variadic<CT_ScalarIntTile>:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_GetIndexSpaceShapeOp : CudaTile_Op131<"get_index_space_shape", [Pure]> {
  let summary = "returns the extent of a view's index space";
  let description = [{
    One scalar result per index dimension of the view: the number of valid
    values of that index.

    ```mlir
    %i, %j = get_index_space_shape %pv : partition_view<tile=(16x16), tensor_view<?x64xf32, strides=[64,1]>> -> tile<i32>
    ```
  }];
  let arguments = (ins CT_TileView:$src);
  let results = (outs Variadic<CT_ScalarIntTile>:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// View loads and stores
//===----------------------------------------------------------------------===//

def CudaTile_LoadViewTkoOp : CudaTile_Op131<"load_view_tko",
    [AttrSizedOperandSegments]> {
  let summary = "loads one tile of a view";
  let description = [{
    Reads the tile at the given view indices. The memory ordering is `weak`,
    `relaxed` or `acquire`; non-weak loads name a scope. Index operands are
    scalar integer tiles of one type (written once after the view type).

    ```mlir
    %t, %tok = load_view_tko weak %pv[%i, %j] token = %t0
        : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32>
        -> tile<8x8xf32>, token
    ```
  }];
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
                       CT_TileView:$view,
                       Variadic<CT_IntTile>:$index,
                       Optional<CT_Token>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CT_AnyTile:$tile, CT_Token:$result_token);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CudaTile_StoreViewTkoOp : CudaTile_Op131<"store_view_tko",
    [AttrSizedOperandSegments]> {
  let summary = "stores one tile into a view";
  let description = [{
    Writes `tile` at the given view indices. The memory ordering is `weak`,
    `relaxed` or `release`; non-weak stores name a scope.

    ```mlir
    %tok = store_view_tko weak %t, %pv[%i, %j]
        : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32>
        -> token
    ```
  }];
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
                       CT_AnyTile:$tile,
                       CT_TileView:$view,
                       Variadic<CT_IntTile>:$index,
                       Optional<CT_Token>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CT_Token:$result_token);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointer loads and stores
//===----------------------------------------------------------------------===//

def CudaTile_LoadPtrTkoOp : CudaTile_Op131<"load_ptr_tko",
    [AttrSizedOperandSegments]> {
  let summary = "gathers elements through a tile of pointers";
  let description = [{
    Each result element is read from the matching pointer. Where the optional
    `mask` is false nothing is read and the element is taken from the
    optional padding tile (undefined without one).

    ```mlir
    %v, %tok = load_ptr_tko relaxed device %ptrs, %mask, %pad token = %t0
        : tile<16xptr<f32>>, tile<16xi1>, tile<16xf32> -> tile<16xf32>, token
    ```
  }];
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
                       CT_PtrTile:$source,
                       Optional<CT_I1Tile>:$mask,
                       Optional<CT_AnyTile>:$paddingValue,
                       Optional<CT_Token>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CT_AnyTile:$result, CT_Token:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics ($memory_scope^)? $source (`,` $mask^)?
    (`,` $paddingValue^)? (`token` `` `=` `` $token^)?
    (`optimization_hints` `=` $optimization_hints^)? attr-dict `:`
    custom<CudaTileType>(type($source)) (`,` custom<CudaTileType>(type($mask))^)?
    (`,` custom<CudaTileType>(type($paddingValue))^)? `->`
    custom<CudaTileType>(type($result)) `,` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_StorePtrTkoOp : CudaTile_Op131<"store_ptr_tko",
    [AttrSizedOperandSegments]> {
  let summary = "scatters elements through a tile of pointers";
  let description = [{
    Each element of `value` is written to the matching pointer, except where
    the optional `mask` is false.

    ```mlir
    %tok = store_ptr_tko weak %ptrs, %v, %mask token = %t0
        : tile<16xptr<f32>>, tile<16xf32>, tile<16xi1> -> token
    ```
  }];
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering_semantics,
                       OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
                       CT_PtrTile:$destination,
                       CT_AnyTile:$value,
                       Optional<CT_I1Tile>:$mask,
                       Optional<CT_Token>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs CT_Token:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics ($memory_scope^)? $destination `,` $value
    (`,` $mask^)? (`token` `` `=` `` $token^)?
    (`optimization_hints` `=` $optimization_hints^)? attr-dict `:`
    custom<CudaTileType>(type($destination)) `,` custom<CudaTileType>(type($value))
    (`,` custom<CudaTileType>(type($mask))^)? `->`
    custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

def CudaTile_AtomicRMWTkoOp : CudaTile_Op131<"atomic_rmw_tko",
    [AllShapesMatch<["pointers", "arg", "result"]>,
     AllTypesMatch<["arg", "result"]>, AttrSizedOperandSegments]> {
  let summary = "element-wise atomic read-modify-write through pointers";
  let description = [{
    Atomically combines each element of `arg` with the memory at the matching
    pointer using `mode` and returns the previous memory contents. The
    ordering is one of `relaxed`, `acquire`, `release`, `acq_rel`, always with
    a scope.

    ```mlir
    %old, %tok = atomic_rmw_tko relaxed device %ptrs, add, %v
        : tile<16xptr<i32>>, tile<16xi32> -> tile<16xi32>, token
    ```
  }];
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering_semantics,
                       CudaTile_MemoryScope:$memory_scope,
                       CT_PtrTile:$pointers,
                       CudaTile_AtomicRMWMode:$mode,
                       CT_AnyTile:$arg,
                       Optional<CT_I1Tile>:$mask,
                       Optional<CT_Token>:$token);
  let results = (outs CT_AnyTile:$result, CT_Token:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope $pointers `,` $mode `,` $arg
    (`,` $mask^)? (`token` `` `=` `` $token^)? attr-dict `:`
    custom<CudaTileType>(type($pointers)) `,` custom<CudaTileType>(type($arg))
    (`,` custom<CudaTileType>(type($mask))^)? `->`
    custom<CudaTileType>(type($result)) `,` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_AtomicCASTkoOp : CudaTile_Op131<"atomic_cas_tko",
    [AllShapesMatch<["pointers", "cmp", "val", "result"]>,
     AllTypesMatch<["cmp", "val", "result"]>, AttrSizedOperandSegments]> {
  let summary = "element-wise atomic compare-and-swap through pointers";
  let description = [{
    Where memory equals `cmp`, atomically replaces it by `val`; returns the
    previous memory contents. Elements are 32- or 64-bit.

    ```mlir
    %old, %tok = atomic_cas_tko acq_rel device %ptrs, %expected, %new
        : tile<16xptr<i32>>, tile<16xi32> -> tile<16xi32>, token
    ```
  }];
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering_semantics,
                       CudaTile_MemoryScope:$memory_scope,
                       CT_PtrTile:$pointers,
                       CT_AnyTile:$cmp,
                       CT_AnyTile:$val,
                       Optional<CT_I1Tile>:$mask,
                       Optional<CT_Token>:$token);
  let results = (outs CT_AnyTile:$result, CT_Token:$result_token);
  let assemblyFormat = [{
    $memory_ordering_semantics $memory_scope $pointers `,` $cmp `,` $val
    (`,` $mask^)? (`token` `` `=` `` $token^)? attr-dict `:`
    custom<CudaTileType>(type($pointers)) `,` custom<CudaTileType>(type($val))
    (`,` custom<CudaTileType>(type($mask))^)? `->`
    custom<CudaTileType>(type($result)) `,` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

def CudaTile_AtomicRedViewTkoOp : CudaTile_Op<"atomic_red_view_tko", 13, 3,
    [AttrSizedOperandSegments]> {
  let summary = "atomic element-wise reduction into one tile of a view";
  let description = [{
    Atomically combines `value` into the view tile at the given indices; no
    value is returned. Only `relaxed` ordering with `tl_blk` or `device`
    scope, views without padding, and modes other than `xchg` are allowed.

    ```mlir
    %tok = atomic_red_view_tko relaxed device %pv[%i, %j], add, %v
        : tile<8x8xi32>, partition_view<tile=(8x8), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32>
        -> token
    ```
  }];
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering_semantics,
                       CudaTile_MemoryScope:$memory_scope,
                       CT_TileView:$view,
                       Variadic<CT_IntTile>:$index,
                       CudaTile_AtomicRMWMode:$mode,
                       CT_AnyTile:$value,
                       Optional<CT_Token>:$token);
  let results = (outs CT_Token:$result_token);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

def CudaTile_MakeTokenOp : CudaTile_Op131<"make_token", [Pure]> {
  let summary = "creates a token that depends on nothing";
  let description = [{
    ```mlir
    %t = make_token : token
    ```
  }];
  let results = (outs CT_Token:$result);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($result))";
}

def CudaTile_JoinTokensOp : CudaTile_Op131<"join_tokens", [Pure]> {
  let summary = "merges several tokens into one";
  let description = [{
    Operations ordered after the result are ordered after every input.

    ```mlir
    %t = join_tokens %t0, %t1 : token
    ```
  }];
  let arguments = (ins Variadic<CT_Token>:$tokens);
  let results = (outs CT_Token:$result);
  let assemblyFormat = "$tokens attr-dict `:` custom<CudaTileType>(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Globals, stack memory, pointer arithmetic
//===----------------------------------------------------------------------===//

def CudaTile_GlobalOp : CudaTile_Op131<"global", [Symbol]> {
  let summary = "a module-level, statically allocated buffer";
  let description = [{
    A rank-1 buffer in global memory, initialised from `value` when the
    module is loaded. `private` globals are not reachable from the host;
    `constant` globals are never written by kernels.

    ```mlir
    global private constant @lut alignment = 64 <f32: [1.0, 2.0]> : tile<2xf32>
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       ElementsAttr:$value,
                       DefaultValuedAttr<I64Attr, "0">:$alignment,
                       UnitAttr:$constant,
                       DefaultValuedAttr<CudaTile_SymbolVisibility,
                           "::tilecheck::cuda_tile::SymbolVisibility::Public">:$symbol_visibility);
  let assemblyFormat = [{
    custom<GlobalVisibility>($symbol_visibility) (`constant` $constant^)? $sym_name
    (`alignment` `=` $alignment^)? attr-dict custom<TiledDenseLiteral>($value)
  }];
  let hasVerifier = 1;
}

def CudaTile_GetGlobalOp : CudaTile_Op131<"get_global",
    [Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "returns the address of a global";
  let description = [{
    ```mlir
    %p = get_global @lut : tile<ptr<f32>>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs CT_ScalarPtrTile:$result);
  let assemblyFormat = "$name attr-dict `:` custom<CudaTileType>(type($result))";
}

def CudaTile_AllocaOp : CudaTile_Op<"alloca", 13, 3> {
  let summary = "allocates per-tile-block scratch memory";
  let description = [{
    Reserves `num_elem` elements of the pointee type with the given alignment
    (a power of two, at least the element size) and returns their address.
    `global` asks for an address in the global address space.

    ```mlir
    %p = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntMinValue<0>]>:$num_elem,
                       ConfinedAttr<I64Attr, [IntMinValue<0>]>:$alignment,
                       UnitAttr:$global);
  let results = (outs CT_ScalarPtrTile:$result);
  let assemblyFormat = [{
    `num_elem` `=` $num_elem `,` `alignment` `=` $alignment (`global` $global^)?
    attr-dict `:` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_OffsetOp : CudaTile_Op131<"offset",
    [Pure, SameOperandsAndResultShape, AllTypesMatch<["result", "ptr"]>]> {
  let summary = "advances pointers by element counts";
  let description = [{
    Element-wise `ptr + offset * sizeof(pointee)`; `offset` is signed.

    ```mlir
    %q = offset %p, %off : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    ```
  }];
  let arguments = (ins CT_PtrTile:$ptr, CT_IntTile:$offset);
  let results = (outs CT_PtrTile:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` custom<CudaTileType>(type($ptr)) `,`
    custom<CudaTileType>(type($offset)) `->` custom<CudaTileType>(type($result))
  }];
}

#endif // TILECHECK_CUDATILE_MEMORYOPS_TD
