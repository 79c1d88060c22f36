"""The words of an action a record's state does not allow (`workflow.states.refused_in_words`, asked by
`transition` of the model's ``state_refusal``): where the record stands and why the action cannot be done there,
the words for that state before the action's own; none when either is missing — then the machine's own words
stand (a model that says none, as the permit application, whose service words its refusals itself)."""

from __future__ import annotations

import pytest

from publicassembly.workflow.errors import InvalidTransition
from publicassembly.workflow.states import refused_in_words, transition

from .conftest import SampleCase

pytestmark = pytest.mark.django_db

STANDS = {"draft": "case %(n)s is a draft", "submitted": "case %(n)s is submitted"}
WHY = {("accept", "draft"): "a draft is submitted before it is accepted", "accept": "only a submitted case is "
                                                                                    "accepted"}


def test_the_words_for_the_state_come_before_the_actions_own():
    assert refused_in_words(STANDS, WHY, "draft", "accept", n=1) == (
        "case 1 is a draft: a draft is submitted before it is accepted")
    assert refused_in_words(STANDS, {"accept": WHY["accept"]}, "draft", "accept", n=1) == (
        "case 1 is a draft: only a submitted case is accepted")


def test_no_words_when_the_state_or_the_action_has_none():
    assert refused_in_words(STANDS, WHY, "incomplete", "accept", n=1) is None
    assert refused_in_words(STANDS, WHY, "draft", "resubmit", n=1) is None


def test_transition_says_the_models_words_and_keeps_the_refusals_facts(carmel, carmel_clerk, monkeypatch):
    monkeypatch.setattr(SampleCase, "state_refusal", lambda self, action: refused_in_words(
        STANDS, WHY, self.state, action, n=self.pk), raising=False)
    case = SampleCase.objects.create(town=carmel, title="Fair")
    with pytest.raises(InvalidTransition) as e:
        transition(case, "accept", by=carmel_clerk, reason="ok")
    assert e.value.message == str(e.value) == f"case {case.pk} is a draft: a draft is submitted before it is accepted"
    assert (e.value.http_status, e.value.from_state, e.value.to_state, e.value.allowed) == (
        409, "draft", "accepted", ["submit"])
    assert SampleCase.objects.get(pk=case.pk).state == "draft"


def test_a_model_without_words_keeps_the_machines(carmel, carmel_clerk):
    case = SampleCase.objects.create(town=carmel, title="Fair")
    with pytest.raises(InvalidTransition) as e:
        transition(case, "accept", by=carmel_clerk, reason="ok")
    assert "cannot do 'accept' (draft → accepted)" in e.value.message
