"""Models of the permits app (owned by its builder)."""
