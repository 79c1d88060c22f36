"""Tests of enforcement (both chapters)."""
