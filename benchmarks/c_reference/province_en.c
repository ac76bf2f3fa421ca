/* A hand-written C engine of province-en, as rulekit plays it: the benchmark's reference.
 *
 * Not part of the package: benchmarks/bench_c_reference.py compares rulekit's compiled core with it, and
 * benchmarks/c_reference/verify.py holds it to rulekit game by game (same legal actions, in the same order,
 * and the same final scores). Every rule is written out for rulesets/province-en.yaml alone; every reading
 * follows rulekit/engine/game.py and coins.py (the change-making policy, the Lender, the Harbor's ships and
 * sailors, the goals and when they are checked, the end of the game, the order of the legal actions).
 * Plain structs and arrays, the workers and structures as bit sets; nothing is allocated while a game is
 * played. Each search of the coins (a payment, an earning, an exchange, for a pair of purses and an amount) is
 * made once and kept in a table, as rulekit keeps its own.
 *
 *     cc -O3 -o province_en province_en.c      (-O3: as Python builds the compiled core)
 *     province_en bench GAMES [REPEAT]  random games from seeds 0 to GAMES - 1 (the first player seed % 2),
 *                                       REPEAT times over (default 1); prints games, actions, CPU seconds
 *     province_en playout GAMES         the same games, one line each: seed, actions, turns, scores
 *     province_en verify < LOG          replays LOG (verify.py writes it) and checks every step
 *
 * The random choices are rulekit's State.playout(seed)'s: a SplitMix64 generator seeded with
 * seed * GOLDEN + MIX2, each choice legal[x % n]; the game's own draws (the goals' shuffle, the ships' cast)
 * come from the game's SplitMix64 generator, started as rulekit starts it (rng.start(seed, 0x1234567)).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GOLDEN 0x9E3779B97F4A7C15ULL
#define MIX1 0xBF58476D1CE4E5B9ULL
#define MIX2 0x94D049BB133111EBULL

/* ------------------------------------------------------------------ the rules, as data of this one ruleset */
enum { WORK, SPENDING, OVER };
enum { N_STRUCT = 8, N_WORKERS = 11, N_SPACES = 3, N_GOALS = 9, GOALS_DRAWN = 5, TOKENS = 7 };
enum { LENDER, BANK, CAMP, VILLAGE, MILL, SMITHY, UNION, HARBOR };
enum { K_GREEN, K_CAMP, K_VILLAGE, K_SAILOR };
enum { SP_LABOR_TOP, SP_COIN, SP_LABOR_LOW };
enum { G_WORKERS, G_LABOR, G_STRUCTURE, G_COIN5, G_TWO_VP, G_CROWD, G_SPENDING, G_GRIND, G_COIN10 };
/* Actions: rulekit's table for province-en, in its order. */
enum {
    A_MOVE = 0,          /* kind * 3 + space: 0..11 */
    A_BUILD = 12,        /* + structure */
    A_BORROW = 20,       /* + structure */
    A_GRIND = 28, A_UNION = 29, A_HIRE = 30, A_REPAY = 31,
    A_EXCHANGE_GOLD = 32, A_EXCHANGE_PLATINUM = 33, A_SPEND = 34, A_END = 35, N_ACTIONS = 36
};

static const char *const NOTATION[N_ACTIONS] = {
    "move green@labor_top", "move green@coin", "move green@labor_low",
    "move camp@labor_top", "move camp@coin", "move camp@labor_low",
    "move village@labor_top", "move village@coin", "move village@labor_low",
    "move sailor@labor_top", "move sailor@coin", "move sailor@labor_low",
    "build lender", "build bank", "build camp", "build village", "build mill", "build smithy", "build union",
    "build harbor",
    "borrow lender", "borrow bank", "borrow camp", "borrow village", "borrow mill", "borrow smithy",
    "borrow union", "borrow harbor",
    "grind", "union", "hire", "repay", "exchange gold", "exchange platinum", "spend", "end",
};

static const int COST_LABOR[N_STRUCT] = {2, 1, 3, 4, 3, 3, 3, 1};
static const int COST_COIN[N_STRUCT] = {2, 4, 3, 3, 2, 2, 2, 2};
static const int VP_FIRST[N_STRUCT] = {1, 2, 1, 2, 1, 2, 1, 1};      /* a later builder gets 0 */
static const int REQUIRES[N_STRUCT] = {0, 1 << LENDER, 0, 1 << CAMP, 0, 1 << MILL, 0, 0};
static const int WORKER_KIND[N_WORKERS] = {0, 0, 0, 1, 2, 3, 3, 3, 3, 3, 3};
static const int WORKER_SEAT[N_WORKERS] = {-1, -1, -1, -1, -1, 0, 0, 0, 1, 1, 1};   /* the sailors' supplies */
#define GREEN_WORKERS 0x7
static const int KIND_WORKERS[4] = {0x7, 0x8, 0x10, 0x7E0};
#define CAMP_WORKER 3
#define VILLAGE_WORKER 4
#define SAILORS 0x7E0
#define SAILOR_COST 3
#define SAILORS_ON_CYCLE 3
#define REPAY_COIN 3
#define LENDER_PENALTY 2
#define CONVERSIONS_CAP 100        /* rulekit's MAX_CONVERSIONS_PER_TURN */

/* ------------------------------------------------------------------ coins */
/* Holdings of the coins 1 (10 of them), 5 (3) and 10 (1): index (ones * 4 + fives) * 2 + tens, 88 of them. */
enum { N_DENOM = 3, N_HOLD = 88, TOTAL_VALUE = 35 };
static const int DVALUE[N_DENOM] = {1, 5, 10};
static const int PLACE[N_DENOM] = {8, 2, 1};
static int hcount[N_HOLD][N_DENOM];
static int hvalue[N_HOLD];
static int vitems[N_HOLD];            /* the holdings by value, then index */
static int vstart[TOTAL_VALUE + 2];
static int full_supply;

static void coins_init(void)
{
    int i, v, n = 0;
    for (i = 0; i < N_HOLD; i++) {
        hcount[i][0] = i / 8;
        hcount[i][1] = i / 2 % 4;
        hcount[i][2] = i % 2;
        hvalue[i] = hcount[i][0] + 5 * hcount[i][1] + 10 * hcount[i][2];
    }
    for (v = 0; v <= TOTAL_VALUE; v++) {
        vstart[v] = n;
        for (i = 0; i < N_HOLD; i++)
            if (hvalue[i] == v)
                vitems[n++] = i;
    }
    vstart[TOTAL_VALUE + 1] = n;
    full_supply = (10 * 4 + 3) * 2 + 1;
}

/* Whether A's new holding x ranks before the best so far (the policy's keys, docs/coins.md). */
static int better(int c_moved, int a_gets, int moved, int x, int best_c, int best_gets, int best_moved, int best)
{
    int i;
    if (c_moved != best_c)
        return c_moved < best_c;
    if (a_gets != best_gets)
        return a_gets < best_gets;
    if (moved != best_moved)
        return moved < best_moved;
    for (i = N_DENOM - 1; i >= 0; i--)
        if (hcount[x][i] != hcount[best][i])
            return hcount[x][i] > hcount[best][i];
    return 0;
}

/* Move `amount` of value from holding *a to *b, *c making change if it must; 0 where the coins cannot. */
static int transfer(int *a, int *b, int *c, int amount)
{
    int ia = *a, ib = *b, ic = *c, w[N_DENOM], wc[N_DENOM], i, j, jb;
    int va, vb, best = -1, best_b = -1, best_c = 0, best_gets = 0, best_moved = 0;
    if (amount == 0)
        return 1;
    va = hvalue[ia] - amount;
    if (va < 0)
        return 0;
    vb = hvalue[ib] + amount;
    for (i = 0; i < N_DENOM; i++) {
        w[i] = hcount[ia][i] + hcount[ib][i];
        wc[i] = w[i] + hcount[ic][i];
    }
    for (j = vstart[va]; j < vstart[va + 1]; j++) {      /* A and B alone */
        int x = vitems[j], a_gets = 0, moved = 0, fits = 1;
        for (i = 0; i < N_DENOM; i++) {
            int y = hcount[x][i], d, e;
            if (y > w[i]) {
                fits = 0;
                break;
            }
            d = y - hcount[ia][i];
            if (d > 0) {
                a_gets += d;
                moved += d;
            } else
                moved -= d;
            e = w[i] - y - hcount[ib][i];
            moved += e >= 0 ? e : -e;
        }
        if (fits && (best < 0 || better(0, a_gets, moved, x, 0, best_gets, best_moved, best))) {
            best = x;
            best_gets = a_gets;
            best_moved = moved;
        }
    }
    if (best >= 0) {
        int b2 = 0;
        for (i = 0; i < N_DENOM; i++)
            b2 += (w[i] - hcount[best][i]) * PLACE[i];
        *a = best;
        *b = b2;
        return 1;
    }
    if (vb > TOTAL_VALUE)
        return 0;
    for (j = vstart[va]; j < vstart[va + 1]; j++) {      /* the change maker too */
        int x = vitems[j], fits = 1;
        for (i = 0; i < N_DENOM; i++)
            if (hcount[x][i] > wc[i]) {
                fits = 0;
                break;
            }
        if (!fits)
            continue;
        for (jb = vstart[vb]; jb < vstart[vb + 1]; jb++) {
            int xb = vitems[jb], c_moved = 0, a_gets = 0, moved = 0, ok = 1;
            for (i = 0; i < N_DENOM; i++) {
                int y = wc[i] - hcount[x][i] - hcount[xb][i], d, e;
                if (y < 0) {
                    ok = 0;
                    break;
                }
                e = y - hcount[ic][i];
                c_moved += e >= 0 ? e : -e;
                d = hcount[x][i] - hcount[ia][i];
                if (d > 0) {
                    a_gets += d;
                    moved += d;
                } else
                    moved -= d;
                e = hcount[xb][i] - hcount[ib][i];
                moved += e >= 0 ? e : -e;
            }
            if (!ok)
                continue;
            moved += c_moved;
            if (best < 0 || better(c_moved, a_gets, moved, x, best_c, best_gets, best_moved, best)) {
                best = x;
                best_b = xb;
                best_c = c_moved;
                best_gets = a_gets;
                best_moved = moved;
            }
        }
    }
    if (best < 0)
        return 0;
    {
        int c2 = 0;
        for (i = 0; i < N_DENOM; i++)
            c2 += (wc[i] - hcount[best][i] - hcount[best_b][i]) * PLACE[i];
        *a = best;
        *b = best_b;
        *c = c2;
    }
    return 1;
}

/* One more coin of denomination d in the purse, for smaller coins of the supply's, at equal value: the fewest
 * coins swapped, then the purse keeping its larger coins. 0 where no such swap exists. */
static int exchange_up(int *purse, int *supply, int d)
{
    int ip = *purse, is = *supply, want = hcount[ip][d] + 1, best = -1, best_moved = 0, j, i;
    int v = hvalue[ip];
    for (j = vstart[v]; j < vstart[v + 1]; j++) {
        int p2 = vitems[j], moved = 0, fits = 1;
        if (hcount[p2][d] != want)
            continue;
        for (i = 0; i < N_DENOM; i++) {
            int df = hcount[p2][i] - hcount[ip][i];
            if ((i > d && df != 0) || hcount[ip][i] + hcount[is][i] - hcount[p2][i] < 0) {
                fits = 0;
                break;
            }
            moved += df >= 0 ? df : -df;
        }
        if (fits && (best < 0 || better(0, 0, moved, p2, 0, 0, best_moved, best))) {
            best = p2;
            best_moved = moved;
        }
    }
    if (best < 0)
        return 0;
    {
        int s2 = 0;
        for (i = 0; i < N_DENOM; i++)
            s2 += (hcount[ip][i] + hcount[is][i] - hcount[best][i]) * PLACE[i];
        *purse = best;
        *supply = s2;
    }
    return 1;
}

/* Whether the purse can swap up to one more coin of denomination d, the other purse given (so the supply):
 * exchange_up's answer, kept per purses and denomination (0: not known yet, 1: no, 2: yes). */
static unsigned char exchange_tab[N_HOLD][N_HOLD][N_DENOM];

static int exchange_ok(int mine, int theirs, int d)
{
    unsigned char *at = &exchange_tab[mine][theirs][d];
    if (!*at) {
        int purse = mine, supply = full_supply - mine - theirs;
        *at = exchange_up(&purse, &supply, d) ? 2 : 1;
    }
    return *at == 2;
}

/* ------------------------------------------------------------------ the state */
typedef struct {
    uint64_t rng;
    int first, current, phase, turn;
    int supply, purse[2], labor[2], owned[2], goals[2];
    int n_owned[2], two_vp[2];                   /* structures owned, and those worth 2 VP to their owner */
    int first_builder[N_STRUCT], built;          /* built: the structures someone built, a set */
    int wpos[N_WORKERS], wowner[N_WORKERS], sailors[2];   /* sailors: those each player hired, a set */
    int stack[GOALS_DRAWN], n_stack, face_up;
    int holder, token_turn, borrowed_mask, borrows;
    int harbormaster, ship, hire_ok;
    int moved, earned, spent, grinds, conversions, built_this_turn, hired;
    int ending;
} Game;

static int rand_below(Game *g, int n)
{
    uint64_t z;
    g->rng += GOLDEN;
    z = g->rng;
    z = (z ^ (z >> 30)) * MIX1;
    z = (z ^ (z >> 27)) * MIX2;
    return (int)((z ^ (z >> 31)) % (uint64_t)n);
}

static int coin_value(const Game *g, int p) { return hvalue[g->purse[p]]; }

static int active_structs(const Game *g, int p)
{
    return g->owned[p] | (p == g->current ? g->borrowed_mask : 0);
}

/* The workers p may move (on the cycle or not): the Green ones, the Camp's and the Village's with the
 * structure's effect, and the sailors p hired. */
static int movable(const Game *g, int p)
{
    int act = active_structs(g, p), m = GREEN_WORKERS | g->sailors[p];
    if (act & (1 << CAMP))
        m |= 1 << CAMP_WORKER;
    if (act & (1 << VILLAGE))
        m |= 1 << VILLAGE_WORKER;
    return m;
}

/* Coins: the supply and the player first, then the other player making change. Every coin is in the supply or
 * in a purse, so the two purses tell the supply (its index is full_supply less theirs: an index is linear in
 * the counts), and a payment or an earning is a function of the two purses and the amount: each is searched
 * once (transfer) and kept in a table, [mine][theirs][amount] -> 1 + mine' * N_HOLD + theirs', -1 where the
 * coins cannot, 0 not yet known. */
static int16_t pay_tab[N_HOLD][N_HOLD][TOTAL_VALUE + 1];
static int16_t earn_tab[N_HOLD][N_HOLD][TOTAL_VALUE + 1];

/* Before them, a small table: the payer's holding after paying `amount` exactly with its own coins (1 + its
 * index; -1 where it cannot). Such a payment is the policy's answer whoever is paid and whoever could make
 * change (it touches no one else's coins and gives the payer nothing back), and the payee gets the coins paid:
 * its index grows by as much as the payer's falls. */
static int16_t exact_tab[N_HOLD][TOTAL_VALUE + 1];

static int exact_at(int payer, int amount)
{
    int16_t *at = &exact_tab[payer][amount];
    if (!*at) {
        int a = payer, b = 0, c = 0;             /* paid to no coins at all: A pays exactly, or it cannot */
        *at = transfer(&a, &b, &c, amount) ? 1 + a : -1;
    }
    return *at;
}

static int coins_at(int16_t (*tab)[N_HOLD][TOTAL_VALUE + 1], int earning, int mine, int theirs, int amount)
{
    int16_t *at;
    int payer = earning ? full_supply - mine - theirs : mine, x = exact_at(payer, amount);
    if (x > 0)
        return 1 + (earning ? mine + payer - (x - 1) : x - 1) * N_HOLD + theirs;
    at = &tab[mine][theirs][amount];
    if (!*at) {
        int supply = full_supply - mine - theirs, a = mine, b = supply, c = 0;
        int *from = earning ? &b : &a, *to = earning ? &a : &b;
        if (transfer(from, to, &c, amount))      /* the two alone: their purse as it is */
            *at = 1 + a * N_HOLD + theirs;
        else {
            a = mine;
            b = supply;
            c = theirs;
            *at = transfer(from, to, &c, amount) ? 1 + a * N_HOLD + c : -1;
        }
    }
    return *at;
}

static void set_purses(Game *g, int p, int r)
{
    g->purse[p] = (r - 1) / N_HOLD;
    g->purse[1 - p] = (r - 1) % N_HOLD;
    g->supply = full_supply - g->purse[0] - g->purse[1];
}

static int earn_coin(Game *g, int p, int amount)
{
    if (amount > hvalue[g->supply])
        amount = hvalue[g->supply];
    while (amount > 0) {
        int r = coins_at(earn_tab, 1, g->purse[p], g->purse[1 - p], amount);
        if (r > 0) {
            set_purses(g, p, r);
            return amount;
        }
        amount--;
    }
    return 0;
}

static int can_pay(const Game *g, int p, int amount)
{
    return amount == 0 || coins_at(pay_tab, 0, g->purse[p], g->purse[1 - p], amount) > 0;
}

static void pay(Game *g, int p, int amount)
{
    if (!amount)
        return;
    set_purses(g, p, coins_at(pay_tab, 0, g->purse[p], g->purse[1 - p], amount));
    g->spent += amount;
}

static void gain_labor(Game *g, int p, int n)
{
    g->labor[p] += n;
    if (p == g->current)
        g->earned += n;
}

/* ------------------------------------------------------------------ goals and the end */
static int goal_holds(const Game *g, int goal, int p)
{
    int cur = p == g->current, m, w, n;
    switch (goal) {
    case G_WORKERS:                          /* 2 workers but the Green ones that p may move, on the cycle */
        m = movable(g, p) & ~GREEN_WORKERS;
        n = 0;
        while (m) {
            w = __builtin_ctz((unsigned)m);
            m &= m - 1;
            n += g->wpos[w] >= 0;
        }
        return n >= 2;
    case G_LABOR:
        return cur && g->earned >= 5;
    case G_STRUCTURE:
        return g->n_owned[p] >= 4;
    case G_COIN5:
        return coin_value(g, p) >= 5;
    case G_TWO_VP:
        return g->two_vp[p] >= 2;
    case G_CROWD: {                          /* 3 of the workers p may move on one space */
        int on[N_SPACES] = {0, 0, 0};
        m = movable(g, p);
        while (m) {
            w = __builtin_ctz((unsigned)m);
            m &= m - 1;
            if (g->wpos[w] >= 0)
                on[g->wpos[w]]++;
        }
        return on[0] >= 3 || on[1] >= 3 || on[2] >= 3;
    }
    case G_SPENDING:
        return cur && g->spent >= 4;
    case G_GRIND:
        return cur && g->grinds >= 2;
    default:                                 /* G_COIN10 */
        return hcount[g->purse[p]][2] >= 1;
    }
}

static int goal_at_end(int goal) { return goal == G_COIN5 || goal == G_CROWD; }
static int goal_current_only(int goal) { return goal == G_LABOR || goal == G_SPENDING || goal == G_GRIND; }

/* Goals turned up until one stays: removed when both players meet it, claimed by the one who does. */
static void reveal_next(Game *g)
{
    while (g->face_up < 0 && g->n_stack) {
        int goal = g->stack[--g->n_stack], mine, theirs;
        g->face_up = goal;
        if (goal_at_end(goal))
            return;
        mine = goal_holds(g, goal, g->current);
        theirs = goal_holds(g, goal, 1 - g->current);
        if (mine && theirs)
            g->face_up = -1;
        else if (mine || theirs) {
            g->goals[mine ? g->current : 1 - g->current]++;
            g->face_up = -1;
        }
    }
}

static void claim(Game *g, int p)
{
    g->goals[p]++;
    g->face_up = -1;
    reveal_next(g);
}

static void check_goals(Game *g)
{
    int goal = g->face_up;
    if (goal < 0 || goal_at_end(goal))
        return;
    if (goal_holds(g, goal, g->current))
        claim(g, g->current);
    else if (!goal_current_only(goal) && goal_holds(g, goal, 1 - g->current))
        claim(g, 1 - g->current);
}

static void check_end(Game *g)
{
    if (g->ending)
        return;
    if (g->n_owned[0] >= TOKENS || g->n_owned[1] >= TOKENS || g->built == (1 << N_STRUCT) - 1
        || (g->face_up < 0 && !g->n_stack))
        g->ending = 1;
}

static void checks(Game *g)
{
    check_goals(g);
    check_end(g);
}

/* ------------------------------------------------------------------ turns */
/* The income of the structures `structs`: at the start of their owner's turn, and at once when borrowed. */
static void income(Game *g, int p, int structs)
{
    if (structs & (1 << MILL))
        gain_labor(g, p, 1);
    if (structs & (1 << SMITHY))
        gain_labor(g, p, 1);
    if (structs & (1 << HARBOR) && g->ship >= 0) {         /* the last cast's benefit */
        if (g->ship == 0)
            gain_labor(g, p, 1);
        else if (g->ship == 1)
            g->hire_ok = 1;
        else
            earn_coin(g, p, 1);
    }
}

static void start_turn(Game *g)
{
    int p = g->current;
    g->earned = g->spent = g->grinds = g->conversions = g->built_this_turn = g->hired = 0;
    g->moved = g->borrowed_mask = g->borrows = g->hire_ok = 0;
    g->phase = WORK;
    if (g->harbormaster == p) {              /* the Harbormaster casts the two ship tokens */
        int white = rand_below(g, 2) + rand_below(g, 2);
        g->ship = white == 2 ? 0 : white == 1 ? 1 : 2;       /* white, mixed, black */
    }
    income(g, p, g->owned[p]);
    checks(g);
}

static void end_turn(Game *g)
{
    while (g->face_up >= 0) {                /* the face-up goal, then each one turned up after it */
        int goal = g->face_up;
        if (goal_at_end(goal)) {
            if (!goal_holds(g, goal, g->current))
                break;
            claim(g, g->current);
        } else {
            check_goals(g);
            if (g->face_up == goal)
                break;
        }
    }
    check_end(g);
    g->labor[g->current] = 0;                /* unspent Labor is lost */
    g->borrowed_mask = 0;
    if (g->ending) {
        g->phase = OVER;
        return;
    }
    g->current = 1 - g->current;
    g->turn++;
    start_turn(g);
}

static void new_game(Game *g, uint64_t seed, int first)
{
    int pool[N_GOALS], i, w;
    memset(g, 0, sizeof *g);
    g->rng = seed * 0x2545F4914F6CDD1DULL + 0x1234567ULL;
    for (i = 0; i < N_GOALS; i++)
        pool[i] = i;
    for (i = N_GOALS - 1; i > 0; i--) {
        int j = rand_below(g, i + 1), t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    for (i = 0; i < GOALS_DRAWN; i++)
        g->stack[i] = pool[i];
    g->n_stack = GOALS_DRAWN;
    g->face_up = -1;
    g->first = g->current = first;
    g->phase = WORK;
    g->supply = full_supply;
    g->holder = g->token_turn = g->harbormaster = g->ship = -1;
    for (i = 0; i < N_STRUCT; i++)
        g->first_builder[i] = -1;
    for (w = 0; w < N_WORKERS; w++) {
        g->wpos[w] = w < 3 ? w : -1;
        g->wowner[w] = -1;
    }
    earn_coin(g, first, 2);
    earn_coin(g, 1 - first, 3);
    reveal_next(g);
    check_end(g);
    start_turn(g);
}

/* ------------------------------------------------------------------ legal actions, in rulekit's order */
static int borrow_into(const Game *g, int *buf, int n)
{
    int p = g->current, s, cand;
    if (g->borrows >= 1 || !(g->owned[p] & (1 << LENDER)) || g->holder == p)
        return n;
    if (g->holder >= 0 && !(g->owned[g->holder] & (1 << LENDER)))
        return n;
    cand = g->owned[1 - p] & ~g->owned[p] & ~g->borrowed_mask;
    for (s = 0; s < N_STRUCT; s++)
        if (cand >> s & 1)
            buf[n++] = A_BORROW + s;
    return n;
}

static int free_sailor(const Game *g, int p)
{
    int w;
    for (w = 5; w < N_WORKERS; w++)
        if (g->wpos[w] < 0 && g->wowner[w] < 0 && WORKER_SEAT[w] == p)
            return w;
    return -1;
}

static int legal(const Game *g, int *buf)
{
    int p = g->current, n = 0, value, owned, s, w, on, d;
    if (g->phase == OVER)
        return 0;
    if (g->phase == WORK) {
        int free = movable(g, p) & ~g->moved, seen = 0;
        while (free) {                       /* each (kind, space) once, in the table's order */
            w = __builtin_ctz((unsigned)free);
            free &= free - 1;
            if (g->wpos[w] >= 0)
                seen |= 1 << (WORKER_KIND[w] * N_SPACES + g->wpos[w]);
        }
        while (seen) {
            buf[n++] = A_MOVE + __builtin_ctz((unsigned)seen);
            seen &= seen - 1;
        }
        n = borrow_into(g, buf, n);
        if (g->moved) {
            buf[n++] = A_SPEND;
            buf[n++] = A_END;
        }
        return n;
    }
    value = coin_value(g, p);
    owned = g->owned[p];
    if (g->built_this_turn < 1 && g->n_owned[p] < TOKENS)
        for (s = 0; s < N_STRUCT; s++)
            if (!(owned >> s & 1) && (REQUIRES[s] & owned) == REQUIRES[s] && value >= COST_COIN[s]
                && g->labor[p] >= COST_LABOR[s] && can_pay(g, p, COST_COIN[s]))
                buf[n++] = A_BUILD + s;
    n = borrow_into(g, buf, n);
    if (g->conversions < CONVERSIONS_CAP) {
        if (g->labor[p] >= 2)                /* grind: 2 Labor, 1 Coin if the supply has one */
            buf[n++] = A_GRIND;
        if (active_structs(g, p) & (1 << UNION) && value >= 2 && can_pay(g, p, 2))
            buf[n++] = A_UNION;
    }
    if (g->hire_ok && !g->hired && value >= SAILOR_COST) {
        on = 0;
        for (w = 5; w < N_WORKERS; w++)
            if (g->wpos[w] >= 0)
                on++;
        if (on < SAILORS_ON_CYCLE && free_sailor(g, p) >= 0 && can_pay(g, p, SAILOR_COST))
            buf[n++] = A_HIRE;
    }
    if (g->holder == p && g->token_turn != g->turn && value >= REPAY_COIN && can_pay(g, p, REPAY_COIN))
        buf[n++] = A_REPAY;
    for (d = 1; d < N_DENOM; d++) {
        int low = 0, i, purse = g->purse[p], supply = g->supply;
        for (i = 0; i < d; i++)
            low += hcount[purse][i] * DVALUE[i];
        if (low >= DVALUE[d] && hcount[supply][d] && exchange_ok(purse, g->purse[1 - p], d))
            buf[n++] = d == 1 ? A_EXCHANGE_GOLD : A_EXCHANGE_PLATINUM;
    }
    buf[n++] = A_END;
    return n;
}

/* ------------------------------------------------------------------ actions */
static void move(Game *g, int p, int kind, int sp)
{
    int w = 0, dest = sp == N_SPACES - 1 ? 0 : sp + 1, m = KIND_WORKERS[kind] & ~g->moved;
    while (m) {                              /* the first of the kind on that space, not moved, p's to move */
        w = __builtin_ctz((unsigned)m);
        m &= m - 1;
        if (g->wpos[w] == sp && (g->wowner[w] < 0 || g->wowner[w] == p))
            break;
    }
    g->wpos[w] = dest;
    g->moved |= 1 << w;
    if (dest == SP_COIN)                     /* the Bank makes the Coin space yield 2 */
        earn_coin(g, p, active_structs(g, p) & (1 << BANK) ? 2 : 1);
    else
        gain_labor(g, p, 1);
}

static void enter_unlocked(Game *g, int w)
{
    if (g->wpos[w] < 0)
        g->wpos[w] = SP_LABOR_TOP;
}

static void apply(Game *g, int a)
{
    int p = g->current;
    if (a < A_BUILD) {
        move(g, p, a / N_SPACES, a % N_SPACES);
    } else if (a < A_BORROW) {
        int s = a - A_BUILD;
        g->labor[p] -= COST_LABOR[s];
        pay(g, p, COST_COIN[s]);
        g->owned[p] |= 1 << s;
        g->n_owned[p]++;
        g->built_this_turn++;
        if (g->first_builder[s] < 0) {           /* the first builder's VP (a later one's is 0) */
            g->first_builder[s] = p;
            g->built |= 1 << s;
            g->two_vp[p] += VP_FIRST[s] == 2;
        }
        if (s == CAMP)
            enter_unlocked(g, CAMP_WORKER);
        else if (s == VILLAGE)
            enter_unlocked(g, VILLAGE_WORKER);
        else if (s == HARBOR && g->harbormaster < 0)
            g->harbormaster = p;
    } else if (a < A_GRIND) {
        g->holder = p;
        g->token_turn = g->turn;
        g->borrowed_mask |= 1 << (a - A_BORROW);
        g->borrows++;
        income(g, p, 1 << (a - A_BORROW));
    } else if (a == A_GRIND) {
        g->labor[p] -= 2;
        earn_coin(g, p, 1);
        g->grinds++;
        g->conversions++;
    } else if (a == A_UNION) {
        pay(g, p, 2);
        gain_labor(g, p, 1);
        g->conversions++;
    } else if (a == A_HIRE) {
        int w = free_sailor(g, p);
        pay(g, p, SAILOR_COST);
        g->wowner[w] = p;
        g->wpos[w] = SP_LABOR_TOP;
        g->sailors[p] |= 1 << w;
        g->hired++;
    } else if (a == A_REPAY) {
        pay(g, p, REPAY_COIN);
        g->holder = -1;
    } else if (a == A_EXCHANGE_GOLD || a == A_EXCHANGE_PLATINUM) {
        exchange_up(&g->purse[p], &g->supply, a == A_EXCHANGE_GOLD ? 1 : 2);
    } else if (a == A_SPEND) {
        g->phase = SPENDING;
    } else {                                 /* A_END */
        end_turn(g);
        return;
    }
    checks(g);
}

static int score(const Game *g, int p)
{
    int s, total = g->goals[p];
    for (s = 0; s < N_STRUCT; s++)
        if (g->owned[p] >> s & 1 && g->first_builder[s] == p)
            total += VP_FIRST[s];
    if (g->holder == p)
        total -= LENDER_PENALTY;
    return total;
}

/* ------------------------------------------------------------------ random games */
/* x % k without a division (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019; exact for
 * every 64-bit x), with M = ceil(2^128 / k) per number of legal actions k, as rulekit's playout computes it. */
static unsigned __int128 mod_magic[N_ACTIONS + 1];

static void mod_init(void)
{
    int k;
    for (k = 1; k <= N_ACTIONS; k++)
        mod_magic[k] = ((unsigned __int128)-1) / (unsigned)k + 1;
}

static inline uint64_t fastmod(uint64_t x, int k)
{
    unsigned __int128 low = mod_magic[k] * x;
    unsigned __int128 bottom = ((unsigned __int128)(uint64_t)low * (unsigned)k) >> 64;
    unsigned __int128 top = (low >> 64) * (unsigned)k;
    return (uint64_t)((bottom + top) >> 64);
}

/* One game as rulekit's State.playout(seed) plays it; returns the actions played. */
static long playout(Game *g, uint64_t seed)
{
    uint64_t x = seed * GOLDEN + MIX2;
    int buf[N_ACTIONS];
    long actions = 0;
    while (g->phase != OVER) {
        int k = legal(g, buf);
        uint64_t z;
        x += GOLDEN;
        z = x;
        z = (z ^ (z >> 30)) * MIX1;
        z = (z ^ (z >> 27)) * MIX2;
        apply(g, buf[fastmod(z ^ (z >> 31), k)]);
        actions++;
    }
    return actions;
}

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Random games from seeds 0 to games - 1, `repeat` times over: their total (or, print_each, a line per game). */
static int bench(long games, long repeat, int print_each)
{
    Game g;
    long seed, actions = 0, turns = 0, r, checksum = 0;
    double start = cpu_seconds(), elapsed;
    for (r = 0; r < repeat; r++) {
        for (seed = 0; seed < games; seed++) {
            long n;
            new_game(&g, (uint64_t)seed, (int)(seed % 2));
            n = playout(&g, (uint64_t)seed);
            actions += n;
            turns += g.turn + 1;
            checksum += score(&g, 0) * 31 + score(&g, 1);
            if (print_each)
                printf("%ld %ld %d %d %d\n", seed, n, g.turn + 1, score(&g, 0), score(&g, 1));
        }
    }
    elapsed = cpu_seconds() - start;
    if (!print_each)
        printf("games %ld actions %ld turns %ld cpu_seconds %.6f checksum %ld\n", games * repeat, actions, turns,
               elapsed, checksum);
    return 0;
}

/* ------------------------------------------------------------------ verification */
/* The log, one line each:  "game SEED FIRST", then per step "legal N1;N2;...;Nk" (the notations of the legal
 * actions, in rulekit's order) and "play N" (the one chosen), and "scores S0 S1" when the game is over. */
static int find_action(const char *text)
{
    int a;
    for (a = 0; a < N_ACTIONS; a++)
        if (!strcmp(NOTATION[a], text))
            return a;
    return -1;
}

static int verify(FILE *in)
{
    static char line[8192];
    char mine[8192];
    Game g;
    int buf[N_ACTIONS], in_game = 0, k, i;
    long games = 0, steps = 0, lineno = 0, seed = 0;
    while (fgets(line, sizeof line, in)) {
        size_t len = strlen(line);
        lineno++;
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = 0;
        if (!strncmp(line, "game ", 5)) {
            int first;
            if (sscanf(line + 5, "%ld %d", &seed, &first) != 2) {
                fprintf(stderr, "line %ld: bad game line\n", lineno);
                return 2;
            }
            new_game(&g, (uint64_t)seed, first);
            in_game = 1;
            games++;
        } else if (!strncmp(line, "legal ", 6) && in_game) {
            k = legal(&g, buf);
            mine[0] = 0;
            for (i = 0; i < k; i++) {
                if (i)
                    strcat(mine, ";");
                strcat(mine, NOTATION[buf[i]]);
            }
            if (strcmp(mine, line + 6)) {
                printf("DIVERGENCE seed %ld turn %d step %ld (line %ld)\n  rulekit: %s\n  C:       %s\n", seed,
                       g.turn, steps, lineno, line + 6, mine);
                return 1;
            }
        } else if (!strncmp(line, "play ", 5) && in_game) {
            int a = find_action(line + 5);
            k = legal(&g, buf);
            for (i = 0; i < k && buf[i] != a; i++)
                ;
            if (a < 0 || i == k) {
                printf("DIVERGENCE seed %ld turn %d (line %ld): %s is not legal here\n", seed, g.turn, lineno,
                       line + 5);
                return 1;
            }
            apply(&g, a);
            steps++;
        } else if (!strncmp(line, "scores ", 7) && in_game) {
            int s0, s1;
            if (sscanf(line + 7, "%d %d", &s0, &s1) != 2) {
                fprintf(stderr, "line %ld: bad scores line\n", lineno);
                return 2;
            }
            if (g.phase != OVER || s0 != score(&g, 0) || s1 != score(&g, 1)) {
                printf("DIVERGENCE seed %ld: rulekit's game is over with scores %d %d; C's is %s with %d %d\n",
                       seed, s0, s1, g.phase == OVER ? "over" : "not over", score(&g, 0), score(&g, 1));
                return 1;
            }
            in_game = 0;
        } else if (len) {
            fprintf(stderr, "line %ld: not understood: %.60s\n", lineno, line);
            return 2;
        }
    }
    if (in_game) {
        fprintf(stderr, "the log ends inside a game (seed %ld)\n", seed);
        return 2;
    }
    printf("verified %ld games, %ld actions: the same legal actions in the same order, the same scores\n", games,
           steps);
    return 0;
}

int main(int argc, char **argv)
{
    coins_init();
    mod_init();
    if ((argc == 3 || argc == 4) && !strcmp(argv[1], "bench"))
        return bench(atol(argv[2]), argc == 4 ? atol(argv[3]) : 1, 0);
    if (argc == 3 && !strcmp(argv[1], "playout"))
        return bench(atol(argv[2]), 1, 1);
    if (argc == 2 && !strcmp(argv[1], "verify"))
        return verify(stdin);
    fprintf(stderr, "usage: %s bench GAMES [REPEAT] | playout GAMES | verify < LOG\n", argv[0]);
    return 2;
}
