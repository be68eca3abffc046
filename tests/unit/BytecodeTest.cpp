//===- BytecodeTest.cpp - bytecode table, round trips, hostile input ------===//
//
// Three kinds of checks on the Tile IR bytecode reader/writer:
//   * the frozen op table agrees with the registered cuda_tile ops (names,
//     attribute names, spec versions, unique opcodes), so a dialect change
//     that the format cannot express fails here first;
//   * every seed kernel in corpus/seeds round-trips text -> bytecode -> text
//     to the same printed module, for every version that can hold it;
//   * RapidCheck truncates and corrupts a valid bytecode file at random: the
//     reader must never crash, and must either fail with a diagnostic or
//     return a module (which the verifier may still reject); a module that
//     verifies must write and read back to the same module.
//
//===----------------------------------------------------------------------===//

#include "../../compiler/lib/Bytecode/Encoding.h"
#include "tilecheck/Bytecode/Bytecode.h"
#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

using namespace mlir;
namespace bc = tilecheck::bytecode;

namespace {

std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  auto ctx = std::make_unique<MLIRContext>(registry);
  ctx->loadAllAvailableDialects();
  return ctx;
}

std::string printOp(Operation *op) {
  std::string s;
  llvm::raw_string_ostream os(s);
  op->print(os);
  return llvm::StringRef(s).rtrim().str();
}

/// Writes the single cuda_tile.module of `text` as bytecode.
std::string encode(MLIRContext &ctx, llvm::StringRef text,
                   bc::Version version = bc::Version::newest()) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &ctx);
  EXPECT_TRUE(module);
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  EXPECT_TRUE(succeeded(bc::writeBytecode(module.get(), os, version)));
  return bytes;
}

TEST(BytecodeTable, MatchesRegisteredOps) {
  auto ctx = makeContext();
  llvm::DenseSet<uint32_t> opcodes;
  for (const bc::OpEncoding &enc : bc::allOpEncodings()) {
    SCOPED_TRACE(enc.name);
    EXPECT_TRUE(opcodes.insert(enc.opcode).second) << "duplicate opcode";
    std::optional<RegisteredOperationName> name =
        RegisteredOperationName::lookup("cuda_tile." + enc.name, ctx.get());
    ASSERT_TRUE(name) << "table op is not registered";
    llvm::DenseSet<llvm::StringRef> attrNames;
    for (StringAttr a : name->getAttributeNames())
      attrNames.insert(a.getValue());
    for (const bc::AttrField &a : enc.attrs) {
      // The producer string is a discardable module attribute here.
      if (enc.name == "module" && a.name == "producer")
        continue;
      EXPECT_TRUE(attrNames.contains(a.name))
          << "attribute '" << a.name << "' is not an attribute of the op";
    }
    // The op's spec version (from its ODS definition) is the table's.
    auto *dialect = ctx->getLoadedDialect<tilecheck::cuda_tile::CudaTileDialect>();
    std::optional<tilecheck::cuda_tile::SpecVersionNumber> v =
        dialect->lookupSpecVersion(name->getStringRef());
    ASSERT_TRUE(v);
    EXPECT_EQ(v->major, enc.since.major);
    EXPECT_EQ(v->minor, enc.since.minor);
    EXPECT_EQ(enc.attrSizedOperands,
              attrNames.contains("operandSegmentSizes") ||
                  name->hasTrait<OpTrait::AttrSizedOperandSegments>());
  }
  // 100 public ops; opcodes of the frozen table stay below 0x76.
  EXPECT_EQ(opcodes.size(), 100u);
  for (uint32_t op : opcodes)
    EXPECT_LT(op, 0x76u);
}

TEST(BytecodeVarint, ZigzagAndLeb128RoundTrip) {
  for (int64_t v : {int64_t(0), int64_t(1), int64_t(-1), int64_t(63),
                    int64_t(-64), int64_t(1) << 40, INT64_MIN, INT64_MAX}) {
    llvm::SmallVector<char> buf;
    bc::ByteWriter w(buf);
    w.svarint(v);
    w.varint(static_cast<uint64_t>(v));
    bc::ByteReader r(llvm::StringRef(buf.data(), buf.size()));
    int64_t s;
    uint64_t u;
    ASSERT_TRUE(r.svarint(s) && r.varint(u));
    EXPECT_EQ(s, v);
    EXPECT_EQ(u, static_cast<uint64_t>(v));
    EXPECT_TRUE(r.atEnd());
  }
  // An 11-byte varint is malformed.
  std::string bad(11, '\x80');
  bc::ByteReader r(bad);
  uint64_t u;
  EXPECT_FALSE(r.varint(u));
}

std::vector<std::string> seedFiles() {
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(TILECHECK_SEEDS_DIR, ec), end;
       it != end && !ec; it.increment(ec))
    if (llvm::StringRef(it->path()).ends_with(".mlir"))
      files.push_back(it->path());
  std::sort(files.begin(), files.end());
  return files;
}

TEST(BytecodeSeeds, EverySeedRoundTrips) {
  std::vector<std::string> files = seedFiles();
  ASSERT_FALSE(files.empty()) << "no seeds under " << TILECHECK_SEEDS_DIR;
  auto ctx = makeContext();
  for (const std::string &file : files) {
    SCOPED_TRACE(file);
    auto buffer = llvm::MemoryBuffer::getFile(file);
    ASSERT_TRUE(bool(buffer));
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>((*buffer)->getBuffer(), ctx.get());
    ASSERT_TRUE(module);
    Operation *tileModule = &module->getBody()->front();
    std::string before = printOp(tileModule);
    for (unsigned minor = 1; minor <= 3; ++minor) {
      SCOPED_TRACE("13." + std::to_string(minor));
      std::string bytes;
      llvm::raw_string_ostream os(bytes);
      // Seeds may use ops newer than old versions; those must be refused
      // cleanly, and the newest version must always succeed.
      ScopedDiagnosticHandler quiet(ctx.get(), [](Diagnostic &) {
        return success();
      });
      if (failed(bc::writeBytecode(module.get(), os, {13, uint8_t(minor), 0}))) {
        EXPECT_NE(minor, 3u) << "newest version must hold every seed";
        continue;
      }
      OwningOpRef<Operation *> back = bc::readBytecode(
          bytes, ctx.get(), UnknownLoc::get(ctx.get()));
      ASSERT_TRUE(back);
      ASSERT_TRUE(succeeded(verify(back.get())));
      back.get()->setAttr("sym_name", tileModule->getAttr("sym_name"));
      EXPECT_EQ(before, printOp(back.get()));
    }
  }
}

/// A kernel touching every section: globals, constants, types, strings,
/// regions, hints, predicates.
constexpr const char *kKernel = R"mlir(
cuda_tile.module @m {
  global @g <i32: [1, 2, 3, 4]> : tile<4xi32>
  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) optimization_hints=<sm_100 = {num_cta_in_cga = 2}> {
    %pa = assume div_by<16>, %p : tile<ptr<f32>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %tv = make_tensor_view %pa, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %t0 = make_token : token
    %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%t = %t0) -> (token) {
      %v, %t1 = load_view_tko weak %pv[%i] token = %t : partition_view<tile=(16), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
      %s = addf %v, %v rounding<zero> : tile<16xf32>
      %t2 = store_view_tko weak %s, %pv[%i] token = %t1 : tile<16xf32>, partition_view<tile=(16), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
      continue %t2 : token
    }
    return
  }
}
)mlir";

/// Reads `bytes`; returns whether a module came back. A failed read must
/// have reported at least one error. A module that reads and verifies must
/// be writable and read back to the same printed module.
bool readChecked(MLIRContext &ctx, llvm::StringRef bytes) {
  unsigned errors = 0;
  ScopedDiagnosticHandler count(&ctx, [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Error)
      ++errors;
    return success();
  });
  OwningOpRef<Operation *> module =
      bc::readBytecode(bytes, &ctx, UnknownLoc::get(&ctx));
  if (!module) {
    RC_ASSERT(errors > 0u);
    return false;
  }
  if (failed(verify(module.get()))) // May fail; must not crash.
    return true;
  std::string again;
  llvm::raw_string_ostream os(again);
  RC_ASSERT(succeeded(bc::writeBytecode(module.get(), os)));
  OwningOpRef<Operation *> back =
      bc::readBytecode(again, &ctx, UnknownLoc::get(&ctx));
  RC_ASSERT(bool(back));
  RC_ASSERT(printOp(module.get()) == printOp(back.get()));
  return true;
}

RC_GTEST_PROP(BytecodeRobustness, TruncationNeverCrashes, ()) {
  static auto ctx = makeContext();
  static const std::string bytes = encode(*ctx, kKernel);
  size_t cut = *rc::gen::inRange<size_t>(0, bytes.size());
  // Every strict prefix lacks the end section, so it must be rejected.
  RC_ASSERT(!readChecked(*ctx, llvm::StringRef(bytes).take_front(cut)));
}

RC_GTEST_PROP(BytecodeRobustness, CorruptionNeverCrashes, ()) {
  static auto ctx = makeContext();
  static const std::string bytes = encode(*ctx, kKernel);
  std::string mutated = bytes;
  size_t edits = *rc::gen::inRange<size_t>(1, 8);
  for (size_t i = 0; i < edits; ++i) {
    size_t at = *rc::gen::inRange<size_t>(0, mutated.size());
    mutated[at] = static_cast<char>(*rc::gen::arbitrary<uint8_t>());
  }
  (void)readChecked(*ctx, mutated);
}

TEST(BytecodeRobustness, UnmodifiedFileReads) {
  auto ctx = makeContext();
  std::string bytes = encode(*ctx, kKernel);
  EXPECT_TRUE(bc::isBytecode(bytes));
  OwningOpRef<Operation *> back =
      bc::readBytecode(bytes, ctx.get(), UnknownLoc::get(ctx.get()));
  ASSERT_TRUE(back);
  EXPECT_TRUE(succeeded(verify(back.get())));
}

} // namespace
