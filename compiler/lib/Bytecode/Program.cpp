//===- Program.cpp - read a Tile IR program, bytecode or text -------------===//

#include "tilecheck/Bytecode/Bytecode.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

OwningOpRef<ModuleOp>
tilecheck::bytecode::readProgram(llvm::SourceMgr &sourceMgr,
                                 MLIRContext *context, llvm::StringRef name) {
  llvm::StringRef buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBuffer();
  OwningOpRef<ModuleOp> module;
  if (isBytecode(buffer)) {
    OwningOpRef<Operation *> inner =
        readBytecode(buffer, context, FileLineColLoc::get(context, name, 0, 0));
    if (inner) {
      module = ModuleOp::create(UnknownLoc::get(context));
      module->getBody()->push_back(inner.release());
    }
  } else {
    module = parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
  }
  if (!module || failed(verify(*module)))
    return nullptr;
  return module;
}
