"""Forms of the Building Inspector's pages: places of assembly, their spaces, certificates and inspections
(Mount Pleasant ch. 164). The venues service validates every value again."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from publicassembly.law.units import MAX_COUNT
from publicassembly.venues.models import STORY_RANGE
from publicassembly.venues.services import floor_area_problem
from publicassembly.web.forms.public import AREA_UNITS, USE_GROUP_CHOICES
from publicassembly.web.forms.widgets import (
    YES_NO_UNKNOWN,
    DateInput,
    PlainErrors,
    WholeNumberField,
    area_field,
    check_area,
    tristate,
)


class VenueForm(PlainErrors):
    name = forms.CharField(label=_("Name of the place"), max_length=200)
    address = forms.CharField(label=_("Address"), max_length=300)
    commercial = forms.ChoiceField(label=_("Commercial place of assembly?"), choices=YES_NO_UNKNOWN, required=False)
    toilets_provided = WholeNumberField(label=_("Toilets provided"), min_value=0, max_value=100_000,
                                        required=False)

    def values(self) -> dict[str, Any]:
        d = self.cleaned_data
        return {"name": d["name"], "address": d["address"], "commercial": tristate(d.get("commercial")),
                "toilets_provided": d.get("toilets_provided")}


class SpaceForm(PlainErrors):
    name = forms.CharField(label=_("Room or area"), max_length=200)
    use_group = forms.ChoiceField(label=_("Use group (§§ 164-7, 164-8)"), choices=USE_GROUP_CHOICES)
    area = area_field(min_value=None,  # (what is allowed depends on the use: `clean`)
                      help_text=_("For a bowling alley: the area beyond the alleys and their runways."))
    area_unit = forms.ChoiceField(label=_("Unit"), choices=AREA_UNITS, initial="sq_ft")
    alleys = WholeNumberField(label=_("Bowling alleys"), min_value=0, max_value=10_000, required=False)
    story = WholeNumberField(label=_("Story"), min_value=STORY_RANGE[0], max_value=STORY_RANGE[1], required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        area, use_group = data.get("area"), data.get("use_group")
        if area is not None and use_group and "area" not in self.errors:
            # more than 0, but a bowling alley's additional area 0 or more (§ 164-7): said as the service says it,
            # so that -3 is not told "at least 0" and 0 then refused
            problem = floor_area_problem(area, use_group)
            if problem is not None:
                self.add_error("area", capfirst(problem) + ".")
        check_area(self, data)  # (alleys on a space that is not a bowling alley: the venues service refuses them)
        return data

    def values(self) -> dict[str, Any]:
        d = dict(self.cleaned_data)
        d["kind"] = "open_air" if d["use_group"] == "open_air" else "room"
        return d


class ReasonForm(PlainErrors):
    reason = forms.CharField(label=_("Reason (kept in the history)"), max_length=500)


class IssueForm(PlainErrors):
    issued_on = forms.DateField(label=_("Issued on"), widget=DateInput(), required=False,
                                help_text=_("Default: today."))


class WorshipApprovalForm(PlainErrors):
    """The Building Inspector's approval of a place's use solely for religious worship (§ 164-3; M-20: given again
    after its rooms changed)."""

    approved_on = forms.DateField(label=_("Approved on"), widget=DateInput(), required=False,
                                  help_text=_("Default: today."))


class ScheduleInspectionForm(PlainErrors):
    scheduled_for = forms.DateField(label=_("Inspection date"), widget=DateInput())

    def __init__(self, *args: Any, inspectors: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if inspectors is not None:
            self.fields["inspector"] = forms.ModelChoiceField(label=_("Inspector"), queryset=inspectors,
                                                              required=False)


class RecordInspectionForm(PlainErrors):
    done_on = forms.DateField(label=_("Done on"), widget=DateInput(), required=False)
    persons_present = WholeNumberField(label=_("Persons present"), min_value=0, max_value=MAX_COUNT,
                                       required=False)
    exits_blocked = forms.ChoiceField(label=_("Exits blocked? (§ 164-10)"), choices=YES_NO_UNKNOWN, required=False)
    exit_access_clear = forms.ChoiceField(label=_("Access to exits clear? (§ 164-11)"), choices=YES_NO_UNKNOWN,
                                          required=False)
    egress_obstructed = forms.ChoiceField(label=_("Means of egress obstructed? (§ 164-5)"),
                                          choices=YES_NO_UNKNOWN, required=False)
    serious_menace = forms.ChoiceField(label=_("Serious menace to life and safety?"), choices=YES_NO_UNKNOWN,
                                       required=False)
    fire_exits_designated = forms.ChoiceField(label=_("Fire exits properly designated? (§ 164-2)"),
                                              choices=YES_NO_UNKNOWN, required=False)
    fire_exits_comply_with_uniform_code = forms.ChoiceField(
        label=_("Fire exits comply with the Uniform Fire Prevention and Building Code? (§ 164-2)"),
        choices=YES_NO_UNKNOWN, required=False)
    certificate_on_premises = forms.ChoiceField(label=_("Certificate kept on the premises?"),
                                                choices=YES_NO_UNKNOWN, required=False)
    toilets_provided = WholeNumberField(label=_("Toilets provided"), min_value=0, max_value=100_000,
                                        required=False)
    corrected = forms.ChoiceField(label=_("Violations corrected forthwith?"), choices=YES_NO_UNKNOWN,
                                  required=False)
    notes = forms.CharField(label=_("Notes"), widget=forms.Textarea(attrs={"rows": 3}), required=False)
    reason = forms.CharField(label=_("Reason (kept in the history)"), max_length=2000, required=False)

    #: The yes / no / not stated questions (the service's true, false or None).
    TRISTATE = ("exits_blocked", "exit_access_clear", "egress_obstructed", "serious_menace", "fire_exits_designated",
                "fire_exits_comply_with_uniform_code", "certificate_on_premises", "corrected")
    #: What the API's body takes that this form does not: the room-by-room counts and signs (asked on the API
    #: only) and the version (the page's hidden ``expected_version``, read by the view). A test holds the form's
    #: fields and these to the API's schema, so that the two cannot drift apart again.
    API_ONLY = ("persons_by_space", "signs", "expected_version")

    def values(self) -> dict[str, Any]:
        d = dict(self.cleaned_data)
        for k in self.TRISTATE:
            d[k] = tristate(d.get(k))
        return d
