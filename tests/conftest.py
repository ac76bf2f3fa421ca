import pytest

from rulekit.i18n import set_language


@pytest.fixture(autouse=True)
def _english():
    """Every test starts in English (the CLI may switch language)."""
    set_language("en")
    yield
    set_language("en")
