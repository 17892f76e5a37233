// One live table: the table's socket (net.js's TableSocket) joined to the table component
// (table.js) and the side column (side.js), as lila's round keeps its socket handler apart
// from the board. Here and only here a state message becomes the component's Position, and
// the component's Intents become messages; the component itself never sees the socket.

import { el } from "./dom.js";
import { joinPanel, loadMeta, waitingPanel } from "./lobby.js";
import { TableSocket, finishedDeals, getTable, joinSeat, keepToken, ownerToken, releaseSeat, seatToken } from "./net.js";
import { cardWords, deckFor, look, prefs } from "./prefs.js";
import { replayHash } from "./replay.js";
import { sidePanels } from "./side.js";
import { actionWords, mountTable } from "./table.js";
import { errorText, t } from "./words.js";

let sock = null;
/** @type {import("./table.js").TableView | null} */
let view = null;
let side = null;
let waitingShown = false;
let current = null;         // the last state message (for tests and the stuck report)
let hint = null;            // the last hint: {deal, move, action, values, unit}
let hintAsked = false;
let hintSaid = false;

/** The last state message of the open table (null on the lobby). */
export const currentState = () => current;

/** The table component of the open table, if one is drawn (for the page's number keys). */
export const currentView = () => view;

/** The table's position in a state message: what the component draws. */
export function positionOf(m) {
  return {
    table: m.table, deal: m.deal, moves: m.moves, ready: m.ready || [], restart: m.restart || [],
    winners: m.winners || [], rematch: m.series !== undefined, more: m.more,
    newSeries: m.new_series !== false,
    seed: m.info?.seed ?? null,
    away: (m.info?.seats || []).filter((s) => s.away).map((s) => s.seat),
    returning: (m.info?.seats || []).filter((s) => s.returning).map((s) => s.seat),
    hints: !!m.info?.settings?.hints,
  };
}

/** The table page: the join panel for a waiting table one has no seat at, else the table. */
export async function openTable(root, id, route) {
  closeTable();
  root.replaceChildren();
  let info;
  try { info = await getTable(id); await loadMeta(); }
  catch (e) {
    if (e.code === "no_table" && await closedPage(root, id)) return;
    root.append(el("div", { class: "error", text: errorText(e) }));
    return;
  }
  if (!seatToken(id) && info.status === "waiting") {
    joinPanel(root, id, info, () => route(), () => connect(root, id, info));
    return;
  }
  connect(root, id, info);
}

/** A closed table's page (its rows stay): the line that says so and a replay link per
 * finished deal, no seats. False where the server knows no such table at all. */
async function closedPage(root, id) {
  let deals;
  try { deals = await finishedDeals(id); } catch { return false; }
  const links = deals.map((d) => el("li", {}, el("a", { href: `/t/${encodeURIComponent(id)}${replayHash(d.number, 0)}`,
    class: "replay-link button small secondary", text: `${t("deal")} ${d.number}` })));
  root.replaceChildren(el("section", { class: "panel closed-table", id: "closed-table" },
    el("div", { class: "notice", role: "status", text: t("tableClosed") }),
    el("h2", { text: t("closedDeals") }),
    links.length ? el("ul", { class: "closed-deals" }, ...links) : el("p", { text: t("closedNone") }),
    el("a", { href: "/", class: "button small secondary", text: t("toLobby") })));
  return true;
}

/** Close the open table's connection (the lobby is shown). */
export function closeTable() {
  if (sock) sock.close();
  sock = null;
  view?.destroy();
  view = null;
  current = null;
}

/** A setting changed (prefs.js): the server is told a new language or deck (and answers
 * with a state in it), the table draws in the new look. False when no table is open. */
export function lookChanged(key) {
  if (!sock) return false;
  const words = key === "lang" || key === "deck";
  if (words) sock.setPrefs(serverPrefs());
  // the new words come with the server's next state; the rest is drawn at once
  if (view) view.setLook(look(), !words);
  return true;
}

/** What the server is told: the language, and card names in the words of the faces. */
function serverPrefs() {
  return { lang: prefs.lang, cards: cardWords(deckFor(current?.table?.deck ?? current?.info?.deck)) };
}

function connect(root, id, info) {
  closeTable();
  current = { info };
  hint = null;
  hintAsked = false;
  hintSaid = false;
  const conn = document.getElementById("conn");
  side = sidePanels({
    chat: (text) => !!sock && sock.chat(text),
    leave: () => !!sock && sock.leave(current?.status !== "waiting"),
    // a seat a stand-in plays (its person left or is away), taken by a watcher
    take: async (seat, nickname) => {
      try {
        const r = await joinSeat(id, seat, nickname);
        keepToken(id, r.token);
        connect(root, id, info);
      } catch (e) { view?.showError(errorText(e)); }
    },
    // the creator frees an away person's seat for somebody else (his owner token)
    release: async (seat) => {
      const owner = ownerToken(id);
      if (!owner) return;
      try { await releaseSeat(id, seat, owner); } catch (e) { view?.showError(errorText(e)); }
    },
    owner: () => !!ownerToken(id),
    faces: () => view.faces,
    showError: (text) => view?.showError(text),
  });
  sock = new TableSocket(id, serverPrefs(), {
    onStatus: (ok) => { conn.textContent = ok ? t("connected") : t("offline"); },
    onError: (code, message) => {
      if (code === "stale") return;   // a double click: the newer state is on its way
      if (hintAsked && ["hints_off", "rate_limited", "not_your_turn"].includes(code)) {
        hintAsked = false;
        if (view) view.showHint(t(`hintErr_${code}`), true);
        return;
      }
      if (side.chatError(code, message)) return;
      const text = errorText({ code, message });
      if (view) view.showError(text); else root.prepend(el("div", { class: "error", role: "alert", text }));
    },
    onChat: (lines, all) => side.chat(lines, all),
    onHint: (h) => { hint = h; hintAsked = false; showHint(); },
    onState: (m) => {
      current = m;
      if (!m.table) { view?.destroy(); view = null; waitingShown = true; waitingPanel(root, m); return; }
      if (!view || waitingShown) {
        waitingShown = false;
        view = mountTable(root, { look: look(), onIntent: intent,
          onTitle: (title) => { document.title = title; } });
      }
      // The deck follows the game: ask again once the game is known, if it changed the words.
      const want = serverPrefs();
      if (want.cards !== sock.prefs.cards || want.lang !== sock.prefs.lang) sock.setPrefs(want);
      if (hint && (hint.deal !== m.deal || hint.move !== m.moves)) {
        hint = null;
        hintSaid = false;
        view.setMarks(null);
      }
      view.update(positionOf(m));
      side.draw(view.sideBox, m);
    },
  });
}

/** What the player wants, sent over the socket. */
function intent(i) {
  if (!sock) return;
  if (i.type === "action") sock.action(i.action, i.move, i.deal);
  else if (i.type === "next") sock.next(!!i.series);
  else if (i.type === "back") sock.back();
  else if (i.type === "hint") { if (sock.hint()) hintAsked = true; }
  else if (i.type === "seed") document.getElementById("seed-info")?.scrollIntoView({ block: "center" });
}

/** A hint for this very state: the suggested card or button marked, each one's value on it
 * (the strong player's estimate for me, in the game's unit, which the server words in my
 * language), and the suggestion said once, with the values of the actions that are not
 * cards. */
function showHint() {
  const m = current;
  if (!view || !hint || !m?.table || hint.deal !== m.deal || hint.move !== m.moves) return;
  view.setMarks({ deal: hint.deal, move: hint.move, best: hint.action, values: hint.values });
  if (hintSaid) return;
  hintSaid = true;
  const said = [];
  for (const [action, v] of Object.entries(hint.values || {})) {
    if (!action.startsWith("play ")) said.push(`${actionWords(m.table, action, view.faces)} ${v.toFixed(1)}`);
  }
  const n = Object.keys(hint.values || {}).length;
  const values = said.length ? ` (${said.join(" · ")}; ${hint.unit})` : n ? ` (${t("hintUnit")}: ${hint.unit})` : "";
  view.showHint(t("hintSays", { a: actionWords(m.table, hint.action, view.faces) }) + values);
}
