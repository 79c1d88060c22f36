"""The interpretation register quotes Mount Pleasant § 164-9 as the chapter writes it. M-24 had it "in red letters
on a white background in bold-faced letters one inch high and 3/8 of an inch wide, which shall state …" — words the
section does not have; its sentence is "… a sign with red lettering on a white background and bold-faced letters
one inch high and 3/8 inch wide stating the lawful occupancy of the room or area." The letters' sizes the law core
uses are those words' (the parameters `signs.letter_height_in`, `signs.letter_width_in`)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

from publicassembly.law import jurisdictions

REGISTER = Path(__file__).resolve().parents[3] / "docs" / "interpretations.md"

#: § 164-9's first sentence, as the chapter writes it.
SIGN_SENTENCE = ("Each place described above or wherein the public gathers shall post, in each room or area in a "
                 "conspicuous location in full view of the entrance into such area or room, a sign with red lettering "
                 "on a white background and bold-faced letters one inch high and 3/8 inch wide stating the lawful "
                 "occupancy of the room or area.")


def _entry(entry_id: str) -> str:
    text = REGISTER.read_text(encoding="utf-8")
    start = text.index(f"### {entry_id} ")
    end = text.index("\n### ", start + 1)
    return " ".join(text[start:end].split())


def test_m24_quotes_section_164_9s_sentence_as_written():
    assert f'§ 164-9 ("{SIGN_SENTENCE}")' in _entry("M-24")


def test_no_quotation_of_section_164_9_has_words_the_section_does_not_have():
    register = " ".join(REGISTER.read_text(encoding="utf-8").split())
    for words in ("3/8 of an inch", "in red letters", "which shall state the lawful occupancy"):
        assert words not in register, words


def test_the_sentences_sizes_are_the_parameters_in_force_section_164_9():
    values = jurisdictions.get("mount-pleasant-ny").parameters.at(date(2025, 3, 3))
    assert Decimal(str(values["signs.letter_height_in"])) == 1
    assert Decimal(str(values["signs.letter_width_in"])) == Decimal(3) / 8
