//! The technique glossary: one entry per technique of the logic engine (TECHNIQUES in
//! records.js, `Technique` in src/logic/mod.rs, the same order), each with what it is, why it
//! works, where a player looks for it, its rating, and a puzzle whose solution path uses it.
//! The glossary page (lessons/techniques.html) is drawn from it; Play's hints, the grade line
//! and Explain link to its entries (`glossaryHref`, `glossaryLink`). No DOM but the links,
//! built only when asked for.
//!
//! The example puzzles come from this project's generator (`sudoku-lab generate`, classic 9×9
//! at each level, 8×8 for the direct claiming — on 9×9 a direct pointing always comes first —,
//! 5×5 and 6×6 Futoshiki, 9×9 inequality, 6×6 Kropki sudoku for the marker techniques), each
//! chosen as a puzzle whose hardest step is the technique (used once where one could be
//! found), so its board opens on that step; the Franken and mutant fish, which come after
//! the AIC and are rarely a next step, from magictour's top1465 (one puzzle of 1,465 has a
//! mutant fish on the logic engine's path before its first guess: #1165)
//! (`start="technique:…"`; tests/js/glossary.test.mjs checks that every example does, and
//! that every rating is the crate's).

import { el } from "./dom.js";
import { techniqueTitle, withArticle } from "./grades.js";

/**
 * `[name, {rating, what, why, look, example: {puzzle, start}}]`: `rating` in tenths (as
 * `Technique::rating`), `look` what a player scans for first, `start` where the example's
 * board opens (a `technique:` position of the board's `start` attribute).
 */
export const GLOSSARY = [
  ["full_house", {
    rating: 10,
    what: "A row, column or block has one empty cell left. It takes the one digit the house is missing.",
    why: "Each house holds every digit once. With all but one cell filled, only one digit and one place remain.",
    look: "houses with one empty cell",
    example: { puzzle: ".61.8..97.....9..8..46..1.3..........95........69.7.5......39..3..2...1412....8..", start: "technique:full_house" },
  }],
  ["hidden_single", {
    rating: 12,
    what: "In some house, a digit has only one cell left where it can go, though that cell may still have other candidates. The digit goes there.",
    why: "The house must hold the digit somewhere. Every other cell of the house sees that digit already, so the one cell left must take it.",
    look: "for each digit, the houses where it has a single place",
    example: { puzzle: ".61.8..97.....9..8..46..1.3..........95........69.7.5......39..3..2...1412....8..", start: "technique:hidden_single" },
  }],
  ["chain_bound", {
    rating: 17,
    what: "Cells joined by signs in a row of the same direction (a < b < c …) form a chain. A cell k places from the bottom of the chain is at least k; one k places from the top is at most N + 1 − k.",
    why: "Along a chain each cell is larger than the one before it, so the digits below a cell climb one step at least per sign.",
    look: "runs of signs that point the same way",
    example: { puzzle: '{"size":5,"kind":"futoshiki","givens":"3..1.4.....5..22...1.1...","relations":[["r2c4","<","r3c4"]]}', start: "technique:chain_bound" },
  }],
  ["direct_pointing", {
    rating: 17,
    what: "A pointing (a digit whose places in a block lie in one row or column) takes the digit out of the rest of that line, and that leaves it one place in another block the line crosses. The digit goes there.",
    why: "The block's copy of the digit is on the line, so the line's other cells cannot have it; the other block must still hold the digit, and only one of its cells is left.",
    look: "a digit lined up in one block, then the next block along that line",
    example: { puzzle: "..56....8.9........28.4...93.6.........2..81..1.....9....8.25........12..7...6..3", start: "technique:direct_pointing" },
  }],
  ["relation_bound", {
    rating: 18,
    what: "For a sign a < b: b must be above the smallest digit a can still take, and a below the largest digit b can still take.",
    why: "Whatever a turns out to be, b is bigger than it, so b is bigger than a's smallest candidate at least; the same from the other side.",
    look: "signs whose cells have lost small or large digits",
    example: { puzzle: '{"size":5,"kind":"futoshiki","givens":".....5...3...1...........","relations":[["r1c4","<","r1c5"],["r1c4",">","r2c4"],["r3c2","<","r4c2"],["r4c1",">","r4c2"],["r5c3",">","r5c4"]]}', start: "technique:relation_bound" },
  }],
  ["marker_bound", {
    rating: 18,
    what: "Two cells joined by a marker: a white dot (consecutive digits), a black dot (one double the other), an X (sum 10) or a V (sum 5). A digit leaves one cell when no candidate of the other goes with it.",
    why: "Whatever the other cell holds, it must go with this one's digit by the marker. A digit no candidate there goes with can never be right: on a 9×9 a black dot never takes 5, 7 or 9 (their doubles and halves are not digits).",
    look: "markers beside cells that have lost digits, and black dots and Vs anywhere (they rule out digits from the start)",
    example: { puzzle: '{"size":6,"kind":"classic","givens":".........6..........................","markers":[["r1c1","black","r1c2"],["r1c2","white","r2c2"],["r1c3","white","r1c4"],["r1c3","black","r2c3"],["r1c4","white","r2c4"],["r1c5","white","r1c6"],["r1c5","white","r2c5"],["r2c3","white","r3c3"],["r2c4","black","r2c5"],["r2c5","white","r2c6"],["r2c6","white","r3c6"],["r3c2","white","r3c3"],["r3c2","white","r4c2"],["r3c4","white","r3c5"],["r3c5","white","r4c5"],["r3c6","white","r4c6"],["r4c1","white","r4c2"],["r4c1","black","r5c1"],["r4c3","white","r5c3"],["r5c1","black","r5c2"],["r5c3","black","r5c4"],["r5c3","black","r6c3"],["r5c4","white","r5c5"],["r5c4","white","r6c4"],["r5c5","white","r5c6"],["r5c6","white","r6c6"],["r6c1","white","r6c2"],["r6c2","white","r6c3"],["r6c3","white","r6c4"],["r6c4","white","r6c5"]],"negative":["white","black"]}', start: "technique:marker_bound" },
  }],
  ["direct_claiming", {
    rating: 19,
    what: "A claiming (a digit whose places in a row or column lie in one block) takes the digit out of the rest of that block, and that leaves it one place in another line of the same kind through the block. The digit goes there.",
    why: "The line's copy of the digit is in the block, so the block's other cells cannot have it; the other line must still hold the digit, and only one of its cells is left. On 9×9 a direct pointing always comes first (the band's third block points), so the example is an 8×8 puzzle.",
    look: "a digit of a line confined to one block, then the block's other lines",
    example: { puzzle: '{"size":8,"kind":"classic","givens":"........5..38......56.7.4..2...12...5..6...1.7..614...5........4"}', start: "technique:direct_claiming" },
  }],
  ["negative_bound", {
    rating: 20,
    what: "With the negative constraint (all the markers are given), two neighbours without a marker are not so related. A digit leaves a cell when every candidate of its unmarked neighbour would be related to it.",
    why: "If the neighbour can only hold digits consecutive to (or double, half, or summing to 10 or 5 with) this digit, the missing marker rules the digit out: with negative white, a neighbour left with 4 and 6 takes 5 away.",
    look: "unmarked neighbours of placed digits and of cells with few candidates",
    example: { puzzle: '{"size":6,"kind":"classic","givens":"....................................","markers":[["r1c1","white","r1c2"],["r1c1","white","r2c1"],["r1c4","black","r1c5"],["r1c4","white","r2c4"],["r1c5","white","r1c6"],["r2c1","black","r2c2"],["r2c1","white","r3c1"],["r2c2","white","r2c3"],["r2c2","black","r3c2"],["r2c4","white","r2c5"],["r3c1","white","r3c2"],["r3c1","white","r4c1"],["r3c2","white","r3c3"],["r3c3","white","r4c3"],["r3c4","black","r3c5"],["r3c4","white","r4c4"],["r4c1","white","r4c2"],["r4c3","black","r4c4"],["r4c5","white","r4c6"],["r4c5","white","r5c5"],["r4c6","white","r5c6"],["r5c1","black","r5c2"],["r5c2","white","r5c3"],["r5c3","white","r5c4"],["r5c3","black","r6c3"],["r5c5","white","r5c6"],["r5c5","white","r6c5"],["r6c2","white","r6c3"],["r6c4","black","r6c5"],["r6c5","white","r6c6"]],"negative":["white","black"]}', start: "technique:negative_bound" },
  }],
  ["direct_hidden_pair", {
    rating: 20,
    what: "Two digits have the same two places in a house, so those cells hold nothing else; taking their other candidates away leaves a third digit one place in the house. It goes there.",
    why: "The pair's cells are used up by the two digits, so the third digit cannot go in them, and the house must hold it in the one cell left.",
    look: "two digits that share two places in a house, then the house's other digits",
    example: { puzzle: "......5.....8..41..1..2...61.....769...5...3..97..1....7.9...4..46.....7..8.6...2", start: "technique:direct_hidden_pair" },
  }],
  ["naked_single", {
    rating: 23,
    what: "A cell has one candidate left. It takes that digit.",
    why: "Every other digit is already in one of its houses (or ruled out by a sign), so nothing else fits.",
    look: "cells with one pencil mark",
    example: { puzzle: "3....2..8....5..9....6...47.....9.....2..1.6..3..4..2.6....5..9.53..7...17.43...5", start: "technique:naked_single" },
  }],
  ["direct_hidden_triple", {
    rating: 25,
    what: "Three digits have their only places in a house in the same three cells, so those cells hold nothing else; that leaves a fourth digit one place in the house. It goes there.",
    why: "The three cells are used up by the three digits, so the fourth cannot go in them, and the house must hold it in the one cell left.",
    look: "three digits confined to three cells of a house, then the house's other digits",
    example: { puzzle: "....2.6.552...1.3...97......56..8...9..1..3....3...4...4.2.5..1..8.......3.....4.", start: "technique:direct_hidden_triple" },
  }],
  ["marker_pair", {
    rating: 25,
    what: "A cell joined by markers to two cells that see each other (in one row, column or block). A digit leaves the cell when both partners could go with it only by one and the same digit.",
    why: "The two partners see each other, so they hold different digits. Three white dots in a row make a run of consecutive digits: the middle cell cannot be 1, for both its neighbours would have to be 2.",
    look: "a cell with two markers whose other cells share a house: runs of white dots, and cells between two black dots",
    example: { puzzle: '{"size":6,"kind":"classic","givens":"............2.......................","markers":[["r1c1","black","r1c2"],["r1c1","white","r2c1"],["r2c1","white","r3c1"],["r2c4","white","r3c4"],["r3c1","white","r3c2"],["r3c5","black","r4c5"],["r4c4","white","r4c5"],["r4c4","black","r5c4"],["r4c5","white","r4c6"],["r4c5","white","r5c5"],["r5c2","black","r6c2"],["r6c3","black","r6c4"],["r6c4","white","r6c5"]]}', start: "technique:marker_pair" },
  }],
  ["pointing", {
    rating: 26,
    what: "In a block, every place left for a digit lies in one row (or one column). The digit leaves the rest of that row (or column).",
    why: "The block must hold the digit in that line, so the line's digit is in the block: no other cell of the line can have it.",
    look: "a digit's places in a block that line up",
    example: { puzzle: "......9...5.2...386....9...3...9...1...83..69..57...8...9.5.2..2....71.....4....6", start: "technique:pointing" },
  }],
  ["claiming", {
    rating: 28,
    what: "In a row (or column), every place left for a digit lies in one block. The digit leaves the rest of that block.",
    why: "The line must hold the digit inside the block, so the block's copy of the digit is on that line: its other cells cannot have it.",
    look: "a digit's places in a line that fall in one block",
    example: { puzzle: "........3..5..9..884..3.1.7...65....1..47.9.........74..4.15......9.......98.6.5.", start: "technique:claiming" },
  }],
  ["house_bound", {
    rating: 29,
    what: "Several cells of one house must all be below one cell (by signs). They hold different digits, so that cell is above as many digits as there are of them.",
    why: "k different digits all smaller than x need at least the values 1 … k, so x is at least k + 1 (and the same for cells that must all be above one).",
    look: "a cell with signs to two or more cells of one house",
    example: { puzzle: '{"size":5,"kind":"futoshiki","givens":".24...........414.....13.","relations":[["r3c1",">","r3c2"],["r3c2","<","r3c3"],["r3c4","<","r3c5"]]}', start: "technique:house_bound" },
  }],
  ["naked_pair", {
    rating: 30,
    what: "Two cells of a house have the same two candidates and nothing else. Those two digits leave every other cell of the house.",
    why: "The two cells take the two digits between them, one each, whichever way round: no other cell of the house can take either.",
    look: "two cells of a house with the same two pencil marks",
    example: { puzzle: "5.........4.5.1..67.94......68....954..8.5.6....6.7......2.84.1.537...........3..", start: "technique:naked_pair" },
  }],
  ["ordered_subset", {
    rating: 31,
    what: "A naked subset (cells of a house that share as many digits as they are) whose cells are ordered by signs: the smallest cell takes the smallest digit, and so on, so each cell's digit is fixed by its rank.",
    why: "The cells hold exactly those digits, and the signs say which cell is smaller, so only one assignment keeps every sign.",
    look: "a pair or triple of a house joined by signs",
    example: { puzzle: '{"size":9,"kind":"inequality","givens":".................1........7......................................................","relations":[["r1c1",">","r1c2"],["r1c1","<","r2c1"],["r1c2","<","r1c3"],["r1c2","<","r2c2"],["r1c3",">","r2c3"],["r1c4","<","r1c5"],["r1c4","<","r2c4"],["r1c5",">","r1c6"],["r1c5","<","r2c5"],["r1c6","<","r2c6"],["r1c7",">","r1c8"],["r1c7",">","r2c7"],["r1c8","<","r1c9"],["r1c8",">","r2c8"],["r1c9",">","r2c9"],["r2c1",">","r2c2"],["r2c1",">","r3c1"],["r2c2",">","r2c3"],["r2c2",">","r3c2"],["r2c3",">","r3c3"],["r2c4","<","r2c5"],["r2c4","<","r3c4"],["r2c5",">","r2c6"],["r2c5",">","r3c5"],["r2c6","<","r3c6"],["r2c7","<","r2c8"],["r2c7","<","r3c7"],["r2c8",">","r2c9"],["r2c8","<","r3c8"],["r2c9","<","r3c9"],["r3c1","<","r3c2"],["r3c2",">","r3c3"],["r3c4",">","r3c5"],["r3c5","<","r3c6"],["r3c7","<","r3c8"],["r3c8","<","r3c9"],["r4c1","<","r4c2"],["r4c1","<","r5c1"],["r4c2",">","r4c3"],["r4c2",">","r5c2"],["r4c3","<","r5c3"],["r4c4","<","r4c5"],["r4c4","<","r5c4"],["r4c5",">","r4c6"],["r4c5",">","r5c5"],["r4c6","<","r5c6"],["r4c7","<","r4c8"],["r4c7",">","r5c7"],["r4c8",">","r4c9"],["r4c8",">","r5c8"],["r4c9","<","r5c9"],["r5c1",">","r5c2"],["r5c1",">","r6c1"],["r5c2","<","r5c3"],["r5c2",">","r6c2"],["r5c3",">","r6c3"],["r5c4",">","r5c5"],["r5c4","<","r6c4"],["r5c5",">","r5c6"],["r5c5","<","r6c5"],["r5c6","<","r6c6"],["r5c7",">","r5c8"],["r5c7","<","r6c7"],["r5c8","<","r5c9"],["r5c8","<","r6c8"],["r5c9","<","r6c9"],["r6c1",">","r6c2"],["r6c2",">","r6c3"],["r6c4",">","r6c5"],["r6c5",">","r6c6"],["r6c7",">","r6c8"],["r6c8","<","r6c9"],["r7c1",">","r7c2"],["r7c1","<","r8c1"],["r7c2","<","r7c3"],["r7c2","<","r8c2"],["r7c3",">","r8c3"],["r7c4",">","r7c5"],["r7c4",">","r8c4"],["r7c5","<","r7c6"],["r7c5","<","r8c5"],["r7c6",">","r8c6"],["r7c7",">","r7c8"],["r7c7",">","r8c7"],["r7c8",">","r7c9"],["r7c8","<","r8c8"],["r7c9","<","r8c9"],["r8c1",">","r8c2"],["r8c1",">","r9c1"],["r8c2","<","r8c3"],["r8c2","<","r9c2"],["r8c3",">","r9c3"],["r8c4","<","r8c5"],["r8c4","<","r9c4"],["r8c5",">","r8c6"],["r8c5",">","r9c5"],["r8c6","<","r9c6"],["r8c7","<","r8c8"],["r8c7","<","r9c7"],["r8c8",">","r8c9"],["r8c8",">","r9c8"],["r8c9",">","r9c9"],["r9c1","<","r9c2"],["r9c2",">","r9c3"],["r9c4",">","r9c5"],["r9c5","<","r9c6"],["r9c7","<","r9c8"],["r9c8",">","r9c9"]]}', start: "technique:ordered_subset" },
  }],
  ["x_wing", {
    rating: 32,
    what: "In two rows, a digit has exactly two places each, and they lie in the same two columns. The digit leaves every other cell of those two columns (or the same with rows and columns swapped).",
    why: "The digit sits at two opposite corners of the rectangle, one in each row, and so one in each of the two columns: the columns' copies are used up.",
    look: "a digit with two places in each of two rows (or columns)",
    example: { puzzle: "...5.9...7.4.......2..4.3....9...2.54..3...1.163..........57..6...1...52..74..1..", start: "technique:x_wing" },
  }],
  ["hidden_pair", {
    rating: 34,
    what: "Two digits have the same two places in a house and no others. Those two cells hold nothing else: their other candidates go.",
    why: "The house needs both digits, and only those two cells can take them, so the two cells are used up by them.",
    look: "two digits that share their only two places in a house",
    example: { puzzle: ".4...75..5.84......7.29..8..6......8...57..1.....8.29.......927..6..93....5......", start: "technique:hidden_pair" },
  }],
  ["naked_triple", {
    rating: 36,
    what: "Three cells of a house have only three digits among them (each cell two or three of them). Those digits leave the house's other cells.",
    why: "The three cells need three different digits from those three, so they take all three: none is left for the rest of the house.",
    look: "three cells of a house with pencil marks from the same three digits",
    example: { puzzle: "..5..7.2.23...6...7.......96.....9.....4.8.17.4.....5.......1..8.9.5..321.....798", start: "technique:naked_triple" },
  }],
  ["swordfish", {
    rating: 38,
    what: "In three rows, a digit's places all lie in the same three columns. The digit leaves every other cell of those columns (or the same with rows and columns swapped).",
    why: "The three rows put the digit in three different columns, and they are these three: each of those columns has its digit in one of the rows.",
    look: "a digit with two or three places in each of three rows (or columns)",
    example: { puzzle: ".......47...7.6...8....91.316.4.......5..7..4.7...8.56..............5.7962.8.....", start: "technique:swordfish" },
  }],
  ["hidden_triple", {
    rating: 40,
    what: "Three digits have their only places in a house in the same three cells. Those cells hold nothing else.",
    why: "The house needs the three digits and only these three cells can take them, so the cells are used up by them.",
    look: "three digits confined to three cells of a house",
    example: { puzzle: "......7.6.1.79......5.2.....4...7.325....167.........1..14...95..8..23...3.5..26.", start: "technique:hidden_triple" },
  }],
  ["skyscraper", {
    rating: 40,
    what: "Two rows each have exactly two places for a digit, and one end of each is in the same column. A cell that sees both other ends loses the digit.",
    why: "If the digit is not at one free end, its row puts it in the shared column, so the other row must put it at its free end: one of the two free ends always holds it.",
    look: "a digit with two places in each of two rows (or columns), one pair lined up",
    example: { puzzle: "..9..1.....2.5..7...587.2.9......3.84...82.....6..94...18.6.......1....76...45...", start: "technique:skyscraper" },
  }],
  ["two_string_kite", {
    rating: 41,
    what: "A digit has two places in a row and two in a column, and one place of each is in the same block. A cell that sees both far ends loses the digit.",
    why: "The two near ends share a block, so at most one holds the digit; then the other string's far end must. One of the far ends always holds it.",
    look: "a digit with two places in a row and in a column, meeting in a block",
    example: { puzzle: ".315....9.....13..6.7...1...83..2...5..7.........6573........6..7..98....1..7.82.", start: "technique:two_string_kite" },
  }],
  ["xy_wing", {
    rating: 42,
    what: "A pivot cell {x, y} sees two pincer cells {x, z} and {y, z}. Any cell that sees both pincers loses z.",
    why: "If the pivot is x, the {x, z} pincer is z; if it is y, the {y, z} pincer is z. Either way one pincer holds z.",
    look: "cells with two candidates, three of them linked",
    example: { puzzle: "..2..6........97.5.7..5.....83..4..1.2..1....1.4.9...3..8....6.791...2.8....2...9", start: "technique:xy_wing" },
  }],
  ["empty_rectangle", {
    rating: 43,
    what: "In a block, a digit's places lie on one row and one column (a cross). A line outside the block with two places for the digit, one of them on the cross's row or column, removes the digit where the other end meets the cross's other line.",
    why: "The block holds the digit on its row or its column; with the pair outside, either choice puts the digit where it sees the target cell.",
    look: "a block whose places for a digit form a cross",
    example: { puzzle: "31.64.8.9..8.9.3.....7....1..2....4...52..6.3.6........8...69......1..3.453..9...", start: "technique:empty_rectangle" },
  }],
  ["xyz_wing", {
    rating: 44,
    what: "A pivot {x, y, z} sees pincers {x, z} and {y, z}. A cell that sees all three loses z.",
    why: "Whatever the pivot is, z is in the pivot or in one of the pincers, and the cell sees them all.",
    look: "a three-candidate cell beside two two-candidate cells",
    example: { puzzle: "89...2........6.3..4.81..5.....2..6......41..4....5.83..62.....3....72..78......5", start: "technique:xyz_wing" },
  }],
  ["w_wing", {
    rating: 44,
    what: "Two cells with the same two candidates {x, w} are joined by a strong link on x (a house where x has only two places, one seen by each). A cell that sees both loses w.",
    why: "If neither cell were w, both would be x; but then x could go nowhere in the linking house. So one of them is w.",
    look: "two far-apart cells with the same two pencil marks",
    example: { puzzle: "..18....7...54...1.....1.23.8....4...67...1......9..68....7..54.92.84......12....", start: "technique:w_wing" },
  }],
  ["finned_x_wing", {
    rating: 45,
    what: "An X-wing with extra places for the digit (the fins) in one block of it. A cell that the X-wing would clear and that also sees every fin loses the digit.",
    why: "Either a fin holds the digit (and the cell sees it) or no fin does (and the X-wing is real): the cell loses the digit both ways.",
    look: "an almost X-wing with one or two extra places in a block",
    example: { puzzle: "43.8.......7.....35..1..9...92....6415.........3.9.8........65.37164.......7.2...", start: "technique:finned_x_wing" },
  }],
  ["unique_rectangle", {
    rating: 45,
    what: "Four cells in two rows, two columns and two blocks all hold the digits a and b. They must not end holding only a and b: type 1, the one corner with more loses a and b; type 2, the corners with more all hold one more digit z, so z leaves every cell that sees them all; type 4, two corners with more share a house where a has no other place, so b leaves both; type 3, the extra digits of two corners with more, as one cell, make a naked subset with cells of a house they share; type 6, two corners across from each other hold only a and b, and a has its only places at the corners in both rows or both columns: a leaves the other two corners. The avoidable rectangle does the same with solved cells that are not givens. Only for a puzzle with one solution.",
    why: "If the four cells held only a and b, the two digits could be swapped in them and the puzzle would have a second solution. A puzzle with one solution cannot end so.",
    look: "three or four cells of a rectangle across two blocks with the same two pencil marks",
    example: { puzzle: "4.1.6....3.....2........8..15.2.....6......1....9......2.7.8..........43.7.......", start: "technique:unique_rectangle" },
  }],
  ["naked_quad", {
    rating: 50,
    what: "Four cells of a house have only four digits among them. Those digits leave the house's other cells.",
    why: "The four cells take the four digits between them, so none is left for the rest of the house.",
    look: "four cells of a house with pencil marks from the same four digits",
    example: { puzzle: "..86.5...36...17...9.7.....5......4..8...49....6....23...........9..235.15.3..67.", start: "technique:naked_quad" },
  }],
  ["sue_de_coq", {
    rating: 50,
    what: "Where a row or column meets a block, two or three cells hold at least two more digits than cells. Cells in the rest of the line and in the rest of the block take some of those digits, the two groups sharing none, and all the cells together have as many digits as cells. The line group's digits leave the rest of the line, the block group's the rest of the block, and the digits only the crossing holds leave both.",
    why: "A digit of the line group can only sit in the line part, one of the block group only in the block part: each digit at most once, and as many digits as cells, so each is there exactly once.",
    look: "two or three crowded cells where a line crosses a block, with a pair in the line and a pair in the block",
    example: { puzzle: "....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..", start: "technique:sue_de_coq" },
  }],
  ["jellyfish", {
    rating: 52,
    what: "In four rows, a digit's places all lie in the same four columns. The digit leaves every other cell of those columns (or swapped).",
    why: "As with the X-wing and the swordfish: the four rows fill the four columns' copies of the digit.",
    look: "a digit with at most four places in each of four rows (or columns)",
    example: { puzzle: ".7863..1.31...2...5..8.....14......8...274.....79........4..19......8.4...4.2.7.3", start: "technique:jellyfish" },
  }],
  ["finned_swordfish", {
    rating: 53,
    what: "A swordfish with fins in one block: a cell it would clear that also sees every fin loses the digit.",
    why: "Either a fin holds the digit, which the cell sees, or the swordfish is real.",
    look: "an almost swordfish with extra places in one block",
    example: { puzzle: ".....1....3.8..9649.2..781......42..1..9.8..7..7....9.8.4.36.....92.....27....3..", start: "technique:finned_swordfish" },
  }],
  ["hidden_quad", {
    rating: 54,
    what: "Four digits have their only places in a house in the same four cells. Those cells hold nothing else.",
    why: "The house needs the four digits and only these cells can take them.",
    look: "four digits confined to four cells of a house",
    example: { puzzle: "..6......35..1.....17..3.5......9.4..2.35...8...2..6.........9.672.....3.8....7.6", start: "technique:hidden_quad" },
  }],
  ["finned_jellyfish", {
    rating: 56,
    what: "A jellyfish with fins in one block: a cell it would clear that also sees every fin loses the digit.",
    why: "Either a fin holds the digit, which the cell sees, or the jellyfish is real.",
    look: "an almost jellyfish with extra places in one block",
    example: { puzzle: ".6.24.3..4....6....9.7..5....2...4..97..1482..1..2...95..............97...15.....", start: "technique:finned_jellyfish" },
  }],
  ["bug_plus_one", {
    rating: 56,
    what: "Every open cell has two candidates but one, which has three; one of its digits has three places in each of its houses, every other digit two. That cell holds that digit. Only for a puzzle with one solution.",
    why: "Without that digit every cell would have two candidates and every digit two places per house: a grid with no solution or at least two, since every cell could take its other digit. A puzzle with one solution cannot be so.",
    look: "a grid of two-candidate cells with one three-candidate cell",
    example: { puzzle: "9....8.....6.9....3..4....1..9....478..67......7....235......1...316...9.......7.", start: "technique:bug_plus_one" },
  }],
  ["simple_colours", {
    rating: 57,
    what: "Take one digit and the houses where it has only two places (strong links). Colour the places joined by these links in two colours, alternating along each link. If two places of one colour see each other, that colour is false: the digit leaves every place of it (colour wrap). A place outside the cluster that sees both colours loses the digit (colour trap).",
    why: "Along a strong link exactly one end holds the digit, so one colour holds it in every place and the other in none. Two places of a colour that see each other cannot both hold it; a place that sees both colours sees the digit whichever colour holds it.",
    look: "a digit with many houses where it has two places, linked end to end",
    example: { puzzle: ".1.....8....75.....39...6........8.6.9..2.4..6.1....9.......2....2149.381...3....", start: "technique:simple_colours" },
  }],
  ["wxyz_wing", {
    rating: 57,
    what: "Four cells, not all in one house, hold only four digits between them. Every digit but one, z, has its places among the four seeing each other. A cell that sees every place of z among the four loses z.",
    why: "Each of the other three digits goes in at most one of the four cells, so they fill at most three: one of the four holds z, and the cell sees them all.",
    look: "a cell with three or four candidates beside cells whose candidates are among them",
    example: { puzzle: "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........", start: "technique:wxyz_wing" },
  }],
  ["multi_colours", {
    rating: 58,
    what: "Colour two clusters of one digit (see simple colours): A and A′, B and B′. If a place of A sees a place of B, A and B are not both true, so A′ or B′ is: a cell that sees both A′ and B′ loses the digit. If A sees both B and B′, A is false.",
    why: "In each cluster exactly one colour holds the digit everywhere. A and B cannot both hold it, so one of their opposites does; and a colour that sees both colours of another cluster always sees the digit.",
    look: "two clusters of one digit's strong links whose places see each other",
    example: { puzzle: "...7.........62..53......274.5.1.7..61............3.9...1..4.....625.....7....8..", start: "technique:multi_colours" },
  }],
  ["als_xz", {
    rating: 58,
    what: "Two almost locked sets (N cells of a house with N+1 digits) share a digit x whose every place in one sees every place in the other. A digit z of both leaves every cell that sees all the z of both sets. With two such digits, both sets are locked.",
    why: "At most one set holds x, so the other loses it and is locked: its remaining digits fill it, z among them. So z is in one of the sets, and the cell sees it.",
    look: "a group of cells in a house with one digit more than cells, and another that sees it through one digit",
    example: { puzzle: "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........", start: "technique:als_xz" },
  }],
  ["als_xy_wing", {
    rating: 62,
    what: "Almost locked sets A and C are each joined to a middle set B by a different restricted common digit (x for A, y for C): a chain of three sets, A, B, C. A digit z of A and C (not x or y) leaves every cell that sees all the z of A and C.",
    why: "B cannot lose both x and y, so A loses x or C loses y, and that set is locked with z in it.",
    look: "a central almost locked set with two others hanging from it by different digits",
    example: { puzzle: "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", start: "technique:als_xy_wing" },
  }],
  ["x_chain", {
    rating: 65,
    what: "A chain of places for one digit, alternating strong links (the digit has only these two places in a house) and weak links (two places that see each other), starting and ending with a strong link. A cell that sees both ends loses the digit.",
    why: "If the first end is not the digit, the strong link forces the next place, which rules out the one after, and so on to the last end: one of the two ends always holds it.",
    look: "houses where a digit has exactly two places, linked end to end",
    example: { puzzle: "1....67.........32..921......4..58..87......69...6...........5..4.138.........4.3", start: "technique:x_chain" },
  }],
  ["xy_chain", {
    rating: 66,
    what: "A chain of two-candidate cells, each seeing the next and sharing a digit with it, that starts and ends with the same digit z. A cell that sees both ends loses z.",
    why: "If the first cell is not z it is its other digit, which makes the next cell its other digit, and so on: the last cell is z. One end always holds z.",
    look: "cells with two pencil marks, linked by shared digits",
    example: { puzzle: "1.27...8.....56...3............9.7.4...2.....8...........1...3..9....5...6....4..", start: "technique:xy_chain" },
  }],
  ["als_chain", {
    rating: 67,
    what: "Four to six almost locked sets in a row, each joined to the next by a restricted common digit (every place of it in the one sees every place in the other), each link's digit different from the one before. A digit z of the first and the last set, not the digit of their links, leaves every cell that sees all the z of both ends.",
    why: "If the first set lacks its link digit it is locked. If it has it, the second set lacks it and is locked, so it holds its next link digit, which the third then lacks, and so on: the last set is locked. One end is always locked, with z in it.",
    look: "ALS-XZ links hung one after another: two-candidate cells and small groups with one digit more than cells",
    example: { puzzle: ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........", start: "technique:als_chain" },
  }],
  ["death_blossom", {
    rating: 68,
    what: "A stem cell: for each of its candidates d, an almost locked set (a petal) whose every d sees the stem. A digit z of every petal, not of the stem, leaves every cell that sees all the z of the petals.",
    why: "Whatever the stem holds, the petal of that digit loses it and is locked, with z in it. So z is in one of the petals, and the cell sees them all.",
    look: "a cell with two or three candidates, each seen by a group of cells with one digit more than cells",
    example: { puzzle: "....7.8..8.5....97...5......1..9.....2...5.3.7....3...2...6.9.......4..246...87..", start: "technique:death_blossom" },
  }],
  ["aic", {
    rating: 70,
    what: "An alternating inference chain: any mix of strong links (of two, one is true) and weak links (of two, one is false) between candidates of cells, groups of cells in a line, and signs, starting and ending with a strong link. What sees both ends, or contradicts both, is false — also a digit of one end in the other end's cell when the ends see each other. A chain that closes into a loop (a nice loop) makes every one of its links hold exactly one true node; one that comes back to its start true places it.",
    why: "If the first end is false, each strong link makes the next true and each weak link the next false, so the last end is true: one of the two ends is always true.",
    look: "the strong links of the grid: two-candidate cells and digits with two places",
    example: { puzzle: "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", start: "technique:aic" },
  }],
  ["franken_fish", {
    rating: 71,
    what: "Two to four base houses, rows and blocks, hold a digit only in as many cover houses, columns and blocks (or the same with columns and rows swapped), no house both. The digit leaves every other cell of the cover houses. With fins (places of the base houses outside the cover, or in two base houses) only a cell that sees every fin loses it.",
    why: "Each base house holds the digit once, in different cells while no two base houses share a place, and each of those cells is in a cover house, which holds the digit at most once: the base houses fill the cover houses, leaving nothing for their other cells. Either a fin holds the digit, which the cell sees, or the fish is real.",
    look: "a digit confined, in a few rows and a block, to as many columns and a block",
    example: { puzzle: "1..6......7.3.9.4...4.7...2.1.7....9.37...2..5.......6.....59....2.3....78..1....", start: "technique:franken_fish" },
  }],
  ["mutant_fish", {
    rating: 72,
    what: "A fish whose base or cover houses mix rows and columns (blocks allowed): two to four base houses hold a digit only in as many cover houses, no house both. The digit leaves every other cell of the cover houses; with fins, only a cell that sees every fin.",
    why: "As for any fish: the base houses put their digit in different cells, each in a cover house that holds it at most once, so they fill the cover houses. Either a fin holds the digit, which the cell sees, or the fish is real.",
    look: "a digit whose places in a row and a column (and more) fall in a few crossing houses",
    example: { puzzle: "2....8.5...3....6..7...2..4..6..73.....24...7.8.6...........4.....19....91......3", start: "technique:mutant_fish" },
  }],
  ["nishio", {
    rating: 75,
    what: "Suppose a digit in a cell and follow that digit alone: it leaves the cell's peers, and where a house is left one place for it, it goes there. When some house is left no place for the digit, the supposition was wrong: the digit leaves the cell.",
    why: "Every step of the way follows from the supposition by the rules of one digit; a house without a place for the digit cannot be, so the supposition cannot be either.",
    look: "a digit with few places, mostly pairs; try each place and follow it",
    example: { puzzle: "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........", start: "technique:nishio" },
  }],
  ["forcing_chain", {
    rating: 80,
    what: "Suppose a candidate and follow chains of single implications: a digit in a cell leaves its peers and the cell's other digits; a cell or house left with two candidates or places takes the other one. A supposition that leads to both a fact and its opposite is false; a fact that follows from every candidate of a cell, or every place of a digit in a house, is true.",
    why: "One of a cell's candidates (one of a digit's places in a house) is the true one; whatever all of them force holds. And a supposition that contradicts itself cannot be the true one.",
    look: "a cell with two or three candidates, or a digit with two or three places, whose branches meet",
    example: { puzzle: "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", start: "technique:forcing_chain" },
  }],
  ["dynamic_forcing_chain", {
    rating: 85,
    what: "A forcing chain whose facts may rest on several earlier ones: a cell's last candidate once the branch has ruled out the others, a digit's last place in a house once the branch has taken the others. Each fact of a branch follows from facts before it.",
    why: "The same as a forcing chain: each branch only uses what the rules force, so a branch that contradicts itself was a false supposition, and a fact every branch reaches is true.",
    look: "the last resort before a guess: follow each candidate of a cell until the branches agree or one breaks",
    example: { puzzle: "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", start: "technique:dynamic_forcing_chain" },
  }],
];

/**
 * The glossary's sections, `[id, title, what they share, names]`, in the order a learner meets
 * them; every technique is in one.
 */
export const GROUPS = [
  ["singles", "Singles", "A digit has one place left, or a cell one digit.", ["full_house", "hidden_single", "naked_single"]],
  ["signs", "Signs", "What the inequality signs of an inequality sudoku or a Futoshiki say on their own.", ["chain_bound", "relation_bound", "house_bound", "ordered_subset"]],
  ["markers", "Markers", "What the dots, Xs and Vs between cells say, and with the negative constraint what their absence says.", ["marker_bound", "negative_bound", "marker_pair"]],
  ["intersections", "Intersections", "Where a block meets a row or a column.", ["direct_pointing", "direct_claiming", "pointing", "claiming"]],
  ["subsets", "Subsets", "A few cells of a house that use up as many digits.", ["direct_hidden_pair", "direct_hidden_triple", "naked_pair", "hidden_pair", "naked_triple", "hidden_triple", "naked_quad", "hidden_quad"]],
  ["fish", "Fish", "One digit in a few rows and as many columns (or blocks).", ["x_wing", "swordfish", "jellyfish", "finned_x_wing", "finned_swordfish", "finned_jellyfish", "franken_fish", "mutant_fish"]],
  ["one-digit", "One-digit patterns", "Short chains of one digit's strong links, and the two colours they make.", ["skyscraper", "two_string_kite", "empty_rectangle", "simple_colours", "multi_colours"]],
  ["wings", "Wings", "Cells with two, three or four candidates that see each other.", ["xy_wing", "xyz_wing", "w_wing", "wxyz_wing"]],
  ["uniqueness", "Uniqueness", "A puzzle with one solution cannot end in a pattern whose digits could be swapped.", ["unique_rectangle", "bug_plus_one"]],
  ["als", "Almost locked sets", "N cells of a house with N+1 digits, and where a line meets a block.", ["sue_de_coq", "als_xz", "als_xy_wing", "als_chain", "death_blossom"]],
  ["chains", "Chains", "Longer chains: if one end is false, the other is true.", ["x_chain", "xy_chain", "aic"]],
  ["forcing", "Forcing", "Suppose a candidate and follow what it forces: the last resort before a guess.", ["nishio", "forcing_chain", "dynamic_forcing_chain"]],
];

const BY_NAME = new Map(GLOSSARY);

/** The entry of technique `name`, or undefined. */
export const glossaryEntry = (name) => BY_NAME.get(name);

/**
 * The glossary's address for technique `name` (its anchor), relative to the page at `from`
 * ("page" for index.html, "lesson" for a page in lessons/).
 */
export function glossaryHref(name, from = "page") {
  const page = from === "lesson" ? "techniques.html" : "lessons/techniques.html";
  return BY_NAME.has(name) ? `${page}#${name}` : page;
}

/**
 * A "What is …?" link to a technique's glossary entry, opened in a new tab so the game stays
 * as it is; `name` null hides it.
 */
export function setGlossaryLink(link, name) {
  link.hidden = !name || !glossaryEntry(name);
  if (link.hidden) return;
  link.href = glossaryHref(name);
  link.textContent = `What is ${withArticle(techniqueTitle(name))}?`;
}

/** A hidden glossary link, for under a message. */
export function glossaryLink() {
  const link = el("a", { className: "glossary-link", target: "_blank", rel: "noopener" });
  link.hidden = true;
  return link;
}
