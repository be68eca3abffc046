# lit configuration for tilecheck's FileCheck tests (tests/**/*.mlir).
import os

import lit.formats

config.name = "tilecheck"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilecheck_obj_root, "tests")
# Unit tests and conformance data are run by ctest, not lit.
config.excludes = ["unit", "conformance", "lit.cfg.py", "CMakeLists.txt"]

# Tools resolve through PATH: this build's tools first, then LLVM's
# FileCheck/not/count.
config.environment["PATH"] = os.pathsep.join(
    [config.tilecheck_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])

# Driver tests that run the conversions need them in this build: the feature
# appears once tilec-opt registers convert-cuda-tile-to-tileaa.
import subprocess

def _tilec_opt_lists(pass_name):
    try:
        out = subprocess.run(
            [os.path.join(config.tilecheck_tools_dir, "tilec-opt"), "--help"],
            capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    import re
    return re.search(r"--" + re.escape(pass_name) + r"\s", out) is not None

if _tilec_opt_lists("convert-cuda-tile-to-tileaa"):
    config.available_features.add("tileaa-conversion")
