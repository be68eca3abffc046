//===- CudaTileBase.td - cuda_tile dialect and base classes -*- tablegen -*-===//
//
// The cuda_tile dialect is tilecheck's input language: the public CUDA Tile IR
// (13.1 op set plus the 13.2/13.3 additions). This file defines the dialect,
// the base op class every op derives from (which records the spec version the
// op appeared in) and the type constraints the op definitions share.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_CUDATILE_BASE_TD
#define TILECHECK_CUDATILE_BASE_TD

include "mlir/IR/OpBase.td"
include "tilecheck/Dialect/DefaultValuedAttrs.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"

def CudaTile_Dialect : Dialect {
  let name = "cuda_tile";
  let cppNamespace = "::tilecheck::cuda_tile";
  let summary = "CUDA Tile IR: the tile-based input language of tilecheck";
  let description = [{
    A tile-level, SSA-based kernel language: values are statically shaped
    tiles of numbers or pointers, memory is reached through tensor and
    partition views or through pointer tiles, and memory operations are
    ordered by tokens. Compatible in syntax and semantics with NVIDIA's public
    CUDA Tile IR specification.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
    // One registration function per op category (CudaTile*Ops.cpp).
    void registerStructureOps();
    void registerArithOps();
    void registerMathOps();
    void registerConversionOps();
    void registerCoreOps();
    void registerControlOps();
    void registerMemoryOps();
    /// The testing ops of versions 250.x (TILECHECK_INCLUDE_TEST_VERSIONS).
    void registerTestingOps();

    /// Registers `Ops` and records the spec version of each.
    template <typename... Ops> void addVersionedOps() {
      addOperations<Ops...>();
      (void)std::initializer_list<int>{
          0, (specVersions[Ops::getOperationName()] = Ops::getSpecVersion(),
              0)...};
    }
    /// Spec version of a registered op, by name.
    std::optional<SpecVersionNumber> lookupSpecVersion(::llvm::StringRef name) const {
      auto it = specVersions.find(name);
      if (it == specVersions.end())
        return std::nullopt;
      return it->second;
    }

  private:
    ::llvm::StringMap<SpecVersionNumber> specVersions;

  public:
  }];
}

//===----------------------------------------------------------------------===//
// Spec versions
//===----------------------------------------------------------------------===//

/// Records the CUDA Tile IR version that introduced an op; bytecode writers
/// refuse to emit an op into a file of an older version.
class SpecVersion<int major, int minor>
    : ParamNativeOpTrait<"SpecVersion", !cast<string>(major) # ", " #
                                            !cast<string>(minor)> {
  let cppNamespace = "::tilecheck::cuda_tile::OpTrait";
}

/// Base class of every cuda_tile op. `major`/`minor` is the spec version
/// the op appeared in.
class CudaTile_Op<string mnemonic, int major, int minor, list<Trait> traits = []>
    : Op<CudaTile_Dialect, mnemonic,
         !listconcat([SpecVersion<major, minor>, DefaultValuedAttrsPresent],
                     traits)>;

class CudaTile_Op131<string mnemonic, list<Trait> traits = []>
    : CudaTile_Op<mnemonic, 13, 1, traits>;

#endif // TILECHECK_CUDATILE_BASE_TD
