// The account page (/account): log in, register or recover for a guest; for a logged-in
// player who he is, logging out, a new password, new recovery codes, the export of his
// data and deleting the account (docs/web.md, "Accounts"). A guest's seats go into the
// account only when it is clear they are his: a registration takes along the seats this
// tab just played; any other guest's seat the browser keeps is taken only when the
// logged-in player says it is his (a shared computer keeps other people's too).
import { el } from "/static/dom.js";
import { api, errText, loadTexts, t } from "/static/docapi.js";
import { guestTables, guestTokens, logOut, noteAccount, syncSeats, takeGuestSeats } from "/static/net.js";
import { pick } from "/static/words.js";

const root = document.getElementById("root");
root.classList.add("account");
// this tab's answer "they are not mine" to the guest's seats, per account
const DECLINED = "binokel.guest-seats-declined";

/** A labelled input. */
function field(id, label, type = "text", autocomplete = "off") {
  const input = el("input", { id, name: id, type, autocomplete, required: true,
    maxlength: type === "password" ? "256" : "32" });
  return [el("label", { for: id, text: label }), input];
}

/** A form whose submit runs ``go(values)``; a refusal is shown under it, by its field. */
function form(id, title, fields, button, go) {
  const err = el("p", { class: "error", role: "alert", id: `${id}-error` });
  const inputs = fields.flat();
  const f = el("form", { id, "aria-labelledby": `${id}-h` },
    el("h2", { id: `${id}-h`, text: title }), ...inputs,
    el("p", {}, el("button", { class: "primary", type: "submit", text: button })), err);
  f.addEventListener("submit", async (e) => {
    e.preventDefault();
    err.textContent = "";
    for (const i of f.querySelectorAll("input")) i.classList.remove("field-error");
    const values = Object.fromEntries([...f.querySelectorAll("input")].map((i) => [i.name, i.value]));
    try { await go(values); }
    catch (x) {
      err.textContent = errText(x);
      const bad = x.field && (f.querySelector(`input[name="${x.field}"]`) ||
        f.querySelector(`input[data-field="${x.field}"]`));
      if (bad) { bad.classList.add("field-error"); bad.focus(); }
    }
  });
  return f;
}

// Passkeys where the browser offers them, in its own JSON forms of WebAuthn's options and
// answers (the server speaks them: binokel/web/passkeys.py).
const PKC = /** @type {any} */ (window).PublicKeyCredential;
// A relying party id is a domain name: on an address like 127.0.0.1 no browser makes a
// passkey, so none is offered there (open the game as localhost).
const named = !/^[\d.]+$|:/.test(location.hostname);
const passkeysWork = () => named && !!(PKC && PKC.parseCreationOptionsFromJSON && PKC.parseRequestOptionsFromJSON);

async function addPasskey() {
  const options = await api("POST", "/api/account/passkeys/options", {});
  const made = /** @type {any} */ (await navigator.credentials.create({ publicKey: PKC.parseCreationOptionsFromJSON(options) }));
  await api("POST", "/api/account/passkeys", { credential: made.toJSON() });
}

async function passkeyLogin() {
  const options = await api("POST", "/api/account/passkey-login/options", {});
  const got = /** @type {any} */ (await navigator.credentials.get({ publicKey: PKC.parseRequestOptionsFromJSON(options) }));
  await api("POST", "/api/account/passkey-login", { credential: got.toJSON() });
}

/** A button that runs ``go``; a refusal (or the browser's) is shown in ``err``. */
function action(id, text, err, go) {
  const b = el("button", { type: "button", id, text });
  b.addEventListener("click", async () => {
    err.textContent = "";
    try { await go(); }
    catch (x) { err.textContent = x instanceof DOMException ? t("why_passkey_failed") : errText(x); }
  });
  return b;
}

/** The recovery codes, shown once, and a way on. */
function showCodes(codes, then) {
  const list = el("ol", { class: "codes", id: "codes" }, ...codes.map((c) => el("li", {}, el("code", { text: c }))));
  const on = el("button", { class: "primary", type: "button", id: "codes-done", text: t("acc_codes_done") });
  on.addEventListener("click", then);
  root.replaceChildren(el("section", { "aria-labelledby": "codes-h" },
    el("h2", { id: "codes-h", text: t("acc_codes_title") }),
    el("p", { text: t("acc_codes_note") }), list, el("p", {}, on)));
  on.focus();
}

function guest() {
  const login = form("login", t("acc_login"), [
    field("login-name", t("acc_name"), "text", "username"),
    field("login-password", t("acc_password"), "password", "current-password")],
  t("acc_login_button"), async (v) => {
    await api("POST", "/api/account/login", { name: v["login-name"], password: v["login-password"] });
    await draw();
  });
  const register = form("register", t("acc_register"), [
    field("register-name", t("acc_name"), "text", "username"),
    field("register-password", t("acc_password_new"), "password", "new-password")],
  t("acc_register_button"), async (v) => {
    const r = await api("POST", "/api/account/register", { name: v["register-name"],
      password: v["register-password"], tokens: guestTokens(true).map(([, tok]) => tok) });
    showCodes(r.codes, draw);
  });
  // the server names the field "name"/"password": map its refusal onto this form's inputs
  for (const [f, prefix] of [[login, "login"], [register, "register"]]) {
    for (const i of f.querySelectorAll("input")) i.dataset.field = i.name.slice(prefix.length + 1);
  }
  const recover = form("recover", t("acc_recover"), [
    field("recover-name", t("acc_name"), "text", "username"),
    field("recover-code", t("acc_code")),
    field("recover-password", t("acc_password_new"), "password", "new-password")],
  t("acc_recover_button"), async (v) => {
    await api("POST", "/api/account/recover", { name: v["recover-name"], code: v["recover-code"],
      password: v["recover-password"] });
    await draw();
  });
  const keyErr = el("p", { class: "error", role: "alert", id: "passkey-login-error" });
  const withKey = passkeysWork() ? el("section", { id: "passkey-login-box" },
    el("p", {}, action("passkey-login", t("acc_passkey_login"), keyErr, async () => {
      await passkeyLogin();
      await draw();
    })), keyErr) : null;
  root.replaceChildren(el("p", { class: "hint", text: t("acc_guest_note") }), login, withKey || "", register,
    el("details", { id: "recover-box" }, el("summary", { text: t("acc_recover") }), recover));
}

function member(me) {
  const logout = el("button", { type: "button", id: "logout", text: t("acc_logout") });
  logout.addEventListener("click", async () => { await logOut(); await draw(); });
  const password = form("password", t("acc_change_password"), [
    field("old", t("acc_password_old"), "password", "current-password"),
    field("new", t("acc_password_new"), "password", "new-password")],
  t("acc_change_button"), async (v) => {
    await api("POST", "/api/account/password", { old: v.old, new: v.new });
    password.reset();
    changed.textContent = t("acc_password_changed");
  });
  const changed = el("p", { class: "ok", role: "status", id: "password-ok" });
  password.append(changed);
  const codes = form("new-codes", t("acc_new_codes"), [
    field("codes-password", t("acc_password"), "password", "current-password")],
  t("acc_new_codes_button"), async (v) => {
    const r = await api("POST", "/api/account/codes", { password: v["codes-password"] });
    showCodes(r.codes, draw);
  });
  const remove = form("delete", t("acc_delete"), [
    field("delete-password", t("acc_password"), "password", "current-password")],
  t("acc_delete_button"), async (v) => {
    if (!window.confirm(t("acc_delete_confirm"))) return;
    await api("POST", "/api/account/delete", { password: v["delete-password"] });
    root.replaceChildren(el("p", { class: "status", id: "deleted", text: t("acc_deleted") }),
      el("p", {}, el("a", { href: "/", text: t("acc_to_lobby") })));
  });
  const keyErr = el("p", { class: "error", role: "alert", id: "passkey-error" });
  const keyOk = el("p", { class: "ok", role: "status", id: "passkey-ok" });
  const count = el("p", { class: "hint", id: "passkey-count" });
  const countKeys = async () => {
    const r = await api("GET", "/api/account/passkeys");
    count.textContent = t("acc_passkey_count", { n: r.passkeys.length });
  };
  countKeys().catch(() => {});
  const keys = passkeysWork() ? el("section", { "aria-labelledby": "passkeys-h" },
    el("h2", { id: "passkeys-h", text: t("acc_passkeys") }),
    el("p", { class: "hint", text: t("acc_passkey_note") }), count,
    el("p", {}, action("passkey-add", t("acc_passkey_add"), keyErr, async () => {
      keyOk.textContent = "";
      await addPasskey();
      keyOk.textContent = t("acc_passkey_added");
      await countKeys();
    })), keyErr, keyOk) : null;
  root.replaceChildren(
    el("section", { "aria-labelledby": "me-h" },
      el("h2", { id: "me-h", text: me.name }),
      el("p", { class: "hint" }, t("acc_id"), " ", el("code", { id: "account-id", text: me.id })),
      el("p", {}, el("a", { href: "/", text: t("acc_to_lobby") }), " · ",
        el("a", { href: `/players/${encodeURIComponent(me.name)}`, id: "player-link", text: t("rt_my_page") }), " · ",
        el("a", { href: "/friends", id: "friends-link", text: t("fr_title") }), " ", logout)),
    keys || "", password, codes,
    el("section", { "aria-labelledby": "export-h" },
      el("h2", { id: "export-h", text: t("acc_export") }),
      el("p", { class: "hint", text: t("acc_export_note") }),
      el("p", {}, el("a", { href: "/api/account/export", download: "binokel-account.json",
        id: "export", text: t("acc_export_button") }))),
    el("details", { id: "delete-box" }, el("summary", { text: t("acc_delete") }),
      el("p", { class: "hint", text: t("acc_delete_note") }), remove));
  root.firstElementChild.after(guestSeats(me), mySeasons());
}

/** The seats a guest left in this browser (running tables, not a tournament's): are they
 * the logged-in player's? Only his "yes" takes them into the account; "no" leaves them to
 * the guest (they show again after the logout) and is not asked again in this tab. */
function guestSeats(me) {
  const box = el("section", { id: "guest-seats", class: "notice", "aria-labelledby": "guest-seats-h", hidden: true });
  let declined = null;
  try { declined = sessionStorage.getItem(DECLINED); } catch { /* private mode */ }
  if (declined === me.id) return box;
  guestTables().then((rows) => {
    if (!rows.length) return;
    const err = el("p", { class: "error", role: "alert", id: "guest-seats-error" });
    const take = el("button", { class: "primary", type: "button", id: "take-guest-seats",
      text: t("acc_guest_take") });
    const leave = el("button", { type: "button", id: "leave-guest-seats", text: t("acc_guest_leave") });
    take.addEventListener("click", async () => {
      err.textContent = "";
      try { await takeGuestSeats(rows.map((r) => r.token)); }
      catch (x) { err.textContent = errText(x); return; }
      box.replaceChildren(el("p", { class: "ok", role: "status", id: "guest-seats-taken",
        text: t("acc_guest_taken", { n: rows.length }) }));
    });
    leave.addEventListener("click", () => {
      try { sessionStorage.setItem(DECLINED, me.id); } catch { /* private mode */ }
      box.hidden = true;
    });
    box.replaceChildren(el("h2", { id: "guest-seats-h", text: t("acc_guest_title") }),
      el("p", { text: t("acc_guest_question", { n: rows.length }) }),
      el("ul", { id: "guest-seats-list" }, ...rows.map((r) => el("li", {
        text: `${pick(r.table.title)}: ${t("seat")} ${r.seat + 1} (${r.table.seats[r.seat]?.nickname || ""})` }))),
      el("p", { class: "buttons" }, take, " ", leave), err);
    box.hidden = false;
  }).catch(() => { /* the page works without it */ });
  return box;
}

/** "My seasons": the club seasons the account is a member of, each with his place, a
 * link to his line (web/seasons.py). */
function mySeasons() {
  const list = el("ul", { id: "my-seasons-list" });
  const box = el("section", { id: "my-seasons", "aria-labelledby": "my-seasons-h" },
    el("h2", { id: "my-seasons-h", text: t("season_my") }), list);
  api("GET", "/api/account/seasons").then((r) => {
    const num = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(2));
    list.replaceChildren(...(r.seasons.length ? r.seasons.map((s) => el("li", {},
      el("a", { href: `/season/${s.id}#me`, text: [s.club, s.title].filter(Boolean).join(" – ") }),
      " · ", s.place === null ? t("season_my_unranked")
        : t("season_my_line", { place: s.place, value: num(s.value) })))
      : [el("li", { class: "hint", text: t("season_none") })]));
  }).catch(() => { box.hidden = true; });
  return box;
}

async function draw() {
  let me = null;
  try { me = (await api("GET", "/api/account")).account; }
  catch (x) { root.replaceChildren(el("p", { class: "error", text: errText(x) })); return; }
  noteAccount(me);   // the seats of any other account leave the browser
  if (me) {
    try { await syncSeats(); } catch { /* the page works without it */ }
    member(me);
  } else guest();
}

await loadTexts("acc_title");
await draw();
