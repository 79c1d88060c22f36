"""Date options of every command (--as-of of check, sign, report, area, parameters, batch; --today of remind)
take the dates a case file or the API takes: YYYY-MM-DD in 1778-01-01..2099-12-31 (`law.units.known_date`,
interpretation G-2). Outside it: exit 2, one line naming the option and the allowed years, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from publicassembly.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ALLOWED = "must be a date from 1778-01-01 to 2099-12-31"


def _commands(tmp_path: Path, option: str, value: str) -> dict[str, list[str]]:
    out = str(tmp_path / "out.bin")
    return {
        "check": ["check", str(EXAMPLES / "carmel-county-fair.yaml"), option, value],
        "report": ["report", str(EXAMPLES / "carmel-county-fair.yaml"), "-o", out, option, value],
        "sign": ["sign", "--certificate", "C-1", "--occupancy", "100", "--room", "Hall", "-o",
                 str(tmp_path / "out.pdf"), option, value],  # (a PDF's name: sign tells every option refused)
        "area": ["area", str(EXAMPLES / "site.geojson"), option, value],
        "parameters": ["parameters", option, value],
        "batch": ["batch", str(EXAMPLES / "spaces.csv"), "-o", out, option, value],
    }


COMMANDS = ("check", "report", "sign", "area", "parameters", "batch")


def _refused(result, option: str, value: str) -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"publicassembly: error: {option}: {ALLOWED}"), lines[0]
    assert f"got {value}" in lines[0]
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("value", ["9999-12-31", "2100-01-01", "1777-12-31", "0001-01-01"])
def test_as_of_outside_the_known_years_is_refused_naming_as_of(runner, tmp_path, command, value):
    """G-2: --as-of past 2099-12-31 or before 1778-01-01 is refused like an as_of in the case file, by every
    command that takes it (before anything is read or written)."""
    result = runner.invoke(app, _commands(tmp_path, "--as-of", value)[command])
    _refused(result, "--as-of", value)
    assert not (tmp_path / "out.bin").exists() and not (tmp_path / "out.pdf").exists()


def test_as_of_on_the_last_known_day_is_taken_by_check(runner):
    """G-2, the last known day inside: 2099-12-31 is taken (the Carmel county fair case is determined)."""
    result = runner.invoke(app, ["check", str(EXAMPLES / "carmel-county-fair.yaml"), "--as-of", "2099-12-31",
                                 "-f", "json"])
    assert result.exit_code == 0, result.stderr
    assert '"as_of": "2099-12-31"' in result.stdout


def test_as_of_on_the_first_known_day_is_a_date_but_no_law_is_in_force(runner):
    """G-2, the first known day inside: 1778-01-01 passes as a date; Carmel ch. 31 (1972) is then refused as
    not in force, not the date as unknown."""
    result = runner.invoke(app, ["check", str(EXAMPLES / "carmel-county-fair.yaml"), "--as-of", "1778-01-01"])
    assert result.exit_code == 2
    assert "no law in force on 1778-01-01" in result.stderr and ALLOWED not in result.stderr


def test_as_of_2099_12_31_is_taken_by_parameters(runner):
    """G-2, the last known day: the parameters in force on it are listed."""
    result = runner.invoke(app, ["parameters", "-j", "carmel-ny", "--as-of", "2099-12-31", "-f", "json"])
    assert result.exit_code == 0, result.stderr


@pytest.mark.parametrize("value", ["2100-01-01", "1777-12-31"])
def test_remind_today_outside_the_known_years_is_refused_naming_today(runner, tmp_path, value):
    """G-2: remind --today is a date legal periods (Carmel ch. 31 deadlines) are counted from: same years."""
    result = runner.invoke(app, ["remind", "--today", value, "--dry-run", "--data-dir", str(tmp_path)])
    _refused(result, "--today", value)


@pytest.mark.parametrize("value", ["1778-01-01", "1900-01-01", "1970-06-01", "1971-12-31"])
def test_remind_today_before_carmel_ch_31_was_in_force_is_refused_naming_today(runner, tmp_path, value):
    """Carmel ch. 31 is applied from 1972-01-01 (C-2): a known day before it ended in a ParameterNotInForce
    traceback (exit 1); now one line naming --today and the first day, before the database is opened."""
    result = runner.invoke(app, ["remind", "--today", value, "--dry-run", "--data-dir", str(tmp_path / "none")])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert lines == [f"publicassembly: error: --today: no law applied on {value}: the chapter (Carmel Code ch. "
                     "31, Public Assembly Ordinance) is applied from 1972-01-01, the earliest date its text gives; "
                     "give 1972-01-01 or later"], lines
    assert not (tmp_path / "none").exists()


def test_remind_today_1972_01_01_goes_on_to_the_database(runner, monkeypatch):
    """The chapter's first day is not refused: the command goes on to open the database."""
    import typer

    def opened(data_dir):
        raise typer.Exit(7)

    monkeypatch.setattr("publicassembly.cli.permit_commands._setup_django", opened)
    result = runner.invoke(app, ["remind", "--today", "1972-01-01", "--dry-run"])
    assert result.exit_code == 7 and result.stderr == "", result.output


@pytest.mark.parametrize("command", COMMANDS)
def test_as_of_not_a_date_still_says_how_to_write_it(runner, tmp_path, command):
    result = runner.invoke(app, _commands(tmp_path, "--as-of", "2026-02-30")[command])
    assert result.exit_code == 2
    assert "--as-of: '2026-02-30' is not a day of the calendar: 2026-02 has 28 days" in result.stderr
    result = runner.invoke(app, _commands(tmp_path, "--as-of", "30 February 2026")[command])
    assert result.exit_code == 2
    assert "--as-of: '30 February 2026' is not a date; write it as YYYY-MM-DD" in result.stderr
