"""Models of the venues app (owned by its builder)."""
