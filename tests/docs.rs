//! The docs hold together (issue 31, item 6): the README stays short (at most 250 lines) and
//! points into `docs/`; the book's summary names every chapter and every chapter is in it;
//! every relative link of the README, the book and the package README reaches a file that
//! exists, and a link to `#anchor` a heading of that file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The anchor GitHub and mdBook give a heading: lower case, spaces to `-`, other punctuation
/// dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The lines of a Markdown file outside fenced code (the fences left out too).
fn prose_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut fenced = false;
    text.lines().filter(move |line| {
        if line.starts_with("```") {
            fenced = !fenced;
            return false;
        }
        !fenced
    })
}

/// The anchors of a Markdown file's headings (outside fenced code).
fn anchors(text: &str) -> BTreeSet<String> {
    prose_lines(text)
        .filter(|line| line.starts_with('#'))
        .map(|line| slug(line.trim_start_matches('#')))
        .collect()
}

/// The targets of the inline links `[text](target)` of a Markdown file, outside fenced code.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in prose_lines(text) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            out.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    out
}

/// Checks every relative link of `file`.
fn check_links(file: &Path) {
    let text = read(file);
    let dir = file.parent().expect("a directory");
    for target in links(&text) {
        if target.starts_with("http://") || target.starts_with("https://") {
            continue;
        }
        let (path, anchor) = match target.split_once('#') {
            Some((p, a)) => (p, Some(a)),
            None => (target.as_str(), None),
        };
        let linked = if path.is_empty() {
            file.to_path_buf()
        } else {
            dir.join(path)
        };
        assert!(
            linked.exists(),
            "{}: the link {target} reaches no file",
            file.display()
        );
        if let Some(anchor) = anchor {
            assert!(
                anchors(&read(&linked)).contains(anchor),
                "{}: the link {target} names no heading of {}",
                file.display(),
                linked.display()
            );
        }
    }
}

#[test]
fn the_readme_is_short_and_every_link_resolves() {
    let readme = root().join("README.md");
    let lines = read(&readme).lines().count();
    assert!(lines <= 250, "README.md has {lines} lines: at most 250");
    check_links(&readme);
    check_links(&root().join("package/README.md"));
}

#[test]
fn the_book_names_every_chapter_and_every_link_resolves() {
    let src = root().join("docs/src");
    let summary = read(&src.join("SUMMARY.md"));
    let listed: BTreeSet<String> = links(&summary).into_iter().collect();
    let mut chapters = BTreeSet::new();
    for entry in std::fs::read_dir(&src).expect("docs/src") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.ends_with(".md") && name != "SUMMARY.md" {
            chapters.insert(name);
            check_links(&path);
        }
    }
    assert_eq!(listed, chapters, "SUMMARY.md and the chapters of docs/src");
    // Each chapter opens with its title.
    for chapter in &chapters {
        let text = read(&src.join(chapter));
        assert!(text.starts_with("# "), "{chapter} opens with no title");
    }
}
