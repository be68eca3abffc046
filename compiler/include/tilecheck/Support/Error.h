//===- Error.h - The project's one error for users' messages ----*- C++ -*-===//
//
// Every tool and library of tilecheck reports a failure a user must read
// ("cannot read 'x.npy': No such file or directory", "manifest 'm.json'
// has no \"args\" array") as an llvm::Error made here: a StringError
// without an error code, whose text is the whole message. The tools print
// it after their name (`tile-run: ...`) and choose the exit code; nothing
// below them prints.
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_SUPPORT_ERROR_H
#define TILECHECK_SUPPORT_ERROR_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace tilecheck {

/// An error whose message is `message`.
inline llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Writes `contents` to the file at `path` (replacing it); an error names
/// the file and the reason.
inline llvm::Error writeFileContents(const llvm::Twine &path,
                                     llvm::StringRef contents) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path.str(), ec);
  if (ec)
    return makeError("cannot write '" + path + "': " + ec.message());
  os << contents;
  os.close();
  if (os.has_error())
    return makeError("cannot write '" + path + "'");
  return llvm::Error::success();
}

} // namespace tilecheck

#endif // TILECHECK_SUPPORT_ERROR_H
