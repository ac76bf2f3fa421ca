"""Checks a resolved ruleset (provisional: schema only; full checks in progress)."""
from __future__ import annotations

import json
from functools import lru_cache

import jsonschema

from .errors import Problem
from .paths import SCHEMA_PATH


@lru_cache(maxsize=1)
def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def check_resolved(data, filename: str) -> list[Problem]:
    validator = jsonschema.Draft202012Validator(schema())
    return [Problem(filename, 1, 1, e.message, "/" + "/".join(map(str, e.absolute_path))) for e in validator.iter_errors(data)]
