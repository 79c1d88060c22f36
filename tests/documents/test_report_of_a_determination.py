"""`publicassembly report` takes a determination's JSON (what `check --format json` writes) in place of a case
file. One edited by hand is refused naming every wrong field (exit 2, the file named, nothing written) instead
of a traceback (KeyError 'status', TypeError from fromisoformat, 'day is out of range for month' naming no
field, all found by a new user)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import publicassembly.cli.document_commands  # noqa: F401  (registers the commands on the app)
from publicassembly.cli.app import app
from publicassembly.documents.determination_json import check_determination_json
from publicassembly.law import evaluate
from publicassembly.law.jsonable import jsonable

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.fixture(scope="module")
def determination() -> dict:
    import yaml

    case = yaml.safe_load((ROOT / "examples" / "carmel-county-fair.yaml").read_text(encoding="utf-8"))
    return jsonable(evaluate(case).to_json())


def _report(tmp_path: Path, data) -> tuple[object, Path]:
    source = tmp_path / "determination.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "report.pdf"
    return runner.invoke(app, ["report", str(source), "-o", str(out)]), out


def test_a_determination_as_check_writes_it_is_reported(tmp_path, determination):
    result, out = _report(tmp_path, determination)
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(("change", "lines"), [
    (lambda d: d | {"findings": [{"rule": "x"}]}, ["findings[0].status: is required",
                                                  "findings[0].citation: is required"]),
    (lambda d: d | {"findings": [{"rule": "x", "status": "maybe", "citation": "c"}]}, ["findings[0].status: "]),
    (lambda d: d | {"as_of": 12}, ["as_of: must be a date written YYYY-MM-DD"]),
    (lambda d: d | {"occupancy": "x"}, ["occupancy: "]),
    (lambda d: d | {"deadlines": {"application_due": {"date": "2026-02-30"}}},
     ["deadlines.application_due.date: '2026-02-30' is not a day of the calendar: 2026-02 has 28 days"]),
    (lambda d: d | {"penalty": {"min_fine": -5, "max_fine": "ten"}}, ["penalty.min_fine: ", "penalty.max_fine: "]),
    (lambda d: d | {"occupancy": {"spaces": [{"name": "Hall", "use_group": "x", "occupant_load": -1}]}},
     ["occupancy.spaces[0].occupant_load: "]),
    (lambda d: d | {"penalty": {"min_fine": 0, "max_fine": "Infinity", "classification": "violation"}},
     ["penalty.max_fine: must be a finite amount in US dollars (got 'Infinity')"]),
    (lambda d: d | {"occupancy": {"spaces": [{"name": "Hall", "use_group": "business", "area_sq_ft": "NaN",
                                               "occupant_load": 10}]}},
     ["occupancy.spaces[0].area_sq_ft: must be a finite number of square feet (got 'NaN')"]),
])
def test_an_edited_determination_is_refused_naming_each_field(tmp_path, determination, change, lines):
    result, out = _report(tmp_path, change(dict(determination)))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "determination.json" in result.output
    for line in lines:
        assert line in result.output, result.output
    assert not out.exists()


def test_the_check_keeps_the_object_and_other_keys(determination):
    data = dict(determination, note="kept")
    assert check_determination_json(data) is data
    with pytest.raises(ValueError, match="expected a JSON object"):
        check_determination_json([determination])


@pytest.mark.parametrize(("key", "value", "needle"), [
    ("bond", "lots", "requirements.bond: expected a number, got 'lots'"),
    ("bond", [1], "requirements.bond: expected a number, got a list"),
    ("filing_fee", 1e308, "requirements.filing_fee: '1e+308' is too large"),  # (as the file writes it)
    ("parking_spaces", -5, "requirements.parking_spaces: must be a number from 0 to"),
])
def test_requirements_of_an_edited_determination_are_checked(tmp_path, determination, key, value, needle):
    """The report prints the requirements (amounts in dollars): a bad amount crashed it (InvalidOperation)."""
    data = json.loads(json.dumps(determination))
    data["requirements"][key] = value
    result, out = _report(tmp_path, data)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert needle in " ".join(result.output.split())
    assert not out.exists()


def test_a_bound_is_written_as_a_number_not_python(determination):
    with pytest.raises(ValueError) as caught:
        check_determination_json(dict(determination, penalty={"min_fine": -5, "max_fine": 10}))
    assert str(caught.value) == "penalty.min_fine: must be at least 0 (got -5)"


@pytest.mark.parametrize(("value", "shown"), [("maybe", "'maybe'"), (5, "5"), ([True], "a list"),
                                              ({"a": 1}, "a mapping")])
@pytest.mark.parametrize("key", ["permit_required", "certificate_required"])
def test_an_answer_is_named_by_its_field_and_its_allowed_values(determination, key, value, shown):
    """``permit_required.bool: must be true or false`` and ``permit_required.literal['needs_review']: …`` named
    pydantic's members of the union: one line names the field and every answer the law core gives."""
    with pytest.raises(ValueError) as caught:
        check_determination_json(dict(determination, **{key: value}))
    assert str(caught.value) == f'{key}: must be true, false, "needs_review" or null (got {shown})'


@pytest.mark.parametrize("value", [True, False, "needs_review", None])
def test_each_answer_of_the_law_core_is_taken(determination, value):
    """Each answer is of the form a determination has (whether it is the law's for the facts stated, and the
    verdict says it, is checked against the law core: test_report_against_the_law)."""
    from publicassembly.documents.determination_json import DeterminationJson

    data = dict(determination, permit_required=value, certificate_required=value)
    checked = DeterminationJson.model_validate(data)
    assert checked.permit_required == value and checked.certificate_required == value


@pytest.mark.parametrize("dropped", [("verdict",), ("verdict", "findings"), ("findings",)])
def test_a_determination_without_its_verdict_is_told_what_it_lacks(tmp_path, determination, dropped):
    """A determination without ``verdict`` was read as a case file ("permit_required: is not a field of this
    kind of case"): its other keys make it a determination, and the report names what it lacks."""
    data = {k: v for k, v in determination.items() if k not in dropped}
    result, out = _report(tmp_path, data)
    assert result.exit_code == 2, result.output
    told = " ".join(result.output.split())
    for key in dropped:
        assert f"{key}: is required in a determination" in told, told
    kept = next(key for key in ("verdict", "findings", "requirements") if key not in dropped)  # the plainest
    assert f"(read as a determination: it has {kept}, " in told, told
    assert "is not a field of this kind of case" not in told
    assert not out.exists()


def test_one_key_of_a_determination_makes_the_file_one(tmp_path, determination):
    data = {k: determination[k] for k in ("jurisdiction", "as_of", "subject")} | {"penalty": None}
    result, _out = _report(tmp_path, data)
    assert result.exit_code == 2, result.output
    told = " ".join(result.output.split())
    assert "verdict: is required in a determination" in told, told
    assert "findings: is required in a determination" in told
    assert "(read as a determination: it has penalty, which no case file has)" in told


@pytest.mark.parametrize("example", sorted((ROOT / "examples").glob("*.yaml")), ids=lambda p: p.name)
def test_no_case_file_is_taken_for_a_determination(tmp_path, determination, example):
    """The other side: every example case file is reported as a case (its facts share no key with a
    determination), and the keys that make a determination are the law core's own."""
    import yaml

    from publicassembly.documents.determination_json import determination_keys, keys_of_a_determination

    assert keys_of_a_determination(yaml.safe_load(example.read_text(encoding="utf-8"))) == []
    assert {"verdict", "findings", "requirements", "deadlines", "penalty"} <= determination_keys()
    assert determination_keys() <= set(determination)  # (`Determination.to_json`'s keys)
    out = tmp_path / "r.pdf"
    result = runner.invoke(app, ["report", str(example), "-o", str(out)])  # (on its own as_of: G-10)
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")


_PENALTY = {"offense_number": 2, "violations": 1, "min_fine": 100, "max_fine": 250, "max_jail_days": 15,
            "max_jail_months": None, "classification": "violation", "citation": "Mount Pleasant Code § 164-14"}
_JURISDICTIONS = ("carmel-ny, ocd-division/country:us/state:ny/county:putnam/place:carmel, mount-pleasant-ny, "
                  "ocd-division/country:us/state:ny/county:westchester/place:mount_pleasant")


@pytest.mark.parametrize(("change", "told"), [
    ({"jurisdiction": "atlantis"}, f"jurisdiction: must be one of: {_JURISDICTIONS} (got 'atlantis')"),
    ({"subject": "wedding"}, "subject: must be one of the subjects of carmel-ny: event (got 'wedding')"),
    ({"subject": "venue"}, "subject: must be one of the subjects of carmel-ny: event (got 'venue')"),
    ({"jurisdiction": "atlantis", "subject": "wedding"},
     f"jurisdiction: must be one of: {_JURISDICTIONS} (got 'atlantis')\n"
     "subject: must be one of the subjects: event, venue (got 'wedding')"),
    ({"penalty": _PENALTY | {"min_fine": 900, "max_fine": 100}},
     "penalty.min_fine: must be at most the max_fine, 100 (got 900)"),
    ({"penalty": _PENALTY | {"classification": "felony"}},
     "penalty.classification: must be one of: 'violation' or 'misdemeanor' (got 'felony')"),
    ({"penalty": _PENALTY | {"classification": "Violation"}},
     "penalty.classification: must be one of: 'violation' or 'misdemeanor' (got 'Violation')"),
])
def test_an_edited_determination_names_the_allowed_values(tmp_path, determination, change, told):
    """An unknown jurisdiction or subject was printed as given, a fine range upside down and a classification not
    the law's were printed too: each is refused naming the field and what is allowed, nothing written."""
    with pytest.raises(ValueError) as caught:
        check_determination_json(dict(determination, **change))
    assert str(caught.value) == told
    result, out = _report(tmp_path, dict(determination, **change))
    assert result.exit_code == 2 and not out.exists()
    assert told.splitlines()[0] in " ".join(result.output.split())


@pytest.mark.parametrize("change", [
    {"jurisdiction": "CARMEL-NY"}, {"jurisdiction": "ocd-division/country:us/state:ny/county:putnam/place:carmel"},
])
def test_the_law_cores_own_values_are_taken(tmp_path, determination, change):
    result, out = _report(tmp_path, dict(determination, **change))
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("change", [{}, {"min_fine": 250}, {"classification": "misdemeanor"},
                                    {"classification": None}])
def test_a_penalty_in_the_law_cores_words_is_taken(tmp_path, change):
    """A Carmel penalty's least fine and classification, which its verdict does not state (¶ B), in the law core's
    words (the penalty is not recomputed: a determination does not state the facts it comes from)."""
    import yaml

    case = yaml.safe_load((ROOT / "examples" / "carmel-unpermitted-concert.yaml").read_text(encoding="utf-8"))
    data = jsonable(evaluate(case).to_json())
    result, out = _report(tmp_path, dict(data, penalty=dict(data["penalty"], **change)))
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")


def test_the_classifications_are_the_law_cores_words():
    """`Classification` is every word the chapters give an offense, no other."""
    from typing import get_args

    from publicassembly.documents.determination_json import Classification
    from publicassembly.law.jurisdictions.us_ny_carmel.penalties import CLASSIFICATION
    from publicassembly.law.jurisdictions.us_ny_mount_pleasant.penalties import _CLASSIFICATIONS

    assert set(get_args(Classification)) == {str(CLASSIFICATION), *_CLASSIFICATIONS}


@pytest.mark.parametrize("example", ["carmel-unpermitted-concert.yaml", "mount-pleasant-blocked-exits-second-offense.yaml",
                                     "mount-pleasant-catering-hall.yaml"])
def test_a_determination_of_each_jurisdiction_with_its_penalty_is_taken(example):
    import yaml

    case = yaml.safe_load((ROOT / "examples" / example).read_text(encoding="utf-8"))
    data = jsonable(evaluate(case).to_json())
    assert check_determination_json(data) is data


def test_a_penalty_is_in_words_without_python_none():
    """Carmel counts no offense number (ch. 31 penalties ¶ B): the report said "Offense number None"; an edited
    determination's null classification or citation said "None" too."""
    import yaml

    from publicassembly.documents.pdf import render_report

    from .conftest import pdf_text

    case = yaml.safe_load((ROOT / "examples" / "carmel-unpermitted-concert.yaml").read_text(encoding="utf-8"))
    data = jsonable(evaluate(case).to_json())
    text = pdf_text(render_report(data))
    assert "Offense number not counted by this chapter Violations 3" in text
    assert "Classification violation Citation Carmel Code ch. 31, penalties ¶ B" in text
    edited = pdf_text(render_report(dict(data, penalty=dict(data["penalty"], classification=None, citation=None))))
    assert "Classification not stated Citation not stated" in edited
    assert "None" not in text and "None" not in edited


@pytest.mark.parametrize("example", sorted((ROOT / "examples").glob("*.yaml")), ids=lambda p: p.name)
def test_what_check_writes_is_reported_for_every_example(tmp_path, example):
    """`check --format json > d.json; report d.json`: a Mount Pleasant determination's letter width (0.375, read
    back as a Decimal) was refused ("requirements.sign.letter_width_in: must be a number, text, …")."""
    written = runner.invoke(app, ["check", str(example), "--format", "json"])
    assert written.exit_code == 0, written.output
    source = tmp_path / "d.json"
    source.write_text(written.stdout, encoding="utf-8")
    out = tmp_path / "r.pdf"
    result = runner.invoke(app, ["report", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")
