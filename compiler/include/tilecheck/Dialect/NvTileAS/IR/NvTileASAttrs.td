//===- NvTileASAttrs.td - nv_tileas attributes -------------*- tablegen -*-===//

#ifndef TILECHECK_NVTILEAS_ATTRS_TD
#define TILECHECK_NVTILEAS_ATTRS_TD

include "tilecheck/Dialect/NvTileAS/IR/NvTileASBase.td"
include "mlir/IR/TensorEncoding.td"

class NvTileAS_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<NvTileAS_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

// Re-keyed from nv_tileaa with the same discriminants (seed 002).
def NvTileAS_MemSemantic : I32EnumAttr<"MemSemantic", "memory ordering semantics", [
    I32EnumAttrCase<"WEAK", 0, "weak">,
    I32EnumAttrCase<"RELAXED", 1, "relaxed">,
    I32EnumAttrCase<"ACQUIRE", 2, "acquire">,
    I32EnumAttrCase<"RELEASE", 3, "release">,
    I32EnumAttrCase<"ACQ_REL", 4, "acq_rel">]> {
  let cppNamespace = "::tilecheck::nv_tileas";
  let genSpecializedAttr = 0;
}
def NvTileAS_MemSemanticAttr
    : EnumAttr<NvTileAS_Dialect, NvTileAS_MemSemantic, "mem_semantic"> {
  let assemblyFormat = "$value";
}

def NvTileAS_MemScope : I32EnumAttr<"MemScope", "memory scope", [
    I32EnumAttrCase<"TL_BLK", 0, "tl_blk">,
    I32EnumAttrCase<"DEVICE", 1, "device">,
    I32EnumAttrCase<"SYS", 2, "sys">]> {
  let cppNamespace = "::tilecheck::nv_tileas";
  let genSpecializedAttr = 0;
}
def NvTileAS_MemScopeAttr : EnumAttr<NvTileAS_Dialect, NvTileAS_MemScope, "mem_scope"> {
  let assemblyFormat = "$value";
}

def NvTileAS_AtomAttr : NvTileAS_Attr<"Atom", "atom"> {
  let summary = "the MMA instruction family an MMA op will use";
  let description = [{
    `#nv_tileas<atom mma_f16_f16_f32>`: chosen by ConvertTileAAToTileAS from
    the operand types and the compute capability (mma.sync before sm_90,
    wgmma on sm_90, umma and umma_bs from sm_100).
  }];
  let parameters = (ins StringRefParameter<>:$name);
  let hasCustomAssemblyFormat = 1;
}

def NvTileAS_LayoutKind : I32EnumAttr<"LayoutKind", "layout kind", [
    I32EnumAttrCase<"Reg", 0, "reg">,
    I32EnumAttrCase<"Smem", 1, "smem">,
    I32EnumAttrCase<"Tmem", 2, "tmem">,
    I32EnumAttrCase<"MmaA", 3, "mma_a">,
    I32EnumAttrCase<"MmaB", 4, "mma_b">,
    I32EnumAttrCase<"MmaC", 5, "mma_c">]> {
  let cppNamespace = "::tilecheck::nv_tileas";
  let genSpecializedAttr = 0;
}
def NvTileAS_LayoutAttr : EnumAttr<NvTileAS_Dialect, NvTileAS_LayoutKind, "layout",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "where and how a tile value lives";
  let description = [{
    `#nv_tileas<layout reg>` is the encoding of every tensor at the
    nv_tileas level (`tensor<64x64xf16, #nv_tileas<layout mma_a>>`, printed
    with the aliases `#reg`, `#smem`, `#tmem`, `#mma_a`, `#mma_b`,
    `#mma_c`), so block arguments, loop-carried values and results keep it.
    It never changes a value; `nv_tileas.convert_layout` is the only op whose
    result is in another layout than its operands. MMA fragment layouts
    hold rank-2 tensors. On an nv_tileaa op, the discardable attribute
    `layout = #nv_tileas<layout K>` requests the layout the op computes in
    (compiler/docs/Lowering.md, "Layouts").
  }];
  let assemblyFormat = "$value";
}

def NvTileAS_AtomPlanAttr : NvTileAS_Attr<"AtomPlan", "atom_plan"> {
  let summary = "how tileas-materialize-convert-layout moves a conversion";
  let description = [{
    `#nv_tileas.atom_plan<tag = 1, atom_bytes = 16>`, seed 001's AtomPlan
    record, carried as `nv_tileas.atom_plan` by the op a layout conversion
    was materialized into: tag 0 is register to register (a
    `convert_layout`; `atom_bytes` the bytes one copy atom moves), tag 1
    staging through shared memory (the `smem_load` that reads the staged
    tile back; `atom_bytes` the bytes each access moves). Once chosen the
    tag is fixed: the dialect's attribute verifier rejects a tag 0 plan on
    a `smem_load` and a tag 1 plan on a `convert_layout`
    (compiler/docs/Lowering.md, "Materializing layout conversions").
  }];
  let parameters = (ins "unsigned":$tag, "unsigned":$atomBytes);
  let assemblyFormat = "`<` struct(params) `>`";
}

def NvTileAS_SmemType : TypeDef<NvTileAS_Dialect, "Smem"> {
  let mnemonic = "smem";
  let summary = "a tile-shaped buffer in shared memory";
  let description = [{
    `!nv_tileas.smem<64x64xf16>`: row-major elements in the tile block's
    shared memory (sub-byte elements take one byte each, as in the
    interpreter's memory).
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// Bytes the buffer occupies.
    int64_t getSizeInBytes() const;
  }];
}

//===----------------------------------------------------------------------===//
// Async types (compiler/docs/Lowering.md, "Async surface")
//===----------------------------------------------------------------------===//

def NvTileAS_PipelineType : TypeDef<NvTileAS_Dialect, "Pipeline"> {
  let mnemonic = "pipeline";
  let summary = "a ring of stages that carries values from producer to consumer";
  let description = [{
    `!nv_tileas.pipeline<tensor<64x64xf16>, 3>`: `stages` slots (at least
    one), each holding one value of the element type. A pipeline position
    `n` (an `!nv_tileas.iterator`) names stage `n mod stages` in phase
    `(n / stages) mod 2`; the producer acquires, writes and commits a
    position, the consumer waits for, reads and releases it.
  }];
  let parameters = (ins "::mlir::Type":$elementType, "unsigned":$stages);
  let assemblyFormat = "`<` $elementType `,` $stages `>`";
  let genVerifyDecl = 1;
}

def NvTileAS_IteratorType : TypeDef<NvTileAS_Dialect, "Iterator"> {
  let mnemonic = "iterator";
  let summary = "a position in a pipeline";
  let description = [{
    `!nv_tileas.iterator`: position `n` of a pipeline (stage and phase are
    derived from it and the pipeline's stage count).
    `async.pipeline.create_iterator` gives position 0,
    `async.pipeline.increment_iterator` the next one.
  }];
}

def NvTileAS_TokenType : TypeDef<NvTileAS_Dialect, "Token"> {
  let mnemonic = "token";
  let summary = "completion of asynchronous work";
  let description = [{
    `!nv_tileas.token`: stands for asynchronous work; `async.wait` waits
    until it completed. `create_none` makes a token with nothing pending.
  }];
}

def NvTileAS_FutureType : TypeDef<NvTileAS_Dialect, "Future"> {
  let mnemonic = "future";
  let summary = "a value that asynchronous work will produce";
  let description = [{
    `!nv_tileas.future<tensor<64xf32>>`: made by `async.to_async`, turned
    back into the value by `async.future_wait`.
  }];
  let parameters = (ins "::mlir::Type":$valueType);
  let assemblyFormat = "`<` $valueType `>`";
}

#endif // TILECHECK_NVTILEAS_ATTRS_TD
