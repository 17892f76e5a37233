// One page for the score pad (/pad...), the club tournament (/club...), the duplicate
// tournament (/duplicate...), the account (/account), the club's season (/season...), the
// leaderboards (/ratings, /leaderboard/...), a player's page (/players/...) and the friends
// (/friends): load the one the address names (the CSP allows no inline script to choose).
const pages = { club: "club.js", duplicate: "duplicate.js", account: "account.js",
  season: "season.js", ratings: "leaderboard.js", leaderboard: "leaderboard.js",
  players: "player.js", friends: "friends.js" };
import(`/static/${pages[location.pathname.split("/")[1]] || "pad.js"}`);
