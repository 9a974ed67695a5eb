"""What several test files share: running opprop as a user runs it (``runs``), the differential tests' finding key
(``engine_keys``), a compiled module's killed first build (``build_faults``). The modules handed to ``--import`` live in
tests/ops/, on the path by their own names (pyproject.toml's pytest ``pythonpath``)."""
