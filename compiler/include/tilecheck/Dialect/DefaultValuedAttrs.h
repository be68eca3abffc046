//===- DefaultValuedAttrs.h - Default-valued attributes are present -*- C++
//-*-===//
//
// An ODS `DefaultValuedAttr` is filled in when an op is built or parsed, and
// its generated getter (`getOverflow()`, `getRoundingMode()`, ...) assumes
// it is there. Only code that removes the inherent attribute afterwards
// (`op->removeAttr("overflow")`) can make it absent, and then every getter,
// custom verifier and interpreter rule that reads it dereferences null.
// The text form cannot even express that state: printing omits a default
// and parsing puts it back.
//
// So the verifier rejects it: every cuda_tile, nv_tileaa and nv_tileas op
// carries the trait below (tilecheck/Dialect/DefaultValuedAttrs.td), and
// the interpreter refuses upstream ops (arith's overflowFlags, ...) in the
// same state with a clean error (missingDefaultValuedAttr). Found by
// tilec-interp-fuzzer.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_DIALECT_DEFAULTVALUEDATTRS_H
#define TILECHECK_DIALECT_DEFAULTVALUEDATTRS_H

#include "mlir/IR/Location.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"

#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace tilecheck {

/// The names of the inherent attributes ops named `name` have when built
/// with nothing but their defaults: their default-valued attributes.
/// Computed once per op name (a throwaway op with default properties) and
/// kept by name, since contexts come and go.
inline const std::vector<std::string> &
defaultValuedAttrNames(mlir::OperationName name) {
  static std::mutex mutex;
  static llvm::StringMap<std::vector<std::string>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = cache.try_emplace(name.getStringRef());
  if (!inserted || !name.getOpPropertyByteSize())
    return it->second;
  mlir::Operation *probe = mlir::Operation::create(
      mlir::UnknownLoc::get(name.getContext()), name, {}, {},
      mlir::NamedAttrList(), mlir::OpaqueProperties(nullptr), {}, 0);
  name.populateDefaultProperties(probe->getPropertiesStorage());
  for (const mlir::NamedAttribute &a : probe->getAttrDictionary())
    it->second.push_back(a.getName().str());
  probe->destroy();
  return it->second;
}

/// The name of a default-valued attribute `op` lacks, if any.
inline std::optional<std::string>
missingDefaultValuedAttr(mlir::Operation *op) {
  if (!op->getPropertiesStorageSize())
    return std::nullopt;
  for (const std::string &name : defaultValuedAttrNames(op->getName()))
    if (!op->getInherentAttr(name).value_or(mlir::Attribute()))
      return name;
  return std::nullopt;
}

namespace IRTrait {

/// Verifies that no default-valued attribute of the op is absent.
template <typename ConcreteType>
class DefaultValuedAttrsPresent
    : public mlir::OpTrait::TraitBase<ConcreteType, DefaultValuedAttrsPresent> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    if (std::optional<std::string> name = missingDefaultValuedAttr(op))
      return op->emitOpError("requires attribute '")
             << *name
             << "' (a default-valued attribute may be omitted in the text "
                "form, never absent from the op)";
    return mlir::success();
  }
};

} // namespace IRTrait
} // namespace tilecheck

#endif // TILECHECK_DIALECT_DEFAULTVALUEDATTRS_H
