//! The lesson page's script: the step buttons in the text move their board, and the race of
//! DLX against naive search writes each engine's event count into the text. Text from the
//! boards goes in as textContent only.

// The page loads embed.js too; importing it here makes sure the element is defined before
// this script calls its methods.
import "../js/embed.js";

const REDUCED_MOTION = matchMedia("(prefers-reduced-motion: reduce)").matches;

const boardOf = (id) => document.getElementById(id);

/**
 * A polite status line at the end of each group of step buttons: a screen reader hears
 * where the board went (the board's own caption is inside the board). Shown only when a
 * step fails.
 */
function statusFor(group) {
  let status = group.querySelector(".step-status");
  if (!status) {
    status = document.createElement("p");
    status.className = "step-status visually-hidden";
    status.setAttribute("role", "status");
    group.append(status);
  }
  return status;
}

function say(status, text, failed = false) {
  status.classList.toggle("visually-hidden", !failed);
  status.classList.toggle("failed", failed);
  status.textContent = text;
}

/** `data-board` names the board; `data-step` moves it that many events, `data-seek` jumps to an event. */
function wireSteps() {
  for (const button of document.querySelectorAll("button[data-board]")) {
    const board = boardOf(button.dataset.board);
    const status = statusFor(button.closest(".steps"));
    button.addEventListener("click", async () => {
      try {
        const seek = button.dataset.seek;
        const at = seek !== undefined ? await board.seek(seek) : await board.step(Number(button.dataset.step));
        say(status, at.event ? `Event ${at.position} of ${at.events}: ${at.sentence}` : at.sentence);
      } catch (error) {
        say(status, `The board could not move: ${error.message}`, true);
      }
    });
  }
}

// ── The race ──

const RACE = { dlx: boardOf("race-dlx"), naive: boardOf("race-naive") };
const counts = {};

function writeCount(engine, events) {
  counts[engine] = events;
  document.querySelector(`[data-count="${engine}"]`).textContent = events.toLocaleString("en-US");
  if (counts.dlx && counts.naive) {
    const ratio = counts.naive / counts.dlx;
    document.querySelector("[data-ratio]").textContent = ratio >= 1.5
      ? `, about ${Math.round(ratio)} times as many`
      : ratio <= 1 / 1.5 ? `, about ${Math.round(1 / ratio)} times fewer` : "";
  }
}

function markFinished(engine, finished) {
  const mark = RACE[engine].closest("figure").querySelector("[data-finished]");
  if (mark) mark.textContent = finished ? "finished" : "";
}

let raced = false;

/** Traces both and plays them from the start; with reduced motion, only counts. */
async function startRace() {
  raced = true;
  await Promise.all(Object.entries(RACE).map(async ([engine, board]) => {
    markFinished(engine, false);
    const outcome = REDUCED_MOTION ? await board.step(0) : await board.explain();
    writeCount(engine, outcome.events);
  }));
}

async function raceAgain() {
  if (!raced) return startRace();
  const boards = Object.values(RACE);
  for (const engine of Object.keys(RACE)) markFinished(engine, false);
  await Promise.all(boards.map((board) => board.seek("start")));
  await Promise.all(boards.map((board) => board.play()));
}

function wireRace() {
  const status = statusFor(document.querySelector("[data-race]").closest(".steps"));
  for (const [engine, board] of Object.entries(RACE)) {
    board.addEventListener("solved", (event) => {
      if (event.detail.via === "explain") markFinished(engine, true);
    });
  }
  const act = (what) => what().catch((error) => say(status, `The race could not run: ${error.message}`, true));
  document.querySelector('[data-race="again"]').addEventListener("click", () => act(raceAgain));
  document.querySelector('[data-race="pause"]').addEventListener("click", () =>
    act(() => Promise.all(Object.values(RACE).map((board) => board.pause()))));
  // The race starts once its boards come well into view (their top above the lower 40% of
  // the viewport, whatever their height), not while the reader is still above them.
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting) || raced) return;
    observer.disconnect();
    act(startRace);
  }, { rootMargin: "0px 0px -40% 0px" });
  observer.observe(document.querySelector(".race"));
}

wireSteps();
wireRace();
