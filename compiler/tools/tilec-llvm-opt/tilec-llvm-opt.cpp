//===- tilec-llvm-opt.cpp - run seed 000's NVVM passes on LLVM IR ---------===//
//
//   tilec-llvm-opt -passes='tilec-nvvm-pretreat,tilec-kernel-info' in.ll
//
// Reads LLVM IR (text or bitcode), runs the pipeline (our NVVM passes by
// name, NVVMPasses.h, beside LLVM's own target-independent passes) and
// prints the module. What the passes changed (--report) and the kernel
// metrics go to stderr; an error of a validating pass exits 1.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Support/CommandLine.h"
#include "tilecheck/Target/NVVMPasses.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

static cl::OptionCategory category("tilec-llvm-opt options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input.ll>"),
                                      cl::init("-"), cl::cat(category));
static cl::opt<std::string>
    passes("passes",
           cl::desc("the pass pipeline, e.g. tilec-ipmsp,tilec-"
                    "select-kernels<k0;k1>"),
           cl::init(""), cl::cat(category));
static cl::opt<bool> report("report",
                            cl::desc("print what each NVVM pass changed"),
                            cl::cat(category));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  if (!tilecheck::parseToolCommandLine(argc, argv,
                                       "seed 000's NVVM passes on LLVM IR\n"))
    return tilecheck::kUsageExitCode;

  llvm::LLVMContext ctx;
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> module =
      llvm::parseIRFile(inputFile, diag, ctx);
  if (!module) {
    diag.print("tilec-llvm-opt", llvm::errs());
    return 1;
  }

  tilecheck::target::NVVMPassReport nvvm;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb;
  tilecheck::target::registerNVVMPasses(pb, nvvm, llvm::errs());
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm;
  if (llvm::Error e = pb.parsePassPipeline(mpm, passes)) {
    llvm::errs() << "tilec-llvm-opt: " << llvm::toString(std::move(e)) << "\n";
    return 2;
  }
  mpm.run(*module, mam);
  if (report)
    for (const std::string &change : nvvm.changes)
      llvm::errs() << "nvvm-pass: " << change << "\n";
  for (const std::string &e : nvvm.errors)
    llvm::errs() << "tilec-llvm-opt: error: " << e << "\n";
  if (llvm::verifyModule(*module, &llvm::errs())) {
    llvm::errs() << "tilec-llvm-opt: the result does not verify\n";
    return 1;
  }
  module->print(llvm::outs(), nullptr);
  return nvvm.errors.empty() ? 0 : 1;
}
