// scripts/check_findings.py re-checks every tileiras finding of
// corpus/findings against the installed tileiras: with 13.5.37, each
// compile-time finding reproduces at the configurations its finding.json
// names and passes at its controls. When NVIDIA fixes one, this test fails:
// run `check_findings.py --update`, which marks it "fixed in <version>",
// and say so in the finding's README. The cuTile Python exports of the
// triggers (finding.json's "cutile") are checked the same way, on rows of
// their own. The wrong-code finding needs a GPU (unchecked here unless one
// is found).

// REQUIRES: tileiras
// RUN: env TILECHECK_TILEIRAS=%tileiras python3 %S/../../scripts/check_findings.py --bin %bindir | FileCheck %s
// CHECK: tileiras {{[0-9.]+}}
// CHECK-DAG: reproduces tileiras-13.5.37-heap-corruption-atomic-loop (sm_100,O1: crash, sm_100,O2: crash, sm_100,O3: crash, sm_100,O0: none)
// CHECK-DAG: reproduces tileiras-13.5.37-scan-after-mma
// CHECK-DAG: reproduces tileiras-13.5.37-scan-then-reshape
// CHECK-DAG: reproduces tileiras-13.5.37-scan2-cat-abort
// CHECK-DAG: reproduces tileiras-13.5.37-segv-O0-nested-loop
// CHECK-DAG: reproduces tileiras-13.5.37-segv-O1
// CHECK-DAG: tileiras-13.5.37-wrong-scan-after-mma-sm90
// CHECK-DAG: reproduces tileiras-13.5.37-heap-corruption-atomic-loop (cuTile export)
// CHECK-DAG: reproduces tileiras-13.5.37-scan-after-mma (cuTile export)
// CHECK-DAG: reproduces tileiras-13.5.37-scan-then-reshape (cuTile export)
// CHECK-DAG: reproduces tileiras-13.5.37-scan2-cat-abort (cuTile export)
// CHECK-DAG: reproduces tileiras-13.5.37-segv-O0-nested-loop (cuTile export)
// CHECK-DAG: reproduces tileiras-13.5.37-segv-O1 (cuTile export)
// CHECK-DAG: reproduces tileiras-13.5.37-tf32-mma-loop-abort-sm80 (sm_80,O0: crash, sm_80,O1: crash, sm_80,O2: crash, sm_80,O3: crash, sm_90,O0: none, sm_90,O3: none, sm_100,O3: none)
// CHECK-DAG: reproduces tileiras-13.5.37-tf32-mma-loop-abort-sm80 (cuTile export)
// CHECK-DAG: tileiras-13.5.37-wrong-mma-stored-twice-sm90 (cuTile export)
// A finding or export that is not as recorded ("changed") makes the script
// exit 1, which fails the RUN line.
