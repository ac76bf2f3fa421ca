"""Where the bundled data lives, installed or in a checkout."""
from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    # In a checkout (and an editable install) the data sits at the top of the
    # repository; in a built wheel it is installed as rulekit/data/<name>.
    checkout = _HERE.parent / name
    if checkout.is_dir():
        return checkout
    return _HERE / "data" / name


RULESETS_DIR = _data_dir("rulesets")
LOCALES_DIR = _data_dir("locales")
SCHEMA_PATH = _HERE / "language" / "schema" / "ruleset.schema.json"
TEMPLATES_DIR = _HERE / "text" / "templates"
