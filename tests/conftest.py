"""Shared test settings: hypothesis profiles (``HYPOTHESIS_PROFILE=thorough`` for more)."""

import os

from hypothesis import settings

settings.register_profile("default", max_examples=200, deadline=None)
settings.register_profile("thorough", max_examples=3000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
