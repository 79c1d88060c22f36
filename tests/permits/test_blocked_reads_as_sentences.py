"""A refusal the law does not allow yet (`Blocked`, 409) reads as clean sentences: each blocker numbered, its
reason without its closing period, then its citation, the next after "; " — never ". (" nor ".;" — while each
blocker's reason, shown alone, keeps its own words and period. In English and in Spanish, for every action: the
Town Board's release of the bond (Carmel ch. 31 ¶ F), its forfeiture, and the Clerk's issuance (¶¶ C-F, fee).

The calendar of the permit tests: the fair's last day Sunday 16 August 2026, the cleanup due Friday 21 August."""

from __future__ import annotations

from datetime import date

import pytest
from django.utils import translation

from publicassembly.permits import services as sv
from publicassembly.workflow.blocked import Blocked, Blocker, clause

CITE_F = "Carmel Code ch. 31, permit requirements ¶ F"
COUNTED = ("5 calendar days after the termination of the assembly (its last day) on Sunday 2026-08-16, that day "
           "excluded (GCL § 20): Friday 2026-08-21")
COUNTED_ES = ("5 días naturales contados desde la terminación de la reunión (su último día), el domingo 2026-08-16, "
              "sin contar ese día (GCL § 20): viernes 2026-08-21")


def _refusal(call, lang: str = "en") -> Blocked:
    with translation.override(lang), pytest.raises(Blocked) as e:
        call()
    return e.value


def _reads_well(message: str) -> None:
    for broken in (". (", ".;", ".)", "..", " ;", ";;"):
        assert broken not in message, (broken, message)


def test_release_of_the_bond_refused_reads_as_a_sentence_par_f(walk):
    """Cleanup completed on 22 August, a day late: the refusal names the day and the count, then ¶ F — no period
    before the citation; the blocker's reason is the law core's, its period kept."""
    app = walk.cleanup_inspected(completed_on=date(2026, 8, 22), inspected_on=date(2026, 8, 22))
    e = _refusal(lambda: sv.release_bond(walk.board, app))
    assert e.message == (f"cannot release the bond: (1) Cleanup completed on 2026-08-22, after 2026-08-21. "
                         f"{COUNTED} ({CITE_F})")
    _reads_well(e.message)
    assert [str(b.reason) for b in e.blockers] == [f"Cleanup completed on 2026-08-22, after 2026-08-21. {COUNTED}."]
    assert [b.citation for b in e.blockers] == [CITE_F]


def test_release_of_the_bond_refused_reads_as_a_sentence_in_spanish_par_f(walk):
    app = walk.cleanup_inspected(completed_on=date(2026, 8, 22), inspected_on=date(2026, 8, 22))
    e = _refusal(lambda: sv.release_bond(walk.board, app), "es")
    assert e.message == (f"no se puede liberar la fianza: (1) Limpieza terminada el 2026-08-22, después del "
                         f"2026-08-21. {COUNTED_ES} ({CITE_F})")
    _reads_well(e.message)


def test_forfeiture_refused_after_an_early_inspection_reads_as_one_sentence_p3(walk, travel_to):
    """Inspected on 17 August, unfinished, before the cleanup's last day: the reason joins the law core's
    finding and the inspection's words with "; " — not ".;" — in the reason itself and in the refusal."""
    walk.issued()
    travel_to(date(2026, 8, 18))
    sv.record_assembly_held(walk.clerk, walk.app)
    sv.record_cleanup_inspection(walk.p["building_inspector"], walk.app, inspected_on=date(2026, 8, 17),
                                 result="incomplete")
    e = _refusal(lambda: sv.forfeit_bond(walk.board, walk.app, reason="Trash left"))
    reason = ("the cleanup is not shown to have failed: Waste is to be completely removed by 2026-08-21; the Town "
              f"verifies the cleanup. {COUNTED}; the inspection of 2026-08-17, not after the cleanup's last day "
              "(2026-08-21), found the waste not completely removed: record another cleanup inspection after "
              "2026-08-21 (interpretation P-3)")
    assert [str(b.reason) for b in e.blockers] == [reason]
    assert e.message == f"cannot forfeit the bond: (1) {reason} ({CITE_F})"
    es = _refusal(lambda: sv.forfeit_bond(walk.board, walk.app, reason="Trash left"), "es")
    assert f"{COUNTED_ES}; la inspección del 2026-08-17" in es.message
    _reads_well(es.message)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_issuance_refused_for_fourteen_reasons_reads_as_sentences_par_c_to_f(walk, lang):
    """Approved, nothing of ¶¶ C-F nor the fee recorded: 14 blockers, every reason ending in a period, each
    listed without it before its citation."""
    app = walk.approved()
    e = _refusal(lambda: sv.issue(walk.clerk, app, today=date(2026, 7, 1)), lang)
    assert len(e.blockers) == 14 and all(str(b.reason).endswith(".") for b in e.blockers)
    _reads_well(e.message)
    assert e.message.count("; (") == 13
    if lang == "en":
        assert e.message.startswith(
            "cannot issue the permit: (1) Drinking water shown; no permit may issue until approved in writing by the "
            "Putnam County Health Department and the Town Board (Carmel Code ch. 31, permit requirements ¶ C(1)); "
            "(2) Toilet facilities shown;")
        assert e.message.endswith(
            "; (12) Not given: insurance (Carmel Code ch. 31, permit requirements ¶ E); (13) Not given: bond · posted "
            "(Carmel Code ch. 31, permit requirements ¶ F); (14) The application must be accompanied by the filing "
            "fee of $250 (not refundable) (Carmel Code ch. 31, fee)")
    else:
        assert e.message.startswith("no se puede expedir el permiso: (1) Agua potable: presentado;")
        assert e.message.endswith("; (12) No consta: seguro (Carmel Code ch. 31, permit requirements ¶ E); (13) No "
                                  "consta: fianza · colocado (Carmel Code ch. 31, permit requirements ¶ F); (14) La "
                                  "solicitud debe ir acompañada de la tarifa de presentación de $250 (no "
                                  "reembolsable) (Carmel Code ch. 31, fee)")


@pytest.mark.parametrize(("text", "joined"), [
    ("The bond has not been posted.", "The bond has not been posted"),
    ("The bond has not been posted. ", "The bond has not been posted"),
    ("The bond has not been posted", "The bond has not been posted"),
    ("Not yet…", "Not yet…"),
    ("Not yet...", "Not yet..."),
    ("Is it posted?", "Is it posted?"),
])
def test_a_reason_loses_only_its_closing_period(text, joined):
    assert clause(text) == joined
    assert Blocker("r", "¶ F", text).cited() == f"{joined} (¶ F)"
    assert str(Blocked("release the bond", [Blocker("r", "¶ F", text), Blocker("s", "¶ G", text)])) == (
        f"cannot release the bond: (1) {joined} (¶ F); (2) {joined} (¶ G)")
