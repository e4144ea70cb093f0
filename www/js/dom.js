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

/** `<option>`s from `[value, text]` pairs: every menu of the page is built from a table. */
export function options(pairs) {
  return pairs.map(([value, text]) => el("option", { value, textContent: text }));
}
