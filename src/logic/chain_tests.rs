//! Tests of the chain search: each shape built on a board (an AIC whose grouped end sees the
//! other end's cell, a continuous loop, a chain that returns to its start; most of them cases
//! of tests/fixtures/techniques/chains.json) and a property
//! test: on random boards, once the AIC search finds nothing, no chain of up to
//! [`EXHAUSTIVE_NODES`] nodes found by an exhaustive search proves anything.

use super::board::Board;
use super::chain_graph::{Graph, Kind};
use super::chains::{kills, overlap, remove_both};
use super::explain::sentence;
use super::step::{ChainNode, Step};
use super::technique::{Technique, Techniques};
use super::test_boards::{assert_keeps, at, corpus, count_over, hardest, shown_case, solution};
use super::view::View;
use crate::generate::Rng;
use crate::geometry::Cell;
use crate::puzzle::{Kind as PuzzleKind, Puzzle, Relation};

/// The longest chain the exhaustive search follows, in nodes.
const EXHAUSTIVE_NODES: usize = 10;

#[test]
fn an_x_loop_closes_on_its_first_node() {
    let (_, step) = shown_case("chains", "an x-loop removes along each weak link").check();
    assert_eq!(step.chain[0].cells, step.chain[6].cells);
    assert!(!step.chain[6].on);
}

#[test]
fn a_chain_that_returns_to_its_start_ends_on_it() {
    let (_, step) = shown_case("chains", "a chain that returns to its start places it").check();
    assert!(step.chain[3].on && step.chain[3].cells == [at("r1c1")]);
}

#[test]
fn an_aic_whose_ends_see_each_other_with_two_digits_removes_each_from_the_other() {
    // Which end the sentence starts from is the search's choice: either reading is right.
    let case = "an aic whose ends see each other with two digits removes each from the other";
    let (b, step) = shown_case("chains", case).check();
    let text = sentence(&step, &b);
    assert!(
        text.contains("r1c1 is not 7 (the first end puts 3 there; the last end puts 7 in r1c6, which it sees)")
            || text.contains("r1c1 is not 7 (the first end puts 7 in r1c6, which it sees; the last end puts 3 there)"),
        "{text}"
    );
}

/// The solutions of the first `take` puzzles of top1465.
fn solutions(take: usize) -> Vec<Vec<u8>> {
    let puzzles = corpus("bench9/puzzles3_magictour_top1465", take);
    puzzles.iter().map(solution).collect()
}

/// A random board whose candidates all allow `solution`: `givens` of its cells placed,
/// `relations` relations between neighbours that the solution keeps (an inequality sudoku
/// when there are any), then each other candidate struck with probability `strike` in 100.
fn thinned(
    solution: &[u8],
    givens: usize,
    relations: usize,
    strike: usize,
    rng: &mut Rng,
) -> Board {
    let mut g = vec![0u8; 81];
    for _ in 0..givens {
        let c = rng.below(81);
        g[c] = solution[c];
    }
    let mut rels: Vec<Relation> = Vec::new();
    for _ in 0..relations {
        let a = rng.below(81);
        let b = if a % 9 < 8 && rng.below(2) == 0 {
            a + 1
        } else if a < 72 {
            a + 9
        } else {
            a - 9
        };
        let r = Relation::new(Cell::at(a, 9), solution[a] < solution[b], Cell::at(b, 9));
        if !rels.contains(&r) {
            rels.push(r);
        }
    }
    let kind = if rels.is_empty() {
        PuzzleKind::Classic
    } else {
        PuzzleKind::Inequality
    };
    let mut board = Board::new(&Puzzle::new(kind, 9, g, rels).unwrap()).unwrap();
    for (c, &v) in solution.iter().enumerate() {
        for d in 1..=9u8 {
            if d != v && rng.below(100) < strike {
                board.eliminate(c, 1 << (d - 1));
            }
        }
    }
    board
}

/// `(cell, digit)` placed.
type Placement = (usize, u8);

/// What some chain of at most `max` nodes proves on `board` (AIC links and groups, no
/// candidate used twice): the candidates that contradict both ends of a chain, and the
/// starts of chains that come back to them true. Every simple chain is followed, depth
/// first; a continuous loop removes no more than the chains it is made of (each weak link
/// closed by the rest of the loop), so loops need no search of their own.
fn exhaustive(board: &Board, max: usize) -> (Vec<(usize, u32)>, Vec<Placement>) {
    let graph = Graph::build(&View::new(board), Kind::Aic);
    let mut step = Step::new(Technique::Aic);
    let mut placed = Vec::new();
    for start in 0..graph.nodes.len() {
        if !graph.strong[start].is_empty() {
            let mut path = vec![2 * start as u32];
            walk(board, &graph, max, &mut path, &mut step, &mut placed);
        }
    }
    let gone = step
        .eliminations
        .iter()
        .map(|&(c, s)| (c, s.bits()))
        .collect();
    (gone, placed)
}

fn walk(
    board: &Board,
    graph: &Graph,
    max: usize,
    path: &mut Vec<u32>,
    step: &mut Step,
    placed: &mut Vec<Placement>,
) {
    let state = path[path.len() - 1];
    let (start, node, on) = ((path[0] / 2) as usize, (state / 2) as usize, state % 2 == 1);
    let s = &graph.nodes[start];
    if on && path.len() >= 4 {
        if node == start {
            // The start is true: placed when it is one cell, else its digit leaves what sees
            // the whole group.
            if s.len == 1 {
                placed.push((s.at[0] as usize, s.digit));
            }
            for c in board.open_cells() {
                if board.candidates(c) >> (s.digit - 1) & 1 != 0 && kills(board, s, c, s.digit) {
                    step.remove(board, c, 1 << (s.digit - 1));
                }
            }
            return;
        }
        remove_both(board, step, s, &graph.nodes[node]);
    }
    if path.len() == max {
        return;
    }
    let next: Vec<u32> = if on {
        graph.weak[node].iter().map(|&(b, _)| 2 * b).collect()
    } else {
        graph.strong[node].iter().map(|&b| 2 * b + 1).collect()
    };
    for t in next {
        let y = &graph.nodes[(t / 2) as usize];
        let back = t == path[0] + 1;
        let clash = path
            .iter()
            .any(|&p| overlap(y, &graph.nodes[(p / 2) as usize]));
        if clash && !back {
            continue;
        }
        path.push(t);
        walk(board, graph, max, path, step, placed);
        path.pop();
    }
}

#[test]
fn once_the_aic_finds_nothing_no_chain_up_to_the_bound_proves_anything() {
    fixpoint_property(0, 0x9e37_79b9_7f4a_7c15);
}

#[test]
fn with_relations_too_once_the_aic_finds_nothing_no_chain_up_to_the_bound_proves_anything() {
    fixpoint_property(30, 0x2545_f491_4f6c_dd1d);
}

/// On random thinned boards (with `relations` relations each), the exhaustive search is
/// sound, the AIC is sound at each step, and once it finds nothing the exhaustive search
/// finds nothing either.
fn fixpoint_property(relations: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let (mut boards, mut steps, mut exhaustive_found, mut related) = (0, 0, 0, 0);
    for solution in solutions(40) {
        for _ in 0..3 {
            let (givens, strike) = (22 + rng.below(10), 20 + rng.below(30));
            let mut board = thinned(&solution, givens, relations, strike, &mut rng);
            // The exhaustive search is sound: it removes no digit of the solution.
            let (gone, placed) = exhaustive(&board, EXHAUSTIVE_NODES);
            exhaustive_found += gone.len() + placed.len();
            for &(c, m) in &gone {
                assert_eq!(m >> (solution[c] - 1) & 1, 0, "exhaustive removes {c}");
            }
            for &(c, d) in &placed {
                assert_eq!(solution[c], d);
            }
            // The AIC, applied until it finds nothing, sound at each step.
            for _ in 0..500 {
                let Some(step) = Technique::Aic.find(&board) else {
                    break;
                };
                steps += 1;
                related += usize::from(!step.relations.is_empty());
                assert_keeps(&step, &solution);
                step.apply(&mut board).unwrap();
            }
            let (gone, placed) = exhaustive(&board, EXHAUSTIVE_NODES);
            assert!(
                gone.is_empty() && placed.is_empty(),
                "the AIC missed {gone:?} {placed:?} on {:?}",
                board.grid()
            );
            boards += 1;
        }
    }
    eprintln!(
        "{boards} boards, {steps} AIC steps ({related} with relations), {exhaustive_found} \
         found by the exhaustive search at the start"
    );
}

/// The grade's chains are Sudoku Explainer's ([`Techniques::explainer_forms`]): on the
/// grade's paths of hard puzzles every XY-chain is a loop (SE's Y-cycle) and every AIC is of
/// single cells, each step keeping the solution; on the same puzzles the hints' techniques
/// still take open XY-chains and grouped AICs, what a person looks for.
#[test]
fn the_grade_takes_chains_as_sudoku_explainer_has_them() {
    let puzzles = hardest(60, 60);
    let graded = Techniques::GRADED.with_uniqueness();
    assert!(graded.explainer_forms() && !Techniques::ALL.explainer_forms());
    let single = |step: &Step| step.chain.iter().all(|n| n.cells.len() == 1);
    // Where the grade takes a chain, the hints' techniques (every chain) on the same board.
    let (mut open_xy, mut grouped) = (0, 0);
    let [xy, aic] = count_over(
        &puzzles,
        graded,
        [Technique::XyChain, Technique::Aic],
        |t, step, board, _| {
            if step.technique != t {
                return false;
            }
            match t {
                Technique::XyChain => assert!(step.is_loop(), "{}", step.chain.len()),
                _ => assert!(single(step), "{:?}", step.chain),
            }
            let open = Technique::XyChain.find(board).filter(|s| !s.is_loop());
            open_xy += usize::from(open.is_some());
            grouped += usize::from(Technique::Aic.find(board).is_some_and(|s| !single(&s)));
            true
        },
    );
    eprintln!("graded: {xy} XY-loops, {aic} AICs of single cells; every chain on those boards: {open_xy} open XY-chains, {grouped} grouped AICs");
    assert!(xy > 0 && aic > 0, "{xy} {aic}");
    assert!(open_xy > 0 && grouped > 0, "{open_xy} {grouped}");
}

/// A loop's rating counts its nodes once and one less, as SE counts a cycle's, and an
/// XY-loop is rated as SE's Y-cycle (6.5 and up); an open X-chain is SE's forcing X-chain
/// (6.6 and up).
#[test]
fn loops_and_open_x_chains_are_rated_as_sudoku_explainer_rates_them() {
    let node = |cell: usize, digit: u8, on: bool| ChainNode {
        cells: vec![cell],
        digit,
        on,
    };
    // An XY-loop of four cells: eight nodes and the first again (SE: Y-cycle, 6.5 + 0.1).
    let mut xy = Step::new(Technique::XyChain);
    for (i, cell) in [0, 8, 80, 72].into_iter().enumerate() {
        let (a, b) = (1 + i as u8, 1 + ((i + 1) % 4) as u8);
        xy.chain.extend([node(cell, a, false), node(cell, b, true)]);
    }
    xy.chain.push(xy.chain[0].clone());
    assert!(xy.is_loop());
    assert_eq!(xy.rating(9), 66);
    // Open, the same nodes are an XY-chain of eight (6.6 + 0.2: ours, SE has it not).
    xy.chain.pop();
    assert!(!xy.is_loop());
    assert_eq!(xy.rating(9), 68);
    // An open X-chain of six nodes: SE's forcing X-chain, 6.6 + 0.1.
    let mut x = Step::new(Technique::XChain);
    for (i, cell) in [0, 8, 17, 26, 35, 44].into_iter().enumerate() {
        x.chain.push(node(cell, 5, i % 2 == 1));
    }
    assert_eq!(x.rating(9), 67);
}

/// A loop in the grade removes what Sudoku Explainer's cycle does: a digit of the loop from
/// each cell outside it that sees a true and a false node of that digit — and nothing in
/// the loop's own cells. Worked out here from the chain alone, on the grade's paths of hard
/// puzzles (each step keeping the solution).
#[test]
fn the_grade_s_loops_remove_what_sudoku_explainer_s_cycles_do() {
    let puzzles = hardest(60, 60);
    let graded = Techniques::GRADED.with_uniqueness();
    let (mut apart, mut loops) = (0, 0);
    count_over(&puzzles, graded, [Technique::Aic], |_, step, board, _| {
        let chained = [Technique::XChain, Technique::XyChain, Technique::Aic];
        if !chained.contains(&step.technique) || !step.is_loop() {
            return false;
        }
        loops += 1;
        let nodes = &step.chain[..step.chain.len() - 1];
        let in_loop = |c: usize| nodes.iter().any(|n| n.cells.contains(&c));
        let sees = |c: usize, d: u8, on: bool| {
            nodes
                .iter()
                .filter(|n| n.digit == d && n.on == on)
                .any(|n| n.cells.iter().all(|&x| x != c && board.sees(c, x)))
        };
        let mut expected = Vec::new();
        for c in board.open_cells().filter(|&c| !in_loop(c)) {
            let mut m = board.candidates(c);
            while m != 0 {
                let d = m.trailing_zeros() as u8 + 1;
                m &= m - 1;
                if sees(c, d, true) && sees(c, d, false) {
                    expected.push((c, d));
                }
            }
        }
        let mut removed: Vec<(usize, u8)> = (step.eliminations.iter())
            .flat_map(|(c, ds)| ds.iter().map(move |d| (*c, d)))
            .collect();
        removed.sort_unstable();
        assert!(step.placements.is_empty(), "{step:?}");
        assert_eq!(removed, expected, "{}", sentence(step, board));
        // A removal no single link explains: it sees two nodes further apart.
        let links = step.chain.windows(2).collect::<Vec<_>>();
        apart += usize::from(removed.iter().any(|&(c, d)| {
            !links.iter().any(|l| {
                l.iter()
                    .all(|n| n.digit == d && n.cells.iter().all(|&x| board.sees(c, x)))
            })
        }));
        true
    });
    eprintln!("{loops} loops on the grade's paths, {apart} with a removal no link explains");
    assert!(loops > 0);
}
