"""The law core: both towns' chapters as pure rules as code (no Django, no database, no network).

Entry points: `evaluate` (case data → `Determination`), `parse_case`, `jurisdictions.get`.
"""

from publicassembly.law.cases import Case, case_schema, evaluate, parse_case
from publicassembly.law.core import FactState, Finding, Rule, RuleBook, Status, decide, fact_state
from publicassembly.law.determination import Determination, Occupancy, Penalty, SpaceLoad
from publicassembly.law.errors import (
    InvalidCase,
    LawError,
    ParameterNotInForce,
    RuleConflict,
    UnknownJurisdiction,
)

__all__ = [
    "Case", "Determination", "FactState", "Finding", "InvalidCase", "LawError", "Occupancy",
    "ParameterNotInForce", "Penalty", "Rule", "RuleBook", "RuleConflict", "SpaceLoad", "Status",
    "UnknownJurisdiction", "case_schema", "decide", "evaluate", "fact_state", "parse_case",
]
