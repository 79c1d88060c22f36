"""The WSGI entry point that gunicorn loads: a worker settles its long-lived objects out of the garbage
collector's reach (gc.freeze) after loading the URL patterns and both chapters, and still serves."""

from __future__ import annotations

import os
import subprocess
import sys


def test_worker_loads_the_chapters_and_freezes_them(tmp_path):
    env = {**os.environ, "PUBLICASSEMBLY_DATA_DIR": str(tmp_path), "PUBLICASSEMBLY_DEBUG": "0",
           "PUBLICASSEMBLY_SECRET_KEY": "test-only-" + "k" * 50, "PUBLICASSEMBLY_ALLOWED_HOSTS": "testserver",
           "DJANGO_SETTINGS_MODULE": "publicassembly.site.settings"}
    env.pop("DATABASE_URL", None)
    probe = ("import gc, sys\n"
             "import publicassembly.site.wsgi as w\n"
             "assert gc.get_freeze_count() > 10000, gc.get_freeze_count()\n"
             "assert 'publicassembly.law.jurisdictions.us_ny_carmel.determine' in sys.modules\n"
             "assert 'publicassembly.law.jurisdictions.us_ny_mount_pleasant.rulebook' in sys.modules\n"
             "assert callable(w.application)\n")
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
