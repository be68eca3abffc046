//===- tile-gen.cpp - Write random UB-free cuda_tile test cases -----------===//
//
// tile-gen --seed N [--count K] [--policy NAME|FILE.json] -o DIR
//
// Writes DIR/<seed>/{program.mlir,manifest.json,argN.npy} for seeds N ..
// N+K-1; `tile-run --manifest DIR/<seed>/manifest.json` runs one. A thin
// wrapper over the TilecheckGenerators library.
//
//===----------------------------------------------------------------------===//

#include "tilecheck/Generators/Generator.h"
#include "tilecheck/Support/CommandLine.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::OptionCategory category("tile-gen options");
  cl::opt<uint64_t> seed("seed", cl::desc("first seed"), cl::init(0),
                         cl::cat(category));
  cl::opt<unsigned> count("count", cl::desc("number of programs"), cl::init(1),
                          cl::cat(category));
  cl::opt<std::string> policyName(
      "policy",
      cl::desc("preset (ints, floats-exact, floats, memory, control, mma, "
               "full, pipeline, tensorcore) or a .json policy file"),
      cl::init("full"), cl::cat(category));
  cl::opt<std::string> outDir("o", cl::desc("output directory"),
                              cl::value_desc("DIR"), cl::cat(category));
  cl::opt<bool> printPolicy("print-policy",
                            cl::desc("print the policy as JSON and exit"),
                            cl::cat(category));
  cl::HideUnrelatedOptions(category);
  if (!tilecheck::parseToolCommandLine(
          argc, argv, "tile-gen: random UB-free cuda_tile programs\n"))
    return tilecheck::kUsageExitCode;

  Expected<tilecheck::gen::GenPolicy> policy =
      tilecheck::gen::loadPolicy(policyName);
  if (!policy) {
    WithColor::error(errs(), "tile-gen")
        << toString(policy.takeError()) << "\n";
    return 2;
  }
  if (Error err = policy->validate()) {
    WithColor::error(errs(), "tile-gen") << toString(std::move(err)) << "\n";
    return 2;
  }
  if (printPolicy) {
    outs() << formatv("{0:2}", policy->toJSON()) << "\n";
    return 0;
  }
  if (outDir.empty()) {
    WithColor::error(errs(), "tile-gen")
        << "give an output directory with -o DIR (or --print-policy)\n";
    return 2;
  }
  for (uint64_t s = seed; s < seed + count; ++s) {
    tilecheck::gen::GeneratedProgram program =
        tilecheck::gen::generateProgram(*policy, s);
    SmallString<256> dir(outDir);
    sys::path::append(dir, std::to_string(s));
    if (Error err = tilecheck::oracle::writeTestCase(program, dir)) {
      WithColor::error(errs(), "tile-gen") << toString(std::move(err)) << "\n";
      return 1;
    }
  }
  return 0;
}
