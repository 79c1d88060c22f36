"""A room or area named by its name (§ 164-4's connecting rooms, § 164-9's sign "in each room or area"): the one
reading of a name that the law core's case files and the workflow's pages, API and CLI all use (interpretations
M-23, M-26, M-27, M-30). Letter case, the spaces around and between its words, how its letters are encoded or
written and characters that show nothing are not counted: "main hall", "MAIN  HALL" and "Main Hall" are one name.
Pure: no Django, no I/O."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from publicassembly.law.units import read_alike


def same_name(name: str) -> str:
    """A space's name as a reader takes it (`read_alike`: "Hall", "hall ", "HALL", "Ｈａｌｌ" and "Hall" with a
    zero-width space after it are one name). Two rooms of one place may not have the same name so read (M-23,
    M-30): their signs (§ 164-9) would read alike."""
    return read_alike(name)


class SpaceNames:
    """The names of the rooms and areas of one place (as they are spelled where the place states them), looked
    up as a reader takes a name (`same_name`)."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = list(names)
        self._read: dict[str, list[str]] = {}
        for name in self.names:
            self._read.setdefault(same_name(name), []).append(name)

    def named(self, given: Any) -> list[str]:
        """The names of the place's spaces that `given` reads as: none (no space is so named, or `given` is not
        text), one, or — two spaces named alike, which a case refuses and a place recorded before the check of a
        name taken may hold — more than one. Never an exact match preferred over one read alike (M-26, M-27)."""
        return list(self._read.get(same_name(given), ())) if isinstance(given, str) else []
