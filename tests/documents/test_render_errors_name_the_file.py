"""A document refused while it is rendered (after its ``--from-json`` record was read) names the file it came
from, as a refusal while reading does: with several records at hand, the clerk sees which one to correct."""

from __future__ import annotations

import json
from dataclasses import asdict

from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.law.jsonable import jsonable

runner = CliRunner()


def test_a_document_refused_at_rendering_names_its_file(tmp_path, permit_record):
    """A permit whose permittee the typeface cannot print (G-6) is refused (as the file is read, with its other
    problems, G-13; the renderer refuses it too, for the workflow's records); the message starts with the file's
    path, then the field."""
    path = tmp_path / "permit-17.json"
    path.write_text(json.dumps(jsonable(asdict(permit_record)) | {"permittee": "宴 Hall LLC"}), encoding="utf-8")
    result = runner.invoke(app, ["permit", "--from-json", str(path), "-o", str(tmp_path / "p.pdf")])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert f"{path}: permittee: the documents cannot print '宴' (U+5BB4)" in text, text
    assert not (tmp_path / "p.pdf").exists()
