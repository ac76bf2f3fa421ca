"""The rulebook of a ruleset of the Provisions family: Markdown, HTML and PDF.

Rendered from its own template, ``templates/provisions_rulebook.html.j2``, in the environment
and with the conversions of Province's rulebook (:mod:`rulekit.text.rulebook`): translatable
texts written for rulekit, every number and card read from the ruleset, the cards the rule text
does not print in tables marked as reconstructed.
"""
from __future__ import annotations

from collections import Counter

from .. import i18n
from ..i18n import _, format_list, ngettext


def event_text(event) -> str:
    """A month's event in words."""
    return {None: "—", "discard": _("the rightmost prospector leaves"),
            "vigilantes_leave": _("the vigilantes leave town"),
            "rush": _("before every action, the rightmost prospector leaves (not right after a sale)")}.get(
        event, str(event))


def production_rows(rules) -> list:
    """The production cards, one row per kind of card: (the card in words, its copies)."""
    counts = Counter(rules.production_cards)
    rows = []
    for card in sorted(counts, reverse=True):
        text = (ngettext("produce {count} good", "produce {count} goods", card).format(count=card) if card > 0
                else ngettext("steal {count} good", "steal {count} goods", -card).format(count=-card))
        rows.append((text, counts[card]))
    return rows


def bonus_rows(rules) -> list:
    """The bonus cards: (id, objectives in words)."""
    names = {g.id: g.name for g in rules.goods}
    rows = []
    for card, objectives in rules.bonus_cards:
        parts = []
        for o in objectives:
            worth = ngettext("{count} point", "{count} points", o.points).format(count=o.points)
            if not o.goods:
                parts.append(_("most prospectors provisioned: {points}").format(points=worth))
            elif len(o.goods) == 1:
                parts.append(_("most {goods} sold: {points}").format(goods=names[o.goods[0]], points=worth))
            else:
                parts.append(_("most {goods} sold, counted together: {points}").format(
                    goods=format_list([names[g] for g in o.goods]), points=worth))
        rows.append((card, " · ".join(parts)))
    return rows


def larger_from(rules) -> int:
    """From how many players the suppliers are topped up to the larger minimum."""
    return rules.larger_game[0] if rules.larger_game else rules.max_players


class _Helpers:
    larger_from = staticmethod(larger_from)
    event_text = staticmethod(event_text)
    production_rows = staticmethod(production_rows)
    bonus_rows = staticmethod(bonus_rows)


def render_html(ruleset, lang: str | None = None, print_css: bool = False) -> str:
    """The rulebook as one self-contained HTML document."""
    from .rulebook import _font_css, environment, language

    lang = lang or ruleset.language
    with language(lang):
        env = environment()
        css = env.get_template("rulebook.css").render()
        return env.get_template("provisions_rulebook.html.j2").render(
            r=ruleset, p=_Helpers, lang=lang, css=css, font_css=_font_css() if print_css else "")


def render(ruleset, fmt: str = "md", lang: str | None = None):
    """``str`` for md and html, ``bytes`` for pdf (as :func:`rulekit.text.rulebook.render`)."""
    from .rulebook import html_to_text, render_pdf_html

    if fmt == "md":
        return html_to_text(render_html(ruleset, lang), markdown=True)
    if fmt == "html":
        return render_html(ruleset, lang)
    if fmt == "pdf":
        return render_pdf_html(render_html(ruleset, lang, print_css=True))
    raise ValueError(fmt)


def rulebook_text(ruleset, lang: str | None = None) -> str:
    """The rulebook as plain text, in the current language (the ``rules`` screen of ``rulekit play``)."""
    from .rulebook import html_to_text

    return html_to_text(render_html(ruleset, lang or i18n.get_language()), markdown=False)
