//! Unit tests of the argument checks: every bad argument named, and the TypeScript unions in
//! step with the Rust enums.

use super::*;

fn object(pairs: &[(&str, Value)]) -> OptionsArg {
    OptionsArg::Object(
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
    )
}

fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

#[test]
fn a_kind_of_the_wrong_type_is_named_with_what_was_expected() {
    for (value, got) in [
        (Value::Number(42.0), "got the number 42"),
        (Value::Bool(true), "got true"),
        (Value::Other("an object"), "got an object"),
    ] {
        let e = kind(&value).unwrap_err();
        assert_eq!(e.argument, "kind");
        assert!(e.message.ends_with(got), "{e}");
        assert!(e.message.contains("'futoshiki'"), "{e}");
    }
    assert_eq!(kind(&text(" Futoshiki ")), Ok(Some(Kind::Futoshiki)));
    for absent in [Value::Undefined, Value::Null, text(""), text("auto")] {
        assert_eq!(kind(&absent), Ok(None));
    }
}

#[test]
fn limits_are_whole_numbers_in_range() {
    let limit = |v: Value| settings(Export::Solve, &object(&[("nodeLimit", v)]));
    assert_eq!(limit(Value::Number(321.0)).unwrap().node_limit, 321);
    assert_eq!(limit(Value::Undefined).unwrap(), Settings::default());
    for bad in [0.0, -1.0, 1.5, f64::NAN, f64::INFINITY, 1e300] {
        let e = limit(Value::Number(bad)).unwrap_err();
        assert_eq!(e.argument, "options.nodeLimit", "{bad}");
    }
    let e = limit(text("100")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "options.nodeLimit: expected a whole number from 1 to 9007199254740991, \
         got the string '100'"
    );
}

#[test]
fn max_events_above_the_ceiling_names_the_ceiling() {
    let e = settings(
        Export::Solver,
        &object(&[("maxEvents", Value::Number(1e9))]),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "options.maxEvents: the number 1000000000 is above the most allowed, 10000000"
    );
}

#[test]
fn an_option_the_export_does_not_read_is_refused() {
    let e = settings(Export::Solve, &object(&[("maxEvents", Value::Number(5.0))])).unwrap_err();
    assert!(
        e.message.contains("'maxEvents' is not read by solve()"),
        "{e}"
    );
    let e = settings(Export::Solve, &object(&[("nodelimit", Value::Number(5.0))])).unwrap_err();
    assert!(
        e.message
            .contains("'nodelimit' is not an option of solve()"),
        "{e}"
    );
}

#[test]
fn options_must_be_an_object() {
    for v in [Value::Number(5.0), text("dlx"), Value::Other("an array")] {
        let e = settings(Export::Parse, &OptionsArg::Not(v)).unwrap_err();
        assert_eq!(e.argument, "options");
    }
}

#[test]
fn choices_are_listed_from_the_enums_themselves() {
    let e = settings(Export::Solver, &object(&[("engine", text("fast"))])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "options.engine: expected 'propagate', 'dlx', 'naive' or 'logic' (or undefined), \
         got the string 'fast'"
    );
    let ok = settings(
        Export::Solver,
        &object(&[("engine", text("DLX")), ("level", text("decisions"))]),
    )
    .unwrap();
    assert_eq!((ok.engine, ok.level), (EngineKind::Dlx, Level::Decisions));
}

#[test]
fn a_budget_is_required_and_whole() {
    assert_eq!(budget(&Value::Number(1e12)), Ok(1_000_000_000_000));
    for bad in [Value::Undefined, Value::Number(0.5), text("5")] {
        assert_eq!(budget(&bad).unwrap_err().argument, "budget");
    }
}

#[test]
fn control_characters_in_a_value_are_shown_escaped() {
    let e = kind(&text("x\u{1b}[31m\u{0}")).unwrap_err();
    assert!(e.message.contains(r"'x\u{1b}[31m\u{0}'"), "{e}");
}

#[test]
fn one_puzzle_means_one() {
    let line = ".".repeat(81);
    let two = format!("{line}\n{line}\n");
    let e = one_puzzle(&two, Format::Line, ReadOptions::default()).unwrap_err();
    assert_eq!(e.pos.line, 2);
    assert!(e.message.contains("more than one puzzle"), "{e}");
    let e = one_puzzle("\n\n", Format::Line, ReadOptions::default()).unwrap_err();
    assert!(e.message.contains("no puzzle"), "{e}");
    assert!(one_puzzle(&line, Format::Line, ReadOptions::default()).is_ok());
}

#[test]
fn a_text_too_long_is_refused_before_it_is_copied() {
    assert!(text_length(MAX_INPUT_BYTES).is_ok());
    assert_eq!(
        text_length(MAX_INPUT_BYTES + 1).unwrap_err().argument,
        "puzzle"
    );
}

/// The names in `export type NAME = "a" | "b" …;` of the TypeScript declarations (in
/// `exports/mod.rs`, which builds for wasm only: read as text here).
fn union(name: &str) -> Vec<&'static str> {
    let start = format!("export type {name} = ");
    let line = include_str!("../exports/mod.rs")
        .lines()
        .find_map(|l| l.strip_prefix(start.as_str()))
        .unwrap_or_else(|| panic!("no type {name}"));
    line.trim_end_matches(';')
        .split(" | ")
        .map(|n| n.trim_matches('"'))
        .collect()
}

#[test]
fn typescript_choice_types_list_exactly_the_enums_names() {
    let mut kinds = names::<Kind>();
    kinds.push("auto");
    assert_eq!(union("KindName"), kinds);
    assert_eq!(union("EngineName"), names::<EngineKind>());
    assert_eq!(union("FormatName"), names::<Format>());
    assert_eq!(union("AlphabetName"), names::<Alphabet>());
    assert_eq!(union("LevelName"), names::<Level>());
    assert_eq!(union("Status"), names::<crate::search::Status>());
    assert_eq!(union("RevealName"), names::<Reveal>());
}

#[test]
fn a_players_state_is_checked_cell_by_cell() {
    let numbers = |v: Vec<f64>| Some(GridArg::Numbers(v));
    let state = |player: PlayerArg| player_state(&player, Kind::Classic, 4, Alphabet::Digits);
    let mut entries = vec![0.0; 16];
    entries[5] = 3.0;
    let ok = state(PlayerArg {
        entries: numbers(entries.clone()),
        marks: Some(GridArg::Text(". 12 ".repeat(8))),
    })
    .unwrap();
    assert_eq!(ok.entries[5], 3);
    assert_eq!(ok.marks.unwrap()[1], 0b11);
    let text = state(PlayerArg {
        entries: Some(GridArg::Text("1...............".into())),
        marks: None,
    })
    .unwrap();
    assert_eq!(text.entries[0], 1);
    entries[7] = 5.0;
    let e = state(PlayerArg {
        entries: numbers(entries),
        marks: None,
    })
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "player.entries[7]: the number 5 is above the most allowed, 4"
    );
    let e = state(PlayerArg {
        entries: numbers(vec![0.0; 15]),
        marks: None,
    })
    .unwrap_err();
    assert_eq!(e.to_string(), "player.entries: 15 cells; the puzzle has 16");
    let e = state(PlayerArg {
        entries: None,
        marks: numbers(vec![16.0; 16]),
    })
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "player.marks[0]: the number 16 is above the most allowed, 15"
    );
    let e = state(PlayerArg {
        entries: None,
        marks: Some(GridArg::Text("x".into())),
    })
    .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("player.marks: 1:1: 'x' is not a set of pencil marks"),
        "{e}"
    );
}

#[test]
fn hint_reads_the_level_of_help() {
    let s = settings(Export::Hint, &object(&[("reveal", text("cells"))])).unwrap();
    assert_eq!(s.reveal, Reveal::Cells);
    let e = settings(Export::Hint, &object(&[("reveal", text("all"))])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "options.reveal: expected 'technique', 'cells' or 'step' (or undefined), got the string 'all'"
    );
    let e = settings(Export::Grade, &object(&[("reveal", text("step"))])).unwrap_err();
    assert!(e.to_string().contains("is not read by grade()"), "{e}");
}

#[test]
fn generate_options_become_a_request_and_bad_ones_are_named() {
    let (r, count) = generate_request(&OptionsArg::Absent, || 77).unwrap();
    assert_eq!((r.kind, r.size, r.seed, count), (Kind::Classic, 9, 77, 1));
    let (r, count) = generate_request(
        &object(&[
            ("kind", text("futoshiki")),
            ("size", Value::Number(7.0)),
            ("count", Value::Number(3.0)),
            ("difficulty", text("hard")),
            ("seed", Value::Number(42.0)),
            ("symmetry", text("mirror")),
            ("minimal", Value::Bool(true)),
            ("minGivens", Value::Number(2.0)),
            ("maxGivens", Value::Number(9.0)),
            ("relations", Value::Number(30.0)),
            ("attempts", Value::Number(50.0)),
        ]),
        || unreachable!("the seed is given"),
    )
    .unwrap();
    assert_eq!(count, 3);
    assert_eq!((r.kind, r.size, r.seed), (Kind::Futoshiki, 7, 42));
    assert_eq!(r.level, Some(crate::logic::Level::Hard));
    assert_eq!(r.symmetry, Symmetry::Mirror);
    assert!(r.minimal && !r.no_givens);
    assert_eq!(r.givens, (2, 9));
    assert_eq!(r.relations, Some(Relations::Random(30)));
    assert_eq!(r.attempts, 50);
    let (r, _) = generate_request(
        &object(&[
            ("kind", text("inequality")),
            ("relations", text("Blocks")),
            ("noGivens", Value::Bool(true)),
        ]),
        || 1,
    )
    .unwrap();
    assert_eq!(r.relations, Some(Relations::Blocks));
    assert!(r.no_givens);
    let (r, _) = generate_request(
        &object(&[("markers", text("Kropki")), ("negative", Value::Bool(true))]),
        || 1,
    )
    .unwrap();
    assert_eq!((r.markers, r.negative), (Markers::Kropki, true));
    let (r, _) = generate_request(&object(&[]), || 1).unwrap();
    assert_eq!((r.markers, r.negative), (Markers::None, false));
    let bad = |pairs: &[(&str, Value)]| {
        generate_request(&object(pairs), || 1)
            .unwrap_err()
            .to_string()
    };
    assert!(bad(&[("size", Value::Number(30.0))]).contains("options.size"));
    assert!(bad(&[("difficulty", text("tricky"))]).contains("'hard'"));
    assert!(bad(&[("minimal", text("yes"))]).contains("true or false"));
    assert!(bad(&[("count", Value::Number(5000.0))]).contains("1000"));
    assert!(bad(&[("colour", text("red"))]).contains("'colour' is not an option of generate()"));
    assert!(bad(&[("relations", text("some"))]).contains("options.relations"));
    assert!(bad(&[("markers", text("thermo"))]).contains("'kropki'"));
}
