//===- tile-run.cpp - Run a kernel on the reference interpreter -----------===//

#include "tilecheck/Oracle/TileRun.h"

int main(int argc, char **argv) {
  return tilecheck::oracle::tileRunMain(argc, argv);
}
