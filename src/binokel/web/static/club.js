// The club tournament page. /club: create a tournament. /club/<id>: the public page (the
// current round's seating, the overall ranking and each round's, downloads), polled every
// few seconds; with #owner=<token> also the organiser's controls: register and withdraw
// players, draw the next round, make or link each table's score pad (the table enters its
// deals on its own phone, the organiser takes the pad's totals) or enter round totals.
import { el } from "/static/dom.js";
import { api, errText, gameSelect, getMeta, lang, loadTexts, owner, t } from "/static/docapi.js";
import { changedRulesBox, rulesFields } from "/static/rulesform.js";

const root = document.getElementById("root");
const clubId = location.pathname.split("/")[2] || null;
let version = 0;
let club = null;
let meta = null;      // /api/meta: the game's title and the words of the changed rules
const padInfo = new Map();     // pad id -> {version, deals, totals} as last read
const padTokens = new Map();   // "round/table" -> the organiser's owner token of its pad

function field(id, label, attrs = {}) {
  return [el("label", { for: id, text: label }), el("input", { id, type: "text", ...attrs })];
}

function errorLine(id) {
  return el("p", { class: "error", role: "alert", id });
}

/** The table sizes the game allows, as checkboxes, and the preferred one among those
 * chosen; returns the nodes and a reader of {table_sizes, preferred_size}. */
function tableSizes(g) {
  const boxes = g.players.map((n) => el("input", { type: "checkbox", id: `c-size-${n}`,
    value: String(n), checked: true }));
  const preferred = el("select", { id: "c-preferred" });
  const preferredRow = el("div", {}, el("label", { for: "c-preferred", text: t("preferred_size") }),
    preferred);
  const sync = () => {
    const chosen = boxes.filter((b) => b.checked).map((b) => Number(b.value));
    const keep = preferred.value || String(g.default_players);
    preferred.replaceChildren(...chosen.map((n) => el("option", { value: String(n), text: String(n) })));
    if (chosen.map(String).includes(keep)) preferred.value = keep;
    preferredRow.hidden = chosen.length < 2;
  };
  boxes.forEach((b) => b.addEventListener("change", sync));
  sync();
  const box = el("fieldset", { id: "c-sizes" }, el("legend", { text: t("table_sizes") }),
    el("div", { class: "seats" }, ...boxes.map((b, i) => el("label", { class: "check" }, b, " ",
      t("size_n", { n: g.players[i] })))), preferredRow);
  return {
    nodes: [box],
    read: () => {
      const chosen = boxes.filter((b) => b.checked).map((b) => Number(b.value));
      return { table_sizes: chosen,
        preferred_size: chosen.length > 1 ? Number(preferred.value) : undefined };
    },
  };
}

async function createForm() {
  const meta = await getMeta();
  const err = errorLine("create-error");
  const game = await gameSelect("game");
  // The order of TIE_RULES in tournament/club.py; the server checks the value.
  const tie = el("select", { id: "c-tie" }, ...["shared", "best_round", "table_wins", "start_number"]
    .map((r) => el("option", { value: r, text: t(`tie_${r}`) })));
  const today = new Date().toISOString().slice(0, 10);
  const rulesBox = el("div", { id: "c-rules" });
  let rules = null;
  let sizes = null;
  // Deals per round: a preset that plays a fixed number of deals (aks: 15) proposes it,
  // until the organiser types his own.
  let dealsTyped = false;
  const proposeDeals = () => {
    const n = rules.presetValue("deals_per_series");
    const deals = form.querySelector("#c-deals");
    if (!dealsTyped) deals.value = String(n > 0 ? n : 12);
  };
  const fit = () => {
    const g = meta.games.find((x) => x.name === game.value);
    rules = rulesFields(meta, g, "club");
    rules.onPreset(proposeDeals);
    sizes = tableSizes(g);
    rulesBox.replaceChildren(...sizes.nodes, ...rules.nodes);
  };
  game.addEventListener("change", () => { fit(); proposeDeals(); });
  fit();
  const form = el("form", {}, el("h2", { text: t("new_club") }),
    ...field("c-title", t("title")), ...field("c-date", t("date"), { type: "date", value: today }),
    ...field("c-place", t("place")), el("label", { for: "game", text: t("game") }), game,
    ...field("c-rounds", t("rounds"), { type: "number", value: "3", min: "1", max: "30" }),
    ...field("c-deals", t("deals_per_round"), { type: "number", value: "12", min: "1" }),
    el("label", { for: "c-tie", text: t("tie_rule") }), tie, rulesBox,
    el("p", {}, el("button", { class: "primary", type: "submit", text: t("create") })), err);
  form.querySelector("#c-deals").addEventListener("input", () => { dealsTyped = true; });
  proposeDeals();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const v = (id) => form.querySelector(`#${id}`).value;
    try {
      const r = await api("POST", "/api/clubs", { title: v("c-title"), date: v("c-date"),
        place: v("c-place"), game: game.value, rounds: Number(v("c-rounds")),
        deals_per_round: Number(v("c-deals")), tie_rule: tie.value,
        preset: rules.preset(), options: rules.options(), ...sizes.read() });
      location.href = `/club/${r.id}#owner=${encodeURIComponent(r.token)}`;
    } catch (x) { err.textContent = errText(x); }
  });
  root.replaceChildren(form);
}

const nameOf = (n) => (n === null ? t("bot")
  : (club.players.find((p) => p.number === n) || { name: `#${n}` }).name);

async function act(path, body, err) {
  try {
    const r = await api("POST", `/api/clubs/${clubId}/${path}`, body);
    err.textContent = "";
    show(r, true);
    return r;
  } catch (x) { err.textContent = errText(x); return null; }
}

function organiser() {
  const err = errorLine("org-error");
  const name = el("input", { id: "p-name", type: "text", autocomplete: "off" });
  const number = el("input", { id: "p-number", type: "number", min: "1" });
  const reg = el("form", { id: "register" }, el("h2", { text: t("register") }),
    el("div", { class: "row" }, el("label", {}, t("name"), name),
      el("label", {}, t("start_number"), number)),
    el("p", {}, el("button", { class: "primary", type: "submit", text: t("register") })));
  reg.addEventListener("submit", async (e) => {
    e.preventDefault();
    const body = { name: name.value };
    if (number.value) body.number = Number(number.value);
    await act("players", body, err);
    if (!err.textContent) { name.value = ""; number.value = ""; name.focus(); }
  });
  const bots = el("input", { id: "bots", type: "checkbox" });
  // Only what the organiser can do now: no draw button while results are missing or after
  // the last round.
  const last = club.played[club.played.length - 1];
  const done = last ? new Set(last.results.map((x) => x.table)) : new Set();
  const missing = last ? last.tables.map((_, i) => i + 1).filter((n) => !done.has(n)) : [];
  const draw = club.played.length >= club.rounds
    ? el("p", { class: "status", id: "all-drawn", text: t("all_rounds", { n: club.rounds }) })
    : missing.length ? el("p", { class: "status", id: "waiting",
      text: t("missing_results", { tables: missing.join(", ") }) })
    : el("p", {}, el("button", { type: "button", id: "start-round", text: t("start_round"),
      onclick: () => act("rounds", { fill_with_bots: bots.checked }, err) }), " ",
    el("label", { class: "inline" }, bots, " ", t("fill_with_bots")));
  // After the last round is drawn nobody can join any more.
  return el("section", { id: "organiser" }, club.played.length >= club.rounds ? null : reg,
    draw, err);
}

/** The organiser's part of a table card: make or link its score pad, follow it, take its
 * totals. */
function padControls(r, no, seats, got, err) {
  const padId = r.pads.get(no);
  if (!padId && got) return [];   // entered by hand: no pad needed any more
  if (!padId) {
    const existing = el("input", { id: `pad-existing-${no}`, type: "text", autocomplete: "off" });
    return [el("p", { class: "buttons" }, el("button", { type: "button", class: "small",
      id: `pad-make-${no}`, text: t("pad_make"),
      onclick: () => makePad(r.number, no, {}, err) })),
    el("details", { class: "pad-existing" }, el("summary", { text: t("pad_existing") }),
      el("label", { for: existing.id, class: "sr-only", text: t("pad_existing") }), existing,
      el("button", { type: "button", class: "small", text: t("pad_link_button"),
        onclick: () => makePad(r.number, no, { pad: existing.value.trim() }, err) }))];
  }
  const info = padInfo.get(padId);
  const token = padTokens.get(`${r.number}/${no}`);
  const out = [el("p", { class: "progress", id: `pad-progress-${no}` },
    t("pad_progress", { n: info ? info.deals : "…", of: club.deals_per_round }),
    token ? "" : " · ", token ? "" : el("a", { href: `/pad/${padId}`, text: t("pad_view") }))];
  if (token) {
    const url = `${location.origin}/pad/${padId}#owner=${encodeURIComponent(token)}`;
    out.push(el("label", { for: `pad-link-${no}`, class: "small-label",
      text: t("pad_owner_link", { n: no }) }),
    el("input", { id: `pad-link-${no}`, type: "text", readonly: true, value: url }),
    el("p", {}, el("a", { href: url, target: "_blank", rel: "noopener", id: `pad-open-${no}`,
      text: t("pad_open") })));
  } else if (token === null) {
    out.push(el("p", { class: "hint", text: t("pad_their_link") }));
  }
  const taken = got && got.pad;
  const changed = taken && info && (info.deals !== got.pad.deals.length
    || info.totals.some((v, k) => v !== got.scores[k]));
  if (changed) out.push(el("p", { class: "hint off", id: `pad-changed-${no}`, text: t("pad_changed") }));
  if (info && info.deals > 0 && (!taken || changed)) {
    out.push(el("p", {}, el("button", { type: "button", class: "small primary", id: `pad-take-${no}`,
      text: t("pad_take"), onclick: () => act(`rounds/${r.number}/tables/${no}`, { pad: padId }, err) })));
  }
  return out;
}

async function makePad(round, no, body, err) {
  const r = await act(`rounds/${round}/tables/${no}/pad`, body, err);
  if (r) {
    padTokens.set(`${round}/${no}`, r.result.token);
    await followPads();
    render();
  }
}

function roundSection() {
  const raw = club.played[club.played.length - 1];
  if (!raw) return null;
  const r = { ...raw, pads: new Map((raw.pads || []).map((x) => [x.table, x.pad])) };
  const results = new Map(r.results.map((x) => [x.table, x]));
  const err = errorLine("round-error");
  const tables = r.tables.map((seats, i) => {
    const no = i + 1;
    const got = results.get(no);
    const padId = r.pads.get(no);
    const who = (n, k) => `${k + 1}. ${nameOf(n)}${n === null ? "" : ` (${n})`}`;
    // Everyone sees who sits where and the result; the organiser of a table without a pad
    // types its totals there, with a pad he takes them from it (by hand stays possible).
    const shownList = el("ol", {}, ...seats.map((n, k) => el("li", {}, who(n, k),
      got ? el("span", { class: "score-out", text: String(got.scores[k]) }) : "")));
    const inputs = () => [el("ol", {}, ...seats.map((n, k) => el("li", {}, who(n, k),
      el("input", { id: `score-${no}-${k}`, type: "number", class: "score-in",
        "aria-label": `${t("table_n", { n: no })}: ${nameOf(n)}`,
        value: got ? String(got.scores[k]) : "" })))),
    el("button", { type: "button", class: "small", id: `save-${no}`, text: t("save"),
      onclick: () => act(`rounds/${r.number}/tables/${no}`, {
        scores: seats.map((_, k) => Number(document.getElementById(`score-${no}-${k}`).value)),
      }, err) })];
    let body;
    if (!owner) {
      body = [shownList, padId ? el("p", { class: "progress" },
        el("a", { href: `/pad/${padId}`, text: t("pad_view") })) : null];
    } else if (!padId) {
      body = [...inputs(), ...padControls(r, no, seats, got, err)];
    } else {
      body = [shownList, ...padControls(r, no, seats, got, err),
        el("details", { class: "by-hand" }, el("summary", { text: t("by_hand") }), ...inputs())];
    }
    return el("div", { class: "table-card", id: `table-${no}` }, el("h3", {}, t("table_n", { n: no }),
      got ? ` ✓ ${t("entered")}` : ""), ...body);
  });
  const missing = owner ? r.tables.map((_, i) => i + 1).filter((no) => !r.pads.has(no)) : [];
  const all = missing.length > 1 && r.results.length < r.tables.length
    ? el("p", {}, el("button", { type: "button", id: "pads-all", text: t("pads_all"),
      onclick: async () => { for (const no of missing) await makePad(r.number, no, {}, err); } }))
    : null;
  return el("section", { id: "round" },
    el("h2", { text: t("round_of", { n: r.number, of: club.rounds }) }),
    el("p", { text: t("repeats", { n: r.repeats }) }), all, el("div", { class: "tables" }, ...tables),
    err);
}

function rankingTable(lines, caption, id) {
  const rounds = club.played.length;
  const head = el("tr", {}, el("th", { scope: "col", text: t("place_short") }),
    el("th", { scope: "col", text: t("name") }),
    ...Array.from({ length: rounds }, (_, i) => el("th", { scope: "col", text: `R${i + 1}` })),
    el("th", { scope: "col", text: t("total") }));
  const rows = lines.map((ln) => el("tr", {}, el("td", { text: String(ln.place) }),
    el("td", { text: `${ln.name}${ln.withdrawn ? ` (${t("withdrawn")})` : ""}` }),
    ...ln.rounds.map((v) => el("td", { text: v === null ? "–" : String(v) })),
    el("td", { text: String(ln.total) })));
  return el("section", { id }, el("h2", { text: caption }), el("div", { class: "sheet-box" },
    el("table", { class: "sheet" }, el("thead", {}, head), el("tbody", {}, ...rows))));
}

function players() {
  const err = errorLine("players-error");
  return el("section", { id: "players" }, el("h2", { text: t("players_title") }),
    el("ul", { class: "players" }, ...club.players.map((p) => el("li", {},
      `${p.number}. ${p.name}${p.withdrawn_after !== null ? ` (${t("withdrawn")})` : ""}`
        + (p.joined > 1 ? ` (${t("from_round", { n: p.joined })})` : ""),
      owner && p.withdrawn_after === null && club.played.length < club.rounds ? el("button", { type: "button", class: "small",
        text: t("withdraw"), "aria-label": `${t("withdraw")}: ${p.name}`,
        onclick: () => act("withdraw", { number: p.number }, err) }) : null))), err);
}

/** The date as the page's language writes it (21.11.2026, 2026-11-21). */
const dateText = (d) => (lang === "de" ? d.split("-").reverse().join(".") : d);

/** The title with where and when, leaving out what is not set (no "Vereinsabend – , 27.11."),
 * as the server's Tournament.heading writes it.
 * @param {{title: string, place: string, date: string}} club */
const heading = (club) => {
  const where = [club.place, club.date && dateText(club.date)].filter(Boolean).join(", ");
  return [club.title, where].filter(Boolean).join(" – ");
};

function render() {
  const files = `/api/clubs/${clubId}/files`;
  const n = club.played.length;
  const link = (href, text, id) => el("a", { href, text, id });
  const downloads = [
    link(`${files}/ranking.pdf?lang=${lang}`, t("ranking_pdf"), "dl-ranking"),
    link(`${files}/slips.pdf?lang=${lang}`, t("slips_pdf"), "dl-slips"),
    n ? link(`${files}/cards.pdf?round=${n}&lang=${lang}`, t("cards_pdf", { n }), "dl-cards") : null,
    link(`${files}/ranking.csv?lang=${lang}`, t("ranking_csv"), "dl-ranking-csv"),
    link(`${files}/scores.csv?lang=${lang}`, t("scores_csv"), "dl-scores")].filter(Boolean);
  root.replaceChildren(...[
    el("h2", { text: heading(club) }),
    ...about(), owner ? organiser() : null, roundSection(),
    rankingTable(club.ranking, t("ranking"), "ranking"), players(),
    el("p", { class: "links", id: "downloads" },
      ...downloads.flatMap((a, i) => (i ? [" · ", a] : [a])))]
    .filter(Boolean));
}

/** What is played: the game, the preset, rounds and deals, and the changed rules by name
 * (folded), for the players as much as for the organiser. */
function about() {
  const g = meta?.games.find((x) => x.name === club.game);
  const line = el("p", { class: "hint", id: "club-about", text: t("club_about", {
    game: (g && (g.title[lang] || "").split(" (")[0]) || club.game, preset: club.rules.preset,
    rounds: club.rounds, deals: club.deals_per_round }) });
  return [line, changedRulesBox(meta, club.game, club.rules, "club-rules")];
}

/** The organiser follows the pads of the current round's tables: how many deals each has
 * and its totals (the share view; nothing new: 304), and his owner link of each. */
async function followPads() {
  if (!owner || !club || !club.played.length) return false;
  const r = club.played[club.played.length - 1];
  let changed = false;
  for (const { table, pad } of r.pads || []) {
    const key = `${r.number}/${table}`;
    if (!padTokens.has(key)) {
      try {
        padTokens.set(key, (await api("GET", `/api/clubs/${clubId}/rounds/${r.number}/tables/${table}/pad`)).token);
        changed = true;
      } catch { /* next time */ }
    }
    const old = padInfo.get(pad);
    try {
      const got = await api("GET", `/api/pads/${pad}${old ? `?since=${old.version}` : ""}`);
      if (got) {
        // What a result from the pad would be: its totals and its separate tally.
        const totals = got.pad.totals.map((v, k) => v + got.pad.separate_totals[k]);
        padInfo.set(pad, { version: got.version, deals: got.pad.deals.length, totals });
        changed = true;
      }
    } catch { /* next time */ }
  }
  return changed;
}

function show(r, force = false) {
  if (!r) return;
  version = r.version;
  club = r.tournament;
  // Re-rendering would throw away what the organiser is typing: only when he is not.
  const typing = document.activeElement && document.activeElement.tagName === "INPUT"
    && !document.activeElement.readOnly;
  if (force || !typing || !document.getElementById("ranking")) render();
}

async function refresh() {
  let r = null;
  try { r = await api("GET", `/api/clubs/${clubId}?since=${version}`); } catch { /* next time */ }
  const pads = await followPads();
  if (r) show(r);
  else if (pads) show({ version, tournament: club });
}

async function main() {
  await loadTexts("club_title");
  if (!clubId) { createForm(); return; }
  meta = await getMeta().catch(() => null);
  try { show(await api("GET", `/api/clubs/${clubId}`)); }
  catch (x) { root.replaceChildren(errorLine("load-error")); root.firstChild.textContent = errText(x); return; }
  if (await followPads()) render();
  setInterval(refresh, 3000);
}
main();
