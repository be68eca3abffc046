//===- CudaTileMemoryOps.td - views, loads, stores, atomics, tokens, globals -*- tablegen -*-===//
//
// Memory is reached through tensor/partition/strided/gather-scatter views or through tiles of pointers; *_tko ops are ordered by tokens.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_MEMORYOPS_TD
#define TILECHECK_CUDATILE_MEMORYOPS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileOpsBase.td"

#endif // TILECHECK_CUDATILE_MEMORYOPS_TD
