//! The legend of the roles a highlighted step gives its cells (the pattern, a fin, the cells
//! that lose candidates, a candidate removed, placed, a guess), the same wherever a step is
//! shown: under the board in Explain and a hint's last level, and compact in a phone's dock.
//! Its swatches are drawn as the board draws the roles (board.js, styles.css).

/**
 * The legend of the roles a highlighted step gives its cells, the same wherever a step is
 * shown (Explain, hints): each role a swatch drawn as the board draws it, and its words (and
 * a short form of them, for the compact legend of a phone: see `markRoles`). `roles` picks
 * and orders them; a role in `hidden` is listed but hidden until `showRole` or `markRoles`
 * shows it (a fin: only while the step shown has fins).
 */
export function roleLegend(roles = ["pattern", "target", "removed", "placed"], hidden = []) {
  const words = {
    pattern: ["the pattern (the reason)", "pattern", "legend-pattern"],
    fin: ["a fin (an extra place of the fish)", "a fin", "legend-fin"],
    target: ["loses candidates", "loses candidates", "legend-target"],
    removed: ["a candidate removed", "removed", "legend-removed"],
    placed: ["placed", "placed", "legend-placed"],
    guess: ["a guess", "a guess", "legend-guess"],
  };
  const list = document.createElement("ul");
  list.className = "role-legend";
  list.setAttribute("aria-label", "What the colours on the board mean");
  for (const role of roles) {
    if (!words[role]) continue;
    const [text, short, cls] = words[role];
    const item = document.createElement("li");
    item.dataset.role = role;
    item.hidden = hidden.includes(role);
    if (item.hidden) item.dataset.optional = "";
    const swatch = document.createElement("span");
    swatch.className = `legend-swatch ${cls}`;
    swatch.setAttribute("aria-hidden", "true");
    if (role === "removed") swatch.textContent = "4";
    const full = document.createElement("span");
    full.className = "legend-words";
    full.textContent = text;
    item.append(swatch, full);
    if (short !== text) {
      const brief = document.createElement("span");
      brief.className = "legend-short";
      brief.textContent = short;
      item.append(brief);
    }
    list.append(item);
  }
  return list;
}

/** Shows or hides the item of `role` in a legend made by `roleLegend`. */
export function showRole(legend, role, shown) {
  for (const item of legend.children) {
    if (item.dataset.role === role) item.hidden = !shown;
  }
}

/**
 * Marks the items of a legend made by `roleLegend` whose roles the board draws now
 * (`roles`, a Set of Board.rolesShown): `data-shown` on each, which a compact legend shows
 * alone (explain.css, the dock of a phone); an item hidden until shown shows while in use.
 */
export function markRoles(legend, roles) {
  for (const item of legend.children) {
    const on = roles.has(item.dataset.role);
    item.toggleAttribute("data-shown", on);
    if ("optional" in item.dataset) item.hidden = !on;
  }
}
