"""Text cells of the CSV files the project writes (batch results, the BLDS export), kept from being run as
spreadsheet formulas: the one rule of OWASP's "CSV Injection" as this project applies it, for a Python string
(`neutralised_text`) and, as a regular expression, for Arrow's kernels (`FORMULA_START`, used by the batch's
CSV writer).

The rule: a text cell is written after a single quote (``'``), which makes Excel and LibreOffice Calc read it as
text, never as a formula (the quote may show; a reader of the file by program sees it), when

- it begins with a tab, a carriage return, a line feed or a NUL (`CONTROL_STARTS`: OWASP lists the first three,
  the ASVS 5.0, requirement 1.2.10, the NUL), or
- its first character that is not white space (`BLANKS`: Unicode white space, as Python's `str.isspace`, and
  NUL) is ``=``, ``+``, ``-`` or ``@`` or another form of one of them: full-width ``＝ ＋ － ＠``, small,
  superscript or subscript (`FORMULA_CHARACTERS`: every character that Unicode's compatibility normalization,
  NFKC, turns into one of the four). A spreadsheet may trim the spaces before a formula (``"  =1+1"``), and
  one that normalizes text would read ``＝1+1`` as ``=1+1``. OWASP lists neither case; a quote too many costs
  a clerk a character, a formula run costs more.

Every other cell is written as it is: ``a=1`` (the sign inside), ``Hall - east``, an empty cell, no value.
Numbers are never passed through the rule (a negative number, ``-5`` or a longitude ``-73.79``, stays a
number); a number written in a text column is text, and ``-5`` there is written ``'-5``. A cell already
beginning with a quote is left alone (the quote is no formula). Separators and quotes inside a cell cannot
start a new cell: both writers enclose such a cell in double quotes and double a quote inside it (RFC 4180),
so the rule applies to each whole cell. JSON output is never touched: it gives every text as it was.
"""

from __future__ import annotations

#: The characters that make a spreadsheet read a cell as a formula when it begins with one, also after white
#: space: ``=``, ``+``, ``-``, ``@``, and every character NFKC turns into one of them — full-width ``＝ ＋ － ＠``
#: (U+FF1D, U+FF0B, U+FF0D, U+FF20), small ``﹦ ﹢ ﹣ ﹫`` (U+FE66, U+FE62, U+FE63, U+FE6B), superscript and
#: subscript ``⁼ ⁺ ₌ ₊`` (U+207C, U+207A, U+208C, U+208A), the Hebrew alternative plus sign U+FB29 and the
#: doubled and tripled equals signs U+2A75, U+2A76.
FORMULA_CHARACTERS = ("=+-@\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63\ufe6b\u207c\u207a\u208c\u208a\ufb29"
                      "\u2a75\u2a76")

#: The characters that make a cell dangerous when it begins with one, whatever follows (a spreadsheet may drop
#: them and read what comes next as a new cell or a formula): tab, carriage return, line feed, NUL.
CONTROL_STARTS = "\t\r\n\x00"

#: White space skipped before a formula character: every character Python's `str.isspace` calls white space
#: (ASCII space, tab, line feed, vertical tab, form feed, carriage return, the information separators
#: U+001C–U+001F, next line U+0085, no-break space U+00A0, the Unicode spaces U+1680, U+2000–U+200A, U+2028,
#: U+2029, U+202F, U+205F and the ideographic space U+3000), and NUL.
BLANKS = ("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
          "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\x00")

#: The quote written before a dangerous cell.
QUOTE = "'"


def starts_a_formula(text: str) -> bool:
    """Whether a spreadsheet could run `text` as a formula if it were written as it is (the rule above): it
    begins with one of `CONTROL_STARTS`, or its first character not in `BLANKS` is one of
    `FORMULA_CHARACTERS`. False for an empty text."""
    if not text:
        return False
    if text[0] in CONTROL_STARTS:
        return True
    rest = text.lstrip(BLANKS)
    return bool(rest) and rest[0] in FORMULA_CHARACTERS


def neutralised_text(text: str | None) -> str | None:
    """One text cell as a CSV for a spreadsheet writes it: after a single quote when it `starts_a_formula`
    (``=cmd|' /C calc'!A0`` → ``'=cmd|' /C calc'!A0``, ``  =1+1`` → ``'  =1+1``, ``＝1`` → ``'＝1``), else
    as it is (``a=1``, ``''``; None stays None). Only for text: numbers are written without it."""
    if text is None or not starts_a_formula(text):
        return text
    return QUOTE + text


def _in_class(chars: str) -> str:
    """A character class of a regular expression, the same for Python's `re` and RE2 (Arrow): each ASCII
    character as ``\\xHH``, every other as itself."""
    return "[" + "".join(f"\\x{ord(c):02x}" if ord(c) < 0x80 else c for c in chars) + "]"


#: `starts_a_formula` as a regular expression for Arrow's ``match_substring_regex`` (RE2), derived from the
#: same characters: the text begins with one of `CONTROL_STARTS`, or with any run of `BLANKS` followed by one of
#: `FORMULA_CHARACTERS`. The tests check that the two agree cell by cell.
FORMULA_START = (f"^(?:{_in_class(CONTROL_STARTS)}|{_in_class(BLANKS)}*{_in_class(FORMULA_CHARACTERS)})")

#: The rule in words, for ``--help`` texts.
RULE_IN_WORDS = (
    "a text cell that begins with =, +, - or @ or another form of them (full-width ＝ ＋ － ＠, small, "
    "superscript or subscript), also after spaces or other white space, or with a tab, a carriage return, a "
    "line feed or a NUL, is written after a single quote "
    "('=SUM(A1) for =SUM(A1)), so that Excel or LibreOffice shows it as text and never runs it as a formula "
    "(OWASP, \"CSV Injection\")"
)
