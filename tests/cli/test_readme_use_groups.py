"""The README lists the use groups of § 164-7 (and the open-air area of § 164-8) a space may be given, as a new
user asked (they learned `assembly_without_fixed_seats` only from a 422): the list must be the law core's, every
one and no other."""

from __future__ import annotations

import re
from pathlib import Path

from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import USE_GROUPS

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_lists_every_use_group_of_section_164_7_and_no_other():
    text = " ".join(README.read_text(encoding="utf-8").split())
    listed = text[text.index("a space's use group (§ 164-7"):]
    listed = listed[:listed.index("(`publicassembly parameters")]
    assert re.findall(r"`([a-z_]+)`", listed) == list(USE_GROUPS)
