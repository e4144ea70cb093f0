//! Human-style reasoning from JavaScript: `hint` (the next thing to do from a player's
//! state) and `grade` (how hard a puzzle is for a person).

use super::*;
use crate::logic::{self, board_of, GradeReport, HintReport, Techniques};
use crate::search::{solve as solve_puzzle, Options, Status};
use crate::wasm::args::{GridArg, PlayerArg};

/// The next thing to do from where the player is: a wrong entry (and why), else a cell whose
/// pencil marks lost its digit, else the simplest next step — at the level of help
/// `options.reveal` asks for (`technique`, `cells`, `step`: the default). `player`:
/// `{entries, marks}`, both optional: the entries as text in the puzzle's symbols or N²
/// numbers (0 empty); the marks as N² digit sets (bit `d - 1` for digit `d`, 0 for none) or
/// the CLI's text form. Throws for a puzzle without exactly one solution.
#[wasm_bindgen(unchecked_return_type = "HintResult")]
pub fn hint(
    #[wasm_bindgen(unchecked_param_type = "PuzzleInput")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "KindName | \"\" | null")] kind: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "HintOptions | null")] options: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "PlayerState | null")] player: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let (settings, puzzle, alphabet) = begin(Export::Hint, &puzzle, &kind, &options)?;
    let player = player_arg(player.as_ref(), puzzle.size() * puzzle.size())?;
    let state =
        args::player_state(&player, puzzle.kind(), puzzle.size(), alphabet).map_err(arg_error)?;
    let found = logic::hint(&puzzle, &state).map_err(|p| problem_error(&p))?;
    let board = board_of(&puzzle, &state);
    Ok(to_js(&HintReport::of(&found, &board, settings.reveal)))
}

/// How hard a puzzle is for a person: `{score, level, hardest, hardest_rating,
/// hardest_steps, needs_guessing, guesses, steps}`. Throws for a puzzle without exactly one
/// solution.
#[wasm_bindgen(unchecked_return_type = "GradeResult")]
pub fn grade(
    #[wasm_bindgen(unchecked_param_type = "PuzzleInput")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "KindName | \"\" | null")] kind: Option<JsValue>,
    #[wasm_bindgen(unchecked_optional_param_type = "ReadOptions | null")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let (_, puzzle, _) = begin(Export::Grade, &puzzle, &kind, &options)?;
    let outcome = solve_puzzle(&puzzle, Options::default()).map_err(|p| problem_error(&p))?;
    if outcome.status != Status::Unique {
        return Err(error(
            &format!(
                "grades need a puzzle with one solution; this one is {}",
                outcome.status
            ),
            &[],
            None,
        ));
    }
    Ok(to_js(&GradeReport::of(&logic::grade(
        &puzzle,
        Techniques::ALL,
    ))))
}

/// The `player` argument: `undefined`, `null` or `{entries?, marks?}`, each a string or an
/// array of at most `cells` numbers.
fn player_arg(v: Option<&JsValue>, cells: usize) -> Result<PlayerArg, JsValue> {
    let mut player = PlayerArg::default();
    let Some(v) = v.filter(|v| !v.is_undefined() && !v.is_null()) else {
        return Ok(player);
    };
    if !is_plain_object(v) {
        return Err(arg_error(ArgError::expected(
            "player",
            "an object {entries, marks} (or undefined)",
            &value(v),
        )));
    }
    let object: &Object = v.unchecked_ref();
    for key in Object::keys(object).iter() {
        let name = key.as_string().unwrap_or_default();
        let field = Reflect::get(object, &key).unwrap_or(JsValue::UNDEFINED);
        let slot = match name.as_str() {
            "entries" => &mut player.entries,
            "marks" => &mut player.marks,
            _ => {
                return Err(arg_error(ArgError::new(
                    "player",
                    format!(
                        "{} is not a field of the player's state (entries, marks)",
                        formats::quote(&name)
                    ),
                )))
            }
        };
        *slot = grid_arg(&format!("player.{name}"), &field, cells)?;
    }
    Ok(player)
}

/// One grid of the player's: a string, or an array of at most `cells` numbers.
fn grid_arg(argument: &str, v: &JsValue, cells: usize) -> Result<Option<GridArg>, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    if v.is_string() {
        let units = v.unchecked_ref::<JsString>().length() as usize;
        args::text_length(units).map_err(arg_error)?;
        return Ok(Some(GridArg::Text(v.as_string().unwrap_or_default())));
    }
    if Array::is_array(v) {
        let array: &Array = v.unchecked_ref();
        let length = array.length() as usize;
        if length != cells {
            return Err(arg_error(ArgError::new(
                argument,
                format!("{length} cells; the puzzle has {cells}"),
            )));
        }
        let numbers = array
            .iter()
            .enumerate()
            .map(|(i, n)| {
                n.as_f64().ok_or_else(|| {
                    arg_error(ArgError::expected(
                        format!("{argument}[{i}]"),
                        "a number",
                        &value(&n),
                    ))
                })
            })
            .collect::<Result<_, _>>()?;
        return Ok(Some(GridArg::Numbers(numbers)));
    }
    Err(arg_error(ArgError::expected(
        argument,
        "a string or an array of numbers (or undefined)",
        &value(v),
    )))
}
