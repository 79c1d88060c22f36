"""What a certificate number is made of (as `venues.services` numbers them, e.g. MP-2025-0001): letters and digits
in groups joined by hyphens, at most `MAX_CERTIFICATE_CHARS` characters. One definition, for the public look-up
(`web.views.public_records.LookupForm`) and the occupancy sign written by hand (``publicassembly sign
--certificate``): a sign may carry no number the look-up would refuse."""

from __future__ import annotations

import re

#: The longest certificate number (as the web's look-up form and the database's field allow).
MAX_CERTIFICATE_CHARS = 40

#: Letters and digits in groups joined by hyphens.
CERTIFICATE_NUMBER = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*")

#: The format in words (English; the web form says it in the active language).
CERTIFICATE_NUMBER_FORMAT = (f"letters and digits joined by hyphens, at most {MAX_CERTIFICATE_CHARS} characters, "
                             "e.g. MP-2025-0001")


def is_certificate_number(text: str) -> bool:
    """Whether `text` (as given, not stripped) is a certificate number."""
    return len(text) <= MAX_CERTIFICATE_CHARS and CERTIFICATE_NUMBER.fullmatch(text) is not None


def as_given(text: str) -> str:
    """`text` as a refusal of it shows it: quoted, cut at `MAX_CERTIFICATE_CHARS` characters with "…" after."""
    return repr(text[:MAX_CERTIFICATE_CHARS]) + ("…" if len(text) > MAX_CERTIFICATE_CHARS else "")
