// The test-only bytecode versions 250.0 and 250.1 (CMake option
// TILECHECK_INCLUDE_TEST_VERSIONS, after NVIDIA's TILE_IR_INCLUDE_TESTS) and
// their testing ops: listed after the production versions, written and read
// back, with the fields 250.1 added refused at 250.0 when used and dropped
// (then restored by the reader) when not.

// REQUIRES: test-versions
// RUN: tilec-translate --list-versions | FileCheck %s --check-prefix=LIST
// LIST: 13.1
// LIST-NEXT: 13.2
// LIST-NEXT: 13.3
// LIST-NEXT: 250.0
// LIST-NEXT: 250.1
// LIST-EMPTY:

// RUN: tilec-translate --test-roundtrip --bytecode-version 250.1 -split-input-file %s | FileCheck %s --check-prefix=V251
// V251: testing$bytecode_test_evolution(%{{.*}} : !cuda_tile.tile<2xf32>) new_attr = 7 token = %{{.*}} : token -> token
// V251: testing$bytecode_test_new_attribute new_flag new_param = 5

// At 250.0 only the 250.0 fields survive: no operand, no attribute, and the
// unused result is dropped from the file and restored on reading.
// RUN: not tilec-translate --test-roundtrip --bytecode-version 250.0 %s -split-input-file 2>&1 | FileCheck %s --check-prefix=V250
// V250: error: optional attribute 'new_attr' is provided but requires bytecode version 250.1, targeting 250.0
// V250: %{{.*}} = testing$bytecode_test_evolution(%{{.*}} : !cuda_tile.tile<2xf32>) -> token
// V250-NEXT: testing$bytecode_test_new_attribute{{$}}

// Production versions have no testing ops.
// RUN: not tilec-translate --mlir-to-tileirbc --bytecode-version 13.3 -split-input-file %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=V133
// V133: error: operation 'cuda_tile.testing$bytecode_test_evolution' is not available in bytecode version 13.3
// RUN: not tilec-translate --mlir-to-tileirbc --bytecode-version 250.2 %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: Invalid argument '250.2'

cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: [1.0, 2.0]> : tile<2xf32>
    %t0 = make_token : token
    %t = testing$bytecode_test_evolution (%x : !cuda_tile.tile<2xf32>) new_attr = 7 token = %t0 : token -> token
    testing$bytecode_test_new_attribute new_flag new_param = 5
    return
  }
}

// -----

cuda_tile.module @old {
  entry @k() {
    %x = constant <f32: [1.0, 2.0]> : tile<2xf32>
    %t = testing$bytecode_test_evolution (%x : !cuda_tile.tile<2xf32>) -> token
    testing$bytecode_test_new_attribute new_param = 42
    return
  }
}
