"""The one rule that keeps a CSV text cell from being run as a spreadsheet formula (OWASP, "CSV Injection"),
cell by cell on both sides of its edges: written after a single quote when it begins with =, +, -, @ or another
form of them (full-width ＝ ＋ － ＠, small, superscript, subscript), also after white space, or with a tab, a
carriage return, a line feed or a NUL; as it is otherwise. Its regular expression (for Arrow's kernels) says the same as its Python function."""

from __future__ import annotations

import re
import sys
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from publicassembly.documents.csv_cells import (
    BLANKS,
    CONTROL_STARTS,
    FORMULA_CHARACTERS,
    FORMULA_START,
    neutralised_text,
    starts_a_formula,
)

#: (given, written): the cells of the boundary, dangerous and not.
CELLS = [
    ("=", "'="), ("=1+1", "'=1+1"), ("+1", "'+1"), ("-1", "'-1"), ("@SUM(A1)", "'@SUM(A1)"),
    ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
    ("-5", "'-5"),  # a number written in a text cell is text: a spreadsheet would compute it
    ("\t", "'\t"), ("\tx", "'\tx"), ("\rx", "'\rx"), ("\nx", "'\nx"), ("\x00x", "'\x00x"),  # OWASP; ASVS: NUL
    (" =", "' ="), ("  =1+1", "'  =1+1"), ("\n=1", "'\n=1"), ("\u00a0+1", "'\u00a0+1"), ("\u3000@a", "'\u3000@a"),
    (" \x00=1", "' \x00=1"), ("\x0b-1", "'\x0b-1"),
    ("＝1", "'＝1"), ("＋1", "'＋1"), ("－1", "'－1"), ("＠a", "'＠a"), (" ＝1", "' ＝1"),  # full-width forms
    ("﹦1", "'﹦1"), ("⁺1", "'⁺1"),  # small and superscript forms
    # written as they are
    ("", ""), ("a=", "a="), ("a=1", "a=1"), ("Hall - east", "Hall - east"), ("x\n=1", "x\n=1"),
    ("'=1", "'=1"), (" ", " "), ("  x", "  x"), ("\x0bx", "\x0bx"), ("5", "5"), ("1-2", "1-2"),
    ("\u2212" + "1", "\u2212" + "1"),  # the minus sign U+2212 is no formula character (NFKC keeps it)
    ("\u200b=1", "\u200b=1"),  # a zero-width space is not white space (str.isspace)
]


@pytest.mark.parametrize(("given", "written"), CELLS)
def test_a_cell_on_each_side_of_the_rule(given, written):
    assert neutralised_text(given) == written
    assert starts_a_formula(given) == (written != given)


def test_no_value_stays_no_value():
    assert neutralised_text(None) is None


@pytest.mark.parametrize(("given", "written"), CELLS)
def test_the_regular_expression_says_what_the_function_says(given, written):
    assert bool(re.match(FORMULA_START, given)) == (written != given)


def test_the_blanks_are_python_s_white_space_and_nul():
    white = {chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()}
    assert set(BLANKS) == white | {"\x00"}


def test_the_characters_are_owasp_s_and_every_other_form_of_them():
    """Every character whose compatibility form (NFKC) begins with =, +, - or @, and no other."""
    assert set(CONTROL_STARTS) == {"\t", "\r", "\n", "\x00"}
    forms = {chr(c) for c in range(sys.maxunicode + 1) if unicodedata.normalize("NFKC", chr(c))[:1] in set("=+-@")}
    assert set(FORMULA_CHARACTERS) == forms and len(FORMULA_CHARACTERS) == len(forms)
    assert set("=+-@＝＋－＠") <= forms


def test_the_regular_expression_and_the_function_agree_on_every_pair():
    firsts = FORMULA_CHARACTERS + CONTROL_STARTS + BLANKS + "'a1é\u2212\u200b"
    for cell in [*firsts, *(b + f for b in BLANKS for f in firsts)]:
        assert bool(re.match(FORMULA_START, cell)) == starts_a_formula(cell), repr(cell)


#: Cells built as the rule reads them (white space, a first character, the rest), and any text.
TRICKY = st.builds(lambda blanks, first, rest: blanks + first + rest,
                   st.text(alphabet=st.sampled_from(BLANKS), max_size=3),
                   st.sampled_from([*FORMULA_CHARACTERS, *CONTROL_STARTS, "", "'", "a", "1", "\u2212", "\u200b"]),
                   st.text(max_size=3)) | st.text(max_size=6)


@given(TRICKY)
def test_the_function_and_the_expression_agree(text):
    assert bool(re.match(FORMULA_START, text)) == starts_a_formula(text)
    assert neutralised_text(text) == ("'" + text if starts_a_formula(text) else text)
