// The player's settings (kept in localStorage) and the client's own words in both languages.

const DEFAULTS = {
  lang: (navigator.language || "de").slice(0, 2) === "en" ? "en" : "de",
  deck: "auto",          // auto: the game's own deck (German-suited; Doppelkopf French)
  colors: "standard",    // or "four": four-colour faces
  contrast: "normal",    // or "high"
  theme: "auto",         // auto | light | dark
  size: "m",             // card size s | m | l
  sound: "off",          // optional, off by default
  nickname: "",
};
const CHOICES = {
  lang: ["de", "en"], deck: ["auto", "german", "french"], colors: ["standard", "four"],
  contrast: ["normal", "high"], theme: ["auto", "light", "dark"], size: ["s", "m", "l"],
  sound: ["off", "on"],
};

export const prefs = { ...DEFAULTS };
for (const k of Object.keys(DEFAULTS)) {
  const v = localStorage.getItem(`binokel.${k}`);
  if (v !== null && (!CHOICES[k] || CHOICES[k].includes(v))) prefs[k] = v;
}

export function setPref(k, v) {
  prefs[k] = v;
  localStorage.setItem(`binokel.${k}`, v);
  applyLook();
}

/** Theme, card size and contrast as attributes of <html>; the CSS does the rest. */
export function applyLook() {
  const root = document.documentElement;
  root.lang = prefs.lang;
  root.dataset.theme = prefs.theme;
  root.dataset.size = prefs.size;
  root.dataset.contrast = prefs.contrast;
  root.dataset.colors = prefs.colors;
}

/** The deck to draw for a game: the player's choice, else the table's, else the game's. */
export function deckFor(game, tableDeck) {
  if (prefs.deck !== "auto") return prefs.deck;
  if (tableDeck === "german" || tableDeck === "french") return tableDeck;
  return game === "doppelkopf" ? "french" : "german";
}

/** How the server's texts write cards: in the words of the deck on the faces. */
export const cardWords = (deck) => (deck === "french" ? "french" : "words");

// Every word of the client in German and English side by side (as the server's texts.toml
// keeps them): one table, so a word cannot be missing in one language.
export const TEXTS = {
  newTable: ["Neuer Tisch", "New table"],
  create: ["Tisch anlegen und Platz nehmen", "Create the table and sit down"],
  preset: ["Regeln", "Rules"],
  target: ["Ziel (Punkte)", "Target (points)"],
  deals: ["Spiele je Runde (0 = bis zum Ziel)", "Deals per round (0 = play to the target)"],
  dealsOnly: ["Spiele je Runde", "Deals per round"],
  players: ["Spieler", "Players"],
  seat: ["Platz", "Seat"],
  person: ["Mensch", "Person"],
  openTables: ["Offene Tische", "Open tables"],
  none: ["Gerade wartet kein Tisch auf Mitspieler.", "No table is waiting for players right now."],
  join: ["Platz nehmen", "Take seat"],
  nickname: ["Dein Name", "Your name"],
  spectate: ["Zuschauen", "Watch"],
  invite: ["Einladungslink", "Invite link"],
  copy: ["Kopieren", "Copy"],
  copied: ["Kopiert", "Copied"],
  noRecords: ["Noch ist kein Spiel zu Ende.", "No deal has finished yet."],
  waiting: ["Warte auf Mitspieler …", "Waiting for players …"],
  yourTurn: ["Du bist dran", "Your turn"],
  toMove: ["{name} ist dran", "{name} to move"],
  thinks: ["{name} überlegt …", "{name} is thinking …"],
  next: ["Nächstes Spiel", "Next deal"],
  ready: ["Bereit – warte auf die anderen", "Ready – waiting for the others"],
  lastTrick: ["Letzter Stich", "Last trick"],
  sheet: ["Schreibzettel", "Score sheet"],
  deal: ["Spiel", "Deal"],
  result: ["Ergebnis", "Result"],
  records: ["Gespielte Spiele", "Finished deals"],
  download: ["Datei", "File"],
  replay: ["Nachspielen", "Replay"],
  cards: ["Karten", "cards"],
  onTable: ["Offen auf dem Tisch:", "Face up on the table:"],
  winner: ["Rundensieger: ", "Round winner: "],
  options: ["Hausregeln", "House rules"],
  game: ["Spiel", "Game"],
  connected: ["verbunden", "connected"],
  offline: ["getrennt – verbinde neu …", "offline – reconnecting …"],
  spectator: ["Du schaust zu", "You are watching"],
  hand: ["Deine Karten", "Your cards"],
  seatTaken: ["besetzt", "taken"],
  freeSeat: ["frei", "free"],
  log: ["Verlauf", "Log"],
  bid: ["Reizen", "Bid"],
  badBid: ["Gebote von {low} bis {high}, in Schritten von {step}.", "Bids from {low} to {high}, in steps of {step}."],
  partners: ["Partner: ", "Partners: "],
  total: ["Summe", "Total"],
  durchTally: ["Durch-Konto", "Durch tally"],
  rules: ["Die Regeln in Kürze", "The rules in brief"],
  tableRules: ["Regeln dieses Tisches", "This table's rules"],
  presetIs: ["Voreinstellung {name}: {text}", "Preset {name}: {text}"],
  houseRulesN: ["{n} Hausregeln", "{n} house rules"],
  houseRules1: ["1 Hausregel", "1 house rule"],
  asPreset: ["Ohne Hausregeln: so, wie die Voreinstellung es sagt.", "No house rules: as the preset has it."],
  bot: ["Computer", "Computer"],
  step: ["Zug", "Step"],
  start: ["Anfang", "Start"],
  end: ["Ende", "End"],
  close: ["Schließen", "Close"],
  handsAt: ["Karten aller Spieler", "Every player's cards"],
  dealsDone: ["Spiele", "deals"],
  settings: ["Einstellungen", "Settings"],
  language: ["Sprache", "Language"],
  deck: ["Kartenbild", "Card faces"],
  deckAuto: ["wie das Spiel", "the game's"],
  german: ["deutsch", "German"],
  french: ["französisch", "French"],
  colors: ["Farben", "Colours"],
  four: ["vierfarbig", "four colours"],
  standard: ["normal", "standard"],
  contrast: ["Kontrast", "Contrast"],
  high: ["hoch", "high"],
  normal: ["normal", "normal"],
  theme: ["Aussehen", "Theme"],
  light: ["hell", "light"],
  dark: ["dunkel", "dark"],
  auto: ["wie das System", "system"],
  size: ["Kartengröße", "Card size"],
  s: ["klein", "small"],
  m: ["mittel", "medium"],
  l: ["groß", "large"],
  sound: ["Ton", "Sound"],
  on: ["an", "on"],
  off: ["aus", "off"],
  trump: ["Trumpf", "Trump"],
  bidNow: ["Gebot", "Bid"],
  noBid: ["noch kein Gebot", "no bid yet"],
  yourMelds: ["Deine Meldung", "Your melds"],
  meldIf: ["Meldung mit Trumpf", "Melds with trump"],
  dealer: ["Geber", "dealer"],
  tapTrick: ["Tippen: weiter", "Tap: continue"],
  made: ["Gewonnen", "Made"],
  lost: ["Verloren", "Lost"],
  change: ["Punkte", "Points"],
  explain: ["Abrechnung im Einzelnen", "The scoring in detail"],
  nickNeeded: ["Bitte gib deinen Namen ein.", "Please enter your name."],
  pushWarn: ["Achtung: ", "Careful: "],
  cannotPlay: ["Nicht spielbar: ", "Cannot play: "],
  selected: ["ausgewählt", "selected"],
  tricks: ["Stiche", "Tricks"],
  skip: ["Zum Spiel springen", "Skip to the game"],
  rematch: ["Revanche", "Rematch"],
  round_done: ["Die Turnierrunde ist gespielt. Die Wertung steht auf der Turnierseite, sobald alle Tische fertig sind.",
    "The tournament round is played. The results are on the tournament page once every table is done."],
  melds: ["Meldung", "Melds"],
  table: ["Tisch", "Table"],
  turnTimeout: ["Bedenkzeit", "Time to think"],
  timeoutOff: ["unbegrenzt (unter Freunden)", "unlimited (among friends)"],
  seconds: ["{n} Sekunden", "{n} seconds"],
  minutes: ["{n} Minuten", "{n} minutes"],
  chatOn: ["Chat", "Chat"],
  chat: ["Chat", "Chat"],
  chatSay: ["Nachricht an den Tisch", "Message to the table"],
  chatSend: ["Senden", "Send"],
  chatErr_rate_limited: ["Nicht so schnell – gleich geht es wieder.", "Not so fast – you can write again in a moment."],
  chatErr_chat_off: ["An diesem Tisch ist der Chat aus.", "Chat is off at this table."],
  chatErr_bad_chat: ["Diese Nachricht geht nicht (1 bis 200 Zeichen).", "That message cannot be sent (1 to 200 characters)."],
  chatErr_not_seated: ["Zuschauer können nicht schreiben.", "Spectators cannot write."],
  leaveSeat: ["Platz freigeben", "Leave my seat"],
  toLobby: ["Zur Übersicht", "Back to the lobby"],
  myTables: ["Meine Tische", "My tables"],
  watchTables: ["Laufende Tische (zuschauen)", "Running tables (watch)"],
  hintBtn: ["Tipp", "Hint"],
  hintsOn: ["Tipps erlaubt", "Hints allowed"],
  hintSays: ["Tipp: {a}", "Hint: {a}"],
  hintUnit: ["Werte", "values"],
  hintErr_hints_off: ["An diesem Tisch gibt es keine Tipps.", "This table does not allow hints."],
  hintErr_rate_limited: ["Ein Tipp nur alle paar Sekunden.", "One hint every few seconds."],
  hintErr_not_your_turn: ["Ein Tipp gilt nur, wenn du dran bist.", "A hint is for your turn only."],
  noneWatch: ["Gerade läuft kein Tisch.", "No table is playing right now."],
  more: ["Mehr", "More"],
  awayTag: ["abwesend – der Computer spielt", "away – the computer plays"],
  youAway: ["Deine Zeit war um: der Computer spielt für dich.", "Your time ran out: the computer plays for you."],
  takeBack: ["Ich bin wieder da", "I'm back"],
  seedNote: ["Übungsspiele: Startwert {n} – alle Karten sind vorhersagbar",
    "Practice deals: seed {n} – every card can be predicted"],
  seedChip: ["Startwert {n}", "Seed {n}"],
  // The server's refusals by their code (errorText); a code in DETAIL keeps the server's
  // own sentence, which names what exactly is wrong (a card's reason, an allowed range).
  err_seat_taken: ["Der Platz ist schon besetzt.", "That seat is taken."],
  err_not_your_turn: ["Du bist nicht dran.", "It is not your turn."],
  err_illegal: ["Das geht so nicht", "That move is not allowed"],
  err_bad_move: ["Da ist was durcheinander – lad die Seite neu.", "Something got mixed up – reload the page."],
  err_stale: ["Der Tisch ist schon weiter.", "The table has moved on."],
  err_rate_limited: ["Nicht so schnell – wart kurz.", "Not so fast – wait a moment."],
  err_too_many: ["Du hast schon zu viele angelegt.", "You have created too many already."],
  err_too_many_tables: ["Du hast schon zu viele Tische offen – spiel erst einen fertig.",
    "You have too many tables open – finish one first."],
  err_server_full: ["Der Server ist voll – probier's nachher nochmal.", "The server is full – try again later."],
  err_busy: ["Der Server rechnet grad viel – probier's gleich nochmal.", "The server is busy – try again soon."],
  err_no_table: ["Den Tisch gibt's nicht (mehr).", "There is no such table (any more)."],
  err_not_seated: ["Zuschauer spielen nicht mit – setz dich erst hin.", "Spectators cannot play – take a seat first."],
  err_bad_token: ["Dein Platz an diesem Tisch gilt nicht mehr.", "Your seat at this table is no longer yours."],
  err_chat_off: ["An diesem Tisch ist der Chat aus.", "Chat is off at this table."],
  err_bad_chat: ["Die Nachricht geht nicht", "That message cannot be sent"],
  err_bad_nickname: ["Der Name geht nicht", "That name cannot be used"],
  err_hints_off: ["An diesem Tisch gibt's keine Tipps.", "This table does not allow hints."],
  err_round_over: ["Die Runde ist fertig gespielt.", "Every deal of this round is played."],
  err_sealed: ["Die Spiele zeigen wir, wenn alle Tische fertig sind.", "The deals are shown when every table has finished."],
  err_not_started: ["Es geht los, wenn alle Plätze besetzt sind.", "The game starts when every seat is taken."],
  err_not_over: ["Das geht erst, wenn fertig gespielt ist.", "That is possible once play is over."],
  err_no_deal: ["Das Spiel gibt's nicht.", "There is no such deal."],
  err_too_large: ["Das ist zu lang", "That is too long"],
  err_too_many_seats: ["Von deiner Adresse aus sind schon zu viele Plätze besetzt – gib erst einen frei.",
    "Too many seats are taken from your address – leave one first."],
  // Entry to a duplicate tournament (web/entry.py).
  err_already_entered: ["Von diesem Browser aus bist du schon angemeldet: Jeder spielt einmal mit.",
    "This browser has entered already: one entry per person."],
  err_already_waiting: ["Die Anfrage von diesem Browser wartet schon auf die Turnierleitung.",
    "This browser's request already waits for the organiser."],
  err_refused: ["Die Turnierleitung hat die Anmeldung von diesem Browser nicht zugelassen.",
    "The organiser did not admit this browser's entry."],
  err_entry_closed: ["Angemeldet wird mit persönlichem Link: Frag die Turnierleitung nach deinem.",
    "Entry is by personal link: ask the organiser for yours."],
  err_link_used: ["Dieser Anmeldelink ist schon benutzt: Jeder gilt einmal.", "This entry link has been used: each works once."],
  err_link_revoked: ["Die Turnierleitung hat diesen Anmeldelink zurückgezogen.", "The organiser has withdrawn this entry link."],
  err_bad_link: ["Das ist kein Anmeldelink dieses Turniers.", "This is not an entry link of this tournament."],
  err_name_taken: ["Den Namen hat schon jemand in diesem Turnier.", "Somebody in this tournament has that name."],
  err_bad_seed: ["Der Startwert muss eine Zahl von 0 bis 2147483647 sein.",
    "The seed must be a number from 0 to 2147483647."],
  err_bad_options: ["Die Regeln passen nicht", "The rules do not fit"],
  err_bad_settings: ["Die Tisch-Einstellungen passen nicht", "The table's settings do not fit"],
  err_bad_players: ["Die Spielerzahl passt nicht", "The number of players does not fit"],
  err_bad_bots: ["Die Computer-Spieler passen nicht", "The computer players do not fit"],
  err_bad_game: ["Das Spiel kennt der Server nicht.", "The server does not know that game."],
  err_not_found: ["Nicht gefunden", "Not found"],
  err_forbidden: ["Das darfst du nicht", "Not allowed"],
  err_full: ["Es ist voll", "It is full"],
  err_over: ["Das Turnier ist vorbei.", "The tournament is over."],
  err_name_taken: ["Den Namen hat in diesem Turnier schon jemand.", "Somebody in this tournament has that name."],
  err_too_few: ["Für eine Runde braucht's mindestens 2 Spieler.", "A round needs at least 2 players."],
  err_invalid: ["Das passt nicht", "That does not fit"],
  err_bad_request: ["Das passt nicht", "That does not fit"],
  // What exactly a person typed wrong (the server's ``reason``), said whole.
  why_nickname_length: ["Ein Name hat 1 bis {max} Zeichen.", "A name has 1 to {max} characters."],
  why_nickname_hidden: ["Im Namen gehen keine unsichtbaren Zeichen oder Steuerzeichen.",
    "A name must not contain invisible or control characters."],
  why_nickname_letter: ["Der Name braucht mindestens einen Buchstaben oder eine Ziffer.",
    "A name needs a letter or a digit."],
  why_nickname_marks: ["Höchstens {max} Akzente auf einem Buchstaben, bitte.",
    "At most {max} accents on one letter, please."],
  why_option_value: ["Bei „{option_de}“ geht nur {accepts_de}.",
    "“{option_en}” takes {accepts_en}."],
  why_nickname_reserved: ["So heißen bei uns die Computerspieler – nimm bitte einen anderen Namen.",
    "That is what the computer players are called – please pick another name."],
};

/** Codes whose server sentence says what exactly is wrong: kept after the German lead. */
const DETAIL = new Set(["illegal", "bad_chat", "bad_nickname", "too_large", "bad_options",
  "bad_settings", "bad_players", "bad_bots", "not_found", "forbidden", "full", "invalid",
  "bad_request"]);

/**
 * A refusal of the server ({code, message}: an Error of net.js or docapi.js, or a socket's
 * error message) in the player's language. Where the server's sentence carries a detail
 * the player needs, the English interface shows it as is and the German one in parentheses
 * after a German lead. Where the server names what a person typed wrong (``reason``, with
 * ``params``) and ``why_<reason>`` has words for it, those are said whole instead. An unknown
 * code shows the server's message.
 */
export function errorText(err, lang = prefs.lang) {
  const code = err && err.code;
  const message = (err && err.message) || "";
  const why = err && err.reason ? TEXTS[`why_${err.reason}`] : null;
  if (why) {
    return fill(why[lang === "en" ? 1 : 0], err.params);
  }
  const pair = code ? TEXTS[`err_${code}`] : null;
  if (!pair) return message;
  const en = lang === "en";
  if (DETAIL.has(code) && message) return en ? message : `${pair[0]} (${message})`;
  return pair[en ? 1 : 0];
}

/** ``text`` with each ``{name}`` that ``vars`` has a value for replaced by that value. */
function fill(text, vars) {
  if (!vars || typeof text !== "string") return text;
  return text.replace(/\{(\w+)\}/g, (m, n) => (Object.hasOwn(vars, n) ? String(vars[n]) : m));
}

export const t = (k, vars) => {
  const pair = TEXTS[k];
  return fill(pair ? pair[prefs.lang === "en" ? 1 : 0] : k, vars);
};

/** A bot as the lobby shows it before the server names it: "Lina, strong". ``words`` is
 * the ``bots`` part of /api/meta (names and level words), the presenter's own texts. */
export function botLabel(words, kind, i) {
  const names = words.names;
  return `${names[i % names.length]}, ${pick(words.levels[kind]) || kind}`;
}

/** A text the server gives in both languages ({de, en} or [de, en]). */
export function pick(texts) {
  if (!texts) return "";
  if (Array.isArray(texts)) return prefs.lang === "en" ? texts[1] ?? texts[0] : texts[0];
  return texts[prefs.lang] ?? texts.de ?? "";
}
