"""The services' refusals in the language of the request.

A service writes its own sentences with Django's ``gettext`` (formatted at once, named placeholders), and
quotes the law core's words (a `publicassembly.law.messages.Message`: a reason, a verdict, an input error)
through `law_text`, so the whole sentence is in the active language: Spanish on a page the user reads in
Spanish, English for the API (which answers in English whatever the request asks) and for the command line,
where no other language is active. In English the text is exactly the English as written.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import TypeVar

from django.utils.translation import gettext

from publicassembly.law.messages import translate
from publicassembly.law.units import read_alike

R = TypeVar("R")


def law_text(value: object) -> str:
    """`value` as text in the active language: a law-core message translated (its parameters too), anything
    else as ``str(value)``. E.g. ``law_text(finding.reason)``."""
    return str(translate(value, gettext))


def same_words(text: object) -> str:
    """`text` as two records are compared by what they say: whitespace runs as one space, letter case, the form
    of the letters and characters that show nothing aside (the law core's `read_alike`: ``"  Main  St "``,
    ``"main st"`` and ``"Main St"`` with a zero-width space are the same words, M-30); None as empty. Used where
    one thing must be recorded once: a petition's property address (P-12), an offender (W-3a), a place of
    assembly (W-10), a complaint (W-9)."""
    return read_alike(str(text or ""))


def first_alike(records: Iterable[R], **texts: object) -> R | None:
    """The first of `records` whose attributes named in `texts` say the same words (`same_words`) as the texts
    given, or None: a record that must be recorded once looked for among those of its kind — an offender by name
    and address (W-3a), a place of assembly by name and address (W-10), a complaint by description and place
    (W-9). E.g. ``first_alike(venues, name="Grange Hall", address="1 Main St")``."""
    wanted = {attribute: same_words(text) for attribute, text in texts.items()}
    return next((r for r in records if all(same_words(getattr(r, a)) == w for a, w in wanted.items())), None)


def not_in_force(day: dt.date, first: object | None) -> str:
    """Why nothing can be determined on `day`: it is before `first`, the first day the chapter is applied from (a
    law-core `ParameterNotInForce`'s: the earliest date the chapter's text gives, interpretations M-1, C-2 — not a
    day the text says the chapter began), in the active language; or, `first` unknown, the chapter was not in
    force."""
    if first is not None:  # (the earliest date the chapter's text gives, not a day known as its start: M-1, C-2)
        return (gettext("the chapter is applied from %(first)s, the earliest date its text gives: %(day)s is before "
                        "it") % {"day": day.isoformat(), "first": first})
    return gettext("the chapter was not in force on %(day)s") % {"day": day.isoformat()}
