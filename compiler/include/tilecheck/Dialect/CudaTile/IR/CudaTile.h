//===- CudaTile.h - cuda_tile dialect -------------------------------------===//
//
// Single include for users of the cuda_tile dialect: dialect, enums,
// attributes, types and every op category.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DIALECT_CUDATILE_IR_CUDATILE_H
#define TILECHECK_DIALECT_CUDATILE_IR_CUDATILE_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringMap.h"

#include "tilecheck/Dialect/DefaultValuedAttrs.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/OpAsmSupport.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace tilecheck::cuda_tile {

/// A CUDA Tile IR specification version, e.g. {13, 1}.
struct SpecVersionNumber {
  unsigned major;
  unsigned minor;
  bool operator<(const SpecVersionNumber &o) const {
    return major < o.major || (major == o.major && minor < o.minor);
  }
  bool operator==(const SpecVersionNumber &o) const {
    return major == o.major && minor == o.minor;
  }
};

/// Returns the spec version that introduced `op`'s operation, or nullopt for
/// ops outside the cuda_tile dialect.
std::optional<SpecVersionNumber> getOpSpecVersion(mlir::Operation *op);

namespace OpTrait {
/// Attached to every cuda_tile op by its ODS base class.
template <unsigned Major, unsigned Minor> struct SpecVersion {
  template <typename ConcreteOp>
  class Impl : public mlir::OpTrait::TraitBase<ConcreteOp, Impl> {
  public:
    static constexpr SpecVersionNumber getSpecVersion() {
      return {Major, Minor};
    }
  };
};
} // namespace OpTrait

} // namespace tilecheck::cuda_tile

#include "tilecheck/Dialect/CudaTile/IR/CudaTileDialect.h.inc"
#include "tilecheck/Dialect/CudaTile/IR/CudaTileEnums.h.inc"

#include "tilecheck/Dialect/CudaTile/IR/CudaTileDebugInfo.h"

#define GET_ATTRDEF_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileAttrInterfaces.h.inc"
#include "tilecheck/Dialect/CudaTile/IR/CudaTileAttrs.h.inc"

#include "tilecheck/Dialect/CudaTile/IR/CudaTileTypeInterfaces.h.inc"
#define GET_TYPEDEF_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileTypes.h.inc"

#include "tilecheck/Dialect/CudaTile/IR/CudaTileAsm.h"

#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileStructureOps.h.inc"
#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileArithOps.h.inc"
#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileMathOps.h.inc"
#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileConversionOps.h.inc"
#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileCoreOps.h.inc"
#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileControlOps.h.inc"
#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileMemoryOps.h.inc"
#define GET_OP_CLASSES
#include "tilecheck/Dialect/CudaTile/IR/CudaTileTestingOps.h.inc"

#endif // TILECHECK_DIALECT_CUDATILE_IR_CUDATILE_H
