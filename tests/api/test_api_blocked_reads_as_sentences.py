"""The Town Board's ``POST .../release-bond`` refused (Carmel ch. 31 ¶ F: the cleanup completed a day late): the
409's ``detail`` and ``errors[].msg`` read as sentences, the citation after the reason without its closing period
(no ". ("); ``blockers[].reason`` is the law core's words, period kept."""

from __future__ import annotations

import pytest
from tests.api.conftest import api_client, application_url, post_json
from tests.web.test_blocked_reads_as_sentences_web import CITE_F, _late_cleanup

pytestmark = pytest.mark.django_db


def test_release_refused_over_the_api_reads_as_a_sentence_par_f(carmel, cu, monkeypatch):
    app, due, late = _late_cleanup(carmel, cu, monkeypatch)
    r = post_json(api_client(cu["town_board_member"]), application_url(app, "release-bond"), {})
    assert r.status_code == 409, r.json()
    out = r.json()
    reason = out["blockers"][0]["reason"]
    assert reason.startswith(f"Cleanup completed on {late.isoformat()}, after {due.isoformat()}. ")
    assert reason.endswith(f"{due.isoformat()}.")  # (the law core's words, shown alone: unchanged)
    assert out["errors"][0]["msg"] == f"{reason[:-1]} ({CITE_F})"
    assert out["detail"] == f"cannot release the bond: (1) {reason[:-1]} ({CITE_F})"
