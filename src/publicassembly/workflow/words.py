"""The services' refusals in the language of the request.

A service writes its own sentences with Django's ``gettext`` (formatted at once, named placeholders), and
quotes the law core's words (a `publicassembly.law.messages.Message`: a reason, a verdict, an input error)
through `law_text`, so the whole sentence is in the active language: Spanish on a page the user reads in
Spanish, English for the API (unless its request asks for another language with ``Accept-Language``) and for
the command line, where no other language is active. In English the text is exactly the English as written.
"""

from __future__ import annotations

from django.utils.translation import gettext

from publicassembly.law.messages import translate


def law_text(value: object) -> str:
    """`value` as text in the active language: a law-core message translated (its parameters too), anything
    else as ``str(value)``. E.g. ``law_text(finding.reason)``."""
    return str(translate(value, gettext))
