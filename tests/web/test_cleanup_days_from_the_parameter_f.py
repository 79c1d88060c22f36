"""Carmel ch. 31, permit requirements ¶ F: "within five days from the termination of the assembly" the waste is
completely removed. The number is the law core's parameter ``cleanup.days_after`` (dated, in Carmel's
parameters.yaml), never written into a sentence that shows it: the violation form's option of ¶ F says the days in
force (5), in the singular or the plural as they are, and the API's operations about the cleanup say "the days ¶ F
allows" rather than a number that a dated change of the parameter would make untrue."""

from __future__ import annotations

import datetime as dt
import json
from types import SimpleNamespace

import pytest
from django.test import Client
from django.utils import translation

from publicassembly.web.forms.enforcement import RULE_SUMMARIES, ViolationForm, rule_summary

pytestmark = pytest.mark.django_db

CLEANUP = "carmel/issuance/f-cleanup"


def test_the_violation_forms_option_of_paragraph_f_says_the_5_days_in_force(carmel):
    """¶ F: 5 days since the chapter (1972), the parameter's value in force today."""
    assert carmel.jurisdiction.parameters.at(dt.date.today())["cleanup.days_after"] == 5
    choices = dict(ViolationForm(town=carmel).fields["rule_id"].choices)
    assert choices[CLEANUP] == "permit requirements ¶ F — Waste completely removed within 5 days after the assembly"
    assert "five" not in choices[CLEANUP]


@pytest.mark.parametrize(("days", "said"), [(1, "within 1 day after"), (7, "within 7 days after")])
def test_the_number_is_the_parameter_in_force_on_the_day_singular_or_plural_f(carmel, days, said):
    """The Town's ¶ F amended from 2027-01-01 (a dated value, as every number of the law): the option says the
    days in force on the day it is shown — still 5 the day before — in the singular or the plural."""
    amended = dt.date(2027, 1, 1)
    parameters = carmel.jurisdiction.parameters.with_values("cleanup.days_after", {amended: days})
    town = SimpleNamespace(jurisdiction=SimpleNamespace(parameters=parameters))
    summary = str(RULE_SUMMARIES[CLEANUP])
    assert said in rule_summary(town, CLEANUP, summary, amended)
    assert "within 5 days after" in rule_summary(town, CLEANUP, summary, amended - dt.timedelta(days=1))


def test_a_rule_without_numbers_keeps_its_summary(carmel):
    summary = str(RULE_SUMMARIES["carmel/permit/a-required"])
    assert rule_summary(carmel, "carmel/permit/a-required", summary) == summary


def test_the_spanish_option_says_the_days_too(carmel):
    """The page in Spanish: the template's translation, when the catalog has it, with the same number."""
    with translation.override("es"):
        label = dict(ViolationForm(town=carmel).fields["rule_id"].choices)[CLEANUP]
    assert "5" in label and "%(" not in label


def test_the_apis_operations_on_the_cleanup_write_no_number_of_days_f(db):
    """The OpenAPI document: the release, the forfeiture and the assembly held say "the days ¶ F allows"."""
    schema = Client().get("/api/openapi.json").json()
    text = json.dumps({path: ops for path, ops in schema["paths"].items()
                       if path.endswith(("/release-bond", "/forfeit-bond", "/assembly-held"))}, ensure_ascii=False)
    text += json.dumps(schema.get("components", {}).get("schemas", {}).get("AssemblyHeldIn", {}), ensure_ascii=False)
    assert "5 days" not in text and "five days" not in text
    assert "the days ¶ F allows" in text
