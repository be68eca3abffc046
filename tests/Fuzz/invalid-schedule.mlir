// A schedule generator that drops a latency (the self-test bug
// schedule-latency) is an invalid-schedule finding whose culprit is
// tileas-generate-schedule: the pass checks every schedule against its
// dependence graph and machine model. Generated program: floats seed 9, whose
// loop seed 004's selector gives the cost-based generator at sm_100, drawn
// as before the edge statement and the long rows joined the presets
// (Inputs/floats-no-edge.json: floats with wEdge 0 and pLongRow 0).
// REQUIRES: test-hooks

// RUN: sh -c 'env TILECHECK_INJECT_BUG=schedule-latency tile-diff --generate --seed 9 --count 1 --policy %S/Inputs/floats-no-edge.json --only-config sm_100,O2,scheduler=cost; echo "exit=$?"' | FileCheck %s
// CHECK: finding: invalid-schedule {{[0-9a-f]+}} seed 9 (floats-no-edge) [sm_100,O2,v2=0,strategy=none,scheduler=cost,order=row-major] culprit=tileas-generate-schedule (instrumentation): {{.*}}failed to legalize schedule
// CHECK: 1 programs checked, 1 findings in 1 buckets
// CHECK-NEXT: exit=1

// The serial generator's schedules carry no cycles, so the same bug leaves
// them alone, and the correct generator passes the check.
// RUN: sh -c 'env TILECHECK_INJECT_BUG=schedule-latency tile-diff --generate --seed 9 --count 1 --policy %S/Inputs/floats-no-edge.json --only-config sm_100,O2,scheduler=serial; echo "exit=$?"' | FileCheck %s --check-prefix=SERIAL
// RUN: sh -c 'tile-diff --generate --seed 9 --count 1 --policy %S/Inputs/floats-no-edge.json --only-config sm_100,O2,scheduler=cost; echo "exit=$?"' | FileCheck %s --check-prefix=SERIAL
// SERIAL: 1 programs checked, 0 findings
// SERIAL-NEXT: exit=0
