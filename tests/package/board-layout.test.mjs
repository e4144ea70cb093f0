// The board element's box, in both isolations: from 300×360 to 1200×900 its content fits
// with nothing clipped; without a height of its own it takes the height its content needs
// and keeps it (an unreadable puzzle too); axe finds nothing, paused with a caption and with
// an error. See host.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";

import { AXE, EASY, HARD, ISOLATIONS, fitOf, heightsOver30Frames, host, inBoard, make, settledOf } from "./host.mjs";

for (const isolation of ISOLATIONS) {
  test(`sizes 300×360 to 1200×900: the content fits the element's box, nothing clipped (${isolation})`, { timeout: 120000 }, async () => {
    const page = await host();
    const sizes = [];
    for (const w of [300, 372, 480, 640, 760, 1000, 1200]) for (const h of [360, 480, 640, 900]) sizes.push([w, h]);
    for (const [attributes, smallest] of [[{ caption: "", start: "place:naked_single" }, 100], [{ controls: "full", caption: "" }, 100], [{ controls: "none" }, 250]]) {
      const id = `s${Object.keys(attributes).join("")}`;
      await make(page, id, { puzzle: EASY, ...attributes }, "width: 300px; height: 360px", isolation);
      const b = await inBoard(page, id);
      for (const [w, h] of sizes) {
        await page.evaluate(([i, w, h]) => { const e = document.getElementById(i); e.style.width = `${w}px`; e.style.height = `${h}px`; }, [id, w, h]);
        await b.waitForFunction(({ box }, [w, h]) => Math.round(box.width) === w && Math.round(box.height) === h, [w, h]);
        // The layout settles once app.js has measured what is under the board at this size
        // (on its ResizeObserver's next frame), the board at its least size too (a loaded CI
        // machine once measured it a caption line short, between two layouts): wait for a
        // fit, then say why not.
        const where = `${JSON.stringify(attributes)} at ${w}×${h}`;
        const fits = `(c) => { const f = (${fitOf})(c); return (${settledOf})(c) && f.outside.length === 0 && f.board >= ${smallest}; }`;
        await b.waitForFunction(fits, null, { timeout: 10000 }).catch(() => {});
        const fit = await b.evaluate(fitOf);
        assert.deepEqual(fit.outside, [], `nothing outside the box, ${where}`);
        assert.ok(fit.scroll[0] <= w && fit.scroll[1] <= h, `no overflow (${fit.scroll}), ${where}`);
        assert.ok(fit.board >= smallest, `a board of at least ${smallest} px (${fit.board}), ${where}`);
      }
      await page.evaluate((i) => document.getElementById(i).remove(), id);
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`without a height of its own the element takes the height its content needs (${isolation})`, async () => {
    const page = await host();
    for (const width of [300, 372, 640, 1500]) {
      const id = `auto${width}`;
      await make(page, id, { puzzle: EASY, caption: "" }, `width: ${width}px`, isolation);
      const b = await inBoard(page, id);
      // In view: Chromium draws no frames (and so measures nothing) in a frame out of view.
      await page.evaluate((i) => document.getElementById(i).scrollIntoView(), id);
      // The board reports its height; the element takes it; what is under the board may change
      // at the new height (a taller caption), and the board reports again: wait until it holds.
      await page.waitForFunction((i) => {
        const e = document.getElementById(i);
        const h = e.getBoundingClientRect().height;
        const stable = e.lastHeight === h ? (e.stableFor ?? 0) + 1 : 0;
        Object.assign(e, { lastHeight: h, stableFor: stable });
        return stable >= 4 && Math.abs(h - e.getBoundingClientRect().width * 6 / 5) > 4; // not the 5:6 placeholder
      }, id, { polling: 100, timeout: 10000 });
      const fit = await b.evaluate(fitOf);
      assert.deepEqual(fit.outside, [], `${width}`);
      assert.ok(fit.scroll[1] <= fit.vh, `${width}: no overflow`);
      assert.ok(fit.board >= Math.min(width - 20, 760), `${width}: the board takes the width, up to its cap (${fit.board})`);
      // Settled: the element keeps its height (no back and forth between two layouts).
      const heights = await heightsOver30Frames(page, id);
      assert.equal(new Set(heights).size, 1, `${width}: the height holds (${[...new Set(heights)]})`);
      await page.evaluate((i) => document.getElementById(i).remove(), id);
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`an unreadable puzzle in a host of automatic height: one height, and the error readable at 300–1200 px (${isolation})`, { timeout: 60000 }, async () => {
    const page = await host();
    for (const width of [300, 372, 480, 640, 900, 1200]) {
      const id = `bad${width}`;
      // The README's snippet as an author copies it: "…" for the puzzle, no height.
      const ready = await make(page, id, { puzzle: "…", kind: "inequality", controls: "full" }, `width: ${width}px`, isolation);
      assert.match(ready.error.message, /could not be read/);
      const b = await inBoard(page, id);
      await page.evaluate((i) => document.getElementById(i).scrollIntoView(), id);
      // Settled: the element is as tall as the board's content (the error box and the padding).
      // Polled as the two documents answer, a bounded number of times, then said.
      let sizes;
      for (let poll = 0; poll < 200; poll++) {
        const natural = await b.evaluate(({ root }) => {
          const box = root.getElementById("board-error");
          const pad = parseFloat(getComputedStyle(root.querySelector(".layout")).paddingTop) * 2;
          return box ? Math.ceil(pad + box.offsetHeight) : -1;
        });
        const height = await page.evaluate((i) => document.getElementById(i).getBoundingClientRect().height, id);
        sizes = { natural, height };
        if (Math.abs(height - natural) < 2) break;
      }
      assert.ok(sizes.natural > 0 && Math.abs(sizes.height - sizes.natural) < 2, `${width} px: the element takes its content's height (${JSON.stringify(sizes)})`);
      // And it stays so. An element whose height feeds back into its content changes at
      // every frame (it did: 93 ↔ 854 px).
      const heights = await heightsOver30Frames(page, id);
      assert.equal(new Set(heights).size, 1, `${width} px: one height, not ${[...new Set(heights)].slice(0, 4)}`);
      const box = await b.evaluate(({ root, box, scroller }) => {
        const e = root.getElementById("board-error");
        return { width: e.getBoundingClientRect().width, scroll: scroller.scrollHeight, vh: box.height };
      });
      // As wide as the board allows (up to the board's cap), so no word is cut up.
      assert.ok(box.width >= Math.min(width, 768) - 20, `${width} px: an error box ${box.width} px wide`);
      assert.ok(box.scroll <= box.vh + 1, `${width} px: the error fits (${box.scroll} > ${box.vh})`);
      await page.evaluate((i) => document.getElementById(i).remove(), id);
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test(`axe: the board is clean while paused with a caption and with an error (${isolation})`, async () => {
    const page = await host();
    await make(page, "ax", { puzzle: HARD, caption: "", start: "guess", controls: "full" }, undefined, isolation);
    await make(page, "ay", { puzzle: "not one" }, undefined, isolation);
    await page.waitForFunction(() => window.events.some((e) => e.id === "ax" && e.type === "step" && e.detail.event?.kind === "guess"));
    const run = (context) => context.evaluate(async () => (await window.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
      resultTypes: ["violations"],
    })).violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`));
    if (isolation === "frame") {
      // Each board is a document of its own.
      for (const id of ["ax", "ay"]) {
        const { frame } = await inBoard(page, id);
        await frame.addScriptTag({ path: AXE });
        assert.deepEqual(await run(frame), [], id);
      }
    } else {
      // The boards are part of the host page's document (axe reads shadow roots): the page
      // with both boards, and the host's own structure (one h1, one main) unbroken.
      await page.addScriptTag({ path: AXE });
      assert.deepEqual(await run(page), []);
    }
    await page.close();
  });
}
