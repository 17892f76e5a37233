// The score pad page. /pad: create a pad. /pad/<id>: the running sheet, polled every few
// seconds (everyone with the link sees the same); with #owner=<token> in the address also
// the entry form, corrections and taking back the last deal.
//
// The entry form is the game's: the server's pad view says what to ask (``form``:
// tournament/pad.py entry_form), the words are the page's (texts.toml [page]).
import { el } from "/static/dom.js";
import { api, errText, gameSelect, getMeta, lang, loadTexts, owner, t } from "/static/docapi.js";
import { changedRulesBox, rulesFields } from "/static/rulesform.js";

const root = document.getElementById("root");
const padId = location.pathname.split("/")[2] || null;
let version = 0;
let pad = null;
let meta = null;      // /api/meta: the words of the options a pad changes
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
    } catch (x) { err.textContent = errText(x); }
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
    shown(melds.box, c === "normal" || (c === "abgehen" && F.abgehen_melds));
    points.seats(inPlay);
    shown(points.box, c === "normal");
    if (tricks) { tricks.seats(inPlay); shown(tricks.box, c === "normal"); }
    const out = pad.players.map((_, s) => s).filter((s) => !inPlay.includes(s));
    note.textContent = [...out.map((s) => t("sits_out", { name: name(s) })),
      c === "abgehen" ? t(F.abgehen_melds ? "abgehen_hint" : "abgehen_no_melds") : ""]
      .filter(Boolean).join(" ");
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
      if (c === "normal" || (c === "abgehen" && F.abgehen_melds)) deal.melds = melds.values();
      if (c === "normal") deal.points = points.values();
      if (c === "normal" && tricks && tricks.filled()) deal.tricks = tricks.values();
      if (["durch", "durch open", "untendurch"].includes(c)) deal.made = made.checked;
      return deal;
    },
  };
}

/** How often a Bock deal counts ("doppelt", "4-fach"). */
const bockWords = (level) => t("bock_deal", { n: 2 ** level });

function doppelkopfParts(F, dealer) {
  const contract = select("contract", F.contracts, (c) => contractWord("doppelkopf", c));
  const partner = el("input", { id: "partner-found", type: "checkbox", checked: true });
  const partnerLabel = el("label", { class: "check" }, partner, " ", t("partner_found"));
  // The Genscher (option): its player and the partner he named are Re at the end.
  const genscher = el("input", { id: "genscher", type: "checkbox" });
  const genscherLabel = el("label", { class: "check" }, genscher, " ", t("genscher"));
  const gBy = el("select", { id: "genscher-by" });
  const gPartner = el("select", { id: "genscher-partner" });
  const gRow = el("div", { id: "genscher-row" }, el("div", { class: "row" },
    el("label", {}, t("genscher_by"), gBy), el("label", {}, t("genscher_partner"), gPartner)),
  el("p", { class: "hint", text: t("genscher_hint") }));
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
  // The special points the table scores: one line each, a box for Re and one for Kontra.
  const spInputs = {};
  const spBox = el("fieldset", { id: "specials-box" }, el("legend", { text: t("specials") }),
    el("div", { class: "sp-grid" },
      el("span", {}), el("span", { class: "sp-head", text: t("lv_re") }),
      el("span", { class: "sp-head", text: t("lv_kontra") }),
      ...F.specials.flatMap((what, k) => [
        el("span", { class: "sp-name", id: `sp-name-${k}`, text: t(`sp_${what}`) }),
        ...["re", "kontra"].map((party) => {
          const input = el("input", { id: `sp-${party}-${k}`, type: "number",
            inputmode: "numeric", min: "0", max: String(F.special_max[what]), placeholder: "0",
            "aria-label": `${t(`sp_${what}`)}: ${t(`lv_${party}`)}` });
          spInputs[`${party}:${what}`] = input;
          return input;
        })])));
  // In a game scored as a solo Re is the soloist: the labels say so.
  const augenText = el("span", {});
  const tricksText = el("span", {});
  const play = el("div", { class: "row" }, el("label", {}, augenText, augen, kontra),
    el("label", {}, tricksText, reTricks));
  const annReText = el("span", {});
  const ann = el("div", { class: "row" }, el("label", {}, annReText, annRe),
    el("label", {}, t("announced_kontra"), annKontra));
  const out = el("p", { class: "hint", id: "contract-hint", "aria-live": "polite" });
  const bockNote = el("p", { class: "hint bock", id: "bock-hint" });
  // DDV Vorführen: the next deal is the solo of the seat the server names.
  const vorNote = el("p", { class: "hint bock", id: "vorgefuehrt-hint" });
  let vor = -1;
  // The next deal's Bock level and who owes a Pflichtsolo change with every deal: read from
  // the pad view each time (pad.form), not from the form as first shown (F).
  let bock = pad.form.bock_next;
  const genscherAllowed = () => {
    const c = contract.value;
    return F.genscher && (c === "normal" || c === "stille hochzeit"
      || (c === "hochzeit" && partner.checked && F.genscher_hochzeit));
  };
  const withGenscher = () => genscherAllowed() && genscher.checked;
  // Scored as a solo: a solo, a stille Hochzeit, a Hochzeit without partner (no Genscher).
  const alone = () => {
    const c = contract.value;
    return !withGenscher() && (c.startsWith("solo") || c === "stille hochzeit"
      || (c === "hochzeit" && !partner.checked));
  };
  const names = (seats) => seats.map((s) => pad.players[s]).join(", ");
  const sync = () => {
    const inPlay = F.in_play[Number(dealer.value)];
    const c = contract.value;
    const thrown = c === "thrown in";
    setOptions(soloist, inPlay, (s) => pad.players[s]);
    setOptions(gBy, inPlay, (s) => pad.players[s]);
    setOptions(gPartner, inPlay.filter((s) => s !== Number(gBy.value)), (s) => pad.players[s]);
    reCells.forEach((cell, i) => shown(cell, inPlay.includes(i)));
    shown(partnerLabel, c === "hochzeit");
    shown(genscherLabel, genscherAllowed());
    shown(gRow, withGenscher());
    shown(reBox, !thrown && !alone() && !withGenscher());
    shown(soloLabel, !thrown && alone());
    soloLabelText.textContent = t(c === "hochzeit" ? "hochzeit_player" : "soloist");
    augenText.textContent = t(alone() ? "solo_augen" : "re_augen");
    tricksText.textContent = t(alone() ? "solo_tricks" : "re_tricks");
    annReText.textContent = t(alone() ? "announced_solo" : "announced_re");
    for (const node of [play, ann]) shown(node, !thrown);
    shown(spBox, !thrown && !alone() && F.specials.length > 0);
    kontra.textContent = t("kontra_augen", { n: 240 - num(augen.value) });
    const notes = inPlay.length < pad.players.length
      ? pad.players.map((_, s) => s).filter((s) => !inPlay.includes(s))
        .map((s) => t("sits_out", { name: pad.players[s] })) : [];
    if (thrown) {
      const why = F.thrown_in.map(([kind, n]) => t(`thrown_${kind}`, { n }));
      notes.push(t("thrown_hint", { why: why.join(` ${t("or")} `) }));
    }
    if (c.startsWith("solo") && F.pflichtsolo && !(vor >= 0 && Number(soloist.value) === vor)) {
      const s = Number(soloist.value);
      notes.push(editing === null && pad.form.owed.includes(s)
        ? t("pflicht_now", { name: pad.players[s] })
        : t("pflicht_owed", { names: names(pad.form.owed) || t("nobody") }));
    }
    out.textContent = notes.join(" ");
    shown(out, notes.length > 0);
    bockNote.textContent = bock ? bockWords(bock) : "";
    shown(bockNote, bock > 0);
    vorNote.textContent = vor >= 0 ? t("vorgefuehrt", { name: pad.players[vor] }) : "";
    shown(vorNote, vor >= 0);
  };
  for (const x of [contract, partner, genscher, gBy, soloist]) x.addEventListener("change", sync);
  augen.addEventListener("input", sync);
  return {
    first: el("label", {}, t("contract"), contract),
    nodes: [bockNote, vorNote, partnerLabel, genscherLabel, out, gRow, reBox,
      el("div", { class: "row" }, soloLabel), play, ann, spBox],
    fields: { contract, re: reBox, re_augen: augen, re_tricks: reTricks, announced: annRe,
      pflicht: contract, partner_found: partner, specials: spBox, genscher: gBy },
    sync,
    fill: (d, n) => {
      // A correction shows that deal's Bock level; a new deal the next one's.
      bock = n ? pad.sheet[n - 1].bock : pad.form.bock_next;
      vor = d ? -1 : pad.form.vorgefuehrt;
      contract.value = d ? d.contract : vor >= 0
        ? F.contracts.find((c) => c.startsWith("solo")) : "normal";
      partner.checked = d ? d.partner_found !== false : true;
      genscher.checked = !!(d && d.genscher);
      sync();
      if (d && d.genscher) {
        gBy.value = String(d.genscher[0]);
        sync();
        gPartner.value = String(d.genscher[1]);
      }
      const re = d && d.re ? d.re : [];
      reChecks.forEach((x, i) => { x.checked = re.includes(i); });
      if (re.length) soloist.value = String(re[0]);
      else if (vor >= 0) soloist.value = String(vor);
      augen.value = d && d.re ? String(d.re_augen) : "";
      reTricks.value = d && d.re ? String(d.re_tricks) : "";
      const a = d && d.announced ? d.announced : [-1, -1];
      annRe.value = String(a[0]);
      annKontra.value = String(a[1]);
      for (const [key, input] of Object.entries(spInputs)) {
        const [party, what] = key.split(":");
        const k = (d && d.specials ? d.specials : []).filter((x) => x[0] === what && x[1] === party).length;
        input.value = k ? String(k) : "";
      }
      sync();
    },
    read: () => {
      const c = contract.value;
      const deal = { contract: c };
      if (c === "thrown in") return deal;
      const inPlay = F.in_play[Number(dealer.value)];
      if (withGenscher()) {
        deal.genscher = [Number(gBy.value), Number(gPartner.value)];
        deal.re = [...deal.genscher];
      } else {
        deal.re = alone() ? [Number(soloist.value)] : inPlay.filter((i) => reChecks[i].checked);
      }
      deal.re_augen = num(augen.value);
      deal.re_tricks = num(reTricks.value);
      deal.announced = [Number(annRe.value), Number(annKontra.value)];
      deal.specials = [];
      if (!alone()) {
        for (const [key, input] of Object.entries(spInputs)) {
          const [party, what] = key.split(":");
          for (let k = 0; k < Math.min(num(input.value), 12); k++) deal.specials.push([what, party]);
        }
      }
      if (c === "hochzeit") deal.partner_found = partner.checked;
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
    parts.fill(d, editing);
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
      err.textContent = errText(x);
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
  const deal = pad.deals[ln.deal - 1];
  // Each mark stays on one line (a no-break space inside it).
  const marks = [deal.pflicht ? t("pflicht_short") : "",
    deal.genscher ? `${t("genscher")}\u00a0${pad.players[deal.genscher[0]]}` : "",
    ln.bock ? t("bock_short", { n: 2 ** ln.bock }).replace(" ", "\u00a0") : ""].filter(Boolean);
  return [word, who].filter(Boolean).join(": ") + (ln.declarer != null ? made : "")
    + (marks.length ? ` · ${marks.join(" · ")}` : "");
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
      catch (x) { document.getElementById("deal-error").textContent = errText(x); }
    } }) : el("p", { text: t("read_only") });
  // The game's title without its explanation in brackets: the heading stays short.
  const title = (pad.title[lang] || pad.game).split(" (")[0];
  const about = `${pad.players.join(", ")} · ${t("preset")}: ${pad.rules.preset}`;
  // which rules were changed, not only how many: whoever opens the shared link sees them
  const rules = changedRulesBox(meta, pad.game, pad.rules, "pad-rules");
  root.replaceChildren(el("h2", { text: title }), el("p", { class: "hint", id: "pad-about", text: about }),
    ...[rules, statusLine, sheetBox, form, remove, links].filter(Boolean));
}

async function poll() {
  try { show(await api("GET", `/api/pads/${padId}?since=${version}`)); } catch { /* next time */ }
}

async function main() {
  await loadTexts("pad_title");
  if (!padId) { createForm(); return; }
  meta = await getMeta().catch(() => null);
  try { show(await api("GET", `/api/pads/${padId}`)); }
  catch (x) { root.replaceChildren(el("p", { class: "error", role: "alert", text: errText(x) })); return; }
  setInterval(poll, 3000);
}
main();
