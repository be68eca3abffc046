//===- CudaTileCoreOps.td - tile construction, shape, reduction and MMA -*- tablegen -*-===//
//
// constant, iota, broadcast, reshape, permute, cat, extract, reduce, scan, mmaf, mmai, mmaf_scaled and the tile-block queries.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_COREOPS_TD
#define TILECHECK_CUDATILE_COREOPS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileOpsBase.td"

#endif // TILECHECK_CUDATILE_COREOPS_TD
