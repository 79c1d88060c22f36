"""A whole-number setting read from the environment (operations.md: login limits, the API's Idempotency-Key
period, e-mail port, the largest document, HSTS) that is not one — ``abc``, ``1.5``, or below what it allows
(``PUBLICASSEMBLY_IDEMPOTENCY_KEY_SECONDS=0`` would expire every stored answer at once) — stops a command with
exit 2 naming the variable and what it takes, not a Python traceback of ``int()``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("publicassembly")
pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason=f"console script not installed at {SCRIPT}")


def _migrate(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    return subprocess.run([str(SCRIPT), "migrate", "-q", "--data-dir", str(tmp_path)], capture_output=True,
                          text=True, env={**clean, **env}, timeout=120)


@pytest.mark.parametrize(("name", "value", "least"), [
    ("PUBLICASSEMBLY_IDEMPOTENCY_KEY_SECONDS", "abc", 1), ("PUBLICASSEMBLY_IDEMPOTENCY_KEY_SECONDS", "0", 1),
    ("PUBLICASSEMBLY_IDEMPOTENCY_KEY_SECONDS", "1.5", 1), ("PUBLICASSEMBLY_LOGIN_MAX_FAILURES", "-1", 1),
    ("EMAIL_PORT", "twenty-five", 1), ("PUBLICASSEMBLY_HSTS_SECONDS", "-5", 0),
])
def test_a_whole_number_setting_that_is_none_is_refused_naming_it(tmp_path, name, value, least):
    result = _migrate(tmp_path, **{name: value})
    assert result.returncode == 2, result.stderr
    assert f"error: configuration: {name}: '{value}' is not allowed; give a whole number of at least {least}" in (
        result.stderr)
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("name", "value"), [("PUBLICASSEMBLY_IDEMPOTENCY_KEY_SECONDS", "1"),
                                             ("PUBLICASSEMBLY_HSTS_SECONDS", "0"), ("EMAIL_PORT", " 587 ")])
def test_the_least_allowed_is_taken(tmp_path, name, value):
    result = _migrate(tmp_path, **{name: value})
    assert result.returncode == 0, result.stderr
