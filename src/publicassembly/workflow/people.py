"""How the workflow's records name a person (an official, an applicant, a complainant) on documents, exports and
pages: one rule for every record."""

from __future__ import annotations

from typing import Any


def person_name(user: Any, town: Any = None) -> str:
    """The name of `user` as a document prints it: the full name, else the user name; "" for no one. An official
    named after the office and the town, as the demo's are (first name "Building Inspector", last name the town's
    name, `town`'s), is "Building Inspector, Town of Mount Pleasant, New York": the office and the town with a
    comma between, where Django's full name joins them with a space ("Building Inspector Town of …")."""
    if user is None:
        return ""
    first, last = user.first_name.strip(), user.last_name.strip()
    if first and last and town is not None and _same(last, str(getattr(town, "name", town))):
        return f"{first}, {last}"
    return user.get_full_name() or user.get_username()


def _same(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()
