// The replay of a finished deal on the table itself, as lichess replays a game on its board:
// the table component of table.js is mounted without a socket and given the recorded
// positions (every hand face up: the deal is over), stepped card by card or trick by trick
// with the buttons, the arrow keys or a slider. The analysis marks each card of the trick with
// the points it gave away, and a small graph shows each player's running points given away.
// The page's address says where it is (``/t/<table>#replay=<deal>.<step>``): a shareable link
// that opens the replay at that very position.

import { copyButton, el, setText } from "./dom.js";
import { analysisOf, replayStep } from "./net.js";
import { cardWords, look, prefs } from "./prefs.js";
import { mountTable } from "./table.js";
import { errorText, t } from "./words.js";

/** The replay's address of ``deal`` at ``step`` (the page's hash). */
export const replayHash = (deal, step) => `#replay=${deal}.${step}`;

/** The deal and step an address asks for, or null. @param {string} hash */
export function parseReplayHash(hash) {
  const m = /^#replay=(\d{1,6})(?:\.(\d{1,6}))?$/.exec(hash);
  return m ? { deal: Number(m[1]), step: m[2] === undefined ? 0 : Number(m[2]) } : null;
}

const SVG = "http://www.w3.org/2000/svg";
const COLORS = ["#d9480f", "#1c7ed6", "#2b8a3e", "#ae3ec9", "#e67700", "#0b7285", "#c2255c", "#5f3dc4"];

/** @type {{close: () => void} | null} */
let open = null;

/** Close an open replay (its key listener; the page draws something else). */
export function closeReplay() {
  open?.close();
  open = null;
}

/**
 * The replay page of ``deal`` of table ``tid`` in ``root``, at ``step``.
 * @param {HTMLElement} root @param {string} tid @param {number} deal @param {number} step
 * @param {() => void} back  called to go back to the live table
 */
export function replayPage(root, tid, deal, step, back) {
  closeReplay();
  const view = mountTable(root, { look: look(), onTitle: (title) => { document.title = title; } });
  /** @type {Map<number, any>} */
  const cache = new Map();
  const cards = () => cardWords(view.faces.deck);
  let data = null;          // the step shown
  let analysis = null;      // the deal's analysis (null: not yet, or refused)
  let asked = false;        // the analysis was asked for
  let wanted = step;        // the step the player asked for last
  let loading = false;
  let closed = false;

  const info = el("div", { id: "replay-action", class: "replay-action", "aria-live": "polite" });
  const markLine = el("div", { id: "replay-mark", class: "replay-mark", "aria-live": "polite" });
  const slider = el("input", { type: "range", id: "replay-slider", min: "0", max: "0", value: "0",
    "aria-label": t("step") });
  slider.addEventListener("input", () => go(Number(slider.value)));
  const btn = (id, text, label, onclick, cls = "small secondary") =>
    el("button", { id, class: cls, type: "button", text, "aria-label": label, title: label, onclick });
  const counter = el("span", { id: "replay-step", class: "replay-step" });
  const back1 = [btn("replay-start", "|◀", t("start"), () => go(0)),
    btn("replay-prev-trick", "◀◀", t("prevTrick"), () => go(trickStep(-1))),
    btn("replay-prev", "◀", t("prevCard"), () => go(data.step - 1))];
  const on1 = [btn("replay-next", "▶", t("nextCard"), () => go(data.step + 1), "small"),
    btn("replay-next-trick", "▶▶", t("nextTrick"), () => go(trickStep(1))),
    btn("replay-end", "▶|", t("end"), () => go(data.steps))];
  const bar = el("div", { class: "replay-bar", role: "toolbar", "aria-label": t("replay") },
    ...back1, ...on1, counter);
  const link = el("a", { id: "replay-link", class: "replay-link", href: "" , text: t("replayLink") });
  const copy = copyButton(() => link.href, { copy: t("copy"), copied: t("copied") },
    { id: "replay-copy" });
  const toTable = btn("replay-close", t("backToTable"), t("backToTable"), back, "small");
  // a closed table (the sweeper closed it; its deals stay): said once, and "back" lists its deals
  const closedLine = el("div", { id: "replay-closed", class: "replay-closed", role: "status", text: t("tableClosed") });
  closedLine.hidden = true;
  view.setSlot(closedLine, info, markLine, el("div", { class: "replay-controls" }, bar, slider),
    el("div", { class: "form-row replay-share" }, toTable, link, copy));
  const graph = el("div", { id: "replay-graph", class: "replay-graph" });
  const list = el("div", { id: "replay-analysis", class: "analysis", "aria-live": "polite" },
    el("div", { class: "notice", text: "…" }));
  view.sideBox.replaceChildren(el("section", { class: "panel replay", id: "replay", "aria-labelledby": "replay-h" },
    el("h2", { id: "replay-h", text: `${t("replay")}: ${t("deal")} ${deal}` }), graph, list));

  /** The step that ends the trick before (-1) or after (+1) the one shown. */
  function trickStep(dir) {
    const ends = [0, ...(data?.trick_ends || []), data?.steps ?? 0];
    if (dir > 0) return ends.find((k) => k > data.step) ?? data.steps;
    return [...ends].reverse().find((k) => k < data.step) ?? 0;
  }

  /** Show step ``k`` (clamped); steps asked for while one loads: the last one wins. */
  async function go(k) {
    const total = data ? data.steps : Number.MAX_SAFE_INTEGER;
    wanted = Math.max(0, Math.min(total, Math.round(k)));
    if (loading) return;
    loading = true;
    try {
      while (!closed && (!data || data.step !== wanted)) {
        const at = wanted;
        let d = cache.get(at);
        if (!d) {
          try { d = await replayStep(tid, deal, at, prefs.lang, cards()); }
          catch (e) {
            if (!data) { root.replaceChildren(el("div", { class: "error", role: "alert", text: errorText(e) }),
              el("button", { class: "small", type: "button", text: t("backToTable"), onclick: back })); closed = true; }
            else view.showError(errorText(e));
            return;
          }
          cache.set(at, d);
        }
        if (closed) return;
        data = d;
        draw();
        if (!asked) loadAnalysis();
      }
    } finally { loading = false; }
  }

  function draw() {
    const d = data;
    const hash = replayHash(deal, d.step);
    if (location.hash !== hash) history.replaceState(null, "", hash);
    link.href = location.href;
    if (d.closed && closedLine.hidden) {
      closedLine.hidden = false;
      setText(toTable, t("closedDeals"));
      toTable.title = t("closedDeals");
      toTable.setAttribute("aria-label", t("closedDeals"));
    }
    view.update({ table: d.table, deal, moves: d.step, replay: true, hands: d.hands });
    slider.max = String(d.steps);
    slider.value = String(d.step);
    setText(counter, `${d.step}/${d.steps}`);
    for (const b of back1) b.disabled = d.step === 0;
    for (const b of on1) b.disabled = d.step === d.steps;
    if (d.step > 0) {
      const [seat, action] = d.actions[d.step - 1];
      setText(info, `${d.names[seat]}: ${d.said || action}`);
    } else setText(info, t("replayStart"));
    drawMarks();
  }

  async function loadAnalysis() {
    asked = true;
    const key = `${tid}/${deal}/${prefs.lang}/${cards()}`;
    // one request per deal, language and words, shared by every replay page that asks
    let p = analyses.get(key);
    if (!p) {
      p = analysisOf(tid, deal, prefs.lang, cards());
      analyses.set(key, p);
    }
    let a;
    try { a = await p; }
    catch (e) {
      analyses.delete(key);    // asked again by the next replay opened
      if (!closed) list.replaceChildren(el("div", { class: "notice", text: errorText(e) }));
      return;
    }
    if (closed) return;
    analysis = a;
    drawAnalysis();
    drawMarks();
  }

  /** The marks of the step shown: on each card of the trick in the middle, and the line of
   * the card just played under the felt. */
  function drawMarks() {
    const d = data, a = analysis;
    if (!d || !a) { view.setMarks(null); setText(markLine, ""); return; }
    const tb = d.table;
    const trick = tb.trick.cards.length ? tb.trick : tb.last_trick;
    /** @type {Record<string, {loss: number, text: string}>} */
    const marks = {};
    if (trick) {
      for (const [seat, card] of trick.cards) {
        // the step that played this card: the last play of it by that seat up to here
        for (let k = d.step; k > 0; k--) {
          const [s, action] = d.actions[k - 1];
          if (s === seat && action === `play ${card}`) {
            const m = a.marks[String(k)];
            if (m) marks[`${seat}:${card}`] = { loss: m.loss, text: m.text };
            break;
          }
        }
      }
    }
    view.setMarks({ deal, move: d.step, trick: marks });
    const here = a.marks[String(d.step)];
    markLine.className = `replay-mark${here ? (here.loss > 0 ? " loss" : " best") : ""}`;
    setText(markLine, here ? here.text : "");
    drawGraph();
  }

  /** The analysis's title, the points each player gave away, the cards that gave some. */
  function drawAnalysis() {
    const a = analysis;
    list.replaceChildren(el("h3", { text: a.title }));
    if (a.seats) list.append(el("div", { class: "notice", text: a.seats }));
    const mistakes = Object.entries(a.marks).filter(([, m]) => m.loss > 0);
    if (mistakes.length) {
      list.append(el("ul", { class: "mistakes" }, ...mistakes.map(([k, m]) => el("li", {},
        el("button", { class: "small secondary", type: "button", "data-step": k, text: m.text,
          onclick: () => go(Number(k)) })))));
    }
  }

  /** Each player's running points given away, step by step, with the step shown. */
  function drawGraph() {
    const d = data, a = analysis;
    const keys = Object.keys(a.marks).map(Number).sort((x, y) => x - y);
    if (!keys.length) { graph.replaceChildren(); return; }
    const seats = d.names.length, total = d.steps;
    const run = Array.from({ length: seats }, () => [[0, 0]]);
    const sum = new Array(seats).fill(0);
    for (const k of keys) {
      const m = a.marks[String(k)];
      if (m.loss <= 0) continue;
      run[m.seat].push([k, sum[m.seat]], [k, sum[m.seat] + m.loss]);
      sum[m.seat] += m.loss;
    }
    const top = Math.max(10, ...sum);
    const W = 300, H = 110, L = 4, B = 14;
    const x = (k) => L + (k / Math.max(1, total)) * (W - 2 * L);
    const y = (v) => H - B - (v / top) * (H - B - 6);
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", `${t("givenAway")}: ${d.names.map((n, s) => `${n} ${sum[s]}`).join(", ")}`);
    const add = (tag, attrs) => {
      const e = document.createElementNS(SVG, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      svg.append(e);
      return e;
    };
    add("line", { x1: L, x2: W - L, y1: y(0), y2: y(0), class: "axis" });
    const first = keys[0];
    // where the analysis begins: the steps before it are not marked
    if (first > 1) add("rect", { x: x(0), y: 0, width: x(first - 1) - x(0), height: H - B, class: "unmarked" });
    run.forEach((pts, s) => {
      pts.push([total, sum[s]]);
      add("polyline", { points: pts.map(([k, v]) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
        stroke: COLORS[s % COLORS.length], class: "run", "data-seat": s });
    });
    add("line", { x1: x(d.step), x2: x(d.step), y1: 0, y2: H - B, class: "now" });
    const label = add("text", { x: L, y: H - 2, class: "lbl" });
    label.textContent = `${t("givenAway")} (${t("step")} ${d.step})`;
    svg.addEventListener("click", (e) => {
      const r = svg.getBoundingClientRect();
      go(((e.clientX - r.left) / r.width * W - L) / (W - 2 * L) * total);
    });
    const legend = el("div", { class: "legend" }, ...d.names.map((n, s) => {
      const sw = el("span", { class: "sw" });
      sw.style.background = COLORS[s % COLORS.length];   // CSSOM: the CSP allows it
      return el("span", { class: "lg" }, sw, el("span", { text: `${n} ${sum[s] ? `−${sum[s]}` : "0"}` }));
    }));
    graph.replaceChildren(svg, legend);
  }

  const onKey = (e) => {
    if (!data || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = /** @type {HTMLElement} */ (e.target);
    if (target instanceof HTMLInputElement && target !== slider) return;
    const moves = { ArrowLeft: () => data.step - 1, ArrowRight: () => data.step + 1,
      ArrowUp: () => trickStep(-1), ArrowDown: () => trickStep(1), PageUp: () => trickStep(-1),
      PageDown: () => trickStep(1), Home: () => 0, End: () => data.steps };
    const f = moves[e.key];
    if (!f) return;
    e.preventDefault();
    go(f());
  };
  document.addEventListener("keydown", onKey);
  open = { close: () => { closed = true; document.removeEventListener("keydown", onKey); view.destroy(); } };
  go(step);
}

// The analysis of a deal costs the server seconds: asked once per deal, language and words
// (the answer's promise, kept while the page lives).
/** @type {Map<string, Promise<any>>} */
const analyses = new Map();
