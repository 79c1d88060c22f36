"""A YAML case file holds what a JSON one can: ``!!binary`` (PyYAML's bytes, which JSON has not) is refused as a
custom tag is, naming the line and the field, and a mapping key that is not text (``1: x``, ``yes: x``, a
date, a list) is refused naming its line and saying that keys are field names (text). Dates, ``!!set``,
``!!omap`` and ``!!pairs`` are read as before (a fact refuses a list where it wants text, naming it). (A new-user
trial: ``name: !!binary aGVsbG8=`` exited 0 with the name silently dropped, ``name: !!binary /w==`` was told of a
"lone surrogate", and ``1: x`` was told "[1]: Keys should be strings" without a line.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from publicassembly.cli.app import app
from publicassembly.cli.casefile import CaseFileError, parse_text

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "carmel-county-fair.yaml"

runner = CliRunner()


def _check(tmp_path: Path, text: str):
    src = tmp_path / "case.yaml"
    src.write_text(text, encoding="utf-8")
    return runner.invoke(app, ["check", str(src)]), src


def _with_name(value: str) -> str:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert "\nname: Putnam County Fair\n" in text
    return text.replace("\nname: Putnam County Fair\n", f"\nname: {value}\n")


def _line_of_name() -> int:
    return EXAMPLE.read_text(encoding="utf-8").splitlines().index("name: Putnam County Fair") + 1


@pytest.mark.parametrize("value", ["!!binary aGVsbG8=", "!!binary /w==", "!<tag:yaml.org,2002:binary> aGVsbG8="])
def test_binary_data_is_refused_naming_the_line_and_the_field(tmp_path, value):
    result, src = _check(tmp_path, _with_name(value))
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"publicassembly: error: {src}, line {_line_of_name()}, column 7: name: "
                                    "binary data (YAML !!binary) is not allowed in a case file"), result.output
    assert "surrogate" not in result.output and "Traceback" not in result.output


def test_a_key_that_is_a_number_is_refused_with_its_line_saying_keys_are_field_names(tmp_path):
    result, src = _check(tmp_path, "jurisdiction: carmel-ny\nsubject: event\n1: x\n")
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert said.startswith(f"publicassembly: error: {src}, line 3, column 1: the key 1 is a number, not text; "
                           "the keys of a case file are field names (text, e.g. 'name')"), said
    assert "Keys should be strings" not in said


@pytest.mark.parametrize(("text", "where", "said"), [
    ("a: 1\nyes: x\n", "line 2, column 1: ", "the key yes is true or false, not text"),
    ("a: 1\nnull: x\n", "line 2, column 1: ", "the key null is null, not text"),
    ("a:\n  b: 1\n  2026-07-04: x\n", "line 3, column 3: a: ", "the key 2026-07-04 is a date, not text"),
    ("a:\n  - {b: 1, 1.5: x}\n", "line 2, column 12: a[0]: ", "the key 1.5 is a number, not text"),
    ("? [a, b]\n: x\n", "line 1, column 3: ", "a key is a list;"),
    ("? !!binary aGVsbG8=\n: x\n", "line 1, column 3: ", "a key is binary data;"),
])
def test_every_key_that_is_not_text_is_refused_where_it_is(text, where, said):
    with pytest.raises(CaseFileError) as caught:
        parse_text(text, "case.yaml", "yaml")
    message = str(caught.value)
    assert message.startswith(f"case.yaml, {where}"), message
    assert said in message and "the keys of a case file are field names (text" in message, message


@pytest.mark.parametrize(("text", "where"), [
    ("a:\n  b: [1, !!binary aGVsbG8=]\n", "line 2, column 10: a.b[1]: "),
    ("!!binary aGVsbG8=\n", "line 1, column 1: "),
    ("a: !!set {!!binary aGVsbG8=}\n", "line 1, column 11: a: "),
])
def test_binary_data_anywhere_is_refused_naming_its_field(text, where):
    with pytest.raises(CaseFileError) as caught:
        parse_text(text, "case.yaml", "yaml")
    assert str(caught.value).startswith(f"case.yaml, {where}binary data (YAML !!binary)"), str(caught.value)


def test_a_custom_tag_names_its_field_too():
    with pytest.raises(CaseFileError) as caught:
        parse_text("a:\n  b: !foo x\n", "case.yaml", "yaml")
    assert str(caught.value).startswith("case.yaml, line 2, column 6: a.b: custom YAML tags are not allowed in a "
                                        "case file; found the tag '!foo'"), str(caught.value)


@pytest.mark.parametrize(("text", "data"), [
    ('"1": x\n', {"1": "x"}),
    ("a: !!set {b, c}\n", {"a": {"b", "c"}}),
    ("a: !!omap [1: x]\n", {"a": [(1, "x")]}),
    ("a: !!pairs [b: 1]\n", {"a": [("b", 1)]}),
    ("a: {<<: {b: 1}, c: 2}\n", {"a": {"b": 1, "c": 2}}),
    ("a: !!str 5\n", {"a": "5"}),
])
def test_what_json_can_say_and_the_types_already_handled_are_read_as_before(text, data):
    assert parse_text(text, "case.yaml", "yaml").data == data


def test_a_set_for_a_text_field_is_still_refused_as_a_list(tmp_path):
    result, _src = _check(tmp_path, _with_name("!!set {a, b}"))
    assert result.exit_code == 2, result.output
    assert "name: must be text (got a list)" in result.output
