//===- CudaTileConversionOps.td - conversions -*- tablegen -*-===//
//
// Conversions between element types: ftof, ftoi, itof, exti, trunci, bitcast, pointer/integer casts, pack and unpack.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_CONVERSIONOPS_TD
#define TILECHECK_CUDATILE_CONVERSIONOPS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileOpsBase.td"

//===----------------------------------------------------------------------===//
// Operand constraints
//===----------------------------------------------------------------------===//

/// Integer tiles including i4, which only conversions accept.
def CTC_IntOrI4Tile : CT_TileOf<!listconcat(CT_IntElems, [CT_I4])>;
/// Number tiles plus i4 (pack/unpack).
def CTC_PackableTile
    : CT_TileOf<!listconcat(CT_IntElems, CT_AllFloatElems, [CT_I4])>;

//===----------------------------------------------------------------------===//
// Numeric conversions
//===----------------------------------------------------------------------===//

def CudaTile_FToFOp : CudaTile_Op131<"ftof",
    [Pure, AllShapesMatch<["from", "to"]>]> {
  let summary = "element-wise float to float conversion";
  let description = [{
    Converts each element to another float type, rounding to nearest even.
    Conversions to f8E8M0FNU instead take `rounding<zero>` or
    `rounding<positive_inf>`. Source and result types must differ.

    ```mlir
    %h = ftof %x : tile<8xf32> -> tile<8xf16>
    %s = ftof %x rounding<positive_inf> : tile<8xf32> -> tile<8xf8E8M0FNU>
    ```
  }];
  let arguments = (ins CT_AnyFloatTile:$from,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::tilecheck::cuda_tile::RoundingMode::NEAREST_EVEN">:$rounding_mode);
  let results = (outs CT_AnyFloatTile:$to);
  let assemblyFormat = [{
    $from `` custom<Rounding>($rounding_mode, "ieeeRounding()") attr-dict `:` custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let hasVerifier = 1;
}

def CudaTile_FToIOp : CudaTile_Op131<"ftoi",
    [Pure, AllShapesMatch<["from", "to"]>]> {
  let summary = "element-wise float to integer conversion";
  let description = [{
    Converts each element to the signed or unsigned integer of the result
    type, rounding toward zero (`rounding<nearest_int_to_zero>`, the only and
    default mode). A NaN, an infinity or a value outside the result type's
    range is undefined behaviour (the interpreter reports it).

    ```mlir
    %i = ftoi %x signed : tile<8xf32> -> tile<8xi32>
    ```
  }];
  let arguments = (ins CT_AnyFloatTile:$from, CudaTile_SignednessAttr:$signedness,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::tilecheck::cuda_tile::RoundingMode::NEAREST_INT_TO_ZERO">:$rounding_mode);
  let results = (outs CT_IntTile:$to);
  let assemblyFormat = [{
    $from custom<Signedness>($signedness) `` custom<Rounding>($rounding_mode, "kConvIntegerRounding") attr-dict `:` custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let hasVerifier = 1;
}

def CudaTile_IToFOp : CudaTile_Op131<"itof",
    [Pure, AllShapesMatch<["from", "to"]>]> {
  let summary = "element-wise integer to float conversion";
  let description = [{
    Converts each element, read with the given signedness, to the float type
    of the result, rounding to nearest even. f8E8M0FNU results are not
    supported.

    ```mlir
    %f = itof %i unsigned : tile<8xi16> -> tile<8xf32>
    ```
  }];
  let arguments = (ins CT_IntTile:$from, CudaTile_SignednessAttr:$signedness,
      DefaultValuedAttr<CudaTile_RoundingModeAttr,
                        "::tilecheck::cuda_tile::RoundingMode::NEAREST_EVEN">:$rounding_mode);
  let results = (outs CT_AnyFloatTile:$to);
  let assemblyFormat = [{
    $from custom<Signedness>($signedness) `` custom<Rounding>($rounding_mode, "ieeeRounding()") attr-dict `:` custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let hasVerifier = 1;
}

def CudaTile_ExtIOp : CudaTile_Op131<"exti",
    [Pure, AllShapesMatch<["from", "to"]>]> {
  let summary = "element-wise integer widening";
  let description = [{
    Widens each element to a strictly wider integer type, replicating the
    sign bit (`signed`) or filling with zeros (`unsigned`).

    ```mlir
    %w = exti %b signed : tile<8xi8> -> tile<8xi32>
    ```
  }];
  let arguments = (ins CTC_IntOrI4Tile:$from, CudaTile_SignednessAttr:$signedness);
  let results = (outs CTC_IntOrI4Tile:$to);
  let assemblyFormat = [{
    $from custom<Signedness>($signedness) attr-dict `:` custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let hasVerifier = 1;
}

def CudaTile_TruncIOp : CudaTile_Op131<"trunci",
    [Pure, AllShapesMatch<["from", "to"]>]> {
  let summary = "element-wise integer narrowing";
  let description = [{
    Keeps the low bits of each element in a strictly narrower integer type.
    `overflow<...>` promises that the value fits as a signed and/or unsigned
    number of the narrower type.

    ```mlir
    %n = trunci %w overflow<no_unsigned_wrap> : tile<8xi32> -> tile<8xi8>
    ```
  }];
  let arguments = (ins CTC_IntOrI4Tile:$from,
      DefaultValuedAttr<CudaTile_IntegerOverflowAttr,
                        "::tilecheck::cuda_tile::IntegerOverflow::NONE">:$overflow);
  let results = (outs CTC_IntOrI4Tile:$to);
  let assemblyFormat = [{
    $from (`overflow` `` $overflow^)? attr-dict `:` custom<CudaTileType>(type($from)) `->` custom<CudaTileType>(type($to))
  }];
  let hasVerifier = 1;
}

def CudaTile_BitcastOp : CudaTile_Op131<"bitcast",
    [Pure, AllShapesMatch<["source", "result"]>]> {
  let summary = "element-wise reinterpretation of bits";
  let description = [{
    Reinterprets the bits of each element as another number type of the same
    bit width.

    ```mlir
    %bits = bitcast %x : tile<8xf32> -> tile<8xi32>
    ```
  }];
  let arguments = (ins CT_NumberTile:$source);
  let results = (outs CT_NumberTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointer conversions
//===----------------------------------------------------------------------===//

def CudaTile_IntToPtrOp : CudaTile_Op131<"int_to_ptr",
    [Pure, AllShapesMatch<["source", "result"]>]> {
  let summary = "element-wise integer to pointer cast";
  let description = [{
    Reads each i64 element as a global address.

    ```mlir
    %p = int_to_ptr %addr : tile<8xi64> -> tile<8xptr<f32>>
    ```
  }];
  let arguments = (ins CT_I64Tile:$source);
  let results = (outs CT_PtrTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_PtrToIntOp : CudaTile_Op131<"ptr_to_int",
    [Pure, AllShapesMatch<["source", "result"]>]> {
  let summary = "element-wise pointer to integer cast";
  let description = [{
    Yields the address held by each pointer as an i64.

    ```mlir
    %addr = ptr_to_int %p : tile<8xptr<f32>> -> tile<8xi64>
    ```
  }];
  let arguments = (ins CT_PtrTile:$source);
  let results = (outs CT_I64Tile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->` custom<CudaTileType>(type($result))
  }];
}

def CudaTile_PtrToPtrOp : CudaTile_Op131<"ptr_to_ptr",
    [Pure, AllShapesMatch<["source", "result"]>]> {
  let summary = "element-wise change of pointee type";
  let description = [{
    Keeps every address and changes the pointee type.

    ```mlir
    %q = ptr_to_ptr %p : tile<8xptr<f32>> -> tile<8xptr<i8>>
    ```
  }];
  let arguments = (ins CT_PtrTile:$source);
  let results = (outs CT_PtrTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->` custom<CudaTileType>(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Packing (13.3)
//===----------------------------------------------------------------------===//

def CudaTile_PackOp : CudaTile_Op<"pack", 13, 3,
    [Pure, AllRanksMatch<["source", "result"]>]> {
  let summary = "reinterpret a 1-d tile as bytes";
  let description = [{
    (13.3) Reinterprets the storage of a rank-1 tile as a rank-1 tile of i8
    of the same byte size. Sub-byte element types (i4, f4E2M1FN) are packed
    two per byte.

    ```mlir
    %bytes = pack %x : tile<64xi4> -> tile<32xi8>
    ```
  }];
  let arguments = (ins CTC_PackableTile:$source);
  let results = (outs CT_I8Tile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

def CudaTile_UnpackOp : CudaTile_Op<"unpack", 13, 3,
    [Pure, AllRanksMatch<["source", "result"]>]> {
  let summary = "reinterpret a 1-d tile of bytes";
  let description = [{
    (13.3) The inverse of `pack`: reads a rank-1 i8 tile as a rank-1 tile of
    another element type with the same total size.

    ```mlir
    %x = unpack %bytes : tile<32xi8> -> tile<16xf16>
    ```
  }];
  let arguments = (ins CT_I8Tile:$source);
  let results = (outs CTC_PackableTile:$result);
  let assemblyFormat = [{
    $source attr-dict `:` custom<CudaTileType>(type($source)) `->` custom<CudaTileType>(type($result))
  }];
  let hasVerifier = 1;
}

#endif // TILECHECK_CUDATILE_CONVERSIONOPS_TD
