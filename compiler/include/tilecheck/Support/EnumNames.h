//===- EnumNames.h - one table of names per enum, read both ways -*- C++
//-*-===//
//
// Many of our enums have a spelling: an option value, a report word, a name
// in a JSON file. Each such enum keeps one table of names, and both
// directions read it: nameOf() prints, parseName() reads back. A name
// therefore cannot drift between the printer and the parser, and a test that
// round-trips every row covers both.
//
// Two forms: (value, name) rows, for a few values or names shared by
// several values; or the names alone in the enum's order, for an enum
// numbered 0, 1, 2, ... (pin its size with a static_assert on the last
// enumerator, so that a new one cannot go unnamed).
//
//===----------------------------------------------------------------------===//

#ifndef TILECHECK_SUPPORT_ENUMNAMES_H
#define TILECHECK_SUPPORT_ENUMNAMES_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <iterator> // std::size, for the tables' static_asserts
#include <optional>

namespace tilecheck {

/// One row of an enum's name table.
template <typename E> struct EnumName {
  E value;
  llvm::StringLiteral name;
};

/// The name of `value` in `table`; `missing` when no row names it (a table
/// that does not cover its enum is a bug its round-trip test finds).
template <typename E, size_t N>
llvm::StringRef nameOf(const EnumName<E> (&table)[N], E value,
                       llvm::StringRef missing = "?") {
  for (const EnumName<E> &row : table)
    if (row.value == value)
      return row.name;
  return missing;
}

/// The value `table` names `name`, if any row does.
template <typename E, size_t N>
std::optional<E> parseName(const EnumName<E> (&table)[N],
                           llvm::StringRef name) {
  for (const EnumName<E> &row : table)
    if (row.name == name)
      return row.value;
  return std::nullopt;
}

/// The name of `value` in `names`, the names of E's values in order.
template <typename E, size_t N>
llvm::StringRef nameOf(const llvm::StringLiteral (&names)[N], E value,
                       llvm::StringRef missing = "?") {
  size_t i = static_cast<size_t>(value);
  return i < N ? llvm::StringRef(names[i]) : missing;
}

/// The value of E that `names` (E's names in order) names `name`, if any.
template <typename E, size_t N>
std::optional<E> parseName(const llvm::StringLiteral (&names)[N],
                           llvm::StringRef name) {
  for (size_t i = 0; i < N; ++i)
    if (names[i] == name)
      return static_cast<E>(i);
  return std::nullopt;
}

} // namespace tilecheck

#endif // TILECHECK_SUPPORT_ENUMNAMES_H
