// What the score pad and tournament pages share, on the browser foundation every page uses
// (net.js's api, words.js's t, prefs.js's language): the owner's token from the address
// fragment (never sent to the server in a URL, only as a header), the page's title and
// language button, and the server's games.

import { el } from "/static/dom.js";
import { api as call } from "/static/net.js";
import { applyLook, prefs, setPref } from "/static/prefs.js";
import { errorText, t } from "/static/words.js";

export { t };
export const owner = new URLSearchParams(location.hash.slice(1)).get("owner");
/** The page's language: the player's choice (any page's), else the browser's. */
export const lang = prefs.lang;

/** The page's title and language (the words are in the page: web/pages.py); the header's
 * language button changes the choice for every page and draws this one again. */
export async function loadTexts(titleKey) {
  applyLook();
  document.getElementById("title").textContent = t(titleKey);
  document.title = `Binokel – ${t(titleKey)}`;
  const other = lang === "de" ? "en" : "de";
  const button = document.getElementById("lang");
  if (button) {
    button.textContent = other.toUpperCase();
    button.title = other === "en" ? "English" : "Deutsch";
    button.addEventListener("click", () => { setPref("lang", other); location.reload(); });
  }
}

/** A JSON request with the owner's token where the page has one; null for 304 (nothing
 * new); an error carries the server's code, message and the field it names (net.js). */
export const api = (method, path, body) =>
  call(method, path, body, owner ? { "x-owner-token": owner } : {});

/** A refusal of the server in the page's language (words.js's errorText). */
export const errText = (x) => errorText(x, lang);

let metaCache = null;

/** The server's games with their presets and options (/api/meta, as the lobby has it),
 * fetched once per page. */
export async function getMeta() {
  metaCache = metaCache || await api("GET", "/api/meta");
  return metaCache;
}

/** A select of every game, named in the page's language (the server's game list). */
export async function gameSelect(id) {
  const meta = await getMeta();
  return el("select", { id, name: "game" },
    ...meta.games.map((g) => el("option", { value: g.name, text: g.title[lang] || g.name })));
}
