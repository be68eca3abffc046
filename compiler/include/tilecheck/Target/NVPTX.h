//===- NVPTX.h - LLVM dialect to LLVM IR, PTX and cubin ---------*- C++ -*-===//
//
// The emission end of the backend (compiler/docs/Backend.md): the LLVM
// dialect module convert-tileas-to-llvm and tilec-finalize-llvm produce is
// translated to LLVM IR, libdevice is linked when a `__nv_*` function is
// called, LLVM's optimizer and NVPTX code generator make PTX, and ptxas
// from the CUDA toolkit (found at run time) makes a cubin.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_TARGET_NVPTX_H
#define TILECHECK_TARGET_NVPTX_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace tilecheck::target {

/// Registers the LLVM IR translation of the builtin, LLVM and NVVM
/// dialects in `ctx`.
void registerTranslations(mlir::MLIRContext &ctx);

/// What the NVVM passes (NVVMPasses.h) take from the driver.
struct NVVMOptions {
  /// SelectKernelsPass's selection: kernel names, or an ordinal range
  /// "N" or "N-M" (empty: every kernel).
  std::string selectKernels;
  /// When set: KernelInfoPrinter's lines, then what each NVVM pass changed
  /// ("nvvm-pass: ..." lines), are appended here.
  std::string *kernelInfo = nullptr;
};

/// LLVM IR of `module` for `gpuName` (sm_XX), libdevice linked when needed,
/// through seed 000's NVVM passes and LLVM's optimizer at `optLevel`
/// (0..3), in the order NVVMPasses.h lists. Null after `errors` on failure.
std::unique_ptr<llvm::Module>
translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &llvmCtx,
                  llvm::StringRef gpuName, unsigned optLevel,
                  std::string &errors, const NVVMOptions &nvvm = {});

/// PTX text of an LLVM module made by translateToLLVMIR.
mlir::LogicalResult emitPTX(llvm::Module &module, llvm::StringRef gpuName,
                            unsigned optLevel, std::string &ptx,
                            std::string &errors);

/// What ptxas -v says of one kernel.
struct KernelResources {
  std::string name;
  int registers = -1;
  int64_t sharedBytes = -1;
  int64_t stackBytes = -1;
  int64_t spillStoreBytes = -1;
  int64_t spillLoadBytes = -1;
};

enum class PtxasStatus { Ok, Rejected, Crashed, TimedOut, Missing };

struct PtxasResult {
  PtxasStatus status = PtxasStatus::Missing;
  /// The cubin (status Ok).
  std::string cubin;
  /// ptxas's standard error (diagnostics and the -v report).
  std::string log;
  int exitCode = -1;
  std::vector<KernelResources> kernels;
};

/// The ptxas to run: $TILECHECK_PTXAS, then ptxas on PATH, then
/// $CUDA_HOME/bin/ptxas and /usr/local/cuda/bin/ptxas.
std::optional<std::string> findPtxas();
/// libdevice.10.bc: $TILECHECK_LIBDEVICE, then next to the ptxas found
/// (../nvvm/libdevice), then /usr/local/cuda/nvvm/libdevice.
std::optional<std::string> findLibdevice();

/// Assembles `ptx` for `gpuName` with ptxas -O<optLevel> -v.
PtxasResult runPtxas(llvm::StringRef ptx, llvm::StringRef gpuName,
                     unsigned optLevel, unsigned timeoutSeconds = 120);

/// Parses the "-v" report of ptxas into per-kernel resources.
std::vector<KernelResources> parsePtxasReport(llvm::StringRef log);

} // namespace tilecheck::target

#endif // TILECHECK_TARGET_NVPTX_H
