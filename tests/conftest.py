import pytest

import tier
from rulekit.i18n import set_language


def pytest_addoption(parser):
    parser.addoption("--full", action="store_true", default=False,
                     help="the full tier: every seeded game (RULEKIT_FULL=1 does the same); without it the tests "
                          "that play many seeded games play a few of them (tests/README.md)")


def pytest_configure(config):
    tier.FULL = tier.FULL or config.getoption("--full")
    config.addinivalue_line("markers", "full_tier: run in the full tier only (tests/README.md says which and why); "
                                       "the quick tier deselects it")


def pytest_collection_modifyitems(config, items):
    """The quick tier leaves out the tests marked ``full_tier`` (pytest's summary counts them as deselected);
    the full tier runs every test."""
    if tier.FULL:
        return
    left = [item for item in items if item.get_closest_marker("full_tier")]
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = [item for item in items if not item.get_closest_marker("full_tier")]


def pytest_report_header(config):
    return "rulekit tier: " + ("full (every test, every seeded game)" if tier.FULL else
                               "quick (a few seeded games per test, the full tier's own tests deselected; "
                               "--full or RULEKIT_FULL=1 for all)")


def _has_line(entry) -> bool:
    try:
        entry.lineno
    except TypeError:             # the traceback entry's line number is None
        return False
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_keyboard_interrupt(excinfo):
    """Ctrl-C during the suite: a frame of the compiled core (or one interrupted where no line maps to the
    instruction) has no line number, and pytest's rendering of the traceback would stop on it with a
    TypeError of its own instead of its summary; such frames are left out of the traceback shown."""
    excinfo.traceback = excinfo.traceback.filter(_has_line)


@pytest.fixture(autouse=True)
def _english():
    """Every test starts in English (the CLI may switch language)."""
    set_language("en")
    yield
    set_language("en")
