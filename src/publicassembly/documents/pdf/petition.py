"""The verified petition for a permit, on the Town's form (Carmel ch. 31, permit requirements ¶ B): items
(1)-(15) in the order of the chapter, the attachments, and the verification to be sworn before a notary."""

from __future__ import annotations

from reportlab.lib.units import inch
from reportlab.platypus import KeepTogether, Spacer

from publicassembly.documents.pdf import typeface
from publicassembly.documents.pdf._common import BLANK, build, esc, long_date, money, or_blank, p, table
from publicassembly.documents.records import PetitionRecord

CITE = "Carmel Code ch. 31, permit requirements ¶ B"

#: Item (4)'s words as the chapter gives them: its text ends after "in which:" (the sub-items are missing from
#: the text held), and the form prints them so, the cut marked (`ITEM_4_CUT`), rather than completing the sentence
#: (interpretations C-3, D-5; the law core's finding of item (4) says the same: `text_cut_short`).
ITEM_4_WORDS = ("A plan or drawing to scale prepared by a licensed public engineer or licensed land surveyor showing "
                "the method and manner in which:")
ITEM_4_CUT = ("[the text of item (4) is cut short here in the chapter as held; what the plan must show needs review "
              "against the official code]")

#: Items (1)-(15) of ¶ B: the heading of each, as the chapter states what it asks (item (4) in its own words).
ITEMS: tuple[str, ...] = (
    "Name, age and residence address of the applicant; if a corporation, its name and the names and addresses "
    "of its directors and officers; if the applicant does not reside in the Town of Carmel, the name and "
    "address of an agent, a natural person residing or having a place of business in Putnam County, who "
    "agrees by verified statement to accept notices and summonses",
    "Name, address and record owner of the property; the nature and interest of the applicant therein; the "
    "proposed dates and hours; the expected maximum number of persons at one time and collectively; the "
    "expected number of automobiles and vehicles at one time and collectively; the purpose, the nature of the "
    "activity and the admission fee, if any",
    "Map by a licensed land surveyor or licensed public engineer: size of the property, zoning district, names "
    "and record owners of adjoining properties, abutting streets or highways, existing buildings and structures "
    "to be erected, and the method, construction and materials of any new building or structure",
    f"{ITEM_4_WORDS} {ITEM_4_CUT}",
    "Plan to scale of the layout of any parking area, including the means of egress and ingress",
    "Type, number and location of any radar device, sound amplifier, loudspeaker, soundtrack or similar sound "
    "equipment",
    "Whether food or beverage is to be prepared, sold or distributed; if so, the method of preparation and "
    "distribution, the disposal of garbage, trash and refuse, and a plan to scale of the buildings or "
    "structures used",
    "Whether private security guards or police will be engaged; if so, their numbers, duties, hours and areas "
    "of responsibility",
    "Precautions for fire protection, with a plan to scale of the fire lanes and water supply for fire control",
    "Whether outdoor lights or signs are to be used; if so, a map of their number, location, size, type and "
    "illuminating power",
    "Facilities available for emergency treatment of any person requiring medical or nursing attention",
    "Whether camping or housing facilities are to be available; if so, a plan to scale of their number and "
    "location",
    "The contemplated duration of the assembly and use",
    "If the assembly continues from one day into another, the housing facilities available or to be made "
    "available on the premises",
    "The maximum noise decibels contemplated by the assembly at the site of the nearest adjoining or contiguous "
    "property",
)


def _count(value: int | None) -> str:
    return BLANK if value is None else f"{value:,}"


def item_answers(r: PetitionRecord) -> list[list[tuple[str, str]]]:
    """The answers of items (1)-(15), each a list of (label, text) pairs; blanks as lines to fill in."""
    directors = "; ".join(r.directors_and_officers) or BLANK
    return [
        [("Applicant", or_blank(r.applicant_name)), ("Age", _count(r.applicant_age)),
         ("Residence address", or_blank(r.applicant_residence_address)),
         ("Corporation (if any)", or_blank(r.corporation_name)),
         ("Directors and officers, with addresses", directors),
         ("Agent in Putnam County (if non-resident)", or_blank(r.agent_name)),
         ("Agent's address", or_blank(r.agent_address))],
        [("Property address", or_blank(r.property_address)), ("Record owner", or_blank(r.record_owner)),
         ("Nature and interest of the applicant", or_blank(r.applicant_interest)),
         ("Proposed dates and hours", or_blank(r.dates_and_hours)),
         ("Maximum persons at one time", _count(r.persons_at_one_time)),
         ("Maximum persons collectively", _count(r.persons_collectively)),
         ("Automobiles and vehicles at one time", _count(r.vehicles_at_one_time)),
         ("Automobiles and vehicles collectively", _count(r.vehicles_collectively)),
         ("Purpose and nature of the activity", or_blank(r.purpose)),
         ("Admission fee", "none" if r.admission_fee == 0 else money(r.admission_fee))],
        [("Survey map", or_blank(r.survey_map))],
        [("Plan or drawing to scale", or_blank(r.facilities_plan))],
        [("Parking plan", or_blank(r.parking_plan))],
        [("Sound equipment", or_blank(r.sound_equipment))],
        [("Food and beverage", or_blank(r.food_and_beverage))],
        [("Security guards or police", or_blank(r.security))],
        [("Fire protection", or_blank(r.fire_protection))],
        [("Outdoor lights and signs", or_blank(r.outdoor_lights_and_signs))],
        [("Emergency medical treatment", or_blank(r.emergency_medical))],
        [("Camping or housing facilities", or_blank(r.camping_housing))],
        [("Contemplated duration", or_blank(r.duration))],
        [("Housing on the premises (if it continues into another day)", or_blank(r.overnight_housing))],
        [("Maximum noise (decibels) at the nearest adjoining property",
          BLANK if r.max_noise_decibels is None else f"{r.max_noise_decibels} dB")],
    ]


def render_petition(record: PetitionRecord | None = None) -> bytes:
    """The verified petition as PDF bytes: the blank form when `record` is None or empty, else filled in.

    Items (1)-(15) of ¶ B in order, the attachments, and the verification (jurat) to be sworn and signed
    before a notary public. Raises `typeface.UnprintableText` (a ValueError) naming each text the typeface
    cannot print."""
    r = record or PetitionRecord()
    typeface.check(r)
    story = [
        p(esc(r.town), "subtitle"),
        p("Verified Petition for a Public Assembly Permit", "title"),
        p(f"To the Town Board of the {esc(r.town)}, filed with the Town Clerk ({CITE})", "subtitle"),
        p("The undersigned petitions the Town Board for a written permit authorizing the use of the property "
          "described below for an assembly of persons under the Public Assembly Ordinance, and states:"),
    ]
    for number, (heading, answers) in enumerate(zip(ITEMS, item_answers(r), strict=True), start=1):
        block = [p(f"({number}) {esc(heading)}", "h2"),
                 table([[label, value] for label, value in answers], widths=[2.4 * inch, 4.6 * inch],
                       header=False)]
        story.append(KeepTogether(block))
    story.append(p("Attachments", "h2"))
    if r.attachments:
        story += [p(f"{chr(ord('A') + i) if i < 26 else i + 1}. {esc(a)}") for i, a in enumerate(r.attachments)]
    else:
        story.append(p("List each map, plan and statement annexed (items 3, 4, 5, 7, 9, 10 and 12): "
                       + BLANK + BLANK))
    story.append(p(f"Date of filing: {long_date(r.filed_date)}"))
    name = esc(r.applicant_name) if r.applicant_name.strip() else BLANK
    verification = [
        p("Verification", "h2"),
        p("STATE OF NEW YORK )<br/>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;"
          "&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;) ss.:"
          "<br/>COUNTY OF " + BLANK + " )"),
        p(f"{name}, being duly sworn, deposes and says: that deponent is the applicant named in the foregoing "
          "petition (or an officer of the applicant corporation, authorized to make this verification); that "
          "deponent has read the foregoing petition and knows the contents thereof; and that the same is true "
          "to deponent's own knowledge, except as to the matters therein stated to be alleged on information "
          "and belief, and as to those matters deponent believes it to be true."),
        Spacer(1, 18),
        p("______________________________________<br/>Signature of the applicant"),
        Spacer(1, 12),
        p("Sworn to before me this ______ day of ____________________, 20____"),
        Spacer(1, 18),
        p("______________________________________<br/>Notary Public, State of New York<br/>"
          "Registration No. ______________ Commission expires ______________"),
    ]
    story.append(KeepTogether(verification))
    return build(story, title="Verified petition", subject=CITE)
