//===- TestCase.cpp - One test case, in memory and on disk ----------------===//

#include "tilecheck/Oracle/TestCase.h"
#include "tilecheck/Support/Error.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace tilecheck::oracle {

namespace {

std::string joinPath(llvm::StringRef dir, llvm::StringRef name) {
  llvm::SmallString<256> p(dir);
  llvm::sys::path::append(p, name);
  return std::string(p);
}

/// The configuration a tile-diff finding directory records: config.json's
/// "configuration"."text", or a plain `config` file; empty when neither
/// exists.
llvm::Expected<std::string> findingConfig(llvm::StringRef dir) {
  std::string json = joinPath(dir, "config.json");
  if (llvm::sys::fs::exists(json)) {
    llvm::Expected<std::string> text = readProgramBytes(json);
    if (!text)
      return text.takeError();
    auto value = llvm::json::parse(*text);
    if (!value)
      return makeError("'" + json + "': " + llvm::toString(value.takeError()));
    const llvm::json::Object *cfg =
        value->getAsObject() ? value->getAsObject()->getObject("configuration")
                             : nullptr;
    std::optional<llvm::StringRef> t =
        cfg ? cfg->getString("text") : std::nullopt;
    if (!t)
      return makeError("'" + json + "' has no \"configuration\".\"text\"");
    return t->str();
  }
  std::string plain = joinPath(dir, "config");
  if (llvm::sys::fs::exists(plain)) {
    llvm::Expected<std::string> text = readProgramBytes(plain);
    if (!text)
      return text.takeError();
    return llvm::StringRef(*text).trim().str();
  }
  return std::string();
}

} // namespace

std::vector<std::string> TestCase::argForms() const {
  std::vector<std::string> forms;
  for (const TestArg &a : args)
    forms.push_back(a.form);
  return forms;
}

llvm::Error loadArgument(TestArg &arg, unsigned index) {
  if (!arg.isFile() || arg.data)
    return llvm::Error::success();
  llvm::Expected<NpyArray> array = readNpy(arg.file());
  if (!array)
    return makeError("argument " + llvm::Twine(index) + ": " +
                     llvm::toString(array.takeError()));
  arg.data = std::make_shared<const NpyArray>(std::move(*array));
  return llvm::Error::success();
}

llvm::Expected<std::string> readProgramBytes(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/false);
  if (!buffer)
    return makeError("cannot read '" + path +
                     "': " + buffer.getError().message());
  return (*buffer)->getBuffer().str();
}

llvm::Expected<TestCase> readTestCase(llvm::StringRef path,
                                      ProgramReader readProgram) {
  std::string manifestPath = path.str();
  bool isDirectory = llvm::sys::fs::is_directory(path);
  if (isDirectory)
    manifestPath = joinPath(path, "manifest.json");
  llvm::Expected<Manifest> manifest = readManifest(manifestPath);
  if (!manifest)
    return manifest.takeError();
  llvm::StringRef dir = llvm::sys::path::parent_path(manifestPath);

  TestCase tc;
  tc.name = manifestPath;
  llvm::Expected<std::string> text =
      readProgram(Manifest::resolve(dir, manifest->program));
  if (!text)
    return text.takeError();
  tc.text = std::move(*text);
  tc.entry = manifest->entry;
  tc.grid = manifest->grid;
  for (llvm::StringRef form : manifest->args) {
    TestArg arg;
    arg.form = form.consume_front("@") ? "@" + Manifest::resolve(dir, form)
                                       : form.str();
    if (llvm::Error e = loadArgument(arg, tc.args.size()))
      return makeError("manifest '" + manifestPath +
                       "': " + llvm::toString(std::move(e)));
    tc.args.push_back(std::move(arg));
  }
  tc.seed = manifest->seed;
  tc.policy = std::move(manifest->policy);
  tc.policyHash = std::move(manifest->policyHash);
  tc.config = std::move(manifest->config);
  tc.extra = std::move(manifest->extra);
  if (tc.config.empty() && isDirectory) {
    llvm::Expected<std::string> config = findingConfig(path);
    if (!config)
      return config.takeError();
    tc.config = std::move(*config);
  }
  return tc;
}

std::vector<std::string> writtenArgNames(const TestCase &tc) {
  std::vector<std::string> names(tc.args.size());
  for (size_t i = 0; i < tc.args.size(); ++i)
    if (tc.args[i].isFile())
      names[i] = "arg" + std::to_string(i) + ".npy";
  return names;
}

Manifest manifestFor(const TestCase &tc) {
  Manifest m;
  m.entry = tc.entry;
  m.grid = tc.grid;
  std::vector<std::string> names = writtenArgNames(tc);
  for (size_t i = 0; i < tc.args.size(); ++i)
    m.args.push_back(tc.args[i].isFile() ? "@" + names[i] : tc.args[i].form);
  m.seed = tc.seed;
  m.policy = tc.policy;
  m.policyHash = tc.policyHash;
  m.config = tc.config;
  m.extra = llvm::json::Object(tc.extra);
  return m;
}

llvm::Error writeTestCase(const TestCase &tc, llvm::StringRef dir,
                          bool writeArgFiles) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return makeError("cannot create '" + dir + "': " + ec.message());
  if (llvm::Error e = writeFileContents(joinPath(dir, "program.mlir"), tc.text))
    return e;
  if (writeArgFiles) {
    // Contents first, all of them: a hand-built case written into the
    // directory its files are in must not overwrite one before reading it.
    std::vector<TestArg> args = tc.args;
    for (auto [i, arg] : llvm::enumerate(args))
      if (llvm::Error e = loadArgument(arg, i))
        return e;
    std::vector<std::string> names = writtenArgNames(tc);
    for (size_t i = 0; i < args.size(); ++i)
      if (args[i].isFile())
        if (llvm::Error e = writeNpy(joinPath(dir, names[i]), *args[i].data))
          return e;
  }
  return writeFileContents(joinPath(dir, "manifest.json"),
                           manifestText(manifestFor(tc)));
}

} // namespace tilecheck::oracle
