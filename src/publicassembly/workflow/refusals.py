"""The refusals of an action's values, kept rather than raised, so that a service tells every one at once: the
permits workflow's Clerk's records (interpretation P-30), the enforcement workflow's complaint, violation, stop
order, lifting, summons, disposition and payment (W-33, W-36, W-38). No Django import here."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from publicassembly.workflow.errors import ValidationFailed

__all__ = ["Refusals"]


class Refusals:
    """Every refusal of an action's values, gathered as (field, message) in ``errors``, in the order judged.

    - `check` runs one check that raises `ValidationFailed` and gives its value, or None when it refused it (its
      refusals kept, every field it names);
    - `add` keeps refusals already made, `refuse` one;
    - `refused` says whether a field is refused: here, or by the caller (``told``: the fields its form or schema
      refused, the records it named that the town does not hold), so that what follows from it is not judged;
    - `in_order` gives the refusals in the order of the fields of the form and the API's body.

    ``once`` (the permits' way, P-30): a field is kept once, its first refusal; a refusal of a field already refused
    (here or by the caller) is left out — but two of one field in one `add` (one check's) are both kept. Without
    it, every refusal is kept: a field refused twice is told twice (a room the place does not have, and more in
    the rooms than present, M-7)."""

    def __init__(self, told: Iterable[str] = (), *, once: bool = False) -> None:
        self.errors: list[tuple[str, str]] = []
        self.elsewhere = frozenset(told)  # (fields the caller refused itself: its schema's, its records')
        self.once = once

    def refused(self, field: str) -> bool:
        """Whether `field` is refused: here, or by the caller (``told``)."""
        return field in self.elsewhere or any(f == field for f, _m in self.errors)

    def add(self, errors: Iterable[tuple[str, str]]) -> None:
        """Keep `errors` ((field, message)); with ``once``, but for a field refused before."""
        self.errors += [(f, m) for f, m in errors if not (self.once and self.refused(f))]

    def refuse(self, field: str, message: str) -> None:
        """Keep one refusal: `field`, `message`."""
        self.add([(field, message)])

    def check(self, judge: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """`judge(*args, **kwargs)`, its refusal (`ValidationFailed`, every field it names) kept instead of raised;
        None then."""
        try:
            return judge(*args, **kwargs)
        except ValidationFailed as e:
            self.add(e.errors)
            return None

    def in_order(self, order: Sequence[str]) -> list[tuple[str, str]]:
        """The refusals in the order of the fields `order` (the form's and the API body's), a part of one
        (``conditions[1]``, ``persons_by_space.Hall``) with it, any other after; refusals of one field in the order
        judged."""
        rank = {f: i for i, f in enumerate(order)}
        return sorted(self.errors, key=lambda e: rank.get(e[0], rank.get(e[0].split("[")[0].split(".")[0], len(rank))))
