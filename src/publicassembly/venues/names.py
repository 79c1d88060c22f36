"""A room or area of a place named by a user, read as the check of a name taken reads it (interpretations M-23,
M-26): letter case, the spaces around and between its words and how its letters are encoded aside (`same_name`:
"main hall", "MAIN  HALL" and "Main Hall" are one name). What the name is found to mean is kept in the room's
own stored spelling. A place cannot have two rooms so named (the check of a name taken refuses the second), but a
place stored before that check may: a name that reads as two rooms' is refused, naming both, never taken as one
of them.

The reading itself — `same_name` and `SpaceNames` — is the law core's (`law.jurisdictions.us_ny_mount_pleasant.
names`), which reads a case file's rooms the same way (M-27): one definition for the pages, the API, the CLI and
the case files. This module adds what a user of the workflow is told, in the page's language."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from django.utils.translation import gettext as _

from publicassembly.law.jurisdictions.us_ny_mount_pleasant.names import SpaceNames, same_name

__all__ = ["SpaceNames", "names_two", "rooms_given", "same_name"]

V = TypeVar("V")


def names_two(place: str, given: Any, rooms: Iterable[str]) -> str:
    """What a name that reads as the name of several rooms of `place` (stored before two rooms could not be so
    named) is told: each room it could mean, and to rename them apart."""
    return str(_("%(name)s names more than one space of %(venue)s: %(spaces)s (their names differ only in letter "
                 "case or spaces); give each its own name first")
               % {"name": repr(given), "venue": place, "spaces": ", ".join(repr(r) for r in rooms)})


def rooms_given(place: str, names: SpaceNames, field: str, given: Mapping[Any, V],
                unknown: Callable[[Any], str]) -> tuple[dict[str, tuple[Any, V]], list[tuple[str, str]]]:
    """The rooms of `place` that the keys of `given` (a room's name → its value, as a user typed the names) name,
    each by its stored name → (the key as given, its value), and every refusal of them as (`field`, message),
    each told once: a name of no room (`unknown`: what the name given is told), a name that reads as two rooms'
    (`names_two`), one room named twice in two spellings ("Main Hall" and "main hall": both are refused, as a
    room's one value given twice could be either). A room refused is left out."""
    found: dict[str, list[Any]] = {}  # a stored name → the keys naming it, in the order given
    errors: list[tuple[str, str]] = []
    told: set[Any] = set()  # the names refused already (as read)
    for key in given:
        rooms = names.named(key)
        if len(rooms) == 1:
            found.setdefault(rooms[0], []).append(key)
            continue
        read = same_name(key) if isinstance(key, str) else repr(key)
        if read in told:
            continue
        told.add(read)
        errors.append((field, unknown(key) if not rooms else names_two(place, key, rooms)))
    out: dict[str, tuple[Any, V]] = {}
    for room, keys in found.items():
        if len(keys) > 1:
            errors.append((field, _("the space %(space)s of %(venue)s is named more than once (%(names)s); give "
                                    "it once") % {"space": repr(room), "venue": place,
                                                  "names": ", ".join(repr(k) for k in keys)}))
        else:
            out[room] = (keys[0], given[keys[0]])
    return out, errors
