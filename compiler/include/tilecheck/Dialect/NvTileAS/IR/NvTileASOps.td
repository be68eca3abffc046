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
    : Op<NvTileAS_Dialect, mnemonic,
         !listconcat([DefaultValuedAttrsPresent], traits)>;

//===----------------------------------------------------------------------===//
// MMA
//===----------------------------------------------------------------------===//

def NvTileAS_DotOp : Mirror_FormattedOp<NvTileAS_Dialect, "dot", [Pure, AllTypesMatch<["acc", "result"]>,
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

def NvTileAS_DotIntOp : Mirror_FormattedOp<NvTileAS_Dialect, "dot_int", [Pure,
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

def NvTileAS_BlockScaledMmaOp : Mirror_FormattedOp<NvTileAS_Dialect, "block_scaled_mma", [Pure,
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

def NvTileAS_ConvertLayoutOp : Mirror_FormattedOp<NvTileAS_Dialect, "convert_layout", [Pure]> {
  let summary = "moves a tile value to another layout";
  let description = [{
    The value is unchanged; only where its elements live changes (through
    shared memory or shuffles once materialized). The layouts are the
    encodings of the source and result types, which otherwise agree; it is
    the only op whose result is in another layout than its operands.

    ```mlir
    %r = nv_tileas.convert_layout %t
        : (tensor<64x16xf16, #reg>) -> tensor<64x16xf16, #mma_a>
    ```
  }];
  let arguments = (ins MT_AnyTile:$source);
  let results = (outs MT_AnyTile:$result);
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def NvTileAS_ShuffleOp : Mirror_FormattedOp<NvTileAS_Dialect, "shuffle", [Pure,
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

// The buffers of alloc_tensor: shared memory that only alloc_tensor, copy
// and smem_load reach (global memory, pipeline slots and the backend's
// scratch are elsewhere), so their effects conflict with no other op's.
def NvTileAS_SharedMemoryResource
    : Resource<"::tilecheck::nv_tileas::SharedMemoryResource">;

def NvTileAS_AllocTensorOp : Mirror_FormattedOp<NvTileAS_Dialect, "alloc_tensor"> {
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
  let results = (outs Res<NvTileAS_Smem, "the buffer",
                          [MemAlloc<NvTileAS_SharedMemoryResource>]>:$result);
  let hasVerifier = 1;
}

def NvTileAS_CopyOp : Mirror_FormattedOp<NvTileAS_Dialect, "copy"> {
  let summary = "writes a tile into a shared-memory buffer";
  let description = [{
    Row-major, element by element, into the buffer's bytes.

    ```mlir
    "nv_tileas.copy"(%t, %b) : (tensor<64x64xf16>, !nv_tileas.smem<64x64xf16>) -> ()
    ```
  }];
  let arguments = (ins MT_AnyTile:$source,
                       Arg<NvTileAS_Smem, "the buffer written",
                           [MemWrite<NvTileAS_SharedMemoryResource>]>:$dest);
  let hasVerifier = 1;
}

def NvTileAS_SmemLoadOp : Mirror_FormattedOp<NvTileAS_Dialect, "smem_load"> {
  let summary = "reads a tile from a shared-memory buffer";
  let description = [{
    Reading bytes nothing wrote is undefined behaviour.

    ```mlir
    %t = "nv_tileas.smem_load"(%b) : (!nv_tileas.smem<64x64xf16>) -> tensor<64x64xf16>
    ```
  }];
  let arguments = (ins Arg<NvTileAS_Smem, "the buffer read",
                           [MemRead<NvTileAS_SharedMemoryResource>]>:$source);
  let results = (outs MT_AnyTile:$result);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Async pipelines (compiler/docs/Lowering.md, "Async surface")
//===----------------------------------------------------------------------===//

class NvTileAS_PipelineElement<string what, string name> : TypesMatchWith<
    what # " type matches the pipeline's element type", "pipeline", name,
    "::llvm::cast<PipelineType>($_self).getElementType()">;

def NvTileAS_CreatePipelineOp : NvTileAS_Op<"async.pipeline.create_pipeline"> {
  let summary = "creates a pipeline with every stage empty";
  let description = [{
    The stage count and the element type are the result type's. The group
    sizes record how many threads act as the producer and as the consumer
    of each stage (hardware arrival counts; the interpreter treats each
    group as one agent).

    ```mlir
    %p = nv_tileas.async.pipeline.create_pipeline {consumer_group_size = 128 : i32} : !nv_tileas.pipeline<tensor<64xf32>, 2>
    ```
  }];
  let arguments = (ins DefaultValuedAttr<I32Attr, "1">:$producer_group_size,
                       DefaultValuedAttr<I32Attr, "1">:$consumer_group_size);
  let results = (outs Res<NvTileAS_PipelineType, "the new pipeline",
                          [MemAlloc]>:$pipeline);
  let assemblyFormat = "attr-dict `:` type($pipeline)";
  let hasVerifier = 1;
}

def NvTileAS_CreateIteratorOp : NvTileAS_Op<"async.pipeline.create_iterator",
    [Pure]> {
  let summary = "the first position of a pipeline";
  let description = [{
    Position 0: stage 0, phase 0.

    ```mlir
    %it = nv_tileas.async.pipeline.create_iterator %p : !nv_tileas.pipeline<tensor<64xf32>, 2>
    ```
  }];
  let arguments = (ins NvTileAS_PipelineType:$pipeline);
  let results = (outs NvTileAS_IteratorType:$iterator);
  let assemblyFormat = "$pipeline attr-dict `:` type($pipeline)";
}

def NvTileAS_IncrementIteratorOp : NvTileAS_Op<
    "async.pipeline.increment_iterator", [Pure]> {
  let summary = "the next pipeline position";
  let description = [{
    Position `n + 1`: the next stage, and the other phase after the last
    stage.

    ```mlir
    %next = nv_tileas.async.pipeline.increment_iterator %it
    ```
  }];
  let arguments = (ins NvTileAS_IteratorType:$iterator);
  let results = (outs NvTileAS_IteratorType:$result);
  let assemblyFormat = "$iterator attr-dict";
}

class NvTileAS_PipelineStepOp<string mnemonic, list<Trait> traits = []>
    : NvTileAS_Op<"async.pipeline." # mnemonic, traits> {
  // Acquire, commit, wait and release change the stage's state and order
  // the agents' memory accesses: a read and a write of the pipeline.
  let arguments = (ins Arg<NvTileAS_PipelineType, "the pipeline",
                           [MemRead, MemWrite]>:$pipeline,
                       NvTileAS_IteratorType:$iterator);
  let assemblyFormat = "$pipeline `,` $iterator attr-dict `:` type($pipeline)";
}

def NvTileAS_ProducerAcquireOp : NvTileAS_PipelineStepOp<"producer_acquire"> {
  let summary = "claims a pipeline stage for the producer";
  let description = [{
    Blocks until the stage of the position is empty in the position's phase
    (the consumer released the value of position `n - stages`), then claims
    it. Acquiring a position twice without a commit in between is undefined
    behaviour.

    ```mlir
    nv_tileas.async.pipeline.producer_acquire %p, %it : !nv_tileas.pipeline<tensor<64xf32>, 2>
    ```
  }];
}

def NvTileAS_ProducerWriteOp : NvTileAS_Op<"async.pipeline.producer_write",
    [NvTileAS_PipelineElement<"value", "value">]> {
  let summary = "writes a value into a claimed pipeline stage";
  let description = [{
    The producer must have acquired the position; writing again replaces
    the value.

    ```mlir
    nv_tileas.async.pipeline.producer_write %p, %it, %v : !nv_tileas.pipeline<tensor<64xf32>, 2>
    ```
  }];
  let arguments = (ins Arg<NvTileAS_PipelineType, "the pipeline written",
                           [MemWrite]>:$pipeline,
                       NvTileAS_IteratorType:$iterator, AnyType:$value);
  let assemblyFormat = [{
    $pipeline `,` $iterator `,` $value attr-dict `:` type($pipeline)
  }];
}

def NvTileAS_ProducerCommitOp : NvTileAS_PipelineStepOp<"producer_commit"> {
  let summary = "publishes the value of a pipeline stage";
  let description = [{
    The producer must have acquired the position and written a value; the
    consumer waiting for the position may then proceed.

    ```mlir
    nv_tileas.async.pipeline.producer_commit %p, %it : !nv_tileas.pipeline<tensor<64xf32>, 2>
    ```
  }];
}

def NvTileAS_ConsumerWaitOp : NvTileAS_PipelineStepOp<"consumer_wait"> {
  let summary = "waits until a pipeline stage holds a position's value";
  let description = [{
    Blocks until the producer committed the position; the consumer may then
    read it until it releases it.

    ```mlir
    nv_tileas.async.pipeline.consumer_wait %p, %it : !nv_tileas.pipeline<tensor<64xf32>, 2>
    ```
  }];
}

def NvTileAS_ConsumerReadOp : NvTileAS_Op<"async.pipeline.consumer_read",
    [NvTileAS_PipelineElement<"result", "result">]> {
  let summary = "reads the value of a pipeline stage";
  let description = [{
    The consumer must have waited for the position (and not released it):
    reading a pipeline slot it did not wait for is undefined behaviour.

    ```mlir
    %v = nv_tileas.async.pipeline.consumer_read %p, %it : !nv_tileas.pipeline<tensor<64xf32>, 2>
    ```
  }];
  let arguments = (ins Arg<NvTileAS_PipelineType, "the pipeline read",
                           [MemRead]>:$pipeline,
                       NvTileAS_IteratorType:$iterator);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$pipeline `,` $iterator attr-dict `:` type($pipeline)";
}

def NvTileAS_ConsumerReleaseOp : NvTileAS_PipelineStepOp<"consumer_release"> {
  let summary = "frees a pipeline stage for the producer";
  let description = [{
    The consumer must have waited for the position; the stage becomes empty
    for position `n + stages`. Releasing without a wait is undefined
    behaviour.

    ```mlir
    nv_tileas.async.pipeline.consumer_release %p, %it : !nv_tileas.pipeline<tensor<64xf32>, 2>
    ```
  }];
}

def NvTileAS_ProduceOneOp : NvTileAS_Op<"async.pipeline.produce_one", [
    RecursiveMemoryEffects, NoRegionArguments]> {
  let summary = "produces the value of one pipeline position in a region";
  let description = [{
    Acquires the position, runs the region, writes the value the region
    yields and commits it. The region yields exactly one value of the
    pipeline's element type.

    ```mlir
    nv_tileas.async.pipeline.produce_one %p, %it : !nv_tileas.pipeline<tensor<4xf32>, 2> {
      %v = "nv_tileas.iota"() : () -> tensor<4xf32>
      nv_tileas.async.pipeline.yield %v : tensor<4xf32>
    }
    ```
  }];
  // Acquire and commit change the stage's state: a read and a write of the
  // pipeline, besides what the region does (so the op is never dead).
  let arguments = (ins Arg<NvTileAS_PipelineType, "the pipeline",
                           [MemRead, MemWrite]>:$pipeline,
                       NvTileAS_IteratorType:$iterator);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $pipeline `,` $iterator `:` type($pipeline) $body attr-dict
  }];
  let hasRegionVerifier = 1;
}

def NvTileAS_ConsumeOneOp : NvTileAS_Op<"async.pipeline.consume_one", [
    RecursiveMemoryEffects]> {
  let summary = "consumes the value of one pipeline position in a region";
  let description = [{
    Waits for the position, runs the region with the stage's value as its
    block argument, releases the position; the results are the values the
    region yields. The block argument has the pipeline's element type and
    the yielded types are the result types.

    ```mlir
    %s = nv_tileas.async.pipeline.consume_one %p, %it : !nv_tileas.pipeline<tensor<4xf32>, 2> -> tensor<4xf32> {
    ^bb0(%v: tensor<4xf32>):
      %d = arith.addf %v, %v : tensor<4xf32>
      nv_tileas.async.pipeline.yield %d : tensor<4xf32>
    }
    ```
  }];
  // Wait and release change the stage's state: a read and a write of the
  // pipeline, besides what the region does (so the op is never dead).
  let arguments = (ins Arg<NvTileAS_PipelineType, "the pipeline",
                           [MemRead, MemWrite]>:$pipeline,
                       NvTileAS_IteratorType:$iterator);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $pipeline `,` $iterator `:` type($pipeline) (`->` type($results)^)? $body
    attr-dict
  }];
  let hasRegionVerifier = 1;
}

def NvTileAS_AgentSwitchOp : NvTileAS_Op<"async.pipeline.agent_switch", [
    RecursiveMemoryEffects, NoRegionArguments]> {
  let summary = "runs each region as a concurrent agent";
  let description = [{
    Every region is an agent (producer, consumer, compute ...) of the tile
    block; they all start together and the op completes when every one has
    finished. `num_warps`, when present, gives each agent's warp count (one
    entry per region). Each region ends with `async.pipeline.yield` without
    values and contains no `nv_tileaa.return`.

    ```mlir
    nv_tileas.async.pipeline.agent_switch attributes {num_warps = array<i32: 1, 4>} {
      nv_tileas.async.pipeline.produce_one %p, %it : !nv_tileas.pipeline<tensor<4xf32>, 2> {
        nv_tileas.async.pipeline.yield %v : tensor<4xf32>
      }
      nv_tileas.async.pipeline.yield
    }, {
      %r = nv_tileas.async.pipeline.consumer_read %p, %it : !nv_tileas.pipeline<tensor<4xf32>, 2>
      nv_tileas.async.pipeline.yield
    }
    ```
  }];
  let arguments = (ins OptionalAttr<DenseI32ArrayAttr>:$num_warps);
  let regions = (region VariadicRegion<SizedRegion<1>>:$agents);
  let assemblyFormat = "attr-dict-with-keyword $agents";
  let hasRegionVerifier = 1;
}

def NvTileAS_PipelineYieldOp : NvTileAS_Op<"async.pipeline.yield", [Pure,
    ReturnLike, Terminator,
    ParentOneOf<["ProduceOneOp", "ConsumeOneOp", "AgentSwitchOp"]>]> {
  let summary = "ends a produce_one, consume_one or agent region";
  let description = [{
    Returns the region's values: the produced value (produce_one), the
    results (consume_one), none (an agent of agent_switch).

    ```mlir
    nv_tileas.async.pipeline.yield %v : tensor<4xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

def NvTileAS_CreateNoneOp : NvTileAS_Op<"create_none", [Pure]> {
  let summary = "a token with nothing pending";
  let description = [{
    The initial token of an async chain (for example a loop's token
    iter-arg); waiting on it returns at once.

    ```mlir
    %t = nv_tileas.create_none : !nv_tileas.token
    ```
  }];
  let results = (outs NvTileAS_TokenType:$token);
  let assemblyFormat = "attr-dict `:` type($token)";
}

def NvTileAS_ToAsyncOp : NvTileAS_Op<"async.to_async", [Pure,
    TypesMatchWith<"future value type matches the operand type", "value",
                   "future", "FutureType::get($_self.getContext(), $_self)">]> {
  let summary = "wraps a value as the result of asynchronous work";
  let description = [{
    The future completes, at the latest when it is waited for, with
    `value`.

    ```mlir
    %f = nv_tileas.async.to_async %v : tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyType:$value);
  let results = (outs NvTileAS_FutureType:$future);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

def NvTileAS_FutureWaitOp : NvTileAS_Op<"async.future_wait", [
    TypesMatchWith<"result type matches the future's value type", "future",
                   "result", "::llvm::cast<FutureType>($_self).getValueType()">]> {
  let summary = "waits for a future and returns its value";
  let description = [{
    Blocks until the work behind the future completed.

    ```mlir
    %v = nv_tileas.async.future_wait %f : !nv_tileas.future<tensor<4xf32>>
    ```
  }];
  // Waiting orders what the asynchronous work wrote before what follows.
  let arguments = (ins Arg<NvTileAS_FutureType, "the future",
                           [MemRead, MemWrite]>:$future);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$future attr-dict `:` type($future)";
}

def NvTileAS_WaitOp : NvTileAS_Op<"async.wait"> {
  let summary = "waits until the work a token stands for completed";
  let description = [{
    Returns at once for a token from `create_none`.

    ```mlir
    nv_tileas.async.wait %t
    ```
  }];
  let arguments = (ins Arg<NvTileAS_TokenType, "the token",
                           [MemRead, MemWrite]>:$token);
  let assemblyFormat = "$token attr-dict";
}

#endif // TILECHECK_NVTILEAS_OPS_TD
