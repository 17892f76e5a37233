// A logged-in player's invitations in the lobby (docs/web.md, "Friends"): a small notice
// per invitation, with the table's game and who asks; accepting opens the table (its join
// panel, or as a watcher), declining drops it. The list is polled while the lobby is
// shown, which also keeps the player online for his friends.
import { el } from "./dom.js";
import { api } from "./net.js";
import { pick, t } from "./words.js";

const POLL_MS = 15000;

/** The invitations box, polling until it leaves the page. */
export function invitationBox() {
  const box = el("section", { id: "invitations", class: "invitations", "aria-live": "polite",
    "aria-label": t("fr_invitations") });
  let timer = 0;
  const poll = async () => {
    clearTimeout(timer);
    if (!box.isConnected && timer) return;   // the lobby was left
    let got = [];
    try { got = (await api("GET", "/api/invitations")).invitations; } catch { /* next time */ }
    draw(box, got, poll);
    timer = window.setTimeout(poll, POLL_MS);
  };
  poll();
  return box;
}

function draw(box, invitations, poll) {
  box.replaceChildren(...invitations.map((inv) => {
    const done = async () => {
      try { await api("POST", `/api/invitations/${encodeURIComponent(inv.id)}/done`, {}); } catch { /* gone already */ }
    };
    const accept = el("button", { type: "button", class: "small primary", text: t("fr_accept"),
      onclick: async () => { await done(); location.assign(`/t/${encodeURIComponent(inv.table)}`); } });
    const decline = el("button", { type: "button", class: "small secondary", text: t("fr_decline"),
      onclick: async () => { await done(); poll(); } });
    const words = t(inv.watch ? "fr_invited_watch" : "fr_invited_play",
      { name: inv.from.name, game: pick(inv.title) || inv.game });
    return el("div", { class: "notice invitation", "data-table": inv.table },
      el("span", { text: words }), el("span", { class: "actions" }, accept, decline));
  }));
  box.hidden = !invitations.length;
}
