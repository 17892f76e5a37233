// The club tournament page. /club: create a tournament. /club/<id>: the public page (the
// current round's seating, the overall ranking and each round's, downloads), polled every
// few seconds; with #owner=<token> also the organiser's controls: register and withdraw
// players, draw the next round, enter each table's round totals.
import { el } from "/static/dom.js";
import { api, gameSelect, lang, loadTexts, owner, t } from "/static/docapi.js";

const root = document.getElementById("root");
const clubId = location.pathname.split("/")[2] || null;
let version = 0;
let club = null;

function field(id, label, attrs = {}) {
  return [el("label", { for: id, text: label }), el("input", { id, type: "text", ...attrs })];
}

function errorLine(id) {
  return el("p", { class: "error", role: "alert", id });
}

async function createForm() {
  const err = errorLine("create-error");
  const game = await gameSelect("game");
  // The order of TIE_RULES in tournament/club.py; the server checks the value.
  const tie = el("select", { id: "c-tie" }, ...["shared", "best_round", "table_wins", "start_number"]
    .map((r) => el("option", { value: r, text: t(`tie_${r}`) })));
  const today = new Date().toISOString().slice(0, 10);
  const form = el("form", {}, el("h2", { text: t("new_club") }),
    ...field("c-title", t("title")), ...field("c-date", t("date"), { type: "date", value: today }),
    ...field("c-place", t("place")), el("label", { for: "game", text: t("game") }), game,
    ...field("c-rounds", t("rounds"), { type: "number", value: "3", min: "1", max: "30" }),
    ...field("c-deals", t("deals_per_round"), { type: "number", value: "12", min: "1" }),
    el("label", { for: "c-tie", text: t("tie_rule") }), tie,
    el("p", {}, el("button", { class: "primary", type: "submit", text: t("create") })), err);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const v = (id) => form.querySelector(`#${id}`).value;
    try {
      const r = await api("POST", "/api/clubs", { title: v("c-title"), date: v("c-date"),
        place: v("c-place"), game: game.value, rounds: Number(v("c-rounds")),
        deals_per_round: Number(v("c-deals")), tie_rule: tie.value });
      location.href = `/club/${r.id}#owner=${encodeURIComponent(r.token)}`;
    } catch (x) { err.textContent = x.message; }
  });
  root.replaceChildren(form);
}

const nameOf = (n) => (n === null ? t("bot")
  : (club.players.find((p) => p.number === n) || { name: `#${n}` }).name);

async function act(path, body, err) {
  try { show(await api("POST", `/api/clubs/${clubId}/${path}`, body)); err.textContent = ""; }
  catch (x) { err.textContent = x.message; }
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
  const draw = el("p", {}, el("button", { type: "button", id: "start-round",
    text: t("start_round"),
    onclick: () => act("rounds", { fill_with_bots: bots.checked }, err) }), " ",
    el("label", { class: "inline" }, bots, " ", t("fill_with_bots")));
  return el("section", { id: "organiser" }, reg, draw, err);
}

function roundSection() {
  const r = club.played[club.played.length - 1];
  if (!r) return null;
  const results = new Map(r.results.map((x) => [x.table, x.scores]));
  const err = errorLine("round-error");
  const tables = r.tables.map((seats, i) => {
    const no = i + 1;
    const got = results.get(no);
    const cells = seats.map((n, k) => el("li", {}, `${k + 1}. ${nameOf(n)}${n === null ? "" : ` (${n})`}`,
      owner ? el("input", { id: `score-${no}-${k}`, type: "number", class: "score-in",
        "aria-label": `${t("table_n", { n: no })}: ${nameOf(n)}`,
        value: got ? String(got[k]) : "" }) : (got ? `: ${got[k]}` : "")));
    const save = owner ? el("button", { type: "button", class: "small", id: `save-${no}`,
      text: t("save"), onclick: () => act(`rounds/${r.number}/tables/${no}`, {
        scores: seats.map((_, k) => Number(document.getElementById(`score-${no}-${k}`).value)),
      }, err) }) : null;
    return el("div", { class: "table-card" }, el("h3", {}, t("table_n", { n: no }),
      got ? ` ✓ ${t("entered")}` : ""), el("ol", {}, ...cells), save);
  });
  return el("section", { id: "round" }, el("h2", { text: t("round_n", { n: r.number }) }),
    el("p", { text: t("repeats", { n: r.repeats }) }), el("div", { class: "tables" }, ...tables),
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
      `${p.number}. ${p.name}${p.withdrawn_after !== null ? ` (${t("withdrawn")})` : ""}`,
      owner && p.withdrawn_after === null ? el("button", { type: "button", class: "small",
        text: t("withdraw"), "aria-label": `${t("withdraw")}: ${p.name}`,
        onclick: () => act("withdraw", { number: p.number }, err) }) : null))), err);
}

function render() {
  const files = `/api/clubs/${clubId}/files`;
  root.replaceChildren(...[
    el("h2", { text: `${club.title} – ${club.place}, ${club.date}` }),
    owner ? organiser() : null, roundSection(),
    rankingTable(club.ranking, t("ranking"), "ranking"), players(),
    el("p", { class: "links" },
      el("a", { href: `${files}/ranking.pdf?lang=${lang}`, text: t("ranking_pdf") }), " · ",
      el("a", { href: `${files}/ranking.csv?lang=${lang}`, text: t("ranking_csv") }), " · ",
      el("a", { href: `${files}/scores.csv?lang=${lang}`, text: t("scores_csv") }))]
    .filter(Boolean));
}

function show(r) {
  if (!r) return;
  version = r.version;
  club = r.tournament;
  // Re-rendering would throw away what the organiser is typing: only when he is not.
  const typing = document.activeElement && document.activeElement.tagName === "INPUT";
  if (!typing || !document.getElementById("ranking")) render();
}

async function main() {
  await loadTexts("club_title");
  if (!clubId) { createForm(); return; }
  try { show(await api("GET", `/api/clubs/${clubId}`)); }
  catch (x) { root.replaceChildren(errorLine("load-error")); root.firstChild.textContent = x.message; return; }
  setInterval(async () => {
    try { show(await api("GET", `/api/clubs/${clubId}?since=${version}`)); } catch { /* next time */ }
  }, 3000);
}
main();
