"""The applicant's guided petition form (Carmel ch. 31 ¶ B) and the officials' action forms.

The petition form asks only what applies: a corporation is asked for its directors and officers, an applicant
not residing in the Town for an agent, a food seller for the food plan, a multi-day assembly for camping or
housing (the questions are shown as the answers that call for them are given; without JavaScript all are shown
and the answers of those that do not apply are ignored — but for the housing questions of an assembly that
continues into another day, whose answers are kept while the hours or days do not call for them, so that they are
there again when they do: `PetitionForm.kept`). It asks every fact of the law core's ``EventCase`` that is the
applicant's to give (the API's petition): beside items (1)-(15) of ¶ B with their maps and plans, the sponsor
(exemptions ¶¶ A-D), the facilities of ¶ C, and further properties (`PropertyFormSet`). `to_facts` turns the
answers into the applicant's facts; `initial_from_facts` and `further_properties` do the reverse for editing. The
services validate the facts with the law core's model.
"""

from __future__ import annotations

import copy
from datetime import date
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from publicassembly.law.jurisdictions.us_ny_carmel.facts import continues_into_another_day
from publicassembly.law.units import MAX_COUNT, MAX_DECIBELS, MAX_TEXT, MONEY_DIGITS
from publicassembly.permits.models import CONDITIONS, Agency, CleanupResult, Party, RevocationGround
from publicassembly.web import present
from publicassembly.web.forms.public import SPONSOR_KINDS
from publicassembly.web.forms.widgets import (
    YES_NO_UNKNOWN,
    DateInput,
    DollarsField,
    LinesField,
    MoreThanZeroDollars,
    NumberField,
    OnceEachFormSet,
    PlainErrors,
    WholeNumberField,
    tristate,
)
from publicassembly.workflow.bounds import (
    MAX_CONDITION,
    MAX_CONDITIONS,
    MAX_DAYS,
    MAX_DOCUMENT_KIND,
    MAX_MISSING_ITEM,
    MAX_MISSING_ITEMS,
    MAX_NAME,
    MAX_NUMBER,
    MAX_REASON,
    MAX_STATEMENT,
)

Lines = forms.Textarea(attrs={"rows": 3})


def _lines(text: str) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def _yn(value: bool | None) -> str:
    return "" if value is None else ("yes" if value else "no")


#: Who prepared a map, plan or drawing (the law core's ``Preparer``; ¶ B(3) and (4) ask a licensed land surveyor or
#: licensed engineer: interpretation C-16).
PREPARERS = [("", _("Not stated")), ("licensed_land_surveyor", _("A licensed land surveyor")),
             ("licensed_professional_engineer", _("A licensed professional engineer")),
             ("other", _("Someone else"))]
#: The kinds of sponsor an exemption names (exemptions ¶¶ A-D), as the sections' conditions write them.
_SCHOOLS = "parochial_school|private_school"
_CHAPTERS = "veterans_organization|civic_group"
_EXEMPT_KINDS = f"{_SCHOOLS}|church|{_CHAPTERS}"
#: The most further properties the form takes at once (a bound of the form, not of the law).
MAX_PROPERTIES = 20


def _cited(help_text: Any) -> Any:
    """A help text that is only a citation ("¶ C(1)") written as a sentence naming the part of the chapter."""
    if isinstance(help_text, str) and help_text.startswith("¶"):
        return format_lazy(_("Permit requirements {}."), help_text)
    return help_text


def _text_field(label: Any, help_text: Any, *, lines: bool = False, max_length: int = MAX_TEXT) -> forms.CharField:
    """A text fact: on one line at most `max_length` characters, the law core's bound of a text (`MAX_TEXT`), as
    the API's petition takes it; in a text area (`lines`) bounded by the services, which refuse a text longer than
    the law core takes in its words, beside the field."""
    help_text = _cited(help_text)
    if lines:
        return forms.CharField(label=label, help_text=help_text, widget=Lines, required=False)
    return forms.CharField(label=label, help_text=help_text, max_length=max_length, required=False)


def _yes_no_field(label: Any, help_text: Any) -> forms.ChoiceField:
    return forms.ChoiceField(label=label, help_text=_cited(help_text), choices=YES_NO_UNKNOWN, required=False)


def _count_field(label: Any, help_text: Any, max_value: int = MAX_COUNT) -> WholeNumberField:
    return WholeNumberField(label=label, help_text=_cited(help_text), min_value=0, max_value=max_value, required=False)


def _plan_fields(what: Any, cites: str) -> tuple[forms.Field, forms.Field, forms.Field]:
    """The title, preparer and scale of an attached map, plan or drawing, labelled with `what` it is (e.g.
    "Site map: title") and citing the item that asks it."""
    title = _text_field(format_lazy("{}: {}", what, _("title")),
                        format_lazy(_("As written on the map or plan attached (upload it under Documents); {}."),
                                    cites), max_length=MAX_TEXT)
    by = forms.ChoiceField(label=format_lazy("{}: {}", what, _("prepared by")), choices=PREPARERS,
                           required=False, help_text=format_lazy(_("Who drew it ({})."), cites))
    scale = _yes_no_field(format_lazy("{}: {}", what, _("drawn to scale?")),
                          format_lazy(_("Whether it is drawn to scale ({})."), cites))
    return title, by, scale


class PetitionForm(PlainErrors):
    """The verified petition's answers, in the order of ¶ B(1)-(15), then the facilities of ¶ C."""

    # The assembly (¶ B(2))
    name = forms.CharField(label=_("Name of the assembly"), max_length=MAX_TEXT)
    purpose = forms.CharField(label=_("Purpose of the gathering"), max_length=MAX_TEXT)
    nature_of_activity = forms.CharField(label=_("Nature of the activity"), widget=Lines, required=False)
    first_day = forms.DateField(label=_("First day"), widget=DateInput())
    last_day = forms.DateField(label=_("Last day"), widget=DateInput(), required=False,
                               help_text=_("Leave empty for a one-day assembly."))
    daily_hours = forms.CharField(label=_("Hours each day"), max_length=MAX_TEXT, required=False,
                                  help_text=_("For example 10:00-22:00."))
    max_persons_at_one_time = WholeNumberField(label=_("Most persons at one time"), min_value=0,
                                               max_value=MAX_COUNT)
    persons_collectively = WholeNumberField(label=_("Persons over the whole assembly"), min_value=0,
                                            max_value=MAX_COUNT, required=False)
    vehicles_at_one_time = WholeNumberField(label=_("Most vehicles at one time"), min_value=0,
                                            max_value=MAX_COUNT, required=False)
    vehicles_collectively = WholeNumberField(label=_("Vehicles over the whole assembly"), min_value=0,
                                             max_value=MAX_COUNT, required=False)
    # (the law core's money: under a trillion dollars, in cents — 14 digits — as the API's petition takes it)
    admission_fee = DollarsField(label=_("Admission fee (US dollars; 0 if none)"), min_value=0,
                                 max_digits=MONEY_DIGITS, required=False)
    # The sponsor (exemptions ¶¶ A-D)
    sponsor_name = _text_field(_("Sponsor's name"), _("Who sponsors the assembly, if not the applicant "
                                                      "(exemptions ¶¶ A-D)."), max_length=MAX_TEXT)
    sponsor_kind = forms.ChoiceField(label=_("Kind of sponsor"), choices=SPONSOR_KINDS, required=False,
                                     help_text=_("A parochial or private school, an established church, a veterans' "
                                                 "organization or a civic group of the Town may be exempt "
                                                 "(exemptions ¶¶ A-D)."))
    sponsor_located_in_town = _yes_no_field(_("Is the school in the Town of Carmel?"),
                                            _("Exemptions ¶ A."))
    sponsor_established = _yes_no_field(
        _("Is the church an established church?"),
        _("With a standing congregation, not a body formed for the assembly (exemptions ¶ B)."))
    sponsor_place_of_worship_in_town = _yes_no_field(
        _("Does the church maintain a place of worship within the Town?"), _("Exemptions ¶ B."))
    sponsor_chapter_in_town_since = forms.DateField(
        label=_("Since when has it maintained a chapter, post, lodge, camp or local organization within the "
                "Town?"), widget=DateInput(), required=False,
        help_text=_("For one year before the assembly (exemptions ¶¶ C, D)."))
    sponsor_sponsored = _yes_no_field(_("Does the sponsor itself sponsor the assembly?"),
                                      _("Sponsored, organized and authorized by it (exemptions ¶¶ A-D)."))
    sponsor_organized = _yes_no_field(_("Does the sponsor itself organize the assembly?"),
                                      _("Sponsored, organized and authorized by it (exemptions ¶¶ A-D)."))
    sponsor_authorized = _yes_no_field(_("Does the sponsor itself authorize the assembly?"),
                                       _("Sponsored, organized and authorized by it (exemptions ¶¶ A-D)."))
    # The applicant (¶ B(1))
    applicant_name = forms.CharField(label=_("Applicant's name (or the corporation's)"), max_length=MAX_TEXT)
    is_corporation = forms.BooleanField(label=_("The applicant is a corporation"), required=False)
    applicant_age = WholeNumberField(label=_("Applicant's age"), min_value=0, max_value=130, required=False,
                                     help_text=_("Not asked of a corporation."))
    residence_address = forms.CharField(label=_("Residence address (a corporation: its office)"),
                                        max_length=MAX_TEXT, required=False)
    resides_in_town = forms.ChoiceField(label=_("Does the applicant reside (or the corporation have its "
                                                "office) in the Town of Carmel?"), choices=YES_NO_UNKNOWN,
                                        required=False)
    officers = forms.CharField(label=_("Directors and officers"), widget=Lines, required=False,
                               help_text=_("One per line: name, then a comma, then the address."))
    agent_name = forms.CharField(label=_("Agent's name"), max_length=MAX_TEXT, required=False,
                                 help_text=_("An applicant not residing in the Town names an agent to accept "
                                             "notices and summonses."))
    agent_address = forms.CharField(label=_("Agent's address"), max_length=MAX_TEXT, required=False)
    agent_natural_person = _yes_no_field(_("Is the agent a natural person (an individual, not a firm)?"),
                                         "¶ B(1)")
    agent_in_putnam = forms.ChoiceField(label=_("Does the agent reside in Putnam County?"), choices=YES_NO_UNKNOWN,
                                        required=False, help_text=_("Residing or having a place of business in the "
                                                                    "county is enough (¶ B(1))."))
    agent_business_in_putnam = _yes_no_field(_("Does the agent have a place of business in Putnam County?"),
                                             "¶ B(1)")
    agent_accepts_service = forms.BooleanField(
        label=_("The agent agrees by verified statement to accept notices and summonses"), required=False)
    # The property (¶ B(2)); further properties: `PropertyFormSet`
    within_town = forms.ChoiceField(label=_("Is the place within the Town of Carmel?"),
                                    choices=[("yes", _("Yes")), ("no", _("No"))], initial="yes", required=False,
                                    help_text=_("The chapter governs assemblies within the Town (permit "
                                                "requirements ¶ A)."))
    property_address = forms.CharField(label=_("Address of the property"), max_length=MAX_TEXT)
    record_owner = forms.CharField(label=_("Record owner"), max_length=MAX_TEXT, required=False)
    applicant_interest = forms.CharField(label=_("The applicant's interest in the property"), max_length=MAX_TEXT,
                                         required=False, help_text=_("For example: owner, tenant, licensee."))
    property_persons = _count_field(_("Persons on this property at one time"),
                                    _("When the assembly uses several properties: this one's share (permit "
                                      "requirements ¶ A)."))
    tenant_or_lessee = _text_field(_("The owner's tenant or lessee, if any"),
                                   _("Who also authorizes the Town to inspect (permit requirements ¶ D)."),
                                   max_length=MAX_TEXT)
    #: Offered only while the petition holds another property (`offer_removal`): a petition names at least one.
    remove_property = forms.BooleanField(label=_("Remove this property"), required=False)
    # Item (3): the site map
    site_map_title, site_map_prepared_by, site_map_to_scale = _plan_fields(_("Site map"), "¶ B(3)")
    site_map_property_size = _yes_no_field(_("Does the map show the size of the property?"), "¶ B(3)")
    site_map_zoning_district = _text_field(_("Zoning district the map shows"),
                                           _("Write “none” if the property lies in no zoning district (¶ B(3): "
                                             "“if any”)."), max_length=MAX_TEXT)
    site_map_adjoining_owners = _yes_no_field(
        _("Does the map show the names and record owners of the adjoining properties?"), "¶ B(3)")
    site_map_abutting_streets = _yes_no_field(_("Does the map show the streets or highways abutting the "
                                                "property?"), "¶ B(3)")
    site_map_buildings = _yes_no_field(_("Does the map show the size and location of existing buildings and of "
                                         "structures to be erected?"), "¶ B(3)")
    site_map_new_structures = _yes_no_field(_("Are buildings or structures to be erected for the assembly?"),
                                            "¶ B(3)")
    site_map_construction = _yes_no_field(_("Does the map give the method, construction and materials of the "
                                            "new buildings or structures?"), "¶ B(3)")
    # Item (4): the plan to scale by a licensed engineer or surveyor (its text is cut short: C-3, D-5)
    facilities_plan_title, facilities_plan_prepared_by, facilities_plan_to_scale = _plan_fields(
        _("Plan of item (4)"), "¶ B(4)")
    # Item (5): the parking plan
    parking_plan_title, parking_plan_prepared_by, parking_plan_to_scale = _plan_fields(_("Parking plan"),
                                                                                         "¶ B(5)")
    parking_plan_ingress_egress = _yes_no_field(_("Does the parking plan show the means of egress and ingress?"),
                                                "¶ B(5)")
    # Items (6)-(15)
    sound_equipment = forms.CharField(label=_("Sound equipment (type, number, location), or “none”"),
                                      widget=Lines, required=False,
                                      help_text=_("One device type per line: type, number, location."))
    food_intended = forms.ChoiceField(label=_("Will food or beverage be prepared, sold or distributed?"),
                                      choices=YES_NO_UNKNOWN, required=False)
    food_preparation = forms.CharField(label=_("How food will be prepared and distributed"), widget=Lines,
                                       required=False)
    food_refuse = forms.CharField(label=_("How refuse will be disposed of"), widget=Lines, required=False)
    food_drawing_title, food_drawing_prepared_by, food_drawing_to_scale = _plan_fields(
        _("Drawing of the food structures"), "¶ B(7)")
    security_engaged = forms.ChoiceField(label=_("Will security guards or police be engaged?"),
                                         choices=YES_NO_UNKNOWN, required=False)
    security_number = WholeNumberField(label=_("How many guards"), min_value=0, max_value=MAX_COUNT,
                                       required=False)
    security_duties = _text_field(_("Their duties"), "¶ B(8)", lines=True)
    security_hours = _text_field(_("Hours to be worked"), "¶ B(8)", max_length=MAX_TEXT)
    security_areas = _text_field(_("Areas of responsibility"), "¶ B(8)", lines=True)
    fire_precautions = forms.CharField(label=_("Precautions for fire protection"), widget=Lines, required=False)
    fire_plan_title, fire_plan_prepared_by, fire_plan_to_scale = _plan_fields(_("Fire protection plan"),
                                                                              "¶ B(9)")
    fire_plan_fire_lanes = _yes_no_field(_("Does the fire protection plan show the fire lanes?"), "¶ B(9)")
    fire_plan_water_supply = _yes_no_field(_("Does the fire protection plan show the water supply for fire "
                                             "control?"), "¶ B(9)")
    lights_or_signs = forms.ChoiceField(label=_("Will outdoor lights or signs be used?"), choices=YES_NO_UNKNOWN,
                                        required=False)
    lights_map_title, lights_map_prepared_by, lights_map_to_scale = _plan_fields(
        _("Map of the lights and signs"), "¶ B(10)")
    emergency_medical = forms.CharField(label=_("Emergency medical facilities"), widget=Lines, required=False)
    camping_available = forms.ChoiceField(label=_("Will camping or housing facilities be available?"),
                                          choices=YES_NO_UNKNOWN, required=False)
    camping_plan_title, camping_plan_prepared_by, camping_plan_to_scale = _plan_fields(
        _("Plan of the camping or housing facilities"), "¶ B(12)")
    housing_statement = forms.CharField(label=_("Statement on overnight housing"), widget=Lines, required=False,
                                        help_text=_("For an assembly of more than one day."))
    duration = forms.CharField(label=_("Duration of the assembly"), max_length=MAX_TEXT, required=False)
    max_noise_decibels = NumberField(label=_("Greatest noise at the nearest adjoining property (dB)"),
                                     min_value=0, max_value=MAX_DECIBELS, required=False)
    # The facilities of ¶ C, described for the written approval of the Health Department and the Town Board
    c_drinking_water = _text_field(_("Drinking water"), "¶ C(1)", lines=True)
    c_toilets = _text_field(_("Toilet facilities"), "¶ C(2)", lines=True)
    c_sewage = _text_field(_("Sewage disposal or treatment"), "¶ C(3)", lines=True)
    c_solid_waste = _text_field(_("Disposal of solid waste, garbage and trash"), "¶ C(4)", lines=True)
    c_food_supply = _text_field(_("Food supply, its storage and handling, and dish washing"),
                                _("Asked of every assembly, even one where no food is sold (¶ C(5))."), lines=True)
    c_parking = _text_field(_("Off-street and off-road parking"), "¶ C(6)", lines=True)
    c_parking_spaces = _count_field(_("Parking spaces provided"),
                                    _("At least one car for every four persons in attendance (¶ C(6))."))
    c_access_roads = _text_field(_("Access roads to and from the site"), "¶ C(8)", lines=True)
    c_medical = _text_field(_("Medical facilities"), "¶ C(9)", lines=True)
    c_first_aid_station = _yes_no_field(_("Is there a first-aid station?"), "¶ C(9)")
    c_physicians = _count_field(_("Doctors in attendance at all times"), _("At least one (¶ C(9))."))
    c_nurses = _count_field(_("Registered nurses on duty at all times"),
                            _("At least one for each 500 people in attendance (¶ C(9))."))
    c_fire_protection = _text_field(_("Fire protection arrangements for buildings"), "¶ C(10)", lines=True)
    c_housing = _text_field(_("Housing for the people in attendance"), "¶ C(7)", lines=True)
    c_housing_persons = _count_field(_("Persons it houses"), "¶ C(7)")

    #: The form's sections: title, fields, and when they are asked (``field=value``, values separated by ``|``;
    #: ``multiday``: an assembly that continues into another day, by its days or its hours (C-18); None: always). The same condition shows a section on the
    #: page (site.js) and decides whether its answers are kept (`to_facts`; `KEPT_WHEN_NOT_ASKED`: always kept).
    SECTIONS = (
        (_("The assembly (¶ B(2))"), ("name", "purpose", "nature_of_activity", "first_day", "last_day",
                                      "daily_hours", "max_persons_at_one_time", "persons_collectively",
                                      "vehicles_at_one_time", "vehicles_collectively", "admission_fee"), None),
        (_("The sponsor (exemptions ¶¶ A-D)"), ("sponsor_name", "sponsor_kind"), None),
        (_("The school"), ("sponsor_located_in_town",), f"sponsor_kind={_SCHOOLS}"),
        (_("The church"), ("sponsor_established", "sponsor_place_of_worship_in_town"), "sponsor_kind=church"),
        (_("The organization's chapter in the Town"), ("sponsor_chapter_in_town_since",),
         f"sponsor_kind={_CHAPTERS}"),
        (_("Who runs the assembly"), ("sponsor_sponsored", "sponsor_organized", "sponsor_authorized"),
         f"sponsor_kind={_EXEMPT_KINDS}"),
        (_("The applicant (¶ B(1))"), ("applicant_name", "is_corporation", "applicant_age", "residence_address",
                                       "resides_in_town"), None),
        (_("Directors and officers of the corporation"), ("officers",), "is_corporation=on"),
        (_("Agent in the county"), ("agent_name", "agent_address", "agent_natural_person", "agent_in_putnam",
                                    "agent_business_in_putnam", "agent_accepts_service"), "resides_in_town=no"),
        (_("The property (¶ B(2))"), ("within_town", "property_address", "record_owner", "applicant_interest",
                                      "property_persons", "tenant_or_lessee", "remove_property"), None),
        (_("Site map (¶ B(3))"), ("site_map_title", "site_map_prepared_by", "site_map_property_size",
                                  "site_map_zoning_district", "site_map_adjoining_owners",
                                  "site_map_abutting_streets", "site_map_buildings", "site_map_new_structures",
                                  "site_map_to_scale"), None),
        (_("New buildings or structures (¶ B(3))"), ("site_map_construction",), "site_map_new_structures=yes"),
        (_("Plan or drawing of item (4) (¶ B(4), whose text is cut short)"),
         ("facilities_plan_title", "facilities_plan_prepared_by", "facilities_plan_to_scale"), None),
        (_("Parking plan (¶ B(5))"), ("parking_plan_title", "parking_plan_prepared_by", "parking_plan_to_scale",
                                      "parking_plan_ingress_egress"), None),
        (_("Sound equipment (¶ B(6))"), ("sound_equipment",), None),
        (_("Food and beverage (¶ B(7))"), ("food_intended",), None),
        (_("Food plan"), ("food_preparation", "food_refuse", "food_drawing_title", "food_drawing_prepared_by",
                          "food_drawing_to_scale"), "food_intended=yes"),
        (_("Security (¶ B(8))"), ("security_engaged",), None),
        (_("Security guards or police"), ("security_number", "security_duties", "security_hours",
                                          "security_areas"), "security_engaged=yes"),
        (_("Fire protection (¶ B(9))"), ("fire_precautions", "fire_plan_title", "fire_plan_prepared_by",
                                         "fire_plan_to_scale", "fire_plan_fire_lanes", "fire_plan_water_supply"),
         None),
        (_("Outdoor lights and signs (¶ B(10))"), ("lights_or_signs",), None),
        (_("Map of the lights and signs"), ("lights_map_title", "lights_map_prepared_by", "lights_map_to_scale"),
         "lights_or_signs=yes"),
        (_("Emergency medical facilities (¶ B(11))"), ("emergency_medical",), None),
        (_("Camping or housing facilities (¶ B(12))"), ("camping_available",), None),
        (_("Plan of the camping or housing facilities"), ("camping_plan_title", "camping_plan_prepared_by",
                                                          "camping_plan_to_scale"), "camping_available=yes"),
        (_("Duration and noise (¶ B(13), (15))"), ("duration", "max_noise_decibels"), None),
        (_("Housing on the premises (an assembly that continues into another day, ¶ B(14))"),
         ("housing_statement",), "multiday"),
        (_("Facilities to be approved in writing by the Health Department and by the Town Board (¶ C)"),
         ("c_drinking_water", "c_toilets", "c_sewage", "c_solid_waste", "c_food_supply", "c_parking",
          "c_parking_spaces", "c_access_roads", "c_medical", "c_first_aid_station", "c_physicians", "c_nurses",
          "c_fire_protection"), None),
        (_("Housing for those attending (an assembly that continues into another day, ¶ C(7))"),
         ("c_housing", "c_housing_persons"), "multiday"),
    )
    #: The section after which the further properties (`PropertyFormSet`) are shown.
    PROPERTIES_AFTER = "property_address"
    #: The first property's answers: left out, with their errors, when it is removed (``remove_property``).
    FIRST_PROPERTY = ("property_address", "record_owner", "applicant_interest", "property_persons",
                      "tenant_or_lessee")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.removes_first_property():
            self.fields["property_address"].required = False

    def removes_first_property(self) -> bool:
        """Whether the first property is marked "Remove this property" (as posted; after cleaning, as cleaned)."""
        if "remove_property" not in self.fields:
            return False
        if hasattr(self, "cleaned_data"):
            return bool(self.cleaned_data.get("remove_property"))
        return bool(self["remove_property"].value())

    def offer_removal(self, properties: BasePropertyFormSet) -> None:
        """Leave out the first property's "Remove this property" box when the petition holds no other property
        (`properties`: the further ones) and the box was not ticked: the only property cannot be removed."""
        if not (self.removes_first_property() or properties.others()):
            del self.fields["remove_property"]

    def keeps_a_property(self, further: list[dict[str, Any]]) -> bool:
        """Whether the petition still names a property (¶ B(2)) with the `further` properties given
        (`PropertyFormSet.properties`); when the first is removed and no other is given, False and the error
        stands beside ``remove_property``."""
        if self.removes_first_property() and not further:
            self.add_error("remove_property", _("A petition names at least one property (permit requirements "
                                                "¶ B(2)): keep this one, or give another property before "
                                                "removing it."))
            return False
        return True

    def clean(self) -> dict[str, Any]:
        d = super().clean()
        if d.get("remove_property"):  # (a property removed is left out, as a further property marked "Remove")
            for name in self.FIRST_PROPERTY:
                self._errors.pop(name, None)
                d.pop(name, None)
        first, last = d.get("first_day"), d.get("last_day")
        if first and last and last < first:
            self.add_error("last_day", _("The last day cannot be before the first day."))
        if not d.get("is_corporation") and _lines(d.get("officers", "")):
            # ¶ B(1) names directors and officers of a corporation applicant only: neither dropped unsaid nor
            # printed on the verified petition of an individual; the applicant says which is true
            self.add_error("officers", _("Directors and officers are named only when the applicant is a "
                                         "corporation (permit requirements ¶ B(1)): tick “The applicant is a "
                                         "corporation” to keep them, or clear this field."))
        for i, line in enumerate(_lines(d.get("sound_equipment", ""))):
            if line.lower() == "none":
                continue
            parts = [p.strip() for p in line.split(",")]
            if len(parts) < 2 or not (parts[1].isascii() and parts[1].isdigit()) or int(parts[1]) < 1:
                self.add_error("sound_equipment", _("Line %(n)d: write the type, then the number of devices "
                                                    "(1 or more), then the location.") % {"n": i + 1})
                break
        return d

    def sections(self) -> list[dict[str, Any]]:
        return [{"title": t, "fields": [self[n] for n in names if n in self.fields], "when": when,
                 "properties_after": self.PROPERTIES_AFTER in names} for t, names, when in self.SECTIONS]

    def asked(self, name: str) -> bool:
        """Whether the field `name` is asked given the other answers (its section's condition holds)."""
        return _holds(_WHEN[name], self.cleaned_data)

    #: The conditions of the sections whose answers are saved even when they are not asked: the housing of an
    #: assembly that continues into another day (¶ B(14) housing statement, ¶ C(7) housing and persons housed).
    #: An organizer who changes the hours from 20:00-02:00 to 18:00-24:00, saves and changes them back finds the
    #: paragraphs typed; meanwhile the law core finds them not applicable (the assembly does not continue into
    #: another day) and nothing else reads them. The other conditional sections (a food drawing when no food is
    #: served, an agent of an applicant residing in the Town...) keep only what is asked.
    KEPT_WHEN_NOT_ASKED = frozenset({"multiday"})

    def kept(self, name: str) -> bool:
        """Whether the answer to the field `name` is saved: when it is asked (`asked`), and always when its
        section's condition is one of `KEPT_WHEN_NOT_ASKED`."""
        return _WHEN[name] in self.KEPT_WHEN_NOT_ASKED or self.asked(name)

    def to_facts(self, properties: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The applicant's facts (``EventCase`` without the Town's acts) from the cleaned answers and the further
        `properties` (`PropertyFormSet.properties`); questions that do not apply (e.g. officers of an
        individual, a food drawing when no food is served) are left out, but for the housing of an assembly that
        continues into another day, kept to be asked again (`kept`).

        Of a form that refused some answers, the facts of the answers it took (each refused one left out, a
        required one too): the facts the services check for what the form does not (`web.views.applications`:
        every bad answer told at once)."""
        d = self.cleaned_data
        first, last = d.get("first_day"), d.get("last_day")
        facts: dict[str, Any] = {key: d[key] for key in ("name", "purpose", "max_persons_at_one_time") if key in d}
        dates: dict[str, Any] = {"first_day": first.isoformat()} if first else {}
        if last:
            dates["last_day"] = last.isoformat()
        if d.get("daily_hours"):
            dates["daily_hours"] = d["daily_hours"]
        if dates:
            facts["dates"] = dates
        for key in ("nature_of_activity", "persons_collectively", "vehicles_at_one_time", "vehicles_collectively"):
            if d.get(key) not in (None, ""):
                facts[key] = d[key]
        if d.get("admission_fee") is not None:
            facts["admission_fee"] = str(d["admission_fee"])
        corp = bool(d.get("is_corporation"))
        applicant: dict[str, Any] = {"name": d["applicant_name"]} if "applicant_name" in d else {}
        applicant["is_corporation"] = corp
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
            agent: dict[str, Any] = {"name": d.get("agent_name") or None, "address": d.get("agent_address") or None,
                                     "verified_statement_accepting_service": bool(d.get("agent_accepts_service"))}
            for key, name in (("natural_person", "agent_natural_person"),
                              ("resides_in_putnam_county", "agent_in_putnam"),
                              ("place_of_business_in_putnam_county", "agent_business_in_putnam")):
                if tristate(d.get(name)) is not None:
                    agent[key] = tristate(d.get(name))
            applicant["agent"] = agent
        facts["applicant"] = applicant
        if d.get("remove_property"):  # the first property removed: the next one is the first (`keeps_a_property`)
            facts["properties"] = list(properties or [])
        else:
            prop: dict[str, Any] = {"address": d["property_address"]} if "property_address" in d else {}
            for key in ("record_owner", "applicant_interest", "tenant_or_lessee"):
                if d.get(key):
                    prop[key] = d[key]
            if d.get("property_persons") is not None:
                prop["max_persons_at_one_time"] = d["property_persons"]
            facts["properties"] = [prop, *(properties or [])]
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
        # item (12) is asked of every assembly; item (14) of one that continues into another day (its answer kept
        # when the assembly does not: `kept`)
        camping = tristate(d.get("camping_available"))
        if camping is not None:
            petition["camping_or_housing"] = {"available": camping}
        if self.kept("housing_statement") and d.get("housing_statement"):
            petition["housing_statement"] = d["housing_statement"]
        if d.get("duration"):
            petition["duration"] = d["duration"]
        if d.get("max_noise_decibels") is not None:
            petition["max_noise_decibels"] = str(d["max_noise_decibels"])
        facts["petition"] = petition
        within = d.get("within_town")
        if within:
            facts["within_town"] = within == "yes"
        for name, (path, kind) in ONE_FACT.items():
            value = _fact_value(kind, d.get(name))
            if value is not None and self.kept(name):
                _put(facts, path, value)
        return facts


#: The form's fields that are one fact each (beyond those `PetitionForm.to_facts` builds by hand): the field →
#: where the fact lies in the facts and how it is written: ``text``; ``yes_no`` (yes, no, not stated); ``count``;
#: ``date``; ``choice`` (a key of the law core); ``zoning`` (text, "none" for ``not_applicable``: ¶ B(3) "if any").
ONE_FACT: dict[str, tuple[str, str]] = {
    "sponsor_name": ("sponsor.name", "text"),
    "sponsor_kind": ("sponsor.kind", "choice"),
    "sponsor_located_in_town": ("sponsor.located_in_town", "yes_no"),
    "sponsor_established": ("sponsor.established", "yes_no"),
    "sponsor_place_of_worship_in_town": ("sponsor.place_of_worship_in_town", "yes_no"),
    "sponsor_chapter_in_town_since": ("sponsor.chapter_in_town_since", "date"),
    "sponsor_sponsored": ("sponsor.sponsored", "yes_no"),
    "sponsor_organized": ("sponsor.organized", "yes_no"),
    "sponsor_authorized": ("sponsor.authorized", "yes_no"),
    "site_map_title": ("petition.site_map.title", "text"),
    "site_map_prepared_by": ("petition.site_map.prepared_by", "choice"),
    "site_map_to_scale": ("petition.site_map.to_scale", "yes_no"),
    "site_map_property_size": ("petition.site_map.shows_property_size", "yes_no"),
    "site_map_zoning_district": ("petition.site_map.zoning_district", "zoning"),
    "site_map_adjoining_owners": ("petition.site_map.shows_adjoining_record_owners", "yes_no"),
    "site_map_abutting_streets": ("petition.site_map.shows_abutting_streets", "yes_no"),
    "site_map_buildings": ("petition.site_map.shows_buildings_and_structures", "yes_no"),
    "site_map_new_structures": ("petition.site_map.new_structures", "yes_no"),
    "site_map_construction": ("petition.site_map.shows_construction_methods_and_materials", "yes_no"),
    "facilities_plan_title": ("petition.facilities_plan.title", "text"),
    "facilities_plan_prepared_by": ("petition.facilities_plan.prepared_by", "choice"),
    "facilities_plan_to_scale": ("petition.facilities_plan.to_scale", "yes_no"),
    "parking_plan_title": ("petition.parking_plan.title", "text"),
    "parking_plan_prepared_by": ("petition.parking_plan.prepared_by", "choice"),
    "parking_plan_to_scale": ("petition.parking_plan.to_scale", "yes_no"),
    "parking_plan_ingress_egress": ("petition.parking_plan.shows_ingress_and_egress", "yes_no"),
    "food_drawing_title": ("petition.food.scale_drawing.title", "text"),
    "food_drawing_prepared_by": ("petition.food.scale_drawing.prepared_by", "choice"),
    "food_drawing_to_scale": ("petition.food.scale_drawing.to_scale", "yes_no"),
    "security_duties": ("petition.security.duties", "text"),
    "security_hours": ("petition.security.hours", "text"),
    "security_areas": ("petition.security.areas", "text"),
    "fire_plan_title": ("petition.fire_protection.plan.title", "text"),
    "fire_plan_prepared_by": ("petition.fire_protection.plan.prepared_by", "choice"),
    "fire_plan_to_scale": ("petition.fire_protection.plan.to_scale", "yes_no"),
    "fire_plan_fire_lanes": ("petition.fire_protection.plan.shows_fire_lanes", "yes_no"),
    "fire_plan_water_supply": ("petition.fire_protection.plan.shows_water_supply", "yes_no"),
    "lights_map_title": ("petition.outdoor_lights_or_signs.map.title", "text"),
    "lights_map_prepared_by": ("petition.outdoor_lights_or_signs.map.prepared_by", "choice"),
    "lights_map_to_scale": ("petition.outdoor_lights_or_signs.map.to_scale", "yes_no"),
    "camping_plan_title": ("petition.camping_or_housing.plan.title", "text"),
    "camping_plan_prepared_by": ("petition.camping_or_housing.plan.prepared_by", "choice"),
    "camping_plan_to_scale": ("petition.camping_or_housing.plan.to_scale", "yes_no"),
    **{f"c_{name}": (f"conditions.{name}.description", "text")
       for name in ("drinking_water", "toilets", "sewage", "solid_waste", "food_supply", "parking", "housing",
                    "access_roads", "medical", "fire_protection")},
    "c_parking_spaces": ("conditions.parking.spaces", "count"),
    "c_housing_persons": ("conditions.housing.persons_housed", "count"),
    "c_first_aid_station": ("conditions.medical.first_aid_station", "yes_no"),
    "c_physicians": ("conditions.medical.physicians_at_all_times", "count"),
    "c_nurses": ("conditions.medical.registered_nurses_at_all_times", "count"),
}

#: Each field's condition (its section's): when it is asked.
_WHEN: dict[str, str | None] = {name: when for _t, names, when in PetitionForm.SECTIONS for name in names}


def _holds(when: str | None, answers: dict[str, Any]) -> bool:
    """Whether a section's condition (`PetitionForm.SECTIONS`) holds for the cleaned `answers`, as site.js
    decides whether to show it."""
    if when is None:
        return True
    if when == "multiday":  # ¶ B(14), ¶ C(7): more than one day, or hours past midnight or unreadable (C-18)
        first = answers.get("first_day")
        return bool(first) and continues_into_another_day(first, answers.get("last_day"),
                                                          answers.get("daily_hours")) is not False
    name, _sep, values = when.partition("=")
    value = answers.get(name)
    given = ("on" if value else "") if isinstance(value, bool) else str(value or "")
    return given in values.split("|")


def _fact_value(kind: str, value: Any) -> Any:
    """An answer as the fact is written (None: not given)."""
    if value in (None, ""):
        return None
    if kind == "yes_no":
        return tristate(value)
    if kind == "date":
        return value.isoformat()
    if kind == "zoning" and str(value).strip().casefold() == "none":
        return "not_applicable"
    return value


def _answer(kind: str, value: Any) -> Any:
    """A stored fact as the form's answer (the reverse of `_fact_value`)."""
    if kind == "yes_no":
        return _yn(value) if isinstance(value, bool) else ""
    if kind == "zoning" and value == "not_applicable":
        return "none"
    return value


def _put(facts: dict[str, Any], path: str, value: Any) -> None:
    *parents, key = path.split(".")
    for part in parents:
        facts = facts.setdefault(part, {})
    facts[key] = value


def _get(facts: Any, path: str) -> Any:
    for part in path.split("."):
        if not isinstance(facts, dict):
            return None
        facts = facts.get(part)
    return facts


class PropertyForm(PlainErrors):
    """A further property on which the assembly or a portion of it takes place (¶ B(2), ¶ A, ¶ D). A form left
    empty is no property."""

    address = forms.CharField(label=_("Address"), max_length=MAX_TEXT, required=False)
    record_owner = forms.CharField(label=_("Record owner"), max_length=MAX_TEXT, required=False)
    applicant_interest = forms.CharField(label=_("The applicant's interest in the property"), max_length=MAX_TEXT,
                                         required=False, help_text=_("For example: owner, tenant, licensee."))
    max_persons_at_one_time = _count_field(_("Persons on this property at one time"),
                                           _("This property's share of the assembly (permit requirements ¶ A)."))
    tenant_or_lessee = _text_field(_("The owner's tenant or lessee, if any"),
                                   _("Who also authorizes the Town to inspect (permit requirements ¶ D)."),
                                   max_length=MAX_TEXT)

    def clean(self) -> dict[str, Any]:
        d = super().clean()
        given = [name for name in self.fields if name != "DELETE" and d.get(name) not in (None, "")]
        if given and not d.get("address") and "address" not in self.errors:
            self.add_error("address", _("Give the address of this property, or leave all its fields empty."))
        return d

    def fact(self) -> dict[str, Any] | None:
        """The property as the facts write it, or None when the form was left empty."""
        d = self.cleaned_data
        prop = {name: d[name] for name in ("address", "record_owner", "applicant_interest",
                                           "max_persons_at_one_time", "tenant_or_lessee")
                if d.get(name) not in (None, "")}
        return prop or None


class BasePropertyFormSet(OnceEachFormSet):
    """The further properties (the second and after); a form marked "Remove" or left empty is left out."""

    default_error_messages = {
        "too_many_forms": _("At most %(num)d further properties at once."),
    }

    def add_fields(self, form: forms.Form, index: int | None) -> None:
        super().add_fields(form, index)
        if "DELETE" in form.fields:
            form.fields["DELETE"].label = _("Remove this property")

    def others(self) -> bool:
        """Whether a further property is given: stored (unbound) or posted, with an answer and not marked
        "Remove this property"."""
        for form in self.forms:
            if "DELETE" in form.fields and form["DELETE"].value():
                continue
            if any(form[name].value() not in (None, "") for name in form.fields if name != "DELETE"):
                return True
        return False

    def properties(self, taken: bool = False) -> list[tuple[int, dict[str, Any]]]:
        """The further properties given, each with the number of its form (so that a refusal of
        ``properties[k]`` is shown beside the form it came from). `taken`: of a form that refused some answers
        too, the answers it took (to be checked by the services as well: every bad answer told at once)."""
        out = []
        for i, form in enumerate(self.forms):
            if self.can_delete and self._should_delete_form(form):
                continue
            prop = form.fact() if form.is_valid() or (taken and hasattr(form, "cleaned_data")) else None
            if prop is not None:
                out.append((i, prop))
        return out


PropertyFormSet = forms.formset_factory(PropertyForm, formset=BasePropertyFormSet, extra=1, can_delete=True,
                                        max_num=MAX_PROPERTIES, absolute_max=MAX_PROPERTIES + 1,
                                        validate_max=True)


def further_properties(facts: dict[str, Any]) -> list[dict[str, Any]]:
    """The `PropertyFormSet`'s initial answers: the stored properties after the first."""
    props = (facts or {}).get("properties") or []
    keys = tuple(PropertyForm.base_fields)
    return [{k: p.get(k) for k in keys} for p in props[1:] if isinstance(p, dict)]


#: The facts the guided petition asks, where they lie (what `PetitionForm.to_facts` writes). Saving the form
#: replaces these by its answers (an answer left empty removes the fact) and keeps every other fact stored
#: (`merge_facts`), so that a fact the form does not ask is never dropped by saving it. ``properties`` are
#: asked whole (each property's `_PROPERTY_KEYS`, the list as the form gives it).
_ASKED: dict[str, tuple[str, ...]] = {
    "": ("name", "purpose", "nature_of_activity", "dates", "max_persons_at_one_time", "persons_collectively",
         "vehicles_at_one_time", "vehicles_collectively", "admission_fee", "within_town"),
    "applicant": ("name", "is_corporation", "age", "residence_address", "resides_in_town",
                  "directors_and_officers", "agent"),
    "petition": ("on_town_form", "addressed_to_town_board", "sound_equipment", "emergency_medical_facilities",
                 "housing_statement", "duration", "max_noise_decibels"),
    "petition.food": ("intended", "preparation_and_distribution", "refuse_disposal"),
    "petition.security": ("engaged", "number"),
    "petition.fire_protection": ("precautions",),
    "petition.outdoor_lights_or_signs": ("used",),
    "petition.camping_or_housing": ("available",),
    "conditions": (),
}
for _path, _kind in ONE_FACT.values():
    _where, _sep, _key = _path.rpartition(".")
    _ASKED[_where] = (*_ASKED.get(_where, ()), _key)
#: Parents before their parts (``petition`` before ``petition.food`` before ``petition.food.scale_drawing``).
_ASKED = dict(sorted(_ASKED.items(), key=lambda item: item[0].count(".") + bool(item[0])))
_PROPERTY_KEYS = ("address", "record_owner", "applicant_interest", "max_persons_at_one_time", "tenant_or_lessee")


def merge_facts(stored: Any, answers: dict[str, Any]) -> dict[str, Any]:
    """The facts to save when the petition form is saved over `stored`: the form's `answers` (from `to_facts`)
    for what it asks (`_ASKED`, and the properties), and every other stored fact kept as it is, so that saving
    the form never drops silently what was given otherwise (through the API) and the form does not ask."""
    out: dict[str, Any] = copy.deepcopy(stored) if isinstance(stored, dict) else {}
    new = copy.deepcopy(answers)

    def obj(parent: dict[str, Any], path: str) -> dict[str, Any]:
        """The part of `parent` at `path`, made (as an empty mapping) where it is missing."""
        for part in filter(None, path.split(".")):
            if not isinstance(parent.get(part), dict):
                parent[part] = {}
            parent = parent[part]
        return parent

    for where, keys in _ASKED.items():
        target, source = obj(out, where), _get(new, where) if where else new
        for key in keys:
            target.pop(key, None)
            if isinstance(source, dict) and key in source:
                target[key] = source[key]
    for where in reversed(_ASKED):  # parts left empty are removed, the deepest first
        parent, _sep, key = where.rpartition(".")
        holder = _get(out, parent) if parent else out
        if key and isinstance(holder, dict) and holder.get(key) == {}:
            del holder[key]
    if "properties" not in new:
        return out
    stored_props = out.get("properties") if isinstance(out.get("properties"), list) else []
    merged = []
    for i, prop in enumerate(new.get("properties") or []):
        kept = stored_props[i] if i < len(stored_props) and isinstance(stored_props[i], dict) else {}
        kept = {k: v for k, v in kept.items() if k not in _PROPERTY_KEYS}
        merged.append({**kept, **prop})
    out["properties"] = merged
    return out


def initial_from_facts(facts: dict[str, Any]) -> dict[str, Any]:
    """The form's initial answers from stored facts (the reverse of `PetitionForm.to_facts`; the further
    properties: `further_properties`)."""
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
    within = f.get("within_town")
    initial = {
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
        "agent_natural_person": _yn(agent.get("natural_person")),
        "agent_in_putnam": _yn(agent.get("resides_in_putnam_county")),
        "agent_business_in_putnam": _yn(agent.get("place_of_business_in_putnam_county")),
        "agent_accepts_service": bool(agent.get("verified_statement_accepting_service")),
        "within_town": "no" if within is False else "yes",
        "property_address": props[0].get("address"), "record_owner": props[0].get("record_owner"),
        "applicant_interest": props[0].get("applicant_interest"),
        "property_persons": props[0].get("max_persons_at_one_time"),
        "tenant_or_lessee": props[0].get("tenant_or_lessee"), "sound_equipment": sound_text,
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
    for name, (path, kind) in ONE_FACT.items():
        initial[name] = _answer(kind, _get(f, path))
    return initial


# --- Officials' actions ------------------------------------------------------------------------------------------


class ReasonMixin(PlainErrors):
    reason = forms.CharField(label=_("Reason (kept in the case's history)"), max_length=MAX_REASON, required=False)


class SubmitForm(PlainErrors):
    verification_statement = forms.CharField(
        label=_("Verification statement"), widget=Lines, max_length=MAX_STATEMENT,
        help_text=_("The petition is a verified petition: state that its contents are true, sworn before whom "
                    "and when."))


class MarkIncompleteForm(ReasonMixin):
    missing_items = LinesField(
        label=_("What is missing (one per line)"), required=False, longest=MAX_MISSING_ITEM, most=MAX_MISSING_ITEMS,
        too_long=_("Line %(line)d: an item is at most %(limit)s characters (got %(length)s)."),
        too_many=_("At most %(limit)s items, one per line (got %(count)s)."),
        help_text=format_lazy(_("Leave empty to use the list the law core finds missing. At most {most} items, "
                                "each at most {longest} characters."),
                              most=MAX_MISSING_ITEMS, longest=f"{MAX_MISSING_ITEM:,}"))


class EmptyForm(ReasonMixin):
    pass


class HearingNoticeForm(ReasonMixin):
    """A form with the day the hearing's notice was published, whose help text says ¶ B's days of notice as the
    Town's parameters in force give them (``notice_days``: `services.hearing_notice_days`), so that it stays true
    when they change."""

    def __init__(self, *args: Any, notice_days: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["notice_published_on"].help_text = self.notice_help(notice_days)

    @staticmethod
    def notice_help(days: int) -> str:
        raise NotImplementedError


def _at_least(days: int) -> str:
    return ngettext("At least %(days)d day before the hearing (¶ B).",
                    "At least %(days)d days before the hearing (¶ B).", days) % {"days": days}


def _hearing_time() -> forms.TimeField:
    return forms.TimeField(label=_("Time of the public hearing"), required=False,
                           widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
                           help_text=_("Leave empty if the time is to be announced."))


class ScheduleHearingForm(HearingNoticeForm):
    hearing_on = forms.DateField(label=_("Date of the public hearing"), widget=DateInput())
    hearing_time = _hearing_time()
    place = forms.CharField(label=_("Place of the hearing"), max_length=MAX_NAME)
    # (the newspaper, then the day it published the notice, as on the reschedule form)
    newspaper = forms.CharField(label=_("Official newspaper"), max_length=MAX_NAME)
    notice_published_on = forms.DateField(label=_("Notice published on"), widget=DateInput(), required=False)

    @staticmethod
    def notice_help(days: int) -> str:
        return " ".join((_at_least(days), gettext("Leave empty if the notice is not yet published; record it when "
                                                  "it is published (“Record the notice's publication”).")))


class RescheduleHearingForm(HearingNoticeForm):
    """The hearing moved to another day, time or place (¶ B; G-10): shown with the hearing's time, place and
    newspaper (`prefill`), the day to be chosen; the notice recorded is cleared unless the new one is given."""

    hearing_on = forms.DateField(label=_("New date of the public hearing"), widget=DateInput())
    hearing_time = _hearing_time()
    place = forms.CharField(label=_("Place of the hearing"), max_length=MAX_NAME)
    newspaper = forms.CharField(label=_("Official newspaper"), max_length=MAX_NAME)
    notice_published_on = forms.DateField(label=_("Notice of the new date published on"), widget=DateInput(),
                                          required=False)

    @staticmethod
    def notice_help(days: int) -> str:
        return " ".join((_at_least(days), gettext(
            "Leave empty unless the notice naming the new date is already published: the notice recorded for the "
            "former date no longer counts, and the new one is recorded when it is published.")))

    def prefill(self, app: Any) -> None:
        """The hearing's time, place and newspaper as they are (the new day is left to choose)."""
        self.initial.update({"hearing_time": app.hearing_time, "place": app.hearing_place,
                             "newspaper": app.newspaper})


class NoticePublishedForm(HearingNoticeForm):
    """The day the notice of the scheduled hearing was published in the official newspaper (¶ B; G-10)."""

    notice_published_on = forms.DateField(label=_("Notice published on"), widget=DateInput())

    @staticmethod
    def notice_help(days: int) -> str:
        return ngettext("The day the official newspaper published the notice of the hearing: at least %(days)d day "
                        "before the hearing, not after today (¶ B).",
                        "The day the official newspaper published the notice of the hearing: at least %(days)d "
                        "days before the hearing, not after today (¶ B).", days) % {"days": days}


class HearingHeldForm(ReasonMixin):
    held_on = forms.DateField(label=_("Held on"), widget=DateInput(), required=False,
                              help_text=_("Default: the date it was scheduled for. It is recorded as held only "
                                          "on the day its notice announced; a hearing held on another day is "
                                          "rescheduled and its notice published again."))


class ApproveForm(ReasonMixin):
    conditions = LinesField(
        label=_("Conditions of the permit (one per line)"), required=False, longest=MAX_CONDITION,
        most=MAX_CONDITIONS, too_long=_("Line %(line)d: a condition is at most %(limit)s characters (got %(length)s)."),
        too_many=_("At most %(limit)s conditions, one per line (got %(count)s)."),
        help_text=format_lazy(_("At most {most} conditions, each at most {longest} characters."),
                              most=MAX_CONDITIONS, longest=f"{MAX_CONDITION:,}"))
    decided_on = forms.DateField(label=_("Decided on"), widget=DateInput(), required=False)
    bond_amount = MoreThanZeroDollars(label=_("Cleanup bond (US dollars)"), max_digits=12, required=False)
    bodily_injury_limit = DollarsField(label=_("Bodily injury insurance limit (US dollars)"), min_value=0,
                                       max_digits=12, required=False)


class DenyForm(ReasonMixin):
    reasons = forms.CharField(label=_("Reasons for the denial"), widget=Lines, max_length=MAX_STATEMENT)
    decided_on = forms.DateField(label=_("Decided on"), widget=DateInput(), required=False)


class RefuseExemptionForm(PlainErrors):
    """The Town Board records that it does not accept the exemption the sponsor's statements claim (exemptions
    ¶¶ A-D; interpretation P-20)."""

    reasons = forms.CharField(label=_("Why the Town Board does not accept the exemption claimed"), widget=Lines,
                              max_length=MAX_STATEMENT)
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
    property_index = forms.TypedChoiceField(label=_("Property"), coerce=int, choices=[(0, _("The first"))],
                                            help_text=_("Each property needs its own owner's authorization "
                                                        "(permit requirements ¶ D)."))
    party = forms.ChoiceField(label=_("Who authorizes"), choices=Party.choices)
    name = forms.CharField(label=_("Name"), max_length=MAX_NAME,
                           help_text=_("As the petition names the property's record owner, or its tenant or "
                                       "lessee."))
    given_on = forms.DateField(label=_("Given on"), widget=DateInput(),
                               help_text=_("The day the Town received it: not before the petition was submitted."))

    def name_properties(self, properties: list[Any]) -> None:
        """Offer the petition's `properties` (its facts' list) by number and address, with their owners."""
        self.fields["property_index"].choices = [
            (i, format_lazy(_("Property {n}: {address} (record owner {owner})"), n=i + 1,
                            address=(p or {}).get("address") or "—", owner=(p or {}).get("record_owner") or "—"))
            for i, p in enumerate(properties)]


class InsuranceForm(DocumentChoiceMixin, ReasonMixin):
    insurer = forms.CharField(label=_("Insurer"), max_length=MAX_NAME)
    policy_number = forms.CharField(label=_("Policy number"), max_length=MAX_NUMBER)
    bodily_injury_limit = DollarsField(label=_("Bodily injury limit (US dollars)"), min_value=0, max_digits=12)
    property_damage_limit = DollarsField(label=_("Property damage limit (US dollars)"), min_value=0, max_digits=12)
    cancellation_notice_days = WholeNumberField(label=_("Days' notice to the Town before cancellation"),
                                                min_value=0, max_value=MAX_DAYS)
    comprehensive_liability = forms.BooleanField(label=_("Comprehensive liability policy"), required=False,
                                                 initial=True)
    insures_town = forms.BooleanField(label=_("Insures the Town"), required=False, initial=True)


class BondForm(ReasonMixin):
    amount = MoreThanZeroDollars(label=_("Amount (US dollars)"), max_digits=12)
    posted_on = forms.DateField(label=_("Posted on"), widget=DateInput())
    surety = forms.CharField(label=_("Surety"), max_length=MAX_NAME, required=False)


class FeeForm(ReasonMixin):
    amount = MoreThanZeroDollars(label=_("Amount paid (US dollars)"), max_digits=10)
    paid_on = forms.DateField(label=_("Paid on"), widget=DateInput())
    receipt = forms.CharField(label=_("Receipt number"), max_length=MAX_NUMBER, required=False)


class RevokeForm(PlainErrors):
    grounds = forms.MultipleChoiceField(label=_("Grounds (¶ G)"), choices=RevocationGround.choices,
                                        widget=forms.CheckboxSelectMultiple)
    reason = forms.CharField(label=_("Reason"), max_length=MAX_REASON)


class CleanupForm(ReasonMixin):
    inspected_on = forms.DateField(label=_("Inspected on"), widget=DateInput())
    result = forms.ChoiceField(label=_("Result"), choices=CleanupResult.choices)
    completed_on = forms.DateField(label=_("Cleanup completed on"), widget=DateInput(), required=False)


def _released_on() -> forms.DateField:
    return forms.DateField(label=_("Released on"), widget=DateInput(), required=False, help_text=_(
        "The day the Town Board released the bond (leave empty for today): not after today, nor before the act it "
        "follows — the cleanup inspection, the permit's revocation, or the end of the application — nor before the "
        "bond was posted."))


def _forfeited_on() -> forms.DateField:
    return forms.DateField(label=_("Forfeited on"), widget=DateInput(), required=False, help_text=_(
        "The day the Town Board forfeited the bond (leave empty for today): not after today, nor before the cleanup "
        "inspection or the permit's revocation; a revoked permit's bond only after the days ¶ F allows for the "
        "cleanup, counted from the assembly's first day."))


class ReleaseBondForm(ReasonMixin):
    """The Town Board's release of the bond after the cleanup inspection (¶ F; interpretations P-3, P-38): the day
    it released it, and an optional reason."""

    released_on = _released_on()
    field_order = ("released_on", "reason")


class ForfeitForm(PlainErrors):
    forfeited_on = _forfeited_on()
    reason = forms.CharField(label=_("Reason"), max_length=MAX_REASON)


class RevokedBondForm(PlainErrors):
    """The Town Board's release or forfeiture of the bond of a revoked permit: its reason is required, the history's
    only account of the act (¶¶ F, G; interpretation P-32); with the day of the act (`RevokedReleaseForm`,
    `RevokedForfeitForm`; P-38)."""

    reason = forms.CharField(label=_("Reason"), max_length=MAX_REASON, help_text=_(
        "Released: no assembly took place, or the premises were cleaned. Forfeited: the waste of an assembly that "
        "took place was not completely removed within the days ¶ F allows from its termination."))


class RevokedReleaseForm(RevokedBondForm):
    released_on = _released_on()
    field_order = ("released_on", "reason")


class RevokedForfeitForm(RevokedBondForm):
    forfeited_on = _forfeited_on()
    field_order = ("forfeited_on", "reason")


class UnissuedBondForm(PlainErrors):
    """The Town Board's release of a bond posted on an application that ended without a permit (denied, withdrawn,
    or closed with none issued): its reason is required, the history's only account of the act (¶ F;
    interpretation P-36); with the day of the act (P-38)."""

    released_on = _released_on()
    reason = forms.CharField(label=_("Reason"), max_length=MAX_REASON, help_text=_(
        "No permit was issued on this application, so the bond insures no assembly's cleanup: say why it is "
        "released (for example: the application was denied)."))


class AssemblyHeldForm(ReasonMixin):
    ended_on = forms.DateField(label=_("The assembly ended on"), widget=DateInput(), required=False)


class UploadForm(PlainErrors):
    kind = forms.CharField(label=_("What the document is"), max_length=MAX_DOCUMENT_KIND,
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
