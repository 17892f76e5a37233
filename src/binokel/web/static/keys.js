// Keyboard play. The hand is one tab stop (a roving tabindex): the arrow keys move between
// the cards, Home/End jump to the ends, Enter or Space plays or selects the focused card
// (cards are buttons). Number keys 1-9 and 0 (the 10th), and - and = (11th, 12th), act on
// that card of the hand from anywhere on the table page except a text field.

const NUMBER_KEYS = { 1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 7, 9: 8, 0: 9, "-": 10, "=": 11 };

function moveFocus(hand, from, delta) {
  const cards = [...hand.querySelectorAll(".card")];
  if (!cards.length) return;
  let i = cards.indexOf(from);
  i = delta === "home" ? 0 : delta === "end" ? cards.length - 1
    : Math.max(0, Math.min(cards.length - 1, (i < 0 ? 0 : i) + delta));
  for (const c of cards) c.tabIndex = -1;
  cards[i].tabIndex = 0;
  cards[i].focus();
}

/** Arrow keys inside the hand. */
export function handKeys(hand) {
  hand.addEventListener("keydown", (e) => {
    const card = e.target.closest(".card");
    if (!card) return;
    const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: "home", End: "end" };
    if (e.key in moves) {
      e.preventDefault();
      moveFocus(hand, card, moves[e.key]);
    }
  });
}

/** Number keys on the whole page (installed once); ``hand()`` gives the hand they act on
 * (null: none on the page now).
 * @param {() => HTMLElement | null | undefined} hand */
export function numberKeys(hand) {
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = e.target instanceof HTMLElement ? e.target.tagName : "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (!(e.key in NUMBER_KEYS)) return;
    const cards = hand();
    if (!cards || cards.hidden) return;
    const card = cards.querySelectorAll(/** @type {"button"} */ (".card"))[NUMBER_KEYS[e.key]];
    if (!card) return;
    e.preventDefault();
    for (const c of cards.querySelectorAll(/** @type {"button"} */ (".card"))) c.tabIndex = -1;
    card.tabIndex = 0;
    card.focus();
    card.click();
  });
}
