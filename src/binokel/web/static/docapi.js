// What the pad and tournament pages share: the JSON API with the owner's token, the page's
// words and the owner's token from the address fragment (never sent to the server in a URL).

import { el } from "/static/dom.js";
import { errorText } from "/static/prefs.js";

export const owner = new URLSearchParams(location.hash.slice(1)).get("owner");
export const lang = (navigator.language || "de").startsWith("de") ? "de" : "en";
let T = {};
export const t = (k, v = {}) => (T[k] || k).replace(/\{(\w+)\}/g, (_, n) => v[n] ?? "");

export async function loadTexts(titleKey) {
  T = (await (await fetch("/api/page-texts")).json())[lang];
  document.documentElement.lang = lang;
  document.getElementById("title").textContent = t(titleKey);
  document.title = `Binokel – ${t(titleKey)}`;
}

/** A JSON request; null for 304 (nothing new); an error carries the server's message and
 * the field it names. */
export async function api(method, path, body) {
  const headers = { "content-type": "application/json" };
  if (owner) headers["x-owner-token"] = owner;
  const r = await fetch(path, { method, headers, body: body && JSON.stringify(body) });
  if (r.status === 304) return null;
  const data = await r.json();
  if (!r.ok) {
    throw Object.assign(new Error(data.message || r.statusText), {
      code: data.error, field: data.field, reason: data.reason, params: data.params });
  }
  return data;
}

/** A refusal of the server in the page's language (prefs.js's errorText). */
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
