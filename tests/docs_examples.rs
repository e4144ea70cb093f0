//! Every console example of the docs runs and prints what the docs show (issue 31, item 6):
//! each `$ command` of a ```console block in `docs/src/cli.md` and `docs/src/generating.md`
//! is run by `sh` in a scratch directory holding `docs/examples/*` (the inputs the examples
//! name) and `../shared` (the corpora), with the release-built `sudoku-lab` on PATH; its
//! stdout and stderr together must be the lines under it. Times (`4.9 ms`) and runs of
//! spaces are the only things not compared. The README's command-line examples (the
//! `sudoku-lab …` lines of its ```sh blocks, which show no output) run there too and succeed.

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-lab");

/// `(command, expected output)` of each `$ ` line of the console blocks of a chapter.
fn examples(chapter: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(chapter))
        .unwrap_or_else(|e| panic!("{chapter}: {e}"));
    let mut out: Vec<(String, String)> = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with("```") {
            inside = line == "```console";
            continue;
        }
        if !inside {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            if !command.starts_with('#') {
                out.push((command.to_string(), String::new()));
            }
        } else if let Some((_, expected)) = out.last_mut() {
            expected.push_str(line);
            expected.push('\n');
        }
    }
    out
}

/// A text with times and runs of spaces made alike.
fn normal(text: &str) -> String {
    text.lines()
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let mut out = Vec::new();
            let mut i = 0;
            while i < words.len() {
                if i + 1 < words.len() && words[i + 1] == "ms" && words[i].parse::<f64>().is_ok() {
                    out.push("<time>");
                    i += 2;
                } else {
                    out.push(words[i]);
                    i += 1;
                }
            }
            out.join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A scratch directory of its own for each test (`name`), with the examples' inputs, and
/// `../shared` beside it.
fn scratch(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("sudoku-lab-docs-{name}-{}", std::process::id()));
    let dir = root.join("work");
    std::fs::create_dir_all(&dir).unwrap();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples");
    for entry in std::fs::read_dir(&examples).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
    }
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared");
    let link = root.join("shared");
    if !link.exists() {
        std::os::unix::fs::symlink(shared.canonicalize().unwrap(), &link).unwrap();
    }
    dir
}

/// `sh -c command` in `dir` with the built `sudoku-lab` first on PATH: its status and its
/// stdout and stderr together.
fn run(dir: &Path, command: &str) -> (std::process::ExitStatus, String) {
    let bin_dir = Path::new(BIN).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("{{ {command}\n}} 2>&1"))
        .current_dir(dir)
        .env("PATH", &path)
        .output()
        .expect("sh runs");
    (
        out.status,
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn every_console_example_prints_what_the_docs_show() {
    let dir = scratch("console");
    let mut ran = 0;
    for chapter in ["docs/src/cli.md", "docs/src/generating.md"] {
        for (command, expected) in examples(chapter) {
            let (_, printed) = run(&dir, &command);
            assert_eq!(
                normal(&printed),
                normal(&expected),
                "{chapter}: $ {command}"
            );
            ran += 1;
        }
    }
    assert!(ran >= 12, "{ran} examples");
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}

#[test]
fn the_readme_command_line_examples_run() {
    let dir = scratch("readme");
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let mut inside = false;
    let mut ran = 0;
    for line in readme.lines() {
        if line.starts_with("```") {
            inside = line == "```sh";
            continue;
        }
        if !inside || !line.starts_with("sudoku-lab ") {
            continue;
        }
        // The comment after a command says what it does, not what it prints.
        let command = line.split(" # ").next().unwrap().trim_end();
        let (status, printed) = run(&dir, command);
        assert!(status.success(), "README: $ {command}\n{printed}");
        assert!(
            !printed.trim().is_empty(),
            "README: $ {command} prints nothing"
        );
        ran += 1;
    }
    assert!(ran >= 3, "{ran} README commands");
    let _ = std::fs::remove_dir_all(dir.parent().unwrap());
}
