"""Babel extraction method for ruleset YAML files.

Registered as the ``rulekit_ruleset`` extractor (``babel.extractors`` entry
point) and mapped to ``rulesets/**.yaml`` in ``babel.cfg``, so that
``pybabel extract -F babel.cfg`` (or ``python -m rulekit_tools.catalogcheck update``)
puts every name a ruleset shows into the catalog, each with a message context
for its kind and the line where it is written:

- ``ruleset``: title, edition, story, description;
- ``structure``, ``goal``, ``worker``, ``coin``, ``conversion``, ``resource``: the ``name``
  of each entry (an entry without one is shown as its id title-cased,
  ``labor_top`` -> ``Labor Top``, and that text is extracted);
- ``space``: the Work Cycle spaces; ``outcome``: the casting outcomes (``casting``,
  or ``harbor`` in the first language);
- ``holder``, ``heading``: ``casting.holder``, ``casting.heading`` and ``headings.conversions``;
- ``good``, ``month``: the goods and the months of a ruleset of the Provisions family;
- ``structure:the``, ``worker:the``, ``worker:a``, ``worker:plural``, ``space:the``, ``resource:one``,
  ``resource:plural``, ``resource:heading``, ``holder:the``…: the
  grammatical forms of those names (:data:`rulekit.i18n.NAME_FORMS`), which a
  translation uses as ``{structure.the}``.

The texts are exactly those :func:`rulekit.language.names.display_name` translates, found
where :mod:`.names` says a ruleset keeps its names.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from ..i18n import NAME_FORMS
from .names import (
    ENTRY_LISTS,
    ENTRY_TABLES,
    RULESET_FIELDS,
    SAILOR_KIND,
    SAILORS_SECTION,
    SECTION_NAMES,
    id_title,
)
from .ruleset import former_casting


def _old_names() -> dict:
    """The sections written under another name in the first language (the schema says which)."""
    return {"casting": former_casting().name}


def _get(node, key):
    """The value node under ``key`` in a mapping node, or None."""
    if not isinstance(node, yaml.MappingNode):
        return None, None
    for key_node, value_node in node.value:
        if isinstance(key_node, yaml.ScalarNode) and key_node.value == key:
            return key_node, value_node
    return None, None


def _walk(node, path):
    for i, key in enumerate(path):
        _key, found = _get(node, key)
        if found is None and i == 0 and key in (old := _old_names()):
            _key, found = _get(node, old[key])
        if found is None:
            return None
        node = found
    return node


def _line(node) -> int:
    return node.start_mark.line + 1


def _base_data(root, filename):
    """The resolved data of the rulesets this one ``extends`` (plain YAML), or {}."""
    _key, ext = _get(root, "extends")
    if not isinstance(ext, yaml.ScalarNode) or not filename:
        return {}
    try:
        from .ruleset import merge_patch, resolve_ref

        layers, current, seen = [], Path(filename), set()
        ref = ext.value
        while ref and len(layers) < 20:
            path = resolve_ref(ref, relative_to=current.parent)
            if path.resolve() in seen:
                break
            seen.add(path.resolve())
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            layers.append(data)
            current, ref = path, data.get("extends") if isinstance(data, dict) else None
        result = {}
        for data in reversed(layers):
            result = merge_patch(result, data)
        return result if isinstance(result, dict) else {}
    except Exception:  # a broken base is reported by validation, not here
        return {}


def _has_entry(base, kind, ident):
    if kind in ENTRY_LISTS:
        table = base
        for key in ENTRY_LISTS[kind]:
            found = table.get(key) if isinstance(table, dict) else None
            if found is None and table is base and key in (old := _old_names()):
                found = base.get(old[key])
            table = found if found is not None else {}
        return any(isinstance(i, dict) and i.get("id") == ident for i in table or ())
    table = base
    for key in ENTRY_TABLES[kind]:
        table = table.get(key, {}) if isinstance(table, dict) else {}
    return isinstance(table, dict) and ident in table


def ruleset_messages(root, filename=None):
    """``(lineno, context, text)`` for every name in a composed ruleset YAML node."""
    if not isinstance(root, yaml.MappingNode):
        return
    base = _base_data(root, filename)

    def with_forms(found):
        """A name, then its grammatical forms (``structure:the``…), each an entry of its own."""
        line, kind, text = found
        yield found
        for spec in NAME_FORMS.get(kind, ()):
            yield line, f"{kind}:{spec}", text

    for field in RULESET_FIELDS:
        _key, node = _get(root, field)
        if isinstance(node, yaml.ScalarNode) and node.value:
            yield _line(node), "ruleset", node.value

    def named(kind, ident, ident_node, entry):
        _k, name = _get(entry, "name")
        if isinstance(name, yaml.MappingNode):      # written per language: its English text
            _k, name = _get(name, "en")
            if isinstance(name, yaml.MappingNode):
                _k, name = _get(name, "name")
            if not isinstance(name, yaml.ScalarNode):
                return None
        if isinstance(name, yaml.ScalarNode) and name.value:
            return _line(name), kind, name.value
        # No name here: the id title-cased is shown, unless a base names it.
        if _has_entry(base, kind, ident):
            return None
        return _line(ident_node), kind, id_title(ident)

    for kind, path in ENTRY_TABLES.items():
        table = _walk(root, path)
        if not isinstance(table, yaml.MappingNode):
            continue
        for key_node, entry in table.value:
            if isinstance(key_node, yaml.ScalarNode) and isinstance(entry, yaml.MappingNode):
                found = named(kind, key_node.value, key_node, entry)
                if found:
                    yield from with_forms(found)

    sailors = _walk(root, (SAILORS_SECTION,))
    if isinstance(sailors, yaml.MappingNode):
        _k, name = _get(sailors, "name")
        if isinstance(name, yaml.ScalarNode) and name.value:
            yield from with_forms((_line(name), "worker", name.value))
        elif not isinstance(base.get(SAILORS_SECTION), dict):
            yield from with_forms((_line(sailors), "worker", id_title(SAILOR_KIND)))

    for (kind, _ident), (section, key) in SECTION_NAMES.items():
        _k, name = _get(_walk(root, (section,)), key)
        if isinstance(name, yaml.MappingNode):      # written per language: its English text
            _k, name = _get(name, "en")
            if isinstance(name, yaml.MappingNode):
                _k, name = _get(name, "name")
        if isinstance(name, yaml.ScalarNode) and name.value:
            yield from with_forms((_line(name), kind, name.value))

    for kind, path in ENTRY_LISTS.items():
        items = _walk(root, path)
        if not isinstance(items, yaml.SequenceNode):
            continue
        for entry in items.value:
            _k, ident = _get(entry, "id")
            if isinstance(ident, yaml.ScalarNode) and ident.value:
                found = named(kind, ident.value, ident, entry)
                if found:
                    yield from with_forms(found)


def extract_ruleset(fileobj, keywords, comment_tags, options):
    """Babel extraction method: ``(lineno, "pgettext", (context, text), comments)``."""
    raw = fileobj.read()
    text = raw.decode(options.get("encoding", "utf-8")) if isinstance(raw, bytes) else raw
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return  # not valid YAML: `rulekit validate` says why
    filename = getattr(fileobj, "name", None)
    for lineno, context, message in ruleset_messages(root, filename):
        yield lineno, "pgettext", (context, message), []
