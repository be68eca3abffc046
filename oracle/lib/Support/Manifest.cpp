//===- Manifest.cpp - The one serialized form of a test case --------------===//

#include "tilecheck/Oracle/Manifest.h"
#include "tilecheck/Support/Error.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace tilecheck::oracle {

namespace {

llvm::Error failure(llvm::StringRef name, const llvm::Twine &what) {
  return makeError("manifest '" + name + "' " + what);
}

/// The keys this file reads into Manifest's fields; every other key goes
/// to `extra`.
bool isKnownKey(llvm::StringRef key) {
  return key == "schema_version" || key == "program" || key == "entry" ||
         key == "grid" || key == "args" || key == "seed" || key == "policy" ||
         key == "policy_hash" || key == "config";
}

} // namespace

std::string Manifest::resolve(llvm::StringRef manifestDir,
                              llvm::StringRef file) {
  if (llvm::sys::path::is_absolute(file) || manifestDir.empty())
    return file.str();
  llvm::SmallString<256> p(manifestDir);
  llvm::sys::path::append(p, file);
  return std::string(p);
}

llvm::Expected<Manifest> parseManifest(llvm::StringRef text,
                                       llvm::StringRef name) {
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(text);
  if (!json)
    return failure(name, "is not JSON: " + llvm::toString(json.takeError()));
  const llvm::json::Object *obj = json->getAsObject();
  if (!obj)
    return failure(name, "is not a JSON object");

  Manifest m;
  m.schemaVersion = 0;
  if (const llvm::json::Value *v = obj->get("schema_version")) {
    std::optional<int64_t> version = v->getAsInteger();
    if (!version || *version < 1)
      return failure(name, "has an invalid \"schema_version\"");
    if (*version > kManifestSchemaVersion)
      return failure(name, "has schema_version " + llvm::Twine(*version) +
                               "; this build reads versions up to " +
                               llvm::Twine(kManifestSchemaVersion));
    m.schemaVersion = *version;
  }
  std::optional<llvm::StringRef> program = obj->getString("program");
  if (!program || program->empty())
    return failure(name, "has no \"program\"");
  m.program = program->str();
  if (std::optional<llvm::StringRef> entry = obj->getString("entry"))
    m.entry = entry->ltrim('@').str();
  if (const llvm::json::Array *grid = obj->getArray("grid")) {
    if (grid->empty() || grid->size() > 3)
      return failure(name, "needs 1 to 3 numbers in \"grid\"");
    for (unsigned i = 0; i < grid->size(); ++i) {
      std::optional<int64_t> d = (*grid)[i].getAsInteger();
      if (!d || *d < 1)
        return failure(name, "needs positive integers in \"grid\"");
      m.grid[i] = *d;
    }
  }
  const llvm::json::Array *args = obj->getArray("args");
  if (!args)
    return failure(name, "has no \"args\" array");
  for (const llvm::json::Value &a : *args) {
    std::optional<llvm::StringRef> s = a.getAsString();
    if (!s)
      return failure(name, "has an argument that is not a string");
    m.args.push_back(s->str());
  }
  if (const llvm::json::Value *seed = obj->get("seed")) {
    std::optional<uint64_t> s = seed->getAsUINT64();
    if (!s)
      return failure(name, "has a \"seed\" that is not a whole number");
    m.seed = *s;
  }
  m.policy = obj->getString("policy").value_or("").str();
  m.policyHash = obj->getString("policy_hash").value_or("").str();
  m.config = obj->getString("config").value_or("").str();
  for (const auto &kv : *obj)
    if (!isKnownKey(kv.first))
      m.extra[kv.first] = kv.second;
  return m;
}

llvm::Expected<Manifest> readManifest(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return llvm::createStringError(buffer.getError(),
                                   "cannot read manifest '" + path +
                                       "': " + buffer.getError().message());
  return parseManifest((*buffer)->getBuffer(), path);
}

std::string manifestText(const Manifest &m) {
  llvm::json::Object obj(m.extra);
  obj["schema_version"] = kManifestSchemaVersion;
  obj["program"] = m.program;
  obj["entry"] = m.entry;
  obj["grid"] = llvm::json::Array{m.grid[0], m.grid[1], m.grid[2]};
  llvm::json::Array args;
  for (const std::string &a : m.args)
    args.push_back(a);
  obj["args"] = std::move(args);
  if (m.seed)
    obj["seed"] = *m.seed;
  if (!m.policy.empty())
    obj["policy"] = m.policy;
  if (!m.policyHash.empty())
    obj["policy_hash"] = m.policyHash;
  if (!m.config.empty())
    obj["config"] = m.config;
  return llvm::formatv("{0:2}\n", llvm::json::Value(std::move(obj))).str();
}

} // namespace tilecheck::oracle
