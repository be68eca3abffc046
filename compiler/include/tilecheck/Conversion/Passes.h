//===- Passes.h - conversions between tilecheck's dialects ----------------===//

#ifndef TILECHECK_CONVERSION_PASSES_H
#define TILECHECK_CONVERSION_PASSES_H

#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tilecheck {

#define GEN_PASS_DECL
#include "tilecheck/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tilecheck/Conversion/Passes.h.inc"

/// "sm_90" -> 90, "sm_100a" -> 100; nullopt when not of that form.
std::optional<unsigned> parseComputeCapability(llvm::StringRef name);

} // namespace tilecheck

#endif // TILECHECK_CONVERSION_PASSES_H
