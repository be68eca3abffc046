//===- GenPolicy.cpp - Policy presets, JSON and hashing -------------------===//
//
// Presets are written as deltas from the `full` defaults so that a new field
// automatically gets a sensible value in every preset. JSON reading is strict
// (unknown keys are errors) because a typo in a campaign's policy file would
// otherwise silently fall back to a default and waste a night of fuzzing.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Generators/GenPolicy.h"
#include "tilecheck/Support/Error.h"
#include "tilecheck/Support/Fnv1a.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>

using namespace llvm;

namespace tilecheck::gen {

namespace {

bool fieldFromJSON(const json::Value &v, unsigned &out) {
  std::optional<int64_t> i = v.getAsInteger();
  if (!i || *i < 0 || *i > 0xffffffffll)
    return false;
  out = static_cast<unsigned>(*i);
  return true;
}
// The other field types read as LLVM's JSON library reads them.
template <typename T> bool fieldFromJSON(const json::Value &v, T &out) {
  json::Path::Root root;
  return json::fromJSON(v, out, root);
}

// Canonical text of one field for hashing: doubles with 17 significant
// digits so that distinct values never collide and equal values always agree.
void canonical(raw_ostream &os, unsigned v) { os << v; }
void canonical(raw_ostream &os, int64_t v) { os << v; }
void canonical(raw_ostream &os, bool v) { os << (v ? "true" : "false"); }
void canonical(raw_ostream &os, double v) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.17g", v);
  os << buf;
}

// Float-heavy presets keep i32 (loop counters and indices only) and drop the
// other integer types.
void mostlyFloats(GenPolicy &p) {
  p.wI64 = p.wI16 = p.wI8 = 0;
  p.wI32 = 1;
  p.wIntArith = 1;
}

// Every float op exact: no transcendental math, no inexact division.
void onlyExactFloats(GenPolicy &p) {
  p.exactFloats = true;
  p.allowMath = false;
  p.wMath = 0;
}

// The presets aimed at MMA kernels: GEMM loops of exact floats and no edge
// values (their programs are the GPU runs' and tileiras hunt's).
void gemmKernels(GenPolicy &p, unsigned wGemm, unsigned maxMmaDim,
                 unsigned maxTileElems) {
  p.wEdge = 0;
  p.wGemm = wGemm;
  p.maxMmaDim = maxMmaDim;
  p.maxTileElems = maxTileElems;
  onlyExactFloats(p);
}

struct Preset {
  const char *name;
  void (*apply)(GenPolicy &p);
};

// New presets go last: fuzz inputs pick a preset by index.
const Preset kPresets[] = {
    {"ints",
     [](GenPolicy &p) {
       p.wF32 = p.wF16 = p.wBF16 = p.wF64 = 0;
       p.wFloatArith = p.wMath = 0;
       p.wRowNorm = 0;
       p.wIntArith = 12;
       p.wConvert = 3;
       // Forms with lowerings of their own that plain arithmetic seldom
       // reaches with operands of both signs and a stored result.
       p.wRareInt = 2;
       p.pSubByteCast = 0.3;
     }},
    {"floats-exact",
     [](GenPolicy &p) {
       mostlyFloats(p);
       onlyExactFloats(p);
       p.floatInputMag = 8;
       p.pSubByteCast = 0.2;
       p.pF4Store = 0.2;
     }},
    {"floats",
     [](GenPolicy &p) {
       mostlyFloats(p);
       p.wMath = 6;
       p.wRowNorm = 4;
       p.pSubByteCast = 0.2;
     }},
    {"memory",
     [](GenPolicy &p) {
       p.wLoad = 8;
       p.wPtrLoad = 6;
       p.wAtomic = 3;
       p.wStore = 5;
       p.pDynamicShape = 0.6;
       p.pTokens = 0.6;
       p.pPtrStore = 0.5;
       p.maxOutputs = 4;
       p.wMath = 0;
       p.pDimMap = 0.25;
       p.pReadBack = 0.4;
     }},
    {"control",
     [](GenPolicy &p) {
       p.wFor = 8;
       p.wLoop = 6;
       p.wIf = 8;
       p.maxDepth = 4;
       p.maxTrip = 6;
       p.maxBodyStmts = 4;
     }},
    {"mma",
     [](GenPolicy &p) {
       gemmKernels(p, /*wGemm=*/14, /*maxMmaDim=*/64, /*maxTileElems=*/2048);
       p.pF8HalfAcc = 0.5;
       p.pNarrowLoad = 0.5;
       p.pF4Mma = 0.5;
       p.pF4Load = 0.5;
       p.pF4Store = 0.2;
     }},
    {"full", [](GenPolicy &) {}},
    {"pipeline",
     [](GenPolicy &p) {
       // Loop bodies shaped like pipelined kernels: K-loops whose iteration
       // loads two operand pairs and runs two MMAs (enough ops, and a
       // WGMMA-class MMA on sm_90/sm_100, for seed 004's selector to pick the
       // cost-based scheduler), plus row reductions and softmax/layernorm
       // rows.
       gemmKernels(p, /*wGemm=*/24, /*maxMmaDim=*/32, /*maxTileElems=*/1024);
       p.pDualMma = 0.9;
       p.pReadBack = 0.3;
       p.minTrip = 2;
       p.maxTrip = 4;
       p.wRowNorm = 3;
       p.wReduce = 4;
       p.wFor = 4;
     }},
    {"tensorcore",
     [](GenPolicy &p) {
       // What NVIDIA's tileiras turns into TMA copies and tensor-core MMAs
       // (issue 21): GEMM K-loops over operands whose base pointers are
       // assumed 16-byte aligned, with M, N and K of 16 to 128 (every TMA
       // box row at least 32 bytes, shapes wgmma and tcgen05 take), f16/bf16/
       // f8/tf32 operands with f32 accumulators; exact, so a GPU's result
       // must equal the interpreter's bit for bit.
       gemmKernels(p, /*wGemm=*/20, /*maxMmaDim=*/128, /*maxTileElems=*/8192);
       p.pAlignedBase = 0.9;
       p.minMmaDim = 16;
       p.minTrip = 1;
       p.maxTrip = 3;
       p.maxGridX = 2;
       p.maxGridY = 2;
       p.pDynamicShape = 0.1;
       p.pPtrStore = 0.1;
       p.pOrdered = 0.1; // TMA takes weak loads and stores only
       p.pNarrowLoad = 0.5; // f8/tf32 GEMMs as kernels have them
       p.pF4Mma = 0.5;      // nvfp4/mxfp4 GEMMs (sm_100, sm_120)
       p.pF4Load = 0.5;     // their operands packed in memory
     }},
};

} // namespace

std::vector<std::string> presetNames() {
  std::vector<std::string> names;
  for (const Preset &preset : kPresets)
    names.push_back(preset.name);
  return names;
}

Expected<GenPolicy> presetPolicy(StringRef name) {
  for (const Preset &preset : kPresets) {
    if (name != preset.name)
      continue;
    GenPolicy p;
    p.name = preset.name;
    // Edge values everywhere but in the presets aimed at MMA kernels.
    p.wEdge = 2;
    preset.apply(p);
    return p;
  }
  std::string list;
  for (const Preset &preset : kPresets)
    list += (list.empty() ? "" : ", ") + std::string(preset.name);
  return makeError("unknown policy preset '" + name + "' (known: " + list +
                   ")");
}

json::Value GenPolicy::toJSON() const {
  json::Object obj;
  obj["name"] = name;
#define TILECHECK_GEN_POLICY_TOJSON(T, N, D, DOC) obj[#N] = N;
  TILECHECK_GEN_POLICY_FIELDS(TILECHECK_GEN_POLICY_TOJSON)
#undef TILECHECK_GEN_POLICY_TOJSON
  return json::Value(std::move(obj));
}

uint64_t GenPolicy::hash() const {
  std::string text;
  raw_string_ostream os(text);
  os << "name=" << name << ';';
#define TILECHECK_GEN_POLICY_HASH(T, N, D, DOC)                                \
  os << #N << '=';                                                             \
  canonical(os, N);                                                            \
  os << ';';
  TILECHECK_GEN_POLICY_FIELDS(TILECHECK_GEN_POLICY_HASH)
#undef TILECHECK_GEN_POLICY_HASH
  os.flush();
  return fnv1a(text);
}

Error GenPolicy::validate() const {
  auto fail = [](const Twine &msg) { return makeError(msg); };
  if (minStmts > maxStmts)
    return fail("policy: minStmts > maxStmts");
  if (minTrip > maxTrip || maxTrip > 64)
    return fail("policy: need minTrip <= maxTrip <= 64");
  if (maxGridX < 1 || maxGridY < 1 || maxGridX > 64 || maxGridY > 64)
    return fail("policy: grid limits must lie in [1, 64]");
  if (maxLog2Dim > 10 || maxTileElems < 1 || maxTileElems > (1u << 16))
    return fail("policy: maxLog2Dim <= 10 and maxTileElems in [1, 65536]");
  if (maxMmaDim < 1 || (maxMmaDim & (maxMmaDim - 1)) != 0 || maxMmaDim > 128)
    return fail("policy: maxMmaDim must be a power of two <= 128");
  if (minMmaDim < 4 || (minMmaDim & (minMmaDim - 1)) != 0 ||
      minMmaDim > maxMmaDim)
    return fail("policy: minMmaDim must be a power of two in [4, maxMmaDim]");
  if (maxOutputs < 1)
    return fail("policy: maxOutputs must be >= 1");
  if (intInputMin > intInputMax || intInputMin < -(1 << 20) ||
      intInputMax > (1 << 20))
    return fail("policy: integer inputs must lie in [-2^20, 2^20]");
  if (floatInputMag < 1 || floatInputMag > (1 << 10))
    return fail("policy: floatInputMag must lie in [1, 1024]");
  for (double prob :
       {pRank1,        pRank3,    pOverflowFlag, pRounding,    pFlushToZero,
        pDynamicShape, pTokens,   pAssume,       pPtrStore,    pOrdered,
        pDimMap,       pDualMma,  pAlignedBase,  pLongRow,     pF8HalfAcc,
        pNarrowLoad,   pReadBack, pF4Mma,        pSubByteCast, pF4Load,
        pF4Store})
    if (!(prob >= 0.0 && prob <= 1.0))
      return fail("policy: probabilities must lie in [0, 1]");
  if (wI32 + wI64 + wI16 + wI8 + wF32 + wF16 + wBF16 + wF64 == 0)
    return fail("policy: every dtype weight is zero");
  if (wI32 == 0)
    return fail("policy: wI32 must be > 0 (indices and counters are i32)");
  return Error::success();
}

Expected<GenPolicy> policyFromJSON(const json::Value &value) {
  const json::Object *obj = value.getAsObject();
  if (!obj)
    return makeError("policy JSON must be an object");
  std::string base = "full";
  if (const json::Value *b = obj->get("base")) {
    std::optional<StringRef> s = b->getAsString();
    if (!s)
      return makeError("policy 'base' must be a string");
    base = s->str();
  }
  Expected<GenPolicy> policy = presetPolicy(base);
  if (!policy)
    return policy.takeError();
  GenPolicy p = *policy;
  StringSet<> known = {"base", "name"};
#define TILECHECK_GEN_POLICY_KNOWN(T, N, D, DOC) known.insert(#N);
  TILECHECK_GEN_POLICY_FIELDS(TILECHECK_GEN_POLICY_KNOWN)
#undef TILECHECK_GEN_POLICY_KNOWN
  for (const auto &kv : *obj)
    if (!known.contains(kv.first.str()))
      return makeError("unknown policy field '" + kv.first + "'");
  if (const json::Value *n = obj->get("name")) {
    if (std::optional<StringRef> s = n->getAsString())
      p.name = s->str();
    else
      return makeError("policy 'name' must be a string");
  } else {
    p.name = base + "+custom";
  }
#define TILECHECK_GEN_POLICY_FROMJSON(T, N, D, DOC)                            \
  if (const json::Value *v = obj->get(#N))                                     \
    if (!fieldFromJSON(*v, p.N))                                               \
      return makeError("policy field '" #N "' has the wrong type");
  TILECHECK_GEN_POLICY_FIELDS(TILECHECK_GEN_POLICY_FROMJSON)
#undef TILECHECK_GEN_POLICY_FROMJSON
  if (Error err = p.validate())
    return std::move(err);
  return p;
}

Expected<GenPolicy> loadPolicy(StringRef nameOrPath) {
  if (!nameOrPath.ends_with(".json"))
    return presetPolicy(nameOrPath);
  ErrorOr<std::unique_ptr<MemoryBuffer>> buf =
      MemoryBuffer::getFile(nameOrPath);
  if (!buf)
    return makeError("cannot read policy file '" + nameOrPath +
                     "': " + buf.getError().message());
  Expected<json::Value> value = json::parse((*buf)->getBuffer());
  if (!value)
    return makeError(nameOrPath + ": " + toString(value.takeError()));
  return policyFromJSON(*value);
}

} // namespace tilecheck::gen
