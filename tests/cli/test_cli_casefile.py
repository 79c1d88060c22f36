"""The case-file reader (cli/casefile.py) and parse_case under fuzzing: any bytes, any JSON-like value give a
determination or a clear error (CaseFileError, InvalidCase), never another exception."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from publicassembly.cli.casefile import CaseFileError, parse_bytes, parse_text, read_case_file
from publicassembly.law import Determination, InvalidCase, LawError, evaluate, parse_case
from publicassembly.law.units import WrittenNumber

from .conftest import VENUE_YAML

AS_OF = date(2026, 3, 2)


def test_numbers_with_a_fraction_are_decimal_and_dates_are_dates():
    """Areas (Mount Pleasant § 164-7) are read exactly: 1499.99999999999999999 stays below 1500 (as a float it
    would round up to 1500 and admit one more person); a YAML date is a date, a timestamp stays text."""
    data = parse_text("area: 1499.99999999999999999\nwhen: 2026-07-04\nat: 2026-07-04 10:00\nn: 7\n", "f").data
    assert data["area"] == Decimal("1499.99999999999999999")
    assert data["when"] == date(2026, 7, 4)
    assert data["at"] == "2026-07-04 10:00"
    assert data["n"] == 7 and type(data["n"]) is int
    as_json = parse_text('{"area": 1499.99999999999999999}', "f", "json").data
    assert as_json["area"] == Decimal("1499.99999999999999999")


def test_exact_area_gives_exact_occupant_load():
    """Mount Pleasant § 164-7: 1,499.99999999999999999 sq ft at 15 sq ft per occupant hold 99 persons, not 100."""
    text = ("jurisdiction: mount-pleasant-ny\nsubject: venue\nspaces:\n  - name: Hall\n"
            "    use_group: assembly_without_fixed_seats\n    area: 1499.99999999999999999\n")
    det = evaluate(parse_text(text, "f").data, AS_OF)
    assert det.occupancy.lawful_occupancy == 99


def test_positions_of_fields_for_error_messages():
    """Each field's line and column are recorded; a missing field is placed at the mapping that lacks it."""
    cf = parse_text("jurisdiction: x\nspaces:\n  - name: Hall\n    area: 3\n", "f")
    assert cf.locate("jurisdiction") == (1, 1)
    assert cf.locate("spaces[0].area") == (4, 5)
    assert cf.locate("spaces[0].use_group") == (3, 5)
    assert cf.locate("nowhere") is None
    assert cf.locate("(case)") is None


@pytest.mark.parametrize(
    ("raw", "kind", "needle"),
    [
        (b"a: &x 1\nb: *x\n", "yaml", "aliases"),
        (b"a: !!python/object/apply:os.system [ls]\n", "yaml", "custom YAML tags are not allowed"),
        (b"a: 1\n---\nb: 2\n", "yaml", "expected a single document"),
        (b"\ta: 1\n", "yaml", "not tabs"),
        (b"a: \x07\n", "yaml", "is not allowed in YAML text"),
        (b"[" * 20000, "json", "nested too deeply"),
        (b"a:" + b" [" * 20000, "yaml", "nested too deeply"),
        (b"a: " + b"9" * 5000 + b"\n", "yaml", "too many digits"),
        (b'{"a": ' + b"9" * 5000 + b"}", "json", "too many digits"),
        (b'{"a": Infinity}', "json", "Infinity is not a JSON number"),
        (b"\xef\xbb\xbf", "yaml", "empty"),
        (b"null\n", "yaml", "holds no data"),
        (b"2026-07-04\n", "yaml", "a single date"),
    ],
)
def test_refusals(raw, kind, needle):
    with pytest.raises(CaseFileError) as info:
        parse_bytes(raw, "case.x", kind)
    assert needle in str(info.value)
    assert str(info.value).startswith("case.x")
    assert "\n" not in str(info.value)


def test_byte_order_mark_is_ignored():
    assert parse_bytes(b'\xef\xbb\xbf{"subject": "event"}', "f", "json").data == {"subject": "event"}


def test_file_too_large(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"# " + b"x" * (5 * 1024 * 1024) + b"\n")
    with pytest.raises(CaseFileError, match="larger than 5 MB"):
        read_case_file(path)


def test_unreadable_file(tmp_path):
    import os

    path = tmp_path / "secret.yaml"
    path.write_text("a: 1\n")
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):  # running as root: permissions do not apply
            pytest.skip("permissions are not enforced for this user")
        with pytest.raises(CaseFileError, match="permission denied"):
            read_case_file(path)
    finally:
        path.chmod(0o600)


# --- fuzzing ------------------------------------------------------------------------------------------------

def _determine(raw: bytes, kind: str | None) -> None:
    """Read bytes and determine them; only a determination or a clear error may come out."""
    try:
        data = parse_bytes(raw, "fuzz", kind).data
        result = evaluate(data, AS_OF)
    except CaseFileError as exc:
        _one_line(exc.describe())
        return
    except InvalidCase as exc:  # shown by the CLI as a CaseFileError naming the field
        assert exc.field and exc.message
        _one_line(CaseFileError("fuzz", exc.message, field=exc.field).describe())
        return
    assert isinstance(result, Determination)


def _one_line(message: str) -> None:
    assert message.startswith("fuzz")
    assert len(message.splitlines()) == 1, message


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300), st.sampled_from(["yaml", "json", None]))
def test_arbitrary_bytes_give_a_determination_or_a_clear_error(raw, kind):
    _determine(raw, kind)


_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**6, max_value=10**6), st.text(max_size=20),
    st.decimals(allow_nan=True, allow_infinity=True, places=3),
    st.sampled_from(["n/a", "not_applicable", "2026-07-04", "", "school", "open_air", "sq_m", "event", "venue"]),
)
_json_like = st.recursive(
    _scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=12,
)

_venue_keys = st.sampled_from(["name", "commercial", "attendance", "toilets_provided", "spaces", "certificate",
                               "inspection", "violation", "address", "religious_worship"])
_space_keys = st.sampled_from(["name", "use_group", "area", "area_unit", "alleys", "attendance", "story",
                               "connects_with", "common_entrance"])
_event_keys = st.sampled_from(["name", "max_persons_at_one_time", "persons_collectively", "dates", "sponsor",
                               "applicant", "petition", "conditions", "insurance", "bond", "filed_on",
                               "submitted_on", "hearing", "purpose", "properties"])


def _case(keys, facts):
    return st.dictionaries(keys, facts, max_size=6)


_space = st.fixed_dictionaries({"name": st.text(min_size=1, max_size=8),
                                "use_group": st.sampled_from(["school", "open_air", "bowling_alley",
                                                              "assembly_fixed_seats", "x"])},
                               optional={"area": st.one_of(st.integers(-5, 10**5), st.decimals(places=2),
                                                           st.text(max_size=5)),
                                         "alleys": st.integers(-2, 40), "area_unit": st.sampled_from(["sq_ft",
                                                                                                     "sq_m", "acre"])})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(
    _json_like,
    st.builds(lambda facts: {"jurisdiction": "mount-pleasant-ny", "subject": "venue", **facts},
              _case(_venue_keys, _json_like)),
    st.builds(lambda spaces, extra: {"jurisdiction": "mount-pleasant-ny", "subject": "venue", "spaces": spaces,
                                     **extra},
              st.lists(_space, max_size=3), _case(_venue_keys, _json_like)),
    st.builds(lambda facts: {"jurisdiction": "carmel-ny", "subject": "event", **facts},
              _case(_event_keys, _json_like)),
    st.builds(lambda j, s, facts: {"jurisdiction": j, "subject": s, **facts},
              st.one_of(st.sampled_from(["carmel-ny", "mount-pleasant-ny", "CARMEL-NY"]), _scalars),
              _scalars, st.dictionaries(st.text(max_size=8), _json_like, max_size=3)),
))
def test_arbitrary_json_like_values_give_a_determination_or_a_clear_error(value):
    """parse_case and evaluate on arbitrary data (and the same data through the JSON and YAML readers)."""
    try:
        parse_case(value)
        result = evaluate(value, AS_OF)
    except InvalidCase as exc:
        assert exc.field and exc.message
        _one_line(CaseFileError("fuzz", exc.message, field=exc.field).describe())
    else:
        assert isinstance(result, Determination)
        json.dumps(result.to_json())  # the determination is JSON
    if isinstance(value, dict):
        try:
            text = json.dumps(value, default=str)
        except ValueError:
            return
        _determine(text.encode(), "json")
        _determine(text.encode(), None)


#: Any day of the calendar (year 1 to 9999), with its edges and the edges of the known holidays drawn often.
_any_day = st.one_of(st.dates(), st.sampled_from([date.min, date.max, date(9999, 12, 1), date(2100, 12, 31),
                                                  date(2101, 1, 1), date(1777, 1, 1), date(1776, 12, 31)]))


def _after(day: date, days: int) -> str:
    return date.fromordinal(min(day.toordinal() + days, date.max.toordinal())).isoformat()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=_any_day, length=st.integers(0, 3), submitted=_any_day, held=_any_day,
       as_of=st.one_of(st.just(AS_OF), _any_day), persons=st.integers(min_value=0, max_value=10**6))
def test_any_dates_give_a_determination_or_a_clear_error(first, length, submitted, held, as_of, persons):
    """Dates anywhere in the calendar (year 1 to 9999), where legal time (GCL §§ 20, 24, 25-a) cannot always be
    counted: a determination or a clear error naming a field, never an overflow or another exception."""
    value = {"jurisdiction": "carmel-ny", "subject": "event", "max_persons_at_one_time": persons,
             "dates": {"first_day": first.isoformat(), "last_day": _after(first, length)},
             "submitted_on": submitted.isoformat(), "hearing": {"held_on": held.isoformat()}}
    try:
        result = evaluate(value, as_of)
    except InvalidCase as exc:
        assert exc.field and exc.message
        _one_line(CaseFileError("fuzz", exc.message, field=exc.field).describe())
    except LawError as exc:  # e.g. no parameter in force before the chapter was enacted
        _one_line(f"fuzz: {exc}")
    else:
        assert isinstance(result, Determination)
        json.dumps(result.to_json())


@pytest.mark.parametrize(
    ("case", "field", "message"),
    [
        ({"jurisdiction": "mount-pleasant-ny", "subject": "venue",
          "spaces": [{"name": "Hall", "use_group": "business", "area": "NaN"}]},
         "spaces[0].area", "must be a finite number, got 'NaN'"),
        ({"jurisdiction": "mount-pleasant-ny", "subject": "venue",
          "spaces": [{"name": "Hall", "use_group": "business", "area": -5}]},
         "spaces[0].area", "an area cannot be negative (got -5)"),
        ({"jurisdiction": "carmel-ny", "subject": "event", "max_persons_at_one_time": 600,
          "dates": {"first_day": "2026-13-45", "last_day": "2026-07-05"}},
         "dates.first_day", "'2026-13-45' is not a day of the calendar: there is no month 13"),
        ({"jurisdiction": "mount-pleasant-ny", "subject": "venue",
          "spaces": [{"name": "Hall", "use_group": "business", "area": 100}], "certificate": {"issued": "July 4"}},
         "certificate.issued", "must be a date written YYYY-MM-DD, e.g. 2026-07-04 (got 'July 4'"),
    ],
)
def test_bad_facts_name_the_field_once_and_say_what_is_allowed(case, field, message):
    """The field is named by the error, once; a date's error shows the form wanted (both chapters alike)."""
    with pytest.raises(InvalidCase) as info:
        parse_case(case)
    assert info.value.field == field
    assert info.value.message.startswith(message)
    assert not info.value.message.startswith(field.rsplit(".", 1)[-1] + ":")


# --- numbers as YAML 1.1 writes them (interpretation G-7) -----------------------------------------------------


@pytest.mark.parametrize(
    ("written", "read"),
    [("6:20", "6:20"), ("1:30.5", "1:30.5"), ("-6:20", "-6:20"), ("017", "017"), ("0o17", "0o17"),
     ("0x1F", "0x1F"), ("0b101", "0b101"), ("1_000", "1_000"), ("1_000.5", "1_000.5"), ("10:00", "10:00"),
     ("!!int 0x1F", "0x1F"), ("!!int 6:20", "6:20"), ("!!float 1_000.5", "1_000.5"),
     ("620", 620), ("+620", 620), ("-7", -7), ("0", 0), ("1.5", Decimal("1.5")), ("-.5", Decimal("-0.5")),
     ("1.5e+3", Decimal("1.5e+3")), ("!!int 17", 17), ("!!float 2", Decimal(2)),
     ("yes", True), ("no", False), ("true", True), ("False", False), ("on", True), ("null", None),
     ("2026-07-04", date(2026, 7, 4))],
)
def test_a_yaml_scalar_is_a_number_only_when_written_as_a_plain_number(written, read):
    """YAML 1.1 (PyYAML) reads ``6:20`` as 380, ``017`` as 15, ``0x1F`` as 31 and ``1_000`` as 1000: a case
    file reads them as the text written (as YAML 1.2 does the sexagesimal ones), for the fact's type to refuse
    naming the field. YAML's booleans, nulls and dates are read as before."""
    value = parse_text(f"v: {written}\n", "f.yaml", "yaml").data["v"]
    assert value == read
    if type(read) is Decimal:  # exact, keeping the text written for a refusal to quote
        assert type(value) is WrittenNumber and str(value) == written.removeprefix("!!float ")
    else:
        assert type(value) is type(read)


@pytest.mark.parametrize("written", ["6:20", "0:620", "0x26C", "0o1154", "0b1001101100", "!!int 0x26C"])
def test_check_refuses_a_count_in_a_yaml_1_1_number_form_naming_the_field(runner, write, written):
    """`attendance: 6:20` was determined as 380 persons: it is refused as not a whole number, with the field,
    its line and the value as written."""
    text = VENUE_YAML.replace("commercial: true\n", f"commercial: yes\nattendance: {written}\n")
    result = _check(runner, write("n.yaml", text))
    assert result.exit_code == 2, result.output
    shown = written.removeprefix("!!int ")
    assert (f"n.yaml, line 5, column 1: attendance: must be a whole number (got '{shown}')"
            in result.stderr), result.stderr
    assert "Traceback" not in result.output


def test_check_refuses_a_count_written_with_underscores_naming_the_field(runner, write):
    """``attendance: 1_000`` (YAML 1.1: 1000) is refused as written, like "1_000" anywhere (G-7)."""
    text = VENUE_YAML.replace("commercial: true\n", "commercial: yes\nattendance: 1_000\n")
    result = _check(runner, write("u.yaml", text))
    assert result.exit_code == 2, result.output
    assert ("u.yaml, line 5, column 1: attendance: must be a whole number written without '_' (got '1_000')"
            in result.stderr), result.stderr


@pytest.mark.parametrize(("old", "new", "told"), [
    ("commercial: true", "commercial: yes\nattendance: .nan",
     "line 5, column 1: attendance: must be a whole number (got .nan)"),
    ("commercial: true", "commercial: yes\nattendance: -.inf",
     "line 5, column 1: attendance: must be a whole number (got -.inf)"),
    ("area: 1500", "area: .inf", "line 8, column 5: spaces[0].area: must be a finite number, got '.inf'"),
])
def test_check_refuses_yaml_infinity_naming_the_field(runner, write, old, new, told):
    """YAML's ``.inf``/``.nan`` were told "Input should be a finite number" (pydantic's words); they are quoted
    as written (``.nan``, not Decimal's ``NaN``)."""
    result = _check(runner, write("inf.yaml", VENUE_YAML.replace(old, new)))
    assert result.exit_code == 2, result.output
    assert f"inf.yaml, {told}" in result.stderr, result.stderr
    assert "Input should" not in result.output


def test_check_refuses_infinity_in_a_carmel_amount_in_the_words_of_money(runner, write):
    text = ("jurisdiction: carmel-ny\nsubject: event\nas_of: 2026-03-02\nmax_persons_at_one_time: 600\n"
            "admission_fee: .inf\n")
    result = _check(runner, write("fee.yaml", text))
    assert result.exit_code == 2, result.output
    assert ("fee.yaml, line 5, column 1: admission_fee: must be a finite amount in US dollars (got .inf)"
            in result.stderr), result.stderr


def test_check_takes_a_plain_count_and_a_yaml_yes(runner, write):
    """The other side: ``attendance: 620`` is 620 persons and ``commercial: yes`` is true (§ 164-4); the hall
    holds 100 (§ 164-7), so 620 persons overcrowd it (§ 164-5)."""
    from publicassembly.cli import app

    text = VENUE_YAML.replace("commercial: true\n", "commercial: yes\nattendance: 620\n")
    result = runner.invoke(app, ["check", str(write("ok.yaml", text)), "--format", "json"])
    assert result.exit_code == 0, result.output
    findings = {f["rule"]: f for f in json.loads(result.stdout)["findings"]}
    assert findings["mount-pleasant/164-4/place-of-assembly"]["values"]["commercial"] is True
    assert findings["mount-pleasant/164-5/overcrowding"]["values"]["persons"] == 620


# --- facts the law core refuses at validation, named with their line by `check` ------------------------------

_CARMEL_FAR_DATE = """\
jurisdiction: carmel-ny
subject: event
as_of: 2026-03-02
max_persons_at_one_time: 600
dates:
  first_day: {day}
"""


def _check(runner, path):
    from publicassembly.cli import app

    return runner.invoke(app, ["check", str(path)])


@pytest.mark.parametrize("day", ["9999-12-31", "2100-01-01", "1777-12-31"])
def test_check_names_a_date_outside_the_fact_years_with_its_field_and_line(runner, write, day):
    """Interpretation G-2: a date fact outside the years whose holidays are known is refused under its own
    field and line (it was reported as `date`, with no line, when the deadlines were counted)."""
    result = _check(runner, write("far.yaml", _CARMEL_FAR_DATE.format(day=day)))
    assert result.exit_code == 2, result.output
    line = result.stderr.strip()
    assert "far.yaml, line 6, column 3: dates.first_day: must be a date from 1778-01-01 to 2099-12-31" in line
    assert f"got {day}" in line
    assert "Traceback" not in result.output


@pytest.mark.parametrize("day", ["1778-01-01", "2099-12-31"])
def test_check_accepts_a_date_on_the_edge_of_the_fact_years(runner, write, day):
    """G-2: the first and last days of the fact years are facts like any other (determined under the law in
    force on 2026-03-02; legal time counted from them stays in the known years)."""
    result = _check(runner, write("edge.yaml", _CARMEL_FAR_DATE.format(day=day)))
    assert result.exit_code == 0, result.output
    assert "dates.first_day" not in result.stderr
    assert "must be a date from" not in result.stderr
    assert "A permit from the Town Board is required" in result.stdout  # 600 persons, ¶ A


def test_check_refuses_true_as_a_number_of_persons_with_its_line(runner, write):
    result = _check(runner, write("bool.yaml", "jurisdiction: carmel-ny\nsubject: event\nas_of: 2026-03-02\n"
                                               "max_persons_at_one_time: true\n"))
    assert result.exit_code == 2
    assert "line 4, column 1: max_persons_at_one_time: expected a whole number, got true" in result.stderr
    assert "1 persons" not in result.output


def test_check_says_a_jurisdiction_must_be_text(runner, write):
    result = _check(runner, write("j.yaml", "jurisdiction: 5\nsubject: event\n"))
    assert result.exit_code == 2
    assert "jurisdiction: must be text, one of the allowed names: carmel-ny" in result.stderr


def test_json_positions_are_found_only_when_asked_for(monkeypatch):
    """A JSON file's field positions take reading the text again (with the YAML composer): only an error
    naming a field asks for them, and then they are the same as if read at once."""
    import publicassembly.cli.casefile as casefile

    text = '{\n  "jurisdiction": "x",\n  "spaces": [\n    {"name": "Hall", "area": 3}\n  ]\n}\n'
    calls: list[str] = []
    found = casefile._json_positions

    def counted(source: str):
        calls.append(source)
        return found(source)

    monkeypatch.setattr(casefile, "_json_positions", counted)
    cf = parse_text(text, "f", "json")
    assert calls == []
    assert cf.locate("spaces[0].area") == (4, 22)
    assert cf.locate("spaces[0].use_group") == (4, 5)
    assert cf.locate("jurisdiction") == (2, 3)
    assert len(calls) == 1
