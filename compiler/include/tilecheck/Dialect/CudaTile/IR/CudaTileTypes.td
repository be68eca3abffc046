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
/// Buildable, so assembly formats need not spell the type of tokens.
def CT_Token : Type<CPred<"::llvm::isa<::tilecheck::cuda_tile::TokenType>($_self)">,
                    "cuda tile token type", "::tilecheck::cuda_tile::TokenType"> {
  let builderCall = "::tilecheck::cuda_tile::TokenType::get($_builder.getContext())";
}
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

//===----------------------------------------------------------------------===//
// Shared element and tile constraints
//===----------------------------------------------------------------------===//
//
// Element types are summarised by their short spelling so that diagnostics
// list the accepted element types as the spec does ("tile of i1 or i8 or
// ... values"). Every op category uses these; none keeps copies.

foreach w = [1, 4, 8, 16, 32, 64] in
  def CT_I # w : Type<CPred<"$_self.isSignlessInteger(" # w # ")">, "i" # w>;
def CT_F16 : Type<CPred<"$_self.isF16()">, "f16">;
def CT_BF16 : Type<CPred<"$_self.isBF16()">, "bf16">;
def CT_F32 : Type<CPred<"$_self.isF32()">, "f32">;
def CT_F64 : Type<CPred<"$_self.isF64()">, "f64">;
def CT_TF32 : Type<CPred<"::llvm::isa<::mlir::FloatTF32Type>($_self)">, "tf32">;
def CT_F8E4M3FN
    : Type<CPred<"::llvm::isa<::mlir::Float8E4M3FNType>($_self)">, "f8E4M3FN">;
def CT_F8E5M2
    : Type<CPred<"::llvm::isa<::mlir::Float8E5M2Type>($_self)">, "f8E5M2">;
def CT_F8E8M0FNU
    : Type<CPred<"::llvm::isa<::mlir::Float8E8M0FNUType>($_self)">, "f8E8M0FNU">;
def CT_F4E2M1FN
    : Type<CPred<"::llvm::isa<::mlir::Float4E2M1FNType>($_self)">, "f4E2M1FN">;

defvar CT_IntElems = [CT_I1, CT_I8, CT_I16, CT_I32, CT_I64];
/// The arithmetic float types.
defvar CT_FloatElems = [CT_F16, CT_BF16, CT_F32, CT_F64];
/// Every float type, including the storage-only formats.
defvar CT_AllFloatElems = !listconcat(CT_FloatElems, [CT_TF32, CT_F8E4M3FN,
    CT_F8E5M2, CT_F8E8M0FNU, CT_F4E2M1FN]);

/// i1 .. i64 tiles.
def CT_IntTile : CT_TileOf<CT_IntElems>;
/// f16, bf16, f32 and f64 tiles.
def CT_FloatTile : CT_TileOf<CT_FloatElems>;
/// Tiles of any float type.
def CT_AnyFloatTile : CT_TileOf<CT_AllFloatElems>;
/// Tiles of any integer or float type.
def CT_NumberTile : CT_TileOf<!listconcat(CT_IntElems, CT_AllFloatElems)>;
def CT_I1Tile : CT_TileOf<[CT_I1]>;
def CT_I8Tile : CT_TileOf<[CT_I8]>;
def CT_I64Tile : CT_TileOf<[CT_I64]>;
def CT_PtrTile : CT_TileOf<[CT_Ptr]>;
def CT_ScalarIntTile : CT_ScalarTileOf<CT_IntElems>;
def CT_ScalarPtrTile : CT_ScalarTileOf<[CT_Ptr]>;
/// Rank-0 tiles buildable from the context, so that assembly formats need
/// not spell their type.
def CT_ScalarI1Tile : CT_ScalarTileOf<[CT_I1]> {
  let builderCall =
      "::tilecheck::cuda_tile::TileType::get({}, $_builder.getI1Type())";
}
def CT_ScalarI32Tile : CT_ScalarTileOf<[CT_I32]> {
  let builderCall =
      "::tilecheck::cuda_tile::TileType::get({}, $_builder.getI32Type())";
}

#endif // TILECHECK_CUDATILE_TYPES_TD
