"""§ 164-14 (penalties for offenses): the range of fine, imprisonment and classification by offense number."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from publicassembly.law.core import Finding, Status
from publicassembly.law.determination import Penalty
from publicassembly.law.errors import InvalidCase, ParameterNotInForce
from publicassembly.law.jurisdictions.us_ny_mount_pleasant.context import Context, cite
from publicassembly.law.parameters import ParameterValues

_ORDINALS = {1: "first", 2: "second", 3: "third"}


def penalty_tier(offense_number: int, values: Mapping[str, Any]) -> str:
    """``first``, ``second`` or ``subsequent`` (the third offense and every later one) for `offense_number`
    (§ 164-14). Raises ValueError naming ``offense_number`` unless it is a whole number, 1 or more."""
    if isinstance(offense_number, bool) or not isinstance(offense_number, int) or offense_number < 1:
        raise ValueError(f"offense_number: 1 for a first offense, 2 for a second, ... (got {offense_number!r})")
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
        classification=str(values[key + "classification"]),
        citation=cite("164-14"),
    )


def ordinal(n: int) -> str:
    """``first``, ``second``, ``third``, then ``4th`` ... ``11th``, ``12th``, ``13th`` ... ``21st``, ``22nd``."""
    if n in _ORDINALS:
        return _ORDINALS[n]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def an_ordinal(n: int) -> str:
    """The ordinal with its article: "a first", "a second", "an 8th", "an 11th", "an 18th", "a 21st"."""
    word = ordinal(n)
    spoken_vowel = word[0] in "aeiou" or str(n).startswith(("8", "11", "18")) and (
        len(str(n)) % 3 != 0 or str(n).startswith("8"))
    return f"{'an' if spoken_vowel else 'a'} {word}"


def describe(penalty: Penalty) -> str:
    """The range in words: "a fine of $100 to $250, or up to 15 days in jail, or both (a violation)"."""
    fine = f"a fine of ${penalty.min_fine:,.0f} to ${penalty.max_fine:,.0f}"
    jail = None
    if penalty.max_jail_days:
        jail = f"up to {penalty.max_jail_days} days in jail"
    elif penalty.max_jail_months:
        jail = f"up to {penalty.max_jail_months} months in jail"
    what = f"{fine}, or {jail}, or both" if jail else fine
    return f"{what} (a {penalty.classification})"


def penalty(ctx: Context) -> Finding:
    """Fines and imprisonment by offense number, counted from the offender's prior offenses against the
    article, under the values in force on the day of the violation (§ 164-14)."""
    rule, citation = "mount-pleasant/164-14/penalty", cite("164-14")
    violation = ctx.case.violation
    if violation is None:
        return Finding(rule, Status.NOT_APPLICABLE, citation, "No violation is described.")
    try:
        at_violation = ParameterValues(as_of=violation.date, parameters=ctx.values.parameters)
        result = penalty_for_offense(violation.offense_number, at_violation)
    except ParameterNotInForce as exc:
        raise InvalidCase("violation.date", f"no penalty of ch. 164 is in force on {violation.date}: {exc}") from None
    n = violation.offense_number
    values: dict[str, Any] = {"offender": violation.offender, "section": violation.section,
                              "prior_offenses": violation.prior_offenses, "offense_number": n,
                              "tier": penalty_tier(n, at_violation), "date": violation.date,
                              "fine_or_imprisonment_or_both": bool(result.max_jail_days or result.max_jail_months),
                              "penalty": result.to_json()}
    return Finding(rule, Status.MET, citation,
                   f"{an_ordinal(n).capitalize()} offense of {violation.offender} against Mount Pleasant Code § "
                   f"{violation.section}: {describe(result)}, in addition to other punishments by law.",
                   values, outcome=result)
