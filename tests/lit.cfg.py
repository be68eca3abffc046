# lit configuration for tilecheck's FileCheck tests (tests/**/*.mlir).
import os

import lit.formats

config.name = "tilecheck"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilecheck_obj_root, "tests")
# Unit tests, conformance data and the self-test programs (scripts/self_test.py)
# are run by ctest, not lit.
config.excludes = ["unit", "conformance", "Inputs", "SelfTest", "lit.cfg.py", "CMakeLists.txt"]

# Tools resolve through PATH: this build's tools first, then LLVM's
# FileCheck/not/count.
config.environment["PATH"] = os.pathsep.join(
    [config.tilecheck_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])

