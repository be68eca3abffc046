//===- CudaTileCoreOps.td - tile construction, shape, reduction and MMA -*- tablegen -*-===//
//
// constant, iota, broadcast, reshape, permute, cat, extract, reduce, scan, mmaf, mmai, mmaf_scaled and the tile-block queries.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_COREOPS_TD
#define TILECHECK_CUDATILE_COREOPS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileOpsBase.td"

//===----------------------------------------------------------------------===//
// Local constraints (element types spelled as in the public diagnostics)
//===----------------------------------------------------------------------===//

def CTCore_MmaFOperand : CT_TileOf<[CT_F16, CT_BF16, CT_F32,
    CT_F64, CT_TF32, CT_F8E4M3FN, CT_F8E5M2],
    "mmaf operand tile type">;
def CTCore_MmaFResult : CT_TileOf<[CT_F16, CT_F32, CT_F64],
    "mmaf acc/result tile type">;
def CTCore_MmaFScaledOperand : CT_TileOf<[CT_F8E4M3FN, CT_F8E5M2,
    CT_F4E2M1FN], "mmaf_scaled operand tile type">;
def CTCore_MmaFScaledScale : CT_TileOf<[CT_F8E4M3FN, CT_F8E8M0FNU],
    "mmaf_scaled scale tile type">;
def CTCore_MmaFScaledResult : CT_TileOf<[CT_F32],
    "mmaf_scaled result tile type">;
def CTCore_MmaIOperand : CT_TileOf<[CT_I8], "mmai operand tile type">;
def CTCore_MmaIAcc : CT_TileOf<[CT_I32], "mmai acc tile type">;
def CTCore_MmaIResult : CT_TileOf<[CT_I32], "mmai result tile type">;

/// A dense int/float elements attribute (the payload of `constant`).
def CTCore_DenseElementsAttr
    : Attr<CPred<"::llvm::isa<::mlir::DenseIntOrFPElementsAttr>($_self)">,
           "dense int or float elements attribute"> {
  let storageType = "::mlir::DenseIntOrFPElementsAttr";
  let returnType = "::mlir::DenseIntOrFPElementsAttr";
  let convertFromStorage = "$_self";
}

/// All named operands/results share one element type.
class CTCore_SameElementType<list<string> names>
    : PredOpTrait<"all of {" # !interleave(names, ", ") #
                      "} have the same element type",
                  AllMatchPred<!foreach(n, names,
                      "::mlir::getElementTypeOrSelf($" # n # ".getType())")>>;

//===----------------------------------------------------------------------===//
// Tile construction
//===----------------------------------------------------------------------===//

def CudaTile_ConstantOp : CudaTile_Op131<"constant", [ConstantLike, Pure]> {
  let summary = "a tile of compile-time constant elements";
  let description = [{
    Materializes a tile from literal elements. The literal names its element
    type first; a single element fills the whole tile. Integers may be given
    in hex, floats as hex bit patterns.

    ```mlir
    %m = constant <f32: [[1.0, 2.0], [4.0, 5.0]]> : tile<2x2xf32>
    %z = constant <i32: 0> : tile<128xi32>
    %inf = constant <f32: 0x7F800000> : tile<f32>
    ```
  }];
  let arguments = (ins CTCore_DenseElementsAttr:$value);
  let results = (outs CT_NumberTile:$result);
  let assemblyFormat = "custom<DenseTypedElementsAttr>($value, type($result)) attr-dict";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def CudaTile_IotaOp : CudaTile_Op131<"iota", [Pure]> {
  let summary = "the 1-d sequence 0, 1, ..., n-1";
  let description = [{
    Produces a 1-d integer tile whose element i is i. The element type must
    be wide enough to count the elements.

    ```mlir
    %i = iota : tile<64xi32>
    ```
  }];
  let results = (outs CT_IntTile:$result);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($result))";
  let hasVerifier = 1;
}

def CudaTile_GetTileBlockIdOp : CudaTile_Op131<"get_tile_block_id", [Pure]> {
  let summary = "coordinates of the running tile block in the grid";
  let description = [{
    Returns the x, y and z index of the tile block executing the kernel.

    ```mlir
    %x, %y, %z = get_tile_block_id : tile<i32>
    ```
  }];
  let results = (outs CT_ScalarI32Tile:$blockId_x,
                      CT_ScalarI32Tile:$blockId_y,
                      CT_ScalarI32Tile:$blockId_z);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($blockId_x))";
}

def CudaTile_GetNumTileBlocksOp : CudaTile_Op131<"get_num_tile_blocks", [Pure]> {
  let summary = "extent of the tile-block grid";
  let description = [{
    Returns the number of tile blocks along x, y and z.

    ```mlir
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    ```
  }];
  let results = (outs CT_ScalarI32Tile:$gridSize_x,
                      CT_ScalarI32Tile:$gridSize_y,
                      CT_ScalarI32Tile:$gridSize_z);
  let assemblyFormat = "attr-dict `:` custom<CudaTileType>(type($gridSize_x))";
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

def CudaTile_BroadcastOp : CudaTile_Op131<"broadcast", [
    Pure, SameOperandsAndResultElementType, AllRanksMatch<["source", "result"]>]> {
  let summary = "stretch size-1 dimensions to a larger shape";
  let description = [{
    Every dimension of the source is either equal to the result's or 1; a
    dimension of size 1 is repeated to the result's size.

    ```mlir
    %b = broadcast %row : tile<1x64xf32> -> tile<32x64xf32>
    ```
  }];
  let arguments = (ins CT_AnyTile:$source);
  let results = (outs CT_AnyTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_ReshapeOp : CudaTile_Op131<"reshape", [
    Pure, SameOperandsAndResultElementType]> {
  let summary = "reinterpret a tile with another shape";
  let description = [{
    Keeps the elements in row-major order and changes only the shape; the
    element count stays the same.

    ```mlir
    %r = reshape %t : tile<4x16xi32> -> tile<64xi32>
    ```
  }];
  let arguments = (ins CT_AnyTile:$source);
  let results = (outs CT_AnyTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_PermuteOp : CudaTile_Op131<"permute", [
    Pure, CTCore_SameElementType<["source", "result"]>,
    AllRanksMatch<["source", "result"]>]> {
  let summary = "reorder the dimensions of a tile";
  let description = [{
    Result dimension i is source dimension `permutation[i]`.

    ```mlir
    %t = permute %m [1, 0] : tile<16x32xf16> -> tile<32x16xf16>
    ```
  }];
  let arguments = (ins CT_AnyTile:$source, DenseI32ArrayAttr:$permutation);
  let results = (outs CT_AnyTile:$result);
  let assemblyFormat = [{
    $source $permutation attr-dict `:` custom<CudaTileType>(type($source)) `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_CatOp : CudaTile_Op131<"cat", [
    Pure, AllRanksMatch<["lhs", "rhs", "result"]>,
    CTCore_SameElementType<["lhs", "rhs", "result"]>]> {
  let summary = "join two tiles along one dimension";
  let description = [{
    The operands agree in every dimension but `dim`; along `dim` the result
    holds lhs followed by rhs.

    ```mlir
    %c = cat %a, %b dim = 0 : tile<2x8xi32>, tile<2x8xi32> -> tile<4x8xi32>
    ```
  }];
  let arguments = (ins CT_AnyTile:$lhs, CT_AnyTile:$rhs, I64Attr:$dim);
  let results = (outs CT_AnyTile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `dim` `=` $dim attr-dict `:` custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_ExtractOp : CudaTile_Op131<"extract", [
    Pure, AllRanksMatch<["source", "result"]>]> {
  let summary = "take one block of a tile";
  let description = [{
    Views the source as a grid of blocks of the result's shape and returns
    the block at the given grid coordinates (one i32 scalar per dimension).

    ```mlir
    %blk = extract %t[%i, %j] : tile<8x8xf32> -> tile<4x4xf32>
    ```
  }];
  let arguments = (ins CT_AnyTile:$source, Variadic<CT_ScalarI32Tile>:$indices);
  let results = (outs CT_AnyTile:$result);
  let assemblyFormat = [{
    $source `[` $indices `]` attr-dict `:` custom<CudaTileType>(type($source)) `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

def CudaTile_ReduceOp : CudaTile_Op131<"reduce", [
    OpAsmOpInterface,
    InferTypeOpAdaptor, RecursiveMemoryEffects, SameOperandsShape,
    SingleBlock]> {
  let summary = "fold tiles along one dimension";
  let description = [{
    Combines the elements of each operand along `dim` with the body, which
    receives pairs (element, accumulator) of rank-0 tiles per operand and
    yields the new accumulators. The body must be pure; the order of
    combination is unspecified, so it should be associative and commutative.
    `identities` gives the neutral element of each operand.

    ```mlir
    %s = reduce %x dim=1 identities=[0.0 : f32] : tile<8x64xf32> -> tile<8xf32>
      (%e: tile<f32>, %a: tile<f32>) {
        %n = addf %e, %a : tile<f32>
        yield %n : tile<f32>
      }
    ```
  }];
  let arguments = (ins Variadic<CT_AnyTile>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       ArrayAttr:$identities);
  let results = (outs Variadic<CT_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $operands attr-dict ` ` `dim` `` `=` `` $dim `identities` `` `=` `` $identities
    `:` custom<CudaTileTypes>(type($operands)) `->` custom<CudaTileTypes>(type($results))
    custom<ArgumentRegion>($body)
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl;
}

def CudaTile_ScanOp : CudaTile_Op131<"scan", [
    OpAsmOpInterface,
    InferTypeOpAdaptor, RecursiveMemoryEffects, SameOperandsShape,
    SingleBlock]> {
  let summary = "inclusive prefix combination along one dimension";
  let description = [{
    Like `reduce`, but keeps every partial result: element i of the result
    combines elements 0..i (or i..n-1 when `reverse=true`) along `dim`.

    ```mlir
    %p = scan %x dim=0 reverse=false identities=[0 : i32] : tile<16xi32> -> tile<16xi32>
      (%e: tile<i32>, %a: tile<i32>) {
        %n = addi %e, %a : tile<i32>
        yield %n : tile<i32>
      }
    ```
  }];
  let arguments = (ins Variadic<CT_AnyTile>:$operands,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$dim,
                       BoolAttr:$reverse,
                       ArrayAttr:$identities);
  let results = (outs Variadic<CT_AnyTile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $operands attr-dict ` ` `dim` `` `=` `` $dim `reverse` `` `=` `` $reverse
    `identities` `` `=` `` $identities
    `:` custom<CudaTileTypes>(type($operands)) `->` custom<CudaTileTypes>(type($results))
    custom<ArgumentRegion>($body)
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl;
}

//===----------------------------------------------------------------------===//
// Matrix multiply-accumulate
//===----------------------------------------------------------------------===//

def CudaTile_MmaFOp : CudaTile_Op131<"mmaf", [
    Pure, AllTypesMatch<["acc", "result"]>,
    CTCore_SameElementType<["lhs", "rhs"]>,
    AllRanksMatch<["lhs", "rhs", "acc"]>]> {
  let summary = "float matrix multiply-accumulate";
  let description = [{
    result = lhs x rhs + acc for M x K, K x N and M x N tiles, optionally
    batched over a leading dimension. `fast_acc` (13.3) lets f8 inputs
    accumulate with reduced precision.

    ```mlir
    %d = mmaf %a, %b, %c : tile<64x16xf16>, tile<16x32xf16>, tile<64x32xf32>
    ```
  }];
  let arguments = (ins CTCore_MmaFOperand:$lhs, CTCore_MmaFOperand:$rhs,
                       CTCore_MmaFResult:$acc, UnitAttr:$fast_acc);
  let results = (outs CTCore_MmaFResult:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc (`fast_acc` $fast_acc^)? attr-dict `:` custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `,` custom<CudaTileType>(type($acc))
  }];
  let hasVerifier = 1;
}

def CudaTile_MmaIOp : CudaTile_Op131<"mmai", [
    Pure, AllTypesMatch<["acc", "result"]>,
    CTCore_SameElementType<["lhs", "rhs"]>,
    AllRanksMatch<["lhs", "rhs", "acc"]>]> {
  let summary = "integer matrix multiply-accumulate";
  let description = [{
    i8 x i8 products accumulated into i32. Each input states whether its
    elements are signed or unsigned.

    ```mlir
    %d = mmai %a, %b, %c signed unsigned : tile<16x32xi8>, tile<32x8xi8>, tile<16x8xi32>
    ```
  }];
  let arguments = (ins CTCore_MmaIOperand:$lhs, CTCore_MmaIOperand:$rhs,
                       CTCore_MmaIAcc:$acc,
                       CudaTile_SignednessAttr:$signedness_lhs,
                       CudaTile_SignednessAttr:$signedness_rhs);
  let results = (outs CTCore_MmaIResult:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc custom<Signedness>($signedness_lhs) custom<Signedness>($signedness_rhs) attr-dict `:` custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `,` custom<CudaTileType>(type($acc))
  }];
  let hasVerifier = 1;
}

def CudaTile_MmaFScaledOp : CudaTile_Op<"mmaf_scaled", 13, 3, [
    Pure, AllTypesMatch<["acc", "result"]>,
    CTCore_SameElementType<["lhs", "rhs"]>,
    CTCore_SameElementType<["lhs_scale", "rhs_scale"]>,
    AllRanksMatch<["lhs", "rhs", "acc", "lhs_scale", "rhs_scale"]>]> {
  let summary = "block-scaled low-precision matrix multiply-accumulate";
  let description = [{
    Like `mmaf` on f8/f4 inputs, where each run of K elements of lhs (rhs)
    is first multiplied by one element of lhs_scale (rhs_scale). The run
    length is K divided by the scale's K extent.

    ```mlir
    %d = mmaf_scaled %a, %b, %c, %sa, %sb
        : tile<128x64xf8E4M3FN>, tile<64x128xf8E4M3FN>, tile<128x128xf32>,
          tile<128x2xf8E8M0FNU>, tile<2x128xf8E8M0FNU>
    ```
  }];
  let arguments = (ins CTCore_MmaFScaledOperand:$lhs,
                       CTCore_MmaFScaledOperand:$rhs,
                       CTCore_MmaFScaledResult:$acc,
                       CTCore_MmaFScaledScale:$lhs_scale,
                       CTCore_MmaFScaledScale:$rhs_scale);
  let results = (outs CTCore_MmaFScaledResult:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc `,` $lhs_scale `,` $rhs_scale attr-dict `:` custom<CudaTileType>(type($lhs)) `,` custom<CudaTileType>(type($rhs)) `,` custom<CudaTileType>(type($acc)) `,` custom<CudaTileType>(type($lhs_scale)) `,` custom<CudaTileType>(type($rhs_scale))
  }];
  let hasVerifier = 1;
}

#endif // TILECHECK_CUDATILE_COREOPS_TD
