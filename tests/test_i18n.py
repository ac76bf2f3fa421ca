"""Catalog loading, language negotiation, the pseudo-locale, formatting and ruleset names."""
from __future__ import annotations

import io
import re
import textwrap

import pytest
from babel.messages.plurals import get_plural
import yaml
from babel.messages.extract import extract
from hypothesis import given
from hypothesis import strategies as st

from rulekit import i18n
from rulekit.i18n import (
    NAME_FORMS,
    _,
    format_list,
    format_number,
    is_pseudo,
    language,
    negotiate_language,
    ngettext,
    pgettext,
    pseudo,
    set_language,
    unwrapped_words,
)
from rulekit.language.names import display_name, ruleset_names, untranslated_hint, untranslated_names
from rulekit_tools.catalogcheck import placeholders
from rulekit.paths import RULESETS_DIR

NNBSP = "\u202f"


def write_po(path, entries, lang="fr", plural=None):
    """A small .po file; entries are (context, msgid, msgstr, flags) tuples. Its Plural-Forms is
    the language's CLDR rule as the installed Babel has it, unless ``plural`` is given."""
    if plural is None:
        plural = str(get_plural(lang or "en"))
    path.parent.mkdir(parents=True, exist_ok=True)
    out = [
        'msgid ""', 'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        f'"Language: {lang}\\n"',
        f'"Plural-Forms: {plural}\\n"', "",
    ]
    for context, msgid, msgstr, flags in entries:
        if flags:
            out.append(f"#, {flags}")
        if context:
            out.append(f'msgctxt "{context}"')
        if isinstance(msgid, tuple):
            out.append(f'msgid "{msgid[0]}"')
            out.append(f'msgid_plural "{msgid[1]}"')
            for i, form in enumerate(msgstr):
                out.append(f'msgstr[{i}] "{form}"')
        else:
            out.append(f'msgid "{msgid}"')
            out.append(f'msgstr "{msgstr}"')
        out.append("")
    path.write_text("\n".join(out), encoding="utf-8")
    return path


@pytest.fixture
def extra_locales(tmp_path, monkeypatch):
    """A RULEKIT_LOCALES folder; the catalog cache is cleared around the test."""
    folder = tmp_path / "locales"
    folder.mkdir()
    monkeypatch.setenv("RULEKIT_LOCALES", str(folder))
    i18n.clear_cache()
    yield folder
    monkeypatch.delenv("RULEKIT_LOCALES")
    i18n.clear_cache()


# --- loading and merging ---------------------------------------------------


def test_every_po_of_a_language_is_merged_and_rulekit_po_wins(extra_locales):
    lc = extra_locales / "xx" / "LC_MESSAGES"
    write_po(lc / "rulekit.po", [(None, "alpha", "alpha (main)", ""), ("structure", "Mill", "Moulin X", "")])
    write_po(lc / "area.po", [
        (None, "alpha", "alpha (area)", ""),
        (None, "beta", "beta (area)", ""),
        (None, "gamma", "gamma (fuzzy)", "fuzzy"),
        (None, "delta", "", ""),
    ])
    assert "xx" in i18n.available_languages()
    set_language("xx")
    assert _("alpha") == "alpha (main)"          # rulekit.po wins on a conflict
    assert _("beta") == "beta (area)"            # an area file adds its own entries
    assert _("gamma") == "gamma"                 # fuzzy entries are not used
    assert _("delta") == "delta"                 # nor empty ones
    assert pgettext("structure", "Mill") == "Moulin X"
    assert pgettext("goal", "Mill") == "Mill"    # contexts are kept apart


def test_extra_locales_come_before_the_bundled_catalog(extra_locales):
    write_po(extra_locales / "fr" / "LC_MESSAGES" / "house.po",
             [("structure", "Brewery", "Brasserie", ""), ("structure", "Mill", "Minoterie", "")])
    set_language("fr")
    assert pgettext("structure", "Brewery") == "Brasserie"
    assert pgettext("structure", "Mill") == "Minoterie"     # the user's file wins
    assert pgettext("structure", "Bank") == "Banque"        # the rest still comes from locales/fr


def test_a_regional_variant_falls_back_on_its_language():
    set_language("fr_CA")
    assert pgettext("structure", "Smithy") == "Forge"


def test_french_plurals_treat_zero_and_one_as_singular():
    set_language("fr")
    pairs = [("structure", "Brewery")]
    one = untranslated_hint(pairs, "fr")
    zero = untranslated_hint([], "fr")
    two = untranslated_hint(pairs * 2, "fr")
    assert one.startswith("1 nom n’a pas") and zero.startswith("0 nom n’a pas")
    assert two.startswith("2 noms n’ont pas")


@pytest.mark.parametrize("environ, expected", [
    ({}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LC_MESSAGES": "fr_BE@euro", "LANG": "en_US.UTF-8"}, "fr"),
    ({"LC_ALL": "en_US.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
    ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "ja_JP.UTF-8"}, "en"),
    ({"LANG": "en_XA"}, "en_XA"),
    ({"LANG": "POSIX"}, "en"),
])
def test_language_is_negotiated_from_the_environment(environ, expected):
    assert negotiate_language(environ) == expected


def test_language_context_manager_restores_the_previous_language():
    set_language("fr")
    with language("en_XA"):
        assert is_pseudo(_("Show this message and exit."))
    assert i18n.get_language() == "fr"
    assert _("Show this message and exit.") == "Afficher ce message et quitter."


# --- pseudo-locale -----------------------------------------------------------


def test_pseudo_example():
    assert pseudo("Workers") == "[Ŵöŕķéŕš ~~]"


message_text = st.lists(
    st.one_of(
        st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126, blacklist_characters="{}%<>&"),
                min_size=1, max_size=12),
        st.sampled_from(["{name}", "{num}", "{value!r}", "{delta:+.1f}", "%(prog)s", "%d", "{{", "}}"]),
    ),
    min_size=1, max_size=8,
).map("".join)


@given(message_text)
def test_pseudo_accents_every_letter_keeps_placeholders_and_brackets(message):
    out = pseudo(message)
    if not message.strip():
        assert out == message
        return
    assert out.strip().startswith("[") and out.strip().endswith("]")
    assert len(out) > len(message)
    assert placeholders(out) == placeholders(message)
    # No ASCII letter is left, except inside kept placeholders.
    outside = re.sub(r"\{[^{}]*\}|%\([^)]*\)[a-z]|%[a-z]", "", out)
    assert not re.search(r"[A-Za-z]", outside)


def test_pseudo_output_formats_like_the_original():
    set_language("en_XA")
    text = ngettext("{num} coin", "{num} coins", 3).format(num=3)
    assert text.startswith("[3 ") and "çöîñš" in text
    assert is_pseudo(text)
    assert pgettext("structure", "Mill") == pseudo("Mill")


def test_unwrapped_words_finds_english_that_escaped_the_catalog():
    set_language("en_XA")
    line = _("Build {name}?").format(name="Mill")     # a name that skipped pgettext
    assert unwrapped_words(line) == ["Mill"]
    assert not is_pseudo(line)
    good = _("Build {name}?").format(name=pgettext("structure", "Mill"))
    assert is_pseudo(good) and unwrapped_words(good) == []
    assert unwrapped_words("rulekit: [Éŕŕöŕ ~]", allow={"rulekit"}) == []


def test_pseudo_lists_have_no_plain_english_glue():
    set_language("en_XA")
    names = [pgettext("structure", n) for n in ("Mill", "Bank", "Camp")]
    text = format_list(names)
    assert is_pseudo(text) and all(n in text for n in names)


# --- formatting -----------------------------------------------------------------


def test_lists_and_numbers_follow_the_language():
    assert format_list(["A", "B", "C"]) == "A, B, and C"
    assert format_number(12345) == "12,345"
    set_language("fr")
    assert format_list(["A", "B", "C"]) == "A, B et C"
    assert format_number(12345) == f"12{NNBSP}345"


# --- ruleset names -----------------------------------------------------------------

HOUSE_RULE = textwrap.dedent("""\
    id: brewery
    title: Province with a Brewery
    extends: province-en
    description: Adds a Brewery that pays 1 Coin each turn.
    structures:
      brewery:
        name: Brewery
        cost: {labor: 2, coin: 2}
        vp: {first: 1, later: 0}
        effects:
          - income: {coin: 1}
    workers:
      camp:
        count: 2
      monk:
        color: brown
        count: 1
        access: unlocked
    components:
      coins:
        bronze: {value: 2, count: 4}
    casting:
      outcomes:
        - {id: storm, white: 0, benefit: {income: {coin: 1}}}
    """)


def load_bundled(name):
    return yaml.safe_load((RULESETS_DIR / f"{name}.yaml").read_text(encoding="utf-8"))


def test_display_name_translates_names_and_titles_ids_without_one():
    data = load_bundled("province-en")
    assert display_name(data, "space", "labor_top") == "Labor Top"
    assert display_name(data, "coin", "silver") == "Silver"
    set_language("fr")
    assert display_name(data, "structure", "smithy") == "Forge"
    assert display_name(data, "conversion", "grind") == "Corvées"
    assert display_name(data, "coin", "gold") == "Or"
    assert display_name(data, "space", "labor_top") == "Zone d’Ouvrage supérieure"
    assert display_name(data, "outcome", "mixed") == "Un blanc, un noir"
    assert display_name(data, "ruleset", "edition") == "édition anglaise"
    assert display_name(data, "worker", "green") == "Vert"


@pytest.mark.parametrize("edition", ["province-en", "province-fr"])
def test_both_editions_are_fully_translated_in_french(edition):
    data = load_bundled(edition)
    assert untranslated_names(data, "fr") == []
    assert len(ruleset_names(data)) > 25


def test_a_house_rule_name_shows_untranslated_and_rulekit_says_how_to_translate_it():
    data = yaml.safe_load(HOUSE_RULE)
    missing = untranslated_names(data, "fr")
    assert ("structure", "Brewery") in missing
    assert ("worker", "Monk") in missing and ("outcome", "Storm") in missing
    assert ("ruleset", "Province with a Brewery") in missing
    assert untranslated_names(data, "en") == [] and untranslated_names(data, "en_XA") == []
    set_language("fr")
    assert display_name(data, "structure", "brewery") == "Brewery"
    hint = untranslated_hint(missing)
    assert "Brewery" in hint and "docs/translating.md" in hint and "français" in hint
    assert hint.startswith(f"{len(missing)} noms n’ont pas de traduction en français")


def test_a_house_rule_author_translates_their_names_with_a_small_po(extra_locales):
    write_po(extra_locales / "fr" / "LC_MESSAGES" / "brewery.po", [
        ("structure", "Brewery", "Brasserie", ""),
    ])
    data = yaml.safe_load(HOUSE_RULE)
    assert ("structure", "Brewery") not in untranslated_names(data, "fr")
    set_language("fr")
    assert display_name(data, "structure", "brewery") == "Brasserie"


# --- extraction ---------------------------------------------------------------------


def extract_yaml(text, name=None):
    fileobj = io.BytesIO(text.encode("utf-8"))
    if name:
        fileobj.name = str(name)
    return [(line, ctx, msg) for line, msg, _comments, ctx in
            extract("rulekit.language.extract:extract_ruleset", fileobj)]


def test_extraction_gives_contexts_and_line_numbers(tmp_path):
    path = tmp_path / "brewery.yaml"
    path.write_text(HOUSE_RULE, encoding="utf-8")
    found = extract_yaml(HOUSE_RULE, name=path)
    assert (2, "ruleset", "Province with a Brewery") in found
    assert (4, "ruleset", "Adds a Brewery that pays 1 Coin each turn.") in found
    assert (7, "structure", "Brewery") in found
    assert (15, "worker", "Monk") in found          # no name: the id title-cased
    assert (21, "coin", "Bronze") in found
    assert (24, "outcome", "Storm") in found
    # camp is named by the base edition's data: nothing new to translate
    assert not [f for f in found if f[1] == "worker" and f[2] == "Camp"]


def test_extraction_of_an_edition_covers_every_name_it_shows():
    for edition in ("province-en", "province-fr"):
        path = RULESETS_DIR / f"{edition}.yaml"
        text = path.read_text(encoding="utf-8")
        found = {(ctx, msg) for _line, ctx, msg in extract_yaml(text, name=path)}
        names = set(ruleset_names(yaml.safe_load(text)))
        forms = {(f"{kind}:{spec}", msg) for kind, msg in names for spec in NAME_FORMS.get(kind, ())}
        assert names | forms == found
        lines = text.splitlines()
        for line, ctx, msg in extract_yaml(text, name=path):
            if ctx in ("structure", "goal"):
                assert f"name: {msg}" in lines[line - 1]


def test_extraction_ignores_broken_yaml():
    assert extract_yaml("structures: [unclosed") == []


MARKET = """\
extends: province-fr
id: market-fr
title: Province, house rules
structures:
  market:
    name: {en: Market, fr: {name: Marché, the: le Marché}}
    cost: {labor: 2, coin: 1}
    vp: {first: 1, later: 0}
  bank:
    name: {en: Bank, fr: Banco}
"""


def test_a_house_rule_names_its_structure_in_each_language(tmp_path):
    from click.testing import CliRunner

    from rulekit.cli import cli
    from rulekit.language import load_ruleset

    path = tmp_path / "market.yaml"
    path.write_text(MARKET, encoding="utf-8")
    data = load_ruleset(str(path)).data
    with i18n.language("fr"):
        market = display_name(data, "structure", "market")
        assert market == "Marché" and market.the == "le Marché"
        assert display_name(data, "structure", "bank") == "Banque"     # the catalog still wins
        assert untranslated_names(data) == [("ruleset", "Province, house rules")]
        assert _("You build the {structure} for {cost} (worth {vp}).").format(
            structure=market, cost="1", vp="1").startswith("Vous construisez le Marché pour")
    with i18n.language("en"):
        assert display_name(data, "structure", "market") == "Market"
    book = CliRunner().invoke(cli, ["rulebook", str(path), "--lang", "fr"])
    assert book.exit_code == 0 and "### Marché" in book.output and "Market" not in book.output
    diff = CliRunner().invoke(cli, ["diff", "province-fr", str(path), "--lang", "fr"])
    assert "Marché" in diff.output and "Market" not in diff.output


def test_a_name_in_an_unknown_language_code_is_refused(tmp_path):
    from rulekit.language import validate_path

    path = tmp_path / "bad.yaml"
    path.write_text(MARKET.replace("fr: {name: Marché, the: le Marché}", "french: Marché"), encoding="utf-8")
    problems = [str(p) for p in validate_path(path)]
    assert problems == [f"{path}:6:32: french is not a language code such as en or fr_CA "
                        "(at /structures/market/name/french)"]


@pytest.mark.parametrize("players,seat,heading", [
    (["human", "human"], 1, "Choix du joueur 2\u202f:"),
    (["human", "bot:greedy"], 1, "Choix de l’ordinateur (glouton)\u202f:"),
    (["bot:greedy", "bot:random"], 0, "Choix de l’ordinateur 1 (glouton)\u202f:"),
])
def test_french_de_joins_the_article_of_a_player_name(players, seat, heading):
    """« de » + « le joueur 2 » is « du joueur 2 »; before « l’ordinateur » it stays « de »."""
    from rulekit.play.session import player_names

    with i18n.language("fr"):
        names = player_names(players)
        text = i18n._("Choices for {player}:").format(player=names[seat])
    assert text == heading
    with i18n.language("fr"):
        worker = i18n._("{worker} of {player}").format(worker="Ouvrier", player=names[seat])
    assert worker == "Ouvrier " + heading[len("Choix "):-2]
    assert i18n.elide_de("les Pièces") == "des Pièces" and i18n.elide_de("Or") == "d’Or"
