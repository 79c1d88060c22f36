"""W-25: a YAML case file's number written with an exponent and no point (``1e400``, YAML 1.2's float) is the
number, as the same number in a JSON case file (and in the API's body) is: a count given ``1e400`` is told its
bound ("must be at most 1,000,000,000 (got 1e400)"), not "must be a whole number"; ``1e3`` is 1,000 persons.
Text a YAML 1.2 reader does not read as a number either stays text (G-7: ``0x1F``, ``017e2``, ``1_000``)."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from publicassembly.cli import app
from publicassembly.cli.casefile import CaseLoader
from publicassembly.law.yaml_numbers import PLAIN_FLOAT

CASE = {"jurisdiction": "carmel-ny", "subject": "event", "as_of": "2026-07-01"}


def _refusal(runner, tmp_path, kind: str, written: str) -> tuple[int, str]:
    """The exit code and what `check` says of ``max_persons_at_one_time`` written `written` in a `kind` file,
    without the file's name and place."""
    if kind == "yaml":
        text = "".join(f"{k}: {v}\n" for k, v in CASE.items()) + f"max_persons_at_one_time: {written}\n"
    else:
        text = json.dumps(CASE)[:-1] + f', "max_persons_at_one_time": {written}}}'
    source = tmp_path / f"case.{kind}"
    source.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", str(source)])
    said = re.sub(r"^publicassembly: error: .*?, line \d+, column \d+: ", "", result.stderr.strip())
    return result.exit_code, said


@pytest.mark.parametrize(("written", "told"), [
    ("1e400", "max_persons_at_one_time: must be at most 1,000,000,000 (got 1e400)"),
    ("1e999", "max_persons_at_one_time: must be at most 1,000,000,000 (got 1e999)"),
    ("1E10", "max_persons_at_one_time: must be at most 1,000,000,000 (got 1E10)"),
    ("1.0e10", "max_persons_at_one_time: must be at most 1,000,000,000 (got 1.0e10)"),
    ("-1e3", "max_persons_at_one_time: must be at least 0 (got -1e3)"),
    ("1e-3", "max_persons_at_one_time: must be a whole number, without a fractional part (got 1e-3)"),
])
def test_a_count_written_with_an_exponent_is_told_as_in_a_json_case_file(runner, tmp_path, written, told):
    assert _refusal(runner, tmp_path, "yaml", written) == (2, told)
    assert _refusal(runner, tmp_path, "json", written) == (2, told)


@pytest.mark.parametrize("written", ["1e9", "1E9", "1e+9", "5e2"])
def test_a_count_within_its_bound_written_with_an_exponent_is_the_number(runner, tmp_path, written):
    """1e9 persons is the bound itself (taken); 5e2 is 500 persons, as in JSON."""
    assert _refusal(runner, tmp_path, "yaml", written)[0] == 0
    assert _refusal(runner, tmp_path, "json", written)[0] == 0


@pytest.mark.parametrize(("written", "read"), [
    ("1e400", "1e400"), ("-2E-3", "-2E-3"), ("+7e1", "+7e1"), ("1.5e3", "1.5e3"), ("1.5", "1.5"),
    ("017e2", "017e2"), ("0x1F", "0x1F"), ("1_000e1", "1_000e1"), ("e5", "e5"), ("1e", "1e"), ("6:20", "6:20")])
def test_yaml_reads_yaml_1_2_floats_as_numbers_and_other_text_as_text(written, read):
    import yaml

    value = yaml.load(f"n: {written}\n", Loader=CaseLoader)["n"]  # noqa: S506 - the case files' safe loader
    assert str(value) == read
    assert isinstance(value, str) == (written in ("017e2", "0x1F", "1_000e1", "e5", "1e", "6:20"))


@settings(max_examples=200)
@given(mantissa=st.integers(0, 10**6), exponent=st.integers(-400, 400), upper=st.booleans(),
       sign=st.sampled_from(["", "+", "-"]))
def test_every_yaml_1_2_exponent_form_is_a_plain_float(mantissa, exponent, upper, sign):
    written = f"{mantissa}{'E' if upper else 'e'}{sign}{abs(exponent)}"
    assert PLAIN_FLOAT.match(written)
