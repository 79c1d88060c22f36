"""Tests of places of assembly (Mount Pleasant ch. 164)."""
