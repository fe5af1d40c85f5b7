//! `dmlint state`: the game state after a given line (or at the start of a turn), printed
//! as a `position` block that a fixture can start from.

use std::io::Cursor;

use crate::cards::Pool;
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
    /// The position after the target, and whether the replay got there.
    Found { position: String, reached: bool },
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
