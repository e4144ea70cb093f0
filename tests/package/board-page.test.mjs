// The board element and its page, in both isolations: calls wait for the board across a
// reload, a move and a removal; a page that is not a board's, and a `page` attribute that is
// not an http(s) address (or, in a shadow root, of another origin), load nothing and say why;
// the frame takes a port only from its parent of the host's origin; the embedding chapter's snippet runs
// as written. See host.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { serveDirectory } from "../serve.mjs";
import { EASY, ISOLATIONS, call, env, host, make, root } from "./host.mjs";

for (const isolation of ISOLATIONS) {
  test(`calls wait for the board: before it is in the document, across a reload and a move; a call in flight on a removed board rejects (${isolation})`, async () => {
    const page = await host();
    // Positions counted in steps (a board plays by step): the step the board is at.
    const results = await page.evaluate(async ([puzzle, isolation]) => {
      const at = (here) => here.step?.number ?? 0;
      const out = {};
      const b = document.createElement("sudoku-lab-board");
      b.setAttribute("puzzle", puzzle);
      b.setAttribute("loading", "eager");
      if (isolation === "frame") b.setAttribute("isolation", isolation);
      const early = b.step(2); // before it is in a document
      const ready = b.ready;
      document.getElementById("boards").append(b);
      out.early = at(await early);
      out.ready = (await ready).size;
      // A reload (another page address) with a call made just before it.
      const during = b.step(1);
      b.setAttribute("page", new URL("index.html?reloaded", b.page).href);
      out.during = await during.then((p) => at(p), (e) => `rejected: ${e.message}`);
      out.afterReload = at(await b.step(3));
      // Moved: the board loads again; a call made right after waits for it.
      document.body.append(b);
      out.afterMove = at(await b.step(1));
      // Removed with a call in flight: rejected, not left hanging.
      const inFlight = b.explain();
      await new Promise((r) => setTimeout(r, 0)); // not a wait: one task turn, so the call is sent and in flight (no time is waited on)
      b.remove();
      out.removed = await inFlight.then(() => "resolved", (e) => `rejected: ${e.message}`);
      // Back in the document: it answers again.
      document.getElementById("boards").append(b);
      out.back = at(await b.step(4));
      return out;
    }, [EASY, isolation]);
    assert.equal(results.early, 2);
    assert.equal(results.ready, 9);
    assert.ok(results.during === 1 || /rejected: the board's page was reloaded/.test(results.during), String(results.during));
    // The call made before the reload went to the new page, or was rejected with the old one.
    assert.equal(results.afterReload, results.during === 1 ? 4 : 3, "a fresh page: counted from its start");
    assert.equal(results.afterMove, 1);
    assert.match(results.removed, /rejected: the board was removed/);
    assert.equal(results.back, 4);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`a page that is not a board's: ready rejects and an error event says so (${isolation})`, { timeout: 30000 }, async () => {
    const page = await host();
    const outcome = await page.evaluate(async (isolation) => {
      const b = document.createElement("sudoku-lab-board");
      b.setAttribute("page", `${location.origin}/index.html`); // the author's own page, not sudoku-lab's
      b.setAttribute("loading", "eager");
      if (isolation === "frame") b.setAttribute("isolation", isolation);
      const errors = [];
      b.addEventListener("error", (e) => errors.push(e.detail.message));
      document.getElementById("boards").append(b);
      const result = await b.solve().then(() => "resolved", (e) => e.message);
      return { result, errors };
    }, isolation);
    assert.match(outcome.result, /did not answer/);
    assert.equal(outcome.errors.length, 1);
    await page.close();
  });

  test(`a page attribute that is not an http(s) address is refused: an error naming it, nothing loaded (${isolation})`, async () => {
    const page = await host();
    const hostile = [
      "javascript:parent.pwned=1//",
      "JavaScript:parent.pwned=1//",
      " jav\tascript:parent.pwned=1//",
      "data:text/html,<script>parent.pwned=1</script>",
      "blob:" + new URL(env.site.base).origin + "/0a0a0a0a-0000-0000-0000-000000000000",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
    ];
    // What a board loaded, once it has said why not: its frame's address, or whether a board
    // was built in its shadow root.
    await page.evaluate(() => {
      window.loaded = (board) => (board.isolation === "frame"
        ? board.shadowRoot.querySelector("iframe").getAttribute("src")
        : board.shadowRoot.querySelector(".sl-app") ? "a board" : "about:blank");
    });
    for (const [i, value] of hostile.entries()) {
      const id = `scheme${i}`;
      const outcome = await page.evaluate(([id, value, isolation]) => new Promise((resolve) => {
        const board = document.createElement("sudoku-lab-board");
        board.id = id;
        board.setAttribute("loading", "eager");
        if (isolation === "frame") board.setAttribute("isolation", isolation);
        board.setAttribute("page", value);
        board.addEventListener("error", (e) => resolve({ message: e.detail.message, loaded: window.loaded(board) }));
        board.ready.catch(() => {});
        document.getElementById("boards").append(board);
      }), [id, value, isolation]);
      assert.match(outcome.message, /^the page attribute must be an http: or https: address, not "/, JSON.stringify(value));
      assert.equal(outcome.loaded, "about:blank", JSON.stringify(value));
      const rejected = await call(page, id, "solve");
      assert.match(rejected.rejected ?? "", /page attribute/, JSON.stringify(value));
    }
    // Set on a live board too: it leaves its page, and says why.
    await make(page, "live", { puzzle: EASY }, undefined, isolation);
    const live = await page.evaluate(() => new Promise((resolve) => {
      const board = document.getElementById("live");
      board.addEventListener("error", (e) => resolve({ message: e.detail.message, loaded: window.loaded(board) }), { once: true });
      board.setAttribute("page", "javascript:parent.pwned=1//");
    }));
    assert.match(live.message, /page attribute/);
    assert.equal(live.loaded, "about:blank");
    // An http(s) address is still a board.
    await make(page, "http", { puzzle: EASY, page: `${env.pkgSite.base}sudoku-lab/www/index.html` }, undefined, isolation);
    assert.equal((await call(page, "http", "step", 1)).step.number, 1);
    assert.equal(await page.evaluate(() => window.pwned), undefined, "no attribute ran as script");
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test("in a shadow root, a page of another origin than the module's and the host's is refused: it would run there", async () => {
  const page = await host();
  // A third origin serving the same package: a frame may show it, a shadow root may not run it.
  const other = await serveDirectory(path.join(env.dir, "node_modules"), { cors: true });
  try {
    const url = `${other.base}sudoku-lab/www/index.html`;
    const outcome = await page.evaluate((url) => new Promise((resolve) => {
      const board = document.createElement("sudoku-lab-board");
      board.setAttribute("loading", "eager");
      board.setAttribute("page", url);
      board.addEventListener("error", (e) => resolve({ message: e.detail.message, built: Boolean(board.shadowRoot.querySelector(".sl-app")) }));
      document.getElementById("boards").append(board);
    }), url);
    assert.match(outcome.message, /another origin .*isolation="frame"/);
    assert.equal(outcome.built, false);
    const framed = await make(page, "framed", { puzzle: EASY, page: url }, undefined, "frame");
    assert.equal(framed.size, 9, "the same page in a frame is a board");
    assert.deepEqual(page.errors, []);
  } finally {
    await page.close();
    other.stop();
  }
});

test("origins: a frame takes a port only from a parent of the host's origin; the element only from its own frame", async () => {
  const page = await host();
  // The board's page opened by a parent of another origin than its `host=`: the parent's
  // connect is ignored. The control: the same parent named as host is answered.
  const pkgOrigin = new URL(env.pkgSite.base).origin;
  fs.writeFileSync(path.join(env.dir, "node_modules/other.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>other</title></head><body><main><h1>other</h1></main>
<script>
  const host = new URLSearchParams(location.search).get("host");
  const frame = document.createElement("iframe");
  // The frame's hello is seen here whatever origin it is addressed to (the frame calls this
  // page's postMessage, replaced): it says the frame's side of the protocol listens.
  window.postMessage = (message) => { if (message?.type === "sudoku-lab:hello") knock(); };
  frame.src = "sudoku-lab/www/index.html?embed=1&host=" + encodeURIComponent(host) + "&puzzle=${EASY}";
  document.body.append(frame);
  function knock() {
    const channel = new MessageChannel();
    // What comes first on the port decides: "ready" if the frame took it (the frame answers
    // on it at once), else the probe, sent on it once the frame's own listener has seen the
    // connect (listeners run in the order they were added: the frame's first).
    channel.port1.onmessage = (e) => {
      channel.port1.onmessage = null;
      window.answered = e.data?.event === "ready";
    };
    frame.contentWindow.addEventListener("message", (e) => {
      if (e.data?.type === "sudoku-lab:connect") e.ports[0].postMessage({ probe: true });
    }, { once: true });
    frame.contentWindow.postMessage({ type: "sudoku-lab:connect", protocol: 1 }, "*", [channel.port2]);
  }
</script></body></html>`);
  const other = await env.browser.newPage();
  for (const [hostOrigin, expected] of [[new URL(env.site.base).origin, false], [pkgOrigin, true]]) {
    await other.goto(`${env.pkgSite.base}other.html?host=${encodeURIComponent(hostOrigin)}`);
    await other.waitForFunction(() => window.answered !== undefined);
    assert.equal(await other.evaluate(() => window.answered), expected, `a parent of ${pkgOrigin} with host=${hostOrigin}`);
  }
  await other.close();

  // A hello from a frame of the page's origin that is not the element's frame is ignored.
  // The frame says hello, then "said"; a connect in answer to the hello would reach it before
  // the report asked for on "said" (messages between two windows keep their order).
  fs.writeFileSync(path.join(env.dir, "node_modules/hello.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>hello</title></head><body>
<script>
  let got = false;
  window.addEventListener("message", (e) => {
    if (e.data?.type === "sudoku-lab:connect") got = true;
    if (e.data?.report) parent.postMessage({ got }, "*");
  });
  parent.postMessage({ type: "sudoku-lab:hello", protocol: 1 }, "*");
  parent.postMessage({ said: "hello" }, "*");
</script></body></html>`);
  await make(page, "h", { puzzle: EASY }, undefined, "frame");
  /** Whether the frame (once it exists) got a connect for its hello. */
  const answeredHello = (url, own) => page.evaluate(([url, own]) => new Promise((resolve) => {
    let frame;
    window.addEventListener("message", (e) => {
      if (!frame || e.source !== frame.contentWindow) return;
      if (e.data?.said === "hello") frame.contentWindow.postMessage({ report: true }, "*");
      if (e.data && "got" in e.data) resolve(e.data.got);
    });
    if (own) {
      const b = document.createElement("sudoku-lab-board");
      b.setAttribute("isolation", "frame");
      b.setAttribute("page", url);
      b.setAttribute("loading", "eager");
      document.getElementById("boards").append(b);
      frame = b.shadowRoot.querySelector("iframe");
    } else {
      frame = document.createElement("iframe");
      frame.src = url;
      frame.title = "stray";
      document.body.append(frame);
    }
  }), [url, own]);
  assert.equal(await answeredHello(`${env.pkgSite.base}hello.html`, false), false, "the element answers no other frame's hello");
  // The control: the same page as the element's own `page` is answered.
  const own = await answeredHello(`${env.pkgSite.base}hello.html`, true);
  assert.equal(own, true, "its own frame's hello is answered");
  assert.equal((await call(page, "h", "step", 2)).step.number, 2);
  await page.close();
});

test("the docs snippet (docs/src/embedding.md) for a page without a bundler runs as written, and reports what went wrong (both isolations)", { timeout: 60000 }, async () => {
  const readme = fs.readFileSync(path.join(root, "docs/src/embedding.md"), "utf8");
  const at = readme.indexOf("**A page without a bundler, from the npm package**");
  const snippet = /```html\n([\s\S]*?)```/.exec(readme.slice(at))[1];
  assert.match(snippet, /catch \(error\)/, "the snippet handles a failed solve");
  const framed = snippet.replace("<sudoku-lab-board ", '<sudoku-lab-board isolation="frame" ');
  assert.notEqual(framed, snippet);
  const serveRoot = await serveDirectory(env.dir);
  const page = await env.browser.newPage();
  /** Resolves with the first console message that matches `pattern` from now on. */
  const heard = (pattern) => new Promise((resolve) => {
    const listen = (m) => {
      if (!pattern.test(m.text())) return;
      page.off("console", listen);
      resolve(m.text());
    };
    page.on("console", listen);
  });
  try {
    for (const [name, text, expected] of [
      ["readme.html", snippet, /^solved: unique$/],
      // The same snippet with a puzzle that cannot be read: said, not thrown.
      ["readme-bad.html", snippet.replace(/puzzle="[^"]*"/, 'puzzle="…"'), /^not solved: .*could not be read/],
      ["readme-frame.html", framed, /^solved: unique$/],
    ]) {
      fs.writeFileSync(path.join(env.dir, name), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>readme</title><link rel="icon" href="data:,"></head><body><main>\n${text}\n</main></body></html>`);
      const errors = [];
      page.removeAllListeners("pageerror");
      page.on("pageerror", (e) => errors.push(e.message));
      const outcome = heard(expected);
      await page.goto(`${serveRoot.base}${name}`);
      await outcome;
      assert.deepEqual(errors, [], name);
    }
  } finally {
    await page.close();
    serveRoot.stop();
  }
});

test("the docs snippet (docs/src/embedding.md) for a static site runs as written: each Next step says its sentence", { timeout: 60000 }, async () => {
  const chapter = fs.readFileSync(path.join(root, "docs/src/embedding.md"), "utf8");
  const at = chapter.indexOf("**A static site.**");
  const snippet = /```html\n([\s\S]*?)```/.exec(chapter.slice(at))[1];
  assert.match(snippet, /src="\/sudoku-lab\/js\/embed\.js"/, "the snippet loads the element from /sudoku-lab/");
  // A site with the repository's www/ (built: make build) at /sudoku-lab/, as the chapter
  // says to copy it.
  const site = fs.mkdtempSync(path.join(env.dir, "site-"));
  fs.symlinkSync(path.join(root, "www"), path.join(site, "sudoku-lab"));
  fs.writeFileSync(path.join(site, "index.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>static site</title><link rel="icon" href="data:,"></head><body><main>\n${snippet}\n</main></body></html>`);
  const server = await serveDirectory(site);
  const page = await env.browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // Every console line, and a wait for the n-th step sentence among them.
  const said = [];
  const waiting = [];
  const sentences = () => said.filter((t) => /^In |^r\dc\d|, so /.test(t));
  page.on("console", (m) => {
    said.push(m.text());
    for (const w of waiting.splice(0)) {
      if (sentences().length >= w.n) w.resolve();
      else waiting.push(w);
    }
  });
  const nthSentence = (n) => new Promise((resolve) => {
    if (sentences().length >= n) resolve();
    else waiting.push({ n, resolve });
  });
  try {
    await page.goto(server.base);
    await page.locator("sudoku-lab-board").evaluate((b) => b.ready);
    for (let k = 1; k <= 2; k++) {
      await page.getByRole("button", { name: "Next step" }).click();
      await nthSentence(k);
    }
    assert.ok(!said.some((t) => t.startsWith("no next step")), said.join(" | "));
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
    server.stop();
  }
});
