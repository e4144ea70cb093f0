//! Building DOM nodes from data: properties are set as properties (text via textContent),
//! never parsed as HTML, so user text cannot become markup.

/** `el("button", {textContent: "Solve", dataset: {action: "solve"}}, child…)`. */
export function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(e.dataset, value);
    else if (key in e) e[key] = value;
    else e.setAttribute(key, value);
  }
  e.append(...children);
  return e;
}

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with its attributes (set as attributes: SVG has no matching properties). */
export function svgEl(tag, attributes = {}) {
  const e = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) e.setAttribute(name, String(value));
  return e;
}

/** `<option>`s from `[value, text]` pairs: every menu of the page is built from a table. */
export function options(pairs) {
  return pairs.map(([value, text]) => el("option", { value, textContent: text }));
}

/**
 * Makes `element` a tab stop (to scroll it by keys) while it has more than it shows, and
 * not otherwise (a stop with nothing to scroll is an empty stop on the way through the
 * page), when `also()` (default: always) allows it.
 */
export function tabStopWhileScrolling(element, also = () => true) {
  if (also() && element.scrollHeight > element.clientHeight + 1) element.tabIndex = 0;
  else element.removeAttribute("tabindex");
}
