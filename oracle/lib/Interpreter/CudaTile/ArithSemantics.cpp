//===- ArithSemantics.cpp - cuda_tile arith op semantics ---===//
// In progress: the arith ops are not interpreted yet (the completeness test
// lists them).

#include "Semantics.h"

namespace tilecheck::oracle::cuda_tile_sem {

void registerArithSemantics(SemanticsRegistry &) {}

} // namespace tilecheck::oracle::cuda_tile_sem
