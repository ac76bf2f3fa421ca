"""Property tests (hypothesis) for the invariants of coins and games."""
import tier
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st_

from rulekit.engine import new_game
from rulekit.engine.coins import Coinage
from rulekit.language import load_ruleset

EN = Coinage((1, 5, 10), (10, 3, 1))
FR = Coinage((1, 5, 10), (8, 5, 1))


@st_.composite
def three_way_split(draw, coinage):
    """Holdings of (supply, purse, other) that together hold every coin."""
    a, b = [], []
    for total in coinage.totals:
        x = draw(st_.integers(0, total))
        y = draw(st_.integers(0, total - x))
        a.append(x)
        b.append(y)
    c = tuple(t - x - y for t, x, y in zip(coinage.totals, a, b))
    return tuple(a), tuple(b), c


@settings(max_examples=tier.games(full=300, quick=75), deadline=None)
@given(data=st_.data(), which=st_.sampled_from([EN, FR]))
def test_transfer_conserves_coins_and_value(data, which):
    a, b, c = data.draw(three_way_split(which))
    amount = data.draw(st_.integers(0, which.value(a)))
    result = which.transfer(a, b, c, amount)
    if result is None:
        return
    a2, b2, c2 = result
    for d in range(which.n):
        assert a2[d] + b2[d] + c2[d] == which.totals[d]
        assert min(a2[d], b2[d], c2[d]) >= 0
    assert which.value(a2) == which.value(a) - amount
    assert which.value(b2) == which.value(b) + amount
    assert which.value(c2) == which.value(c)


@settings(max_examples=tier.games(full=300, quick=75), deadline=None)
@given(data=st_.data(), which=st_.sampled_from([EN, FR]))
def test_exact_payment_needs_no_change(data, which):
    """When the payer can pay exactly, nobody gives coins back."""
    a, b, c = data.draw(three_way_split(which))
    sub = tuple(data.draw(st_.integers(0, x)) for x in a)
    amount = which.value(sub)
    a2, b2, c2 = which.transfer(a, b, c, amount)
    assert all(a2[d] <= a[d] for d in range(which.n))
    assert c2 == c


def _two_party_possible(coinage, a, b, amount):
    """Brute force, independent of the policy: can A and B alone move ``amount``?"""
    from itertools import product
    pool = [x + y for x, y in zip(a, b)]
    target = coinage.value(a) - amount
    return any(coinage.value(a2) == target for a2 in product(*(range(n + 1) for n in pool)))


@settings(max_examples=tier.games(full=200, quick=50), deadline=None)
@given(data=st_.data(), which=st_.sampled_from([EN, FR]))
def test_third_party_only_when_needed(data, which):
    """The opponent makes change only when the supply cannot."""
    a, b, c = data.draw(three_way_split(which))
    amount = data.draw(st_.integers(0, which.value(a)))
    result = which.transfer(a, b, c, amount)
    if _two_party_possible(which, a, b, amount):
        assert result is not None and result[2] == c
    elif result is not None:
        assert result[2] != c


@settings(max_examples=tier.games(full=60, quick=15), deadline=None)
@given(ruleset_id=st_.sampled_from(["province-en", "province-fr"]), seed=st_.integers(0, 2**32),
       choices=st_.lists(st_.integers(0, 10**6), min_size=1, max_size=300))
def test_same_seed_and_actions_same_game(ruleset_id, seed, choices):
    """The same ruleset, seed and actions always give the same game."""
    rs = load_ruleset(ruleset_id)
    games = [new_game(rs, seed=seed), new_game(rs, seed=seed)]
    for pick in choices:
        if games[0].is_terminal():
            break
        legal = games[0].legal_actions()
        assert legal == games[1].legal_actions()
        for g in games:
            g.apply(legal[pick % len(legal)])
    assert games[0] == games[1]
    assert games[0].log == games[1].log


@pytest.mark.parametrize("ruleset_id", ["province-en", "secret-objectives", "bid-for-first", "draft", "trading",
                                        "events"])
@settings(max_examples=tier.games(full=20, quick=6), deadline=None)
@given(seed=st_.integers(0, 2**32), choices=st_.lists(st_.integers(0, 10**6), min_size=1, max_size=200))
def test_clone_is_independent(ruleset_id, seed, choices):
    """A clone (and a determinization) played on leaves the original as it was: the rows are copied, the goals
    claimed, objectives, bids and pending decisions are shared until changed and then copied."""
    rs = load_ruleset(ruleset_id)
    st = new_game(rs, seed=seed)
    for pick in choices[: len(choices) // 2]:
        if st.is_terminal():
            return
        legal = st.legal_actions()
        st.apply(legal[pick % len(legal)])
    before = st.clone()
    for twin in (st.clone(), st.determinize(seed + 1)):
        for pick in choices[len(choices) // 2:]:
            if twin.is_terminal():
                break
            legal = twin.legal_actions()
            twin.apply(legal[pick % len(legal)])
        assert st == before


@pytest.mark.parametrize("ruleset_id", ["province-en", "secret-objectives", "bid-for-first", "draft", "trading",
                                        "events", "gamble"])
@settings(max_examples=tier.games(full=20, quick=6), deadline=None)
@given(seed=st_.integers(0, 2**32), choices=st_.lists(st_.integers(0, 10**6), min_size=2, max_size=200))
def test_copy_into_is_a_clone(ruleset_id, seed, choices):
    """A state copied into a reused one (copy_into: the greedy policy's scratch state, played on elsewhere
    before) is equal to a clone, with the same history and log, plays on as the clone does, and leaves the
    original as it was."""
    rs = load_ruleset(ruleset_id)
    st = new_game(rs, seed=seed)
    scratch = st.clone()
    for pick in choices[: len(choices) // 2]:
        if st.is_terminal():
            break
        legal = st.legal_actions()
        st.apply(legal[pick % len(legal)])
        scratch._apply(scratch.legal_actions()[(pick + 1) % len(scratch.legal_actions())]) \
            if not scratch.is_terminal() else None                      # another game in the scratch state
    before = st.clone()
    twin, copied = st.clone(), st.copy_into(scratch)
    assert copied is scratch
    assert copied == st and copied.key() == st.key()
    assert list(copied.history) == list(st.history) and list(copied.log) == list(st.log)
    for pick in choices[len(choices) // 2:]:
        if twin.is_terminal():
            break
        legal = twin.legal_actions()
        assert copied.legal_actions() == legal
        twin.apply(legal[pick % len(legal)])
        copied.apply(legal[pick % len(legal)])
    assert copied == twin and list(copied.log) == list(twin.log) and list(copied.history) == list(twin.history)
    assert st == before and list(st.history) == list(before.history)


@pytest.mark.parametrize("ruleset_id", ["province-en", "province-3p", "events", "trading", "gamble", "tolls"])
@settings(max_examples=tier.games(full=15, quick=5), deadline=None)
@given(seed=st_.integers(0, 2**32), choices=st_.lists(st_.integers(0, 10**6), min_size=2, max_size=200))
def test_a_muted_state_plays_the_same_game_and_keeps_no_history(ruleset_id, seed, choices):
    """State.mute (the search bots' throw-away states): the same legal actions and the same positions as a state
    that keeps its history, but an empty history and log; copy_into a muted state keeps it muted, and leaves the
    original's trails as they were."""
    rs = load_ruleset(ruleset_id)
    st = new_game(rs, seed=seed)
    muted = st.clone().mute()
    scratch = new_game(rs, seed=seed + 1).mute()
    for pick in choices:
        if st.is_terminal():
            break
        legal = st.legal_actions()
        assert muted.legal_actions() == legal
        before = list(st.history), list(st.log)
        assert st.copy_into(scratch) == st and list(scratch.history) == [] and list(scratch.log) == []
        assert (list(st.history), list(st.log)) == before
        scratch._apply(legal[pick % len(legal)])
        st.apply(legal[pick % len(legal)])
        muted.apply(legal[pick % len(legal)])
        assert muted == st and muted.key() == scratch.key()
        assert len(muted.history) == 0 and len(muted.log) == 0 and not muted.clone().history
        # a muted state's determinization (MCTS draws its simulations from one) is the state's, muted
        seen = set(st.removed).union(*st.claimed) | ({st.face_up} if st.face_up >= 0 else set())
        assert st.unseen_goals() == [g for g in range(len(st.c.goal_ids)) if g not in seen]
        det = muted.determinize(pick)
        assert det.key() == st.determinize(pick).key() and len(det.history) == 0 and len(det.log) == 0
    assert len(st.history) > 0


@settings(max_examples=tier.games(full=40, quick=10), deadline=None)
@given(seed=st_.integers(0, 2**32), other_seed=st_.integers(0, 2**32))
def test_view_hides_the_goal_stack(seed, other_seed):
    """A player's view does not depend on the order of the face-down goals."""
    rs = load_ruleset("province-en")
    st = new_game(rs, seed=seed)
    shuffled = st.determinize(other_seed)
    assert st.view(0) == shuffled.view(0)
    assert sorted(st.stack + [g for g in range(len(st.c.goal_ids)) if g not in st.stack]) == \
        list(range(len(st.c.goal_ids)))
    assert "stack" not in st.view(0)


def _reference_transfer(coinage, a, b, c, amount):
    """The change-making policy (docs/coins.md) by brute force over every pair of holdings."""
    from itertools import product
    n = coinage.n
    if amount == 0:
        return a, b, c
    pool = [a[i] + b[i] + c[i] for i in range(n)]
    best, best_key = None, None
    for a2 in product(*(range(x + 1) for x in pool)):
        if coinage.value(a2) != coinage.value(a) - amount:
            continue
        for b2 in product(*(range(x - y + 1) for x, y in zip(pool, a2))):
            if coinage.value(b2) != coinage.value(b) + amount:
                continue
            c2 = tuple(pool[i] - a2[i] - b2[i] for i in range(n))
            c_moved = sum(abs(c2[i] - c[i]) for i in range(n))
            a_gets = sum(max(0, a2[i] - a[i]) for i in range(n))
            moved = c_moved + sum(abs(a2[i] - a[i]) + abs(b2[i] - b[i]) for i in range(n))
            key = (c_moved, a_gets, moved, tuple(-x for x in reversed(a2)))
            if best_key is None or key < best_key:
                best, best_key = (tuple(a2), tuple(b2), c2), key
    return best


@settings(max_examples=tier.games(full=200, quick=50), deadline=None)
@given(data=st_.data(), which=st_.sampled_from([EN, FR, Coinage((1, 2, 5), (4, 3, 2))]))
def test_transfer_agrees_with_the_policy_by_brute_force(data, which):
    """Differential: the engine's change making (one loop when the third party is not needed) and the policy."""
    a, b, c = data.draw(three_way_split(which))
    amount = data.draw(st_.integers(0, which.value(a)))
    assert which._transfer(a, b, c, amount) == _reference_transfer(which, a, b, c, amount)


@pytest.mark.parametrize("ruleset_id", ["province-en", "province-fr", "province-3p", "secret-objectives", "events"])
@settings(max_examples=tier.games(full=15, quick=5), deadline=None)
@given(seed=st_.integers(0, 2**32), choices=st_.lists(st_.integers(0, 10**6), min_size=50, max_size=50))
def test_return_of_is_the_outcomes_return(ruleset_id, seed, choices):
    """State.return_of(p) (the search's evaluation of a finished position) is returns()[p], ties included. The
    choices repeat: a few of their cycles never build and play on without end (about 1 in 300 on province-en),
    and are set aside after 5,000 actions."""
    rs = load_ruleset(ruleset_id)
    st = new_game(rs, seed=seed)
    k = 0
    while not st.is_terminal() and k < 5000:
        legal = st.legal_actions()
        st._apply(legal[choices[k % len(choices)] % len(legal)])
        k += 1
    assume(st.is_terminal())
    assert [st.return_of(p) for p in range(st.n_players)] == list(st.returns())



@pytest.mark.parametrize("ruleset_id", ["province-en", "province-3p", "secret-objectives", "events", "trading",
                                        "bid-for-first", "draft"])
@settings(max_examples=tier.games(full=10, quick=4), deadline=None)
@given(seed=st_.integers(0, 2**32), choices=st_.lists(st_.integers(0, 10**6), min_size=60, max_size=60))
def test_sharing_the_rest_of_the_key_means_an_equal_rest(ruleset_id, seed, choices):
    """State._shares_rest (turn_plans then keys a position by its integers alone): only when the fields key() adds
    after the integers are equal; and a clone shares them with its original until one of them changes."""
    st = new_game(load_ruleset(ruleset_id), seed=seed)
    first = st.clone()
    assert first._shares_rest(st)
    shared = 0
    for k in range(60):
        if st.is_terminal():
            break
        legal = st.legal_actions()
        st._apply(legal[choices[k] % len(legal)])
        if st._shares_rest(first):
            shared += 1
            assert st.key()[1:] == first.key()[1:]
        if st.turn != first.turn:
            first = st.clone()
    assert shared or st.is_terminal() or k < 2


def _coins_end_variant(tmp_path_factory):
    """province-en with a first end condition a move's yield can meet (coin value): not Condition.static, so
    State._apply checks the end after every action (end_static false)."""
    from scenario import variant
    data = load_ruleset("province-en").data
    path = variant(tmp_path_factory.mktemp("coins-end"), {"end": {"conditions": [
        {"player_condition": {"metric": "coin_value", "at_least": 9}}] + list(data["end"]["conditions"])}},
        name="coins-end")
    return load_ruleset(path)


@pytest.mark.parametrize("ruleset_id", ["province-en", "province-fr", "province-3p", "events", "trading", "tolls",
                                        "secret-objectives", "eight-rounds", "coins-end"])
@settings(max_examples=tier.games(full=10, quick=4), deadline=None)
@given(seed=st_.integers(0, 2**32), choices=st_.lists(st_.integers(0, 10**6), min_size=120, max_size=120))
def test_after_every_action_the_checks_it_skips_would_find_nothing(tmp_path_factory, ruleset_id, seed, choices):
    """What lets a muted state (State._checks) skip checks (a condition only a build changes,
    Condition.static; the end's, end_static; all after the move to the spending phase): after every action on it,
    the face-up goal checked at once is met by nobody, and no end condition holds unless the game is ending; and it
    plays the same game as a state that checks everything."""
    rs = _coins_end_variant(tmp_path_factory) if ruleset_id == "coins-end" else load_ruleset(ruleset_id)
    full = new_game(rs, seed=seed)
    st = full.clone().mute()
    c = st.c
    assert c.end_static == (ruleset_id != "coins-end")
    for pick in choices:
        if st.is_terminal():
            break
        legal = st.legal_actions()
        assert full.legal_actions() == legal
        st._apply(legal[pick % len(legal)])
        full._apply(legal[pick % len(legal)])
        assert st.key() == full.key()
        if st.pending or st.is_terminal():
            continue
        g = st.face_up
        if g >= 0 and not c.goal_at_end[g]:
            assert not any(c.goal_cond[g].holds(st, p) for p in range(c.n_players)), (c.goal_ids[g], st.history)
        assert st.ending or st.end_conditions_met() == [], list(st.history)


def test_a_static_condition_reads_only_the_structures_built():
    """Condition.static (checked after a build only): the structures and owns metrics, and all / any / not of them;
    never a measure a move, a payment or a turn changes, nor a comparison with the other players."""
    from rulekit.engine.game import Condition, compile_ruleset
    c = compile_ruleset(load_ruleset("province-en"))
    assert {g: cond.static for g, cond in zip(c.goal_ids, c.goal_cond)} == {
        "workers": False, "labor": False, "structure": True, "coin5": False, "two_vp": True, "crowd": False,
        "spending": False, "grind": False, "coin10": False}
    owns = {"metric": "owns", "structure": c.struct_ids[0], "at_least": 1}
    built = {"metric": "structures", "at_least": 2}
    coins = {"metric": "coin_value", "at_least": 3}
    assert Condition(c, owns).static and Condition(c, {"all": [owns, built]}).static
    assert Condition(c, {"not": built}).static and not Condition(c, {"any": [built, coins]}).static
    assert not Condition(c, {**built, "compare": "most"}).static


@pytest.mark.parametrize("ruleset_id", ["province-en", "province-3p"])
def test_a_condition_of_this_turn_is_met_by_the_player_whose_turn_it_is_alone(ruleset_id):
    """Condition.current_only (State._check_goals then asks nobody else): a measure of this turn alone (resources
    earned, coins spent, conversions made) that must be above 0, or all / any of such. Every other player measures 0:
    in every position of random games nobody else meets it, while the player whose turn it is sometimes does."""
    import random

    from rulekit.engine.game import Condition, compile_ruleset
    rs = load_ruleset(ruleset_id)
    c = compile_ruleset(rs)
    assert {g: cond.current_only for g, cond in zip(c.goal_ids, c.goal_cond)} == {
        "workers": False, "labor": True, "structure": False, "coin5": False, "two_vp": False, "crowd": False,
        "spending": True, "grind": True, "coin10": False}
    labor, spending, coins = (c.goal_cond[c.goal_ids.index(g)].spec for g in ("labor", "spending", "coin5"))
    assert Condition(c, {"all": [labor, coins]}).current_only and not Condition(c, {"any": [labor, coins]}).current_only
    assert Condition(c, {"any": [labor, spending]}).current_only and not Condition(c, {"not": labor}).current_only
    assert not Condition(c, {**labor, "at_least": 0}).current_only          # 0 is everyone's measure
    assert not Condition(c, {**labor, "compare": "most"}).current_only
    conds = [cond for cond in c.goal_cond if cond.current_only] + [Condition(c, {"all": [labor, coins]}),
                                                                   Condition(c, {"any": [labor, spending]})]
    met = 0
    for seed in range(3):
        st = new_game(rs, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            for cond in conds:
                for p in range(c.n_players):
                    if p != st.current:
                        assert not cond.holds(st, p) and not cond.met(st, p), (cond.spec, list(st.history))
                met += cond.holds(st, st.current)
            st._apply(rng.choice(st.legal_actions()))
    assert met
