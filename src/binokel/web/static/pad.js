// The score pad page. /pad: create a pad. /pad/<id>: the running sheet, polled every few
// seconds (everyone with the link sees the same); with #owner=<token> in the address also
// the entry form, corrections and taking back the last deal.
import { el } from "/static/dom.js";
import { api, gameSelect, lang, loadTexts, owner, t } from "/static/docapi.js";

const root = document.getElementById("root");
const padId = location.pathname.split("/")[2] || null;
let version = 0;
let pad = null;
let editing = null;   // the deal number being corrected, or null

async function createForm() {
  const err = el("p", { class: "error", role: "alert", id: "create-error" });
  const game = await gameSelect("game");
  const names = el("input", { id: "players", type: "text", name: "players",
    autocomplete: "off", "aria-describedby": "create-error" });
  const form = el("form", {},
    el("h2", { text: t("new_pad") }),
    el("label", { for: "game", text: t("game") }), game,
    el("label", { for: "players", text: t("players") }), names,
    el("p", {}, el("button", { class: "primary", type: "submit", text: t("create") })), err);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const players = names.value.split(",").map((s) => s.trim()).filter(Boolean);
      const r = await api("POST", "/api/pads", { game: game.value, players });
      location.href = `/pad/${r.id}#owner=${encodeURIComponent(r.token)}`;
    } catch (x) { err.textContent = x.message; }
  });
  root.replaceChildren(form);
}

function numbers(prefix, label) {
  return el("fieldset", { class: "row" }, el("legend", { text: label }),
    ...pad.players.map((p, i) => el("label", {}, p,
      el("input", { id: `${prefix}-${i}`, type: "number", inputmode: "numeric", value: "0" }))));
}

function seatSelect(id, withNobody) {
  const s = el("select", { id });
  if (withNobody) s.append(el("option", { value: "", text: t("nobody") }));
  pad.players.forEach((p, i) => s.append(el("option", { value: String(i), text: p })));
  return s;
}

function entryForm() {
  const err = el("p", { class: "error", role: "alert", id: "deal-error" });
  const dealer = seatSelect("dealer", false);
  const declarer = seatSelect("declarer", true);
  const contract = el("select", { id: "contract" },
    ...["normal", "abgehen", "durch", "durch open", "untendurch", "thrown_in"].map(
      (c) => el("option", { value: c, text: c })));
  const bid = el("input", { id: "bid", type: "number", inputmode: "numeric" });
  const made = el("input", { id: "made", type: "checkbox" });
  const submit = el("button", { class: "primary", type: "submit", id: "enter" });
  const form = el("form", { id: "deal-form" },
    el("h2", { id: "deal-heading" }),
    el("div", { class: "row" },
      el("label", {}, t("dealer"), dealer), el("label", {}, t("declarer"), declarer),
      el("label", {}, t("contract"), contract), el("label", {}, t("bid"), bid),
      el("label", {}, made, " ", t("made"))),
    numbers("melds", t("melds")), numbers("points", t("points")),
    el("p", {}, submit), err);
  const fields = { dealer, declarer, contract, bid, made, melds: form, points: form };
  const fill = (d) => {
    dealer.value = String(d ? d.dealer : pad.next_dealer);
    declarer.value = d && d.declarer != null ? String(d.declarer) : "";
    contract.value = d ? d.contract : "normal";
    bid.value = d && d.bid != null ? String(d.bid) : "";
    made.checked = !!(d && d.made);
    pad.players.forEach((_, i) => {
      form.querySelector(`#melds-${i}`).value = String(d && d.melds ? d.melds[i] ?? 0 : 0);
      form.querySelector(`#points-${i}`).value = String(d && d.points ? d.points[i] ?? 0 : 0);
    });
    form.querySelector("#deal-heading").textContent = editing
      ? `${t("correct")}: ${t("deal")} ${editing}` : `${t("deal")} ${pad.deals.length + 1}`;
    submit.textContent = editing ? t("save_correction") : t("enter");
  };
  form.fill = fill;
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    for (const f of form.querySelectorAll(".field-error")) f.classList.remove("field-error");
    const deal = { dealer: Number(dealer.value), contract: contract.value };
    if (contract.value !== "thrown_in") {
      if (declarer.value !== "") deal.declarer = Number(declarer.value);
      if (bid.value !== "") deal.bid = Number(bid.value);
      deal.melds = pad.players.map((_, i) => Number(form.querySelector(`#melds-${i}`).value));
      deal.points = pad.players.map((_, i) => Number(form.querySelector(`#points-${i}`).value));
      if (["durch", "durch open", "untendurch"].includes(contract.value)) deal.made = made.checked;
    }
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
      if (f && f !== form) { f.classList.add("field-error"); f.focus(); }
    }
  });
  return form;
}

let sheetBox, statusLine, form;

function renderSheet() {
  // Phone first: the deal number is the correction button and each cell holds the running
  // total over the deal's own score, so the sheet needs no column beyond the players'.
  const head = el("tr", {}, el("th", { scope: "col", text: t("deal") }),
    ...pad.players.map((p) => el("th", { scope: "col", text: p })));
  const rows = pad.sheet.map((ln) => el("tr", {},
    el("td", {}, owner ? el("button", { class: "small", type: "button", text: `${ln.deal} ✎`,
      "aria-label": `${t("correct")}: ${t("deal")} ${ln.deal}`,
      onclick: () => { editing = ln.deal; form.fill(pad.deals[ln.deal - 1]);
        form.scrollIntoView(); } }) : String(ln.deal)),
    ...ln.totals.map((v, i) => el("td", {}, String(v), el("br"),
      el("span", { class: "score", text: `${ln.scores[i] > 0 ? "+" : ""}${ln.scores[i]}` })))));
  const foot = el("tr", {}, el("td", { text: t("total") }),
    ...pad.totals.map((v) => el("td", { text: String(v) })));
  sheetBox.replaceChildren(el("table", { class: "sheet" },
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
  root.replaceChildren(el("h2", { text: `${pad.game}: ${pad.players.join(", ")}` }),
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
