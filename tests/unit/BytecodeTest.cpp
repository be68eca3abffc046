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
//     verifies must write and read back to the same module;
//   * the debug section: its layout, built here by hand from the format's
//     description, is what the writer emits; hand-built malformed sections
//     (cycles, bad indices, entries of the wrong kind, deep chains, short
//     lists) are rejected with their diagnostics.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Bytecode/Bytecode.h"
#include "../../compiler/lib/Bytecode/Encoding.h"
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

#include <map>
#include <memory>

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

std::string printOp(Operation *op, bool debugInfo = false) {
  std::string s;
  llvm::raw_string_ostream os(s);
  OpPrintingFlags flags;
  if (debugInfo)
    flags.enableDebugInfo().useLocalScope();
  op->print(os, flags);
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
    auto *dialect =
        ctx->getLoadedDialect<tilecheck::cuda_tile::CudaTileDialect>();
    std::optional<tilecheck::cuda_tile::SpecVersionNumber> v =
        dialect->lookupSpecVersion(name->getStringRef());
    ASSERT_TRUE(v);
    EXPECT_EQ(v->major, enc.since.major);
    EXPECT_EQ(v->minor, enc.since.minor);
    EXPECT_EQ(enc.attrSizedOperands,
              attrNames.contains("operandSegmentSizes") ||
                  name->hasTrait<OpTrait::AttrSizedOperandSegments>());
  }
  // 100 public ops; opcodes of the frozen table stay below 0x76. Builds
  // with the test-only versions add the two testing ops of 250.x.
  unsigned testing = bc::Version::testingVersions().empty() ? 0 : 2;
  EXPECT_EQ(opcodes.size(), 100u + testing);
  unsigned publicOps = 0;
  for (const bc::OpEncoding &enc : bc::allOpEncodings()) {
    if (enc.since.major == 250) {
      EXPECT_TRUE(llvm::StringRef(enc.name).starts_with("testing$"));
      continue;
    }
    ++publicOps;
    EXPECT_LT(enc.opcode, 0x76u);
  }
  EXPECT_EQ(publicOps, 100u);
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
      ScopedDiagnosticHandler quiet(ctx.get(),
                                    [](Diagnostic &) { return success(); });
      if (failed(
              bc::writeBytecode(module.get(), os, {13, uint8_t(minor), 0}))) {
        EXPECT_NE(minor, 3u) << "newest version must hold every seed";
        continue;
      }
      OwningOpRef<Operation *> back =
          bc::readBytecode(bytes, ctx.get(), UnknownLoc::get(ctx.get()));
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
  RC_ASSERT(printOp(module.get(), /*debugInfo=*/true) ==
            printOp(back.get(), /*debugInfo=*/true));
  return true;
}

/// A kernel's bytecode and the context that reads it back.
struct Encoded {
  std::unique_ptr<MLIRContext> ctx = makeContext();
  std::string bytes;
  explicit Encoded(const char *kernel) : bytes(encode(*ctx, kernel)) {}
};

/// `kernel` encoded on first use: the properties run many times.
const Encoded &encoded(const char *kernel) {
  static std::map<const char *, std::unique_ptr<Encoded>> cache;
  std::unique_ptr<Encoded> &e = cache[kernel];
  if (!e)
    e = std::make_unique<Encoded>(kernel);
  return *e;
}

/// Reads a random strict prefix of `kernel`'s bytecode: it lacks the end
/// section, so it must be rejected.
void checkTruncated(const char *kernel) {
  const Encoded &e = encoded(kernel);
  size_t cut = *rc::gen::inRange<size_t>(0, e.bytes.size());
  RC_ASSERT(!readChecked(*e.ctx, llvm::StringRef(e.bytes).take_front(cut)));
}

/// Reads `kernel`'s bytecode with 1 to 7 random bytes overwritten: it must
/// not crash.
void checkCorrupted(const char *kernel) {
  const Encoded &e = encoded(kernel);
  std::string mutated = e.bytes;
  size_t edits = *rc::gen::inRange<size_t>(1, 8);
  for (size_t i = 0; i < edits; ++i) {
    size_t at = *rc::gen::inRange<size_t>(0, mutated.size());
    mutated[at] = static_cast<char>(*rc::gen::arbitrary<uint8_t>());
  }
  (void)readChecked(*e.ctx, mutated);
}

RC_GTEST_PROP(BytecodeRobustness, TruncationNeverCrashes, ()) {
  checkTruncated(kKernel);
}

RC_GTEST_PROP(BytecodeRobustness, CorruptionNeverCrashes, ()) {
  checkCorrupted(kKernel);
}

/// A kernel with a debug section: scopes, nested blocks, a call site and an
/// unknown location, in a region.
constexpr const char *kDebugKernel = R"mlir(
#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #cu, scopeLine = 2>
#blk = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 3, column = 5>
cuda_tile.module @m {
  entry @k(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32> loc(#cuda_tile.di_loc<loc("k.py":2:3) in #sp>)
    %c1 = constant <i32: 1> : tile<i32> loc(unknown)
    %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%a = %c0) -> (tile<i32>) {
      %s = addi %a, %i : tile<i32> loc(callsite(#cuda_tile.di_loc<loc("h.py":9:1) in #sp> at #cuda_tile.di_loc<loc("k.py":4:7) in #blk>))
      continue %s : tile<i32> loc(#cuda_tile.di_loc<loc("k.py":4:7) in #blk>)
    } loc(#cuda_tile.di_loc<loc("k.py":3:5) in #blk>)
    return loc(#cuda_tile.di_loc<loc("k.py":5:3) in #sp>)
  } loc(#cuda_tile.di_loc<loc("k.py":1:1) in #sp>)
}
)mlir";

RC_GTEST_PROP(BytecodeRobustness, DebugTruncationNeverCrashes, ()) {
  checkTruncated(kDebugKernel);
}

RC_GTEST_PROP(BytecodeRobustness, DebugCorruptionNeverCrashes, ()) {
  checkCorrupted(kDebugKernel);
}

/// A file cut into its header and its sections (id, alignment, body).
struct Sections {
  std::string header;
  struct Section {
    uint8_t id;
    uint64_t alignment;
    std::string body;
  };
  std::vector<Section> sections;

  static Sections split(llvm::StringRef file) {
    Sections out;
    out.header = file.take_front(12).str();
    bc::ByteReader r(file);
    llvm::StringRef skipped;
    EXPECT_TRUE(r.bytes(12, skipped));
    while (true) {
      uint8_t idByte;
      EXPECT_TRUE(r.byte(idByte));
      if (idByte == 0)
        break;
      uint64_t length, alignment = 1;
      EXPECT_TRUE(r.varint(length));
      if (idByte & 0x80) {
        EXPECT_TRUE(r.varint(alignment));
        EXPECT_TRUE(r.align(alignment));
      }
      llvm::StringRef body;
      EXPECT_TRUE(r.bytes(length, body));
      out.sections.push_back({uint8_t(idByte & 0x7F), alignment, body.str()});
    }
    return out;
  }

  Section *find(bc::Section id) {
    for (Section &s : sections)
      if (s.id == static_cast<uint8_t>(id))
        return &s;
    return nullptr;
  }

  std::string join() const {
    std::string file = header;
    for (const Section &s : sections) {
      llvm::SmallVector<char> head;
      bc::ByteWriter h(head);
      h.byte(s.id | (s.alignment > 1 ? 0x80 : 0));
      h.varint(s.body.size());
      if (s.alignment > 1)
        h.varint(s.alignment);
      file.append(head.begin(), head.end());
      while (file.size() % s.alignment)
        file.push_back(static_cast<char>(bc::kPaddingByte));
      file += s.body;
    }
    file.push_back(0);
    return file;
  }
};

/// A debug section body as the format describes it: the list count, 4-byte
/// aligned 32-bit list offsets, the index count, 8-byte aligned 64-bit
/// indices, the entry count, 4-byte aligned 32-bit entry offsets, entries.
std::string debugSection(const std::vector<std::vector<uint64_t>> &lists,
                         const std::vector<std::string> &entries) {
  llvm::SmallVector<char> out;
  bc::ByteWriter w(out);
  w.varint(lists.size());
  w.align(4);
  uint32_t total = 0;
  for (const auto &list : lists) {
    w.le<uint32_t>(total);
    total += list.size();
  }
  w.varint(total);
  w.align(8);
  for (const auto &list : lists)
    for (uint64_t index : list)
      w.le<uint64_t>(index);
  w.varint(entries.size());
  w.align(4);
  uint32_t offset = 0;
  for (const std::string &entry : entries) {
    w.le<uint32_t>(offset);
    offset += entry.size();
  }
  for (const std::string &entry : entries)
    w.bytes(entry);
  return std::string(out.begin(), out.end());
}

/// One debug entry: a tag and varint fields.
std::string entry(bc::DebugTag tag, std::initializer_list<uint64_t> fields) {
  llvm::SmallVector<char> out;
  bc::ByteWriter w(out);
  w.varint(static_cast<uint8_t>(tag));
  for (uint64_t f : fields)
    w.varint(f);
  return std::string(out.begin(), out.end());
}

/// The index of `s` in the file's string table.
uint64_t stringIndex(Sections &file, llvm::StringRef s) {
  Sections::Section *strings = file.find(bc::Section::String);
  EXPECT_TRUE(strings);
  bc::ByteReader r(strings->body);
  uint64_t n;
  EXPECT_TRUE(r.varint(n));
  EXPECT_TRUE(r.align(4));
  std::vector<uint32_t> offsets(n);
  for (uint32_t &o : offsets)
    EXPECT_TRUE(r.le(o));
  llvm::StringRef data = llvm::StringRef(strings->body).substr(r.offset());
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t end = i + 1 < n ? offsets[i + 1] : data.size();
    if (data.slice(offsets[i], end) == s)
      return i;
  }
  ADD_FAILURE() << "string not in the table: " << s.str();
  return 0;
}

/// A kernel with one op: debug lists name the entry's location, then the
/// return's.
constexpr const char *kSmallDebugKernel = R"mlir(
#file = #cuda_tile.di_file<"a.py" in "/d">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 7, name = "k", linkageName = "k", compileUnit = #cu>
cuda_tile.module @m {
  entry @k() {
    return loc(#cuda_tile.di_loc<loc("a.py":8:2) in #sp>)
  } loc(#cuda_tile.di_loc<loc("a.py":7:1) in #sp>)
}
)mlir";

/// Replaces the debug section of the small kernel and reads the file;
/// returns the first error (empty when the read succeeded).
std::string readWithDebug(MLIRContext &ctx, const std::string &section,
                          OwningOpRef<Operation *> *read = nullptr) {
  Sections file = Sections::split(encode(ctx, kSmallDebugKernel));
  file.find(bc::Section::Debug)->body = section;
  std::string firstError;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Error && firstError.empty())
      firstError = d.str();
    return success();
  });
  OwningOpRef<Operation *> module =
      bc::readBytecode(file.join(), &ctx, UnknownLoc::get(&ctx));
  EXPECT_EQ(bool(module), firstError.empty());
  if (read)
    *read = std::move(module);
  return firstError;
}

/// The small kernel's file, and the indices of the strings its debug
/// entries use.
class BytecodeDebugInfo : public ::testing::Test {
protected:
  using T = bc::DebugTag;

  std::unique_ptr<MLIRContext> ctx = makeContext();
  Sections file = Sections::split(encode(*ctx, kSmallDebugKernel));
  uint64_t aPy = stringIndex(file, "a.py"), dir = stringIndex(file, "/d"),
           k = stringIndex(file, "k");

  /// Expects the small kernel with debug section `section` to be rejected
  /// with an error that contains `error`.
  void expectRejected(const std::string &section, llvm::StringRef error) {
    std::string got = readWithDebug(*ctx, section);
    EXPECT_NE(got.find(error.str()), std::string::npos) << got;
  }
};

TEST_F(BytecodeDebugInfo, WriterLayoutMatchesTheFormat) {
  Sections::Section *debug = file.find(bc::Section::Debug);
  ASSERT_TRUE(debug);
  EXPECT_EQ(debug->alignment, 8u);
  // Entries in first-use order, dependencies first: the function's location
  // needs its subprogram, which needs the file and the compile unit.
  std::vector<std::string> entries = {
      entry(T::File, {aPy, dir}),               // 1
      entry(T::CompileUnit, {1}),               // 2
      entry(T::Subprogram, {1, 7, k, k, 2, 0}), // 3
      entry(T::Loc, {3, aPy, 7, 1}),            // 4: the entry
      entry(T::Loc, {3, aPy, 8, 2}),            // 5: the return
  };
  EXPECT_EQ(debug->body, debugSection({{4, 5}}, entries));
  // The section sits between the constants' place and the types.
  std::vector<uint8_t> order;
  for (const Sections::Section &s : file.sections)
    order.push_back(s.id);
  EXPECT_EQ(order, (std::vector<uint8_t>{2, 3, 5, 1}));
}

TEST_F(BytecodeDebugInfo, HandBuiltSectionReads) {
  // Entries in another order than the writer's (a use before its
  // definition), a lexical block, a call site, and index 0 for the return.
  std::vector<std::string> entries = {
      entry(T::CallSite, {5, 5}),               // 1
      entry(T::Subprogram, {3, 7, k, k, 4, 9}), // 2
      entry(T::File, {aPy, dir}),               // 3
      entry(T::CompileUnit, {3}),               // 4
      entry(T::Loc, {6, aPy, 7, 1}),            // 5
      entry(T::LexicalBlock, {2, 3, 11, 0}),    // 6
  };
  OwningOpRef<Operation *> module;
  ASSERT_EQ(readWithDebug(*ctx, debugSection({{1, 0}}, entries), &module), "");
  namespace ct = tilecheck::cuda_tile;
  Operation *kernel = &module.get()->getRegion(0).front().front();
  Operation *ret = &kernel->getRegion(0).front().front();
  EXPECT_TRUE(isa<UnknownLoc>(ret->getLoc()));
  auto site = dyn_cast<CallSiteLoc>(kernel->getLoc());
  ASSERT_TRUE(site);
  EXPECT_EQ(site.getCallee(), site.getCaller());
  auto loc = dyn_cast<ct::DILocAttr>(site.getCallee());
  ASSERT_TRUE(loc);
  EXPECT_EQ(loc.getSourceLoc().getFilename(), "a.py");
  EXPECT_EQ(loc.getSourceLoc().getLine(), 7u);
  EXPECT_EQ(loc.getSourceLoc().getColumn(), 1u);
  auto block = dyn_cast<ct::DILexicalBlockAttr>(loc.getScope());
  ASSERT_TRUE(block);
  EXPECT_EQ(block.getLine(), 11u);
  EXPECT_EQ(block.getColumn(), 0u);
  auto sub = dyn_cast<ct::DISubprogramAttr>(block.getScope());
  ASSERT_TRUE(sub);
  EXPECT_EQ(sub.getScopeLine(), 9u);
  EXPECT_EQ(sub.getFile(), block.getFile());
  EXPECT_EQ(sub.getCompileUnit().getFile(), sub.getFile());
  EXPECT_EQ(sub.getFile().getDirectory(), "/d");
}

TEST_F(BytecodeDebugInfo, MalformedSectionsAreRejected) {
  std::string fileEntry = entry(T::File, {aPy, dir});
  auto sp = [&](uint64_t fileIdx, uint64_t cuIdx) {
    return entry(T::Subprogram, {fileIdx, 7, k, k, cuIdx, 0});
  };

  // An entry that needs itself.
  expectRejected(
      debugSection({{2, 2}}, {fileEntry, entry(T::Loc, {3, aPy, 1, 1}),
                              entry(T::LexicalBlock, {3, 1, 1, 1})}),
      "refers to itself");
  // Indices past the entries, in a list and inside an entry.
  expectRejected(debugSection({{9, 9}}, {fileEntry}),
                 "debug info index 9 out of range (1 entries)");
  expectRejected(
      debugSection({{2, 2}}, {fileEntry, entry(T::Loc, {7, aPy, 1, 1})}),
      "debug info index 7 out of range");
  // An entry of the wrong kind: a file as a location, a file as a scope.
  expectRejected(debugSection({{1, 1}}, {fileEntry}),
                 "debug info entry 1 is not a location: file");
  expectRejected(
      debugSection({{2, 2}}, {fileEntry, entry(T::Loc, {1, aPy, 1, 1})}),
      "debug info entry 1 is not a local scope: file");
  // An unknown tag, and an entry cut short.
  expectRejected(debugSection({{1, 1}}, {entry(T(42), {})}),
                 "unknown debug info tag 42");
  expectRejected(debugSection({{4, 4}}, {fileEntry, entry(T::CompileUnit, {1}),
                                         sp(1, 2), entry(T::Loc, {3, aPy})}),
                 "malformed debug info line");
  // A list too short for the function's ops, and a list offset past the
  // indices.
  std::vector<std::string> good = {fileEntry, entry(T::CompileUnit, {1}),
                                   sp(1, 2), entry(T::Loc, {3, aPy, 7, 1})};
  expectRejected(debugSection({{4}}, good),
                 "no location left for the next operation");
  std::string shifted = debugSection({{4, 4}}, good);
  shifted[4] = 7; // The first list offset, after the count and padding.
  expectRejected(shifted, "no location left for the next operation");
  // Counts larger than the section.
  expectRejected(std::string("\x7f", 1), "malformed debug section");
}

TEST_F(BytecodeDebugInfo, DeepScopeChainsAreBounded) {
  // 1 file, 2 unit, 3 subprogram, 4 the location, then 100000 lexical
  // blocks each inside the next; the last one is inside the subprogram.
  constexpr uint64_t kBlocks = 100000;
  std::vector<std::string> entries = {
      entry(T::File, {aPy, dir}), entry(T::CompileUnit, {1}),
      entry(T::Subprogram, {1, 7, k, k, 2, 0}), entry(T::Loc, {5, aPy, 1, 1})};
  for (uint64_t i = 0; i < kBlocks; ++i) {
    uint64_t self = 5 + i;
    uint64_t scope = i + 1 < kBlocks ? self + 1 : 3;
    entries.push_back(entry(T::LexicalBlock, {scope, 1, 1, 0}));
  }
  expectRejected(debugSection({{4, 4}}, entries),
                 "debug info nested too deeply");
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
