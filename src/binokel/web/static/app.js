// The web client for every game of the engine. It draws the game-independent Table the
// server presents for this seat (binokel.present) and sends only actions the table offers.
// Every text goes through textContent (nicknames and server texts are data, never HTML).
"use strict";

// ------------------------------------------------------------------ texts of the client
const T = {
  de: {
    newTable: "Neuer Tisch", create: "Tisch anlegen", preset: "Regeln", target: "Ziel (Punkte)",
    deals: "Spiele je Runde (0 = bis zum Ziel)", dealsOnly: "Spiele je Runde",
    players: "Spieler", seat: "Platz", person: "Mensch", openTables: "Offene Tische",
    none: "keine", join: "Platz nehmen", nickname: "Dein Name", spectate: "Zuschauen",
    invite: "Einladungslink", waiting: "Warte auf Mitspieler …", yourTurn: "Du bist dran",
    turnOf: "dran: ", next: "Nächstes Spiel", trick: "Stich", lastTrick: "Letzter Stich",
    showLast: "Letzter Stich", sheet: "Schreibzettel", deal: "Spiel", result: "Ergebnis",
    records: "Gespielte Spiele", download: "Datei", replay: "Nachspielen",
    cards: "Karten", winner: "Rundensieger: ", options: "Hausregeln", game: "Spiel",
    connected: "verbunden", offline: "getrennt – verbinde neu …", spectator: "Zuschauer",
    hand: "Deine Karten", seatTaken: "besetzt", log: "Verlauf", bid: "Reizen",
    partners: "Partner: ", total: "Summe", durchTally: "Durch-Konto", rules: "Spielregeln",
    bot: "Bot", step: "Zug", start: "Anfang", end: "Ende", close: "Schließen",
    handsAt: "Karten aller Spieler", symbols: "♣♠ Symbole", letters: "EB Buchstaben",
    dealsDone: "Spiele", rematch: "Revanche", readyWait: "Warte auf die anderen …",
    running: "Laufende Tische", watch: "Zuschauen", more: "Mehr",
  },
  en: {
    newTable: "New table", create: "Create table", preset: "Rules", target: "Target (points)",
    deals: "Deals per round (0 = play to the target)", dealsOnly: "Deals per round",
    players: "Players", seat: "Seat", person: "Person", openTables: "Open tables",
    none: "none", join: "Take seat", nickname: "Your name", spectate: "Watch",
    invite: "Invite link", waiting: "Waiting for players …", yourTurn: "Your turn",
    turnOf: "to move: ", next: "Next deal", trick: "Trick", lastTrick: "Last trick",
    showLast: "Last trick", sheet: "Score sheet", deal: "Deal", result: "Result",
    records: "Finished deals", download: "File", replay: "Replay",
    cards: "cards", winner: "Round winner: ", options: "House rules", game: "Game",
    connected: "connected", offline: "offline – reconnecting …", spectator: "Spectator",
    hand: "Your cards", seatTaken: "taken", log: "Log", bid: "Bid",
    partners: "Partners: ", total: "Total", durchTally: "Durch tally", rules: "Rules",
    bot: "bot", step: "Step", start: "Start", end: "End", close: "Close",
    handsAt: "Every player's cards", symbols: "♣♠ symbols", letters: "EB letters",
    dealsDone: "deals", rematch: "Rematch", readyWait: "Waiting for the others …",
    running: "Running tables", watch: "Watch", more: "More",
  },
};
const SYM = { E: "♣", B: "♠", H: "♥", S: "♦" };

let lang = localStorage.getItem("binokel.lang") || (navigator.language || "de").slice(0, 2);
if (!T[lang]) lang = "de";
let cardStyle = localStorage.getItem("binokel.cards") === "symbol" ? "symbol" : "token";
const t = (k) => T[lang][k] ?? k;

// ------------------------------------------------------------------ small helpers
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const r = await fetch(path, opts);
  const data = await r.json();
  if (!r.ok) throw new Error(data.message || r.statusText);
  return data;
}

// A card token is a suit letter and a rank (EA, H10, SU); shown as letters or a suit symbol.
function cardEl(tok, extra = "") {
  const suit = tok[0], rank = tok.slice(1);
  const shown = cardStyle === "symbol" ? SYM[suit] || suit : suit;
  return el("div", { class: `card ${suit} ${extra}`.trim(), "data-card": tok, title: tok },
    el("span", { class: "suit", text: shown }), el("span", { class: "rank", text: rank }));
}

function cardRow(tokens, cls = "cards") {
  return el("div", { class: cls }, ...tokens.map((c) => cardEl(c)));
}

function pick(texts) { return texts ? texts[lang] ?? texts.de ?? "" : ""; }

// ------------------------------------------------------------------ header switches
function updateHeader() {
  document.documentElement.lang = lang;
  document.getElementById("lang").textContent = lang === "de" ? "EN" : "DE";
  document.getElementById("cards").textContent = cardStyle === "symbol" ? t("letters") : t("symbols");
}

function sendPrefs() { send({ type: "prefs", lang, cards: cardStyle }); }

document.getElementById("lang").addEventListener("click", () => {
  lang = lang === "de" ? "en" : "de";
  localStorage.setItem("binokel.lang", lang);
  updateHeader();
  if (socket && socket.readyState === 1) sendPrefs(); else route();
});
document.getElementById("cards").addEventListener("click", () => {
  cardStyle = cardStyle === "symbol" ? "token" : "symbol";
  localStorage.setItem("binokel.cards", cardStyle);
  updateHeader();
  if (socket && socket.readyState === 1) sendPrefs(); else if (state) render();
});
updateHeader();

// ------------------------------------------------------------------ lobby
let meta = null;

async function lobby(root) {
  if (socket) { socket.onclose = null; socket.close(); socket = null; }
  state = null;
  root.replaceChildren();
  meta = meta || await api("/api/meta");
  const form = el("div", { class: "panel", id: "new-table" });
  root.append(form);
  const gameSel = el("select", { id: "game" });
  for (const g of meta.games) gameSel.append(el("option", { value: g.name, text: pick(g.title) }));
  const saved = localStorage.getItem("binokel.game");
  if (saved && meta.games.some((g) => g.name === saved)) gameSel.value = saved;
  const drawForm = () => {
    localStorage.setItem("binokel.game", gameSel.value);
    gameForm(form, gameSel, meta.games.find((g) => g.name === gameSel.value));
  };
  gameSel.addEventListener("change", drawForm);
  drawForm();
  root.append(await openTables("waiting"), await openTables("playing"));
}

function gameForm(form, gameSel, game) {
  form.replaceChildren(el("h2", { text: t("newTable") }),
    el("div", { class: "form-row" }, el("label", { for: "game", text: t("game") }), gameSel));
  const playersSel = el("select", { id: "players" });
  for (const n of game.players) playersSel.append(el("option", { value: String(n), text: String(n) }));
  playersSel.value = String(game.default_players);
  const presetSel = el("select", { id: "preset" });
  for (const p of game.presets) {
    presetSel.append(el("option", { value: p.name, text: p.name }));
  }
  const presetText = el("div", { class: "notice", id: "preset-text" });
  const explainPreset = () => {
    const p = game.presets.find((x) => x.name === presetSel.value);
    presetText.textContent = p ? p[lang] || "" : "";
  };
  presetSel.addEventListener("change", explainPreset);
  explainPreset();
  form.append(el("div", { class: "form-row" }, el("label", { for: "players", text: t("players") }),
    playersSel, el("label", { for: "preset", text: t("preset") }), presetSel), presetText);
  const round = el("div", { class: "form-row" });
  form.append(round);
  const seatsBox = el("div", { class: "seat-choice" });
  form.append(seatsBox);
  const drawSeats = () => seatChoices(seatsBox, game, Number(playersSel.value));
  playersSel.addEventListener("change", drawSeats);
  drawSeats();
  const inputs = optionInputs(form, game, round);
  const fill = () => {
    for (const { input, o } of inputs) {
      const v = o.defaults[presetSel.value];
      if (o.type === "bool") input.checked = !!v; else input.value = String(v);
    }
  };
  presetSel.addEventListener("change", fill);
  fill();
  if (game.help && pick(game.help)) {
    form.append(el("details", { class: "help" }, el("summary", { text: t("rules") }),
      el("div", { class: "explain", text: pick(game.help) })));
  }
  const msg = el("div", { id: "create-error" });
  form.append(el("div", { class: "form-row" }, el("button", { id: "create", text: t("create"),
    onclick: () => createTable(game, playersSel, presetSel, inputs, seatsBox, msg) })), msg);
}

function seatChoices(box, game, players) {
  box.replaceChildren();
  const fallback = game.bots.includes("heuristic") ? "heuristic" : game.bots[0];
  for (let s = 0; s < players; s++) {
    const sel = el("select", { id: `seat-${s}`, "data-seat": String(s) });
    sel.append(el("option", { value: "", text: t("person") }));
    for (const b of game.bots) sel.append(el("option", { value: b, text: `${t("bot")}: ${b}` }));
    if (s > 0) sel.value = fallback;
    box.append(el("div", { class: "form-row" }, el("label", { for: `seat-${s}`, text: `${t("seat")} ${s}` }), sel));
  }
}

// The game's options: target and series length in the form itself, the rest grouped.
function optionInputs(form, game, round) {
  const inputs = [];
  const details = el("details", { id: "options" }, el("summary", { text: t("options") }));
  for (const group of game.groups) {
    const box = el("fieldset", {}, el("legend", { text: pick(meta.groups[group.name]) || group.name }));
    for (const o of group.options) {
      const input = optionInput(o);
      inputs.push({ input, o });
      if (o.name === "target" || o.name === "deals_per_series") {
        const label = o.name === "target" ? t("target") : game.target ? t("deals") : t("dealsOnly");
        round.append(el("label", { for: input.id, text: label }), input);
      } else {
        box.append(el("div", { class: "opt" }, el("label", { for: input.id, text: o[lang] || o.de }), input));
      }
    }
    if (box.children.length > 1) details.append(box);
  }
  form.append(details);
  return inputs;
}

function optionInput(o) {
  const id = `opt-${o.name}`;
  if (o.type === "bool") return el("input", { type: "checkbox", id, "data-opt": o.name });
  if (o.allowed) {
    const sel = el("select", { id, "data-opt": o.name });
    for (const v of o.allowed) sel.append(el("option", { value: String(v), text: String(v) }));
    return sel;
  }
  const numeric = o.type === "int" && !o.check?.includes("'");
  const check = (lang === "de" && o.check_de) || o.check || "";
  return el("input", { type: numeric ? "number" : "text", id, size: "8", "data-opt": o.name,
    title: check, placeholder: check });
}

async function createTable(game, playersSel, presetSel, inputs, seatsBox, msg) {
  const options = {};
  for (const { input, o } of inputs) {
    const def = o.defaults[presetSel.value];
    let v = o.type === "bool" ? input.checked : input.value;
    if (o.type === "int" && v !== "" && !isNaN(Number(v))) v = Number(v);
    if (String(v) !== String(def)) options[o.name] = v;
  }
  const bots = [...seatsBox.querySelectorAll("select")].map((s) => s.value || null);
  try {
    const data = await api("/api/tables", { game: game.name, players: Number(playersSel.value),
      preset: presetSel.value, options, bots });
    history.pushState({}, "", data.invite);
    route();
  } catch (e) { msg.replaceChildren(el("div", { class: "error", text: e.message })); }
}

// A lobby list, a page at a time (the server pages it: ?status=&cursor=).
async function openTables(status = "waiting") {
  const id = status === "waiting" ? "open-tables" : "running-tables";
  const list = el("div", { class: "panel", id }, el("h2", { text: t(status === "waiting" ? "openTables" : "running") }));
  const more = async (cursor) => {
    const q = new URLSearchParams({ status });
    if (cursor) q.set("cursor", cursor);
    const page = await api(`/api/tables?${q}`);
    if (!page.tables.length && !cursor) list.append(el("div", { class: "notice", text: t("none") }));
    for (const tb of page.tables) {
      const names = tb.seats.map((s) => s.bot ? `${t("bot")} ${s.bot}` : (s.nickname || "—")).join(", ");
      const title = lang === "en" ? tb.title[1] : tb.title[0];
      list.append(el("div", {}, el("a", { href: `/t/${tb.id}`, text: `${title}: ${names}` })));
    }
    if (page.next) {
      const btn = el("button", { class: "small secondary", text: t("more"), onclick: () => { btn.remove(); more(page.next); } });
      list.append(btn);
    }
  };
  await more(null);
  return list;
}

// ------------------------------------------------------------------ joining a table
let socket = null, state = null, reconnectTimer = null;
let selected = new Set(), selectKey = "", showLast = false;

function tokenKey(id) { return `binokel.token.${id}`; }

async function tablePage(root, id) {
  root.replaceChildren();
  let info;
  try { info = await api(`/api/tables/${encodeURIComponent(id)}`); }
  catch (e) { root.append(el("div", { class: "error", text: e.message })); return; }
  const token = localStorage.getItem(tokenKey(id));
  if (!token && info.status === "waiting") { joinPanel(root, id, info); return; }
  connect(id, token);
}

function joinPanel(root, id, info) {
  const panel = el("div", { class: "panel" }, el("h2", { text: t("join") }));
  const name = el("input", { id: "nickname", placeholder: t("nickname"), maxlength: "32" });
  panel.append(el("div", { class: "form-row" }, name));
  const msg = el("div");
  for (const s of info.seats) {
    const label = s.bot ? `${t("seat")} ${s.seat}: ${t("bot")} ${s.bot}` :
      `${t("seat")} ${s.seat}` + (s.taken ? ` (${s.nickname})` : "");
    const take = async () => {
      try {
        const r = await api(`/api/tables/${encodeURIComponent(id)}/join`, { seat: s.seat, nickname: name.value });
        localStorage.setItem(tokenKey(id), r.token);
        route();
      } catch (e) { msg.replaceChildren(el("div", { class: "error", text: e.message })); }
    };
    panel.append(el("div", { class: "form-row" }, el("span", { text: label }),
      (!s.taken && !s.bot) ? el("button", { class: "small", id: `join-${s.seat}`, text: t("join"), onclick: take })
        : el("span", { class: "notice", text: s.bot ? "" : t("seatTaken") })));
  }
  panel.append(msg, el("div", { class: "form-row" },
    el("button", { class: "secondary small", id: "spectate", text: t("spectate"), onclick: () => connect(id, null) })));
  panel.append(el("p", { class: "invite" }, `${t("invite")}: `, el("code", { text: location.href })));
  root.append(panel);
}

function connect(id, token) {
  if (socket) { socket.onclose = null; socket.close(); }
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = new URLSearchParams({ lang, cards: cardStyle });
  if (token) q.set("token", token);
  socket = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(id)}?${q}`);
  const conn = document.getElementById("conn");
  socket.onopen = () => { conn.textContent = t("connected"); };
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") { state = msg; render(); }
    else if (msg.type === "error") {
      if (msg.code === "bad_token") localStorage.removeItem(tokenKey(id));
      showError(msg.message);
    }
  };
  socket.onclose = () => {
    conn.textContent = t("offline");
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => connect(id, localStorage.getItem(tokenKey(id))), 1500);
  };
}

function send(obj) { if (socket && socket.readyState === 1) socket.send(JSON.stringify(obj)); }
// An action names the state it was chosen in: a second click on an old state is refused.
function act(action) { selected.clear(); send({ type: "action", action, move: state.moves, deal: state.deal }); }

function showError(text) {
  const box = document.getElementById("errors");
  if (!box) return;
  box.replaceChildren(el("div", { class: "error", text }));
  setTimeout(() => box.replaceChildren(), 5000);
}

// ------------------------------------------------------------------ the table
function render() {
  const root = document.getElementById("root");
  const m = state;
  root.replaceChildren(el("div", { id: "errors" }));
  if (!m.table) { root.append(waitingPanel(m)); return; }
  const tb = m.table;
  // A new hand or a new decision drops a half-made selection.
  const key = `${m.deal}/${m.moves}`;
  if (key !== selectKey) { selected.clear(); selectKey = key; }
  root.append(statusPanel(m, tb));
  const grid = el("div", { class: "grid" });
  const main = el("div", { class: "main" }), side = el("div", { class: "side" });
  grid.append(main, side);
  root.append(grid);
  main.append(seatsPanel(tb, m.sheet), centerPanel(tb));
  if (tb.me >= 0) main.append(handPanel(tb));
  if (tb.result.length) main.append(resultPanel(m, tb));
  side.append(sheetPanel(m), logPanel(tb.log), recordsPanel(m));
}

function waitingPanel(m) {
  const box = el("div", { class: "panel" }, el("h2", { text: t("waiting") }),
    el("p", { class: "invite" }, `${t("invite")}: `, el("code", { text: location.href })));
  for (const s of m.info.seats) {
    box.append(el("div", { class: "notice", text: `${t("seat")} ${s.seat}: ${s.bot ? `${t("bot")} ${s.bot}` : s.nickname || "—"}` }));
  }
  return box;
}

function seatName(tb, seat) { return tb.seats[seat] ? tb.seats[seat].name : "?"; }

function statusPanel(m, tb) {
  const box = el("div", { class: "panel status", id: "status" });
  box.append(el("div", { class: "title", text: `${tb.title} · ${t("deal")} ${m.deal}` }),
    el("div", { id: "status-line", text: tb.status }));
  if (tb.to_move >= 0) {
    const mine = tb.to_move === tb.me;
    box.append(el("div", { class: "turn" + (mine ? " mine" : ""), id: "turn",
      text: mine ? t("yourTurn") : t("turnOf") + seatName(tb, tb.to_move) }));
  }
  if (tb.me < 0) box.append(el("div", { class: "notice", text: t("spectator") }));
  return box;
}

function teamLetter(team) { return team === null || team === undefined ? "" : String.fromCharCode(65 + team); }

function seatsPanel(tb) {
  const box = el("div", { class: `seats n${tb.players}`, id: "seats" });
  for (const s of tb.seats) box.append(seatBox(tb, s));
  return box;
}

function seatBox(tb, s) {
  let cls = "seat";
  if (s.seat === tb.to_move) cls += " tomove";
  if (s.seat === tb.me) cls += " me";
  if (s.out) cls += " out";
  const box = el("div", { class: cls, "data-seat": String(s.seat) });
  const team = teamLetter(s.team);
  box.append(el("div", { class: "name" }, el("span", { text: s.name }),
    s.seat === tb.me ? el("span", { class: "star", text: " ★" }) : null,
    team ? el("span", { class: `team t${s.team}`, text: team }) : null));
  const roles = [...s.roles, `${s.cards} ${t("cards")}`];
  box.append(el("div", { class: "meta", text: roles.join(" · ") }));
  for (const line of s.lines) box.append(el("div", { class: "line", text: line }));
  if (s.melds.length) {
    const melds = el("div", { class: "melds" });
    for (const md of s.melds) {
      melds.append(el("div", { class: "meld" }, el("span", { text: `${md.label} ${md.points}` }),
        cardRow(md.cards, "cards mini")));
    }
    if (s.meld_total !== null) melds.append(el("div", { class: "line", text: `= ${s.meld_total}` }));
    box.append(melds);
  }
  if (s.table.length) box.append(faceUpCards(tb, s));
  return box;
}

// Cards lying face up in front of a seat; the player's own may be clickable (Zweier).
function faceUpCards(tb, s) {
  const row = el("div", { class: "cards table-cards", id: `table-${s.seat}` });
  const choice = tb.me === s.seat ? tb.choices.cards : null;
  for (const c of s.table) {
    const ce = cardEl(c, "mini");
    if (choice && choice.cards.includes(c)) {
      ce.classList.add("playable");
      ce.addEventListener("click", () => act(`${choice.verb} ${c}`));
    }
    row.append(ce);
  }
  return row;
}

function centerPanel(tb) {
  const box = el("div", { class: "panel center" });
  for (const p of tb.panels) {
    box.append(el("div", { class: "tpanel" }, el("span", { class: "ptitle", text: p.title }),
      p.cards.length ? cardRow(p.cards) : null, p.text ? el("span", { text: p.text }) : null));
  }
  const last = tb.last_trick;
  const useLast = last && (showLast || !tb.trick.cards.length);
  const tr = useLast ? last : tb.trick;
  let title = tr.title;
  if (useLast && tr.winner !== null) title += ` → ${seatName(tb, tr.winner)}`;
  const trick = el("div", { class: "trick", id: "trick" });
  for (const [seat, c] of tr.cards) {
    trick.append(el("div", { class: "slot" + (tr.winner === seat ? " won" : "") }, cardEl(c),
      el("div", { class: "who", text: seatName(tb, seat) })));
  }
  box.append(el("div", { class: "notice", id: "trick-title", text: title }), trick);
  if (last && tb.trick.cards.length) {
    box.append(el("button", { class: "small secondary", id: "last-trick", text: t("showLast"),
      onclick: () => { showLast = !showLast; render(); } }));
  }
  return box;
}

function handPanel(tb) {
  const ch = tb.choices;
  const box = el("div", { class: "panel", id: "hand-panel" }, el("div", { class: "notice", text: t("hand") }));
  const hand = el("div", { class: "cards hand", id: "hand" });
  const clickable = ch.cards ? new Set(ch.cards.cards) : new Set();
  tb.hand.forEach((c, i) => hand.append(handCard(tb, c, i, clickable)));
  box.append(hand, actionsBar(tb));
  return box;
}

function handCard(tb, c, i, clickable) {
  const ch = tb.choices;
  if (ch.select) {
    const on = selected.has(i);
    return onClick(cardEl(c, "selectable" + (on ? " selected" : "")), () => {
      if (selected.has(i)) selected.delete(i);
      else if (selected.size < ch.select.count) selected.add(i);
      render();
    });
  }
  if (clickable.has(c)) return onClick(cardEl(c, "playable"), () => act(`${ch.cards.verb} ${c}`));
  return cardEl(c, ch.cards ? "dim" : "");
}

function onClick(elem, fn) { elem.addEventListener("click", fn); return elem; }

function actionsBar(tb) {
  const ch = tb.choices;
  const bar = el("div", { class: "actions", id: "actions" });
  const hint = ch.select ? ch.select.hint : ch.cards ? ch.cards.hint : "";
  if (hint) bar.append(el("span", { class: "notice hint", text: hint }));
  if (ch.select) {
    const n = ch.select.count;
    const picked = [...selected].sort((a, b) => a - b).map((i) => tb.hand[i]);
    bar.append(el("button", { id: "confirm", class: "primary", disabled: picked.length !== n,
      text: `${ch.select.label} (${picked.length}/${n})`,
      onclick: () => act([ch.select.verb, ...picked].join(" ")) }));
  }
  if (ch.bid) bar.append(bidEntry(ch.bid));
  for (const b of ch.buttons) {
    bar.append(el("button", { class: b.style || "", "data-action": b.action, text: b.label,
      onclick: () => act(b.action) }));
  }
  return bar;
}

function bidEntry(range) {
  const input = el("input", { type: "number", id: "bid-input", min: String(range.low),
    max: String(range.high), step: String(range.step), value: String(range.low) });
  const go = () => {
    const n = Number(input.value);
    if (!Number.isInteger(n) || n < range.low || n > range.high || (n - range.low) % range.step) {
      showError(`${range.low} … ${range.high}`);
      return;
    }
    act(`${range.verb} ${n}`);
  };
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
  return el("span", { class: "bid-entry" }, input, el("button", { id: "bid-go", text: t("bid"), onclick: go }));
}

function resultPanel(m, tb) {
  const box = el("div", { class: "panel", id: "result" }, el("h2", { text: t("result") }));
  for (const line of tb.result) box.append(el("div", { class: "rline", text: line }));
  if (m.winners && m.winners.length) {
    box.append(el("h2", { id: "winner", text: t("winner") + m.winners.map((s) => seatName(tb, s)).join(" + ") }));
  }
  if (tb.me >= 0 && (m.ready || []).includes(tb.me)) {
    box.append(el("div", { class: "notice", id: "ready-wait", text: t("readyWait") }));
  } else if (tb.me >= 0) {
    const label = m.winners && m.winners.length ? t("rematch") : t("next");
    box.append(el("button", { id: "next", text: label, onclick: () => { showLast = false; send({ type: "next" }); } }));
  }
  return box;
}

function sheetPanel(m) {
  const sh = m.sheet;
  const box = el("div", { class: "panel", id: "sheet-panel" }, el("h2", { text: t("sheet") }));
  const team = {};
  sh.parties.forEach((p, i) => p.forEach((s) => { team[s] = i; }));
  if (sh.parties.length) {
    box.append(el("div", { class: "notice", text: t("partners") +
      sh.parties.map((p) => p.map((s) => m.names[s]).join(" + ")).join(" · ") }));
  }
  const goal = sh.deals ? `${sh.lines.length} / ${sh.deals} ${t("dealsDone")}` : sh.target ? `${t("target")}: ${sh.target}` : "";
  if (goal) box.append(el("div", { class: "notice", text: goal }));
  const table = el("table", { class: "sheet", id: "sheet" });
  table.append(el("tr", {}, el("th", { text: "#" }), ...m.names.map((n, s) =>
    el("th", { text: n + (s in team ? ` (${teamLetter(team[s])})` : "") }))));
  for (const line of sh.lines) {
    table.append(el("tr", { class: line.separate ? "separate" : "" }, el("td", { text: String(line.deal) }),
      ...line.scores.map((v, i) => el("td", { text: `${v > 0 ? "+" : ""}${v} = ${line.totals[i]}` }))));
  }
  table.append(el("tr", { class: "totals" }, el("td", { text: t("total") }),
    ...sh.totals.map((v) => el("td", { text: String(v) }))));
  if (sh.durch_totals) {
    table.append(el("tr", {}, el("td", { text: t("durchTally") }),
      ...sh.durch_totals.map((v) => el("td", { text: String(v) }))));
  }
  box.append(el("div", { class: "sheet-wrap" }, table));
  return box;
}

function logPanel(lines) {
  const list = el("ol", { class: "log", id: "log" }, ...lines.map((l) => el("li", { text: l })));
  const box = el("details", { class: "panel", open: lines.length > 0 }, el("summary", { text: t("log") }), list);
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return box;
}

function recordsPanel(m) {
  const tid = m.info.id;
  const box = el("div", { class: "panel", id: "records" }, el("h2", { text: t("records") }));
  for (const line of m.sheet.lines) {
    const n = line.number ?? line.deal;   // the table's number of the deal (across rematches)
    box.append(el("div", { class: "form-row" }, el("span", { text: `${t("deal")} ${line.deal}` }),
      el("a", { href: `/api/tables/${tid}/deals/${n}/record`, download: `${m.info.game}-${tid}-${n}.json`, text: t("download") }),
      el("button", { class: "small secondary", "data-replay": String(n), text: t("replay"),
        onclick: () => openReplay(tid, n, 0) })));
  }
  box.append(el("div", { class: "notice", text: t("invite") }),
    el("code", { class: "invite", text: `${location.origin}/t/${tid}` }));
  return box;
}

// ------------------------------------------------------------------ replay of a finished deal
async function openReplay(tid, deal, step) {
  let data;
  try {
    const q = new URLSearchParams({ step: String(step), lang, cards: cardStyle });
    data = await api(`/api/tables/${tid}/deals/${deal}/replay?${q}`);
  } catch (e) { showError(e.message); return; }
  document.getElementById("replay")?.remove();
  const tb = data.table;
  const go = (k) => openReplay(tid, deal, Math.max(0, Math.min(data.steps, k)));
  const box = el("div", { class: "panel replay", id: "replay" },
    el("h2", { text: `${t("replay")}: ${t("deal")} ${deal} · ${t("step")} ${data.step}/${data.steps}` }));
  box.append(el("div", { class: "form-row" },
    el("button", { class: "small secondary", id: "replay-start", text: `⏮ ${t("start")}`, onclick: () => go(0) }),
    el("button", { class: "small secondary", id: "replay-prev", text: "◀", onclick: () => go(data.step - 1) }),
    el("button", { class: "small", id: "replay-next", text: "▶", onclick: () => go(data.step + 1) }),
    el("button", { class: "small secondary", id: "replay-end", text: `${t("end")} ⏭`, onclick: () => go(data.steps) }),
    el("button", { class: "small secondary", id: "replay-close", text: t("close"), onclick: () => box.remove() })));
  if (data.step > 0) {
    const [seat, action] = data.actions[data.step - 1];
    box.append(el("div", { class: "turn", id: "replay-action", text: `${data.names[seat]}: ${action}` }));
  }
  box.append(el("div", { class: "notice", text: tb.status }));
  if (data.hands) {
    box.append(el("div", { class: "notice", text: t("handsAt") }));
    data.hands.forEach((h, s) => box.append(el("div", { class: "form-row" }, el("b", { text: data.names[s] }), cardRow(h, "cards mini"))));
  }
  box.append(seatsPanel(tb), centerPanel(tb));
  if (tb.result.length) box.append(el("div", { class: "explain", text: tb.result.join("\n") }));
  document.getElementById("root").prepend(box);
}

// ------------------------------------------------------------------ routing
function route() {
  const root = document.getElementById("root");
  const m = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)$/);
  if (m) tablePage(root, m[1]); else lobby(root);
}
window.addEventListener("popstate", route);
route();
