// A player's page (/players/<name>), public: per game the rating with the computer player
// it is about as strong as, its history as a chart (an inline SVG; the same points as a
// table for screen readers and anyone who wants the numbers), the statistics of every
// finished deal the account played, and its latest deals with a link to each replay (and
// the replay's analysis) on its table (docs/web.md, "Ratings and player pages").
import { el } from "/static/dom.js";
import { api, errText, lang, loadTexts, t } from "/static/docapi.js";

const root = document.getElementById("root");
root.classList.add("player");
const name = decodeURIComponent(location.pathname.split("/")[2] || "");
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, text = "") {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text) e.textContent = text;
  return e;
}

const day = (iso) => iso.slice(0, 10);

/** The rating history as a line: one point per rated deal, the value shown (mu - 3 sigma). */
function chart(game, history) {
  const W = 320, H = 140, L = 40, R = 8, T = 10, B = 20;
  const values = history.map((h) => h.display);
  const all = [history[0].before, ...values];
  let lo = Math.min(...all), hi = Math.max(...all);
  if (hi - lo < 20) { lo -= 10; hi += 10; }
  const x = (i) => L + (all.length === 1 ? 0 : (i * (W - L - R)) / (all.length - 1));
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
  const label = t("rt_chart_label", { n: history.length, first: all[0], last: all[all.length - 1] });
  const box = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-chart", id: `chart-${game}`,
    role: "img", "aria-label": label, preserveAspectRatio: "xMidYMid meet" });
  box.append(svg("title", {}, label));
  for (const v of [lo, hi]) {
    box.append(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" }));
    box.append(svg("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end", class: "axis" }, String(Math.round(v))));
  }
  box.append(svg("polyline", { points: all.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
    class: "line", fill: "none" }));
  const last = all.length - 1;
  box.append(svg("circle", { cx: x(last), cy: y(all[last]), r: 3.5, class: "dot" }));
  return box;
}

/** The same history as a table (folded). */
function historyTable(history) {
  const rows = history.slice(-50).reverse().map((h) => el("tr", {},
    el("td", { text: day(h.at) }), el("td", { class: "num", text: String(h.before) }),
    el("td", { class: "num", text: String(h.display) })));
  return el("details", { class: "history-table" }, el("summary", { text: t("rt_history_table") }),
    el("div", { class: "sheet-box" }, el("table", { class: "sheet" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("rt_when") }),
        el("th", { scope: "col", text: t("rt_rating") }), el("th", { scope: "col", text: t("rt_after") }))),
      el("tbody", {}, ...rows))));
}

function gameSection(g) {
  const s = el("section", { class: "player-game", id: `game-${g.game}`, "aria-labelledby": `h-${g.game}` },
    el("h2", { id: `h-${g.game}`, text: g.title[lang] || g.game }));
  if (g.rating) {
    s.append(el("p", { class: "rating-line" },
      el("strong", { class: "rating-value", id: `rating-${g.game}`, text: String(g.rating.display) }), " ",
      el("span", { class: "hint", text: `μ ${Math.round(g.rating.mu)} · σ ${Math.round(g.rating.sigma)} · ${t("rt_rated_deals", { n: g.rating.deals })}` })));
    if (g.nearest_words) s.append(el("p", { class: "hint", text: t("rt_as_strong", { bot: g.nearest_words[lang] }) }));
    if (g.history.length) {
      s.append(el("h3", { text: t("rt_history") }), chart(g.game, g.history), historyTable(g.history));
    }
  } else s.append(el("p", { class: "hint", text: t("rt_no_rating") }));
  const st = g.stats;
  s.append(el("h3", { text: t("rt_stats") }), el("dl", { class: "stats" },
    el("dt", { text: t("rt_stat_deals") }), el("dd", { text: `${st.deals} (${st.rated})` }),
    el("dt", { text: t("rt_stat_declared") }), el("dd", { text: `${st.made} / ${st.declared}` }),
    el("dt", { text: t("rt_stat_average") }), el("dd", { text: String(st.average) }),
    el("dt", { text: t("rt_stat_given_away") }),
    el("dd", { id: `given-${g.game}`, text: st.given_away === null ? t("rt_not_analysed")
      : t("rt_given_away_of", { points: st.given_away, n: st.analysed, deals: st.deals }) })));
  return s;
}

/** The latest deals, a page at a time, each linking to its replay on the table. */
async function deals(box, titles, offset = 0) {
  let page;
  try { page = await api("GET", `/api/players/${encodeURIComponent(name)}/deals?offset=${offset}`); }
  catch (x) { box.append(el("p", { class: "error", text: errText(x) })); return; }
  let list = box.querySelector("ul.deals");
  if (!list) {
    if (!page.deals.length) { box.append(el("p", { class: "hint", text: t("rt_no_deals") })); return; }
    list = box.appendChild(el("ul", { class: "deals" }));
  }
  for (const d of page.deals) {
    const what = [titles[d.game] || d.game, day(d.at), `${t("rt_score")} ${d.score}`];
    if (d.declared) what.push(`${t("rt_declarer")} ${d.made ? "✓" : "✗"}`);
    if (d.rated) what.push(`★ ${t("rt_rated_short")}`);
    list.append(el("li", {}, el("span", { text: what.join(" · ") }), " ",
      el("a", { href: `/t/${encodeURIComponent(d.table)}#replay=${d.deal}.0`, class: "replay-link", text: t("rt_replay") })));
  }
  if (page.next !== null) {
    const b = el("button", { type: "button", class: "small", id: "deals-more", text: t("rt_more") });
    b.addEventListener("click", () => { b.remove(); deals(box, titles, page.next); });
    box.append(b);
  }
}

await loadTexts("rt_player_title");
let data;
try { data = await api("GET", `/api/players/${encodeURIComponent(name)}`); }
catch (x) {
  root.replaceChildren(el("p", { class: "error", id: "no-player", text: x.status === 404 ? t("rt_no_player") : errText(x) }));
  throw x;
}
document.getElementById("title").textContent = data.name;
document.title = `Binokel – ${data.name}`;
const titles = Object.fromEntries(data.games.map((g) => [g.game, g.title[lang]]));
const latest = el("section", { id: "latest", "aria-labelledby": "latest-h" }, el("h2", { id: "latest-h", text: t("rt_latest") }));
root.replaceChildren(el("p", { class: "hint" }, el("a", { href: "/ratings", text: t("rt_boards") })),
  ...data.games.map(gameSection), latest);
await deals(latest, titles);
