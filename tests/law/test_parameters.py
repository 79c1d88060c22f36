"""Dated, cited parameters of the law (law/parameters.py), read from a temporary parameters.yaml.

The example numbers are Carmel ch. 31's (500 persons, $250 fine) and Mount Pleasant § 164-9's letter width
(3/8 inch), with an invented later amendment to test dating.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from publicassembly.law import ParameterNotInForce
from publicassembly.law.errors import UnknownJurisdiction, UnknownParameter
from publicassembly.law.parameters import ParameterSet

YAML = """\
parameters:
  permit.threshold_persons:
    description: An assembly in excess of this many persons needs a permit.
    unit: persons
    cite: Carmel Code ch. 31, permit requirements ¶ A
    values:
      "1972-01-01": 500
      "2030-07-01": 1000
  signs.letter_width_in:
    unit: inches
    cite: Mount Pleasant Code § 164-9
    values:
      1976-02-24: 0.375
  fee.filing:
    unit: US dollars
    cite: Carmel Code ch. 31, fees
    note: established annually by the Town Board
    values:
      "1986-11-26": null
"""


def _load(tmp_path: Path, text: str = YAML) -> ParameterSet:
    path = tmp_path / "parameters.yaml"
    path.write_text(text, encoding="utf-8")
    return ParameterSet.load(path, "ocd-division/test")


def test_value_in_force_before_on_and_after_an_amendment(tmp_path):
    """Carmel ch. 31 ¶ A: the threshold in force the day before an amendment is the old one; on its effective
    date and after, the new one."""
    params = _load(tmp_path)
    assert params.at(date(2030, 6, 30))["permit.threshold_persons"] == 500
    assert params.at(date(2030, 7, 1))["permit.threshold_persons"] == 1000
    assert params.at(date(2031, 1, 1))["permit.threshold_persons"] == 1000
    assert params.at(date(1972, 1, 1))["permit.threshold_persons"] == 500
    p = params.parameters["permit.threshold_persons"]
    assert p.effective_since(date(2030, 6, 30)) == date(1972, 1, 1)
    assert p.effective_since(date(2030, 7, 1)) == date(2030, 7, 1)
    assert p.effective_since(date(1971, 12, 31)) is None


def test_no_value_before_the_first_effective_date(tmp_path):
    """Before Carmel ch. 31 was adopted (1972) its threshold was not law: ParameterNotInForce names the
    parameter, the date asked for and the first effective date."""
    values = _load(tmp_path).at(date(1971, 12, 31))
    with pytest.raises(ParameterNotInForce) as info:
        values["permit.threshold_persons"]
    message = str(info.value)
    assert "permit.threshold_persons" in message
    assert "1971-12-31" in message
    assert "1972-01-01" in message


def test_fraction_is_decimal_never_float(tmp_path):
    """Mount Pleasant § 164-9: letters 3/8 inch wide are read as Decimal("0.375") exactly (not a float)."""
    width = _load(tmp_path).at(date(2026, 1, 1))["signs.letter_width_in"]
    assert type(width) is Decimal
    assert width == Decimal("0.375")


def test_unit_cite_and_null_value(tmp_path):
    """Carmel ch. 31, fees: the filing fee is left by the law to the Town Board; its value is None, and the
    unit and citation are kept."""
    values = _load(tmp_path).at(date(2026, 1, 1))
    assert values["fee.filing"] is None
    assert values.unit("fee.filing") == "US dollars"
    assert values.cite("signs.letter_width_in") == "Mount Pleasant Code § 164-9"
    assert len(values) == 3
    assert set(values) == {"permit.threshold_persons", "signs.letter_width_in", "fee.filing"}


def test_with_values_layers_dated_values_without_changing_the_original(tmp_path):
    """Carmel ch. 31, fees: the fee "established annually by the Town Board" is layered on from outside the
    file; a layered value replaces the file's value of the same date, and the original set is unchanged."""
    params = _load(tmp_path)
    layered = params.with_values("fee.filing", {date(2026, 1, 1): Decimal("150.00"),
                                                date(1986, 11, 26): Decimal("25.00")})
    assert layered.at(date(2025, 12, 31))["fee.filing"] == Decimal("25.00")
    assert layered.at(date(2026, 1, 1))["fee.filing"] == Decimal("150.00")
    assert params.at(date(2026, 1, 1))["fee.filing"] is None
    assert layered.parameters["fee.filing"].cite == "Carmel Code ch. 31, fees"
    with pytest.raises(UnknownParameter, match="fee.typo"):
        params.with_values("fee.typo", {date(2026, 1, 1): 1})


def test_unknown_parameter_is_named(tmp_path):
    """A rule asking for a parameter the file does not define gets UnknownParameter naming it."""
    with pytest.raises(UnknownParameter, match="permit.threshold_people"):
        _load(tmp_path).at(date(2026, 1, 1))["permit.threshold_people"]


@pytest.mark.parametrize("key", ["unit", "cite", "values"])
def test_entry_without_unit_cite_or_values_is_refused_naming_the_parameter(tmp_path, key):
    """Every number of the law carries its unit, its citation and its dated values; a missing one is a
    ValueError naming the parameter and the key."""
    entry = {"unit": "    unit: persons", "cite": "    cite: Carmel Code ch. 31, permit requirements ¶ A",
             "values": '    values:\n      "1972-01-01": 500'}
    del entry[key]
    text = "parameters:\n  permit.threshold_persons:\n" + "\n".join(entry.values()) + "\n"
    with pytest.raises(ValueError) as info:
        _load(tmp_path, text)
    assert "'permit.threshold_persons'" in str(info.value)
    assert repr(key) in str(info.value)


def test_empty_values_are_refused_naming_the_parameter(tmp_path):
    """A parameter with no dated value at all is refused, naming it."""
    text = "parameters:\n  toilets.persons_per_toilet:\n    unit: persons\n    cite: § 164-6\n    values: {}\n"
    with pytest.raises(ValueError, match="'toilets.persons_per_toilet': 'values' must map effective dates"):
        _load(tmp_path, text)


def test_date_that_is_not_iso_is_refused_naming_the_parameter(tmp_path):
    """An effective date must be YYYY-MM-DD; 24/2/1976 is refused naming the parameter."""
    text = YAML.replace("1976-02-24:", '"24/2/1976":')
    with pytest.raises(ValueError, match=r"'signs.letter_width_in'.*not an ISO date"):
        _load(tmp_path, text)


def test_the_jurisdiction_index_agrees_with_each_package() -> None:
    """The names that find a jurisdiction without importing it are the package's own alias and OCD id."""
    from publicassembly.law import jurisdictions

    for module, (alias, ocd_id) in jurisdictions._INDEX.items():
        j = jurisdictions._load(module)
        assert (j.alias, j.ocd_id) == (alias, ocd_id)
        assert jurisdictions.get(alias) is j and jurisdictions.get(ocd_id.upper()) is j
        assert jurisdictions.get(f"  {alias.upper()}\t") is j and jurisdictions.get(f" {ocd_id} ") is j
    for unknown in ("carmel", "carmel-ny-x", "", " ", "ocd-division/country:us/state:ny"):
        with pytest.raises(UnknownJurisdiction):
            jurisdictions.get(unknown)


def test_in_force_from_is_the_earliest_effective_date_of_the_chapter():
    """Carmel ch. 31 from 1972-01-01 (C-2); Mount Pleasant ch. 164 from 1976-02-24: the day before, no value."""
    from datetime import date, timedelta

    from publicassembly.law import jurisdictions
    from publicassembly.law.errors import ParameterNotInForce

    for alias, first in (("carmel-ny", date(1972, 1, 1)), ("mount-pleasant-ny", date(1976, 2, 24))):
        params = jurisdictions.get(alias).parameters
        assert params.in_force_from == first
        any_name = next(iter(params.parameters))
        params.at(first + timedelta(days=365))[any_name]  # in force after it
        with pytest.raises(ParameterNotInForce):
            params.at(first - timedelta(days=1))[any_name]


def test_only_plain_numbers_are_numbers_in_a_parameter_file(tmp_path):
    """Interpretation G-7, as in a case file: YAML 1.1's sexagesimal (``6:20`` = 380), octal (``017`` = 15) and
    hexadecimal forms are read as the text written, not as a number no one meant; plain numbers are numbers."""
    text = YAML.replace('"2030-07-01": 1000', '"2030-07-01": 6:20').replace("0.375", "017")
    values = _load(tmp_path, text).at(date(2031, 1, 1))
    assert values["permit.threshold_persons"] == "6:20"
    assert values["signs.letter_width_in"] == "017"
    assert _load(tmp_path).at(date(2031, 1, 1))["permit.threshold_persons"] == 1000
