"""Package data: precomputed hand tables."""
