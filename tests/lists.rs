//! One source per list (issue 31, item 4): every list of names the Rust side defines with
//! `named!` — engines, trace levels, kinds, formats, alphabets, statuses, grade levels,
//! symmetries, marker families, hint levels, rules, event kinds, techniques — is held here to
//! every place a person reads it: the command's help, the page's menus and tables
//! (`www/`), the element's and the package's declarations and README, and the docs
//! (`docs/src/`). Adding a variant without following it everywhere fails here, naming the place.

use std::collections::BTreeSet;
use std::process::Command;

use sudoku_lab::formats::{Alphabet, Format};
use sudoku_lab::generate::{Markers, Symmetry};
use sudoku_lab::logic::{Level as Grade, Reveal, Technique};
use sudoku_lab::search::{EngineKind, Rule, Status};
use sudoku_lab::trace::{EventKind, Level};
use sudoku_lab::{Kind, Named};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-lab");

/// A list's names, in order: `names::<T>` for a `named!` list.
type Names = fn() -> Vec<String>;

fn names<T: Named>() -> Vec<String> {
    T::ALL.iter().map(|t| t.name().to_string()).collect()
}

fn file(path: &str) -> String {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// The parts of `text` between pairs of `quote`, in order (no escapes).
fn quoted(text: &str, quote: char) -> impl Iterator<Item = String> + '_ {
    text.split(quote).skip(1).step_by(2).map(str::to_string)
}

/// The string literals of `text`, in order (no escapes: the lists hold plain names).
fn strings(text: &str) -> Vec<String> {
    quoted(text, '"').collect()
}

/// The body of `const NAME = [ … ];` in a JS source.
fn js_array<'a>(source: &'a str, name: &str) -> &'a str {
    let start = source
        .find(&format!("const {name} = ["))
        .unwrap_or_else(|| panic!("no const {name}"));
    let body = &source[start..];
    &body[body.find('[').expect("[") + 1..body.find("];").expect("];")]
}

/// The first string of each `[…]` row of a JS table (`const NAME = [["a", …], …];`), or
/// every string of a flat array.
fn js_names(path: &str, name: &str) -> Vec<String> {
    let source = file(path);
    let body = js_array(&source, name);
    if body.trim_start().starts_with('[') {
        body.split('[')
            .skip(1)
            .filter_map(|row| strings(row).into_iter().next())
            .collect()
    } else {
        strings(body)
    }
}

/// The `value`s of the options of `<select id="{id}">` in the page's HTML.
fn select_values(id: &str) -> Vec<String> {
    let html = file("www/index.html");
    let start = html
        .find(&format!("<select id=\"{id}\""))
        .unwrap_or_else(|| panic!("no select #{id}"));
    let body = &html[start..];
    let body = &body[..body.find("</select>").expect("</select>")];
    body.split("<option value=\"")
        .skip(1)
        .map(|s| s[..s.find('"').expect("\"")].to_string())
        .collect()
}

/// Every `A | B | …` union of string types that follows `field` in a TypeScript declaration.
fn ts_unions(path: &str, field: &str) -> Vec<Vec<String>> {
    let text = file(path);
    let found: Vec<Vec<String>> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix(field))
        .map(|rest| strings(rest.split(';').next().unwrap_or("")))
        .collect();
    assert!(!found.is_empty(), "{path}: no `{field}`");
    found
}

/// The help of a command.
fn help(command: &str) -> String {
    let out = Command::new(BIN)
        .args([command, "--help"])
        .output()
        .expect("the CLI runs");
    assert!(out.status.success(), "{command} --help");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// An option's description in a help text (clap's long help): its line and the lines indented
/// under it, blank lines and its list of possible values included.
fn option_text(help: &str, flag: &str) -> String {
    let mut lines = help
        .lines()
        .skip_while(|l| !l.trim_start().starts_with(flag));
    let first = lines
        .next()
        .unwrap_or_else(|| panic!("no {flag} in:\n{help}"));
    let mut text = first.to_string();
    for l in lines {
        if !l.trim().is_empty() && !l.starts_with("        ") {
            break;
        }
        text.push(' ');
        text.push_str(l.trim());
    }
    text
}

/// The words of a text (names may hold `_`, `-` and digits).
fn words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || "_-".contains(c)))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The `backticked` names of a text.
fn backticked(text: &str) -> BTreeSet<String> {
    quoted(text, '`').collect()
}

/// Asserts every name appears in `have`, naming `place` and the ones missing.
fn all_in(names: &[String], have: &BTreeSet<String>, place: &str) {
    let missing: Vec<&String> = names.iter().filter(|n| !have.contains(*n)).collect();
    assert!(missing.is_empty(), "{place} does not name {missing:?}");
}

/// The README line that starts with `prefix` (a table row), or the paragraph it begins.
fn readme_line(path: &str, prefix: &str) -> String {
    let text = file(path);
    let mut lines = text.lines().skip_while(|l| !l.starts_with(prefix));
    let first = lines
        .next()
        .unwrap_or_else(|| panic!("{path}: no line starting {prefix:?}"));
    if first.starts_with('|') {
        return first.to_string();
    }
    let mut paragraph = first.to_string();
    for l in lines.take_while(|l| !l.trim().is_empty()) {
        paragraph.push(' ');
        paragraph.push_str(l);
    }
    paragraph
}

/// Each list of the page's JavaScript, `const NAME = [ … ]`, and the names it holds in order:
/// its file, its name, the names and what it is.
const JS_LISTS: [(&str, &str, Names, &str); 9] = [
    (
        "www/js/controls.js",
        "ENGINES",
        names::<EngineKind>,
        "the page's engine menu",
    ),
    (
        "www/js/controls.js",
        "LEVELS",
        names::<Level>,
        "the page's detail menu",
    ),
    (
        "www/js/model.js",
        "KINDS",
        names::<Kind>,
        "the page's kinds",
    ),
    (
        "www/js/formats.js",
        "FORMATS",
        names::<Format>,
        "the import and export menus",
    ),
    (
        "www/js/formats.js",
        "ALPHABETS",
        names::<Alphabet>,
        "the import menu's symbols",
    ),
    (
        "www/js/play.js",
        "LEVELS",
        names::<Reveal>,
        "Play's hint levels",
    ),
    (
        "www/js/records.js",
        "RULES",
        names::<Rule>,
        "records.js RULES",
    ),
    (
        "www/js/records.js",
        "KINDS",
        names::<EventKind>,
        "records.js KINDS",
    ),
    (
        "www/js/records.js",
        "TECHNIQUES",
        names::<Technique>,
        "records.js TECHNIQUES",
    ),
];

/// Each union of the package's declarations (`package/board.d.ts`) and the names every
/// `A | B | …` after its field holds in order: the field, the names and what a union is.
const TS_UNIONS: [(&str, Names, &str); 2] = [
    ("engine", names::<EngineKind>, "an engine union"),
    ("level", names::<Level>, "a level union"),
];

/// Each flag's description in the commands' help and the names it gives: the commands, the
/// flag and the names.
const HELP_FLAGS: [(&[&str], &str, Names); 8] = [
    (
        &["solve", "count", "trace"],
        "--engine",
        names::<EngineKind>,
    ),
    (&["trace"], "--level", names::<Level>),
    (&["solve", "generate"], "--kind", names::<Kind>),
    (&["solve"], "--alphabet", names::<Alphabet>),
    (&["generate"], "--difficulty", names::<Grade>),
    (&["generate"], "--symmetry", names::<Symmetry>),
    // `none` is the default, not a choice to name.
    (&["generate"], "--markers", || {
        names::<Markers>().split_off(1)
    }),
    (&["hint"], "--reveal", names::<Reveal>),
];

/// Each line of a document (a table row, or the paragraph it begins) that names a list's
/// names backticked: the document, the line's start, the names and what the line is.
const DOC_LINES: [(&str, &str, Names, &str); 5] = [
    (
        "docs/src/embedding.md",
        "| `engine` |",
        names::<EngineKind>,
        "the element's engine attribute",
    ),
    (
        "package/README.md",
        "| `new Solver(",
        names::<Level>,
        "Solver's level option",
    ),
    (
        "docs/src/architecture.md",
        "Outcomes: ",
        names::<Status>,
        "the outcomes",
    ),
    (
        "package/README.md",
        "| `solve(puzzle",
        names::<Status>,
        "solve's status",
    ),
    (
        "package/README.md",
        "| `generate(options?)",
        names::<Markers>,
        "generate's markers option",
    ),
];

#[test]
fn the_pages_lists_hold_the_names_in_order() {
    for (path, name, names, what) in JS_LISTS {
        assert_eq!(js_names(path, name), names(), "{what}");
    }
}

#[test]
fn the_packages_unions_hold_the_names_in_order() {
    for (field, names, what) in TS_UNIONS {
        for union in ts_unions("package/board.d.ts", field) {
            assert_eq!(union, names(), "package/board.d.ts: {what}");
        }
    }
}

#[test]
fn each_flags_help_names_every_choice() {
    for (commands, flag, names) in HELP_FLAGS {
        for command in commands {
            all_in(
                &names(),
                &words(&option_text(&help(command), flag)),
                &format!("{command} --help, {flag}"),
            );
        }
    }
}

#[test]
fn the_documents_name_every_choice() {
    for (path, prefix, names, what) in DOC_LINES {
        all_in(
            &names(),
            &backticked(&readme_line(path, prefix)),
            &format!("{path}, {what}"),
        );
    }
}

/// The package README's solve row names each engine among solve's options.
#[test]
fn the_package_readme_names_every_engine_among_solves_options() {
    let solve_row = readme_line("package/README.md", "| `solve(puzzle");
    let options = &solve_row[solve_row.find("`engine` (").expect("solve's engine option")..];
    all_in(
        &names::<EngineKind>(),
        &backticked(&options[..options.find(')').expect(")")]),
        "package/README.md, solve's engine option",
    );
}

/// Which of a menu's values stand for the names of a list.
type Kept = fn(&str) -> bool;

/// Each menu of New puzzle, the values it offers that a list holds in order: the menu's id,
/// the values kept, the names and what the menu is.
const MENUS: [(&str, Kept, Names, &str); 4] = [
    (
        "gen-kind",
        |_| true,
        names::<Kind>,
        "New puzzle's kind menu",
    ),
    // The empty value is "Any (may need guessing)", no level.
    (
        "gen-difficulty",
        |v| !v.is_empty(),
        names::<Grade>,
        "New puzzle's difficulty menu",
    ),
    (
        "gen-symmetry",
        |_| true,
        names::<Symmetry>,
        "New puzzle's symmetry menu",
    ),
    // The markers menu offers each family, the ones with a negative constraint twice.
    (
        "gen-markers",
        |v| !v.ends_with("-negative"),
        names::<Markers>,
        "New puzzle's markers menu",
    ),
];

#[test]
fn the_new_puzzle_menus_offer_the_names_in_order() {
    for (id, kept, names, what) in MENUS {
        let menu: Vec<String> = select_values(id).into_iter().filter(|v| kept(v)).collect();
        assert_eq!(menu, names(), "{what}");
    }
}

#[test]
fn every_technique_is_in_the_docs_table_and_the_glossary() {
    let techniques = names::<Technique>();
    let table = file("docs/src/techniques.md");
    // A row's first cell names one technique or a few (`pointing`, `claiming`).
    let rows: BTreeSet<String> = table
        .lines()
        .filter(|l| l.starts_with("| `"))
        .flat_map(|l| backticked(l.split(" | ").next().unwrap_or("")))
        .collect();
    all_in(
        &techniques,
        &rows,
        "docs/src/techniques.md, the techniques table",
    );
    let glossary = file("www/js/glossary.js");
    let entries: BTreeSet<String> = techniques
        .iter()
        .filter(|t| glossary.contains(&format!("[\"{t}\", {{")))
        .cloned()
        .collect();
    all_in(&techniques, &entries, "www/js/glossary.js");
}

/// The body of `export interface NAME … { … }` in the module's TypeScript declarations (in
/// `src/wasm/exports/mod.rs`), and its fields in order.
fn ts_interface(name: &str) -> Vec<(String, String)> {
    let source = file("src/wasm/exports/mod.rs");
    let start = source
        .find(&format!("export interface {name} "))
        .unwrap_or_else(|| panic!("no interface {name}"));
    let body = &source[start..];
    let body = &body[body.find('{').expect("{") + 1..body.find("\n}").expect("}")];
    body.lines()
        .filter_map(|l| l.strip_prefix("  "))
        .filter(|l| !l.starts_with(' ') && !l.starts_with('/'))
        .filter_map(|l| l.split_once("?:"))
        .map(|(field, ty)| {
            (
                field.to_string(),
                ty.trim().trim_end_matches(';').to_string(),
            )
        })
        .collect()
}

#[test]
fn the_modules_options() {
    use sudoku_lab::wasm::args::{Export, Opt, GENERATE_OPTIONS};
    // generate(): the declaration's fields are the options read, in order, with their choices.
    let fields = ts_interface("GenerateOptions");
    let declared: Vec<&str> = fields.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(
        declared, GENERATE_OPTIONS,
        "GenerateOptions in the TypeScript declarations"
    );
    let choices = |field: &str| {
        let ty = &fields.iter().find(|(f, _)| f == field).expect("a field").1;
        strings(ty)
    };
    assert_eq!(
        choices("difficulty"),
        names::<Grade>(),
        "GenerateOptions.difficulty"
    );
    assert_eq!(
        choices("symmetry"),
        names::<Symmetry>(),
        "GenerateOptions.symmetry"
    );
    assert_eq!(
        choices("markers"),
        names::<Markers>(),
        "GenerateOptions.markers"
    );
    assert_eq!(choices("kind"), names::<Kind>(), "GenerateOptions.kind");
    let package = file("package/README.md");
    let mentioned = backticked(&package);
    let generate: Vec<String> = GENERATE_OPTIONS.iter().map(|o| o.to_string()).collect();
    all_in(
        &generate,
        &mentioned,
        "package/README.md, generate's options",
    );
    // Every option an export reads is declared, and the package README names it.
    let interfaces = [
        "ReadOptions",
        "SolveOptions",
        "TraceOptions",
        "BenchOptions",
        "HintOptions",
    ];
    let declared: BTreeSet<String> = interfaces
        .iter()
        .flat_map(|i| ts_interface(i).into_iter().map(|(f, _)| f))
        .collect();
    let read: Vec<String> = Export::ALL
        .iter()
        .flat_map(|e| e.options().iter().map(|o| o.name().to_string()))
        .collect();
    all_in(&read, &declared, "the TypeScript options interfaces");
    all_in(
        &names::<Opt>(),
        &mentioned,
        "package/README.md, the options",
    );
}
