//! The technique glossary page: its sections drawn from www/js/glossary.js (one entry per
//! technique of the logic engine), each with a live board opened on demand, and opened at
//! once for the entry the address names (a hint's "What is …?" link lands there). Text goes
//! in as textContent only.

import "../js/embed.js";
import { el } from "../js/dom.js";
import { GLOSSARY, GROUPS, glossaryEntry } from "../js/glossary.js";
import { levelOfRating, techniqueTitle } from "../js/grades.js";

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const rating = (tenths) => (tenths / 10).toFixed(1);

/** The example's board, paused on the step of the technique. */
function exampleBoard(name, entry) {
  const title = techniqueTitle(name);
  const board = el("sudoku-lab-board", {
    puzzle: entry.example.puzzle,
    engine: "logic",
    by: "step",
    start: entry.example.start,
    speed: "5",
    loading: "eager",
    title: `Example: a puzzle whose solution uses ${title}, paused on that step`,
  });
  board.setAttribute("controls", "playback");
  // The step's whole sentence over the board (a board's own caption is cut at three lines;
  // a technique's sentence names the pattern, then the targets, and both count).
  const said = el("p", { className: "example-step", textContent: "Opening the example…" });
  said.setAttribute("aria-live", "polite");
  board.addEventListener("step", (event) => {
    const { event: at, sentence } = event.detail ?? {};
    said.textContent = at && sentence ? `Step ${at.step + 1} · ${sentence}` : "The start: nothing placed yet.";
  });
  const status = el("p", { className: "step-status visually-hidden", role: "status" });
  board.addEventListener("error", (event) => {
    status.classList.remove("visually-hidden");
    status.classList.add("failed");
    status.textContent = `The example could not open: ${event.detail?.message ?? "an error"}`;
  });
  return el("figure", { className: "board-figure technique-example" }, said, board, status);
}

/** The button that opens (and closes) an entry's example. */
function exampleToggle(section, name, entry) {
  const button = el("button", { type: "button", textContent: "Show the example", dataset: { example: name } });
  button.setAttribute("aria-expanded", "false");
  const open = (on) => {
    const shown = section.querySelector(".technique-example");
    if (on && !shown) section.append(exampleBoard(name, entry));
    if (!on && shown) shown.remove();
    button.setAttribute("aria-expanded", String(on));
    button.textContent = on ? "Hide the example" : "Show the example";
  };
  button.addEventListener("click", () => open(button.getAttribute("aria-expanded") !== "true"));
  return { button, open };
}

function entrySection(name, entry) {
  const title = capital(techniqueTitle(name));
  const section = el("section", { id: name, className: "technique", tabIndex: -1 });
  section.setAttribute("aria-labelledby", `${name}-title`);
  const level = levelOfRating(entry.rating);
  const { button, open } = exampleToggle(section, name, entry);
  section.append(
    el("h3", { id: `${name}-title` }, title, " ",
      el("span", { className: `technique-rating level-${level}`, textContent: `${rating(entry.rating)} · ${level}` })),
    el("p", { textContent: entry.what }),
    el("p", {}, el("strong", { textContent: "Why it works. " }), entry.why),
    el("p", {}, el("strong", { textContent: "Where to look. " }), `${capital(entry.look)}.`),
    el("div", { className: "steps" }, button),
  );
  return { section, open };
}

function draw() {
  const contents = document.querySelector("[data-contents]");
  const groups = document.querySelector("[data-groups]");
  const opens = new Map();
  for (const [id, title, blurb, names] of GROUPS) {
    const list = el("ul");
    const section = el("section", { className: "technique-group", id });
    section.setAttribute("aria-labelledby", `${id}-title`);
    section.append(el("h2", { id: `${id}-title`, textContent: title }), el("p", { className: "group-blurb", textContent: blurb }));
    for (const name of names) {
      const entry = glossaryEntry(name);
      const { section: s, open } = entrySection(name, entry);
      opens.set(name, open);
      section.append(s);
      list.append(el("li", {}, el("a", { href: `#${name}`, textContent: capital(techniqueTitle(name)) })));
    }
    contents.append(el("li", {}, el("a", { href: `#${id}`, textContent: title }), list));
    groups.append(section);
  }
  // Every entry is drawn once, in a group.
  if (opens.size !== GLOSSARY.length) throw new Error("the glossary's groups do not cover every technique");
  return opens;
}

const opens = draw();

/** The entry the address names: scrolled to, its example opened. */
function follow() {
  let name = location.hash.slice(1);
  try {
    name = decodeURIComponent(name);
  } catch {
    return; // a malformed address names no entry
  }
  const open = opens.get(name);
  if (!open) return;
  const section = document.getElementById(name);
  open(true);
  section.scrollIntoView({ block: "start" });
  section.focus({ preventScroll: true });
}
addEventListener("hashchange", follow);
follow();
