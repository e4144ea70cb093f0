//! What a gap between two cells shows: an inequality sign as a chevron pointing at the
//! smaller cell, a marker (a white or black dot, X, V, a sum or a ratio) as it is drawn in
//! these puzzles, or a ghost dot a click would turn into one; with its words for screen
//! readers and its tooltip. The board (board.js) calls it for each gap.

import { isVerticalEdge, markerKind, markerMeaning, markerName } from "./model.js";

const SVG = "http://www.w3.org/2000/svg";

/** Chevron points in a -10..10 box: the vertex (the small end) points at the smaller cell. */
const CHEVRONS = {
  "h<": "3.5,-7.5 -4,0 3.5,7.5", // left < right: points left
  "h>": "-3.5,-7.5 4,0 -3.5,7.5", // left > right: points right
  "v<": "-7.5,3.5 0,-4 7.5,3.5", // upper < lower: points up (^)
  "v>": "-7.5,-3.5 0,4 7.5,-3.5", // upper > lower: points down (v)
};

/**
 * A gap's drawing: the ghost dot a click would turn into a relation, the chevron's halo and
 * ink, and a marker's shape (a dot, or a letter or number on a halo) with its label.
 */
export function chevron() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "-10 -10 20 20");
  svg.setAttribute("aria-hidden", "true");
  const dot = document.createElementNS(SVG, "circle");
  dot.setAttribute("r", "2.2");
  dot.setAttribute("class", "ghost");
  const halo = document.createElementNS(SVG, "polyline");
  halo.setAttribute("class", "halo");
  const ink = document.createElementNS(SVG, "polyline");
  ink.setAttribute("class", "ink");
  const shape = document.createElementNS(SVG, "circle");
  shape.setAttribute("class", "marker-shape");
  const label = document.createElementNS(SVG, "text");
  label.setAttribute("class", "marker-label");
  label.setAttribute("text-anchor", "middle");
  label.setAttribute("dominant-baseline", "central");
  svg.append(dot, halo, ink, shape, label);
  return svg;
}

/**
 * How a marker is drawn: `{look, text}` — a white or black dot (a value beside 1 and 2 written
 * in it), or a letter (X, V) or a sum's number on a small halo.
 */
function markerLook(token) {
  const kind = markerKind(token);
  if (!kind) return { look: "", text: "" };
  if (kind.type === "difference") return { look: "white", text: kind.k === 1 ? "" : String(kind.k) };
  if (kind.type === "ratio") return { look: "black", text: kind.k === 2 ? "" : String(kind.k) };
  if (kind.k === 10) return { look: "letter", text: "X" };
  if (kind.k === 5) return { look: "letter", text: "V" };
  return { look: "letter", text: String(kind.k) };
}

function relationWords(rel, vertical) {
  if (!rel) return "no relation";
  if (rel !== "<" && rel !== ">") return markerMeaning(rel);
  if (vertical) return rel === "<" ? "upper cell smaller" : "upper cell larger";
  return rel === "<" ? "left cell smaller" : "left cell larger";
}

/** Draws what gap `key` of a `size`×`size` grid shows: a sign ("<", ">"), a marker's token, or nothing (""). */
export function drawGap(element, key, rel, size) {
  const vertical = isVerticalEdge(key, size);
  const sign = rel === "<" || rel === ">";
  element.dataset.rel = rel;
  if (rel && !element.firstChild) element.append(chevron());
  const points = sign ? CHEVRONS[(vertical ? "v" : "h") + rel] : "";
  for (const poly of element.querySelectorAll("polyline")) poly.setAttribute("points", points);
  const { look, text } = sign ? { look: "", text: "" } : markerLook(rel);
  element.dataset.marker = look;
  const shape = element.querySelector(".marker-shape");
  const label = element.querySelector(".marker-label");
  if (shape) shape.setAttribute("r", look === "letter" ? "7" : look ? "6.2" : "0");
  if (label) label.textContent = text;
  const [a, b] = key.split("-");
  const words = !rel ? "none" : sign ? `${a} ${rel} ${b}` : markerName(rel);
  element.setAttribute("aria-label", `Relation between ${a} and ${b}: ${words} (${relationWords(rel, vertical)})`);
  element.title = sign ? `${a} ${rel} ${b} — click to change`
    : rel ? `${markerName(rel)} between ${a} and ${b} (${markerMeaning(rel)}) — click to change`
    : `Click to add a relation between ${a} and ${b}`;
}
