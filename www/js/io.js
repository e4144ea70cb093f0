//! Import and export dialogs: paste or open a puzzle text; write the puzzle in any format, copy or download it.

import { options } from "./dom.js";
import { ALPHABETS, FORMATS, describeError, naturalFormat, readPuzzle, writePuzzle } from "./formats.js";
import { KINDS } from "./model.js";
import { copyText, shareUrl } from "./url.js";

/** The first choice of each import menu: let the reader find out. */
const DETECT = ["", "Detect"];

/** A dialog's elements in `root`, each `#PREFIX-NAME` under its NAME: `{dialog, text, …}`. */
function partsOf(root, prefix, names) {
  return Object.fromEntries(names.map((name) => [name, root.getElementById(`${prefix}-${name}`)]));
}

/** Places the caret of a textarea at a 1-based line and column (to point at a parse error). */
function caretAt(textarea, line, column) {
  const lines = textarea.value.split("\n");
  let offset = 0;
  for (let i = 0; i < Math.min(line - 1, lines.length); i++) offset += lines[i].length + 1;
  offset += Math.max(0, column - 1);
  textarea.focus();
  textarea.setSelectionRange(offset, Math.min(offset + 1, textarea.value.length));
}

export class ImportDialog {
  /** @param {{root: Document | ShadowRoot, onImport: (model) => void}} options */
  constructor({ root, onImport }) {
    Object.assign(this, partsOf(root, "import", ["dialog", "text", "format", "kind", "alphabet", "file", "error"]));
    this.format.append(...options([DETECT, ...FORMATS]));
    this.kind.append(...options([DETECT, ...KINDS.map((kind) => [kind, kind])]));
    this.alphabet.append(...options([DETECT, ...ALPHABETS]));
    this.onImport = onImport;
    this.dialog.addEventListener("click", (event) => {
      const action = event.target.closest("[data-action]")?.dataset.action;
      if (action === "import-apply") this.apply();
      else if (action === "import-cancel") this.dialog.close();
    });
    this.text.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        this.apply();
      }
    });
    this.text.addEventListener("input", () => (this.error.textContent = ""));
    this.file.addEventListener("change", async () => {
      const file = this.file.files?.[0];
      if (!file) return;
      this.text.value = await file.text();
      this.error.textContent = "";
      this.file.value = "";
    });
  }

  open(text = "") {
    this.text.value = text;
    this.error.textContent = "";
    this.dialog.showModal();
    this.text.focus();
  }

  /** Reads the text; on success closes and hands the model over, else shows where it failed. */
  apply() {
    const text = this.text.value;
    if (!text.trim()) {
      this.error.textContent = "Paste a puzzle first.";
      this.text.focus();
      return;
    }
    try {
      const model = readPuzzle(text, {
        kind: this.kind.value,
        format: this.format.value,
        alphabet: this.alphabet.value,
      });
      this.dialog.close();
      this.onImport(model);
    } catch (error) {
      this.error.textContent = describeError(error);
      if (Number.isInteger(error?.line) && Number.isInteger(error?.column)) {
        caretAt(this.text, error.line, error.column);
      }
    }
  }
}

export class ExportDialog {
  /** @param {{root: Document | ShadowRoot, getModel: () => object, notify: (text: string) => void}} options */
  constructor({ root, getModel, notify }) {
    Object.assign(this, partsOf(root, "export", ["dialog", "format", "text", "error"]));
    this.format.append(...options([...FORMATS, ["link", "link (URL)"]]));
    this.getModel = getModel;
    this.notify = notify;
    this.format.addEventListener("change", () => this.refresh());
    this.dialog.addEventListener("click", async (event) => {
      const action = event.target.closest("[data-action]")?.dataset.action;
      if (action === "export-close") this.dialog.close();
      else if (action === "export-copy") await this.copy();
      else if (action === "export-download") this.download();
    });
  }

  open(format) {
    this.format.value = format ?? naturalFormat(this.getModel());
    this.refresh();
    this.dialog.showModal();
    this.format.focus();
  }

  /** Writes the puzzle in the chosen format, or says why the format cannot express it. */
  refresh() {
    const model = this.getModel();
    const name = this.format.value;
    try {
      this.text.value = name === "link" ? shareUrl(model) : writePuzzle(model, name);
      this.error.textContent = "";
      this.text.removeAttribute("aria-invalid");
    } catch (error) {
      this.text.value = "";
      this.error.textContent = describeError(error);
      this.text.setAttribute("aria-invalid", "true");
    }
    for (const action of ["export-copy", "export-download"]) {
      this.dialog.querySelector(`[data-action="${action}"]`).disabled = this.text.value === "";
    }
  }

  async copy() {
    if (!this.text.value) return;
    if (await copyText(this.text.value)) {
      this.notify("Copied to the clipboard.");
    } else {
      this.text.focus();
      this.text.select();
      this.notify("The browser refused the clipboard: the text is selected, press Ctrl+C.");
    }
  }

  download() {
    if (!this.text.value) return;
    const model = this.getModel();
    const name = this.format.value;
    const json = name === "json" || name === "fpuzzles";
    const extension = json ? "json" : "txt";
    const blob = new Blob([this.text.value], { type: json ? "application/json" : "text/plain" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `puzzle-${model.size}x${model.size}-${model.kind}-${name}.${extension}`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }
}
