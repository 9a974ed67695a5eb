"""``opprop fuzz``: nightly, budgeted, sharded runs over every target in worker processes.

targets (what to run) -> pool (workers, budget, crash and hang isolation)
-> explore (Hypothesis in a worker) -> journal (findings, durably) -> summary (reports).
"""
