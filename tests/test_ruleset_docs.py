"""The ruleset docs show what the tools really do.

docs/first-house-rule.md marks each file it writes with ``<!-- file: NAME -->``
and each command whose output it shows with ``<!-- output of: COMMAND -->``;
the tutorial is replayed here in a temporary folder, in order, and every
output compared (a block containing a ``...`` line is an excerpt: its other
lines must appear in that order). Every YAML example of
docs/ruleset-reference.md must parse, and the complete variants in it validate.
"""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import yaml
from click.testing import CliRunner

from rulekit.cli import cli
from rulekit.language import load_ruleset, validate_path

DOCS = Path(__file__).resolve().parent.parent / "docs"
STEP = re.compile(r"<!-- (file|output of): (.+?) -->\n```\w*\n(.*?)```", re.S)


def _matches_excerpt(expected: list[str], actual: list[str]) -> bool:
    i = 0
    for line in expected:
        if line == "...":
            continue
        if line.endswith("..."):
            prefix = line[:-3]
            while i < len(actual) and not actual[i].startswith(prefix):
                i += 1
        else:
            while i < len(actual) and actual[i] != line:
                i += 1
        if i == len(actual):
            return False
        i += 1
    return True


def _replay_tutorial(text, tmp_path, monkeypatch) -> int:
    """Write the tutorial's files and run its commands in ``tmp_path``, comparing each output
    (in the language a command asks for with --lang, English otherwise). Returns how many outputs."""
    steps = STEP.findall(text)
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for kind, name, body in steps:
        if kind == "file":
            (tmp_path / name).write_text(body, encoding="utf-8")
            continue
        lines = body.rstrip("\n").split("\n")
        assert lines[0] == f"$ {name}"
        args = shlex.split(name)
        assert args[0] == "rulekit"
        result = runner.invoke(cli, args[1:] + ([] if "--lang" in args else ["--lang", "en"]))
        actual = result.output.rstrip("\n").split("\n")
        expected = lines[1:]
        if "..." in expected or any(line.endswith("...") for line in expected):
            assert _matches_excerpt(expected, actual), f"{name}:\n{result.output}"
        else:
            assert actual == expected, f"{name}:\n{result.output}"
    return [kind for kind, _n, _b in steps].count("output of")


def test_first_house_rule_tutorial(tmp_path, monkeypatch):
    text = (DOCS / "first-house-rule.md").read_text(encoding="utf-8")
    assert _replay_tutorial(text, tmp_path, monkeypatch) >= 4
    # The finished house rule does what the tutorial promises.
    mine = load_ruleset(tmp_path / "my-house-rule.yaml")
    base = load_ruleset("province-en")
    assert mine.data["structures"]["bank"]["cost"] == {"labor": 1, "coin": 6}
    assert "crowd" not in mine.data["goals"]
    assert len(mine.data["goals"]) == len(base.data["goals"]) - 1
    assert mine.data["structures"]["bank"]["requires"] == base.data["structures"]["bank"]["requires"]


#: The structure an example of effects (a block that is only an ``effects:`` list) is given to.
EFFECTS_HOLDER = {"name": "Example", "cost": {"labor": 1}, "vp": {"first": 1, "later": 0}}


def test_reference_examples(tmp_path):
    """Every YAML example of the reference is accepted by the validator: a complete house rule as it is,
    a section as a house rule of province-en that writes it, a list of effects as those of a new structure."""
    text = (DOCS / "ruleset-reference.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", text, re.S)
    assert len(blocks) >= 25
    variants = 0
    for block in blocks:
        data = yaml.safe_load(block)
        assert isinstance(data, dict), block
        path = tmp_path / "example.yaml"
        if "extends" in data:
            path.write_text(block, encoding="utf-8")
            variants += 1
        elif set(data) == {"effects"}:
            patch = {"extends": "province-en", "id": "example",
                     "structures": {"example": {**EFFECTS_HOLDER, "effects": data["effects"]}}}
            path.write_text(yaml.safe_dump(patch, sort_keys=False, allow_unicode=True), encoding="utf-8")
        else:
            head = "extends: province-en\n" + ("" if "id" in data else "id: example\n")
            path.write_text(head + block, encoding="utf-8")
        assert [str(p) for p in validate_path(path)] == [], block
    assert variants >= 2


def test_reference_names_every_field_and_primitive():
    from rulekit.language import schema

    text = (DOCS / "ruleset-reference.md").read_text(encoding="utf-8")
    s = schema()
    names = set(s["properties"])
    for section in ("components", "sailors", "work_cycle", "setup", "borrowing", "casting", "end", "scoring"):
        names |= set(s["properties"][section]["properties"])
    for definition in ("structure", "goal", "worker", "coin", "conversion", "condition", "effect",
                       "end_condition", "outcome"):
        names |= set(s["$defs"][definition]["properties"])
    names |= set(s["$defs"]["condition"]["properties"]["metric"]["enum"])
    names |= set(s["properties"]["tie_breaks"]["items"]["enum"])
    missing = sorted(n for n in names if f"`{n}" not in text and f"{n}:" not in text)
    assert missing == []


def test_house_rules_tutorial(tmp_path, monkeypatch):
    """docs/house-rules-tutorial.md: its files validate, its commands print what it shows (in the
    language each command asks for, English otherwise), and its scripted game (``pycon`` blocks) runs as shown."""
    import doctest

    text = (DOCS / "house-rules-tutorial.md").read_text(encoding="utf-8")
    assert _replay_tutorial(text, tmp_path, monkeypatch) >= 5
    # The scripted game, as doctests, in the folder where the files were written.
    code = "\n".join(re.findall(r"```pycon\n(.*?)```", text, re.S))
    test = doctest.DocTestParser().get_doctest(code, {}, "house-rules-tutorial", "house-rules-tutorial.md", 0)
    runner_ = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner_.run(test)
    assert runner_.summarize(verbose=False).failed == 0
    assert len(test.examples) >= 10
