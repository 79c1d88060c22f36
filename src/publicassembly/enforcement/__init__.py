"""Enforcement of both chapters: complaints, violations, summonses, dispositions and offense history."""
