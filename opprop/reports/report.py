"""The JSON report: what ran, on which torch, and every finding."""
from __future__ import annotations

import json
import os

import torch


def build(findings, op_stats, device: str, **extra) -> dict:
    report = {
        "torch_version": torch.__version__,
        "torch_git_version": torch.version.git_version,
        "device": device,
        "findings": [f.as_json() for f in findings],
        "ops": [s.as_json() for s in op_stats],
    }
    report.update(extra)
    return report


def write(path: str, report: dict) -> None:
    tmp = f"{path}.tmp"
    with open(tmp, "w") as fh:
        json.dump(report, fh, indent=1, sort_keys=False)
        fh.write("\n")
    os.replace(tmp, path)


class ReportError(ValueError):
    """A report file that cannot be read."""


def read(path: str) -> dict:
    try:
        with open(path) as fh:
            report = json.load(fh)
    except OSError as e:
        raise ReportError(f"cannot read report {path}: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise ReportError(f"report {path} is not valid JSON (line {e.lineno}: {e.msg})") from None
    if not isinstance(report, dict) or "findings" not in report:
        raise ReportError(f"report {path} has no 'findings' list: not an opprop report")
    return report
