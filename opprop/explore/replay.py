"""A finding's call made again from its ``replay``: a fixed sample's index, a crossing call's index and seed, or a draw's choices."""
from __future__ import annotations

from opprop.explore.target import resolve
from opprop.generators import crossing
from opprop.inputs import choices, corpus
from opprop.inputs.validity import OpValidity


def replay_call(replay: dict, device: str = "cpu"):
    """The top-level call a finding's ``replay`` names, regenerated: its fixed sample, or its draw from the saved choices."""
    if replay.get("corpus"):  # drawn around a corpus's recorded calls: the same corpus draws it again
        corpus.use(replay["corpus"])
    target = resolve(replay["target"])
    if "crossing" in replay:  # a crossing call: its index draws it again
        return crossing.crossing_call(target.obj, replay["crossing"], replay.get("crossing_seed", 0))
    if "sample" in replay:
        for index, call in enumerate(target.sample_calls(device)):
            if index == replay["sample"]:
                return call
        raise choices.ReplayError(f"{target.name} has no fixed sample {replay['sample']}")
    steer = replay.get("steer")
    learner = None if steer is None else OpValidity(steer)
    strategy = target.call_strategy(device, learner=learner)
    if replay.get("strategy") == "scheduled":  # a schedule row: its choices replay in the schema draws alone
        built = target.scheduled_strategy(device, learner=learner)
        strategy = None if built is None else built[0]
    if strategy is None:
        raise choices.ReplayError(f"{target.name} draws no calls on {device}")
    return choices.draw(strategy, bytes.fromhex(replay["choices"]))
