"""Fixtures of the Carmel ch. 31 tests (defined in carmel_helpers)."""

from carmel_helpers import case, determine

__all__ = ["case", "determine"]
