// One page for the score pad (/pad...) and the club tournament (/club...): load the one the
// address names (the CSP allows no inline script to choose).
import(location.pathname.startsWith("/club") ? "/static/club.js" : "/static/pad.js");
