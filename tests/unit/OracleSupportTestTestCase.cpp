//===- OracleSupportTestTestCase.cpp - One test case, in memory and on disk
//===//
//
// TestCase.h: a case written to a directory reads back as the same case
// (inputs in memory, provenance, configuration, unknown keys), inputs are
// written under names that never collide, an unreadable input is an error
// naming it, and a finding directory supplies its configuration.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Oracle/TestCase.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace tilecheck::oracle;

namespace {

class OracleTestCase : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("testcase", dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }

  std::string path(llvm::StringRef name) const {
    llvm::SmallString<256> p(dir);
    llvm::sys::path::append(p, name);
    return std::string(p);
  }

  static std::shared_ptr<const NpyArray> array(uint8_t fill) {
    auto a = std::make_shared<NpyArray>();
    a->descr = "<i4";
    a->shape = {2};
    a->data.assign(8, fill);
    return a;
  }

  llvm::SmallString<128> dir;
};

const char *kProgram = "cuda_tile.module @m {}\n";

TEST_F(OracleTestCase, WrittenCasesReadBackTheSame) {
  TestCase tc;
  tc.name = "seed 7 (ints)";
  tc.text = kProgram;
  tc.entry = "kernel";
  tc.grid = {2, 3, 1};
  tc.args = {{"@arg0.npy", array(1)}, {"zeros:i32:4", nullptr}, {"7", nullptr}};
  tc.seed = 7;
  tc.policy = "ints";
  tc.policyHash = "00ff";
  tc.config = "sm_100,O2";
  tc.extra["load_mma_loop"] = true;
  ASSERT_FALSE(static_cast<bool>(writeTestCase(tc, dir)));

  llvm::Expected<TestCase> back = readTestCase(dir, readProgramBytes);
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->name, path("manifest.json"));
  EXPECT_EQ(back->text, kProgram);
  EXPECT_EQ(back->entry, "kernel");
  EXPECT_EQ(back->grid, tc.grid);
  ASSERT_EQ(back->args.size(), 3u);
  // "@" paths come back resolved against the directory, contents in memory.
  EXPECT_EQ(back->args[0].form, "@" + path("arg0.npy"));
  ASSERT_NE(back->args[0].data, nullptr);
  EXPECT_EQ(back->args[0].data->data, tc.args[0].data->data);
  EXPECT_EQ(back->args[1].form, "zeros:i32:4");
  EXPECT_EQ(back->args[1].data, nullptr);
  EXPECT_EQ(back->args[2].form, "7");
  EXPECT_EQ(back->seed, std::optional<uint64_t>(7));
  EXPECT_EQ(back->policy, "ints");
  EXPECT_EQ(back->policyHash, "00ff");
  EXPECT_EQ(back->config, "sm_100,O2");
  EXPECT_EQ(back->extra.getBoolean("load_mma_loop"), true);

  // Written again from where it was read: the same manifest.
  std::string before = manifestText(manifestFor(tc));
  EXPECT_EQ(manifestText(manifestFor(*back)), before);
  ASSERT_FALSE(static_cast<bool>(writeTestCase(*back, dir)));
  llvm::Expected<TestCase> again = readTestCase(dir, readProgramBytes);
  ASSERT_TRUE(static_cast<bool>(again)) << llvm::toString(again.takeError());
  EXPECT_EQ(again->args[0].data->data, tc.args[0].data->data);
}

TEST_F(OracleTestCase, InputsAreWrittenUnderTheirIndexNeverOverEachOther) {
  TestCase tc;
  tc.text = kProgram;
  tc.entry = "k";
  tc.args = {{"@a/x.npy", array(1)},
             {"@b/x.npy", array(2)},
             {"@c/arg1.npy", array(3)},
             {"@config.json", array(4)},
             {"1", nullptr}};
  EXPECT_EQ(writtenArgNames(tc),
            (std::vector<std::string>{"arg0.npy", "arg1.npy", "arg2.npy",
                                      "arg3.npy", ""}));
  ASSERT_FALSE(static_cast<bool>(writeTestCase(tc, dir)));
  llvm::Expected<TestCase> back = readTestCase(dir, readProgramBytes);
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  for (size_t i = 0; i < 4; ++i) {
    ASSERT_NE(back->args[i].data, nullptr) << i;
    EXPECT_EQ(back->args[i].data->data, tc.args[i].data->data) << i;
  }
}

TEST_F(OracleTestCase, AHandBuiltCaseRewritesItsOwnDirectory) {
  // Arguments read from the directory written into, crosswise: every
  // file is read before any is written.
  ASSERT_FALSE(static_cast<bool>(writeNpy(path("arg0.npy"), *array(1))));
  ASSERT_FALSE(static_cast<bool>(writeNpy(path("arg1.npy"), *array(2))));
  TestCase tc;
  tc.text = kProgram;
  tc.entry = "k";
  tc.args = {{"@" + path("arg1.npy"), nullptr},
             {"@" + path("arg0.npy"), nullptr}};
  ASSERT_FALSE(static_cast<bool>(writeTestCase(tc, dir)));
  llvm::Expected<TestCase> back = readTestCase(dir, readProgramBytes);
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->args[0].data->data, array(2)->data);
  EXPECT_EQ(back->args[1].data->data, array(1)->data);
}

TEST_F(OracleTestCase, AnUnreadableInputOrProgramIsAnErrorNamingIt) {
  TestCase tc;
  tc.text = kProgram;
  tc.entry = "k";
  tc.args = {{"@in.npy", array(1)}};
  ASSERT_FALSE(static_cast<bool>(writeTestCase(tc, dir)));
  ASSERT_FALSE(llvm::sys::fs::remove(path("arg0.npy")));
  llvm::Expected<TestCase> missing = readTestCase(dir, readProgramBytes);
  ASSERT_FALSE(static_cast<bool>(missing));
  std::string message = llvm::toString(missing.takeError());
  EXPECT_NE(message.find("argument 0"), std::string::npos) << message;
  EXPECT_NE(message.find("arg0.npy"), std::string::npos) << message;

  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path("arg0.npy"), ec);
    os << "not a numpy file";
  }
  llvm::Expected<TestCase> garbage = readTestCase(dir, readProgramBytes);
  ASSERT_FALSE(static_cast<bool>(garbage));
  message = llvm::toString(garbage.takeError());
  EXPECT_NE(message.find("arg0.npy"), std::string::npos) << message;

  ASSERT_FALSE(llvm::sys::fs::remove(path("program.mlir")));
  llvm::Expected<TestCase> noProgram = readTestCase(dir, readProgramBytes);
  ASSERT_FALSE(static_cast<bool>(noProgram));
  message = llvm::toString(noProgram.takeError());
  EXPECT_NE(message.find("program.mlir"), std::string::npos) << message;
}

TEST_F(OracleTestCase, AFindingDirectorySuppliesItsConfiguration) {
  TestCase tc;
  tc.text = kProgram;
  tc.entry = "k";
  ASSERT_FALSE(static_cast<bool>(writeTestCase(tc, dir)));
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path("config.json"), ec);
    os << R"({"configuration": {"text": "sm_90,O3"}, "kind": "crash"})";
  }
  llvm::Expected<TestCase> back = readTestCase(dir, readProgramBytes);
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->config, "sm_90,O3");
  // Read through the manifest's path, the directory's files are not
  // consulted: the manifest is the whole case.
  back = readTestCase(path("manifest.json"), readProgramBytes);
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->config, "");
  // A manifest's own configuration wins.
  tc.config = "sm_80,O0";
  ASSERT_FALSE(static_cast<bool>(writeTestCase(tc, dir)));
  back = readTestCase(dir, readProgramBytes);
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->config, "sm_80,O0");
}

} // namespace
