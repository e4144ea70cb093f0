//! The box an app lays itself out in, and its width and height queries: the window for the
//! page (and for the page in a board's iframe); the app's own element for a board in a shadow
//! root, whose stylesheets query that element's box (`@container board`) as the page's query
//! the window's. A query that is not about size (`prefers-color-scheme`, `pointer`) is always
//! the window's.

/** The window as the viewport: `matchMedia` as it is. */
export function windowViewport(win = window) {
  return {
    width: () => win.innerWidth,
    height: () => win.innerHeight,
    media: (query) => win.matchMedia(query),
    /** Calls `callback` when the viewport changes size, until `signal` aborts. */
    onResize: (callback, signal) => win.addEventListener("resize", callback, { signal }),
  };
}

/** `(min-width: 64rem)`, `(max-height: 480px)`: a size feature and its bound in CSS px. */
const SIZE_FEATURE = /^\(\s*(min|max)-(width|height)\s*:\s*([\d.]+)(rem|px)\s*\)$/;

/**
 * `element`'s box as the viewport (until `signal` aborts): `media(query)` answers the queries
 * `(min|max)-(width|height): N(rem|px)`, joined by `and`, against it, and hears when the
 * answer changes, as a MediaQueryList does.
 */
export function elementViewport(element, signal) {
  const queries = new Set();
  const resized = new Set();
  const observer = new ResizeObserver(() => {
    for (const query of queries) query.update();
    for (const callback of resized) callback();
  });
  observer.observe(element);
  signal?.addEventListener("abort", () => {
    observer.disconnect();
    queries.clear();
    resized.clear();
  });
  const rem = () => parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return {
    width: () => element.clientWidth,
    height: () => element.clientHeight,
    media(query) {
      const parts = query.split(/\s+and\s+/).map((part) => SIZE_FEATURE.exec(part.trim()));
      if (parts.some((part) => !part)) return window.matchMedia(query);
      const test = () => parts.every(([, bound, feature, value, unit]) => {
        const px = Number(value) * (unit === "rem" ? rem() : 1);
        const size = feature === "width" ? element.clientWidth : element.clientHeight;
        return bound === "min" ? size >= px : size <= px;
      });
      const target = new EventTarget();
      // Answered when first asked (a board being built forces no style or layout to know).
      let answer = null;
      const list = {
        media: query,
        get matches() {
          answer ??= test();
          return answer;
        },
        addEventListener: (type, callback, options) => target.addEventListener(type, callback, options),
        removeEventListener: (type, callback) => target.removeEventListener(type, callback),
        update() {
          if (answer === null) return;
          const now = test();
          if (now === answer) return;
          answer = now;
          target.dispatchEvent(new Event("change"));
        },
      };
      queries.add(list);
      return list;
    },
    onResize(callback, until) {
      resized.add(callback);
      until?.addEventListener("abort", () => resized.delete(callback));
    },
  };
}
