// @ts-check
// The browser's words: one dictionary, German and English, for every page (lobby, table,
// score pad, tournaments). The server writes it into each page as a JSON data block
// (web/pages.py: the client's own words from web/texts.toml and the pad's and tournaments'
// from tournament/texts.toml), so there is no second source of words in the scripts; words
// the server gives with its data (a game's title, its options, the presented table) come
// with that data ({de, en}: pick).

import { prefs } from "./prefs.js";

/** @typedef {"de" | "en"} Lang */
/** @typedef {Record<string, string | number>} Vars */

/** @type {Record<Lang, Record<string, string>>} */
const WORDS = readWords();

function readWords() {
  const block = document.getElementById("words");
  try {
    const data = JSON.parse(block?.textContent || "");
    return { de: data.de || {}, en: data.en || {} };
  } catch {
    return { de: {}, en: {} };    // a page without its words says the keys
  }
}

/** ``text`` with each ``{name}`` that ``vars`` has a value for replaced by that value.
 * @param {string} text
 * @param {Vars | null | undefined} vars */
export function fill(text, vars) {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (m, n) => (Object.hasOwn(vars, n) ? String(vars[n]) : m));
}

/** The words ``key`` in ``lang``, placeholders filled from ``vars`` (the key itself where the
 * dictionary has no such words).
 * @param {Lang} lang
 * @param {string} key
 * @param {Vars} [vars] */
export function translate(lang, key, vars) {
  const text = WORDS[lang][key] ?? WORDS.de[key];
  return text === undefined ? key : fill(text, vars);
}

/** Whether the dictionary has words for ``key``.
 * @param {string} key */
export const has = (key) => Object.hasOwn(WORDS.de, key);

/** The words ``key`` in the player's language (prefs.js).
 * @param {string} key
 * @param {Vars} [vars] */
export const t = (key, vars) => translate(prefs.lang, key, vars);

/** A text the server gives in both languages ({de, en} or [de, en]).
 * @param {{de?: string, en?: string} | string[] | null | undefined} texts
 * @param {Lang} [lang] */
export function pick(texts, lang = prefs.lang) {
  if (!texts) return "";
  if (Array.isArray(texts)) return lang === "en" ? texts[1] ?? texts[0] : texts[0];
  return texts[lang] ?? texts.de ?? "";
}

/** A bot as the lobby shows it before the server names it: "Lina (strong)". ``words`` is
 * the ``bots`` part of /api/meta (names and level words), the presenter's own texts.
 * @param {{names: string[], levels: Record<string, {de: string, en: string}>}} words
 * @param {string} kind
 * @param {number} i */
export function botLabel(words, kind, i) {
  const names = words.names;
  return `${names[i % names.length]} (${pick(words.levels[kind]) || kind})`;
}

/** Codes whose server sentence says what exactly is wrong: kept after the German lead. */
const DETAIL = new Set(["illegal", "bad_chat", "bad_nickname", "too_large", "bad_options",
  "bad_settings", "bad_players", "bad_bots", "not_found", "forbidden", "full", "invalid",
  "bad_request", "http"]);

/**
 * A refusal of the server ({code, message}: an ApiError of net.js or a socket's error
 * message) in the player's language. Where the server's sentence carries a detail the
 * player needs, the English interface shows it as is and the German one in parentheses after
 * a German lead. Where the server names what a person typed wrong (``reason``, with
 * ``params``) and ``why_<reason>`` has words for it, those are said whole instead; where the
 * server says the whole sentence in every language (``words``: a score pad's errors), that.
 * An unknown code shows the server's message.
 * @param {{code?: string, message?: string, reason?: string,
 *          params?: Record<string, string | number>,
 *          words?: {de?: string, en?: string}} | null | undefined} err
 * @param {Lang} [lang]
 */
export function errorText(err, lang = prefs.lang) {
  const code = err && err.code;
  const message = (err && err.message) || "";
  if (err && err.reason && has(`why_${err.reason}`)) {
    return translate(lang, `why_${err.reason}`, err.params);
  }
  if (err && err.words && err.words[lang]) return err.words[lang];
  if (!code || !has(`err_${code}`)) return message;
  const words = translate(lang, `err_${code}`);
  if (DETAIL.has(code) && message) return lang === "en" ? message : `${words} (${message})`;
  return words;
}
