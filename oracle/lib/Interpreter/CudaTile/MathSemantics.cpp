//===- MathSemantics.cpp - cuda_tile math op semantics ---===//
// In progress: the math ops are not interpreted yet (the completeness test
// lists them).

#include "Semantics.h"

namespace tilecheck::oracle::cuda_tile_sem {

void registerMathSemantics(SemanticsRegistry &) {}

} // namespace tilecheck::oracle::cuda_tile_sem
