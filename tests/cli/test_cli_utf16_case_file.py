"""A case file saved as UTF-16 or UTF-32 is named as such (save it as UTF-8), not as a binary file."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from publicassembly.cli import app

from .conftest import EVENT_YAML


@pytest.mark.parametrize(("encoding", "name"), [("utf-16", "UTF-16"), ("utf-16-le", "UTF-16"),
                                                ("utf-32", "UTF-32")])
def test_wide_unicode_case_file_says_to_save_it_as_utf8(tmp_path, encoding, name):
    """A Carmel ch. 31 event of 501 persons, saved in another Unicode encoding: exit 2, one line."""
    path = tmp_path / "event.yaml"
    path.write_bytes(EVENT_YAML.encode(encoding))
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert f"{name} text, not UTF-8; save the case file as UTF-8" in result.output
    assert "binary" not in result.output


def test_binary_file_is_still_a_binary_file(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 2 and "a binary file (it holds NUL bytes)" in result.output
