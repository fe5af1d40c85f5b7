//! Checking one input: parse it game by game and render its diagnostics, capped.
//!
//! The binary and the tests both drive this, so what a test asserts is what a judge sees.
//! Until the rules engine lands, checking means the syntax check only.

use std::fmt;
use std::io::BufRead;

use miette::{Diagnostic, Severity};

use crate::cards::{CardError, Pool, check_card_names};
use crate::diag::{Code, Problem};
use crate::engine::{Probe, Replay, replay};
use crate::render::Renderer;
use crate::syntax::{Chunk, GameStream, Header, ParsedChunk, Span, SyntaxCode, SyntaxError};

/// The default cap on diagnostics printed per file.
pub const DEFAULT_MAX_DIAGNOSTICS: usize = 50;

/// What checking one file found.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct FileReport {
    pub games: usize,
    /// Diagnostics that stopped the input from being checked: syntax errors, unknown
    /// cards (printed or not).
    pub errors: usize,
    /// Rules broken by a game (printed or not).
    pub violations: usize,
    /// Diagnostics counted but not printed because of the cap.
    pub suppressed: usize,
    /// Games replayed to the end of their log.
    pub replayed: usize,
    /// How the last of them stands ("Bob won; life Ann 0, Bob 3").
    pub outcome: Option<String>,
}

/// The notice printed in place of the diagnostics past the cap.
#[derive(Debug)]
struct CapNotice {
    suppressed: usize,
    max: usize,
}

impl fmt::Display for CapNotice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} more diagnostic{} in this file not shown (limit {})",
            self.suppressed,
            if self.suppressed == 1 { "" } else { "s" },
            self.max
        )
    }
}

impl std::error::Error for CapNotice {}

impl Diagnostic for CapNotice {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(SyntaxCode::TooManyDiagnostics.code()))
    }
    fn severity(&self) -> Option<Severity> {
        Some(Severity::Advice)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(
            "fix the first diagnostics (they often cause the rest), or raise --max-diagnostics",
        ))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Error,
    Violation,
    Other,
}

impl Kind {
    fn of_error(severity: Severity) -> Kind {
        if severity == Severity::Error {
            Kind::Error
        } else {
            Kind::Other
        }
    }
}

/// A diagnostic, where it starts, and what it counts as.
pub(crate) type Counted<'d> = (usize, Kind, &'d dyn Diagnostic);

fn counted<C: Code>(p: &Problem<C>, kind: Kind) -> Counted<'_> {
    (p.span.start, kind, p)
}

/// One game (or the header) checked: its syntax errors, card-name errors and replay.
pub struct Checked {
    pub chunk: ParsedChunk,
    pub card_errors: Vec<CardError>,
    /// Whether the game was replayed (it had neither syntax nor card errors).
    pub replayed: bool,
    pub replay: Replay,
}

/// Checks one parsed game: its card names, then (when it has neither syntax nor card
/// errors) its replay, up to the line holding byte `until` when given, checking each
/// probe after its line.
pub fn check_chunk(
    chunk: ParsedChunk,
    header: &Header,
    pool: &Pool,
    until: Option<usize>,
    probes: &[Probe],
) -> Checked {
    let card_errors = chunk
        .game
        .as_ref()
        .map(|g| check_card_names(g, pool))
        .unwrap_or_default();
    // A game with syntax or card errors is not replayed: its tree lacks the bad lines,
    // and replaying without them would report consequences, not causes.
    let checkable = chunk.errors.iter().all(|e| e.severity != Severity::Error)
        && card_errors.iter().all(|e| e.severity != Severity::Error);
    let (replayed, replay) = match &chunk.game {
        Some(g) if checkable => (true, replay(g, header, pool, until, probes)),
        _ => (false, Replay::default()),
    };
    Checked {
        chunk,
        card_errors,
        replayed,
        replay,
    }
}

impl Checked {
    /// Every diagnostic with what it counts as, in file order.
    pub(crate) fn diagnostics(&self) -> Vec<Counted<'_>> {
        let mut diags: Vec<Counted> = self
            .chunk
            .errors
            .iter()
            .map(|e| counted(e, Kind::of_error(e.severity)))
            .chain(
                self.card_errors
                    .iter()
                    .map(|e| counted(e, Kind::of_error(e.severity))),
            )
            .chain(self.replay.violations.iter().map(|v| {
                // A waived violation is listed, as a warning, but does not fail the game.
                let kind = if v.severity == Severity::Error {
                    Kind::Violation
                } else {
                    Kind::Other
                };
                counted(v, kind)
            }))
            .chain(
                self.replay
                    .errors
                    .iter()
                    .map(|e| counted(e, Kind::of_error(e.severity))),
            )
            // Warnings: they say what the verdict rests on, and never change it.
            .chain(
                self.replay
                    .unverified
                    .iter()
                    .map(|w| counted(w, Kind::Other)),
            )
            .collect();
        diags.sort_by_key(|d| d.0);
        diags
    }

    /// Renders every diagnostic, in file order.
    pub fn render(&self, name: &str, renderer: &Renderer, out: &mut String) {
        for (_, _, diag) in self.diagnostics() {
            renderer.render(name, &self.chunk.source, diag, out);
        }
    }

    /// Each diagnostic's start and code, in file order: what fixtures compare.
    pub fn codes(&self) -> Vec<(usize, String)> {
        self.diagnostics()
            .into_iter()
            .map(|(at, _, d)| (at, d.code().map(|c| c.to_string()).unwrap_or_default()))
            .collect()
    }
}

/// Checks one input against a card pool, appending rendered diagnostics to `out`.
pub fn check_reader(
    name: &str,
    input: impl BufRead,
    pool: &Pool,
    renderer: &Renderer,
    max_diagnostics: usize,
    out: &mut String,
) -> FileReport {
    let mut report = FileReport::default();
    let mut shown = 0;
    let mut stream = GameStream::new(input);
    let mut last_chunk = Chunk::empty();
    loop {
        let chunk = match stream.next_chunk() {
            Ok(Some(c)) => c,
            Ok(None) => break,
            Err(e) => {
                let err = unreadable(name, &e.to_string());
                renderer.render(name, &last_chunk, &err, out);
                report.errors += 1;
                break;
            }
        };
        report.games += usize::from(chunk.game.is_some());
        let checked = check_chunk(chunk, stream.header(), pool, None, &[]);
        let mut diags = checked.diagnostics();
        diags.sort_by_key(|d| d.0);
        if let (None, Some((cards, state))) = (checked.replay.stopped, &checked.replay.end) {
            report.replayed += 1;
            report.outcome = Some(standing(cards, state));
        }
        for (_, kind, diag) in diags {
            match kind {
                Kind::Error => report.errors += 1,
                Kind::Violation => report.violations += 1,
                Kind::Other => {}
            }
            if shown < max_diagnostics {
                renderer.render(name, &checked.chunk.source, diag, out);
                shown += 1;
            } else {
                report.suppressed += 1;
            }
        }
        last_chunk = checked.chunk.source;
    }
    if report.suppressed > 0 {
        let notice = CapNotice {
            suppressed: report.suppressed,
            max: max_diagnostics,
        };
        renderer.render(name, &last_chunk, &notice, out);
    }
    report
}

/// How a game replayed to the end of its log stands: "Bob won; life Ann 0, Bob 3".
fn standing(cards: &crate::engine::GameCards, state: &crate::engine::GameState) -> String {
    let life = format!(
        "life {} {}, {} {}",
        cards.players[0],
        state.players[0].life.max(0),
        cards.players[1],
        state.players[1].life.max(0)
    );
    match (state.outcome, &state.turn) {
        (Some(crate::engine::Outcome::Won { winner }), _) => {
            format!("{} won; {life}", cards.players[winner])
        }
        (Some(crate::engine::Outcome::Tie), _) => format!("a tie; {life}"),
        (None, Some(t)) => format!(
            "under way at turn {} {}; {life}",
            t.number, cards.players[t.active]
        ),
        (None, None) => format!("not started; {life}"),
    }
}

/// Reads a file that a command needs whole (`dmlint state`, `dmlint test`), refusing
/// one larger than `max` bytes before reading it; the error says why, in words.
pub fn read_whole(path: &std::path::Path, max: u64, reader: &str) -> Result<String, String> {
    let size = |n: u64| {
        if n >= 1 << 20 {
            format!("{} MiB", n >> 20)
        } else {
            format!("{} KiB", n >> 10)
        }
    };
    match std::fs::metadata(path) {
        Ok(m) if m.len() > max => Err(format!(
            "the file is {} bytes; {reader} reads at most {}",
            m.len(),
            size(max)
        )),
        _ => std::fs::read(path)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .map_err(|e| e.to_string()),
    }
}

/// The diagnostic for an input that cannot be read at all.
pub fn unreadable(name: &str, reason: &str) -> SyntaxError {
    SyntaxError::new(
        SyntaxCode::Unreadable,
        Span::new(0, 0),
        format!("cannot read {name}: {reason}"),
        "unreadable",
    )
    .with_help(
        "check the path: dmlint reads .dmlog files, directories of them, or `-` for standard input",
    )
}
