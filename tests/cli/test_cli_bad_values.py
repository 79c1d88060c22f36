"""A value Typer cannot convert to its option's type (``sign --occupancy abc``, ``permit --application abc``),
or outside the option's own range (``serve --port 0``), is refused in the project's one line, exit 2, where
Typer printed its boxed usage error in pydantic's words ("Input should be a valid integer, unable to parse
string as an integer"). Click's usage errors for what is not a value (a missing option, an unknown option or
command, an option without its value) are one line too (`test_cli_usage_errors.py`); ``--help`` is left as it
was."""

from __future__ import annotations

import re

import pytest
import typer

from publicassembly.cli import app

SIGN = ["sign", "--certificate", "MP-C-1", "--room", "X"]
#: What an option taking a whole number is told of a text that is not one (`cli.app.not_a_whole_number`): what
#: it takes, the digits 0-9 optionally followed by .0, as 12.0 is taken as 12.
NOT_WHOLE = "is not a whole number (the digits 0-9, optionally followed by .0: 12 or 12.0)"


@pytest.mark.parametrize(("args", "said"), [
    ([*SIGN, "--occupancy", "abc", "-o", "{d}/s.pdf"], f"--occupancy: 'abc' {NOT_WHOLE}"),
    ([*SIGN, "--occupancy", "1.5", "-o", "{d}/s.pdf"], f"--occupancy: '1.5' {NOT_WHOLE}"),
    ([*SIGN, "--occupancy", "", "-o", "{d}/s.pdf"], f"--occupancy: '' {NOT_WHOLE}"),
    (["permit", "--application", "abc", "-o", "{d}/p.pdf"], f"--application: 'abc' {NOT_WHOLE}"),
    (["calendar", "--town", "carmel-ny", "--application", "x", "-o", "{d}/c.ics"],
     f"--application: 'x' {NOT_WHOLE}"),
    (["calendar", "--town", "carmel-ny", "--alarm-days", "three", "-o", "{d}/c.ics"],
     f"--alarm-days: 'three' {NOT_WHOLE}"),
    (["remind", "--days-ahead", "7", "--days-ahead", "x"], f"--days-ahead: 'x' {NOT_WHOLE}"),
    (["serve", "--port", "http"], f"--port: 'http' {NOT_WHOLE}; allowed: 1 to 65535"),
    (["serve", "--port", "8_000"], f"--port: '8_000' {NOT_WHOLE}; allowed: 1 to 65535"),
    (["calendar", "--town", "carmel-ny", "--alarm-days", "1_0", "-o", "{d}/c.ics"],
     f"--alarm-days: '1_0' {NOT_WHOLE}"),
    (["calendar", "--town", "carmel-ny", "--alarm-days", "1e1", "-o", "{d}/c.ics"],
     f"--alarm-days: '1e1' {NOT_WHOLE}"),
    ([*SIGN, "--occupancy", "\uff11\uff10", "-o", "{d}/s.pdf"],
     f"--occupancy: '\uff11\uff10' {NOT_WHOLE}"),
    (["remind", "--days-ahead", "7.5"], f"--days-ahead: '7.5' {NOT_WHOLE}"),
    ([*SIGN, "--occupancy", "1e999", "-o", "{d}/s.pdf"], f"--occupancy: '1e999' {NOT_WHOLE}"),
    ([*SIGN, "--occupancy", "12.5", "-o", "{d}/s.pdf"], f"--occupancy: '12.5' {NOT_WHOLE}"),
    (["serve", "--port", "0"], "--port: 0 is not allowed; allowed: 1 to 65535"),
    (["serve", "--port", "65536"], "--port: 65536 is not allowed; allowed: 1 to 65535"),
    (["serve", "--workers", "0"], "--workers: 0 is not allowed; allowed: 1 to 64"),
    (["serve", "--workers", "65"], "--workers: 65 is not allowed; allowed: 1 to 64"),
    (["backup", "{d}"], "file: file '{d}' is a directory"),
])
def test_a_value_typer_cannot_take_is_one_line_naming_the_option(runner, tmp_path, args, said):
    d = str(tmp_path)
    result = runner.invoke(app, [a.format(d=d) for a in args], env={"PUBLICASSEMBLY_DATA_DIR": d})
    assert result.exit_code == 2, result.output
    assert result.stderr == f"publicassembly: error: {said.format(d=d)}\n"
    assert result.stdout == "" and "Traceback" not in result.output
    assert not any(tmp_path.iterdir())  # nothing written, no database made


@pytest.mark.parametrize(("args", "said"), [
    (["nope"], "'nope': no such command of 'publicassembly'"),
    ([*SIGN, "--bogus"], "--bogus: no such option of 'publicassembly sign'"),
    ([*SIGN, "--occupancy"], "--occupancy: given without its value"),
    (["batch", "x"], "--output (-o): missing"),
])
def test_usage_errors_that_are_not_a_value_are_one_line_too(runner, args, said):
    """(They kept Click's boxed words; `tests/cli/test_cli_usage_errors.py` checks each line whole.)"""
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"publicassembly: error: {said}") and result.stderr.count("\n") == 1


def test_help_is_not_concerned_by_a_bad_value(runner):
    result = runner.invoke(app, [*SIGN, "--occupancy", "abc", "--help"])
    assert result.exit_code == 0 and "Usage:" in result.output and "error" not in result.output


def test_a_value_typer_takes_goes_on_to_the_command(runner, tmp_path):
    result = runner.invoke(app, [*SIGN, "--occupancy", "15", "-o", str(tmp_path / "s.pdf")],
                           env={"PUBLICASSEMBLY_DATA_DIR": str(tmp_path)})
    assert result.exit_code == 0, result.output
    assert (tmp_path / "s.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("text", ["+5", " 7", "12.00", "-1", "1_0", "\uff11\uff10", "1e3", "7.5", "x"])
def test_an_options_whole_number_is_read_as_the_law_core_reads_a_count_g5(text):
    """G-5, G-7: an option's whole number is the law core's (`WholeNumber`): what it takes ("+5", " 7",
    "12.00") is the same number, and what it refuses ("1_0", "１０", "1e3") is refused in one line."""
    from pydantic import TypeAdapter, ValidationError

    from publicassembly.cli.app import whole_number
    from publicassembly.law.units import WholeNumber

    try:
        expected = TypeAdapter(WholeNumber).validate_python(text)
    except ValidationError:
        with pytest.raises(typer.BadParameter, match=re.escape(NOT_WHOLE)):
            whole_number(text)
    else:
        assert whole_number(text) == expected


@pytest.mark.parametrize(("written", "persons"), [("12", "12"), ("12.0", "12"), ("12.00", "12"), (" 150 ", "150")])
def test_a_whole_number_written_with_0_after_the_point_is_taken_as_its_refusal_says(runner, tmp_path,
                                                                                     written, persons):
    """The other side of `NOT_WHOLE` (G-5): what it says is taken, the digits 0-9 optionally followed by .0, is
    taken — ``--occupancy 12.0`` is a sign for 12 persons — while ``1e999`` and ``12.5`` are refused above."""
    import pdfplumber

    out = tmp_path / "s.pdf"
    result = runner.invoke(app, [*SIGN, "--occupancy", written, "-o", str(out)],
                           env={"PUBLICASSEMBLY_DATA_DIR": str(tmp_path)})
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out) as pdf:
        assert persons in (pdf.pages[0].extract_text() or "").split()


def test_one_wording_for_every_whole_number_option_g5():
    """Typer's own conversion of an int option (`bad_value`) and the options' parser (`whole_number`) say the
    same, from one function."""
    from publicassembly.cli.app import not_a_whole_number

    assert not_a_whole_number("1e999") == f"'1e999' {NOT_WHOLE}"
