"""Card faces speed in Debian's Chromium: a full Binokel deck (48 cards) drawn by
``static/cardfaces.js``. A benchmark, not a test: run ``python benchmarks/cardfaces.py``.

Per style, over ``--reps`` repetitions (median, and the minimum where the machine is shared):

* first: the first 48 faces of a freshly imported module instance (cold caches, cold JIT);
* generate: the 48 SVG strings (``cardSVG``) again, warm;
* insert: the strings put into the page as inline SVG (``innerHTML``) plus a forced layout;
* frame: from the insertion until the next frame is drawn (two animation frames: this
  includes waiting for the display's refresh, about 33 ms at 60 Hz even for an empty page);
* img: the same faces inserted as ``<img src="data:image/svg+xml,...">``, an alternative for
  the table when many cards show (one decode per distinct face, little DOM).

The specification's budget is 50 ms for 48 faces; ratio = budget / (generate + insert), medians.
Needs ``/usr/bin/chromium`` and the ``playwright`` Python package (dev extras).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import threading
from pathlib import Path
from typing import Any

STATIC = Path(__file__).resolve().parents[1] / "src" / "binokel" / "web" / "static"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
BUDGET_MS = 50.0

MEASURE_JS = """
async ([opts, reps, width]) => {
  const fresh = await import(`./cardfaces.js?bench=${Math.random()}`);
  const deck = fresh.TOKENS.filter((t) => !t.endsWith("7"));
  const hand = [...deck, ...deck];                     // 48 cards, as in Binokel
  const now = () => performance.now();
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  let t = now();
  let svgs = hand.map((tok) => fresh.cardSVG(tok, opts));
  const first = now() - t;
  const gen = [], ins = [], paint = [], img = [];
  const box = document.createElement("div");
  box.style.cssText = "display:flex;flex-wrap:wrap";
  document.body.append(box);
  const cell = `<div style="width:${width}px">`;
  for (let i = 0; i < reps; i++) {
    t = now();
    svgs = hand.map((tok) => fresh.cardSVG(tok, opts));
    gen.push(now() - t);
    box.textContent = "";
    await frame();
    t = now();
    box.innerHTML = svgs.map((s) => cell + s + "</div>").join("");
    box.getBoundingClientRect();                        // forces style and layout
    ins.push(now() - t);
    await frame();
    await frame();
    paint.push(now() - t);
    box.textContent = "";
    await frame();
    t = now();
    box.innerHTML = svgs.map((s) => `${cell}<img alt="" style="display:block;width:100%"` +
      ` src="data:image/svg+xml,${encodeURIComponent(s)}"></div>`).join("");
    box.getBoundingClientRect();
    img.push(now() - t);
  }
  box.remove();
  const bytes = svgs.reduce((n, s) => n + s.length, 0);
  return { first, gen, ins, paint, img, bytes };
}
"""


def serve() -> tuple[http.server.ThreadingHTTPServer, str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(STATIC)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=30, help="repetitions per style (1..1000)")
    ap.add_argument("--width", type=int, default=100, help="card width in CSS px (20..400)")
    args = ap.parse_args()
    if not 1 <= args.reps <= 1000 or not 20 <= args.width <= 400:
        ap.error("--reps must be 1..1000 and --width 20..400")

    from playwright.sync_api import sync_playwright

    server, base = serve()
    styles = [{"deck": d, "colors": c, "contrast": k} for d in ("german", "french")
              for c in ("standard", "four") for k in ("normal", "high")]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            # the gallery's smallest view: a page of the same origin that can import the module
            page.goto(f"{base}/cardfaces.html?deck=german&colors=standard&contrast=normal"
                      "&size=phone")
            page.wait_for_selector("body[data-ready='1']", state="attached")
            print(f"48 faces (a Binokel deck) at {args.width} px, {args.reps} repetitions;"
                  f" ms, median (minimum); budget {BUDGET_MS:.0f} ms")
            print(f"{'style':<24}{'first':>7}{'generate':>9}{'insert':>15}{'frame':>8}"
                  f"{'img':>13}{'faces/s':>9}{'ratio':>7}{'KiB':>6}")
            for opts in styles:
                r = page.evaluate(MEASURE_JS, [opts, args.reps, args.width])
                gen, ins, paint, img = (statistics.median(r[k])
                                        for k in ("gen", "ins", "paint", "img"))
                name = "-".join(opts.values())
                rate = 48 / (gen / 1000) if gen > 0 else float("inf")
                print(f"{name:<24}{r['first']:>7.1f}{gen:>9.2f}{ins:>7.1f} ({min(r['ins']):>5.1f})"
                      f"{paint:>8.1f}{img:>5.1f} ({min(r['img']):>4.1f}){rate:>9.0f}"
                      f"{BUDGET_MS / (gen + ins):>7.2f}{r['bytes'] / 1024:>6.0f}")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print("first: a fresh module's first 48; frame includes the wait for the display refresh")


if __name__ == "__main__":
    main()
