"""French agreement and elision come from the names' data, never from an English pattern.

Every structure, good and objective card name of every bundled ruleset, rendered in French through
every message that takes a name of its kind (rulekit_tools.agreement): the article and the elision
are the name's own (« la Forge », « l’Équipement »), and the words that agree with it change with its
gender (« la Forge … (elle lui rapporte 2 PV) »). The language gate (.ci/checks/40-language,
``langcheck --agreement``) gives the same rendered sentences to Grammalecte.
"""
from __future__ import annotations

from rulekit.i18n import Message, language
from rulekit.language import load_ruleset
from rulekit_tools import agreement


def test_every_kind_has_names_of_both_genders_and_every_name_its_gender():
    names = agreement.names()
    with language("fr"):
        for kind in ("structure", "good"):
            assert {n.form("gender").split(".")[0] for n in names[kind]} == {"m", "f"}, kind
        assert all(n.form("gender") for kind in names for n in names[kind]), "a name without its gender"
    assert len(names["structure"]) >= 10 and len(names["good"]) == 8 and len(names["objective"]) == 6
    assert len(agreement.messages()) > 40


def test_articles_and_elision_follow_the_names_data():
    bad = agreement.article_problems()
    assert not bad, "\n".join(bad[:20])


def test_words_that_agree_change_with_the_gender():
    bad = agreement.agreement_problems()
    assert not bad, "\n".join(bad)


def test_the_checks_find_an_english_pattern():
    """The agreement check is real: the old « (il lui rapporte …) » for every structure is found."""
    text = "{player.subject} construit {structure.the} pour {cost} (il lui rapporte {vp})."
    with language("fr"):
        names = agreement.names()["structure"]
        male = next(n for n in names if n.form("gender") == "m")
        female = next(n for n in names if n.form("gender") == "f")
        fields = {"player", "structure", "cost", "vp"}
        assert agreement.render(text, fields, {"structure": male}).endswith("(il lui rapporte 2).")
        assert agreement.render(text, fields, {"structure": female}).endswith("(il lui rapporte 2).")


def test_known_sentences_agree():
    names = agreement.names()
    with language("fr"):
        smithy = next(n for n in names["structure"] if n.source == "Smithy")
        harbor = next(n for n in names["structure"] if n.source == "Harbor")
        line = Message(next(s for e, ss, _f in agreement.messages()
                            if e == "You may hire a sailor only in a turn in which the ship result allows it and "
                                    "you own the {structure} or have borrowed it." for s in ss))
        assert line.format(structure=smithy).endswith("si vous possédez la Forge ou l’avez empruntée.")
        assert line.format(structure=harbor).endswith("si vous possédez le Port ou l’avez emprunté.")
        from rulekit.text.provisions_words import bonus_rows

        text = " · ".join(t for _card, t in bonus_rows(load_ruleset("provisions-1849")))
        assert "le plus d’équipement vendu\u202f:" in text
        assert "le plus de farine vendue\u202f:" in text
        assert "le plus de pommes de terre vendues\u202f:" in text
        assert "le plus de haricots vendus\u202f:" in text
        assert "de équipement" not in text and "équipement vendus" not in text and "Farine" not in text


def test_an_agreement_picks_the_gender_and_defaults_to_the_first_word():
    with language("fr"):
        smithy = next(n for n in agreement.names()["structure"] if n.source == "Smithy")
        assert Message("{=s:m=il|f=elle}").format(s=smithy) == "elle"
        assert Message("{=s:m=il|f=elle}").format(s="Brasserie") == "il"     # a plain name: no gender written
    with language("en"):
        assert Message("{=s:m=il|f=elle}").format(s=smithy) == "il"


def test_an_amount_after_one_of_the_same_resource_is_said_without_its_noun():
    """Review 4, item 40 (F24): « 2 Pièces au lieu d’une », from the resource's gender (« une Pièce »,
    « un point d’Ouvrage »); an amount of another resource keeps its noun."""
    from rulekit.language.province_model import Amount
    from rulekit.text import sentences as s

    data = load_ruleset("province-fr").data
    with language("fr"):
        assert Message("au lieu {usual.de_alone}").format(
            usual=s.amount_instead_of(Amount.of({"coin": 1}), Amount.of({"coin": 2}), data)) == "au lieu d’une"
        assert Message("au lieu {usual.de_alone}").format(
            usual=s.amount_instead_of(Amount.of({"labor": 1}), Amount.of({"labor": 2}), data)) == "au lieu d’un"
        assert Message("au lieu {usual.de_alone}").format(
            usual=s.amount_instead_of(Amount.of({"coin": 2}), Amount.of({"coin": 3}), data)) == "au lieu de 2"
        assert Message("au lieu {usual.de_alone}").format(
            usual=s.amount_instead_of(Amount.of({"coin": 1}), Amount.of({"labor": 1}), data)) == "au lieu de 1\u00a0Pièce"
        text = " ".join(s.effect_sentence(data, e) for st in data["structures"].values()
                        for e in st.get("effects") or ())
    assert "Pièces au lieu d’une." in text and "au lieu de 1" not in text


def test_a_worker_counted_in_the_components_has_a_figure():
    """Review 4, item 41 (F29): « 1 Ouvrier Jaune (lié au Camp) », a figure as for « 3 Ouvriers Verts »:
    the worker's form ``one``, a singular without article."""
    from rulekit.text.rulebook import render_markdown

    page = render_markdown(load_ruleset("province-fr"), "fr")
    assert "- 1 Ouvrier Jaune (lié au Camp)." in page and "- un Ouvrier Jaune" not in page
    with language("fr"):
        names = agreement.names()
        assert all(n.form("gender") for n in names["structure"])
        from rulekit.text.sentences import resource_name
        data = load_ruleset("province-fr").data
        assert {resource_name(data, r).form("gender") for r in ("labor", "coin")} == {"m", "f"}


def test_no_vp_is_said_aucun_pv():
    """Review 4, item 13: a structure worth 0 VP is « (aucun PV) » in the log and the choice line, and
    « le Port ne rapporte aucun PV mais donne… » in the reasons (the VP's ``count`` form, ``zero``)."""
    from rulekit.i18n import _
    from rulekit.play.screen import vp_text

    with language("fr"):
        harbor = next(n for n in agreement.names()["structure"] if n.source == "Harbor")
        why = _("the {structure} is worth {vp} and gives {effect}")
        assert why.format(structure=harbor, vp=vp_text(0), effect="le revenu des Pions Bateaux") == \
            "le Port ne rapporte aucun PV mais donne le revenu des Pions Bateaux"
        assert why.format(structure=harbor, vp=vp_text(1), effect="le revenu des Pions Bateaux") == \
            "le Port rapporte 1\u00a0PV et donne le revenu des Pions Bateaux".replace("\u00a0", vp_text(1)[1:2])
        assert _("{player} builds the {structure} for {cost} (worth {vp}).").format(
            player="L’ordinateur", structure=harbor, cost="1 Pièce", vp=vp_text(0)) == \
            "L’ordinateur construit le Port pour 1 Pièce (aucun PV)."
        assert _("Build the {structure}: pay {cost}; worth {vp} to you").format(
            structure=harbor, cost="1 Pièce", vp=vp_text(0)) == "Construire le Port pour 1 Pièce (aucun PV)"
        assert vp_text(0) == vp_text(0).replace("aucun", "") and "0" in vp_text(0)     # a score stays « 0 PV »
