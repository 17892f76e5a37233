// Binokel web client: renders the server's per-seat view; every text goes through
// textContent (nicknames are free text), every action offered comes from legal_actions.
"use strict";

const T = {
  de: {
    newTable: "Neuer Tisch", create: "Tisch anlegen", preset: "Regeln", target: "Ziel",
    seat: "Platz", person: "Mensch", openTables: "Offene Tische", none: "keine",
    join: "Platz nehmen", nickname: "Dein Name", spectate: "Zuschauen", invite: "Einladungslink",
    waiting: "Warte auf Mitspieler …", yourTurn: "Du bist dran", turnOf: "dran: ",
    dealer: "Geber", declarer: "Spielmacher", trump: "Trumpf", bid: "Reizen", pass: "Weg",
    push: "Drücken", pushHint: "Wähle {k} Karten zum Drücken.", abgehen: "Abgehen",
    durch: "Durch", "durch open": "Durch offen", untendurch: "Untendurch", call: "Rufen",
    callNone: "Nicht rufen", give: "Gib eine Karte (anklicken)", next: "Nächstes Spiel",
    dapp: "Dapp", melds: "Meldungen", points: "Augen", trick: "Stich", lastTrick: "Letzter Stich",
    sheet: "Punkteliste", deal: "Spiel", result: "Ergebnis", records: "Gespielte Spiele",
    download: "Datei", replay: "Nachspielen", cards: "Karten", winner: "Rundensieger: ",
    options: "Hausregeln", game: "Spiel", connected: "verbunden", offline: "getrennt – verbinde neu …",
    spectator: "Zuschauer", hand: "Deine Karten", contract: "Spiel",
    normal: "Normalspiel", thrown_in: "alle weg", seatTaken: "besetzt",
    suits: { E: "Eichel", B: "Blatt", H: "Herz", S: "Schellen" },
  },
  en: {
    newTable: "New table", create: "Create table", preset: "Rules", target: "Target",
    seat: "Seat", person: "Person", openTables: "Open tables", none: "none",
    join: "Take seat", nickname: "Your name", spectate: "Watch", invite: "Invite link",
    waiting: "Waiting for players …", yourTurn: "Your turn", turnOf: "to move: ",
    dealer: "Dealer", declarer: "Declarer", trump: "Trump", bid: "Bid", pass: "Pass",
    push: "Push", pushHint: "Select {k} cards to push.", abgehen: "Go out",
    durch: "Durch", "durch open": "Open Durch", untendurch: "Untendurch", call: "Call",
    callNone: "No call", give: "Give a card (click it)", next: "Next deal",
    dapp: "Dapp", melds: "Melds", points: "points", trick: "Trick", lastTrick: "Last trick",
    sheet: "Score sheet", deal: "Deal", result: "Result", records: "Finished deals",
    download: "File", replay: "Replay", cards: "cards", winner: "Round winner: ",
    options: "House rules", game: "Game", connected: "connected", offline: "offline – reconnecting …",
    spectator: "Spectator", hand: "Your cards", contract: "Game",
    normal: "normal game", thrown_in: "thrown in", seatTaken: "taken",
    suits: { E: "Acorns", B: "Leaves", H: "Hearts", S: "Bells" },
  },
};
const SYM = { E: "♣", B: "♠", H: "♥", S: "♦" };
const SUIT_ORDER = "EBHS";
let lang = localStorage.getItem("binokel.lang") || (navigator.language || "de").slice(0, 2);
if (!T[lang]) lang = "de";
const t = (k) => T[lang][k] ?? k;

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
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
function cardEl(tok, extra = "") {
  const suit = tok[0], rank = tok.slice(1);
  return el("div", { class: `card ${suit} ${extra}`, "data-card": tok, title: tok },
    el("span", { class: "suit", text: SYM[suit] }), el("span", { class: "rank", text: rank }));
}
const suitName = (s) => T[lang].suits[s] || s;
function actionLabel(a) {
  const [verb, ...rest] = a.split(" ");
  const arg = rest.join(" ");
  if (verb === "bid") return `${t("bid")} ${arg}`;
  if (verb === "trump") return `${t("trump")} ${SYM[arg]} ${suitName(arg)}`;
  if (verb === "abgehen") return `${t("abgehen")} ${SYM[arg]} ${suitName(arg)}`;
  if (verb === "call") return arg === "none" ? t("callNone") : `${t("call")} ${arg}`;
  if (verb === "pass") return t("pass");
  return t(a);
}

document.getElementById("lang").textContent = lang === "de" ? "EN" : "DE";
document.getElementById("lang").addEventListener("click", () => {
  lang = lang === "de" ? "en" : "de";
  localStorage.setItem("binokel.lang", lang);
  document.documentElement.lang = lang;
  document.getElementById("lang").textContent = lang === "de" ? "EN" : "DE";
  route();
});

// ------------------------------------------------------------------ lobby
async function lobby(root) {
  root.replaceChildren();
  const meta = await api("/api/meta");
  const form = el("div", { class: "panel" }, el("h2", { text: t("newTable") }));
  const gameSel = el("select", { id: "game" });
  for (const g of meta.games) gameSel.append(el("option", { value: g.name, text: g.title[lang === "de" ? 0 : 1] }));
  form.append(el("div", { class: "form-row" }, el("label", { text: t("game") }), gameSel));
  const presetSel = el("select", { id: "preset" });
  for (const p of meta.presets) presetSel.append(el("option", { value: p.name, text: `${p.name} – ${p[lang]}` }));
  const target = el("input", { id: "target", type: "number", value: "1000", min: "100", step: "50" });
  form.append(el("div", { class: "form-row" }, el("label", { text: t("preset") }), presetSel,
    el("label", { text: t("target") }), target));
  const seats = [];
  const seatRow = el("div", { class: "form-row" });
  for (let s = 0; s < 3; s++) {
    const sel = el("select", { id: `seat-${s}` });
    sel.append(el("option", { value: "", text: t("person") }));
    for (const b of meta.bots) sel.append(el("option", { value: b, text: b }));
    if (s > 0) sel.value = meta.bots.includes("heuristic") ? "heuristic" : meta.bots[0];
    seats.push(sel);
    seatRow.append(el("label", { text: `${t("seat")} ${s}` }), sel);
  }
  form.append(seatRow);
  const opts = el("details", {}, el("summary", { text: t("options") }));
  const inputs = {};
  const groups = {};
  for (const o of meta.options) {
    if (o.name === "target") continue;
    groups[o.group] = groups[o.group] || el("details", {}, el("summary", { text: o.group }));
    let input;
    if (o.type === "bool") {
      input = el("input", { type: "checkbox", "data-opt": o.name });
    } else if (o.allowed) {
      input = el("select", { "data-opt": o.name });
      for (const v of o.allowed) input.append(el("option", { value: String(v), text: String(v) }));
    } else {
      input = el("input", { type: "text", size: "8", "data-opt": o.name });
    }
    inputs[o.name] = { input, o };
    groups[o.group].append(el("div", { class: "opt" }, el("label", { text: o[lang] }), input));
  }
  for (const g of Object.values(groups)) opts.append(g);
  const fill = () => {
    for (const { input, o } of Object.values(inputs)) {
      const v = o.defaults[presetSel.value];
      if (o.type === "bool") input.checked = !!v; else input.value = String(v);
    }
  };
  presetSel.addEventListener("change", fill);
  fill();
  form.append(opts);
  const msg = el("div");
  form.append(el("div", { class: "form-row" }, el("button", { id: "create", text: t("create"), onclick: async () => {
    const options = {};
    for (const { input, o } of Object.values(inputs)) {
      const def = o.defaults[presetSel.value];
      let v = o.type === "bool" ? input.checked : input.value;
      if (o.type === "int" && v !== "" && !isNaN(Number(v))) v = Number(v);
      if (String(v) !== String(def)) options[o.name] = v;
    }
    try {
      const data = await api("/api/tables", { game: gameSel.value, preset: presetSel.value, options,
        target: Number(target.value), bots: seats.map((s) => s.value || null) });
      history.pushState({}, "", data.invite);
      route();
    } catch (e) { msg.replaceChildren(el("div", { class: "error", text: e.message })); }
  } })), msg);
  root.append(form);
  const list = el("div", { class: "panel" }, el("h2", { text: t("openTables") }));
  const tables = await api("/api/tables");
  if (!tables.length) list.append(el("div", { class: "notice", text: t("none") }));
  for (const tb of tables) {
    const names = tb.seats.map((s) => s.bot ? s.bot : (s.nickname || "—")).join(", ");
    list.append(el("div", {}, el("a", { href: `/t/${tb.id}`, text: `${tb.rules.preset}: ${names}` })));
  }
  root.append(list);
}

// ------------------------------------------------------------------ table
let socket = null, state = null, selected = new Set(), showLast = false, reconnectTimer = null;

function tokenKey(id) { return `binokel.token.${id}`; }

async function tablePage(root, id) {
  root.replaceChildren();
  let info;
  try { info = await api(`/api/tables/${encodeURIComponent(id)}`); }
  catch (e) { root.append(el("div", { class: "error", text: e.message })); return; }
  const token = localStorage.getItem(tokenKey(id));
  if (!token && info.status === "waiting") {
    const panel = el("div", { class: "panel" }, el("h2", { text: t("join") }));
    const name = el("input", { id: "nickname", placeholder: t("nickname"), maxlength: "32" });
    panel.append(el("div", { class: "form-row" }, name));
    const msg = el("div");
    for (const s of info.seats) {
      const label = s.bot ? `${t("seat")} ${s.seat}: ${s.bot}` : `${t("seat")} ${s.seat}` +
        (s.taken ? ` (${s.nickname})` : "");
      panel.append(el("div", { class: "form-row" }, el("span", { text: label }),
        (!s.taken && !s.bot) ? el("button", { class: "small", id: `join-${s.seat}`, text: t("join"),
          onclick: async () => {
            try {
              const r = await api(`/api/tables/${encodeURIComponent(id)}/join`,
                { seat: s.seat, nickname: name.value });
              localStorage.setItem(tokenKey(id), r.token);
              route();
            } catch (e) { msg.replaceChildren(el("div", { class: "error", text: e.message })); }
          } }) : el("span", { class: "notice", text: s.bot ? "" : t("seatTaken") })));
    }
    panel.append(msg, el("div", { class: "form-row" },
      el("button", { class: "secondary small", text: t("spectate"), onclick: () => connect(id, null) })));
    panel.append(el("p", { class: "invite" }, `${t("invite")}: `, el("code", { text: location.href })));
    root.append(panel);
    return;
  }
  connect(id, token);
}

function connect(id, token) {
  if (socket) { socket.onclose = null; socket.close(); }
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(id)}${q}`);
  const conn = document.getElementById("conn");
  socket.onopen = () => { conn.textContent = t("connected"); };
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") { state = msg; render(); }
    else if (msg.type === "error") {
      if (msg.code === "bad_token") { localStorage.removeItem(tokenKey(id)); }
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
function act(a) { selected.clear(); send({ type: "action", action: a }); }
function showError(text) {
  const box = document.getElementById("errors");
  if (!box) return;
  box.replaceChildren(el("div", { class: "error", text }));
  setTimeout(() => box.replaceChildren(), 5000);
}

function render() {
  const root = document.getElementById("root");
  const m = state;
  root.replaceChildren();
  root.append(el("div", { id: "errors" }));
  const v = m.view;
  if (!v) {
    root.append(el("div", { class: "panel" }, el("h2", { text: t("waiting") }),
      el("p", { class: "invite" }, `${t("invite")}: `, el("code", { text: location.href }))));
    for (const s of m.table.seats) root.append(el("div", { class: "notice",
      text: `${t("seat")} ${s.seat}: ${s.bot || s.nickname || "—"}` }));
    return;
  }
  const names = m.names;
  const me = m.you;
  // status line
  const st = el("div", { class: "panel status" });
  st.append(`${t("deal")} ${m.deal} · ${t("dealer")}: `, el("b", { text: names[v.dealer] }));
  if (v.declarer !== null) st.append(` · ${t("declarer")}: `, el("b", { text: `${names[v.declarer]} (${v.high_bid})` }));
  else if (v.high_bid !== null) st.append(` · ${t("bid")}: ${v.high_bid}`);
  if (v.contract === "normal" && v.trump) st.append(` · ${t("trump")}: `, el("b", { text: `${SYM[v.trump]} ${suitName(v.trump)}` }));
  else if (v.contract) st.append(` · ${t("contract")}: `, el("b", { text: t(v.contract) }));
  if (v.to_move >= 0) st.append(el("div", { class: "turn", id: "turn",
    text: v.to_move === me ? t("yourTurn") : t("turnOf") + names[v.to_move] }));
  if (me === null) st.append(el("div", { class: "notice", text: t("spectator") }));
  root.append(st);

  const grid = el("div", { class: "grid" });
  const left = el("div"), right = el("div");
  grid.append(left, right);
  root.append(grid);

  // players
  const lastBid = {};
  for (const [s, a] of v.history) if (a.startsWith("bid") || a === "pass") lastBid[s] = a === "pass" ? t("pass") : a.split(" ")[1];
  const players = el("div", { class: "players panel" });
  for (let s = 0; s < v.players; s++) {
    const p = el("div", { class: "player" + (s === v.to_move ? " tomove" : "") });
    p.append(el("div", { class: "name", text: names[s] + (s === me ? " ★" : "") }));
    p.append(el("div", { class: "meta", text: `${v.hand_sizes[s]} ${t("cards")} · ${v.trick_points[s]} ${t("points")}` +
      (lastBid[s] ? ` · ${t("bid")}: ${lastBid[s]}` : "") }));
    if (v.melds && v.melds[s].length) {
      p.append(el("div", { class: "melds", text: `${t("melds")}: ` +
        v.melds[s].map((x) => `${x.label[lang]} ${x.points}`).join(", ") +
        ` = ${v.meld_totals[s]}` }));
    }
    players.append(p);
  }
  left.append(players);

  // dapp and trick
  const table = el("div", { class: "panel" });
  if (v.dapp) table.append(el("div", { class: "form-row" }, el("span", { text: `${t("dapp")}:` }),
    el("div", { class: "cards" }, ...v.dapp.map((c) => cardEl(c)))));
  let trickCards = v.trick, leader = v.trick_leader, title = `${t("trick")} ${v.tricks.length + 1}`;
  if ((showLast || (!v.trick.length && v.tricks.length)) && v.tricks.length) {
    const last = v.tricks[v.tricks.length - 1];
    if (showLast || !v.trick.length) { trickCards = last.cards; leader = last.leader;
      title = `${t("lastTrick")} → ${names[last.winner]} (${last.points})`; }
  }
  const trick = el("div", { class: "trick", id: "trick" });
  trickCards.forEach((c, i) => {
    const seat = (leader + i) % v.players;
    trick.append(el("div", { class: "slot" }, cardEl(c), el("div", { text: names[seat] })));
  });
  table.append(el("div", { class: "notice", text: title }), trick);
  if (v.tricks.length) table.append(el("button", { class: "small secondary", text: t("lastTrick"),
    onclick: () => { showLast = !showLast; render(); } }));
  left.append(table);

  // hand and actions
  const legal = new Set(v.legal_actions);
  const handPanel = el("div", { class: "panel" }, el("div", { class: "notice", text: t("hand") }));
  const hand = el("div", { class: "cards hand", id: "hand" });
  const k = v.dapp ? v.dapp.length : 4;
  v.hand.forEach((c, i) => {
    const key = `${c}#${i}`;
    let cls = "";
    let onclick = null;
    if (legal.has(`play ${c}`)) { cls = "playable"; onclick = () => act(`play ${c}`); }
    else if (v.phase === "give" && legal.has(`give ${c}`)) { cls = "playable"; onclick = () => act(`give ${c}`); }
    else if (v.phase === "declare" && v.to_move === me) {
      cls = "playable" + (selected.has(key) ? " selected" : "");
      onclick = () => { if (selected.has(key)) selected.delete(key); else if (selected.size < k) selected.add(key); render(); };
    } else if (v.phase === "play" && v.to_move === me) cls = "dim";
    const ce = cardEl(c, cls);
    if (onclick) ce.addEventListener("click", onclick);
    hand.append(ce);
  });
  handPanel.append(hand);
  const actions = el("div", { class: "actions", id: "actions" });
  if (v.to_move === me && !v.result) {
    if (v.phase === "bidding") {
      const bids = v.legal_actions.filter((a) => a.startsWith("bid "));
      if (bids.length) {
        const sel = el("select", { id: "bid-select" });
        bids.slice(0, 60).forEach((b) => sel.append(el("option", { value: b, text: b.split(" ")[1] })));
        actions.append(sel, el("button", { id: "bid", text: t("bid"), onclick: () => act(sel.value) }));
      }
      if (legal.has("pass")) actions.append(el("button", { id: "pass", class: "secondary", text: t("pass"), onclick: () => act("pass") }));
    } else if (v.phase === "declare") {
      actions.append(el("span", { class: "notice", text: t("pushHint").replace("{k}", k) }));
      actions.append(el("button", { id: "push", text: `${t("push")} (${selected.size}/${k})`, disabled: selected.size !== k,
        onclick: () => act("discard " + [...selected].map((x) => x.split("#")[0]).join(" ")) }));
      for (const a of v.legal_actions.filter((a) => a.startsWith("abgehen"))) actions.append(
        el("button", { class: "secondary", text: actionLabel(a), onclick: () => act(a) }));
    } else if (v.phase === "trump" || v.phase === "call") {
      const calls = v.legal_actions.filter((a) => a.startsWith("call ") && a !== "call none");
      if (calls.length) {
        const sel = el("select", { id: "call-select" });
        calls.forEach((c) => sel.append(el("option", { value: c, text: c.split(" ")[1] })));
        actions.append(sel, el("button", { text: t("call"), onclick: () => act(sel.value) }));
      }
      for (const a of v.legal_actions.filter((a) => !a.startsWith("call ") || a === "call none")) actions.append(
        el("button", { class: a.startsWith("abgehen") ? "secondary" : "", "data-action": a, text: actionLabel(a), onclick: () => act(a) }));
    } else if (v.phase === "give") {
      actions.append(el("span", { class: "notice", text: t("give") }));
    }
  }
  handPanel.append(actions);
  if (me !== null) left.append(handPanel);

  // result
  if (m.explanation) {
    const res = el("div", { class: "panel", id: "result" }, el("h2", { text: t("result") }),
      el("div", { class: "explain", text: m.explanation[lang].join("\n") }));
    if (m.winner !== null && m.winner !== undefined) res.append(el("h2", { text: t("winner") + names[m.winner] }));
    else if (me !== null) res.append(el("button", { id: "next", text: t("next"), onclick: () => { showLast = false; send({ type: "next" }); } }));
    left.append(res);
  }

  // score sheet and records
  const sheet = el("table", { class: "sheet", id: "sheet" });
  sheet.append(el("tr", {}, el("th", { text: "#" }), ...names.map((n) => el("th", { text: n }))));
  for (const line of m.sheet) sheet.append(el("tr", {}, el("td", { text: String(line.deal) }),
    ...line.scores.map((s, i) => el("td", { text: `${s > 0 ? "+" : ""}${s} = ${line.totals[i]}` }))));
  right.append(el("div", { class: "panel" }, el("h2", { text: t("sheet") }), sheet));
  const recs = el("div", { class: "panel", id: "records" }, el("h2", { text: t("records") }));
  const tid = m.table.id;
  for (const line of m.sheet) {
    recs.append(el("div", { class: "form-row" }, el("span", { text: `${t("deal")} ${line.deal}` }),
      el("a", { href: `/api/tables/${tid}/deals/${line.deal}/record`, download: `binokel-${tid}-${line.deal}.json`, text: t("download") }),
      el("button", { class: "small secondary", text: t("replay"), onclick: () => replay(tid, line.deal) })));
  }
  right.append(recs, el("div", { class: "panel" }, el("div", { class: "notice", text: t("invite") }),
    el("code", { class: "invite", text: `${location.origin}/t/${tid}` })));
}

async function replay(tid, n) {
  const data = await api(`/api/tables/${tid}/deals/${n}/replay`);
  const names = data.names || ["0", "1", "2"];
  const box = el("div", { class: "panel", id: "replay" }, el("h2", { text: `${t("replay")}: ${t("deal")} ${n}` }));
  data.hands.forEach((h, s) => box.append(el("div", { class: "form-row" }, el("b", { text: names[s] }),
    el("div", { class: "cards" }, ...h.map((c) => cardEl(c))))));
  if (data.dapp.length) box.append(el("div", { class: "form-row" }, el("span", { text: t("dapp") }),
    el("div", { class: "cards" }, ...data.dapp.map((c) => cardEl(c)))));
  data.tricks.forEach((tr, i) => box.append(el("div", { class: "form-row" }, el("span", { text: `${t("trick")} ${i + 1}` }),
    el("div", { class: "cards" }, ...tr.cards.map((c) => cardEl(c))), el("span", { text: `→ ${names[tr.winner]} (${tr.points})` }))));
  if (data.result) box.append(el("div", { class: "explain", text: `${t("result")}: ${data.result.scores.join(" / ")}` }));
  box.append(el("button", { class: "small secondary", text: "×", onclick: () => box.remove() }));
  document.getElementById("root").prepend(box);
}

function route() {
  const root = document.getElementById("root");
  const m = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)$/);
  if (m) tablePage(root, m[1]); else lobby(root);
}
window.addEventListener("popstate", route);
route();
