// A test case's manifest (oracle/include/tilecheck/Oracle/Manifest.h):
// tile-run and tile-diff read the current version and manifests written
// before versions existed, and refuse a newer version by name, never
// half-read; tile-diff's refusal is an unreadable input (exit 2).

// RUN: rm -rf %t && mkdir -p %t && cp %s %t/program.mlir
// RUN: echo '{"schema_version": 1, "program": "program.mlir", "entry": "k", "grid": [2], "args": ["zeros:f32:4"]}' > %t/v1.json
// RUN: tile-run --manifest %t/v1.json --out-dir %t/out1
// RUN: test -f %t/out1/arg0.npy
// RUN: echo '{"program": "program.mlir", "entry": "@k", "grid": [2, 1, 1], "args": ["zeros:f32:4"]}' > %t/v0.json
// RUN: tile-run --manifest %t/v0.json --out-dir %t/out0
// RUN: test -f %t/out0/arg0.npy
// RUN: tile-diff --manifest %t/v0.json --only-config O2 | FileCheck %s --check-prefix=OLD
// OLD: 1 programs checked, 0 findings in 0 buckets

// RUN: echo '{"schema_version": 2, "program": "program.mlir", "entry": "k", "args": []}' > %t/v2.json
// RUN: not tile-run --manifest %t/v2.json 2>&1 | FileCheck %s --check-prefix=NEWER
// NEWER: manifest '{{.*}}v2.json' has schema_version 2; this build reads versions up to 1
// RUN: sh -c 'tile-diff --manifest %t/v2.json; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=DIFF
// DIFF: manifest '{{.*}}v2.json' has schema_version 2; this build reads versions up to 1
// DIFF: exit=2

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    return
  }
}
