#!/usr/bin/env python3
"""Runs tilecheck's tools over NVIDIA's public cuda_tile test inputs.

Two measures for the dialect, printed as one line:

    conformance: valid N/M, expected-errors N/M

* valid: a file without `-verify-diagnostics` in its RUN lines passes when it
  parses and verifies, printing it and re-parsing the print reaches a fixed
  point (print(parse(print(parse(f)))) == print(parse(f))), and every RUN line
  we can execute (the reference tool name replaced by ours) passes, CHECK
  lines included.
* expected-errors: for every file run with `-verify-diagnostics`, each
  `expected-error` annotation counts once; it is matched when our tool emits
  it. Files are split at `// -----` and each chunk runs on its own, so one
  crash costs one chunk, not a file.

RUN lines that use `cuda-tile-translate` run our `tilec-translate` (its
options renamed, see TRANSLATE_OPTIONS) and `%round_trip_test` runs
`tilec-translate --verify-roundtrip`. RUN lines that need the reference
tool's test-only versions (250.x, with its testing ops) run when our
`tilec-translate --list-versions` lists them (builds with the CMake option
TILECHECK_INCLUDE_TEST_VERSIONS, the default); with a build without them
they are reported as not applicable and do not count against a file.

The bytecode tests (`Bytecode/`) get a line of their own:

    bytecode: roundtrip N/M, runs N/M, invalid-rejected N/M, versioning N/M,
              reencode-identical N/M

* roundtrip: files with a `%round_trip_test` RUN line whose RUN lines pass;
* runs: the other `Bytecode/*.mlir` files whose RUN lines all pass;
* invalid-rejected: `Bytecode/invalid/` binaries that the reader rejects with
  an `error:` diagnostic and exit code 1 (no crash, no hang);
* versioning: `Bytecode/versioning/*.mlir` files whose RUN lines all pass
  (they read the 13.1 files under `Inputs/`);
* reencode-identical: the `Inputs/` files that read, written again at their
  version, must equal NVIDIA's bytes exactly.

With
`--baseline FILE` the script fails when a measure drops below the recorded
numbers (a ratchet for CI); `--write-baseline` records the current numbers.
"""

import argparse
import glob
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

REFERENCE_OPT = "cuda-tile-opt"
REFERENCE_TRANSLATE = "cuda-tile-translate"
# The reference translator's option names and ours.
TRANSLATE_OPTIONS = {
    "mlir-to-cudatilebc": "mlir-to-tileirbc",
    "cudatilebc-to-mlir": "tileirbc-to-mlir",
    "test-cudatile-roundtrip": "test-roundtrip",
}
# Test-only bytecode versions of the reference tool (they need its testing
# ops); RUN lines using them are not applicable to a build without them
# (main() empties the list when tilec-translate lists 250.0).
UNSUPPORTED_MARKERS = ["bytecode-version=250"]
EXPECTED_ERROR = re.compile(r"expected-error\s*(?:@[-+\w]+)?\s*\{\{")
NOT_PRODUCED = re.compile(r"expected error \".*\" was not produced")
VERIFIER_OUTPUT = re.compile(r"(unexpected|expected) (error|warning|note|remark)")
SPLIT_MARKER = re.compile(r"^// -----\s*$", re.M)


@dataclass
class FileResult:
    path: str
    kind: str  # "valid", "diagnostics" or "other"
    passed: bool = True
    expected: int = 0
    matched: int = 0
    failures: list = field(default_factory=list)
    skipped_runs: list = field(default_factory=list)


def run_lines(text):
    """Returns the RUN commands of a lit test, continuation lines joined."""
    runs, current = [], ""
    for line in text.splitlines():
        m = re.match(r"\s*//\s*RUN:\s?(.*)$", line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith("\\"):
            current += part[:-1] + " "
            continue
        runs.append((current + part).strip())
        current = ""
    return runs


def substitute(cmd, path, tmp, tool_dir, llvm_bin):
    translate = os.path.join(tool_dir, "tilec-translate")
    # The reference round-trip script: text -> bytecode -> text must print
    # like the reference parse (extra flags are passed through).
    cmd = re.sub(r"%round_trip_test\s+%s\s+%t", translate + " --verify-roundtrip %s", cmd)
    cmd = re.sub(r"\b" + REFERENCE_TRANSLATE + r"\b", translate, cmd)
    for theirs, ours in TRANSLATE_OPTIONS.items():
        cmd = re.sub(r"(\s)--?" + theirs + r"\b", r"\1--" + ours, cmd)
    cmd = cmd.replace("%S", os.path.dirname(path))
    cmd = cmd.replace(REFERENCE_OPT, os.path.join(tool_dir, "tilec-opt"))
    cmd = re.sub(r"\bFileCheck\b", os.path.join(llvm_bin, "FileCheck"), cmd)
    cmd = re.sub(r"(^|\|\s*)not\b", lambda m: m.group(1) + os.path.join(llvm_bin, "not"), cmd)
    return cmd.replace("%s", path).replace("%t", tmp)


def run(cmd, stdin=None, timeout=60):
    try:
        proc = subprocess.run(cmd, shell=isinstance(cmd, str), input=stdin,
                              capture_output=True, text=True, errors="replace",
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return 124, "", "timeout"
    return proc.returncode, proc.stdout, proc.stderr


def crashed(code):
    return code < 0 or code in (134, 139)


def check_valid(path, text, result, opt, tool_dir, llvm_bin):
    # Files whose RUN lines split the input print one module per chunk.
    split = ["-split-input-file"] if any("split-input-file" in c for c in run_lines(text)) else []
    code, first, err = run([opt, path] + split)
    if code != 0:
        result.passed = False
        result.failures.append(f"does not parse/verify: {err.strip().splitlines()[:1]}")
        return
    code, second, err = run([opt, "-"] + split, stdin=first)
    if code != 0:
        result.passed = False
        result.failures.append(f"printed form does not re-parse: {err.strip().splitlines()[:1]}")
        return
    code, third, _ = run([opt, "-"] + split, stdin=second)
    if second != third or code != 0:
        result.passed = False
        result.failures.append("print/parse does not reach a fixed point")


def check_runs(path, text, result, tool_dir, llvm_bin, with_diagnostics=False):
    # One %t for all RUN lines of a file: later lines read what earlier ones
    # wrote, as under lit.
    with tempfile.TemporaryDirectory() as tmp:
        check_runs_in(path, text, result, tool_dir, llvm_bin, with_diagnostics, tmp)


def check_runs_in(path, text, result, tool_dir, llvm_bin, with_diagnostics, tmp):
    for cmd in run_lines(text):
        if "-verify-diagnostics" in cmd and not with_diagnostics:
            continue
        if any(marker in cmd for marker in UNSUPPORTED_MARKERS):
            result.skipped_runs.append(cmd)
            continue
        if True:
            code, out, err = run(substitute(cmd, path, os.path.join(tmp, "t"), tool_dir, llvm_bin))
        if code != 0:
            result.passed = False
            detail = (err or out).strip().splitlines()
            result.failures.append(f"RUN failed: {cmd}\n      {detail[0] if detail else ''}")


def flags_of(cmd):
    """Extra tilec-opt flags of a -verify-diagnostics RUN line."""
    keep = []
    for token in shlex.split(cmd):
        if token.startswith("-") and token not in ("-verify-diagnostics", "-split-input-file",
                                                    "--split-input-file", "--verify-diagnostics"):
            keep.append(token)
    return keep


def check_diagnostics(path, text, result, opt):
    cmds = [c for c in run_lines(text) if "-verify-diagnostics" in c]
    flags = flags_of(cmds[0]) if cmds else []
    split = any("split-input-file" in c for c in cmds)
    chunks = SPLIT_MARKER.split(text) if split else [text]
    line_offset = 0
    for index, chunk in enumerate(chunks):
        expected = len(EXPECTED_ERROR.findall(chunk))
        result.expected += expected
        if expected == 0:
            line_offset += chunk.count("\n")
            continue
        # Pad with newlines so reported line numbers match the whole file.
        source = "\n" * line_offset + chunk
        line_offset += chunk.count("\n")
        with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
            f.write(source)
            name = f.name
        try:
            code, out, err = run([opt, name, "-verify-diagnostics"] + flags)
        finally:
            os.unlink(name)
        if crashed(code) or code == 124:
            missing = expected
            result.failures.append(f"chunk {index}: tool crashed or hung (code {code})")
        elif code != 0 and not VERIFIER_OUTPUT.search(err):
            # Failed before verifying anything (bad option, unknown pass).
            missing = expected
            first = err.strip().splitlines()[:1]
            result.failures.append(f"chunk {index}: tool failed: {first}")
        else:
            missing = min(expected, len(NOT_PRODUCED.findall(err)))
            for m in NOT_PRODUCED.finditer(err):
                result.failures.append(f"chunk {index}: {m.group(0)}")
        result.matched += expected - missing
    result.passed = result.matched == result.expected


def check_bytecode(suite, tool_dir, llvm_bin):
    """Runs the Bytecode/ tests; returns {measure: (passed, total)} and the
    per-file results."""
    root = os.path.join(suite, "Bytecode")
    translate = os.path.join(tool_dir, "tilec-translate")
    measures = {"roundtrip": [0, 0], "runs": [0, 0], "invalid_rejected": [0, 0],
                "versioning": [0, 0], "reencode_identical": [0, 0]}
    results = []
    if not os.path.isdir(root):
        return measures, results

    def lit_file(path, measure):
        text = open(path, encoding="utf-8", errors="replace").read()
        result = FileResult(path, "bytecode-" + measure)
        check_runs(path, text, result, tool_dir, llvm_bin, with_diagnostics=True)
        if len(result.skipped_runs) == len(run_lines(text)):
            return  # nothing applicable
        measures[measure][1] += 1
        measures[measure][0] += result.passed
        results.append(result)

    for name in sorted(os.listdir(root)):
        path = os.path.join(root, name)
        if name.endswith(".mlir"):
            text = open(path, encoding="utf-8", errors="replace").read()
            lit_file(path, "roundtrip" if "%round_trip_test" in text else "runs")
    invalid_dir = os.path.join(root, "invalid")
    for name in sorted(os.listdir(invalid_dir)) if os.path.isdir(invalid_dir) else []:
        path = os.path.join(invalid_dir, name)
        if name.endswith(".mlir"):
            lit_file(path, "runs")
            continue
        result = FileResult(path, "bytecode-invalid")
        code, _, err = run([translate, "--tileirbc-to-mlir", path])
        measures["invalid_rejected"][1] += 1
        if code == 1 and "error:" in err:
            measures["invalid_rejected"][0] += 1
        else:
            result.passed = False
            result.failures.append(f"not rejected with a diagnostic (exit {code})")
        results.append(result)
    versioning_dir = os.path.join(root, "versioning")
    for name in sorted(os.listdir(versioning_dir)) if os.path.isdir(versioning_dir) else []:
        if name.endswith(".mlir"):
            lit_file(os.path.join(versioning_dir, name), "versioning")
    # NVIDIA-written files that read must re-encode byte for byte: same
    # version, same field order, same section layout.
    inputs_dir = os.path.join(versioning_dir, "Inputs")
    for path in sorted(glob.glob(os.path.join(inputs_dir, "*", "*.tileirbc"))):
        version = os.path.basename(os.path.dirname(path))
        with tempfile.TemporaryDirectory() as tmp:
            text, again = os.path.join(tmp, "t.mlir"), os.path.join(tmp, "t.tileirbc")
            code, _, _ = run([translate, "--tileirbc-to-mlir", path, "-o", text])
            if code != 0:
                continue  # rejected on purpose (see the versioning lit files)
            result = FileResult(path, "bytecode-reencode")
            measures["reencode_identical"][1] += 1
            code, _, err = run([translate, "--mlir-to-tileirbc", "--bytecode-version",
                                version, text, "-o", again])
            if code == 0 and open(path, "rb").read() == open(again, "rb").read():
                measures["reencode_identical"][0] += 1
            else:
                result.passed = False
                result.failures.append("re-encoding differs from the original bytes")
            results.append(result)
    return measures, results


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool-dir", required=True, help="directory holding tilec-opt")
    parser.add_argument("--suite", required=True, help="conformance/cuda-tile directory")
    parser.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    parser.add_argument("--baseline", help="JSON with minimum numbers; fail below them")
    parser.add_argument("--write-baseline", action="store_true",
                        help="record the current numbers into --baseline")
    parser.add_argument("--json", help="write per-file results here")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every failure")
    args = parser.parse_args(argv)

    opt = os.path.join(args.tool_dir, "tilec-opt")
    if not os.path.exists(opt):
        print(f"conformance: {opt} not found (build tilec-opt first)", file=sys.stderr)
        return 2
    dialect_dir = os.path.join(args.suite, "Dialect", "CudaTile")
    if not os.path.isdir(dialect_dir):
        print(f"conformance: suite not found at {dialect_dir}", file=sys.stderr)
        return 2

    translate = os.path.join(args.tool_dir, "tilec-translate")
    if os.path.exists(translate):
        _, versions, _ = run([translate, "--list-versions"])
        if "250.0" in versions.split():
            UNSUPPORTED_MARKERS.clear()

    results = []
    for name in sorted(os.listdir(dialect_dir)):
        if not name.endswith(".mlir"):
            continue
        path = os.path.join(dialect_dir, name)
        text = open(path, encoding="utf-8", errors="replace").read()
        runs = run_lines(text)
        if any("-verify-diagnostics" in r for r in runs):
            result = FileResult(path, "diagnostics")
            check_diagnostics(path, text, result, opt)
        elif "invalid" in name or "fail" in name:
            result = FileResult(path, "other")
            check_runs(path, text, result, args.tool_dir, args.llvm_bin)
        else:
            result = FileResult(path, "valid")
            check_valid(path, text, result, opt, args.tool_dir, args.llvm_bin)
            if result.passed:
                check_runs(path, text, result, args.tool_dir, args.llvm_bin)
        results.append(result)

    bytecode, bytecode_results = check_bytecode(args.suite, args.tool_dir, args.llvm_bin)
    results.extend(bytecode_results)

    valid = [r for r in results if r.kind == "valid"]
    other = [r for r in results if r.kind == "other"]
    diags = [r for r in results if r.kind == "diagnostics"]
    valid_ok = sum(r.passed for r in valid)
    expected = sum(r.expected for r in diags)
    matched = sum(r.matched for r in diags)

    print(f"conformance: valid {valid_ok}/{len(valid)}, expected-errors {matched}/{expected}")
    print(f"  other diagnostic files (FileCheck on errors): "
          f"{sum(r.passed for r in other)}/{len(other)}")
    print("bytecode: " + ", ".join(f"{k.replace('_', '-')} {v[0]}/{v[1]}"
                                   for k, v in bytecode.items()))
    failing = [r for r in results if not r.passed]
    if failing:
        print("failing cases:")
    for r in failing:
        label = os.path.relpath(r.path, args.suite)
        extra = f" ({r.matched}/{r.expected} expected-errors)" if r.kind == "diagnostics" else ""
        print(f"  {label}{extra}")
        shown = r.failures if args.verbose else r.failures[:3]
        for f in shown:
            print(f"    - {f}")
        if len(r.failures) > len(shown):
            print(f"    ... {len(r.failures) - len(shown)} more (use -v)")
    skipped = [(r.path, c) for r in results for c in r.skipped_runs]
    if skipped:
        print(f"not applicable: {len(skipped)} RUN lines need the reference tool's "
              f"test-only bytecode versions")

    numbers = {"valid": valid_ok, "expected_errors": matched}
    numbers.update({f"bytecode_{k}": v[0] for k, v in bytecode.items()})
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"summary": numbers | {"valid_total": len(valid),
                                             "expected_errors_total": expected},
                       "files": [r.__dict__ for r in results]}, f, indent=2)
    if args.baseline and args.write_baseline:
        with open(args.baseline, "w") as f:
            json.dump(numbers, f, indent=2)
            f.write("\n")
        return 0
    if args.baseline:
        with open(args.baseline) as f:
            base = json.load(f)
        regressions = [k for k, v in base.items() if numbers.get(k, 0) < v]
        if regressions:
            print(f"conformance: REGRESSION below baseline {base}: {numbers}")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
