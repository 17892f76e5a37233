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

export const TEXTS = {
  de: {
    newTable: "Neuer Tisch", create: "Tisch anlegen und Platz nehmen", preset: "Regeln",
    target: "Ziel (Punkte)", deals: "Spiele je Runde (0 = bis zum Ziel)", dealsOnly: "Spiele je Runde",
    players: "Spieler", seat: "Platz", person: "Mensch", openTables: "Offene Tische",
    none: "Gerade wartet kein Tisch auf Mitspieler.", join: "Platz nehmen", nickname: "Dein Name",
    spectate: "Zuschauen", invite: "Einladungslink", waiting: "Warte auf Mitspieler …",
    yourTurn: "Du bist dran", toMove: "{name} ist dran", next: "Nächstes Spiel",
    ready: "Bereit – warte auf die anderen", lastTrick: "Letzter Stich", sheet: "Schreibzettel",
    deal: "Spiel", result: "Ergebnis", records: "Gespielte Spiele", download: "Datei",
    replay: "Nachspielen", cards: "Karten", winner: "Rundensieger: ", options: "Hausregeln",
    game: "Spiel", connected: "verbunden", offline: "getrennt – verbinde neu …",
    spectator: "Du schaust zu", hand: "Deine Karten", seatTaken: "besetzt", log: "Verlauf",
    bid: "Reizen", partners: "Partner: ", total: "Summe", durchTally: "Durch-Konto",
    rules: "Spielregeln", bot: "Computer", step: "Zug", start: "Anfang", end: "Ende",
    close: "Schließen", handsAt: "Karten aller Spieler", dealsDone: "Spiele", settings: "Einstellungen",
    language: "Sprache", deck: "Kartenbild", deckAuto: "wie das Spiel", german: "deutsch",
    french: "französisch", colors: "Farben", four: "vierfarbig", standard: "normal",
    contrast: "Kontrast", high: "hoch", normal: "normal", theme: "Aussehen", light: "hell",
    dark: "dunkel", auto: "wie das System", size: "Kartengröße", s: "klein", m: "mittel",
    l: "groß", sound: "Ton", on: "an", off: "aus", trump: "Trumpf", bidNow: "Gebot",
    noBid: "noch kein Gebot", yourMelds: "Deine Meldung", meldIf: "Meldung mit Trumpf",
    dealer: "Geber", tapTrick: "Tippen: weiter", made: "Gewonnen", lost: "Verloren",
    change: "Punkte", explain: "Abrechnung im Einzelnen", nickNeeded: "Bitte gib deinen Namen ein.",
    pushWarn: "Achtung: ", cannotPlay: "Nicht spielbar: ", selected: "ausgewählt",
    tricks: "Stiche", skip: "Zum Spiel springen", rematch: "Revanche", melds: "Meldung",
    table: "Tisch", turnTimeout: "Bedenkzeit", timeoutOff: "unbegrenzt (unter Freunden)",
    seconds: "{n} Sekunden", minutes: "{n} Minuten", chatOn: "Chat",
    chat: "Chat", chatSay: "Nachricht an den Tisch", chatSend: "Senden",
    chatErr_rate_limited: "Nicht so schnell – gleich geht es wieder.",
    chatErr_chat_off: "An diesem Tisch ist der Chat aus.",
    chatErr_bad_chat: "Diese Nachricht geht nicht (1 bis 200 Zeichen).",
    chatErr_not_seated: "Zuschauer können nicht schreiben.",
    leaveSeat: "Platz freigeben", toLobby: "Zur Übersicht",
    myTables: "Meine Tische", watchTables: "Laufende Tische (zuschauen)",
    hintBtn: "Tipp", hintsOn: "Tipps erlaubt", hintSays: "Tipp: {a}", hintUnit: "Werte",
    hintErr_hints_off: "An diesem Tisch gibt es keine Tipps.",
    hintErr_rate_limited: "Ein Tipp nur alle paar Sekunden.",
    hintErr_not_your_turn: "Ein Tipp gilt nur, wenn du dran bist.",
    noneWatch: "Gerade läuft kein Tisch.", more: "Mehr",
    awayTag: "abwesend – der Computer spielt", youAway: "Deine Zeit war um: der Computer spielt für dich.",
    takeBack: "Ich bin wieder da",
  },
  en: {
    newTable: "New table", create: "Create the table and sit down", preset: "Rules",
    target: "Target (points)", deals: "Deals per round (0 = play to the target)", dealsOnly: "Deals per round",
    players: "Players", seat: "Seat", person: "Person", openTables: "Open tables",
    none: "No table is waiting for players right now.", join: "Take seat", nickname: "Your name",
    spectate: "Watch", invite: "Invite link", waiting: "Waiting for players …",
    yourTurn: "Your turn", toMove: "{name} to move", next: "Next deal",
    ready: "Ready – waiting for the others", lastTrick: "Last trick", sheet: "Score sheet",
    deal: "Deal", result: "Result", records: "Finished deals", download: "File",
    replay: "Replay", cards: "cards", winner: "Round winner: ", options: "House rules",
    game: "Game", connected: "connected", offline: "offline – reconnecting …",
    spectator: "You are watching", hand: "Your cards", seatTaken: "taken", log: "Log",
    bid: "Bid", partners: "Partners: ", total: "Total", durchTally: "Durch tally",
    rules: "Rules", bot: "Computer", step: "Step", start: "Start", end: "End",
    close: "Close", handsAt: "Every player's cards", dealsDone: "deals", settings: "Settings",
    language: "Language", deck: "Card faces", deckAuto: "the game's", german: "German",
    french: "French", colors: "Colours", four: "four colours", standard: "standard",
    contrast: "Contrast", high: "high", normal: "normal", theme: "Theme", light: "light",
    dark: "dark", auto: "system", size: "Card size", s: "small", m: "medium", l: "large",
    sound: "Sound", on: "on", off: "off", trump: "Trump", bidNow: "Bid",
    noBid: "no bid yet", yourMelds: "Your melds", meldIf: "Melds with trump",
    dealer: "dealer", tapTrick: "Tap: continue", made: "Made", lost: "Lost",
    change: "Points", explain: "The scoring in detail", nickNeeded: "Please enter your name.",
    pushWarn: "Careful: ", cannotPlay: "Cannot play: ", selected: "selected",
    tricks: "Tricks", skip: "Skip to the game", rematch: "Rematch", melds: "Melds",
    table: "Table", turnTimeout: "Time to think", timeoutOff: "unlimited (among friends)",
    seconds: "{n} seconds", minutes: "{n} minutes", chatOn: "Chat",
    chat: "Chat", chatSay: "Message to the table", chatSend: "Send",
    chatErr_rate_limited: "Not so fast – you can write again in a moment.",
    chatErr_chat_off: "Chat is off at this table.",
    chatErr_bad_chat: "That message cannot be sent (1 to 200 characters).",
    chatErr_not_seated: "Spectators cannot write.",
    leaveSeat: "Leave my seat", toLobby: "Back to the lobby",
    myTables: "My tables", watchTables: "Running tables (watch)",
    hintBtn: "Hint", hintsOn: "Hints allowed", hintSays: "Hint: {a}", hintUnit: "values",
    hintErr_hints_off: "This table does not allow hints.",
    hintErr_rate_limited: "One hint every few seconds.",
    hintErr_not_your_turn: "A hint is for your turn only.",
    noneWatch: "No table is playing right now.", more: "More",
    awayTag: "away – the computer plays", youAway: "Your time ran out: the computer plays for you.",
    takeBack: "I'm back",
  },
};

export const t = (k, vars) => {
  let s = TEXTS[prefs.lang][k] ?? TEXTS.de[k] ?? k;
  if (vars && typeof s === "string") for (const [n, v] of Object.entries(vars)) s = s.replace(`{${n}}`, v);
  return s;
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
