// The protocol of the web game, and nothing else: HTTP calls of the lobby and the table's
// WebSocket. Every message the client sends or expects is built or read here, so a change
// of the server's protocol (docs/web.md) is reconciled in this one module.
//
// Messages sent (client -> server):
//   {type: "action", action, move, deal}  an offered action; move/deal name the state it was
//                                         chosen in (issue 13: the server refuses a stale one;
//                                         main's server ignores the two extra fields)
//   {type: "next"}                        ready for the next deal (issue 13: every person
//                                         says it, the deal starts when all are ready)
//   {type: "prefs", lang, cards}          the language and how texts write cards
//   {type: "ping"}
// Messages read (server -> client): "state", "error", "pong".

/**
 * A refusal or a failure of an HTTP call: ``code`` is the server's error code (``offline``
 * where no answer came, ``http`` where the answer was not the server's JSON), ``message``
 * its sentence, ``field`` the form field it names, ``reason`` and ``params`` what exactly a
 * person typed wrong (docs/web.md), ``words`` the whole sentence in every language (a score
 * pad's errors); ``status`` the HTTP status (0: no answer).
 * @typedef {Error & {code: string, status: number, field?: string, reason?: string,
 *                    params?: Record<string, string | number>,
 *                    words?: {de?: string, en?: string}}} ApiError
 */

/**
 * The one JSON HTTP call of every page: ``body`` (when given) is sent as JSON, the answer is
 * read as JSON; null for 304 (nothing new since ``?since=``) or an empty answer. Every
 * failure throws an ApiError, which words.js's errorText says in the player's language.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {Record<string, string>} [headers]
 * @returns {Promise<any>}
 */
export async function api(method, path, body, headers = {}) {
  // A logged-in session's CSRF token goes with every change (docs/web.md, "Accounts"):
  // the server refuses a change of a session without it. Guests have no such cookie.
  const token = method === "GET" ? "" : csrfToken();
  if (token) headers = { ...headers, "X-CSRF-Token": token };
  /** @type {RequestInit} */
  const opts = { method, headers: { ...headers } };
  if (body !== undefined) {
    opts.headers = { ...headers, "Content-Type": "application/json" };
    opts.body = JSON.stringify(body);
  }
  let r;
  try { r = await fetch(path, opts); }
  catch (e) { throw apiError("offline", String(e instanceof Error ? e.message : e), 0); }
  if (r.status === 304) return null;
  let data = null;
  try { data = await r.json(); } catch { data = null; }
  if (!r.ok) {
    const err = apiError(data?.error || "http", data?.message || r.statusText || `HTTP ${r.status}`,
      r.status);
    if (data?.field) err.field = data.field;
    if (data?.reason) err.reason = data.reason;
    if (data?.params) err.params = data.params;
    if (data?.words) err.words = data.words;
    throw err;
  }
  return data;
}

/** The session's CSRF token, from the cookie the server sets at login ("" for a guest).
 * @returns {string} */
export function csrfToken() {
  const m = document.cookie.match(/(?:^|;\s*)binokel_csrf=([^;]*)/);
  return m ? decodeURIComponent(m[1]) : "";
}

/** @param {string} code @param {string} message @param {number} status
 *  @returns {ApiError} */
function apiError(code, message, status) {
  return Object.assign(new Error(message), { code, status });
}

export const getMeta = () => api("GET", "/api/meta");
export const getTable = (id) => api("GET", `/api/tables/${encodeURIComponent(id)}`);
export const createTable = (spec) => api("POST", "/api/tables", spec);
export const joinSeat = (id, seat, nickname) =>
  api("POST", `/api/tables/${encodeURIComponent(id)}/join`, { seat, nickname });
export const replayStep = (id, deal, step, lang, cards) => api("GET",
  `/api/tables/${encodeURIComponent(id)}/deals/${deal}/replay?` +
  new URLSearchParams({ step: String(step), lang, cards }));
/** A finished deal's card plays marked with the points each gave away (worded server-side). */
export const analysisOf = (id, deal, lang, cards) => api("GET",
  `/api/tables/${encodeURIComponent(id)}/deals/${deal}/analysis?` + new URLSearchParams({ lang, cards }));
/** A table's finished deals (``[{number, dealer, result, series}]``), of a closed table too. */
export const finishedDeals = (id) => api("GET", `/api/tables/${encodeURIComponent(id)}/deals`);
export const recordUrl = (id, deal) => `/api/tables/${encodeURIComponent(id)}/deals/${deal}/record`;

/** A page of the lobby's tables (``status``: waiting, the open ones, or playing, the ones
 * to watch): ``{tables, next}`` (``next``: the cursor of the following page, null at the
 * end). */
export async function listTables(cursor, status = "waiting") {
  const params = { status };
  if (cursor) params.cursor = cursor;
  const q = `?${new URLSearchParams(params)}`;
  const data = await api("GET", `/api/tables${q}`);
  if (Array.isArray(data)) return { tables: data, next: null };
  return { tables: data.tables || [], next: data.next || null };
}

// ------------------------------------------------------------------ seat tokens
// Whose seats a browser keeps (docs/web.md, "Seats on a shared computer"): each token under
// ``binokel.token.<table>``; a seat of an account (taken logged in, or from the account's
// other devices) is marked with the account's id under ``binokel.seat-account.<table>``;
// a guest's is not. The seats a tab took or played carry the time in that tab's
// sessionStorage (``binokel.tab-seat.<table>``): a registration right after playing in
// the same tab takes them along, and nothing else moves a guest's seat without asking.
const tokenKey = (id) => `binokel.token.${id}`;
const seatAccountKey = (id) => `binokel.seat-account.${id}`;
const tabKey = (id) => `binokel.tab-seat.${id}`;
const ACCOUNT_KEY = "binokel.account";     // the account this browser is logged in to
const TAB_RECENT_MS = 3 * 3600 * 1000;      // "right after playing": within three hours
export const seatToken = (id) => localStorage.getItem(tokenKey(id));
/** Keeps a seat token this browser just got: the account's when logged in, else a
 * guest's, and this tab's. */
export function keepToken(id, token) {
  localStorage.setItem(tokenKey(id), token);
  const account = csrfToken() ? localStorage.getItem(ACCOUNT_KEY) : null;
  if (account) localStorage.setItem(seatAccountKey(id), account);
  else localStorage.removeItem(seatAccountKey(id));
  playedHere(id);
}
export function dropToken(id) {
  localStorage.removeItem(tokenKey(id));
  localStorage.removeItem(seatAccountKey(id));
}
/** This tab plays the seat at table ``id`` now. */
function playedHere(id) {
  try { sessionStorage.setItem(tabKey(id), String(Date.now())); } catch { /* private mode */ }
}
// The owner token of a table this browser made: with it the creator hands on the seat of a
// person who is away (docs/web.md, POST .../seats/{n}/release).
const creatorKey = (id) => `binokel.owner.${id}`;
export const ownerToken = (id) => localStorage.getItem(creatorKey(id));
export const keepOwner = (id, token) => localStorage.setItem(creatorKey(id), token);
export const releaseSeat = (id, seat, owner) => api("POST",
  `/api/tables/${encodeURIComponent(id)}/seats/${seat}/release`, undefined, { "X-Owner-Token": owner });

// The server lists at most this many tokens at once (MAX_TOKENS): the newest are asked.
const MAX_ASKED = 50;

/** "My tables": the running tables where the seat tokens of whoever uses this browser now
 * still hold a seat (the newest tokens, up to the server's limit). */
export const myTables = () => tablesOf(keptTokens());

/** The running tables (``[{seat, token, table}]``) where ``pairs`` still hold a seat. */
async function tablesOf(pairs) {
  if (!pairs.length) return [];
  const data = await api("POST", "/api/my-tables", { tokens: pairs.map(([, tok]) => tok) });
  return data.tables || [];
}

// ------------------------------------------------------------------ the account
/** Who is logged in: ``{account: {id, name} | null, csrf}`` (docs/web.md, "Accounts");
 * the browser forgets the seats of any other account (noteAccount). */
export async function getAccount() {
  const r = await api("GET", "/api/account");
  noteAccount(r.account);
  return r;
}

/** The page learned who is logged in (null: nobody): the seats of any other account leave
 * the browser (a logout in another tab, an ended session, the next person's login). */
export function noteAccount(account) {
  const id = account ? account.id : null;
  if (id) localStorage.setItem(ACCOUNT_KEY, id);
  else localStorage.removeItem(ACCOUNT_KEY);
  for (const [table] of allTokens()) {
    const owner = localStorage.getItem(seatAccountKey(table));
    if (owner && owner !== id) dropToken(table);
  }
}

/** Every seat token this browser keeps, oldest first, as [table id, token] pairs. */
function allTokens() {
  const kept = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k && k.startsWith("binokel.token.")) kept.push([k.slice("binokel.token.".length), localStorage.getItem(k)]);
  }
  return kept;
}

/** The seat tokens of whoever uses this browser now, newest last, as [table id, token]
 * pairs: a logged-in account's seats, or a guest's. */
export function keptTokens() {
  // logged in to an account the page has not learned yet: none until it has (getAccount)
  const account = csrfToken() ? localStorage.getItem(ACCOUNT_KEY) ?? "" : null;
  return allTokens().filter(([table]) => localStorage.getItem(seatAccountKey(table)) === account)
    .slice(-MAX_ASKED);
}

/** The seat tokens a guest left in this browser (none of an account's), as pairs;
 * ``tab``: only those this tab played within the last hours. */
export function guestTokens(tab = false) {
  const since = Date.now() - TAB_RECENT_MS;
  const here = (table) => {
    try { return Number(sessionStorage.getItem(tabKey(table)) || 0) > since; } catch { return false; }
  };
  return allTokens().filter(([table]) => localStorage.getItem(seatAccountKey(table)) === null &&
    (!tab || here(table))).slice(-MAX_ASKED);
}

/** The running tables where a guest's seat tokens this browser keeps still hold a seat, but
 * a duplicate tournament's (its seat is its entry's: docs/tournament.md): what a logged-in
 * player is asked whether to take into his account. */
export async function guestTables() {
  return (await tablesOf(guestTokens())).filter((r) => !r.table.settings?.duplicate);
}

/** Marks the account's seats this browser keeps as the account's (``seats``: the server's
 * list) and keeps those it lacks, so that "my tables" and the table pages find them. */
function ownSeats(seats) {
  const account = localStorage.getItem(ACCOUNT_KEY);
  if (!account) return;
  for (const s of seats) {
    const kept = seatToken(s.table);
    if (!kept) localStorage.setItem(tokenKey(s.table), s.token);
    if (!kept || kept === s.token) localStorage.setItem(seatAccountKey(s.table), account);
  }
}

/** A logged-in browser's seats and its account's: the seats this browser took logged in
 * are handed to the account (never a guest's: guestTables, takeGuestSeats), and the
 * account's (from its other devices) kept here. */
export async function syncSeats() {
  const tokens = keptTokens().map(([, tok]) => tok);
  const data = await api("POST", "/api/account/seats", { tokens });
  ownSeats(data.seats || []);
}

/** The logged-in player says the guest's seats ``tokens`` are his: they go into his
 * account (and follow it to his other devices). How many were new. */
export async function takeGuestSeats(tokens) {
  const data = await api("POST", "/api/account/seats", { tokens });
  ownSeats(data.seats || []);
  return data.added || 0;
}

/** Logs out; the account's seats leave this browser (the next person finds a guest's
 * browser). */
export async function logOut() {
  const r = await api("POST", "/api/account/logout", {});
  for (const s of r?.seats || []) if (seatToken(s.table) === s.token) dropToken(s.table);
  noteAccount(null);
}

// ------------------------------------------------------------------ the table's socket
/**
 * One table's live connection; reconnects after a drop with the seat token it holds.
 * ``handlers``: onState(msg), onError(code, message), onStatus(connected: bool),
 * onChat(lines, all): chat lines (all: the table's history, replacing what was shown).
 */
export class TableSocket {
  constructor(id, prefs, handlers) {
    this.id = id;
    this.prefs = prefs;          // {lang, cards}
    this.h = handlers;
    this.ws = null;
    this.last = null;            // the last state message, for move/deal of an action
    this.timer = null;
    this.closed = false;
    this.open();
  }

  open() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const q = new URLSearchParams({ lang: this.prefs.lang, cards: this.prefs.cards });
    const token = seatToken(this.id);
    if (token) { q.set("token", token); playedHere(this.id); }
    const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(this.id)}?${q}`);
    this.ws = ws;
    ws.onopen = () => this.h.onStatus(true);
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === "state") { this.last = msg; this.h.onState(msg); }
      else if (msg.type === "chat") this.h.onChat?.([msg]);
      else if (msg.type === "chat_history") this.h.onChat?.(msg.lines || [], true);
      else if (msg.type === "hint") this.h.onHint?.(msg);
      else if (msg.type === "error") {
        if (msg.code === "bad_token") dropToken(this.id);
        this.h.onError(msg.code, msg.message);
      }
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.h.onStatus(false);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.open(), 1500);
    };
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) { this.ws.onclose = null; this.ws.close(); }
  }

  send(obj) {
    if (this.ws && this.ws.readyState === 1) { this.ws.send(JSON.stringify(obj)); return true; }
    return false;
  }

  /** An action the table offered, naming the state it was chosen in (by default the last
   * one received). */
  action(action, move = this.last?.moves, deal = this.last?.deal) {
    playedHere(this.id);
    return this.send({ type: "action", action, move, deal });
  }

  /** Ready for the next deal (or, after a finished series, a rematch: issue 13). */
  next(series = false) { return this.send(series ? { type: "next", series: true } : { type: "next" }); }

  /** A chat line (the server checks length and rate, and answers chat_off/rate_limited). */
  chat(text) { return this.send({ type: "chat", text }); }

  /** Give the seat up; the connection watches on. At a running table (``keep``) the seat
   * keeps its name and a stand-in plays it: the token is kept, so that this browser can
   * take the seat back; elsewhere the seat is free and the token holds it no more. */
  leave(keep = false) {
    const sent = this.send({ type: "leave" });
    if (sent && !keep) dropToken(this.id);
    return sent;
  }

  /** Ask what the strong player would do (only where the table allows hints). */
  hint() { return this.send({ type: "hint" }); }

  /** Take the seat back after a turn timeout (a stand-in bot played it). */
  back() { return this.send({ type: "back" }); }

  setPrefs(prefs) {
    this.prefs = prefs;
    this.send({ type: "prefs", lang: prefs.lang, cards: prefs.cards });
  }
}
