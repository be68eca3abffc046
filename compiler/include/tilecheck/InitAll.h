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
void registerAllDialects(mlir::DialectRegistry &registry);
/// Registers every tilecheck pass with the global pass registry.
void registerAllPasses();
} // namespace tilecheck

#endif // TILECHECK_INITALL_H
