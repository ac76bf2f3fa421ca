"""Helpers shared by the tests of ``rulekit play`` and ``rulekit replay``."""
from __future__ import annotations

from click.testing import CliRunner

from rulekit import i18n
from rulekit.cli import cli
from rulekit.engine import new_game
from rulekit.language import load_ruleset
from rulekit.play import bot_choose

NO_LOCALE_ENV = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": None, "RULEKIT_LOCALES": None, "NO_COLOR": None}


def run(args, input=None, **env):
    """``rulekit ARGS`` through CliRunner (stdin is not a terminal: scripted play)."""
    return CliRunner().invoke(cli, args, input=input, env={**NO_LOCALE_ENV, **env}, catch_exceptions=False)


def library_game(ruleset_id, seed, players=("bot:greedy", "bot:greedy"), first_player=None):
    """Play a whole game through the library, the computer moves seeded as ``rulekit play`` seeds them
    (one player a seat: ``players`` sets the number of players)."""
    rs = load_ruleset(ruleset_id)
    st = new_game(rs, seed=seed, first_player=first_player, players=len(players))
    while not st.is_terminal():
        action, _reason = bot_choose(players[st.current], st, seed)
        st.apply(action)
    return rs, st


def script_of(state, upto=None) -> str:
    notations = [state.notation(a) for a in state.history]
    if upto is not None:
        notations = notations[:upto]
    return "".join(n + "\n" for n in notations)


def score_rows(output: str, seats: int = 2) -> dict:
    """The end screen's score table: {label: [seat 0, seat 1, …]} (the minus sign read as '-'): the lines
    ending with ``seats`` numbers after a label."""
    rows = {}
    for line in output.splitlines():
        parts = line.split()
        if len(parts) > seats and all(p.lstrip("−-").isdigit() for p in parts[-seats:]):
            label = " ".join(parts[:-seats])
            rows[label] = [int(p.replace("−", "-")) for p in parts[-seats:]]
    return rows


def localized_script(ruleset, record, lang) -> str:
    """The actions of ``record`` (canonical notation) as typed in ``lang``'s notation, one per line."""
    from rulekit.play.notation import for_compiled

    st = new_game(ruleset, seed=record.seed, first_player=record.first_player, players=len(record.players) or None)
    saved = i18n.get_language()
    i18n.set_language(lang)
    try:
        table = for_compiled(st.c, lang)
        lines = []
        for text in record.actions:
            action = st.parse(text)
            lines.append(table.of(action))
            st._apply(action)
    finally:
        i18n.set_language(saved)
    return "".join(line + "\n" for line in lines)
