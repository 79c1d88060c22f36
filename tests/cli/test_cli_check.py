"""`publicassembly check`: case files in, determinations out (text report or JSON); bad input → exit 2 and
one message on standard error naming the file, the field or line, and what is allowed."""

from __future__ import annotations

import json
from datetime import date

import pytest

from publicassembly.cli import app

MP_OCD = "ocd-division/country:us/state:ny/county:westchester/place:mount_pleasant"
CARMEL_OCD = "ocd-division/country:us/state:ny/county:putnam/place:carmel"


def _run(runner, *args):
    return runner.invoke(app, [str(a) for a in args])


def _one_error(result, *needles):
    """Exit 2, nothing on stdout, one line on stderr holding every needle, no traceback."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("publicassembly: error: ")
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return lines[0]


# --- determinations -----------------------------------------------------------------------------------------


def test_json_of_one_venue_is_its_determination(runner, write, venue_yaml):
    """Mount Pleasant § 164-7: a hall of 1,500 sq ft without fixed seats (15 sq ft per occupant) holds 100
    persons; the JSON is the determination's to_json() object, without a "file" key."""
    result = _run(runner, "check", write("hall.yaml", venue_yaml), "--format", "json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["jurisdiction"] == MP_OCD
    assert data["as_of"] == "2026-03-02"
    assert data["certificate_required"] is True
    assert data["occupancy"]["lawful_occupancy"] == 100
    assert "file" not in data
    assert result.stderr == ""


def test_json_equals_the_law_cores_determination(runner, write, venue_yaml):
    """The CLI adds nothing of law: its JSON is exactly publicassembly.law.evaluate(...).to_json()."""
    import yaml

    from publicassembly.law import evaluate

    result = _run(runner, "check", write("hall.yml", venue_yaml), "-f", "json")
    assert json.loads(result.stdout) == evaluate(yaml.safe_load(venue_yaml)).to_json()


def test_several_files_give_an_array_in_order_with_file_keys(runner, write, venue_yaml, event_yaml):
    """Carmel ch. 31 ¶ A (501 persons need a permit) and Mount Pleasant § 164-3 (a certificate), in the order
    given, each with its "file"."""
    event = write("event.yaml", event_yaml)
    venue = write("venue.yaml", venue_yaml)
    result = _run(runner, "check", event, venue, "--format", "json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [d["file"] for d in data] == [str(event), str(venue)]
    assert data[0]["jurisdiction"] == CARMEL_OCD and data[0]["permit_required"] is True
    assert data[1]["jurisdiction"] == MP_OCD and data[1]["certificate_required"] is True


def test_500_persons_need_no_permit_and_exit_code_is_still_0(runner, write, event_yaml):
    """Carmel ch. 31 ¶ A: 500 persons are not in excess of 500; the determination says no permit, and the
    exit code is 0 whatever the determination says."""
    path = write("small.yaml", event_yaml.replace("501", "500"))
    result = _run(runner, "check", path, "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["permit_required"] is False


def test_json_case_file_and_unknown_extension_read_by_content(runner, write, venue_yaml):
    """A .json file is read as JSON; a file with another extension is read by its content (JSON or YAML)."""
    import yaml

    data = yaml.safe_load(venue_yaml)
    data["as_of"] = data["as_of"].isoformat()
    as_json = write("hall.json", json.dumps(data))
    as_txt_json = write("hall.case", json.dumps(data))
    as_txt_yaml = write("hall.txt", venue_yaml)
    outputs = [json.loads(_run(runner, "check", p, "-f", "json").stdout) for p in (as_json, as_txt_json, as_txt_yaml)]
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0]["occupancy"]["lawful_occupancy"] == 100


def test_as_of_option_overrides_the_case_date(runner, write, venue_yaml):
    """--as-of decides the law in force: it wins over the case's own as_of."""
    result = _run(runner, "check", write("hall.yaml", venue_yaml), "--as-of", "2027-01-04", "-f", "json")
    assert json.loads(result.stdout)["as_of"] == "2027-01-04"


def test_without_any_date_the_case_is_determined_today(runner, write, venue_yaml):
    """With no --as-of and no as_of in the case, the date is today's."""
    text = "\n".join(line for line in venue_yaml.splitlines() if not line.startswith("as_of"))
    result = _run(runner, "check", write("hall.yaml", text), "-f", "json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["as_of"] == date.today().isoformat()


def test_text_report_leads_with_the_verdict_and_shows_findings(runner, write, venue_yaml):
    """The text report: file and jurisdiction, then the verdict, occupancy (§ 164-7: 100 persons) and the
    findings with their citations."""
    result = runner.invoke(app, ["check", str(write("hall.yaml", venue_yaml))], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "hall.yaml" in out
    assert "Mount Pleasant" in out and "Venue, as of Mon 2026-03-02 (the date from the case file)" in out
    verdict = out.index("Verdict")
    assert verdict < out.index("Occupancy") < out.index("Findings")
    assert "certificate of the Building Inspector is required" in out
    assert "Lawful occupancy: 100 persons" in out
    assert "Mount Pleasant Code § 164-7" in out
    assert "mount-pleasant/164-7/occupant-load" in out


def test_text_report_prints_brackets_as_written(runner, write, venue_yaml):
    """Names and file names are printed as written: "[red]...[/red]" is text, never console markup."""
    case = venue_yaml.replace("name: Hall", "name: '[red]Hall[/red] [b]'")
    result = runner.invoke(app, ["check", str(write("[bold]hall.yaml", case))], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.stderr
    assert "[red]Hall[/red] [b]" in result.stdout
    assert "[bold]hall.yaml" in result.stdout


def test_a_name_holding_terminal_commands_is_refused_naming_its_control_characters(runner, write, venue_yaml):
    """A name holding terminal commands (clear the screen, set the window title) is refused as every text of a
    case holding a control character (interpretation G-6): exit 2, one line naming the field and the characters
    by their code points, none of them sent to the terminal. (It was printed with visible escapes, as a name.)"""
    case = venue_yaml.replace("name: Hall", 'name: "Hall\\e[2J\\e]0;pwned\\a"')
    for fmt in ("text", "json"):
        result = runner.invoke(app, ["check", str(write("hall.yaml", case)), "--format", fmt])
        _one_error(result, "hall.yaml", "name: must be text without control characters (it holds U+001B, U+0007,")
        assert "\x1b" not in result.output and "\x07" not in result.output


def test_a_file_name_holding_a_control_character_is_shown_as_an_escape(runner, write, venue_yaml):
    """What the report prints as it was given (the file's name) still shows a control character as a visible
    escape, never sends it to the terminal."""
    result = runner.invoke(app, ["check", str(write("hall\x1b[2J.yaml", venue_yaml))], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    assert "\x1b" not in result.stdout and "hall\\x1b[2J.yaml" in result.stdout


def test_text_report_timeline_in_date_order_with_office_closed_mark(runner, write):
    """Carmel ch. 31 ¶ B with GCL § 20: deadlines in date order; for an assembly on Wednesday 2026-09-02 the
    petition is due Saturday 2026-07-04 (60 days before, not extended), marked office closed, act by
    Friday 2026-07-03."""
    text = """\
jurisdiction: carmel-ny
subject: event
as_of: 2026-06-02
max_persons_at_one_time: 2000
dates:
  first_day: 2026-09-02
  last_day: 2026-09-03
submitted_on: 2026-06-02
"""
    result = runner.invoke(app, ["check", str(write("fair.yaml", text))], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Deadlines (in date order)" in out
    assert "Sat 2026-07-04" in out and "office closed (Saturday)" in out and "act by Fri 2026-07-03" in out
    timeline = out[out.index("Deadlines"):out.index("Missing items")]
    rows = [[cell.strip() for cell in line.split("│")[1:3]] for line in timeline.splitlines()
            if line.startswith("│") and line.split("│")[2].strip()]
    # 30 days after submission (§ 20), 60 days before the assembly (not extended), 5 days after its end
    assert rows == [["Thu 2026-07-02", "Decision due"], ["Sat 2026-07-04", "Application due"],
                    ["Tue 2026-09-08", "Cleanup due"]]


def test_penalty_is_shown(runner, write):
    """Mount Pleasant § 164-14: a second offense carries a fine of $100 to $250 and up to 15 days."""
    result = runner.invoke(app, ["check", "examples/mount-pleasant-blocked-exits-second-offense.yaml"],
                           env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Penalty" in out
    assert "$100.00 to $250.00" in out or "$100 to $250" in out
    assert "up to 15 days" in out


# --- bad input: exit 2, one message, the others still checked -----------------------------------------------


def test_missing_file(runner, tmp_path):
    _one_error(_run(runner, "check", tmp_path / "nope.yaml"), "nope.yaml: no such file")


def test_directory(runner, tmp_path):
    _one_error(_run(runner, "check", tmp_path), str(tmp_path), "is a directory")


def test_empty_file(runner, write):
    _one_error(_run(runner, "check", write("empty.yaml", "")), "empty.yaml", "the file is empty",
               "'jurisdiction' and 'subject'")


def test_file_of_comments_only(runner, write):
    _one_error(_run(runner, "check", write("c.yaml", "# nothing\n")), "c.yaml", "holds no data")


def test_binary_file(runner, write):
    _one_error(_run(runner, "check", write("x.yaml", b"\x89PNG\r\n\x1a\n\x00\x00\x00")), "x.yaml", "binary file")


def test_file_not_utf8(runner, write):
    _one_error(_run(runner, "check", write("latin1.yaml", "name: Caf\xe9\n".encode("latin-1"))),
               "latin1.yaml, line 1", "not UTF-8", "0xe9")


@pytest.mark.parametrize(("text", "holds"), [("- a\n- b\n", "a list"), ("hello\n", "a single text"),
                                             ("42\n", "a single number")])
def test_top_level_list_or_scalar(runner, write, text, holds):
    _one_error(_run(runner, "check", write("x.yaml", text)), "x.yaml", holds, "not a mapping")


def test_malformed_yaml_names_line_and_column(runner, write):
    text = "jurisdiction: carmel-ny\nsubject: [event\nas_of: 2026-01-01\n"
    line = _one_error(_run(runner, "check", write("bad.yaml", text)), "bad.yaml, line ", "not valid YAML")
    assert "column" in line


@pytest.mark.parametrize(("text", "found", "begun"), [
    ("jurisdiction: carmel-ny\nname: [Fair\nsubject: event\n", "line 3, column 8",
     "while parsing a flow sequence begun at line 2, column 7, expected ',' or ']'"),
    ('jurisdiction: carmel-ny\nname: "Fair\nsubject: event\n', "line 4, column 1",
     "while scanning a quoted scalar begun at line 2, column 7, found unexpected end of stream"),
    ("jurisdiction: carmel-ny\nname: {a: 1\n", "line 3, column 1",
     "while parsing a flow mapping begun at line 2, column 7, expected ',' or '}'"),
])
def test_unclosed_yaml_says_where_it_was_opened(runner, write, text, found, begun):
    """An unclosed bracket or quote is found only on a later line: the error names that place and where the
    construct was opened (the new-user trial found only the later line named)."""
    _one_error(_run(runner, "check", write("open.yaml", text)), f"open.yaml, {found}", begun)


def test_yaml_error_on_its_own_line_names_no_other(runner, write):
    """A construct whose problem is on the line it begins on names that line alone."""
    line = _one_error(_run(runner, "check", write("same.yaml", "jurisdiction: carmel-ny\nname: [a, {b: c]\n")),
                      "same.yaml, line 2, column 16", "while parsing a flow mapping, expected")
    assert "begun at" not in line


def test_malformed_json_names_line_and_column(runner, write):
    _one_error(_run(runner, "check", write("bad.json", '{"jurisdiction": "carmel-ny",\n "subject": }')),
               "bad.json, line 2, column 13", "not valid JSON")


def test_yaml_duplicate_key_names_key_and_lines(runner, write, event_yaml):
    text = event_yaml + "max_persons_at_one_time: 499\n"
    _one_error(_run(runner, "check", write("dup.yaml", text)), "dup.yaml, line 5",
               "key 'max_persons_at_one_time' is given twice (first on line 4)")


def test_json_duplicate_key(runner, write):
    _one_error(_run(runner, "check", write("dup.json", '{"subject": "event",\n "subject": "venue"}')),
               "dup.json, line 2", "key 'subject' is given twice")


def test_unknown_jurisdiction_lists_the_allowed(runner, write):
    _one_error(_run(runner, "check", write("j.yaml", "jurisdiction: carmel\nsubject: event\n")),
               "j.yaml, line 1", "jurisdiction: unknown jurisdiction 'carmel'", "allowed: carmel-ny",
               "mount-pleasant-ny", MP_OCD)


def test_missing_jurisdiction_lists_the_allowed(runner, write):
    _one_error(_run(runner, "check", write("j.yaml", "subject: event\n")), "jurisdiction: is required",
               "carmel-ny")


def test_unknown_subject_lists_the_allowed(runner, write):
    _one_error(_run(runner, "check", write("s.yaml", "jurisdiction: carmel-ny\nsubject: venue\n")),
               "s.yaml, line 2", "subject: 'venue' is not a subject of carmel-ny; allowed: event")


def test_unknown_use_group_lists_the_allowed(runner, write, venue_yaml):
    """Mount Pleasant § 164-7: a use group not in the table is refused, listing the use groups."""
    text = venue_yaml.replace("assembly_without_fixed_seats", "ballroom")
    _one_error(_run(runner, "check", write("ug.yaml", text)), "ug.yaml, line 7", "spaces[0].use_group",
               "'assembly_fixed_seats'", "'open_air'", "'bowling_alley'")


@pytest.mark.parametrize("area", ["-1", ".nan", ".inf", "-.inf"])
def test_negative_or_non_finite_area(runner, write, venue_yaml, area):
    """Mount Pleasant § 164-7: an area is a finite number of square feet, not negative."""
    text = venue_yaml.replace("area: 1500", f"area: {area}")
    _one_error(_run(runner, "check", write("a.yaml", text)), "a.yaml, line 8", "spaces[0].area")


def test_negative_count(runner, write, event_yaml):
    """Carmel ch. 31 ¶ B(2): a number of persons cannot be negative."""
    text = event_yaml.replace("501", "-5")
    _one_error(_run(runner, "check", write("n.yaml", text)), "n.yaml, line 4", "max_persons_at_one_time")


def test_json_nan_is_refused(runner, write):
    _one_error(_run(runner, "check", write("n.json", '{"jurisdiction": "carmel-ny", "subject": "event", '
                                                     '"max_persons_at_one_time": NaN}')),
               "n.json", "NaN is not a JSON number")


@pytest.mark.parametrize("as_of", ["next tuesday", "01/07/2026"])
def test_bad_date_in_the_case(runner, write, event_yaml, as_of):
    text = event_yaml.replace("as_of: 2026-03-02", f'as_of: "{as_of}"')
    _one_error(_run(runner, "check", write("d.yaml", text)), "d.yaml, line 3", "as_of", "YYYY-MM-DD")


def test_a_month_that_does_not_exist_in_the_case(runner, write, event_yaml):
    text = event_yaml.replace("as_of: 2026-03-02", 'as_of: "2026-13-01"')
    _one_error(_run(runner, "check", write("d.yaml", text)), "d.yaml, line 3",
               "as_of: '2026-13-01' is not a day of the calendar: there is no month 13")


def test_impossible_yaml_date_in_the_case(runner, write, event_yaml):
    text = event_yaml.replace("as_of: 2026-03-02", "as_of: 2026-02-30")
    _one_error(_run(runner, "check", write("d.yaml", text)), "d.yaml, line 3",
               "'2026-02-30' is not a day of the calendar: 2026-02 has 28 days")


def test_unknown_field_is_named(runner, write, event_yaml):
    _one_error(_run(runner, "check", write("f.yaml", event_yaml + "max_person: 3\n")), "f.yaml, line 5",
               "max_person: is not a field", "publicassembly schema")


@pytest.mark.parametrize("value", ["xml", "JSONL", ""])
def test_unsupported_format(runner, write, event_yaml, value):
    _one_error(_run(runner, "check", write("e.yaml", event_yaml), "--format", value), "--format",
               "allowed: text, json")


@pytest.mark.parametrize("value", ["tomorrow", "20260704", "2026-W27-6", "2026-7-4"])
def test_bad_as_of_option(runner, write, event_yaml, value):
    _one_error(_run(runner, "check", write("e.yaml", event_yaml), "--as-of", value), "--as-of",
               "YYYY-MM-DD")


def test_as_of_option_of_no_day(runner, write, event_yaml):
    _one_error(_run(runner, "check", write("e.yaml", event_yaml), "--as-of", "2026-02-30"), "--as-of",
               "'2026-02-30' is not a day of the calendar: 2026-02 has 28 days")


def test_date_before_the_law_names_the_date(runner, write, event_yaml):
    """Carmel ch. 31 was adopted in 1972: on 1960-01-01 no value of it is in force; the message names the
    date and the first effective date."""
    _one_error(_run(runner, "check", write("e.yaml", event_yaml), "--as-of", "1960-01-01"),
               "e.yaml: no law in force on 1960-01-01", "1972-01-01")


def test_bad_file_among_good_ones_is_reported_and_the_others_checked(runner, write, venue_yaml, event_yaml,
                                                                      tmp_path):
    """Several files: each bad one gets its message, the good ones their determinations; exit 2 at the end."""
    good1 = write("event.yaml", event_yaml)
    bad = write("bad.yaml", "- not a case\n")
    good2 = write("venue.yaml", venue_yaml)
    missing = tmp_path / "missing.yaml"
    result = _run(runner, "check", good1, bad, missing, good2, "--format", "json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert [d["file"] for d in data] == [str(good1), str(good2)]
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 2
    assert "bad.yaml" in errors[0] and "missing.yaml: no such file" in errors[1]
    text = _run(runner, "check", good1, bad, good2)
    assert text.exit_code == 2
    assert "event.yaml" in text.stdout and "venue.yaml" in text.stdout
    assert "Traceback" not in text.output


def test_no_file_is_a_usage_error(runner):
    result = _run(runner, "check")
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_internal_error_is_one_line_exit_1(runner, write, event_yaml, monkeypatch):
    """A bug in the law core (not bad input) is reported on one line with exit code 1, no traceback."""
    from publicassembly.cli import law_commands

    def broken(data, as_of=None):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(law_commands, "evaluate", broken)
    result = _run(runner, "check", write("e.yaml", event_yaml))
    assert result.exit_code == 1
    assert "internal error (ZeroDivisionError: division by zero)" in result.stderr
    assert "Traceback" not in result.output


def test_rule_conflict_is_presented_cleanly(runner, write, event_yaml, monkeypatch):
    """A RuleConflict (two rules deciding the same question with no priority between them) is one line naming
    the rules, exit 1."""
    from publicassembly.cli import law_commands
    from publicassembly.law import RuleConflict

    def conflict(data, as_of=None):
        raise RuleConflict("permit_required", ["carmel/a", "carmel/b"])

    monkeypatch.setattr(law_commands, "evaluate", conflict)
    result = _run(runner, "check", write("e.yaml", event_yaml))
    assert result.exit_code == 1
    assert "cannot decide" in result.stderr and "carmel/a, carmel/b" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_every_error_of_a_file_is_listed_with_its_line(runner, write):
    """A file with three bad facts: the first on the error line (saying 2 more), then the other two, each with
    its line, so an organizer fixes them all at once; exit code 2."""
    text = ("jurisdiction: carmel-ny\nsubject: event\nas_of: 2026-07-01\nmax_persons_at_one_time: true\n"
            "admission_fee: -5\nvehicles_at_one_time: x\n")
    result = runner.invoke(app, ["check", str(write("bad.yaml", text))])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert "line 4, column 1: max_persons_at_one_time: expected a whole number, got true (and 2 more errors)" in lines[0]
    assert sorted(line.split(": ")[1] for line in lines[1:]) == ["admission_fee", "vehicles_at_one_time"]
    assert all(line.startswith("  ") and "bad.yaml, line " in line for line in lines[1:])


def test_errors_are_listed_in_the_order_of_the_file(runner, write):
    """The bad facts given in another order than the law core checks them (¶ B's vehicles first, then the
    persons): listed by their lines, the first saying how many more (the new-user trial saw line 17 before 16)."""
    text = ("jurisdiction: carmel-ny\nsubject: event\nas_of: 2026-07-01\nvehicles_at_one_time: 1.5\n"
            "persons_collectively: abc\nmax_persons_at_one_time: -5\n")
    result = runner.invoke(app, ["check", str(write("order.yaml", text))])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert [line.split("line ")[1].split(",")[0] for line in lines] == ["4", "5", "6"]
    assert lines[0].endswith("vehicles_at_one_time: must be a whole number, without a fractional part (got 1.5) "
                             "(and 2 more errors)")
    assert lines[2].endswith("max_persons_at_one_time: must be at least 0 (got -5)")


def test_an_error_quoting_a_case_shows_its_control_characters_as_escapes(runner, write):
    """A refusal that quotes what the case gave (here a use group that is none) never sends its control
    characters to the terminal; a space's name holding them is refused naming them by their code points."""
    text = ('jurisdiction: mount-pleasant-ny\nsubject: venue\nas_of: 2026-07-01\nname: X\nspaces:\n'
            '  - {name: Bar, use_group: "school\\e]0;title\\a", area: 100}\n')
    result = runner.invoke(app, ["check", str(write("esc.yaml", text))])
    line = _one_error(result, "spaces[0].use_group: must be one of:", "(got 'school\\x1b]0;title\\x07')")
    assert "\x1b" not in line and "\x07" not in line
    named = text.replace('name: Bar, use_group: "school\\e]0;title\\a"', 'name: "Bar \\e]0;title\\a", use_group: school')
    result = runner.invoke(app, ["check", str(write("esc.yaml", named))])
    line = _one_error(result, "spaces[0].name: must be text without control characters (it holds U+001B, U+0007,")
    assert "\x1b" not in line and "\x07" not in line


def test_a_key_holding_a_newline_and_an_escape_is_named_on_one_line(runner, write):
    """A field named by the file's own key is shown with its control characters escaped, newline included, so
    the error stays one line and sends nothing to the terminal."""
    text = 'jurisdiction: carmel-ny\nsubject: event\nas_of: 2026-07-01\n"bad\\nkey\\e[2J": 1\n'
    result = runner.invoke(app, ["check", str(write("key.yaml", text))])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "line 4, column 1: bad\\x0akey\\x1b[2J: is not a field of this kind of case" in result.stderr


def test_a_place_with_an_unmeasured_space_has_no_lawful_occupancy_yet(runner, write):
    """§ 164-7, interpretation M-10: a space without its area leaves the lawful occupancy not yet computable —
    the report says so and the JSON gives null, not the measured spaces' sum (a number a sign would state)."""
    text = ("jurisdiction: mount-pleasant-ny\nsubject: venue\nas_of: 2026-05-01\nname: Hall\ncommercial: true\n"
            "spaces:\n  - {name: Hall, use_group: business, area: 1000}\n  - {name: Annex, use_group: business}\n")
    path = write("unmeasured.yaml", text)
    report = runner.invoke(app, ["check", str(path)])
    assert report.exit_code == 0
    assert ("Lawful occupancy: not yet computable (a space's floor area, or a bowling alley's number of alleys, is "
            "missing)") in " ".join(report.stdout.split())
    out = runner.invoke(app, ["check", str(path), "--format", "json"])
    occupancy = json.loads(out.stdout)["occupancy"]
    assert occupancy["lawful_occupancy"] is None and [s["name"] for s in occupancy["spaces"]] == ["Hall"]


@pytest.mark.parametrize(("text", "named"), [
    ("as_of: 2026-02-30\n", "line 3, column 1: as_of: '2026-02-30' is not a day of the calendar: 2026-02 has 28 days"),
    ("as_of: 2026-05-01\ndates:\n  first_day: 2026-08-14\n  last_day: 2026-02-30\n",
     "line 6, column 3: dates.last_day: '2026-02-30' is not a day of the calendar: 2026-02 has 28 days"),
])
def test_an_unquoted_date_not_of_the_calendar_is_named_by_its_field(runner, write, text, named):
    """30 February written as a YAML date (unquoted) is refused naming its field and line, as in quotes — it was
    refused by the YAML reader at its line without saying which field it was."""
    path = write("d.yaml", "jurisdiction: carmel-ny\nsubject: event\n" + text)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2 and named in result.stderr
