"""Input generators: from an OpInfo or an overload to calls, fixed or drawn by Hypothesis.

Edge-mode generators live one file per op family and register themselves
in ``registry``; ``generators.all_edge_generators()`` imports every family.
"""
from .registry import EdgeGenerator, all_edge_generators, edge_generator, generators_for

__all__ = ["EdgeGenerator", "all_edge_generators", "edge_generator", "generators_for"]
