"""A value Typer cannot convert to its option's type (``sign --occupancy abc``, ``permit --application abc``),
or outside the option's own range (``serve --port 0``), is refused in the project's one line, exit 2, where
Typer printed its boxed usage error in pydantic's words ("Input should be a valid integer, unable to parse
string as an integer"). Click's usage errors for what is not a value (a missing option, an unknown option or
command, an option without its value) are one line too (`test_cli_usage_errors.py`); ``--help`` is left as it
was."""

from __future__ import annotations

import pytest
import typer

from publicassembly.cli import app

SIGN = ["sign", "--certificate", "MP-C-1", "--room", "X"]


@pytest.mark.parametrize(("args", "said"), [
    ([*SIGN, "--occupancy", "abc", "-o", "{d}/s.pdf"], "--occupancy: 'abc' is not a whole number in the digits 0-9"),
    ([*SIGN, "--occupancy", "1.5", "-o", "{d}/s.pdf"], "--occupancy: '1.5' is not a whole number in the digits 0-9"),
    ([*SIGN, "--occupancy", "", "-o", "{d}/s.pdf"], "--occupancy: '' is not a whole number in the digits 0-9"),
    (["permit", "--application", "abc", "-o", "{d}/p.pdf"], "--application: 'abc' is not a whole number in the digits 0-9"),
    (["calendar", "--town", "carmel-ny", "--application", "x", "-o", "{d}/c.ics"],
     "--application: 'x' is not a whole number in the digits 0-9"),
    (["calendar", "--town", "carmel-ny", "--alarm-days", "three", "-o", "{d}/c.ics"],
     "--alarm-days: 'three' is not a whole number in the digits 0-9"),
    (["remind", "--days-ahead", "7", "--days-ahead", "x"], "--days-ahead: 'x' is not a whole number in the digits 0-9"),
    (["serve", "--port", "http"], "--port: 'http' is not a whole number in the digits 0-9; allowed: 1 to 65535"),
    (["serve", "--port", "8_000"], "--port: '8_000' is not a whole number in the digits 0-9; allowed: 1 to 65535"),
    (["calendar", "--town", "carmel-ny", "--alarm-days", "1_0", "-o", "{d}/c.ics"],
     "--alarm-days: '1_0' is not a whole number in the digits 0-9"),
    (["calendar", "--town", "carmel-ny", "--alarm-days", "1e1", "-o", "{d}/c.ics"],
     "--alarm-days: '1e1' is not a whole number in the digits 0-9"),
    ([*SIGN, "--occupancy", "\uff11\uff10", "-o", "{d}/s.pdf"],
     "--occupancy: '\uff11\uff10' is not a whole number in the digits 0-9"),
    (["remind", "--days-ahead", "7.5"], "--days-ahead: '7.5' is not a whole number in the digits 0-9"),
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
        with pytest.raises(typer.BadParameter, match="is not a whole number in the digits 0-9"):
            whole_number(text)
    else:
        assert whole_number(text) == expected
