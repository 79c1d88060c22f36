"""Shared test settings (law-only for now; other parts add their fixtures under their own test folders)."""

from hypothesis import settings

# No timed assertions in tests: hypothesis's per-example deadline is a timing check, so it is off.
settings.register_profile("publicassembly", deadline=None, print_blob=True)
settings.load_profile("publicassembly")
