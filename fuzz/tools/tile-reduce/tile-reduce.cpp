//===- tile-reduce.cpp - Reduce a cuda_tile finding -----------------------===//
//
// A thin wrapper over tilecheck::reduce::tileReduceMain (fuzz/lib/Reducer.cpp).
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Reduce.h"

int main(int argc, char **argv) {
  return tilecheck::reduce::tileReduceMain(argc, argv);
}
