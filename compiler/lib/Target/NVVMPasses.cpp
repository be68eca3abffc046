//===- NVVMPasses.cpp - seed 000's LLVM/NVVM backend glue -----------------===//
//
// See tilecheck/Target/NVVMPasses.h.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Target/NVVMPasses.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Regex.h"

#include <functional>
#include <optional>
#include <set>

using namespace llvm;
using namespace tilecheck::target;

namespace {

/// The functions `!nvvm.annotations` marks as kernels.
std::set<const Function *> annotatedKernels(const Module &m) {
  std::set<const Function *> out;
  const NamedMDNode *annotations = m.getNamedMetadata("nvvm.annotations");
  if (!annotations)
    return out;
  for (const MDNode *node : annotations->operands()) {
    if (node->getNumOperands() < 3)
      continue;
    auto *f = mdconst::dyn_extract_or_null<Function>(node->getOperand(0));
    auto *key = dyn_cast<MDString>(node->getOperand(1));
    auto *value =
        mdconst::dyn_extract_or_null<ConstantInt>(node->getOperand(2));
    if (f && key && key->getString() == "kernel" && value && !value->isZero())
      out.insert(f);
  }
  return out;
}

/// Kernel definitions in module order.
std::vector<Function *> kernelsOf(Module &m) {
  std::vector<Function *> out;
  for (Function &f : m)
    if (!f.isDeclaration() && isKernel(f))
      out.push_back(&f);
  return out;
}

/// Notes "PASS: COUNT WHAT" when COUNT is not 0; returns COUNT.
unsigned noted(NVVMPassReport *report, StringRef pass, unsigned count,
               const Twine &what) {
  if (report && count)
    report->changed((pass + ": " + Twine(count) + " " + what).str());
  return count;
}

PreservedAnalyses preservedUnless(unsigned changes) {
  return changes ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

/// Erases the internal functions and globals nothing uses, until none is
/// left.
unsigned eraseDeadInternals(Module &m) {
  unsigned erased = 0;
  for (bool again = true; again;) {
    again = false;
    for (Function &f : make_early_inc_range(m))
      if (f.hasLocalLinkage() && f.use_empty()) {
        f.eraseFromParent();
        ++erased;
        again = true;
      }
    for (GlobalVariable &g : make_early_inc_range(m.globals()))
      if (g.hasLocalLinkage() && g.use_empty()) {
        g.eraseFromParent();
        ++erased;
        again = true;
      }
  }
  return erased;
}

} // namespace

bool tilecheck::target::isKernel(const Function &f) {
  if (f.getCallingConv() == CallingConv::PTX_Kernel ||
      f.hasFnAttribute("nvvm.kernel"))
    return true;
  const Module *m = f.getParent();
  return m && annotatedKernels(*m).count(&f);
}

//===----------------------------------------------------------------------===//
// Pretreat
//===----------------------------------------------------------------------===//

PreservedAnalyses PretreatPass::run(Module &m, ModuleAnalysisManager &) {
  unsigned casts = 0, markers = 0, kernels = 0;
  std::set<const Function *> annotated = annotatedKernels(m);
  for (Function &f : m) {
    if (!f.isDeclaration() && f.getCallingConv() != CallingConv::PTX_Kernel &&
        (f.hasFnAttribute("nvvm.kernel") || annotated.count(&f))) {
      f.setCallingConv(CallingConv::PTX_Kernel);
      ++kernels;
    }
    for (Instruction &inst : make_early_inc_range(instructions(f))) {
      // S -> generic -> S: the pointer itself.
      if (auto *cast = dyn_cast<AddrSpaceCastInst>(&inst)) {
        auto *inner =
            dyn_cast<AddrSpaceCastOperator>(cast->getPointerOperand());
        if (inner && inner->getPointerOperand()->getType() == cast->getType()) {
          cast->replaceAllUsesWith(inner->getPointerOperand());
          cast->eraseFromParent();
          if (auto *innerInst = dyn_cast<Instruction>(inner);
              innerInst && innerInst->use_empty())
            innerInst->eraseFromParent();
          ++casts;
        }
        continue;
      }
      // The verifier takes lifetime markers of allocas only.
      if (auto *ii = dyn_cast<IntrinsicInst>(&inst);
          ii && ii->isLifetimeStartOrEnd()) {
        Value *ptr = ii->getArgOperand(ii->arg_size() - 1);
        if (!isa<AllocaInst>(ptr) && !isa<PoisonValue>(ptr)) {
          ii->eraseFromParent();
          ++markers;
        }
      }
    }
  }
  return preservedUnless(
      noted(report, name(), casts, "address-space cast round trips folded") +
      noted(report, name(), markers,
            "lifetime markers of non-allocas dropped") +
      noted(report, name(), kernels,
            "kernels given the PTX kernel calling convention"));
}

//===----------------------------------------------------------------------===//
// Kernel selection and linkage
//===----------------------------------------------------------------------===//

PreservedAnalyses SelectKernelsPass::run(Module &m, ModuleAnalysisManager &) {
  StringRef text = StringRef(selection).trim();
  if (text.empty())
    return PreservedAnalyses::all();
  std::vector<Function *> kernels = kernelsOf(m);
  std::string known;
  for (Function *k : kernels)
    known += (known.empty() ? "" : ", ") + k->getName().str();
  auto refuse = [&](const Twine &why) {
    if (report)
      report->errors.push_back(("the kernel selection '" + selection + "' " +
                                why + " (kernels: " + known + ")")
                                   .str());
    return PreservedAnalyses::all();
  };
  std::set<Function *> keep;
  SmallVector<StringRef, 4> range; // N, or N-M
  if (Regex("^([0-9]+)(-([0-9]+))?$").match(text, &range)) {
    unsigned lo = 0, hi = 0;
    StringRef last = range[3].empty() ? range[1] : range[3];
    if (range[1].getAsInteger(10, lo) || last.getAsInteger(10, hi) || hi < lo)
      return refuse("is not an ordinal range N or N-M with N <= M");
    for (unsigned i = lo; i <= hi && i < kernels.size(); ++i)
      keep.insert(kernels[i]);
  } else {
    SmallVector<StringRef> names;
    SplitString(text, names, ",;");
    for (StringRef name : names) {
      auto it = llvm::find_if(
          kernels, [&](Function *k) { return k->getName() == name.trim(); });
      if (it == kernels.end())
        return refuse("names no kernel '" + name.trim() + "'");
      keep.insert(*it);
    }
  }
  if (keep.empty())
    return refuse("selects no kernel of the module");
  unsigned removed = 0;
  for (Function *k : kernels)
    if (!keep.count(k)) {
      k->replaceAllUsesWith(PoisonValue::get(k->getType()));
      k->eraseFromParent();
      ++removed;
    }
  unsigned dead = eraseDeadInternals(m);
  return preservedUnless(
      noted(report, name(), removed, "kernels removed") +
      noted(report, name(), dead,
            "internal functions and globals only they used removed"));
}

PreservedAnalyses SetFunctionLinkagesPass::run(Module &m,
                                               ModuleAnalysisManager &) {
  unsigned demoted = 0, exported = 0;
  for (Function &f : m) {
    if (f.isDeclaration())
      continue;
    if (isKernel(f)) {
      if (f.hasLocalLinkage() || !f.hasDefaultVisibility()) {
        f.setLinkage(GlobalValue::ExternalLinkage);
        f.setVisibility(GlobalValue::DefaultVisibility);
        ++exported;
      }
    } else if (!f.hasLocalLinkage()) {
      f.setLinkage(GlobalValue::InternalLinkage);
      ++demoted;
    }
  }
  return preservedUnless(
      noted(report, name(), demoted, "non-kernel functions made internal") +
      noted(report, name(), exported, "kernels made external"));
}

//===----------------------------------------------------------------------===//
// Address spaces through calls
//===----------------------------------------------------------------------===//

/// The concrete address space every call of `f` passes as argument `i`
/// (each a cast from that space to generic), if there is one.
static std::optional<unsigned> commonSourceSpace(Function &f, unsigned i) {
  std::optional<unsigned> space;
  for (Use &use : f.uses()) {
    auto *call = dyn_cast<CallBase>(use.getUser());
    if (!call || !call->isCallee(&use) ||
        call->getFunctionType() != f.getFunctionType())
      return std::nullopt;
    auto *cast = dyn_cast<AddrSpaceCastOperator>(call->getArgOperand(i));
    if (!cast)
      return std::nullopt;
    unsigned from = cast->getSrcAddressSpace();
    if (from == 0 || (space && *space != from))
      return std::nullopt;
    space = from;
  }
  return space;
}

PreservedAnalyses IPMSPPass::run(Module &m, ModuleAnalysisManager &) {
  unsigned rewritten = 0;
  for (Function &f : m) {
    if (f.isDeclaration() || !f.hasLocalLinkage() || isKernel(f) ||
        f.use_empty())
      continue;
    for (Argument &arg : f.args()) {
      auto *type = dyn_cast<PointerType>(arg.getType());
      if (!type || type->getAddressSpace() != 0 || arg.use_empty())
        continue;
      std::optional<unsigned> space = commonSourceSpace(f, arg.getArgNo());
      if (!space)
        continue;
      IRBuilder<> b(&*f.getEntryBlock().getFirstInsertionPt());
      Value *concrete =
          b.CreateAddrSpaceCast(&arg, PointerType::get(m.getContext(), *space),
                                arg.getName() + ".as");
      Value *generic = b.CreateAddrSpaceCast(concrete, type);
      arg.replaceUsesWithIf(generic,
                            [&](Use &u) { return u.getUser() != concrete; });
      ++rewritten;
    }
  }
  return preservedUnless(
      noted(report, name(), rewritten,
            "pointer parameters given their callers' address space"));
}

//===----------------------------------------------------------------------===//
// Constant GEP indices
//===----------------------------------------------------------------------===//

/// The first constant array or vector index of `gep` outside [0, N], as
/// a message; empty when there is none or the GEP is not inbounds.
static std::string outOfBounds(const GEPOperator &gep) {
  if (!gep.isInBounds())
    return "";
  // The first index steps over the pointer; the others into aggregates.
  Type *type = gep.getSourceElementType();
  for (const Use &operand : llvm::drop_begin(gep.indices())) {
    auto *index = dyn_cast<ConstantInt>(operand.get());
    if (auto *st = dyn_cast<StructType>(type)) {
      if (!index || index->getZExtValue() >= st->getNumElements())
        return "";
      type = st->getElementType(index->getZExtValue());
      continue;
    }
    uint64_t n;
    Type *element;
    if (auto *at = dyn_cast<ArrayType>(type)) {
      n = at->getNumElements();
      element = at->getElementType();
    } else if (auto *vt = dyn_cast<FixedVectorType>(type)) {
      n = vt->getNumElements();
      element = vt->getElementType();
    } else {
      return "";
    }
    // [0 x T] is the idiom of storage whose size the IR does not know.
    if (index && n && (index->isNegative() || index->getValue().ugt(n))) {
      std::string text;
      raw_string_ostream os(text);
      type->print(os);
      return ("constant GEP index " + Twine(index->getSExtValue()) +
              " is out of the bounds of " + text)
          .str();
    }
    type = element;
  }
  return "";
}

PreservedAnalyses CheckGepIndexPass::run(Module &m, ModuleAnalysisManager &) {
  auto check = [&](const GEPOperator &gep, const Function &f) {
    std::string why = outOfBounds(gep);
    if (!why.empty() && report)
      report->errors.push_back(why + " in @" + f.getName().str());
  };
  // Constant expressions nest (an addrspacecast of a GEP of a global).
  std::function<void(const Constant *, const Function &)> walk =
      [&](const Constant *c, const Function &f) {
        if (!isa<ConstantExpr>(c))
          return;
        if (auto *gep = dyn_cast<GEPOperator>(c))
          check(*gep, f);
        for (const Use &operand : c->operands())
          walk(cast<Constant>(operand.get()), f);
      };
  for (Function &f : m)
    for (Instruction &inst : instructions(f)) {
      if (auto *gep = dyn_cast<GEPOperator>(&inst))
        check(*gep, f);
      for (Value *operand : inst.operands())
        if (auto *c = dyn_cast<Constant>(operand))
          walk(c, f);
    }
  return PreservedAnalyses::all();
}

//===----------------------------------------------------------------------===//
// Kernel metrics
//===----------------------------------------------------------------------===//

PreservedAnalyses KernelInfoPrinter::run(Module &m, ModuleAnalysisManager &) {
  for (Function *k : kernelsOf(m)) {
    unsigned allocas = 0, direct = 0, indirect = 0, inlineAsm = 0, invokes = 0,
             flat = 0;
    for (Instruction &inst : instructions(*k)) {
      if (isa<AllocaInst>(inst))
        ++allocas;
      if (isa<InvokeInst>(inst))
        ++invokes;
      else if (auto *call = dyn_cast<CallBase>(&inst)) {
        if (call->isInlineAsm())
          ++inlineAsm;
        else if (!call->getCalledFunction())
          ++indirect;
        else if (!call->getCalledFunction()->isIntrinsic())
          ++direct;
      }
      Value *ptr = getLoadStorePointerOperand(&inst);
      if (auto *rmw = dyn_cast<AtomicRMWInst>(&inst))
        ptr = rmw->getPointerOperand();
      else if (auto *cas = dyn_cast<AtomicCmpXchgInst>(&inst))
        ptr = cas->getPointerOperand();
      if (ptr && ptr->getType()->getPointerAddressSpace() == 0)
        ++flat;
    }
    os << "kernel-info: @" << k->getName() << " allocas=" << allocas
       << " direct-calls=" << direct << " indirect-calls=" << indirect
       << " inline-asm=" << inlineAsm << " invokes=" << invokes
       << " flat-accesses=" << flat << "\n";
  }
  return PreservedAnalyses::all();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void tilecheck::target::registerNVVMPasses(PassBuilder &pb,
                                           NVVMPassReport &report,
                                           raw_ostream &kernelInfo) {
  pb.registerPipelineParsingCallback(
      [&report, &kernelInfo](StringRef name, ModulePassManager &mpm,
                             ArrayRef<PassBuilder::PipelineElement>) {
        if (name == PretreatPass::name())
          mpm.addPass(PretreatPass(&report));
        else if (name == SetFunctionLinkagesPass::name())
          mpm.addPass(SetFunctionLinkagesPass(&report));
        else if (name == IPMSPPass::name())
          mpm.addPass(IPMSPPass(&report));
        else if (name == CheckGepIndexPass::name())
          mpm.addPass(CheckGepIndexPass(&report));
        else if (name == KernelInfoPrinter::name())
          mpm.addPass(KernelInfoPrinter(kernelInfo));
        else if (name.consume_front(SelectKernelsPass::name()) &&
                 name.consume_front("<") && name.consume_back(">"))
          mpm.addPass(SelectKernelsPass(name.str(), &report));
        else
          return false;
        return true;
      });
}
