"""Every bundled variant's title in one style (French review 4 item 57 = F8): in English each word of
the part after the dash capitalised ("Province — Catch-Up", "— Short Game"), small words aside; in
French the part after the dash in lower case but for the edition's names (« Province — partie
courte », « — huit manches », « — sans Prêteur »), never « — Événements » beside « — rattrapage »."""
from __future__ import annotations

import re

from rulekit.i18n import language
from rulekit.language import bundled_rulesets, load_ruleset
from rulekit.language.names import display_name

SMALL = {"a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to"}
# the edition's names keep their capital inside a title (« sans Prêteur »)
FR_NAMES = {"Prêteur", "Banque", "Camp", "Village", "Moulin", "Forge", "Guilde", "Port", "Marins", "Pièces",
            "Ouvriers", "Bâtiments", "Corvées"}


def _subtitles(lang: str) -> dict[str, str]:
    out = {}
    with language(lang):
        for ident in bundled_rulesets():
            title = str(display_name(load_ruleset(ident).data, "ruleset", "title"))
            if " — " in title:
                out[ident] = title.split(" — ", 1)[1]
    return out


def test_the_english_subtitles_are_in_title_case():
    subtitles = _subtitles("en")
    assert {"catch-up", "short-game", "events", "draft"} <= set(subtitles)
    for ident, sub in subtitles.items():
        for i, word in enumerate(re.split(r"[ -]", sub)):
            if i and word in SMALL:
                continue
            assert word[:1].isupper() or word[:1].isdigit(), (ident, sub)


def test_the_french_subtitles_are_in_lower_case_but_for_the_editions_names():
    subtitles = _subtitles("fr")
    assert subtitles["short-game"] == "partie courte" and subtitles["catch-up"] == "rattrapage"
    assert subtitles["events"] == "événements" and subtitles["no-lender"] == "sans Prêteur"
    for ident, sub in subtitles.items():
        for word in re.split(r"[ \u00a0'’-]", sub):
            assert not word[:1].isupper() or word in FR_NAMES, (ident, sub)
