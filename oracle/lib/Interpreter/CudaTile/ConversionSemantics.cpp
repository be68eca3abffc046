//===- ConversionSemantics.cpp - cuda_tile conversion op semantics ---===//
// In progress: the conversion ops are not interpreted yet (the completeness test
// lists them).

#include "Semantics.h"

namespace tilecheck::oracle::cuda_tile_sem {

void registerConversionSemantics(SemanticsRegistry &) {}

} // namespace tilecheck::oracle::cuda_tile_sem
