"""The translation functions and the formatting of translated messages.

``_``/``gettext``, ``ngettext``, ``pgettext``, ``npgettext`` and ``N_`` return
a :class:`Message`, whose ``.format`` understands the forms of a :class:`Name`
(``{structure.the}`` -> "la Guilde") and the French elision (``{coins.de}``);
numbers and lists are formatted by Babel in the current language.

>>> from rulekit.i18n import set_language
>>> set_language("en")
>>> ngettext("%(num)d coin", "%(num)d coins", 2) % {"num": 2}
'2 coins'
>>> format_list(["A", "B", "C"])
'A, B, and C'
"""
from __future__ import annotations

import re
import string
from _string import formatter_field_name_split as _formatter_field_name_split

from babel import Locale, UnknownLocaleError

from .catalogs import _current, babel_locale, get_language, has_translation, lang_chain
from .pseudo import PSEUDO_LANGUAGE, _accent


# ---------------------------------------------------------------------------
# The translation functions


#: The letters before which French elides « de » into « d’ ». A word starting
#: with h is not elided: whether its h is mute is not written in the word.
_FRENCH_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæ")


def elide_de(text: str, elides: bool | None = None) -> str:
    """French « de » before ``text``: « d’Ouvrage », « d’Or », « de Pièces »; joined
    with an article: « du joueur 1 » (« de le »), « des Pièces » (« de les »).

    ``elides`` says whether the word takes the elision, when the data says so
    (a name whose article form is « l’… »: see :meth:`Name.elides`); without it
    the first letter decides (a vowel elides, an *h* never does)."""
    text = text.strip()
    for article, joined in (("le ", "du "), ("les ", "des ")):
        if text.startswith(article):
            return joined + text[len(article):]
    if elides is None:
        elides = text[:1].lower() in _FRENCH_VOWELS
    return f"d’{text}" if elides else f"de {text}"


class _Agreement:
    """A word that agrees with a name (``{=structure:m=il|f=elle}``): see :class:`_MessageFormatter`."""

    def __init__(self, value):
        self.value = value

    def choose(self, spec: str) -> str:
        keys = {self.value.form("gender"), self.value.form("count")} - {""} if isinstance(self.value, Name) else set()
        options = [part.partition("=") for part in spec.split("|")]
        for key, _sep, word in options:
            if key.strip() in keys:
                return word
        return options[0][2] if options else ""


class _MessageFormatter(string.Formatter):
    """Formats a translated message. Besides Python's fields, a translation may
    write ``{structure.the}``: the form a :class:`Name` has for that word
    ("la Guilde"); ``{reason.inner}``: the value starting with a small letter
    (a sentence quoted inside another, after a colon); ``{token_of.omit}``:
    nothing (a translation that does not need the value, such as the French
    « la Pièce d’Emprunt » for "the Lender token"); ``{coins.de}``, ``{coins.de_plural}``
    (``de_`` and any form): the value, or that form of it, after the French « de »,
    elided before a vowel (« de Pièces », « d’Or »). A value that has no such
    form (a plain string) is shown as it is.

    Agreement: ``{=structure:m=il|f=elle}`` is not a placeholder but a word
    that agrees with the name in ``{structure}``: the word after the gender
    its ``gender`` form gives (or its ``count``: ``zero`` for no VP)
    (from the catalog: ``msgctxt "structure:gender"``,
    « f » for *Smithy*, « la Forge »), the first word when the name has no
    gender written (a plain string, a house rule's name). Genders are the
    language's own short words (French: ``m``, ``f``, ``m.pl``, ``f.pl`` for
    a name in the plural, « les Haricots »)."""

    def get_field(self, field_name, args, kwargs):
        if field_name.startswith("="):
            return _Agreement(self.get_value(field_name[1:], args, kwargs)), field_name
        first, rest = _formatter_field_name_split(field_name)
        obj = self.get_value(first, args, kwargs)
        for is_attr, key in rest:
            if is_attr and key == "omit":
                obj = ""
            elif is_attr and key == "inner" and isinstance(obj, Name) and "inner" in NAME_FORMS.get(obj.kind, ()):
                obj = obj.form("inner")       # a name with a form inside a sentence (a ship result)
            elif is_attr and key == "inner":
                # a sentence, not a name (names keep their capital: "Forge")
                text = str(obj)
                if not isinstance(obj, Name) and text[:1].isupper() and not text[1:2].isupper():
                    text = text[:1].lower() + text[1:]
                obj = text
            elif is_attr and (key == "de" or key.startswith("de_") and key[3:] in _ALL_FORMS):
                form = key[3:]
                elides = obj.elides() if isinstance(obj, Name) and not form else None
                obj = elide_de(obj.form(form) if form and isinstance(obj, Name) else str(obj), elides)
            elif is_attr and key in _ALL_FORMS:
                obj = obj.form(key) if isinstance(obj, Name) else obj
            elif is_attr:
                obj = getattr(obj, key)
            else:
                obj = obj[key]
        return obj, first

    def format_field(self, value, format_spec):
        if isinstance(value, _Agreement):
            return value.choose(format_spec)
        return super().format_field(value, format_spec)


class Message(str):
    """A translated message: ``.format`` understands name forms (see :class:`Name`)."""

    def format(self, *args, **kwargs):
        return _FORMATTER.vformat(str(self), args, kwargs)


_FORMATTER = _MessageFormatter()


def gettext(message: str) -> str:
    return Message(_current["translations"].gettext(message))


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    return Message(_current["translations"].ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    return Message(_current["translations"].pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return Message(_current["translations"].npgettext(context, singular, plural, n))


def N_(message: str) -> str:
    """Mark a string for extraction; translate it later with ``_``."""
    return message


def install_jinja(env) -> None:
    """Give a Jinja environment (with ``jinja2.ext.i18n``) these translation functions.

    Templates use ``{% trans %}`` blocks or ``_()``, with whitespace trimmed
    (the same policy as the extraction in ``babel.cfg``).
    """
    env.policies["ext.i18n.trimmed"] = True
    # Not "newstyle": the functions return a Message as they are, whose
    # ``.format`` knows name forms ({structure.the}); Jinja then escapes the
    # formatted text as a whole (no translation holds markup).
    env.install_gettext_callables(
        gettext, ngettext, newstyle=False, pgettext=pgettext, npgettext=npgettext
    )


# ---------------------------------------------------------------------------
# Formatting through Babel


def format_number(number) -> str:
    """``12345`` -> ``12,345`` in English, ``12 345`` in French."""
    from babel.numbers import format_decimal

    return format_decimal(number, locale=babel_locale())


def format_list(items, style: str = "standard") -> str:
    """``["A", "B", "C"]`` -> ``A, B, and C`` in English, ``A, B et C`` in French."""
    from babel.lists import format_list as _format_list

    items = [str(i) for i in items]
    if get_language() != PSEUDO_LANGUAGE or len(items) < 2:
        return _format_list(items, style=style, locale=babel_locale())
    # Pseudo-locale: the English pattern, its glue words pseudo-localized.
    marks = [f"\x00{i}\x00" for i in range(len(items))]
    pattern = _format_list(marks, style=style, locale="en")
    parts = re.split("\x00(\\d+)\x00", pattern)
    out = []
    for i, part in enumerate(parts):
        out.append(items[int(part)] if i % 2 else _accent(part))
    return "".join(out)


#: The grammatical forms a name of each kind has, used in a translation as an
#: attribute: ``{structure.the}`` -> "la Guilde", ``{worker.a}`` -> "un Ouvrier
#: Vert", ``{worker.one}`` -> "Ouvrier Vert" (one, after a figure: « 1 Ouvrier Vert »),
#: ``{worker.plural}`` -> "Ouvriers Verts"; ``short`` is the word typed
#: in the notation ("revenu" for "la Zone de Revenu"). A form comes from the catalog
#: (context ``structure:the``, the English name as msgid), else from the name's
#: own ``name:`` mapping in the ruleset, else from a template (context
#: ``structure:the``, msgid ``the {name}``) that every language translates.
NAME_FORMS = {
    "structure": ("the", "gender"),
    "worker": ("the", "a", "one", "plural", "short", "gender"),
    "space": ("the", "short"),
    # a conversion done once or more: « une Corvée », « Corvée », « Corvées » (an exchange named
    # in the plural, done once); ``short`` is its word in the notation (« corvée »)
    "conversion": ("a", "one", "plural", "short"),
    "player": ("subject", "the"),
    "resource": ("one", "plural", "the", "heading", "gender"),
    # an amount ("1 Coin"), and the same said without its noun after another amount of the same
    # resource: "one" (« 2 Pièces au lieu d’une »); an amount of another resource keeps its noun
    "amount": ("alone",),
    # the player who casts, inside a sentence: "the Harbormaster" / « le Maître du Port »
    "holder": ("the",),
    # a ship result inside a sentence, after a colon: « lancés : deux noirs »
    "outcome": ("inner",),
    # the Provisions family's goods (« l’Équipement », « les Haricots »), secret objectives'
    # missions and event cards: their article and their gender
    "good": ("the", "gender"),
    "objective": ("the", "gender"),
    "deck": ("the", "gender"),
    "goal": ("gender",),
    # a number of VP: ``none``, how no VP is said inside a sentence ("no VP", « aucun PV »); its
    # ``count`` is ``zero`` (an agreement can read it: « {=vp:n=rapporte|zero=ne rapporte} »)
    "vp": ("none", "count"),
}
#: The forms that are not words but facts about the word: its grammatical gender (and
#: number), read by the agreement ``{=name:m=…|f=…}``. A name without one has none ("").
GRAMMAR_FORMS = frozenset({"gender", "count"})
_ALL_FORMS = frozenset(spec for specs in NAME_FORMS.values() for spec in specs)


def _form_templates() -> dict:
    """The templates of the forms a name has no translation for (see :data:`NAME_FORMS`)."""
    return {
        ("structure", "the"): pgettext("structure:the", "the {name}"),
        ("worker", "the"): pgettext("worker:the", "the {name} worker"),
        ("worker", "a"): pgettext("worker:a", "a {name} worker"),
        ("worker", "one"): pgettext("worker:one", "{name} worker"),
        ("worker", "plural"): pgettext("worker:plural", "{name} workers"),
        ("space", "the"): pgettext("space:the", "the {name} space"),
        ("worker", "short"): pgettext("worker:short", "{name}"),
        ("space", "short"): pgettext("space:short", "{name}"),
        ("conversion", "a"): pgettext("conversion:a", "{name}"),
        ("conversion", "one"): pgettext("conversion:one", "{name}"),
        ("conversion", "plural"): pgettext("conversion:plural", "{name}"),
        ("conversion", "short"): pgettext("conversion:short", "{name}"),
        ("resource", "one"): pgettext("resource:one", "{name}"),
        ("resource", "plural"): pgettext("resource:plural", "{name}"),
        ("resource", "the"): pgettext("resource:the", "{name}"),
        ("resource", "heading"): pgettext("resource:heading", "{name}"),
        ("holder", "the"): pgettext("holder:the", "the {name}"),
        ("outcome", "inner"): pgettext("outcome:inner", "{name}"),
    }


class Name(str):
    """A name shown to the player, which knows its grammatical forms.

    It is a plain string (its bare form); in a translated template an
    attribute picks a form: ``"construit {structure.the}"``. A list of names joined
    with :func:`join_names` keeps the forms (each form joined).
    """

    def __new__(cls, text: str, kind: str = "", source: str = "", forms=None):
        obj = super().__new__(cls, text)
        obj.kind = kind
        obj.source = source or text
        obj.own_forms = dict(forms or {})
        return obj

    def __getattr__(self, attr: str):
        # {structure.the} through any formatter (Jinja's too), not only Message.format
        if attr in _ALL_FORMS:
            return self.form(attr)
        raise AttributeError(attr)

    def form(self, spec: str) -> str:
        if spec not in NAME_FORMS.get(self.kind, ()):
            return "" if spec in GRAMMAR_FORMS else str(self)
        if spec in self.own_forms:
            return self.own_forms[spec]
        context = f"{self.kind}:{spec}"
        if self.source and has_translation(context, self.source):
            return pgettext(context, self.source)
        if spec in GRAMMAR_FORMS:
            return ""
        template = _form_templates().get((self.kind, spec))
        return template.format(name=str(self)) if template else str(self)

    def elides(self) -> bool | None:
        """Whether the name takes the elision (« d’Équipement »), as its article form writes it
        (« l’Équipement », « l’Hospice »: yes; « la Farine », « le Haricot »: no); None when no
        article form is written for it (the first letter then decides: :func:`elide_de`)."""
        if "the" not in NAME_FORMS.get(self.kind, ()):
            return None
        context = self.kind + ":the"
        if "the" in self.own_forms:
            article = self.own_forms["the"]
        elif self.source and has_translation(context, self.source):
            article = pgettext(context, self.source)
        else:
            return None
        return article[:2].lower() in ("l’", "l'")


def join_names(names, style: str = "standard") -> str:
    """Names joined with Babel's list pattern ("A, B et C"), keeping their forms."""
    names = list(names)
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    text = format_list([str(n) for n in names], style=style)
    kinds = {getattr(n, "kind", "") for n in names}
    if len(kinds) != 1 or not all(isinstance(n, Name) for n in names):
        return text
    kind = kinds.pop()
    forms = {spec: format_list([n.form(spec) for n in names], style=style)
             for spec in NAME_FORMS.get(kind, ()) if spec not in GRAMMAR_FORMS}
    if "gender" in NAME_FORMS.get(kind, ()):
        # several names together are plural: of their gender when they share one (« la Farine et
        # les Lanternes »: f.pl), else of none (an agreement then takes its first word)
        genders = {n.form("gender").split(".")[0] for n in names}
        forms["gender"] = f"{genders.pop()}.pl" if len(genders) == 1 and "" not in genders else ""
    return Name(text, kind, text, forms)


def language_name(lang: str) -> str:
    """The name of ``lang`` in the current language (``fr`` -> ``French`` / ``français``)."""
    if lang == PSEUDO_LANGUAGE:
        return _("pseudo-localized English")
    for code in lang_chain(lang):
        try:
            return Locale.parse(code).get_display_name(babel_locale()) or lang
        except (UnknownLocaleError, ValueError):
            continue
    return lang
