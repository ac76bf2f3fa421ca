"""The MCTS bot: legal, deterministic, and it sees an obvious winning move."""
import pytest

from rulekit import engine
from rulekit.bots import RandomBot, make_bot
from rulekit.bots.mcts import MCTSBot
from rulekit.engine import compile_ruleset, new_game
from rulekit.language import load_ruleset


@pytest.fixture(scope="module")
def rs():
    return load_ruleset("province-en")


def play_legally(st, bots, actions):
    """Up to ``actions`` actions, each chosen by the bot of the current seat: every one is legal."""
    for _ in range(actions):
        if st.is_terminal():
            break
        action = bots[st.current].choose(st)
        assert action in st.legal_actions()
        st.apply(action)          # checks legality again


def test_make_bot_gives_the_mcts_bot():
    bot = make_bot("mcts", 5)
    assert isinstance(bot, MCTSBot)
    assert bot.iterations > 0


def test_plays_only_legal_actions(rs):
    st = new_game(rs, seed=4, first_player=1)
    bots = [MCTSBot(seed=1, iterations=15), RandomBot(2)]
    play_legally(st, bots, 60)
    assert bots[0].last_reason
    assert st.turn > 0


def _line(rs, seed, iterations, plies=25, bot_class=MCTSBot):
    """The actions a ``bot_class`` bot plays in the first ``plies`` of a game with both seats."""
    st = new_game(rs, seed=seed, first_player=0)
    bot = bot_class(seed=seed, iterations=iterations)
    out = []
    for _ in range(plies):
        if st.is_terminal():
            break
        a = bot.choose(st)
        out.append(a)
        st._apply(a)
    return out


def test_deterministic_for_a_seed_and_an_iteration_budget(rs):
    assert _line(rs, 3, 30) == _line(rs, 3, 30)
    st = new_game(rs, seed=9, first_player=0)
    choices = {MCTSBot(seed=s, iterations=40).choose(st) for s in range(3)}
    assert choices <= set(st.legal_actions())


def test_a_time_budget_stops_the_search(rs):
    st = new_game(rs, seed=2, first_player=0)
    bot = MCTSBot(seed=0, seconds=0.05)
    assert bot.choose(st) in st.legal_actions()
    assert bot.last_iterations >= 1


def test_a_single_legal_action_is_played_without_search(rs):
    st = new_game(rs, seed=2, first_player=0)
    # Play until a position with one legal action appears.
    bot = MCTSBot(seed=0, iterations=5)
    for _ in range(400):
        legal = st.legal_actions()
        if len(legal) == 1:
            assert bot.choose(st) == legal[0]
            assert bot.last_iterations == 0
            return
        st._apply(legal[-1])
    pytest.fail("no forced position found")


def test_bad_budgets_are_refused():
    with pytest.raises(ValueError):
        MCTSBot(iterations=0)
    with pytest.raises(ValueError):
        MCTSBot(seconds=0)


def _winning_position(rs):
    """Seat 0 to spend, one structure short of the end: building the 2-VP
    structure nobody owns wins by one; the other choices lose by one."""
    c = compile_ruleset(rs)
    st = new_game(rs, seed=1, first_player=0)
    idx = {s: i for i, s in enumerate(c.struct_ids)}
    # Seat 0 owns (first) every structure but the two 2-VP ones it could still build.
    mine = [s for s in c.struct_ids if s not in ("bank", "village")]
    st.owned[0] = sum(1 << idx[s] for s in mine)
    st.owned[1] = 1 << idx["bank"]
    for s in mine:
        st.first_builder[idx[s]] = 0
    st.first_builder[idx["bank"]] = 1
    # No goal left to draw: the game ends with this turn whatever seat 0 does.
    st.stack = []
    st.face_up = -1
    mine_vp = st.score(0)
    goals = list(range(len(c.goal_ids)))
    st.claimed[1] = goals[: mine_vp + 1 - st.score(1)]
    assert st.score(1) == mine_vp + 1
    # Enough Labor and Coin for either structure.
    total = c.coinage.totals
    purse = tuple(min(t, k) for t, k in zip(total, (5, 1, 0)))
    st.purses = [purse, (0,) * len(total)]
    st.supply = tuple(t - p for t, p in zip(total, purse))
    st.pool[st.current * st.c.n_pool + st.c.pool_ids.index("labor")] = 10
    st.phase = engine.SPENDING
    st.moved = 1
    return st, idx


def test_finds_the_winning_build(rs):
    st, idx = _winning_position(rs)
    build_village = compile_ruleset(rs).action_index[(engine.BUILD, idx["village"], 0)]
    build_bank = compile_ruleset(rs).action_index[(engine.BUILD, idx["bank"], 0)]
    legal = st.legal_actions()
    assert build_village in legal and build_bank in legal
    # Check the position does what it says.
    win = st.clone()
    win._apply(build_village)
    win._apply(compile_ruleset(rs).a_end)
    assert win.is_terminal() and win.winner() == 0
    lose = st.clone()
    lose._apply(build_bank)
    lose._apply(compile_ruleset(rs).a_end)
    assert lose.is_terminal() and lose.winner() == 1
    # The bot's turn (it may grind first: the Village is still affordable) must win.
    assert_finds_the_winning_build(rs, lambda seed: MCTSBot(seed=seed, iterations=150))


def assert_finds_the_winning_build(rs, make):
    """Bots ``make(seed)`` for three seeds each finish the turn of :func:`_winning_position`
    by building the Village (and win), never the Bank."""
    st, idx = _winning_position(rs)
    actions = compile_ruleset(rs).action_index
    build_village = actions[(engine.BUILD, idx["village"], 0)]
    build_bank = actions[(engine.BUILD, idx["bank"], 0)]
    for seed in range(3):
        bot = make(seed)
        game = st.clone()
        while not game.is_terminal():
            a = bot.choose(game)
            assert a != build_bank
            game.apply(a)
        assert game.winner() == 0
        assert build_village in game.history


@pytest.mark.parametrize("make", [lambda s: MCTSBot(seed=s, iterations=8), lambda s: make_bot("deep:6", s),
                                  lambda s: make_bot("wide:4", s)])
def test_a_three_player_game_between_search_bots_ends(make):
    """Three search bots, one per seat of province-3p: every choice legal, the game ends, and each
    seat's return is read from a vector of three."""
    rs = load_ruleset("province-3p")
    bots = [make(s) for s in range(3)]
    st = new_game(rs, seed=5, players=3)
    assert st.n_players == 3
    play_legally(st, bots, 3000)
    assert st.is_terminal()
    assert len(st.scores()) == 3 and len(st.returns()) == 3
    assert all(b.last_reason for b in bots)
