"""The columns of a batch: what each input row of a space may hold, and what each output row says.

One input row is one room or space of a place of assembly under Mount Pleasant Code ch. 164 (an open-air area
is a space of use group ``open_air``). Column names are matched after trimming spaces and ignoring case; other
columns are ignored (and named in a warning).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Column:
    """One column: its name, whether every row needs it, and what it holds (for ``--help`` and the docs)."""

    name: str
    required: bool
    help: str


#: Input columns, in the order the docs list them.
INPUT_COLUMNS: tuple[Column, ...] = (
    Column("jurisdiction", False,
           "mount-pleasant-ny (the default when the column is absent or the cell blank) or its OCD id"),
    Column("venue_id", False, "your id of the place of assembly (echoed): text without control characters (an "
                              "escape, a bell, DEL, a C1 control other than U+0085, a direction control "
                              "U+202A-U+202E or U+2066-U+2069; a tab or a line break, U+0085 included, is taken), "
                              "else the row is an error row naming it (interpretation B-4)"),
    Column("space", False, "the room or area's name (echoed): text without control characters, as venue_id"),
    Column("use_group", True,
           "the § 164-7 use group or open_air (§ 164-8), e.g. assembly_without_fixed_seats, business, bowling_alley"),
    Column("area", True,
           "floor area, a decimal number > 0 in area_unit (a room or area of 0 is no room: an error row, M-31; for "
           "bowling_alley: the additional area beyond the alleys and their 15 feet of runway, >= 0)"),
    Column("area_unit", False, "sq_ft (default) or sq_m"),
    Column("alleys", False, "whole number >= 0; required for bowling_alley, blank or 0 for other use groups"),
    Column("commercial", False,
           "true/false (also yes/no, y/n, 1/0): a commercial place of assembly (§ 164-4); blank: not stated"),
    Column("attendance", False, "whole number >= 0 of persons the space is used for; blank: not stated"),
)

INPUT_NAMES: tuple[str, ...] = tuple(c.name for c in INPUT_COLUMNS)
#: The input columns that hold text, not a number or true/false: a JSON Lines row giving one a JSON number or
#: boolean (``{"venue_id": 1}``) is an error row naming it, as a case file refuses a number where text belongs;
#: a Parquet file whose such column is of numbers or booleans is refused up front naming it and its type.
TEXT_NAMES: frozenset[str] = frozenset({"jurisdiction", "venue_id", "space", "use_group", "area_unit"})

#: Between the problems of a row told in its one error cell (a message itself may hold "; ", never " | ").
PROBLEMS_SEPARATOR = " | "
REQUIRED_NAMES: tuple[str, ...] = tuple(c.name for c in INPUT_COLUMNS if c.required)

#: Output columns, in order.
OUTPUT_COLUMNS: tuple[Column, ...] = (
    Column("row", True, "the input row number, from 1 (CSV: the data record, the header and blank lines not "
                        "counted; JSON Lines: the line number; Parquet: the row's position)"),
    Column("jurisdiction", True, "mount-pleasant-ny, the jurisdiction whose law the run applies: on every row, "
                                 "error rows too (a row naming another jurisdiction is an error row whose message "
                                 "quotes what it named)"),
    Column("venue_id", False, "as given (on an error row, empty when it holds a control character)"),
    Column("space", False, "as given (on an error row, empty when it holds a control character)"),
    Column("use_group", False, "on an ok row, the use group read (trimmed, lower case: ' Business ' is "
                               "business); on an error row, as given, so that the row can be found in the input "
                               "(' Business ', BOWLING_ALLEY), empty when it holds a control character"),
    Column("area_sq_ft", False, "the area in square feet (from square metres with 1 sq ft = 0.09290304 m²), "
                                "rounded half to even to at most 4 decimal places, as check shows it (the "
                                "occupant load uses the exact area); written as a plain decimal, without "
                                "trailing zeros or exponent (100.5000 → 100.5, 1e3 → 1000)"),
    Column("floor_area_per_occupant_sq_ft", False, "the use group's floor area per occupant (§ 164-7, § 164-8)"),
    Column("occupant_load", False, "persons the space may hold (§ 164-7, § 164-8), rounded down"),
    Column("place_of_assembly", False, "whether this space alone is a place of assembly (§ 164-4): true, false, "
                                       "or needs_review when commercial is blank and the persons reach the "
                                       "commercial threshold but not the noncommercial one (interpretation M-4)"),
    Column("toilets_required", False, "the least number of toilets for the persons (§ 164-6)"),
    Column("overcrowded", False, "attendance above the occupant load (§ 164-5); blank without attendance"),
    Column("status", True, "ok or error"),
    Column("error", False, "for an error row: each column in error, what was wrong and what is allowed "
                           "(several separated by ' | ')"),
)

OUTPUT_NAMES: tuple[str, ...] = tuple(c.name for c in OUTPUT_COLUMNS)

TRUE_WORDS = frozenset({"true", "t", "yes", "y", "1"})
FALSE_WORDS = frozenset({"false", "f", "no", "n", "0"})


def describe_input() -> str:
    """The input columns as lines of text for ``--help``."""
    return "\n".join(f"{c.name}{' (required)' if c.required else ''}: {c.help}" for c in INPUT_COLUMNS)
