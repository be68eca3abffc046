//===- NVPTX.cpp - LLVM dialect to LLVM IR, PTX and cubin -----------------===//

#include "tilecheck/Target/NVPTX.h"
#include "tilecheck/Target/NVVMPasses.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

using namespace tilecheck::target;

namespace {

constexpr llvm::StringLiteral kTriple = "nvptx64-nvidia-cuda";

void initializeNVPTX() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

llvm::CodeGenOptLevel codeGenLevel(unsigned optLevel) {
  switch (optLevel) {
  case 0:
    return llvm::CodeGenOptLevel::None;
  case 1:
    return llvm::CodeGenOptLevel::Less;
  case 2:
    return llvm::CodeGenOptLevel::Default;
  default:
    return llvm::CodeGenOptLevel::Aggressive;
  }
}

/// The calls of `module` to inline statements that issue wgmma
/// (Wgmma.cpp's).
llvm::SmallVector<llvm::CallBase *>
wgmmaStatements(const llvm::Module &module) {
  llvm::SmallVector<llvm::CallBase *> calls;
  for (const llvm::Function &f : module)
    for (const llvm::BasicBlock &bb : f)
      for (const llvm::Instruction &inst : bb)
        if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
          if (auto *asm_ =
                  llvm::dyn_cast<llvm::InlineAsm>(call->getCalledOperand()))
            if (llvm::StringRef(asm_->getAsmString()).contains("wgmma."))
              calls.push_back(const_cast<llvm::CallBase *>(call));
  return calls;
}

bool usesWgmma(const llvm::Module &module) {
  return !wgmmaStatements(module).empty();
}

/// The PTX version `module` needs beyond the target's default, as an
/// NVPTX feature: 7.1 on sm_80 (the async pipelines' inline
/// mbarrier.test_wait.parity; sm_80 alone would default to 7.0), 8.7 where
/// an mma.sync takes f8 multiplicands (m16n8k16 with e4m3/e5m2 is PTX 8.7;
/// sm_90 defaults to 7.8 and sm_100 to 8.6).
std::string ptxFeatures(llvm::StringRef gpuName, const llvm::Module *module) {
  if (module)
    for (const llvm::Function &f : *module) {
      llvm::StringRef name = f.getName();
      if (name.starts_with("llvm.nvvm.mma.") &&
          (name.contains(".e4m3.") || name.contains(".e5m2.")))
        return "+ptx87";
    }
  if (module && usesWgmma(*module))
    return "+ptx84"; // sm_90a: wgmma (8.0; its mixed integer forms 8.4)
  return gpuName == "sm_80" ? "+ptx71" : "";
}

/// The NVPTX processor: sm_90a (the architecture-specific features of
/// sm_90) where the module has wgmma (Wgmma.cpp's inline statements), else
/// the GPU name itself.
std::string ptxProcessor(llvm::StringRef gpuName, const llvm::Module *module) {
  if (gpuName == "sm_90" && module && usesWgmma(*module))
    return "sm_90a";
  return gpuName.str();
}

std::unique_ptr<llvm::TargetMachine>
createTargetMachine(llvm::StringRef gpuName, unsigned optLevel,
                    std::string &errors, const llvm::Module *module = nullptr) {
  initializeNVPTX();
  llvm::Triple triple(kTriple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) {
    errors += "the NVPTX target is not available: " + error + "\n";
    return nullptr;
  }
  std::string features = ptxFeatures(gpuName, module);
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      triple, ptxProcessor(gpuName, module), features, llvm::TargetOptions(),
      std::nullopt, std::nullopt, codeGenLevel(optLevel)));
  if (!tm)
    errors +=
        "cannot create an NVPTX target machine for " + gpuName.str() + "\n";
  return tm;
}

bool isExecutable(const std::string &path) {
  return llvm::sys::fs::can_execute(path);
}

std::optional<std::string> fromEnv(const char *name) {
  if (const char *v = std::getenv(name); v && *v)
    return std::string(v);
  return std::nullopt;
}

} // namespace

void tilecheck::target::registerTranslations(mlir::MLIRContext &ctx) {
  mlir::DialectRegistry registry;
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  mlir::registerNVVMDialectTranslation(registry);
  ctx.appendDialectRegistry(registry);
}

std::optional<std::string> tilecheck::target::findPtxas() {
  if (auto env = fromEnv("TILECHECK_PTXAS"))
    return isExecutable(*env) ? env : std::nullopt;
  if (auto onPath = llvm::sys::findProgramByName("ptxas"))
    return *onPath;
  if (auto cuda = fromEnv("CUDA_HOME")) {
    std::string p = *cuda + "/bin/ptxas";
    if (isExecutable(p))
      return p;
  }
  if (isExecutable("/usr/local/cuda/bin/ptxas"))
    return std::string("/usr/local/cuda/bin/ptxas");
  return std::nullopt;
}

std::optional<std::string> tilecheck::target::findLibdevice() {
  if (auto env = fromEnv("TILECHECK_LIBDEVICE"))
    return llvm::sys::fs::exists(*env) ? env : std::nullopt;
  std::vector<std::string> candidates;
  if (auto ptxas = findPtxas()) {
    llvm::SmallString<256> root(*ptxas);
    llvm::sys::path::remove_filename(root); // bin
    llvm::sys::path::remove_filename(root); // the toolkit
    llvm::sys::path::append(root, "nvvm", "libdevice", "libdevice.10.bc");
    candidates.push_back(std::string(root));
  }
  if (auto cuda = fromEnv("CUDA_HOME"))
    candidates.push_back(*cuda + "/nvvm/libdevice/libdevice.10.bc");
  candidates.push_back("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc");
  for (const std::string &c : candidates)
    if (llvm::sys::fs::exists(c))
      return c;
  return std::nullopt;
}

std::unique_ptr<llvm::Module> tilecheck::target::translateToLLVMIR(
    mlir::ModuleOp module, llvm::LLVMContext &llvmCtx, llvm::StringRef gpuName,
    unsigned optLevel, std::string &errors, const NVVMOptions &nvvm) {
  std::unique_ptr<llvm::TargetMachine> tm =
      createTargetMachine(gpuName, optLevel, errors);
  if (!tm)
    return nullptr;
  std::unique_ptr<llvm::Module> llvmModule =
      mlir::translateModuleToLLVMIR(module, llvmCtx);
  if (!llvmModule) {
    errors += "translation of the LLVM dialect to LLVM IR failed\n";
    return nullptr;
  }
  // wgmma is warpgroup-wide (.sync.aligned: every thread of the warpgroup
  // issues the same instruction): convergent, so that no optimization
  // makes it depend on a condition it did not (LLVM's tail duplication
  // gave two warps of one warpgroup different copies of it; the LLVM
  // dialect's inline assembly cannot say so).
  for (llvm::CallBase *call : wgmmaStatements(*llvmModule))
    call->setConvergent();
  llvmModule->setTargetTriple(llvm::Triple(kTriple));
  llvmModule->setDataLayout(tm->createDataLayout());

  // libdevice, when a __nv_* function is called: linked (only what is
  // needed), made internal, and resolved by NVVMReflect in the optimizer.
  bool needsLibdevice = llvm::any_of(llvmModule->functions(), [](auto &f) {
    return f.isDeclaration() && f.getName().starts_with("__nv_");
  });
  if (needsLibdevice) {
    std::optional<std::string> path = findLibdevice();
    if (!path) {
      errors += "libdevice.10.bc (the CUDA toolkit's math library) was not "
                "found: set TILECHECK_LIBDEVICE or CUDA_HOME\n";
      return nullptr;
    }
    llvm::SMDiagnostic diag;
    std::unique_ptr<llvm::Module> libdevice =
        llvm::parseIRFile(*path, diag, llvmCtx);
    if (!libdevice) {
      errors += "cannot read " + *path + ": " + diag.getMessage().str() + "\n";
      return nullptr;
    }
    libdevice->setTargetTriple(llvmModule->getTargetTriple());
    libdevice->setDataLayout(llvmModule->getDataLayout());
    if (llvm::Linker::linkModules(*llvmModule, std::move(libdevice),
                                  llvm::Linker::Flags::LinkOnlyNeeded)) {
      errors += "linking libdevice failed\n";
      return nullptr;
    }
    llvmModule->addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz",
                              static_cast<uint32_t>(0));
  }

  // Seed 000's passes and the optimizer with NVPTX's callbacks (NVVMReflect
  // and the NVPTX alias analysis among them), in NVVMPasses.h's order.
  NVVMPassReport report;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(tm.get());
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::OptimizationLevel level = llvm::OptimizationLevel::O0;
  if (optLevel == 1)
    level = llvm::OptimizationLevel::O1;
  else if (optLevel == 2)
    level = llvm::OptimizationLevel::O2;
  else if (optLevel >= 3)
    level = llvm::OptimizationLevel::O3;
  std::string verifyErrors;
  llvm::raw_string_ostream verifyOs(verifyErrors);
  auto verified = [&](llvm::StringRef what) {
    if (!llvm::verifyModule(*llvmModule, &verifyOs))
      return true;
    errors += (what + " does not verify: " + verifyErrors + "\n").str();
    return false;
  };
  // Hands over what the passes changed (with kernel info, when asked) and
  // the validating passes' errors, which end the compile.
  auto finish = [&]() -> std::unique_ptr<llvm::Module> {
    if (nvvm.kernelInfo)
      for (const std::string &change : report.changes)
        *nvvm.kernelInfo += "nvvm-pass: " + change + "\n";
    for (const std::string &e : report.errors)
      errors += e + "\n";
    return report.errors.empty() ? std::move(llvmModule) : nullptr;
  };

  llvm::ModulePassManager pretreat;
  pretreat.addPass(PretreatPass(&report));
  pretreat.run(*llvmModule, mam);
  if (!verified("the LLVM IR"))
    return nullptr;

  // Linkages first: the kernels a selection drops take the functions only
  // they used (libdevice's, once internal) with them.
  llvm::ModulePassManager glue;
  glue.addPass(SetFunctionLinkagesPass(&report));
  glue.addPass(SelectKernelsPass(nvvm.selectKernels, &report));
  glue.addPass(IPMSPPass(&report));
  glue.run(*llvmModule, mam);
  if (!report.errors.empty())
    return finish();
  if (!verified("the LLVM IR the NVVM passes left"))
    return nullptr;

  llvm::ModulePassManager mpm;
  mpm.addPass(level == llvm::OptimizationLevel::O0
                  ? pb.buildO0DefaultPipeline(level)
                  : pb.buildPerModuleDefaultPipeline(level));
  mpm.addPass(CheckGepIndexPass(&report));
  std::string info;
  llvm::raw_string_ostream infoOs(info);
  if (nvvm.kernelInfo)
    mpm.addPass(KernelInfoPrinter(infoOs));
  mpm.run(*llvmModule, mam);
  if (nvvm.kernelInfo)
    *nvvm.kernelInfo += info;
  return finish();
}

mlir::LogicalResult tilecheck::target::emitPTX(llvm::Module &module,
                                               llvm::StringRef gpuName,
                                               unsigned optLevel,
                                               std::string &ptx,
                                               std::string &errors) {
  std::unique_ptr<llvm::TargetMachine> tm =
      createTargetMachine(gpuName, optLevel, errors, &module);
  if (!tm)
    return mlir::failure();
  llvm::SmallString<0> buffer;
  llvm::raw_svector_ostream os(buffer);
  llvm::legacy::PassManager pm;
  if (tm->addPassesToEmitFile(pm, os, nullptr,
                              llvm::CodeGenFileType::AssemblyFile)) {
    errors += "the NVPTX target cannot emit assembly\n";
    return mlir::failure();
  }
  pm.run(module);
  ptx.assign(buffer.begin(), buffer.end());
  return mlir::success();
}

std::vector<KernelResources>
tilecheck::target::parsePtxasReport(llvm::StringRef log) {
  std::vector<KernelResources> kernels;
  llvm::Regex entry("Compiling entry function '([^']+)'");
  llvm::Regex frame("([0-9]+) bytes stack frame, ([0-9]+) bytes spill "
                    "stores, ([0-9]+) bytes spill loads");
  llvm::Regex regs("Used ([0-9]+) registers");
  llvm::Regex smem("([0-9]+) bytes smem");
  llvm::SmallVector<llvm::StringRef> lines;
  log.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    llvm::SmallVector<llvm::StringRef> m;
    if (entry.match(line, &m)) {
      kernels.push_back(KernelResources{m[1].str()});
      continue;
    }
    if (kernels.empty())
      continue;
    KernelResources &k = kernels.back();
    if (frame.match(line, &m)) {
      m[1].getAsInteger(10, k.stackBytes);
      m[2].getAsInteger(10, k.spillStoreBytes);
      m[3].getAsInteger(10, k.spillLoadBytes);
    }
    if (regs.match(line, &m)) {
      m[1].getAsInteger(10, k.registers);
      k.sharedBytes = 0;
      if (smem.match(line, &m))
        m[1].getAsInteger(10, k.sharedBytes);
    }
  }
  return kernels;
}

PtxasResult tilecheck::target::runPtxas(llvm::StringRef ptx,
                                        llvm::StringRef gpuName,
                                        unsigned optLevel,
                                        unsigned timeoutSeconds) {
  PtxasResult result;
  std::optional<std::string> ptxas = findPtxas();
  if (!ptxas) {
    result.log = "ptxas was not found: install the CUDA toolkit or set "
                 "TILECHECK_PTXAS";
    return result;
  }
  llvm::SmallString<128> in, out, err;
  int fd;
  if (llvm::sys::fs::createTemporaryFile("tilec", "ptx", fd, in)) {
    result.status = PtxasStatus::Crashed;
    result.log = "cannot create a temporary file";
    return result;
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << ptx;
  }
  llvm::sys::fs::createTemporaryFile("tilec", "cubin", out);
  llvm::sys::fs::createTemporaryFile("tilec", "log", err);
  // The PTX's own target where it is the architecture-specific variant
  // of gpuName (sm_90a: wgmma).
  std::string arch = ("-arch=" + gpuName).str();
  if (ptx.contains((".target " + gpuName + "a").str()))
    arch += "a";
  std::string level = "-O" + std::to_string(std::min(optLevel, 3u));
  llvm::SmallVector<llvm::StringRef> args{*ptxas, arch, level, "-v",
                                          in,     "-o", out};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, err, err};
  std::string message;
  bool failedToRun = false;
  result.exitCode =
      llvm::sys::ExecuteAndWait(*ptxas, args, std::nullopt, redirects,
                                timeoutSeconds, 0, &message, &failedToRun);
  if (auto buf = llvm::MemoryBuffer::getFile(err))
    result.log = (*buf)->getBuffer().str();
  // ExecuteAndWait: -1 could not run, -2 killed by a signal or by the
  // timeout (the message says which); ptxas exits 255 on PTX errors.
  if (failedToRun || result.exitCode == -1) {
    result.status = PtxasStatus::Missing;
    result.log += message;
  } else if (result.exitCode == -2) {
    bool timedOut = llvm::StringRef(message).contains("timed out");
    result.status = timedOut ? PtxasStatus::TimedOut : PtxasStatus::Crashed;
    result.log += message;
  } else if (result.exitCode != 0) {
    result.status = PtxasStatus::Rejected;
  } else {
    result.status = PtxasStatus::Ok;
    if (auto buf = llvm::MemoryBuffer::getFile(out, /*IsText=*/false))
      result.cubin = (*buf)->getBuffer().str();
    result.kernels = parsePtxasReport(result.log);
  }
  llvm::sys::fs::remove(in);
  llvm::sys::fs::remove(out);
  llvm::sys::fs::remove(err);
  return result;
}
