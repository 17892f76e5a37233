// One page for the score pad (/pad...), the club tournament (/club...), the duplicate
// tournament (/duplicate...), the account (/account) and the club's season (/season...):
// load the one the address names (the CSP allows no inline script to choose).
const pages = { club: "club.js", duplicate: "duplicate.js", account: "account.js",
  season: "season.js" };
import(`/static/${pages[location.pathname.split("/")[1]] || "pad.js"}`);
