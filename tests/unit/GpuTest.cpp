//===- GpuTest.cpp - The GPU runner without a GPU
//--------------------------===//
//
// What of the GPU runner a machine without a GPU can check, with real
// cubins (tilec's, through ptxas) and no stand-in driver: the argument
// marshalling by the kernel ABI (runGpuProgram in record mode: buffers,
// fills, parameter bytes, geometry), the agreement of that marshalling with
// the facts ptxas wrote into the cubin (EIATTR_KPARAM_INFO sizes and
// offsets), launch bundles and results round-tripping through their files,
// launch keys, the replay of a result, and the reader of cubin facts on
// damaged images. The launch itself is checked on a GPU by
// scripts/gpu_nightly.py.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/InitAll.h"
#include "tilecheck/Oracle/GpuProgram.h"
#include "tilecheck/Target/NVPTX.h"

#include "TestSupport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace tilecheck::oracle;

namespace {

/// c[i] = a[i] + b[i] * s over n = 256 i32 elements, 64 per block.
constexpr const char *kProgram = R"mlir(
cuda_tile.module @m {
  entry @axpy(%a: tile<ptr<i32>>, %b: tile<ptr<i32>>, %c: tile<ptr<i32>>, %s: tile<i16>, %n: tile<i32>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %ta = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tb = make_tensor_view %b, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %tc = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>
    %pc = make_partition_view %tc : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>
    %x, %t0 = load_view_tko weak %pa[%bid] : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<64xi32>, token
    %y, %t1 = load_view_tko weak %pb[%bid] : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<64xi32>, token
    %s32 = exti %s signed : tile<i16> -> tile<i32>
    %sr = reshape %s32 : tile<i32> -> tile<1xi32>
    %sb = broadcast %sr : tile<1xi32> -> tile<64xi32>
    %m = muli %y, %sb : tile<64xi32>
    %r = addi %x, %m : tile<64xi32>
    %t2 = store_view_tko weak %r, %pc[%bid] : tile<64xi32>, partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
)mlir";

class GpuTest : public tilecheck::testing::ScratchTest {
protected:
  GpuTest() : ScratchTest("gputest") {
    inputA = tmp + "/a.npy";
    EXPECT_FALSE(static_cast<bool>(
        writeNpy(inputA, tilecheck::testing::i32Array(256, [](int64_t i) {
                   return int32_t(i * 3 - 100);
                 }))));
    module = mlir::parseSourceString<mlir::ModuleOp>(kProgram,
                                                     mlir::ParserConfig(&ctx));
  }

  TileRunConfig config() {
    TileRunConfig c;
    c.inputFile = "axpy.mlir";
    c.entry = "axpy";
    c.grid = {4, 1, 1};
    c.args = {
        {"@" + inputA}, {"@" + inputA}, {"zeros:i32:256"}, {"-3"}, {"256"}};
    return c;
  }

  // Every test compiles the program to a cubin.
  void SetUp() override {
    if (!tilecheck::target::findPtxas())
      GTEST_SKIP() << "ptxas is not installed: no cubin to record";
    ASSERT_TRUE(module);
  }

  /// Options for a launch on sm_90 at -O2 recorded to or replayed from
  /// `dir`.
  static GpuRunOptions options(GpuLaunchMode::Kind kind,
                               const std::string &dir) {
    GpuRunOptions o;
    o.compile.gpuName = "sm_90";
    o.compile.optLevel = 2;
    o.mode.kind = kind;
    o.mode.dir = dir;
    return o;
  }

  GpuProgramOutcome record(const std::string &dir) {
    return runGpuProgram(module.get(), kProgram, config(),
                         options(GpuLaunchMode::Kind::Record, dir));
  }

  std::string inputA;
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

TEST_F(GpuTest, MarshalsArgumentsByTheKernelAbi) {
  GpuProgramOutcome out = record(tmp + "/rec");
  ASSERT_EQ(out.run.exitCode, kExitOk) << out.run.message;
  ASSERT_EQ(out.gpu.status, gpu::Status::Recorded);
  const gpu::Launch &l = out.launch;
  EXPECT_EQ(l.kernel, "axpy");
  EXPECT_EQ(l.grid, (std::array<uint32_t, 3>{4, 1, 1}));
  EXPECT_EQ(l.block, (std::array<uint32_t, 3>{128, 1, 1}));
  EXPECT_FALSE(l.isPtx);
  // Two initialized inputs, one zero-filled output; pointers, then an i16
  // of two bytes and an i32 of four, little-endian.
  ASSERT_EQ(l.buffers.size(), 3u);
  EXPECT_EQ(l.buffers[0].fill, gpu::Buffer::Fill::Contents);
  EXPECT_EQ(l.buffers[0].size, 1024u);
  EXPECT_EQ(l.buffers[2].fill, gpu::Buffer::Fill::Zero);
  ASSERT_EQ(l.params.size(), 5u);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(l.params[i].buffer, i);
  EXPECT_EQ(l.params[3].bytes, (std::vector<uint8_t>{0xfd, 0xff}));
  EXPECT_EQ(l.params[4].bytes, (std::vector<uint8_t>{0x00, 0x01, 0, 0}));

  // ptxas's own record of the kernel's parameters agrees.
  std::string error;
  auto info = gpu::readCubinKernelInfo(l.image, "axpy", error);
  ASSERT_TRUE(info) << error;
  ASSERT_EQ(info->params.size(), 5u);
  std::vector<uint32_t> sizes, offsets;
  for (const gpu::ParamInfo &p : info->params) {
    sizes.push_back(p.size);
    offsets.push_back(p.offset);
  }
  EXPECT_EQ(sizes, (std::vector<uint32_t>{8, 8, 8, 2, 4}));
  EXPECT_EQ(offsets, (std::vector<uint32_t>{0, 8, 16, 24, 28}));
  auto block = gpu::checkLaunch(l, error);
  ASSERT_TRUE(block) << error;

  // A launch that disagrees with the cubin is refused before any driver
  // call, saying which fact differs.
  gpu::Launch wrong = l;
  wrong.params[3].bytes = {1, 0, 0, 0};
  EXPECT_FALSE(gpu::checkLaunch(wrong, error));
  EXPECT_EQ(error, "parameter 3 of kernel 'axpy' is 2 bytes but the launch "
                   "gives 4");
  wrong = l;
  wrong.params.pop_back();
  EXPECT_FALSE(gpu::checkLaunch(wrong, error));
  EXPECT_EQ(error, "kernel 'axpy' takes 5 parameters but the launch gives 4");
  wrong = l;
  wrong.kernel = "other";
  EXPECT_FALSE(gpu::checkLaunch(wrong, error));
  EXPECT_EQ(error, "the cubin has no kernel 'other' (no section "
                   ".nv.info.other)");
}

TEST_F(GpuTest, BundleRoundTripsAndKeysTheLaunch) {
  GpuProgramOutcome out = record(tmp + "/rec");
  ASSERT_EQ(out.run.exitCode, kExitOk) << out.run.message;
  std::string key = gpu::launchKey(out.launch);
  EXPECT_EQ(llvm::sys::path::filename(out.bundle), key);
  std::string error;
  std::optional<gpu::Launch> back = gpu::readBundle(out.bundle, error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(gpu::launchKey(*back), key);
  EXPECT_EQ(back->image, out.launch.image);
  EXPECT_EQ(back->buffers[0].contents, out.launch.buffers[0].contents);
  EXPECT_EQ(back->origin, out.launch.origin);

  // The same launch again: the same key (record and replay meet).
  GpuProgramOutcome again = record(tmp + "/rec2");
  EXPECT_EQ(gpu::launchKey(again.launch), key);
  // Anything that decides the result changes it; the origin does not.
  gpu::Launch l = out.launch;
  l.origin = "elsewhere";
  EXPECT_EQ(gpu::launchKey(l), key);
  l.grid[0] = 5;
  EXPECT_NE(gpu::launchKey(l), key);
  l = out.launch;
  l.buffers[1].contents[7] ^= 1;
  EXPECT_NE(gpu::launchKey(l), key);
  l = out.launch;
  l.params[4].bytes[0] = 1;
  EXPECT_NE(gpu::launchKey(l), key);
}

TEST_F(GpuTest, ReplaysARecordedResult) {
  GpuProgramOutcome rec = record(tmp + "/rec");
  ASSERT_EQ(rec.run.exitCode, kExitOk) << rec.run.message;

  GpuRunOptions replay = options(GpuLaunchMode::Kind::Replay, tmp + "/rec");
  // Nothing ran yet: no result, the no-GPU exit code.
  GpuProgramOutcome none =
      runGpuProgram(module.get(), kProgram, config(), replay);
  EXPECT_EQ(none.gpu.status, gpu::Status::NotRecorded);
  EXPECT_EQ(none.run.exitCode, kExitNoGpu);

  // What a GPU would write: c = a + a * -3.
  gpu::Result r;
  r.status = gpu::Status::Ok;
  r.device = "a GPU, sm_90";
  r.message = "first line\nsecond line";
  r.timesMs = {1.5f, 0.5f, 1.0f};
  r.medianMs = 1.0;
  r.buffers.resize(3);
  r.buffers[0] = rec.launch.buffers[0].contents;
  r.buffers[1] = rec.launch.buffers[1].contents;
  r.buffers[2].resize(1024);
  for (int i = 0; i < 256; ++i) {
    int32_t v = (i * 3 - 100) * -2;
    std::memcpy(r.buffers[2].data() + 4 * i, &v, 4);
  }
  ASSERT_EQ(gpu::writeResult(r, rec.bundle), "");
  std::string error;
  std::optional<gpu::Result> back = gpu::readResult(rec.bundle, error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->message, r.message);
  EXPECT_EQ(back->timesMs, r.timesMs);
  EXPECT_EQ(back->device, r.device);

  TileRunConfig c = config();
  c.outDir = tmp + "/out";
  GpuProgramOutcome replayed = runGpuProgram(module.get(), kProgram, c, replay);
  ASSERT_EQ(replayed.run.exitCode, kExitOk) << replayed.run.message;
  ASSERT_EQ(replayed.run.buffers.size(), 3u);
  EXPECT_EQ(replayed.run.buffers[2].argIndex, 2u);
  EXPECT_EQ(replayed.run.buffers[2].array.data, r.buffers[2]);
  auto written = readNpy(tmp + "/out/arg2.npy");
  ASSERT_TRUE(static_cast<bool>(written));
  EXPECT_EQ(written->data, r.buffers[2]);

  // A fault comes back as undefined behaviour, with no buffers.
  r.status = gpu::Status::Fault;
  r.message = "the kernel failed: CUDA_ERROR_ILLEGAL_ADDRESS";
  ASSERT_EQ(gpu::writeResult(r, rec.bundle), "");
  GpuProgramOutcome faulted =
      runGpuProgram(module.get(), kProgram, config(), replay);
  EXPECT_EQ(faulted.run.exitCode, kExitUndefinedBehavior);
  EXPECT_TRUE(faulted.run.buffers.empty());
}

TEST(GpuCubinInfo, RefusesDamagedImages) {
  std::string error;
  EXPECT_FALSE(gpu::readCubinKernelInfo("not an elf", "k", error));
  EXPECT_EQ(error, "the image is not a 64-bit little-endian ELF cubin");
  // An ELF header whose section table lies past the end.
  std::string elf(64, '\0');
  elf[0] = 0x7f;
  elf[1] = 'E';
  elf[2] = 'L';
  elf[3] = 'F';
  elf[4] = 2;
  elf[5] = 1;
  elf[0x28] = 0x40;
  elf[0x3A] = 64;
  elf[0x3C] = 3;
  elf[0x3E] = 1;
  EXPECT_FALSE(gpu::readCubinKernelInfo(elf, "k", error));
  EXPECT_EQ(error, "the cubin's section headers are out of bounds");
  // Offsets that wrap around 2^64 when added to: refused, not followed
  // (the reader added before comparing until a review caught it).
  for (int i = 0x28; i < 0x30; ++i)
    elf[i] = static_cast<char>(0xff);
  elf[0x28] = static_cast<char>(0xfc);
  EXPECT_FALSE(gpu::readCubinKernelInfo(elf, "k", error));
  EXPECT_EQ(error, "the cubin's section headers are out of bounds");
  // One section header inside the image whose section lies near 2^64.
  std::string one(64 + 64, '\0');
  std::copy(elf.begin(), elf.begin() + 64, one.begin());
  std::memset(one.data() + 0x28, 0, 8);
  one[0x28] = 64;
  one[0x3C] = 1;
  one[0x3E] = 0;
  for (int i = 64 + 0x18; i < 64 + 0x20; ++i)
    one[i] = static_cast<char>(0xff);
  one[64 + 0x20] = 0x40;
  EXPECT_FALSE(gpu::readCubinKernelInfo(one, "k", error));
  EXPECT_EQ(error, "the cubin's section-name table is out of bounds");
}

TEST(GpuLaunchModeTest, Parses) {
  auto local = GpuLaunchMode::parse("");
  ASSERT_TRUE(static_cast<bool>(local));
  EXPECT_EQ(local->kind, GpuLaunchMode::Kind::Local);
  auto rec = GpuLaunchMode::parse("record:/x/y");
  ASSERT_TRUE(static_cast<bool>(rec));
  EXPECT_EQ(rec->kind, GpuLaunchMode::Kind::Record);
  EXPECT_EQ(rec->dir, "/x/y");
  EXPECT_EQ(rec->str(), "record:/x/y");
  auto bad = GpuLaunchMode::parse("replay:");
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_EQ(llvm::toString(bad.takeError()),
            "GPU launch mode 'replay:': expected local, record:DIR or "
            "replay:DIR");
}

TEST(GpuStatusNames, RoundTrip) {
  for (int s = 0; s <= static_cast<int>(gpu::Status::NotRecorded); ++s) {
    auto status = static_cast<gpu::Status>(s);
    EXPECT_EQ(gpu::statusFromName(gpu::statusName(status)), status);
  }
  EXPECT_FALSE(gpu::statusFromName("fine"));
}

} // namespace
