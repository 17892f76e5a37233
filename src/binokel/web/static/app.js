// The web client for every game of the engine: routing, the settings menu, and the table
// page's side panels (score sheet, log, finished deals, replay). The card table itself is
// table.js, the lobby lobby.js, the protocol net.js, keyboard play keys.js.

import { el, setText } from "./dom.js";
import { numberKeys } from "./keys.js";
import { joinPanel, loadMeta, lobbyPage, seedNote, tableRules, waitingPanel } from "./lobby.js";
import { TableSocket, analysisOf, getTable, recordUrl, replayStep, seatToken } from "./net.js";
import { applyLook, cardWords, deckFor, errorText, prefs, setPref, t } from "./prefs.js";
import { TableView, cardRow, nameOf } from "./table.js";

let sock = null;
let view = null;
let waitingShown = false;
let current = null;         // the last state message (for tests and the stuck report)
window.binokel = { get state() { return current; } };

// ------------------------------------------------------------------ settings
const SETTINGS = [
  ["lang", ["de", "en"], (v) => (v === "de" ? "Deutsch" : "English")],
  ["deck", ["auto", "german", "french"], (v) => (v === "auto" ? t("deckAuto") : t(v))],
  ["colors", ["standard", "four"], (v) => t(v)],
  ["contrast", ["normal", "high"], (v) => t(v)],
  ["theme", ["auto", "light", "dark"], (v) => t(v)],
  ["size", ["s", "m", "l"], (v) => t(v)],
  ["sound", ["off", "on"], (v) => t(v)],
];
const LABEL = { lang: "language", deck: "deck", colors: "colors", contrast: "contrast",
  theme: "theme", size: "size", sound: "sound" };

function drawSettings() {
  const box = document.getElementById("settings-body");
  box.replaceChildren();
  for (const [key, values, text] of SETTINGS) {
    const sel = el("select", { id: `set-${key}` });
    for (const v of values) sel.append(el("option", { value: v, text: text(v) }));
    sel.value = prefs[key];
    sel.addEventListener("change", () => changed(key, sel.value));
    box.append(el("div", { class: "form-row" }, el("label", { for: `set-${key}`, text: t(LABEL[key]) }), sel));
  }
  setText(document.getElementById("settings-label"), t("settings"));
  document.getElementById("lang").textContent = prefs.lang === "de" ? "EN" : "DE";
  document.getElementById("lang").title = prefs.lang === "de" ? "English" : "Deutsch";
  setText(document.getElementById("skip"), t("skip"));
}

function changed(key, value) {
  setPref(key, value);
  drawSettings();
  if (key === "lang" || key === "deck") {
    if (sock) sock.setPrefs(serverPrefs()); else route();
  } else if (view && current && current.table) view.update(current);
}

/** What the server is told: the language, and card names in the words of the faces. */
function serverPrefs() {
  return { lang: prefs.lang, cards: cardWords(deckFor(current?.table?.deck ?? current?.info?.deck)) };
}

document.getElementById("lang").addEventListener("click", () => changed("lang", prefs.lang === "de" ? "en" : "de"));
applyLook();
drawSettings();
numberKeys();

// ------------------------------------------------------------------ the table page
async function tablePage(root, id) {
  root.replaceChildren();
  let info;
  try { info = await getTable(id); await loadMeta(); }
  catch (e) { root.append(el("div", { class: "error", text: errorText(e) })); return; }
  if (!seatToken(id) && info.status === "waiting") {
    joinPanel(root, id, info, () => route(), () => connect(root, id, info));
    return;
  }
  connect(root, id, info);
}

function connect(root, id, info) {
  closeSocket();
  current = { info };
  life = lifePanel();
  const conn = document.getElementById("conn");
  sock = new TableSocket(id, serverPrefs(), {
    onStatus: (ok) => { conn.textContent = ok ? t("connected") : t("offline"); },
    onError: (code, message) => {
      if (code === "stale") return;   // a double click: the newer state is on its way
      if (life.asked && ["hints_off", "rate_limited", "not_your_turn"].includes(code)) {
        life.asked = false;
        if (view) view.showHint(t(`hintErr_${code}`), true);
        return;
      }
      if (chatError(code, message)) return;
      const text = errorText({ code, message });
      if (view) view.showError(text); else showError(root, text);
    },
    onChat: (lines, all) => showChat(lines, all),
    onHint: (h) => { life.hint = h; life.asked = false; if (current) markHint(current); },
    onState: (m) => {
      current = m;
      if (!m.table) { view = null; waitingShown = true; waitingPanel(root, m); return; }
      if (!view || waitingShown) { waitingShown = false; view = new TableView(root, sock, { side }); }
      // The deck follows the game: ask again once the game is known, if it changed the words.
      const want = serverPrefs();
      if (want.cards !== sock.prefs.cards || want.lang !== sock.prefs.lang) sock.setPrefs(want);
      view.update(m);
    },
  });
}

function showError(root, message) {
  root.prepend(el("div", { class: "error", role: "alert", text: message }));
}

function closeSocket() {
  if (sock) sock.close();
  sock = null;
  view = null;
}

// ------------------------------------------------------------------ a table's life
// The controls of one's seat (back to the lobby, leave the seat), the away bar after a turn
// timeout (a stand-in bot plays; one click takes the seat back) and the chat. Built once per
// connection; chat lines are text, never HTML.
const MAX_CHAT_SHOWN = 50;
let life = null;

function lifePanel() {
  const lines = el("ol", { id: "chat-lines", class: "chat-lines", "aria-live": "polite" });
  const input = el("input", { id: "chat-text", maxlength: "200", autocomplete: "off",
    "aria-label": t("chatSay"), placeholder: t("chatSay") });
  const msg = el("div", { id: "chat-msg", class: "notice", role: "status" });
  const send = () => {
    const text = input.value.trim();
    if (!text || !sock) return;
    if (sock.chat(text)) { input.value = ""; msg.textContent = ""; }
  };
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); send(); } });
  const form = el("div", { class: "chat-form" }, input,
    el("button", { id: "chat-send", class: "small", type: "button", text: t("chatSend"), onclick: send }));
  const chat = el("details", { id: "chat", class: "chat" }, el("summary", { text: t("chat") }),
    lines, form, msg);
  // Open on a wide screen, folded on a phone: the hand and the bar keep the viewport.
  chat.open = window.matchMedia("(min-width: 1000px)").matches;
  const leave = el("button", { id: "leave-seat", class: "secondary small", type: "button",
    text: t("leaveSeat"), onclick: () => { if (sock && sock.leave()) life.left = true; } });
  const lobby = el("a", { id: "to-lobby", class: "button secondary small", href: "/", text: t("toLobby") });
  const seed = el("div", { id: "seed-info" });
  // The table's link for friends to join or watch; a tap selects it whole, and where the
  // browser lets the page write the clipboard (https, localhost) a button copies it.
  const inviteLink = el("code", { class: "invite", id: "invite-link" });
  const copy = el("button", { id: "invite-copy", class: "secondary small", type: "button",
    text: t("copy"), hidden: !navigator.clipboard });
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(inviteLink.textContent);
      copy.textContent = t("copied");
      setTimeout(() => { copy.textContent = t("copy"); }, 2000);
    } catch { copy.hidden = true; }
  });
  const invite = el("div", { class: "invite-box" }, el("div", { class: "notice", text: t("invite") }),
    el("div", { class: "form-row" }, inviteLink, copy));
  const rules = el("div", { id: "rules-box" });   // the table's rules, once its info is in
  const box = el("section", { class: "panel life", id: "life", "aria-label": t("table") },
    seed, el("div", { class: "form-row" }, lobby, leave), invite, rules, chat);
  const away = el("div", { id: "away-bar", class: "away-bar", role: "alert", hidden: true });
  const hintBtn = el("button", { id: "hint-btn", class: "secondary small", type: "button",
    text: t("hintBtn"), hidden: true,
    onclick: () => { if (sock && sock.hint()) life.asked = true; } });
  return { box, lines, input, msg, chat, leave, away, hintBtn, seed, inviteLink, rules,
    rulesKey: "", hint: null, asked: false, left: false };
}

function showChat(items, all) {
  if (!life) return;
  if (all) life.lines.replaceChildren();
  for (const c of items) {
    life.lines.append(el("li", {}, el("b", { text: `${c.name}: ` }), el("span", { text: c.text })));
  }
  while (life.lines.children.length > MAX_CHAT_SHOWN) life.lines.firstChild.remove();
  life.lines.scrollTop = life.lines.scrollHeight;
}

/** Errors that belong to the chat are said under it, kindly; true when it was one. */
function chatError(code, message) {
  if (!life || !["rate_limited", "chat_off", "bad_chat", "not_seated"].includes(code)) return false;
  life.msg.textContent = t(`chatErr_${code}`) || message;
  return true;
}

/** A hint for this very state: the suggested card or button marked, each one's value on it
 * (the strong player's estimate for me, in the game's unit, which the server words in my
 * language), and the suggestion said, with the values of the actions that are not cards. */
function markHint(m) {
  for (const e of document.querySelectorAll("#hand .hint-value, #actions .hint-value")) e.remove();
  for (const e of document.querySelectorAll("#hand .suggested, #actions .suggested")) e.classList.remove("suggested");
  const h = life.hint;
  if (!h || h.deal !== m.deal || h.move !== m.moves) return;
  const cardOf = (action) => action.split(" ").slice(1).join(" ");
  const target = (action) => (action.startsWith("play ")
    ? document.querySelector(`#hand .card[data-card="${CSS.escape(cardOf(action))}"]`)
    : document.querySelector(`#actions button[data-action="${CSS.escape(action)}"]`));
  const said = [];
  for (const [action, v] of Object.entries(h.values || {})) {
    const card = action.startsWith("play ");
    const e = target(action);
    if (e) e.append(el("span", { class: card ? "hint-value" : "hint-value inline", "aria-hidden": "true", text: v.toFixed(1) }));
    if (!card) said.push(`${actionWords(m.table, action)} ${v.toFixed(1)}`);
  }
  const best = target(h.action);
  if (best) best.classList.add("suggested");
  if (view && !life.hintSaid) {
    life.hintSaid = true;
    const n = Object.keys(h.values || {}).length;
    const values = said.length ? ` (${said.join(" · ")}; ${h.unit})` : n ? ` (${t("hintUnit")}: ${h.unit})` : "";
    view.showHint(t("hintSays", { a: actionWords(m.table, h.action) }) + values);
  }
}

/** An action in the player's words, by the table's choices (as the presenter's
 *  action_words does on the server, which words the replay's steps). */
function actionWords(table, action) {
  const ch = table.choices || {};
  const deck = deckFor(table.deck);
  const [verb, ...args] = action.split(" ");
  const button = (ch.buttons || []).find((b) => b.action === action);
  if (button) return button.label;
  if (ch.cards && verb === ch.cards.verb && args.length) return nameOf(args[0], deck);
  if (ch.select && verb === ch.select.verb && args.length) {
    return `${ch.select.label}: ${args.map((c) => nameOf(c, deck)).join(", ")}`;
  }
  if (ch.bid && verb === ch.bid.verb && ch.bid.words && args.length) return ch.bid.words.replace("{n}", args[0]);
  return action;
}

/** Seat controls and away markers after a state: who is away, whether I am. */
function lifeState(m) {
  const tb = m.table;
  const myTurn = !!tb && tb.me >= 0 && tb.me === tb.to_move;
  life.hintBtn.hidden = !(m.info?.settings?.hints && myTurn);
  const top = document.querySelector("#status .status-top");
  if (top && life.hintBtn.parentNode !== top) top.append(life.hintBtn);
  if (life.hint && (life.hint.deal !== m.deal || life.hint.move !== m.moves)) {
    life.hint = null;
    life.hintSaid = false;
  }
  markHint(m);
  const note = seedNote(m.info);
  if ((note?.textContent || "") !== life.seed.textContent) life.seed.replaceChildren(...(note ? [note] : []));
  // a table's rules are fixed when it is made: drawn again only for another language
  const rulesKey = `${prefs.lang}/${m.info?.id}`;
  if (m.info && life.rulesKey !== rulesKey) {
    life.rulesKey = rulesKey;
    const open = !!life.rules.querySelector("#table-rules")?.open;
    const box = tableRules(m.info);
    if (box) box.open = open;
    life.rules.replaceChildren(...(box ? [box] : []));
  }
  const link = m.info?.id ? `${location.origin}/t/${m.info.id}` : "";
  if (life.inviteLink.textContent !== link) life.inviteLink.textContent = link;
  const seated = typeof m.you === "number" && m.you >= 0 && !life.left;
  life.leave.hidden = !seated;
  life.chat.hidden = m.info?.settings?.chat === false;
  const seats = m.info?.seats || [];
  for (const s of seats) {
    const box = document.querySelector(`#seats .seat[data-seat="${s.seat}"]`);
    if (!box) continue;
    box.classList.toggle("away", !!s.away);
    let tag = box.querySelector(".away-tag");
    if (s.away) {
      if (!tag) { tag = el("div", { class: "away-tag" }); box.append(tag); }
      setText(tag, t("awayTag"));
    } else tag?.remove();
  }
  const me = seats.find((s) => s.seat === m.you);
  const away = seated && me && me.away;
  life.away.hidden = !away;
  if (away && !life.away.firstChild) {
    life.away.append(el("span", { text: t("youAway") }), el("button", { id: "take-back",
      class: "primary small", type: "button", text: t("takeBack"), onclick: () => sock && sock.back() }));
  }
  if (!away) life.away.replaceChildren();
  const game = document.querySelector("#root .game");
  if (game && life.away.parentNode !== game) game.prepend(life.away);
}

// ------------------------------------------------------------------ side panels
function side(box, m) {
  lifeState(m);
  const key = `${m.deal}/${m.moves}/${prefs.lang}/${m.sheet.lines.length}`;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const open = box.querySelector("#log-panel")?.open;
  // The same life panel node each time: a half-typed chat line and its scroll survive.
  box.replaceChildren(life.box, sheetPanel(m), logPanel(m.table.log, open), recordsPanel(m));
  const log = box.querySelector("#log");
  if (log) log.scrollTop = log.scrollHeight;
}

const short = (name) => (name.length > 10 ? `${name.slice(0, 9)}…` : name);

function sheetPanel(m) {
  const sh = m.sheet;
  const names = m.table.seats.map((s) => s.name);
  const box = el("section", { class: "panel", id: "sheet-panel", "aria-labelledby": "sheet-h" },
    el("h2", { id: "sheet-h", text: t("sheet") }));
  const team = {};
  sh.parties.forEach((p, i) => p.forEach((s) => { team[s] = i; }));
  if (sh.parties.length) {
    box.append(el("div", { class: "notice", text: t("partners") +
      sh.parties.map((p) => p.map((s) => names[s]).join(" + ")).join(" · ") }));
  }
  const goal = sh.deals ? `${sh.lines.length} / ${sh.deals} ${t("dealsDone")}` : sh.target ? `${t("target")}: ${sh.target}` : "";
  if (goal) box.append(el("div", { class: "notice", text: goal }));
  const table = el("table", { class: "sheet", id: "sheet" });
  table.append(el("tr", {}, el("th", { scope: "col", text: "#" }), ...names.map((n, s) =>
    el("th", { scope: "col", title: n, text: short(n) + (s in team ? ` (${String.fromCharCode(65 + team[s])})` : "") }))));
  for (const line of sh.lines) {
    table.append(el("tr", { class: line.separate ? "separate" : "" }, el("td", { text: String(line.number ?? line.deal) }),
      ...line.scores.map((v, i) => el("td", {}, el("span", { class: "d", text: `${v > 0 ? "+" : ""}${v}` }),
        el("span", { class: "tot", text: String(line.totals[i]) })))));
  }
  table.append(el("tr", { class: "totals" }, el("td", { text: "Σ", title: t("total") }),
    ...sh.totals.map((v) => el("td", { text: String(v) }))));
  if (sh.durch_totals) {
    table.append(el("tr", {}, el("td", { text: "D", title: t("durchTally") }),
      ...sh.durch_totals.map((v) => el("td", { text: String(v) }))));
  }
  box.append(el("div", { class: "sheet-wrap" }, table));
  return box;
}

function logPanel(lines, open) {
  const list = el("ol", { class: "log", id: "log" }, ...lines.map((l) => el("li", { text: l })));
  return el("details", { class: "panel", id: "log-panel", open: open ?? false },
    el("summary", { text: t("log") }), list);
}

function recordsPanel(m) {
  const tid = m.info.id;
  const box = el("section", { class: "panel", id: "records", "aria-labelledby": "records-h" },
    el("h2", { id: "records-h", text: t("records") }));
  for (const line of m.sheet.lines) {
    const n = line.number ?? line.deal;
    box.append(el("div", { class: "form-row" }, el("span", { text: `${t("deal")} ${n}` }),
      el("a", { href: recordUrl(tid, n), download: `${m.info.game}-${tid}-${n}.json`, text: t("download") }),
      el("button", { class: "small secondary", type: "button", "data-replay": String(n), text: t("replay"),
        onclick: () => openReplay(tid, n, 0) })));
  }
  if (!m.sheet.lines.length) box.append(el("div", { class: "notice", text: t("noRecords") }));
  return box;
}

// ------------------------------------------------------------------ replay of a finished deal
async function openReplay(tid, deal, step) {
  let data;
  const deck = deckFor(current?.table?.deck ?? current?.info?.deck);
  try { data = await replayStep(tid, deal, step, prefs.lang, cardWords(deck)); }
  catch (e) { view?.showError(errorText(e)); return; }
  document.getElementById("replay")?.remove();
  const tb = data.table;
  const go = (k) => openReplay(tid, deal, Math.max(0, Math.min(data.steps, k)));
  const box = el("section", { class: "panel replay", id: "replay", "aria-label": t("replay") },
    el("h2", { text: `${t("replay")}: ${t("deal")} ${deal} · ${t("step")} ${data.step}/${data.steps}` }));
  box.append(el("div", { class: "form-row" },
    el("button", { class: "small secondary", type: "button", id: "replay-start", text: t("start"), onclick: () => go(0) }),
    el("button", { class: "small secondary", type: "button", id: "replay-prev", "aria-label": "◀", text: "◀", onclick: () => go(data.step - 1) }),
    el("button", { class: "small", type: "button", id: "replay-next", "aria-label": "▶", text: "▶", onclick: () => go(data.step + 1) }),
    el("button", { class: "small secondary", type: "button", id: "replay-end", text: t("end"), onclick: () => go(data.steps) }),
    el("button", { class: "small secondary", type: "button", id: "replay-close", text: t("close"), onclick: () => box.remove() })));
  if (data.step > 0) {
    const [seat, action] = data.actions[data.step - 1];
    box.append(el("div", { class: "turn", id: "replay-action", text: `${data.names[seat]}: ${data.said || action}` }));
  }
  box.append(el("div", { class: "notice", text: [tb.status, tb.turn].filter(Boolean).join(" · ") }));
  if (data.hands) {
    box.append(el("div", { class: "notice", text: t("handsAt") }));
    data.hands.forEach((h, s) => box.append(el("div", { class: "form-row" },
      el("b", { text: data.names[s] }), cardRow(h, deck, "cards mini"))));
  }
  const seats = el("div", { class: "replay-seats" });
  for (const s of tb.seats) {
    seats.append(el("div", { class: "seat", "data-seat": String(s.seat) },
      el("div", { class: "name", text: s.label || s.name }),
      el("div", { class: "meta", text: [...s.roles, ...s.lines].join(" · ") })));
  }
  box.append(seats);
  const tr = tb.trick.cards.length ? tb.trick : tb.last_trick;
  if (tr) box.append(el("div", { class: "notice", text: tr.title }), cardRow(tr.cards.map(([, c]) => c), deck, "cards"));
  if (tb.result.length) box.append(el("div", { class: "explain", text: tb.result.join("\n") }));
  document.getElementById("side").prepend(box);
  showAnalysis(box, tid, deal, data.step, cardWords(deck), go);
}

// The analysis of a deal costs the server seconds: asked once per deal and language.
const analyses = new Map();

async function showAnalysis(box, tid, deal, step, cards, go) {
  const key = `${tid}/${deal}/${prefs.lang}/${cards}`;
  const part = el("div", { class: "analysis", id: "replay-analysis", "aria-live": "polite" },
    el("div", { class: "notice", text: "…" }));
  box.append(part);
  let a = analyses.get(key);
  if (!a) {
    try { a = await analysisOf(tid, deal, prefs.lang, cards); }
    catch (e) { part.replaceChildren(el("div", { class: "notice", text: errorText(e) })); return; }
    analyses.set(key, a);
  }
  const here = a.marks[String(step)];
  part.replaceChildren(el("h3", { text: a.title }));
  if (here) part.append(el("div", { class: here.loss > 0 ? "mark loss" : "mark best", id: "replay-mark", text: here.text }));
  if (a.seats) part.append(el("div", { class: "notice", text: a.seats }));
  const mistakes = Object.entries(a.marks).filter(([, m]) => m.loss > 0);
  if (mistakes.length) {
    const list = el("ul", { class: "mistakes" });
    for (const [k, m] of mistakes) {
      list.append(el("li", {},
        el("button", { class: "small secondary", type: "button", "data-step": k, text: m.text, onclick: () => go(Number(k)) })));
    }
    part.append(list);
  }
}

// ------------------------------------------------------------------ routing
function route() {
  const root = document.getElementById("root");
  const m = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)$/);
  document.title = "Binokel";
  if (m) tablePage(root, m[1]);
  else {
    closeSocket();
    current = null;
    document.getElementById("conn").textContent = "";
    lobbyPage(root, route).catch((e) => showError(root, e.message));
  }
}
window.addEventListener("popstate", route);
route();
