"""Models of the enforcement app (owned by its builder)."""
