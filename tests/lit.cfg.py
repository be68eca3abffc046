# lit configuration for tilecheck's FileCheck tests (tests/**/*.mlir).
import os

import lit.formats

config.name = "tilecheck"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".ll"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilecheck_obj_root, "tests")
# Unit tests, conformance data and the self-test programs (scripts/self_test.py)
# are run by ctest, not lit.
config.excludes = ["unit", "conformance", "Inputs", "SelfTest", "lit.cfg.py", "CMakeLists.txt"]

# Tools resolve through PATH: this build's tools first, then LLVM's
# FileCheck/not/count.
config.environment["PATH"] = os.pathsep.join(
    [config.tilecheck_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])


# tile-diff adds a tileiras configuration to its default matrix when NVIDIA's
# tileiras is installed; the tests' output must not depend on the machine, so
# tileiras is off unless a test names one (TILECHECK_TILEIRAS=PATH: the fake
# tool of tests/Fuzz/Inputs, or %tileiras, the real one, with the feature
# `tileiras` where it is installed).
config.environment["TILECHECK_TILEIRAS"] = "none"


def _find_tileiras():
    import shutil
    import subprocess
    found = shutil.which("tileiras")
    if found:
        return found
    try:
        dirs = subprocess.run(
            ["python3", "-c", "import nvidia\nfor d in nvidia.__path__: print(d)"],
            capture_output=True, text=True, timeout=60).stdout.split()
    except (OSError, subprocess.SubprocessError):
        return None
    for d in dirs:
        candidate = os.path.join(d, "cu13", "bin", "tileiras")
        if os.access(candidate, os.X_OK):
            return candidate
    return None


# The stand-in CUDA driver of tile-gpu-launch's pool test (tests/CMakeLists.txt).
config.substitutions.append(
    ("%test_libcuda", os.path.join(config.tilecheck_obj_root, "lib",
                                   "libtilecheck-test-libcuda.so")))

# The built tools' directory, for scripts that take --bin.
config.substitutions.append(("%bindir", config.tilecheck_tools_dir))

# ptxas from the CUDA toolkit: tests that assemble PTX to a cubin need it.
def _find_ptxas():
    import shutil
    for candidate in [os.environ.get("TILECHECK_PTXAS"), shutil.which("ptxas"),
                      os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin", "ptxas"),
                      "/usr/local/cuda/bin/ptxas"]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


if _find_ptxas():
    config.available_features.add("ptxas")

_tileiras = _find_tileiras()
if _tileiras:
    config.available_features.add("tileiras")
    config.substitutions.append(("%tileiras", _tileiras))

# Builds with TILECHECK_INCLUDE_TEST_VERSIONS list the test-only bytecode
# versions 250.x.
def _has_test_versions():
    import subprocess
    try:
        out = subprocess.run(
            [os.path.join(config.tilecheck_tools_dir, "tilec-translate"), "--list-versions"],
            capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return "250.0" in out.split()


if _has_test_versions():
    config.available_features.add("test-versions")

# Test-hook builds (-DTILECHECK_TEST_HOOKS=ON; scripts/build.sh's sanitizer
# build) read TILECHECK_INJECT_BUG and TILECHECK_TEST_CHILD_FAULT; tests that
# inject a compiler bug or a child fault need them (REQUIRES: test-hooks).
if config.test_hooks.upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("test-hooks")
