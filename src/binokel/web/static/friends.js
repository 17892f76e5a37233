// The friends page (/friends, linked from the account page and the lobby): ask a player by
// name to be friends, answer the requests one was sent, one's friends with who is online
// now, and the players one blocks (docs/web.md, "Friends"). The lists are polled, which
// also keeps oneself online.
import { el } from "/static/dom.js";
import { api, errText, loadTexts, t } from "/static/docapi.js";

const root = document.getElementById("root");
root.classList.add("account", "friends");
const POLL_MS = 30000;

/** A form with one name field; ``go(name)`` runs on submit, its refusal is shown. */
function nameForm(id, title, button, go, note = null) {
  const input = el("input", { id: `${id}-name`, name: "name", maxlength: "32",
    autocomplete: "off", required: true });
  const said = el("p", { class: "hint", role: "status", id: `${id}-said` });
  const f = el("form", { id, "aria-labelledby": `${id}-h` },
    el("h2", { id: `${id}-h`, text: title }), note,
    el("label", { for: `${id}-name`, text: t("acc_name") }),
    el("div", { class: "form-row" }, input,
      el("button", { class: "primary", type: "submit", text: button })), said);
  f.addEventListener("submit", async (e) => {
    e.preventDefault();
    said.className = "hint";
    try {
      said.textContent = await go(input.value.trim());
      input.value = "";
      await refresh();
    } catch (x) {
      said.className = "error";
      said.textContent = errText(x);
    }
  });
  return f;
}

/** One person of a list: the name, online or not (for friends), and buttons. */
function person(p, ...buttons) {
  const state = p.online === undefined ? null
    : el("span", { class: p.online ? "presence online" : "presence", text: p.online ? t("fr_online") : t("fr_offline") });
  return el("li", { class: "person", "data-name": p.name }, el("span", { class: "who" },
    el("strong", { text: p.name }), state), el("span", { class: "actions" }, ...buttons));
}

/** A button that posts ``{id}`` to ``path`` and draws the lists again. */
function act(text, path, id, cls = "small secondary") {
  return el("button", { type: "button", class: cls, text, onclick: async () => {
    try { await api("POST", path, { id }); } catch (x) { said.textContent = errText(x); }
    await refresh();
  } });
}

const said = el("p", { class: "error", role: "alert", id: "friends-error" });
const lists = {
  incoming: el("ul", { class: "people", id: "incoming" }),
  friends: el("ul", { class: "people", id: "friend-list" }),
  outgoing: el("ul", { class: "people", id: "outgoing" }),
  blocked: el("ul", { class: "people", id: "blocked" }),
};
const incomingBox = el("section", { "aria-labelledby": "incoming-h", id: "incoming-box", hidden: true },
  el("h2", { id: "incoming-h", text: t("fr_incoming") }), lists.incoming);
const outgoingBox = el("section", { "aria-labelledby": "outgoing-h", id: "outgoing-box", hidden: true },
  el("h3", { id: "outgoing-h", text: t("fr_outgoing") }), lists.outgoing);
const none = el("p", { class: "hint", id: "no-friends", text: t("fr_none") });

async function refresh() {
  let data;
  try { data = await api("GET", "/api/friends"); }
  catch (x) { said.textContent = errText(x); return; }
  said.textContent = "";
  lists.incoming.replaceChildren(...data.incoming.map((p) => person(p,
    act(t("fr_accept"), "/api/friends/accept", p.id, "small primary"),
    act(t("fr_decline"), "/api/friends/decline", p.id))));
  incomingBox.hidden = !data.incoming.length;
  lists.friends.replaceChildren(...data.friends.map((p) => person(p,
    act(t("fr_remove"), "/api/friends/remove", p.id))));
  none.hidden = data.friends.length > 0;
  lists.outgoing.replaceChildren(...data.outgoing.map((p) => person(p,
    act(t("fr_take_back"), "/api/friends/remove", p.id))));
  outgoingBox.hidden = !data.outgoing.length;
  lists.blocked.replaceChildren(...data.blocked.map((p) => person(p,
    act(t("fr_unblock"), "/api/friends/unblock", p.id))));
}

async function draw() {
  let me = null;
  try { me = (await api("GET", "/api/account")).account; }
  catch (x) { root.replaceChildren(el("p", { class: "error", text: errText(x) })); return; }
  if (!me) {
    root.replaceChildren(el("p", { class: "hint", id: "friends-login", text: t("fr_login_first") }),
      el("p", {}, el("a", { href: "/account", text: t("loginOrRegister") })));
    return;
  }
  const ask = nameForm("ask", t("fr_ask_title"), t("fr_ask"), async (name) => {
    const r = await api("POST", "/api/friends/ask", { name });
    return t(r.accepted ? "fr_now_friends" : "fr_asked", { name: r.friend.name });
  });
  const block = nameForm("block", t("fr_block"), t("fr_block_button"), async (name) => {
    const r = await api("POST", "/api/friends/block", { name });
    return t("fr_blocked_now", { name: r.blocked.name });
  }, el("p", { class: "hint", text: t("fr_block_note") }));
  root.replaceChildren(
    el("p", {}, el("a", { href: "/", text: t("acc_to_lobby") }), " · ",
      el("a", { href: "/account", text: t("accountPage") })),
    said, incomingBox,
    el("section", { "aria-labelledby": "friends-h" },
      el("h2", { id: "friends-h", text: t("fr_yours") }),
      el("p", { class: "hint", text: t("fr_online_note") }), none, lists.friends, outgoingBox),
    ask,
    el("details", { id: "block-box" }, el("summary", { text: t("fr_blocked") }), lists.blocked, block));
  await refresh();
}

await loadTexts("fr_title");
await draw();
setInterval(() => { if (document.visibilityState === "visible" && document.getElementById("friend-list")) refresh(); }, POLL_MS);
