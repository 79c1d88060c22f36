"""Forms of the Building Inspector's pages: places of assembly, their spaces, certificates and inspections
(Mount Pleasant ch. 164). The venues service validates every value again. What is typed is bounded as the API's
bodies bound it (`workflow.bounds`, the law core's count `law.units.MAX_COUNT`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from publicassembly.law.jurisdictions.us_ny_mount_pleasant import JURISDICTION as MOUNT_PLEASANT
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.signs import inches
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
from publicassembly.workflow.bounds import MAX_ADDRESS, MAX_NAME, MAX_REASON, MAX_STATEMENT
from publicassembly.workflow.dates import today


class VenueForm(PlainErrors):
    name = forms.CharField(label=_("Name of the place"), max_length=MAX_NAME)
    address = forms.CharField(label=_("Address"), max_length=MAX_ADDRESS)
    commercial = forms.ChoiceField(label=_("Commercial place of assembly?"), choices=YES_NO_UNKNOWN, required=False)
    toilets_provided = WholeNumberField(label=_("Toilets provided"), min_value=0, max_value=MAX_COUNT,
                                        required=False)

    def values(self) -> dict[str, Any]:
        d = self.cleaned_data
        return {"name": d["name"], "address": d["address"], "commercial": tristate(d.get("commercial")),
                "toilets_provided": d.get("toilets_provided")}


class SpaceNamesField(forms.MultipleChoiceField):
    """Rooms and areas of the place, by name, one checkbox each (its choices: the place's spaces when the page was
    opened). A name not among them — a room removed or renamed since — is left to the venues service, which
    refuses it beside the field naming the spaces there are (one source of the check, W-31)."""

    widget = forms.CheckboxSelectMultiple

    def valid_value(self, value: Any) -> bool:
        return True


class SpaceForm(PlainErrors):
    name = forms.CharField(label=_("Room or area"), max_length=MAX_NAME)
    use_group = forms.ChoiceField(label=_("Use group (§§ 164-7, 164-8)"), choices=USE_GROUP_CHOICES)
    area = area_field(min_value=None,  # (what is allowed depends on the use: `clean`)
                      help_text=_("For a bowling alley: the area beyond the alleys and their runways."))
    area_unit = forms.ChoiceField(label=_("Unit"), choices=AREA_UNITS, initial="sq_ft")
    alleys = WholeNumberField(label=_("Bowling alleys"), min_value=0, max_value=MAX_COUNT, required=False)
    story = WholeNumberField(label=_("Story"), min_value=STORY_RANGE[0], max_value=STORY_RANGE[1], required=False)
    # § 164-4: a place of assembly includes the similarly occupied rooms connecting with it, on any story, where
    # the entrance is common (M-5: joined when one names the other and both have a common entrance; M-23)
    connects_with = SpaceNamesField(
        label=_("Connects with (§ 164-4)"), required=False,
        help_text=_("The similarly occupied rooms or areas of this place it connects with, on any story."))
    common_entrance = forms.ChoiceField(
        label=_("Entrance common with the rooms it connects with? (§ 164-4)"), choices=YES_NO_UNKNOWN,
        required=False)

    #: The service's fields this form asks under another name: a space's kind follows from its use group.
    SERVICE_NAMES = {"kind": "use_group"}

    def __init__(self, *args: Any, spaces: Sequence[str] = (), **kwargs: Any) -> None:
        """`spaces`: the names of the place's other rooms and areas (those it may connect with), in its order."""
        super().__init__(*args, **kwargs)
        self.fields["connects_with"].choices = [(n, n) for n in spaces]

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
        """The service's arguments (`add_space`, `update_space`) from a valid form."""
        return self.taken()

    def taken(self) -> dict[str, Any]:
        """The values the form took, as the service's arguments: every field of the space, None where the form
        refused it (a kind only when the use group was taken), so that the service judges the others
        (`venues.services.space_refusals`, `space_change_refusals`: W-31)."""
        d = {name: self.cleaned_data.get(name) for name in self.fields}
        if d["use_group"] is not None:
            d["kind"] = "open_air" if d["use_group"] == "open_air" else "room"
        d["connects_with"] = list(d["connects_with"] or [])
        d["common_entrance"] = tristate(d["common_entrance"])
        return d

    def field_for(self, field: str) -> str | None:
        """The field of this form beside which the service's refusal of `field` is shown (`kind`: the use group,
        of which the page derives it); None when the form has none (said above the form)."""
        name = self.SERVICE_NAMES.get(field, field.split(".")[-1])
        return name if name in self.fields else None


class ReasonForm(PlainErrors):
    reason = forms.CharField(label=_("Reason (kept in the history)"), max_length=MAX_REASON)


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
    # (the counts without bounds here, as each room's: the service refuses a count below 0 or above the law
    # core's bound in the law core's words, beside the field — one source of the checks, one wording: W-31)
    persons_present = WholeNumberField(label=_("Persons present"), required=False)
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
    toilets_provided = WholeNumberField(label=_("Toilets provided"), required=False)
    corrected = forms.ChoiceField(label=_("Violations corrected forthwith?"), choices=YES_NO_UNKNOWN,
                                  required=False)
    notes = forms.CharField(label=_("Notes"), widget=forms.Textarea(attrs={"rows": 3}), max_length=MAX_STATEMENT,
                            required=False)
    reason = forms.CharField(label=_("Reason (kept in the history)"), max_length=MAX_REASON, required=False)

    #: The yes / no / not stated questions (the service's true, false or None).
    TRISTATE = ("exits_blocked", "exit_access_clear", "egress_obstructed", "serious_menace", "fire_exits_designated",
                "fire_exits_comply_with_uniform_code", "certificate_on_premises", "corrected")
    #: What the API's body takes room by room (a mapping by the space's name), asked here in one row of fields
    #: per space of the venue (`space_rows`): ``persons_by_space-<space id>`` (the persons present in it) and
    #: ``signs-<space id>-<question>`` (its occupancy sign, § 164-9: the questions of `SIGN_QUESTIONS`).
    PER_SPACE = ("persons_by_space", "signs")
    #: The questions of one room's sign: the API's ``{posted, states, conforms_to_specification}`` (yes / no / not
    #: stated, the number it states, yes / no / not stated).
    SIGN_QUESTIONS = ("posted", "states", "conforms_to_specification")
    SIGN_TRISTATE = ("posted", "conforms_to_specification")
    #: What the API's body takes that this form does not ask: the version (the page's hidden
    #: ``expected_version``, read by the view). A test holds the form's fields, `PER_SPACE` and these to the API's
    #: schema, so that the two cannot drift apart again.
    API_ONLY = ("expected_version",)
    #: The rooms' fieldset (``#spaces`` on the page), where a refusal of the rooms' counts together is shown beside
    #: them (M-7: more persons counted in the rooms than present; the service names it ``persons_by_space``, as
    #: the API does), not above the form: its refusals are in ``group_errors[ROOMS]`` (W-31).
    ROOMS = "persons_by_space"
    ROOMS_ID = "spaces"

    def __init__(self, *args: Any, spaces: Sequence[Any] = (), loads: Mapping[str, int] | None = None,
                 **kwargs: Any) -> None:
        """`spaces`: the venue's rooms and areas, in the order the law core is given them (by id: the service's
        refusal of ``spaces[i]`` is the i-th's); `loads`: the lawful occupancy of each by name, where known."""
        super().__init__(*args, **kwargs)
        self.spaces = list(spaces)
        self.loads = dict(loads or {})
        self._signed: list[Any] = []  # (the spaces whose sign is told the service, in its order: ``signs[j]``)
        self.group_errors: dict[str, list[str]] = {self.ROOMS: []}
        # the sign's prescribed letters as the parameters in force today give them (§ 164-9)
        values = MOUNT_PLEASANT.parameters.at(today())
        letters = {"height": inches(values["signs.letter_height_in"]), "width": inches(values["signs.letter_width_in"])}
        for s in self.spaces:
            name = s.name
            self.fields[f"persons_by_space-{s.pk}"] = WholeNumberField(
                # (no bounds here: the service refuses a count below 0, the law core one above its bound, each
                # beside this field — one source of the checks)
                label=_("Persons present in %(space)s") % {"space": name}, required=False)
            self.fields[f"signs-{s.pk}-posted"] = forms.ChoiceField(
                label=_("Occupancy sign posted in %(space)s? (§ 164-9)") % {"space": name},
                choices=YES_NO_UNKNOWN, required=False)
            self.fields[f"signs-{s.pk}-states"] = WholeNumberField(
                label=_("Persons the sign in %(space)s states") % {"space": name}, required=False)
            self.fields[f"signs-{s.pk}-conforms_to_specification"] = forms.ChoiceField(
                label=_("Sign in %(space)s red on white, in bold letters %(height)s inch high and %(width)s inch "
                        "wide? (§ 164-9)") % {"space": name, **letters}, choices=YES_NO_UNKNOWN, required=False)

    def clean(self) -> dict[str, Any]:
        data: dict[str, Any] = super().clean()
        # a row of the page sent for a space the venue no longer has (removed since the page was opened): refused
        # rather than dropped unseen
        ids = {str(s.pk) for s in self.spaces}
        for key, value in self.data.items():
            group, _sep, rest = key.partition("-")
            if group in self.PER_SPACE and rest.partition("-")[0] not in ids and str(value).strip():
                raise forms.ValidationError(_("A room or area on the page sent is no longer one of this place's "
                                              "(removed since the page was opened): nothing was recorded. Enter "
                                              "the rooms' findings again below."), code="space_gone")
        return data

    def space_rows(self) -> list[dict[str, Any]]:
        """One row per space, for the template: the space, its lawful occupancy (None when not known) and its
        bound fields (persons present, then the sign's questions)."""
        return [{"space": s, "load": self.loads.get(s.name),
                 "fields": [self[f"persons_by_space-{s.pk}"],
                            *(self[f"signs-{s.pk}-{q}"] for q in self.SIGN_QUESTIONS)]}
                for s in self.spaces]

    def marked_groups(self) -> list[dict[str, Any]]:
        """The groups of fields holding a refusal of their own (the rooms' fieldset), for the summary above the
        form (``web/_form_errors.html``): each its anchor, its label and its errors."""
        errors = self.group_errors[self.ROOMS]
        return [{"id": self.ROOMS_ID, "label": _("Rooms and areas"), "errors": errors}] if errors else []

    def general_fields(self) -> list[Any]:
        """The bound fields that are not a space's (`space_rows`), in the form's order."""
        return [self[name] for name in self.base_fields]

    def field_for(self, field: str) -> str | None:
        """The field of this form beside which the service's refusal of `field` is shown: a space's count
        (``persons_by_space[<name>]``, or the law core's ``spaces[<i>].attendance``) or sign question
        (``inspection.signs[<j>].<question>``, the j-th sign told it) in that space's row; the rooms' counts or
        signs together (``persons_by_space``, ``signs``: M-7's refusal) `ROOMS`, the rooms' fieldset (its
        ``group_errors``); a field of the form by its own name; else None (said above the form)."""
        if field in ("persons_by_space", "signs"):
            return self.ROOMS
        head, _sep, rest = field.partition("[")
        if head == "persons_by_space" and rest.endswith("]"):
            return next((f"persons_by_space-{s.pk}" for s in self.spaces if s.name == rest[:-1]), None)
        index, _sep, question = rest.partition("]")
        if head in ("spaces", "inspection.signs") and index.isdigit():
            rows = self.spaces if head == "spaces" else self._signed
            i = int(index)
            if i < len(rows):
                if head == "spaces" and question == ".attendance":
                    return f"persons_by_space-{rows[i].pk}"
                if head == "inspection.signs" and question.removeprefix(".") in self.SIGN_QUESTIONS:
                    return f"signs-{rows[i].pk}-{question.removeprefix('.')}"
            return None
        name = field.split(".")[-1]
        return name if name in self.base_fields else None

    def values(self) -> dict[str, Any]:
        """The service's arguments: the spaces' counts and signs as the API's body gives them (by the space's
        name; a count left empty, a sign of which nothing is stated, and each question left "Not stated" left
        out), None when none is given."""
        d = {k: v for k, v in self.cleaned_data.items() if k in self.base_fields}
        for k in self.TRISTATE:
            d[k] = tristate(d.get(k))
        persons: dict[str, int] = {}
        signs: dict[str, dict[str, Any]] = {}
        self._signed = []
        for s in self.spaces:
            n = self.cleaned_data.get(f"persons_by_space-{s.pk}")
            if n is not None:
                persons[s.name] = n
            seen = {q: self.cleaned_data.get(f"signs-{s.pk}-{q}") for q in self.SIGN_QUESTIONS}
            for q in self.SIGN_TRISTATE:
                seen[q] = tristate(seen[q])
            seen = {q: v for q, v in seen.items() if v is not None}
            if seen:
                signs[s.name] = seen
                self._signed.append(s)
        d["persons_by_space"] = persons or None
        d["signs"] = signs or None
        return d
