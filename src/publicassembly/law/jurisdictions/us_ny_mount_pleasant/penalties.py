"""§ 164-14 (penalties for offenses): the range of fine, imprisonment and classification by offense number."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from publicassembly.law.core import Finding, Status
from publicassembly.law.determination import Penalty
from publicassembly.law.errors import InvalidCase, ParameterNotInForce
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import Context, cite
from publicassembly.law.messages import _
from publicassembly.law.parameters import ParameterValues

_ORDINALS = {1: _("first"), 2: _("second"), 3: _("third")}
_CLASSIFICATIONS = {"violation": _("violation"), "misdemeanor": _("misdemeanor")}


def penalty_tier(offense_number: int, values: Mapping[str, Any]) -> str:
    """``first``, ``second`` or ``subsequent`` (the third offense and every later one) for `offense_number`
    (§ 164-14). Raises ValueError naming ``offense_number`` unless it is a whole number, 1 or more."""
    if isinstance(offense_number, bool) or not isinstance(offense_number, int) or offense_number < 1:
        raise ValueError(_("offense_number: 1 for a first offense, 2 for a second, ... (got "
                           "{offense_number!r})", offense_number=offense_number))
    if offense_number >= int(values["penalties.subsequent_from_offense"]):
        return "subsequent"
    return "first" if offense_number == 1 else "second"


def penalty_for_offense(offense_number: int, values: Mapping[str, Any]) -> Penalty:
    """The range of punishment for a person's `offense_number`-th offense against ch. 164 (§ 164-14): first,
    $25–$100, a violation; second, $100–$250 or up to 15 days in jail or both, a violation; third and later,
    $500–$1,000 or up to six months in jail or both, a misdemeanor. Fines in US dollars (Decimal).

    Raises ValueError naming ``offense_number`` unless it is a whole number, 1 or more."""
    tier = penalty_tier(offense_number, values)
    key = f"penalties.{tier}."
    days, months = values[key + "max_jail_days"], values[key + "max_jail_months"]
    return Penalty(
        offense_number=offense_number,
        violations=1,
        min_fine=Decimal(values[key + "min_fine"]),
        max_fine=Decimal(values[key + "max_fine"]),
        max_jail_days=None if days is None else int(days),
        max_jail_months=None if months is None else int(months),
        classification=classification(str(values[key + "classification"])),
        citation=cite("164-14"),
    )


def ordinal(n: int) -> str:
    """``first``, ``second``, ``third``, then ``4th`` ... ``11th``, ``12th``, ``13th`` ... ``21st``, ``22nd``
    (a `Message`)."""
    if n in _ORDINALS:
        return _ORDINALS[n]
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return _("{n}th", n=n)
    if n % 10 == 1:
        return _("{n}st", n=n)
    return _("{n}nd", n=n) if n % 10 == 2 else _("{n}rd", n=n)


def _spoken_vowel(n: int) -> bool:
    word = ordinal(n)
    return word[0] in "aeiou" or str(n).startswith(("8", "11", "18")) and (
        len(str(n)) % 3 != 0 or str(n).startswith("8"))


def an_ordinal(n: int) -> str:
    """The ordinal with its article: "a first", "a second", "an 8th", "an 11th", "an 18th", "a 21st"."""
    return _("an {nth}", nth=ordinal(n)) if _spoken_vowel(n) else _("a {nth}", nth=ordinal(n))


def offense_sentence(n: int, offender: str | None, section: str, penalty: Penalty) -> str:
    """"A second offense of Jo against Mount Pleasant Code § 164-10: a fine of ..., in addition to other
    punishments by law." (the penalty finding's reason); without `offender`, the verdict's form
    "A second offense against Mount Pleasant Code § 164-10: ... (Mount Pleasant Code § 164-14)."."""
    p = {"nth": ordinal(n), "offender": offender, "section": section, "penalty": describe(penalty)}
    if offender is None:
        if _spoken_vowel(n):
            return _("An {nth} offense against Mount Pleasant Code § {section}: {penalty} (Mount Pleasant Code "
                     "§ 164-14).", **p)
        return _("A {nth} offense against Mount Pleasant Code § {section}: {penalty} (Mount Pleasant Code "
                 "§ 164-14).", **p)
    if _spoken_vowel(n):
        return _("An {nth} offense of {offender} against Mount Pleasant Code § {section}: {penalty}, in addition "
                 "to other punishments by law.", **p)
    return _("A {nth} offense of {offender} against Mount Pleasant Code § {section}: {penalty}, in addition to "
             "other punishments by law.", **p)


def classification(name: str) -> str:
    """What an offense constitutes, as a message: ``violation`` or ``misdemeanor`` (§ 164-14)."""
    return _CLASSIFICATIONS.get(name, name)


def describe(penalty: Penalty) -> str:
    """The range in words: "a fine of $100 to $250, or up to 15 days in jail, or both (a violation)"."""
    fine = _("a fine of ${min_fine:,.0f} to ${max_fine:,.0f}", min_fine=penalty.min_fine,
             max_fine=penalty.max_fine)
    jail = None
    if penalty.max_jail_days:
        jail = _("up to {max_jail_days} days in jail", max_jail_days=penalty.max_jail_days)
    elif penalty.max_jail_months:
        jail = _("up to {max_jail_months} months in jail", max_jail_months=penalty.max_jail_months)
    what = _("{fine}, or {jail}, or both", fine=fine, jail=jail) if jail else fine
    if penalty.classification == "violation":
        return _("{what} (a violation)", what=what)
    if penalty.classification == "misdemeanor":
        return _("{what} (a misdemeanor)", what=what)
    return _("{what} (a {classification})", what=what, classification=penalty.classification)


def penalty(ctx: Context) -> Finding:
    """Fines and imprisonment by offense number, counted from the offender's prior offenses against the
    article, under the values in force on the day of the violation (§ 164-14)."""
    rule, citation = "mount-pleasant/164-14/penalty", cite("164-14")
    violation = ctx.case.violation
    if violation is None:
        return Finding(rule, Status.NOT_APPLICABLE, citation, _("No violation is described."))
    try:
        at_violation = ParameterValues(as_of=violation.date, parameters=ctx.values.parameters)
        result = penalty_for_offense(violation.offense_number, at_violation)
    except ParameterNotInForce as exc:
        raise InvalidCase("violation.date", _("no penalty of ch. 164 is in force on {violation_date}: "
                                              "{exc}", violation_date=violation.date, exc=exc)) from None
    n = violation.offense_number
    values: dict[str, Any] = {"offender": violation.offender, "section": violation.section,
                              "prior_offenses": violation.prior_offenses, "offense_number": n,
                              "tier": penalty_tier(n, at_violation), "date": violation.date,
                              "fine_or_imprisonment_or_both": bool(result.max_jail_days or result.max_jail_months),
                              "penalty": result.to_json()}
    return Finding(rule, Status.MET, citation,
                   offense_sentence(n, violation.offender, violation.section, result),
                   values, outcome=result)
