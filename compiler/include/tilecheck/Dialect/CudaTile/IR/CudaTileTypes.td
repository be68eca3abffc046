//===- CudaTileTypes.td - cuda_tile types ------------------*- tablegen -*-===//
//
// Tiles, pointers, tokens and the views that reach memory. All types have
// hand-written parsers/printers because the public syntax nests types without
// the `!cuda_tile.` prefix (`tile<8xptr<f32>>`, `partition_view<...,
// tensor_view<...>>`) while still accepting the prefixed spelling.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_TYPES_TD
#define TILECHECK_CUDATILE_TYPES_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileBase.td"
include "tilecheck/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class CudaTile_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<CudaTile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

/// Implemented by every view type that load_view_tko/store_view_tko accept.
def CudaTile_TileViewInterface : TypeInterface<"TileView"> {
  let cppNamespace = "::tilecheck::cuda_tile";
  let description = [{
    A view that decomposes a tensor into tiles addressed by a grid of
    indices: partition_view, strided_view and gather_scatter_view.
  }];
  let methods = [
    InterfaceMethod<"Shape of the tile one access reads or writes.",
                    "::llvm::ArrayRef<int64_t>", "getViewTileShape">,
    InterfaceMethod<"Element type of the underlying tensor.",
                    "::mlir::Type", "getViewElementType">,
    InterfaceMethod<"Number of indices an access takes.",
                    "unsigned", "getViewIndexRank">,
  ];
}

def CudaTile_PointerType : CudaTile_Type<"Pointer", "ptr"> {
  let summary = "Pointer type";
  let description = [{
    A global-memory address of an element: `ptr<f32>`. Pointers to pointers
    are not allowed. Pointers only appear as elements of tiles.
  }];
  let parameters = (ins "::mlir::Type":$pointeeType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_TileType : CudaTile_Type<"Tile", "tile", [ShapedTypeInterface]> {
  let summary = "cuda tile type";
  let description = [{
    A statically shaped, immutable array of numbers or pointers:
    `tile<2x4xf32>`, `tile<8xptr<f16>>`, rank-0 `tile<i32>`. Every dimension is
    a power of two and a tile holds at most 2^24 elements.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
                                        "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), shape, elementType);
    }]>
  ];
  let extraClassDeclaration = [{
    /// ShapedTypeInterface: tiles are always ranked.
    bool hasRank() const { return true; }
    TileType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                       ::mlir::Type elementType) const {
      return TileType::get(shape ? *shape : getShape(), elementType);
    }
    /// Returns the same shape with another element type.
    TileType withElementType(::mlir::Type elementType) const {
      return TileType::get(getShape(), elementType);
    }
  }];
}

def CudaTile_TokenType : CudaTile_Type<"Token", "token"> {
  let summary = "cuda tile token type";
  let description = [{
    Orders memory operations: `*_tko` ops consume and produce tokens. Tokens
    carry no runtime value.
  }];
}

def CudaTile_TensorViewType : CudaTile_Type<"TensorView", "tensor_view"> {
  let summary = "tensor view type";
  let description = [{
    A strided view of a global buffer: `tensor_view<?x16xf32, strides=[?,1]>`.
    `?` marks a dimension or stride given at run time.
  }];
  let parameters = (ins "::mlir::Type":$elementType,
                        ArrayRefParameter<"int64_t">:$shape,
                        ArrayRefParameter<"int64_t">:$strides);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    static constexpr int64_t kDynamic = ::mlir::ShapedType::kDynamic;
    unsigned getRank() const { return getShape().size(); }
  }];
}

def CudaTile_PartitionViewType
    : CudaTile_Type<"PartitionView", "partition_view",
                    [DeclareTypeInterfaceMethods<CudaTile_TileViewInterface>]> {
  let summary = "partition view type";
  let description = [{
    Splits a tensor view into a grid of equally shaped tiles:
    `partition_view<tile=(64x64), padding_value = zero, tensor_view<...>,
    dim_map=[1, 0]>`. Tiles that reach past the tensor read the padding value.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$tileShape,
                        "TensorViewType":$tensorView,
                        ArrayRefParameter<"int32_t">:$dimMap,
                        OptionalParameter<"PaddingValueAttr">:$paddingValue);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_StridedViewType
    : CudaTile_Type<"StridedView", "strided_view",
                    [DeclareTypeInterfaceMethods<CudaTile_TileViewInterface>]> {
  let summary = "strided view type";
  let description = [{
    (13.3) Like a partition view, but consecutive indices move by the given
    traversal strides (in elements) instead of by the tile size:
    `strided_view<tile=(128), traversal_strides=[64], tensor_view<...>>`.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$tileShape,
                        ArrayRefParameter<"int64_t">:$traversalStrides,
                        "::mlir::Type":$tensorView,
                        ArrayRefParameter<"int32_t">:$dimMap,
                        OptionalParameter<"PaddingValueAttr">:$paddingValue);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def CudaTile_GatherScatterViewType
    : CudaTile_Type<"GatherScatterView", "gather_scatter_view",
                    [DeclareTypeInterfaceMethods<CudaTile_TileViewInterface>]> {
  let summary = "gather/scatter view type";
  let description = [{
    (13.3) A view whose `sparse_dim` is indexed by a tile of row indices
    rather than by a tile coordinate.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$tileShape,
                        "::mlir::Type":$tensorView,
                        "int64_t":$sparseDim);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Constraints used by op definitions
//===----------------------------------------------------------------------===//

def CT_Ptr : Type<CPred<"::llvm::isa<::tilecheck::cuda_tile::PointerType>($_self)">,
                  "Pointer type", "::tilecheck::cuda_tile::PointerType">;
def CT_Token : Type<CPred<"::llvm::isa<::tilecheck::cuda_tile::TokenType>($_self)">,
                    "cuda tile token type", "::tilecheck::cuda_tile::TokenType">;
def CT_TensorView : Type<CPred<"::llvm::isa<::tilecheck::cuda_tile::TensorViewType>($_self)">,
                    "tensor view type", "::tilecheck::cuda_tile::TensorViewType">;
def CT_PartitionView : Type<CPred<"::llvm::isa<::tilecheck::cuda_tile::PartitionViewType>($_self)">,
                    "partition view type", "::tilecheck::cuda_tile::PartitionViewType">;
def CT_TileView : Type<CPred<"::llvm::isa<::tilecheck::cuda_tile::TileView>($_self)">,
                    "TileView instance", "::tilecheck::cuda_tile::TileView">;
def CT_AnyTile : Type<CPred<"::llvm::isa<::tilecheck::cuda_tile::TileType>($_self)">,
                      "cuda tile type", "::tilecheck::cuda_tile::TileType">;

/// A tile whose element type satisfies one of `elems`.
class CT_TileOf<list<Type> elems, string prefix = "tile">
    : Type<And<[CPred<"::llvm::isa<::tilecheck::cuda_tile::TileType>($_self)">,
                SubstLeaves<"$_self",
                  "::llvm::cast<::tilecheck::cuda_tile::TileType>($_self).getElementType()",
                  AnyTypeOf<elems>.predicate>]>,
           prefix # " of " # AnyTypeOf<elems>.summary # " values",
           "::tilecheck::cuda_tile::TileType">;

/// A rank-0 tile whose element type satisfies one of `elems`.
class CT_ScalarTileOf<list<Type> elems>
    : Type<And<[CT_TileOf<elems>.predicate,
                CPred<"::llvm::cast<::tilecheck::cuda_tile::TileType>($_self).getRank() == 0">]>,
           "0D tile of " # AnyTypeOf<elems>.summary # " values",
           "::tilecheck::cuda_tile::TileType">;

def CT_IntElems { list<Type> types = [I1, I8, I16, I32, I64]; }
def CT_FloatElems { list<Type> types = [F16, BF16, F32, F64]; }
def CT_AllFloatElems {
  list<Type> types = [F16, BF16, F32, F64, TF32, F8E4M3FN, F8E5M2, F8E8M0FNU, F4E2M1FN];
}

def CT_IntTile : CT_TileOf<CT_IntElems.types>;
def CT_FloatTile : CT_TileOf<CT_FloatElems.types>;
def CT_AnyFloatTile : CT_TileOf<CT_AllFloatElems.types>;
def CT_I1Tile : CT_TileOf<[I1]>;
def CT_I64Tile : CT_TileOf<[I64]>;
def CT_PtrTile : CT_TileOf<[CT_Ptr]>;
def CT_ScalarIntTile : CT_ScalarTileOf<CT_IntElems.types>;
def CT_ScalarI1Tile : CT_ScalarTileOf<[I1]>;
def CT_ScalarI32Tile : CT_ScalarTileOf<[I32]>;
def CT_ScalarPtrTile : CT_ScalarTileOf<[CT_Ptr]>;

#endif // TILECHECK_CUDATILE_TYPES_TD
