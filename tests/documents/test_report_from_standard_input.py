"""`publicassembly report -` reads the determination's JSON (what `check --format json` writes), or a case file,
from standard input — as `check -` reads a case file: one way for both (`cli.casefile.read_case_file`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app

from .conftest import pdf_text

ROOT = Path(__file__).resolve().parents[2]
HALL = ROOT / "examples" / "mount-pleasant-catering-hall.yaml"
runner = CliRunner()


@pytest.fixture(scope="module")
def determination_json() -> str:
    made = runner.invoke(app, ["check", str(HALL), "--format", "json"])
    assert made.exit_code == 0, made.output
    return made.stdout


def test_report_dash_reads_a_determination_from_standard_input(tmp_path, determination_json):
    """The PDF of `check … --format json | report - -o` says what the same JSON in a file does (Mount Pleasant
    § 164-7: the hall's verdict and lawful occupancy)."""
    source = tmp_path / "determination.json"
    source.write_text(determination_json, encoding="utf-8")
    from_file, from_stdin = tmp_path / "file.pdf", tmp_path / "stdin.pdf"
    assert runner.invoke(app, ["report", str(source), "-o", str(from_file)]).exit_code == 0
    result = runner.invoke(app, ["report", "-", "-o", str(from_stdin)], input=determination_json)
    assert result.exit_code == 0, result.output
    text = pdf_text(from_stdin.read_bytes())
    assert text == pdf_text(from_file.read_bytes())
    assert "Mount Pleasant Code" in text


def test_report_dash_reads_a_case_file_from_standard_input(tmp_path):
    """A case file piped in (YAML) is determined and reported, as the same file named."""
    out = tmp_path / "r.pdf"
    result = runner.invoke(app, ["report", "-", "-o", str(out)], input=HALL.read_text(encoding="utf-8"))
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("given, said", [
    ("", "publicassembly: error: standard input: the file is empty"),
    ('{"verdict": "x"', "publicassembly: error: standard input, line 1"),
])
def test_report_dash_refuses_bad_input_naming_standard_input(tmp_path, given, said):
    """Nothing on standard input, or malformed JSON: exit 2, named "standard input", nothing written."""
    out = tmp_path / "r.pdf"
    result = runner.invoke(app, ["report", "-", "-o", str(out)], input=given)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(said), result.stderr
    assert not out.exists()


def test_check_dash_reads_a_case_file_from_standard_input():
    """`check -` (the same reader): the case piped in is determined as the file is; its JSON has no "file"."""
    import json

    named = runner.invoke(app, ["check", str(HALL), "--format", "json"])
    piped = runner.invoke(app, ["check", "-", "--format", "json"], input=HALL.read_text(encoding="utf-8"))
    assert piped.exit_code == 0, piped.output
    assert json.loads(piped.stdout) == json.loads(named.stdout)
    text = runner.invoke(app, ["check", "-"], input=HALL.read_text(encoding="utf-8"), env={"COLUMNS": "200"})
    assert text.exit_code == 0 and "standard input" in text.stdout


def test_check_refuses_standard_input_twice():
    """Standard input holds one case file: `check - -` is refused, exit 2, before reading it."""
    result = runner.invoke(app, ["check", "-", "-"], input=HALL.read_text(encoding="utf-8"))
    assert result.exit_code == 2
    assert "- (standard input) is given 2 times" in result.stderr


# --- what each command reads from standard input, as the README and --help say it ----------------------------

def _words(text: str) -> str:
    return " ".join(text.replace("#", " ").split())


def test_check_dash_refuses_checks_json_and_names_report_which_prints_it(determination_json):
    """`check … --format json | check -`: a determination is not a case file: exit 2, told to print it with
    report (README, check --help); nothing on standard output."""
    result = runner.invoke(app, ["check", "-"], input=determination_json)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == ("publicassembly: error: -: this is a determination (it has verdict, findings, "
                             "requirements), what check --format json writes, not a case file; print it with: "
                             "publicassembly report - -o report.pdf\n")


def test_the_readme_says_what_check_and_report_read_from_standard_input():
    readme = _words((ROOT / "README.md").read_text(encoding="utf-8"))
    assert "for check as for report" not in readme
    assert ("(- reads standard input: for report, a case file or check's JSON (check … --format json | "
            "publicassembly report - -o report.pdf); for check, a case file only: check's JSON is a "
            "determination, not a case, and check - refuses it (exit 2) naming the report line that prints it; "
            "check's JSON carries no case name, so a report of it prints none)") in readme


def test_check_and_report_help_say_what_they_read_from_standard_input():
    wide = {"COLUMNS": "400", "TERM": "dumb"}
    check = _words(runner.invoke(app, ["check", "--help"], env=wide).output)
    report = _words(runner.invoke(app, ["report", "--help"], env=wide).output)
    assert ("FILE - reads one case file from standard input: a case file only, not what check --format json "
            "writes (a determination, refused with exit 2: print it with publicassembly report - -o "
            "report.pdf)") in check
    assert ("Write the determination report (PDF) of a case file, or of a determination's JSON (what check "
            "--format json writes): verdict,") in report
    assert ("Given -, it reads either from standard input: check … --format json | publicassembly report - -o "
            "report.pdf") in report
