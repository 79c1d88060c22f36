"""Mount Pleasant Code ch. 164 as a jurisdiction: ids, rules in the order of the chapter, cited parameters."""

from __future__ import annotations

from datetime import date

import pytest

from publicassembly.law.errors import ParameterNotInForce
from publicassembly.law.jurisdictions.us_ny_mount_pleasant import JURISDICTION, RULES


def test_ids_and_subject():
    """The shared identifiers: OCD id, alias, subject ``venue``."""
    assert JURISDICTION.ocd_id == "ocd-division/country:us/state:ny/county:westchester/place:mount_pleasant"
    assert JURISDICTION.alias == "mount-pleasant-ny"
    assert list(JURISDICTION.subjects) == ["venue"]
    assert JURISDICTION.code == "Mount Pleasant Code ch. 164, Public Assembly, Places of"


def test_rules_follow_the_chapter_and_cover_every_section():
    """§§ 164-2 to 164-14 (no § 164-1 in the text), each rule citing its own section, in chapter order."""
    sections = [int(r.id.split("/")[1].split("-")[1]) for r in RULES]
    assert sections == sorted(sections)
    assert sorted(set(sections)) == list(range(2, 15))
    for r in RULES:
        assert r.citation == f"Mount Pleasant Code § {r.id.split('/')[1]}"


def test_certificate_exception_outranks_the_rule():
    """§ 164-3: the religious-worship exception decides certificate_required above the base rule."""
    base, exception = RULES["mount-pleasant/164-3/certificate"], RULES["mount-pleasant/164-3/religious-worship-exception"]
    assert base.decides == exception.decides == "certificate_required"
    assert exception.priority > base.priority


def test_every_parameter_is_cited_to_its_section():
    """Every number of ch. 164 is a parameter citing a section of the chapter."""
    for p in JURISDICTION.parameters:
        assert p.cite.startswith("Mount Pleasant Code § 164-"), p.name


def test_parameters_dated_from_1976_02_24():
    """Register M-1: values in force from 24 February 1976; a date before is refused, not guessed."""
    with pytest.raises(ParameterNotInForce):
        JURISDICTION.parameters.at(date(1976, 2, 23))["toilets.persons_per_toilet"]
    assert JURISDICTION.parameters.at(date(1976, 2, 24))["toilets.persons_per_toilet"] == 75
