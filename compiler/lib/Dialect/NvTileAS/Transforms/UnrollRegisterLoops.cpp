//===- UnrollRegisterLoops.cpp - tileas-unroll-register-loops -------------===//
//
// Seed 000's TileASUnrollRegisterLoops: the per-element register copy
// roots that tileas-materialize-convert-layout marked get an LLVM loop
// annotation asking for unrolling; the backend attaches it to the loop it
// lowers each root to (compiler/docs/Backend.md, "Layout conversions").
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Dialect/NvTileAS/IR/NvTileAS.h"
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace tilecheck::nv_tileas {
#define GEN_PASS_DEF_TILEASUNROLLREGISTERLOOPS
#include "tilecheck/Dialect/NvTileAS/Transforms/Passes.h.inc"
} // namespace tilecheck::nv_tileas

using namespace mlir;
using namespace tilecheck;
using namespace tilecheck::nv_tileas;

namespace {

struct UnrollRegisterLoopsPass
    : nv_tileas::impl::TileASUnrollRegisterLoopsBase<UnrollRegisterLoopsPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    // unroll = <enable>, nothing else: LLVM's unroller picks the factor.
    auto unroll = LLVM::LoopUnrollAttr::get(
        ctx, /*disable=*/BoolAttr::get(ctx, false), /*count=*/{},
        /*runtimeDisable=*/{}, /*full=*/{}, /*followupUnrolled=*/{},
        /*followupRemainder=*/{}, /*followupAll=*/{});
    auto annotation = LLVM::LoopAnnotationAttr::get(
        ctx, /*disableNonforced=*/{}, /*vectorize=*/{}, /*interleave=*/{},
        unroll, /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{},
        /*pipeline=*/{}, /*peeled=*/{}, /*unswitch=*/{},
        /*mustProgress=*/{}, /*isVectorized=*/{}, /*startLoc=*/{},
        /*endLoc=*/{}, /*parallelAccesses=*/{});
    getOperation().walk([&](Operation *op) {
      if (!op->hasAttr(kRootRegToRegCopyAttrName))
        return;
      op->setAttr(kLoopAnnotationAttrName, annotation);
      ++numTagged;
    });
  }
};

} // namespace
