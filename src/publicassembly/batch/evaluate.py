"""Evaluating chunks of spaces under Mount Pleasant Code ch. 164: the bulk path for clean rows, the per-row path
for every other row, and one output table per chunk.

A row is *clean* when every cell is in its plain form (a known use group and unit as written, an area of at most
15 digits with at most 4 after the point, whole numbers for alleys and attendance, a known true/false word, a
venue_id and a space without a control character: `holding_controls`) and consistent (alleys for a bowling alley,
none for other use groups). Clean rows go through `law.bulk` at once;
every other row goes through `evaluate_row`, which calls the jurisdiction's per-row functions and either gives
the same answers or names the column that is wrong and what is allowed. Both paths give identical output for a
clean row (the tests compare them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation
from typing import Any, TypeVar

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from publicassembly.batch.columns import FALSE_WORDS, OUTPUT_NAMES, PROBLEMS_SEPARATOR, TRUE_WORDS
from publicassembly.batch.numbers import blank, parse_fixed
from publicassembly.batch.readers import ECHOED, Chunk
from publicassembly.law import bulk, jurisdictions
from publicassembly.law.jurisdictions import us_ny_mount_pleasant as mp
from publicassembly.law.parameters import ParameterSet, ParameterValues
from publicassembly.law.units import (
    AREA_UNITS,
    MAX_AREA_SQ_FT,
    MAX_COUNT,
    area_sq_ft,
    controls,
    controls_refused,
)

#: The output schema (see `columns.OUTPUT_COLUMNS`). Decimal quantities are text, written as JSON numbers.
OUTPUT_SCHEMA = pa.schema([
    ("row", pa.int64()), ("jurisdiction", pa.string()), ("venue_id", pa.string()), ("space", pa.string()),
    ("use_group", pa.string()), ("area_sq_ft", pa.string()), ("floor_area_per_occupant_sq_ft", pa.string()),
    ("occupant_load", pa.int64()), ("place_of_assembly", pa.string()), ("toilets_required", pa.int64()),
    ("overcrowded", pa.bool_()), ("status", pa.string()), ("error", pa.string()),
])
assert tuple(OUTPUT_SCHEMA.names) == OUTPUT_NAMES

#: Display of `bulk` place-of-assembly codes.
PLACE_OF_ASSEMBLY_TEXT = {bulk.NO: "false", bulk.YES: "true", bulk.NEEDS_REVIEW: "needs_review"}

_MAX_AREA = int(MAX_AREA_SQ_FT)
_AREA_MAX_DIGITS = 15  # digits read by the bulk path (see numbers.parse_fixed)
_WHOLE_MAX_DIGITS = 15
_COMMERCIAL_WORDS = tuple(sorted(TRUE_WORDS)) + tuple(sorted(FALSE_WORDS))
_ALLOWED_BOOL = "true, false, yes, no, y, n, t, f, 1, 0"
_LARGEST = 2**63 - 1  # the largest whole number an output column holds
#: The areas a row may give (interpretation M-31: a room or area of floor area 0 is no room).
_AREA_ALLOWED = "more than 0 (a bowling alley's additional area beyond its alleys: 0 or more)"


T = TypeVar("T")

#: The input columns an ok row echoes as given (`columns.OUTPUT_COLUMNS`): a control character in one of them
#: makes the row an error row naming the column (interpretation B-4, as G-6 for every other input).
CONTROLS_REFUSED_IN = ("venue_id", "space")


class RowError(ValueError):
    """A row that cannot be evaluated; the message names the column and what is allowed."""


@dataclass(frozen=True)
class Setting:
    """What every chunk of one run is evaluated with: the jurisdiction, its parameter values in force on
    ``as_of``, and those values arranged for the bulk path."""

    jurisdiction: jurisdictions.Jurisdiction
    as_of: date
    values: ParameterValues
    law: bulk.SpaceLaw
    names: frozenset[str]
    factor_text: tuple[str, ...]

    @classmethod
    def on(cls, as_of: date, parameters: ParameterSet | None = None) -> Setting:
        """Mount Pleasant's values in force on `as_of`. Raises `ParameterNotInForce` for a date before them."""
        j = mp.JURISDICTION  # the registry's own object; asking the registry would import Carmel's chapter too
        values = (parameters or j.parameters).at(as_of)
        law = bulk.SpaceLaw.from_values(values)
        return cls(j, as_of, values, law, frozenset({j.alias, j.ocd_id.lower()}),
                   tuple(decimal_text(f) for f in law.floor_area_per_occupant))


def decimal_text(value: Decimal) -> str:
    """A Decimal as plain text without exponent or trailing zeros: 30.50 → ``30.5``, 1E+3 → ``1000``."""
    text = format(value.normalize(), "f")
    return "0" if text in ("-0", "0") else text


def area_text(area: Decimal, unit: str) -> str:
    """The area in square feet as shown: rounded half to even to at most `bulk.AREA_DIGITS` decimal places (as
    `bulk.area_square_feet`, and as `check` shows it: `jsonable.number`), so exact for square feet given with
    no more; `unit` is the unit it was given in (square metres are converted before)."""
    exponent = area.as_tuple().exponent
    if unit == "sq_m" or (isinstance(exponent, int) and exponent < -bulk.AREA_DIGITS):
        area = area.quantize(Decimal(1).scaleb(-bulk.AREA_DIGITS), rounding=ROUND_HALF_EVEN)
    return decimal_text(area)


# --- the per-row path -------------------------------------------------------------------------------------

def _cell(cells: Mapping[str, Any], name: str) -> str:
    value = cells.get(name)
    return "" if value is None else str(value).strip()


def _whole(text: str, column: str, what: str) -> int | None:
    """A whole number of `what` from a cell (None when blank): digits, or a decimal of whole value as ``check``
    reads one (``10.0``, also ``1e3``), 0 to `MAX_COUNT` (the law core's input bound). Raises `RowError` naming
    `column`: negative, not a whole number, too large (with the bound), or written with characters other than
    ASCII — full-width ``１００`` or Arabic-Indic ``١٠٠`` digits, which Python's `int` and `Decimal` would take but
    the law core's counts (`units.Count`, as ``check`` and the API read them) refuse (interpretation G-5)."""
    if not text:
        return None
    if not text.isascii():
        raise RowError(f"{column}: {text!r} is not a whole number written in the digits 0-9; a whole number of "
                       f"{what}, 0 or more, in the digits 0-9")
    if text.isdigit() and len(text) <= 18:
        value = int(text)
    else:
        try:
            number = Decimal(text)
        except InvalidOperation:
            number = Decimal("NaN")
        if not number.is_finite():
            raise RowError(f"{column}: {text!r} is not a whole number; a whole number of {what}, 0 or more")
        if number < 0:
            raise RowError(f"{column}: cannot be negative (got {text}); a whole number of {what}, 0 or more")
        if number > MAX_COUNT:
            value = MAX_COUNT + 1
        elif number != number.to_integral_value():
            raise RowError(f"{column}: {text!r} is not a whole number; a whole number of {what}, 0 or more")
        else:
            value = int(number)
    if value > MAX_COUNT:
        raise RowError(f"{column}: {text} is too large; at most {MAX_COUNT:,} {what}")
    return value


def _plain(text: str) -> str:
    """A number written with an exponent (``5e14``, as JSON writers do) written plainly (``500000000000000``), so
    that a message shows it as people write it; other text as it is. Only for exponents that keep the number
    short (at most 40 digits); the others are refused as too large by the law core whatever their form."""
    if "e" not in text.lower():
        return text
    try:
        number = Decimal(text)
    except InvalidOperation:
        return text
    if not number.is_finite() or not -40 <= number.adjusted() <= 40:
        return text
    return decimal_text(number)


def _controls_problem(cells: Mapping[str, Any], name: str) -> str | None:
    """What a row is told of its column `name` when its text holds a control character (`law.units.controls`),
    in the words ``check`` refuses a case's text in (`law.units.controls_refused`: the characters by their code
    points, never themselves); None when it holds none."""
    value = cells.get(name)
    found = controls(value) if isinstance(value, str) else []
    return f"{name}: {controls_refused(found)}" if found else None


def evaluate_row(cells: Mapping[str, Any], setting: Setting) -> dict[str, Any]:
    """One space by the jurisdiction's per-row functions: `cells` maps input columns to text (or None).

    Returns the output fields other than ``row`` (status ``ok``). Raises `RowError` naming every column in
    error, each with what is allowed, joined by `PROBLEMS_SEPARATOR` (" | ") in the order jurisdiction, venue_id,
    space (a control character, B-4), use_group, area_unit, area, alleys, commercial, attendance (a row of several
    mistakes is told all of them at once); then a problem of the space as a whole (alleys for a use group other
    than a bowling alley, a result too large to write)."""
    values = setting.values
    problems: list[str] = []

    def checked(read: Callable[[], T]) -> T | None:
        try:
            return read()
        except RowError as exc:
            problems.append(str(exc))
            return None

    given_j = _cell(cells, "jurisdiction")
    if given_j and given_j.lower() not in setting.names:
        problems.append(f"jurisdiction: {given_j!r} is not evaluated by batch, which runs the spaces of Mount "
                        f"Pleasant Code ch. 164; allowed: {setting.jurisdiction.alias}, "
                        f"{setting.jurisdiction.ocd_id} (or blank)")
    for name in CONTROLS_REFUSED_IN:
        problem = _controls_problem(cells, name)
        if problem:
            problems.append(problem)
    group = _cell(cells, "use_group").lower()
    factor = None
    if not group:
        problems.append(f"use_group: is required; allowed: {', '.join(mp.USE_GROUPS)}")
    else:
        try:
            factor = mp.floor_area_per_occupant(group, values)
        except ValueError as exc:
            problems.append(str(exc))
    unit = _cell(cells, "area_unit").lower() or "sq_ft"
    if unit not in AREA_UNITS:
        problems.append(f"area_unit: {unit!r} is not an area unit; allowed: {', '.join(AREA_UNITS)} (blank: sq_ft)")
    area_given = _cell(cells, "area")
    area = None
    if not area_given:
        problems.append("area: is required; a number of square feet (or square metres with area_unit sq_m), "
                        f"{_AREA_ALLOWED}")
    else:
        try:  # (in square feet when the unit is not one: the number itself is still told)
            area = area_sq_ft(_plain(area_given), unit if unit in AREA_UNITS else "sq_ft", "area")
        except ValueError as exc:
            problems.append(f"{exc}; allowed: a decimal number, {_AREA_ALLOWED}")
        else:
            if area == 0 and factor is not None and not mp.may_have_no_floor_area(group):  # (M-31: no room)
                problems.append(f"area: {mp.no_floor_area(area_given)}")
                area = None
    alleys = checked(lambda: _whole(_cell(cells, "alleys"), "alleys", "alleys"))
    commercial_text = _cell(cells, "commercial").lower()
    commercial = None
    if commercial_text in TRUE_WORDS:
        commercial = True
    elif commercial_text in FALSE_WORDS:
        commercial = False
    elif commercial_text:
        problems.append(f"commercial: {commercial_text!r} is not true or false; allowed: {_ALLOWED_BOOL} "
                        "(blank: not stated)")
    attendance = checked(lambda: _whole(_cell(cells, "attendance"), "attendance", "persons"))
    if problems:
        raise RowError(PROBLEMS_SEPARATOR.join(problems))
    assert factor is not None and area is not None
    try:
        load = mp.occupant_load_of_space(group, area, alleys, values)
    except ValueError as exc:
        raise RowError(str(exc)) from None
    persons = load if attendance is None else max(load, attendance)
    answer = mp.meets_threshold(persons, commercial, values)
    toilets = mp.toilets_required(load if attendance is None else attendance, values)
    if load > _LARGEST or toilets > _LARGEST:
        column = "attendance" if load <= _LARGEST else ("alleys" if alleys and alleys > _LARGEST // 10 else "area")
        raise RowError(f"{column}: too large to write the result (a number of persons above {_LARGEST:,})")
    return {
        "jurisdiction": setting.jurisdiction.alias,
        "venue_id": cells.get("venue_id"),
        "space": cells.get("space"),
        "use_group": group,
        "area_sq_ft": area_text(area, unit),
        "floor_area_per_occupant_sq_ft": decimal_text(factor),
        "occupant_load": load,
        "place_of_assembly": "needs_review" if answer == "needs_review" else ("true" if answer else "false"),
        "toilets_required": toilets,
        "overcrowded": None if attendance is None else mp.is_overcrowded(attendance, load),
        "status": "ok",
        "error": None,
    }


def _echoed(cells: Mapping[str, Any], name: str) -> Any:
    """The cell `name` as an error row echoes it: as given, or None when it holds a control character, which no
    output cell holds (B-4)."""
    value = cells.get(name)
    return None if isinstance(value, str) and controls(value) else value


def with_controls_told(cells: Mapping[str, Any], message: str) -> str:
    """`message` (a row refused before it was evaluated: by its reader, or for a cell that is not UTF-8), followed
    by what each echoed column (`readers.ECHOED`) holding a control character is told: its error row leaves it
    empty (`error_fields`), and says why."""
    told = [p for p in (_controls_problem(cells, name) for name in ECHOED) if p]
    return PROBLEMS_SEPARATOR.join([message, *told]) if told else message


def error_fields(cells: Mapping[str, Any], message: str, setting: Setting) -> dict[str, Any]:
    """The output fields of an error row: the run's jurisdiction (`setting`, as on every row: the law the row
    was read under, also when the row named another jurisdiction, which its message then quotes), the ids as
    given (the use group too, not trimmed or lower-cased, so that the row can be found; one holding a control
    character left empty: B-4), status ``error`` and the message."""
    return {"jurisdiction": setting.jurisdiction.alias, "venue_id": _echoed(cells, "venue_id"),
            "space": _echoed(cells, "space"), "use_group": _echoed(cells, "use_group"), "area_sq_ft": None,
            "floor_area_per_occupant_sq_ft": None, "occupant_load": None, "place_of_assembly": None,
            "toilets_required": None, "overcrowded": None, "status": "error", "error": message}


def rows_table(rows: list[int], fields: list[dict[str, Any]]) -> pa.Table:
    """Output rows built one by one (the per-row path and error rows) as a table of `OUTPUT_SCHEMA`."""
    data: dict[str, list[Any]] = {"row": rows}
    for name in OUTPUT_NAMES[1:]:
        data[name] = [f[name] for f in fields]
    return pa.table(data, schema=OUTPUT_SCHEMA)


# --- the bulk path ----------------------------------------------------------------------------------------

def _text(array: pa.Array, name: str, broken: dict[int, str]) -> pa.Array:
    """A column as UTF-8 text; cells that are not UTF-8 are noted in `broken` (index → message) and blanked."""
    if pa.types.is_string(array.type):
        return array
    if pa.types.is_large_string(array.type):
        return array.cast(pa.string())
    try:
        return array.cast(pa.string())
    except pa.ArrowInvalid:
        out: list[str | None] = []
        for i, raw in enumerate(array.to_pylist()):
            try:
                out.append(None if raw is None else raw.decode("utf-8"))
            except UnicodeDecodeError:
                broken.setdefault(i, f"{name}: is not UTF-8 text")
                out.append(None)
        return pa.array(out, type=pa.string())


def holding_controls(array: pa.Array) -> np.ndarray | None:
    """Which cells of `array` (Arrow strings, valid UTF-8) hold a control character (`law.units.controls`), as a
    mask; None when none does. Found in the UTF-8 bytes with numpy, a few passes over the column's buffer and no
    Python loop or regular expression per cell (most columns hold none): a C0 control that is not white space
    (bytes 0x00-0x08, 0x0E-0x1B), DEL (0x7F), a C1 control other than U+0085 (0xC2 then 0x80-0x9F but 0x85) and a
    direction control (0xE2 0x80 0xAA-0xAE: U+202A-U+202E; 0xE2 0x81 0xA6-0xA9: U+2066-U+2069). In valid UTF-8
    these bytes only ever begin a character, so each is found exactly where the character is."""
    from publicassembly.batch.numbers import _buffers

    if len(array) == 0 or array.null_count == len(array):
        return None
    data, offsets = _buffers(array)
    text = data[int(offsets[0]): int(offsets[-1])]
    if not ((text - np.uint8(0x1C)) > 0x62).any():  # none below 0x1C or above 0x7E (uint8 wraps): printable ASCII
        return None
    single = np.flatnonzero((text < 0x1C) | (text == 0x7F))
    single = single[(text[single] < 0x09) | (text[single] > 0x0D)]  # (a tab or a line break is white space)
    lead = np.flatnonzero((text & 0xDF) == 0xC2)  # 0xC2 or 0xE2 (they differ in the bit 0x20 alone)
    if len(lead):
        last = len(text) - 1
        first, second = text[np.minimum(lead + 1, last)], text[np.minimum(lead + 2, last)]
        c1 = (text[lead] == 0xC2) & (first >= 0x80) & (first <= 0x9F) & (first != 0x85)
        direction = (text[lead] == 0xE2) & (((first == 0x80) & (second >= 0xAA) & (second <= 0xAE))
                                            | ((first == 0x81) & (second >= 0xA6) & (second <= 0xA9)))
        lead = lead[c1 | direction]
    if not len(single) and not len(lead):
        return None
    cells = np.searchsorted(offsets[1:] - offsets[0], np.concatenate([single, lead]), side="right")
    held = np.zeros(len(array), dtype=bool)
    held[cells] = True
    if array.null_count:  # (the bytes of a cell of no value, if any, are no text)
        held &= np.asarray(array.is_valid().to_numpy(zero_copy_only=False), dtype=bool)
    return held if held.any() else None


def _lookup(array: pa.Array, allowed: tuple[str, ...]) -> np.ndarray:
    """Index of each cell in `allowed` as written, −1 when not there."""
    found = pc.index_in(array, value_set=pa.array(allowed, type=pa.string()))
    return np.asarray(found.fill_null(-1).to_numpy(zero_copy_only=False), dtype=np.int64)


_FRACTIONS: pa.Array | None = None


def _fractions() -> pa.Array:
    """".0001" … ".9999" (trailing zeros dropped) and "" for 0, by ten-thousandth."""
    global _FRACTIONS
    if _FRACTIONS is None:
        digits = bulk.AREA_DIGITS
        _FRACTIONS = pa.array([""] + [("." + str(f).rjust(digits, "0")).rstrip("0")
                                      for f in range(1, 10**digits)], type=pa.string())
    return _FRACTIONS


def _area_texts(whole: np.ndarray, frac: np.ndarray) -> pa.Array:
    return pc.binary_join_element_wise(pa.array(whole).cast(pa.string()), _fractions().take(pa.array(frac)), "")


def evaluate_chunk(chunk: Chunk, setting: Setting, per_row: bool = False) -> pa.Table:
    """The output rows of one chunk, in input order (reader errors included). With `per_row`, every row goes
    through `evaluate_row` (the reference path)."""
    n = chunk.size
    broken: dict[int, str] = {}
    cols = {name: _text(arr, name, broken) for name, arr in chunk.columns.items()}
    tables: list[pa.Table] = []
    if chunk.errors:
        given = [chunk.error_cells.get(r, {}) for r, _ in chunk.errors]
        tables.append(rows_table([r for r, _ in chunk.errors],
                                 [error_fields(g, with_controls_told(g, m), setting)
                                  for g, (_, m) in zip(given, chunk.errors, strict=True)]))
    if n:
        tables += _evaluate_rows(chunk.rows, cols, setting, broken, per_row)
    if not tables:
        return OUTPUT_SCHEMA.empty_table()
    if len(tables) == 1:
        return tables[0]
    table = pa.concat_tables(tables)
    return table.take(pc.sort_indices(table, [("row", "ascending")]))


def _evaluate_rows(row_numbers: np.ndarray, cols: dict[str, pa.Array], setting: Setting,
                   broken: dict[int, str], per_row: bool) -> list[pa.Table]:
    n = len(row_numbers)
    law = setting.law
    clean = np.zeros(n, dtype=bool) if per_row else np.ones(n, dtype=bool)
    if broken:
        clean[list(broken)] = False
    group = unit = area = alleys = commercial = attendance = None
    if not per_row:
        if "jurisdiction" in cols:
            j = cols["jurisdiction"]
            clean &= blank(j) | (_lookup(j, (setting.jurisdiction.alias, setting.jurisdiction.ocd_id)) >= 0)
        for name in CONTROLS_REFUSED_IN:  # (most columns hold no byte a control begins with: one numpy pass)
            if name in cols and (held := holding_controls(cols[name])) is not None:
                clean &= ~held
        group = _lookup(cols["use_group"], law.use_groups)
        clean &= group >= 0
        unit = np.zeros(n, dtype=np.int64)
        if "area_unit" in cols:
            u = cols["area_unit"]
            empty = blank(u)
            unit = np.where(empty, 0, _lookup(u, law.area_units))
            clean &= unit >= 0
        area, ok = parse_fixed(cols["area"], _AREA_MAX_DIGITS, bulk.AREA_DIGITS)
        clean &= ok
        bowling = group == law.bowling_alley
        clean &= ~((area == 0) & ~bowling)  # a room of floor area 0 is no room (M-31): refused by the per-row path
        alleys = np.full(n, -1, dtype=np.int64)
        if "alleys" in cols:
            a = cols["alleys"]
            given, ok = parse_fixed(a, _WHOLE_MAX_DIGITS, 0, allow_point=False)
            alleys = np.where(ok, given, -1)
            clean &= ok | blank(a)
            clean &= ~(~bowling & (alleys > 0))  # alleys for another use group: an error, by the per-row path
        clean &= ~(bowling & (alleys < 0))  # a bowling alley needs its alleys: likewise
        commercial = np.full(n, bulk.UNKNOWN, dtype=np.int8)
        if "commercial" in cols:
            c = cols["commercial"]
            word = _lookup(c, _COMMERCIAL_WORDS)
            commercial = np.where(word < 0, bulk.UNKNOWN, word < len(TRUE_WORDS)).astype(np.int8)
            clean &= (word >= 0) | blank(c)
        attendance = np.full(n, -1, dtype=np.int64)
        if "attendance" in cols:
            a = cols["attendance"]
            given, ok = parse_fixed(a, _WHOLE_MAX_DIGITS, 0, allow_point=False)
            attendance = np.where(ok, given, -1)
            clean &= ok | blank(a)
    tables: list[pa.Table] = []
    if clean.any():
        assert group is not None and unit is not None and area is not None
        assert alleys is not None and commercial is not None and attendance is not None
        take = None if clean.all() else np.flatnonzero(clean)

        def pick(x: np.ndarray) -> np.ndarray:
            return x if take is None else x[take]

        g, u, ar = pick(group), pick(unit), pick(area)
        results = bulk.evaluate_spaces(law, g, ar, u, np.maximum(pick(alleys), 0), pick(commercial),
                                       pick(attendance))
        whole, frac, shown = bulk.area_square_feet(law, ar, u)
        # beyond the input bounds of the case models (units.MAX_AREA_SQ_FT, MAX_COUNT): the per-row path, which
        # refuses the row with its message
        within = ((whole < _MAX_AREA) | ((whole == _MAX_AREA) & (frac == 0))) & (pick(alleys) <= MAX_COUNT) \
            & (pick(attendance) <= MAX_COUNT)
        done = results.computed & shown & within
        if not done.all():  # numbers too large for int64: the per-row path
            clean[np.flatnonzero(clean)[~done]] = False
            take = np.flatnonzero(clean)
            sel = np.flatnonzero(done)
            g, u, whole, frac = g[sel], u[sel], whole[sel], frac[sel]
            results = bulk.SpaceResults(*(getattr(results, f)[sel] for f in
                                          ("computed", "occupant_load", "place_of_assembly", "toilets_required",
                                           "overcrowded")))
        if take is None or len(take):
            tables.append(_bulk_table(row_numbers, cols, take, setting, g, whole, frac, results))
    if not clean.all():
        slow = np.flatnonzero(~clean)
        idx = pa.array(slow)
        cells = {name: arr.take(idx).to_pylist() for name, arr in cols.items()}
        rows, fields = [], []
        for k, i in enumerate(slow.tolist()):
            row_cells = {name: v[k] for name, v in cells.items()}
            rows.append(int(row_numbers[i]))
            if i in broken:
                fields.append(error_fields(row_cells, with_controls_told(row_cells, broken[i]), setting))
                continue
            try:
                fields.append(evaluate_row(row_cells, setting))
            except RowError as exc:
                fields.append(error_fields(row_cells, str(exc), setting))
        tables.append(rows_table(rows, fields))
    return tables


def _bulk_table(row_numbers: np.ndarray, cols: dict[str, pa.Array], take: np.ndarray | None, setting: Setting,
                group: np.ndarray, whole: np.ndarray, frac: np.ndarray, results: bulk.SpaceResults) -> pa.Table:
    m = len(group)
    idx = None if take is None else pa.array(take)

    def echo(name: str) -> pa.Array:
        if name not in cols:
            return pa.nulls(m, pa.string())
        return cols[name] if idx is None else cols[name].take(idx)

    law = setting.law
    over = results.overcrowded
    place = pa.array([PLACE_OF_ASSEMBLY_TEXT[c] for c in (bulk.NO, bulk.YES, bulk.NEEDS_REVIEW)], pa.string())
    return pa.table([
        pa.array(row_numbers if take is None else row_numbers[take], pa.int64()),
        pa.repeat(pa.scalar(setting.jurisdiction.alias, pa.string()), m),
        echo("venue_id"),
        echo("space"),
        pa.array(law.use_groups, pa.string()).take(pa.array(group)),
        _area_texts(whole, frac),
        pa.array(setting.factor_text, pa.string()).take(pa.array(group)),
        pa.array(results.occupant_load, pa.int64()),
        place.take(pa.array(results.place_of_assembly)),
        pa.array(results.toilets_required, pa.int64()),
        pa.array(over == 1, pa.bool_(), mask=over < 0),
        pa.repeat(pa.scalar("ok", pa.string()), m),
        pa.nulls(m, pa.string()),
    ], schema=OUTPUT_SCHEMA)
