//===- CommandLine.cpp - Every tool's command-line parser -----------------===//

#include "tilecheck/Support/CommandLine.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

bool tilecheck::parseToolCommandLine(int argc, const char *const *argv,
                                     llvm::StringRef overview) {
  // Glue `--arg @FILE` into "--arg=@FILE", which LLVM passes through.
  std::vector<std::string> glued;
  for (int i = 0; i < argc; ++i) {
    llvm::StringRef a = argv[i];
    if ((a == "--arg" || a == "-arg") && i + 1 < argc &&
        llvm::StringRef(argv[i + 1]).starts_with("@")) {
      glued.push_back((a + "=" + argv[i + 1]).str());
      ++i;
      continue;
    }
    glued.push_back(a.str());
  }
  std::vector<const char *> gluedArgv;
  for (const std::string &a : glued)
    gluedArgv.push_back(a.c_str());
  return llvm::cl::ParseCommandLineOptions(static_cast<int>(gluedArgv.size()),
                                           gluedArgv.data(), overview,
                                           &llvm::errs());
}
