"""The rulebook of a ruleset of the Provisions family: Markdown, HTML and PDF.

Rendered from its own template, ``templates/provisions_rulebook.html.j2``, in the environment
and with the conversions of Province's rulebook (:mod:`rulekit.text.rulebook`): translatable
texts written for rulekit, every number and card read from the ruleset, the cards the rule text
does not print in tables marked as reconstructed.
"""
from __future__ import annotations

from .. import i18n
from .provisions_words import (bonus_rows, colour_name, compensation_rows, event_text, good_name, larger_from,
                               month_name, production_rows)


class _Helpers:
    larger_from = staticmethod(larger_from)
    event_text = staticmethod(event_text)
    production_rows = staticmethod(production_rows)
    bonus_rows = staticmethod(bonus_rows)
    compensation_rows = staticmethod(compensation_rows)
    good_name = staticmethod(good_name)
    month_name = staticmethod(month_name)
    colour_name = staticmethod(colour_name)

    @staticmethod
    def colour_names(colours) -> str:
        """Colours in the current language, joined with commas: « marron, jaune, bleu »."""
        return ", ".join(colour_name(c) for c in colours)


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
