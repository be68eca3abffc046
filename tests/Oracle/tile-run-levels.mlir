// The interpreter runs every IR level the compiler produces: a generated
// program, its nv_tileaa lowering and its nv_tileas lowering (sm_100, so
// block-scaled MMA is kept) must leave byte-identical buffers and print the
// same output.

// RUN: rm -rf %t && tile-gen --seed 1000 --count 3 --policy full -o %t
// RUN: %S/Inputs/levels.sh %t/1000
// RUN: %S/Inputs/levels.sh %t/1001
// RUN: %S/Inputs/levels.sh %t/1002
// RUN: rm -rf %t && tile-gen --seed 1004 --count 2 --policy floats -o %t
// RUN: %S/Inputs/levels.sh %t/1004
// RUN: %S/Inputs/levels.sh %t/1005
