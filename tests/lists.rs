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

fn names<T: Named>() -> Vec<String> {
    T::ALL.iter().map(|t| t.name().to_string()).collect()
}

fn file(path: &str) -> String {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// The string literals of `text`, in order (no escapes: the lists hold plain names).
fn strings(text: &str) -> Vec<String> {
    text.split('"')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s.to_string())
        .collect()
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
    text.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s.to_string())
        .collect()
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

#[test]
fn engines() {
    let engines = names::<EngineKind>();
    assert_eq!(
        js_names("www/js/controls.js", "ENGINES"),
        engines,
        "the page's engine menu"
    );
    for union in ts_unions("package/board.d.ts", "engine") {
        assert_eq!(union, engines, "package/board.d.ts: an engine union");
    }
    for command in ["solve", "count", "trace"] {
        all_in(
            &engines,
            &words(&option_text(&help(command), "--engine")),
            &format!("{command} --help, --engine"),
        );
    }
    all_in(
        &engines,
        &backticked(&readme_line("docs/src/embedding.md", "| `engine` |")),
        "docs/src/embedding.md, the element's engine attribute",
    );
    let solve_row = readme_line("package/README.md", "| `solve(puzzle");
    let options = &solve_row[solve_row.find("`engine` (").expect("solve's engine option")..];
    all_in(
        &engines,
        &backticked(&options[..options.find(')').expect(")")]),
        "package/README.md, solve's engine option",
    );
}

#[test]
fn trace_levels() {
    let levels = names::<Level>();
    assert_eq!(
        js_names("www/js/controls.js", "LEVELS"),
        levels,
        "the page's detail menu"
    );
    for union in ts_unions("package/board.d.ts", "level") {
        assert_eq!(union, levels, "package/board.d.ts: a level union");
    }
    all_in(
        &levels,
        &words(&option_text(&help("trace"), "--level")),
        "trace --help, --level",
    );
    all_in(
        &levels,
        &backticked(&readme_line("package/README.md", "| `new Solver(")),
        "package/README.md, Solver's level option",
    );
}

#[test]
fn kinds_formats_and_alphabets() {
    let kinds = names::<Kind>();
    assert_eq!(
        js_names("www/js/model.js", "KINDS"),
        kinds,
        "the page's kinds"
    );
    assert_eq!(select_values("gen-kind"), kinds, "New puzzle's kind menu");
    for command in ["solve", "generate"] {
        all_in(
            &kinds,
            &words(&option_text(&help(command), "--kind")),
            &format!("{command} --help, --kind"),
        );
    }
    assert_eq!(
        js_names("www/js/formats.js", "FORMATS"),
        names::<Format>(),
        "the import and export menus"
    );
    let alphabets = names::<Alphabet>();
    assert_eq!(
        js_names("www/js/formats.js", "ALPHABETS"),
        alphabets,
        "the import menu's symbols"
    );
    all_in(
        &alphabets,
        &words(&option_text(&help("solve"), "--alphabet")),
        "solve --help, --alphabet",
    );
}

#[test]
fn statuses() {
    let statuses = names::<Status>();
    all_in(
        &statuses,
        &backticked(&readme_line("docs/src/architecture.md", "Outcomes: ")),
        "docs/src/architecture.md, the outcomes",
    );
    all_in(
        &statuses,
        &backticked(&readme_line("package/README.md", "| `solve(puzzle")),
        "package/README.md, solve's status",
    );
}

#[test]
fn the_generators_choices() {
    let grades = names::<Grade>();
    let menu: Vec<String> = select_values("gen-difficulty")
        .into_iter()
        .filter(|v| !v.is_empty())
        .collect();
    assert_eq!(menu, grades, "New puzzle's difficulty menu");
    let generate = help("generate");
    all_in(
        &grades,
        &words(&option_text(&generate, "--difficulty")),
        "generate --help, --difficulty",
    );
    let symmetries = names::<Symmetry>();
    assert_eq!(
        select_values("gen-symmetry"),
        symmetries,
        "New puzzle's symmetry menu"
    );
    all_in(
        &symmetries,
        &words(&option_text(&generate, "--symmetry")),
        "generate --help, --symmetry",
    );
    // The markers menu offers each family, the ones with a negative constraint twice.
    let families: Vec<String> = select_values("gen-markers")
        .into_iter()
        .filter(|v| !v.ends_with("-negative"))
        .collect();
    assert_eq!(families, names::<Markers>(), "New puzzle's markers menu");
    let markers = names::<Markers>();
    all_in(
        &markers[1..],
        &words(&option_text(&generate, "--markers")),
        "generate --help, --markers",
    );
    all_in(
        &markers,
        &backticked(&readme_line("package/README.md", "| `generate(options?)")),
        "package/README.md, generate's markers option",
    );
}

#[test]
fn hints_rules_events_and_techniques() {
    let reveal = names::<Reveal>();
    assert_eq!(
        js_names("www/js/play.js", "LEVELS"),
        reveal,
        "Play's hint levels"
    );
    all_in(
        &reveal,
        &words(&option_text(&help("hint"), "--reveal")),
        "hint --help, --reveal",
    );
    assert_eq!(
        js_names("www/js/records.js", "RULES"),
        names::<Rule>(),
        "records.js RULES"
    );
    assert_eq!(
        js_names("www/js/records.js", "KINDS"),
        names::<EventKind>(),
        "records.js KINDS"
    );
    let techniques = names::<Technique>();
    assert_eq!(
        js_names("www/js/records.js", "TECHNIQUES"),
        techniques,
        "records.js TECHNIQUES"
    );
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
