// The board element scripted as an author scripts it, in both isolations (a shadow root, the
// default, and an iframe): every attribute, method and event, `controls` and `caption`, an
// unreadable puzzle; and what shadow boards share — one worker for every board of the host
// page, where stopping one board's run leaves the others running. See host.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { CQOI, CQOI_ANSWER, EASY, HARD, ISOLATIONS, assertSudoku, call, env, eventsOf, host, inBoard, make, root } from "./host.mjs";

for (const isolation of ISOLATIONS) {
  test(`attributes: puzzle, kind, engine, level, by, speed, start reach the board across origins (${isolation})`, async () => {
    const page = await host();
    // By event: the board opens at the very event `start` names.
    const ready = await make(page, "a", { puzzle: CQOI, kind: "inequality", engine: "propagate", level: "full", by: "event", speed: "5", start: "eliminate:relation#2" }, undefined, isolation);
    assert.equal(ready.kind, "inequality");
    assert.equal(ready.size, 9);
    assert.equal(ready.error, null);
    assert.equal(ready.protocol, 1);
    const b = await inBoard(page, "a");
    if (isolation === "frame") {
      // The frame is of the package's origin, not the host's.
      assert.equal(new URL(b.frame.url()).origin, new URL(env.pkgSite.base).origin);
      assert.notEqual(new URL(b.frame.url()).origin, new URL(env.site.base).origin);
    } else {
      assert.equal(await page.locator("#a iframe").count(), 0, "no frame: the board is in the element's shadow root");
      assert.equal(await b.locator("[data-cell]").count(), 81);
    }
    // `start`: opened paused at the second elimination by a relation.
    await page.waitForFunction(() => window.events.some((e) => e.id === "a" && e.type === "step" && e.detail.event?.rule === "relation"));
    const step = (await eventsOf(page, "a", "step")).at(-1);
    assert.equal(step.event.kind, "eliminate");
    assert.equal(step.event.rule, "relation");
    const firstTwo = await b.evaluate(({ explain }) => {
      const t = explain.session.trace;
      const found = [];
      for (let i = 0; i < t.count && found.length < 2; i++) if (t.kind(i) === 2 && t.rule(i) === 6) found.push(i + 1);
      return found;
    });
    assert.equal(step.position, firstTwo[1], "the second relation elimination");
    assert.equal(await b.evaluate(({ explain }) => explain.phase), "paused");
    assert.equal(await b.evaluate(({ root }) => root.getElementById("ex-speed").value), "5");
    assert.equal(await b.evaluate(({ root }) => root.getElementById("ex-by").value), "event");
    assert.equal(step.by, "event");
    assert.equal(await b.evaluate(({ explain }) => explain.session.engine), "propagate");
    // engine and level changed on a live board: the next trace uses them.
    await page.evaluate(() => {
      const board = document.getElementById("a");
      board.setAttribute("puzzle", "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
      board.setAttribute("kind", "classic");
      board.setAttribute("engine", "naive");
      board.setAttribute("level", "placements");
      board.setAttribute("start", "place#3");
    });
    await page.waitForFunction(() => window.events.filter((e) => e.id === "a" && e.type === "step").at(-1)?.detail.event?.kind === "place");
    const after = (await eventsOf(page, "a", "step")).at(-1);
    assert.equal(after.event.kind, "place");
    assert.equal(await b.evaluate(({ explain }) => explain.session.engine), "naive");
    assert.equal(await b.evaluate(({ explain }) => explain.session.level), "placements");
    assert.equal(await b.evaluate(({ app }) => app.getModel().kind), "classic");
    // A setting alone, on a live board: a new start opens it again there; a new engine drops
    // the trace of the old one and traces again.
    const placesBefore = (await eventsOf(page, "a", "step")).length;
    await page.evaluate(() => document.getElementById("a").setAttribute("start", "place#5"));
    await page.waitForFunction((n) => window.events.filter((e) => e.id === "a" && e.type === "step").length > n, placesBefore);
    const fifth = (await eventsOf(page, "a", "step")).at(-1);
    const places = await b.evaluate(({ explain }) => {
      const t = explain.session.trace;
      const at = [];
      for (let i = 0; i < t.count; i++) if (t.kind(i) === 1) at.push(i + 1);
      return at;
    });
    assert.equal(fifth.position, places[4], "the fifth placement");
    await page.evaluate(() => document.getElementById("a").setAttribute("engine", "propagate"));
    await b.waitForFunction(({ explain }) => explain.session?.engine === "propagate" && explain.session.done);
    assert.equal((await eventsOf(page, "a", "step")).at(-1).event.kind, "place");
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`methods: solve, explain, play, pause, step, seek, highlight, load (${isolation})`, async () => {
    const page = await host();
    await make(page, "m", { puzzle: HARD, kind: "classic" }, undefined, isolation);
    const b = await inBoard(page, "m");

    const solved = await call(page, "m", "solve");
    assert.equal(solved.status, "unique");
    assertSudoku(solved.solution, HARD);
    assert.ok(solved.nodes > 0);

    const explained = await call(page, "m", "explain");
    assert.equal(explained.status, "unique");
    assert.ok(explained.events > 100, `${explained.events} events`);
    assertSudoku(explained.solution, HARD);
    assert.equal(await b.evaluate(({ explain }) => explain.animator.playing), true, "explain() plays");

    const paused = await call(page, "m", "pause");
    assert.equal(await b.evaluate(({ explain }) => explain.animator.playing), false);
    // By step (the default): step(n) counts steps, and stops at the end of one.
    const stepEnd = (number) => b.evaluate(({ explain }, k) => explain.session.trace.stepEnd(k - 1), number);
    const stepped = await call(page, "m", "step", 3);
    assert.equal(stepped.by, "step");
    assert.equal(stepped.step.number, (paused.step?.number ?? 0) + 3);
    assert.equal(stepped.position, await stepEnd(stepped.step.number));
    assert.equal(stepped.event.step, stepped.step.number - 1, "the event is the step's reason, its first");
    assert.equal(typeof stepped.sentence, "string");
    assert.equal(stepped.sentence, stepped.step.sentence);
    assert.ok(stepped.sentence.length > 5);
    const back = await call(page, "m", "step", -2);
    assert.equal(back.step.number, (paused.step?.number ?? 0) + 1);
    const fifth = await call(page, "m", "seek", "step:5");
    assert.equal(fifth.step.number, 5);
    assert.equal(fifth.position, await stepEnd(5));

    const guess = await call(page, "m", "seek", "guess");
    assert.equal(guess.event.kind, "guess");
    assert.match(guess.sentence, /guess/i);
    const backtrack = await call(page, "m", "seek", "backtrack");
    assert.equal(backtrack.event.kind, "backtrack");
    assert.ok(backtrack.position > guess.position);
    // An event number: the end of the step event 12 is in.
    const numbered = await call(page, "m", "seek", 12);
    assert.equal(numbered.position, await b.evaluate(({ explain }) => explain.session.trace.boundary(12)));
    assert.ok(numbered.position >= 12);
    // The caption-less board still shows the position it was sent to: the step, then the
    // event (the second part hidden on an embedded board).
    assert.equal(await b.evaluate(({ root }) => root.querySelector(".ex-position").textContent),
      `step ${numbered.step.number} of ${numbered.steps.toLocaleString("en-US")} · event ${numbered.position} of ${explained.events.toLocaleString("en-US")}`);
    assert.ok(numbered.steps > 0 && numbered.steps < explained.events, `${numbered.steps} steps`);
    const nothing = await call(page, "m", "seek", "contradiction#100000");
    assert.match(nothing.rejected, /no event contradiction#100000/);
    const bad = await call(page, "m", "seek", "sideways");
    assert.match(bad.rejected, /names no event/);

    const played = await call(page, "m", "play");
    assert.equal(await b.evaluate(({ explain }) => explain.animator.playing), true);
    await b.waitForFunction(({ explain }, p) => explain.animator.position > p + 2, played.position);
    await call(page, "m", "pause");

    const lit = await call(page, "m", "highlight", ["r1c1", "R9C9", 40]);
    assert.deepEqual(lit, ["r1c1", "r9c9", "r5c5"]);
    assert.deepEqual(await b.evaluate(({ root }) => [...root.querySelectorAll(".focus-cell")].map((c) => c.dataset.cell).sort()), ["r1c1", "r5c5", "r9c9"]);
    const wrongCell = await call(page, "m", "highlight", ["r10c1"]);
    assert.match(wrongCell.rejected, /not a cell of this 9×9 grid/);
    await call(page, "m", "highlight", []);
    assert.equal(await b.evaluate(({ root }) => root.querySelectorAll(".focus-cell").length), 0);

    const loaded = await call(page, "m", "load", CQOI, { kind: "inequality", start: "place" });
    assert.equal(loaded.kind, "inequality");
    assert.equal(loaded.event.kind, "place", "opened at the first placement");
    const answer = await call(page, "m", "solve");
    assert.equal(answer.solution.join(""), CQOI_ANSWER, "the judge's answer");
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`events: ready, step with the decoded event and its sentence, solved, error with cells (${isolation})`, async () => {
    const page = await host();
    await make(page, "e", { puzzle: EASY, level: "full", speed: "max", autoplay: "" }, undefined, isolation);
    await page.waitForFunction(() => window.events.some((e) => e.id === "e" && e.type === "solved"), null, { timeout: 20000 });
    const [ready] = await eventsOf(page, "e", "ready");
    assert.equal(ready.size, 9);
    assert.match(ready.version, /^\d+\.\d+\.\d+/);
    const steps = await eventsOf(page, "e", "step");
    assert.ok(steps.length > 2, `${steps.length} step events`);
    const placed = steps.find((s) => s.event?.kind === "place" && s.event.rule === "naked_single");
    assert.ok(placed, "a naked single among the steps");
    assert.match(placed.event.cell, /^r[1-9]c[1-9]$/);
    assert.ok(placed.event.digit >= 1 && placed.event.digit <= 9);
    assert.ok(placed.sentence.includes(placed.event.cell), placed.sentence);
    assert.ok(placed.event.premises.length > 0, "a naked single rests on eliminations");
    assert.ok(placed.event.premises.every((p) => p < placed.event.seq));
    const [outcome] = await eventsOf(page, "e", "solved");
    assert.equal(outcome.status, "unique");
    assert.equal(outcome.via, "explain");
    assertSudoku(outcome.solution, EASY);
    assert.equal(steps.at(-1).position, outcome.events, "solved when playback reached the end");
    const order = await page.evaluate(() => window.events.filter((e) => e.id === "e").map((e) => `${e.type}:${e.detail.position ?? ""}`));
    assert.equal(order[0], "ready:", "ready comes first");
    assert.equal(order.at(-1), "solved:", "solved comes after the last position's step");
    assert.equal(order.at(-2), `step:${outcome.events}`);
    // Played to the end again: solved again.
    await call(page, "e", "seek", "start");
    await call(page, "e", "play");
    await page.waitForFunction(() => window.events.filter((e) => e.id === "e" && e.type === "solved").length === 2, null, { timeout: 20000 });

    // An invalid puzzle: the error names its cells.
    await make(page, "bad", { puzzle: `11${".".repeat(79)}`, kind: "classic" }, undefined, isolation);
    const refused = await call(page, "bad", "solve");
    assert.match(refused.rejected, /r1c1/);
    const [problem] = await eventsOf(page, "bad", "error");
    assert.deepEqual([...problem.cells].sort(), ["r1c1", "r1c2"]);
    assert.match(problem.message, /twice|same|already|duplicate|both/i);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`an unreadable puzzle: the error inside the board, no other puzzle, a name, and load() recovers (${isolation})`, async () => {
    const page = await host();
    const ready = await make(page, "x", { puzzle: "this is not a puzzle" }, "width: 400px; height: 420px", isolation);
    assert.match(ready.error.message, /could not be read/);
    assert.match(ready.error.message, /format attribute/, "the hint names the attribute, not a menu the board lacks");
    const [error] = await eventsOf(page, "x", "error");
    assert.equal(error.message, ready.error.message);
    const b = await inBoard(page, "x");
    assert.equal(await b.locator("#board-error").isVisible(), true);
    assert.equal(await b.locator("#board-error").textContent(), ready.error.message);
    assert.equal(await b.locator("[data-cell] >> nth=0").isVisible(), false, "no grid is shown");
    assert.equal(await b.locator("[data-action=play]").isVisible(), false);
    // The board's name for screen readers (the frame's one heading; in a shadow root, the
    // first thing in the board).
    const name = () => b.locator(".board-name").textContent();
    assert.match(await name(), /could not be read/);
    const loaded = await call(page, "x", "load", EASY);
    assert.equal(loaded.size, 9);
    assert.equal(await b.locator("#board-error").isVisible(), false);
    assert.equal(await b.locator("[data-cell] >> nth=0").isVisible(), true);
    assert.match(await name(), /Sudoku 9×9 with 32 givens/);
    const again = await call(page, "x", "load", "12345", { engine: "naive" });
    assert.match(again.rejected, /could not be read/);
    assert.equal(await b.locator("[data-cell] >> nth=0").isVisible(), false);
    // Nothing behind the error is solved or played: every method but load says why.
    for (const method of ["solve", "explain", "play", "step", "seek"]) {
      const refused = await call(page, "x", method, method === "seek" ? "end" : 1);
      assert.match(refused.rejected ?? "", /could not be read/, method);
    }
    assert.equal(await b.evaluate(({ explain }) => explain.session), null, "no trace of the last good puzzle is left");
    assert.match(await name(), /could not be read/);
    // A bad puzzle set by attribute: the error event (there is no caller to reject).
    const before = (await eventsOf(page, "x", "error")).length;
    await call(page, "x", "load", EASY);
    await page.evaluate(() => document.getElementById("x").setAttribute("puzzle", "garbage!!"));
    await page.waitForFunction((n) => window.events.filter((e) => e.id === "x" && e.type === "error").length > n, before);
    assert.match((await eventsOf(page, "x", "error")).at(-1).message, /could not be read/);
    // An example by attribute, on a live board.
    await page.evaluate(() => { const board = document.getElementById("x"); board.removeAttribute("puzzle"); board.setAttribute("example", "futoshiki-5"); });
    await b.waitForFunction(({ app, root }) => app.getModel().kind === "futoshiki" && !root.getElementById("board-error"));
    assert.equal(await b.evaluate(({ app }) => app.getModel().size), 5);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`controls none, playback and full; caption; Play works without autoplay (${isolation})`, async () => {
    const page = await host();
    await make(page, "p", { puzzle: EASY }, undefined, isolation);
    await make(page, "n", { puzzle: EASY, controls: "none" }, undefined, isolation);
    await make(page, "f", { puzzle: EASY, controls: "full", caption: "" }, undefined, isolation);
    const [p, n, f] = [await inBoard(page, "p"), await inBoard(page, "n"), await inBoard(page, "f")];
    const visible = (b) => b.evaluate(({ root }) => [...root.querySelectorAll("button, select")]
      .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden")
      .map((e) => e.dataset.action));
    assert.deepEqual(await visible(n), []);
    const playback = await visible(p);
    for (const action of ["play", "step", "step-back", "speed"]) assert.ok(playback.includes(action), `${action} in ${playback}`);
    assert.ok(!playback.includes("solve"));
    const full = await visible(f);
    for (const action of ["play", "solve", "engine", "level"]) assert.ok(full.includes(action), `${action} in ${full}`);
    assert.ok(!full.includes("stop"), "Stop shows only while there is something to stop");
    assert.equal(await p.locator("#log").isVisible(), false, "no caption unless asked");
    assert.equal(await f.locator("#log p.ex-current").isVisible(), true);

    // Without autoplay the Play button is enabled and traces and plays.
    assert.equal(await p.locator("[data-action=play]").isEnabled(), true);
    await p.locator("[data-action=play]").click();
    await p.waitForFunction(({ explain }) => explain.animator.position > 0);
    // The caption says what the step event says.
    await f.locator("[data-action=play]").click();
    await f.waitForFunction(({ explain }) => explain.animator.position > 3);
    const at = await call(page, "f", "pause");
    assert.equal(await f.locator("#log p.ex-current").textContent(), `Step ${at.step.number} · ${at.sentence}`);
    // Playing, Stop takes Solve's place; Solve of controls="full" answers on the board.
    await f.locator("[data-action=play]").click();
    await f.locator("[data-action=stop]").waitFor({ state: "visible" });
    assert.equal(await f.locator("[data-action=solve]").isVisible(), false);
    await f.locator("[data-action=stop]").click();
    await f.locator("[data-action=solve]").click();
    await page.waitForFunction(() => window.events.some((e) => e.id === "f" && e.type === "solved" && e.detail.via === "solve"));
    // Controls and caption changed live.
    await page.evaluate(() => { document.getElementById("n").setAttribute("controls", "playback"); document.getElementById("n").setAttribute("caption", ""); });
    await n.locator("[data-action=play]").waitFor({ state: "visible" });
    assert.equal(await n.locator("#log").isVisible(), true);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test("shadow boards share one worker and one wasm module; a board's Stop leaves the others' runs going", { timeout: 120000 }, async () => {
  const page = await host();
  const wasmFetches = [];
  page.on("request", (r) => { if (r.url().endsWith(".wasm")) wasmFetches.push(r.url()); });
  let workersStarted = 0;
  page.on("worker", () => { workersStarted += 1; });
  // Three boards tracing a minimal 25×25 at the full level (most of a million events each),
  // with the full controls for Stop.
  const puzzle = fs.readFileSync(path.join(root, "tests/fixtures/twenty-five-hard.line"), "utf8").trim();
  const ids = ["s1", "s2", "s3"];
  for (const id of ids) await make(page, id, { puzzle, controls: "full" });
  assert.equal(page.workers().length, 0, "no worker until a board runs the solver");
  // All three run; the moment all three are tracing at once, the second one's Stop is pressed.
  const stoppedWhile = await page.evaluate((ids) => new Promise((resolve) => {
    window.outcomes = ids.map((id) => document.getElementById(id).explain().then((o) => o, (e) => ({ rejected: e.message })));
    const phase = (id) => document.getElementById(id).shadowRoot.sudokuLabExplain?.phase;
    const poll = () => {
      if (!ids.every((id) => phase(id) === "tracing")) return requestAnimationFrame(poll); // not a wait: a condition polled once a frame
      document.getElementById("s2").shadowRoot.querySelector("[data-action=stop]").click();
      resolve(ids.map(phase));
    };
    poll();
  }), ids);
  assert.deepEqual([stoppedWhile[0], stoppedWhile[2]], ["tracing", "tracing"], "the others still trace");
  assert.ok(["paused", "done"].includes(stoppedWhile[1]), `Stop ends the second board's run at once (${stoppedWhile[1]})`);
  const outcomes = await page.evaluate(() => Promise.all(window.outcomes));
  assert.match(outcomes[1].rejected ?? "", /stopped/);
  for (const i of [0, 2]) {
    assert.equal(outcomes[i].rejected, undefined, JSON.stringify(outcomes[i]));
    assert.equal(outcomes[i].status, "unique");
  }
  assert.equal(outcomes[0].events, outcomes[2].events, "the same search, whole, on both");
  assert.ok(outcomes[0].events > 100000, `${outcomes[0].events} events`);
  // One worker ran all three. (It may have gone by now: a worker slow to answer a cancel is
  // let go once it has finished the others' runs, and no board has asked for another.)
  assert.equal(workersStarted, 1, "one worker for every board");
  assert.ok(page.workers().length <= 1, `${page.workers().length} workers left`);
  assert.equal(new Set(wasmFetches).size, 1, `one wasm module fetched (${wasmFetches})`);
  assert.deepEqual(page.errors, []);
  await page.close();
});
