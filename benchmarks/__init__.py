"""Benchmarks: checking overhead, time to detect, sweep throughput. Run all with ``python -m benchmarks``."""
