//===- MirrorOps.td - cuda_tile ops mirrored below cuda_tile -*- tablegen -*-===//
//
// The ops of MirrorOps.def, for nv_tileaa and nv_tileas alike: the same
// mnemonic, C++ class, operand/result/attribute/region names and semantics as
// the cuda_tile op; tiles are builtin tensors or (rank 0) scalars, pointers
// are !nv_tileaa.ptr, tokens !nv_tileaa.mem_token. They print in the custom
// form of MirrorAsm.h. The including file defines, before the include:
//   defvar Mirror_Dialect = <the dialect>;
//   defvar Mirror_MemSemanticAttr = <its mem_semantic enum attr>;
//   defvar Mirror_MemScopeAttr = <its mem_scope enum attr>;
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_MIRROR_OPS_TD
#define TILECHECK_MIRROR_OPS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileAttrs.td"
include "tilecheck/Dialect/CudaTile/IR/CudaTileTypes.td"
include "mlir/Interfaces/LoopLikeInterface.td"

//===----------------------------------------------------------------------===//
// Constraints
//===----------------------------------------------------------------------===//

/// A scalar of one of `elems`, or a statically shaped ranked tensor of them.
class MT_TileOf<list<Type> elems>
    : Type<Or<[AnyTypeOf<elems>.predicate,
               And<[CPred<"::llvm::isa<::mlir::RankedTensorType>($_self)">,
                    CPred<"::llvm::cast<::mlir::RankedTensorType>($_self).hasStaticShape()">,
                    SubstLeaves<"$_self",
                      "::llvm::cast<::mlir::RankedTensorType>($_self).getElementType()",
                      AnyTypeOf<elems>.predicate>]>]>,
           "scalar or tensor of " # AnyTypeOf<elems>.summary # " values">;
class MT_ScalarOf<list<Type> elems>
    : Type<AnyTypeOf<elems>.predicate, AnyTypeOf<elems>.summary # " scalar">;

def MT_Ptr : Type<CPred<"::llvm::isa<::tilecheck::nv_tileaa::PtrType>($_self)">,
                  "nv_tileaa.ptr">;
def MT_Token : Type<CPred<"::llvm::isa<::tilecheck::nv_tileaa::MemTokenType>($_self)">,
                    "nv_tileaa.mem_token">;

def MT_IntTile : MT_TileOf<CT_IntElems>;
def MT_IntOrI4Tile : MT_TileOf<!listconcat(CT_IntElems, [CT_I4])>;
def MT_FloatTile : MT_TileOf<CT_FloatElems>;
def MT_AnyFloatTile : MT_TileOf<CT_AllFloatElems>;
def MT_NumberTile : MT_TileOf<!listconcat(CT_IntElems, CT_AllFloatElems)>;
def MT_PackableTile : MT_TileOf<!listconcat(CT_IntElems, CT_AllFloatElems, [CT_I4])>;
// Every element type a cuda_tile tile holds (i4 included: cuda_tile's
// data-movement ops and select take i4 tiles).
def MT_AnyTile : MT_TileOf<!listconcat(CT_IntElems, CT_AllFloatElems, [CT_I4, MT_Ptr])>;
def MT_I1Tile : MT_TileOf<[CT_I1]>;
def MT_I8Tile : MT_TileOf<[CT_I8]>;
def MT_I64Tile : MT_TileOf<[CT_I64]>;
def MT_PtrTile : MT_TileOf<[MT_Ptr]>;
def MT_ScalarInt : MT_ScalarOf<CT_IntElems>;
def MT_ScalarI1 : MT_ScalarOf<[CT_I1]>;
def MT_ScalarI32 : MT_ScalarOf<[CT_I32]>;
def MT_ScalarPtr : MT_ScalarOf<[MT_Ptr]>;

/// Shapes (empty for scalars), ranks and element types compared across
/// operands and results, scalars included.
class MT_SameShape<list<string> names>
    : AllMatchSameOperatorTrait<names,
        "::tilecheck::mirror::shapeOf($_self.getType())", "shape">;
class MT_SameRank<list<string> names>
    : AllMatchSameOperatorTrait<names,
        "::tilecheck::mirror::shapeOf($_self.getType()).size()", "rank">;
class MT_SameElementType<list<string> names>
    : AllMatchSameOperatorTrait<names,
        "::tilecheck::mirror::elementTypeOf($_self.getType())", "element type">;

defvar MT_NoOverflow = "::tilecheck::cuda_tile::IntegerOverflow::NONE";
defvar MT_NearestEven = "::tilecheck::cuda_tile::RoundingMode::NEAREST_EVEN";

/// An op of nv_tileaa or nv_tileas printed in the one custom form of
/// MirrorAsm.h: `name operands [(regions)] {attributes} : types`.
class Mirror_FormattedOp<Dialect dialect, string mnemonic,
                         list<Trait> traits = []>
    : Op<dialect, mnemonic, !listconcat([DefaultValuedAttrsPresent], traits)> {
  let hasCustomAssemblyFormat = 1;
  let extraClassDefinition = [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return ::tilecheck::mirror::parseOp(parser, result);
    }
    void $cppClass::print(::mlir::OpAsmPrinter &p) {
      ::tilecheck::mirror::printOp(getOperation(), p);
    }
  }];
}

class Mirror_Op<string mnemonic, list<Trait> traits = []>
    : Mirror_FormattedOp<Mirror_Dialect, mnemonic, traits> {
  let summary = "mirror of cuda_tile." # mnemonic;
  let description = [{
    Same operands, attributes, regions and semantics as the cuda_tile op of
    the same name (see its description), with tiles as builtin tensors or
    scalars, pointers as `!nv_tileaa.ptr` and tokens as
    `!nv_tileaa.mem_token`. Printed in the custom form of MirrorAsm.h:

    ```mlir
    %r = nv_tileaa.addi %a, %b {overflow = #cuda_tile.overflow<none>} : tensor<4xi32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// arith
//===----------------------------------------------------------------------===//

class MA_IntOverflowBinOp<string m>
    : Mirror_Op<m, [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let arguments = (ins MT_IntTile:$lhs, MT_IntTile:$rhs,
      DefaultValuedAttr<CudaTile_IntegerOverflowAttr, MT_NoOverflow>:$overflow);
  let results = (outs MT_IntTile:$result);
}
class MA_IntSignedBinOp<string m>
    : Mirror_Op<m, [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let arguments = (ins MT_IntTile:$lhs, MT_IntTile:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs MT_IntTile:$result);
}
class MA_BitwiseBinOp<string m>
    : Mirror_Op<m, [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let arguments = (ins MT_IntTile:$lhs, MT_IntTile:$rhs);
  let results = (outs MT_IntTile:$result);
}
class MA_FloatRoundedBinOp<string m>
    : Mirror_Op<m, [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let arguments = (ins MT_FloatTile:$lhs, MT_FloatTile:$rhs,
      DefaultValuedAttr<CudaTile_RoundingModeAttr, MT_NearestEven>:$rounding_mode,
      UnitAttr:$flush_to_zero);
  let results = (outs MT_FloatTile:$result);
  let hasVerifier = 1;
}
class MA_FloatMinMaxOp<string m>
    : Mirror_Op<m, [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let arguments = (ins MT_FloatTile:$lhs, MT_FloatTile:$rhs,
                       UnitAttr:$propagate_nan, UnitAttr:$flush_to_zero);
  let results = (outs MT_FloatTile:$result);
}
class MA_UnaryOp<string m, Type t>
    : Mirror_Op<m, [Pure, AllTypesMatch<["source", "result"]>]> {
  let arguments = (ins t:$source);
  let results = (outs t:$result);
}

def Mirror_AbsIOp : MA_UnaryOp<"absi", MT_IntTile>;
def Mirror_AddIOp : MA_IntOverflowBinOp<"addi"> { let hasFolder = 1; }
def Mirror_SubIOp : MA_IntOverflowBinOp<"subi"> { let hasFolder = 1; }
def Mirror_MulIOp : MA_IntOverflowBinOp<"muli"> { let hasFolder = 1; }
def Mirror_ShLIOp : MA_IntOverflowBinOp<"shli"> { let hasFolder = 1; }
def Mirror_MulhiIOp : Mirror_Op<"mulhii", [Pure, AllTypesMatch<["x", "y", "result"]>]> {
  let arguments = (ins MT_IntTile:$x, MT_IntTile:$y);
  let results = (outs MT_IntTile:$result);
}
def Mirror_DivIOp : Mirror_Op<"divi", [NoMemoryEffect, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let arguments = (ins MT_IntTile:$lhs, MT_IntTile:$rhs,
      CudaTile_SignednessAttr:$signedness,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::tilecheck::cuda_tile::RoundingMode::ZERO">:$rounding);
  let results = (outs MT_IntTile:$result);
  let hasVerifier = 1;
}
def Mirror_RemIOp : MA_IntSignedBinOp<"remi">;
def Mirror_NegIOp : Mirror_Op<"negi", [Pure, AllTypesMatch<["source", "result"]>]> {
  let arguments = (ins MT_IntTile:$source,
      DefaultValuedAttr<CudaTile_IntegerOverflowAttr, MT_NoOverflow>:$overflow);
  let results = (outs MT_IntTile:$result);
}
def Mirror_AndIOp : MA_BitwiseBinOp<"andi"> { let hasFolder = 1; }
def Mirror_OrIOp : MA_BitwiseBinOp<"ori"> { let hasFolder = 1; }
def Mirror_XOrIOp : MA_BitwiseBinOp<"xori"> { let hasFolder = 1; }
def Mirror_ShRIOp : MA_IntSignedBinOp<"shri"> { let hasFolder = 1; }
def Mirror_MaxIOp : MA_IntSignedBinOp<"maxi"> { let hasFolder = 1; }
def Mirror_MinIOp : MA_IntSignedBinOp<"mini"> { let hasFolder = 1; }
def Mirror_CmpIOp : Mirror_Op<"cmpi", [Pure, AllTypesMatch<["lhs", "rhs"]>,
    MT_SameShape<["lhs", "result"]>]> {
  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       MT_IntTile:$lhs, MT_IntTile:$rhs,
                       CudaTile_SignednessAttr:$signedness);
  let results = (outs MT_I1Tile:$result);
}
def Mirror_AbsFOp : MA_UnaryOp<"absf", MT_FloatTile> { let hasFolder = 1; }
def Mirror_AddFOp : MA_FloatRoundedBinOp<"addf"> { let hasFolder = 1; }
def Mirror_SubFOp : MA_FloatRoundedBinOp<"subf"> { let hasFolder = 1; }
def Mirror_MulFOp : MA_FloatRoundedBinOp<"mulf"> { let hasFolder = 1; }
def Mirror_DivFOp : MA_FloatRoundedBinOp<"divf"> { let hasFolder = 1; }
def Mirror_RemFOp : Mirror_Op<"remf", [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let arguments = (ins MT_FloatTile:$lhs, MT_FloatTile:$rhs);
  let results = (outs MT_FloatTile:$result);
}
def Mirror_NegFOp : MA_UnaryOp<"negf", MT_FloatTile> { let hasFolder = 1; }
def Mirror_FmaOp : Mirror_Op<"fma", [Pure, AllTypesMatch<["lhs", "rhs", "acc", "result"]>]> {
  let arguments = (ins MT_FloatTile:$lhs, MT_FloatTile:$rhs, MT_FloatTile:$acc,
      DefaultValuedAttr<CudaTile_RoundingModeAttr, MT_NearestEven>:$rounding_mode,
      UnitAttr:$flush_to_zero);
  let results = (outs MT_FloatTile:$result);
  let hasVerifier = 1;
}
def Mirror_MaxFOp : MA_FloatMinMaxOp<"maxf">;
def Mirror_MinFOp : MA_FloatMinMaxOp<"minf">;
def Mirror_CmpFOp : Mirror_Op<"cmpf", [Pure, AllTypesMatch<["lhs", "rhs"]>,
    MT_SameShape<["lhs", "result"]>]> {
  let arguments = (ins CudaTile_ComparisonPredicateAttr:$comparison_predicate,
                       CudaTile_ComparisonOrderingAttr:$comparison_ordering,
                       MT_FloatTile:$lhs, MT_FloatTile:$rhs);
  let results = (outs MT_I1Tile:$result);
}
def Mirror_SelectOp : Mirror_Op<"select", [Pure,
    AllTypesMatch<["val_if_true", "val_if_false", "result"]>,
    MT_SameShape<["cond", "result"]>]> {
  let arguments = (ins MT_I1Tile:$cond, MT_AnyTile:$val_if_true,
                       MT_AnyTile:$val_if_false);
  let results = (outs MT_AnyTile:$result);
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// math
//===----------------------------------------------------------------------===//

class MM_FtzOp<string m> : Mirror_Op<m, [Pure, AllTypesMatch<["source", "result"]>]> {
  let arguments = (ins MT_FloatTile:$source, UnitAttr:$flush_to_zero);
  let results = (outs MT_FloatTile:$result);
}
class MM_ApproxOp<string m> : Mirror_Op<m, [Pure, AllTypesMatch<["source", "result"]>]> {
  let arguments = (ins MT_FloatTile:$source,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::tilecheck::cuda_tile::RoundingMode::FULL">:$rounding_mode);
  let results = (outs MT_FloatTile:$result);
}
class MM_BinaryOp<string m, string a, string b>
    : Mirror_Op<m, [Pure, AllTypesMatch<[a, b, "result"]>]> {
  let arguments = (ins MT_FloatTile:$source, MT_FloatTile:$exponent);
  let results = (outs MT_FloatTile:$result);
}

def Mirror_ExpOp : MM_ApproxOp<"exp">;
def Mirror_Exp2Op : MM_FtzOp<"exp2">;
def Mirror_LogOp : MA_UnaryOp<"log", MT_FloatTile>;
def Mirror_Log2Op : MA_UnaryOp<"log2", MT_FloatTile>;
def Mirror_PowOp : MM_BinaryOp<"pow", "source", "exponent">;
def Mirror_RsqrtOp : MM_FtzOp<"rsqrt">;
def Mirror_SqrtOp : Mirror_Op<"sqrt", [Pure, AllTypesMatch<["source", "result"]>]> {
  let arguments = (ins MT_FloatTile:$source,
      DefaultValuedAttr<CudaTile_RoundingModeAttr, MT_NearestEven>:$rounding_mode,
      UnitAttr:$flush_to_zero);
  let results = (outs MT_FloatTile:$result);
}
def Mirror_SinOp : MA_UnaryOp<"sin", MT_FloatTile>;
def Mirror_CosOp : MA_UnaryOp<"cos", MT_FloatTile>;
def Mirror_TanOp : MA_UnaryOp<"tan", MT_FloatTile>;
def Mirror_SinHOp : MA_UnaryOp<"sinh", MT_FloatTile>;
def Mirror_CosHOp : MA_UnaryOp<"cosh", MT_FloatTile>;
def Mirror_TanHOp : MM_ApproxOp<"tanh">;
def Mirror_Atan2Op : Mirror_Op<"atan2", [Pure, AllTypesMatch<["x", "y", "result"]>]> {
  let arguments = (ins MT_FloatTile:$x, MT_FloatTile:$y);
  let results = (outs MT_FloatTile:$result);
}
def Mirror_FloorOp : MA_UnaryOp<"floor", MT_FloatTile>;
def Mirror_CeilOp : MA_UnaryOp<"ceil", MT_FloatTile>;

//===----------------------------------------------------------------------===//
// conversion
//===----------------------------------------------------------------------===//

class MC_ConvOp<string m, Type to, list<Trait> traits = []>
    : Mirror_Op<m, !listconcat([Pure, MT_SameShape<["from", "to"]>], traits)> {
  let results = (outs to:$to);
}

def Mirror_FToFOp : MC_ConvOp<"ftof", MT_AnyFloatTile> {
  let arguments = (ins MT_AnyFloatTile:$from,
      DefaultValuedAttr<CudaTile_RoundingModeAttr, MT_NearestEven>:$rounding_mode);
}
def Mirror_FToIOp : MC_ConvOp<"ftoi", MT_IntTile> {
  let arguments = (ins MT_AnyFloatTile:$from, CudaTile_SignednessAttr:$signedness,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
          "::tilecheck::cuda_tile::RoundingMode::NEAREST_INT_TO_ZERO">:$rounding_mode);
}
def Mirror_IToFOp : MC_ConvOp<"itof", MT_AnyFloatTile> {
  let arguments = (ins MT_IntTile:$from, CudaTile_SignednessAttr:$signedness,
      DefaultValuedAttr<CudaTile_RoundingModeAttr, MT_NearestEven>:$rounding_mode);
}
def Mirror_ExtIOp : MC_ConvOp<"exti", MT_IntOrI4Tile> {
  let arguments = (ins MT_IntOrI4Tile:$from, CudaTile_SignednessAttr:$signedness);
  let hasVerifier = 1;
}
def Mirror_TruncIOp : MC_ConvOp<"trunci", MT_IntOrI4Tile> {
  let arguments = (ins MT_IntOrI4Tile:$from,
      DefaultValuedAttr<CudaTile_IntegerOverflowAttr, MT_NoOverflow>:$overflow);
  let hasVerifier = 1;
}
class MC_SourceConvOp<string m, Type from, Type to, list<Trait> traits>
    : Mirror_Op<m, !listconcat([Pure], traits)> {
  let arguments = (ins from:$source);
  let results = (outs to:$result);
}
def Mirror_BitcastOp : MC_SourceConvOp<"bitcast", MT_NumberTile, MT_NumberTile,
    [MT_SameShape<["source", "result"]>]> {
  let hasVerifier = 1;
  let hasFolder = 1;
}
def Mirror_IntToPtrOp : MC_SourceConvOp<"int_to_ptr", MT_I64Tile, MT_PtrTile,
    [MT_SameShape<["source", "result"]>]>;
def Mirror_PtrToIntOp : MC_SourceConvOp<"ptr_to_int", MT_PtrTile, MT_I64Tile,
    [MT_SameShape<["source", "result"]>]>;
def Mirror_PtrToPtrOp : MC_SourceConvOp<"ptr_to_ptr", MT_PtrTile, MT_PtrTile,
    [MT_SameShape<["source", "result"]>]>;
def Mirror_PackOp : MC_SourceConvOp<"pack", MT_PackableTile, MT_I8Tile,
    [MT_SameRank<["source", "result"]>]> {
  let hasVerifier = 1;
}
def Mirror_UnpackOp : MC_SourceConvOp<"unpack", MT_I8Tile, MT_PackableTile,
    [MT_SameRank<["source", "result"]>]> {
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// core
//===----------------------------------------------------------------------===//

def Mirror_ConstantOp : Mirror_Op<"constant", [ConstantLike, Pure]> {
  let arguments = (ins ElementsAttr:$value);
  let results = (outs MT_NumberTile:$result);
  let hasVerifier = 1;
  let hasFolder = 1;
}
def Mirror_IotaOp : Mirror_Op<"iota", [Pure]> {
  let results = (outs MT_IntTile:$result);
  let hasVerifier = 1;
}
def Mirror_GetTileBlockIdOp : Mirror_Op<"get_tile_block_id", [Pure]> {
  let results = (outs MT_ScalarI32:$blockId_x, MT_ScalarI32:$blockId_y,
                      MT_ScalarI32:$blockId_z);
}
def Mirror_GetNumTileBlocksOp : Mirror_Op<"get_num_tile_blocks", [Pure]> {
  let results = (outs MT_ScalarI32:$gridSize_x, MT_ScalarI32:$gridSize_y,
                      MT_ScalarI32:$gridSize_z);
}
def Mirror_BroadcastOp : Mirror_Op<"broadcast", [Pure,
    MT_SameElementType<["source", "result"]>, MT_SameRank<["source", "result"]>]> {
  let arguments = (ins MT_AnyTile:$source);
  let results = (outs MT_AnyTile:$result);
  let hasVerifier = 1;
  let hasFolder = 1;
}
def Mirror_ReshapeOp : Mirror_Op<"reshape", [Pure,
    MT_SameElementType<["source", "result"]>]> {
  let arguments = (ins MT_AnyTile:$source);
  let results = (outs MT_AnyTile:$result);
  let hasVerifier = 1;
  let hasFolder = 1;
}
def Mirror_PermuteOp : Mirror_Op<"permute", [Pure,
    MT_SameElementType<["source", "result"]>, MT_SameRank<["source", "result"]>]> {
  let arguments = (ins MT_AnyTile:$source, DenseI32ArrayAttr:$permutation);
  let results = (outs MT_AnyTile:$result);
  let hasVerifier = 1;
  let hasFolder = 1;
}
def Mirror_CatOp : Mirror_Op<"cat", [Pure, MT_SameRank<["lhs", "rhs", "result"]>,
    MT_SameElementType<["lhs", "rhs", "result"]>]> {
  let arguments = (ins MT_AnyTile:$lhs, MT_AnyTile:$rhs, I64Attr:$dim);
  let results = (outs MT_AnyTile:$result);
  let hasVerifier = 1;
}
def Mirror_ExtractOp : Mirror_Op<"extract", [Pure,
    MT_SameRank<["source", "result"]>, MT_SameElementType<["source", "result"]>]> {
  let arguments = (ins MT_AnyTile:$source, Variadic<MT_ScalarI32>:$indices);
  let results = (outs MT_AnyTile:$result);
  let hasVerifier = 1;
}
def Mirror_ReduceOp : Mirror_Op<"reduce", [RecursiveMemoryEffects, SingleBlock]> {
  let arguments = (ins Variadic<MT_AnyTile>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       ArrayAttr:$identities);
  let results = (outs Variadic<MT_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}
def Mirror_ScanOp : Mirror_Op<"scan", [RecursiveMemoryEffects, SingleBlock]> {
  let arguments = (ins Variadic<MT_AnyTile>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       BoolAttr:$reverse, ArrayAttr:$identities);
  let results = (outs Variadic<MT_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// control
//===----------------------------------------------------------------------===//

// Control flow below cuda_tile is upstream scf (compiler/docs/Lowering.md
// "Control flow"); only the combiner terminator of reduce/scan stays.
def Mirror_YieldOp : Mirror_Op<"yield", [Pure, ReturnLike, Terminator,
    ParentOneOf<["ReduceOp", "ScanOp"]>]> {
  let arguments = (ins Variadic<AnyType>:$operands);
}
def Mirror_AssertOp : Mirror_Op<"assert"> {
  let arguments = (ins MT_I1Tile:$condition, StrAttr:$message);
}
def Mirror_AssumeOp : Mirror_Op<"assume", [Pure, AllTypesMatch<["value", "result"]>]> {
  let arguments = (ins AnyType:$value, CudaTile_AssumePredicateInterface:$predicate);
  let results = (outs AnyType:$result);
}
// Printing is an observable effect: ordered like a write to memory.
def Mirror_PrintTkoOp : Mirror_Op<"print_tko", [AttrSizedOperandSegments,
    MemoryEffects<[MemWrite]>]> {
  let arguments = (ins StrAttr:$str, Variadic<MT_AnyTile>:$args,
                       Optional<MT_Token>:$token);
  let results = (outs MT_Token:$result_token);
}

//===----------------------------------------------------------------------===//
// memory through pointers and tokens
//===----------------------------------------------------------------------===//

def Mirror_LoadPtrTkoOp : Mirror_Op<"load_ptr_tko", [AttrSizedOperandSegments,
    MT_SameShape<["source", "result"]>]> {
  let arguments = (ins Mirror_MemSemanticAttr:$memory_ordering_semantics,
                       OptionalAttr<Mirror_MemScopeAttr>:$memory_scope,
                       Arg<MT_PtrTile, "the pointers read", [MemRead]>:$source,
                       Optional<MT_I1Tile>:$mask,
                       Optional<MT_AnyTile>:$paddingValue, Optional<MT_Token>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs MT_AnyTile:$result, MT_Token:$result_token);
  let hasVerifier = 1;
}
def Mirror_StorePtrTkoOp : Mirror_Op<"store_ptr_tko", [AttrSizedOperandSegments,
    MT_SameShape<["destination", "value"]>]> {
  let arguments = (ins Mirror_MemSemanticAttr:$memory_ordering_semantics,
                       OptionalAttr<Mirror_MemScopeAttr>:$memory_scope,
                       Arg<MT_PtrTile, "the pointers written", [MemWrite]>:$destination,
                       MT_AnyTile:$value,
                       Optional<MT_I1Tile>:$mask, Optional<MT_Token>:$token,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let results = (outs MT_Token:$result_token);
  let hasVerifier = 1;
}
def Mirror_AtomicRMWTkoOp : Mirror_Op<"atomic_rmw_tko", [AttrSizedOperandSegments,
    MT_SameShape<["pointers", "arg", "result"]>, AllTypesMatch<["arg", "result"]>]> {
  let arguments = (ins Mirror_MemSemanticAttr:$memory_ordering_semantics,
                       Mirror_MemScopeAttr:$memory_scope,
                       Arg<MT_PtrTile, "the pointers updated", [MemRead, MemWrite]>:$pointers,
                       CudaTile_AtomicRMWMode:$mode, MT_AnyTile:$arg,
                       Optional<MT_I1Tile>:$mask, Optional<MT_Token>:$token);
  let results = (outs MT_AnyTile:$result, MT_Token:$result_token);
}
def Mirror_AtomicCASTkoOp : Mirror_Op<"atomic_cas_tko", [AttrSizedOperandSegments,
    MT_SameShape<["pointers", "cmp", "val", "result"]>,
    AllTypesMatch<["cmp", "val", "result"]>]> {
  let arguments = (ins Mirror_MemSemanticAttr:$memory_ordering_semantics,
                       Mirror_MemScopeAttr:$memory_scope,
                       Arg<MT_PtrTile, "the pointers updated", [MemRead, MemWrite]>:$pointers,
                       MT_AnyTile:$cmp, MT_AnyTile:$val,
                       Optional<MT_I1Tile>:$mask, Optional<MT_Token>:$token);
  let results = (outs MT_AnyTile:$result, MT_Token:$result_token);
}
def Mirror_MakeTokenOp : Mirror_Op<"make_token", [Pure]> {
  let results = (outs MT_Token:$result);
}
def Mirror_JoinTokensOp : Mirror_Op<"join_tokens", [Pure]> {
  let arguments = (ins Variadic<MT_Token>:$tokens);
  let results = (outs MT_Token:$result);
}
def Mirror_GlobalOp : Mirror_Op<"global", [Symbol]> {
  let arguments = (ins SymbolNameAttr:$sym_name, ElementsAttr:$value,
      DefaultValuedAttr<I64Attr, "0">:$alignment, UnitAttr:$constant,
      DefaultValuedAttr<CudaTile_SymbolVisibility,
          "::tilecheck::cuda_tile::SymbolVisibility::Public">:$symbol_visibility);
}
def Mirror_GetGlobalOp : Mirror_Op<"get_global", [Pure]> {
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs MT_ScalarPtr:$result);
}
def Mirror_AllocaOp : Mirror_Op<"alloca"> {
  let arguments = (ins ConfinedAttr<I64Attr, [IntMinValue<0>]>:$num_elem,
                       ConfinedAttr<I64Attr, [IntMinValue<0>]>:$alignment,
                       UnitAttr:$global);
  let results = (outs Res<MT_ScalarPtr, "the new buffer", [MemAlloc]>:$result);
}
def Mirror_OffsetOp : Mirror_Op<"offset", [Pure,
    MT_SameShape<["ptr", "offset", "result"]>, AllTypesMatch<["result", "ptr"]>]> {
  let arguments = (ins MT_PtrTile:$ptr, MT_IntTile:$offset);
  let results = (outs MT_PtrTile:$result);
}

#endif // TILECHECK_MIRROR_OPS_TD
