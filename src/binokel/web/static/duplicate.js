// The duplicate tournament page. /duplicate: create one. /duplicate/<id>: the public page
// ("your table" once a round runs, the rounds' tables and progress, after each round the
// hand-by-hand comparison and the rankings), polled every few seconds. Entry is the
// organiser's: #entry=<code> is a personal entry link (enter with a name, once); without
// one a person may ask to enter where the organiser opened entry with approval, and waits
// for it. With #owner=<token> also the organiser's controls: entry links and requests,
// bots, the next round.
import { copyButton, el } from "/static/dom.js";
import { api, errText, gameSelect, lang, loadTexts, owner, t } from "/static/docapi.js";
import { csrfToken, keepToken } from "/static/net.js";

const root = document.getElementById("root");
const dupId = location.pathname.split("/")[2] || null;
// The player token this browser got when it entered or asked to as a guest (shown once by
// the server). An account's entry keeps none: the account finds it (docs/tournament.md,
// "Whose entry a page shows").
const playerKey = `binokel.duplicate.${dupId}`;
// A personal entry link's code: kept for this tab until it is used, and out of the address
// bar at once (a copied address must not pass the link on).
const codeKey = `binokel.duplicate.entry.${dupId}`;
const fromHash = new URLSearchParams(location.hash.slice(1)).get("entry");
if (fromHash && dupId) {
  sessionStorage.setItem(codeKey, fromHash);
  history.replaceState(null, "", location.pathname);
}
let entryCode = dupId ? sessionStorage.getItem(codeKey) : null;
let version = 0;
let dup = null;
let me = null;
let meta = null;
let entries = null;    // the organiser's view of the entry (links, requests)
// The server's refusal of a second entry (this account or browser is in already, from
// another device or tab): said instead of the form, whose button could only be refused again.
let twice = null;
// Whether this browser keeps a token of another entry than the logged-in account's.
let otherEntry = false;
// What the last ``.../me`` was asked for: who (the session's CSRF cookie, which changes at
// every login and is gone at a logout, and the kept token) and the rounds' state.
let askedWho = null;
let askedRounds = null;

const errorLine = (id) => el("p", { class: "error", role: "alert", id });
const numberField = (id, label, value, min, max) => [el("label", { for: id, text: label }),
  el("input", { id, type: "number", value: String(value), min: String(min), max: String(max) })];
const levelName = (kind) => (meta.bots.levels[kind] || {})[lang] || kind;

function botSelect(id, game) {
  const g = meta.games.find((x) => x.name === game) || meta.games[0];
  const def = g.default_bot;
  return el("select", { id }, ...g.bots.map((b) => el("option",
    { value: b, text: levelName(b), selected: b === def })));
}

async function createForm() {
  const err = errorLine("create-error");
  const game = await gameSelect("game");
  const size = el("select", { id: "d-size" });
  const preset = el("select", { id: "d-preset" });
  const bots = el("span", {});
  const fit = () => {
    const g = meta.games.find((x) => x.name === game.value);
    size.replaceChildren(...g.players.map((n) => el("option",
      { value: String(n), text: String(n), selected: n === g.default_players })));
    // The house rules as a preset (the lobby's words for it); options go through the API.
    preset.replaceChildren(...g.presets.map((p) => el("option",
      { value: p.name, text: p[lang] ? `${p.name} – ${p[lang]}` : p.name })));
    bots.replaceChildren(botSelect("d-bot", game.value));
  };
  game.addEventListener("change", fit);
  fit();
  const form = el("form", {}, el("h2", { text: t("new_dup") }), el("p", { text: t("dup_intro") }),
    el("label", { for: "d-title", text: t("title") }), el("input", { id: "d-title", type: "text" }),
    el("label", { for: "game", text: t("game") }), game,
    el("label", { for: "d-preset", text: t("preset") }), preset,
    el("label", { for: "d-size", text: t("table_size") }), size,
    ...numberField("d-rounds", t("rounds"), 2, 1, 10),
    ...numberField("d-deals", t("deals_round"), 6, 1, 24),
    el("label", { for: "d-bot", text: t("bot_level") }), bots,
    el("label", { class: "check" }, el("input", { id: "d-open", type: "checkbox" }),
      t("open_entry")),
    el("p", { class: "hint", text: t("entry_intro") }),
    el("p", {}, el("button", { class: "primary", type: "submit", text: t("create") })), err);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const v = (id) => form.querySelector(`#${id}`).value;
    try {
      const r = await api("POST", "/api/duplicates", { title: v("d-title"), game: game.value,
        preset: preset.value, table_size: Number(size.value), rounds: Number(v("d-rounds")),
        deals: Number(v("d-deals")), bot: v("d-bot"),
        open_entry: form.querySelector("#d-open").checked });
      location.href = `/duplicate/${r.id}#owner=${encodeURIComponent(r.token)}`;
    } catch (x) { err.textContent = errText(x); }
  });
  root.replaceChildren(form);
}

// An organiser's or player's change; the page is read afresh after it (a change answers
// with what it did, not with the whole page).
async function act(path, body, err) {
  try {
    const r = await api("POST", `/api/duplicates/${dupId}/${path}`, body);
    err.textContent = "";
    // The organiser's own seat too: starting a round gives him a table (and a link to it)
    // like every other player, without waiting for a reload.
    if (r && r.duplicate) {
      await Promise.all([refreshMe(r.duplicate), refreshEntries()]);
      show(r);
    } else await refresh(true);
  } catch (x) { err.textContent = errText(x); }
}

/** A copy button for the text input ``input`` where the browser lets the page write the
 * clipboard (https, localhost); elsewhere the field is selected on a click instead. */
function linkCopy(input, label) {
  input.addEventListener("focus", () => input.select());
  if (!navigator.clipboard) return null;
  // The accessible name starts with the visible word, then says which link.
  return copyButton(() => input.value, { copy: t("copy"), copied: t("copied") },
    { "aria-label": `${t("copy")}: ${label}` });
}

function linkItem(base, link) {
  const url = `${base}#entry=${link.code}`;
  const what = [t("link_n", { n: link.n }), link.note].filter(Boolean).join(" – ");
  const state = link.revoked ? t("link_revoked") : link.player
    ? t("link_used", { name: link.player }) : t("link_free");
  const li = el("li", { class: link.player || link.revoked ? "link done" : "link" },
    el("span", { class: "what", text: what }), el("span", { class: "state", text: state }));
  if (!link.player && !link.revoked) {
    const input = el("input", { type: "text", readonly: true, value: url,
      id: `link-${link.n}`, "aria-label": what });
    const revoke = el("button", { type: "button", class: "small", text: t("revoke"),
      onclick: () => act(`links/${link.n}/revoke`, {}, entryErr) });
    li.append(el("div", { class: "copy-row" }, input, linkCopy(input, what),
      revoke));
  }
  return li;
}

let entryErr = null;

function requestItem(r) {
  const hint = r.same_address.length
    ? el("span", { class: "hint", text: t("same_address", { names: r.same_address.join(", ") }) })
    : null;
  return el("li", { class: "request", id: `request-${r.n}` },
    el("span", { class: "what", text: r.name }), hint,
    el("span", { class: "buttons" },
      el("button", { type: "button", class: "small primary", text: t("admit"),
        onclick: () => act(`requests/${r.n}`, { admit: true }, entryErr) }),
      el("button", { type: "button", class: "small", text: t("refuse"),
        onclick: () => act(`requests/${r.n}`, { admit: false }, entryErr) })));
}

/** The organiser's entry: whether the public link may ask, the personal links (made,
 * copied, withdrawn), the requests to admit or refuse. */
function entrySection(base) {
  entryErr = errorLine("entry-error");
  if (!entries) return el("section", { id: "entry" }, entryErr);
  const open = el("input", { id: "open-entry", type: "checkbox", checked: entries.open_entry });
  open.addEventListener("change", () => act("entry", { open: open.checked }, entryErr));
  const count = el("input", { id: "l-count", type: "number", value: "1", min: "1", max: "60" });
  const note = el("input", { id: "l-note", type: "text", autocomplete: "off", maxlength: "40" });
  const make = el("form", { id: "make-links" },
    el("div", { class: "row" }, el("label", {}, t("link_count"), count),
      el("label", {}, t("link_note"), note)),
    el("p", {}, el("button", { type: "submit", text: t("make_links") })));
  make.addEventListener("submit", async (e) => {
    e.preventDefault();
    await act("links", { count: Number(count.value), note: note.value }, entryErr);
    if (!entryErr.textContent) note.value = "";
  });
  const waiting = entries.requests.filter((r) => r.state === "waiting");
  const refused = entries.requests.filter((r) => r.state === "refused");
  const free = entries.links.filter((l) => !l.player && !l.revoked);
  const done = entries.links.filter((l) => l.player || l.revoked);
  return el("section", { id: "entry" },
    el("h2", { text: t("entry_title") }),
    el("p", { class: "hint", text: t("entry_intro") }),
    el("label", { class: "check" }, open, t("open_entry")),
    waiting.length ? el("section", { id: "requests" },
      el("h3", { text: t("requests_title", { n: waiting.length }) }),
      el("ul", { class: "entries" }, ...waiting.map(requestItem))) : null,
    el("h3", { text: t("links_title") }),
    make,
    free.length ? el("ul", { class: "entries", id: "links" },
      ...free.map((l) => linkItem(base, l))) : null,
    done.length ? el("details", { class: "entries-done" },
      el("summary", { text: t("links_done", { n: done.length }) }),
      el("ul", { class: "entries" }, ...done.map((l) => linkItem(base, l)))) : null,
    refused.length ? el("p", { class: "hint", text: t("refused_list",
      { names: refused.map((r) => r.name).join(", ") }) }) : null,
    entryErr);
}

const running = () => dup.played.length > 0 && !dup.played[dup.played.length - 1].finished;

function organiser() {
  const err = errorLine("org-error");
  const base = `${location.origin}/duplicate/${dupId}`;
  const name = el("input", { id: "b-name", type: "text", autocomplete: "off" });
  const add = el("form", { id: "add-bot" }, el("h2", { text: t("add_bot") }),
    el("div", { class: "row" }, el("label", {}, t("bot_name"), name),
      el("label", {}, t("level"), botSelect("b-level", dup.game))),
    el("p", {}, el("button", { type: "submit", text: t("add_bot") })));
  add.addEventListener("submit", async (e) => {
    e.preventDefault();
    await act("players", { nickname: name.value, bot: add.querySelector("#b-level").value }, err);
    if (!err.textContent) name.value = "";
  });
  const next = dup.played.length + 1;
  // Only what the organiser can do now: a button that cannot be pressed confuses.
  let start = null;
  if (running()) start = el("p", { class: "status", text: t("round_waits", { n: next - 1 }) });
  else if (dup.status !== "over" && dup.players.length < 2) start = el("p", { text: t("dup_need_players") });
  else if (dup.status !== "over") start = el("p", {}, el("button", { class: "primary",
    type: "button", id: "start-round", text: t("start_dup_round", { n: next }),
    onclick: () => act("rounds", {}, err) }));
  const publicLink = el("input", { id: "public-link", type: "text", readonly: true, value: base });
  const ownerLink = el("input", { id: "owner-link", type: "text", readonly: true,
    value: `${base}#owner=${encodeURIComponent(owner)}` });
  return el("section", { id: "organiser" },
    el("div", { class: "links" },
      el("label", { for: "public-link", text: t("dup_public_link") }),
      el("div", { class: "copy-row" }, publicLink, linkCopy(publicLink, t("dup_public_link"))),
      el("label", { for: "owner-link", text: t("dup_owner_link") }),
      el("div", { class: "copy-row" }, ownerLink, linkCopy(ownerLink, t("dup_owner_link")))),
    start, dup.status === "over" ? null : entrySection(base),
    dup.status === "over" ? null : add, err);
}

function mine() {
  const own = ownEntry();
  if (!otherEntry) return own;
  const note = el("p", { class: "hint", id: "other-entry", text: t("other_entry") });
  if (!own) return el("section", { id: "me" }, note);
  own.append(note);
  return own;
}

function ownEntry() {
  if (me && me.status === "waiting") {
    return el("section", { id: "me" }, el("p", { class: "status", id: "waiting",
      text: t("entry_waiting", { name: me.name }) }), el("p", { class: "hint", text: t("entry_waiting_hint") }));
  }
  if (me && me.status === "refused") {
    return el("section", { id: "me" }, el("p", { class: "status", id: "refused",
      text: t("entry_refused", { name: me.name }) }));
  }
  if (me) {
    const tb = me.table;
    const out = [el("p", { class: "status", text: t("joined_as", { name: me.name }) })];
    // A second entry link opened in this browser: it enters nobody, and the page says why.
    if (entryCode && me.player !== null) {
      out.push(el("p", { class: "error", role: "alert", id: "entered-already",
        text: t("entry_twice", { name: me.name }) }));
    }
    if (tb && !tb.finished) {
      keepToken(tb.id, tb.token);   // the table page finds the seat by it
      out.push(el("p", { class: "status", id: "your-table" },
        t("your_table", { n: tb.number, seat: tb.seat + 1 }), " ",
        el("a", { href: `/t/${tb.id}`, class: "button primary", id: "go-table",
          text: t("go_to_table") })));
    } else if (dup.status !== "over") out.push(el("p", { text: t("wait_for_round") }));
    return el("section", { id: "me" }, ...out);
  }
  if (dup.status === "over") return null;
  if (twice) {
    return el("section", { id: "me" }, el("p", { class: "error", role: "alert",
      id: "entered-already", text: twice }));
  }
  // Who may enter from here: an entry link's holder, the organiser, or (open entry) anyone
  // asking; otherwise the page says how to get in.
  const how = entryCode ? "link" : owner ? "owner" : dup.open_entry ? "ask" : null;
  if (!how) {
    return el("section", { id: "me" }, el("p", { class: "status", id: "entry-closed",
      text: t("entry_closed") }));
  }
  const err = errorLine("join-error");
  const name = el("input", { id: "j-name", type: "text", autocomplete: "nickname", maxlength: "32" });
  const heading = { link: t("entry_by_link"), owner: t("join_too"), ask: t("entry_ask_title") }[how];
  const form = el("form", { id: "join" }, el("h2", { text: heading }),
    how === "ask" ? el("p", { class: "hint", text: t("entry_ask_hint") }) : null,
    el("label", { for: "j-name", text: t("nickname") }),
    name, el("p", {}, el("button", { class: "primary", type: "submit",
      text: how === "ask" ? t("entry_ask") : t("join") })), err);
  const submit = form.querySelector("button[type=submit]");
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const body = { nickname: name.value };
    if (how === "link") body.entry = entryCode;
    // One request at a time: a second click while the first is on its way enters nobody
    // twice, it would only be refused.
    if (submit.disabled) return;
    submit.disabled = true;
    try {
      const r = await api("POST", `/api/duplicates/${dupId}/players`, body);
      if (!r.by_account) localStorage.setItem(playerKey, r.player_token);
      sessionStorage.removeItem(codeKey);
      entryCode = null;
      await refreshMe(dup, true);
      await refresh(true);
    } catch (x) {
      // A used or withdrawn link is spent: the page forgets it and says so.
      if (["link_used", "link_revoked", "bad_link"].includes(x.code)) {
        sessionStorage.removeItem(codeKey);
      }
      submit.disabled = false;
      err.textContent = errText(x);
      if (x.code === "already_entered") {
        twice = err.textContent;
        render();
      }
    }
  });
  return el("section", { id: "me" }, form);
}

// A filling bot is named by its table and seat ("Bot 2.2") on the table cards as in the
// comparison and the round's ranking, so a reader finds it again in both.
const entrant = (name, bot) => (bot ? `${name} (${t("bot")}, ${levelName(bot)})` : name);
const seatLine = (s, k) => el("li", { text: `${k + 1}. ${entrant(s.name, s.bot)}` });

function rankingTable(lines, caption, id, key, head) {
  const rows = lines.map((ln) => el("tr", { class: me && ln.name === me.name ? "mine" : null },
    el("td", { text: String(ln.place) }), el("td", { text: ln.name }),
    el("td", { text: key === "score" && ln[key] > 0 ? `+${ln[key]}` : String(ln[key]) })));
  return el("section", { id }, el("h2", { text: caption }), el("div", { class: "sheet-box" },
    el("table", { class: "sheet rank" }, el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: t("place_short") }), el("th", { scope: "col", text: t("name") }),
      el("th", { scope: "col", text: head }))), el("tbody", {}, ...rows))));
}

function comparison(r) {
  const deals = new Map();
  for (const h of r.comparison) {
    if (!deals.has(h.deal)) deals.set(h.deal, []);
    deals.get(h.deal).push(el("li", {}, el("strong", { text: t("deal_seat",
      { deal: h.deal, seat: h.seat, average: h.average }) }),
    el("ul", {}, ...h.results.map((x) => el("li", { text: x.text[lang] })))));
  }
  return el("details", { class: "comparison" }, el("summary", { text: t("comparison") }),
    ...[...deals.values()].map((items) => el("ul", {}, ...items)));
}

function roundSection(r) {
  const mineAt = (tb) => me && tb.seats.some((s) => s.player === me.player);
  const tables = r.tables.map((tb) => el("div", { class: mineAt(tb) ? "table-card mine" : "table-card" },
    el("h3", { text: mineAt(tb) ? `${t("table_n", { n: tb.number })} – ${t("your_table_mark")}`
      : t("table_n", { n: tb.number }) }),
    el("ol", {}, ...tb.seats.map(seatLine)),
    el("p", { class: "progress", text: t("progress", { done: tb.played, deals: dup.deals }) }),
    r.finished ? el("a", { href: `/t/${tb.id}`, text: t("watch_table") }) : null));
  const ranked = r.finished
    ? r.ranking.map((x, i) => ({ place: i + 1, name: x.name, score: x.score })) : null;
  return el("section", { class: "round", id: `round-${r.number}` },
    el("h2", { text: t("round_n", { n: r.number }) }),
    el("p", { class: "status", text: r.finished ? t("round_done") : t("round_running") }),
    el("div", { class: "tables" }, ...tables),
    ranked ? rankingTable(ranked, t("round_ranking", { n: r.number }), `ranking-${r.number}`,
      "score", t("above_field")) : null,
    r.finished ? comparison(r) : null);
}

function render() {
  const settled = dup.played.some((r) => r.finished);
  root.replaceChildren(...[
    el("h2", { text: dup.title || t("dup_title") }),
    el("p", { text: t("dup_format", { game: dup.game_title[lang === "de" ? 0 : 1],
      preset: dup.rules.preset,
      rounds: dup.rounds, deals: dup.deals, size: dup.table_size }) }),
    dup.status === "over" ? el("p", { class: "status", text: t("dup_over") }) : null,
    // An organiser who plays finds his table first while his round runs, then his controls.
    ...(me && me.table && !me.table.finished ? [mine(), owner ? organiser() : null]
      : [owner ? organiser() : null, mine()]),
    settled ? rankingTable(dup.ranking, t("dup_ranking"), "ranking", "score", t("above_field")) : null,
    settled ? rankingTable(dup.overall, t("dup_overall"), "overall", "points", t("points_col")) : null,
    ...[...dup.played].reverse().map(roundSection),
    el("section", { id: "players" }, el("h2", { text: t("players_title") }),
      dup.players.length ? el("ul", { class: "players" }, ...dup.players.map((p) => el("li", {
        text: entrant(p.name, p.bot) }))) : el("p", { text: t("nobody_yet") })),
  ].filter(Boolean));
}

// Who the page is for: the session (its CSRF cookie; none for a guest) and the kept token.
const who = () => `${csrfToken() || ""} ${localStorage.getItem(playerKey) || ""}`;
// What changes an entrant's own besides who asks: a round starting (his table) or settled.
const roundsOf = (d) => (d ? d.played.map((r) => r.finished).join() + d.played.length : "");

/** The entrant's own (``me``), asked only when the answer can be new (``force``: asked in
 * any case): never for a guest without a token; else once, again when the browser logs
 * in or out, and for an entrant on a change while his request waits or when a round
 * starts or is settled. ``d``: the tournament as it is now. */
async function refreshMe(d = dup, force = false) {
  const token = localStorage.getItem(playerKey);
  const session = csrfToken();
  const changes = me && (me.status === "waiting"
    || (me.status === "entered" && roundsOf(d) !== askedRounds));
  if (!force && who() === askedWho && !changes) return;
  askedWho = who();
  askedRounds = roundsOf(d);
  if (!token && !session) {
    me = null;
    otherEntry = false;
    return;
  }
  try {
    me = await api("POST", `/api/duplicates/${dupId}/me`, token ? { player_token: token } : {});
    otherEntry = Boolean(me.other_entry);
    // A kept token of the account's own entry (from before accounts kept none): not needed.
    if (token && me.other_entry === false) localStorage.removeItem(playerKey);
    if (me.status === "none") me = null;
  } catch (x) {
    // A failure on the way (offline, the server busy): asked again at the next poll, and
    // what the page shows stays.
    if (!(x.status >= 400 && x.status < 500) || x.status === 429) {
      askedWho = null;
      return;
    }
    // An account's entry's token without its account (left from before a logout) plays
    // nothing: forgotten.
    if (x.code === "login_required") localStorage.removeItem(playerKey);
    me = null;
    otherEntry = false;
  }
  askedWho = who();
}

async function refreshEntries() {
  if (!owner) return;
  try { entries = await api("GET", `/api/duplicates/${dupId}/entries`); } catch { entries = null; }
}

function show(r, force = false) {
  if (!r) return;
  version = r.version;
  dup = r.duplicate;
  // Re-rendering would throw away what somebody is typing: only when nobody is.
  const typing = document.activeElement && document.activeElement.tagName === "INPUT"
    && !document.activeElement.readOnly && document.activeElement.type !== "checkbox";
  if (force || !typing || !document.getElementById("players")) render();
}

/** The page afresh if it changed (``force``: drawn again in any case). */
async function refresh(force = false) {
  const r = await api("GET", `/api/duplicates/${dupId}${force ? "" : `?since=${version}`}`);
  // A login or logout in another tab changes whose the page is, the tournament unchanged.
  if (r || force || who() !== askedWho) {
    await Promise.all([refreshMe(r ? r.duplicate : dup), refreshEntries()]);
    show(r || { version, duplicate: dup }, force);
  }
}

async function main() {
  await loadTexts("dup_title");
  meta = await api("GET", "/api/meta");
  if (!dupId) { createForm(); return; }
  try {
    const first = await api("GET", `/api/duplicates/${dupId}`);
    await Promise.all([refreshMe(first.duplicate), refreshEntries()]);
    show(first);
  } catch (x) { root.replaceChildren(errorLine("load-error")); root.firstChild.textContent = errText(x); return; }
  setInterval(async () => {
    try { await refresh(); } catch { /* next time */ }
  }, 3000);
}
main();
