//===- TestCase.cpp - Loading programs for the engine ---------------------===//
//
// ProgramCase loaders (Engine.h): tile-gen manifests, .mlir or .tileirbc
// files with an explicit launch, seed kernels with a launch header. Every
// "@" input file is read once, into the case.
//
//===----------------------------------------------------------------------===//

#include "EngineInternal.h"
#include "tilecheck/Fuzz/Engine.h"

#include "tilecheck/Bytecode/Bytecode.h"
#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"
#include "tilecheck/InitAll.h"
#include "tilecheck/Oracle/ElemType.h"
#include "tilecheck/Oracle/Manifest.h"
#include "tilecheck/Oracle/TileRun.h"
#include "tilecheck/Oracle/Value.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>

using namespace mlir;
using llvm::StringRef;
using namespace tilecheck;
using namespace tilecheck::fuzz;

//===----------------------------------------------------------------------===//
// Programs
//===----------------------------------------------------------------------===//

/// The program in `path` as cuda_tile text: a text file as it is, Tile IR
/// bytecode (.tileirbc, e.g. a cuTile Python export) printed with its
/// locations (di_loc included). Either way it must parse and verify here;
/// otherwise the input is an error naming the file and the reason, never a
/// program counted as checked.
static llvm::Expected<std::string> readProgramText(StringRef path) {
  auto file = llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (!file)
    return makeError("cannot read '" + path +
                     "': " + file.getError().message());
  DialectRegistry registry;
  tilecheck::registerAllDialects(registry);
  MLIRContext context(registry);
  std::string diagText;
  llvm::raw_string_ostream diagStream(diagText);
  bool isBytecode = bytecode::isBytecode((*file)->getBuffer());
  std::string original = (*file)->getBuffer().str();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagStream);
  OwningOpRef<ModuleOp> module =
      bytecode::readProgram(sourceMgr, &context, path);
  if (!module)
    return makeError("'" + path + "' is not a valid Tile IR program" +
                     (isBytecode ? " (bytecode)" : "") + ": " +
                     (diagText.empty() ? std::string("it does not verify")
                                       : StringRef(diagText).trim().str()));
  if (!isBytecode)
    return original;
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  module->print(os, flags);
  return text;
}

void tilecheck::fuzz::readArgumentFiles(ProgramCase &program) {
  program.argContents.assign(program.args.size(), nullptr);
  for (auto [i, arg] : llvm::enumerate(program.args)) {
    StringRef text(arg);
    if (!text.consume_front("@"))
      continue;
    llvm::Expected<oracle::NpyArray> array = oracle::readNpy(text);
    if (!array) {
      llvm::consumeError(array.takeError());
      continue;
    }
    program.argContents[i] =
        std::make_shared<const oracle::NpyArray>(std::move(*array));
  }
}

/// A case named `name` whose module is the program in `path`
/// (readProgramText); the launch is the caller's to fill.
static llvm::Expected<ProgramCase> caseFromProgram(StringRef name,
                                                   StringRef path) {
  auto text = readProgramText(path);
  if (!text)
    return text.takeError();
  ProgramCase program;
  program.name = name.str();
  program.text = std::move(*text);
  return program;
}

llvm::Expected<ProgramCase>
tilecheck::fuzz::loadManifestCase(StringRef manifestPath) {
  llvm::Expected<oracle::Manifest> manifest =
      oracle::readManifest(manifestPath);
  if (!manifest)
    return manifest.takeError();
  StringRef dir = llvm::sys::path::parent_path(manifestPath);
  llvm::Expected<ProgramCase> loaded = caseFromProgram(
      manifestPath, oracle::Manifest::resolve(dir, manifest->program));
  if (!loaded)
    return loaded.takeError();
  ProgramCase &program = *loaded;
  program.entry = manifest->entry;
  program.grid = manifest->grid;
  program.args = manifest->resolvedArgs(dir);
  // Generator provenance, when the manifest comes from tile-gen.
  program.seed = manifest->seed;
  program.policy = manifest->policy;
  program.policyHash = manifest->policyHash;
  readArgumentFiles(program);
  return loaded;
}

llvm::Expected<ProgramCase>
tilecheck::fuzz::loadFileCase(StringRef path, StringRef entry,
                              std::array<int64_t, 3> grid,
                              std::vector<std::string> args) {
  llvm::Expected<ProgramCase> loaded = caseFromProgram(path, path);
  if (!loaded)
    return loaded.takeError();
  ProgramCase &program = *loaded;
  program.entry = entry.ltrim('@').str();
  program.grid = grid;
  program.args = std::move(args);
  readArgumentFiles(program);
  return loaded;
}

llvm::Expected<ProgramCase> tilecheck::fuzz::loadSeedCase(StringRef path,
                                                          StringRef workDir) {
  llvm::Expected<ProgramCase> loaded = caseFromProgram(path, path);
  if (!loaded)
    return loaded.takeError();
  ProgramCase &program = *loaded;
  std::map<unsigned, std::string> args;
  bool sawEntry = false;
  // SplitMix64 seeded by the file name: the same seed file always gets the
  // same inputs.
  uint64_t state = 0x5eed;
  for (char c : llvm::sys::path::filename(path))
    state = state * 131 + static_cast<unsigned char>(c);
  auto next = [&] {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  };
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
      args[index] = fields[2].str();
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
      args[index] = ("zeros:" + dtype + ":" + shapeText).str();
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
    llvm::SmallString<256> file(workDir);
    llvm::sys::path::append(file, "arg" + std::to_string(index) + ".npy");
    if (llvm::Error e = oracle::writeNpy(file, array))
      return std::move(e);
    args[index] = ("@" + file).str();
  }
  if (!sawEntry)
    return makeError(path + " has no '// tilecheck: entry=@NAME grid=X,Y,Z' "
                            "launch header (give --entry, --grid and --arg)");
  for (auto [i, a] : llvm::enumerate(args)) {
    if (a.first != i)
      return makeError(path + ": the launch header has no arg" +
                       llvm::Twine(i));
    program.args.push_back(a.second);
  }
  readArgumentFiles(program);
  return loaded;
}
