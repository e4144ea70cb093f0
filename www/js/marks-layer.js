//! The pencil-mark layer of a board: one canvas over the cells, painted cell by cell as the
//! marks change, from an atlas of every digit's looks (plain, live, gone, removed) copied as
//! pixels. As DOM (N spans per cell) a 16×16 board at full speed spent 30 ms a frame in
//! style, layout and paint (measured by `make bench-page`); the canvas keeps no pixels while
//! there are no marks. Hit-testing a click on a candidate is by position. The board
//! (board.js) owns the cells and tells the layer what each shows.

/**
 * The padding around a cell's marks, a fraction of the cell: the CSS marks they replace had
 * it; a grid with relations or markers (`roomy`) keeps the cell's edges clear for them.
 */
function markPad(n, roomy) {
  return roomy ? 0.15 : n > 16 ? 0.03 : n > 9 ? 0.05 : 0.07;
}

/**
 * Where digit `d`'s mark sits in a cell of an `n`×`n` grid, as fractions of the cell from
 * its top-left corner (`{x, y}` of the mark's centre, `w` the width of one mark): what a
 * drawing over the marks (a forcing chain's branch) aims at.
 */
export function markSpot(n, roomy, d) {
  const cols = Math.ceil(Math.sqrt(n));
  const rows = Math.ceil(n / cols);
  const pad = markPad(n, roomy);
  const [w, h] = [(1 - 2 * pad) / cols, (1 - 2 * pad) / rows];
  return { x: pad + ((d - 1) % cols + 0.5) * w, y: pad + (Math.floor((d - 1) / cols) + 0.5) * h, w: Math.min(w, h) };
}

export class MarksLayer {
  /** @param {AbortSignal | undefined} signal the layer's observers end when it aborts */
  constructor(signal) {
    this.signal = signal;
    signal?.addEventListener("abort", () => this.observer?.disconnect());
    this.canvas = null;
    this.frame = null;
    this.size = 0;
    /** Per cell: the candidate mask drawn (-1: draw again), and the removed digits drawn. */
    this.shownCandidates = [];
    this.shownRemoved = [];
    /** The layer's size in device pixels (its canvas keeps none while there are no marks). */
    this.layerSize = { width: 0, height: 0 };
    this.layerBox = null;
    this.atlas = null;
    /** Signs and markers sit on the cells' edges: marks keep clear of them. */
    this.roomy = false;
    this.showGone = false;
  }

  /** A new layer for an `n`×`n` grid in `frame`: its canvas, for the board to place. */
  attach(frame, n) {
    const layer = document.createElement("canvas");
    layer.className = "marks-layer";
    layer.setAttribute("aria-hidden", "true");
    // No pixels until there are marks to paint (repaint sizes it).
    layer.width = layer.height = 0;
    this.canvas = layer;
    this.frame = frame;
    this.size = n;
    this.atlas = null;
    this.shownCandidates = new Array(n * n).fill(0);
    this.shownRemoved = new Array(n * n).fill(0);
    this.watch();
    return layer;
  }

  get layer() {
    return this.canvas;
  }

  /** Marks make room for signs and markers on the edges (or not): painted again at the new size. */
  setRoomy(roomy) {
    if (roomy === this.roomy) return;
    this.roomy = roomy;
    this.atlas = null;
    if (this.hasMarks()) this.repaint();
  }

  /** Cell `index` is drawn again at its next `draw`, whatever it showed. */
  forget(index) {
    this.shownCandidates[index] = -1;
  }

  /**
   * With `true`, removed candidates stay drawn, greyed, beside the live ones; whether that
   * changed.
   */
  setShowGone(show) {
    if (this.showGone === Boolean(show)) return false;
    this.showGone = Boolean(show);
    for (let i = 0; i < this.shownCandidates.length; i++) this.paint(i);
    return true;
  }

  /** Draws a cell's marks: its live candidates (`mask`) and the digits marked as just removed. */
  draw(index, mask, removed) {
    const key = mask >>> 0;
    if (this.shownCandidates[index] === key && this.shownRemoved[index] === removed) return;
    this.shownCandidates[index] = key;
    this.shownRemoved[index] = removed;
    this.paint(index);
  }

  /** Sizes the canvas to the frame (device pixels) and repaints every cell on a resize or a new scheme. */
  watch() {
    this.observer?.disconnect();
    this.observer = new ResizeObserver((entries) => {
      const box = entries.at(-1).contentRect;
      this.layerBox = { width: box.width, height: box.height };
      this.repaint();
    });
    this.observer.observe(this.frame);
    if (!this.schemeWatched) {
      this.schemeWatched = true;
      matchMedia("(prefers-color-scheme: dark)").addEventListener?.("change", () => this.repaint(), { signal: this.signal });
    }
  }

  /** Reads the mark colours and font (once per repaint of the whole layer, never per frame). */
  readMarkStyle() {
    const style = getComputedStyle(this.frame);
    const read = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
    this.markStyle = {
      mark: read("--mark", "#5f6879"),
      live: read("--mark-live", "#1f2a3c"),
      gone: read("--mark-gone", "#6b7383"),
      removed: read("--tone-contradiction", "#dc2626"),
      font: style.fontFamily || "sans-serif",
    };
  }

  /** Sizes the layer and paints every cell again. */
  repaint() {
    const layer = this.layer;
    if (!layer || !this.layerBox) return;
    // At most 2048 device pixels a side: a zoomed 25×25 board on a phone (1,360 CSS px at 3
    // device px each) would ask for 4,080, 64 MB, and 50 ms frames repainting it; at 1.5 device
    // px a CSS px its 8.9 px marks are 13 device px, still sharp.
    const dpr = Math.min(window.devicePixelRatio || 1, 2048 / Math.max(1, this.layerBox.width, this.layerBox.height));
    const width = Math.max(1, Math.round(this.layerBox.width * dpr));
    const height = Math.max(1, Math.round(this.layerBox.height * dpr));
    this.layerSize = { width, height };
    // A board without marks keeps no pixels (3 MB a board in Chromium's software canvas): the
    // layer is sized when its first mark is painted.
    if (!this.hasMarks()) {
      if (layer.width) layer.width = layer.height = 0;
      this.atlas = null;
      return;
    }
    if (layer.width !== width) layer.width = width;
    if (layer.height !== height) layer.height = height;
    this.readMarkStyle();
    this.buildAtlas();
    layer.getContext("2d").clearRect(0, 0, width, height);
    for (let i = 0; i < this.shownCandidates.length; i++) this.paint(i);
  }

  /** Whether any cell shows marks (candidates, or digits marked as removed). */
  hasMarks() {
    return this.shownCandidates.some((key) => key > 0) || this.shownRemoved.some((removed) => removed > 0);
  }

  /** Where a cell's marks go on the canvas: the cell box, the inner box, the mark grid. */
  markGeometry(index) {
    const n = this.size;
    const w = this.layerSize.width / n;
    const h = this.layerSize.height / n;
    const r = Math.floor(index / n);
    const c = index % n;
    const cols = Math.ceil(Math.sqrt(n));
    const rows = Math.ceil(n / cols);
    const latinOrRelations = Boolean(this.roomy);
    const pad = markPad(n, latinOrRelations);
    const scale = latinOrRelations ? 0.62 : n > 16 ? 0.82 : n > 9 ? 0.66 : 0.78;
    return {
      x: c * w, y: r * h, w, h, cols, rows,
      inner: { x: c * w + pad * w, y: r * h + pad * h, w: w * (1 - 2 * pad), h: h * (1 - 2 * pad) },
      font: (w / cols) * scale,
    };
  }

  /**
   * Renders every digit in each of its four looks (plain, live, gone, removed) once into an
   * atlas canvas: a cell's marks are then copies of its pixels (paint), measured several
   * times faster than fillText with a font per mark, and than a drawImage per mark.
   */
  buildAtlas() {
    const geo = this.markGeometry(0);
    const gw = Math.max(1, Math.ceil(geo.inner.w / geo.cols));
    const gh = Math.max(1, Math.ceil(geo.inner.h / geo.rows));
    const atlas = document.createElement("canvas");
    atlas.width = gw * this.size;
    atlas.height = gh * 4;
    const g = atlas.getContext("2d", { willReadFrequently: true });
    g.clearRect(0, 0, atlas.width, atlas.height);
    g.textAlign = "center";
    g.textBaseline = "middle";
    const st = this.markStyle;
    const looks = [[400, st.mark], [700, st.live], [400, st.gone], [700, st.removed]];
    looks.forEach(([weight, colour], row) => {
      g.font = `${weight} ${geo.font}px ${st.font}`;
      g.fillStyle = colour;
      for (let d = 1; d <= this.size; d++) {
        const cx = (d - 0.5) * gw;
        const cy = (row + 0.5) * gh;
        const text = String(d);
        // Two-digit marks are narrowed to their box rather than run into their neighbours.
        const wide = g.measureText(text).width;
        const room = gw * (this.size > 9 ? 0.84 : 0.94);
        if (wide > room) {
          g.save();
          g.translate(cx, cy);
          g.scale(room / wide, 1);
          g.fillText(text, 0, 0);
          g.restore();
        } else {
          g.fillText(text, cx, cy);
        }
        if (row === 3) {
          const half = g.measureText(text).width / 2 + geo.font * 0.08;
          g.fillRect(cx - half, cy - Math.max(1, geo.font * 0.05), 2 * half, Math.max(1, geo.font * 0.1));
        }
      }
    });
    // The glyphs as pixels: cells are painted by copying them (paint); the canvas goes.
    const pixels = new Uint32Array(g.getImageData(0, 0, atlas.width, atlas.height).data.buffer);
    this.atlas = { gw, gh, pixels, stride: atlas.width };
    atlas.width = atlas.height = 0;
    this.cellImages?.clear();
  }

  /**
   * Paints one cell's marks: its box on the layer replaced at once (putImageData) by the
   * glyphs of the atlas, copied as pixels. A step of a big grid repaints hundreds of cells in
   * a frame: 25 drawImage calls a cell cost ~20 ms for the 312 open cells of a 25×25 board
   * (2.5 µs a call, software canvas), the pixel copy ~3 ms.
   */
  paint(index) {
    const layer = this.layer;
    if (!layer || !this.layerBox) return;
    if (!this.atlas) {
      // The first mark of a board without any: the layer is sized and painted whole.
      if (this.shownCandidates[index] > 0 || this.shownRemoved[index] > 0) this.repaint();
      return;
    }
    const geo = this.markGeometry(index);
    const x0 = Math.floor(geo.x);
    const y0 = Math.floor(geo.y);
    const bw = Math.min(layer.width, Math.ceil(geo.x + geo.w)) - x0;
    const bh = Math.min(layer.height, Math.ceil(geo.y + geo.h)) - y0;
    if (bw <= 0 || bh <= 0) return;
    const image = this.cellImage(bw, bh);
    const out = image.pixels;
    out.fill(0);
    const key = this.shownCandidates[index];
    const removed = this.shownRemoved[index] ?? 0;
    if (key >= 0 && (key || removed)) {
      const mask = key;
      const gone = this.showGone;
      const { gw, gh, pixels, stride } = this.atlas;
      const cw = geo.inner.w / geo.cols;
      const ch = geo.inner.h / geo.rows;
      for (let d = 1; d <= this.size; d++) {
        const on = (mask >>> (d - 1)) & 1;
        // Atlas rows: 0 plain, 1 live (beside greyed ones), 2 gone, 3 removed.
        const row = (removed >>> (d - 1)) & 1 ? 3 : on ? (gone ? 1 : 0) : gone ? 2 : -1;
        if (row < 0) continue;
        const x = Math.round(geo.inner.x + ((d - 1) % geo.cols + 0.5) * cw - gw / 2) - x0;
        const y = Math.round(geo.inner.y + (Math.floor((d - 1) / geo.cols) + 0.5) * ch - gh / 2) - y0;
        // The glyph's part inside the cell's box.
        const from = Math.max(0, -x);
        const to = Math.min(gw, bw - x);
        if (to <= from) continue;
        for (let j = Math.max(0, -y); j < gh && y + j < bh; j++) {
          const src = (row * gh + j) * stride + (d - 1) * gw;
          out.set(pixels.subarray(src + from, src + to), (y + j) * bw + x + from);
        }
      }
    }
    layer.getContext("2d").putImageData(image.data, x0, y0);
  }

  /** A reusable ImageData of `w`×`h` and its pixels as 32-bit words. */
  cellImage(w, h) {
    const key = `${w}x${h}`;
    this.cellImages ??= new Map();
    let image = this.cellImages.get(key);
    if (!image) {
      if (this.cellImages.size > 8) this.cellImages.clear();
      const data = new ImageData(w, h);
      image = { data, pixels: new Uint32Array(data.data.buffer) };
      this.cellImages.set(key, image);
    }
    return image;
  }

  /** The candidate digit drawn at a client point of cell `index`, or 0 (a gap between marks, a digit, no marks). */
  at(index, clientX, clientY) {
    const key = this.shownCandidates[index];
    if (!this.layer || key < 0 || (!key && !this.shownRemoved[index])) return 0;
    const rect = this.layer.getBoundingClientRect();
    const dpr = this.layerSize.width / Math.max(1, rect.width);
    const geo = this.markGeometry(index);
    const x = (clientX - rect.left) * dpr - geo.inner.x;
    const y = (clientY - rect.top) * dpr - geo.inner.y;
    if (x < 0 || y < 0 || x >= geo.inner.w || y >= geo.inner.h) return 0;
    const d = Math.floor(y / (geo.inner.h / geo.rows)) * geo.cols + Math.floor(x / (geo.inner.w / geo.cols)) + 1;
    return this.state(index, d) ? d : 0;
  }

  /**
   * How digit `d` is drawn in cell `index`: "live" (a candidate), "gone" (removed, greyed),
   * "removed" (the removal being shown), or "" (not drawn). A test hook as well.
   */
  state(index, d) {
    const key = this.shownCandidates[index];
    const removed = this.shownRemoved[index] ?? 0;
    if (key < 0 || (!key && !removed) || d < 1 || d > this.size) return "";
    if ((removed >>> (d - 1)) & 1) return "removed";
    if ((key >>> (d - 1)) & 1) return "live";
    return this.showGone ? "gone" : "";
  }

  /** The size of a mark's digits in CSS pixels (for tests: is a big board's pencil readable?). */
  fontPx() {
    if (!this.layer || !this.layerBox) return 0;
    return this.markGeometry(0).font / (this.layerSize.width / Math.max(1, this.layerBox.width));
  }

  /** The client point of digit `d`'s mark in cell `index` (for tests and tooltips). */
  point(index, d) {
    const rect = this.layer.getBoundingClientRect();
    const dpr = this.layerSize.width / Math.max(1, rect.width);
    const geo = this.markGeometry(index);
    const cw = geo.inner.w / geo.cols;
    const ch = geo.inner.h / geo.rows;
    return {
      x: rect.left + (geo.inner.x + ((d - 1) % geo.cols + 0.5) * cw) / dpr,
      y: rect.top + (geo.inner.y + (Math.floor((d - 1) / geo.cols) + 0.5) * ch) / dpr,
    };
  }
}
