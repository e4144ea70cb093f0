//! The statistics panel: what a search did (nodes, guesses, backtracks, placements and
//! eliminations by rule) and how long it took, for comparing engines on one puzzle.

import { RULES, RULE_LABELS } from "./records.js";

const number = (n) => Number(n ?? 0).toLocaleString("en-US");

function ms(t) {
  if (t === undefined || t === null) return "";
  return t < 10 ? `${t.toFixed(2)} ms` : t < 1000 ? `${t.toFixed(1)} ms` : `${(t / 1000).toFixed(2)} s`;
}

export class StatsPanel {
  constructor(container) {
    this.container = container;
    this.title = document.createElement("h2");
    this.title.id = "ex-stats-title";
    this.title.textContent = "Statistics";
    this.body = document.createElement("div");
    this.body.className = "ex-stats";
    container.replaceChildren(this.title, this.body);
    container.setAttribute("aria-labelledby", "ex-stats-title");
    this.clear();
  }

  clear() {
    const p = document.createElement("p");
    p.className = "ex-muted";
    p.textContent = "Solve or Explain to see what the solver did.";
    this.body.replaceChildren(p);
  }

  /**
   * Shows `stats` (the wasm Stats object) of a run by `engine`: `time` in ms, `events` when
   * traced, `what` ("solve" or "explain").
   */
  /** A note in place of the numbers (they exist but are not to be shown yet). */
  hold(text) {
    const p = document.createElement("p");
    p.className = "ex-muted";
    p.dataset.stat = "held";
    p.textContent = text;
    this.body.replaceChildren(p);
  }

  show({ stats, engine, time, events, level, what, live = false, stopped = false, techniques = [] }) {
    if (!stats) return this.clear();
    const rows = [
      ["engine", engine ?? ""],
      [what === "explain" ? "search time" : "time", ms(time)],
      ["nodes", number(stats.nodes)],
      ["guesses", number(stats.guesses)],
      ["backtracks", number(stats.backtracks)],
      ["contradictions", number(stats.contradictions)],
      ["solutions", number(stats.solutions)],
    ];
    if (stats.probes) rows.push(["probes", number(stats.probes)]);
    if (events !== undefined) rows.push([`events (${level ?? "full"})`, number(events)]);
    const table = (title, byRule) => {
      const t = document.createElement("table");
      const caption = document.createElement("caption");
      caption.textContent = title;
      t.append(caption);
      let total = 0;
      for (const rule of RULES) {
        const n = byRule?.[rule] ?? 0;
        if (!n) continue;
        total += n;
        const tr = document.createElement("tr");
        const th = document.createElement("th");
        th.scope = "row";
        th.textContent = RULE_LABELS[rule];
        const td = document.createElement("td");
        td.textContent = number(n);
        tr.append(th, td);
        t.append(tr);
      }
      const tr = document.createElement("tr");
      tr.className = "ex-total";
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = "total";
      const td = document.createElement("td");
      td.textContent = number(total);
      tr.append(th, td);
      t.append(tr);
      return t;
    };
    const dl = document.createElement("dl");
    for (const [k, v] of rows) {
      const dt = document.createElement("dt");
      dt.textContent = k;
      const dd = document.createElement("dd");
      dd.textContent = v;
      dd.dataset.stat = k.split(" ")[0];
      dl.append(dt, dd);
    }
    const counted = (byRule) => Object.values(byRule ?? {}).some((n) => Number(n) > 0);
    if (!counted(stats.placements) && !counted(stats.eliminations)) {
      // The 9×9 and 16×16 fast paths count nodes, guesses and solutions, not rules: no
      // table of zeros, but where the counts are.
      const note = document.createElement("p");
      note.className = "ex-muted";
      note.dataset.stat = "no-rules";
      note.textContent = what === "explain"
        ? "No placements or eliminations were recorded."
        : "This solve took the fast path, which does not count rules: Explain counts placements and eliminations by rule.";
      this.body.replaceChildren(dl, ...this.liveNote(live, stopped), note);
      return;
    }
    const tables = document.createElement("div");
    tables.className = "ex-rule-tables";
    tables.append(table("Placements by rule", stats.placements), table("Eliminations by rule", stats.eliminations));
    if (techniques.length) tables.append(techniqueTable(techniques));
    this.body.replaceChildren(dl, ...this.liveNote(live, stopped), tables);
  }

  /** While the search runs, a line saying the counts are the ones so far. */
  liveNote(live, stopped) {
    if (!live && !stopped) return [];
    const p = document.createElement("p");
    p.className = "ex-muted";
    p.dataset.stat = stopped ? "stopped" : "live";
    p.textContent = stopped ? "Stopped: these are the counts up to Stop." : "Still searching: these are the counts so far.";
    return [p];
  }
}

/**
 * The named techniques of a traced run by name: each one's steps (instances) and the
 * candidates they removed (`Trace.techniqueCounts`).
 */
function techniqueTable(techniques) {
  const t = document.createElement("table");
  t.className = "ex-technique-table";
  const caption = document.createElement("caption");
  caption.textContent = "Named techniques";
  const head = document.createElement("tr");
  for (const [text, scope] of [["technique", "col"], ["steps", "col"], ["removals", "col"]]) {
    const th = document.createElement("th");
    th.scope = scope;
    th.textContent = text;
    head.append(th);
  }
  t.append(caption, head);
  for (const { name, title, steps, removals } of techniques) {
    const tr = document.createElement("tr");
    tr.dataset.technique = name;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = title;
    const a = document.createElement("td");
    a.textContent = number(steps);
    const b = document.createElement("td");
    b.textContent = number(removals);
    tr.append(th, a, b);
    t.append(tr);
  }
  return t;
}
