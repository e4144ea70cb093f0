//! A grade in words, the same in Play and New puzzle: the level, the hardest step by its
//! name ("XY-wing", not "xy_wing"), what guessing means, and the scale the score is on.

import { TECHNIQUES } from "./records.js";

/** A technique's title in words ("W-wing"), from its name in the grade ("w_wing"). */
export const techniqueTitle = (name) => TECHNIQUES.find(([n]) => n === name)?.[1] ?? String(name).replaceAll("_", " ");

/** "an XY-wing", "a hidden single". */
export function withArticle(words) {
  if (/^(pointing|claiming)$/.test(words)) return words;
  return `${/^[aeiouX]/.test(words) ? "an" : "a"} ${words}`;
}

const LEVELS = {
  easy: "easy",
  medium: "medium",
  hard: "hard",
  expert: "expert",
  extreme: "extreme",
  guessing: "needs guessing",
};

/**
 * One sentence for a grade (`{score, level, hardest, hardest_steps, needs_guessing, guesses}`,
 * as `grade` returns it): "Grade 4.2, hard: the hardest step is an XY-wing (twice)." or "Grade
 * 9.3, needs guessing: the techniques stop short of the solution (the hardest step before they
 * stop is a naked single); a search needs 3 guesses from there."
 */
export function gradeSentence(g) {
  const head = `Grade ${g.score.toFixed(1)}, ${LEVELS[g.level] ?? g.level}`;
  const hardest = g.hardest ? techniqueTitle(g.hardest) : null;
  if (g.needs_guessing) {
    const where = hardest
      ? `the techniques stop short of the solution (the hardest step before they stop is ${withArticle(hardest)})`
      : "no technique finds a first step";
    const guesses = g.guesses === 1 ? "1 guess" : `${g.guesses} guesses`;
    return `${head}: ${where}; a search needs ${guesses} from there.`;
  }
  if (!hardest) return `${head}: nothing is left to deduce.`;
  const times = g.hardest_steps > 1 ? ` (${g.hardest_steps === 2 ? "twice" : `${g.hardest_steps} times`})` : "";
  return `${head}: the hardest step is ${withArticle(hardest)}${times}.`;
}

/** The level a step of `tenths` rating belongs to, on the scale of `SCALE`. */
export function levelOfRating(tenths) {
  if (tenths <= 23) return "easy";
  if (tenths <= 29) return "medium";
  if (tenths <= 45) return "hard";
  if (tenths <= 66) return "expert";
  return "extreme";
}

/** The scale, for the line under a grade. */
export const SCALE =
  "The score follows Sudoku Explainer's scale: the rating of the hardest step a person needs. " +
  "Easy up to 2.3 (singles), medium up to 2.9 (pointing, claiming), hard up to 4.5 (pairs, triples, " +
  "X-wings, XY-wings), expert up to 6.6 (quads, jellyfish, short chains), extreme above (chains and forcing chains, " +
  "which is how Sudoku Explainer rates skyscrapers, finned fish, colours and almost locked sets); " +
  "a puzzle the techniques cannot finish scores 9.0 plus a tenth per guess.";
