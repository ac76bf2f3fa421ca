"""The examples in rulekit's docstrings run and print what they say (python -m doctest would, too)."""
import doctest
import importlib
from pathlib import Path

import pytest

from rulekit.i18n import set_language

PACKAGE = Path(__file__).resolve().parent.parent / "rulekit"
MODULES = sorted(".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
                 for p in PACKAGE.rglob("*.py") if p.name != "__main__.py")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    set_language("en")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, report=True)
    set_language("en")
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} failed (see above)"
