//===- CudaTileControlOps.td - structured control flow and misc -*- tablegen -*-===//
//
// if, for, loop, continue, break, yield, assert, assume, print_tko. Control flow is structured: every region ends in its terminator, and loops carry values through iter_values.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_CONTROLOPS_TD
#define TILECHECK_CUDATILE_CONTROLOPS_TD

include "tilecheck/Dialect/CudaTile/IR/CudaTileOpsBase.td"

#endif // TILECHECK_CUDATILE_CONTROLOPS_TD
