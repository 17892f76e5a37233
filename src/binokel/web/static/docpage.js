// One page for the score pad (/pad...), the club tournament (/club...) and the duplicate
// tournament (/duplicate...) and the account (/account): load the one the address names (the CSP allows no inline
// script to choose).
const pages = { club: "club.js", duplicate: "duplicate.js", account: "account.js",
  ratings: "leaderboard.js", leaderboard: "leaderboard.js", players: "player.js" };
import(`/static/${pages[location.pathname.split("/")[1]] || "pad.js"}`);
