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


def test_a_hearing_notice_refused_at_rendering_names_its_file_permit_requirements_b(tmp_path, hearing_record):
    """¶ B: a notice to be published on the hearing day is refused by the renderer; the message starts with
    the file's path, then the field."""
    path = tmp_path / "notice-17.json"
    path.write_text(json.dumps(jsonable(asdict(hearing_record)) | {"latest_publication_date": "2025-06-24"}),
                    encoding="utf-8")
    result = runner.invoke(app, ["notice", "--from-json", str(path), "-o", str(tmp_path / "n.pdf")])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert f"{path}: latest_publication_date: 2025-06-24 is not before the hearing" in text, text
    assert not (tmp_path / "n.pdf").exists()

