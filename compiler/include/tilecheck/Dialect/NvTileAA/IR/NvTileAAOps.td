//===- NvTileAAOps.td - nv_tileaa ops ----------------------*- tablegen -*-===//

#ifndef TILECHECK_NVTILEAA_OPS_TD
#define TILECHECK_NVTILEAA_OPS_TD

include "tilecheck/Dialect/NvTileAA/IR/NvTileAATypes.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"

defvar Mirror_Dialect = NvTileAA_Dialect;
defvar Mirror_MemSemanticAttr = NvTileAA_MemSemanticAttr;
defvar Mirror_MemScopeAttr = NvTileAA_MemScopeAttr;
defvar Mirror_ViewMnemonic = "make_tiled_view";
include "tilecheck/Dialect/Mirror/MirrorOps.td"
include "tilecheck/Dialect/NvTileAA/IR/NvTileAAViewOps.td"

class NvTileAA_Op<string mnemonic, list<Trait> traits = []>
    : Op<NvTileAA_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

def NvTileAA_FuncOp : NvTileAA_Op<"func", [IsolatedFromAbove,
    FunctionOpInterface, AutomaticAllocationScope]> {
  let summary = "a kernel or device function";
  let description = [{
    Converted from `cuda_tile.entry`; entries carry the unit attribute
    `nv_tileaa.kernel`, and ConvertTileAAToTileAS attaches
    `nv_tileaa.kernel_spec`. The op stays legal through nv_tileas (seed 002):
    the LLVM conversion owns it.

    ```mlir
    nv_tileaa.func @k(%a: !nv_tileaa.ptr<f32, 1>, %n: i32) attributes {nv_tileaa.kernel} {
      nv_tileaa.return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    bool isKernel() { return (*this)->hasAttr("nv_tileaa.kernel"); }
  }];
}

def NvTileAA_ReturnOp : NvTileAA_Op<"return", [Pure, ReturnLike, Terminator]> {
  let summary = "returns from a function";
  let description = [{
    Like `cuda_tile.return`, it may also end a nested region (an early exit
    from inside `if` or a loop); the enclosing function returns.

    ```mlir
    nv_tileaa.return
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// MMA
//===----------------------------------------------------------------------===//

def NvTileAA_DotOp : NvTileAA_Op<"dot", [Pure, AllTypesMatch<["acc", "result"]>,
    MT_SameElementType<["lhs", "rhs"]>]> {
  let summary = "matrix multiply-accumulate of float tiles";
  let description = [{
    Converted from `cuda_tile.mmaf`, with its semantics: result = lhs x rhs +
    acc, 2-D (MxK, KxN, MxN) or batched 3-D.

    ```mlir
    %d = "nv_tileaa.dot"(%a, %b, %c) : (tensor<16x8xf16>, tensor<8x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
    ```
  }];
  let arguments = (ins MT_AnyFloatTile:$lhs, MT_AnyFloatTile:$rhs,
                       MT_FloatTile:$acc, UnitAttr:$fast_acc);
  let results = (outs MT_FloatTile:$result);
  let hasVerifier = 1;
}

def NvTileAA_DotIntOp : NvTileAA_Op<"dot_int", [Pure,
    AllTypesMatch<["acc", "result"]>, MT_SameElementType<["lhs", "rhs"]>]> {
  let summary = "matrix multiply-accumulate of i8 tiles into i32";
  let description = [{
    Converted from `cuda_tile.mmai`, with its semantics and signedness
    attributes.
  }];
  let arguments = (ins MT_I8Tile:$lhs, MT_I8Tile:$rhs, MT_IntTile:$acc,
                       CudaTile_SignednessAttr:$signedness_lhs,
                       CudaTile_SignednessAttr:$signedness_rhs);
  let results = (outs MT_IntTile:$result);
  let hasVerifier = 1;
}

def NvTileAA_MmaBlockScaleOp : NvTileAA_Op<"mma_block_scale", [Pure,
    AllTypesMatch<["acc", "result"]>, MT_SameElementType<["lhs", "rhs"]>]> {
  let summary = "block-scaled matrix multiply-accumulate";
  let description = [{
    Converted from `cuda_tile.mmaf_scaled`, with its semantics: each K block
    of lhs and rhs is multiplied by its scale factor. ConvertTileAAToTileAS
    admits it only from sm_100 on.
  }];
  let arguments = (ins MT_AnyFloatTile:$lhs, MT_AnyFloatTile:$rhs,
                       MT_FloatTile:$acc, MT_AnyFloatTile:$lhs_scale,
                       MT_AnyFloatTile:$rhs_scale);
  let results = (outs MT_FloatTile:$result);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Queues
//===----------------------------------------------------------------------===//

def NvTileAA_MarkForReuseOp : NvTileAA_Op<"mark_for_reuse"> {
  let summary = "declares that queues' buffers may be reused";
  let description = [{
    A hint to buffer assignment: the storage of the operand queues is free to
    be reused once every value in flight is consumed. No effect on values.

    ```mlir
    "nv_tileaa.mark_for_reuse"(%q) : (!nv_tileaa.queue<tensor<64xf32>, 2>) -> ()
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$queues);
  let hasVerifier = 1;
}

#endif // TILECHECK_NVTILEAA_OPS_TD
