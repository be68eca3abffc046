//===- ReduceCase.cpp - Test cases of the reducer: load, clone, write -----===//
//
// A test case is the program (an owned module), its launch data in
// tile-run's manifest forms and the compiler configuration. Argument files
// are kept as bytes under their base names, so every candidate directory
// (and the final output) is self-contained and a dropped argument never
// renames the files of the others.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Fuzz/Reduce.h"
#include "tilecheck/Oracle/Manifest.h"
#include "tilecheck/Support/Error.h"

#include "tilecheck/Bytecode/Bytecode.h"
#include "tilecheck/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using llvm::StringRef;

namespace tilecheck::reduce {

namespace {

/// Parses program text or bytecode into a verified builtin module.
llvm::Expected<OwningOpRef<ModuleOp>>
parseProgram(MLIRContext &context, std::unique_ptr<llvm::MemoryBuffer> buffer,
             StringRef name) {
  std::string diagText;
  llvm::raw_string_ostream diagStream(diagText);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagStream);
  OwningOpRef<ModuleOp> module =
      bytecode::readProgram(sourceMgr, &context, name);
  if (!module)
    return makeError("cannot read program '" + name + "': " + diagText);
  return std::move(module);
}

} // namespace

TestCase TestCase::clone() const {
  TestCase tc;
  tc.module = OwningOpRef<ModuleOp>(cast<ModuleOp>(module.get()->clone()));
  tc.entry = entry;
  tc.grid = grid;
  tc.args = args;
  tc.config = config;
  tc.extra = llvm::json::Object(extra);
  tc.observed = observed;
  return tc;
}

std::string observedValuesKey(const TestCase &tc) {
  std::string key = printProgram(*tc.module);
  key += "\n" + tc.entry + "\n";
  for (int64_t d : tc.grid)
    key += std::to_string(d) + ",";
  for (const CaseArg &a : tc.args)
    key += "\n" + a.text;
  return key;
}

llvm::Expected<TestCase> loadTestCase(MLIRContext &context, StringRef path) {
  std::string manifestPath = path.str();
  std::string configFile, configJSON;
  if (llvm::sys::fs::is_directory(path)) {
    llvm::SmallString<256> p(path);
    llvm::sys::path::append(p, "manifest.json");
    manifestPath = std::string(p);
    llvm::SmallString<256> c(path);
    llvm::sys::path::append(c, "config");
    configFile = std::string(c);
    llvm::SmallString<256> j(path);
    llvm::sys::path::append(j, "config.json");
    configJSON = std::string(j);
  }
  llvm::Expected<oracle::Manifest> manifest =
      oracle::readManifest(manifestPath);
  if (!manifest)
    return manifest.takeError();
  StringRef dir = llvm::sys::path::parent_path(manifestPath);

  TestCase tc;
  std::string programPath = oracle::Manifest::resolve(dir, manifest->program);
  auto programBuffer = llvm::MemoryBuffer::getFile(programPath);
  if (!programBuffer)
    return makeError("cannot read '" + programPath +
                     "': " + programBuffer.getError().message());
  auto module = parseProgram(context, std::move(*programBuffer), programPath);
  if (!module)
    return module.takeError();
  tc.module = std::move(*module);
  tc.entry = manifest->entry;
  tc.grid = manifest->grid;
  for (StringRef s : manifest->args) {
    CaseArg arg;
    if (s.starts_with("@")) {
      std::string file = oracle::Manifest::resolve(dir, s.drop_front());
      auto bytes = llvm::MemoryBuffer::getFile(file, /*IsText=*/false);
      if (!bytes)
        return makeError("cannot read argument file '" + file +
                         "': " + bytes.getError().message());
      arg.text = "@" + llvm::sys::path::filename(file).str();
      arg.fileBytes.assign((*bytes)->getBufferStart(),
                           (*bytes)->getBufferEnd());
    } else {
      arg.text = s.str();
    }
    tc.args.push_back(std::move(arg));
  }
  // Two argument files with one base name (from different folders) would
  // overwrite each other in a candidate directory.
  llvm::StringSet<> names;
  for (CaseArg &arg : tc.args)
    if (arg.isFile() && !names.insert(arg.text).second)
      return makeError("manifest '" + manifestPath + "': two arguments read '" +
                       StringRef(arg.text).drop_front() +
                       "' from different files");

  if (!manifest->config.empty()) {
    tc.config = manifest->config;
  } else if (!configJSON.empty() && llvm::sys::fs::exists(configJSON)) {
    // tile-diff's finding: {"configuration": {"text": "sm_100,O2,..."}}.
    auto text = llvm::MemoryBuffer::getFile(configJSON);
    if (!text)
      return makeError("cannot read '" + configJSON + "'");
    auto cj = llvm::json::parse((*text)->getBuffer());
    if (!cj)
      return makeError("'" + configJSON +
                       "': " + llvm::toString(cj.takeError()));
    const llvm::json::Object *cfg =
        cj->getAsObject() ? cj->getAsObject()->getObject("configuration")
                          : nullptr;
    std::optional<StringRef> t = cfg ? cfg->getString("text") : std::nullopt;
    if (!t)
      return makeError("'" + configJSON +
                       "' has no \"configuration\".\"text\"");
    tc.config = t->str();
  } else if (!configFile.empty() && llvm::sys::fs::exists(configFile)) {
    auto text = llvm::MemoryBuffer::getFile(configFile);
    if (!text)
      return makeError("cannot read '" + configFile + "'");
    tc.config = (*text)->getBuffer().trim().str();
  }
  // Everything else the manifest says (generator provenance, keys of
  // other tools) is written back with the reduced case.
  tc.extra = std::move(manifest->extra);
  if (manifest->seed)
    tc.extra["seed"] = *manifest->seed;
  if (!manifest->policy.empty())
    tc.extra["policy"] = manifest->policy;
  if (!manifest->policyHash.empty())
    tc.extra["policy_hash"] = manifest->policyHash;
  return std::move(tc);
}

llvm::Expected<TestCase> parseTestCase(MLIRContext &context,
                                       StringRef programText, StringRef entry,
                                       std::array<int64_t, 3> grid,
                                       std::vector<CaseArg> args) {
  auto module = parseProgram(
      context, llvm::MemoryBuffer::getMemBufferCopy(programText, "program"),
      "program");
  if (!module)
    return module.takeError();
  TestCase tc;
  tc.module = std::move(*module);
  tc.entry = entry.str();
  tc.grid = grid;
  tc.args = std::move(args);
  return std::move(tc);
}

/// Programs are printed for files that tile-run, tile-diff and the
/// compiler parse: constants of more than 100 elements (value-to-const
/// makes them) keep their element lists instead of MLIR's hex form.
static OpPrintingFlags programPrintingFlags() {
  return OpPrintingFlags().assumeVerified().printLargeElementsAttrWithHex(-1);
}

std::string printProgram(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  // Without attributes of its own the builtin module is implicit: print
  // its ops, the way the programs are written.
  if (module->getAttrDictionary().empty()) {
    for (Operation &op : module.getBody()->getOperations()) {
      op.print(os, programPrintingFlags());
      os << "\n";
    }
    return text;
  }
  module->print(os, programPrintingFlags());
  os << "\n";
  return text;
}

unsigned countOps(ModuleOp module) {
  unsigned n = 0;
  module->walk([&](Operation *op) {
    if (!isa<ModuleOp, cuda_tile::ModuleOp>(op))
      ++n;
  });
  return n;
}

static llvm::Error writeFile(StringRef path, StringRef contents) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return makeError("cannot write '" + path + "': " + ec.message());
  os << contents;
  os.close();
  if (os.has_error())
    return makeError("cannot write '" + path + "'");
  return llvm::Error::success();
}

llvm::Error writeTestCase(const TestCase &tc, StringRef dir,
                          bool writeArgFiles) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return makeError("cannot create '" + dir + "': " + ec.message());
  auto join = [&](StringRef name) {
    llvm::SmallString<256> p(dir);
    llvm::sys::path::append(p, name);
    return std::string(p);
  };
  if (llvm::Error e = writeFile(join("program.mlir"), printProgram(*tc.module)))
    return e;
  oracle::Manifest manifest;
  manifest.extra = tc.extra;
  manifest.entry = tc.entry;
  manifest.grid = tc.grid;
  for (const CaseArg &arg : tc.args) {
    manifest.args.push_back(arg.text);
    if (writeArgFiles && arg.isFile())
      if (llvm::Error e =
              writeFile(join(StringRef(arg.text).drop_front()),
                        StringRef(arg.fileBytes.data(), arg.fileBytes.size())))
        return e;
  }
  manifest.config = tc.config;
  return writeFile(join("manifest.json"), oracle::manifestText(manifest));
}

} // namespace tilecheck::reduce
