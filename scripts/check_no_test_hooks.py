#!/usr/bin/env python3
"""Checks that a build without test hooks contains no injection switch.

The self-test's injected compiler bugs (TILECHECK_INJECT_BUG) and the
engine's child-fault hooks (TILECHECK_TEST_CHILD_FAULT) are compiled only
into test-hook builds (-DTILECHECK_TEST_HOOKS=ON). In any other build the
variables must not be read, so their names must not appear in any binary of
BIN_DIR. ctest runs this as `release_has_no_test_hooks` in such builds.

Usage: check_no_test_hooks.py BIN_DIR
Exit 0 when no executable names a variable, 1 (listing them) otherwise,
2 when BIN_DIR holds no executable.
"""
import os
import sys

SWITCHES = (b"TILECHECK_INJECT_BUG", b"TILECHECK_TEST_CHILD_FAULT")


def main():
    if len(sys.argv) != 2:
        print("usage: check_no_test_hooks.py BIN_DIR", file=sys.stderr)
        return 2
    bin_dir = sys.argv[1]
    checked, bad = 0, []
    for name in sorted(os.listdir(bin_dir)):
        path = os.path.join(bin_dir, name)
        if not os.path.isfile(path) or not os.access(path, os.X_OK):
            continue
        with open(path, "rb") as f:
            data = f.read()
        if not data.startswith(b"\x7fELF"):
            continue
        checked += 1
        for switch in SWITCHES:
            if switch in data:
                bad.append(f"{name}: contains {switch.decode()}")
    if checked == 0:
        print(f"check_no_test_hooks: no executable in {bin_dir}", file=sys.stderr)
        return 2
    for line in bad:
        print(f"check_no_test_hooks: {line}")
    if bad:
        print("check_no_test_hooks: this build has test hooks compiled in; "
              "configure it without -DTILECHECK_TEST_HOOKS=ON")
        return 1
    print(f"check_no_test_hooks: {checked} executables, no injection switch")
    return 0


if __name__ == "__main__":
    sys.exit(main())
