//! What Play and New puzzle share: a section of the page found in the app's root, its parts
//! by selector, its message line, its glossary links, the grade scale, a client of the
//! solver's worker made when first needed, and its buttons' actions. The section's start
//! button is disabled in the HTML until its module is wired (a press before would be lost):
//! `ready()` enables it.

import { SCALE } from "./grades.js";
import { glossaryLink } from "./glossary.js";

/**
 * The section `#id` of `app`'s root with its `parts` (`{name: selector}`, found in it), or
 * null when the root has no such section. `parts.message` is the message line `say` writes,
 * `parts.start` the button `ready` enables.
 */
export function openPanel(app, id, parts) {
  const section = app.root.getElementById(id);
  if (!section) return null;
  const found = Object.fromEntries(Object.entries(parts).map(([name, selector]) => [name, section.querySelector(selector)]));
  for (const p of section.querySelectorAll("[data-grade-scale]")) p.textContent = SCALE;
  let client = null;
  return {
    section,
    ...found,
    /** The panel's own client of the solver (its calls cancel only each other's). */
    get client() {
      client ??= app.solverClient();
      return client;
    },
    /** Stops what the panel's client runs, if it has one. */
    cancel() {
      client?.cancel();
    },
    /** The message line: `text`, with a `tone` for the stylesheet ("error", "done", …). */
    say(text, tone = "") {
      found.message.textContent = text;
      found.message.dataset.tone = tone;
    },
    /** A hidden glossary link, placed after `element` (see glossary.js's `setGlossaryLink`). */
    linkAfter(element) {
      const link = glossaryLink();
      element.after(link);
      return link;
    },
    /** Runs `actions[button.dataset.action]()` for a press of an enabled button of the section. */
    on(actions) {
      section.addEventListener("click", (event) => {
        const button = event.target.closest("button[data-action]");
        if (!button || button.disabled) return;
        actions[button.dataset.action]?.();
      });
    },
    /** The section is wired: its start button works. */
    ready() {
      found.start.disabled = false;
    },
  };
}
