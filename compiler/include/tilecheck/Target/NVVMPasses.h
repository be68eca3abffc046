//===- NVVMPasses.h - seed 000's LLVM/NVVM backend glue ----------*- C++
//-*-===//
//
// The LLVM IR passes that run after the LLVM dialect is translated and
// before PTX is emitted (seed 000, "LLVM/NVVM Backend Glue"), in the order
// translateToLLVMIR runs them:
//
//   tilec-nvvm-pretreat           pointer casts, lifetime markers, NVVM
//                                 kernel metadata normalized
//   (the module verifier)
//   tilec-set-function-linkages   non-kernel definitions become internal
//   tilec-select-kernels          only the selected kernels stay (with
//                                 what only they used)
//   tilec-ipmsp                   concrete address spaces through calls
//   (the module verifier)
//   (LLVM's optimizer at the opt level; its NVPTX alias analysis is the
//   seed's NVVMAA)
//   tilec-check-gep-index         constant GEP indices in bounds
//   tilec-kernel-info             kernel metrics (on request)
//
// compiler/docs/Backend.md ("The NVVM passes") says what each does and
// leaves out. Each pass counts what it changed in NVVMPassReport.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_TARGET_NVVMPASSES_H
#define TILECHECK_TARGET_NVVMPASSES_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace tilecheck::target {

/// What the NVVM passes did to one module: a line per pass that changed
/// something, and the errors of the validating ones.
struct NVVMPassReport {
  std::vector<std::string> changes;
  std::vector<std::string> errors;
  void changed(const std::string &what) { changes.push_back(what); }
};

/// A pass that notes what it changes in a report (when given one).
template <typename Derived>
struct ReportingPass : llvm::PassInfoMixin<Derived> {
  explicit ReportingPass(NVVMPassReport *report = nullptr) : report(report) {}
  NVVMPassReport *report;
};

/// Whether `f` is a kernel: the PTX kernel calling convention, the
/// "nvvm.kernel" attribute, or a `!nvvm.annotations` "kernel" entry.
bool isKernel(const llvm::Function &f);

/// Seed 000's PretreatPass: folds round trips of address-space casts
/// (S -> generic -> S), drops lifetime markers of non-allocas, and gives
/// kernels named by the "nvvm.kernel" attribute or `!nvvm.annotations` the
/// PTX kernel calling convention (which the NVPTX backend reads).
struct PretreatPass : ReportingPass<PretreatPass> {
  using ReportingPass::ReportingPass;
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
  static llvm::StringRef name() { return "tilec-nvvm-pretreat"; }
};

/// Seed 000's SelectKernelsPass: keeps the kernels `selection` names and
/// deletes the others, with the internal functions and globals only they
/// used. `selection` is a list of kernel names (separated by ',' or ';'),
/// or an ordinal range "N" or "N-M" over the kernels in module order (from
/// 0). An empty selection keeps every kernel; a name that is no kernel, or
/// a range that selects none, is an error.
struct SelectKernelsPass : ReportingPass<SelectKernelsPass> {
  SelectKernelsPass(std::string selection, NVVMPassReport *report = nullptr)
      : ReportingPass(report), selection(std::move(selection)) {}
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
  static llvm::StringRef name() { return "tilec-select-kernels"; }
  std::string selection;
};

/// Seed 000's NVPTXSetFunctionLinkagesPass: every function definition that
/// is not a kernel becomes internal (kernels stay external: they are the
/// module's entry points).
struct SetFunctionLinkagesPass : ReportingPass<SetFunctionLinkagesPass> {
  using ReportingPass::ReportingPass;
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
  static llvm::StringRef name() { return "tilec-set-function-linkages"; }
};

/// Seed 000's IPMSPPass: a generic-pointer parameter of an internal
/// function whose every call passes a pointer cast from one concrete
/// address space S is cast to S at the function's entry (and back), so
/// that InferAddressSpaces can give its loads and stores space S.
struct IPMSPPass : ReportingPass<IPMSPPass> {
  using ReportingPass::ReportingPass;
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
  static llvm::StringRef name() { return "tilec-ipmsp"; }
};

/// Seed 000's CheckGepIndexPass: an inbounds GEP (instruction or constant
/// expression, nested ones too) whose constant index into an array or
/// vector of N > 0 elements lies outside [0, N] (one past the end is a
/// valid address) is an error. [0 x T] (storage of unknown size) is not
/// checked.
struct CheckGepIndexPass : ReportingPass<CheckGepIndexPass> {
  using ReportingPass::ReportingPass;
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
  static llvm::StringRef name() { return "tilec-check-gep-index"; }
};

/// Seed 000's KernelInfoPrinter: per kernel, a line with its stack
/// allocations (allocas), direct calls (intrinsics not counted), indirect
/// calls, inline-assembly calls, invokes, and accesses through the flat
/// (generic) address space (loads, stores, atomics), which block
/// tensor-memory and bulk-copy lowering.
struct KernelInfoPrinter : llvm::PassInfoMixin<KernelInfoPrinter> {
  explicit KernelInfoPrinter(llvm::raw_ostream &os) : os(os) {}
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &);
  static llvm::StringRef name() { return "tilec-kernel-info"; }
  llvm::raw_ostream &os;
};

/// Lets `pb` parse the passes above in a pipeline string by their names
/// ("tilec-select-kernels<NAMES>" takes its selection in angle brackets;
/// "tilec-kernel-info" prints to `kernelInfo`). Errors go to `report`.
void registerNVVMPasses(llvm::PassBuilder &pb, NVVMPassReport &report,
                        llvm::raw_ostream &kernelInfo);

} // namespace tilecheck::target

#endif // TILECHECK_TARGET_NVVMPASSES_H
