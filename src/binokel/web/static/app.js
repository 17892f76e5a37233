// The web client's page for the lobby and the tables: routing, the settings menu, and the
// number keys. The lobby is lobby.js; an open table is session.js (its socket, the table
// component of table.js and the side column of side.js), a finished deal's replay on the
// table replay.js (``/t/<id>#replay=<deal>.<step>``); the foundation every page shares
// is net.js (api), words.js (t), prefs.js (the player's preferences, the language).

import { el, setText } from "./dom.js";
import { numberKeys } from "./keys.js";
import { keepToken } from "./net.js";
import { lobbyPage } from "./lobby.js";
import { applyLook, prefs, setPref } from "./prefs.js";
import { closeReplay, parseReplayHash, replayPage } from "./replay.js";
import { closeTable, currentState, currentView, lookChanged, openTable } from "./session.js";
import { t } from "./words.js";

// The open table's last state message, for the tests and their stuck reports.
Object.assign(window, { binokel: { get state() { return currentState(); } } });

// ------------------------------------------------------------------ settings
const SETTINGS = {
  lang: ["de", "en"], deck: ["auto", "german", "french"], colors: ["standard", "four"],
  contrast: ["normal", "high"], theme: ["auto", "light", "dark"], size: ["s", "m", "l"],
  sound: ["off", "on"],
};

function drawSettings() {
  const box = document.getElementById("settings-body");
  box.replaceChildren();
  for (const [key, values] of Object.entries(SETTINGS)) {
    const sel = el("select", { id: `set-${key}` });
    for (const v of values) sel.append(el("option", { value: v, text: t(`set_${key}_${v}`) }));
    sel.value = prefs[key];
    sel.addEventListener("change", () => changed(key, sel.value));
    box.append(el("div", { class: "form-row" }, el("label", { for: `set-${key}`, text: t(`set_${key}`) }), sel));
  }
  setText(document.getElementById("settings-label"), t("settings"));
  document.getElementById("lang").textContent = prefs.lang === "de" ? "EN" : "DE";
  document.getElementById("lang").title = prefs.lang === "de" ? "English" : "Deutsch";
  setText(document.getElementById("skip"), t("skip"));
}

function changed(key, value) {
  setPref(key, value);
  drawSettings();
  // an open table draws in the new look; the lobby is drawn again in a new language
  if (!lookChanged(key) && (key === "lang" || key === "deck")) route();
}

document.getElementById("lang").addEventListener("click", () => changed("lang", prefs.lang === "de" ? "en" : "de"));
applyLook();
drawSettings();
numberKeys(() => currentView()?.handEl);

// ------------------------------------------------------------------ routing
function route() {
  const root = document.getElementById("root");
  const m = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)$/);
  document.title = "Binokel";
  // A seat's link (``#seat=<token>``, side.js): this browser holds the seat from now on;
  // the token leaves the address at once (history, screenshots).
  const seat = m ? /^#seat=([A-Za-z0-9_-]{16,64})$/.exec(location.hash) : null;
  if (m && seat) {
    keepToken(m[1], seat[1]);
    history.replaceState(null, "", location.pathname);
  }
  const replay = m ? parseReplayHash(location.hash) : null;
  if (m && replay) {
    // a finished deal replayed on the table (the address is shareable); back: the table
    closeTable();
    replayPage(root, m[1], replay.deal, replay.step, () => {
      history.pushState(null, "", location.pathname);
      route();
    });
  } else if (m) {
    closeReplay();
    openTable(root, m[1], route);
  } else {
    closeReplay();
    closeTable();
    document.getElementById("conn").textContent = "";
    lobbyPage(root, route).catch((e) => root.prepend(el("div", { class: "error", role: "alert", text: e.message })));
  }
}
window.addEventListener("popstate", route);
route();
