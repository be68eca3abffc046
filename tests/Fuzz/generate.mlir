// --generate checks tile-gen programs over the default matrix, two at a
// time with --jobs 2; a child crash in every configuration (the test-only
// fault hook, before any pass) gives one bucket per program (the op kinds
// differ) and never stops the run.

// RUN: sh -c 'env TILECHECK_TEST_CHILD_FAULT=abort tile-diff --generate --seed 3 --count 2 --policy ints --jobs 2; echo "exit=$?"' | FileCheck %s
// CHECK-DAG: finding: crash {{[0-9a-f]+}} seed 3 (ints) [sm_100,O0,v2=0,strategy=none,scheduler=serial,order=row-major] culprit=(no pass) (bisection)
// CHECK-DAG: finding: crash {{[0-9a-f]+}} seed 4 (ints) [sm_100,O3,v2=0,strategy=none,scheduler=cost,order=row-major] culprit=(no pass) (bisection)
// CHECK: 2 programs checked, 16 findings in 2 buckets
// CHECK-NEXT: exit=1
