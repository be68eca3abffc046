#!/usr/bin/env python3
"""The nightly GPU differential run.

One command runs the seed corpus plus a fixed range of generated programs
over the GPU matrix (`tile-diff --matrix gpu`: tilec's cubins at O0..O3,
both schedulers, unspecialized pipelining and warp specialization;
tileiras's cubins at -O0..-O3; the SIMT executor as a second opinion), all
on the GPU against the interpreter, through scripts/campaign.py (findings
stored, deduplicated and, locally, reduced), then checks the f16 and bf16
GEMM at 512^3 the same way (corpus/bench/gemm_*_512.mlir: aligned base
pointers, so tileiras takes its TMA path) and times it at 4096^3 (f32
accumulation, corpus/bench/gemm_*_4096.mlir) compiled by tilec and by
tileiras against cuBLAS (through PyTorch) on the same GPU, and
writes OUT/report.md and OUT/report.json: the campaign's shape (programs,
configuration runs per executor, agreement, findings by culprit) and the
GEMM table.

  gpu_nightly.py [--out DIR] [--programs N] [--seed S] [--workers W]
                 [--policies full,pipeline] [--timing N]
                 [--no-gemm | --gemm-only] [--tile-diff-arg=--mutants=N ...]
  gpu_nightly.py --record DIR [same options]   no GPU needed
  gpu_nightly.py --replay DIR --results OUT [same options]
                                     after DIR/to-gpu/run-on-gpu.sh OUT

Without a GPU (tile-gpu-launch --probe fails) the local run says so and
exits 0 with nothing run.

Record and replay split the run between a machine with the toolchain and a
GPU machine without it: --record writes every launch as a bundle
(TILECHECK_GPU_LAUNCH=record:DIR/bundles), the GEMM launches into
DIR/gemm, and into DIR/to-gpu what the GPU machine needs: the bundles
packed (scripts/gpu_bundles.py: identical files once, a few percent of
their size), a copy of tile-gpu-launch (which links nothing of LLVM), the
cuBLAS timing script and run-on-gpu.sh. On the GPU machine,
`sh to-gpu/run-on-gpu.sh OUT` runs them all and packs the results into OUT
(outputs that equal their inputs left out); --replay DIR --results OUT,
with the same options, unpacks them into the bundles, checks the same
programs again, reading each launch's result instead of launching, and
writes the report.

Exit status: 0 no finding, 1 findings, 2 the run could not be made.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import gpu_bundles  # noqa: E402
GEMM_SIZE = 4096
GEMM_TYPES = ("f16", "bf16")

CUBLAS_SCRIPT = r'''
import json, sys
try:
    import torch
except Exception as e:
    print(json.dumps({"error": "no PyTorch: %s" % e}))
    sys.exit(0)
if not torch.cuda.is_available():
    print(json.dumps({"error": "PyTorch sees no GPU"}))
    sys.exit(0)
torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = False
torch.backends.cuda.matmul.allow_bf16_reduced_precision_reduction = False
n, runs = @N@, @RUNS@
out = {"device": torch.cuda.get_device_name(), "torch": torch.__version__,
       "runs": runs}
for name, dt in (("f16", torch.float16), ("bf16", torch.bfloat16)):
    for fill in ("zeros", "randn"):
        a = getattr(torch, fill)(n, n, dtype=dt, device="cuda")
        b = getattr(torch, fill)(n, n, dtype=dt, device="cuda")
        try:
            torch.mm(a, b, out_dtype=torch.float32)
            f, kind = (lambda: torch.mm(a, b, out_dtype=torch.float32)), "f32"
        except Exception:
            f, kind = (lambda: torch.mm(a, b)), name
        for _ in range(3):
            f()
        torch.cuda.synchronize()
        times = []
        for _ in range(runs):
            s = torch.cuda.Event(enable_timing=True)
            e = torch.cuda.Event(enable_timing=True)
            s.record(); f(); e.record(); e.synchronize()
            times.append(s.elapsed_time(e))
        times.sort()
        out["%s-%s" % (name, fill)] = {"median_ms": times[len(times) // 2],
                                    "output": kind}
print(json.dumps(out))
'''


def tool(bin_dir, name):
    path = os.path.join(bin_dir, name)
    if not os.path.exists(path):
        print(f"gpu_nightly: {path} is missing (build first: "
              "bash scripts/build.sh)", file=sys.stderr)
        sys.exit(2)
    return path


def gemm_args(t):
    n = GEMM_SIZE
    return ["--grid", f"{n // 128},{n // 128},1",
            "--arg", f"zeros:{t}:{n}x{n}", "--arg", f"zeros:{t}:{n}x{n}",
            "--arg", f"zeros:f32:{n}x{n}"]


def tileiras_cubin(bin_dir, program, out_dir, opt):
    """tileiras's cubin of `program` at -O`opt`, or (None, why)."""
    probe = subprocess.run(
        [sys.executable, "-c", "import nvidia, os; "
         "print(os.path.join(list(nvidia.__path__)[0], 'cu13'))"],
        capture_output=True, text=True)
    home = probe.stdout.strip()
    exe = os.environ.get("TILECHECK_TILEIRAS") or shutil.which("tileiras") \
        or os.path.join(home, "bin", "tileiras")
    if not exe or not os.path.exists(exe):
        return None, "tileiras not found"
    bc = os.path.join(out_dir, os.path.basename(program) + ".tileirbc")
    cubin = os.path.join(out_dir, os.path.basename(program) + ".cubin")
    r = subprocess.run([tool(bin_dir, "tilec-translate"), "--mlir-to-tileirbc",
                        program, "-o", bc], capture_output=True, text=True)
    if r.returncode:
        return None, "bytecode: " + r.stderr.strip()[:200]
    env = dict(os.environ)
    if os.path.isdir(home):
        env["CUDA_HOME"] = home
    r = subprocess.run([exe, "--gpu-name=sm_90", f"--opt-level={opt}", bc,
                        f"--output-file={cubin}"], capture_output=True,
                       text=True, env=env)
    if r.returncode:
        return None, "tileiras: " + r.stderr.strip()[:200]
    return cubin, None


def check_gemm(args, env, out):
    """tile-diff --matrix gpu on the small GEMMs (random inputs): what the
    timing runs is also checked. Returns {program: summary line}."""
    checked = {}
    for t in GEMM_TYPES:
        program = os.path.join(ROOT, "corpus", "bench", f"gemm_{t}_512.mlir")
        r = subprocess.run([tool(args.bin, "tile-diff"), "--matrix", "gpu",
                            "--findings", os.path.join(out, "gemm-findings"),
                            "-v", program], capture_output=True, text=True,
                           env=env)
        lines = r.stdout.strip().splitlines()
        summary = lines[-1] if lines else r.stderr.strip()[-200:]
        wrong = [l for l in lines if l.startswith("finding:")]
        checked[os.path.basename(program)] = {
            "summary": summary, "exit": r.returncode, "findings": wrong[:8]}
    return checked


def run_gemm(args, mode, gemm_dir, work):
    """Times (local), records or replays the GEMM launches. Returns rows."""
    rows = []
    os.makedirs(work, exist_ok=True)
    plan_path = os.path.join(gemm_dir, "plan.json") if gemm_dir else None
    plan = {}
    if mode == "replay" and plan_path and os.path.exists(plan_path):
        with open(plan_path) as f:
            plan = json.load(f)
    for t in GEMM_TYPES:
        program = os.path.join(ROOT, "corpus", "bench", f"gemm_{t}_{GEMM_SIZE}.mlir")
        for compiler in ("tilec", "tileiras"):
            name = f"{compiler}-{t}"
            row = {"name": name, "type": t, "compiler": compiler}
            rows.append(row)
            if mode == "replay":
                key = plan.get(name)
                result = os.path.join(gemm_dir, key or "-", "result.txt")
                if not key or not os.path.exists(result):
                    row["error"] = plan.get(name + ".error", "no result recorded")
                    continue
                with open(result) as f:
                    text = f.read()
                status = re.search(r"^status (\S+)", text, re.M)
                median = re.search(r"^median-ms (\S+)", text, re.M)
                if not status or status.group(1) != "ok" or not median:
                    row["error"] = text.strip().replace("\n", "; ")[:300]
                    continue
                row["median_ms"] = float(median.group(1))
                continue
            cmd = [tool(args.bin, "tile-run"), "--executor", "gpu",
                   "--gpu-name", "sm_90", "-O3"]
            if compiler == "tileiras":
                cubin, why = tileiras_cubin(args.bin, program, work, 3)
                if not cubin:
                    row["error"] = why
                    plan[name + ".error"] = why
                    continue
                cmd += ["--cubin", cubin]
            if mode == "record":
                cmd += ["--gpu-launch", f"record:{gemm_dir}"]
            else:
                cmd += ["--gpu-timing", str(args.timing)]
            r = subprocess.run(cmd + [program] + gemm_args(t),
                               capture_output=True, text=True)
            if mode == "record":
                m = re.search(r"launch recorded in .*/([0-9a-f]{16})", r.stderr)
                if m:
                    plan[name] = m.group(1)
                else:
                    plan[name + ".error"] = r.stderr.strip()[-300:]
                continue
            m = re.search(r"gpu: median (\S+) ms", r.stderr)
            if r.returncode or not m:
                row["error"] = r.stderr.strip()[-300:]
            else:
                row["median_ms"] = float(m.group(1))
    if mode == "record" and plan_path:
        with open(plan_path, "w") as f:
            json.dump(plan, f, indent=1, sort_keys=True)
    return rows


def cublas_timing(mode, out_dir, timing, record_dir):
    script = CUBLAS_SCRIPT.replace("@N@", str(GEMM_SIZE)).replace(
        "@RUNS@", str(timing))
    if mode == "record":
        with open(os.path.join(record_dir, "cublas_gemm.py"), "w") as f:
            f.write(script)
        return None
    if mode == "replay":
        path = os.path.join(record_dir, "cublas.json")
        try:
            with open(path) as f:
                return json.load(f)
        except (OSError, ValueError) as e:
            return {"error": f"{path}: {e}"}
    r = subprocess.run([sys.executable, "-c", script], capture_output=True,
                       text=True)
    try:
        return json.loads(r.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {"error": (r.stderr or r.stdout).strip()[-300:]}


def gemm_table(rows, cublas):
    flop = 2.0 * GEMM_SIZE ** 3
    lines = ["| GEMM | median ms | TFLOP/s | vs cuBLAS (zeros) | vs cuBLAS (randn) |",
             "|---|---|---|---|---|"]
    for row in rows:
        if "median_ms" not in row:
            lines.append(f"| {row['name']} | - | - | - | - | "
                         f"({row.get('error', 'not run')})")
            continue
        ms = row["median_ms"]
        row["tflops"] = flop / (ms * 1e-3) / 1e12
        cells = []
        for fill in ("zeros", "randn"):
            ref = (cublas or {}).get(f"{row['type']}-{fill}")
            if ref and ref.get("median_ms"):
                ratio = ref["median_ms"] / ms
                row[f"ratio_{fill}"] = ratio
                cells.append(f"{ratio:.3f}")
            else:
                cells.append("-")
        lines.append(f"| {row['name']} | {ms:.3f} | {row['tflops']:.2f} | "
                     f"{cells[0]} | {cells[1]} |")
    if cublas and "error" not in cublas:
        for t in GEMM_TYPES:
            for fill in ("zeros", "randn"):
                ref = cublas.get(f"{t}-{fill}")
                if ref:
                    tf = flop / (ref["median_ms"] * 1e-3) / 1e12
                    lines.append(f"| cuBLAS-{t} ({fill}, {ref['output']} out) | "
                                 f"{ref['median_ms']:.3f} | {tf:.2f} | 1 | |")
    elif cublas:
        lines.append(f"\ncuBLAS not measured: {cublas['error']}")
    return lines


def summarize(campaign_report):
    with open(campaign_report) as f:
        rep = json.load(f)
    by_executor = {}
    for config, kinds in rep.get("configs", {}).items():
        m = re.match(r"compiler=([^,]+)", config)
        ex = m.group(1) if m else "tilec"
        agg = by_executor.setdefault(ex, {})
        for k, n in kinds.items():
            agg[k] = agg.get(k, 0) + n
    return rep, by_executor


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default=os.path.join(ROOT, "gpu-nightly"))
    p.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    p.add_argument("--programs", type=int, default=200,
                   help="generated programs (plus the seed corpus)")
    p.add_argument("--seed", type=int, default=7000000,
                   help="first generator seed (fixed: every night the same "
                        "programs, so a change in the result is news)")
    p.add_argument("--policies", default="full,pipeline")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--timing", type=int, default=20,
                   help="timed GEMM launches (after warm-up)")
    p.add_argument("--no-gemm", action="store_true")
    p.add_argument("--gemm-only", action="store_true",
                   help="no campaign: only the GEMM check and timing")
    p.add_argument("--tile-diff-arg", action="append", default=[],
                   help="extra tile-diff argument for the campaign "
                        "(repeatable), e.g. --tile-diff-arg=--mutants=4: "
                        "structure-aware mutants on the GPU")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--record", metavar="DIR")
    mode.add_argument("--replay", metavar="DIR")
    p.add_argument("--results", metavar="OUT",
                   help="with --replay: the directory to-gpu/run-on-gpu.sh "
                        "wrote on the GPU machine (unpacked into DIR first)")
    args = p.parse_args(argv)
    if args.results and not args.replay:
        p.error("--results goes with --replay")

    launch = tool(args.bin, "tile-gpu-launch")
    kind = "record" if args.record else "replay" if args.replay else "local"
    record_dir = os.path.abspath(args.record or args.replay or "")
    env = dict(os.environ)
    device = None
    if kind == "local":
        probe = subprocess.run([launch, "--probe"], capture_output=True,
                               text=True)
        if probe.returncode != 0:
            print("gpu_nightly: no GPU here (" +
                  (probe.stderr.strip() or "probe failed") +
                  "): nothing run")
            return 0
        device = probe.stdout.strip().removeprefix("device: ")
        env["TILECHECK_GPU_LAUNCH"] = "local"
    else:
        os.makedirs(record_dir, exist_ok=True)
        env["TILECHECK_GPU_LAUNCH"] = \
            f"{kind}:{os.path.join(record_dir, 'bundles')}"

    if kind == "replay" and args.results:
        # The results of run-on-gpu.sh: the launches' results into the
        # bundles, and the device's log and cuBLAS timing beside them.
        gpu_bundles.unpack(os.path.abspath(args.results), record_dir)
        for name in ("launch.log", "cublas.json"):
            if os.path.exists(os.path.join(args.results, name)):
                shutil.copy2(os.path.join(args.results, name),
                             os.path.join(record_dir, name))

    out = os.path.abspath(args.out if kind != "record" else
                          os.path.join(record_dir, "record-run"))
    if os.path.exists(os.path.join(out, "state")):
        shutil.rmtree(os.path.join(out, "state"))
    os.makedirs(out, exist_ok=True)
    cmd = [sys.executable, os.path.join(ROOT, "scripts", "campaign.py"),
           "run", "--state", os.path.join(out, "state"), "--bin", args.bin,
           "--programs", str(args.programs), "--seed", str(args.seed),
           "--policies", args.policies, "--matrix", "gpu",
           "--workers", str(args.workers), "--no-progress",
           "--corpus", os.path.join(ROOT, "corpus", "seeds"),
           "--report", os.path.join(out, "campaign")]
    cmd += [f"--tile-diff-arg={a}" for a in args.tile_diff_arg]
    if kind != "local":
        # A reduced program's launches were never recorded.
        cmd.append("--no-reduce")
    started = time.time()
    if not args.gemm_only:
        print("gpu_nightly: " + " ".join(cmd), flush=True)
        rc = subprocess.run(cmd, env=env).returncode
        if rc not in (0, 1):
            print(f"gpu_nightly: the campaign failed (exit {rc})")
            return 2

    rows, cublas, gemm_checks = [], None, {}
    if not args.no_gemm:
        gemm_checks = check_gemm(args, env, out)
        gemm_dir = os.path.join(record_dir, "gemm") if kind != "local" else None
        if gemm_dir:
            os.makedirs(gemm_dir, exist_ok=True)
        rows = run_gemm(args, kind, gemm_dir, os.path.join(out, "gemm-work"))
        cublas = cublas_timing(kind, out, args.timing, record_dir)

    if kind == "record":
        # What the GPU machine needs, small enough for a device call's 64
        # MiB: the bundles packed with identical files stored once
        # (scripts/gpu_bundles.py), tile-gpu-launch, the cuBLAS script.
        to_gpu = os.path.join(record_dir, "to-gpu")
        dirs = [d for d in ("bundles", "gemm")
                if os.path.isdir(os.path.join(record_dir, d))]
        if not dirs:
            print("gpu_nightly: nothing was recorded")
            return 2
        cublas_script = os.path.join(record_dir, "cublas_gemm.py")
        gpu_bundles.write_to_gpu(
            to_gpu, record_dir, dirs, launch,
            "Runs what gpu_nightly.py --record prepared, on the GPU machine: "
            "sh run-on-gpu.sh OUT (then gpu_nightly.py --replay DIR "
            "--results OUT here)",
            extra_files=[cublas_script] if os.path.exists(cublas_script)
            else [],
            extra_steps=(f"[ -d gemm ] && ./tile-gpu-launch --jobs 1 "
                         f"--timing {args.timing} gemm\n"
                         '[ -f cublas_gemm.py ] && python3 cublas_gemm.py > '
                         '"$out/cublas.json"\n'))
        n = len([d for d in os.listdir(os.path.join(record_dir, "bundles"))]) \
            if os.path.isdir(os.path.join(record_dir, "bundles")) else 0
        print(f"gpu_nightly: recorded {n} launches in {record_dir}; on the "
              f"GPU machine, with a copy of {to_gpu}: sh "
              f"to-gpu/run-on-gpu.sh OUT; then gpu_nightly.py --replay "
              f"{record_dir} --results OUT with the same options")
        return 0

    campaign_json = os.path.join(out, "campaign", "report.json")
    rep, by_executor = summarize(campaign_json) if (
        not args.gemm_only and os.path.exists(campaign_json)) else ({}, {})
    if kind == "replay":
        for line in open(os.path.join(record_dir, "launch.log"),
                         errors="replace") if os.path.exists(
                             os.path.join(record_dir, "launch.log")) else []:
            if line.startswith("device: "):
                device = line[len("device: "):].strip()
    findings = rep.get("findings", 0)
    lines = ["# Nightly GPU differential run", "",
             f"Device: {device or 'unknown'}; mode {kind}; "
             f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
             f"{time.time() - started:.0f} s.", ""]
    campaign_lines = [
             f"**{rep.get('programs', 0)} programs** ({args.programs} "
             f"generated from seed {args.seed}, policies {args.policies}, "
             f"plus the seed corpus) over `--matrix gpu`: "
             f"{rep.get('config_runs', 0)} configuration runs, "
             f"**{findings} findings** in {len(rep.get('buckets', []))} "
             "buckets.", "",
             "| executor | agree | findings | expected rejections | skipped |",
             "|---|---|---|---|---|"]
    if not args.gemm_only:
        lines += campaign_lines
    summary = {}
    for ex in sorted(by_executor):
        agg = by_executor[ex]
        agree = agg.get("none", 0)
        rejected = agg.get("unsupported-target", 0)
        skipped = agg.get("skipped", 0)
        found = sum(n for k, n in agg.items()
                    if k not in ("none", "unsupported-target", "skipped"))
        summary[ex] = {"agree": agree, "findings": found,
                       "unsupported_target": rejected, "skipped": skipped,
                       "kinds": agg}
        lines.append(f"| {ex} | {agree} | {found} | {rejected} | {skipped} |")
    if not args.gemm_only:
        lines += ["", "Findings by bucket (culprit, kind, signature):", ""]
        for b in rep.get("buckets", []):
            lines.append(f"- {b.get('culprit', '?')} {b.get('kind', '?')} "
                         f"`{b.get('signature', '?')}`: {b.get('count', 1)} "
                         f"programs; {b.get('detail', '')[:160]}")
        if not rep.get("buckets"):
            lines.append("- none")
        lines += ["", "Skipped, most frequent reasons:", ""]
        for reason, n in sorted(rep.get("skip_reasons", {}).items(),
                                key=lambda kv: -kv[1])[:8]:
            lines.append(f"- {n}: {reason}")
    if gemm_checks:
        lines += ["", "## GEMM 512^3 on random inputs, `--matrix gpu`", ""]
        for name, c in gemm_checks.items():
            lines.append(f"- {name}: {c['summary']}")
            lines += [f"  - {f}" for f in c["findings"]]
    if rows:
        lines += ["", f"## GEMM {GEMM_SIZE}^3 (f32 accumulation), "
                  f"median of {args.timing} launches", ""]
        lines += gemm_table(rows, cublas)
    lines += ["", f"Campaign report: {os.path.join(out, 'campaign', 'report.md')}"]
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(out, "report.json"), "w") as f:
        json.dump({"device": device, "mode": kind, "programs":
                   rep.get("programs", 0), "config_runs":
                   rep.get("config_runs", 0), "findings": findings,
                   "executors": summary, "buckets": rep.get("buckets", []),
                   "gemm": rows, "gemm_checks": gemm_checks,
                   "cublas": cublas}, f, indent=1)
    print("\n".join(lines))
    gemm_findings = sum(len(c["findings"]) for c in gemm_checks.values())
    return 1 if findings or gemm_findings else 0


if __name__ == "__main__":
    sys.exit(main())
