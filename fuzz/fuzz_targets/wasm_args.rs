//! The wasm facade's argument checks (`sudoku_lab::wasm::args`), run natively: values of
//! every JavaScript type for `kind`, for the options of every export, for `advance`'s budget
//! and for `format`'s target, and puzzle texts through `one_puzzle`. Nothing panics; an
//! accepted value is in its range and is what was given; a refused one names its argument,
//! says what it got, and shows no raw control character; an options object is accepted only
//! when every key is one the export reads; `generate()`'s options likewise, and the
//! generator takes or refuses what they ask for without a panic.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use sudoku_lab::formats::{self, Format, ReadOptions};
use sudoku_lab::generate::Generator;
use sudoku_lab::trace::TraceOptions;
use sudoku_lab::wasm::args::{self, ArgError, Export, Opt, OptionsArg, Settings, Value};
use sudoku_lab::{Kind, Options};
use sudoku_lab_fuzz::check::unsafe_to_show;

/// Names the checks know, in odd cases and spacing too, so that accepted paths are reached.
const NAMES: [&str; 27] = [
    "classic",
    "inequality",
    "futoshiki",
    "auto",
    "",
    " Auto ",
    "propagate",
    "dlx",
    "DLX",
    "naive",
    "line",
    "grid",
    "poj3074",
    "poj3076",
    "cqoi",
    "picture",
    "json",
    "digits",
    "letters",
    "alnum",
    "hex",
    "numbers",
    "decisions",
    "placements",
    " full",
    "fast",
    "\u{1b}[0m",
];

#[derive(Arbitrary, Debug)]
enum ArbValue {
    Undefined,
    Null,
    Bool(bool),
    Number(f64),
    Whole(i64),
    Name(u8),
    Text(String),
    LongText(usize),
    Other(u8),
}

impl ArbValue {
    fn value(&self) -> Value {
        const OTHERS: [&str; 5] = [
            "an object",
            "an array",
            "a function",
            "a symbol",
            "a bigint",
        ];
        match self {
            ArbValue::Undefined => Value::Undefined,
            ArbValue::Null => Value::Null,
            ArbValue::Bool(b) => Value::Bool(*b),
            ArbValue::Number(n) => Value::Number(*n),
            ArbValue::Whole(n) => Value::Number(*n as f64),
            ArbValue::Name(i) => Value::Text(NAMES[*i as usize % NAMES.len()].to_string()),
            ArbValue::Text(s) => Value::Text(s.chars().take(args::MAX_OPTION_CHARS).collect()),
            ArbValue::LongText(n) => Value::LongText(args::MAX_OPTION_CHARS + 1 + n % 1000),
            ArbValue::Other(i) => Value::Other(OTHERS[*i as usize % OTHERS.len()]),
        }
    }
}

#[derive(Arbitrary, Debug)]
enum Key {
    Known(u8),
    Raw(String),
}

#[derive(Arbitrary, Debug)]
enum ArbOptions {
    Absent,
    Object(Vec<(Key, ArbValue)>),
    Not(ArbValue),
}

impl ArbOptions {
    fn arg(&self) -> OptionsArg {
        match self {
            ArbOptions::Absent => OptionsArg::Absent,
            ArbOptions::Not(v) => OptionsArg::Not(v.value()),
            ArbOptions::Object(fields) => OptionsArg::Object(
                fields
                    .iter()
                    .map(|(k, v)| {
                        let key = match k {
                            Key::Known(i) if *i >= 128 => args::GENERATE_OPTIONS
                                [*i as usize % args::GENERATE_OPTIONS.len()]
                            .to_string(),
                            Key::Known(i) => {
                                Opt::ALL[*i as usize % Opt::ALL.len()].name().to_string()
                            }
                            Key::Raw(s) => s.clone(),
                        };
                        (key, v.value())
                    })
                    .collect(),
            ),
        }
    }
}

#[derive(Arbitrary, Debug)]
struct Input {
    kind: ArbValue,
    export: u8,
    options: ArbOptions,
    budget: ArbValue,
    target: ArbValue,
    units: usize,
    format: u8,
    text: String,
}

/// A refusal names `argument` (or one of `arguments`) and reads safely.
fn refused(e: &ArgError, arguments: &[&str]) {
    assert!(
        arguments.contains(&e.argument.as_str()),
        "{e} is not about {arguments:?}"
    );
    let shown = e.to_string();
    assert!(shown.starts_with(&format!("{}: ", e.argument)), "{shown}");
    assert!(
        !shown.chars().any(unsafe_to_show),
        "a raw control character in {shown:?}"
    );
}

fn same_name(value: &Value, name: &str) -> bool {
    matches!(value, Value::Text(t) if t.trim().eq_ignore_ascii_case(name))
}

fn detects(value: &Value) -> bool {
    match value {
        Value::Undefined | Value::Null => true,
        Value::Text(t) => t.trim().is_empty() || t.trim().eq_ignore_ascii_case("auto"),
        _ => false,
    }
}

fn check_kind(value: &Value) {
    match args::kind(value) {
        Ok(Some(kind)) => assert!(same_name(value, kind.name()), "{value:?} read as {kind:?}"),
        Ok(None) => assert!(detects(value), "{value:?} read as 'detect'"),
        Err(e) => {
            refused(&e, &["kind"]);
            assert!(!detects(value) && !Kind::ALL.iter().any(|k| same_name(value, k.name())));
        }
    }
}

/// The number an accepted limit was given as.
fn given(fields: &[(String, Value)], key: &str) -> Option<f64> {
    fields
        .iter()
        .rev()
        .find(|(k, _)| k == key)
        .and_then(|(_, v)| match v {
            Value::Number(n) => Some(*n),
            _ => None,
        })
}

/// The fields of an options object (none for anything else).
fn fields_of(options: &OptionsArg) -> &[(String, Value)] {
    match options {
        OptionsArg::Object(fields) => fields,
        _ => &[],
    }
}

/// A refusal of an options argument with `fields` names the argument or one of its fields.
fn refused_options(e: &ArgError, fields: &[(String, Value)]) {
    let mut arguments = vec!["options".to_string()];
    arguments.extend(fields.iter().map(|(k, _)| format!("options.{k}")));
    let arguments: Vec<&str> = arguments.iter().map(String::as_str).collect();
    refused(e, &arguments);
}

fn check_settings(export: Export, options: &OptionsArg) {
    let fields = fields_of(options);
    match args::settings(export, options) {
        Ok(s) => {
            if matches!(options, OptionsArg::Not(_)) {
                panic!("{options:?} accepted as options");
            }
            for (key, _) in fields {
                assert!(
                    export.options().iter().any(|o| o.name() == key),
                    "{} accepted the option {key:?}",
                    export.name()
                );
            }
            assert!((1..=Options::MAX_LIMIT).contains(&s.node_limit));
            assert!((1..=Options::MAX_LIMIT).contains(&s.solution_limit));
            assert!((1..=TraceOptions::MAX_EVENTS).contains(&s.max_events));
            assert!((1..=sudoku_lab::bench::MAX_RUNS).contains(&s.runs));
            let d = Settings::default();
            for (key, got, default) in [
                ("nodeLimit", s.node_limit, d.node_limit),
                ("solutionLimit", s.solution_limit, d.solution_limit),
                ("maxEvents", s.max_events, d.max_events),
                ("runs", s.runs, d.runs),
            ] {
                match given(fields, key) {
                    Some(n) => assert_eq!(got as f64, n, "{key}"),
                    None if !fields.iter().any(|(k, _)| k == key) => assert_eq!(got, default),
                    None => {}
                }
            }
        }
        Err(e) => refused_options(&e, fields),
    }
}

/// `generate()`'s options: accepted ones make a request in range that the generator takes
/// or refuses with a reason (and, small, can start on); refused ones name their option.
fn check_generate(options: &OptionsArg) {
    let fields = fields_of(options);
    match args::generate_request(options, || 7) {
        Ok((request, count)) => {
            assert!(!matches!(options, OptionsArg::Not(_)));
            for (key, _) in fields {
                assert!(args::GENERATE_OPTIONS.contains(&key.as_str()), "{key:?}");
            }
            assert!((1..=args::MAX_GENERATE_COUNT).contains(&count));
            assert!((3..=25).contains(&request.size));
            assert!(request.attempts >= 1);
            if let Ok(mut generator) = Generator::new(request.clone()) {
                if request.size <= 6 {
                    let _ = generator.advance(1);
                }
            }
        }
        Err(e) => refused_options(&e, fields),
    }
}

fn check_budget(value: &Value) {
    match args::budget(value) {
        Ok(n) => {
            assert!((1..=Options::MAX_LIMIT).contains(&n));
            assert_eq!(Value::Number(n as f64), *value);
        }
        Err(e) => refused(&e, &["budget"]),
    }
}

fn check_target(value: &Value) {
    match args::target_format(value) {
        Ok(format) => assert!(
            same_name(value, format.name()),
            "{value:?} read as {format}"
        ),
        Err(e) => refused(&e, &["format"]),
    }
}

fn check_text(units: usize, format: Format, text: &str) {
    assert_eq!(
        args::text_length(units).is_ok(),
        units <= formats::MAX_INPUT_BYTES
    );
    match args::one_puzzle(text, format, ReadOptions::default()) {
        Ok(entry) => {
            let mut all = formats::read(text, format, ReadOptions::default());
            assert_eq!(
                all.next().map(|e| e.map(|e| e.puzzle)),
                Some(Ok(entry.puzzle))
            );
            assert!(
                all.next().is_none(),
                "one_puzzle accepted a text of several"
            );
        }
        Err(e) => {
            assert!(e.pos.line >= 1 && e.pos.col >= 1, "{e}");
            assert!(!e.message.chars().any(unsafe_to_show), "{:?}", e.message);
        }
    }
}

fn run(data: &[u8]) -> arbitrary::Result<()> {
    let input = Input::arbitrary(&mut Unstructured::new(data))?;
    let export = Export::ALL[input.export as usize % Export::ALL.len()];
    for value in [
        input.kind.value(),
        input.budget.value(),
        input.target.value(),
    ] {
        // How a value reads in a message is safe to print, whatever it holds.
        assert!(!value.to_string().chars().any(unsafe_to_show), "{value:?}");
    }
    check_kind(&input.kind.value());
    check_settings(export, &input.options.arg());
    check_generate(&input.options.arg());
    check_budget(&input.budget.value());
    check_target(&input.target.value());
    let format = Format::ALL[input.format as usize % Format::ALL.len()];
    check_text(input.units, format, &input.text);
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(data);
});
