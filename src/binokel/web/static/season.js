// The club's season page (Jahreswertung, docs/tournament.md). /season: create a season.
// /season/<id>: the ranking under the club's rule with each evening's points, the evenings
// in order and the downloads, polled every few seconds; a logged-in member's own line is
// marked. With #owner=<token> also the organiser's controls: the rule, the members
// (accounts by name, or names without an account), the club evenings attached by their
// link, and the names on the evenings that are no member (a new member, or a member's
// other spelling).
import { copyButton, el } from "/static/dom.js";
import { api, errText, gameSelect, lang, loadTexts, owner, t } from "/static/docapi.js";

const root = document.getElementById("root");
root.classList.add("season");     // pad.css's season rules (ids shared with other pages)
const seasonId = location.pathname.split("/")[2] || null;
let version = 0;
/** @type {any} */
let season = null;
/** @type {string | null} the logged-in member's name in this season */
let me = null;

const RULES = ["sum", "best", "average"];

function errorLine(id) {
  return el("p", { class: "error", role: "alert", id });
}

/** The date as the page's language writes it (21.11.2026, 2026-11-21). */
const dateText = (d) => (lang === "de" ? d.split("-").reverse().join(".") : d);
/** The short date of a column head (21. Nov., Nov 21). */
const shortDate = (d) => {
  const day = new Date(`${d}T12:00:00`);
  return Number.isNaN(day.getTime()) ? d
    : day.toLocaleDateString(lang === "de" ? "de-DE" : "en-GB", { day: "numeric", month: "short" });
};
/** A number as the page's language writes it (2,50 / 2.50 for an average). */
const num = (v) => (Number.isInteger(v) ? String(v)
  : lang === "de" ? v.toFixed(2).replace(".", ",") : v.toFixed(2));

/** The rule's fields (rule, how many evenings count, evenings for a place, guests),
 * filled with ``now``; returns the nodes and a reader of the request's fields. */
function ruleFields(now) {
  const rule = el("select", { id: "s-rule", name: "rule" }, ...RULES.map((r) =>
    el("option", { value: r, text: t(`season_rule_${r}_opt`) })));
  rule.value = now.rule;
  const best = el("input", { id: "s-best", type: "number", min: "1", max: "100",
    value: String(now.best || 10) });
  const bestRow = el("div", {}, el("label", { for: "s-best", text: t("season_best") }), best);
  const min = el("input", { id: "s-min", type: "number", min: "1", max: "100",
    value: String(now.min_evenings || 1) });
  const guests = el("input", { id: "s-guests", type: "checkbox", checked: !!now.guests });
  const hint = el("p", { class: "hint", id: "s-rule-hint" });
  const sync = () => {
    bestRow.hidden = rule.value !== "best";
    hint.textContent = t(`season_rule_${rule.value}_hint`);
  };
  rule.addEventListener("change", sync);
  sync();
  return {
    nodes: [el("label", { for: "s-rule", text: t("season_rule") }), rule, hint, bestRow,
      el("label", { for: "s-min", text: t("season_min") }), min,
      el("label", { class: "check" }, guests, t("season_guests"))],
    read: () => ({ rule: rule.value, best: rule.value === "best" ? Number(best.value) : null,
      min_evenings: Number(min.value), guests: guests.checked }),
  };
}

async function createForm() {
  const err = errorLine("create-error");
  const game = await gameSelect("game");
  const rules = ruleFields({ rule: "sum" });
  const club = el("input", { id: "s-club", type: "text", maxlength: "100", autocomplete: "organization" });
  const title = el("input", { id: "s-title", type: "text", maxlength: "90",
    value: String(new Date().getFullYear()) });
  const form = el("form", { id: "create" }, el("h2", { text: t("season_new") }),
    el("p", { class: "hint", text: t("season_intro") }),
    el("label", { for: "s-club", text: t("season_club") }), club,
    el("label", { for: "s-title", text: t("season_name") }), title,
    el("label", { for: "game", text: t("game") }), game, ...rules.nodes,
    el("p", {}, el("button", { class: "primary", type: "submit", text: t("create") })), err);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const r = await api("POST", "/api/seasons", { club: club.value, title: title.value,
        game: game.value, ...rules.read() });
      location.href = `/season/${r.id}#owner=${encodeURIComponent(r.token)}`;
    } catch (x) { err.textContent = errText(x); }
  });
  root.replaceChildren(form);
}

/** An organiser's change; the answer's season is drawn at once. */
async function act(path, body, err) {
  try {
    const r = await api("POST", `/api/seasons/${seasonId}${path}`, body);
    err.textContent = "";
    show(r, true);
    return r;
  } catch (x) { err.textContent = errText(x); return null; }
}

function about() {
  const game = season.game_title[lang] || season.game;
  const lines = [el("p", { class: "hint", id: "season-about",
    text: t(`season_about_${season.rule}`, { game: game.split(" (")[0], n: season.best }) })];
  if (season.min_evenings > 1) {
    lines.push(el("p", { class: "hint", text: t("season_min_note", { n: season.min_evenings }) }));
  }
  return lines;
}

function rankingTable() {
  const evenings = season.evenings;
  const average = season.rule === "average";
  const head = el("tr", {}, el("th", { scope: "col", text: t("place_short") }),
    el("th", { scope: "col", text: t("name") }),
    ...evenings.map((e) => el("th", { scope: "col", title: `${e.title} ${dateText(e.date)}`,
      text: shortDate(e.date) })),
    // points per deal show the deals beside them; a sum needs no second column (the
    // struck evenings of "best" are in brackets)
    average ? el("th", { scope: "col", text: t("season_deals") }) : null,
    el("th", { scope: "col", text: average ? t("season_avg") : t("total") }));
  const rows = season.ranking.map((ln) => {
    const mine = me !== null && ln.name === me && !ln.guest;
    const name = [ln.name, ln.guest ? ` (${t("season_guest")})` : "",
      mine ? ` (${t("season_you")})` : ""].join("");
    const ranked = ln.place !== null;
    return el("tr", { class: mine ? "mine" : "", id: mine ? "my-line" : null },
      el("td", { text: ranked ? String(ln.place) : "–" }), el("td", { text: name }),
      ...ln.evenings.map((v, i) => el("td", { class: ln.counted[i] || v === null ? "" : "struck",
        text: v === null ? "–" : ln.counted[i] ? String(v) : `(${v})` })),
      average ? el("td", { text: String(ln.deals) }) : null,
      el("td", { text: ranked ? num(ln.value) : t("season_too_few") }));
  });
  return el("section", { id: "ranking" }, el("h2", { text: t("ranking") }),
    evenings.length ? null : el("p", { class: "hint", id: "no-evenings", text: t("season_empty") }),
    el("div", { class: "sheet-box" }, el("table", { class: `sheet rank${evenings.length > 2 ? " many" : ""}` },
      el("thead", {}, head), el("tbody", {}, ...rows))));
}

function eveningsSection() {
  const err = errorLine("evening-error");
  const items = season.evenings.map((e) => el("li", {},
    el("a", { href: `/club/${e.id}`, text: `${dateText(e.date)} – ${e.title}` }),
    ` · ${t("season_players_n", { n: e.players })}`,
    owner ? el("span", { class: "buttons" },
      el("button", { type: "button", class: "small", text: t("season_update"),
        "aria-label": `${t("season_update")}: ${e.title}`,
        onclick: () => act("/evenings/update", { club: e.id }, err) }),
      el("button", { type: "button", class: "small", text: t("season_remove"),
        "aria-label": `${t("season_remove")}: ${e.title}`,
        onclick: () => act("/evenings/remove", { club: e.id }, err) })) : null));
  let attach = null;
  if (owner) {
    const link = el("input", { id: "evening-link", type: "text", autocomplete: "off" });
    attach = el("form", { id: "attach" }, el("label", { for: "evening-link", text: t("season_evening_link") }),
      link, el("p", {}, el("button", { class: "primary", type: "submit", text: t("season_attach") })));
    attach.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      if (await act("/evenings", { club: link.value.trim() }, err)) link.value = "";
    });
  }
  return el("section", { id: "evenings" },
    el("h2", { text: t("season_evenings_title", { n: season.evenings.length }) }),
    el("ol", { class: "evenings" }, ...items), attach, err);
}

function membersSection() {
  const err = errorLine("member-error");
  const list = el("ul", { class: "players", id: "member-list" }, ...season.members.map((m) => el("li", {},
    m.name, m.account ? ` (${t("season_has_account")})` : "",
    m.spellings.length ? el("span", { class: "hint" }, ` – ${t("season_spelled", { names: m.spellings.join(", ") })}`) : "",
    el("button", { type: "button", class: "small", text: t("season_remove"),
      "aria-label": `${t("season_remove")}: ${m.name}`,
      onclick: () => act("/members/remove", { name: m.name }, err) }))));
  const adder = (id, label, key) => {
    const input = el("input", { id, type: "text", autocomplete: "off", maxlength: "60" });
    const f = el("form", { class: "add-member", id: `${id}-form` }, el("label", { for: id, text: label }),
      el("div", { class: "inline-form" }, input,
        el("button", { class: "primary", type: "submit", text: t("season_add") })));
    f.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      if (await act("/members", { [key]: input.value }, err)) document.getElementById(id)?.focus();
    });
    return f;
  };
  return el("section", { id: "members" },
    el("h2", { text: t("season_members", { n: season.members.length }) }), list,
    adder("member-account", t("season_add_account"), "account"),
    adder("member-guest", t("season_add_guest"), "name"), err);
}

/** The names on the evenings that are no member: each a new member, or another spelling
 * of a member's name. */
function unmatchedSection() {
  if (!season.unmatched.length) return null;
  const err = errorLine("unmatched-error");
  const rows = season.unmatched.map((u, i) => {
    const pick = el("select", { id: `match-${i}`, "aria-label": `${u.name} ${t("season_is")}` },
      ...season.members.map((m) => el("option", { value: m.name, text: m.name })));
    return el("li", {}, el("span", { class: "who", text: `${u.name} (${u.evenings})` }),
      el("span", { class: "buttons" },
        el("button", { type: "button", class: "small", id: `as-member-${i}`, text: t("season_as_member"),
          onclick: () => act("/members", { name: u.name }, err) }),
        season.members.length ? el("span", { class: "match" }, t("season_is"), " ", pick,
          el("button", { type: "button", class: "small", text: t("season_match"),
            onclick: () => act("/spellings", { spelling: u.name, member: pick.value }, err) })) : null));
  });
  return el("section", { id: "unmatched" }, el("h2", { text: t("season_unmatched") }),
    el("p", { class: "hint", text: t("season_unmatched_hint") }),
    el("ul", { class: "unmatched" }, ...rows), err);
}

function ruleSection() {
  const err = errorLine("rule-error");
  const rules = ruleFields(season);
  const f = el("form", { id: "rule-form" }, ...rules.nodes,
    el("p", {}, el("button", { class: "primary", type: "submit", text: t("save") })), err);
  f.addEventListener("submit", (ev) => { ev.preventDefault(); act("/rule", rules.read(), err); });
  return el("details", { class: "options", id: "rule" }, el("summary", { text: t("season_change_rule") }), f);
}

function linksSection() {
  const box = (id, label, url) => [el("label", { for: id, class: "small-label", text: label }),
    el("div", { class: "inline-form" }, el("input", { id, type: "text", readonly: true, value: url }),
      copyButton(() => url, { copy: t("copy"), copied: t("copied") }))];
  const base = `${location.origin}/season/${seasonId}`;
  return el("section", { id: "links", class: "links" },
    ...box("public-link", t("season_public_link"), base),
    ...box("owner-link", t("season_owner_link"), `${base}#owner=${encodeURIComponent(owner)}`));
}

function render() {
  const files = `/api/seasons/${seasonId}/files`;
  const heading = [season.club, season.title].filter(Boolean).join(" – ");
  root.replaceChildren(...[
    el("h2", { id: "season-heading", text: heading }), ...about(), rankingTable(),
    el("p", { class: "links", id: "downloads" },
      el("a", { href: `${files}/season.pdf?lang=${lang}`, id: "dl-pdf", text: t("season_pdf") }), " · ",
      el("a", { href: `${files}/season.csv?lang=${lang}`, id: "dl-csv", text: t("season_csv") })),
    eveningsSection(),
    owner ? el("h2", { class: "organise", text: t("season_organise") }) : null,
    owner ? linksSection() : null, owner ? unmatchedSection() : null,
    owner ? membersSection() : null, owner ? ruleSection() : null].filter(Boolean));
}

function show(r, force = false) {
  if (!r) return;
  version = r.version;
  season = r.season;
  if (r.me !== undefined) me = r.me;
  // Drawing again would throw away what the organiser is typing or has opened.
  const typing = document.activeElement && ["INPUT", "SELECT"].includes(document.activeElement.tagName)
    && !(/** @type {HTMLInputElement} */ (document.activeElement)).readOnly;
  if (force || !typing || !document.getElementById("ranking")) render();
}

async function refresh() {
  try { show(await api("GET", `/api/seasons/${seasonId}?since=${version}`)); } catch { /* next time */ }
}

async function main() {
  await loadTexts("season_title");
  if (!seasonId) { await createForm(); return; }
  try { show(await api("GET", `/api/seasons/${seasonId}`)); }
  catch (x) { root.replaceChildren(errorLine("load-error")); root.firstChild.textContent = errText(x); return; }
  const mine = document.getElementById("my-line");
  if (mine && location.hash === "#me") mine.scrollIntoView({ block: "center" });
  setInterval(refresh, 5000);
}
main();
