"""The law core's messages: each is exactly today's English text, keeps its template and parameters, and
renders in another language from a catalog without the core knowing of Django."""

from __future__ import annotations

import json
import pickle
from datetime import date
from pathlib import Path

import pytest

from publicassembly.law import evaluate
from publicassembly.law.dates import at_least_days_before, within_days_after
from publicassembly.law.labels import label
from publicassembly.law.messages import Message, _, both, clause, join

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_a_message_is_its_english_text():
    m = _("{persons:,} persons at one time{where} is in excess of {threshold}", persons=1200, where="",
          threshold=500)
    assert m == "1,200 persons at one time is in excess of 500"
    assert m.template.startswith("{persons:,} persons") and m.params["threshold"] == 500
    assert type(str(m)) is str and json.dumps(m) == '"1,200 persons at one time is in excess of 500"'
    with pytest.raises(AttributeError):
        m.template = "x"  # type: ignore[misc]


def test_underscore_makes_the_message_the_class_makes():
    """`_` (a function, not the class) makes the same message as `Message`: its English, template and
    parameters, a Message; a sentence without parameters is the one message shared per template; parameters
    that are lists are rendered joined, as the class renders them (Carmel ch. 31 ¶ C: the approvals lacking)."""
    cases = [("{persons:,} persons at one time{where} is in excess of {threshold}",
              {"persons": 1200, "where": _(" in the aggregate"), "threshold": 500}),
             ("Not given in item ({n}) of the petition: {items}.", {"n": 2, "items": ["dates", _("hours")]}),
             ("{first} and {last}", {"first": ("a", "b"), "last": date(2026, 7, 4)}),
             ("The petition is not verified", {})]
    for template, params in cases:
        made, by_class = _(template, **params), Message(template, **params)
        assert type(made) is Message and made == by_class and str(made) == str(by_class)
        assert made.template == template and dict(made.params) == params == dict(by_class.params)
    assert _("Not given in item ({n}) of the petition: {items}.", n=2, items=["dates", "hours"]) == (
        "Not given in item (2) of the petition: dates, hours.")
    assert _("The petition is not verified") is _("The petition is not verified") is Message(
        "The petition is not verified")
    with pytest.raises(KeyError):
        _("{n} days", m=3)


def test_join_makes_the_message_of_its_items_rendered_one_by_one():
    """`join` (the defects of a finding, Carmel ch. 31 ¶ B; the items not given) writes its text and messages
    as they are, and any other item as `Message` renders it: the same English, template, parameters and
    translation as the message made by rendering each item, for text, messages, numbers, dates, lists, a
    generator, no items and more items than it keeps keys for."""
    es = {"{n} day": "{n} día", "the Town Board": "la Junta del Pueblo"}.get
    lists: list[list[object]] = [[], ["a"], [_("the Town Board")], ["a", _("{n} day", n=1), "c"],
                                 [1, "b"], [date(2026, 7, 4), _("the Town Board")], [["x", "y"], "z"],
                                 [f"item {i}" for i in range(70)]]
    for items in lists:
        for sep in (", ", "; ", " "):
            made = join(items, sep)
            by_rendering = Message._special({str(i): v for i, v in enumerate(items)}, sep, None)
            assert type(made) is Message and made == by_rendering and made.template == by_rendering.template
            assert dict(made.params) == dict(by_rendering.params)
            assert made.translated(lambda t: es(t, t)) == by_rendering.translated(lambda t: es(t, t))
            assert pickle.loads(pickle.dumps(made)) == made
    assert join(iter(["a", "b"]), " or ") == "a or b"
    assert join(["a", _("{n} day", n=1)], "; ").translated(lambda t: es(t, t)) == "a; 1 día"


def test_translation_translates_the_template_and_its_message_parameters():
    es = {"{n:,} days": "{n:,} días", "{what} shown": "{what} presentado", "Parking": "Estacionamiento"}.get
    m = _("{what} shown", what=_("Parking"))
    assert m == "Parking shown"
    assert m.translated(lambda t: es(t, t)) == "Estacionamiento presentado"
    assert join([_("{n:,} days", n=2), "x"], "; ").translated(lambda t: es(t, t)) == "2 días; x"
    assert clause(_("Parking"), lower=True).translated(lambda t: es(t, t)) == "estacionamiento"


def test_a_translation_that_does_not_format_falls_back_to_english():
    m = _("{n} days", n=3)
    assert m.translated(lambda t: "{missing} días") == "3 days"


def test_messages_survive_pickling():
    m = both([_("the Putnam County Health Department"), _("the Town Board")])
    assert m == "the Putnam County Health Department and the Town Board"
    again = pickle.loads(pickle.dumps(m))
    assert again == m and isinstance(again, Message)


def test_legal_dates_count_in_the_same_english():
    """GCL §§ 20, 25-a: 30 days after Friday 2026-05-01 is Sunday 2026-05-31, carried to Monday 2026-06-01."""
    d = within_days_after(date(2026, 5, 1), 30, what=_("submission of the application"))
    assert d.counted == ("30 calendar days after submission of the application on Friday 2026-05-01, that day "
                         "excluded (GCL § 20): Sunday 2026-05-31, a Sunday, so the period runs to the next "
                         "business day, Monday 2026-06-01 (GCL § 25-a).")
    before = at_least_days_before(date(2026, 9, 12), 60, what=_("the first day of the assembly"))
    assert isinstance(before.counted, Message) and before.to_json()["counted"] == str(before.counted)


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_message_of_a_determination_renders_its_json_english(example):
    """Every reason, verdict and counted sentence is a Message whose English is exactly the JSON's text."""
    import yaml

    det = evaluate(yaml.safe_load(example.read_text()))  # on its own as_of (a violation may not be after it)
    data = det.to_json()
    assert isinstance(det.verdict, Message) and data["verdict"] == str(det.verdict)
    for finding, out in zip(det.findings, data["findings"], strict=True):
        assert isinstance(finding.reason, Message), finding.rule
        assert out["reason"] == finding.reason.translated(lambda t: t)
    for name, legal in det.deadlines.items():
        assert data["deadlines"][name]["counted"] == legal.counted.translated(lambda t: t)


def test_labels_keep_the_plain_english_of_a_key():
    for key in ("insurance_bodily_injury_min", "petition.1.directors_and_officers[0].name", "unknown_key"):
        assert label(key) == key.replace("_", " ").replace(".", " · ")
