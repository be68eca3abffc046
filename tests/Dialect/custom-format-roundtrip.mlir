// Every nv_tileaa/nv_tileas op prints in a custom form (MirrorAsm.h or its
// declarative format), never generically, and that form round-trips: the
// seed kernels and 40 generated programs at O0-O3, at both levels.
// RUN: sh %S/Inputs/roundtrip.sh %S/../../corpus/seeds %t | FileCheck %s
// CHECK: round-trip: {{[0-9]+}} modules
