//! `dmlint state`: the game state after a given line (or at the start of a turn), printed
//! as a `position` block that a fixture can start from.

use std::io::Cursor;

use serde::Serialize;

use crate::cards::Pool;
use crate::check::PlayerLife;
use crate::check::{DEFAULT_MAX_DIAGNOSTICS, RenderBudget, check_chunk};
use crate::render::Renderer;
use crate::syntax::{GameStream, Statement};

/// Where to stop: after a line (1-based), or at the first `turn N …` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Line(usize),
    Turn(u32),
}

/// What `dmlint state` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StateReport {
    /// The position after the target, each player's life there, and whether the
    /// replay got there.
    Found {
        position: String,
        life: Vec<PlayerLife>,
        reached: bool,
    },
    /// The file has no such line or turn.
    NoTarget(String),
    /// The game cannot be replayed (syntax or card errors; diagnostics were written).
    NotReplayable,
}

/// The byte offset of the last character of line `n` (1-based), if the text has it.
fn line_end(text: &str, n: usize) -> Option<usize> {
    let mut start = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if i + 1 == n {
            return Some(start + line.trim_end_matches(['\n', '\r']).len().saturating_sub(1));
        }
        start += line.len();
    }
    None
}

/// Replays the game that holds the target up to it; diagnostics of that game up to the
/// target are rendered into `out`.
pub fn state_at(
    name: &str,
    text: &str,
    target: Target,
    pool: &Pool,
    renderer: &Renderer,
    out: &mut String,
) -> StateReport {
    let offset = match target {
        Target::Line(n) => match line_end(text, n) {
            Some(o) => Some(o),
            None => return StateReport::NoTarget(format!("{name} has no line {n}")),
        },
        Target::Turn(_) => None,
    };
    let mut stream = GameStream::new(Cursor::new(text.as_bytes()));
    while let Ok(Some(chunk)) = stream.next_chunk() {
        let Some(game) = &chunk.game else { continue };
        let until = match (target, offset) {
            (Target::Line(_), Some(o)) if o >= game.span.start && o <= game.span.end => o,
            (Target::Turn(n), _) => {
                let turn = game.lines.iter().find(
                    |l| matches!(&l.statement, Statement::Turn { number, .. } if number.node == n),
                );
                match turn {
                    Some(l) => l.span.end.saturating_sub(1),
                    None => continue,
                }
            }
            _ => continue,
        };
        let header = stream.header().clone();
        let checked = check_chunk(chunk, &header, pool, Some(until), &[]);
        let mut budget = RenderBudget::new(DEFAULT_MAX_DIAGNOSTICS);
        checked.render(name, renderer, &mut budget, out);
        budget.notice(renderer, name, &checked.chunk.source, out);
        if !checked.replayed {
            return StateReport::NotReplayable;
        }
        let replayed = checked.replay;
        let reached = replayed.stopped.is_none_or(|s| s.start > until);
        return match replayed.end {
            Some((cards, state)) => StateReport::Found {
                position: state.position(&cards),
                life: (0..2)
                    .map(|p| PlayerLife {
                        player: cards.players[p].to_string(),
                        life: state.players[p].life,
                    })
                    .collect(),
                reached,
            },
            None => StateReport::NoTarget(format!(
                "{name}: the game has not started by that line (no turn or position yet)"
            )),
        };
    }
    StateReport::NoTarget(match target {
        Target::Line(n) => format!("{name}: line {n} is not in a game"),
        Target::Turn(n) => format!("{name} has no `turn {n}` line"),
    })
}

/// `dmlint state --format json`: one object after the diagnostics' (schema
/// [`crate::render::JSON_SCHEMA`]), what the human format says in its comment line and
/// block.
#[derive(Debug, Serialize)]
pub struct StateRecord {
    pub schema: u32,
    /// Always `state`.
    pub kind: &'static str,
    pub file: String,
    /// The line asked for (`--at`), or `null`.
    pub at: Option<usize>,
    /// The turn asked for (`--turn`), or `null`.
    pub turn: Option<u32>,
    /// Whether the replay got to the point asked for (when not, the state is where it
    /// stopped).
    pub reached: bool,
    /// The state as a `position` block, or `null` when there is none.
    pub position: Option<String>,
    /// Each player's life there (empty without a state).
    pub life: Vec<PlayerLife>,
    /// Why there is no state (no such line or turn), or `null`.
    pub error: Option<String>,
}

impl StateRecord {
    pub fn new(file: &str, target: Target, report: &StateReport) -> StateRecord {
        let (at, turn) = match target {
            Target::Line(n) => (Some(n), None),
            Target::Turn(n) => (None, Some(n)),
        };
        let mut record = StateRecord {
            schema: crate::render::JSON_SCHEMA,
            kind: "state",
            file: file.to_string(),
            at,
            turn,
            reached: false,
            position: None,
            life: Vec::new(),
            error: None,
        };
        match report {
            StateReport::Found {
                position,
                life,
                reached,
            } => {
                record.position = Some(position.clone());
                record.life = life.clone();
                record.reached = *reached;
            }
            StateReport::NoTarget(why) => record.error = Some(why.clone()),
            StateReport::NotReplayable => {
                record.error = Some("the game cannot be replayed (see the diagnostics)".into());
            }
        }
        record
    }

    /// The object on a line of its own.
    pub fn line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default() + "\n"
    }
}
