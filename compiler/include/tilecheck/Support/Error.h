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

namespace tilecheck {

/// An error whose message is `message`.
inline llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

} // namespace tilecheck

#endif // TILECHECK_SUPPORT_ERROR_H
