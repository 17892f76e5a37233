/* The compiled search core of binokel.search: the algorithm of reference.py, step by step.
 *
 * Both implementations visit the same tree as long as their tables are not full (the tests
 * compare node counts), so every decision here -- bounds, equivalence classes, move scores,
 * the order of ties, what the tables keep -- mirrors reference.py. A full table is where they
 * part: the reference empties its dict, this core replaces the entries that save the least
 * (see the transposition table below); the values stay the same. Read reference.py for the
 * why; the comments here are about the C side.
 *
 * Card sets are uint64_t with two bits per card (internal card numbers, see _tables.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#define HUGE ((size_t)2 << 20)

typedef uint64_t u64;

#define LOW 0x5555555555555555ULL
#define BIG (1 << 30)
#define MAXN 8
#define MAXG 8
#define MAXC 32
#define MUST_BEAT 1
#define OVERTRUMP 2
#define TRUMP_LOWER 4
#define EXEMPT 8
#define RULE_BINOKEL 0
#define RULE_FOLLOW 1
#define RULE_LUXUS 2
#define GOAL_POINTS 0
#define GOAL_DURCH 1
#define DUTY_UNTRUMPED 1
#define DUTY_NONE 2
#define TT_FIRST (1 << 20)
#define MAX_UNDO 64
/* The algorithm's edition: reference.ALGORITHM must say the same (binokel.search ignores a
 * compiled core of another edition, e.g. one not rebuilt after an edit). Raise both together
 * whenever the tree the search visits changes. */
#define ALGORITHM 6

#if defined(_MSC_VER)
#include <intrin.h>
static inline int ctz64(u64 x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
static inline int msb64(u64 x) { unsigned long i; _BitScanReverse64(&i, x); return (int)i; }
static inline int popcount64(u64 x) { return (int)__popcnt64(x); }
#else
static inline int ctz64(u64 x) { return __builtin_ctzll(x); }
static inline int msb64(u64 x) { return 63 - __builtin_clzll(x); }
static inline int popcount64(u64 x) { return __builtin_popcountll(x); }
#endif

static PyObject *BudgetExceeded;


/* ------------------------------------------------------------------ transposition table */
/* Open addressing on exact keys (the hands and the leader): a key lives in one of the slots
 * of its window (the home slot and the next ones), and slots are never emptied (only
 * overwritten), so a look-up stops at the first free slot. An entry is n + 2 words in one
 * piece (one or two cache lines): the hands, the bounds (lo in the low and hi in the high 32
 * bits), and a word with the leader, the best card, a "used" bit and the tricks left.
 *
 * Until it reaches its largest size (max_cap slots) the table grows whenever it is half full
 * or a key's window of GROW_WINDOW slots is full, so that it holds every key stored, as
 * reference.py's dict does (the two cores then visit the same tree). At its largest size the
 * window shrinks to FULL_WINDOW slots (a look-up that misses stays cheap however full the
 * table gets), and a new key whose window is full takes the place of the entry there with
 * the fewest tricks left (the one that saves the least search), where the reference empties
 * its dict: from then on the two trees differ, the values do not. */
#define USED (1ULL << 16)
#define GROW_WINDOW 32
#define FULL_WINDOW 8
#define WINDOW(t) ((t)->cap < (t)->max_cap ? GROW_WINDOW : FULL_WINDOW)
typedef struct {
    u64 *data;        /* cap * stride words */
    size_t cap, count, max_cap;
    int n, stride;
    int quasi;        /* the structure table: the structure's hash and shape (see Shape) */
    unsigned gen;     /* counts the times entries moved (the table grew) or were replaced */
} Table;

static int tt_alloc(Table *t, size_t cap) {
    t->stride = t->n + 2 + (t->quasi ? t->n + 3 : 0);
    size_t bytes = cap * t->stride * sizeof(u64);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    /* A table of megabytes is probed at random: in huge pages the probes miss the TLB far
     * less often (the kernel's "madvise" mode of transparent huge pages asks for this). */
    if (bytes >= HUGE) {
        size_t rounded = (bytes + HUGE - 1) & ~(size_t)(HUGE - 1);
        t->data = (u64 *)aligned_alloc(HUGE, rounded);
        if (!t->data) return -1;
        madvise(t->data, rounded, MADV_HUGEPAGE);
        memset(t->data, 0, bytes);
    } else
#endif
    t->data = (u64 *)calloc(cap * t->stride, sizeof(u64));
    if (!t->data) return -1;
    t->cap = cap;
    t->count = 0;
    return 0;
}

static void tt_free(Table *t) {
    free(t->data);
    t->data = NULL;
    t->cap = t->count = 0;
}

/* A table of at most `limit` entries (the reference's limit): the largest size is the
 * smallest power of two that holds them at half load (at least 64 slots). */
static int tt_init(Table *t, int n, int quasi, size_t limit) {
    t->n = n;
    t->quasi = quasi;
    t->gen = 0;
    t->max_cap = 64;
    while (t->max_cap < 2 * limit) t->max_cap <<= 1;
    return tt_alloc(t, t->max_cap < 4096 ? t->max_cap : 4096);
}

static inline size_t tt_hash(const u64 *h, int n, int leader, size_t mask) {
    u64 x = 0x9E3779B97F4A7C15ULL * (u64)(leader + 1);
    for (int i = 0; i < n; i++) {
        x ^= h[i];
        x *= 0xBF58476D1CE4E5B9ULL;
        x ^= x >> 29;
    }
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 32;
    return (size_t)x & mask;
}

static inline size_t q_home(u64 hash, size_t mask) {
    return (size_t)(hash * 0x94D049BB133111EBULL >> 17) & mask;
}

static inline u64 *tt_entry(const Table *t, size_t i) { return t->data + i * t->stride; }
static inline int tt_used(const u64 *e, int n) { return (e[n + 1] & USED) != 0; }
static inline int tt_leader(const u64 *e, int n) { return (int)(e[n + 1] & 0xFF); }
static inline int tt_best(const u64 *e, int n) { return (int)(int8_t)((e[n + 1] >> 8) & 0xFF); }
static inline int tt_depth(const u64 *e, int n) { return (int)((e[n + 1] >> 24) & 0xFF); }
static inline int tt_lo(const u64 *e, int n) { return (int)(int32_t)(uint32_t)e[n]; }
static inline int tt_hi(const u64 *e, int n) { return (int)(int32_t)(uint32_t)(e[n] >> 32); }

static inline int tt_same(const u64 *e, const u64 *h, int n, int leader) {
    if (tt_leader(e, n) != leader) return 0;
    for (int j = 0; j < n; j++)
        if (e[j] != h[j]) return 0;
    return 1;
}

/* The entry of the key, or NULL; then *free is the first free slot of its window (NULL: the
 * window is full). */
static inline u64 *tt_find(const Table *t, const u64 *h, int leader, u64 **free_) {
    size_t mask = t->cap - 1;
    size_t i = tt_hash(h, t->n, leader, mask);
    for (int j = 0, w = WINDOW(t); j < w; j++, i = (i + 1) & mask) {
        u64 *e = tt_entry(t, i);
        if (!tt_used(e, t->n)) { *free_ = e; return NULL; }
        if (tt_same(e, h, t->n, leader)) return e;
    }
    *free_ = NULL;
    return NULL;
}

/* The entry of the (full) window from slot `home` on with the fewest tricks left (the first
 * of those). */
static u64 *tt_victim(const Table *t, size_t home) {
    size_t mask = t->cap - 1;
    u64 *best = tt_entry(t, home);
    for (int j = 1; j < FULL_WINDOW; j++) {
        u64 *e = tt_entry(t, (home + j) & mask);
        if (tt_depth(e, t->n) < tt_depth(best, t->n)) best = e;
    }
    return best;
}

static inline size_t tt_home(const Table *t, const u64 *e) {
    return t->quasi ? q_home(e[t->n + 2], t->cap - 1)
                    : tt_hash(e, t->n, tt_leader(e, t->n), t->cap - 1);
}

/* Doubles the table (the entries move: gen changes). A window of the new table that is full
 * makes it double again; at the largest size such an entry is dropped. */
static int tt_grow(Table *t) {
    Table old = *t;
    size_t cap = old.cap * 2;
    for (;;) {
        if (tt_alloc(t, cap) < 0) { *t = old; return -1; }
        t->gen = old.gen + 1;
        int full = 0;
        for (size_t i = 0; i < old.cap && !full; i++) {
            u64 *e = tt_entry(&old, i);
            if (!tt_used(e, t->n)) continue;
            size_t mask = t->cap - 1, j = tt_home(t, e);
            int w = 0, window = WINDOW(t);
            while (w < window && tt_used(tt_entry(t, j), t->n)) { j = (j + 1) & mask; w++; }
            if (w == window) {
                if (cap < t->max_cap) { full = 1; break; }
                continue;
            }
            memcpy(tt_entry(t, j), e, t->stride * sizeof(u64));
            t->count++;
        }
        if (!full) break;
        tt_free(t);
        cap *= 2;
    }
    tt_free(&old);
    return 0;
}

/* Room for a key that is not in the table: *slot is the free slot its look-up found (or NULL
 * when its window was full). Grows the table while it may, else takes the window's victim.
 * Returns the slot to fill, NULL with *nomem when memory ran out, or NULL with *moved when
 * the table grew (the caller looks the key up again). */
static u64 *tt_room(Table *t, u64 *slot, size_t home, int *moved, int *nomem) {
    *moved = *nomem = 0;
    if (t->cap < t->max_cap && (!slot || (t->count + 1) * 2 > t->cap)) {
        if (tt_grow(t) < 0) { *nomem = 1; return NULL; }
        *moved = 1;
        return NULL;
    }
    if (slot) {
        t->count++;
        return slot;
    }
    t->gen++;
    return tt_victim(t, home);
}

static inline void tt_set(const Table *t, u64 *e, const u64 *h, int leader, int lo, int hi,
                          int move, int depth) {
    int n = t->n;
    memcpy(e, h, n * sizeof(u64));
    e[n] = (u64)(uint32_t)lo | ((u64)(uint32_t)hi << 32);
    e[n + 1] = USED | (u64)(leader & 0xFF) | ((u64)(uint8_t)(int8_t)move << 8)
               | ((u64)(depth & 0xFF) << 24);
}

/* Stores the bounds of the key (a new entry, or the key's own). -1: out of memory. */
static int tt_store(Table *t, const u64 *h, int leader, int lo, int hi, int move, int depth) {
    for (;;) {
        u64 *slot = NULL;
        u64 *e = tt_find(t, h, leader, &slot);
        if (!e) {
            int moved, nomem;
            e = tt_room(t, slot, tt_hash(h, t->n, leader, t->cap - 1), &moved, &nomem);
            if (nomem) return -1;
            if (moved) continue;
        }
        tt_set(t, e, h, leader, lo, hi, move, depth);
        return 0;
    }
}

/* ------------------------------------------------------------------ the search state */
typedef struct {
    PyObject_HEAD
    int n, k, leader;
    u64 hands[MAXN];
    int trick[MAXN];
    int ncards;
    int gof[MAXC];
    int pts[MAXC];
    u64 above[MAXC];
    u64 gmask[MAXG];
    int ngroups;
    int trump;
    u64 second;
    int maxs[MAXN];
    int party[MAXN];
    int mod[2 * MAXN];
    int by_points[MAXC]; /* the cards, cheapest first */   /* mod[i] = i % n: seat arithmetic without a division */
    int rank[MAXC];      /* a card's place in its group, from its weakest card */
    int rule, flags, duty, bonus, goal;
    int left;
    long long nodes, limit;  /* the node count at which the search stops (-1: never) */
    int stop;      /* the budget is spent: unwind */
    int busy;      /* a search runs (without the GIL) */
    int nomem;     /* the table could not grow */
    Table tt;
    Table qt;      /* bounds by structure (see Shape) */
    /* the root's play/undo stack */
    int usp;
    int useat[MAX_UNDO], ucard[MAX_UNDO], uk[MAX_UNDO], uleader[MAX_UNDO];
    int utrick[MAX_UNDO][MAXN];
} Core;

static int set_points(const Core *s, u64 h) {
    int total = 0;
    while (h) {
        int b = ctz64(h);
        total += s->pts[b >> 1] * ((b & 1) ? 2 : 1);
        h &= h - 1;
    }
    return total;
}

static inline int beats(const Core *s, int c, int win) {
    int g = s->gof[c], gw = s->gof[win];
    if (g == gw) return c > win || (c == win && ((s->second >> (2 * c)) & 1));
    return g == s->trump;
}

static inline void status(const Core *s, int *win_, int *wpos_, int *best_led_, int *best_tr_) {
    int win = s->trick[0], best_led = win, wpos = 0;
    int led = s->gof[win];
    int best_tr = led == s->trump ? win : -1;
    for (int i = 1; i < s->k; i++) {
        int c = s->trick[i], g = s->gof[c];
        if (g == led && c > best_led) best_led = c;
        if (g == s->trump && c > best_tr) best_tr = c;
        if (beats(s, c, win)) { win = c; wpos = i; }
    }
    *win_ = win; *wpos_ = wpos; *best_led_ = best_led; *best_tr_ = best_tr;
}

static inline u64 legal_mask(const Core *s, int seat, u64 hand, int win, int wpos, int best_led,
                             int best_tr) {
    if (!s->k) return hand;
    int trump = s->trump;
    int led = s->gof[s->trick[0]];
    u64 follow = hand & s->gmask[led];
    if (s->rule == RULE_BINOKEL) {
        if ((s->flags & EXEMPT) && s->party[s->mod[s->leader + wpos]] == s->party[seat])
            return follow ? follow : hand;
        if (follow) {
            if (best_tr >= 0 && led != trump) return follow;
            if ((s->flags & MUST_BEAT) || led == trump) {
                u64 higher = follow & s->above[best_led];
                return higher ? higher : follow;
            }
            return follow;
        }
        if (trump >= 0) {
            u64 trumps = hand & s->gmask[trump];
            if (trumps) {
                if (best_tr < 0) return trumps;
                u64 higher = trumps & s->above[best_tr];
                if (higher) return (s->flags & OVERTRUMP) ? higher : trumps;
                return (s->flags & TRUMP_LOWER) ? trumps : hand;
            }
        }
        return hand;
    }
    if (follow) return follow;
    if (s->rule == RULE_FOLLOW || trump < 0 || led == trump || s->duty == DUTY_NONE
        || (s->duty == DUTY_UNTRUMPED && s->gof[win] == trump))
        return hand;
    u64 t = hand & s->gmask[trump];
    return t ? t : hand;
}

static inline u64 others_of(const Core *s, int seat) {
    u64 o = 0;
    for (int i = 0; i < s->n; i++)
        if (i != seat) o |= s->hands[i];
    for (int i = 0; i < s->k; i++) o |= 1ULL << (2 * s->trick[i]);
    return (o | (o >> 1)) & LOW;
}

/* The legal cards in classes of equivalent cards: rep[i] the strongest card of class i,
 * first[i] its weakest (the class is every legal card from first[i] to rep[i]). */
static int classes(const Core *s, int seat, u64 legal, int *rep, int *first) {
    u64 others = others_of(s, seat);
    u64 p = (legal | (legal >> 1)) & LOW;
    int nrep = 0, prev = -1;
    while (p) {
        int c = ctz64(p) >> 1;
        p &= p - 1;
        if (prev >= 0 && s->gof[c] == s->gof[prev] && s->pts[c] == s->pts[prev]
            && !(others & ((2ULL << (2 * c)) - (1ULL << (2 * prev))))) {
            rep[nrep - 1] = c;
        } else {
            if (first) first[nrep] = c;
            rep[nrep++] = c;
        }
        prev = c;
    }
    return nrep;
}

/* The cards to search at this node, one per class of equivalent cards, best guess first;
 * run_of[c] numbers the runs of the legal cards (cards of one group with no card of another
 * player or of the trick between them), which the classes refine by points. */
static int ordered(const Core *s, int seat, int tt_move, int *out, int *run_of) {
    int win = -1, wpos = -1, best_led = -1, best_tr = -1;
    if (s->k) status(s, &win, &wpos, &best_led, &best_tr);
    u64 legal = legal_mask(s, seat, s->hands[seat], win, wpos, best_led, best_tr);
    u64 others = others_of(s, seat);
    u64 p = (legal | (legal >> 1)) & LOW;
    int m = 0, run = -1, prev = -1;
    while (p) {
        int c = ctz64(p) >> 1;
        p &= p - 1;
        int same_run = prev >= 0 && s->gof[c] == s->gof[prev]
                       && !(others & ((2ULL << (2 * c)) - (1ULL << (2 * prev))));
        if (!same_run) run++;
        if (same_run && s->pts[c] == s->pts[prev]) out[m - 1] = c;
        else out[m++] = c;
        run_of[c] = run;
        prev = c;
    }
    if (m == 1) return 1;
    int score[MAXC];
    if (!s->k) {
        for (int i = 0; i < m; i++) {
            int c = out[i];
            int top = !(others & s->above[c])
                      && !(((s->second >> (2 * c)) & 1) && ((others >> (2 * c)) & 1));
            int trump_card = s->gof[c] == s->trump;
            int sc;
            if (!top) {
                sc = trump_card ? 350 - 16 * s->pts[c] : 500 + 16 * s->pts[c];
            } else if (trump_card) {
                sc = 300 + 16 * s->pts[c];
            } else {
                sc = 1000 + 16 * s->pts[c];
                if (s->trump >= 0) {
                    u64 g = s->gmask[s->gof[c]], tm = s->gmask[s->trump];
                    for (int j = 1; j < s->n; j++) {
                        int o = s->mod[seat + j];
                        if (s->maxs[o] != s->maxs[seat] && !(s->hands[o] & g)
                            && (s->hands[o] & tm)) {
                            sc = 700 - 16 * s->pts[c];
                            break;
                        }
                    }
                }
            }
            if (c == tt_move) sc = TT_FIRST;
            score[i] = sc;
        }
    } else {
        int friendly = s->maxs[s->mod[s->leader + wpos]] == s->maxs[seat];
        /* A seat still to play may take the trick: a partner where the other side holds
         * it (then add points, do not save them), an opponent where this side does (then
         * overtake, or throw the cheapest card). */
        int may_win = 0;
        int led = s->gof[s->trick[0]];
        for (int j = 1; s->k + j < s->n; j++) {
            int o = s->mod[seat + j];
            if ((s->maxs[o] == s->maxs[seat]) == friendly) continue;
            u64 h = s->hands[o];
            if ((h & s->gmask[s->gof[win]] & s->above[win])
                || (s->trump >= 0 && !(h & s->gmask[led]) && (h & s->gmask[s->trump])
                    && s->gof[win] != s->trump))
                may_win = 1;
        }
        int partner_may_win = !friendly && may_win;
        for (int i = 0; i < m; i++) {
            int c = out[i];
            int beat = beats(s, c, win);
            int sc;
            if (friendly && may_win) sc = beat ? 2000 + 16 * s->pts[c] : 1000 - 16 * s->pts[c];
            else if (friendly) sc = (beat ? 0 : 1000) + 16 * s->pts[c];
            else if (partner_may_win && s->rule == RULE_FOLLOW)
                sc = beat ? 2000 - 16 * s->pts[c] : 1000 + 16 * s->pts[c];
            else if (partner_may_win) sc = (beat ? 2000 : 1000) + 16 * s->pts[c];
            else sc = (beat ? 2000 : 1000) - 16 * s->pts[c];
            score[i] = sc;
        }
    }
    /* insertion sort, descending by (score, weaker card of its group, card), the last
     * weaker first when leading */
    long long key[MAXC];
    for (int i = 0; i < m; i++) {
        int c = out[i];
        key[i] = ((long long)score[i] * 64 + (63 - s->rank[c])) * 64 + (s->k ? c : 63 - c);
    }
    for (int i = 1; i < m; i++) {
        int c = out[i], j = i - 1;
        long long kc = key[i];
        while (j >= 0 && key[j] < kc) {
            out[j + 1] = out[j];
            key[j + 1] = key[j];
            j--;
        }
        out[j + 1] = c;
        key[j + 1] = kc;
    }
    return m;
}

/* The complete trick's result: the value gained, whether it is final, and the winner. */
static inline int close_trick(const Core *s, int *final, int *winner) {
    int win, wpos, bl, bt;
    status(s, &win, &wpos, &bl, &bt);
    int w = s->mod[s->leader + wpos];
    int last = s->hands[w] == 0;
    int won = s->maxs[w];
    *winner = w;
    if (s->goal == GOAL_POINTS) {
        *final = last;
        if (!won) return 0;
        int tp = 0;
        for (int i = 0; i < s->k; i++) tp += s->pts[s->trick[i]];
        return tp + (last ? s->bonus : 0);
    }
    if (won != (s->goal == GOAL_DURCH)) { *final = 1; return 0; }
    *final = last;
    return last ? 1 : 0;
}

static int last_trick(Core *s) {
    u64 saved[MAXN];
    memcpy(saved, s->hands, sizeof(saved));
    int seat = s->leader;
    for (int i = 0; i < s->n; i++) {
        s->trick[i] = msb64(s->hands[seat]) >> 1;
        s->hands[seat] = 0;
        seat = s->mod[seat + 1];
    }
    s->k = s->n;
    int final, winner;
    int g = close_trick(s, &final, &winner);
    s->k = 0;
    memcpy(s->hands, saved, sizeof(saved));
    return g;
}

static int search(Core *s, int alpha, int beta);

/* A complete trick's value: what it gains and, unless that is final, the value of the rest
 * of the deal with the trick's winner leading: the search in (alpha, beta), or when `last`
 * (one trick left) the last trick. The trick is put back afterwards. */
static int trick_done(Core *s, int alpha, int beta, int last) {
    int final, winner;
    int gained = close_trick(s, &final, &winner);
    if (final) return gained;
    int saved[MAXN], leader = s->leader;
    memcpy(saved, s->trick, sizeof(saved));
    s->k = 0;
    s->leader = winner;
    int v = gained + (last ? last_trick(s) : search(s, alpha - gained, beta - gained));
    memcpy(s->trick, saved, sizeof(saved));
    s->k = s->n;
    s->leader = leader;
    return v;
}

/* The value of a position in the next to last trick, from its k-th card on, fail-soft in
 * the window (alpha, beta): alpha-beta over the distinct legal cards, weakest first, without
 * the tables (at most two cards a seat). */
static int two_tricks(Core *s, int alpha, int beta) {
    int seat = s->mod[s->leader + s->k];
    int win = -1, wpos = -1, bl = -1, bt = -1;
    if (s->k) status(s, &win, &wpos, &bl, &bt);
    u64 legal = legal_mask(s, seat, s->hands[seat], win, wpos, bl, bt);
    u64 p = (legal | (legal >> 1)) & LOW;
    int maximizing = s->maxs[seat];
    int best = maximizing ? -1 : BIG;
    while (p) {
        int c = ctz64(p) >> 1;
        p &= p - 1;
        u64 b = 1ULL << (2 * c);
        s->hands[seat] -= b;
        s->trick[s->k++] = c;
        int v;
        v = s->k < s->n ? two_tricks(s, alpha, beta) : trick_done(s, alpha, beta, 1);
        s->k--;
        s->hands[seat] += b;
        if (maximizing) {
            if (v > best) best = v;
            if (best > alpha) alpha = best;
        } else {
            if (v < best) best = v;
            if (best < beta) beta = best;
        }
        if (alpha >= beta) break;
    }
    return best;
}

/* Points a side surely takes from here on (at the start of a trick): its trumps that no card
 * of the other side can beat win their tricks, and each of those tricks (at least as many as
 * one seat holds of them) also gets a card from every seat of the other side, and from every
 * other seat of the side a card that is not one of its sure trumps wherever it holds fewer
 * of those. `mine` and `theirs` are the two sides' cards. */
static int sure_points(const Core *s, int max_side, u64 mine, u64 theirs) {
    u64 tm = s->gmask[s->trump];
    u64 safe = mine & tm;
    u64 their_tr = theirs & tm;
    if (their_tr) safe &= s->above[msb64(their_tr) >> 1];
    if (!safe) return 0;
    int total = set_points(s, safe);
    int tricks = 0, top = -1, cnts[MAXN];
    for (int i = 0; i < s->n; i++) {
        if (s->maxs[i] != max_side) continue;
        u64 x = s->hands[i] & safe;
        int cnt = 0;
        while (x) { cnt += ((ctz64(x) & 1) ? 2 : 1); x &= x - 1; }
        cnts[i] = cnt;
        if (cnt > tricks) { tricks = cnt; top = i; }
    }
    u64 sl = (safe | (safe >> 1)) & LOW, unsafe = ~(sl | (sl << 1));
    for (int i = 0; i < s->n; i++) {
        if (s->maxs[i] == max_side && i == top) continue;
        /* the seat's `tricks` cheapest cards (a partner's: beside its own sure ones) */
        int need = s->maxs[i] == max_side ? tricks - cnts[i] : tricks;
        u64 h = s->maxs[i] == max_side ? s->hands[i] & unsafe : s->hands[i];
        for (int j = 0; need > 0 && j < s->ncards; j++) {
            int c = s->by_points[j];
            int copies = (int)((h >> (2 * c)) & 3);
            if (!copies) continue;
            int take = copies < need ? copies : need;
            total += take * s->pts[c];
            need -= take;
        }
    }
    return total;
}

static int child(Core *s, int seat, int c, int alpha, int beta) {
    u64 b = 1ULL << (2 * c);
    s->hands[seat] -= b;
    s->left -= s->pts[c];
    s->trick[s->k++] = c;
    int v = s->k < s->n ? search(s, alpha, beta) : trick_done(s, alpha, beta, 0);
    s->k--;
    s->left += s->pts[c];
    s->hands[seat] += b;
    return v;
}

/* ------------------------------------------------------------------ the structure table */
/* Two positions with the same leader whose cards, group by group and from the weakest up,
 * have the same owners (and the same "second beats" flags) are the same game but for the
 * points of the cards: the same tricks are won whatever is played. Their values differ by at
 * most what the matched cards' point differences can cost or bring (structure_delta). The table
 * keeps, per structure, the last position searched and its bounds (reference.py keys a dict
 * on the structure itself; here its Shape does). */
/* A position's structure in a few words: per seat its cards' counts packed card after card
 * (only the cards still in play, weakest first), the number of such cards in each group, the
 * "second beats" flags in the same packing, and a hash of all that with the leader. */
typedef struct {
    u64 comp[MAXN];
    u64 gsig, ssig, hash;
} Shape;

static inline void shape_hash(Shape *sh, int n, int leader) {
    u64 x = 0x9E3779B97F4A7C15ULL * (u64)(leader + 1);
    for (int i = 0; i < n; i++) {
        x ^= sh->comp[i];
        x *= 0xBF58476D1CE4E5B9ULL;
        x ^= x >> 29;
    }
    x ^= sh->gsig + 0x632BE59BD9B4E019ULL * sh->ssig;
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 31;
    sh->hash = x ? x : 1;
}

static void shape_of_loop(const Core *s, int leader, Shape *sh) {
    u64 all = 0;
    for (int i = 0; i < s->n; i++) {
        all |= s->hands[i];
        sh->comp[i] = 0;
    }
    u64 p = (all | (all >> 1)) & LOW;
    u64 gsig = 0, ssig = 0;
    int j = 0;
    while (p) {
        int c = ctz64(p) >> 1;
        p &= p - 1;
        for (int i = 0; i < s->n; i++) sh->comp[i] |= ((s->hands[i] >> (2 * c)) & 3) << (2 * j);
        gsig += 1ULL << (6 * s->gof[c]);
        ssig |= ((s->second >> (2 * c)) & 1) << j;
        j++;
    }
    sh->gsig = gsig;
    sh->ssig = ssig;
    shape_hash(sh, s->n, leader);
}

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#include <immintrin.h>
#define PEXT_DISPATCH 1
/* The same with BMI2's parallel bit extract: a hand's counts of the cards still in play,
 * packed, are the hand's bits under the mask of those cards. */
__attribute__((target("bmi2,popcnt")))
static void shape_of_pext(const Core *s, int leader, Shape *sh) {
    u64 all = 0;
    for (int i = 0; i < s->n; i++) all |= s->hands[i];
    u64 low = (all | (all >> 1)) & LOW, both = low | (low << 1);
    for (int i = 0; i < s->n; i++) sh->comp[i] = _pext_u64(s->hands[i], both);
    u64 gsig = 0;
    for (int g = 0; g < s->ngroups; g++)
        gsig += (u64)__builtin_popcountll(low & s->gmask[g]) << (6 * g);
    sh->gsig = gsig;
    sh->ssig = _pext_u64(s->second, low);
    shape_hash(sh, s->n, leader);
}
#endif

/* A position's structure (shape_of_pext where the processor has a fast one). */
static void (*shape_of)(const Core *s, int leader, Shape *sh) = shape_of_loop;

/* The value of the current position is at least that of a position of the same structure with
 * hands `h2` minus *dlo and at most it plus *dhi: matched card by card, the points the
 * maximiser can lose or gain against h2's. (Durch and Untendurch do not count points.) */
static void structure_delta(const Core *s, const u64 *h2, int *dlo, int *dhi) {
    if (s->goal != GOAL_POINTS) { *dlo = *dhi = 0; return; }
    u64 a = 0, b = 0, tot = 0;
    for (int i = 0; i < s->n; i++) {
        a |= s->hands[i];
        b |= h2[i];
        tot += s->hands[i];   /* at most two copies a card: the 2-bit counts do not carry */
    }
    u64 pa = (a | (a >> 1)) & LOW, pb = (b | (b >> 1)) & LOW;
    int lo = 0, hi = 0;
    while (pa) {
        int c = ctz64(pa) >> 1, c2 = ctz64(pb) >> 1;
        pa &= pa - 1;
        pb &= pb - 1;
        int dd = (s->pts[c] - s->pts[c2]) * (int)((tot >> (2 * c)) & 3);
        if (dd < 0) lo -= dd;
        else hi += dd;
    }
    *dlo = lo;
    *dhi = hi;
}

static inline int shape_is(const u64 *e, int n, const Shape *sh, int leader) {
    if (e[n + 2] != sh->hash || tt_leader(e, n) != leader) return 0;
    const u64 *w = e + n + 3;
    if (w[n] != sh->gsig || w[n + 1] != sh->ssig) return 0;
    for (int i = 0; i < n; i++)
        if (w[i] != sh->comp[i]) return 0;
    return 1;
}

/* The entry of the current structure (*found, with the differences of structure_delta), or
 * the first free slot of its window (NULL: the window is full). */
static u64 *q_slot(const Core *s, const Table *t, const Shape *sh, int leader, int *found,
                   int *dlo, int *dhi) {
    int n = t->n;
    size_t mask = t->cap - 1, i = q_home(sh->hash, mask);
    *found = 0;
    for (int j = 0, w = WINDOW(t); j < w; j++, i = (i + 1) & mask) {
        u64 *e = tt_entry(t, i);
        if (!tt_used(e, n)) return e;
        if (shape_is(e, n, sh, leader)) {
            structure_delta(s, e, dlo, dhi);
            *found = 1;
            return e;
        }
    }
    return NULL;
}

/* The side (1: the maximiser's) that takes the trick in progress if `seat` adds `c` to it
 * (its best card so far `win`, held by side `win_side`), when no later card can change that:
 * nobody after `seat` holds a card that beats the new best one (a safe test, legal or not;
 * a later copy of a "second beats" card beats it).
 * Else -1. */
static int taker(const Core *s, int seat, int c, int win, int win_side) {
    int b = beats(s, c, win);
    int w = b ? c : win;
    for (int j = 1; s->k + j < s->n; j++) {
        u64 h = s->hands[s->mod[seat + j]];
        if ((h & s->gmask[s->gof[w]] & s->above[w])
            || (s->trump >= 0 && s->gof[w] != s->trump && (h & s->gmask[s->trump]))
            || (((s->second >> (2 * w)) & 1) && ((h >> (2 * w)) & 3)))
            return -1;
    }
    return b ? s->maxs[seat] : win_side;
}

static int search(Core *s, int alpha, int beta) {
    s->nodes++;
    if (s->nodes == s->limit) { s->stop = 1; return 0; }
    int k = s->k;
    int seat = s->mod[s->leader + k];
    int tt_move = -1, a0 = 0, b0 = 0, lo = 0, hi = BIG;
    Shape shp;
    u64 *qfound = NULL;      /* the structure's entry, found by the look-up ... */
    unsigned qgen = 0;       /* ... while the table was in this generation */
    if (k == 0) {
        u64 hand = s->hands[seat];
        if (!hand) return 0;
        int top = s->goal == GOAL_POINTS ? s->left + s->bonus : 1;
        if (top <= alpha) return top;
        /* start loading the table entry while the bounds are computed */
        size_t h0 = tt_hash(s->hands, s->n, seat, s->tt.cap - 1);
        __builtin_prefetch(s->tt.data + h0 * s->tt.stride);
        if (beta <= 0) return 0;
        if (!(hand & (hand - 1)) && (hand & LOW)) return last_trick(s);
        if (popcount64(hand & LOW) + 2 * popcount64(hand & ~LOW) == 2) return two_tricks(s, alpha, beta);
        /* the structure too (it is stored with the result): start loading its entry */
        shape_of(s, seat, &shp);
        __builtin_prefetch(s->qt.data + q_home(shp.hash, s->qt.cap - 1) * s->qt.stride);

        u64 *tfree = NULL;
        const u64 *e = tt_find(&s->tt, s->hands, seat, &tfree);
        if (e) {
            lo = tt_lo(e, s->n);
            hi = tt_hi(e, s->n);
            tt_move = tt_best(e, s->n);
            if (lo >= beta) return lo;
            if (hi <= alpha) return hi;
            if (lo == hi) return lo;
            if (lo > alpha) alpha = lo;
            if (hi < beta) beta = hi;
        }
        if (s->goal == GOAL_POINTS && s->trump >= 0) {
            u64 maxc = 0, minc = 0;
            for (int i = 0; i < s->n; i++) {
                if (s->maxs[i]) maxc |= s->hands[i];
                else minc |= s->hands[i];
            }
            int up = top - sure_points(s, 0, minc, maxc);
            if (up <= alpha) return up;
            int down = sure_points(s, 1, maxc, minc);
            if (down >= beta) return down;
        }
        if (!e) {
            /* a position of the same structure: its bounds, widened by the points */
            int found, dlo, dhi;
            u64 *q = q_slot(s, &s->qt, &shp, seat, &found, &dlo, &dhi);
            qgen = s->qt.gen;
            if (found) {
                qfound = q;
                int qlo = tt_lo(q, s->n) - dlo, qhi = tt_hi(q, s->n) + dhi;
                if (qlo >= beta) return qlo;
                if (qhi <= alpha) return qhi;
            }
        }
        a0 = alpha;
        b0 = beta;
    }
    int moves[MAXC];
    int run_of[MAXC], done_card[MAXC], done_v[MAXC], ndone = 0;
    int m = ordered(s, seat, tt_move, moves, run_of);
    int maximizing = s->maxs[seat];
    int best = maximizing ? -1 : BIG, best_card = -1;
    /* Within a trick: its best card so far and the side that holds it (for taker()). */
    int twin = -1, twin_side = 0;
    if (k > 0 && m > 1) {
        int wpos, bl, bt;
        status(s, &twin, &wpos, &bl, &bt);
        twin_side = s->maxs[s->mod[s->leader + wpos]];
        if (k == s->n - 1) {
            /* The last card of the trick: every child starts a trick and looks up the
             * table first. Ask for those entries now, so that the loads overlap. */
            int wseat = s->mod[s->leader + wpos];
            for (int i = 0; i < m; i++) {
                int c = moves[i];
                int w = beats(s, c, twin) ? seat : wseat;
                s->hands[seat] -= 1ULL << (2 * c);
                size_t h = tt_hash(s->hands, s->n, w, s->tt.cap - 1);
                s->hands[seat] += 1ULL << (2 * c);
                __builtin_prefetch(s->tt.data + h * s->tt.stride);
            }
        }
    }
    for (int i = 0; i < m; i++) {
        int c = moves[i];
        int v, skip = 0;
        /* A card of the same run as one searched already is worth within the difference of
         * their points of that one's value: skip it when that bound already decides. When
         * the card settles who takes the trick (the same for a whole run), only the card
         * kept for later can move points the other way. */
        int last_w = twin >= 0 ? taker(s, seat, c, twin, twin_side) : -1;
        if (ndone) {
            int bound = maximizing ? BIG : -BIG;
            for (int j = 0; j < ndone; j++) {
                int x = done_card[j];
                if (run_of[x] != run_of[c]) continue;
                /* value(c) - value(x) lies in [dlo, dhi] */
                int d = s->pts[c] - s->pts[x], dlo, dhi;
                if (last_w < 0) {
                    dlo = d < 0 ? d : -d;
                    dhi = -dlo;
                } else {
                    int e = last_w ? d : -d;
                    dlo = e < 0 ? e : 0;
                    dhi = e > 0 ? e : 0;
                }
                if (maximizing) { if (done_v[j] + dhi < bound) bound = done_v[j] + dhi; }
                else if (done_v[j] + dlo > bound) bound = done_v[j] + dlo;
            }
            if (maximizing ? bound <= alpha : bound >= beta) { v = bound; skip = 1; }
        }
        if (!skip) {
            int a_was = alpha, b_was = beta;
            v = child(s, seat, c, alpha, beta);
            if (s->stop) return 0;
            if (maximizing ? v < b_was : v > a_was) {
                done_card[ndone] = c;
                done_v[ndone++] = v;
            }
        }
        if (maximizing) {
            if (v > best) {
                best = v; best_card = c;
                if (best > alpha) alpha = best;
            }
        } else if (v < best) {
            best = v; best_card = c;
            if (best < beta) beta = best;
        }
        if (alpha >= beta) break;
    }
    if (k == 0) {
        if (best <= a0) hi = best;
        else if (best >= b0) lo = best;
        else lo = hi = best;
        int depth = popcount64(s->hands[seat] & LOW) + 2 * popcount64(s->hands[seat] & ~LOW);
        /* the children may have moved the table's entries: look the key up again */
        if (tt_store(&s->tt, s->hands, seat, lo, hi, best_card, depth) < 0) {
            s->stop = 1;
            s->nomem = 1;
            return 0;
        }
        Table *qt = &s->qt;
        u64 *q;
        int found = 0, dlo, dhi;
        if (qfound && qt->gen == qgen) {
            /* Nothing moved since the look-up: reuse the entry it found. */
            q = qfound;
            found = 1;
        } else {
            q = q_slot(s, qt, &shp, seat, &found, &dlo, &dhi);
        }
        while (!found) {
            int moved, nomem;
            q = tt_room(qt, q, q_home(shp.hash, qt->cap - 1), &moved, &nomem);
            if (nomem) { s->stop = 1; s->nomem = 1; return 0; }
            if (!moved) break;
            q = q_slot(s, qt, &shp, seat, &found, &dlo, &dhi);
        }
        tt_set(qt, q, s->hands, seat, lo, hi, best_card, depth);
        q[s->n + 2] = shp.hash;
        memcpy(q + s->n + 3, shp.comp, s->n * sizeof(u64));
        q[2 * s->n + 3] = shp.gsig;
        q[2 * s->n + 4] = shp.ssig;
    }
    return best;
}

/* ------------------------------------------------------------------ Python glue */
static int get_int(PyObject *o, const char *name, long long *out) {
    PyObject *v = PyObject_GetAttrString(o, name);
    if (!v) return -1;
    long long x = PyLong_AsLongLong(v);
    Py_DECREF(v);
    if (x == -1 && PyErr_Occurred()) return -1;
    *out = x;
    return 0;
}

static int get_u64(PyObject *v, u64 *out) {
    unsigned long long x = PyLong_AsUnsignedLongLong(v);
    if (x == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = x;
    return 0;
}

/* A tuple attribute of ints into out[0..max); returns its length or -1. */
/* Every value of buf[0..len) in [0, hi), else a ValueError saying what. */
static int in_range(const long long *buf, int len, long long hi, const char *what) {
    for (int i = 0; i < len; i++) {
        if (buf[i] < 0 || buf[i] >= hi) {
            PyErr_SetString(PyExc_ValueError, what);
            return -1;
        }
    }
    return 0;
}

static int get_seq(PyObject *o, const char *name, long long *out, int max, int unsigned_) {
    PyObject *v = PyObject_GetAttrString(o, name);
    if (!v) return -1;
    PyObject *seq = PySequence_Fast(v, "expected a sequence");
    Py_DECREF(v);
    if (!seq) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
    if (len > max) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: %zd entries, at most %d", name, len, max);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *it = PySequence_Fast_GET_ITEM(seq, i);
        if (unsigned_) {
            u64 x;
            if (get_u64(it, &x) < 0) { Py_DECREF(seq); return -1; }
            out[i] = (long long)x;
        } else {
            long long x = PyLong_AsLongLong(it);
            if (x == -1 && PyErr_Occurred()) { Py_DECREF(seq); return -1; }
            out[i] = x;
        }
    }
    Py_DECREF(seq);
    return (int)len;
}

static int Core_init(Core *self, PyObject *args, PyObject *kwds) {
    PyObject *t;
    long long budget;
    if (!PyArg_ParseTuple(args, "OL", &t, &budget)) return -1;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this search core is busy in another thread");
        return -1;
    }
    long long v, buf[64];
    int len;
    tt_free(&self->tt);
    tt_free(&self->qt);
    memset(&self->n, 0, sizeof(Core) - offsetof(Core, n));
    if (get_int(t, "n", &v) < 0) return -1;
    if (v < 2 || v > MAXN) { PyErr_SetString(PyExc_ValueError, "n out of range"); return -1; }
    self->n = (int)v;
    for (int i = 0; i < 2 * MAXN; i++) self->mod[i] = i % self->n;
    if ((len = get_seq(t, "hands", buf, MAXN, 1)) < 0) return -1;
    if (len != self->n) { PyErr_SetString(PyExc_ValueError, "hands != n"); return -1; }
    for (int i = 0; i < len; i++) self->hands[i] = (u64)buf[i];
    if (get_int(t, "leader", &v) < 0) return -1;
    if (v < 0 || v >= self->n) { PyErr_SetString(PyExc_ValueError, "bad leader"); return -1; }
    self->leader = (int)v;
    if (get_int(t, "n_cards", &v) < 0) return -1;
    if (v < 0 || v > MAXC) { PyErr_SetString(PyExc_ValueError, "n_cards"); return -1; }
    self->ncards = (int)v;
    if ((len = get_seq(t, "trick", buf, MAXN - 1, 0)) < 0) return -1;
    self->k = len;
    if (in_range(buf, len, self->ncards, "bad trick card") < 0) return -1;
    for (int i = 0; i < len; i++) self->trick[i] = (int)buf[i];
    if ((len = get_seq(t, "group_mask", buf, MAXG, 1)) < 0) return -1;
    self->ngroups = len;
    for (int i = 0; i < len; i++) self->gmask[i] = (u64)buf[i];
    if ((len = get_seq(t, "group_of", buf, MAXC, 0)) < 0) return -1;
    if (len != self->ncards) { PyErr_SetString(PyExc_ValueError, "group_of"); return -1; }
    if (in_range(buf, len, self->ngroups, "bad group") < 0) return -1;
    for (int i = 0; i < len; i++) self->gof[i] = (int)buf[i];
    if ((len = get_seq(t, "points", buf, MAXC, 0)) < 0) return -1;
    if (len != self->ncards) { PyErr_SetString(PyExc_ValueError, "points"); return -1; }
    for (int i = 0; i < len; i++) self->pts[i] = (int)buf[i];
    if (get_int(t, "trump", &v) < 0) return -1;
    if (v < -1 || v >= self->ngroups) { PyErr_SetString(PyExc_ValueError, "trump"); return -1; }
    self->trump = (int)v;
    PyObject *sb = PyObject_GetAttrString(t, "second_beats");
    if (!sb) return -1;
    int bad = get_u64(sb, &self->second);
    Py_DECREF(sb);
    if (bad < 0) return -1;
    if (get_int(t, "max_seats", &v) < 0) return -1;
    for (int i = 0; i < self->n; i++) self->maxs[i] = (int)((v >> i) & 1);
    if ((len = get_seq(t, "party", buf, MAXN, 0)) < 0) return -1;
    if (len != self->n) { PyErr_SetString(PyExc_ValueError, "party"); return -1; }
    for (int i = 0; i < len; i++) self->party[i] = (int)buf[i];
    if (get_int(t, "rule", &v) < 0) return -1;
    self->rule = (int)v;
    if (get_int(t, "flags", &v) < 0) return -1;
    self->flags = (int)v;
    if (get_int(t, "duty", &v) < 0) return -1;
    self->duty = (int)v;
    if (get_int(t, "bonus", &v) < 0) return -1;
    self->bonus = (int)v;
    if (get_int(t, "goal", &v) < 0) return -1;
    self->goal = (int)v;
    if (get_int(t, "tt_limit", &v) < 0) return -1;
    if (v < 1) { PyErr_SetString(PyExc_ValueError, "tt_limit"); return -1; }
    for (int c = 0; c < self->ncards; c++) {
        self->above[c] = self->gmask[self->gof[c]] & ~((2ULL << (2 * c + 1)) - 1);
        self->rank[c] = c - (ctz64(self->gmask[self->gof[c]]) >> 1);
    }
    self->left = 0;
    for (int i = 0; i < self->n; i++) self->left += set_points(self, self->hands[i]);
    for (int c = 0; c < self->ncards; c++) {
        int j = c;
        while (j > 0 && self->pts[self->by_points[j - 1]] > self->pts[c]) {
            self->by_points[j] = self->by_points[j - 1];
            j--;
        }
        self->by_points[j] = c;
    }
    self->limit = budget < 0 ? -1 : budget + 1;
    if (tt_init(&self->tt, self->n, 0, (size_t)v) < 0
        || tt_init(&self->qt, self->n, 1, (size_t)v) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Core_dealloc(Core *self) {
    tt_free(&self->tt);
    tt_free(&self->qt);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *limit_error(Core *self) {
    if (self->nomem) return PyErr_NoMemory();
    PyErr_SetString(BudgetExceeded, "node budget exceeded");
    return NULL;
}

static int refuse_busy(Core *self) {
    if (!self->busy) return 0;
    PyErr_SetString(PyExc_RuntimeError, "this search core is busy in another thread");
    return -1;
}

static PyObject *Core_search(Core *self, PyObject *args) {
    int alpha, beta, v;
    if (!PyArg_ParseTuple(args, "ii", &alpha, &beta)) return NULL;
    if (refuse_busy(self) < 0) return NULL;
    if (self->stop) return limit_error(self);
    /* The search touches no Python object: other threads (a web server's event loop, say)
     * run meanwhile. */
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    v = search(self, alpha, beta);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (self->stop) return limit_error(self);
    return PyLong_FromLong(v);
}

static PyObject *Core_root_moves(Core *self, PyObject *unused) {
    if (refuse_busy(self) < 0) return NULL;
    int seat = (self->leader + self->k) % self->n;
    int tt_move = -1;
    if (!self->k) {
        u64 *slot = NULL;
        const u64 *e = tt_find(&self->tt, self->hands, seat, &slot);
        if (e) tt_move = tt_best(e, self->n);
    }
    int reps[MAXC], crep[MAXC], cfirst[MAXC], run_of[MAXC];
    int m = ordered(self, seat, tt_move, reps, run_of);
    int win = -1, wpos = -1, bl = -1, bt = -1;
    if (self->k) status(self, &win, &wpos, &bl, &bt);
    u64 legal = legal_mask(self, seat, self->hands[seat], win, wpos, bl, bt);
    int nc = classes(self, seat, legal, crep, cfirst);
    u64 lp = (legal | (legal >> 1)) & LOW;
    PyObject *out = PyList_New(m);
    if (!out) return NULL;
    for (int i = 0; i < m; i++) {
        int c = reps[i], first = c;
        for (int j = 0; j < nc; j++)
            if (crep[j] == c) first = cfirst[j];
        PyObject *members = PyList_New(0);
        if (!members) { Py_DECREF(out); return NULL; }
        for (int x = first; x <= c; x++) {
            if (!((lp >> (2 * x)) & 1)) continue;
            PyObject *xi = PyLong_FromLong(x);
            if (!xi || PyList_Append(members, xi) < 0) {
                Py_XDECREF(xi); Py_DECREF(members); Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(xi);
        }
        PyObject *tup = PyList_AsTuple(members);
        Py_DECREF(members);
        if (!tup) { Py_DECREF(out); return NULL; }
        PyObject *pair = Py_BuildValue("(iN)", c, tup);
        if (!pair) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, i, pair);
    }
    return out;
}

static PyObject *Core_play(Core *self, PyObject *args) {
    int c;
    if (!PyArg_ParseTuple(args, "i", &c)) return NULL;
    if (refuse_busy(self) < 0) return NULL;
    int seat = (self->leader + self->k) % self->n;
    if (c < 0 || c >= self->ncards || !((self->hands[seat] >> (2 * c)) & 3)) {
        PyErr_SetString(PyExc_ValueError, "the player to move does not hold that card");
        return NULL;
    }
    if (self->usp >= MAX_UNDO) {
        PyErr_SetString(PyExc_ValueError, "too many moves played at the root");
        return NULL;
    }
    int u = self->usp++;
    self->useat[u] = seat;
    self->ucard[u] = c;
    self->uk[u] = self->k;
    self->uleader[u] = self->leader;
    memcpy(self->utrick[u], self->trick, sizeof(self->trick));
    self->hands[seat] -= 1ULL << (2 * c);
    self->left -= self->pts[c];
    self->trick[self->k++] = c;
    if (self->k < self->n) return Py_BuildValue("(iO)", 0, Py_False);
    int final, winner;
    int gained = close_trick(self, &final, &winner);
    self->k = 0;
    self->leader = winner;
    return Py_BuildValue("(iO)", gained, final ? Py_True : Py_False);
}

static PyObject *Core_undo(Core *self, PyObject *unused) {
    if (refuse_busy(self) < 0) return NULL;
    if (!self->usp) {
        PyErr_SetString(PyExc_ValueError, "nothing to undo");
        return NULL;
    }
    int u = --self->usp;
    int c = self->ucard[u];
    self->hands[self->useat[u]] += 1ULL << (2 * c);
    self->left += self->pts[c];
    self->k = self->uk[u];
    self->leader = self->uleader[u];
    memcpy(self->trick, self->utrick[u], sizeof(self->trick));
    Py_RETURN_NONE;
}

static PyObject *Core_set_budget(Core *self, PyObject *args) {
    long long budget;
    if (!PyArg_ParseTuple(args, "L", &budget)) return NULL;
    if (refuse_busy(self) < 0) return NULL;
    self->limit = budget < 0 ? -1 : self->nodes + budget + 1;
    if (!self->nomem) self->stop = 0;
    Py_RETURN_NONE;
}

static PyObject *Core_to_move(Core *self, PyObject *unused) {
    return PyLong_FromLong(self->mod[self->leader + self->k]);
}

static PyObject *Core_is_max(Core *self, PyObject *unused) {
    return PyBool_FromLong(self->maxs[(self->leader + self->k) % self->n]);
}

static PyObject *Core_get_nodes(Core *self, void *closure) {
    return PyLong_FromLongLong(self->nodes);
}

static PyObject *Core_get_tt_size(Core *self, void *closure) {
    return PyLong_FromSize_t(self->tt.count);
}

static PyMethodDef Core_methods[] = {
    {"search", (PyCFunction)Core_search, METH_VARARGS,
     "search(alpha, beta): the value of the current position, fail-soft in the window."},
    {"root_moves", (PyCFunction)Core_root_moves, METH_NOARGS,
     "The cards to search here, in search order, each with its class."},
    {"play", (PyCFunction)Core_play, METH_VARARGS,
     "play(card) -> (gained, final): play a card at the root."},
    {"undo", (PyCFunction)Core_undo, METH_NOARGS, "Take back the last play()."},
    {"is_max", (PyCFunction)Core_is_max, METH_NOARGS, "Whether the player to move maximises."},
    {"to_move", (PyCFunction)Core_to_move, METH_NOARGS, "The internal seat to move."},
    {"set_budget", (PyCFunction)Core_set_budget, METH_VARARGS,
     "set_budget(n): the following searches may take n more nodes in all (-1: no limit)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, NULL, "Nodes searched so far.", NULL},
    {"tt_size", (getter)Core_get_tt_size, NULL, "Entries in the table.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "binokel.search._core.Core",
    .tp_doc = "The compiled search state of one position (see reference.Core).",
    .tp_basicsize = sizeof(Core),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef coremodule = {
    PyModuleDef_HEAD_INIT, "_core",
    "The compiled search core of binokel.search (the algorithm of reference.py).", -1, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&coremodule);
    if (!m) return NULL;
    BudgetExceeded = PyErr_NewException("binokel.search._core.BudgetExceeded", NULL, NULL);
    if (!BudgetExceeded) { Py_DECREF(m); return NULL; }
    Py_INCREF(BudgetExceeded);
    if (PyModule_AddObject(m, "BudgetExceeded", BudgetExceeded) < 0) {
        Py_DECREF(BudgetExceeded); Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "ALGORITHM", ALGORITHM) < 0) { Py_DECREF(m); return NULL; }
#ifdef PEXT_DISPATCH
    /* BMI2's pext is microcoded (slow) on AMD's Zen 1 and 2. */
    __builtin_cpu_init();
    if (__builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt")
        && !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2")
        && !getenv("BINOKEL_SEARCH_NO_PEXT"))
        shape_of = shape_of_pext;
#endif
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType); Py_DECREF(m);
        return NULL;
    }
    return m;
}
