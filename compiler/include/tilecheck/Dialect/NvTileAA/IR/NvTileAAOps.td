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
    : Op<NvTileAA_Dialect, mnemonic,
         !listconcat([DefaultValuedAttrsPresent], traits)>;

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

def NvTileAA_ReturnOp : NvTileAA_Op<"return", [Pure, ReturnLike, Terminator,
    HasParent<"FuncOp">]> {
  let summary = "returns from a function";
  let description = [{
    Ends the body of an `nv_tileaa.func`. Early exits of cuda_tile are
    lowered to flags before conversion (cuda-tile-lower-early-exits), so a
    return never stands in a nested region.

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

def NvTileAA_DotOp : Mirror_FormattedOp<NvTileAA_Dialect, "dot", [Pure, AllTypesMatch<["acc", "result"]>,
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

def NvTileAA_DotIntOp : Mirror_FormattedOp<NvTileAA_Dialect, "dot_int", [Pure,
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

def NvTileAA_MmaBlockScaleOp : Mirror_FormattedOp<NvTileAA_Dialect, "mma_block_scale", [Pure,
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

def NvTileAA_MarkForReuseOp : Mirror_FormattedOp<NvTileAA_Dialect, "mark_for_reuse"> {
  let summary = "declares that queues' buffers may be reused";
  let description = [{
    A hint to buffer assignment: the storage of the operand queues is free to
    be reused once every value in flight is consumed. No effect on values.

    ```mlir
    "nv_tileaa.mark_for_reuse"(%q) : (!nv_tileaa.queue<tensor<64xf32>, 2>) -> ()
    ```
  }];
  let arguments = (ins Arg<Variadic<AnyType>, "the queues", [MemWrite]>:$queues);
  let hasVerifier = 1;
}

def NvTileAA_Queue : Type<CPred<"::llvm::isa<::tilecheck::nv_tileaa::QueueType>($_self)">,
                          "nv_tileaa.queue", "::tilecheck::nv_tileaa::QueueType">;

def NvTileAA_QueueCreateOp : NvTileAA_Op<"queue.create"> {
  let summary = "creates a queue of values between agents";
  let description = [{
    A ring of `depth` slots (the type's second parameter, at least 1), all
    free. `queue.put` with iteration number `i` fills slot `i mod depth`
    and `queue.get` with the same number empties it, so at most `depth`
    values are in flight between the producer and the consumer agent.

    ```mlir
    %q = nv_tileaa.queue.create : !nv_tileaa.queue<tensor<64xf32>, 2>
    ```
  }];
  let results = (outs Res<NvTileAA_Queue, "the new queue", [MemAlloc]>:$queue);
  let assemblyFormat = "attr-dict `:` type($queue)";
  let hasVerifier = 1;
}

def NvTileAA_QueuePutOp : NvTileAA_Op<"queue.put", [
    TypesMatchWith<"value type matches the queue's element type", "queue",
                   "value", "::llvm::cast<QueueType>($_self).getElementType()">]> {
  let summary = "puts the value of one iteration into a queue";
  let description = [{
    Stores `value` in slot `iteration mod depth`. The slot must be free:
    the value of iteration `iteration - depth` must have been taken by
    `queue.get`; until then the putting agent blocks. Putting the same
    iteration twice, or a negative iteration, is undefined behaviour.

    ```mlir
    nv_tileaa.queue.put %q[%i], %v : !nv_tileaa.queue<tensor<64xf32>, 2>, i32
    ```
  }];
  let arguments = (ins Arg<NvTileAA_Queue, "the queue", [MemRead, MemWrite]>:$queue,
                       AnySignlessIntegerOrIndex:$iteration,
                       AnyType:$value);
  let assemblyFormat = [{
    $queue `[` $iteration `]` `,` $value attr-dict `:` type($queue) `,`
    type($iteration)
  }];
}

def NvTileAA_QueueGetOp : NvTileAA_Op<"queue.get", [
    TypesMatchWith<"result type matches the queue's element type", "queue",
                   "result", "::llvm::cast<QueueType>($_self).getElementType()">]> {
  let summary = "takes the value of one iteration out of a queue";
  let description = [{
    Waits until slot `iteration mod depth` holds the value put with
    `iteration`, returns it and frees the slot for iteration
    `iteration + depth`. Getting an iteration twice is undefined behaviour.

    ```mlir
    %v = nv_tileaa.queue.get %q[%i] : !nv_tileaa.queue<tensor<64xf32>, 2>, i32
    ```
  }];
  let arguments = (ins Arg<NvTileAA_Queue, "the queue", [MemRead, MemWrite]>:$queue,
                       AnySignlessIntegerOrIndex:$iteration);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $queue `[` $iteration `]` attr-dict `:` type($queue) `,` type($iteration)
  }];
}

def NvTileAA_ExecuteOp : NvTileAA_Op<"execute", [RecursiveMemoryEffects,
    NoRegionArguments]> {
  let summary = "runs a region as a separate agent";
  let description = [{
    The region starts as a new agent of the tile block and runs
    concurrently with the code after the op (typically the producer side
    of queues that the code after the op consumes). The op itself returns
    at once. The function's return, and the end of the tile block, wait
    for every agent the block started. The region ends with
    `nv_tileaa.execute.yield` and cannot leave the agent otherwise (no
    `nv_tileaa.return` inside).

    ```mlir
    nv_tileaa.execute {
      nv_tileaa.queue.put %q[%c0], %v : !nv_tileaa.queue<tensor<64xf32>, 2>, i32
      nv_tileaa.execute.yield
    }
    %w = nv_tileaa.queue.get %q[%c0] : !nv_tileaa.queue<tensor<64xf32>, 2>, i32
    ```
  }];
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
  let hasVerifier = 1;
}

def NvTileAA_ExecuteYieldOp : NvTileAA_Op<"execute.yield", [Pure, ReturnLike,
    Terminator, HasParent<"ExecuteOp">]> {
  let summary = "ends the region of an nv_tileaa.execute";
  let description = [{
    The agent that runs the region finishes here.

    ```mlir
    nv_tileaa.execute.yield
    ```
  }];
  let assemblyFormat = "attr-dict";
}

#endif // TILECHECK_NVTILEAA_OPS_TD
