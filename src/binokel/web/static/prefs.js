// @ts-check
// The player's preferences, for every page: kept in localStorage, each under its own key
// ("binokel.<name>"), written only when the player chooses (setPref), so that a choice made
// on one page holds on every other. The language: the player's explicit choice, else the
// browser's (the first German or English of its languages), else German.

/** @typedef {"de" | "en"} Lang */

/** The language the browser asks for: the first German or English among its languages.
 * @param {readonly string[]} languages
 * @returns {Lang} */
export function browserLang(languages) {
  for (const tag of languages) {
    const base = (tag || "").slice(0, 2).toLowerCase();
    if (base === "de" || base === "en") return base;
  }
  return "de";
}

/**
 * @typedef {object} Prefs
 * @property {Lang} lang
 * @property {"auto" | "german" | "french"} deck
 * @property {"standard" | "four"} colors
 * @property {"normal" | "high"} contrast
 * @property {"auto" | "light" | "dark"} theme
 * @property {"s" | "m" | "l"} size
 * @property {"off" | "on"} sound
 * @property {string} nickname
 * @property {string} game
 */

/** @type {Prefs} */
const DEFAULTS = {
  lang: browserLang(navigator.languages?.length ? navigator.languages : [navigator.language]),
  deck: "auto",          // auto: the game's own deck (German-suited; Doppelkopf French)
  colors: "standard",    // or "four": four-colour faces
  contrast: "normal",    // or "high"
  theme: "auto",         // auto | light | dark
  size: "m",             // card size s | m | l
  sound: "off",          // optional, off by default
  nickname: "",
  game: "",              // the game last chosen in the lobby
};

/** The values a setting may take (others in storage are ignored).
 * @type {Record<string, string[]>} */
const CHOICES = {
  lang: ["de", "en"], deck: ["auto", "german", "french"], colors: ["standard", "four"],
  contrast: ["normal", "high"], theme: ["auto", "light", "dark"], size: ["s", "m", "l"],
  sound: ["off", "on"],
};

/** The storage of this browser, or null where the page may not use it (a locked-down
 * browser): the preferences then hold for the page's life only. */
function storage() {
  try { return window.localStorage; } catch { return null; }
}

/** The player's preferences (read-only: setPref changes them).
 * @type {Prefs} */
export const prefs = { ...DEFAULTS };
for (const k of /** @type {(keyof Prefs)[]} */ (Object.keys(DEFAULTS))) {
  const v = storage()?.getItem(`binokel.${k}`) ?? null;
  if (v !== null && (!CHOICES[k] || CHOICES[k].includes(v))) /** @type {any} */ (prefs)[k] = v;
}

/** The player chose ``v`` for setting ``k``: kept for every page.
 * @param {keyof Prefs} k
 * @param {string} v */
export function setPref(k, v) {
  if (CHOICES[k] && !CHOICES[k].includes(v)) return;
  /** @type {any} */ (prefs)[k] = v;
  try { storage()?.setItem(`binokel.${k}`, v); } catch { /* full or refused: this page only */ }
  applyLook();
}

/** Language, theme, card size and contrast as attributes of <html>; the CSS does the rest. */
export function applyLook() {
  const root = document.documentElement;
  root.lang = prefs.lang;
  root.dataset.theme = prefs.theme;
  root.dataset.size = prefs.size;
  root.dataset.contrast = prefs.contrast;
  root.dataset.colors = prefs.colors;
}

/** The deck to draw: the player's choice, else the game's own (``gameDeck``: what the
 *  server's table or table info says, "german" or "french"). */
export function deckFor(gameDeck) {
  if (prefs.deck !== "auto") return prefs.deck;
  return gameDeck === "french" ? "french" : "german";
}

/** How the server's texts write cards: in the words of the deck on the faces. */
export const cardWords = (deck) => (deck === "french" ? "french" : "words");

/** The table's look as the player chose it.
 * @returns {import("./table.js").Look} */
export function look() {
  return { lang: prefs.lang, deck: prefs.deck, colors: prefs.colors, contrast: prefs.contrast,
    sound: prefs.sound === "on" };
}
