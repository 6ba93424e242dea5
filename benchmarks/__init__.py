"""Benchmarks run by ``make bench``: figures to report, never pass/fail timings."""
