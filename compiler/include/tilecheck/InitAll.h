//===- InitAll.h - register every tilecheck dialect and pass --------------===//
//
// The one place that knows the full set of project dialects and passes;
// tools call these instead of listing dialects themselves.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_INITALL_H
#define TILECHECK_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tilecheck {
/// Adds every tilecheck dialect to `registry`.
/// The tile-level dialects (cuda_tile, nv_tileaa, nv_tileas) and the
/// upstream ones below them (arith, math, scf): what the interpreter runs.
void registerAllDialects(mlir::DialectRegistry &registry);
/// The backend's output dialects (LLVM, NVVM, cf), for tools that parse
/// IR below nv_tileas (tilec-opt); the passes load them on demand.
void registerBackendDialects(mlir::DialectRegistry &registry);
/// Registers every tilecheck pass with the global pass registry.
void registerAllPasses();
} // namespace tilecheck

#endif // TILECHECK_INITALL_H
