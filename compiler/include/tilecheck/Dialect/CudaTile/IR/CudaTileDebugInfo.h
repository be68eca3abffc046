//===- CudaTileDebugInfo.h - debug info attribute bases and checks --------===//
//
// The abstract attribute classes the `#cuda_tile.di_*` attributes derive
// from, and the verifier rules that tie op locations to function scopes.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DIALECT_CUDATILE_IR_CUDATILEDEBUGINFO_H
#define TILECHECK_DIALECT_CUDATILE_IR_CUDATILEDEBUGINFO_H

#include "mlir/IR/Attributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace tilecheck::cuda_tile {

/// Any `#cuda_tile.di_*` attribute other than `di_loc`.
class DINodeAttr : public mlir::Attribute {
public:
  using Attribute::Attribute;
  static bool classof(mlir::Attribute attr);
};

/// A scope: file, compile unit, subprogram or lexical block.
class DIScopeAttr : public DINodeAttr {
public:
  using DINodeAttr::DINodeAttr;
  static bool classof(mlir::Attribute attr);
};

/// A scope an op location can sit in: subprogram or lexical block.
class DILocalScopeAttr : public DIScopeAttr {
public:
  using DIScopeAttr::DIScopeAttr;
  static bool classof(mlir::Attribute attr);
};

class ModuleOp;

/// Checks the location of a function-like op: a debug scope on it must be a
/// subprogram whose linkage name is the function's symbol name.
llvm::LogicalResult verifyFunctionDebugScope(mlir::FunctionOpInterface fn);

/// Checks that every op nested in `fn` sits in the function's subprogram
/// (directly or through lexical blocks), and only if the function has one.
llvm::LogicalResult verifyFunctionBodyDebugScopes(mlir::FunctionOpInterface fn);

/// Checks that module-level ops other than functions carry no debug scope.
llvm::LogicalResult verifyModuleDebugScopes(ModuleOp module);

} // namespace tilecheck::cuda_tile

#endif // TILECHECK_DIALECT_CUDATILE_IR_CUDATILEDEBUGINFO_H
