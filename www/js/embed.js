//! `<sudoku-lab-board>`: the page in embed mode inside an iframe, for tutorials and posts.
//!
//! ```html
//! <script type="module" src="https://…/sudoku-lab/js/embed.js"></script>
//! <sudoku-lab-board puzzle="85...24..72…" kind="classic" engine="propagate" level="full"
//!                   speed="50" autoplay style="height: 34rem"></sudoku-lab-board>
//! ```
//! The iframe fills the element: a block as wide as its container and a little taller than
//! wide (room for the playback controls under the board) unless styled otherwise.
//! The iframe is the whole isolation: no script of the host page reaches the board.

const PAGE_URL = new URL("../index.html", import.meta.url);
const PASSED = ["puzzle", "kind", "engine", "level", "speed", "example", "format", "alphabet"];

export class SudokuLabBoard extends HTMLElement {
  static get observedAttributes() {
    return [...PASSED, "autoplay", "title"];
  }

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    const style = document.createElement("style");
    style.textContent = `
      :host { display: block; position: relative; width: 100%; aspect-ratio: 5 / 6; min-height: 14rem; }
      :host([hidden]) { display: none; }
      iframe { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; }`;
    this.frame = document.createElement("iframe");
    this.frame.loading = "lazy";
    this.frame.setAttribute("allow", "clipboard-write");
    root.append(style, this.frame);
  }

  /** The page address this element shows: `index.html?embed=1&…` with its attributes. */
  get src() {
    const url = new URL(PAGE_URL);
    url.searchParams.set("embed", "1");
    for (const name of PASSED) {
      const value = this.getAttribute(name);
      if (value !== null && value !== "") url.searchParams.set(name, value);
    }
    if (this.hasAttribute("autoplay") && this.getAttribute("autoplay") !== "false") {
      url.searchParams.set("autoplay", "1");
    }
    return url.href;
  }

  connectedCallback() {
    this.update();
  }

  attributeChangedCallback() {
    if (this.isConnected) this.update();
  }

  update() {
    this.frame.title = this.getAttribute("title") || "sudoku-lab: a puzzle and its solver, step by step";
    const src = this.src;
    if (this.frame.src !== src) this.frame.src = src;
  }
}

if (!customElements.get("sudoku-lab-board")) customElements.define("sudoku-lab-board", SudokuLabBoard);
