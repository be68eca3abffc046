//===- CudaTileStructureOps.td - module, entry, functions --*- tablegen -*-===//
//
// The top-level structure of a program: `cuda_tile.module` holds globals and
// `entry` kernels; `testing$func` is the test-only function op the reference
// test suite uses (built with TILECHECK_ENABLE_TESTING_OPS); `return` ends a
// function body.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_STRUCTUREOPS_TD
#define TILECHECK_CUDATILE_STRUCTUREOPS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileOpsBase.td"

def CudaTile_ModuleOp : CudaTile_Op131<"module", [
    IsolatedFromAbove, SymbolTable, Symbol, NoTerminator, SingleBlock,
    OpAsmOpInterface, NoRegionArguments]> {
  let summary = "a compilation unit of kernels and globals";
  let description = [{
    Holds `entry` kernels and `global` variables. Inside a module the
    `cuda_tile.` prefix of ops may be omitted.

    ```mlir
    cuda_tile.module @kernels {
      entry @k(%a: tile<ptr<f32>>) { return }
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl # [{
    ::mlir::Block *getBodyBlock() { return &getBody().front(); }
  }];
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name)>];
}

def CudaTile_EntryOp : CudaTile_Op131<"entry", [
    IsolatedFromAbove, FunctionOpInterface, SingleBlock, OpAsmOpInterface,
    SingleBlockImplicitTerminator<"ReturnOp">, HasParent<"ModuleOp">]> {
  let summary = "a kernel entry point";
  let description = [{
    A kernel launched over a grid of tile blocks. Arguments are rank-0 tiles
    (scalars and pointers); an entry returns nothing. Optimization hints per
    architecture may follow the signature.

    ```mlir
    entry @vadd(%a: tile<ptr<f32>>, %n: tile<i32>)
        optimization_hints=<sm_100 = {num_cta_in_cga = 2}> {
      return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl # [{
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
  }];
}

def CudaTile_TestingFuncOp : CudaTile_Op<"testing$func", 250, 0, [
    IsolatedFromAbove, FunctionOpInterface, SingleBlock, OpAsmOpInterface,
    SingleBlockImplicitTerminator<"ReturnOp">]> {
  let summary = "test-only function with arbitrary argument types";
  let description = [{
    Exists so that op tests can take views, tokens and non-scalar tiles as
    block arguments. Only registered with TILECHECK_ENABLE_TESTING_OPS; the
    compiler driver rejects programs that contain it.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl # [{
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
  }];
}

// Not Pure: a `return` nested in an `if` leaves the function, so an `if`
// holding one must not count as side-effect free (and be erased as dead)
// when its results are unused. `continue` and `break` are likewise unmarked.
def CudaTile_ReturnOp : CudaTile_Op131<"return", [Terminator, ReturnLike]> {
  let summary = "return from a function body";
  let description = [{
    Ends an `entry` (no operands). May also stand inside `if` regions nested
    in a function body for an early exit, never inside a loop.

    ```mlir
    return
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat =
      "attr-dict ($operands^ `:` custom<CudaTileTypes>(type($operands)))?";
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let hasVerifier = 1;
}

#endif // TILECHECK_CUDATILE_STRUCTUREOPS_TD
