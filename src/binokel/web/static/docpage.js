// One page for the score pad (/pad...), the club tournament (/club...) and the duplicate
// tournament (/duplicate...) the account (/account) and the friends (/friends): load the one the address names (the CSP allows no inline
// script to choose).
const pages = { club: "club.js", duplicate: "duplicate.js", account: "account.js", friends: "friends.js" };
import(`/static/${pages[location.pathname.split("/")[1]] || "pad.js"}`);
