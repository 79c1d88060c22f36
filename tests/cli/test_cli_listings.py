"""`publicassembly schema`, `rules` and `parameters`: the law's structure, rules and numbers as the core holds
them, and the help text of every command."""

from __future__ import annotations

import json

import pytest

from publicassembly.cli import app
from publicassembly.law import case_schema, jurisdictions

WIDE = {"COLUMNS": "250"}


def _run(runner, *args):
    return runner.invoke(app, list(args), env=WIDE)


def test_schema_is_the_law_cores_json_schema(runner):
    """`schema` prints publicassembly.law.case_schema() as JSON: one alternative per jurisdiction and
    subject; Mount Pleasant's use groups (§ 164-7) appear as allowed values."""
    result = _run(runner, "schema")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data == json.loads(json.dumps(case_schema()))
    assert {alt["properties"]["subject"]["const"] for alt in data["oneOf"]} == {"event", "venue"}
    assert "assembly_without_fixed_seats" in result.stdout and "open_air" in result.stdout


def test_rules_lists_every_rule_in_chapter_order(runner):
    """`rules --format json` lists every rule of both chapters in the rule books' order, with citation."""
    result = _run(runner, "rules", "--format", "json")
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    expected = [(j.alias, r.id, r.citation) for j in jurisdictions.all_jurisdictions() for r in j.rules]
    assert [(r["jurisdiction"], r["id"], r["citation"]) for r in rows] == expected
    assert all(r["summary"] for r in rows)


def test_rules_text_for_one_jurisdiction(runner):
    """`rules -j mount-pleasant-ny`: only ch. 164, with its citations (e.g. § 164-7)."""
    result = _run(runner, "rules", "--jurisdiction", "mount-pleasant-ny")
    assert result.exit_code == 0
    assert "Mount Pleasant Code § 164-7" in result.stdout
    assert "mount-pleasant/164-7/occupant-load" in result.stdout
    assert "carmel/" not in result.stdout
    j = jurisdictions.get("mount-pleasant-ny")
    out = result.stdout
    positions = [out.index(r.id) for r in j.rules]
    assert positions == sorted(positions)  # chapter order


def test_rules_summary_is_the_whole_first_paragraph(runner):
    """A rule's summary is the first paragraph of its docstring, not a line cut short."""
    rows = json.loads(_run(runner, "rules", "-f", "json").stdout)
    assert all(not r["summary"].endswith((",", " with", " the", " a")) for r in rows), [
        r["summary"] for r in rows if r["summary"].endswith((",", " with", " the", " a"))]


def test_parameters_every_dated_value(runner):
    """`parameters --format json`: every parameter with unit, citation and every dated value; Carmel's
    permit threshold (ch. 31 ¶ A) is 500 persons from 1972-01-01."""
    result = _run(runner, "parameters", "--format", "json")
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    count = sum(len(j.parameters) for j in jurisdictions.all_jurisdictions())
    assert len(rows) == count
    threshold = next(r for r in rows if r["jurisdiction"] == "carmel-ny" and r["name"] == "permit.threshold_persons")
    assert threshold["unit"] == "persons"
    assert "¶ A" in threshold["cite"]
    assert {"effective": "1972-01-01", "value": 500} in threshold["values"]
    width = next(r for r in rows if r["name"] == "signs.letter_width_in")
    assert width["values"][-1]["value"] == 0.375  # § 164-9: 3/8 inch


def test_parameters_in_force_on_a_date(runner):
    """`parameters --as-of`: the value in force and since when; before the chapter, none is in force."""
    rows = json.loads(_run(runner, "parameters", "-j", "carmel-ny", "--as-of", "2026-07-01", "-f", "json").stdout)
    threshold = next(r for r in rows if r["name"] == "permit.threshold_persons")
    assert threshold["value"] == 500 and threshold["in_force"] is True
    assert threshold["effective_since"] == "1972-01-01"
    assert {r["jurisdiction"] for r in rows} == {"carmel-ny"}
    before = json.loads(_run(runner, "parameters", "-j", "carmel-ny", "--as-of", "1971-12-31", "-f", "json").stdout)
    first = next(r for r in before if r["name"] == "permit.threshold_persons")
    assert first["in_force"] is False and first["value"] is None and first["first_effective"] == "1972-01-01"


def test_parameters_text(runner):
    """The text table shows name, value with unit, effective date and citation (Mount Pleasant § 164-7)."""
    result = _run(runner, "parameters", "-j", "mount-pleasant-ny", "--as-of", "2026-01-01")
    assert result.exit_code == 0
    out = result.stdout
    assert "in force on 2026-01-01" in " ".join(out.split())  # (Rich wraps the title to the table's width)
    assert "Mount Pleasant Code § 164-7" in out
    assert "since " in out
    assert "carmel-ny" not in out
    assert "from 19" in _run(runner, "parameters", "-j", "carmel-ny").stdout


def test_parameters_text_says_one_unit_in_the_singular(runner):
    """Carmel ch. 31 exemptions: a chapter in the Town for at least 1 year; ¶ C(8): 1 physician; Mount Pleasant
    § 164-9: letters 1 inch high — never "1 years", "1 physicians", "1 inches"."""
    carmel = _run(runner, "parameters", "-j", "carmel-ny", "--as-of", "2026-01-01").stdout
    assert "1 year " in carmel and "1 years" not in carmel
    assert "1 physician " in carmel and "1 physicians" not in carmel
    assert "500 persons" in carmel
    mount_pleasant = _run(runner, "parameters", "-j", "mount-pleasant-ny", "--as-of", "2026-01-01").stdout
    assert "1 inch " in mount_pleasant and "1 inches" not in mount_pleasant


def test_parameters_text_shows_words_without_the_unit_text(runner):
    """A value in words was followed by its unit: "red text", "violation text", "Town Justice Court of the Town
    of Carmel text"; and § 164-14's offense number read "3 offense number"."""
    wide = {"COLUMNS": "200"}
    carmel = runner.invoke(app, ["parameters", "-j", "carmel-ny"], env=wide).stdout
    assert "│ Town Justice Court of the Town of Carmel " in carmel
    mount_pleasant = runner.invoke(app, ["parameters", "-j", "mount-pleasant-ny", "--as-of", "2026-01-01"],
                                   env=wide).stdout
    for words in ("red", "white", "bold", "violation", "misdemeanor",
                  "Town Justice Court of the Town of Mount Pleasant"):
        assert f"│ {words} " in mount_pleasant, words
    assert " text " not in carmel + mount_pleasant
    assert "│ the 3rd offense " in mount_pleasant and "offense number" not in mount_pleasant


@pytest.mark.parametrize(("value", "unit", "shown"), [
    ("red", "text", "red"), (None, "text", "not fixed by the chapter"),
    (1, "offense number", "the 1st offense"), (2, "offense number", "the 2nd offense"),
    (3, "offense number", "the 3rd offense"), (4, "offense number", "the 4th offense"),
    (11, "offense number", "the 11th offense"), (12, "offense number", "the 12th offense"),
    (13, "offense number", "the 13th offense"), (21, "offense number", "the 21st offense"),
    (22, "offense number", "the 22nd offense"), (101, "offense number", "the 101st offense"),
    (111, "offense number", "the 111th offense"),
    (None, "offense number", "not fixed by the chapter (offense number)"),
    (1, "years", "1 year"), (2, "years", "2 years"), (None, "months", "not fixed by the chapter (months)")])
def test_a_parameter_value_is_shown_as_read(value, unit, shown):
    from publicassembly.cli.law_commands import _shown

    assert _shown(value, unit) == shown


@pytest.mark.parametrize("command", ["rules", "parameters"])
def test_unknown_jurisdiction_lists_allowed_names(runner, command):
    result = _run(runner, command, "--jurisdiction", "carmel")
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1
    assert "--jurisdiction: unknown jurisdiction 'carmel'; allowed: carmel-ny" in line
    assert "mount-pleasant-ny" in line


@pytest.mark.parametrize("command", ["rules", "parameters"])
def test_bad_format(runner, command):
    result = _run(runner, command, "--format", "csv")
    assert result.exit_code == 2
    assert "--format: 'csv' is not a format; allowed: text, json" in result.stderr


def test_parameters_bad_as_of(runner):
    result = _run(runner, "parameters", "--as-of", "1 July 2026")
    assert result.exit_code == 2
    assert "--as-of: '1 July 2026' is not a date; write it as YYYY-MM-DD" in result.stderr


def test_jurisdiction_by_open_civic_data_id(runner):
    ocd = "ocd-division/country:us/state:ny/county:putnam/place:carmel"
    rows = json.loads(_run(runner, "rules", "-j", ocd, "-f", "json").stdout)
    assert rows and {r["jurisdiction"] for r in rows} == {"carmel-ny"}


# --- help is documentation ----------------------------------------------------------------------------------


def test_app_help_lists_the_law_commands_and_exit_codes(runner):
    result = _run(runner, "--help")
    assert result.exit_code == 0
    out = result.stdout
    for command in ("check", "schema", "rules", "parameters"):
        assert command in out
    assert "Carmel" in out and "Mount Pleasant" in out
    assert "Exit codes: 0" in out and "2 for bad input" in out


def test_no_arguments_shows_help(runner):
    result = runner.invoke(app, [], env=WIDE)
    assert "Usage" in result.output and "check" in result.output


@pytest.mark.parametrize(
    ("command", "needles"),
    [
        ("check", ["FILE", "--as-of", "YYYY-MM-DD", "--format", "text|json", "jurisdiction", "subject",
                   "publicassembly schema", "Exit code 0", "the exit code is 2", "\"file\" key", ".yaml", ".json"]),
        ("schema", ["JSON Schema"]),
        ("rules", ["--jurisdiction", "carmel-ny", "mount-pleasant-ny", "--format", "chapter"]),
        ("parameters", ["--jurisdiction", "--as-of", "--format", "unit", "citation", "effective"]),
    ],
)
def test_command_help(runner, command, needles):
    result = _run(runner, command, "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.replace("│", " ").split())
    for needle in needles:
        assert needle in text, (command, needle)


def test_version(runner):
    import publicassembly

    result = _run(runner, "--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"publicassembly {publicassembly.__version__}"


def test_a_null_the_chapter_sets_as_none_says_none_not_unfixed(runner):
    """Mount Pleasant § 164-14 sets no imprisonment for a first offense, counts a second offense's in days and a
    subsequent one's in months: `parameters` says "none", not "not fixed by the chapter", which a clerk reads as
    no limit; Carmel's filing fee (ch. 31, fee: established annually by the Town Board) is not fixed by it."""
    from publicassembly.cli.law_commands import _parameter_rows
    from publicassembly.law import jurisdictions

    rows = {r["name"]: r for r in _parameter_rows((jurisdictions.get("mount-pleasant-ny"),
                                                   jurisdictions.get("carmel-ny")), None)}
    for name in ("penalties.first.max_jail_days", "penalties.first.max_jail_months"):
        assert rows[name]["values"][0]["value"] is None
        assert rows[name]["null_means"].startswith("none: § 164-14 sets no imprisonment for a first offense")
    assert rows["penalties.second.max_jail_months"]["null_means"].startswith("none in months")
    assert rows["penalties.subsequent.max_jail_days"]["null_means"].startswith("none in days")
    # a parameter the chapter fixes (15 days for a second offense) says nothing of a null it never has
    assert rows["penalties.second.max_jail_days"]["values"][0]["value"] == 15
    assert rows["penalties.second.max_jail_days"]["null_means"] is None
    assert rows["fees.filing"]["null_means"].startswith("not fixed by the chapter: established annually")
    out = _run(runner, "parameters", "--jurisdiction", "mount-pleasant-ny").output
    assert "none: § 164-14 sets no imprisonment for a first offense" in out
    assert "not fixed by the chapter" not in out
