// The score pad page. /pad: create a pad. /pad/<id>: the running sheet, polled every few
// seconds (everyone with the link sees the same); with #owner=<token> in the address also
// the entry form, corrections and taking back the last deal.
//
// The entry form is the game's: the server's pad view describes it (``form``: the game's pad
// adapter, binokel/core/pad.py), with the game's words in German and English; the page's own
// words (buttons, sums, who sits out) are texts.toml [page].
import { el, setText } from "/static/dom.js";
import { api, errText, gameSelect, getMeta, lang, loadTexts, owner, t } from "/static/docapi.js";
import { changedRulesBox, rulesFields } from "/static/rulesform.js";

const root = document.getElementById("root");
const padId = location.pathname.split("/")[2] || null;
let version = 0;
let pad = null;
let meta = null;      // /api/meta: the words of the options a pad changes
let editing = null;   // the deal number being corrected, or null
let dirty = false;    // the owner typed into the form since it was filled

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

// ------------------------------------------------------------------ the entry form
// The form is the game's: the pad view describes it (``form``: binokel/core/pad.py PadForm),
// field by field with its kind, range, choices and words, and when it is asked. Nothing
// here knows a game.
const num = (v) => (v === "" ? null : Number(v));
const shown = (node, on) => { node.hidden = !on; };
/** Words of the form in the page's language, ``{placeholders}`` filled from ``v``. */
const W = (w, v = {}) => ((w && (w[lang] ?? w.de)) || "").replace(/\{(\w+)\}/g, (_, n) => v[n] ?? "");
const idOf = (name) => name.replace(/_/g, "-");
const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const keyOf = (f) => f.key || f.name;

/** Whether one of ``when``'s alternatives holds for ``values`` ("!name": none of those). */
function holds(when, values) {
  if (!when || !when.length) return true;
  return when.some((alt) => Object.entries(alt).every(([k, allowed]) => {
    const neg = k.startsWith("!");
    const hit = allowed.some((a) => same(values[neg ? k.slice(1) : k], a));
    return neg ? !hit : hit;
  }));
}

const seatName = (s) => pad.players[s];

/** Keep ``sel``'s options to ``values`` (the seats in play), its choice where possible. The
 * options are replaced only when they change: nodes replaced above the fold make the
 * browser's scroll anchoring jump (and a click in the middle of it miss its button). */
function setOptions(sel, values, word, extra = []) {
  const want = [...extra.map((o) => o.value), ...values.map(String)];
  if (same([...sel.options].map((o) => o.value), want)) return;
  const keep = sel.value;
  sel.replaceChildren(...extra, ...values.map((v) => el("option", { value: String(v), text: word(v) })));
  if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
}

/** The seats a field chooses from for the form's values so far. */
function seatsFor(F, f, values) {
  const dealer = values.dealer ?? 0;
  let seats = f.seats === "all" ? pad.players.map((_, i) => i) : F.in_play[dealer];
  if (f.others_of && values[f.others_of] != null && F.parties.length) {
    const party = F.parties[dealer];
    seats = seats.filter((s) => party[s] !== party[values[f.others_of]]);
  }
  return seats;
}

/** A labelled box: the words (changing with the form, ``labels``), the control, a hint. */
function labelled(f, control, ...after) {
  const text = el("span", { text: W(f.label) });
  const hint = f.hint ? el("span", { class: "hint", text: W(f.hint) }) : null;
  return { node: el("label", {}, text, control, hint, ...after), text };
}

// One maker per kind: each gives the nodes, get(), set(v), update(values) for what depends
// on the answers so far, and the element to mark and focus on a refusal.
const KINDS = {
  choice(F, f) {
    const sel = el("select", { id: idOf(f.name) },
      ...f.choices.map((c) => el("option", { value: String(c.value), text: W(c.label) })));
    const box = labelled(f, sel);
    return { ...box, mark: sel,
      get: () => f.choices[sel.selectedIndex]?.value ?? null,
      set: (v) => { sel.selectedIndex = Math.max(f.choices.findIndex((c) => same(c.value, v)), 0); },
      inputs: [sel] };
  },
  check(F, f) {
    const box = el("input", { id: idOf(f.name), type: "checkbox" });
    const text = el("span", { text: W(f.label) });
    return { node: el("label", { class: "check" }, box, " ", text), text, mark: box,
      get: () => box.checked, set: (v) => { box.checked = !!v; }, inputs: [box] };
  },
  number(F, f) {
    const input = el("input", { id: idOf(f.name), type: "number", inputmode: "numeric",
      min: String(f.low), max: String(f.high), step: String(f.step), placeholder: "0" });
    const rest = f.rest ? el("span", { class: "hint", id: `${idOf(f.name)}-rest`, "aria-live": "polite" }) : null;
    if (rest) input.setAttribute("aria-describedby", rest.id);
    const box = labelled(f, input, rest);
    return { ...box, mark: input, inputs: [input],
      get: () => num(input.value),
      set: (v) => { input.value = v == null ? "" : String(v); },
      update: () => { if (rest) setText(rest, W(f.rest.label, { n: f.rest.total - (num(input.value) ?? 0) })); } };
  },
  seat(F, f) {
    const sel = el("select", { id: idOf(f.name) });
    const none = () => (f.none ? [el("option", { value: "", text: W(f.none) })] : []);
    const box = labelled(f, sel);
    return { ...box, mark: sel, inputs: [sel],
      get: () => (sel.value === "" ? null : Number(sel.value)),
      // No seat given: "not known" where the field has it, else the first seat offered.
      set: (v) => { if (v == null && !f.none) sel.selectedIndex = 0; else sel.value = v == null ? "" : String(v); },
      update: (values) => setOptions(sel, seatsFor(F, f, values), seatName, none()) };
  },
  seats(F, f) {
    if (f.count === 1) {   // one player: a choice
      const sel = el("select", { id: idOf(f.name) });
      const box = labelled(f, sel);
      return { ...box, mark: sel, inputs: [sel],
        get: () => (sel.value === "" ? null : [Number(sel.value)]),
        set: (v) => { if (v && v.length) sel.value = String(v[0]); },
        update: (values) => setOptions(sel, seatsFor(F, f, values), seatName) };
    }
    const checks = pad.players.map((p, i) => el("input", { id: `${idOf(f.name)}-${i}`, type: "checkbox" }));
    const cells = pad.players.map((p, i) => el("label", { class: "check" }, checks[i], " ", p));
    const text = el("legend", { text: W(f.label) });
    const node = el("fieldset", { id: `${idOf(f.name)}-box` }, text, el("div", { class: "seats" }, ...cells));
    let seats = [];
    return { node, text, mark: node, inputs: checks,
      get: () => seats.filter((s) => checks[s].checked),
      set: (v) => checks.forEach((x, i) => { x.checked = !!v && v.includes(i); }),
      update: (values) => { seats = seatsFor(F, f, values); cells.forEach((c, i) => shown(c, seats.includes(i))); } };
  },
  pair(F, f) {
    const id = idOf(f.name);
    const on = el("input", { id, type: "checkbox" });
    const text = el("span", { text: W(f.label) });
    const sels = f.parts.map((_, k) => el("select", { id: `${id}-${k}` }));
    const row = el("div", { id: `${id}-row` }, el("div", { class: "row" },
      ...f.parts.map((part, k) => el("label", {}, W(part), sels[k]))),
    f.hint ? el("p", { class: "hint", text: W(f.hint) }) : null);
    return { node: el("div", {}, el("label", { class: "check" }, on, " ", text), row), text,
      mark: sels[0], inputs: [on, ...sels],
      get: () => (on.checked ? sels.map((x) => Number(x.value)) : null),
      set: (v) => { on.checked = !!v; if (v) { sels[0].value = String(v[0]); sels.forEach((x, k) => { x.dataset.want = String(v[k]); }); } },
      update: (values) => {
        shown(row, on.checked);
        const seats = seatsFor(F, f, values);
        setOptions(sels[0], seats, seatName);
        if (sels[0].dataset.want) { sels[0].value = sels[0].dataset.want; delete sels[0].dataset.want; }
        setOptions(sels[1], seats.filter((s) => s !== Number(sels[0].value)), seatName);
        if (sels[1].dataset.want) { sels[1].value = sels[1].dataset.want; delete sels[1].dataset.want; }
      } };
  },
  per_seat(F, f) {
    const id = idOf(f.name);
    const inputs = pad.players.map((p, i) => el("input", { id: `${id}-${i}`, type: "number",
      inputmode: "numeric", min: String(f.low), max: String(f.high), step: String(f.step), placeholder: "0" }));
    const cells = pad.players.map((p, i) => el("label", {}, p, inputs[i]));
    const note = el("p", { class: "hint", id: `${id}-hint`, "aria-live": "polite" });
    const text = el("legend", { text: W(f.label) });
    const node = el("fieldset", { id: `${id}-box` }, text, el("div", { class: "seats" }, ...cells), note);
    let seats = [];
    const filled = () => seats.some((i) => inputs[i].value !== "");
    const values = () => inputs.map((x, i) => (seats.includes(i) ? num(x.value) ?? 0 : 0));
    return { node, text, mark: node, inputs,
      get: () => (f.optional && !filled() ? null : values()),
      set: (v) => inputs.forEach((x, i) => { x.value = v && v[i] ? String(v[i]) : ""; }),
      update: (vals) => {
        seats = seatsFor(F, f, vals);
        cells.forEach((c, i) => shown(c, seats.includes(i)));
        // The hint until something is entered, then the sum against what the row adds up
        // to: red where it cannot be (an empty row is no mistake yet).
        const sum = values().reduce((a, b) => a + b, 0);
        const summed = f.total != null && (filled() || !f.hint);
        setText(note, summed
          ? t(f.exact ? "points_sum" : "points_sum_max", { sum, total: f.total }) : W(f.hint));
        note.classList.toggle("off", summed && filled()
          && (f.exact ? sum !== f.total : sum > f.total));
      } };
  },
  tally(F, f) {
    const id = idOf(f.name);
    const inputs = [];
    const text = el("legend", { text: W(f.label) });
    const node = el("fieldset", { id: `${id}-box` }, text, el("div", { class: "sp-grid" },
      el("span", {}), ...f.columns.map((c) => el("span", { class: "sp-head", text: W(c.label) })),
      ...f.choices.flatMap((row, k) => [
        el("span", { class: "sp-name", id: `${id}-name-${k}`, text: W(row.label) }),
        ...f.columns.map((col) => {
          const input = el("input", { id: `${id}-${col.value}-${k}`, type: "number", inputmode: "numeric",
            min: "0", max: String(row.max), placeholder: "0", "aria-label": `${W(row.label)}: ${W(col.label)}` });
          inputs.push({ input, row: row.value, col: col.value, max: row.max });
          return input;
        })])));
    return { node, text, mark: node, inputs: inputs.map((x) => x.input),
      get: () => inputs.flatMap(({ input, row, col, max }) =>
        Array.from({ length: Math.min(num(input.value) ?? 0, max) }, () => [row, col])),
      set: (v) => inputs.forEach(({ input, row, col }) => {
        const k = (v || []).filter((x) => same(x, [row, col])).length;
        input.value = k ? String(k) : "";
      }) };
  },
};

function entryForm() {
  const F = pad.form;
  const err = el("p", { class: "error", role: "alert", id: "deal-error" });
  const parts = F.fields.map((f) => ({ f, w: KINDS[f.kind](F, f) }));
  const notes = el("p", { class: "hint", id: "contract-hint", "aria-live": "polite" });
  const status = F.status.map((s) => el("p", { class: "hint bock", id: `${s.name}-hint`, text: W(s.text) }));
  const submit = el("button", { class: "primary", type: "submit", id: "enter" });
  const cancel = el("button", { type: "button", id: "cancel-correction", text: t("cancel"),
    onclick: () => { editing = null; form.fill(null); } });
  // Small fields (a choice, a number, a player) side by side, as many as fit; the others
  // (a box per player, a tally) on their own. The notes follow the first row.
  const small = ({ f }) => ["choice", "number", "seat"].includes(f.kind)
    || (f.kind === "seats" && f.count === 1);
  const blocks = [];
  for (const part of parts) {
    const last = blocks[blocks.length - 1];
    if (small(part) && last && last.classList.contains("row")) last.append(part.w.node);
    else blocks.push(small(part) ? el("div", { class: "row" }, part.w.node) : part.w.node);
  }
  blocks.splice(1, 0, notes);
  const form = el("form", { id: "deal-form", novalidate: true },
    el("h2", { id: "deal-heading" }), ...status, ...blocks,
    el("p", { class: "buttons" }, submit, " ", cancel), err);
  /** Every field's value, each shown or hidden as the answers before it ask. */
  const sync = () => {
    const values = {};
    for (const { f, w } of parts) {
      const on = holds(f.when, values);
      shown(w.node, on);
      if (on && w.update) w.update(values);
      values[f.name] = on ? w.get() : f.default ?? null;
    }
    for (const { f, w } of parts) {
      const alt = (f.labels || []).find(([when]) => holds(when, values));
      setText(w.text, W(alt ? alt[1] : f.label));
    }
    const inPlay = F.in_play[values.dealer ?? 0];
    const out = pad.players.map((_, s) => s).filter((s) => !inPlay.includes(s))
      .map((s) => t("sits_out", { name: seatName(s) }));
    const said = [...out, ...F.notes.filter((n) => holds(n.when, values)).map((n) => W(n.text))];
    setText(notes, said.join(" "));
    shown(notes, said.length > 0);
    status.forEach((node) => shown(node, editing === null));
    return values;
  };
  /** The deal the shown fields make (an entry: each field fills its key). */
  const read = () => {
    const values = sync();
    const deal = {};
    for (const { f, w } of parts) {
      if (w.node.hidden || values[f.name] == null) continue;
      if (f.index == null) deal[keyOf(f)] = values[f.name];
      else (deal[keyOf(f)] ??= [])[f.index] = values[f.name];
    }
    return deal;
  };
  for (const { w } of parts) for (const x of w.inputs) {
    x.addEventListener("change", sync);
    x.addEventListener("input", sync);
  }
  form.addEventListener("input", () => { dirty = true; });
  const fill = (d) => {
    for (const { f, w } of parts) {
      sync();
      let v = d ? d[keyOf(f)] : undefined;
      if (d && f.index != null) v = Array.isArray(v) ? v[f.index] : undefined;
      w.set(v === undefined ? f.default ?? null : v);
    }
    sync();
    form.querySelector("#deal-heading").textContent = editing
      ? `${t("correct")}: ${t("deal")} ${editing}` : `${t("deal")} ${pad.deals.length + 1}`;
    submit.textContent = editing ? t("save_correction") : t("enter");
    shown(cancel, editing !== null);
  };
  form.fill = fill;
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    for (const x of form.querySelectorAll(".field-error")) x.classList.remove("field-error");
    const deal = read();
    try {
      const r = editing
        ? await api("PUT", `/api/pads/${padId}/deals/${editing}`, { deal })
        : await api("POST", `/api/pads/${padId}/deals`, { deal });
      editing = null;
      show(r, true);
    } catch (x) {
      err.textContent = errText(x);
      const hit = parts.find(({ f, w }) => keyOf(f) === x.field && !w.node.hidden);
      if (hit) {
        hit.w.mark.classList.add("field-error");
        const target = hit.w.mark.matches("fieldset")
          ? hit.w.mark.querySelector("input:not([hidden]), select") : hit.w.mark;
        target?.focus();
      }
    }
  });
  return form;
}

// ------------------------------------------------------------------ the sheet
let sheetBox, statusLine, form;

/** What a deal was, in a few words: the game's own (the contract and who played it). */
const dealWords = (ln) => W(ln.what);

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

/** A new pad view: the sheet, and the form of the next deal (``mine``: after the owner's own
 * change). The form is made anew from the view's description, unless the owner is typing a
 * deal or a correction while another device changed the pad. */
function show(r, mine = false) {
  if (!r) return;
  version = r.version;
  const first = pad === null;
  pad = r.pad;
  if (first) layout();
  renderSheet();
  if (!owner) return;
  if (!first && (mine || (!dirty && editing === null))) {
    const fresh = entryForm();
    form.replaceWith(fresh);
    form = fresh;
  } else if (!first) return;
  dirty = false;
  form.fill(null);
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
      try { editing = null; show(await api("DELETE", `/api/pads/${padId}/deals/last`, {}), true); }
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
