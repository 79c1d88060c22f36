"""The text report of `check` writes US dollars as money: the Carmel ch. 31 insurance limits (¶ E), filing fee and
bond (¶ F), and the fines of a penalty, as $500,000 — not as plain numbers."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from typer.testing import CliRunner

from publicassembly.cli import app
from publicassembly.cli.report import dollars

ROOT = Path(__file__).resolve().parents[2]


def _check(name: str) -> str:
    result = CliRunner().invoke(app, ["check", str(ROOT / "examples" / name)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


def _row(text: str, label: str) -> str:
    line = next(line for line in text.splitlines() if f"│ {label} " in line)
    return line.split("│")[2].strip()


def test_carmel_insurance_limits_and_bond_are_dollars():
    """Carmel ch. 31 ¶ E: bodily injury $500,000 (4,000 persons), property damage $250,000; ¶ F: bond $10,000;
    the filing fee is not set by the Town Board (—); counts stay plain numbers, grouped as the sentences write them (1,000 cars, not $1,000)."""
    out = _check("carmel-county-fair.yaml")
    assert _row(out, "Insurance bodily injury min") == "$500,000"
    assert _row(out, "Insurance bodily injury max") == "$500,000"
    assert _row(out, "Insurance property damage min") == "$250,000"
    assert _row(out, "Bond") == "$10,000"
    assert _row(out, "Filing fee") == "—"
    assert _row(out, "Parking spaces") == "1,000"
    assert _row(out, "Insurance cancellation notice days") == "10"


def test_penalty_fines_are_dollars():
    """Mount Pleasant § 164-14: a second offense, $100 to $250; Carmel ch. 31 penalties: 3 days, $0 to $750."""
    assert "fine: $100 to $250" in _check("mount-pleasant-blocked-exits-second-offense.yaml")
    assert "fine: $0 to $750" in _check("carmel-unpermitted-concert.yaml")


def test_dollars_groups_thousands_and_keeps_cents():
    assert dollars(500000) == "$500,000"
    assert dollars(Decimal("1250.5")) == "$1,250.50"
    assert dollars("10000.00") == "$10,000"
    assert dollars(None) == "—"


def test_money_keys_are_the_carmel_requirements_in_us_dollars():
    """Carmel ch. 31 ¶¶ E, F and the fee: the law core's one list of dollar requirements (which the CLI, the PDF
    report and the pages show as money) names requirements of the county fair's determination, each given as an
    amount when set (not a count or a yes/no)."""
    import yaml

    from publicassembly.law import evaluate
    from publicassembly.law.labels import DOLLAR_KEYS

    requirements = evaluate(yaml.safe_load((ROOT / "examples" / "carmel-county-fair.yaml").read_text())).requirements
    assert requirements.keys() >= DOLLAR_KEYS
    amounts = {k: requirements[k] for k in DOLLAR_KEYS if requirements[k] is not None}  # None: not yet set
    assert amounts and all(isinstance(v, Decimal | int) and not isinstance(v, bool) for v in amounts.values())


def test_parameters_write_dollars_as_money():
    """``publicassembly parameters`` writes the insurance limits (Carmel ch. 31 ¶ E: $250,000 and $500,000) and
    the fines (penalties ¶ B: $0 to $250 a violation; Mount Pleasant § 164-14: $25 to $100 for a first offense)
    as money, as the report does (it wrote "250000 US dollars")."""
    out = CliRunner().invoke(app, ["parameters"], env={"COLUMNS": "200"}).output
    assert "US dollar" not in out
    for amount in ("$250,000", "$500,000", "$0 ", "$250 ", "$25 ", "$100 "):
        assert amount in out, amount
