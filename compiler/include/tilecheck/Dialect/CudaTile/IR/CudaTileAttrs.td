//===- CudaTileAttrs.td - cuda_tile attributes -------------*- tablegen -*-===//
//
// Enumerations (rounding, signedness, overflow, comparison, memory ordering
// and scope, atomic modes, padding) and the structured attributes (assume
// predicates, optimization hints). Enums whose public syntax is `kw<value>`
// are EnumAttrs; enums spelled as bare keywords stay plain integer enums.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_ATTRS_TD
#define TILECHECK_CUDATILE_ATTRS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileBase.td"

class CudaTile_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<CudaTile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

class CudaTile_EnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<CudaTile_Dialect, info, mnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def CudaTile_Signedness : I32EnumAttr<"Signedness", "integer signedness", [
    I32EnumAttrCase<"Unsigned", 0, "unsigned">,
    I32EnumAttrCase<"Signed", 1, "signed">]> {
  let cppNamespace = "::tilecheck::cuda_tile";
  let genSpecializedAttr = 0;
}
def CudaTile_SignednessAttr : CudaTile_EnumAttr<CudaTile_Signedness, "signedness">;

def CudaTile_IntegerOverflow : I32EnumAttr<"IntegerOverflow", "integer overflow flags", [
    I32EnumAttrCase<"NONE", 0, "none">,
    I32EnumAttrCase<"NSW", 1, "no_signed_wrap">,
    I32EnumAttrCase<"NUW", 2, "no_unsigned_wrap">,
    I32EnumAttrCase<"NW", 3, "no_wrap">]> {
  let cppNamespace = "::tilecheck::cuda_tile";
  let genSpecializedAttr = 0;
}
def CudaTile_IntegerOverflowAttr : CudaTile_EnumAttr<CudaTile_IntegerOverflow, "overflow">;

def CudaTile_RoundingMode : I32EnumAttr<"RoundingMode", "rounding mode", [
    I32EnumAttrCase<"NEAREST_EVEN", 0, "nearest_even">,
    I32EnumAttrCase<"ZERO", 1, "zero">,
    I32EnumAttrCase<"NEGATIVE_INF", 2, "negative_inf">,
    I32EnumAttrCase<"POSITIVE_INF", 3, "positive_inf">,
    I32EnumAttrCase<"APPROX", 4, "approx">,
    I32EnumAttrCase<"FULL", 5, "full">,
    I32EnumAttrCase<"NEAREST_INT_TO_ZERO", 6, "nearest_int_to_zero">]> {
  let cppNamespace = "::tilecheck::cuda_tile";
  let genSpecializedAttr = 0;
}
def CudaTile_RoundingModeAttr : CudaTile_EnumAttr<CudaTile_RoundingMode, "rounding">;

def CudaTile_ComparisonOrdering : I32EnumAttr<"ComparisonOrdering", "comparison ordering", [
    I32EnumAttrCase<"UNORDERED", 0, "unordered">,
    I32EnumAttrCase<"ORDERED", 1, "ordered">]> {
  let cppNamespace = "::tilecheck::cuda_tile";
  let genSpecializedAttr = 0;
}
def CudaTile_ComparisonOrderingAttr
    : CudaTile_EnumAttr<CudaTile_ComparisonOrdering, "comparison_ordering">;

def CudaTile_ComparisonPredicate : I32EnumAttr<"ComparisonPredicate", "comparison predicate", [
    I32EnumAttrCase<"EQUAL", 0, "equal">,
    I32EnumAttrCase<"NOT_EQUAL", 1, "not_equal">,
    I32EnumAttrCase<"LESS_THAN", 2, "less_than">,
    I32EnumAttrCase<"LESS_THAN_OR_EQUAL", 3, "less_than_or_equal">,
    I32EnumAttrCase<"GREATER_THAN", 4, "greater_than">,
    I32EnumAttrCase<"GREATER_THAN_OR_EQUAL", 5, "greater_than_or_equal">]> {
  let cppNamespace = "::tilecheck::cuda_tile";
  let genSpecializedAttr = 0;
}
def CudaTile_ComparisonPredicateAttr
    : CudaTile_EnumAttr<CudaTile_ComparisonPredicate, "comparison_predicate">;

def CudaTile_AtomicRMWMode : I32EnumAttr<"AtomicRMWMode", "atomic read-modify-write mode", [
    I32EnumAttrCase<"AND", 0, "and">,
    I32EnumAttrCase<"OR", 1, "or">,
    I32EnumAttrCase<"XOR", 2, "xor">,
    I32EnumAttrCase<"ADD", 3, "add">,
    I32EnumAttrCase<"ADDF", 4, "addf">,
    I32EnumAttrCase<"MAX", 5, "max">,
    I32EnumAttrCase<"MIN", 6, "min">,
    I32EnumAttrCase<"UMAX", 7, "umax">,
    I32EnumAttrCase<"UMIN", 8, "umin">,
    I32EnumAttrCase<"XCHG", 9, "xchg">]> {
  let cppNamespace = "::tilecheck::cuda_tile";
}

def CudaTile_MemoryScope : I32EnumAttr<"MemoryScope", "memory scope", [
    I32EnumAttrCase<"TL_BLK", 0, "tl_blk">,
    I32EnumAttrCase<"DEVICE", 1, "device">,
    I32EnumAttrCase<"SYS", 2, "sys">]> {
  let cppNamespace = "::tilecheck::cuda_tile";
}

def CudaTile_MemoryOrdering : I32EnumAttr<"MemoryOrdering", "memory ordering semantics", [
    I32EnumAttrCase<"WEAK", 0, "weak">,
    I32EnumAttrCase<"RELAXED", 1, "relaxed">,
    I32EnumAttrCase<"ACQUIRE", 2, "acquire">,
    I32EnumAttrCase<"RELEASE", 3, "release">,
    I32EnumAttrCase<"ACQ_REL", 4, "acq_rel">]> {
  let cppNamespace = "::tilecheck::cuda_tile";
}

def CudaTile_PaddingValue : I32EnumAttr<"PaddingValue", "padding value", [
    I32EnumAttrCase<"zero", 0, "zero">,
    I32EnumAttrCase<"neg_zero", 1, "neg_zero">,
    I32EnumAttrCase<"nan", 2, "nan">,
    I32EnumAttrCase<"pos_inf", 3, "pos_inf">,
    I32EnumAttrCase<"neg_inf", 4, "neg_inf">]> {
  let cppNamespace = "::tilecheck::cuda_tile";
  let genSpecializedAttr = 0;
}
def CudaTile_PaddingValueAttr : CudaTile_EnumAttr<CudaTile_PaddingValue, "padding_value">;

def CudaTile_SymbolVisibility : I32EnumAttr<"SymbolVisibility", "symbol visibility", [
    I32EnumAttrCase<"Public", 0, "public">,
    I32EnumAttrCase<"Private", 1, "private">]> {
  let cppNamespace = "::tilecheck::cuda_tile";
}

//===----------------------------------------------------------------------===//
// Assume predicates
//===----------------------------------------------------------------------===//

def CudaTile_AssumePredicateInterface : AttrInterface<"AssumePredicateAttr"> {
  let cppNamespace = "::tilecheck::cuda_tile";
  let description = [{
    A fact `cuda_tile.assume` attaches to a value. Each predicate checks that
    it may be attached to values of the given type.
  }];
  let methods = [
    InterfaceMethod<"Emits an error through `emitError` if the predicate "
                    "cannot describe a value of type `type`.",
                    "::llvm::LogicalResult", "verifyWithType",
                    (ins "::mlir::Type":$type,
                         "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError)>,
  ];
}

def CudaTile_DivByAttr : CudaTile_Attr<"DivBy", "div_by",
    [DeclareAttrInterfaceMethods<CudaTile_AssumePredicateInterface>]> {
  let summary = "divisibility predicate";
  let description = [{
    `div_by<16>`: every element is divisible by 16 (pointers: the address).
    `div_by<1, every 4 along 1>`: additionally, along dimension 1, runs of 4
    consecutive elements differ by multiples of the divisor.
  }];
  let parameters = (ins "uint64_t":$divisor,
                        OptionalParameter<"std::optional<int64_t>">:$every,
                        OptionalParameter<"std::optional<int64_t>">:$along);
  let hasCustomAssemblyFormat = 1;
}

def CudaTile_SameElementsAttr : CudaTile_Attr<"SameElements", "same_elements",
    [DeclareAttrInterfaceMethods<CudaTile_AssumePredicateInterface>]> {
  let summary = "equal-elements predicate";
  let description = [{
    `same_elements<[1, 4, 2]>`: within each block of the given shape all
    elements are equal.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$values);
  let hasCustomAssemblyFormat = 1;
}

def CudaTile_BoundedAttr : CudaTile_Attr<"Bounded", "bounded",
    [DeclareAttrInterfaceMethods<CudaTile_AssumePredicateInterface>]> {
  let summary = "value-range predicate";
  let description = [{
    `bounded<0, ?>`: every element lies in the closed range; `?` leaves a side
    unbounded.
  }];
  let parameters = (ins OptionalParameter<"std::optional<int64_t>">:$lb,
                        OptionalParameter<"std::optional<int64_t>">:$ub);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Optimization hints
//===----------------------------------------------------------------------===//

def CudaTile_OptimizationHintsAttr
    : CudaTile_Attr<"OptimizationHints", "optimization_hints"> {
  let summary = "per-architecture optimization hints of an entry";
  let description = [{
    `optimization_hints=<sm_100 = {num_cta_in_cga = 2}, sm_120 = {occupancy = 2}>`
  }];
  let parameters = (ins "::mlir::DictionaryAttr":$hints);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// Checks the hints of an `entry` against the known architectures, keys
    /// and value ranges; calls `warn` once per problem and returns how many
    /// problems were found.
    unsigned checkEntryHints(::llvm::function_ref<void(const ::llvm::Twine &)> warn) const;
  }];
}

//===----------------------------------------------------------------------===//
// Debug info
//===----------------------------------------------------------------------===//
//
// Source-level debug information attached to op locations. A `di_loc` wraps a
// file:line:col location with a local scope (a subprogram or a lexical block
// nested in one); the scopes describe files, compile units and functions of
// the source program. The C++ base classes (DINodeAttr, DIScopeAttr,
// DILocalScopeAttr) are declared in CudaTileDebugInfo.h.

class CudaTile_DIAttrBase<string name, string attrMnemonic, string baseClass>
    : AttrDef<CudaTile_Dialect, name, [], "::tilecheck::cuda_tile::" # baseClass> {
  let mnemonic = attrMnemonic;
  // `#di_file`, `#di_subprogram1`, ...: keeps printed modules readable.
  let genMnemonicAlias = 1;
}

def CudaTile_DIFileAttr : CudaTile_DIAttrBase<"DIFile", "di_file", "DIScopeAttr"> {
  let summary = "a source file";
  let description = [{
    File name and directory of a source file:
    `#cuda_tile.di_file<"foo.py" in "/tmp/">`.
  }];
  let parameters = (ins "::mlir::StringAttr":$name, "::mlir::StringAttr":$directory);
  let assemblyFormat = "`<` $name `in` $directory `>`";
}

def CudaTile_DICompileUnitAttr
    : CudaTile_DIAttrBase<"DICompileUnit", "di_compile_unit", "DIScopeAttr"> {
  let summary = "a compilation unit";
  let description = [{
    The root scope of everything declared in one compilation unit:
    `#cuda_tile.di_compile_unit<file = #file>`.
  }];
  let parameters = (ins "DIFileAttr":$file);
  let assemblyFormat = "`<` struct(params) `>`";
}

def CudaTile_DISubprogramAttr
    : CudaTile_DIAttrBase<"DISubprogram", "di_subprogram", "DILocalScopeAttr"> {
  let summary = "a source function";
  let description = [{
    A function of the source program. `linkageName` must equal the symbol
    name of the `entry` whose location carries this scope; `scopeLine` is
    optional.

    ```mlir
    #cuda_tile.di_subprogram<file = #file, line = 1, name = "f",
        linkageName = "f", compileUnit = #cu, scopeLine = 2>
    ```
  }];
  let parameters = (ins "DIFileAttr":$file, "unsigned":$line,
                        "::mlir::StringAttr":$name,
                        "::mlir::StringAttr":$linkageName,
                        "DICompileUnitAttr":$compileUnit,
                        OptionalParameter<"unsigned">:$scopeLine);
  let assemblyFormat = "`<` struct(params) `>`";
  let extraClassDeclaration = [{
    /// The same subprogram under another linkage name (symbol renaming).
    DISubprogramAttr withLinkageName(::mlir::StringAttr linkageName) const {
      return get(getContext(), getFile(), getLine(), getName(), linkageName,
                 getCompileUnit(), getScopeLine());
    }
  }];
}

def CudaTile_DILexicalBlockAttr
    : CudaTile_DIAttrBase<"DILexicalBlock", "di_lexical_block", "DILocalScopeAttr"> {
  let summary = "a lexical block inside a subprogram";
  let description = [{
    A nested scope (e.g. the body of a conditional); `column` is optional:
    `#cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 3, column = 4>`.
  }];
  let parameters = (ins "DILocalScopeAttr":$scope, "DIFileAttr":$file,
                        "unsigned":$line, OptionalParameter<"unsigned">:$column);
  let assemblyFormat = "`<` struct(params) `>`";
}

def CudaTile_DILocAttr : LocationAttrDef<CudaTile_Dialect, "DILoc"> {
  let mnemonic = "di_loc";
  let summary = "a source location inside a debug info scope";
  let description = [{
    Ties an op to a local scope:
    `loc(#cuda_tile.di_loc<loc("/tmp/foo.py":7:8) in #subprogram>)`.
  }];
  let parameters = (ins "::mlir::FileLineColLoc":$sourceLoc,
                        "DILocalScopeAttr":$scope);
  let assemblyFormat = "`<` $sourceLoc `in` $scope `>`";
}

#endif // TILECHECK_CUDATILE_ATTRS_TD
