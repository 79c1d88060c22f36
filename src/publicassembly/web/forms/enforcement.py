"""Forms of the enforcement pages (Mount Pleasant §§ 164-5, 164-12 to 164-14; Carmel ch. 31 penalties): one form
per action of `publicassembly.enforcement.services`, each field named as the service's keyword argument so a
`ValidationFailed` of the service lands beside its field."""

from __future__ import annotations

import re
import textwrap
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from publicassembly.enforcement.models import Complaint, Offender
from publicassembly.venues.models import Venue
from publicassembly.web.forms.widgets import DateInput


class DateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, attrs: dict | None = None) -> None:
        super().__init__(attrs=attrs, format="%Y-%m-%dT%H:%M")


class VersionedForm(forms.Form):
    """A change of a record the page showed: the version it showed (a change made since is refused, not lost)."""

    expected_version = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0)


class ReasonForm(VersionedForm):
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=1000,
                             widget=forms.Textarea(attrs={"rows": 2}),
                             help_text=gettext_lazy("Kept in the case's history."))


class OffenderForm(forms.Form):
    kind = forms.ChoiceField(label=gettext_lazy("Person or firm"), choices=[("person", gettext_lazy("person")),
                                                                           ("firm", gettext_lazy("firm"))])
    name = forms.CharField(label=gettext_lazy("Name"), max_length=200)
    address = forms.CharField(label=gettext_lazy("Address"), max_length=300, required=False)


class ComplaintForm(forms.Form):
    description = forms.CharField(label=gettext_lazy("What was observed"), widget=forms.Textarea(attrs={"rows": 3}))
    observed_on = forms.DateField(label=gettext_lazy("Observed on"), widget=DateInput())
    place = forms.CharField(label=gettext_lazy("Place or event"), max_length=300, required=False)
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


def rule_label(citation: str, summary: str) -> str:
    """An option of the rules a violation may be recorded under: the citation without the town's code and the
    rule's summary, shortened (e.g. ``§ 164-3 — A place of assembly shall not be maintained, …``)."""
    short = _CODE_PREFIX.sub("", citation, count=1) or citation
    text = " ".join(summary.replace("``", "").split())
    return f"{short} — {textwrap.shorten(text, RULE_LABEL_CHARS, placeholder=' …')}" if text else short


def _rule_choices(town: Any) -> list[tuple[str, str]]:
    """The rules a violation may be recorded under (`enforcement.services.violable_rules`), no others: the value
    is the rule's id, the label its citation and summary (`rule_label`)."""
    from publicassembly.enforcement.services import violable_rules

    summaries = {r.id: r.summary for r in town.jurisdiction.rules}
    return [(rule_id, rule_label(citation, summaries.get(rule_id, "")))
            for rule_id, citation in violable_rules(town)]


class ViolationForm(forms.Form):
    observed_on = forms.DateField(label=gettext_lazy("Observed on"), widget=DateInput(), required=False)
    description = forms.CharField(label=gettext_lazy("Description"), max_length=1000, required=False)

    def __init__(self, *args: Any, town: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rule_id"] = forms.ChoiceField(label=gettext_lazy("Requirement violated"),
                                                   choices=_rule_choices(town))
        self.fields["offender"] = forms.ModelChoiceField(
            label=gettext_lazy("Offender"), queryset=Offender.objects.for_town(town).order_by("name"),
            required=False, help_text=gettext_lazy("Default: the complaint's."))


class SummonsForm(forms.Form):
    return_date = forms.DateField(label=gettext_lazy("Returnable on"), widget=DateInput())
    return_time = forms.CharField(label=gettext_lazy("At (time)"), max_length=40, required=False)


class DispositionForm(forms.Form):
    outcome = forms.ChoiceField(label=gettext_lazy("Outcome"), choices=[("convicted", gettext_lazy("convicted")),
                                                                       ("dismissed", gettext_lazy("dismissed"))])
    decided_on = forms.DateField(label=gettext_lazy("Decided on"), widget=DateInput(), required=False)
    fine = forms.DecimalField(label=gettext_lazy("Fine (US dollars)"), min_value=0, max_digits=10,
                              decimal_places=2, required=False)
    jail_days = forms.IntegerField(label=gettext_lazy("Imprisonment (days)"), min_value=0, max_value=3650,
                                   required=False)
    jail_months = forms.IntegerField(label=gettext_lazy("Imprisonment (months)"), min_value=0, max_value=120,
                                     required=False)


class StopOrderForm(forms.Form):
    """§ 164-5: the officer stops a performance for overcrowding, obstructed egress or a serious menace."""

    performance = forms.CharField(label=gettext_lazy("Performance stopped"), max_length=300)
    persons_present = forms.IntegerField(label=gettext_lazy("Persons present"), min_value=0, max_value=1_000_000,
                                         required=False,
                                         help_text=gettext_lazy("Counted by the officer; compared with the "
                                                                "approved number of occupants (§ 164-5)."))
    egress_obstructed = forms.BooleanField(label=gettext_lazy("Means of egress obstructed"), required=False)
    serious_menace = forms.BooleanField(label=gettext_lazy("Serious menace to life and safety"), required=False)
    ordered_at = forms.DateTimeField(label=gettext_lazy("Ordered at"), widget=DateTimeInput(), required=False,
                                     help_text=gettext_lazy("Default: now."))
    description = forms.CharField(label=gettext_lazy("Description"), max_length=1000, required=False,
                                  widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args: Any, town: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["venue"] = forms.ModelChoiceField(
            label=gettext_lazy("Place of assembly"), queryset=Venue.objects.for_town(town).order_by("name"))
        self.fields["complaint"] = forms.ModelChoiceField(
            label=gettext_lazy("Complaint"), queryset=Complaint.objects.for_town(town).order_by("-filed_on", "-id"),
            required=False)
        self.order_fields(["venue", "performance", "persons_present", "egress_obstructed", "serious_menace"])


class LiftStopOrderForm(VersionedForm):
    """§§ 164-5, 164-13: the stop order is lifted once the condition is corrected."""

    correction = forms.CharField(label=gettext_lazy("How the condition was corrected"), max_length=1000,
                                 widget=forms.Textarea(attrs={"rows": 2}))


class PaymentForm(VersionedForm):
    amount = forms.DecimalField(label=gettext_lazy("Amount paid (US dollars)"), min_value=0, max_digits=10,
                                decimal_places=2, help_text=gettext_lazy("The fine in full."))
    paid_on = forms.DateField(label=gettext_lazy("Paid on"), widget=DateInput(), required=False,
                              help_text=gettext_lazy("Default: today."))


class CloseForm(ReasonForm):
    pass


class DismissComplaintForm(ReasonForm):
    pass
