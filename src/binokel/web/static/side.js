// The live table page's side column, beside the table component: the table's life (back
// to the lobby, leave the seat, the invite link, the table's rules, the chat), the score
// sheet, the log and the finished deals with the links to their replay (replay.js).

import { copyButton, el } from "./dom.js";
import { seedNote, tableRules } from "./lobby.js";
import { recordUrl, seatToken } from "./net.js";
import { prefs } from "./prefs.js";
import { replayHash } from "./replay.js";
import { invitePanel, reportPanel } from "./tablefriends.js";
import { t } from "./words.js";

const MAX_CHAT_SHOWN = 50;

/**
 * The side column of one connection. ``io``: ``chat(text)`` and ``leave()`` send (true when
 * sent), ``take(seat, nickname)`` sits a watcher down at a seat the computer plays,
 * ``faces()`` the faces the table draws now, ``showError(text)`` says a refusal.
 */
export function sidePanels(io) {
  const life = lifePanel(io);
  return {
    /** Draw the side column ``box`` for the state message ``m``. */
    draw: (box, m) => drawSide(box, m, life, io),
    /** Chat lines (``all``: the table's history, replacing what was shown). */
    chat: (items, all) => showChat(life, items, all),
    /** Errors that belong to the chat are said under it, kindly; true when it was one. */
    chatError: (code, message) => {
      if (!["rate_limited", "chat_off", "bad_chat", "not_seated"].includes(code)) return false;
      life.msg.textContent = t(`chatErr_${code}`) || message;
      return true;
    },
  };
}

// ------------------------------------------------------------------ a table's life
// The controls of one's seat (back to the lobby, leave the seat) and the chat. Built once
// per connection; chat lines are text, never HTML.
function lifePanel(io) {
  const lines = el("ol", { id: "chat-lines", class: "chat-lines", "aria-live": "polite" });
  const input = el("input", { id: "chat-text", maxlength: "200", autocomplete: "off",
    "aria-label": t("chatSay"), placeholder: t("chatSay") });
  const msg = el("div", { id: "chat-msg", class: "notice", role: "status" });
  const send = () => {
    const text = input.value.trim();
    if (!text) return;
    if (io.chat(text)) { input.value = ""; msg.textContent = ""; }
  };
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); send(); } });
  const form = el("div", { class: "chat-form" }, input,
    el("button", { id: "chat-send", class: "small", type: "button", text: t("chatSend"), onclick: send }));
  const report = reportPanel();   // a player to the operator (tablefriends.js)
  const friends = invitePanel();  // a friend to this table
  const chat = el("details", { id: "chat", class: "chat" }, el("summary", { text: t("chat") }),
    lines, form, msg, report.box);
  // Open on a wide screen, folded on a phone: the hand and the bar keep the viewport.
  chat.open = window.matchMedia("(min-width: 1000px)").matches;
  const life = { lines, msg, chat, rulesKey: "", left: false, report, friends };
  const leave = el("button", { id: "leave-seat", class: "secondary small", type: "button",
    text: t("leaveSeat"), onclick: () => { if (io.leave()) life.left = true; } });
  const lobby = el("a", { id: "to-lobby", class: "button secondary small", href: "/", text: t("toLobby") });
  const seed = el("div", { id: "seed-info" });
  // The table's link for friends to join or watch; a tap selects it whole, and where the
  // browser lets the page write the clipboard (https, localhost) a button copies it.
  const inviteLink = el("code", { class: "invite", id: "invite-link" });
  const copy = copyButton(() => inviteLink.textContent || "", { copy: t("copy"), copied: t("copied") },
    { id: "invite-copy", class: "secondary small" });
  const invite = el("div", { class: "invite-box" }, el("div", { class: "notice", text: t("invite") }),
    el("div", { class: "form-row" }, inviteLink, copy));
  // The link to one's own seat: to play on from another device, or to hand the seat on.
  const seatLinkText = el("code", { class: "invite", id: "seat-link" });
  const seatLink = el("details", { class: "invite-box", id: "seat-link-box", hidden: true },
    el("summary", { text: t("seatLink") }), el("div", { class: "notice", text: t("seatLinkWhy") }),
    seatLinkText);
  const rules = el("div", { id: "rules-box" });   // the table's rules, once its info is in
  // A watcher may take a seat the computer plays for somebody who left it (or whose seat
  // the creator handed on).
  const take = el("div", { id: "take-seat", class: "take-seat", hidden: true });
  // The creator may hand on the seat of somebody who is away (timed out, gone without a word).
  const handOn = el("div", { id: "hand-on", class: "take-seat", hidden: true });
  const box = el("section", { class: "panel life", id: "life", "aria-label": t("table") },
    seed, el("div", { class: "form-row" }, lobby, leave), take, handOn, friends.box, invite, seatLink, rules, chat);
  return Object.assign(life, { box, leave, seed, inviteLink, rules, take, takeKey: "", seatLink,
    seatLinkText, handOn, handOnKey: "" });
}

function showChat(life, items, all) {
  if (all) life.lines.replaceChildren();
  for (const c of items) {
    life.lines.append(el("li", {}, el("b", { text: `${c.name}: ` }), el("span", { text: c.text })));
  }
  while (life.lines.children.length > MAX_CHAT_SHOWN) life.lines.firstChild.remove();
  life.lines.scrollTop = life.lines.scrollHeight;
}

/** The life panel after a state: the seed, the rules, the link, whether one is seated. */
function lifeState(life, m, io) {
  const note = seedNote(m.info);
  if ((note?.textContent || "") !== life.seed.textContent) life.seed.replaceChildren(...(note ? [note] : []));
  // a table's rules are fixed when it is made: drawn again only for another language
  const rulesKey = `${prefs.lang}/${m.info?.id}`;
  if (m.info && life.rulesKey !== rulesKey) {
    life.rulesKey = rulesKey;
    const open = !!life.rules.querySelector("#table-rules")?.open;
    const box = tableRules(m.info);
    if (box) box.open = open;
    life.rules.replaceChildren(...(box ? [box] : []));
  }
  const link = m.info?.id ? `${location.origin}/t/${m.info.id}` : "";
  if (life.inviteLink.textContent !== link) life.inviteLink.textContent = link;
  const seated = typeof m.you === "number" && m.you >= 0 && !life.left;
  life.leave.hidden = !seated;
  const token = seated && m.info?.id ? seatToken(m.info.id) : null;
  life.seatLink.hidden = !token;
  const own = token ? `${location.origin}/t/${m.info.id}#seat=${token}` : "";
  if (life.seatLinkText.textContent !== own) life.seatLinkText.textContent = own;
  const free = seated || m.status !== "playing" ? []
    : (m.info?.seats || []).filter((s) => s.left && !s.bot);
  const takeKey = `${prefs.lang}/${free.map((s) => `${s.seat}:${s.nickname || ""}`).join(",")}`;
  if (takeKey !== life.takeKey) {
    life.takeKey = takeKey;
    life.take.hidden = !free.length;
    const name = el("input", { id: "take-nickname", maxlength: "32", autocomplete: "nickname",
      value: prefs.nickname || "", "aria-label": t("nickname"), placeholder: t("nickname") });
    life.take.replaceChildren(...(free.length ? [el("div", { class: "notice", text: t("takeSeatHead") }),
      el("div", { class: "form-row" }, name, ...free.map((s) => el("button", { class: "small", type: "button",
        "data-take": String(s.seat), text: t("takeOver", { name: s.nickname || `${t("seat")} ${s.seat + 1}` }),
        onclick: () => { if (name.value.trim()) io.take(s.seat, name.value.trim()); else name.focus(); } })))] : []));
  }
  const away = m.status !== "playing" || !io.owner() ? []
    : (m.info?.seats || []).filter((s) => s.away && !s.left && !s.bot && s.seat !== m.you);
  const handOnKey = `${prefs.lang}/${away.map((s) => `${s.seat}:${s.nickname || ""}`).join(",")}`;
  if (handOnKey !== life.handOnKey) {
    life.handOnKey = handOnKey;
    life.handOn.hidden = !away.length;
    life.handOn.replaceChildren(...(away.length ? [el("div", { class: "notice", text: t("handOnHead") }),
      el("div", { class: "form-row" }, ...away.map((s) => el("button", { class: "small secondary",
        type: "button", "data-hand-on": String(s.seat),
        text: t("handOn", { name: s.nickname || `${t("seat")} ${s.seat + 1}` }),
        onclick: () => io.release(s.seat) })))] : []));
  }
  life.chat.hidden = m.info?.settings?.chat === false;
  life.friends.update(m, seated);
  life.report.update(m);
}

// ------------------------------------------------------------------ side panels
function drawSide(box, m, life, io) {
  lifeState(life, m, io);
  const key = `${m.deal}/${m.moves}/${prefs.lang}/${m.sheet.lines.length}`;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const open = box.querySelector("#log-panel")?.open;
  // The same life panel node each time: a half-typed chat line and its scroll survive.
  box.replaceChildren(life.box, sheetPanel(m), logPanel(m.table.log, open), recordsPanel(m));
  const log = box.querySelector("#log");
  if (log) log.scrollTop = log.scrollHeight;
}

const short = (name) => (name.length > 10 ? `${name.slice(0, 9)}…` : name);

function sheetPanel(m) {
  const sh = m.sheet;
  const names = m.table.seats.map((s) => s.name);
  const box = el("section", { class: "panel", id: "sheet-panel", "aria-labelledby": "sheet-h" },
    el("h2", { id: "sheet-h", text: t("sheet") }));
  const team = {};
  sh.parties.forEach((p, i) => p.forEach((s) => { team[s] = i; }));
  if (sh.parties.length) {
    box.append(el("div", { class: "notice", text: t("partners") +
      sh.parties.map((p) => p.map((s) => names[s]).join(" + ")).join(" · ") }));
  }
  const goal = sh.deals ? `${sh.lines.length} / ${sh.deals} ${t("dealsDone")}` : sh.target ? `${t("target")}: ${sh.target}` : "";
  if (goal) box.append(el("div", { class: "notice", text: goal }));
  const table = el("table", { class: "sheet", id: "sheet" });
  table.append(el("tr", {}, el("th", { scope: "col", text: "#" }), ...names.map((n, s) =>
    el("th", { scope: "col", title: n, text: short(n) + (s in team ? ` (${String.fromCharCode(65 + team[s])})` : "") }))));
  for (const line of sh.lines) {
    table.append(el("tr", { class: line.separate ? "separate" : "" }, el("td", { text: String(line.number ?? line.deal) }),
      ...line.scores.map((v, i) => el("td", {}, el("span", { class: "d", text: `${v > 0 ? "+" : ""}${v}` }),
        el("span", { class: "tot", text: String(line.totals[i]) })))));
  }
  table.append(el("tr", { class: "totals" }, el("td", { text: "Σ", title: t("total") }),
    ...sh.totals.map((v) => el("td", { text: String(v) }))));
  if (sh.durch_totals) {
    table.append(el("tr", {}, el("td", { text: "D", title: t("durchTally") }),
      ...sh.durch_totals.map((v) => el("td", { text: String(v) }))));
  }
  box.append(el("div", { class: "sheet-wrap" }, table));
  return box;
}

function logPanel(lines, open) {
  const list = el("ol", { class: "log", id: "log" }, ...lines.map((l) => el("li", { text: l })));
  return el("details", { class: "panel", id: "log-panel", open: open ?? false },
    el("summary", { text: t("log") }), list);
}

function recordsPanel(m) {
  const tid = m.info.id;
  const box = el("section", { class: "panel", id: "records", "aria-labelledby": "records-h" },
    el("h2", { id: "records-h", text: t("records") }));
  for (const line of m.sheet.lines) {
    const n = line.number ?? line.deal;
    box.append(el("div", { class: "form-row" }, el("span", { text: `${t("deal")} ${n}` }),
      el("a", { href: recordUrl(tid, n), download: `${m.info.game}-${tid}-${n}.json`, text: t("download") }),
      // the replay on the table, at its first step (the address can be shared)
      el("a", { class: "button small secondary", href: replayHash(n, 0), "data-replay": String(n), text: t("replay") })));
  }
  if (!m.sheet.lines.length) box.append(el("div", { class: "notice", text: t("noRecords") }));
  return box;
}
