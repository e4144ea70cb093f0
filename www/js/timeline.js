//! The timeline: a range input to scrub through the events, over a canvas of markers, one
//! lane each for guesses, contradictions, backtracks and solutions (many markers in one pixel
//! column draw one tick).

import { MARKER_KINDS } from "./trace.js";

/** Width of the range thumb in CSS pixels (explain.css sets it): markers align with its centre. */
const THUMB = 14;

export class Timeline {
  /** @param {HTMLElement} container @param {{onScrub: (position: number) => void}} hooks */
  constructor(container, hooks) {
    this.hooks = hooks;
    this.trace = null;
    this.length = 0;
    this.drawnLength = -1;
    this.drawnAt = 0;
    this.root = document.createElement("div");
    this.root.className = "ex-timeline";
    this.canvas = document.createElement("canvas");
    this.canvas.setAttribute("aria-hidden", "true");
    this.range = document.createElement("input");
    this.range.type = "range";
    this.range.min = "0";
    this.range.max = "0";
    this.range.step = "1";
    this.range.value = "0";
    this.range.dataset.action = "scrub";
    this.range.setAttribute("aria-label", "Timeline: event");
    this.range.addEventListener("input", () => this.hooks.onScrub(Number(this.range.value)));
    this.root.append(this.canvas, this.range);
    container.append(this.root);
    // Sizes come from the observer, never read back from the DOM: a read while the page is
    // being changed would force a second layout in the frame.
    this.width = 0;
    this.height = 0;
    new ResizeObserver((entries) => {
      this.width = entries.at(-1).contentRect.width;
      this.draw(true);
    }).observe(this.root);
    new ResizeObserver((entries) => {
      this.height = entries.at(-1).contentRect.height;
      this.draw(true);
    }).observe(this.canvas);
    // Colours are read once now and when the colour scheme changes: getComputedStyle during
    // an animation would force a layout.
    this.readColors();
    matchMedia("(prefers-color-scheme: dark)").addEventListener?.("change", () => {
      this.readColors();
      this.draw(true);
    });
  }

  readColors() {
    const style = getComputedStyle(this.root);
    this.colors = MARKER_KINDS.map((kind) => style.getPropertyValue(`--ex-${kind}`).trim()
      || style.getPropertyValue(`--tone-${kind}`).trim() || "#888");
  }

  /** Shows `trace` (or none) with `length` events so far. */
  setTrace(trace) {
    this.trace = trace;
    this.setLength(trace ? trace.count : 0, true);
  }

  setLength(length, force = false) {
    this.length = length;
    this.range.max = String(length);
    this.range.disabled = length === 0;
    this.draw(force);
  }

  setPosition(position) {
    if (this.range.value !== String(position)) this.range.value = String(position);
    this.range.setAttribute("aria-valuetext", `event ${position} of ${this.length}`);
  }

  /** Redraws the markers on the next frame: at once when forced, else at most 4 times a second. */
  draw(force = false) {
    if (!force && this.length === this.drawnLength) return;
    if (!force && performance.now() - this.drawnAt < 250) {
      if (!this.pending) this.pending = setTimeout(() => { this.pending = 0; this.draw(true); }, 260);
      return;
    }
    if (!this.frame) this.frame = requestAnimationFrame(() => { this.frame = 0; this.paint(); });
  }

  paint() {
    this.drawnLength = this.length;
    this.drawnAt = performance.now();
    const dpr = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(this.width * dpr));
    const height = Math.max(1, Math.round((this.height || 18) * dpr));
    if (this.canvas.width !== width) this.canvas.width = width;
    if (this.canvas.height !== height) this.canvas.height = height;
    const g = this.canvas.getContext("2d");
    g.clearRect(0, 0, width, height);
    if (!this.trace || !this.length) return;
    const span = width - THUMB * dpr;
    const lane = height / MARKER_KINDS.length;
    MARKER_KINDS.forEach((kind, k) => {
      g.fillStyle = this.colors[k];
      const list = this.trace.markers[kind];
      let lastX = -1;
      for (const index of list) {
        if (index >= this.length) break;
        const x = Math.floor((THUMB / 2) * dpr + ((index + 1) / this.length) * span);
        if (x === lastX) continue;
        lastX = x;
        g.fillRect(x, Math.floor(k * lane), Math.max(1, Math.round(dpr)), Math.ceil(lane) - 1);
      }
    });
  }
}
