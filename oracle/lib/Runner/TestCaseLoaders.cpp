//===- TestCaseLoaders.cpp - Test cases from files and command lines ------===//
//
// Test case loaders (TileRun.h, CommandLine.h): manifests, .mlir or
// .tileirbc files with an explicit launch, seed kernels with a launch
// header. Every "@" input file is read once, into the case; the program is
// read by readProgramText, so an unreadable or invalid one is an error,
// never a program checked.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Oracle/CommandLine.h"
#include "tilecheck/Oracle/ElemType.h"
#include "tilecheck/Oracle/TileRun.h"
#include "tilecheck/Oracle/Value.h"
#include "tilecheck/Support/Error.h"
#include "tilecheck/Support/SplitMix64.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Path.h"

#include <map>

using llvm::StringRef;
using namespace tilecheck;
using namespace tilecheck::oracle;

//===----------------------------------------------------------------------===//
// Programs
//===----------------------------------------------------------------------===//

/// A case named by `path` whose program is the one in `path`; the launch
/// is the caller's to fill.
static llvm::Expected<TestCase> caseFromProgram(StringRef path) {
  auto text = readProgramText(path);
  if (!text)
    return text.takeError();
  TestCase program;
  program.name = path.str();
  program.text = std::move(*text);
  return program;
}

llvm::Expected<TestCase>
tilecheck::oracle::loadManifestCase(StringRef manifestPath) {
  return readTestCase(manifestPath, readProgramText);
}

llvm::Expected<TestCase>
tilecheck::oracle::loadFileCase(StringRef path, StringRef entry,
                                std::array<int64_t, 3> grid,
                                std::vector<std::string> args) {
  llvm::Expected<TestCase> loaded = caseFromProgram(path);
  if (!loaded)
    return loaded.takeError();
  TestCase &program = *loaded;
  program.entry = entry.ltrim('@').str();
  program.grid = grid;
  for (auto [i, form] : llvm::enumerate(args)) {
    TestArg arg{std::move(form), nullptr};
    if (llvm::Error e = loadArgument(arg, i))
      return std::move(e);
    program.args.push_back(std::move(arg));
  }
  return loaded;
}

llvm::Expected<TestCase> tilecheck::oracle::loadSeedCase(StringRef path) {
  llvm::Expected<TestCase> loaded = caseFromProgram(path);
  if (!loaded)
    return loaded.takeError();
  TestCase &program = *loaded;
  std::map<unsigned, TestArg> args;
  bool sawEntry = false;
  // SplitMix64 seeded by the file name: the same seed file always gets the
  // same inputs.
  uint64_t state = 0x5eed;
  for (char c : llvm::sys::path::filename(path))
    state = state * 131 + static_cast<unsigned char>(c);
  tilecheck::SplitMix64 rng{state};
  auto next = [&] { return rng.next(); };
  llvm::SmallVector<StringRef> lines;
  StringRef(program.text).split(lines, '\n');
  for (StringRef line : lines) {
    line = line.trim();
    if (!line.consume_front("//"))
      continue;
    line = line.trim();
    if (!line.consume_front("tilecheck:"))
      continue;
    line = line.trim();
    auto bad = [&](const llvm::Twine &why) {
      return makeError(path + ": bad launch header '" + line + "': " + why);
    };
    if (line.starts_with("entry=")) {
      llvm::SmallVector<StringRef> fields;
      line.split(fields, ' ', -1, false);
      for (StringRef f : fields) {
        if (f.consume_front("entry="))
          program.entry = f.ltrim('@').str();
        else if (f.consume_front("grid=")) {
          llvm::SmallVector<StringRef> dims;
          f.split(dims, ',');
          if (dims.empty() || dims.size() > 3)
            return bad("grid needs 1 to 3 sizes");
          for (auto [i, d] : llvm::enumerate(dims))
            if (d.getAsInteger(10, program.grid[i]) || program.grid[i] < 1)
              return bad("bad grid");
        }
      }
      sawEntry = true;
      continue;
    }
    if (!line.consume_front("arg"))
      continue;
    unsigned index;
    if (line.consumeInteger(10, index))
      return bad("bad argument index");
    line = line.ltrim();
    if (!line.consume_front("="))
      return bad("expected '='");
    llvm::SmallVector<StringRef> fields;
    line.split(fields, ' ', -1, false);
    if (fields.size() == 3 && fields[0] == "scalar") {
      args[index].form = fields[2].str();
      continue;
    }
    if (fields.size() != 3 || fields[0] != "buffer")
      return bad("expected 'buffer DTYPE[SHAPE] in|out|inout' or 'scalar "
                 "DTYPE VALUE'");
    auto [dtype, rest] = fields[1].split('[');
    StringRef shapeText = rest.rtrim(']');
    std::optional<oracle::ElemType> type = oracle::parseElemType(dtype);
    if (!type)
      return bad("unknown element type '" + dtype + "'");
    if (fields[2] == "out") {
      args[index].form = ("zeros:" + dtype + ":" + shapeText).str();
      continue;
    }
    if (fields[2] != "in" && fields[2] != "inout")
      return bad("expected in, out or inout");
    oracle::NpyArray array;
    array.descr = oracle::npyDescrFor(*type);
    llvm::SmallVector<StringRef> dims;
    shapeText.split(dims, 'x');
    for (StringRef d : dims) {
      int64_t n;
      if (d.getAsInteger(10, n) || n < 0)
        return bad("bad shape");
      array.shape.push_back(n);
    }
    unsigned bytes = oracle::storageBytes(*type);
    array.data.assign(array.numElements() * bytes, 0);
    for (int64_t e = 0; e < array.numElements(); ++e) {
      uint8_t *p = array.data.data() + e * bytes;
      if (oracle::isFloat(*type)) {
        int k = static_cast<int>(next() % 17) - 8;
        llvm::APFloat v(static_cast<double>(k) / 4.0);
        bool lost;
        v.convert(*oracle::semantics(*type), llvm::APFloat::rmNearestTiesToEven,
                  &lost);
        oracle::storeFloat(*type, p, v);
      } else if (*type == oracle::ElemType::I1) {
        oracle::storeInt(*type, p, llvm::APInt(1, next() & 1));
      } else {
        unsigned width = oracle::bitWidth(*type);
        int64_t lo = -100, hi = 100;
        if (width < 8) {
          lo = -(int64_t(1) << (width - 1));
          hi = (int64_t(1) << (width - 1)) - 1;
        }
        int64_t v = lo + static_cast<int64_t>(next() % (hi - lo + 1));
        oracle::storeInt(*type, p,
                         llvm::APInt(width, static_cast<uint64_t>(v),
                                     /*isSigned=*/true));
      }
    }
    args[index].form = "@arg" + std::to_string(index) + ".npy";
    args[index].data =
        std::make_shared<const oracle::NpyArray>(std::move(array));
  }
  if (!sawEntry)
    return makeError(path + " has no '// tilecheck: entry=@NAME grid=X,Y,Z' "
                            "launch header (give --entry, --grid and --arg)");
  for (auto [i, a] : llvm::enumerate(args)) {
    if (a.first != i)
      return makeError(path + ": the launch header has no arg" +
                       llvm::Twine(i));
    program.args.push_back(std::move(a.second));
  }
  return loaded;
}

llvm::Expected<TestCase>
tilecheck::oracle::loadLaunch(const LaunchOptions &launch) {
  if (!launch.manifest.empty())
    return loadManifestCase(launch.manifest);
  if (launch.input.empty())
    return makeError("no input file (give FILE.mlir or --manifest)");
  // No launch on the command line: the file's seed launch header.
  if (!launch.hasExplicitLaunch())
    return loadSeedCase(launch.input);
  auto grid = parseGrid(launch.grid);
  if (!grid)
    return grid.takeError();
  return loadFileCase(
      launch.input, launch.entry, *grid,
      std::vector<std::string>(launch.args.begin(), launch.args.end()));
}
