"""Forms of the enforcement pages (Mount Pleasant §§ 164-5, 164-12 to 164-14; Carmel ch. 31 penalties): one form
per action of `publicassembly.enforcement.services`, each field named as the service's keyword argument so a
`ValidationFailed` of the service lands beside its field."""

from __future__ import annotations

import datetime as dt
import re
import textwrap
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, ngettext

from publicassembly.enforcement.models import Complaint, Offender
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.names import same_name
from publicassembly.law.units import MAX_COUNT
from publicassembly.venues.models import Venue
from publicassembly.web.forms.widgets import (
    DateInput,
    DateTimeInput,
    DollarsField,
    PlainErrors,
    TownMomentField,
    WholeNumberField,
    at_most,
)
from publicassembly.workflow.bounds import (
    MAX_ADDRESS,
    MAX_DAYS,
    MAX_DESCRIPTION,
    MAX_JAIL_MONTHS,
    MAX_NAME,
    MAX_PLACE,
    MAX_REASON,
    MAX_VIOLATION_DAYS,
)


class VersionedForm(PlainErrors):
    """A change of a record the page showed: the version it showed (a change made since is refused, not lost).
    The page checks that it was sent (`web.views.errors.posted_version`: without it the form is refused, 422)."""

    expected_version = WholeNumberField(widget=forms.HiddenInput, required=False, min_value=0)


class ReasonForm(VersionedForm):
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=MAX_REASON,
                             widget=forms.Textarea(attrs={"rows": 2}),
                             help_text=gettext_lazy("Kept in the case's history."))


class OffenderForm(PlainErrors):
    kind = forms.ChoiceField(label=gettext_lazy("Person or firm"), choices=[("person", gettext_lazy("person")),
                                                                           ("firm", gettext_lazy("firm"))])
    name = forms.CharField(label=gettext_lazy("Name"), max_length=MAX_NAME)
    address = forms.CharField(label=gettext_lazy("Address"), max_length=MAX_ADDRESS, required=False)


class ComplaintForm(PlainErrors):
    description = forms.CharField(label=gettext_lazy("What was observed"), max_length=MAX_DESCRIPTION,
                                  widget=forms.Textarea(attrs={"rows": 3}))
    observed_on = forms.DateField(label=gettext_lazy("Observed on"), widget=DateInput())
    place = forms.CharField(label=gettext_lazy("Place or event"), max_length=MAX_PLACE, required=False)
    in_presence = forms.BooleanField(label=gettext_lazy("It occurred in my presence"), required=False)

    def __init__(self, *args: Any, town: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["offender"] = forms.ModelChoiceField(
            label=gettext_lazy("Offender"), queryset=Offender.objects.for_town(town).order_by("name"),
            required=False, help_text=gettext_lazy("Leave empty if not known: the Building Inspector names the "
                                                   "offender when he records the violation."))
        self.fields["venue"] = forms.ModelChoiceField(
            label=gettext_lazy("Place of assembly"), queryset=Venue.objects.for_town(town).order_by("name"),
            required=False, help_text=gettext_lazy("If the place is registered; otherwise describe it above."))


#: The town's code named at the head of a citation ("Mount Pleasant Code ", "Carmel Code ch. 31, "): the form
#: is the town's, so its options cite the section or paragraph alone.
_CODE_PREFIX = re.compile(r"^.*?\bCode (ch\. \d+, )?")
#: The longest rule summary an option shows (characters), cut at a word with "…".
RULE_LABEL_CHARS = 110


#: A short summary of each rule a violation may be recorded under, in the words of its section or paragraph,
#: translated into the page's language (the rule docstrings' summaries are English and longer): Mount Pleasant
#: ch. 164's requirements (§§ 164-2 to 164-11, the law core's `VIOLABLE_RULES`) and every rule of Carmel ch. 31. A rule not listed here
#: shows its docstring's summary.
RULE_SUMMARIES = {
    "mount-pleasant/164-2/fire-exits": gettext_lazy(
        "Fire exits properly designated and complying with the Uniform Fire Prevention and Building Code"),
    "mount-pleasant/164-3/certificate": gettext_lazy(
        "A place of assembly shall not be maintained, operated or used without a certificate from the Building "
        "Inspector"),
    "mount-pleasant/164-5/overcrowding": gettext_lazy(
        "No overcrowding or admittance beyond the approved number of occupants"),
    "mount-pleasant/164-5/stop-performance": gettext_lazy(
        "The performance stopped for overcrowding, obstructed egress or a serious menace to life and safety"),
    "mount-pleasant/164-6/toilets": gettext_lazy("Toilet facilities: at least one toilet per 75 persons in attendance"),
    "mount-pleasant/164-7/occupant-load": gettext_lazy(
        "No more occupants than the floor area per occupant of the use group allows"),
    "mount-pleasant/164-8/open-air": gettext_lazy("An open-air area: no more than one person per 15 square feet"),
    "mount-pleasant/164-9/sign": gettext_lazy(
        "Each room or area posts a sign of the prescribed form stating its lawful occupancy"),
    "mount-pleasant/164-9/certificate-lawful-occupancy": gettext_lazy(
        "The certificate states the number who may lawfully occupy the place"),
    "mount-pleasant/164-9/certificate-on-premises": gettext_lazy(
        "The certificate kept on the premises and available for inspection at all times"),
    "mount-pleasant/164-10/exits-not-blocked": gettext_lazy(
        "No person allowed to block, impede or prevent access to exits"),
    "mount-pleasant/164-11/exit-access": gettext_lazy(
        "Owners, lessees, sponsors and persons in charge keep clear, unimpeded access to all exits"),
    "carmel/definitions/assembly": gettext_lazy(
        "An assembly: persons gathered at a place within the Town for a common purpose"),
    "carmel/exemptions/a-school": gettext_lazy("Exempt: an assembly of a parochial or private school within the Town"),
    "carmel/exemptions/b-church": gettext_lazy(
        "Exempt: an assembly of an established church with a place of worship within the Town"),
    "carmel/exemptions/c-veterans": gettext_lazy(
        "Exempt: an assembly of a veterans' organization with a group within the Town for one year"),
    "carmel/exemptions/d-civic-group": gettext_lazy(
        "Exempt: an assembly of a civic group with a chapter within the Town for one year"),
    "carmel/permit/a-required": gettext_lazy(
        "A written permit of the Town Board is required for an assembly in excess of 500 persons"),
    "carmel/permit/b-verified-petition": gettext_lazy(
        "The application is a verified petition filed with the Town Clerk"),
    "carmel/permit/b-filing-deadline": gettext_lazy("The petition is filed at least 60 days before the assembly"),
    "carmel/permit/b-hearing-notice": gettext_lazy(
        "Notice of the public hearing published at least 10 days before it"),
    "carmel/permit/b-board-action": gettext_lazy(
        "The Town Board acts within 30 days after submission, after the public hearing"),
    "carmel/petition/b1-applicant": gettext_lazy(
        "The applicant's name, age and residence, or a corporation's directors and officers"),
    "carmel/petition/b2-property-dates-persons": gettext_lazy(
        "The property, the dates and hours, and the persons and vehicles expected"),
    "carmel/petition/b3-site-map": gettext_lazy("A map of the property by a licensed land surveyor or engineer"),
    "carmel/petition/b4-facilities-plan": gettext_lazy("A plan to scale by a licensed engineer or land surveyor"),
    "carmel/petition/b5-parking-plan": gettext_lazy("A plan to scale of the parking area and its means of egress and "
                                                    "ingress"),
    "carmel/petition/b6-sound-equipment": gettext_lazy("The sound equipment: its type, number and location"),
    "carmel/petition/b7-food": gettext_lazy(
        "Food and beverages: their preparation and distribution, the refuse, and a drawing to scale"),
    "carmel/petition/b8-security": gettext_lazy(
        "Private security guards or police: their numbers, duties, hours and areas"),
    "carmel/petition/b9-fire-protection": gettext_lazy(
        "Fire protection, with a plan of the fire lanes and the water supply"),
    "carmel/petition/b10-lights-and-signs": gettext_lazy("Outdoor lights and signs, with a map of them"),
    "carmel/petition/b11-emergency-medical": gettext_lazy("The facilities for emergency medical treatment"),
    "carmel/petition/b12-camping-housing": gettext_lazy("Camping or housing facilities, with a plan to scale"),
    "carmel/petition/b13-duration": gettext_lazy("The contemplated duration of the assembly"),
    "carmel/petition/b14-housing-statement": gettext_lazy(
        "The housing on the premises when the assembly continues into another day"),
    "carmel/petition/b15-noise": gettext_lazy("The maximum noise in decibels at the nearest adjoining property"),
    "carmel/conditions/c1-drinking-water": gettext_lazy("Adequate drinking water"),
    "carmel/conditions/c2-toilets": gettext_lazy("Adequate toilet facilities, separate for each sex"),
    "carmel/conditions/c3-sewage": gettext_lazy("Adequate facilities for the disposal of sewage"),
    "carmel/conditions/c4-solid-waste": gettext_lazy("Adequate disposal of solid waste, garbage and trash"),
    "carmel/conditions/c5-food": gettext_lazy("An adequate and sanitary supply of food"),
    "carmel/conditions/c6-parking": gettext_lazy("Off-street parking: at least one car for every four persons"),
    "carmel/conditions/c7-housing": gettext_lazy("Adequate housing if the assembly extends from one day to another"),
    "carmel/conditions/c8-access-roads": gettext_lazy("An adequate number of access roads"),
    "carmel/conditions/c9-medical": gettext_lazy(
        "Medical facilities: a doctor, and a registered nurse for each 500 people"),
    "carmel/conditions/c10-fire-protection": gettext_lazy("Adequate fire protection for buildings"),
    "carmel/issuance/d-inspection-authorization": gettext_lazy(
        "The owners' written authorization for the Town to inspect the property"),
    "carmel/issuance/e-insurance": gettext_lazy("A comprehensive liability policy insuring the Town"),
    "carmel/issuance/f-cleanup": gettext_lazy("Waste completely removed within %(days)s after the assembly"),
    "carmel/issuance/f-bond": gettext_lazy("A bond posted with the Town Clerk to insure the cleanup"),
    "carmel/issuance/g-revocation": gettext_lazy("Revocation of the permit by the Town Board"),
    "carmel/fee/filing": gettext_lazy("The filing fee, not refundable, accompanies the application"),
    "carmel/penalties/ab-violation": gettext_lazy(
        "An assembly without a permit, or any act in violation of the chapter; each day a separate violation"),
    "carmel/penalties/c-injunction": gettext_lazy(
        "An action of the Town Board to compel compliance or restrain the violation"),
}


#: The numbers a rule's summary says (`RULE_SUMMARIES`: ``%(name)s``), each the law core's parameter in force on the
#: day the form is made, in words (`NUMBER_WORDS`) — never a number written into the sentence: ¶ F's days to remove
#: the waste are ``cleanup.days_after`` (Carmel's parameters.yaml).
RULE_NUMBERS = {"carmel/issuance/f-cleanup": {"days": "cleanup.days_after"}}
#: A number of `RULE_NUMBERS` in words, in the singular or the plural as it is.
NUMBER_WORDS = {"days": lambda n: ngettext("%(n)s day", "%(n)s days", n) % {"n": n}}


def rule_summary(town: Any, rule_id: str, summary: str, on: dt.date | None = None) -> str:
    """`summary` of the rule `rule_id` of `town`, each number it says (`RULE_NUMBERS`) the law core's parameter in
    force on `on` (default today; the chapter's first day in force, when `on` is before it)."""
    numbers = RULE_NUMBERS.get(rule_id)
    if not numbers:
        return summary
    parameters = town.jurisdiction.parameters
    values = parameters.at(max(on or timezone.localdate(), parameters.in_force_from))
    return summary % {name: NUMBER_WORDS[name](int(values[parameter])) for name, parameter in numbers.items()}


def rule_label(citation: str, summary: str) -> str:
    """An option of the rules a violation may be recorded under: the citation without the town's code and the
    rule's summary, shortened (e.g. ``§ 164-3 — A place of assembly shall not be maintained, …``)."""
    short = _CODE_PREFIX.sub("", citation, count=1) or citation
    text = " ".join(summary.replace("``", "").split())
    return f"{short} — {textwrap.shorten(text, RULE_LABEL_CHARS, placeholder=' …')}" if text else short


def _rule_choices(town: Any) -> list[tuple[str, str]]:
    """The rules a violation may be recorded under (`enforcement.services.violable_rules`), no others: the value
    is the rule's id, the label its citation and summary (`rule_label`) in the active language
    (`RULE_SUMMARIES`, its numbers the parameters in force today: `rule_summary`; the rule's docstring summary for a
    rule not listed there)."""
    from publicassembly.enforcement.services import violable_rules

    summaries = {r.id: r.summary for r in town.jurisdiction.rules}
    return [(rule_id, rule_label(citation, rule_summary(town, rule_id, str(RULE_SUMMARIES[rule_id]))
                                 if rule_id in RULE_SUMMARIES else summaries.get(rule_id, "")))
            for rule_id, citation in violable_rules(town)]


class ViolationForm(VersionedForm):
    """A violation recorded on a complaint: the version is the complaint's."""

    observed_on = forms.DateField(label=gettext_lazy("Observed on"), widget=DateInput(), required=False)
    description = forms.CharField(label=gettext_lazy("Description"), max_length=MAX_DESCRIPTION, required=False)

    def __init__(self, *args: Any, town: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rule_id"] = forms.ChoiceField(label=gettext_lazy("Requirement violated"),
                                                   choices=_rule_choices(town))
        self.fields["offender"] = forms.ModelChoiceField(
            label=gettext_lazy("Offender"), queryset=Offender.objects.for_town(town).order_by("name"),
            required=False, help_text=gettext_lazy("Default: the complaint's."))
        if town is not None and town.jurisdiction.penalty_counted_by == "days_of_continued_violation":
            # Carmel ch. 31 penalties ¶ A: the service refuses days still to come beside this field (W-16).
            self.fields["days_of_continued_violation"] = WholeNumberField(
                label=gettext_lazy("Days of continued violation"), min_value=1, max_value=MAX_VIOLATION_DAYS,
                help_text=gettext_lazy("Each day a separate violation (ch. 31 penalties ¶ A), counted from the day "
                                       "observed up to today at most."))


class SummonsForm(VersionedForm):
    return_date = forms.DateField(label=gettext_lazy("Returnable on"), widget=DateInput())
    return_time = forms.TimeField(label=gettext_lazy("At (time)"), required=False, input_formats=["%H:%M"],
                                  widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
                                  help_text=gettext_lazy("HH:MM, 00:00 to 23:59; may be left empty."))


class DispositionForm(VersionedForm):
    outcome = forms.ChoiceField(label=gettext_lazy("Outcome"), choices=[("convicted", gettext_lazy("convicted")),
                                                                       ("dismissed", gettext_lazy("dismissed"))])
    decided_on = forms.DateField(label=gettext_lazy("Decided on"), widget=DateInput(), required=False)
    fine = DollarsField(label=gettext_lazy("Fine (US dollars)"), min_value=0, max_digits=10, required=False)
    jail_days = WholeNumberField(label=gettext_lazy("Imprisonment (days)"), min_value=0, max_value=MAX_DAYS,
                                 required=False)
    jail_months = WholeNumberField(label=gettext_lazy("Imprisonment (months)"), min_value=0, max_value=MAX_JAIL_MONTHS,
                                   required=False)
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=MAX_REASON, required=False,
                             widget=forms.Textarea(attrs={"rows": 2}),
                             help_text=gettext_lazy("Kept in the case's history. Required for a conviction decided "
                                                    "before the summons' return day: say why (the defendant pleaded "
                                                    "or appeared before it)."))


class ComplaintField(forms.ModelChoiceField):
    """A complaint chosen by its number, who complained and the day it was filed, in the page's language."""

    def label_from_instance(self, obj: Any) -> str:
        return gettext("Complaint %(n)s (%(who)s, %(day)s)") % {
            "n": obj.pk, "who": obj.get_complainant_kind_display(), "day": obj.filed_on}


class VenueVersionField(forms.ModelChoiceField):
    """A place of assembly chosen in a form that records something on it: each option's value is the venue's id
    and the version the page showed (``12:3``), so that the form sends the version of the venue chosen (the
    same form sent twice is refused as stale, recorded once). A value without the version (a page kept from
    before, a request made by hand) is refused, nothing recorded."""

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, Venue):
            return f"{value.pk}:{value.version}"
        return super().prepare_value(value)

    def to_python(self, value: Any) -> Any:
        if value in self.empty_values:
            return None
        pk, colon, version = str(value).partition(":")
        if not colon:
            raise forms.ValidationError(gettext_lazy(
                "the form was sent without the version of the record it was opened on, so nothing was saved: check "
                "the record as it is now and send the form again"), code="no_version")
        if not version.isascii() or not version.isdigit():
            raise forms.ValidationError(self.error_messages["invalid_choice"], code="invalid_choice",
                                        params={"value": value})
        venue = super().to_python(pk)
        venue.seen_version = int(version)
        return venue


class StopOrderForm(PlainErrors):
    """§ 164-5: the officer stops a performance for overcrowding, obstructed egress or a serious menace. The venue
    is chosen with the version the page showed (`VenueVersionField`): cleaned, the form holds it as
    ``expected_version``, the venue's."""

    performance = forms.CharField(label=gettext_lazy("Performance stopped"), max_length=MAX_PLACE)
    persons_present = WholeNumberField(label=gettext_lazy("Persons present"), min_value=0, max_value=MAX_COUNT,
                                       required=False,
                                       help_text=gettext_lazy("Counted by the officer; compared with the "
                                                              "approved number of occupants (§ 164-5)."))
    persons_by_space = forms.CharField(
        label=gettext_lazy("Persons in each room"), max_length=5000, required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("Optional, one room per line: its name, a comma, the persons counted there "
                               "(e.g. \"Cocktail room, 120\"). A room above its own occupant load is overcrowding "
                               "though the place as a whole has room (§§ 164-5, 164-7)."))
    egress_obstructed = forms.BooleanField(label=gettext_lazy("Means of egress obstructed"), required=False)
    serious_menace = forms.BooleanField(label=gettext_lazy("Serious menace to life and safety"), required=False)
    ordered_at = TownMomentField(label=gettext_lazy("Ordered at"), widget=DateTimeInput(), required=False,
                                 help_text=gettext_lazy("Default: now."))
    description = forms.CharField(label=gettext_lazy("Description"), max_length=MAX_DESCRIPTION, required=False,
                                  widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args: Any, town: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["venue"] = VenueVersionField(
            label=gettext_lazy("Place of assembly"), queryset=Venue.objects.for_town(town).order_by("name"))
        self.fields["complaint"] = ComplaintField(
            label=gettext_lazy("Complaint"), queryset=Complaint.objects.for_town(town).order_by("-filed_on", "-id"),
            required=False)
        self.order_fields(["venue", "performance", "persons_present", "persons_by_space", "egress_obstructed",
                           "serious_menace"])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        venue = data.get("venue")
        if venue is not None:
            data["expected_version"] = venue.seen_version
        return data

    def as_now(self) -> StopOrderForm:
        """This form as sent but choosing its venue at the version it is now (the page shows the venue as it is
        now: sent again, the form records on that version), checked again; the refusal is added to it after."""
        pk = self._raw("venue").partition(":")[0]
        version = Venue.objects.filter(pk=pk).values_list("version", flat=True).first() if pk.isdigit() else None
        if version is not None:
            data = self.data.copy()
            data[self.add_prefix("venue")] = f"{pk}:{version}"
            self.data = data
            self.full_clean()
        return self

    def clean_persons_by_space(self) -> dict[str, int] | None:
        """The lines "room, persons" as {room: persons}; a line without a comma and a whole number after it, or a
        room named on an earlier line (as the check of a name taken reads a name: "main hall" after "Main Hall",
        M-26), is an error naming the line, every such line at once (the service checks that each room is the
        place's, and keeps it in the room's own spelling)."""
        counts: dict[str, int] = {}
        read: set[str] = set()
        errors: list[forms.ValidationError] = []
        for n, line in enumerate((self.cleaned_data.get("persons_by_space") or "").splitlines(), 1):
            if not line.strip():
                continue
            room, comma, number = line.rpartition(",")
            room, number = room.strip(), number.strip()
            # (read without its leading zeros: Python refuses to read a text of more than 4,300 digits)
            digits = number.lstrip("0") or "0"
            if not comma or not room or not re.fullmatch(r"[0-9]+", number):
                errors.append(forms.ValidationError(gettext_lazy("Line %(n)d: write the room's name, a comma, then "
                                                                 "the persons counted there as a whole number (e.g. "
                                                                 "\"Cocktail room, 120\")") % {"n": n}))
            elif len(digits) > len(str(MAX_COUNT)) or int(digits) > MAX_COUNT:
                # (the bound of every count, persons present's and the API's, W-39; told of a number of any length:
                # one of more digits than Python reads is not read)
                errors.append(forms.ValidationError(gettext("Line %(n)d (%(room)s): %(bound)s") % {
                    "n": n, "room": room, "bound": at_most(MAX_COUNT, digits)}))
            elif same_name(room) in read:
                errors.append(forms.ValidationError(gettext_lazy("Line %(n)d: %(room)s is named on an earlier line")
                                                    % {"n": n, "room": room}))
            else:
                read.add(same_name(room))
                counts[room] = int(digits)
        if errors:
            raise forms.ValidationError(errors)
        return counts or None


class LiftStopOrderForm(VersionedForm):
    """§§ 164-5, 164-13: the stop order is lifted once the condition is corrected; ``lifted_at`` (the Town's
    time, default now) lets a lift entered late be recorded at its moment, as the API's ``lifted_at``."""

    correction = forms.CharField(label=gettext_lazy("How the condition was corrected"), max_length=MAX_DESCRIPTION,
                                 widget=forms.Textarea(attrs={"rows": 2}))
    lifted_at = TownMomentField(label=gettext_lazy("Lifted at"), widget=DateTimeInput(), required=False,
                                help_text=gettext_lazy("Default: now. Not before the order, not in the future."))


class PaymentForm(VersionedForm):
    amount = DollarsField(label=gettext_lazy("Amount paid (US dollars)"), min_value=0, max_digits=10,
                          help_text=gettext_lazy("The fine in full."))
    paid_on = forms.DateField(label=gettext_lazy("Paid on"), widget=DateInput(), required=False,
                              help_text=gettext_lazy("Default: today."))


class CloseForm(ReasonForm):
    pass


class DismissComplaintForm(ReasonForm):
    pass
