//===- OracleSupportTestManifest.cpp - The test-case manifest -------------===//
//
// The one serialized form of a test case (Manifest.h): what is written
// reads back the same, manifests written before schema versions still
// load, newer ones are refused with a message, unknown keys survive.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Oracle/Manifest.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

using namespace tilecheck::oracle;

namespace {

std::string errorOf(llvm::Expected<Manifest> m) {
  if (m)
    return "";
  return llvm::toString(m.takeError());
}

TEST(OracleManifest, WrittenAtTheCurrentVersion) {
  Manifest m;
  m.entry = "k";
  m.args = {"@arg0.npy", "5"};
  std::string text = manifestText(m);
  EXPECT_NE(text.find("\"schema_version\": 1"), std::string::npos) << text;
  llvm::Expected<Manifest> back = parseManifest(text, "m.json");
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->schemaVersion, kManifestSchemaVersion);
}

TEST(OracleManifest, UnversionedManifestsStillLoad) {
  // As tile-gen, the findings store and tile-reduce wrote them before
  // versions (tests/Reduce/Inputs/manifest.json has this form).
  llvm::Expected<Manifest> m = parseManifest(
      R"({"program": "p.mlir", "entry": "@k", "grid": [2, 1, 1],
          "args": ["@a.npy", "zeros:i32:8"], "seed": 7, "policy": "ints",
          "policy_hash": "00ff", "load_mma_loop": false})",
      "old.json");
  ASSERT_TRUE(static_cast<bool>(m)) << llvm::toString(m.takeError());
  EXPECT_EQ(m->schemaVersion, 0);
  EXPECT_EQ(m->program, "p.mlir");
  EXPECT_EQ(m->entry, "k");
  EXPECT_EQ(m->grid, (std::array<int64_t, 3>{2, 1, 1}));
  EXPECT_EQ(m->args, (std::vector<std::string>{"@a.npy", "zeros:i32:8"}));
  EXPECT_EQ(m->seed, 7u);
  EXPECT_EQ(m->policy, "ints");
  EXPECT_EQ(m->policyHash, "00ff");
  ASSERT_NE(m->extra.get("load_mma_loop"), nullptr);
  // Rewritten, it gains the version and keeps the unknown key.
  std::string text = manifestText(*m);
  EXPECT_NE(text.find("\"schema_version\": 1"), std::string::npos) << text;
  EXPECT_NE(text.find("\"load_mma_loop\": false"), std::string::npos) << text;
}

TEST(OracleManifest, NewerVersionsAndBadFieldsAreRefused) {
  EXPECT_EQ(
      errorOf(parseManifest(
          R"({"schema_version": 2, "program": "p", "args": []})", "new.json")),
      "manifest 'new.json' has schema_version 2; this build reads "
      "versions up to 1");
  EXPECT_EQ(errorOf(parseManifest(R"({"args": []})", "a.json")),
            "manifest 'a.json' has no \"program\"");
  EXPECT_EQ(errorOf(parseManifest(R"({"program": "p"})", "b.json")),
            "manifest 'b.json' has no \"args\" array");
  EXPECT_EQ(errorOf(parseManifest(
                R"({"program": "p", "args": [], "grid": [0]})", "c.json")),
            "manifest 'c.json' needs positive integers in \"grid\"");
  EXPECT_EQ(
      errorOf(parseManifest(
          R"({"program": "p", "args": [], "grid": [1,1,1,1]})", "d.json")),
      "manifest 'd.json' needs 1 to 3 numbers in \"grid\"");
  EXPECT_EQ(
      errorOf(parseManifest(R"({"program": "p", "args": [3]})", "e.json")),
      "manifest 'e.json' has an argument that is not a string");
  EXPECT_NE(errorOf(parseManifest("[1]", "f.json")).find("not a JSON object"),
            std::string::npos);
  EXPECT_NE(errorOf(readManifest("/nonexistent/manifest.json"))
                .find("cannot read manifest '/nonexistent/manifest.json'"),
            std::string::npos);
}

TEST(OracleManifest, ResolvesRelativeToItsDirectory) {
  EXPECT_EQ(Manifest::resolve("/a/b", "p.mlir"), "/a/b/p.mlir");
  EXPECT_EQ(Manifest::resolve("/a/b", "/c/p.mlir"), "/c/p.mlir");
  EXPECT_EQ(Manifest::resolve("", "p.mlir"), "p.mlir");
}

/// Printable ASCII, quotes and backslashes included (JSON strings must be
/// valid UTF-8; the escapes are what can go wrong).
rc::Gen<std::string> text() {
  return rc::gen::container<std::string>(rc::gen::inRange<char>(32, 127));
}

RC_GTEST_PROP(OracleManifest, WriteThenReadIsTheIdentity, ()) {
  Manifest m;
  m.program = *rc::gen::nonEmpty(text());
  m.entry = *text();
  // An entry's leading '@' is not part of its name.
  RC_PRE(m.entry.empty() || m.entry[0] != '@');
  for (int64_t &d : m.grid)
    d = *rc::gen::inRange<int64_t>(1, 1 << 20);
  m.args = *rc::gen::container<std::vector<std::string>>(text());
  if (*rc::gen::arbitrary<bool>())
    m.seed = *rc::gen::arbitrary<uint64_t>();
  m.policy = *text();
  m.policyHash = *text();
  m.config = *text();
  llvm::Expected<Manifest> back = parseManifest(manifestText(m), "m.json");
  RC_ASSERT(static_cast<bool>(back));
  RC_ASSERT(back->schemaVersion == kManifestSchemaVersion);
  RC_ASSERT(back->program == m.program);
  RC_ASSERT(back->entry == m.entry);
  RC_ASSERT(back->grid == m.grid);
  RC_ASSERT(back->args == m.args);
  RC_ASSERT(back->seed == m.seed);
  RC_ASSERT(back->policy == m.policy);
  RC_ASSERT(back->policyHash == m.policyHash);
  RC_ASSERT(back->config == m.config);
}

} // namespace
