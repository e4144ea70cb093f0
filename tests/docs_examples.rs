//! Every console example of the docs runs and prints what the docs show (issue 31, item 6):
//! each `$ command` of a ```console block in `docs/src/cli.md` and `docs/src/generating.md`
//! is run by `sh` in a scratch directory holding `docs/examples/*` (the inputs the examples
//! name) and `../shared` (the corpora), with the release-built `sudoku-lab` on PATH; its
//! stdout and stderr together must be the lines under it. Times (`4.9 ms`) and runs of
//! spaces are the only things not compared.

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

/// A scratch directory with the examples' inputs, and `../shared` beside it.
fn scratch() -> PathBuf {
    let root = std::env::temp_dir().join(format!("sudoku-lab-docs-{}", std::process::id()));
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

#[test]
fn every_console_example_prints_what_the_docs_show() {
    let dir = scratch();
    let bin_dir = Path::new(BIN).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    for chapter in ["docs/src/cli.md", "docs/src/generating.md"] {
        for (command, expected) in examples(chapter) {
            let out = Command::new("sh")
                .arg("-c")
                .arg(format!("{{ {command}\n}} 2>&1"))
                .current_dir(&dir)
                .env("PATH", &path)
                .output()
                .expect("sh runs");
            let printed = String::from_utf8_lossy(&out.stdout);
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
