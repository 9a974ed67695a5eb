"""Input generators: from an OpInfo or an overload to calls, fixed or drawn by Hypothesis.

Edge-mode generators live one file per op family and register themselves
in ``registry``; ``generators.all_edge_generators()`` finds and imports every
family module of this package (``registry.families``).
"""
from opprop.generators.registry import EdgeGenerator, all_edge_generators, edge_generator, generators_for

__all__ = ["EdgeGenerator", "all_edge_generators", "edge_generator", "generators_for"]
