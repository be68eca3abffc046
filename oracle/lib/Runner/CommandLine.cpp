//===- CommandLine.cpp - What the tools that run a program share ----------===//

#include "tilecheck/Oracle/CommandLine.h"
#include "tilecheck/Support/Error.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace cl = llvm::cl;
using llvm::StringRef;

namespace tilecheck::oracle {

LaunchOptions::LaunchOptions(cl::OptionCategory &category, StringRef inputHelp,
                             StringRef gridDefault)
    : input(cl::Positional, cl::desc(inputHelp), cl::cat(category)),
      manifest("manifest",
               cl::desc("the program and launch of a test case: a "
                        "manifest.json or a directory holding one"),
               cl::cat(category)),
      entry("entry", cl::desc("entry to run"), cl::cat(category)),
      grid("grid", cl::desc("grid size X[,Y[,Z]]"), cl::init(gridDefault.str()),
           cl::cat(category)),
      args("arg",
           cl::desc("entry argument, in order: @file.npy, zeros:DTYPE:SHAPE, "
                    "uninit:DTYPE:SHAPE or a scalar literal"),
           cl::cat(category)) {}

bool LaunchOptions::hasExplicitLaunch() const {
  return !args.empty() || entry.getNumOccurrences() > 0 ||
         grid.getNumOccurrences() > 0;
}

llvm::Expected<std::array<int64_t, 3>> parseGrid(StringRef text) {
  std::array<int64_t, 3> grid{1, 1, 1};
  llvm::SmallVector<StringRef> parts;
  text.split(parts, ',');
  if (parts.empty() || parts.size() > 3)
    return makeError("--grid needs 1 to 3 comma-separated sizes");
  for (auto [i, p] : llvm::enumerate(parts))
    if (p.trim().getAsInteger(10, grid[i]) || grid[i] < 1)
      return makeError("bad --grid '" + text + "'");
  return grid;
}

} // namespace tilecheck::oracle
