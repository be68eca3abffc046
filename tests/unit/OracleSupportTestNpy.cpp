//===- OracleSupportTestNpy.cpp - .npy reading and writing ----------------===//
//
// Unit tests for the .npy reader and writer: exact header bytes, versions
// 1.0/2.0/3.0, Fortran-order conversion, every rejection (bad magic,
// truncation, big-endian, object and structured dtypes, size mismatch) and
// the dtype mapping. RapidCheck properties: serialize/parse round trips, and
// random bytes or corruptions of a valid file never crash. When python3 with
// numpy is available, files are exchanged with numpy in both directions.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Oracle/Npy.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdlib>
#include <fstream>

using namespace tilecheck::oracle;

namespace {

std::vector<uint8_t> bytesOf(llvm::StringRef s) {
  return std::vector<uint8_t>(s.begin(), s.end());
}

/// A .npy image with the given version and header text (unpadded) and data.
std::vector<uint8_t> makeFile(unsigned major, llvm::StringRef header,
                              llvm::ArrayRef<uint8_t> data) {
  std::vector<uint8_t> out = bytesOf("\x93NUMPY");
  out.push_back(uint8_t(major));
  out.push_back(0);
  unsigned lenBytes = major == 1 ? 2 : 4;
  for (unsigned i = 0; i < lenBytes; ++i)
    out.push_back(uint8_t(header.size() >> (8 * i)));
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

std::string errorText(llvm::Expected<NpyArray> result) {
  if (result)
    return "<no error>";
  return llvm::toString(result.takeError());
}

TEST(OracleNpy, SerializeExactBytes) {
  NpyArray a{"<f4", {2, 3}, std::vector<uint8_t>(24, 0)};
  std::vector<uint8_t> bytes = serializeNpy(a);
  std::string header =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
  header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
  header += '\n';
  std::vector<uint8_t> expected = bytesOf("\x93NUMPY\x01");
  expected.push_back(0);
  expected.push_back(uint8_t(header.size()));
  expected.push_back(0);
  expected.insert(expected.end(), header.begin(), header.end());
  expected.insert(expected.end(), 24, 0);
  EXPECT_EQ(bytes, expected);

  NpyArray scalar{"<i8", {}, std::vector<uint8_t>(8, 1)};
  std::vector<uint8_t> sbytes = serializeNpy(scalar);
  std::string text(sbytes.begin(), sbytes.end());
  EXPECT_NE(text.find("'shape': (), }"), std::string::npos);
  NpyArray vec{"|u1", {5}, std::vector<uint8_t>(5, 1)};
  std::vector<uint8_t> v = serializeNpy(vec);
  std::string vtext(v.begin(), v.end());
  EXPECT_NE(vtext.find("'shape': (5,), }"), std::string::npos);
  EXPECT_EQ((v.size() - 5) % 64, 0u);
}

TEST(OracleNpy, ParsesVersionsAndSpellings) {
  std::vector<uint8_t> data = {1, 0, 2, 0, 3, 0};
  for (unsigned major : {1u, 2u, 3u}) {
    auto parsed = parseNpy(makeFile(
        major,
        "{\"shape\": (3L,), \"fortran_order\": False, \"descr\": \"=i2\"}",
        data));
    ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
    EXPECT_EQ(parsed->descr, "<i2");
    EXPECT_EQ(parsed->shape, std::vector<int64_t>{3});
    EXPECT_EQ(parsed->data, data);
    EXPECT_EQ(parsed->numElements(), 3);
  }
  auto scalar = parseNpy(
      makeFile(1, "{'descr': '<f8', 'fortran_order': False, 'shape': ()}\n",
               std::vector<uint8_t>(8, 0)));
  ASSERT_TRUE(bool(scalar));
  EXPECT_TRUE(scalar->shape.empty());
  EXPECT_EQ(scalar->numElements(), 1);
  auto empty = parseNpy(makeFile(
      1, "{'descr': '<u1', 'fortran_order': False, 'shape': (0, 7), }", {}));
  ASSERT_TRUE(bool(empty));
  EXPECT_EQ(empty->descr, "|u1");
  EXPECT_EQ(empty->numElements(), 0);
}

TEST(OracleNpy, FortranOrderIsConvertedToC) {
  // The 2x3 matrix [[0,1,2],[3,4,5]] stored column-major.
  auto parsed = parseNpy(
      makeFile(1, "{'descr': '|u1', 'fortran_order': True, 'shape': (2, 3), }",
               {0, 3, 1, 4, 2, 5}));
  ASSERT_TRUE(bool(parsed));
  EXPECT_EQ(parsed->data, (std::vector<uint8_t>{0, 1, 2, 3, 4, 5}));
  // 2x2x2 of 2-byte items: C element (i,j,k) is at Fortran i + 2j + 4k.
  std::vector<uint8_t> f(16);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      for (int k = 0; k < 2; ++k) {
        int c = i * 4 + j * 2 + k, fi = i + 2 * j + 4 * k;
        f[2 * fi] = uint8_t(c);
        f[2 * fi + 1] = uint8_t(0x80 | c);
      }
  auto cube = parseNpy(makeFile(
      1, "{'descr': '<u2', 'fortran_order': True, 'shape': (2, 2, 2), }", f));
  ASSERT_TRUE(bool(cube));
  for (int c = 0; c < 8; ++c) {
    EXPECT_EQ(cube->data[2 * c], c);
    EXPECT_EQ(cube->data[2 * c + 1], 0x80 | c);
  }
}

TEST(OracleNpy, Rejections) {
  auto header = [](llvm::StringRef descr, llvm::StringRef shape) {
    return ("{'descr': " + descr +
            ", 'fortran_order': False, 'shape': " + shape + ", }")
        .str();
  };
  std::vector<uint8_t> four(4, 0);
  EXPECT_NE(errorText(parseNpy(bytesOf("PK\x03\x04 not numpy"), "x.npy"))
                .find("x.npy: not a .npy file (bad magic)"),
            std::string::npos);
  EXPECT_NE(errorText(parseNpy(bytesOf("\x93NUM"))).find("bad magic"),
            std::string::npos);
  EXPECT_NE(errorText(parseNpy(bytesOf("\x93NUMPY\x01"))).find("truncated"),
            std::string::npos);
  std::vector<uint8_t> good = makeFile(1, header("'<f4'", "(1,)"), four);
  std::vector<uint8_t> cut(good.begin(), good.begin() + 20);
  EXPECT_NE(errorText(parseNpy(cut)).find("truncated"), std::string::npos);
  std::vector<uint8_t> shortData(good.begin(), good.end() - 1);
  EXPECT_NE(errorText(parseNpy(shortData)).find("does not match shape"),
            std::string::npos);
  std::vector<uint8_t> longData = good;
  longData.push_back(0);
  EXPECT_NE(errorText(parseNpy(longData)).find("does not match shape"),
            std::string::npos);
  // Headers with a descr or shape that is rejected, and the error's words.
  struct BadHeader {
    const char *descr, *shape, *error;
  };
  for (BadHeader h :
       {BadHeader{"'>f4'", "(1,)", "big-endian"},
        BadHeader{"'|O'", "(1,)", "object dtype"},
        BadHeader{"[('a', '<f4')]", "(1,)", "structured"},
        BadHeader{"'<c8'", "(1,)", "unsupported dtype"},
        BadHeader{"'<f4'", "(-1,)", "non-negative"},
        BadHeader{"'<f4'", "(4294967296, 4294967296, 4)", "too many elements"}})
    EXPECT_NE(errorText(parseNpy(makeFile(1, header(h.descr, h.shape), four)))
                  .find(h.error),
              std::string::npos)
        << h.descr << " " << h.shape;
  EXPECT_NE(
      errorText(parseNpy(makeFile(1, "{'descr': '<f4', 'shape': (1,)}", four)))
          .find("needs keys"),
      std::string::npos);
  EXPECT_NE(
      errorText(parseNpy(makeFile(1, header("'<f4'", "(1,)") + "{", four)))
          .find("malformed header"),
      std::string::npos);
  std::vector<uint8_t> v4 = good;
  v4[6] = 4;
  EXPECT_NE(errorText(parseNpy(v4)).find("version 4.0"), std::string::npos);
}

TEST(OracleNpy, FileErrorsNameThePath) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("oracle-npy", dir));
  std::string missing = (dir + "/missing.npy").str();
  std::string text = errorText(readNpy(missing));
  EXPECT_NE(text.find(missing), std::string::npos) << text;
  std::string bad = (dir + "/bad.npy").str();
  { std::ofstream(bad) << "garbage"; }
  text = errorText(readNpy(bad));
  EXPECT_NE(text.find(bad + ": not a .npy file"), std::string::npos) << text;
  NpyArray wrong{"<f4", {3}, std::vector<uint8_t>(5)};
  llvm::Error e = writeNpy((dir + "/w.npy").str(), wrong);
  ASSERT_TRUE(bool(e));
  text = llvm::toString(std::move(e));
  EXPECT_NE(text.find("w.npy: cannot write: data size 5"), std::string::npos)
      << text;
  NpyArray ok{"<i4", {2}, {1, 0, 0, 0, 2, 0, 0, 0}};
  std::string path = (dir + "/ok.npy").str();
  ASSERT_FALSE(bool(writeNpy(path, ok)));
  auto back = readNpy(path);
  ASSERT_TRUE(bool(back));
  EXPECT_EQ(back->data, ok.data);
  llvm::sys::fs::remove_directories(dir);
}

TEST(OracleNpy, HugeHeaderUsesVersion2) {
  NpyArray a{"<f8", std::vector<int64_t>(25000, 1), std::vector<uint8_t>(8, 7)};
  std::vector<uint8_t> bytes = serializeNpy(a);
  EXPECT_EQ(bytes[6], 2);
  auto back = parseNpy(bytes);
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->shape, a.shape);
  EXPECT_EQ(back->data, a.data);
  NpyArray small{"<f8", {1}, std::vector<uint8_t>(8, 7)};
  EXPECT_EQ(serializeNpy(small)[6], 1);
}

TEST(OracleNpy, DescrMapping) {
  EXPECT_EQ(npyDescrFor(ElemType::I1), "|b1");
  EXPECT_EQ(npyDescrFor(ElemType::I4), "|u1");
  EXPECT_EQ(npyDescrFor(ElemType::I8), "|i1");
  EXPECT_EQ(npyDescrFor(ElemType::I32), "<i4");
  EXPECT_EQ(npyDescrFor(ElemType::F16), "<f2");
  EXPECT_EQ(npyDescrFor(ElemType::BF16), "<u2");
  EXPECT_EQ(npyDescrFor(ElemType::TF32), "<u4");
  EXPECT_EQ(npyDescrFor(ElemType::F8E5M2), "|u1");
  EXPECT_EQ(npyDescrFor(ElemType::F4E2M1FN), "|u1");
  EXPECT_EQ(npyDescrFor(ElemType::F64), "<f8");
  EXPECT_EQ(npyDescrFor(ElemType::Ptr), "<u8");
  for (ElemType type : kAllElemTypes) {
    EXPECT_TRUE(npyDescrCompatible(npyDescrFor(type), type))
        << name(type).str();
    auto size = npyItemSize(npyDescrFor(type));
    ASSERT_TRUE(bool(size));
    EXPECT_EQ(*size, storageBytes(type));
  }
  struct Compat {
    const char *descr;
    ElemType type;
    bool compatible;
  };
  for (Compat c :
       {Compat{"<u4", ElemType::I32, true}, Compat{"=i4", ElemType::I32, true},
        Compat{"|u1", ElemType::I8, true}, Compat{"|u1", ElemType::I1, true},
        Compat{"<f4", ElemType::TF32, true},
        Compat{">i4", ElemType::I32, false},
        Compat{"<i8", ElemType::I32, false},
        Compat{"<f4", ElemType::I32, false},
        Compat{"<u4", ElemType::F32, false},
        Compat{"<f2", ElemType::BF16, false},
        Compat{"|b1", ElemType::I8, false},
        Compat{"garbage", ElemType::I8, false}})
    EXPECT_EQ(npyDescrCompatible(c.descr, c.type), c.compatible)
        << c.descr << " " << name(c.type).str();
}

const char *const kDescrs[] = {"|b1", "|i1", "|u1", "<i2", "<u2", "<i4",
                               "<u4", "<i8", "<u8", "<f2", "<f4", "<f8"};

rc::Gen<NpyArray> genArray() {
  return rc::gen::exec([] {
    NpyArray a;
    a.descr = *rc::gen::elementOf(
        std::vector<std::string>(std::begin(kDescrs), std::end(kDescrs)));
    size_t rank = *rc::gen::inRange<size_t>(0, 5);
    for (size_t i = 0; i < rank; ++i)
      a.shape.push_back(*rc::gen::inRange<int64_t>(0, 6));
    unsigned item = *npyItemSize(a.descr);
    a.data = *rc::gen::container<std::vector<uint8_t>>(
        size_t(a.numElements()) * item, rc::gen::arbitrary<uint8_t>());
    return a;
  });
}

RC_GTEST_PROP(OracleNpy, RoundTrip, ()) {
  NpyArray a = *genArray();
  std::vector<uint8_t> bytes = serializeNpy(a);
  RC_ASSERT(bytes.size() % 64 == a.data.size() % 64);
  auto back = parseNpy(bytes);
  RC_ASSERT(bool(back));
  RC_ASSERT(back->descr == a.descr);
  RC_ASSERT(back->shape == a.shape);
  RC_ASSERT(back->data == a.data);
}

/// The outcome of parsing arbitrary bytes must be an error or an array that
/// is internally consistent.
void checkParseIsSafe(const std::vector<uint8_t> &bytes) {
  auto parsed = parseNpy(bytes);
  if (!parsed) {
    RC_ASSERT(!llvm::toString(parsed.takeError()).empty());
    return;
  }
  RC_ASSERT(!bool(validateNpy(*parsed)));
}

RC_GTEST_PROP(OracleNpy, RandomBytesNeverCrash, ()) {
  auto bytes = *rc::gen::arbitrary<std::vector<uint8_t>>();
  checkParseIsSafe(bytes);
  // Also behind a valid magic and version, so the header parser is reached.
  std::string text = *rc::gen::container<std::string>(rc::gen::elementOf(
      std::string("{}()[],:'\" \n-+0123456789LTrueFalsNodscrpthi<|>=f48")));
  checkParseIsSafe(makeFile(*rc::gen::inRange(1, 4), text,
                            *rc::gen::arbitrary<std::vector<uint8_t>>()));
}

RC_GTEST_PROP(OracleNpy, TokenSoupHeadersNeverCrash, ()) {
  // Headers glued from the tokens of real headers reach deep into the dict
  // parser (wrong value types, missing or repeated keys, odd nesting).
  static const std::vector<std::string> tokens = {
      "{",       "}",
      "(",       ")",
      "[",       "]",
      ",",       ":",
      " ",       "'descr'",
      "'shape'", "'fortran_order'",
      "'<f4'",   "'|b1'",
      "'>i8'",   "'|O'",
      "\"<u2\"", "True",
      "False",   "None",
      "0",       "1",
      "3",       "-2",
      "7L",      "99999999999999999999",
      "'",       "\\",
      "\n",      "('a', '<f4')"};
  std::vector<std::string> parts =
      *rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(tokens));
  std::string text;
  for (const std::string &part : parts)
    text += part;
  size_t dataSize = *rc::gen::inRange<size_t>(0, 64);
  checkParseIsSafe(makeFile(*rc::gen::inRange(1, 4), text,
                            std::vector<uint8_t>(dataSize, 0x3c)));
}

RC_GTEST_PROP(OracleNpy, CorruptionsNeverCrash, ()) {
  std::vector<uint8_t> bytes = serializeNpy(*genArray());
  int edits = *rc::gen::inRange(1, 6);
  for (int i = 0; i < edits && !bytes.empty(); ++i) {
    size_t at = *rc::gen::inRange<size_t>(0, bytes.size());
    switch (*rc::gen::inRange(0, 4)) {
    case 0: // flip bits
      bytes[at] ^= *rc::gen::inRange<uint8_t>(1, 255);
      break;
    case 1: // truncate
      bytes.resize(at);
      break;
    case 2: // insert
      bytes.insert(bytes.begin() + at, *rc::gen::arbitrary<uint8_t>());
      break;
    case 3: // delete
      bytes.erase(bytes.begin() + at);
      break;
    }
  }
  checkParseIsSafe(bytes);
}

//===----------------------------------------------------------------------===//
// NumPy interoperability
//===----------------------------------------------------------------------===//

int runPython(const std::string &script, const std::string &dir) {
  std::string path = dir + "/script.py";
  { std::ofstream(path) << script; }
  std::string cmd = std::string(TILECHECK_PYTHON3) + " " + path + " " + dir +
                    " > " + dir + "/python.log 2>&1";
  return std::system(cmd.c_str());
}

/// Element \p i of the reference arrays both sides generate: (i * 37 + 5)
/// modulo 251, as the dtype (for floats also divided by 4).
constexpr const char *kCases[][2] = {
    {"f4", "()"},   {"f4", "(7,)"},      {"f8", "(2, 3, 4)"},
    {"f2", "(5,)"}, {"i4", "(3, 1, 2)"}, {"i8", "()"},
    {"u1", "(4,)"}, {"i1", "(2, 2, 2)"}, {"bool", "(6,)"},
    {"u2", "(3,)"},
};

TEST(OracleNpy, NumpyInterop) {
  if (std::system((std::string(TILECHECK_PYTHON3) +
                   " -c 'import numpy' > /dev/null 2>&1")
                      .c_str()) != 0)
    GTEST_SKIP() << "python3 (" TILECHECK_PYTHON3
                    ") cannot import numpy; NumPy interop not checked";
  llvm::SmallString<128> dirBuf;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("oracle-npy-np", dirBuf));
  std::string dir(dirBuf);

  std::string cases = "cases = [";
  for (auto &c : kCases)
    cases += std::string("('") + c[0] + "', " + c[1] + "), ";
  cases += "]\n";
  std::string common = "import sys, numpy as np\nd = sys.argv[1]\n" + cases +
                       "def ref(dt, shape):\n"
                       "  n = int(np.prod(shape))\n"
                       "  v = (np.arange(n) * 37 + 5) % 251\n"
                       "  if dt == 'bool': v = v % 2\n"
                       "  a = v.astype(dt).reshape(shape)\n"
                       "  if dt.startswith('f'): a = a / np.array(4, dt)\n"
                       "  return a\n";
  // numpy -> us (including Fortran-ordered and big-header-free files).
  ASSERT_EQ(runPython(common +
                          "for i, (dt, shape) in enumerate(cases):\n"
                          "  a = ref(dt, shape)\n"
                          "  np.save(f'{d}/np{i}.npy', a)\n"
                          "  np.save(f'{d}/npf{i}.npy', np.asfortranarray(a))\n"
                          "  a.tofile(f'{d}/raw{i}.bin')\n",
                      dir),
            0);
  for (size_t i = 0; i < std::size(kCases); ++i) {
    SCOPED_TRACE(std::string(kCases[i][0]) + " " + kCases[i][1]);
    std::vector<uint8_t> raw;
    {
      std::ifstream in(dir + "/raw" + std::to_string(i) + ".bin",
                       std::ios::binary);
      raw.assign(std::istreambuf_iterator<char>(in), {});
    }
    for (const char *prefix : {"/np", "/npf"}) {
      auto a = readNpy(dir + prefix + std::to_string(i) + ".npy");
      ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
      EXPECT_EQ(a->data, raw);
      EXPECT_EQ(serializeNpy(*a).size() % 64, a->data.size() % 64);
      // Write the C-order one back for numpy to check. (asfortranarray
      // turns a 0-d array into shape (1,), so only its data is compared.)
      if (llvm::StringRef(prefix) == "/np")
        ASSERT_FALSE(
            bool(writeNpy(dir + "/ours" + std::to_string(i) + ".npy", *a)));
    }
  }
  // us -> numpy.
  int rc =
      runPython(common + "for i, (dt, shape) in enumerate(cases):\n"
                         "  a = np.load(f'{d}/ours{i}.npy')\n"
                         "  r = ref(dt, shape)\n"
                         "  assert a.dtype == r.dtype, (i, a.dtype, r.dtype)\n"
                         "  assert a.shape == r.shape, (i, a.shape)\n"
                         "  assert (a == r).all(), i\n"
                         "print('ok')\n",
                dir);
  std::ifstream log(dir + "/python.log");
  std::string logText((std::istreambuf_iterator<char>(log)), {});
  EXPECT_EQ(rc, 0) << logText;
  llvm::sys::fs::remove_directories(dir);
}

} // namespace
