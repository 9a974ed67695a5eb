"""``python -m benchmarks``: run every benchmark part and regenerate benchmarks/RESULTS.md.

Parts: overhead (in this process, interleaved), modules (module_db forward and backward, the same ways), real (training steps of small
transformers and timm models, interleaved; the ``bench`` extra), time to detect (cold
``opprop check`` subprocesses), sweep throughput (``opprop fuzz`` with
--jobs 1 and 2), the pytest plugin (the PyTorch-idioms test module plain,
under --opprop and under SchemaCheckMode), and, only with ``--parts mutation``, mutation testing (mutmut over the
checks, the ledger and the shrinker's acceptance rule), and, only with ``--parts baseline_scanner``, the race against issue #51's naive
scanner (``--minutes`` each side). ``--parts`` runs a subset; the parts not run keep their results from
results.json, each part stamped with the command and date it came from.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
from pathlib import Path

import torch

from . import baseline, render

HERE = Path(__file__).resolve().parent
PARTS = ("overhead", "modules", "real", "detect", "throughput", "plugin", "mutation", "baseline_scanner", "empty_block")
DEFAULT_PARTS = ("overhead", "modules", "real", "detect", "throughput", "plugin")  # mutation (mutmut, tens of minutes), baseline_scanner (2 x --minutes) and empty_block only when asked


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, Python {platform.python_version()}"


def _progress(part):
    def show(done, total, name):
        print(f"\r{part}: {done}/{total} {name[:40]:40s}", end="" if done < total else "\n", file=sys.stderr, flush=True)

    return show


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    p.add_argument("--parts", default=",".join(DEFAULT_PARTS), help=f"comma-separated subset of {','.join(PARTS)} (default: all but mutation)")
    p.add_argument("--repeats", type=int, default=15, help="interleaved rounds per sample in the overhead part (default 15)")
    p.add_argument("--module-repeats", type=int, default=5, help="interleaved rounds per case in the modules part (default 5)")
    p.add_argument("--rounds", type=int, default=7, help="interleaved rounds per workload in the real part (default 7)")
    p.add_argument("--seeds", type=int, default=5, help="seeds per ledgered violation in the detect part (default 5)")
    p.add_argument("--budget", type=float, default=1200.0, help="opprop fuzz --budget cap for each throughput run; the work ends it first (default 1200)")
    p.add_argument("--baseline", default=baseline.DEFAULT_REV, metavar="REV",
                   help=f"overhead part: also time REV's InvariantMode, interleaved with the current one on the same samples "
                        f"(default {baseline.DEFAULT_REV}, the code before the invariants became objects; 'none' to skip)")
    p.add_argument("--minutes", type=float, default=60.0, help="baseline_scanner part: minutes for the scanner and for opprop fuzz, each (default 60)")
    p.add_argument("--race-dir", help="baseline_scanner part: keep both sides' logs here (the sweep's journal.jsonl, for python -m benchmarks.heldout)")
    p.add_argument("--out", default=str(HERE / "RESULTS.md"))
    args = p.parse_args(argv)
    parts = [x for x in args.parts.split(",") if x]
    unknown = set(parts) - set(PARTS)
    if unknown:
        p.error(f"unknown part(s): {', '.join(sorted(unknown))}")

    command = "python -m benchmarks " + " ".join(argv if argv is not None else sys.argv[1:])
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    results = {
        "command": command,
        "torch": torch.__version__,
        "machine": machine(),
        "date": date,
    }
    try:
        earlier = json.loads((HERE / "results.json").read_text())
    except (OSError, ValueError):
        earlier = {}
    for part in PARTS:
        if part not in parts and part in earlier:
            results[part] = earlier[part]
            results.setdefault("from", {})[part] = earlier.get("from", {}).get(part, {"command": earlier.get("command"), "date": earlier.get("date")})
    mode, against = None, None
    if args.baseline != "none" and ({"overhead", "modules", "real"} & set(parts)):
        try:
            commit, mode = baseline.load(args.baseline)
        except baseline.BaselineError as e:
            p.error(str(e))
        against = {"rev": args.baseline, "commit": commit}
    if "overhead" in parts:
        from . import overhead

        torch.set_num_threads(1)  # intra-op threads on a shared box add noise, not signal
        timings = overhead.run(repeats=args.repeats, progress=_progress("overhead"), baseline_mode=mode)
        results["overhead"] = {"repeats": args.repeats, "threads": 1, "baseline": against, "summary": overhead.summary(timings),
                               "ops": [{"name": t.name, "samples": t.samples, "seconds": t.seconds} for t in timings]}
    if "modules" in parts:
        from . import modules

        torch.set_num_threads(1)
        results["modules"] = {"threads": 1, "baseline": against,
                              **modules.run(repeats=args.module_repeats, progress=_progress("modules"), baseline_mode=mode)}
    if "real" in parts:
        from . import real

        torch.set_num_threads(1)
        workloads = real.run(rounds=args.rounds, progress=_progress("real"), baseline_mode=mode)
        timed = against and {**against, "entry": real.baseline_way(mode)[0]}
        results["real"] = {"rounds": args.rounds, "threads": 1, "baseline": timed, "summary": real.summary(workloads), "workloads": workloads}
    if "detect" in parts:
        from . import detect

        results["detect"] = detect.run(seeds=tuple(range(args.seeds)), progress=_progress("detect"))
    if "throughput" in parts:
        from . import throughput

        results["throughput"] = throughput.run(budget=args.budget)
    if "plugin" in parts:
        from . import plugin

        results["plugin"] = plugin.run(progress=_progress("plugin"))
    if "mutation" in parts:
        from . import mutation

        results["mutation"] = mutation.run(progress=_progress("mutation"))
    if "baseline_scanner" in parts:
        from . import scan_race

        results["baseline_scanner"] = scan_race.run(minutes=args.minutes, keep=args.race_dir)
    if "empty_block" in parts:
        from . import empty_block

        results["empty_block"] = empty_block.run(rounds=args.repeats, progress=_progress("empty_block"))
    for part in parts:
        results.setdefault("from", {})[part] = {"command": command, "date": date}
    (HERE / "results.json").write_text(json.dumps(results, indent=1) + "\n")
    extra = ""
    if "baseline_scanner" in results:
        from . import scan_race

        extra += "\n".join(scan_race.section(results["baseline_scanner"])) + "\n"
    if "empty_block" in results:
        from . import empty_block

        extra += "\n".join(empty_block.section(results["empty_block"])) + "\n"
    Path(args.out).write_text(render.markdown(results) + extra)
    print(render.headline(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
