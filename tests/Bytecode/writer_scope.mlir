// What the dialect accepts but bytecode cannot hold is refused by the
// writer, not by the verifier (as in NVIDIA's tools): ops other than entries
// and globals at module level, and entry arguments of types outside Tile IR.
// A token entry argument is Tile IR and round-trips.
// The verifier accepts both (only the writer's diagnostics may come out):
// RUN: tilec-translate --mlir-to-tileirbc --split-input-file --verify-diagnostics %s -o /dev/null
// RUN: not tilec-translate --mlir-to-tileirbc %S/Inputs/tensor_entry_arg.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=TENSOR
// RUN: tilec-opt %S/Inputs/token_entry_arg.mlir | FileCheck %s --check-prefix=OPT
// RUN: tilec-opt %S/Inputs/tensor_entry_arg.mlir | FileCheck %s --check-prefix=OPT-TENSOR
// RUN: tilec-translate --verify-roundtrip %S/Inputs/token_entry_arg.mlir | FileCheck %s --check-prefix=TOKEN
// RUN: tilec-translate --test-roundtrip %S/Inputs/token_entry_arg.mlir | FileCheck %s --check-prefix=TOKEN-TEXT

// OPT: entry @takes_token(%{{.*}}: token, %{{.*}}: tile<ptr<f32>>)
// OPT-TENSOR: entry @tensor_arg(%{{.*}}: tensor<2xi16>)

// TENSOR: error: unsupported type in bytecode writer: 'tensor<2xi16>'
// TOKEN: round trip ok
// TOKEN-TEXT: entry @takes_token(%{{.*}}: token, %{{.*}}: tile<ptr<f32>>)
// TOKEN-TEXT: join_tokens

// expected-error @below {{only function and global ops are allowed in the body}}
cuda_tile.module @misplaced {
  // expected-remark @below {{invalid op: cuda_tile.constant}}
  cuda_tile.constant <f32: 5.0> : !cuda_tile.tile<f32>
}

// -----

// The first misplaced op is reported even after a valid entry.
// expected-error @below {{only function and global ops are allowed in the body}}
cuda_tile.module @misplaced_second {
  entry @k() {
    return
  }
  // expected-remark @below {{invalid op: cuda_tile.constant}}
  cuda_tile.constant <i32: 1> : !cuda_tile.tile<i32>
}
