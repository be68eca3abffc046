//===- CudaTileTestingOps.td - test-only ops of versions 250.x -*- tablegen -*-===//
//
// Two ops that exist only to test bytecode version evolution, with the
// test-only versions 250.0 and 250.1 (CMake option
// TILECHECK_INCLUDE_TEST_VERSIONS, after NVIDIA's TILE_IR_INCLUDE_TESTS):
// both appear in 250.0, and each gains fields in 250.1, so that a writer
// targeting 250.0 must refuse the new fields when they are used and drop
// them when they are not, and a reader of a 250.0 file must restore them.
// Registered only with that option.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_TESTINGOPS_TD
#define TILECHECK_CUDATILE_TESTINGOPS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileOpsBase.td"

def CudaTile_TestBytecodeEvolutionOp
    : CudaTile_Op<"testing$bytecode_test_evolution", 250, 0> {
  let summary = "test-only op whose operands, results and attributes evolve";
  let description = [{
    Version 250.0 has the `input` operand; 250.1 adds the optional
    `optional_token` operand, the `result_token` result (a 250.0 file has
    no result; reading one back gives an unused token) and the optional
    `new_attr` attribute.

    ```mlir
    %t = testing$bytecode_test_evolution(%x : !cuda_tile.tile<2xf32>) token = %t0 : token -> token
    ```
  }];
  let arguments = (ins AnyType:$input,
                       OptionalAttr<I64Attr>:$new_attr,
                       Optional<CT_Token>:$optional_token);
  let results = (outs CT_Token:$result_token);
  let assemblyFormat = [{
    `(` $input `:` type($input) `)`
    (`new_attr` `=` $new_attr^)?
    (`token` `=` $optional_token^ `:` custom<CudaTileType>(type($optional_token)))?
    attr-dict `->` custom<CudaTileType>(type($result_token))
  }];
}

def CudaTile_TestBytecodeNewAttributeOp
    : CudaTile_Op<"testing$bytecode_test_new_attribute", 250, 0> {
  let summary = "test-only op that gains attributes in version 250.1";
  let description = [{
    Version 250.1 adds the unit attribute `new_flag` and `new_param`, an
    integer whose default (42) is what a 250.0 file means; a 250.0 writer
    accepts `new_param` only at its default.

    ```mlir
    testing$bytecode_test_new_attribute new_flag new_param = 123
    ```
  }];
  let arguments = (ins UnitAttr:$new_flag,
                       DefaultValuedAttr<I64Attr, "42">:$new_param);
  let assemblyFormat = [{
    (`new_flag` $new_flag^)? (`new_param` `=` $new_param^)? attr-dict
  }];
}

#endif // TILECHECK_CUDATILE_TESTINGOPS_TD
