//! The examples menu: puzzle texts embedded here (the page never fetches ../shared), read by wasm `parse`.

/**
 * Each example: `id` (stable, used in `?example=`), `title`, `note` (one line for the menu's
 * description), `kind` (passed to `parse`) and `text` (the puzzle in one of the text formats).
 */
export const EXAMPLES = [
  {
    id: "cqoi-1",
    title: "CQOI2013 sample 1 (9×9 inequality)",
    note: "108 relations inside the 3×3 blocks, no givens (Luogu P4573, BZOJ 3109).",
    kind: "inequality",
    text: `> < < < > <
v ^ v v ^ v ^ ^ v
< < < > < <
v ^ v ^ v v ^ ^ v
< < < < > >
< > > > < >
v v ^ ^ v ^ ^ v v
< > > < > >
^ v v v ^ v v ^ v
> < < > > >
< > > > > <
v v v v ^ ^ ^ ^ ^
> < < < < <
^ ^ ^ ^ ^ v v v ^
> > < > < <
`,
  },
  {
    id: "cqoi-2",
    title: "CQOI2013 sample 2 (9×9 inequality)",
    note: "The judge's second sample: relations only, no givens.",
    kind: "inequality",
    text: `< > > < > <
v v ^ ^ v v ^ ^ ^
< < > < > <
^ ^ ^ v ^ ^ ^ v v
< < < < > >
> < > > > >
v ^ ^ ^ ^ v v v ^
> > > > < >
v v ^ v ^ v ^ v ^
> < < > > >
< < < < > <
v ^ v v v v ^ ^ v
< > > < < >
^ v v v ^ v ^ v v
< > < > < >
`,
  },
  {
    id: "poj3074",
    title: "POJ 3074 sample (9×9 classic)",
    note: "The first puzzle of the judge's sample input.",
    kind: "classic",
    text: `.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.
`,
  },
  {
    id: "poj3076",
    title: "POJ 3076 sample (16×16 classic)",
    note: "Letters A–P in the judge's format; shown here as the numbers 1–16 (A = 1).",
    kind: "classic",
    text: `--A----C-----O-I
-J--A-B-P-CGF-H-
--D--F-I-E----P-
-G-EL-H----M-J--
----E----C--G---
-I--K-GA-B---E-J
D-GP--J-F----A--
-E---C-B--DP--O-
E--F-M--D--L-K-A
-C--------O-I-L-
H-P-C--F-A--B---
---G-OD---J----H
K---J----H-A-P-L
--B--P--E--K--A-
-H--B--K--FI-C--
--F---C--D--H-N-
`,
  },
  {
    id: "hardest",
    title: "A hard 9×9 (Norvig's hardest #1)",
    note: "The first of Peter Norvig's \"hardest\" list: hard for naive search; compare the engines on it.",
    kind: "classic",
    text: `85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.
`,
  },
  {
    id: "futoshiki-5",
    title: "Futoshiki 5×5",
    note: "12 relations and no givens; a unique solution that propagation finds without guessing.",
    kind: "futoshiki",
    text: `5 futoshiki
. | . | . | . < .
-   -   ^   -   -
. | . | . | . > .
^   -   -   -   -
. < . > . | . < .
-   -   v   -   -
. | . | . | . | .
-   -   -   v   v
. < . | . < . | .
`,
  },
  {
    id: "futoshiki-6",
    title: "Futoshiki 6×6 (needs search)",
    note: "17 relations and no givens; unique, but the solver has to guess and backtrack.",
    kind: "futoshiki",
    text: `6 futoshiki
. | . | . | . | . | .
^   -   v   -   -   v
. | . < . | . < . | .
-   -   -   -   -   ^
. | . < . | . < . | .
-   v   -   -   v   -
. < . | . | . < . | .
-   -   -   -   -   -
. | . | . | . | . | .
v   -   -   -   v   v
. | . < . < . | . | .
`,
  },
  {
    id: "kropki-9",
    title: "Kropki 9×9 (WPF Sudoku GP 2023)",
    note: "42 dots, no givens, all dots given: white joins consecutive digits, black a digit and its double (WPF Sudoku GP 2023, round 1).",
    kind: "classic",
    text: `9 classic negative=white,black
. | . | . o . * . | . | . | . | .
-   -   -   -   o   -   -   o   -
. | . | . | . | . | . | . | . | .
*   -   -   -   -   -   -   -   o
. | . | . | . o . | . | . o . | .
-   *   -   *   -   -   o   -   -
. | . | . * . | . | . | . | . | .
-   -   -   -   -   -   -   o   *
. | . o . o . * . | . | . | . * .
-   -   -   o   -   -   -   *   -
. o . | . | . o . * . o . | . | .
*   -   -   -   -   o   o   -   -
. o . | . | . | . o . o . * . | .
-   -   -   -   *   *   o   o   -
. o . | . | . o . | . * . | . | .
-   -   -   -   -   o   o   -   -
. | . o . | . | . | . | . | . o .
`,
  },
  {
    id: "xv-9",
    title: "XV sudoku 9×9 (all X and V given)",
    note: "24 X and V, 2 givens: X joins digits summing to 10, V to 5, and every such pair is marked (made by sudoku-lab's generator, seed 11).",
    kind: "classic",
    text: `9 classic negative=V,X
. | . | . | . V . | . | . | . | .
-   -   -   -   -   -   -   -   -
. | . | 7 | . V . | . | . | . V .
-   -   -   X   -   -   -   -   -
. X . | . | . | . | . | . X . V .
V   -   -   -   -   -   -   -   -
. | . | . | . | . | . | . | . | .
-   V   -   -   -   -   V   -   -
. | . | . | . | . | . V . | . | .
-   X   -   -   -   -   -   -   -
. | . | . V . X . | . V . | . | .
-   -   -   -   -   -   V   -   -
. | . | . | . X . V 1 | . | . X .
-   -   -   -   -   -   -   -   -
. | . X . | . | . | . | . | . X .
-   V   -   -   X   -   -   -   -
. | . | . | . | . | . | . | . X .
`,
  },
];

/** The example with `id`, or `undefined`. */
export function findExample(id) {
  return EXAMPLES.find((example) => example.id === id);
}

/** The puzzle the page opens with: one click from watching it solve. */
export const DEFAULT_EXAMPLE = "cqoi-1";
