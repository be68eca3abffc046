//===- CudaTileControlOps.td - structured control flow and misc -*- tablegen -*-===//
//
// if, for, loop, continue, break, yield, assert, assume, print_tko. Control flow is structured: every region ends in its terminator, and loops carry values through iter_values.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_CONTROLOPS_TD
#define TILECHECK_CUDATILE_CONTROLOPS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileOpsBase.td"

//===----------------------------------------------------------------------===//
// Terminators
//===----------------------------------------------------------------------===//

def CudaTile_YieldOp : CudaTile_Op131<"yield", [
    Pure, ReturnLike, Terminator,
    ParentOneOf<["IfOp", "ReduceOp", "ScanOp"]>]> {
  let summary = "hand values back to the enclosing if, reduce or scan";
  let description = [{
    Ends a region of `if`, `reduce` or `scan`; its operands become the
    results of the `if` (or the combined values of `reduce`/`scan`). An
    operand-less `yield` ending an `if` branch may be left out.

    ```mlir
    yield %v : tile<f32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ /* no operands */ }]>];
  let assemblyFormat = [{
    attr-dict ($operands^ `:` custom<CudaTileTypes>(type($operands)))?
  }];
}

def CudaTile_ContinueOp : CudaTile_Op131<"continue", [
    Terminator, ParentOneOf<["ForOp", "IfOp", "LoopOp"]>]> {
  let summary = "start the next iteration of the enclosing loop";
  let description = [{
    Passes its operands as the next iteration's loop-carried values of the
    nearest enclosing `for` or `loop` (possibly from inside nested `if`s).
    Without iter_values the terminator of a `for` body may be omitted.

    ```mlir
    continue %acc : tile<f32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ /* no operands */ }]>];
  let assemblyFormat = [{
    attr-dict ($operands^ `:` custom<CudaTileTypes>(type($operands)))?
  }];
  let hasVerifier = 1;
}

def CudaTile_BreakOp : CudaTile_Op131<"break", [
    ReturnLike, Terminator, ParentOneOf<["IfOp", "LoopOp"]>]> {
  let summary = "leave the enclosing `loop`";
  let description = [{
    Exits the nearest enclosing `loop` (possibly from inside nested `if`s);
    its operands become the loop's results.

    ```mlir
    break %r : tile<i32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = [{
    attr-dict ($operands^ `:` custom<CudaTileTypes>(type($operands)))?
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Structured control flow
//===----------------------------------------------------------------------===//

def CudaTile_IfOp : CudaTile_Op131<"if", [
    OpAsmOpInterface,
    NoRegionArguments, RecursiveMemoryEffects]> {
  let summary = "two-way conditional";
  let description = [{
    Runs the then-region when the scalar i1 condition holds, else the
    optional else-region. With results, both regions end in `yield`.
    Regions may also end in `continue`/`break` of an enclosing loop or in
    `return`.

    ```mlir
    %r = if %c -> (tile<i32>) {
      yield %a : tile<i32>
    } else {
      yield %b : tile<i32>
    }
    ```
  }];
  let arguments = (ins CT_ScalarI1Tile:$condition);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, MaxSizedRegion<1>:$elseRegion);
  let assemblyFormat = [{
    $condition (`->` `(` custom<CudaTileTypes>(type($results))^ `)`)?
    custom<IfOpRegion>($thenRegion)
    (`else` custom<IfOpRegion>($elseRegion)^)? attr-dict
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl;
}

def CudaTile_ForOp : CudaTile_Op131<"for", [
    OpAsmOpInterface,
    AutomaticAllocationScope, RecursiveMemoryEffects,
    AllTypesMatch<["lowerBound", "upperBound", "step"]>,
    SingleBlockImplicitTerminator<"ContinueOp">]> {
  let summary = "counted loop over an integer range";
  let description = [{
    Runs the body for iv = lb, lb+step, ... while iv < ub (compared as
    unsigned with `unsigned`). Loop-carried values start from the
    iter_values initializers; the body's `continue` supplies the next ones
    and the final ones are the results.

    ```mlir
    %s = for %i in (%lb to %ub, step %one) : tile<i32>
        iter_values(%acc = %zero) -> (tile<f32>) {
      %n = addf %acc, %x : tile<f32>
      continue %n : tile<f32>
    }
    ```
  }];
  let arguments = (ins CT_ScalarIntTile:$lowerBound,
                       CT_ScalarIntTile:$upperBound,
                       CT_ScalarIntTile:$step,
                       Variadic<AnyType>:$initValues,
                       UnitAttr:$unsignedCmp);
  let results = (outs Variadic<AnyType>:$resultValues);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl # [{
    ::mlir::Block *getBody() { return &getRegion().front(); }
    ::mlir::Value getInductionVar() { return getBody()->getArgument(0); }
    ::mlir::Block::BlockArgListType getRegionIterValues() {
      return getBody()->getArguments().drop_front();
    }
  }];
}

def CudaTile_LoopOp : CudaTile_Op131<"loop", [
    OpAsmOpInterface,
    AutomaticAllocationScope, RecursiveMemoryEffects]> {
  let summary = "loop until `break`";
  let description = [{
    Repeats the body until a `break` runs; `continue` starts the next
    iteration with new loop-carried values, `break` supplies the results.

    ```mlir
    %r = loop iter_values(%i = %zero) : tile<i32> -> tile<i32> {
      %done = cmpi greater_than_or_equal %i, %n, signed : tile<i32> -> tile<i1>
      if %done { break %i : tile<i32> }
      %next = addi %i, %one : tile<i32>
      continue %next : tile<i32>
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$initValues);
  let results = (outs Variadic<AnyType>:$resultValues);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = CudaTile_DefaultDialectDecl # [{
    ::mlir::Block::BlockArgListType getRegionIterValues() {
      return getRegion().getArguments();
    }
  }];
}

//===----------------------------------------------------------------------===//
// Miscellaneous
//===----------------------------------------------------------------------===//

def CudaTile_AssertOp : CudaTile_Op131<"assert", []> {
  let summary = "abort the kernel when a condition is false";
  let description = [{
    For every false element of the i1 condition tile, prints the message
    with the element's index and stops the kernel with an error.

    ```mlir
    assert %ok, "index out of range" : tile<16xi1>
    ```
  }];
  let arguments = (ins CT_I1Tile:$condition, StrAttr:$message);
  let assemblyFormat = [{
    $condition `,` $message attr-dict `:` custom<CudaTileType>(type($condition))
  }];
}

def CudaTile_AssumeOp : CudaTile_Op131<"assume", [
    Pure, AllTypesMatch<["value", "result"]>]> {
  let summary = "attach a promised property to a value";
  let description = [{
    Returns its operand unchanged, annotated with a predicate the program
    guarantees (divisibility, equal elements in blocks, value bounds).
    Breaking the promise is undefined behavior.

    ```mlir
    %p = assume div_by<16>, %ptr : tile<ptr<f32>>
    ```
  }];
  let arguments = (ins AnyType:$value,
                       CudaTile_AssumePredicateInterface:$predicate);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    custom<AssumePredicate>($predicate) `,` $value attr-dict `:` custom<CudaTileType>(type($value))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def CudaTile_PrintTkoOp : CudaTile_Op131<"print_tko", [AttrSizedOperandSegments]> {
  let summary = "printf-style output, ordered by tokens";
  let description = [{
    Prints the format string, substituting one operand per `%` conversion
    (`%%` prints a percent sign). Each tile operand is printed whole. The
    result token orders the output after other token-ordered operations.

    ```mlir
    %t = print_tko "x=%f, i=%d\n", %x, %i : tile<f32>, tile<i32> -> token
    ```
  }];
  let arguments = (ins StrAttr:$str, Variadic<CT_AnyTile>:$args,
                       Optional<CT_Token>:$token);
  let results = (outs CT_Token:$result_token);
  let assemblyFormat = [{
    $str (`,` $args^)? (`token` `` `=` `` $token^)? attr-dict
    (`:` custom<CudaTileTypes>(type($args))^)? `->` custom<CudaTileType>(type($result_token))
  }];
  let hasVerifier = 1;
}

#endif // TILECHECK_CUDATILE_CONTROLOPS_TD
