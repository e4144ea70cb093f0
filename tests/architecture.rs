//! The shape of the code, read from the source text: the file-level import graph of `src/`
//! has no circle and no arrow up into a dispatcher, and no source or test file is over
//! [`MAX_LINES`] lines.
//!
//! # The graph
//!
//! A node is a file of `src/` reached from a crate root — `lib.rs` for the library,
//! `main.rs` for the CLI — through `mod` declarations. There is an edge A → B when
//! - A declares `mod b;` (B is A's child file), or
//! - A names an item of B by a path, in a `use` or anywhere in its code, that begins with
//!   `crate::`, `$crate::`, `super::`, `self::`, the name of a child module of A, or (in the
//!   CLI) `sudoku_lab::`.
//!
//! A path resolves to the deepest module file it names: `crate::search::options::Options`
//! to `search/options.rs`, `crate::search::Options` to `search/mod.rs` — also when
//! `search/mod.rs` only re-exports it. That is how re-exports count: `pub use child::X` in a
//! dispatcher is an edge down to the child, and naming `X` through the dispatcher is an edge
//! to the dispatcher, so the dispatcher's own members must import `X` from the file that
//! defines it. A `$crate::` path in a macro counts for the file that defines the macro.
//!
//! Left out: comments and doc links (they import nothing), and test code — items under
//! `#[cfg(test)]` and the files of `#[cfg(test)] mod tests;` — which may import what it
//! tests from anywhere, upwards included. Not seen, because no path names them: calls of
//! methods (an engine whose `impl` is spread over the files of its folder, `engine.rs`
//! calling what `singles.rs` defines on the same type) and `macro_rules!` used by name.
//!
//! The files are read as text (`common/rust_source.rs`: tokens, `mod` declarations, `use`
//! trees and paths); the reader's own specification is the two snippet tests below.
//!
//! # Dispatchers
//!
//! A file with child modules (a folder's `mod.rs`, a crate root) is a dispatcher: it
//! declares its members, chooses among them and re-exports the public API, while the
//! vocabulary its members share lives in a file of its own below it (STYLE.md, "Lessons
//! from the code as it grew"). So no file imports the dispatcher of a folder it lives in, at
//! any depth — such an arrow points up, and with the dispatcher's arrows down it closes a
//! circle. Files outside the folder may name items through its dispatcher's re-exports, as
//! long as no circle forms.
//!
//! # Lines
//!
//! Every `.rs` file under `src/` and `tests/`, and every `.js` and `.mjs` file of the page
//! (`www/`), the package, the tests and the benches, has at most [`MAX_LINES`] lines, unless it
//! is on [`LONG_FILES_ALLOWED`] with the reason (empty: none is).

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fs;
use std::path::{Path, PathBuf};

#[path = "common/rust_source.rs"]
mod rust_source;

use rust_source::Parsed;

/// The most lines a source or test file may have.
const MAX_LINES: usize = 700;

/// Files allowed over [`MAX_LINES`], each with the reason it cannot be split (paths relative
/// to the crate's folder). Keep it empty if at all possible.
const LONG_FILES_ALLOWED: &[(&str, &str)] = &[];

/// Fails, saying how many were found and listing them apart by `separator` under the heading
/// `what` makes of their count, unless `found` is empty.
fn assert_none(found: &[String], separator: &str, what: impl Fn(usize) -> String) {
    assert!(
        found.is_empty(),
        "{}:\n{}",
        what(found.len()),
        found.join(separator)
    );
}

#[test]
fn the_import_graph_of_src_has_no_circle() {
    assert_none(&Graph::of_crate().circles(), "\n\n", |n| {
        format!(
            "the import graph of src/ has {n} circle(s) (each line: a file, then the path by \
             which it imports the next)"
        )
    });
}

#[test]
fn no_file_imports_the_dispatcher_of_its_folder() {
    assert_none(&Graph::of_crate().arrows_up(), "\n", |n| {
        format!(
            "{n} arrow(s) up into a dispatcher (a file naming an item through the mod.rs or \
             crate root above it; import it from the file that defines it)"
        )
    });
}

#[test]
fn no_source_or_test_file_is_over_the_line_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut long = Vec::new();
    // The crate's Rust, and the page's, the package's and the tests' JavaScript.
    let files = ["src", "tests"]
        .iter()
        .flat_map(|folder| rust_files(&root.join(folder)))
        .chain(
            ["www", "tests", "package", "benches"]
                .iter()
                .flat_map(|folder| files_ending(&root.join(folder), &["js", "mjs"])),
        );
    for file in files {
        let name = relative(root, &file);
        let lines = read(&file).lines().count();
        let allowed = LONG_FILES_ALLOWED.iter().any(|(path, _)| *path == name);
        if lines > MAX_LINES && !allowed {
            long.push(format!("{name}: {lines} lines"));
        }
    }
    assert_none(&long, "\n", |_| {
        format!("files over {MAX_LINES} lines (split them by concept or behaviour)")
    });
}

#[test]
fn every_allowed_long_file_is_still_long() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (path, reason) in LONG_FILES_ALLOWED {
        assert!(!reason.is_empty(), "{path}: say why it may be long");
        let lines = read(&root.join(path)).lines().count();
        assert!(
            lines > MAX_LINES,
            "{path} has {lines} lines: take it off LONG_FILES_ALLOWED"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The reader's own specification, on snippets

#[test]
fn comments_strings_and_test_code_import_nothing() {
    let text = r##"
        // use crate::a::X;
        /* crate::b::Y /* nested */ */
        /// [`crate::c::Z`]
        const S: &str = "crate::d::W";
        const R: &str = r#"super::e"#;
        const C: char = '"';
        fn f<'a>(x: &'a str) -> &'a str { x }
        #[cfg(test)]
        mod tests { use super::*; use crate::f::V; }
        #[cfg(test)]
        fn helper() { crate::g::U::new(); }
        use crate::h::T;
    "##;
    let file = Parsed::of(text);
    let paths: Vec<String> = file.paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(paths, ["crate::h::T"]);
    assert!(file.children.is_empty());
}

#[test]
fn use_trees_visibility_and_children_are_read() {
    let text = r"
        mod child;
        #[cfg(test)]
        mod tests;
        pub(in crate::search) use crate::{a::{self, B}, c::*};
        pub(crate) use super::super::d as e;
        fn f() { child::go(); self::g(); let x = <T as crate::h::K>::N; }
        macro_rules! m { () => { $crate::i::J }; }
    ";
    let file = Parsed::of(text);
    let paths: Vec<String> = file.paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        paths,
        [
            "crate::a",
            "crate::a::B",
            "crate::c",
            "super::super::d",
            "child::go",
            "self::g",
            "crate::h::K",
            "$crate::i::J"
        ]
    );
    assert_eq!(file.children, ["child"]);
}

// ---------------------------------------------------------------------------------------------
// The graph

/// A module of one of the crates: which crate, and its path from the crate root.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Module {
    crate_name: &'static str,
    path: Vec<String>,
}

struct Graph {
    /// Each module's file, relative to the crate's folder.
    files: BTreeMap<Module, String>,
    /// For each file, the files it imports, each with the first path text that made the edge.
    edges: BTreeMap<String, BTreeMap<String, String>>,
    /// Each file's module.
    modules: BTreeMap<String, Module>,
}

impl Graph {
    fn of_crate() -> Graph {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = BTreeMap::new();
        let mut parsed = BTreeMap::new();
        let mut queue = VecDeque::new();
        for (crate_name, file) in [("lib", "src/lib.rs"), ("bin", "src/main.rs")] {
            let module = Module {
                crate_name,
                path: vec![],
            };
            queue.push_back((module, root.join(file)));
        }
        while let Some((module, file)) = queue.pop_front() {
            let name = relative(root, &file);
            let text = Parsed::of(&read(&file));
            for child in &text.children {
                let path = child_file(&file, child);
                let mut child_module = module.clone();
                child_module.path.push(child.clone());
                queue.push_back((child_module, path));
            }
            assert!(
                files.insert(module.clone(), name.clone()).is_none(),
                "{name}: a module twice"
            );
            assert!(
                parsed.insert(name.clone(), (module, text)).is_none(),
                "{name}: in two crates or declared twice"
            );
        }
        let mut graph = Graph {
            files,
            edges: BTreeMap::new(),
            modules: BTreeMap::new(),
        };
        for (name, (module, text)) in &parsed {
            let mut out = BTreeMap::new();
            for child in &text.children {
                let mut path = module.path.clone();
                path.push(child.clone());
                let target = graph.file_of(module.crate_name, &path);
                out.entry(target).or_insert_with(|| format!("mod {child};"));
            }
            for path in &text.paths {
                if let Some(target) = graph.resolve(module, &text.children, path) {
                    if &target != name {
                        out.entry(target).or_insert_with(|| path.join("::"));
                    }
                }
            }
            graph.edges.insert(name.clone(), out);
            graph.modules.insert(name.clone(), module.clone());
        }
        graph
    }

    fn file_of(&self, crate_name: &'static str, path: &[String]) -> String {
        self.files[&Module {
            crate_name,
            path: path.to_vec(),
        }]
            .clone()
    }

    fn has_module(&self, crate_name: &'static str, path: &[String]) -> bool {
        self.files.contains_key(&Module {
            crate_name,
            path: path.to_vec(),
        })
    }

    /// The file of the deepest module `path` names from `module` (whose child modules are
    /// `children`); `None` for paths into other crates (`std`, `serde`) or local names.
    fn resolve(&self, module: &Module, children: &[String], path: &[String]) -> Option<String> {
        let (mut crate_name, mut at) = (module.crate_name, module.path.clone());
        let mut rest = path;
        match path[0].as_str() {
            "crate" | "$crate" => at.clear(),
            "sudoku_lab" => {
                crate_name = "lib";
                at.clear();
            }
            "self" => {}
            "super" => {
                while rest.first().map(String::as_str) == Some("super") {
                    at.pop().expect("super:: above the crate root");
                    rest = &rest[1..];
                }
            }
            first if children.iter().any(|c| c == first) => {
                return Some(self.descend(crate_name, at, path));
            }
            _ => return None,
        }
        if !matches!(path[0].as_str(), "super") {
            rest = &rest[1..];
        }
        Some(self.descend(crate_name, at, rest))
    }

    fn descend(&self, crate_name: &'static str, mut at: Vec<String>, rest: &[String]) -> String {
        for segment in rest {
            at.push(segment.clone());
            if !self.has_module(crate_name, &at) {
                at.pop();
                break;
            }
        }
        self.file_of(crate_name, &at)
    }

    /// Each set of files that import one another in a circle, shown as one shortest circle
    /// through its first file, then all its files.
    fn circles(&self) -> Vec<String> {
        strongly_connected(&self.edges)
            .into_iter()
            .filter(|component| component.len() > 1)
            .map(|component| {
                let start = &component[0];
                let circle = self.shortest_circle(start, &component);
                let mut text = String::new();
                for pair in circle.windows(2) {
                    let why = &self.edges[&pair[0]][&pair[1]];
                    text.push_str(&format!("  {}  ({why})\n", pair[0]));
                }
                text.push_str(&format!("  {start}\n"));
                text.push_str(&format!(
                    "  all {} files of this circle: {}",
                    component.len(),
                    component.join(", ")
                ));
                text
            })
            .collect()
    }

    /// The files of a shortest path from `start` back to itself inside `within`.
    fn shortest_circle(&self, start: &str, within: &[String]) -> Vec<String> {
        let inside: BTreeSet<&str> = within.iter().map(String::as_str).collect();
        let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue = VecDeque::from([start]);
        while let Some(file) = queue.pop_front() {
            for next in self.edges[file].keys() {
                let next = next.as_str();
                if next == start {
                    let mut circle = vec![start.to_string()];
                    let mut at = file;
                    while at != start {
                        circle.push(at.to_string());
                        at = came_from[at];
                    }
                    circle.push(start.to_string());
                    circle.reverse();
                    return circle;
                }
                if inside.contains(next) && !came_from.contains_key(next) {
                    came_from.insert(next, file);
                    queue.push_back(next);
                }
            }
        }
        unreachable!("{start} is on a circle")
    }

    /// Each edge from a file to the file of a module above it (its folder's dispatcher, or
    /// one further up), with the path that made it.
    fn arrows_up(&self) -> Vec<String> {
        let mut found = Vec::new();
        for (file, out) in &self.edges {
            let below = &self.modules[file];
            for (target, why) in out {
                let above = &self.modules[target];
                if above.crate_name == below.crate_name
                    && above.path.len() < below.path.len()
                    && below.path.starts_with(&above.path)
                {
                    found.push(format!("  {file} imports {target} by `{why}`"));
                }
            }
        }
        found
    }
}

/// The strongly connected components of `edges` (Tarjan's algorithm, iteratively), each
/// sorted by name.
fn strongly_connected(edges: &BTreeMap<String, BTreeMap<String, String>>) -> Vec<Vec<String>> {
    let names: Vec<&String> = edges.keys().collect();
    let index_of: BTreeMap<&String, usize> =
        names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let next: Vec<Vec<usize>> = names
        .iter()
        .map(|n| edges[*n].keys().map(|t| index_of[t]).collect())
        .collect();
    let n = names.len();
    let (mut index, mut low) = (vec![usize::MAX; n], vec![0; n]);
    let (mut on_stack, mut stack) = (vec![false; n], Vec::new());
    let mut counter = 0;
    let mut components = Vec::new();
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        // (node, how many of its edges have been followed)
        let mut work = vec![(root, 0)];
        while let Some(&mut (v, ref mut followed)) = work.last_mut() {
            if *followed == 0 && index[v] == usize::MAX {
                index[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = next[v].get(*followed) {
                *followed += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                loop {
                    let w = stack.pop().unwrap();
                    on_stack[w] = false;
                    component.push(names[w].clone());
                    if w == v {
                        break;
                    }
                }
                component.sort();
                components.push(component);
            }
        }
    }
    components
}

/// The file of module `child` declared in `parent`: `child.rs` or `child/mod.rs` in the
/// parent's folder (for `a/b.rs`, the folder `a/b/`).
fn child_file(parent: &Path, child: &str) -> PathBuf {
    let stem = parent.file_stem().unwrap().to_str().unwrap();
    let folder = match stem {
        "mod" | "lib" | "main" => parent.parent().unwrap().to_path_buf(),
        _ => parent.with_extension(""),
    };
    let candidates = [
        folder.join(format!("{child}.rs")),
        folder.join(child).join("mod.rs"),
    ];
    let found: Vec<_> = candidates.iter().filter(|p| p.is_file()).collect();
    assert_eq!(
        found.len(),
        1,
        "mod {child} in {}: expected one of {candidates:?}",
        parent.display()
    );
    found[0].clone()
}

// ---------------------------------------------------------------------------------------------
// Files

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/")
}

/// Every `.rs` file under `folder`, in name order.
fn rust_files(folder: &Path) -> Vec<PathBuf> {
    files_ending(folder, &["rs"])
}

/// The files below `folder` whose extension is one of `extensions`, in name order; generated
/// and installed folders (`pkg`, `node_modules`) left out.
fn files_ending(folder: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut entries: Vec<_> = fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            let generated = path
                .file_name()
                .is_some_and(|n| n == "pkg" || n == "node_modules");
            if !generated {
                found.extend(files_ending(&path, extensions));
            }
        } else if path
            .extension()
            .is_some_and(|e| extensions.iter().any(|x| e == *x))
        {
            found.push(path);
        }
    }
    found
}
