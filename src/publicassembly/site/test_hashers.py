"""Password hashers for the test suite only (see test_settings)."""

from django.contrib.auth.hashers import Argon2PasswordHasher


class QuickArgon2PasswordHasher(Argon2PasswordHasher):
    """Argon2id with minimal cost: same algorithm and format as production, a fraction of the time."""

    time_cost = 1
    memory_cost = 64  # KiB
    parallelism = 1
