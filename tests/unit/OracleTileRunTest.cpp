//===- OracleTileRunTest.cpp - tile-run binding, exit codes, outputs ------===//
//
// runTileProgram is what tile-run and the differential engine call: these
// tests pin its contract — argument binding errors, the exit code of each
// outcome (0 ran, 1 error, 2 usage, 3 undefined behaviour, 4 assert, 5 step
// limit), .npy outputs written for every buffer argument, manifests.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/InitAll.h"
#include "tilecheck/Oracle/TileRun.h"

#include "TestSupport.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace tilecheck::oracle;

namespace {

/// out[bid*4 .. bid*4+4) = in[...] + scalar, or a deliberate fault.
constexpr const char *kKernel = R"mlir(
cuda_tile.module @m {
  entry @k(%in: tile<ptr<i32>>, %out: tile<ptr<i32>>, %x: tile<i32>, %mode: tile<i32>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %tin = make_tensor_view %in, shape = [16], strides = [1] : tensor_view<16xi32, strides=[1]>
    %tout = make_tensor_view %out, shape = [16], strides = [1] : tensor_view<16xi32, strides=[1]>
    %pin = make_partition_view %tin : partition_view<tile=(4), tensor_view<16xi32, strides=[1]>>
    %pout = make_partition_view %tout : partition_view<tile=(4), tensor_view<16xi32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %v, %t0 = load_view_tko weak %pin[%bid] : partition_view<tile=(4), tensor_view<16xi32, strides=[1]>>, tile<i32> -> tile<4xi32>, token
    %xr = reshape %x : tile<i32> -> tile<1xi32>
    %xb = broadcast %xr : tile<1xi32> -> tile<4xi32>
    %s = addi %v, %xb : tile<4xi32>
    %t1 = store_view_tko weak %s, %pout[%bid] : tile<4xi32>, partition_view<tile=(4), tensor_view<16xi32, strides=[1]>>, tile<i32> -> token
    %ub = cmpi equal %mode, %c1, signed : tile<i32> -> tile<i1>
    if %ub {
      %z = divi %x, %c0 signed : tile<i32>
    }
    %as = cmpi equal %mode, %c2, signed : tile<i32> -> tile<i1>
    %nok = cmpi equal %mode, %c0, signed : tile<i32> -> tile<i1>
    assert %nok, "mode must be 0" : tile<i1>
    return
  }
}
)mlir";

class TileRunTest : public tilecheck::testing::ScratchTest {
protected:
  TileRunTest() : ScratchTest("tilerun") {
    kernel = write("k.mlir", kKernel);
    input = path("in.npy");
    EXPECT_FALSE(static_cast<bool>(
        writeNpy(input, tilecheck::testing::i32Array(
                            16, [](int64_t i) { return int32_t(i * 10); }))));
  }
  std::string path(llvm::StringRef name) { return scratch.file(name); }
  std::string write(llvm::StringRef name, llvm::StringRef text) {
    return scratch.write(name, text);
  }
  TileRunConfig config(std::vector<std::string> args) {
    TileRunConfig c;
    c.inputFile = kernel;
    c.grid = {4, 1, 1};
    for (auto &a : args)
      c.args.push_back({a});
    c.run.assertStream = &assertText;
    return c;
  }
  static int32_t at(const NpyArray &a, int i) {
    int32_t v;
    std::memcpy(&v, a.data.data() + 4 * i, 4);
    return v;
  }

  std::string kernel, input;
  std::string assertBuf;
  llvm::raw_string_ostream assertText{assertBuf};
};

TEST_F(TileRunTest, RunsAndWritesEveryBuffer) {
  TileRunConfig c = config({"@" + input, "zeros:i32:16", "5", "0"});
  c.outDir = path("out");
  TileRunOutcome out = runTileProgram(ctx, c);
  ASSERT_EQ(out.exitCode, kExitOk) << out.message;
  ASSERT_EQ(out.buffers.size(), 2u);
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(at(out.buffers[1].array, i), i * 10 + 5);
  auto back = readNpy(path("out/arg1.npy"));
  ASSERT_TRUE(static_cast<bool>(back));
  EXPECT_EQ(back->shape, std::vector<int64_t>{16});
  EXPECT_EQ(at(*back, 15), 155);
  EXPECT_TRUE(llvm::sys::fs::exists(path("out/arg0.npy")));
}

TEST_F(TileRunTest, BlockOrderDoesNotChangeARaceFreeResult) {
  TileRunConfig c = config({"@" + input, "zeros:i32:16", "-7", "0"});
  c.run.blockOrderSeed = 99;
  TileRunOutcome out = runTileProgram(ctx, c);
  ASSERT_EQ(out.exitCode, kExitOk) << out.message;
  EXPECT_EQ(at(out.buffers[1].array, 3), 23);
}

TEST_F(TileRunTest, UndefinedBehaviourExitsThree) {
  TileRunOutcome out =
      runTileProgram(ctx, config({"@" + input, "zeros:i32:16", "5", "1"}));
  EXPECT_EQ(out.exitCode, kExitUndefinedBehavior) << out.message;
  ASSERT_TRUE(out.failure);
  EXPECT_NE(out.failure->location.find("k.mlir:"), std::string::npos);
  EXPECT_NE(out.message.find("divi"), std::string::npos) << out.message;
}

TEST_F(TileRunTest, FailedAssertExitsFourAndStillWritesOutputs) {
  TileRunOutcome out =
      runTileProgram(ctx, config({"@" + input, "zeros:i32:16", "1", "2"}));
  EXPECT_EQ(out.exitCode, kExitAssertFailed) << out.message;
  EXPECT_EQ(at(out.buffers[1].array, 15), 151);
  EXPECT_NE(assertBuf.find("mode must be 0"), std::string::npos) << assertBuf;
}

TEST_F(TileRunTest, UninitializedOutputReadIsUndefinedBehaviour) {
  // Reading an `uninit:` buffer is a read of uninitialized memory.
  TileRunOutcome out =
      runTileProgram(ctx, config({"uninit:i32:16", "zeros:i32:16", "1", "0"}));
  EXPECT_EQ(out.exitCode, kExitUndefinedBehavior) << out.message;
}

TEST_F(TileRunTest, BindingErrorsAreUsageErrors) {
  // Wrong count, scalar for a pointer, wrong dtype, literal out of range.
  EXPECT_EQ(runTileProgram(ctx, config({"@" + input})).exitCode, kExitUsage);
  EXPECT_EQ(
      runTileProgram(ctx, config({"3", "zeros:i32:16", "1", "0"})).exitCode,
      kExitUsage);
  EXPECT_EQ(runTileProgram(ctx, config({"@" + input, "zeros:f32:16", "1", "0"}))
                .exitCode,
            kExitUsage);
  TileRunOutcome big = runTileProgram(
      ctx, config({"@" + input, "zeros:i32:16", "4294967296", "0"}));
  EXPECT_EQ(big.exitCode, kExitUsage);
  EXPECT_NE(big.message.find("does not fit in i32"), std::string::npos);
}

TEST_F(TileRunTest, ParseErrorsAreReportedWithALocation) {
  TileRunConfig c = config({});
  c.inputFile = write("bad.mlir", "cuda_tile.module @m {\n  entry @k( {\n");
  TileRunOutcome out = runTileProgram(ctx, c);
  EXPECT_EQ(out.exitCode, kExitError);
  EXPECT_NE(out.message.find("bad.mlir:2:"), std::string::npos) << out.message;
}

TEST_F(TileRunTest, ManifestGivesProgramGridAndArguments) {
  write("manifest.json",
        "{\"program\": \"k.mlir\", \"entry\": \"@k\", \"grid\": [4], "
        "\"seed\": 1, \"args\": [\"@in.npy\", \"zeros:i32:16\", \"2\", "
        "\"0\"]}");
  TileRunConfig c;
  ASSERT_FALSE(static_cast<bool>(loadManifest(path("manifest.json"), c)));
  EXPECT_EQ(c.grid[0], 4);
  TileRunOutcome out = runTileProgram(ctx, c);
  ASSERT_EQ(out.exitCode, kExitOk) << out.message;
  EXPECT_EQ(at(out.buffers[1].array, 1), 12);
  // A manifest without args is rejected with its path in the message.
  write("broken.json", "{\"program\": \"k.mlir\"}");
  llvm::Error e = loadManifest(path("broken.json"), c);
  ASSERT_TRUE(static_cast<bool>(e));
  EXPECT_NE(llvm::toString(std::move(e)).find("broken.json"),
            std::string::npos);
}

} // namespace
