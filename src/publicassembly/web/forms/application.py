"""The applicant's guided petition form (Carmel ch. 31 ¶ B) and the officials' action forms.

The petition form asks only what applies: a corporation is asked for its directors and officers, an applicant
not residing in the Town for an agent, a food seller for the food plan, a multi-day assembly for camping or
housing (the questions are shown as the answers that call for them are given; without JavaScript all are shown
and those that do not apply are ignored). `to_facts` turns the answers into the applicant's facts of the law
core's ``EventCase``; `initial_from_facts` does the reverse for editing. The services validate the facts.
"""

from __future__ import annotations

import copy
from datetime import date
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from publicassembly.permits.models import CONDITIONS, Agency, CleanupResult, Party, RevocationGround
from publicassembly.web import present
from publicassembly.web.forms.widgets import (
    YES_NO_UNKNOWN,
    DateInput,
    MoreThanZeroDollars,
    PlainErrors,
    tristate,
)

Lines = forms.Textarea(attrs={"rows": 3})


def _lines(text: str) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def _yn(value: bool | None) -> str:
    return "" if value is None else ("yes" if value else "no")


class PetitionForm(PlainErrors):
    """The verified petition's answers, in the order of ¶ B(1)-(15)."""

    # The assembly (¶ B(2))
    name = forms.CharField(label=_("Name of the assembly"), max_length=200)
    purpose = forms.CharField(label=_("Purpose of the gathering"), max_length=300)
    nature_of_activity = forms.CharField(label=_("Nature of the activity"), widget=Lines, required=False)
    first_day = forms.DateField(label=_("First day"), widget=DateInput())
    last_day = forms.DateField(label=_("Last day"), widget=DateInput(), required=False,
                               help_text=_("Leave empty for a one-day assembly."))
    daily_hours = forms.CharField(label=_("Hours each day"), max_length=60, required=False,
                                  help_text=_("For example 10:00-22:00."))
    max_persons_at_one_time = forms.IntegerField(label=_("Most persons at one time"), min_value=0,
                                                 max_value=10_000_000)
    persons_collectively = forms.IntegerField(label=_("Persons over the whole assembly"), min_value=0,
                                              max_value=100_000_000, required=False)
    vehicles_at_one_time = forms.IntegerField(label=_("Most vehicles at one time"), min_value=0,
                                              max_value=10_000_000, required=False)
    vehicles_collectively = forms.IntegerField(label=_("Vehicles over the whole assembly"), min_value=0,
                                               max_value=100_000_000, required=False)
    admission_fee = forms.DecimalField(label=_("Admission fee (US dollars; 0 if none)"), min_value=0,
                                       max_digits=10, decimal_places=2, required=False)
    # The applicant (¶ B(1))
    applicant_name = forms.CharField(label=_("Applicant's name (or the corporation's)"), max_length=200)
    is_corporation = forms.BooleanField(label=_("The applicant is a corporation"), required=False)
    applicant_age = forms.IntegerField(label=_("Applicant's age"), min_value=0, max_value=130, required=False,
                                       help_text=_("Not asked of a corporation."))
    residence_address = forms.CharField(label=_("Residence address (a corporation: its office)"),
                                        max_length=300, required=False)
    resides_in_town = forms.ChoiceField(label=_("Does the applicant reside (or the corporation have its "
                                                "office) in the Town of Carmel?"), choices=YES_NO_UNKNOWN,
                                        required=False)
    officers = forms.CharField(label=_("Directors and officers"), widget=Lines, required=False,
                               help_text=_("One per line: name, then a comma, then the address."))
    agent_name = forms.CharField(label=_("Agent's name"), max_length=200, required=False,
                                 help_text=_("An applicant not residing in the Town names an agent to accept "
                                             "notices and summonses."))
    agent_address = forms.CharField(label=_("Agent's address"), max_length=300, required=False)
    agent_in_putnam = forms.ChoiceField(label=_("Does the agent reside or have a place of business in Putnam "
                                                "County?"), choices=YES_NO_UNKNOWN, required=False)
    agent_accepts_service = forms.BooleanField(
        label=_("The agent agrees by verified statement to accept notices and summonses"), required=False)
    # The property (¶ B(2))
    property_address = forms.CharField(label=_("Address of the property"), max_length=300)
    record_owner = forms.CharField(label=_("Record owner"), max_length=200, required=False)
    applicant_interest = forms.CharField(label=_("The applicant's interest in the property"), max_length=300,
                                         required=False, help_text=_("For example: owner, tenant, licensee."))
    # Items (6)-(15)
    sound_equipment = forms.CharField(label=_("Sound equipment (type, number, location), or “none”"),
                                      widget=Lines, required=False,
                                      help_text=_("One device type per line: type, number, location."))
    food_intended = forms.ChoiceField(label=_("Will food or beverage be prepared, sold or distributed?"),
                                      choices=YES_NO_UNKNOWN, required=False)
    food_preparation = forms.CharField(label=_("How food will be prepared and distributed"), widget=Lines,
                                       required=False)
    food_refuse = forms.CharField(label=_("How refuse will be disposed of"), widget=Lines, required=False)
    security_engaged = forms.ChoiceField(label=_("Will security guards or police be engaged?"),
                                         choices=YES_NO_UNKNOWN, required=False)
    security_number = forms.IntegerField(label=_("How many guards"), min_value=0, max_value=100_000,
                                         required=False)
    fire_precautions = forms.CharField(label=_("Precautions for fire protection"), widget=Lines, required=False)
    lights_or_signs = forms.ChoiceField(label=_("Will outdoor lights or signs be used?"), choices=YES_NO_UNKNOWN,
                                        required=False)
    emergency_medical = forms.CharField(label=_("Emergency medical facilities"), widget=Lines, required=False)
    camping_available = forms.ChoiceField(label=_("Will camping or housing facilities be available?"),
                                          choices=YES_NO_UNKNOWN, required=False)
    housing_statement = forms.CharField(label=_("Statement on overnight housing"), widget=Lines, required=False,
                                        help_text=_("For an assembly of more than one day."))
    duration = forms.CharField(label=_("Duration of the assembly"), max_length=200, required=False)
    max_noise_decibels = forms.DecimalField(label=_("Greatest noise at the nearest adjoining property (dB)"),
                                            min_value=0, max_digits=6, decimal_places=1, required=False)

    SECTIONS = (
        (_("The assembly"), ("name", "purpose", "nature_of_activity", "first_day", "last_day", "daily_hours",
                             "max_persons_at_one_time", "persons_collectively", "vehicles_at_one_time",
                             "vehicles_collectively", "admission_fee"), None),
        (_("The applicant"), ("applicant_name", "is_corporation", "applicant_age", "residence_address",
                              "resides_in_town"), None),
        (_("Directors and officers of the corporation"), ("officers",), "is_corporation=on"),
        (_("Agent in the county"), ("agent_name", "agent_address", "agent_in_putnam", "agent_accepts_service"),
         "resides_in_town=no"),
        (_("The property"), ("property_address", "record_owner", "applicant_interest"), None),
        (_("Sound, security, fire, lights, medical"), ("sound_equipment", "security_engaged", "security_number",
                                                      "fire_precautions", "lights_or_signs", "emergency_medical",
                                                      "duration", "max_noise_decibels"), None),
        (_("Food and beverage"), ("food_intended",), None),
        (_("Food plan"), ("food_preparation", "food_refuse"), "food_intended=yes"),
        (_("Camping and housing (an assembly of more than one day)"), ("camping_available", "housing_statement"),
         "multiday"),
    )

    def clean(self) -> dict[str, Any]:
        d = super().clean()
        first, last = d.get("first_day"), d.get("last_day")
        if first and last and last < first:
            self.add_error("last_day", _("The last day cannot be before the first day."))
        for i, line in enumerate(_lines(d.get("sound_equipment", ""))):
            if line.lower() == "none":
                continue
            parts = [p.strip() for p in line.split(",")]
            if len(parts) < 2 or not parts[1].isdigit() or int(parts[1]) < 1:
                self.add_error("sound_equipment", _("Line %(n)d: write the type, then the number of devices "
                                                    "(1 or more), then the location.") % {"n": i + 1})
                break
        return d

    def sections(self) -> list[dict[str, Any]]:
        return [{"title": t, "fields": [self[n] for n in names], "when": when} for t, names, when in self.SECTIONS]

    def to_facts(self) -> dict[str, Any]:
        """The applicant's facts (``EventCase`` without the Town's acts) from the cleaned answers; questions
        that do not apply (e.g. officers of an individual) are left out."""
        d = self.cleaned_data
        first, last = d["first_day"], d.get("last_day")
        facts: dict[str, Any] = {"name": d["name"], "purpose": d["purpose"],
                                 "max_persons_at_one_time": d["max_persons_at_one_time"],
                                 "dates": {"first_day": first.isoformat()}}
        if last:
            facts["dates"]["last_day"] = last.isoformat()
        if d.get("daily_hours"):
            facts["dates"]["daily_hours"] = d["daily_hours"]
        for key in ("nature_of_activity", "persons_collectively", "vehicles_at_one_time", "vehicles_collectively"):
            if d.get(key) not in (None, ""):
                facts[key] = d[key]
        if d.get("admission_fee") is not None:
            facts["admission_fee"] = str(d["admission_fee"])
        corp = bool(d.get("is_corporation"))
        applicant: dict[str, Any] = {"name": d["applicant_name"], "is_corporation": corp}
        if d.get("residence_address"):
            applicant["residence_address"] = d["residence_address"]
        if not corp and d.get("applicant_age") is not None:
            applicant["age"] = d["applicant_age"]
        resides = tristate(d.get("resides_in_town"))
        if resides is not None:
            applicant["resides_in_town"] = resides
        if corp:
            officers = []
            for line in _lines(d.get("officers", "")):
                name, _sep, address = line.partition(",")
                officers.append({"name": name.strip(), "address": address.strip() or None})
            if officers:
                applicant["directors_and_officers"] = officers
        if resides is False and (d.get("agent_name") or d.get("agent_address")):
            in_putnam = tristate(d.get("agent_in_putnam"))
            agent: dict[str, Any] = {"name": d.get("agent_name") or None, "address": d.get("agent_address") or None,
                                     "natural_person": True,
                                     "verified_statement_accepting_service": bool(d.get("agent_accepts_service"))}
            if in_putnam is not None:
                agent["resides_in_putnam_county"] = in_putnam
            applicant["agent"] = agent
        facts["applicant"] = applicant
        prop: dict[str, Any] = {"address": d["property_address"]}
        for key in ("record_owner", "applicant_interest"):
            if d.get(key):
                prop[key] = d[key]
        facts["properties"] = [prop]
        petition: dict[str, Any] = {"on_town_form": True, "addressed_to_town_board": True}
        sound = _lines(d.get("sound_equipment", ""))
        if sound == ["none"] or [s.lower() for s in sound] == ["none"]:
            petition["sound_equipment"] = "none"
        elif sound:
            devices = []
            for line in sound:
                parts = [p.strip() for p in line.split(",")]
                devices.append({"type": parts[0], "number": int(parts[1]),
                                "location": ", ".join(parts[2:]) or None})
            petition["sound_equipment"] = devices
        food = tristate(d.get("food_intended"))
        if food is not None:
            petition["food"] = {"intended": food}
            if food:
                if d.get("food_preparation"):
                    petition["food"]["preparation_and_distribution"] = d["food_preparation"]
                if d.get("food_refuse"):
                    petition["food"]["refuse_disposal"] = d["food_refuse"]
        security = tristate(d.get("security_engaged"))
        if security is not None:
            petition["security"] = {"engaged": security}
            if security and d.get("security_number") is not None:
                petition["security"]["number"] = d["security_number"]
        if d.get("fire_precautions"):
            petition["fire_protection"] = {"precautions": d["fire_precautions"]}
        lights = tristate(d.get("lights_or_signs"))
        if lights is not None:
            petition["outdoor_lights_or_signs"] = {"used": lights}
        if d.get("emergency_medical"):
            petition["emergency_medical_facilities"] = d["emergency_medical"]
        if last and last > first:
            camping = tristate(d.get("camping_available"))
            if camping is not None:
                petition["camping_or_housing"] = {"available": camping}
            if d.get("housing_statement"):
                petition["housing_statement"] = d["housing_statement"]
        if d.get("duration"):
            petition["duration"] = d["duration"]
        if d.get("max_noise_decibels") is not None:
            petition["max_noise_decibels"] = str(d["max_noise_decibels"])
        facts["petition"] = petition
        return facts


#: The facts the guided petition asks, where they lie (what `PetitionForm.to_facts` writes). Saving the form
#: replaces these by its answers (an answer left empty removes the fact) and keeps every other fact stored —
#: given through the API: the sponsor, further properties, the plans of items (3)-(5), (7), (9), (10), (12),
#: the security's duties, hours and areas, the conditions of ¶ C — which the form does not ask (`merge_facts`).
_ASKED: dict[str, tuple[str, ...]] = {
    "": ("name", "purpose", "nature_of_activity", "dates", "max_persons_at_one_time", "persons_collectively",
         "vehicles_at_one_time", "vehicles_collectively", "admission_fee"),
    "applicant": ("name", "is_corporation", "age", "residence_address", "resides_in_town",
                  "directors_and_officers", "agent"),
    "properties[0]": ("address", "record_owner", "applicant_interest"),
    "petition": ("on_town_form", "addressed_to_town_board", "sound_equipment", "emergency_medical_facilities",
                 "housing_statement", "duration", "max_noise_decibels"),
    "petition.food": ("intended", "preparation_and_distribution", "refuse_disposal"),
    "petition.security": ("engaged", "number"),
    "petition.fire_protection": ("precautions",),
    "petition.outdoor_lights_or_signs": ("used",),
    "petition.camping_or_housing": ("available",),
}


def merge_facts(stored: Any, answers: dict[str, Any]) -> dict[str, Any]:
    """The facts to save when the petition form is saved over `stored`: the form's `answers` (from `to_facts`)
    for what it asks (`_ASKED`), and every other stored fact kept as it is, so that saving the form never drops
    silently what was given otherwise (through the API), which the form neither shows nor asks."""
    out: dict[str, Any] = copy.deepcopy(stored) if isinstance(stored, dict) else {}
    new = copy.deepcopy(answers)

    def obj(parent: dict[str, Any], key: str) -> dict[str, Any]:
        value = parent.get(key)
        return value if isinstance(value, dict) else {}

    def put(target: dict[str, Any], source: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
        for key in keys:
            target.pop(key, None)
            if key in source:
                target[key] = source[key]
        return target

    put(out, new, _ASKED[""])
    out["applicant"] = put(obj(out, "applicant"), obj(new, "applicant"), _ASKED["applicant"])
    props = out.get("properties") if isinstance(out.get("properties"), list) else []
    first = props[0] if props and isinstance(props[0], dict) else {}
    new_props = new.get("properties") or [{}]
    out["properties"] = [put(first, new_props[0], _ASKED["properties[0]"]), *props[1:]]
    petition = put(obj(out, "petition"), obj(new, "petition"), _ASKED["petition"])
    for where, keys in _ASKED.items():
        if where.startswith("petition."):
            part = where.split(".", 1)[1]
            merged = put(obj(petition, part), obj(obj(new, "petition"), part), keys)
            if merged:
                petition[part] = merged
            else:
                petition.pop(part, None)
    out["petition"] = petition
    return out


def initial_from_facts(facts: dict[str, Any]) -> dict[str, Any]:
    """The form's initial answers from stored facts (the reverse of `PetitionForm.to_facts`, for the fields
    the form asks; the facts it does not ask, e.g. given through the API, are kept when it is saved:
    `merge_facts`)."""
    f = facts or {}
    dates = f.get("dates") or {}
    a = f.get("applicant") or {}
    agent = a.get("agent") or {}
    props = f.get("properties") or [{}]
    p = f.get("petition") or {}
    sound = p.get("sound_equipment")
    if sound == "none":
        sound_text = "none"
    elif isinstance(sound, list):
        sound_text = "\n".join(", ".join(str(x) for x in (s.get("type"), s.get("number"), s.get("location")) if x)
                               for s in sound)
    else:
        sound_text = ""
    food = p.get("food") or {}
    sec = p.get("security") or {}
    return {
        "name": f.get("name"), "purpose": f.get("purpose"), "nature_of_activity": f.get("nature_of_activity"),
        "first_day": dates.get("first_day"), "last_day": dates.get("last_day"),
        "daily_hours": dates.get("daily_hours"), "max_persons_at_one_time": f.get("max_persons_at_one_time"),
        "persons_collectively": f.get("persons_collectively"), "vehicles_at_one_time": f.get("vehicles_at_one_time"),
        "vehicles_collectively": f.get("vehicles_collectively"), "admission_fee": f.get("admission_fee"),
        "applicant_name": a.get("name"), "is_corporation": a.get("is_corporation", False),
        "applicant_age": a.get("age"), "residence_address": a.get("residence_address"),
        "resides_in_town": _yn(a.get("resides_in_town")),
        "officers": "\n".join(f"{o.get('name') or ''}, {o.get('address') or ''}".strip(", ")
                              for o in a.get("directors_and_officers") or []),
        "agent_name": agent.get("name"), "agent_address": agent.get("address"),
        "agent_in_putnam": _yn(agent.get("resides_in_putnam_county")),
        "agent_accepts_service": bool(agent.get("verified_statement_accepting_service")),
        "property_address": props[0].get("address"), "record_owner": props[0].get("record_owner"),
        "applicant_interest": props[0].get("applicant_interest"), "sound_equipment": sound_text,
        "food_intended": _yn(food.get("intended")), "food_preparation": food.get("preparation_and_distribution"),
        "food_refuse": food.get("refuse_disposal"), "security_engaged": _yn(sec.get("engaged")),
        "security_number": sec.get("number"),
        "fire_precautions": (p.get("fire_protection") or {}).get("precautions"),
        "lights_or_signs": _yn((p.get("outdoor_lights_or_signs") or {}).get("used")),
        "emergency_medical": p.get("emergency_medical_facilities"),
        "camping_available": _yn((p.get("camping_or_housing") or {}).get("available")),
        "housing_statement": p.get("housing_statement"), "duration": p.get("duration"),
        "max_noise_decibels": p.get("max_noise_decibels"),
    }


# --- Officials' actions ------------------------------------------------------------------------------------------


class ReasonMixin(PlainErrors):
    reason = forms.CharField(label=_("Reason (kept in the case's history)"), max_length=500, required=False)


class SubmitForm(PlainErrors):
    verification_statement = forms.CharField(
        label=_("Verification statement"), widget=Lines,
        help_text=_("The petition is a verified petition: state that its contents are true, sworn before whom "
                    "and when."))


class MarkIncompleteForm(ReasonMixin):
    missing_items = forms.CharField(label=_("What is missing (one per line)"), widget=Lines, required=False,
                                    help_text=_("Leave empty to use the list the law core finds missing."))


class EmptyForm(ReasonMixin):
    pass


class ScheduleHearingForm(ReasonMixin):
    hearing_on = forms.DateField(label=_("Date of the public hearing"), widget=DateInput())
    hearing_time = forms.TimeField(label=_("Time of the public hearing"), required=False,
                                   widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
                                   help_text=_("Leave empty if the time is to be announced."))
    place = forms.CharField(label=_("Place of the hearing"), max_length=200)
    notice_published_on = forms.DateField(label=_("Notice published on"), widget=DateInput(),
                                          help_text=_("At least 10 days before the hearing (¶ B)."))
    newspaper = forms.CharField(label=_("Official newspaper"), max_length=200)


class HearingHeldForm(ReasonMixin):
    held_on = forms.DateField(label=_("Held on"), widget=DateInput(), required=False,
                              help_text=_("Default: the date it was scheduled for."))


class ApproveForm(ReasonMixin):
    conditions = forms.CharField(label=_("Conditions of the permit (one per line)"), widget=Lines, required=False)
    decided_on = forms.DateField(label=_("Decided on"), widget=DateInput(), required=False)
    bond_amount = MoreThanZeroDollars(label=_("Cleanup bond (US dollars)"), max_digits=12, required=False)
    bodily_injury_limit = forms.DecimalField(label=_("Bodily injury insurance limit (US dollars)"), min_value=0,
                                             max_digits=12, decimal_places=2, required=False)


class DenyForm(ReasonMixin):
    reasons = forms.CharField(label=_("Reasons for the denial"), widget=Lines)
    decided_on = forms.DateField(label=_("Decided on"), widget=DateInput(), required=False)


class DocumentChoiceMixin(PlainErrors):
    def __init__(self, *args: Any, documents: Any = (), required: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["document"] = forms.ModelChoiceField(
            label=_("Document (uploaded first, under Documents)"), queryset=documents, required=required)


class ApprovalForm(DocumentChoiceMixin, ReasonMixin):
    condition = forms.TypedChoiceField(label=_("Condition"), coerce=int,
                                       choices=[(n, lazy(present.condition, str)(n)) for n in CONDITIONS])
    agency = forms.ChoiceField(label=_("Approving body"), choices=Agency.choices)
    approved_on = forms.DateField(label=_("Approved in writing on"), widget=DateInput())


class AuthorizationForm(DocumentChoiceMixin, ReasonMixin):
    party = forms.ChoiceField(label=_("Who authorizes"), choices=Party.choices)
    name = forms.CharField(label=_("Name"), max_length=200)
    given_on = forms.DateField(label=_("Given on"), widget=DateInput(),
                               help_text=_("The day the Town received it: not before the petition was submitted."))


class InsuranceForm(DocumentChoiceMixin, ReasonMixin):
    insurer = forms.CharField(label=_("Insurer"), max_length=200)
    policy_number = forms.CharField(label=_("Policy number"), max_length=100)
    bodily_injury_limit = forms.DecimalField(label=_("Bodily injury limit (US dollars)"), min_value=0,
                                             max_digits=12, decimal_places=2)
    property_damage_limit = forms.DecimalField(label=_("Property damage limit (US dollars)"), min_value=0,
                                               max_digits=12, decimal_places=2)
    cancellation_notice_days = forms.IntegerField(label=_("Days' notice to the Town before cancellation"),
                                                  min_value=0, max_value=3650)
    comprehensive_liability = forms.BooleanField(label=_("Comprehensive liability policy"), required=False,
                                                 initial=True)
    insures_town = forms.BooleanField(label=_("Insures the Town"), required=False, initial=True)


class BondForm(ReasonMixin):
    amount = MoreThanZeroDollars(label=_("Amount (US dollars)"), max_digits=12)
    posted_on = forms.DateField(label=_("Posted on"), widget=DateInput())
    surety = forms.CharField(label=_("Surety"), max_length=200, required=False)


class FeeForm(ReasonMixin):
    amount = MoreThanZeroDollars(label=_("Amount paid (US dollars)"), max_digits=10)
    paid_on = forms.DateField(label=_("Paid on"), widget=DateInput())
    receipt = forms.CharField(label=_("Receipt number"), max_length=60, required=False)


class RevokeForm(PlainErrors):
    grounds = forms.MultipleChoiceField(label=_("Grounds (¶ G)"), choices=RevocationGround.choices,
                                        widget=forms.CheckboxSelectMultiple)
    reason = forms.CharField(label=_("Reason"), max_length=500)


class CleanupForm(ReasonMixin):
    inspected_on = forms.DateField(label=_("Inspected on"), widget=DateInput())
    result = forms.ChoiceField(label=_("Result"), choices=CleanupResult.choices)
    completed_on = forms.DateField(label=_("Cleanup completed on"), widget=DateInput(), required=False)


class ForfeitForm(PlainErrors):
    reason = forms.CharField(label=_("Reason"), max_length=500)


class AssemblyHeldForm(ReasonMixin):
    ended_on = forms.DateField(label=_("The assembly ended on"), widget=DateInput(), required=False)


class UploadForm(PlainErrors):
    kind = forms.CharField(label=_("What the document is"), max_length=60,
                           help_text=_("For example: site map, parking plan, insurance certificate."))
    file = forms.FileField(label=_("File (PDF, PNG or JPEG)"))

    def __init__(self, *args: Any, max_bytes: int = 10 * 1024 * 1024, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.max_bytes = max_bytes

    def clean_file(self) -> Any:
        f = self.cleaned_data["file"]
        if f.size > self.max_bytes:
            raise forms.ValidationError(_("The file is %(size)s bytes; the limit is %(max)s bytes.")
                                        % {"size": f"{f.size:,}", "max": f"{self.max_bytes:,}"})
        name = (f.name or "").lower()
        if not name.endswith((".pdf", ".png", ".jpg", ".jpeg")):
            raise forms.ValidationError(_("Only PDF, PNG and JPEG files are accepted."))  # = ONLY_PDF_PNG_JPEG
        return f


def today() -> date:
    from django.utils import timezone

    return timezone.localdate()
