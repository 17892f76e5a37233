// The leaderboards (/ratings, /leaderboard/<game>): per game the accounts with at least the
// server's minimum of rated deals, best conservative rating (mu - 3 sigma) first, a page at a
// time, with the computer players' published ratings as reference lines (docs/web.md,
// "Ratings and player pages").
import { el } from "/static/dom.js";
import { api, errText, lang, loadTexts, t } from "/static/docapi.js";

const root = document.getElementById("root");
root.classList.add("ratings");
const asked = decodeURIComponent(location.pathname.split("/")[2] || "");

/** A bot's line: no place, its published rating (for comparison). */
function botLine(b) {
  return el("tr", { class: "bot" }, el("td", { class: "num", text: "–" }),
    el("td", { text: t("rt_bot_row", { name: b.words[lang] || b.kind }) }),
    el("td", { class: "num", text: String(b.display) }), el("td", { class: "num", text: "–" }));
}

/** The lines of one page, with the bots whose value falls within it. */
function lines(body, page) {
  const first = page.offset === 0;
  const top = first ? Infinity : page.lines[0]?.display ?? -Infinity;
  const bottom = page.next === null ? -Infinity : page.lines[page.lines.length - 1].display;
  const bots = page.bots.filter((b) => b.display <= top && b.display > bottom);
  const rows = [...page.lines.map((x) => ({ x, v: x.display })), ...bots.map((b) => ({ b, v: b.display }))]
    .sort((p, q) => q.v - p.v || (p.b ? 1 : -1));
  for (const r of rows) {
    if (r.b) { body.append(botLine(r.b)); continue; }
    const x = r.x;
    body.append(el("tr", {}, el("td", { class: "num", text: String(x.place) }),
      el("td", {}, el("a", { href: `/players/${encodeURIComponent(x.name)}`, text: x.name })),
      el("td", { class: "num", text: String(x.display) }), el("td", { class: "num", text: String(x.deals) })));
  }
}

async function board(box, game) {
  box.replaceChildren();
  let page;
  try { page = await api("GET", `/api/leaderboard/${encodeURIComponent(game)}`); }
  catch (x) { box.append(el("p", { class: "error", text: errText(x) })); return; }
  const body = el("tbody", {});
  const table = el("table", { class: "sheet rank board", id: "board" },
    el("caption", { class: "sr-only", text: `${t("rt_board_title")}: ${page.title[lang]}` }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("rt_place") }),
      el("th", { scope: "col", text: t("rt_player") }), el("th", { scope: "col", text: t("rt_rating") }),
      el("th", { scope: "col", text: t("rt_deals") }))), body);
  box.append(el("h2", { id: "board-h", text: `${t("rt_board_title")}: ${page.title[lang]}` }),
    el("p", { class: "hint", text: t("rt_board_note", { n: page.min_deals }) }),
    el("div", { class: "sheet-box" }, table));
  if (!page.lines.length) box.append(el("p", { class: "hint", id: "board-empty", text: t("rt_none") }));
  lines(body, page);
  const more = () => {
    if (page.next === null) return;
    const b = el("button", { type: "button", class: "small", id: "board-more", text: t("rt_more") });
    b.addEventListener("click", async () => {
      b.remove();
      try { page = await api("GET", `/api/leaderboard/${encodeURIComponent(game)}?offset=${page.next}`); }
      catch (x) { box.append(el("p", { class: "error", text: errText(x) })); return; }
      lines(body, page);
      more();
    });
    box.append(b);
  };
  more();
}

await loadTexts("rt_boards");
let games;
try { games = (await api("GET", "/api/leaderboard")).games; }
catch (x) { root.replaceChildren(el("p", { class: "error", text: errText(x) })); throw x; }
const choose = el("select", { id: "board-game", name: "game" },
  ...games.map((g) => el("option", { value: g.game, text: g.title[lang] })));
if (games.some((g) => g.game === asked)) choose.value = asked;
const box = el("section", { id: "board-box", "aria-labelledby": "board-h" });
choose.addEventListener("change", () => {
  history.replaceState(null, "", `/leaderboard/${choose.value}`);
  board(box, choose.value);
});
root.replaceChildren(el("p", {}, el("label", { for: "board-game", text: t("rt_game") }), choose), box);
await board(box, choose.value);
