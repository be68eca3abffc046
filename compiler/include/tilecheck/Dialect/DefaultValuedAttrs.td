//===- DefaultValuedAttrs.td - Default-valued attributes are present -----===//
//
// The trait of tilecheck/Dialect/DefaultValuedAttrs.h, which every op of
// cuda_tile, nv_tileaa and nv_tileas carries through its base class.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DIALECT_DEFAULTVALUEDATTRS_TD
#define TILECHECK_DIALECT_DEFAULTVALUEDATTRS_TD

include "mlir/IR/OpBase.td"

def DefaultValuedAttrsPresent : NativeOpTrait<"DefaultValuedAttrsPresent"> {
  let cppNamespace = "::tilecheck::IRTrait";
}

#endif // TILECHECK_DIALECT_DEFAULTVALUEDATTRS_TD
