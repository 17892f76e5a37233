// The lobby: a new table (the creator names himself and sits down in one step), the open
// tables, and the page of a table one has not joined yet (take a seat, or watch).

import { el } from "./dom.js";
import { createTable, getAccount, getMeta, getTable, guestTables, joinSeat, keepOwner, keepToken, listTables,
  myTables, syncSeats } from "./net.js";
import { invitationBox } from "./invites.js";
import { invitePanel } from "./tablefriends.js";
import { prefs, setPref } from "./prefs.js";
import { botLabel, errorText, pick, t } from "./words.js";
import { changedOptions, changedRules, optionInput } from "./rulesform.js";

let meta = null;
let loggedIn = false;   // a rated table is offered to a logged-in creator only
let accountName = "";   // the logged-in account's name: the name a new table or seat shows

/** The server's games and words (/api/meta), fetched once; the join and waiting panels name
 * bots with its words, so the table page loads it before drawing them. */
export async function loadMeta() {
  meta = meta || await getMeta();
  return meta;
}

export async function lobbyPage(root, go) {
  root.replaceChildren();
  await loadMeta();
  const form = el("section", { class: "panel", id: "new-table", "aria-labelledby": "new-table-h" });
  const list = el("section", { class: "panel", id: "open-tables", "aria-labelledby": "open-h" });
  const mine = el("section", { class: "panel", id: "my-tables", "aria-labelledby": "mine-h", hidden: true });
  const watch = el("section", { class: "panel", id: "watch-tables", "aria-labelledby": "watch-h" });
  const who = el("p", { class: "account-line notice", id: "account-line" });
  root.append(who, el("div", { class: "lobby" }, form, el("div", { class: "lists" }, mine, list, watch)));
  const gameSel = el("select", { id: "game" });
  for (const g of meta.games) gameSel.append(el("option", { value: g.name, text: pick(g.title) }));
  const saved = prefs.game;
  if (saved && meta.games.some((g) => g.name === saved)) gameSel.value = saved;
  const draw = () => {
    setPref("game", gameSel.value);
    gameForm(form, gameSel, meta.games.find((g) => g.name === gameSel.value), go);
  };
  gameSel.addEventListener("change", draw);
  draw();
  await Promise.all([accountLine(who).then(() => myTablesList(mine)), openTables(list, null),
    openTables(watch, null, "playing")]);
}

/** Who is logged in, with a link to the account page; a logged-in browser's seats and its
 * account's are joined first (net.js's syncSeats). A guest sees where to log in. */
async function accountLine(box) {
  let me = null;
  try { me = (await getAccount()).account; } catch { /* the lobby works without it */ }
  if (me) {
    try { await syncSeats(); } catch { /* "my tables" shows this browser's seats */ }
    // The account's name, not the name the browser remembers: on a shared computer that
    // may be the last guest's (kept for him: not overwritten here).
    const nick = /** @type {HTMLInputElement | null} */ (document.getElementById("nickname"));
    accountName = me.name;
    if (nick) nick.value = me.name;
    box.replaceChildren(t("loggedInAs"), " ", el("strong", { text: me.name }), " · ",
      el("a", { href: "/account", id: "account-link", text: t("accountPage") }), " · ",
      el("a", { href: `/players/${encodeURIComponent(me.name)}`, id: "player-link", text: t("rt_my_page") }),
      " · ", el("a", { href: "/ratings", id: "ratings-link", text: t("rt_boards") }),
      " · ", el("a", { href: "/friends", id: "friends-link", text: t("fr_title") }));
    box.after(invitationBox());   // a friend's invitations to his table
    loggedIn = true;
    const row = document.getElementById("rated-row");
    if (row) row.hidden = false;
  } else {
    box.replaceChildren(t("guest"), " · ",
      el("a", { href: "/account", id: "account-link", text: t("loginOrRegister") }), " · ",
      el("a", { href: "/ratings", id: "ratings-link", text: t("rt_boards") }));
  }
}

/** The tables whose seat tokens this browser keeps for whoever uses it now (a logged-in
 * account's, or a guest's): one click goes back to the seat. Logged in, a guest's tables
 * the browser keeps too are only counted, with the way to take them if they are his
 * (the account page asks: docs/web.md, "Seats on a shared computer"). */
async function myTablesList(box) {
  let rows, guests = [];
  try {
    [rows, guests] = await Promise.all([myTables(), loggedIn ? guestTables() : []]);
  } catch { return; }   // the lobby works without it
  if (!rows.length && !guests.length) return;
  const ul = el("ul", { class: "tables" });
  for (const r of rows) {
    const tb = r.table;
    ul.append(el("li", {}, el("a", { href: `/t/${tb.id}`,
      text: `${pick(tb.title)}: ${t("seat")} ${r.seat + 1} (${tb.seats[r.seat]?.nickname || ""})` })));
  }
  const note = guests.length ? el("p", { class: "notice", id: "guest-tables" },
    t("lobby_guest_seats", { n: guests.length }), " ",
    el("a", { href: "/account", id: "guest-tables-link", text: t("lobby_guest_mine") })) : "";
  box.replaceChildren(el("h2", { id: "mine-h", text: t("myTables") }), rows.length ? ul : "", note);
  box.hidden = false;
}

function nicknameInput() {
  const input = el("input", { id: "nickname", maxlength: "32", autocomplete: "nickname",
    value: accountName || prefs.nickname, required: true });
  // a guest's name is remembered for his next visit; a logged-in player's only on the page
  input.addEventListener("input", () => {
    if (accountName) accountName = input.value.trim() || accountName;
    else setPref("nickname", input.value.trim());
  });
  return input;
}

function gameForm(form, gameSel, game, go) {
  const nick = nicknameInput();
  form.replaceChildren(el("h2", { id: "new-table-h", text: t("newTable") }),
    el("div", { class: "form-row" }, el("label", { for: "nickname", text: t("nickname") }), nick),
    el("div", { class: "form-row" }, el("label", { for: "game", text: t("game") }), gameSel));
  const playersSel = el("select", { id: "players" });
  for (const n of game.players) playersSel.append(el("option", { value: String(n), text: String(n) }));
  playersSel.value = String(game.default_players);
  const presetSel = el("select", { id: "preset" });
  for (const p of game.presets) presetSel.append(el("option", { value: p.name, text: p.name }));
  const presetText = el("div", { class: "notice", id: "preset-text" });
  const explain = () => {
    const p = game.presets.find((x) => x.name === presetSel.value);
    presetText.textContent = p ? p[prefs.lang] || "" : "";
  };
  presetSel.addEventListener("change", explain);
  explain();
  form.append(el("div", { class: "form-row" }, el("label", { for: "players", text: t("playersLabel") }),
    playersSel, el("label", { for: "preset", text: t("rulesPreset") }), presetSel), presetText);
  const round = el("div", { class: "form-row round" });
  form.append(round);
  const seatsBox = el("fieldset", { class: "seat-choice" }, el("legend", { text: t("playersLabel") }));
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
  const settings = tableSettings(form);   // before the rules text: part of the form
  if (game.help && pick(game.help)) {
    form.append(el("details", { class: "help" }, el("summary", { text: t("rules") }),
      el("div", { class: "explain", text: pick(game.help) })));
  }
  const msg = el("div", { id: "create-error", role: "alert" });
  form.append(el("div", { class: "form-row" }, el("button", { id: "create", class: "primary", type: "button",
    text: t("createSit"), onclick: () => create(game, nick, playersSel, presetSel, inputs, seatsBox, settings, msg, go) })), msg);
}

// Times to think a table may choose: the server's bounds decide which are offered.
const TIMEOUTS = [30, 60, 120, 300, 600];

/** The table's own settings (not the game's rules): time to think, chat, hints. Returns a function
 * that reads them as the server's ``settings``. */
function tableSettings(form) {
  const [low, high] = meta.settings.turn_timeout;
  const timeout = el("select", { id: "turn-timeout" });
  timeout.append(el("option", { value: "", text: t("timeoutOff") }));
  for (const s of TIMEOUTS.filter((x) => x >= low && x <= high)) {
    timeout.append(el("option", { value: String(s),
      text: s < 120 ? t("seconds", { n: s }) : t("minutes", { n: s / 60 }) }));
  }
  const chat = el("input", { type: "checkbox", id: "chat-on", checked: true });
  const hints = el("input", { type: "checkbox", id: "hints-on" });   // off unless allowed
  // Rated (logged-in creators only): logged-in players only, no hints, ratings move.
  const rated = el("input", { type: "checkbox", id: "rated-on" });
  rated.addEventListener("change", () => {
    hints.disabled = rated.checked;
    if (rated.checked) hints.checked = false;
  });
  form.append(el("fieldset", { class: "table-settings" }, el("legend", { text: t("table") }),
    el("div", { class: "form-row" }, el("label", { for: "turn-timeout", text: t("turnTimeout") }), timeout),
    el("div", { class: "form-row" }, el("label", { for: "chat-on", text: t("chatOn") }), chat,
      el("label", { for: "hints-on", text: t("hintsOn") }), hints),
    el("div", { class: "form-row", id: "rated-row", hidden: !loggedIn },
      el("label", { for: "rated-on", text: t("rt_rated") }), rated,
      el("span", { class: "notice small", text: t("rt_rated_note") }))));
  return () => ({ chat: chat.checked, hints: hints.checked && !rated.checked,
    turn_timeout: timeout.value ? Number(timeout.value) : null,
    ...(rated.checked && loggedIn ? { rated: true } : {}) });
}

function seatChoices(box, game, players) {
  for (const row of [...box.querySelectorAll(".form-row")]) row.remove();
  const fallback = game.default_bot;
  let botNo = 0;
  for (let s = 0; s < players; s++) {
    const sel = el("select", { id: `seat-${s}`, "data-seat": String(s) });
    sel.append(el("option", { value: "", text: s === 0 ? `${t("person")} (${t("nickname")})` : t("person") }));
    const i = s > 0 ? botNo++ : 0;
    for (const b of game.bots) sel.append(el("option", { value: b, text: `${t("botSeat")}: ${botLabel(meta.bots, b, i)}` }));
    if (s > 0) sel.value = fallback;
    box.append(el("div", { class: "form-row" }, el("label", { for: `seat-${s}`, text: `${t("seat")} ${s + 1}` }), sel));
  }
}

// The game's options: target and series length in the form itself, the rest grouped.
function optionInputs(form, game, round) {
  const inputs = [];
  const details = el("details", { id: "options" }, el("summary", { text: t("houseRules") }));
  for (const group of game.groups) {
    const box = el("fieldset", {}, el("legend", { text: pick(meta.groups[group.name]) || group.name }));
    for (const o of group.options) {
      const input = optionInput(o, `opt-${o.name}`, prefs.lang);
      inputs.push({ input, o });
      if (o.name === "target" || o.name === "deals_per_series") {
        const label = o.name === "target" ? t("target") : game.target ? t("deals") : t("dealsOnly");
        round.append(el("label", { for: input.id, text: label }), input);
      } else {
        box.append(el("div", { class: "opt" }, el("label", { for: input.id, text: o[prefs.lang] || o.de }), input));
      }
    }
    if (box.children.length > 1) details.append(box);
  }
  form.append(details);
  return inputs;
}

/** Create the table, then take the first person's seat with the nickname: one step. */
async function create(game, nick, playersSel, presetSel, inputs, seatsBox, settings, msg, go) {
  const name = nick.value.trim();
  const bots = [...seatsBox.querySelectorAll("select")].map((s) => s.value || null);
  const mySeat = bots.indexOf(null);
  if (mySeat >= 0 && !name) {
    msg.replaceChildren(el("div", { class: "error", text: t("nickNeeded") }));
    nick.focus();
    return;
  }
  const options = changedOptions(inputs, presetSel.value);
  try {
    const data = await createTable({ game: game.name, players: Number(playersSel.value),
      preset: presetSel.value, options, bots, settings: settings() });
    if (data.owner_token) keepOwner(data.id, data.owner_token);
    if (mySeat >= 0) {
      setPref("nickname", name);
      const r = await joinSeat(data.id, mySeat, name);
      keepToken(data.id, r.token);
    }
    history.pushState({}, "", data.invite || `/t/${data.id}`);
    go();
  } catch (e) { msg.replaceChildren(el("div", { class: "error", text: errorText(e) })); }
}

/** A page of the open tables (to join) or of the running ones (``status`` playing: to watch);
 * "more" fetches the next page as the API pages them. */
async function openTables(list, cursor, status = "waiting") {
  const playing = status === "playing";
  const more = playing ? "more-watch" : "more-tables";
  if (!cursor) {
    list.replaceChildren(el("h2", { id: playing ? "watch-h" : "open-h",
      text: t(playing ? "watchTables" : "openTables") }));
  }
  list.querySelector(`#${more}`)?.remove();
  let page;
  try { page = await listTables(cursor, status); }
  catch (e) { list.append(el("div", { class: "error", text: errorText(e) })); return; }
  if (!page.tables.length && !cursor) list.append(el("div", { class: "notice", text: t(playing ? "noneWatch" : "none") }));
  const ul = list.querySelector("ul") || list.appendChild(el("ul", { class: "tables" }));
  for (const tb of page.tables) {
    let botNo = 0;
    const names = tb.seats.map((s) => s.bot ? botLabel(meta.bots, s.bot, botNo++) : (s.nickname || t("freeSeat"))).join(" · ");
    const title = pick(tb.title);
    ul.append(el("li", {}, el("a", { href: `/t/${tb.id}`, text: `${tb.settings?.rated ? "★ " : ""}${title}: ${names}` }),
      el("span", { class: "rules-short", text: ` (${t("rulesPreset")}: ${rulesShort(tb)})` }),
      seedNote(tb, "small")));
  }
  if (page.next) {
    list.append(el("button", { id: more, class: "secondary small", type: "button",
      text: t("more"), onclick: () => openTables(list, page.next, status) }));
  }
}

/** A table whose creator chose the seed deals cards that can be known in advance: said to
 * everybody before they join (the lobby's lists, the join and waiting panels, the table).
 * Nothing (null) for a table dealt by the server's cryptographic generator. */
export function seedNote(info, cls = "") {
  if (info?.seed === undefined || info.seed === null) return null;
  return el("p", { class: `seed-note ${cls}`.trim(), role: "note",
    text: `⚠ ${t("seedNote", { n: info.seed })}` });
}

/** The rules a table plays by, for whoever joins, waits or plays there: the preset and what
 * it is, each house rule the creator changed in the lobby's words (the option and what its
 * value means), and the game's rules in brief. Folded. */
export function tableRules(info) {
  const game = meta?.games.find((g) => g.name === info.game);
  const rules = info.rules || {};
  if (!game) return null;
  const preset = game.presets.find((p) => p.name === rules.preset);
  const box = el("details", { class: "table-rules", id: "table-rules" },
    el("summary", { text: `${t("tableRules")}: ${rulesShort(info)}` }));
  if (preset && pick(preset)) {
    box.append(el("p", { class: "notice", text: t("presetIs", { name: preset.name, text: pick(preset) }) }));
  }
  box.append(changedRules(meta, info.game, rules, prefs.lang)
    || el("p", { class: "notice", text: t("asPreset") }));
  if (game.help && pick(game.help)) {
    box.append(el("details", { class: "help" }, el("summary", { text: t("rules") }),
      el("div", { class: "explain", text: pick(game.help) })));
  }
  return box;
}

/** A table's rules in a few words: the preset and how many house rules it changes. */
function rulesShort(info) {
  const rules = info.rules || {};
  const n = Object.keys(rules.options || {}).length;
  const count = n === 1 ? t("houseRules1") : t("houseRulesN", { n });
  return `${rules.preset || ""}${n ? ` · ${count}` : ""}`;
}

// ------------------------------------------------------------------ joining a table
/**
 * The seats of a waiting table to sit down at. ``error``: a refusal to show at once (the
 * panel drawn again after a seat was taken meanwhile).
 */
export function joinPanel(root, id, info, onJoined, onWatch, error = null) {
  const panel = el("section", { class: "panel join", "aria-labelledby": "join-h" },
    // which game: a friend who follows an invite link has seen no lobby
    el("h2", { id: "join-h", text: `${pick(info.title) || info.game}: ${t("takeSeat")}` }), seedNote(info),
    info.settings?.rated ? el("p", { class: "notice rated-note", id: "rated-note", role: "note",
      text: `★ ${t("rt_join_note")}` }) : null,
    tableRules(info));
  const name = nicknameInput();
  panel.append(el("div", { class: "form-row" }, el("label", { for: "nickname", text: t("nickname") }), name));
  const msg = el("div", { role: "alert" });
  if (error) msg.append(el("div", { class: "error", text: error }));
  let botNo = 0;
  for (const s of info.seats) {
    const label = s.bot ? `${t("seat")} ${s.seat + 1}: ${botLabel(meta.bots, s.bot, botNo++)}` :
      `${t("seat")} ${s.seat + 1}` + (s.taken ? ` (${s.nickname})` : "");
    const take = async () => {
      if (!name.value.trim()) { msg.replaceChildren(el("div", { class: "error", text: t("nickNeeded") })); return; }
      try {
        setPref("nickname", name.value.trim());
        const r = await joinSeat(id, s.seat, name.value.trim());
        keepToken(id, r.token);
        onJoined();
      } catch (e) {
        if (e.code === "seat_taken") {
          // Somebody sat down meanwhile: show the seats as they are now (or, with every seat
          // taken, the table itself: onJoined routes again), not the one just lost.
          const fresh = await getTable(id).catch(() => null);
          if (fresh && fresh.status === "waiting") {
            joinPanel(root, id, fresh, onJoined, onWatch, errorText(e));   // the name is kept
            return;
          }
          if (fresh) { onJoined(); return; }
        }
        msg.replaceChildren(el("div", { class: "error", text: errorText(e) }));
      }
    };
    panel.append(el("div", { class: "form-row" }, el("span", { text: label }),
      (!s.taken && !s.bot) ? el("button", { class: "small", type: "button", id: `join-${s.seat}`, text: t("takeSeat"), onclick: take })
        : el("span", { class: "notice", text: s.bot ? "" : t("seatTaken") })));
  }
  panel.append(msg, el("div", { class: "form-row" },
    el("button", { class: "secondary small", type: "button", id: "spectate", text: t("spectate"), onclick: onWatch })));
  panel.append(el("p", { class: "invite" }, `${t("invite")}: `, el("code", { text: location.href })));
  root.replaceChildren(panel);
}

export function waitingPanel(root, m) {
  const box = el("section", { class: "panel waiting", "aria-labelledby": "wait-h" },
    el("h2", { id: "wait-h", text: `${pick(m.info.title) || m.info.game}: ${t("waiting")}` }), seedNote(m.info),
    m.info.settings?.rated ? el("p", { class: "notice rated-note", role: "note", text: `★ ${t("rt_join_note")}` }) : null,
    tableRules(m.info),
    el("p", { class: "invite" }, `${t("invite")}: `, el("code", { text: location.href })));
  let botNo = 0;
  for (const s of m.info.seats) {
    box.append(el("div", { class: "notice", text: `${t("seat")} ${s.seat + 1}: ${s.bot ? botLabel(meta.bots, s.bot, botNo++) : s.nickname || "—"}` }));
  }
  // a logged-in player invites a friend to a free seat (one panel per page: it stays open)
  inviting = inviting || invitePanel();
  inviting.update(m, typeof m.you === "number" && m.you >= 0);
  box.append(inviting.box);
  root.replaceChildren(box);
}

let inviting = null;
