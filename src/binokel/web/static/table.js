// The card table as a component: the seats around the felt (you at the bottom), the trick in
// the middle with every card in front of the player who played it, the hand fanned in the
// dock at the bottom with the action bar beside it, and the result.
//
// Like chessground is a board with a small API, this is a table with one: it reads no
// globals and talks to no server. It is given a Position (a presented table at one moment:
// binokel.present's ``Table.to_json()`` and the few facts around it) and a Look (how the
// player wants it drawn), and it says what the player wants as Intents (play this card,
// ready for the next deal ...). Who feeds it decides what an intent does: the live table's
// session (session.js) sends it over the table's socket; a replay of a finished deal can
// mount the same table with recorded positions and no socket at all.
//
// The table is built once and then updated in place on every position, so the keyboard
// focus stays where it was (a card, a button) and animations have something to move. Its
// elements keep their ids (#hand, #actions, #trick ...): one table per page.

import { cardBackSVG, cardName, cardSVG } from "./cardfaces.js";
import { calm, classes, el, flyFrom, setText } from "./dom.js";
import { handKeys } from "./keys.js";
import { translate } from "./words.js";

/**
 * How the player wants the table drawn (prefs.js has the player's choices).
 * @typedef {object} Look
 * @property {"de" | "en"} lang       the language of the table's own words and card names
 * @property {"auto" | "german" | "french"} deck   the faces: "auto", the game's own deck
 * @property {"standard" | "four"} colors
 * @property {"normal" | "high"} contrast
 * @property {boolean} sound          a tone on your turn and on cards played
 */

/**
 * How card faces are drawn: the deck resolved for the game, and the look's colours.
 * @typedef {{deck: string, colors: string, contrast: string, lang: string}} Faces
 */

/**
 * The presented table of one seat (``me`` -1: a spectator's or a replay's public one):
 * ``binokel.present.Table.to_json()``, docs/web-client.md "Data the client uses".
 * @typedef {object} PresentedTable
 * @property {string} game
 * @property {string} title
 * @property {number} players
 * @property {number} me
 * @property {number} to_move            -1: the deal is over
 * @property {boolean} [my_turn]
 * @property {string} phase
 * @property {string} status
 * @property {Seat[]} seats
 * @property {string[]} hand
 * @property {{title: string, cards: string[], text: string, face_down?: number}[]} panels
 *   a panel's ``face_down`` cards (a stock) are drawn as a pile of backs
 * @property {Trick} trick
 * @property {Trick | null} last_trick
 * @property {number} tricks_played
 * @property {Choices} choices
 * @property {string[]} log
 * @property {string[]} result           the explanation, once the deal is over
 * @property {string} [deck]
 * @property {string | null} [trump]
 * @property {string} [trump_name]
 * @property {number | null} [bid]
 * @property {number | null} [bid_holder]
 * @property {number | null} [meld_value]
 * @property {{suit: string, value: number}[]} [trump_melds]
 * @property {{card: string, playable: boolean, reason: string, warning: string}[]} [cards]
 * @property {Outcome | null} [outcome]
 */

/**
 * @typedef {object} Seat
 * @property {number} seat
 * @property {string} name
 * @property {string[]} roles
 * @property {number} cards
 * @property {number | null} team
 * @property {string[]} lines
 * @property {{label: string, points: number, cards: string[]}[]} melds
 * @property {number | null} meld_total
 * @property {string[]} table            cards face up in front of the seat
 * @property {boolean} out
 * @property {string} [level]
 * @property {string} [label]
 */

/** @typedef {{title: string, cards: [number, string][], winner: number | null}} Trick */

/**
 * @typedef {object} Choices
 * @property {{action: string, label: string, style: string, short?: string, cards?: string[]}[]} buttons
 * @property {{verb: string, cards: string[], hint: string} | null} cards
 * @property {{verb: string, count: number, label: string, hint: string, required?: string[]} | null} select
 * @property {{verb: string, low: number, high: number, step: number, words?: string} | null} bid
 */

/**
 * @typedef {object} Outcome
 * @property {string} headline
 * @property {boolean | null} made
 * @property {number[]} changes
 * @property {number | null} declarer
 * @property {number | null} bid
 * @property {number | null} melds
 * @property {number | null} tricks
 * @property {number | null} total
 * @property {{label: string, value: number}[]} figures
 * @property {string} [contract]         what was played ("Normal game · trump Hearts · bid 280")
 * @property {string} [sum]              the arithmetic as players say it
 * @property {number[]} [winners]        the seats that won the deal
 * @property {"won" | "lost" | ""} [tone] the reader's: won, lost, neutral (a spectator)
 */

/**
 * What the table shows: a presented table at one moment, and around it what the table of a
 * series knows (all optional but ``table``, ``deal``, ``moves``).
 * @typedef {object} Position
 * @property {PresentedTable} table
 * @property {number} deal               the table's deal number
 * @property {number} moves              actions of the deal so far
 * @property {number[]} [ready]          seats ready for the next deal
 * @property {number[]} [restart]        seats asking for a new series with the same people
 * @property {boolean} [newSeries]       the result offers a new series with the same people
 * @property {number[]} [winners]        the finished series' winner with his partners
 * @property {boolean} [rematch]         a finished series offers a rematch (``next``)
 * @property {boolean} [more]            false: nothing follows at this table (duplicate)
 * @property {number | null} [seed]      a seed the creator chose: the deals are known
 * @property {number[]} [away]           seats a stand-in plays for (timed out or left)
 * @property {number[]} [returning]      away seats taken back, from the end of this trick
 * @property {boolean} [hints]           the table allows hints: a Hint button on your turn
 * @property {boolean} [replay]          a recorded position (replay.js): no trick is held for
 *   a while, a finished trick stays in the middle until the next card
 * @property {string[][]} [hands]        every seat's hand face up (a finished deal's replay)
 */

/**
 * What the player wants; ``deal`` and ``move`` name the position it was chosen in.
 * @typedef {{type: "action", action: string, deal: number, move: number}
 *   | {type: "next", series?: boolean} | {type: "hint"} | {type: "back"} | {type: "seed"}} Intent
 */

/**
 * Marks on the cards and buttons of one position: the suggested action and each action's
 * value (a hint), or the analysis of a replay on the trick's cards: ``trick`` by
 * ``"seat:card"``, the points the card gave away (0: a best card) and the sentence saying so.
 * @typedef {{deal: number, move: number, best?: string, values?: Record<string, number>,
 *   trick?: Record<string, {loss: number, text: string}>}} Marks
 */

/**
 * @typedef {object} TableOptions
 * @property {Look} look
 * @property {(intent: Intent) => void} [onIntent]
 * @property {(title: string) => void} [onTitle]   the tab's title ("Your turn · Binokel")
 */

const HOLD_MS = 1200;          // a finished trick stays this long, or until tapped
const THINK_MS = 1500;         // a computer player this slow is said to be thinking
const HINT_MS = 4000;          // a word on the player's own choice stays this long

// Where the seats sit, by distance from you in playing order.
const POSITIONS = {
  1: ["bottom"],
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "tl", "tr", "right"],
  6: ["bottom", "left", "tl", "top", "tr", "right"],
  7: ["bottom", "bl", "left", "tl", "tr", "right", "br"],
  8: ["bottom", "bl", "left", "tl", "top", "tr", "right", "br"],
};

const svgCache = new Map();

/** The faces of ``look`` for a table whose game has deck ``tableDeck``.
 * @param {Look} look
 * @param {string | undefined} tableDeck
 * @returns {Faces} */
export function facesOf(look, tableDeck) {
  const deck = look.deck !== "auto" ? look.deck : tableDeck === "french" ? "french" : "german";
  return { deck, colors: look.colors, contrast: look.contrast, lang: look.lang };
}

/** The markup of a card face (cached): the SVG as an image without a text alternative, so
 * the element around it carries the name (a button's label is then all a screen reader says,
 * and the DOM stays small: one node per card instead of hundreds of paths).
 * @param {string} tok @param {Faces} faces */
function faceMarkup(tok, faces) {
  const key = `${tok}|${faces.deck}|${faces.colors}|${faces.contrast}|${faces.lang}`;
  let s = svgCache.get(key);
  if (s === undefined) {
    try {
      const svg = cardSVG(tok, faces);
      s = `<img alt="" draggable="false" src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}">`;
    } catch { s = `<span>${tok.replace(/[^A-Z0-9]/g, "")}</span>`; }
    svgCache.set(key, s);
  }
  return s;
}

/** A suit's name in the deck's words ("Eichel", "Clubs"), from the name of its ace.
 * @param {string} suit @param {Faces} faces */
function suitName(suit, faces) {
  const name = nameOf(`${suit}A`, faces);
  return faces.lang === "en" ? name.replace(/^.* of /, "") : name.replace(/-.*$/, "");
}

/** A card's name in the words of the faces ("Eichel-As", "Ace of Clubs").
 * @param {string} tok @param {Faces} faces */
export function nameOf(tok, faces) {
  try { return cardName(tok, faces); } catch { return tok; }
}

/** A card face as a plain element (not clickable): trick, melds, panels.
 * @param {string} tok @param {Faces} faces @param {string} [extra] classes */
export function faceEl(tok, faces, extra = "") {
  const e = el("span", { class: `card face ${extra}`.trim(), "data-card": tok, role: "img",
    "aria-label": nameOf(tok, faces) });
  e.innerHTML = faceMarkup(tok, faces);
  return e;
}

/** A row of small faces.
 * @param {string[]} tokens @param {Faces} faces @param {string} [cls] */
export function cardRow(tokens, faces, cls = "cards") {
  return el("span", { class: cls }, ...tokens.map((c) => faceEl(c, faces, "mini")));
}

/** An action in the player's words, by the table's choices (as the presenter's
 * action_words does on the server, which words the replay's steps).
 * @param {PresentedTable} table @param {string} action @param {Faces} faces */
export function actionWords(table, action, faces) {
  const ch = table.choices;
  const [verb, ...args] = action.split(" ");
  const button = (ch.buttons || []).find((b) => b.action === action);
  if (button) return button.label;
  if (ch.cards && verb === ch.cards.verb && args.length) return nameOf(args[0], faces);
  if (ch.select && verb === ch.select.verb && args.length) {
    return `${ch.select.label}: ${args.map((c) => nameOf(c, faces)).join(", ")}`;
  }
  if (ch.bid && verb === ch.bid.verb && ch.bid.words && args.length) return ch.bid.words.replace("{n}", args[0]);
  return action;
}

/** @param {PresentedTable} tb @param {number} seat */
const seatName = (tb, seat) => {
  const s = tb.seats[seat];
  return s ? s.label || s.name : "?";
};

/**
 * Draw a table into ``root`` (its children are replaced).
 * @param {HTMLElement} root
 * @param {TableOptions} options
 */
export function mountTable(root, options) {
  return new TableView(root, options);
}

export class TableView {
  /** @param {HTMLElement} root @param {TableOptions} options */
  constructor(root, options) {
    this.root = root;
    /** @type {Look} */
    this.look = { ...options.look };
    this.onIntent = options.onIntent || (() => {});
    this.onTitle = options.onTitle || (() => {});
    /** @type {Position | null} */
    this.m = null;
    /** @type {Marks | null} */
    this.marks = null;
    this.selected = new Set();     // indices of selected hand cards
    this.selectKey = "";
    this.hold = null;              // {trick, timer}: a finished trick still on show
    this.shownTrick = [];          // [seat, card] drawn in the middle now
    this.prevHand = [];
    this.prevDeal = -1;
    this.prevTricks = 0;
    this.wasMyTurn = false;
    this.faces = facesOf(this.look, undefined);
    this.build();
    this.onResize = () => this.layoutHand();
    window.addEventListener("resize", this.onResize);
    // the felt's height changes with the dock's buttons and the window: seats fit again
    this.feltSize = new ResizeObserver(() => this.fitSeats());
    this.feltSize.observe(this.felt);
  }

  /** The table's own words in the look's language.
   * @param {string} key @param {Record<string, string | number>} [vars] */
  t(key, vars) { return translate(this.look.lang, key, vars); }

  /** The element beside the table for the page's own panels (score sheet, chat ...). */
  get sideBox() { return this.side; }

  /** The hand (for the page's number keys). */
  get handEl() { return this.hand; }

  /** Stop: timers and listeners; the elements stay until the root is reused. */
  destroy() {
    window.removeEventListener("resize", this.onResize);
    this.feltSize.disconnect();
    clearTimeout(this.thinkTimer);
    clearTimeout(this.hintTimer);
    clearTimeout(this.errTimer);
    this.clearHold();
  }

  /** Another look (language, faces, colours, sound), drawn at once or (``redraw`` false:
   * the server's words in the new language are on their way) with the next position.
   * @param {Look} look @param {boolean} [redraw] */
  setLook(look, redraw = true) {
    this.look = { ...look };
    this.actions.setAttribute("aria-label", this.t("bidVerb"));
    this.hand.setAttribute("aria-label", this.t("hand"));
    setText(this.hintBtn, this.t("hintBtn"));
    if (redraw && this.m) this.update(this.m);
  }

  /** Marks for the cards and buttons of one position (null: none).
   * @param {Marks | null} marks */
  setMarks(marks) {
    this.marks = marks;
    this.applyMarks();
  }

  /** Put ``nodes`` in the dock under the felt (none: the slot is hidden): a replay's
   * controls stand where a player's hand would. @param {...Node} nodes */
  setSlot(...nodes) {
    this.slot.replaceChildren(...nodes);
    this.slot.hidden = !nodes.length;
    classes(this.dock, { "has-slot": nodes.length > 0 });   // the empty action bar gives way
  }

  /** @param {Intent} intent */
  emit(intent) { this.onIntent(intent); }

  build() {
    this.errors = el("div", { id: "errors", role: "alert", "aria-live": "assertive" });
    this.turn = el("div", { id: "turn", class: "turn", "aria-live": "polite" });
    this.trumpChip = el("span", { id: "trump", class: "chip trump", hidden: true });
    // A chosen seed: every card of the table can be known in advance (said in full in the
    // side panel and before joining; here short, on screen all the time: a tap shows the
    // sentence, below the table on a phone).
    this.seedChip = el("button", { id: "seed-chip", class: "chip seed", type: "button", hidden: true,
      onclick: () => this.emit({ type: "seed" }) });
    this.titleEl = el("span", { class: "title" });
    // Where the table allows hints, on your turn: what the strong player would do.
    this.hintBtn = el("button", { id: "hint-btn", class: "secondary small", type: "button",
      text: this.t("hintBtn"), hidden: true, onclick: () => this.emit({ type: "hint" }) });
    this.statusLine = el("div", { id: "status-line", class: "status-line" });
    this.status = el("section", { id: "status", class: "status", "aria-label": "Status" },
      el("div", { class: "status-top" }, this.titleEl, this.seedChip, this.trumpChip, this.turn,
        this.hintBtn),
      this.statusLine);
    this.seatsBox = el("div", { id: "seats", class: "seats-layer" });
    this.bidbox = el("div", { id: "bidbox", class: "bidbox", hidden: true });
    this.panels = el("div", { id: "panels", class: "panels" });
    this.trick = el("div", { id: "trick", class: "trick", role: "group" });
    this.trick.addEventListener("click", () => this.releaseHold());
    this.trickTitle = el("div", { id: "trick-title", class: "trick-title" });
    this.resultBox = el("div", { id: "result-slot" });
    this.center = el("div", { id: "center", class: "center" },
      this.bidbox, this.panels, this.trickTitle, this.trick);
    this.felt = el("div", { id: "felt", class: "felt" }, this.seatsBox, this.center, this.resultBox);
    this.hint = el("div", { id: "hint", class: "hint", "aria-live": "polite" });
    this.actions = el("div", { id: "actions", class: "actions", role: "toolbar",
      "aria-label": this.t("bidVerb"), onscroll: () => this.markMoreActions() });
    this.hand = el("div", { id: "hand", class: "hand", role: "group", "aria-label": this.t("hand") });
    handKeys(this.hand);
    // a slot for what the page puts under the felt (a replay's controls)
    this.slot = el("div", { id: "dock-slot", class: "dock-slot", hidden: true });
    this.dock = el("div", { id: "dock", class: "dock" },
      el("div", { class: "bar" }, this.hint, this.actions), this.slot, this.hand);
    this.play = el("section", { id: "play", class: "play" }, this.status, this.felt, this.dock);
    this.side = el("aside", { id: "side", class: "side" });
    // A stand-in bot plays your seat (your time ran out): one click takes it back.
    this.awayBar = el("div", { id: "away-bar", class: "away-bar", role: "alert", hidden: true });
    this.root.replaceChildren(el("div", { class: "game" }, this.awayBar, this.errors, this.play, this.side));
  }

  showError(text) {
    // Under the status bar and centred on the felt, so that it hides neither whose turn it
    // is nor the side panel; a tap dismisses it before its five seconds are up.
    const bar = this.status.getBoundingClientRect();
    const felt = this.play.getBoundingClientRect();
    this.errors.style.top = `${Math.max(0, bar.bottom) + 6}px`;
    this.errors.style.left = `${felt.left + felt.width / 2}px`;
    this.errors.replaceChildren(el("div", {
      class: "error", text, title: this.t("close"),
      onclick: () => this.errors.replaceChildren(),
    }));
    clearTimeout(this.errTimer);
    this.errTimer = setTimeout(() => this.errors.replaceChildren(), 5000);
  }

  /** Draw a position, in place.
   * @param {Position} m */
  update(m) {
    const prev = this.m;
    this.m = m;
    const tb = m.table;
    this.faces = facesOf(this.look, tb.deck);
    this.deck = this.faces.deck;
    const key = `${m.deal}/${m.moves}`;
    if (key !== this.selectKey) {
      this.selected = this.requiredIndices(tb);
      this.selectKey = key;
    }
    const active = document.activeElement;
    const focusKey = active instanceof HTMLElement ? active.dataset.key : undefined;
    const handRects = this.rects(this.hand);
    const newDeal = m.deal !== this.prevDeal;
    if (newDeal) { this.prevTricks = 0; this.clearHold(); this.shownTrick = []; }
    if (!newDeal && !m.replay && tb.tricks_played > this.prevTricks && tb.last_trick) this.startHold(tb.last_trick);
    this.prevTricks = tb.tricks_played;
    this.drawStatus(m, tb);
    this.drawSeats(tb);
    this.drawCenter(m, tb, handRects);
    this.drawHand(tb, newDeal ? null : this.prevHand);
    this.drawActions(tb);
    this.drawAway(m, tb);
    this.applyMarks();
    this.prevHand = [...tb.hand];
    this.prevDeal = m.deal;
    this.keepFocus(focusKey, tb, prev);
    this.fitSeats();
  }

  rects(box) {
    const out = new Map();
    for (const c of box.querySelectorAll(".card[data-card]")) out.set(c.dataset.card, c.getBoundingClientRect());
    return out;
  }

  myTurn(tb) { return tb.my_turn ?? (tb.me >= 0 && tb.to_move === tb.me); }

  // ---------------------------------------------------------------- status
  drawStatus(m, tb) {
    setText(this.titleEl, `${tb.title} · ${this.t("deal")} ${m.deal}`);
    setText(this.statusLine, tb.status);
    this.statusLine.title = tb.status;  // whole, should two lines not hold it
    const mine = this.myTurn(tb);
    this.turn.hidden = tb.to_move < 0;
    classes(this.turn, { mine });
    setText(this.turn, mine ? this.t("yourTurn") : tb.to_move >= 0 ? this.t("toMove", { name: seatName(tb, tb.to_move) }) : "");
    this.thinking(m, tb, mine);
    this.hintBtn.hidden = !(m.hints && mine);
    const seed = m.seed;
    this.seedChip.hidden = seed === undefined || seed === null;
    if (!this.seedChip.hidden) {
      setText(this.seedChip, `⚠ ${this.t("seedChip", { n: seed })}`);
      this.seedChip.title = this.t("seedNote", { n: seed });
      this.seedChip.setAttribute("aria-label", this.seedChip.title);
    }
    const trump = tb.trump_name || "";
    this.trumpChip.hidden = !trump;
    this.felt.closest(".play").dataset.deck = this.deck;
    if (trump) {
      this.trumpChip.replaceChildren(el("span", { class: "k", text: `${this.t("trump")}: ` }),
        tb.trump ? el("span", { class: `suit s${tb.trump}`, "aria-hidden": "true" }) : "", trump);
    }
    this.onTitle(mine ? `${this.t("yourTurn")} · Binokel` : `${tb.title} · Binokel`);
    if (mine && !this.wasMyTurn) this.ding("turn");
    this.wasMyTurn = mine;
  }

  /** A computer player that takes a while (the strong ones search for seconds at a deal's
   * first card or a bid) is said to be thinking, so that the wait does not look like a stuck
   * table. The timer runs per move: other messages (chat, a seat taken) do not restart it. */
  thinking(m, tb, mine) {
    const key = `${m.deal}/${m.moves}`;
    const seat = tb.seats?.[tb.to_move];
    // (a replay's position waits for nobody: no computer player thinks there)
    const bot = !m.replay && !mine && tb.to_move >= 0 && Boolean(seat?.level) && !tb.result?.length;
    if (key === this.thinkKey && bot) {
      if (this.thinkShown) this.showThinking(tb);
      return;
    }
    clearTimeout(this.thinkTimer);
    this.thinkKey = key;
    this.thinkShown = false;
    this.turn.classList.remove("thinking");
    if (!bot) return;
    this.thinkTimer = setTimeout(() => {
      if (this.thinkKey !== key) return;
      this.thinkShown = true;
      this.showThinking(this.m.table);
    }, THINK_MS);
  }

  showThinking(tb) {
    this.turn.classList.add("thinking");
    // the name alone: "Sepp überlegt …" (the level is on his seat)
    setText(this.turn, this.t("thinks", { name: tb.seats[tb.to_move]?.name || seatName(tb, tb.to_move) }));
  }

  // ---------------------------------------------------------------- seats
  drawSeats(tb) {
    const n = tb.players, me = tb.me >= 0 ? tb.me : 0;
    const pos = POSITIONS[n] || POSITIONS[8];
    this.felt.className = `felt n${n}`;
    while (this.seatsBox.children.length > n) this.seatsBox.lastChild.remove();
    for (const s of tb.seats) {
      let box = this.seatsBox.children[s.seat];
      if (!box) {
        const seat = box = el("div", { class: "seat" });
        seat.addEventListener("scroll", () => this.markMoreSeat(seat), { passive: true });
        this.seatsBox.append(box);
      }
      const rel = (s.seat - me + n) % n;
      box.className = `seat pos-${pos[rel] || "top"}`;
      const away = (this.m?.away || []).includes(s.seat);
      classes(box, { tomove: s.seat === tb.to_move, me: s.seat === tb.me, out: s.out, away });
      box.dataset.seat = String(s.seat);
      box.dataset.pos = pos[rel] || "top";
      if (s.seat === tb.to_move) box.setAttribute("aria-current", "true"); else box.removeAttribute("aria-current");
      box.replaceChildren(...this.seatContent(tb, s));
      if (away) box.append(el("div", { class: "away-tag", text: this.t("awayTag") }));
    }
  }

  seatContent(tb, s) {
    const team = s.team === null || s.team === undefined ? "" : String.fromCharCode(65 + s.team);
    const out = [];
    out.push(el("div", { class: "name" },
      s.seat === tb.to_move ? el("span", { class: "arrow", "aria-hidden": "true", text: "▶ " }) : null,
      el("span", { class: "nm", text: s.name, title: s.label || s.name }),
      team ? el("span", { class: `team t${s.team}`, text: team }) : null));
    // A bot's level leads the line below the name, which wraps, so that a narrow seat on a
    // phone cuts neither ("Sepp" / "medium · Vorhand · 12 cards").
    const roles = s.level ? [s.level, ...s.roles] : [...s.roles];
    if (s.seat !== tb.me) roles.push(`${s.cards} ${this.t(s.cards === 1 ? "card" : "cards")}`);
    if (roles.length) out.push(el("div", { class: "meta", text: roles.join(" · ") }));
    for (const line of s.lines) out.push(el("div", { class: "line", text: line }));
    const open = this.m?.hands?.[s.seat];
    if (open && s.seat !== tb.me) {
      if (open.length) out.push(cardRow(open, this.faces, "cards mini open-hand"));
    } else if (s.seat !== tb.me && s.cards > 0 && !s.table.length) out.push(this.backs(Math.min(s.cards, 12)));
    if (s.melds.length) {
      const melds = el("div", { class: "melds" });
      for (const md of s.melds) {
        // the points stay with the meld's last word ("Pair Acorns / 20" read as two lines)
        melds.append(el("div", { class: "meld" }, el("span", { text: `${md.label}\u00a0${md.points}` }),
          cardRow(md.cards, this.faces, "cards mini")));
      }
      if (s.meld_total !== null) melds.append(el("div", { class: "line", text: `= ${s.meld_total}` }));
      out.push(melds);
    }
    if (s.table.length) out.push(this.faceUp(tb, s));
    return out;
  }

  /** A seat beside the middle shows all it holds: where its lines outgrow its box (many
   * melds in a narrow side seat on a phone) they close up (``dense``: smaller, closer), and
   * where even that does not hold them the seat scrolls and its foot fades while more lies
   * below (``more``), so that no line is hidden without a sign. */
  fitSeats() {
    for (const box of this.seatsBox.children) {
      if (box.classList.contains("pos-bottom")) continue;
      box.classList.remove("dense");
      if (box.scrollHeight > box.clientHeight + 1) box.classList.add("dense");
      // a seat that scrolls can be scrolled by keyboard too
      if (box.scrollHeight > box.clientHeight + 1) box.setAttribute("tabindex", "0");
      else box.removeAttribute("tabindex");
      this.markMoreSeat(box);
    }
  }

  /** @param {Element} box */
  markMoreSeat(box) {
    classes(box, { more: box.scrollHeight - box.scrollTop - box.clientHeight > 2 });
  }

  backs(n) {
    const box = el("div", { class: "backs", "aria-hidden": "true" });
    const key = `back|${this.deck}|${this.look.contrast}`;
    let img = svgCache.get(key);
    if (!img) {
      const svg = cardBackSVG({ deck: this.deck, contrast: this.look.contrast, lang: this.look.lang });
      img = `<img alt="" src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}">`;
      svgCache.set(key, img);
    }
    for (let i = 0; i < n; i++) { const b = el("span", { class: "back" }); b.innerHTML = img; box.append(b); }
    return box;
  }

  /** A stock of ``n`` cards as a pile of backs, a little higher the more it holds (one back
   * drawn per two cards, at most eight: the panel's text says how many). */
  pile(n) {
    const layers = Math.min(8, Math.ceil(n / 2));
    const box = el("div", { class: "pile", "aria-hidden": "true" });
    box.style.setProperty("--layers", String(layers));   // CSSOM: the CSP allows it
    const one = this.backs(1).firstChild;
    for (let i = 0; i < layers; i++) {
      const b = one.cloneNode(true);
      b.style.setProperty("--i", String(i));
      box.append(b);
    }
    return box;
  }

  // Cards lying face up in front of a seat; the player's own may be clickable (Zweier).
  faceUp(tb, s) {
    const row = el("div", { class: "cards table-cards", id: `table-${s.seat}` },
      // said, so that melded cards still on the table do not read as a second meld
      el("span", { class: "line", text: this.t("onTable") }));
    const choice = tb.me === s.seat ? tb.choices.cards : null;
    s.table.forEach((c, i) => {
      if (choice && choice.cards.includes(c)) {
        const b = el("button", { class: "card mini playable", "data-card": c, "data-key": `t${s.seat}-${c}-${i}`,
          "aria-label": nameOf(c, this.faces), type: "button",
          onclick: () => this.act(`${choice.verb} ${c}`) });
        b.innerHTML = faceMarkup(c, this.faces);
        row.append(b);
      } else row.append(faceEl(c, this.faces, "mini"));
    });
    return row;
  }

  // ---------------------------------------------------------------- the middle
  drawCenter(m, tb, handRects) {
    this.drawBidbox(tb);
    // A long text (Doppelkopf's order of trumps) folds away: the trick keeps the middle.
    const open = new Set([...this.panels.querySelectorAll("details[open]")].map((d) => d.dataset.title));
    this.panels.replaceChildren(...tb.panels.map((p) => (p.text.length > 48 && !p.cards.length
      ? el("details", { class: "tpanel long", "data-title": p.title, open: open.has(p.title) },
        el("summary", { class: "ptitle", text: p.title }), el("div", { class: "ptext", text: p.text }))
      : el("div", { class: `tpanel${p.face_down ? " stock" : ""}${p.cards.length === 1 ? " single" : ""}` },
        el("span", { class: "ptitle", text: p.title }),
        p.cards.length ? cardRow(p.cards, this.faces, "cards") : null,
        p.face_down ? this.pile(p.face_down) : null,
        p.text ? el("span", { class: "ptext", text: p.text }) : null))));
    if (this.hold) { /* the held trick stays */ } else if (m.replay && !tb.trick.cards.length && tb.last_trick) {
      this.drawTrick(tb, tb.last_trick, handRects, true);   // a replay keeps the finished trick
    } else this.drawTrick(tb, tb.trick, handRects);
    this.drawResult(m, tb);
  }

  drawBidbox(tb) {
    const bidding = tb.phase === "bidding" || tb.bid !== undefined && tb.bid !== null && tb.tricks_played === 0 && !tb.trick.cards.length;
    const parts = [];
    if (tb.bid !== undefined && bidding) {
      parts.push(el("div", { class: "bid-now" },
        el("span", { class: "k", text: this.t("bidNow") }),
        el("span", { class: "big", id: "bid-value", text: tb.bid === null ? "–" : String(tb.bid) }),
        el("span", { class: "who", text: tb.bid_holder !== null && tb.bid_holder !== undefined ? seatName(tb, tb.bid_holder) : this.t("noBid") })));
    }
    if (tb.me >= 0 && tb.meld_value !== undefined && tb.meld_value !== null && bidding) {
      parts.push(el("div", { class: "my-melds" }, el("span", { class: "k", text: this.t("yourMelds") }),
        el("span", { class: "big", id: "meld-value", text: String(tb.meld_value) })));
    }
    if (tb.me >= 0 && tb.trump_melds && tb.trump_melds.length && (bidding || tb.phase !== "play")) {
      const row = el("div", { class: "trump-melds", "aria-label": this.t("meldIf") });
      for (const tm of tb.trump_melds) {
        const suit = suitName(tm.suit, this.faces);
        row.append(el("span", { class: "tm", title: suit }, el("span", { class: `suit s${tm.suit}`, role: "img",
          "aria-label": suit }), el("span", { text: String(tm.value) })));
      }
      parts.push(el("div", { class: "tm-box" }, el("div", { class: "k", text: this.t("meldIf") }), row));
    }
    this.bidbox.hidden = !parts.length;
    this.bidbox.replaceChildren(...parts);
  }

  /** Draw ``tr`` in the middle: each card in front of its player; new cards fly in. */
  drawTrick(tb, tr, handRects, held = false) {
    const n = tb.players, me = tb.me >= 0 ? tb.me : 0;
    const pos = POSITIONS[n] || POSITIONS[8];
    const before = new Set(this.shownTrick.map(([s, c]) => `${s}:${c}`));
    setText(this.trickTitle, held ? `${tr.title}${tr.winner !== null ? ` → ${seatName(tb, tr.winner)}` : ""}` : tr.cards.length ? tr.title : "");
    this.trick.setAttribute("aria-label", this.trickTitle.textContent || this.t("lastTrick"));
    classes(this.trick, { held });
    const cards = tr.cards.map(([seat, c], i) => {
      const where = pos[(seat - me + n) % n] || "top";
      const e = faceEl(c, this.faces, `in-trick at-${where}${tr.winner === seat && held ? " won" : ""}`);
      e.style.zIndex = String(i + 1);
      e.dataset.seat = String(seat);
      e.setAttribute("aria-label", `${seatName(tb, seat)}: ${nameOf(c, this.faces)}`);
      e.dataset.who = tb.seats[seat]?.name ?? seatName(tb, seat);   // shown where 5-8 play on a phone
      return [seat, c, e];
    });
    this.trick.replaceChildren(...cards.map(([, , e]) => e));
    for (const [seat, c, e] of cards) {
      if (before.has(`${seat}:${c}`)) continue;
      const from = seat === tb.me && handRects.get(c) ? handRects.get(c)
        : this.seatsBox.children[seat]?.getBoundingClientRect();
      flyFrom(e, from, 260);
      if (seat !== tb.me) this.ding("card");
    }
    this.shownTrick = tr.cards.map(([s, c]) => [s, c]);
  }

  startHold(trick) {
    this.clearHold();
    const tb = this.m.table;
    this.drawTrick(tb, trick, this.rects(this.hand), true);
    this.hold = { trick, timer: setTimeout(() => this.releaseHold(), HOLD_MS) };
  }

  clearHold() {
    if (this.hold) clearTimeout(this.hold.timer);
    this.hold = null;
  }

  /** The finished trick slides to its winner, then the current trick is drawn. */
  releaseHold() {
    if (!this.hold) return;
    const { trick } = this.hold;
    this.clearHold();
    const tb = this.m.table;
    const target = trick.winner !== null ? this.seatsBox.children[trick.winner] : null;
    const cards = [...this.trick.children];
    const done = () => {
      this.shownTrick = [];
      this.drawTrick(this.m.table, this.m.table.trick, new Map());
      this.drawResult(this.m, this.m.table);
    };
    if (!target || calm() || !cards.length || !cards[0].animate) { done(); return; }
    const to = target.getBoundingClientRect();
    let last = null;
    for (const c of cards) {
      const r = c.getBoundingClientRect();
      const dx = to.left + to.width / 2 - (r.left + r.width / 2);
      const dy = to.top + to.height / 2 - (r.top + r.height / 2);
      last = c.animate([{ transform: "none", opacity: 1 },
        { transform: `translate(${dx}px, ${dy}px) scale(.35)`, opacity: 0 }],
      { duration: 320, easing: "ease-in", fill: "forwards" });
    }
    last.finished.then(done, done);
    void tb;
  }

  // ---------------------------------------------------------------- result
  drawResult(m, tb) {
    if (!tb.result.length || this.hold) { this.resultBox.replaceChildren(); return; }
    const rkey = `${m.deal}/${m.moves}/${(m.ready || []).join(",")}/${(m.restart || []).join(",")}/${this.look.lang}`;
    if (this.resultBox.dataset.key === rkey && this.resultBox.firstChild) return;
    this.resultBox.dataset.key = rkey;
    // The result may be folded to its headline to look at the felt under it (the last
    // trick, the open hands of a replay); it stays folded for the rest of that deal.
    const deal = `${m.replay ? "r" : ""}${m.deal}`;
    if (this.resultFolded !== undefined && this.resultFolded !== deal) this.resultFolded = undefined;
    const folded = this.resultFolded === deal;
    this.resultBox.classList.toggle("folded", folded);
    const box = el("div", { class: `result${folded ? " folded" : ""}`, id: "result", role: "region", "aria-label": this.t("result") });
    const fold = el("button", { id: "result-fold", class: "fold", type: "button",
      "aria-expanded": folded ? "false" : "true",
      title: folded ? this.t("resultShow") : this.t("resultFold"),
      text: folded ? `▴ ${this.t("resultShow")}` : `▾ ${this.t("resultFold")}`,
      onclick: () => {
        this.resultFolded = folded ? undefined : deal;
        delete this.resultBox.dataset.key;   // draw again, folded or not
        this.drawResult(m, tb);
      } });
    const o = tb.outcome;
    if (o) {
      // What happened to the reader, big and in his colour (a spectator's is neutral); then
      // what was played and the arithmetic as players say it (Doppelkopf: the game value and
      // its reason), each a line of its own.
      const tone = o.tone ?? (o.made === true ? "won" : o.made === false ? "lost" : "");
      box.append(el("div", { class: `headline ${tone}`, id: "headline", text: o.headline }));
      if (o.contract) box.append(el("div", { class: "contract", id: "result-contract", text: o.contract }));
      if (o.sum) box.append(el("div", { class: "sum", id: "result-sum", text: o.sum }));
      const has = (v) => v !== null && v !== undefined;
      const fig = (label, v, cls = "") => el("div", { class: `fig ${cls}` },
        el("span", { class: "v", text: String(v) }), el("span", { class: "l", text: label }));
      const op = (text) => el("span", { class: "op", "aria-hidden": "true", text });
      const figs = el("div", { class: "figures", "aria-hidden": o.sum ? "true" : null });
      if (has(o.bid) && has(o.melds) && has(o.tricks) && has(o.total)) {
        // melds plus tricks against the bid, read left to right as players say it
        const [lb, lm, lt, lsum] = [this.t("bidNow"), this.t("melds"), this.t("tricksHead"), this.t("total")];
        figs.append(fig(lm, o.melds), op("+"), fig(lt, o.tricks), op("="), fig(lsum, o.total, "total"),
          op(o.total >= o.bid ? "≥" : "<"), fig(lb, o.bid, "bid"));
      } else if (!o.sum) {
        for (const f of o.figures || []) figs.append(fig(f.label, f.value));
        if (!o.figures?.length && has(o.bid)) figs.append(fig(this.t("bidNow"), o.bid));
      }
      if (figs.children.length) box.append(figs);
      if (o.changes?.length) {
        const won = new Set(o.winners || []);
        box.append(el("div", { class: "changes" }, ...o.changes.map((v, s) => (tb.seats[s]?.out ? null :
          el("div", { class: `chg ${v > 0 ? "up" : v < 0 ? "down" : ""}${s === tb.me ? " me" : ""}${won.has(s) ? " won" : ""}` },
            el("span", { class: "n", text: `${won.has(s) ? "★ " : ""}${s === tb.me ? this.t("you") : seatName(tb, s)}` }),
            el("span", { class: "v", text: `${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(v)}` }))))));
      }
      box.append(el("details", { class: "explain" }, el("summary", { text: this.t("explain") }),
        ...tb.result.map((line) => el("div", { class: "rline", text: line }))));
    } else {
      const [head, ...rest] = tb.result;
      box.append(el("div", { class: "rline headline-text", text: head }),
        ...rest.map((line) => el("div", { class: "rline", text: line })));
    }
    box.append(fold);
    const ready = (m.ready || []).includes(tb.me);
    if (m.more === false) {
      // the last deal of a duplicate round: nothing follows at this table
      box.append(el("div", { id: "round-done", class: "rline", text: this.t("roundDone") }));
    } else if (m.winners && m.winners.length) {
      box.append(el("div", { id: "winner", class: "winner", text: this.t("roundWinner") + m.winners.map((s) => seatName(tb, s)).join(" + ") }));
      // issue 13: after a finished series "next" asks for a rematch with the same seats
      if (tb.me >= 0 && m.rematch) {
        box.append(el("button", { id: "rematch", class: "primary", type: "button", "data-key": "rematch",
          disabled: ready, text: ready ? this.t("ready") : this.t("rematch"), onclick: () => this.emit({ type: "next" }) }));
      }
    } else if (tb.me >= 0) {
      // the next deal, or (all present asking) a new series with the same people
      const again = (m.restart || []).includes(tb.me);
      const asked = (m.restart || []).filter((s) => s !== tb.me).map((s) => seatName(tb, s));
      box.append(el("div", { class: "next-row" },
        el("button", { id: "next", class: "primary", type: "button", "data-key": "next",
          disabled: ready, text: ready ? this.t("ready") : this.t("next"), onclick: () => this.emit({ type: "next" }) }),
        !m.newSeries ? null : el("button", { id: "new-series", class: "secondary", type: "button",
          "data-key": "new-series", disabled: again, text: again ? this.t("readyNew") : this.t("newSeries"),
          onclick: () => this.emit({ type: "next", series: true }) })));
      if (asked.length && !again) {
        box.append(el("div", { id: "series-asked", class: "rline", text: this.t("seriesAsked", { names: asked.join(", ") }) }));
      }
    }
    this.resultBox.replaceChildren(box);
  }

  // ---------------------------------------------------------------- the hand
  drawHand(tb, prevHand) {
    this.hand.hidden = tb.me < 0;
    if (tb.me < 0) return;
    const ch = tb.choices;
    const mine = this.myTurn(tb);
    const playable = ch.cards ? new Set(ch.cards.cards) : new Set();
    const info = tb.cards && tb.cards.length === tb.hand.length ? tb.cards : null;
    const seen = new Map();
    const keys = tb.hand.map((c) => { const k = seen.get(c) || 0; seen.set(c, k + 1); return `${c}#${k}`; });
    const old = new Map([...this.hand.children].map((e) => [e.dataset.key, e]));
    const wanted = new Set(keys.map((k) => `h-${k}`));
    for (const [k, e] of old) if (!wanted.has(k)) e.remove();
    const prevCount = new Map();
    for (const c of prevHand || []) prevCount.set(c, (prevCount.get(c) || 0) + 1);
    const fresh = [];
    tb.hand.forEach((c, i) => {
      const key = `h-${keys[i]}`;
      let b = old.get(key);
      if (!b || b.dataset.deck !== `${this.deck}|${this.look.colors}|${this.look.contrast}|${this.look.lang}`) {
        const nb = el("button", { class: "card", type: "button", "data-card": c, "data-key": key });
        nb.innerHTML = faceMarkup(c, this.faces);
        nb.dataset.deck = `${this.deck}|${this.look.colors}|${this.look.contrast}|${this.look.lang}`;
        nb.addEventListener("click", () => this.clickCard(nb));
        if (b) b.replaceWith(nb);
        b = nb;
        const k = Number(keys[i].split("#")[1]);
        if (!prevHand || k >= (prevCount.get(c) || 0)) fresh.push(b);
      }
      if (this.hand.children[i] !== b) this.hand.insertBefore(b, this.hand.children[i] || null);
      b.dataset.index = String(i);
      const sel = !!ch.select;
      const on = sel && this.selected.has(i);
      const can = !sel && playable.has(c);
      const why = info ? info[i].reason : "";
      const warn = info ? info[i].warning : "";
      classes(b, { selectable: sel && mine, selected: on, playable: can && mine, dim: !sel && !!ch.cards && !can, warn: sel && !!warn });
      b.dataset.reason = can || sel ? "" : why || (ch.cards ? ch.cards.hint : "");
      b.dataset.warning = warn || "";
      let label = nameOf(c, this.faces);
      if (on) label += `, ${this.t("selected")}`;
      if (b.dataset.reason && ch.cards) label += `. ${this.t("cannotPlay")}${b.dataset.reason}`;
      if (sel && warn) label += `. ${this.t("pushWarn")}${warn}`;
      b.setAttribute("aria-label", label);
      if (sel) b.setAttribute("aria-pressed", on ? "true" : "false"); else b.removeAttribute("aria-pressed");
      if (b.classList.contains("dim")) b.setAttribute("aria-disabled", "true"); else b.removeAttribute("aria-disabled");
    });
    // one tab stop for the hand: the focused card, else the first playable, else the first
    const cards = [...this.hand.children];
    const focused = cards.find((e) => e === document.activeElement);
    const stop = focused || cards.find((e) => e.classList.contains("playable") || e.classList.contains("selectable")) || cards[0];
    for (const e of cards) e.tabIndex = e === stop ? 0 : -1;
    this.layoutHand();
    const center = this.center.getBoundingClientRect();
    fresh.forEach((b, i) => flyFrom(b, center, 360, prevHand ? 0 : i * 35));
  }

  /** Fan the hand: overlap as much as the dock's width needs, a slight arc. */
  layoutHand() {
    const cards = [...this.hand.children];
    const n = cards.length;
    if (!n) return;
    const width = this.hand.clientWidth;
    const cw = cards[0].offsetWidth || 60;
    const step = n > 1 ? Math.min(cw * 0.78, (width - cw - 16) / (n - 1)) : 0;
    const total = cw + step * (n - 1);
    const left0 = Math.max(8, (width - total) / 2);
    const mid = (n - 1) / 2;
    const spread = Math.min(1.2, 10 / n);
    const k = 0.35;
    this.hand.style.height = `${cw * 1.5 + mid * mid * k + 18}px`;
    cards.forEach((b, i) => {
      b.style.left = `${left0 + i * step}px`;
      b.style.rotate = `${(i - mid) * spread}deg`;
      b.style.setProperty("--arc", `${-(mid * mid - (i - mid) ** 2) * k}px`);
    });
  }

  /** The hand cards a selection must hold (the Armut's trumps): selected from the start. */
  requiredIndices(tb) {
    const out = new Set();
    const need = tb.choices.select ? tb.choices.select.required || [] : [];
    if (!need.length || !this.myTurn(tb)) return out;
    const left = [...need];
    tb.hand.forEach((c, i) => {
      const j = left.indexOf(c);
      if (j >= 0) { out.add(i); left.splice(j, 1); }
    });
    return out;
  }

  clickCard(b) {
    const tb = this.m.table;
    const ch = tb.choices;
    const i = Number(b.dataset.index);
    const c = tb.hand[i];
    if (ch.select && this.myTurn(tb)) {
      if (this.requiredIndices(tb).has(i)) { this.showHint(ch.select.hint, true); return; }
      if (this.selected.has(i)) this.selected.delete(i);
      else if (this.selected.size < ch.select.count) this.selected.add(i);
      this.drawHand(tb, tb.hand);
      this.drawActions(tb);
      if (this.selected.has(i) && b.dataset.warning) this.showHint(`${this.t("pushWarn")}${b.dataset.warning}`, true);
      return;
    }
    if (b.classList.contains("playable")) { this.act(`${ch.cards.verb} ${c}`); return; }
    const why = b.dataset.reason;
    if (why) {
      this.showHint(`${nameOf(c, this.faces)}: ${why}`, true);
      if (!calm() && b.animate) b.animate([{ translate: "0 0" }, { translate: "-4px 0" }, { translate: "4px 0" }, { translate: "0 0" }], 240);
    }
  }

  /** A word on the player's own choice (a refused card, a push that breaks a meld): it stays
   *  4 s over the usual hint, then gives way even when no new state comes (the deal may be
   *  over by then), and it goes at once with the player's next action. */
  showHint(text, warn = false) {
    this.hint.replaceChildren(el("span", { class: warn ? "warn" : "", text }));
    clearTimeout(this.hintTimer);
    this.hintTimer = setTimeout(() => this.dropHint(), HINT_MS);   // set while the word stays
  }

  dropHint() {
    clearTimeout(this.hintTimer);
    this.hintTimer = null;
    if (this.m?.table) this.drawHint(this.m.table);
  }

  /** The usual line above the hand: what to do now (nothing when it is not the player's turn). */
  drawHint(tb) {
    const ch = tb.choices;
    const hint = this.m?.replay ? "" : tb.me < 0 ? this.t("spectator") : ch.select ? ch.select.hint : ch.cards && this.myTurn(tb) ? ch.cards.hint : "";
    this.hint.replaceChildren(hint ? el("span", { text: hint }) : "");
  }

  act(action) {
    this.dropHint();
    this.selected.clear();
    this.releaseHold();
    this.emit({ type: "action", action, deal: this.m.deal, move: this.m.moves });
    this.ding("card");
  }

  // ---------------------------------------------------------------- the action bar
  drawActions(tb) {
    const ch = tb.choices;
    const mine = this.myTurn(tb);
    if (!this.hintTimer) this.drawHint(tb);
    const sig = JSON.stringify([ch.buttons.map((b) => [b.action, b.label, b.style]), ch.bid, ch.select && ch.select.verb,
      this.deck]);
    if (this.actions.dataset.sig !== sig) {
      this.actions.dataset.sig = sig;
      const items = [];
      if (ch.select) {
        items.push(el("button", { id: "confirm", class: "primary", type: "button", "data-key": "confirm",
          onclick: () => this.confirm() }));
      }
      if (ch.bid) items.push(this.bidEntry(ch.bid));
      for (const b of ch.buttons) {
        // A button naming cards (Zweierbinokel's melds) shows them as faces: the names took
        // three lines a button on a phone. Its accessible name stays the whole label.
        const faces = b.cards?.length && b.short;
        items.push(el("button", { class: `${b.style || ""}${faces ? " with-cards" : ""}`, type: "button",
          "data-action": b.action, "data-key": `a-${b.action}`, text: faces ? "" : b.label,
          "aria-label": faces ? b.label : null, title: faces ? b.label : null, onclick: () => this.act(b.action) },
        faces ? el("span", { text: b.short }) : null, faces ? cardRow(b.cards, this.faces, "cards mini") : null));
      }
      this.actions.replaceChildren(...items);
      this.actions.scrollTop = 0;
    }
    this.markMoreActions();
    const confirm = this.actions.querySelector("#confirm");
    if (confirm && ch.select) {
      const picked = this.selected.size;
      confirm.disabled = picked !== ch.select.count;
      setText(confirm, `${ch.select.label} (${picked}/${ch.select.count})`);
    }
    this.dock.classList.toggle("active", mine);
  }

  /** On a phone the buttons scroll in a box of their own height (style.css); while more lie
   * below, the box's lower edge fades, so that no button is hidden without a sign. */
  markMoreActions() {
    const a = this.actions;
    classes(a, { more: a.scrollHeight - a.scrollTop - a.clientHeight > 2 });
  }

  confirm() {
    const tb = this.m.table;
    const ch = tb.choices;
    const picked = [...this.selected].sort((a, b) => a - b).map((i) => tb.hand[i]);
    if (picked.length !== ch.select.count) return;
    this.act([ch.select.verb, ...picked].join(" "));
  }

  bidEntry(range) {
    const input = el("input", { type: "number", id: "bid-input", "data-key": "bid-input",
      min: String(range.low), max: String(range.high), step: String(range.step), value: String(range.low),
      "aria-label": this.t("bidVerb"), inputmode: "numeric" });
    const go = () => {
      const n = Number(input.value);
      if (!Number.isInteger(n) || n < range.low || n > range.high || (n - range.low) % range.step) {
        this.showError(this.t("badBid", { low: range.low, high: range.high, step: range.step }));
        return;
      }
      this.act(`${range.verb} ${n}`);
    };
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
    return el("span", { class: "bid-entry" }, input,
      el("button", { id: "bid-go", type: "button", "data-key": "bid-go", text: this.t("bidVerb"), onclick: go }));
  }

  // ---------------------------------------------------------------- focus
  /** Focus stays where it was across updates; a played card hands it to its neighbour; when
   * your turn begins and nothing has the focus, the first card or button you can use gets it. */
  keepFocus(focusKey, tb, prev) {
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (focusKey && lost) {
      const same = this.root.querySelector(/** @type {"button"} */ (`[data-key="${CSS.escape(focusKey)}"]`));
      if (same && !same.disabled) { same.focus({ preventScroll: true }); return; }
      // the focused card was played, or the focused button is gone: the next usable thing
      const next = this.firstUsable(tb) || this.hand.querySelector(".card[tabindex='0']");
      if (next) { next.focus({ preventScroll: true }); return; }
    }
    const mine = this.myTurn(tb);
    const wasMine = prev && prev.table && (prev.table.my_turn ?? prev.table.to_move === prev.table.me);
    if (mine && !wasMine && (lost || focusKey)) {
      const inPlay = !active || active === document.body || this.play.contains(active);
      if (inPlay) this.firstUsable(tb)?.focus({ preventScroll: true });
    }
  }

  firstUsable(tb) {
    const c = this.hand.querySelector(".card.playable, .card.selectable");
    if (c) return c;
    if (tb.choices.cards) return this.root.querySelector(".table-cards .playable");
    return this.actions.querySelector("button.primary:not(:disabled), button:not(:disabled)") ||
      this.hand.querySelector(".card");
  }

  // ---------------------------------------------------------------- away
  /** Your seat is played by a stand-in (your time ran out): a bar above the table takes it
   * back. @param {Position} m @param {PresentedTable} tb */
  drawAway(m, tb) {
    const away = tb.me >= 0 && (m.away || []).includes(tb.me);
    // taken back in the middle of a trick: the stand-in plays it to its end first
    const soon = away && (m.returning || []).includes(tb.me);
    this.awayBar.hidden = !away;
    const key = away ? `${soon}/${this.look.lang}` : "";
    if (this.awayBar.dataset.key === key) return;
    this.awayBar.dataset.key = key;
    this.awayBar.replaceChildren(...(away ? [el("span", { text: this.t(soon ? "youReturn" : "youAway") }),
      el("button", { id: "take-back", class: "primary small", type: "button", text: this.t("takeBack"),
        disabled: soon, onclick: () => this.emit({ type: "back" }) })] : []));
  }

  // ---------------------------------------------------------------- marks
  /** The marks of this very position: the suggested card or button outlined, each one's
   * value on it. */
  applyMarks() {
    for (const e of this.root.querySelectorAll("#hand .hint-value, #actions .hint-value")) e.remove();
    for (const e of this.root.querySelectorAll("#hand .suggested, #actions .suggested")) e.classList.remove("suggested");
    for (const e of this.trick.querySelectorAll(".trick-mark")) e.remove();
    for (const e of this.trick.querySelectorAll(".marked")) {
      e.classList.remove("marked", "mark-loss", "mark-best");
      e.removeAttribute("title");
    }
    const h = this.marks;
    const m = this.m;
    if (!h || !m || h.deal !== m.deal || h.move !== m.moves) return;
    // the analysis of a replay: each card of the trick with the points it gave away
    for (const e of this.trick.querySelectorAll(".card[data-card]")) {
      const mark = h.trick?.[`${e.dataset.seat}:${e.dataset.card}`];
      if (!mark) continue;
      e.classList.add("marked", mark.loss > 0 ? "mark-loss" : "mark-best");
      e.title = mark.text;
      e.setAttribute("aria-label", `${e.getAttribute("aria-label")}. ${mark.text}`);
      e.append(el("span", { class: "trick-mark", "aria-hidden": "true",
        text: mark.loss > 0 ? `−${mark.loss}` : "✓" }));
    }
    const cardOf = (action) => action.split(" ").slice(1).join(" ");
    const target = (action) => (action.startsWith("play ")
      ? this.hand.querySelector(`.card[data-card="${CSS.escape(cardOf(action))}"]`)
      : this.actions.querySelector(`button[data-action="${CSS.escape(action)}"]`));
    for (const [action, v] of Object.entries(h.values || {})) {
      const e = target(action);
      if (e) e.append(el("span", { class: action.startsWith("play ") ? "hint-value" : "hint-value inline",
        "aria-hidden": "true", text: v.toFixed(1) }));
    }
    const best = h.best ? target(h.best) : null;
    if (best) best.classList.add("suggested");
  }

  // ---------------------------------------------------------------- sound (off by default)
  /** A short tone: on your turn, on a card played. @param {"turn" | "card"} kind */
  ding(kind) {
    if (!this.look.sound) return;
    try {
      audio = audio || new AudioContext();
      const o = audio.createOscillator(), g = audio.createGain();
      o.frequency.value = kind === "turn" ? 660 : 220;
      g.gain.setValueAtTime(0.08, audio.currentTime);
      g.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + (kind === "turn" ? 0.35 : 0.08));
      o.connect(g).connect(audio.destination);
      o.start();
      o.stop(audio.currentTime + 0.4);
    } catch { /* no audio: silently none */ }
  }
}

/** One audio context for every table of the page (browsers limit them). */
let audio = null;
