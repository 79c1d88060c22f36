"""Documents: pure functions from the law core's determinations and the workflow's records to bytes."""
