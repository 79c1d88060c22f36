"""The web forms take what the API takes, and refuse what it refuses (interpretation W-39): one definition of each
bound (`workflow.bounds`), read by the API's bodies and the forms. A new-user trial found the Town Board's
"Approve with conditions" (Carmel ch. 31 ¶ B) taking a condition of 100,000 characters — the API takes 2,000, 200
conditions at most — which the permit then printed over 25 pages; the Clerk's "Return as incomplete" taking 3,000
missing items of 620 characters (the API: 100 of 500); and every reason cut at 500 characters where the API keeps
2,000. Each bound is held on both sides: the largest taken, one more refused, the refusal naming the field, the
line and the bound, nothing written."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from tests.api.conftest import api_client
from tests.web.conftest import fair_facts
from tests.web.test_board_and_approval_forms_every_refusal_at_once_p33 import beside, heard, post  # noqa: F401

from publicassembly.permits import services as sv
from publicassembly.workflow import bounds

pytestmark = pytest.mark.django_db


def _api(user, app, action: str, body: dict):
    return api_client(user).post(f"/api/v1/towns/carmel-ny/applications/{app.pk}/{action}",
                                 json.dumps({"expected_version": app.version, **body}),
                                 content_type="application/json")


# --- ¶ B: the Town Board's conditions ----------------------------------------------------------------------------


def test_a_condition_of_2000_characters_is_recorded_para_b(cu, heard):  # noqa: F811
    condition = "c" * bounds.MAX_CONDITION
    r = post(cu["town_board_member"], heard, "approve", {"conditions": f"Gates close at 10 p.m.\n{condition}"})
    assert r.status_code == 302, r.content.decode()[:2000]
    heard.refresh_from_db()
    assert heard.state == "approved" and heard.conditions == ["Gates close at 10 p.m.", condition]


def test_a_condition_of_2001_characters_is_refused_naming_its_line_as_the_api_refuses_it_para_b(cu, heard):  # noqa: F811
    text = "Gates close at 10 p.m.\n\n" + "c" * (bounds.MAX_CONDITION + 1)
    r = post(cu["town_board_member"], heard, "approve", {"conditions": text})
    assert beside(r, "approve") == {"conditions": ["Line 3: a condition is at most 2,000 characters (got 2,001)."]}
    heard.refresh_from_db()
    assert (heard.state, heard.conditions) == ("hearing_held", [])
    api = _api(cu["town_board_member"], heard, "approve", {"conditions": ["Gates", "c" * 2001]})
    assert api.status_code == 422 and "conditions" in json.dumps(api.json())


def test_the_trials_condition_of_100000_characters_is_refused_para_b(cu, heard):  # noqa: F811
    r = post(cu["town_board_member"], heard, "approve", {"conditions": "x" * 100_000})
    assert beside(r, "approve")["conditions"] == ["Line 1: a condition is at most 2,000 characters (got 100,000)."]
    heard.refresh_from_db()
    assert heard.state == "hearing_held"


def test_200_conditions_are_taken_and_201_refused_para_b(cu, heard):  # noqa: F811
    many = "\n".join(f"Condition {n}" for n in range(bounds.MAX_CONDITIONS + 1))
    r = post(cu["town_board_member"], heard, "approve", {"conditions": many})
    assert beside(r, "approve") == {"conditions": ["At most 200 conditions, one per line (got 201)."]}
    heard.refresh_from_db()
    assert heard.state == "hearing_held"
    r = post(cu["town_board_member"], heard, "approve", {"conditions": many.rsplit("\n", 1)[0]})
    assert r.status_code == 302
    heard.refresh_from_db()
    assert heard.state == "approved" and len(heard.conditions) == 200


def test_the_api_and_the_page_read_the_same_bounds_of_the_conditions_para_b():
    from publicassembly.api.actions import ApproveIn
    from publicassembly.web.forms.application import ApproveForm

    schema = ApproveIn.model_json_schema()["properties"]["conditions"]
    field = ApproveForm.base_fields["conditions"]
    assert (schema["maxItems"], schema["items"]["maxLength"]) == (field.most, field.longest) == (200, 2000)


# --- ¶ B: the petition returned as incomplete --------------------------------------------------------------------


@pytest.fixture
def submitted(carmel, cu):
    app = sv.create_draft(cu["applicant"], carmel, fair_facts())
    sv.submit(cu["applicant"], app, verification_statement="Sworn before a notary.", today=dt.date.today())
    app.refresh_from_db()
    return app


def test_the_trials_3000_missing_items_are_refused_with_the_bounds_para_b(cu, submitted):
    items = "\n".join(["y" * 620] * 3000)
    r = post(cu["town_clerk"], submitted, "mark_incomplete", {"missing_items": items})
    told = beside(r, "mark_incomplete")["missing_items"]
    assert told[0] == "At most 100 items, one per line (got 3,000)."
    assert told[1:3] == ["Line 1: an item is at most 500 characters (got 620).",
                         "Line 2: an item is at most 500 characters (got 620)."]
    assert told[-1] == "… and 2,990 more lines longer than 500 characters."  # (ten named, the others counted)
    submitted.refresh_from_db()
    assert submitted.state == "submitted" and submitted.missing_items == []


def test_an_item_of_501_characters_is_refused_naming_its_line_para_b(cu, submitted):
    r = post(cu["town_clerk"], submitted, "mark_incomplete", {"missing_items": f"Site map\n{'m' * 501}"})
    assert beside(r, "mark_incomplete") == {
        "missing_items": ["Line 2: an item is at most 500 characters (got 501)."]}
    submitted.refresh_from_db()
    assert submitted.state == "submitted"


def test_101_items_are_refused_as_the_api_refuses_them_para_b(cu, submitted):
    r = post(cu["town_clerk"], submitted, "mark_incomplete",
             {"missing_items": "\n".join(f"Item {n}" for n in range(101))})
    assert beside(r, "mark_incomplete") == {"missing_items": ["At most 100 items, one per line (got 101)."]}
    api = _api(cu["town_clerk"], submitted, "mark-incomplete", {"missing_items": [f"Item {n}" for n in range(101)]})
    assert api.status_code == 422
    submitted.refresh_from_db()
    assert submitted.state == "submitted"


def test_100_items_of_500_characters_are_recorded_para_b(cu, submitted):
    items = [f"{n:03d}" + "m" * 497 for n in range(100)]
    r = post(cu["town_clerk"], submitted, "mark_incomplete", {"missing_items": "\n".join(items)})
    assert r.status_code == 302, r.content.decode()[:2000]
    submitted.refresh_from_db()
    assert submitted.state == "incomplete" and submitted.missing_items == items


# --- the reason kept in the history -------------------------------------------------------------------------------


def test_a_reason_of_2000_characters_is_kept_as_the_api_keeps_it(cu, submitted):
    r = post(cu["town_clerk"], submitted, "mark_incomplete",
             {"missing_items": "Site map", "reason": "r" * bounds.MAX_REASON})
    assert r.status_code == 302, r.content.decode()[:2000]
    submitted.refresh_from_db()
    assert submitted.state == "incomplete"


def test_a_reason_of_2001_characters_is_refused_as_the_api_refuses_it(cu, submitted):
    r = post(cu["town_clerk"], submitted, "mark_incomplete",
             {"missing_items": "Site map", "reason": "r" * (bounds.MAX_REASON + 1)})
    assert beside(r, "mark_incomplete") == {"reason": ["Is too long: at most 2,000 characters (got 2,001)."]}
    api = _api(cu["town_clerk"], submitted, "mark-incomplete",
               {"missing_items": ["Site map"], "reason": "r" * (bounds.MAX_REASON + 1)})
    assert api.status_code == 422
    submitted.refresh_from_db()
    assert submitted.state == "submitted"


# --- every form of the pages against its API body ----------------------------------------------------------------


def _api_bounds(model) -> dict[str, dict[str, object]]:
    """Each field of the API body `model` → its bounds as the OpenAPI schema states them (a text's ``maxLength``,
    a list's ``maxItems`` and its items' ``maxLength``, a number's ``maximum``) and money's digits (pydantic's
    ``max_digits``, which the JSON schema does not state)."""
    out: dict[str, dict[str, object]] = {}
    for name, prop in model.model_json_schema()["properties"].items():
        found: dict[str, object] = {}
        for part in [prop, *prop.get("anyOf", [])]:
            for key in ("maxLength", "maxItems", "maximum"):
                if key in part:
                    found[key] = part[key]
            if "maxLength" in part.get("items", {}):
                found["items.maxLength"] = part["items"]["maxLength"]
        digits = _max_digits(model.model_fields[name])
        if digits is not None:
            found["max_digits"] = digits
        out[name] = found
    return out


def _max_digits(info) -> int | None:
    import typing

    seen = [*info.metadata, info.annotation]
    while seen:
        item = seen.pop()
        if getattr(item, "max_digits", None) is not None:
            return item.max_digits
        seen += [*getattr(item, "__metadata__", ()), *getattr(item, "metadata", ()), *typing.get_args(item)]
    return None


def _form_bounds(form_class, **kwargs) -> dict[str, dict[str, object]]:
    """Each field of the web form → its bounds, named as `_api_bounds` names them."""
    from django import forms

    from publicassembly.web.forms.widgets import LinesField

    out: dict[str, dict[str, object]] = {}
    form = form_class(**kwargs)
    for name, field in form.fields.items():
        found: dict[str, object] = {}
        if isinstance(field, forms.ChoiceField | forms.ModelChoiceField):
            continue  # (a choice among values: no bound to type beyond)
        if isinstance(field, LinesField):
            found = {"maxItems": field.most, "items.maxLength": field.longest}
        elif isinstance(field, forms.CharField) and field.max_length is not None:
            found["maxLength"] = field.max_length
        elif isinstance(field, forms.DecimalField) and field.max_digits is not None:
            found["max_digits"] = field.max_digits
        elif isinstance(field, forms.IntegerField) and field.max_value is not None:
            found["maximum"] = field.max_value
        out[name] = found
    return out


def _pairs():
    from publicassembly.api import actions as api
    from publicassembly.permits.models import Document
    from publicassembly.web.forms import application as af
    from publicassembly.web.forms import venues as vf

    return [
        (af.SubmitForm, api.SubmitIn, {}), (af.MarkIncompleteForm, api.MarkIncompleteIn, {}),
        (af.ScheduleHearingForm, api.ScheduleHearingIn, {"notice_days": 10}),
        (af.RescheduleHearingForm, api.RescheduleHearingIn, {"notice_days": 10}),
        (af.NoticePublishedForm, api.NoticePublishedIn, {"notice_days": 10}),
        (af.HearingHeldForm, api.HearingHeldIn, {}), (af.ApproveForm, api.ApproveIn, {}),
        (af.DenyForm, api.DenyIn, {}), (af.RefuseExemptionForm, api.RefuseExemptionIn, {}),
        (af.ApprovalForm, api.ApprovalIn, {"documents": Document.objects.none()}),
        (af.AuthorizationForm, api.AuthorizationIn, {"documents": Document.objects.none()}),
        (af.InsuranceForm, api.InsuranceIn, {"documents": Document.objects.none()}), (af.BondForm, api.BondIn, {}), (af.FeeForm, api.FeePaymentIn, {}),
        (af.RevokeForm, api.RevokeIn, {}), (af.CleanupForm, api.CleanupInspectionIn, {}),
        (af.ForfeitForm, api.ForfeitIn, {}), (af.RevokedBondForm, api.Versioned, {}),
        (af.UnissuedBondForm, api.Versioned, {}), (af.AssemblyHeldForm, api.AssemblyHeldIn, {}),
        (af.EmptyForm, api.Versioned, {}),
        (vf.VenueForm, api.VenueIn, {}), (vf.SpaceForm, api.SpaceIn, {}), (vf.ReasonForm, api.ReasonIn, {}),
        (vf.IssueForm, api.IssueCertificateIn, {}), (vf.WorshipApprovalForm, api.WorshipApprovalIn, {}),
        (vf.ScheduleInspectionForm, api.ScheduleInspectionIn, {}),
        (vf.RecordInspectionForm, api.RecordInspectionIn, {}),
    ]


#: Fields whose bound a form leaves to the service on purpose, which refuses beyond it beside the field in the law
#: core's words (W-31: the inspection's counts), or that the form asks otherwise (a choice among the petition's
#: properties for ``property_index``).
LEFT_TO_THE_SERVICE = {("RecordInspectionForm", "persons_present"), ("RecordInspectionForm", "toilets_provided"),
                       ("AuthorizationForm", "property_index")}


@pytest.mark.parametrize("pair", range(28))
def test_each_form_bounds_what_it_asks_as_the_api_body_does_w39(pair):
    """Each field a web form shares with its API body has the body's bounds: a text's length, a list's items
    and their length, a number's largest, money's digits — none laxer and none stricter."""
    pairs = _pairs()
    assert len(pairs) == 28
    form_class, model, kwargs = pairs[pair]
    web, api = _form_bounds(form_class, **kwargs), _api_bounds(model)
    shared = sorted(set(web) & set(api))
    assert shared or form_class.__name__ in ("EmptyForm",), form_class
    for name in shared:
        if (form_class.__name__, name) in LEFT_TO_THE_SERVICE:
            assert not web[name], (form_class.__name__, name, web[name])
            continue
        assert web[name] == {k: v for k, v in api[name].items() if k != "maximum" or "maximum" in web[name]
                             or api[name]["maximum"] < 2**31}, (form_class.__name__, name, web[name], api[name])


def test_the_document_kind_is_bounded_as_the_api_upload_bounds_it():
    from pydantic import TypeAdapter

    from publicassembly.api.attachments import Kind
    from publicassembly.web.forms.application import UploadForm

    limit = TypeAdapter(Kind).json_schema()["maxLength"]
    assert UploadForm.base_fields["kind"].max_length == limit == bounds.MAX_DOCUMENT_KIND == 60


def test_the_petition_bounds_what_it_asks_as_the_law_core_does_para_b_w39():
    """The petition is the API's facts (``POST …/applications``, the law core's ``EventCase``): each text at most
    the law core's `MAX_TEXT` (the page took 200 of a record owner, 60 of the hours, where the API takes 2,000),
    each count at most `MAX_COUNT` (100,000 guards, doctors or nurses before), the noise of ¶ B(15) at most
    1,000 dB, the admission fee under a trillion dollars — as the law core's types state them."""
    from django import forms
    from pydantic import TypeAdapter

    from publicassembly.law import units
    from publicassembly.web.forms.application import PetitionForm, PropertyForm

    assert TypeAdapter(units.Text).json_schema()["maxLength"] == units.MAX_TEXT == 2000
    assert TypeAdapter(units.Count).json_schema()["maximum"] == units.MAX_COUNT
    assert TypeAdapter(units.Age).json_schema()["maximum"] == 130
    assert TypeAdapter(units.Decibels).json_schema()["anyOf"][0]["maximum"] == units.MAX_DECIBELS == 1000
    lists = {"officers", "sound_equipment"}  # (read line by line into lists: the law core judges each item)
    for form in (PetitionForm, PropertyForm):
        for name, field in form.base_fields.items():
            if isinstance(field, forms.ChoiceField | forms.BooleanField | forms.DateField) or name in lists:
                continue
            if isinstance(field, forms.CharField) and isinstance(field.widget, forms.Textarea):
                # (left to the services, which refuse beyond the law core's bound in its words, beside the field)
                assert field.max_length is None, name
            elif isinstance(field, forms.CharField):
                assert field.max_length == units.MAX_TEXT, name
            elif name == "applicant_age":
                assert field.max_value == 130
            elif name == "max_noise_decibels":
                assert (field.max_value, field.max_digits, field.decimal_places) == (units.MAX_DECIBELS, None, None)
            elif name == "admission_fee":
                assert field.max_digits == units.MONEY_DIGITS
            elif isinstance(field, forms.IntegerField):
                assert field.max_value == units.MAX_COUNT, name
            else:
                raise AssertionError(f"{name}: a field of no kind checked here")


def _enforcement_pairs(town):
    from publicassembly.api import actions as api
    from publicassembly.web.forms import enforcement as ef

    return [
        (ef.OffenderForm, api.OffenderIn, {}), (ef.ComplaintForm, api.ComplaintIn, {"town": town}),
        (ef.ViolationForm, api.ViolationIn, {"town": town}), (ef.SummonsForm, api.SummonsIn, {}),
        (ef.DispositionForm, api.DispositionIn, {}), (ef.PaymentForm, api.PaymentIn, {}),
        (ef.StopOrderForm, api.StopOrderIn, {"town": town}), (ef.LiftStopOrderForm, api.LiftIn, {}),
    ]


@pytest.mark.parametrize("which", ["carmel", "mount_pleasant"])
def test_each_enforcement_form_bounds_what_it_asks_as_the_api_body_does_w39(which, request):
    """The officers' forms (complaints, violations, summonses, dispositions, payments, stop orders and their
    lifting, §§ 164-5, 164-12 to 164-14; Carmel ch. 31 penalties) against their API bodies, as the permit and venue
    forms above: the pages took a reason of 1,000 characters, a description or a correction of 1,000 and a term of
    120 months where the API takes 2,000, 5,000 and 1,200; the forms now read the same bounds."""
    town = request.getfixturevalue(which)
    for form_class, model, kwargs in _enforcement_pairs(town):
        web, api = _form_bounds(form_class, **kwargs), _api_bounds(model)
        shared = sorted(set(web) & set(api))
        assert shared, form_class
        for name in shared:
            if name in ("expected_version", "return_time", "persons_by_space"):
                continue  # (asked otherwise: the page's hidden version; a time read as HH:MM; a room a line)
            assert web[name] == api[name], (form_class.__name__, name, web[name], api[name])
