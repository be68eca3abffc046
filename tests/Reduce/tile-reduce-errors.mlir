// tile-reduce refuses inputs it cannot reduce: an original with undefined
// behaviour (exit 1), one the test does not find interesting (exit 1), and
// bad usage (exit 2). --list-passes names every reduction.
// RUN: rm -rf %t && mkdir -p %t && cp %S/Inputs/ub.mlir %t/program.mlir
// RUN: echo '{"program": "program.mlir", "entry": "k", "grid": [1], "args": ["5"]}' > %t/manifest.json
// RUN: not tile-reduce %t/manifest.json -o %t/out --test true 2>&1 | FileCheck %s --check-prefix=UB
// RUN: cp %S/Inputs/program.mlir %S/Inputs/manifest.json %t/
// RUN: not tile-reduce %t -o %t/out --test false 2>&1 | FileCheck %s --check-prefix=BORING
// RUN: not tile-reduce %t -o %t/out 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: tile-reduce --list-passes | FileCheck %s --check-prefix=PASSES

// UB: undefined behaviour, not a miscompile
// BORING: the original is not interesting: 'false' exited with 1
// USAGE: give exactly one of --test, --tile-diff, --crash
// PASSES: grid-one
// PASSES: remove-dead
// PASSES: value-to-const
// PASSES: store-view-to-ptr
// PASSES: delete-ops
// PASSES: if-then
// PASSES: for-once
// PASSES: loop-exit-next
// PASSES: combiner-drop-operand
// PASSES: const-splat-each
// PASSES: const-zero
// PASSES: shape-half
// PASSES: shape-scalar
// PASSES: config-drop
// PASSES: pipeline-drop
