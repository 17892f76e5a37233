// The score pad page. /pad: create a pad. /pad/<id>: the running sheet, polled every few
// seconds (everyone with the link sees the same); with #owner=<token> in the address also
// the entry form, corrections and taking back the last deal.
//
// The entry form is the game's: the server's pad view says what to ask (``form``:
// tournament/pad.py entry_form), the words are the page's (texts.toml [page]).
import { el } from "/static/dom.js";
import { api, gameSelect, getMeta, lang, loadTexts, owner, t } from "/static/docapi.js";
import { rulesFields } from "/static/rulesform.js";

const root = document.getElementById("root");
const padId = location.pathname.split("/")[2] || null;
let version = 0;
let pad = null;
let editing = null;   // the deal number being corrected, or null

async function createForm() {
  const meta = await getMeta();
  const err = el("p", { class: "error", role: "alert", id: "create-error" });
  const game = await gameSelect("game");
  const names = el("input", { id: "players", type: "text", name: "players",
    autocomplete: "off", "aria-describedby": "players-hint create-error" });
  const hint = el("p", { class: "hint", id: "players-hint" });
  const rulesBox = el("div", { id: "rules" });
  let rules = null;
  const fit = () => {
    const g = meta.games.find((x) => x.name === game.value);
    hint.textContent = t("players_count", { n: g.players.join(` ${t("or")} `) });
    rules = rulesFields(meta, g, "pad");
    rulesBox.replaceChildren(...rules.nodes);
  };
  game.addEventListener("change", fit);
  fit();
  const form = el("form", {},
    el("h2", { text: t("new_pad") }),
    el("label", { for: "game", text: t("game") }), game,
    el("label", { for: "players", text: t("players") }), names, hint, rulesBox,
    el("p", {}, el("button", { class: "primary", type: "submit", text: t("create") })), err);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const players = names.value.split(",").map((s) => s.trim()).filter(Boolean);
      const r = await api("POST", "/api/pads", { game: game.value, players,
        preset: rules.preset(), options: rules.options() });
      location.href = `/pad/${r.id}#owner=${encodeURIComponent(r.token)}`;
    } catch (x) { err.textContent = x.message; }
  });
  root.replaceChildren(form);
}

// ------------------------------------------------------------------ the entry form's parts
const num = (v) => (v === "" ? 0 : Number(v));
const shown = (node, on) => { node.hidden = !on; };
const contractWord = (kind, c) => t(`c_${kind}_${c}`);

function select(id, values, word) {
  return el("select", { id }, ...values.map((v) => el("option", { value: String(v), text: word(v) })));
}

/** Keep ``sel``'s options to ``values`` (the seats in play), its choice where possible. */
function setOptions(sel, values, word, extra = []) {
  const keep = sel.value;
  sel.replaceChildren(...extra, ...values.map((v) => el("option", { value: String(v), text: word(v) })));
  if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
}

/** A number per seat (melds, points, tricks); seats not in play are hidden and count 0. */
function perSeat(prefix, label, { min = 0, max = null, step = null, hint = null } = {}) {
  const inputs = pad.players.map((p, i) => el("input", { id: `${prefix}-${i}`, type: "number",
    inputmode: "numeric", min: String(min), max: max === null ? null : String(max),
    step: step === null ? null : String(step), placeholder: "0" }));
  const cells = pad.players.map((p, i) => el("label", {}, p, inputs[i]));
  const note = el("p", { class: "hint", id: `${prefix}-hint`, "aria-live": "polite" });
  const box = el("fieldset", { id: `${prefix}-box` }, el("legend", { text: label }),
    el("div", { class: "seats" }, ...cells), note);
  if (hint) note.textContent = hint;
  let seats = pad.players.map((_, i) => i);
  return {
    box, note, inputs,
    seats: (s) => { seats = s; cells.forEach((c, i) => shown(c, s.includes(i))); },
    values: () => inputs.map((x, i) => (seats.includes(i) ? num(x.value) : 0)),
    filled: () => seats.some((i) => inputs[i].value !== ""),
    set: (vals) => inputs.forEach((x, i) => { x.value = vals && vals[i] ? String(vals[i]) : ""; }),
  };
}

/** The sum of the trick points under their row, against what a deal hands out. */
function pointsSum(points, total, exact) {
  const update = () => {
    const sum = points.values().reduce((a, b) => a + b, 0);
    points.note.textContent = t(exact ? "points_sum" : "points_sum_max", { sum, total });
    // Red only once something is entered: an empty row is no mistake yet.
    points.note.classList.toggle("off", points.filled() && (exact ? sum !== total : sum > total));
  };
  points.inputs.forEach((x) => x.addEventListener("input", update));
  return update;
}

function binokelParts(F, dealer) {
  const contract = select("contract", F.contracts, (c) => contractWord("binokel", c));
  const declarer = el("select", { id: "declarer" });
  const bid = el("input", { id: "bid", type: "number", inputmode: "numeric",
    min: String(F.bid.min), max: String(F.bid.max), step: String(F.bid.step),
    "aria-describedby": "bid-hint" });
  const made = el("input", { id: "made", type: "checkbox" });
  const madeText = el("span", {});
  const madeLabel = el("label", { class: "check" }, made, " ", madeText);
  const melds = perSeat("melds", t("melds"), { step: 10 });
  const points = perSeat("points", t("points"));
  const tricks = F.tricks ? perSeat("tricks", t("tricks"), { max: F.hand,
    hint: t("tricks_hint", { n: F.hand }) }) : null;
  const sum = pointsSum(points, F.points_total, true);
  const who = el("div", { class: "row" }, el("label", {}, t("declarer_binokel"), declarer),
    el("label", {}, t("bid"), bid, el("span", { class: "hint", id: "bid-hint",
      text: t("bid_range", F.bid) })));
  const note = el("p", { class: "hint", id: "contract-hint" });
  const name = (s) => pad.players[s];
  const sync = () => {
    const d = Number(dealer.value);
    const inPlay = F.in_play[d];
    const party = F.parties[d];
    setOptions(declarer, inPlay, name);
    const c = contract.value;
    const thrown = c === "thrown_in";
    shown(who, !thrown);
    shown(madeLabel, ["durch", "durch open", "untendurch"].includes(c));
    madeText.textContent = t(c === "untendurch" ? "made_untendurch" : "made_durch");
    const mine = party[Number(declarer.value)];
    melds.seats(c === "abgehen" ? inPlay.filter((s) => party[s] !== mine) : inPlay);
    shown(melds.box, c === "normal" || c === "abgehen");
    points.seats(inPlay);
    shown(points.box, c === "normal");
    if (tricks) { tricks.seats(inPlay); shown(tricks.box, c === "normal"); }
    const out = pad.players.map((_, s) => s).filter((s) => !inPlay.includes(s));
    note.textContent = [...out.map((s) => t("sits_out", { name: name(s) })),
      c === "abgehen" ? t("abgehen_hint") : ""].filter(Boolean).join(" ");
    sum();
  };
  contract.addEventListener("change", sync);
  declarer.addEventListener("change", sync);
  return {
    first: el("label", {}, t("contract"), contract),
    nodes: [who, madeLabel, note, melds.box, points.box, tricks ? tricks.box : null],
    fields: { contract, declarer, bid, made, melds: melds.box, points: points.box,
      tricks: tricks ? tricks.box : null },
    sync,
    fill: (d) => {
      contract.value = d ? d.contract : "normal";
      sync();
      if (d && d.declarer != null) declarer.value = String(d.declarer);
      bid.value = d && d.bid != null ? String(d.bid) : "";
      made.checked = !!(d && d.made);
      melds.set(d && d.melds);
      points.set(d && d.points);
      if (tricks) tricks.set(d && d.tricks);
      sync();
    },
    read: () => {
      const c = contract.value;
      const deal = { contract: c };
      if (c === "thrown_in") return deal;
      deal.declarer = Number(declarer.value);
      if (bid.value !== "") deal.bid = Number(bid.value);
      if (c === "normal" || c === "abgehen") deal.melds = melds.values();
      if (c === "normal") deal.points = points.values();
      if (c === "normal" && tricks && tricks.filled()) deal.tricks = tricks.values();
      if (["durch", "durch open", "untendurch"].includes(c)) deal.made = made.checked;
      return deal;
    },
  };
}

function doppelkopfParts(F, dealer) {
  const contract = select("contract", F.contracts, (c) => contractWord("doppelkopf", c));
  const partner = el("input", { id: "partner-found", type: "checkbox", checked: true });
  const partnerLabel = el("label", { class: "check" }, partner, " ", t("partner_found"));
  const pflicht = el("input", { id: "pflicht", type: "checkbox" });
  const pflichtLabel = el("label", { class: "check" }, pflicht, " ", t("pflicht"));
  const reChecks = pad.players.map((p, i) => el("input", { id: `re-${i}`, type: "checkbox" }));
  const reCells = pad.players.map((p, i) => el("label", { class: "check" }, reChecks[i], " ", p));
  const reBox = el("fieldset", { id: "re-box" },
    el("legend", { text: t("re_party") }), el("div", { class: "seats" }, ...reCells));
  const soloist = el("select", { id: "soloist" });
  const soloLabelText = el("span", {});
  const soloLabel = el("label", {}, soloLabelText, soloist);
  const augen = el("input", { id: "re-augen", type: "number", inputmode: "numeric", min: "0",
    max: "240", placeholder: "0", "aria-describedby": "kontra-augen" });
  const kontra = el("span", { class: "hint", id: "kontra-augen", "aria-live": "polite" });
  const reTricks = el("input", { id: "re-tricks", type: "number", inputmode: "numeric",
    min: "0", max: String(F.hand), placeholder: "0" });
  const levels = (party) => [-1, 0, 1, 2, 3, 4].map((v) => el("option", { value: String(v),
    text: v === -1 ? t("lv_none") : v === 0 ? t(`lv_${party}`) : t(`lv_${v}`) }));
  const annRe = el("select", { id: "ann-re" }, ...levels("re"));
  const annKontra = el("select", { id: "ann-kontra" }, ...levels("kontra"));
  const spInputs = {};
  const spBoxes = ["re", "kontra"].map((party) => el("fieldset", {
    id: `specials-${party}` }, el("legend", { text: t(`specials_${party}`) }),
    el("div", { class: "seats" }, ...F.specials.map((what, k) => {
      const input = el("input", { id: `sp-${party}-${k}`, type: "number", inputmode: "numeric",
        min: "0", max: what === "Karlchen" ? "1" : what === "Fuchs gefangen" ? "2" : String(F.hand),
        placeholder: "0" });
      spInputs[`${party}:${what}`] = input;
      return el("label", {}, t(`sp_${what}`), input);
    }))));
  const play = el("div", { class: "row" }, el("label", {}, t("re_augen"), augen, kontra),
    el("label", {}, t("re_tricks"), reTricks));
  const ann = el("div", { class: "row" }, el("label", {}, t("announced_re"), annRe),
    el("label", {}, t("announced_kontra"), annKontra));
  const out = el("p", { class: "hint", id: "contract-hint" });
  const alone = () => {
    const c = contract.value;
    return c.startsWith("solo") || c === "stille hochzeit" || (c === "hochzeit" && !partner.checked);
  };
  const sync = () => {
    const inPlay = F.in_play[Number(dealer.value)];
    const c = contract.value;
    const thrown = c === "thrown in";
    setOptions(soloist, inPlay, (s) => pad.players[s]);
    reCells.forEach((cell, i) => shown(cell, inPlay.includes(i)));
    shown(partnerLabel, c === "hochzeit");
    shown(pflichtLabel, F.pflichtsolo && c.startsWith("solo"));
    shown(reBox, !thrown && !alone());
    shown(soloLabel, !thrown && alone());
    soloLabelText.textContent = t(c === "hochzeit" ? "hochzeit_player" : "soloist");
    for (const node of [play, ann]) shown(node, !thrown);
    const solo = alone() && c !== "hochzeit";
    spBoxes.forEach((b) => shown(b, !thrown && !solo && F.specials.length > 0));
    kontra.textContent = t("kontra_augen", { n: 240 - num(augen.value) });
    const outSeats = pad.players.map((_, s) => s).filter((s) => !inPlay.includes(s));
    out.textContent = outSeats.map((s) => t("sits_out", { name: pad.players[s] })).join(" ");
  };
  for (const x of [contract, partner]) x.addEventListener("change", sync);
  augen.addEventListener("input", sync);
  return {
    first: el("label", {}, t("contract"), contract),
    nodes: [partnerLabel, pflichtLabel, out, reBox, el("div", { class: "row" }, soloLabel), play,
      ann, ...spBoxes],
    fields: { contract, re: reBox, re_augen: augen, re_tricks: reTricks, announced: annRe,
      pflicht, partner_found: partner, specials: spBoxes[0] },
    sync,
    fill: (d) => {
      contract.value = d ? d.contract : "normal";
      partner.checked = d ? d.partner_found !== false : true;
      pflicht.checked = !!(d && d.pflicht);
      sync();
      const re = d && d.re ? d.re : [];
      reChecks.forEach((x, i) => { x.checked = re.includes(i); });
      if (re.length) soloist.value = String(re[0]);
      augen.value = d && d.re ? String(d.re_augen) : "";
      reTricks.value = d && d.re ? String(d.re_tricks) : "";
      const a = d && d.announced ? d.announced : [-1, -1];
      annRe.value = String(a[0]);
      annKontra.value = String(a[1]);
      for (const [key, input] of Object.entries(spInputs)) {
        const [party, what] = key.split(":");
        const n = (d && d.specials ? d.specials : []).filter((x) => x[0] === what && x[1] === party).length;
        input.value = n ? String(n) : "";
      }
      sync();
    },
    read: () => {
      const c = contract.value;
      const deal = { contract: c };
      if (c === "thrown in") return deal;
      const inPlay = F.in_play[Number(dealer.value)];
      deal.re = alone() ? [Number(soloist.value)]
        : inPlay.filter((i) => reChecks[i].checked);
      deal.re_augen = num(augen.value);
      deal.re_tricks = num(reTricks.value);
      deal.announced = [Number(annRe.value), Number(annKontra.value)];
      deal.specials = [];
      if (!(alone() && c !== "hochzeit")) {
        for (const [key, input] of Object.entries(spInputs)) {
          const [party, what] = key.split(":");
          for (let k = 0; k < Math.min(num(input.value), 12); k++) deal.specials.push([what, party]);
        }
      }
      if (c === "hochzeit") deal.partner_found = partner.checked;
      if (F.pflichtsolo && c.startsWith("solo") && pflicht.checked) deal.pflicht = true;
      return deal;
    },
  };
}

/** Zweierbinokel and Luxusfamilie: every player's melds and points (Luxusfamilie: the
 * trump maker, power points, and the tricks where ``meld_needs_trick`` makes them count). */
function meldsAndPoints(F, luxus) {
  const declarer = luxus ? el("select", { id: "declarer" }, el("option", { value: "", text: t("unknown") }),
    ...pad.players.map((p, i) => el("option", { value: String(i), text: p }))) : null;
  const melds = perSeat("melds", t(luxus ? "melds_luxus" : "melds"), { step: 10 });
  const points = perSeat("points", t(luxus ? "points_luxus" : "points"));
  const tricks = luxus && F.tricks ? perSeat("tricks", t("tricks"), { max: F.hand,
    hint: t("tricks_hint", { n: F.hand }) }) : null;
  const sum = pointsSum(points, F.points_total, !luxus || F.points_exact);
  return {
    first: declarer ? el("label", {}, t("trump_maker"), declarer) : null,
    nodes: [melds.box, points.box, tricks ? tricks.box : null],
    fields: { declarer, melds: melds.box, points: points.box, tricks: tricks ? tricks.box : null },
    sync: sum,
    fill: (d) => {
      if (declarer) declarer.value = d && d.declarer != null ? String(d.declarer) : "";
      melds.set(d && d.melds);
      points.set(d && d.points);
      if (tricks) tricks.set(d && d.tricks);
      sum();
    },
    read: () => {
      const deal = { melds: melds.values(), points: points.values() };
      if (declarer && declarer.value !== "") deal.declarer = Number(declarer.value);
      if (tricks && tricks.filled()) deal.tricks = tricks.values();
      return deal;
    },
  };
}

function entryForm() {
  const F = pad.form;
  const err = el("p", { class: "error", role: "alert", id: "deal-error" });
  const dealer = select("dealer", pad.players.map((_, i) => i), (i) => pad.players[i]);
  const parts = F.kind === "binokel" ? binokelParts(F, dealer)
    : F.kind === "doppelkopf" ? doppelkopfParts(F, dealer)
      : meldsAndPoints(F, F.kind === "luxusfamilie");
  dealer.addEventListener("change", parts.sync);
  const submit = el("button", { class: "primary", type: "submit", id: "enter" });
  const cancel = el("button", { type: "button", id: "cancel-correction", text: t("cancel"),
    onclick: () => { editing = null; form.fill(null); } });
  const form = el("form", { id: "deal-form", novalidate: true },
    el("h2", { id: "deal-heading" }),
    el("div", { class: "row" }, el("label", {}, t("dealer"), dealer), parts.first),
    ...parts.nodes.filter(Boolean), el("p", { class: "buttons" }, submit, " ", cancel), err);
  const fields = { dealer, ...parts.fields };
  const fill = (d) => {
    dealer.value = String(d ? d.dealer : pad.next_dealer);
    parts.fill(d);
    form.querySelector("#deal-heading").textContent = editing
      ? `${t("correct")}: ${t("deal")} ${editing}` : `${t("deal")} ${pad.deals.length + 1}`;
    submit.textContent = editing ? t("save_correction") : t("enter");
    shown(cancel, editing !== null);
  };
  form.fill = fill;
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    for (const f of form.querySelectorAll(".field-error")) f.classList.remove("field-error");
    const deal = { dealer: Number(dealer.value), ...parts.read() };
    try {
      const r = editing
        ? await api("PUT", `/api/pads/${padId}/deals/${editing}`, { deal })
        : await api("POST", `/api/pads/${padId}/deals`, { deal });
      editing = null;
      err.textContent = "";
      show(r);
      fill(null);
    } catch (x) {
      err.textContent = x.message;
      const f = fields[x.field];
      if (f) {
        f.classList.add("field-error");
        (f.matches("fieldset") ? f.querySelector("input:not([hidden]), select") : f)?.focus();
      }
    }
  });
  return form;
}

// ------------------------------------------------------------------ the sheet
let sheetBox, statusLine, form;

/** What a deal was, in a few words: the contract and who played it (Binokel, Doppelkopf). */
function dealWords(ln) {
  const kind = pad.form.kind;
  if (kind !== "binokel" && kind !== "doppelkopf") return "";
  const word = ln.contract ? contractWord(kind, ln.contract) : "";
  const who = ln.declarer != null ? pad.players[ln.declarer] : "";
  const made = ln.made === true ? ` ${t("made_yes")}` : ln.made === false ? ` ${t("made_no")}` : "";
  return [word, who].filter(Boolean).join(": ") + (ln.declarer != null ? made : "");
}

function renderSheet() {
  // Phone first: the deal number is the correction button and each cell holds the running
  // total over the deal's own score, so the sheet needs no column beyond the players'.
  const head = el("tr", {}, el("th", { scope: "col", text: t("deal") }),
    ...pad.players.map((p) => el("th", { scope: "col", text: p })));
  const rows = pad.sheet.map((ln) => el("tr", {},
    el("td", {}, owner ? el("button", { class: "small", type: "button", text: `${ln.deal} ✎`,
      "aria-label": `${t("correct")}: ${t("deal")} ${ln.deal}`,
      onclick: () => { editing = ln.deal; form.fill(pad.deals[ln.deal - 1]);
        form.scrollIntoView(); } }) : String(ln.deal),
    el("span", { class: "what", text: dealWords(ln) })),
    ...ln.totals.map((v, i) => el("td", {}, String(v), el("br"),
      el("span", { class: "score", text: `${ln.scores[i] > 0 ? "+" : ""}${ln.scores[i]}` })))));
  const foot = el("tr", {}, el("td", { text: t("total") }),
    ...pad.totals.map((v) => el("td", { text: String(v) })));
  // Six players and more: smaller figures, so that the sheet still fits a phone.
  sheetBox.replaceChildren(el("table", { class: pad.players.length > 5 ? "sheet many" : "sheet" },
    el("thead", {}, head), el("tbody", {}, ...rows), el("tfoot", {}, foot)));
  statusLine.textContent = pad.winner != null
    ? t("winner", { name: pad.players[pad.winner] })
    : t("next_dealer", { name: pad.players[pad.next_dealer] });
}

function show(r) {
  if (!r) return;
  version = r.version;
  const first = pad === null;
  pad = r.pad;
  if (first) layout();
  renderSheet();
  if (first && form) form.fill(null);
}

function layout() {
  sheetBox = el("div", { class: "sheet-box", id: "sheet" });
  statusLine = el("p", { class: "status", id: "status", role: "status" });
  const share = `${location.origin}/pad/${padId}`;
  const links = el("section", { class: "links" },
    el("label", { for: "share", text: t("share") }),
    el("input", { id: "share", type: "text", readonly: true, value: share }),
    owner ? el("label", { for: "owner", text: t("owner") }) : null,
    owner ? el("input", { id: "owner", type: "text", readonly: true, value: location.href }) : null,
    el("p", {}, el("a", { href: `/api/pads/${padId}/sheet.csv?lang=${lang}`, text: t("csv") }),
      " · ", el("a", { href: `/api/pads/${padId}/sheet.pdf?lang=${lang}`, text: t("pdf") })));
  form = owner ? entryForm() : null;
  const remove = owner ? el("button", { type: "button", id: "remove-last", text: t("remove_last"),
    onclick: async () => {
      try { show(await api("DELETE", `/api/pads/${padId}/deals/last`, {})); form.fill(null); }
      catch (x) { document.getElementById("deal-error").textContent = x.message; }
    } }) : el("p", { text: t("read_only") });
  // The game's title without its explanation in brackets: the heading stays short.
  const title = (pad.title[lang] || pad.game).split(" (")[0];
  const changed = Object.keys(pad.rules.options).length;
  const about = `${pad.players.join(", ")} · ${t("preset")}: ${pad.rules.preset}`
    + (changed ? ` (${t("changed_rules", { n: changed })})` : "");
  root.replaceChildren(el("h2", { text: title }), el("p", { class: "hint", id: "pad-about", text: about }),
    ...[statusLine, sheetBox, form, remove, links].filter(Boolean));
}

async function poll() {
  try { show(await api("GET", `/api/pads/${padId}?since=${version}`)); } catch { /* next time */ }
}

async function main() {
  await loadTexts("pad_title");
  if (!padId) { createForm(); return; }
  try { show(await api("GET", `/api/pads/${padId}`)); }
  catch (x) { root.replaceChildren(el("p", { class: "error", role: "alert", text: x.message })); return; }
  setInterval(poll, 3000);
}
main();
