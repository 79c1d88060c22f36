"""Carmel ch. 31 public assembly permits: petitions, hearings, approvals, issuance, revocation, cleanup and bond."""

from collections.abc import Iterable

#: The most days before a deadline `publicassembly remind` reminds of it (``--days-ahead``): a year. Carmel
#: ch. 31's longest period is 60 days (the petition's filing before the assembly). Here, not in `reminders`, so
#: that the CLI states and checks it without loading Django.
MAX_DAYS_AHEAD = 365


def check_days_ahead(days: Iterable[int]) -> None:
    """ValueError naming the first number of days before a deadline outside 0 to `MAX_DAYS_AHEAD`, with the
    range allowed."""
    for d in days:
        if not 0 <= d <= MAX_DAYS_AHEAD:
            raise ValueError(f"{d} is not allowed; allowed: 0 to {MAX_DAYS_AHEAD} days before a deadline")
