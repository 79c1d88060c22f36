"""The law does not allow an action yet: `Blocked` (HTTP 409) listing each `Blocker` — the law core's rule, its
citation, the reason in words and the facts missing, if any. Raised by the services of permits (Carmel ch. 31:
accepting a petition, issuing a permit, the bond, closing the case) and of places of assembly (Mount Pleasant
ch. 164: issuing a certificate); the API answers it ``409`` with ``blockers: [{rule, citation, reason,
missing}]``, a page lists each blocker with its citation (`web.views.errors.conflict`). The refusal's sentence
lists each blocker numbered, its reason (without its closing period) then its citation, separated by "; ":
"cannot release the bond: (1) … (Carmel Code ch. 31, permit requirements ¶ F); (2) …" (`Blocker.cited`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from publicassembly.law.core import Finding
from publicassembly.workflow.errors import WorkflowError
from publicassembly.workflow.words import law_text


def clause(text: str) -> str:
    """`text` (a sentence, or several) without its closing period, to be followed by a citation, a separator or
    more words: ``"The bond has not been posted."`` → ``"The bond has not been posted"``. An ellipsis ("…", "...")
    and any other closing mark are kept; so is the text when it has no closing period."""
    text = text.rstrip()
    return text[:-1].rstrip() if text.endswith(".") and not text.endswith("..") else text


@dataclass(frozen=True)
class Blocker:
    """One thing that stops an action: the law core's rule id, its citation, the reason in words, and the ids
    of missing items (if any)."""

    rule: str
    citation: str
    reason: str
    missing: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.cited()

    def cited(self) -> str:
        """The reason in the active language (`law_text`) followed by its citation, as a refusal lists it:
        ``"Cleanup completed on 2026-08-24, after 2026-08-21 (¶ F)"`` — the reason's own closing period left
        out, so that the citation and what follows it (another blocker, after "; ") close the sentence, not a
        period before them (". (", ".;"). The reason itself (``reason``, shown alone: the API's ``blockers``) is
        unchanged."""
        return f"{clause(law_text(self.reason))} ({self.citation})"

    @classmethod
    def of(cls, finding: Finding) -> Blocker:
        """The blocker a law-core `Finding` not met makes: its rule, citation, reason and missing facts."""
        return cls(finding.rule, finding.citation, finding.reason, tuple(finding.missing))


class Blocked(WorkflowError):
    """The law does not allow this action yet: ``blockers`` lists each precondition not met, with its
    citation (HTTP 409). ``action``: the action in words (an English message id, e.g. "issue the permit",
    translated where it is shown)."""

    http_status = 409

    def __init__(self, action: str, blockers: Sequence[Blocker]) -> None:
        self.action = action
        self.blockers = list(blockers)
        listed = "; ".join(f"({i}) {b.cited()}" for i, b in enumerate(self.blockers, 1))
        super().__init__(_("cannot %(action)s: %(blockers)s") % {"action": _(action), "blockers": listed})
