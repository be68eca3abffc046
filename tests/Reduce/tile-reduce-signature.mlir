// --tile-diff: interesting while `tile-diff --manifest M --only-config C
// --print-signature` prints the original's signature (a script stands in
// for tile-diff here). The configuration (tile-diff's comma-separated form)
// shrinks to the lowest opt level that still shows the finding; the other
// fields are dropped (they take tile-diff's defaults).
// RUN: rm -rf %t && mkdir -p %t && cp %S/Inputs/program.mlir %S/Inputs/manifest.json %t/
// RUN: tile-reduce %t/manifest.json -o %t/out --tile-diff %S/Inputs/fake-tile-diff.sh --config "sm_100,O3,v2=0,scheduler=cost" | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s < %t/out/program.mlir
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/out/manifest.json
// A finding directory: the configuration comes from its config.json.
// RUN: echo '{"configuration": {"text": "sm_90,O2,strategy=none"}, "kind": "wrong-result"}' > %t/config.json
// RUN: tile-reduce %t -o %t/fromdir --tile-diff %S/Inputs/fake-tile-diff.sh | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/fromdir/manifest.json
// Without a finding in the original configuration: refused.
// RUN: not tile-reduce %t/manifest.json -o %t/none --tile-diff %S/Inputs/fake-tile-diff.sh --config "O0" 2>&1 | FileCheck %s --check-prefix=NONE

// SUMMARY: reduced 20 ops to

// CHECK: divi
// CHECK-NOT: remi

// MANIFEST: "config": "O1"

// NONE: the original is not a finding: tile-diff printed 'none'
