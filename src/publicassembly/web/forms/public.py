"""The public's two questions as forms: "Do I need a permit?" (Carmel ch. 31) and "How many people may this
space hold?" (Mount Pleasant ch. 164). Each turns what was typed into case data for `law.evaluate`; the
choices offered (sponsor kinds, use groups) are read from the law core's own input models, and so are the bounds of
what is typed (`law.units`: a text, a count, money), as the API's ``POST /law/evaluate`` takes the same case."""

from __future__ import annotations

import re
import typing
from datetime import date
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from publicassembly.law.jurisdictions.us_ny_carmel.facts import SponsorKind
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.facts import USE_GROUPS
from publicassembly.law.units import MAX_COUNT, MAX_TEXT, MONEY_DIGITS, given
from publicassembly.web import present
from publicassembly.web.forms.widgets import (
    YES_NO_UNKNOWN,
    DateInput,
    DollarsField,
    OnceEach,
    OnceEachFormSet,
    WholeNumberField,
    area_field,
    check_alleys,
    check_area,
    ignored_parameter,
    tristate,
    unknown_parameter,
)
from publicassembly.workflow.bounds import MAX_NAME


def _label(value: str) -> Any:
    """A law-core key (use group, kind of sponsor) as words in the active language, computed when shown."""
    return lazy(present.label, str)(value)


SPONSOR_KINDS = [("", _("Not stated"))] + [(k, _label(k)) for k in typing.get_args(SponsorKind)]
USE_GROUP_CHOICES = [(g, _label(g)) for g in USE_GROUPS]
AREA_UNITS = [("sq_ft", _("square feet")), ("sq_m", _("square metres"))]


class PermitCheckForm(OnceEach):
    """Carmel Code ch. 31: is a permit needed for this assembly, and what follows if it is."""

    reads_whole_query = True

    persons = WholeNumberField(
        label=_("Most persons at the assembly at one time"), min_value=0, max_value=MAX_COUNT,
        help_text=_("Everyone present at the same moment, over all the properties used."))
    purpose = forms.CharField(label=_("Purpose of the gathering"), max_length=MAX_TEXT, required=False,
                              help_text=_("For example: a concert, a county fair, a church picnic."))
    within_town = forms.ChoiceField(label=_("Is the place within the Town of Carmel?"),
                                    choices=[("yes", _("Yes")), ("no", _("No"))], initial="yes",
                                    required=False)
    first_day = forms.DateField(label=_("First day of the assembly"), required=False, widget=DateInput())
    last_day = forms.DateField(label=_("Last day of the assembly"), required=False, widget=DateInput(),
                               help_text=_("Leave empty for a one-day assembly."))
    admission_fee = DollarsField(label=_("Admission fee (US dollars)"), required=False, min_value=0,
                                 max_digits=MONEY_DIGITS)
    sponsor_kind = forms.ChoiceField(label=_("Who sponsors it?"), choices=SPONSOR_KINDS, required=False)
    sponsor_in_town = forms.ChoiceField(
        label=_("Is the school located, or the church's place of worship maintained, within the Town?"),
        choices=YES_NO_UNKNOWN, required=False)
    church_established = forms.ChoiceField(
        label=_("If a church: is it an established church?"), choices=YES_NO_UNKNOWN, required=False,
        help_text=_("An established church with a standing congregation, not a body formed for the assembly "
                    "(Carmel Code ch. 31, exemptions ¶ B)."))
    chapter_in_town_since = forms.DateField(
        label=_("Since when has the post, chapter or organization been maintained within the Town?"),
        required=False, widget=DateInput())
    sponsor_runs_it = forms.ChoiceField(
        label=_("Does the sponsor itself sponsor, organize and authorize the assembly?"),
        choices=YES_NO_UNKNOWN, required=False)
    as_of = forms.DateField(label=_("Determine under the law in force on"), required=False, widget=DateInput(),
                            help_text=_("Default: today."))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        first, last = data.get("first_day"), data.get("last_day")
        if first and last and last < first:
            self.add_error("last_day", _("The last day cannot be before the first day."))
        if last and not first and "first_day" not in self.errors:  # (a first day given but refused says so)
            self.add_error("first_day", _("Give the first day as well."))
        return data

    def case(self) -> dict[str, Any]:
        """The case data of the law core's ``event`` subject (Carmel) from the cleaned form."""
        d = self.cleaned_data
        case: dict[str, Any] = {
            "jurisdiction": "carmel-ny", "subject": "event",
            "as_of": (d.get("as_of") or date.today()).isoformat(),
            "max_persons_at_one_time": d["persons"],
            "within_town": d.get("within_town") != "no",
        }
        if d.get("purpose"):
            case["purpose"] = d["purpose"]
        if d.get("first_day"):
            case["dates"] = {"first_day": d["first_day"].isoformat()}
            if d.get("last_day"):
                case["dates"]["last_day"] = d["last_day"].isoformat()
        if d.get("admission_fee") is not None:
            case["admission_fee"] = str(d["admission_fee"])
        kind = d.get("sponsor_kind")
        if kind:
            sponsor: dict[str, Any] = {"kind": kind}
            in_town = tristate(d.get("sponsor_in_town"))
            if in_town is not None:
                sponsor["located_in_town"] = in_town
                sponsor["place_of_worship_in_town"] = in_town
            established = tristate(d.get("church_established"))
            if established is not None and kind == "church":
                sponsor["established"] = established
            if d.get("chapter_in_town_since"):
                sponsor["chapter_in_town_since"] = d["chapter_in_town_since"].isoformat()
            runs = tristate(d.get("sponsor_runs_it"))
            if runs is not None:
                sponsor.update(sponsored=runs, organized=runs, authorized=runs)
            case["sponsor"] = sponsor
        return case


class SpaceForm(OnceEach):
    """One room or open-air area (Mount Pleasant §§ 164-7, 164-8)."""

    #: As a room of a place of assembly is named (`Space.name`, the sign's ``--room``): 200 characters; the
    #: room's fields go in the address (a GET form), whose line the server bounds (docs/operations.md).
    name = forms.CharField(label=_("Room or area"), max_length=MAX_NAME)
    use_group = forms.ChoiceField(label=_("Use"), choices=USE_GROUP_CHOICES)
    area = area_field(required=False)
    area_unit = forms.ChoiceField(label=_("Unit"), choices=AREA_UNITS, initial="sq_ft")
    alleys = WholeNumberField(label=_("Bowling alleys"), min_value=0, max_value=MAX_COUNT, required=False,
                              help_text=_("Only for a bowling alley."))

    #: The fields typed into (the others are lists, which always send a value): a room none of which is given is
    #: a row left blank — an extra form of the page, "Add another room or area" — ignored (`has_changed`).
    TYPED = ("name", "area", "alleys")

    def has_changed(self) -> bool:
        """Whether anything is typed in the room: a room whose name, area and alleys are all left empty is a row
        left blank, ignored as Django's formsets ignore an extra form left empty (`BaseSpaceFormSet` lets every
        room be left out so), whatever its lists say — the browser sends the first use and unit of each."""
        getlist = getattr(self.data, "getlist", None)
        for name in self.TYPED:
            key = self.add_prefix(name)
            values = getlist(key) if getlist is not None else [self.data.get(key)]
            if any(str(v if v is not None else "").strip() for v in values):
                return True
        return False

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        check_area(self, data)
        check_alleys(self, data)
        if (data.get("name") and data.get("area") is None and data.get("use_group") != "bowling_alley"
                and "area" not in self.errors):  # an area given but refused already says what is wrong
            self.add_error("area", _("Give the floor area of this room or area."))
        return data

    def space(self) -> dict[str, Any]:
        d = self.cleaned_data
        out: dict[str, Any] = {"name": d["name"], "use_group": d["use_group"], "area_unit": d["area_unit"]}
        if d.get("area") is not None:
            out["area"] = str(d["area"])
        if d.get("alleys") is not None:
            out["alleys"] = d["alleys"]
        return out


class BaseSpaceFormSet(OnceEachFormSet):
    #: Django's "Please submit at most 50 forms." in the page's words (its rooms are not "forms").
    default_error_messages = {
        "too_many_forms": ngettext_lazy("At most %(num)d room or area at once; check the others separately.",
                                        "At most %(num)d rooms or areas at once; check the others separately.",
                                        "num"),
        "too_few_forms": ngettext_lazy("Describe at least %(num)d room or area.",
                                       "Describe at least %(num)d rooms or areas.", "num"),
    }

    #: Set by the page while its rows are changed ("Add another room or area", a room's "Remove"): not yet a
    #: question, so that no room described is not yet told "Describe at least one room or area.".
    rows_changed = False

    def _construct_form(self, i: int, **kwargs: Any) -> forms.Form:
        # Every room may be left blank, the first too (Django lets only the extra forms be): a blank row is
        # ignored (`SpaceForm.has_changed`), and no room described at all is told once (`clean`).
        return super()._construct_form(i, **{"empty_permitted": True, **kwargs})

    def rooms(self) -> list[SpaceForm]:
        """The rooms described, in their order (a row left blank left out): the law core's ``spaces``, so that its
        ``spaces[i]`` is the i-th of these."""
        return [f for f in self.forms if f.cleaned_data.get("name")]

    def clean(self) -> None:
        if any(self.errors):
            return
        names = [f.cleaned_data["name"] for f in self.forms if f.cleaned_data.get("name")]
        if not names and not self.rows_changed:
            raise forms.ValidationError(_("Describe at least one room or area."))
        seen: set[str] = set()
        for f in self.forms:
            name = f.cleaned_data.get("name")
            if name in seen:
                f.add_error("name", _("Two rooms have this name; give each its own."))
            if name:
                seen.add(name)


#: The most rooms and areas the occupancy check takes at once; more is refused with one error naming it, and no
#: more forms than this are built, only those given a field, whatever ``form-TOTAL_FORMS`` says
#: (`OnceEachFormSet`).
MAX_SPACES = 50
SpaceFormSet = forms.formset_factory(SpaceForm, formset=BaseSpaceFormSet, extra=0, min_num=1, max_num=MAX_SPACES,
                                     absolute_max=MAX_SPACES, validate_max=True)


#: A field of a room in the query string (``form-2-area``): the room's index and the field's name.
ROOM_PARAMETER = re.compile(r"form-(0|[1-9][0-9]*)-(\w+)")
#: The rooms' count in the query string (`SpaceFormSet`'s management fields), "Add another room" and a room's
#: "Remove" (``remove=<its number>``).
COUNT_PARAMETERS = (*(f"form-{name}" for name in forms.formsets.ManagementForm.base_fields), "add", "remove")


class OccupancyCheckForm(OnceEach):
    """Mount Pleasant Code ch. 164: how many persons the place may hold, and whether it needs a certificate.

    It reads the whole query string: the place's fields, each room's (``form-0-name``…, rooms 0 to `rooms` - 1,
    `SpaceFormSet`), the rooms' count and "Add another room" (`COUNT_PARAMETERS`); another parameter, or a
    room's field beyond the rooms counted (``form-1-name`` with ``form-TOTAL_FORMS=1``, which Django would
    leave out of the answer unsaid), is refused above the form."""

    commercial = forms.ChoiceField(label=_("Is it a commercial place of assembly?"), choices=YES_NO_UNKNOWN,
                                   required=False)
    attendance = WholeNumberField(label=_("Persons expected at the gathering"), min_value=0,
                                  max_value=MAX_COUNT, required=False)
    toilets = WholeNumberField(label=_("Toilets provided"), min_value=0, max_value=MAX_COUNT, required=False)
    as_of = forms.DateField(label=_("Determine under the law in force on"), required=False, widget=DateInput(),
                            help_text=_("Default: today."))

    reads_whole_query = True

    def __init__(self, *args: Any, rooms: int | None = None, refused: tuple[str, ...] = (), **kwargs: Any) -> None:
        """`rooms`: the rooms the formset counts, or None when that count is refused (its own error says so,
        and the rooms' fields are then taken whatever their number); `refused`: what the page refuses of the
        address besides (a ``remove`` of no room), told above the form."""
        super().__init__(*args, **kwargs)
        self.rooms = rooms
        self.refused = refused

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        for refusal in self.refused:
            self.add_error(None, refusal)
        return cleaned

    def parameters(self) -> list[str]:
        return [*super().parameters(), *(f"form-<n>-{name}" for name in SpaceForm.base_fields), *COUNT_PARAMETERS]

    def refusal_of_parameter(self, name: str) -> str | None:
        room = ROOM_PARAMETER.fullmatch(name)
        if room is not None and room.group(2) in SpaceForm.base_fields:
            if self.rooms is None or int(room.group(1)) < self.rooms:
                return None
            return _("The address names room %(number)d (%(name)s), but form-TOTAL_FORMS counts %(count)d; "
                     "count it there or leave it out.") % {"number": int(room.group(1)) + 1,
                                                           "name": given(name), "count": self.rooms}
        if name in self.parameters() or ignored_parameter(name):
            return None
        rooms = [f"form-{i}-{field}" for i in range(max(self.rooms or 0, 1)) for field in SpaceForm.base_fields]
        return unknown_parameter(name, self.parameters(), [*super().parameters(), *rooms, *COUNT_PARAMETERS])

    def case(self, spaces: list[dict[str, Any]]) -> dict[str, Any]:
        d = self.cleaned_data
        case: dict[str, Any] = {"jurisdiction": "mount-pleasant-ny", "subject": "venue",
                                "as_of": (d.get("as_of") or date.today()).isoformat(), "spaces": spaces}
        commercial = tristate(d.get("commercial"))
        if commercial is not None:
            case["commercial"] = commercial
        if d.get("attendance") is not None:
            case["attendance"] = d["attendance"]
        if d.get("toilets") is not None:
            case["toilets_provided"] = d["toilets"]
        return case
