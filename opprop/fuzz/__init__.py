"""``opprop fuzz``: nightly, budgeted, sharded runs over every target in worker processes.

targets (what to run) -> pool (workers, budget, crash and hang isolation)
-> worker (one exploration session per target, opprop.explore.session) -> journal (findings, durably) -> summary (reports).
"""
