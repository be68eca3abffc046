#!/bin/sh
# Stands in for a crashing compiler: aborts with an assertion and a stack
# when the program (the argument before -o) holds a remi, else succeeds.
for a in "$@"; do case "$a" in *.mlir) prog="$a";; esac; done
if grep -q "= remi" "$prog"; then
  echo "tilec: Lower.cpp:42: void lowerRem(): Assertion \`isDivisor' failed." >&2
  echo "Stack dump:" >&2
  echo " #0 0x00005555deadbeef llvm::sys::PrintStackTrace()" >&2
  echo " #1 0x00005555aaaabbbb lowerRem(mlir::Operation*) /src/Lower.cpp:42" >&2
  kill -ABRT $$
fi
exit 0
