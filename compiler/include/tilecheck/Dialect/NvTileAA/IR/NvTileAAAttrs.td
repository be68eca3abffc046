//===- NvTileAAAttrs.td - nv_tileaa attributes -------------*- tablegen -*-===//

#ifndef TILECHECK_NVTILEAA_ATTRS_TD
#define TILECHECK_NVTILEAA_ATTRS_TD

include "tilecheck/Dialect/NvTileAA/IR/NvTileAABase.td"

class NvTileAA_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<NvTileAA_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

// Memory ordering and scope, re-keyed from cuda_tile with the same
// discriminants (seed 002).
def NvTileAA_MemSemantic : I32EnumAttr<"MemSemantic", "memory ordering semantics", [
    I32EnumAttrCase<"WEAK", 0, "weak">,
    I32EnumAttrCase<"RELAXED", 1, "relaxed">,
    I32EnumAttrCase<"ACQUIRE", 2, "acquire">,
    I32EnumAttrCase<"RELEASE", 3, "release">,
    I32EnumAttrCase<"ACQ_REL", 4, "acq_rel">]> {
  let cppNamespace = "::tilecheck::nv_tileaa";
  let genSpecializedAttr = 0;
}
def NvTileAA_MemSemanticAttr : EnumAttr<NvTileAA_Dialect, NvTileAA_MemSemantic, "mem_semantic"> {
  let assemblyFormat = "$value";
}

def NvTileAA_MemScope : I32EnumAttr<"MemScope", "memory scope", [
    I32EnumAttrCase<"TL_BLK", 0, "tl_blk">,
    I32EnumAttrCase<"DEVICE", 1, "device">,
    I32EnumAttrCase<"SYS", 2, "sys">]> {
  let cppNamespace = "::tilecheck::nv_tileaa";
  let genSpecializedAttr = 0;
}
def NvTileAA_MemScopeAttr : EnumAttr<NvTileAA_Dialect, NvTileAA_MemScope, "mem_scope"> {
  let assemblyFormat = "$value";
}

def NvTileAA_TiledViewKind : I32EnumAttr<"TiledViewKind", "tiled view kind", [
    I32EnumAttrCase<"Partition", 0, "partition">,
    I32EnumAttrCase<"Strided", 1, "strided">,
    I32EnumAttrCase<"GatherScatter", 2, "gather_scatter">]> {
  let cppNamespace = "::tilecheck::nv_tileaa";
  let genSpecializedAttr = 0;
}

def NvTileAA_KernelSpecAttr : NvTileAA_Attr<"KernelSpec", "kernel_spec"> {
  let summary = "launch facts of a kernel that TileAS passes read";
  let description = [{
    `#nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [1, 1, 1], computeCapability = 90>`.
    ConvertTileAAToTileAS attaches it to every kernel before any pattern
    reads the compute capability (major * 10 + minor).
  }];
  let parameters = (ins "unsigned":$numWarps,
                        ArrayRefParameter<"int64_t">:$clusterDim,
                        "unsigned":$computeCapability);
  let assemblyFormat = [{
    `<` `numWarps` `=` $numWarps `,` `clusterDim` `=` `[` $clusterDim `]` `,`
    `computeCapability` `=` $computeCapability `>`
  }];
}

def NvTileAA_CopyAtomAttr : NvTileAA_Attr<"CopyAtom", "copy_atom"> {
  let summary = "witness of the copy primitive a memory op will use";
  let description = [{
    `#nv_tileaa.copy_atom<"universal", 4>`: the primitive family and the
    vector width in elements. Chosen by tileaa-assign-atoms and carried
    verbatim into nv_tileas; the backend picks instructions from it.
  }];
  let parameters = (ins StringRefParameter<>:$family, "unsigned":$vectorWidth);
  let assemblyFormat = "`<` $family `,` $vectorWidth `>`";
}

def NvTileAA_ReduceAtomAttr : NvTileAA_Attr<"ReduceAtom", "reduce_atom"> {
  let summary = "witness of the reduction primitive of a reduce or scan";
  let description = [{
    `#nv_tileaa.reduce_atom<"warp_shfl_xor">`. Chosen by tileaa-assign-atoms
    and carried verbatim into nv_tileas.
  }];
  let parameters = (ins StringRefParameter<>:$family);
  let assemblyFormat = "`<` $family `>`";
}

#endif // TILECHECK_NVTILEAA_ATTRS_TD
