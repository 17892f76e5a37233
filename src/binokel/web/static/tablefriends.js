// At the table, beside the chat (side.js): a logged-in player at a seat invites a friend to
// a free seat or to watch, and anybody reports a player to the server's operator
// (docs/web.md, "Friends" and "Reports"). Both are folded until asked for.
import { el } from "./dom.js";
import { api, getAccount, seatToken } from "./net.js";
import { errorText, t } from "./words.js";

let account = null;       // the logged-in account, asked once per page
const asked = getAccount().then((r) => { account = r.account; }).catch(() => {});

/** "Invite a friend": shown to a logged-in player at a seat; the friends are listed (online
 * first) when it is opened. */
export function invitePanel() {
  const list = el("ul", { class: "people", id: "invite-friends" });
  const said = el("p", { class: "notice", role: "status", id: "invite-said" });
  const box = el("details", { id: "invite-friend", class: "invite-box", hidden: true },
    el("summary", { text: t("fr_invite_title") }), list, said);
  let state = { id: "", free: false, playing: true };
  const send = async (friend, watch) => {
    try {
      await api("POST", "/api/invitations", { table: state.id, token: seatToken(state.id),
        to: friend.id, watch });
      said.className = "notice";
      said.textContent = t("fr_invite_sent", { name: friend.name });
    } catch (x) {
      said.className = "error";
      said.textContent = errorText(x);
    }
  };
  const fill = async () => {
    let data;
    try { data = await api("GET", "/api/friends"); } catch (x) { said.textContent = errorText(x); return; }
    list.replaceChildren(...data.friends.map((f) => el("li", { class: "person", "data-name": f.name },
      el("span", { class: "who" }, el("strong", { text: f.name }),
        el("span", { class: f.online ? "presence online" : "presence", text: f.online ? t("fr_online") : t("fr_offline") })),
      el("span", { class: "actions" },
        state.free ? el("button", { type: "button", class: "small primary", text: t("fr_invite_play"),
          onclick: () => send(f, false) }) : null,
        el("button", { type: "button", class: "small secondary", text: t("fr_invite_watch"),
          onclick: () => send(f, true) })))));
    said.className = "notice";
    said.textContent = data.friends.length ? "" : t("fr_invite_none");
  };
  box.addEventListener("toggle", () => { if (box.open) fill(); });
  return {
    box,
    /** After a state message: shown while one sits at a live table and is logged in. */
    update: async (m, seated) => {
      await asked;
      const seats = m.info?.seats || [];
      state = { id: m.info?.id || "", playing: m.status === "playing",
        free: m.status === "waiting" ? seats.some((s) => !s.taken) : seats.some((s) => s.left && !s.bot) };
      box.hidden = !(account && seated && state.id && ["waiting", "playing"].includes(m.status));
    },
  };
}

/** "Report a player": a seat and a reason, sent to the operator with the table's deal and
 * chat. */
export function reportPanel() {
  const seat = el("select", { id: "report-seat" });
  const reason = el("textarea", { id: "report-reason", maxlength: "500", rows: "3", required: true });
  const said = el("p", { class: "notice", role: "status", id: "report-said" });
  const form = el("form", { id: "report-form", class: "report-form" },
    el("label", { for: "report-seat", text: t("fr_report_who") }), seat,
    el("label", { for: "report-reason", text: t("fr_report_why") }), reason,
    el("p", { class: "notice", text: t("fr_report_note") }),
    el("button", { type: "submit", class: "small", id: "report-send", text: t("fr_report_send") }), said);
  const box = el("details", { id: "report", class: "report" },
    el("summary", { text: t("fr_report") }), form);
  let table = "";
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await api("POST", "/api/reports", { table, seat: Number(seat.value), reason: reason.value });
      reason.value = "";
      said.className = "notice";
      said.textContent = t("fr_report_sent");
    } catch (x) {
      said.className = "error";
      said.textContent = errorText(x);
    }
  });
  let key = "";
  return {
    box,
    update: (m) => {
      table = m.info?.id || "";
      const people = (m.info?.seats || []).filter((s) => !s.bot && s.nickname && s.seat !== m.you);
      const now = people.map((s) => `${s.seat}:${s.nickname}`).join(",");
      box.hidden = !people.length;
      if (now === key) return;
      key = now;
      const chosen = seat.value;
      seat.replaceChildren(...people.map((s) => el("option", { value: String(s.seat), text: s.nickname })));
      if (people.some((s) => String(s.seat) === chosen)) seat.value = chosen;
    },
  };
}
