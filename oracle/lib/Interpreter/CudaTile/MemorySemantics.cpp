//===- MemorySemantics.cpp - cuda_tile memory op semantics ---===//
// In progress: the memory ops are not interpreted yet (the completeness test
// lists them).

#include "Semantics.h"

namespace tilecheck::oracle::cuda_tile_sem {

void registerMemorySemantics(SemanticsRegistry &) {}

} // namespace tilecheck::oracle::cuda_tile_sem
