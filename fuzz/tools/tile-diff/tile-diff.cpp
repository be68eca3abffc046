//===- tile-diff.cpp - Differential testing against the interpreter -------===//
//
// A thin wrapper over tilecheck::fuzz::tileDiffMain (fuzz/lib/TileDiff.cpp);
// see tilecheck/Fuzz/TileDiff.h for the command line and exit codes.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/TileDiff.h"

int main(int argc, char **argv) {
  return tilecheck::fuzz::tileDiffMain(argc, argv);
}
