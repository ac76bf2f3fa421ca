"""Keep the translation catalogs up to date and check them (a developer tool).

::

    python -m rulekit_tools.catalogcheck update   # extract, merge area files, update every .po
    python -m rulekit_tools.catalogcheck update --check  # change nothing; exit 1 when update would
    python -m rulekit_tools.catalogcheck check    # report every problem as FILE:LINE: message
    python -m rulekit_tools.catalogcheck init de  # start a new language from the template
    python -m rulekit_tools.catalogcheck names my-rule.yaml --lang fr  # .po skeleton of a rule's names

``update`` does, in order:

1. merge every other ``.po`` of ``locales/<lang>/LC_MESSAGES/`` into
   ``rulekit.po`` (an entry already translated in ``rulekit.po`` wins), then
   delete those files; nothing to do when ``rulekit.po`` is alone;
2. extract every message of the code base, the templates and the rulesets
   (``babel.cfg``) into ``locales/rulekit.pot``;
3. update each ``rulekit.po`` from it (new and reworded messages come
   untranslated, removed ones are dropped).

A file is only rewritten when its messages change, so running ``update``
twice changes nothing; CI runs it and fails if git sees a difference
(``.ci/checks/10-catalogs``). Locations are written without line numbers,
so moving code does not touch the catalogs.

``check`` reports, for every ``.po`` of every language: syntax errors,
``msgfmt --check`` errors, fuzzy and untranslated entries (including messages
of the template that no file of the language has), a Plural-Forms header
that is not the CLDR rule of the language, a plural entry without one
translation per plural form, a translation whose placeholders (``{name}``,
``%(name)s``) are not those of its English text, and two files of a
language translating the same message differently.

This tool speaks English only: it is for developers and translators working
on the catalogs, not for players.
"""
from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import string
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.plurals import get_plural
from babel.messages.pofile import PoFileError, PoFileParser, read_po, write_po

from rulekit.i18n import NAME_FORMS

NAME_FORMS_ALL = {spec for specs in NAME_FORMS.values() for spec in specs} | {"inner", "omit"}
# the French « de », elided: ``{coins.de}``, ``{coins.de_plural}`` (rulekit.i18n._MessageFormatter)
NAME_FORMS_ALL |= {"de"} | {f"de_{spec}" for spec in set(NAME_FORMS_ALL)}

DOMAIN = "rulekit"
TEMPLATE = f"{DOMAIN}.pot"
MAIN_PO = f"{DOMAIN}.po"
WIDTH = 76
COMMENT_TAGS = ("TRANSLATORS:",)
# The ruleset extractor, by module path: works whether or not rulekit is
# installed (the entry point `rulekit_ruleset` needs an installed package).
_METHODS = {"rulekit_ruleset": "rulekit.language.extract:extract_ruleset"}


def default_root() -> Path:
    return Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------------------
# Reading and writing


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as fh:
        try:
            return read_po(fh, locale=lang, domain=DOMAIN, abort_invalid=True)
        except (UnknownLocaleError, ValueError):
            fh.seek(0)
            return read_po(fh, domain=DOMAIN, abort_invalid=True)


class _CheckingParser(PoFileParser):
    """A PO parser that records every problem instead of stopping at the first."""

    def __init__(self, catalog, file):
        super().__init__(catalog, ignore_obsolete=True, abort_invalid=False)
        self.file = file
        self.problems = []

    def _add_message(self):
        if len(self.messages) > 1 and len(self.translations) != self.catalog.num_plurals:
            self.problems.append(CatalogProblem(
                self.file, self.offset + 1,
                f"{len(self.translations)} plural forms for {_show(self.messages[0].denormalize())}; "
                f"the language has {self.catalog.num_plurals}"))
            self.translations = [t for t in self.translations if t[0] < self.catalog.num_plurals]
        super()._add_message()

    def _invalid_pofile(self, line, lineno, msg):
        self.problems.append(CatalogProblem(self.file, lineno + 1, f"syntax error: {msg}"))


def _read_checked(path: Path, lang: str, file: str):
    """The catalog of ``path`` and the problems met while reading it."""
    try:
        catalog = Catalog(locale=lang, domain=DOMAIN)
    except (UnknownLocaleError, ValueError):
        catalog = Catalog(domain=DOMAIN)
    parser = _CheckingParser(catalog, file)
    with path.open("rb") as fh:
        parser.parse(fh)
    return catalog, parser.problems


def _render(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=WIDTH, include_lineno=False, ignore_obsolete=True)
    return buf.getvalue()


_VOLATILE = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date|Generated-By): .*\\n"\n', re.M)


def _write_if_changed(path: Path, catalog: Catalog, write: bool = True) -> bool:
    """Write ``catalog`` to ``path`` unless only its dates would change; ``write=False``: only say
    whether it would be written."""
    data = _render(catalog)
    if path.is_file() and _VOLATILE.sub(b"", path.read_bytes()) == _VOLATILE.sub(b"", data):
        return False
    if not write:
        return True
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return True


def _translated(message) -> bool:
    if message.fuzzy:
        return False
    if isinstance(message.string, (list, tuple)):
        return bool(message.string) and all(message.string)
    return bool(message.string)


def _languages(locales: Path) -> list[str]:
    return sorted(p.parent.name for p in locales.glob("*/LC_MESSAGES") if p.is_dir())


# ---------------------------------------------------------------------------
# update


def consolidate(locales: Path, log=print) -> list[Path]:
    """Merge each language's other ``.po`` files into its ``rulekit.po``; return the files removed."""
    removed = []
    for lang in _languages(locales):
        folder = locales / lang / "LC_MESSAGES"
        others = sorted(p for p in folder.glob("*.po") if p.name != MAIN_PO)
        if not others:
            continue
        main_path = folder / MAIN_PO
        main = _read(main_path, lang) if main_path.is_file() else _new_catalog(lang)
        for path in others:
            for message in _read(path, lang):
                if not message.id or not _translated(message):
                    continue
                current = main.get(message.id, message.context)
                if current is not None and _translated(current):
                    if current.string != message.string:
                        log(f"{path}:{message.lineno}: kept the translation of {MAIN_PO}, "
                            f"not this one, for {_show(message.id)}")
                    continue
                if current is not None:      # present but untranslated or fuzzy
                    current.string = message.string
                    current.flags.discard("fuzzy")
                    continue
                main.add(message.id, message.string, locations=message.locations,
                         auto_comments=message.auto_comments, user_comments=message.user_comments,
                         context=message.context, flags=[f for f in message.flags if f != "fuzzy"])
        _write_if_changed(main_path, main)
        # Safety: every translation of the area files must be in rulekit.po now.
        written = _read(main_path, lang)
        for path in others:
            for message in _read(path, lang):
                if message.id and _translated(message) and written.get(message.id, message.context) is None:
                    raise RuntimeError(f"{path}: {_show(message.id)} was not merged; nothing deleted")
        for path in others:
            path.unlink()
            removed.append(path)
            log(f"merged {path} into {main_path}")
    return removed


def _new_catalog(lang: str) -> Catalog:
    from rulekit import __version__

    catalog = Catalog(locale=lang, domain=DOMAIN, project="rulekit", version=__version__,
                      copyright_holder="the rulekit authors", charset="utf-8", fuzzy=False)
    # Header fields msgfmt --check wants filled in (the translator may edit them).
    catalog.revision_date = catalog.creation_date
    catalog.last_translator = "rulekit translators"
    catalog.language_team = f"{Locale.parse(lang).english_name} (rulekit translators)"
    return catalog


def extract(root: Path) -> Catalog:
    """Every message of the code base, templates and rulesets, as ``babel.cfg`` says."""
    from rulekit import __version__

    with (root / "babel.cfg").open(encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh, filename=str(root / "babel.cfg"))
    method_map = [(pattern, _METHODS.get(method, method)) for pattern, method in method_map]
    catalog = Catalog(domain=DOMAIN, project="rulekit", version=__version__,
                      copyright_holder="the rulekit authors", charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(root), method_map, options_map, keywords=DEFAULT_KEYWORDS,
        comment_tags=COMMENT_TAGS, strip_comment_tags=True,
    ):
        catalog.add(message, None, [(filename.replace(os.sep, "/"), lineno)],
                    auto_comments=comments, context=context)
    return catalog


def update(root: Path | None = None, log=print, write: bool = True) -> list[Path]:
    """Consolidate, extract and update; return the files written or removed. ``write=False``
    changes nothing and returns the files ``update`` would write or remove (none: the catalogs are
    up to date, as ``.ci/checks/10-catalogs`` and ``tests/test_catalogs.py`` require)."""
    root = default_root() if root is None else Path(root)
    locales = root / "locales"
    if write:
        changed = list(consolidate(locales, log=log))
    else:
        changed = [p for lang in _languages(locales) for p in sorted((locales / lang / "LC_MESSAGES").glob("*.po"))
                   if p.name != MAIN_PO]
    template = extract(root)
    pot_path = locales / TEMPLATE
    if _write_if_changed(pot_path, template, write):
        changed.append(pot_path)
        log(f"{'wrote' if write else 'would write'} {pot_path} ({len(template)} messages)")
    if write or pot_path not in changed:
        template = _read(pot_path)   # the dates as written
    for lang in _languages(locales):
        path = locales / lang / "LC_MESSAGES" / MAIN_PO
        if not path.is_file():
            continue
        catalog = _read(path, lang)
        # No fuzzy matching: a new or reworded message comes untranslated
        # rather than with a guess taken from another message.
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.fuzzy = False
        if _write_if_changed(path, catalog, write):
            changed.append(path)
            missing = sum(1 for m in catalog if m.id and not _translated(m))
            log(f"{'updated' if write else 'would update'} {path} ({missing} to translate)")
    if not changed:
        log("catalogs up to date")
    return changed


def init(lang: str, root: Path | None = None, log=print) -> Path:
    """Start ``locales/<lang>/LC_MESSAGES/rulekit.po`` from the template."""
    root = default_root() if root is None else Path(root)
    Locale.parse(lang)  # raises on a language Babel does not know
    path = root / "locales" / lang / "LC_MESSAGES" / MAIN_PO
    if path.exists():
        raise FileExistsError(f"{path} exists already")
    catalog = _new_catalog(lang)
    template = _read(root / "locales" / TEMPLATE)
    catalog.update(template, no_fuzzy_matching=True)
    catalog.fuzzy = False
    _write_if_changed(path, catalog)
    log(f"created {path}: translate its {len(catalog)} messages, then run check")
    return path


# ---------------------------------------------------------------------------
# check


@dataclass(frozen=True, order=True)
class CatalogProblem:
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


_PERCENT = re.compile(r"%(?:\((?P<name>[^)]*)\))?[-#0 +]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?P<conv>[diouxXeEfFgGcrsa%])")


def placeholders(text: str, percent_positional: bool = True) -> list[str]:
    """The placeholders of ``text``: ``{name}`` fields and ``%(name)s`` conversions.

    Raises ValueError on malformed braces. Conversions and format specs are
    not part of a placeholder's identity (``{name!r}`` and ``{name}`` match).
    """
    found, agreements = [], []
    for _literal, field, _spec, _conv in string.Formatter().parse(text):
        if field is None:
            continue
        if field.startswith("="):            # a word agreeing with a name: {=structure:m=il|f=elle}
            agreements.append(field[1:])
            continue
        name = re.split(r"[.\[]", field, maxsplit=1)[0]
        found.append("{" + name + "}")
    for name in agreements:
        if "{" + name + "}" not in found:
            raise ValueError(f"{{={name}:…}} agrees with {{{name}}}, which the text does not have")
    for m in _PERCENT.finditer(text):
        if m.group("conv") == "%":
            continue
        if m.group("name") is not None:
            found.append(f"%({m.group('name')})")
        elif percent_positional:
            found.append("%" + m.group("conv"))
    return sorted(found)


def _show(msgid) -> str:
    text = msgid[0] if isinstance(msgid, (list, tuple)) else msgid
    text = text if len(text) <= 60 else text[:57] + "..."
    return repr(text)


def _rel(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def _cldr_plural(lang: str):
    try:
        return get_plural(lang)
    except (UnknownLocaleError, ValueError):
        return None


def _norm_plural(text: str) -> str:
    text = text.replace(" ", "").rstrip(";")
    head, _sep, expr = text.partition("plural=")
    while expr.startswith("(") and expr.endswith(")") and _balanced(expr[1:-1]):
        expr = expr[1:-1]
    return head + "plural=" + expr


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def _check_message(message, file, problems):
    where = (file, message.lineno)
    what = _show(message.id)
    if message.fuzzy:
        problems.append(CatalogProblem(*where, f"fuzzy translation of {what}"))
        return
    if not _translated(message):
        return  # reported by check() unless another file of the language translates it
    plural = isinstance(message.id, (list, tuple))
    ids = list(message.id) if plural else [message.id]
    strings = list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]
    # Positional %-conversions (%s, %d) only count in a %-style message: in a
    # brace-style one, "50% of {total}" is just a per cent sign.
    positional = bool(message.python_format) and not any(
        re.search(r"\{\w*[!:}]", i) for i in ids)
    try:
        expected = [placeholders(i, positional) for i in ids]
    except ValueError as exc:
        problems.append(CatalogProblem(*where, f"malformed placeholder in the English text {what}: {exc}"))
        return
    allowed = expected + [sorted(set(expected[0]) | set(expected[-1]))]
    for index, text in enumerate(strings):
        label = f"msgstr[{index}]" if plural else "msgstr"
        try:
            got = placeholders(text, positional)
        except ValueError as exc:
            problems.append(CatalogProblem(*where, f"{label} of {what}: malformed placeholder: {exc}"))
            continue
        if got not in allowed:
            want = " or ".join(sorted({", ".join(e) or "none" for e in expected}))
            problems.append(CatalogProblem(
                *where, f"{label} of {what} has placeholders {', '.join(got) or 'none'}; expected {want}"))


#: A name form in a translation (``{structure.the}``, see rulekit.i18n.Name):
#: msgfmt takes ``structure.the`` for another argument than ``structure``.
_NAME_FORM = re.compile(r"\{\w+\.(?:" + "|".join(sorted(NAME_FORMS_ALL)) + r")\}|\{=\w+:")


def _without_brace_flag_on_name_forms(text: str) -> str:
    """The .po text, with the python-brace-format flag taken off the entries
    whose translation uses a name form (same line numbers): msgfmt cannot
    check those, and :func:`_check_message` checks their placeholders."""
    blocks = text.split("\n\n")
    for i, block in enumerate(blocks):
        body = block.split("\nmsgstr", 1)
        if len(body) == 2 and _NAME_FORM.search(body[1]):
            lines = []
            for line in block.split("\n"):
                if line.startswith("#,") and "python-brace-format" in line:
                    flags = [f.strip() for f in line[2:].split(",") if f.strip() != "python-brace-format"]
                    line = "#, " + ", ".join(flags) if flags else "# (name forms: checked by catalogcheck)"
                lines.append(line)
            blocks[i] = "\n".join(lines)
    return "\n\n".join(blocks)


def _msgfmt(path: Path) -> list[CatalogProblem]:
    exe = shutil.which("msgfmt")
    if exe is None:
        return []
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / path.name
        copy.write_text(_without_brace_flag_on_name_forms(path.read_text(encoding="utf-8")), encoding="utf-8")
        proc = subprocess.run([exe, "--check", "-o", os.devnull, str(copy)],
                              capture_output=True, text=True, check=False)
    if proc.returncode == 0:
        return []
    problems = []
    for line in proc.stderr.splitlines():
        m = re.match(r"^(.*?):(\d+): (.*)$", line)
        if m and "found" not in m.group(3):
            problems.append(CatalogProblem(_rel(path), int(m.group(2)), "msgfmt: " + m.group(3)))
    return problems or [CatalogProblem(_rel(path), 1, "msgfmt --check failed: " + proc.stderr.strip())]


def check(locales: Path | None = None, languages=None, use_msgfmt: bool = True) -> list[CatalogProblem]:
    """Every problem of every catalog under ``locales`` (default: the bundled one)."""
    locales = default_root() / "locales" if locales is None else Path(locales)
    problems: list[CatalogProblem] = []
    template = None
    pot_path = locales / TEMPLATE
    if pot_path.is_file():
        try:
            template = _read(pot_path)
        except PoFileError as exc:
            problems.append(CatalogProblem(_rel(pot_path), exc.lineno, f"syntax error: {exc}"))
    for lang in languages or _languages(locales):
        folder = locales / lang / "LC_MESSAGES"
        files = sorted(folder.glob("*.po"), key=lambda p: (p.name != MAIN_PO, p.name))
        seen = {}       # (id, context) -> (file, line, string) of its first translation
        present = set()  # (id, context) of every entry, translated or not
        untranslated = {}
        cldr = _cldr_plural(lang)
        for path in files:
            file = _rel(path)
            if use_msgfmt:
                problems.extend(_msgfmt(path))
            catalog, read_problems = _read_checked(path, lang, file)
            problems.extend(read_problems)
            header = dict(catalog.mime_headers).get("Plural-Forms")
            if cldr is not None and header and _norm_plural(header) != _norm_plural(cldr.plural_forms):
                text = path.read_text(encoding="utf-8", errors="replace").splitlines()
                line = next((i for i, t in enumerate(text, 1) if '"Plural-Forms:' in t), 1)
                problems.append(CatalogProblem(file, line, f"Plural-Forms is {header!r}; "
                                                           f"the CLDR rule for {lang} is {cldr.plural_forms!r}"))
            for message in catalog:
                if not message.id:
                    continue
                _check_message(message, file, problems)
                key = (message.id[0] if isinstance(message.id, (list, tuple)) else message.id,
                       message.context)
                present.add(key)
                if not _translated(message):
                    if not message.fuzzy:
                        untranslated.setdefault(key, CatalogProblem(
                            file, message.lineno, f"untranslated: {_show(message.id)}"))
                    continue
                if key in seen and seen[key][2] != message.string:
                    other = seen[key]
                    problems.append(CatalogProblem(file, message.lineno,
                                                   f"{_show(message.id)} is translated differently "
                                                   f"in {other[0]}:{other[1]}"))
                seen.setdefault(key, (file, message.lineno, message.string))
        problems.extend(p for key, p in untranslated.items() if key not in seen)
        if template is not None and files:
            for message in template:
                if not message.id:
                    continue
                key = (message.id[0] if isinstance(message.id, (list, tuple)) else message.id,
                       message.context)
                if key not in present:
                    ctx = f" (context {message.context})" if message.context else ""
                    problems.append(CatalogProblem(_rel(pot_path), message.lineno,
                                                   f"no {lang} translation of {_show(message.id)}{ctx}"))
    return sorted(set(problems))


# ---------------------------------------------------------------------------
# names: a starting .po for a house rule's own names


def names_catalog(ruleset_file: Path, lang: str | None = None) -> Catalog:
    """A catalog of the names ``ruleset_file`` introduces (only those ``lang`` lacks, if given)."""
    from babel.messages.extract import extract

    from rulekit import i18n

    known = i18n.load_catalog(lang) if lang and lang not in (i18n.SOURCE_LANGUAGE, i18n.PSEUDO_LANGUAGE) else None
    catalog = _new_catalog(lang) if lang and known is not None else Catalog(domain=DOMAIN, fuzzy=False)
    path = Path(ruleset_file)
    with path.open("rb") as fh:
        for lineno, message, comments, context in extract(_METHODS["rulekit_ruleset"], fh):
            if known is not None and known.get(message, context=context) is not None:
                continue
            catalog.add(message, "", [(path.name, lineno)], auto_comments=comments, context=context)
    return catalog


# ---------------------------------------------------------------------------
# command line


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulekit_tools.catalogcheck", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_update = sub.add_parser("update", help="merge area files, extract, update every catalog")
    p_update.add_argument("--root", type=Path, default=None, help="the repository (default: this checkout)")
    p_update.add_argument("--check", action="store_true",
                          help="change nothing; exit 1 when the catalogs are not what update would write")
    p_check = sub.add_parser("check", help="report every problem of the catalogs")
    p_check.add_argument("--locales", type=Path, default=None, help="a locales folder (default: the bundled one)")
    p_check.add_argument("--lang", action="append", help="check only this language (repeatable)")
    p_check.add_argument("--no-msgfmt", action="store_true", help="do not run msgfmt --check")
    p_check.add_argument("--require-msgfmt", action="store_true", help="fail when msgfmt is not installed")
    p_init = sub.add_parser("init", help="start a catalog for a new language")
    p_init.add_argument("lang")
    p_init.add_argument("--root", type=Path, default=None)
    p_names = sub.add_parser("names", help="a .po skeleton with the names a ruleset file introduces")
    p_names.add_argument("ruleset", type=Path)
    p_names.add_argument("--lang", help="only the names this language has no translation for")
    p_names.add_argument("-o", "--output", type=Path, help="write to this file (default: standard output)")
    args = parser.parse_args(argv)

    if args.command == "names":
        catalog = names_catalog(args.ruleset, args.lang)
        data = _render(catalog)
        if args.output:
            args.output.parent.mkdir(parents=True, exist_ok=True)
            args.output.write_bytes(data)
        else:
            sys.stdout.write(data.decode("utf-8"))
        return 0

    if args.command == "update" and args.check:
        stale = update(args.root, log=lambda line: None, write=False)
        for path in stale:
            print(f"{path}: not up to date; run python -m rulekit_tools.catalogcheck update", file=sys.stderr)
        return 1 if stale else 0
    if args.command == "update":
        update(args.root)
        return 0
    if args.command == "init":
        try:
            init(args.lang, args.root)
        except (FileExistsError, UnknownLocaleError, ValueError) as exc:
            print(f"catalogcheck: {exc}", file=sys.stderr)
            return 2
        return 0
    if args.require_msgfmt and not args.no_msgfmt and shutil.which("msgfmt") is None:
        print("catalogcheck: msgfmt not found (install gettext)", file=sys.stderr)
        return 2
    problems = check(args.locales, languages=args.lang, use_msgfmt=not args.no_msgfmt)
    for problem in problems:
        print(problem)
    if problems:
        print(f"catalogcheck: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print("catalogcheck: catalogs OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
