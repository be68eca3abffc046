// --generate checks tile-gen programs over the default matrix, two at a
// time with --jobs 2; a child crash in every configuration (the test-only
// fault hook, before any pass) in both programs is one bucket (the
// programs' op kinds are not part of a signature) and never stops the run.
// REQUIRES: test-hooks

// RUN: sh -c 'env TILECHECK_TEST_CHILD_FAULT=abort tile-diff --generate --seed 3 --count 2 --policy ints --jobs 2; echo "exit=$?"' | FileCheck %s
// CHECK-DAG: finding: crash {{[0-9a-f]+}} seed 3 (ints) [sm_100,O0,v2=0,strategy=none,scheduler=serial,order=row-major] culprit=(no pass) (bisection)
// CHECK-DAG: finding: crash {{[0-9a-f]+}} seed 4 (ints) [sm_100,O3,v2=0,strategy=none,scheduler=cost,order=row-major] culprit=(no pass) (bisection)
// CHECK: 2 programs checked, 30 findings in 1 buckets
// CHECK-NEXT: exit=1
