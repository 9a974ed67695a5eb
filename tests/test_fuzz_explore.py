"""fuzz_target(): one target's share of a fuzz run, as a worker runs it, run in-process here."""
from opprop.explore.database import open_database
from opprop.fuzz.worker import fuzz_target


def test_ledgered_target_keeps_to_per_op_examples(tmp_path):
    """A ledgered op reruns its fixed samples first; with fewer examples asked than that, it must stop there, not fail."""
    found = []
    result = fuzz_target("kron", device="cpu", seconds=60, max_examples=10, seed=0, database=open_database(str(tmp_path / "db")),
                         on_example=lambda *a: None, on_finding=lambda f, n: found.append(f))
    assert result.status == "ran", result
    assert result.error is None and result.hypothesis_error is None
    assert result.stats["examples"] == 10
    assert ("aten::_unsafe_view", "storageimpl_use_count") in {f.key for f in found}
    # each finding keeps its ATen call and the fixed sample that reached it
    f = next(f for f in found if f.key == ("aten::_unsafe_view", "storageimpl_use_count"))
    assert f.call is not None and f.call.op == "aten::_unsafe_view"
    assert f.replay["target"] == "kron" and isinstance(f.replay["sample"], int)


def test_a_share_too_short_still_runs_until_five_valid_examples(monkeypatch, tmp_path):
    """Past its soft deadline a target draws on until MIN_EXAMPLES ran validly (or SHORT_SHARE_TRIES were tried):
    what the sweep's coverage counts. _fused_moving_avg_obs_fq_helper.out refuses most draws (its observer state must agree)."""
    from opprop.explore import session

    def run(seconds, learned):
        monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / learned))
        return fuzz_target("aten::_fused_moving_avg_obs_fq_helper.out", device="cpu", seconds=seconds, max_examples=1000, seed=0, database=None,
                           on_example=lambda *a: None, on_finding=lambda f, n: None)

    run(0.5, "warm.json")  # builds its strategies: seconds the first time, past even the hard deadline of a 0 s share
    result = run(0.0, "fresh.json")
    stats = result.stats
    assert stats["valid"] >= session.MIN_EXAMPLES or stats["examples"] >= session.SHORT_SHARE_TRIES, stats
    assert stats["examples"] > session.MIN_EXAMPLES, stats  # its first five were not all valid: it went on


def test_the_schedule_runs_only_in_a_share_long_enough_for_it(monkeypatch):
    """opprop check (no time budget) and a long fuzz share run the rows; a sweep's short share draws freely."""
    from opprop.explore import session
    from opprop.explore.target import resolve

    ran = []
    monkeypatch.setattr(session.Exploration, "draw_scheduled", lambda self, examples: ran.append(examples) or 0)
    for seconds in (None, session.SCHEDULE_SHARE + 1, session.SCHEDULE_SHARE / 4):
        ran.clear()
        session.Exploration(resolve("aten::abs"), learn=True, fails=list, seconds=seconds).draw(8)
        assert bool(ran) == (seconds is None or seconds >= session.SCHEDULE_SHARE), seconds


def test_a_learning_schedule_stops_after_four_refused_rows_and_check_runs_them_all(monkeypatch, tmp_path):
    """native_layer_norm needs a normalized_shape that matches its input: it refuses every row (Hypothesis's simplest
    draw plus the row's modes). A fuzz session gives those examples to its learning free draws; opprop check (no
    learning) keeps its promise of every mode within its first 20 examples."""
    from opprop.explore import session
    from opprop.explore.target import resolve

    rows = {}
    for learn in (True, False):
        monkeypatch.setenv("OPPROP_VALIDITY", str(tmp_path / f"{learn}.json"))  # nothing learned yet steers the rows
        s = session.Exploration(resolve("aten::native_layer_norm"), learn=learn, fails=list)
        rows[learn] = s.draw_scheduled(20)
        if learn:
            assert s.drawn_stats.valid == 0
    # (opprop check's later rows may run validly: normalized_shape as the input's own sizes, a value rule)
    assert rows[True] == session.REJECTED_ROWS < rows[False], rows
