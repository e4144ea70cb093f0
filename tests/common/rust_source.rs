//! Rust source read as text, for the architecture test: tokens without comments, literals
//! and test code, then the modules a file declares and the paths it names.

/// What one file declares and names, test code left out.
pub struct Parsed {
    /// The modules it declares with `mod name;`.
    pub children: Vec<String>,
    /// The paths it names that begin with `crate`, `$crate`, `super`, `self`, `sudoku_lab`
    /// or a child module (each `use` leaf in full; `a::*` and `a::{self}` as `a`).
    pub paths: Vec<Vec<String>>,
}

impl Parsed {
    pub fn of(text: &str) -> Parsed {
        let tokens = without_test_code(&tokens(text));
        let children = declared_children(&tokens);
        let mut paths = Vec::new();
        let mut i = 0;
        while i < tokens.len() {
            let t = tokens[i].as_str();
            if t == "pub" && tokens.get(i + 1).map(String::as_str) == Some("(") {
                // A visibility, `pub(in crate::search)`, names no item.
                i = matching(&tokens, i + 1) + 1;
            } else if t == "use" {
                let end = (i..tokens.len()).find(|&j| tokens[j] == ";").unwrap();
                use_tree(&tokens[i + 1..end], &mut Vec::new(), &mut paths);
                i = end + 1;
            } else if is_path_start(t, &children)
                && tokens.get(i + 1).map(String::as_str) == Some("::")
                && (i == 0 || tokens[i - 1] != "::")
            {
                let mut path = vec![t.to_string()];
                let mut j = i + 1;
                while tokens.get(j).map(String::as_str) == Some("::")
                    && tokens.get(j + 1).is_some_and(|s| is_identifier(s))
                {
                    path.push(tokens[j + 1].clone());
                    j += 2;
                }
                paths.push(path);
                i = j;
            } else {
                i += 1;
            }
        }
        let paths = paths
            .into_iter()
            .filter(|p| is_path_start(&p[0], &children))
            .collect();
        Parsed { children, paths }
    }
}

fn is_path_start(first: &str, children: &[String]) -> bool {
    matches!(first, "crate" | "$crate" | "super" | "self" | "sudoku_lab")
        || children.iter().any(|c| c == first)
}

fn is_identifier(token: &str) -> bool {
    let mut chars = token.chars();
    chars
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
}

/// The leaves of the use tree `tokens` under `prefix`, each added to `out` as a full path.
fn use_tree(tokens: &[String], prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let depth = prefix.len();
    let mut i = 0;
    if tokens.first().map(String::as_str) == Some("::") {
        i += 1;
    }
    while i < tokens.len() {
        match tokens[i].as_str() {
            "{" => {
                let end = matching(tokens, i);
                for item in split_top_level(&tokens[i + 1..end]) {
                    use_tree(item, prefix, out);
                }
                prefix.truncate(depth);
                return;
            }
            "*" => break,
            "self" if i > 0 || depth > 0 => break,
            "as" => break,
            "::" => i += 1,
            segment => {
                prefix.push(segment.to_string());
                i += 1;
            }
        }
    }
    if !prefix.is_empty() {
        out.push(prefix.clone());
    }
    prefix.truncate(depth);
}

/// `tokens` cut at the commas outside brackets.
fn split_top_level(tokens: &[String]) -> Vec<&[String]> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, t) in tokens.iter().enumerate() {
        match t.as_str() {
            "{" | "(" | "[" => depth += 1,
            "}" | ")" | "]" => depth -= 1,
            "," if depth == 0 => {
                parts.push(&tokens[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&tokens[start..]);
    parts.into_iter().filter(|p| !p.is_empty()).collect()
}

/// The modules declared by `mod name;` (at any depth: `mod` appears nowhere else).
fn declared_children(tokens: &[String]) -> Vec<String> {
    let mut children = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if t == "mod" {
            let name = &tokens[i + 1];
            match tokens[i + 2].as_str() {
                ";" => children.push(name.clone()),
                _ => panic!("mod {name} {{ … }}: inline modules outside tests are not read"),
            }
        }
    }
    children
}

/// The index of the bracket closing the one at `open`.
fn matching(tokens: &[String], open: usize) -> usize {
    let mut depth = 0;
    for (i, t) in tokens.iter().enumerate().skip(open) {
        match t.as_str() {
            "{" | "(" | "[" => depth += 1,
            "}" | ")" | "]" => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced brackets")
}

/// `tokens` without the items (or statements) that follow a `#[cfg(test)]`.
fn without_test_code(tokens: &[String]) -> Vec<String> {
    let mut kept = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i] == "#" && tokens.get(i + 1).map(String::as_str) == Some("[") {
            let end = matching(tokens, i + 1);
            let attribute: String = tokens[i + 2..end].concat();
            if attribute == "cfg(test)" {
                i = end_of_item(tokens, end + 1);
                continue;
            }
            i = end + 1;
            continue;
        }
        kept.push(tokens[i].clone());
        i += 1;
    }
    kept
}

/// The index just past the item that starts at `start` (after its attributes): its `;` or
/// the `}` closing its first top-level block.
fn end_of_item(tokens: &[String], start: usize) -> usize {
    let mut i = start;
    while i < tokens.len() {
        match tokens[i].as_str() {
            ";" => return i + 1,
            "(" | "[" => i = matching(tokens, i) + 1,
            "{" => return matching(tokens, i) + 1,
            _ => i += 1,
        }
    }
    i
}

/// The tokens of Rust source `text`: identifiers (`$crate` one token), `::`, and single
/// punctuation characters; comments, literals and lifetimes dropped.
fn tokens(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                if at(i) == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if at(i) == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '"' {
            i = past_string(&chars, i);
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{1b}') or a lifetime ('a), which is dropped.
            if at(i + 1) == '\\' {
                i += 2;
                while at(i) != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_alphanumeric() || c == '_' || c == '$' {
            let start = i;
            i += 1;
            while at(i).is_alphanumeric() || at(i) == '_' {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let raw = matches!(word.as_str(), "r" | "br" | "cr");
            if raw && (at(i) == '"' || (at(i) == '#' && matches!(at(i + 1), '"' | '#'))) {
                i = past_raw_string(&chars, i);
            } else if matches!(word.as_str(), "b" | "c") && at(i) == '"' {
                i = past_string(&chars, i);
            } else if word == "b" && at(i) == '\'' {
                // A byte literal: read on as a char literal.
            } else if c.is_alphabetic() || c == '_' || c == '$' {
                out.push(word);
            }
        } else if c == ':' && at(i + 1) == ':' {
            out.push("::".to_string());
            i += 2;
        } else {
            out.push(c.to_string());
            i += 1;
        }
    }
    out
}

/// The index past the string literal whose `"` is at `i`.
fn past_string(chars: &[char], mut i: usize) -> usize {
    i += 1;
    while chars[i] != '"' {
        i += if chars[i] == '\\' { 2 } else { 1 };
    }
    i + 1
}

/// The index past the raw string literal whose hashes or `"` start at `i`.
fn past_raw_string(chars: &[char], mut i: usize) -> usize {
    let mut hashes = 0;
    while chars[i] == '#' {
        hashes += 1;
        i += 1;
    }
    i += 1;
    loop {
        if chars[i] == '"' && chars[i + 1..].iter().take(hashes).all(|&c| c == '#') {
            return i + 1 + hashes;
        }
        i += 1;
    }
}
