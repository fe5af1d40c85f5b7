//! Checking one input: parse it game by game and render its diagnostics, capped.
//!
//! The binary and the tests both drive this, so what a test asserts is what a judge sees.
//! Until the rules engine lands, checking means the syntax check only.

use std::fmt;
use std::io::BufRead;

use miette::{Diagnostic, Severity};

use crate::cards::{Pool, check_card_names};
use crate::diag::{Code, Problem};
use crate::render::Renderer;
use crate::rules::check_game;
use crate::syntax::{Chunk, GameStream, Span, SyntaxCode, SyntaxError};

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
enum Kind {
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
type Counted<'d> = (usize, Kind, &'d dyn Diagnostic);

fn counted<C: Code>(p: &Problem<C>, kind: Kind) -> Counted<'_> {
    (p.span.start, kind, p)
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
        let card_errors = chunk
            .game
            .as_ref()
            .map(|g| check_card_names(g, pool))
            .unwrap_or_default();
        let violations = chunk
            .game
            .as_ref()
            .map(|g| check_game(g, stream.header(), pool))
            .unwrap_or_default();
        // Each diagnostic with what it counts as: an error (input not checkable) or a
        // violation (a rule broken); advice counts as neither.
        let mut diags: Vec<Counted> = chunk
            .errors
            .iter()
            .map(|e| counted(e, Kind::of_error(e.severity)))
            .chain(
                card_errors
                    .iter()
                    .map(|e| counted(e, Kind::of_error(e.severity))),
            )
            .chain(violations.iter().map(|v| counted(v, Kind::Violation)))
            .collect();
        diags.sort_by_key(|d| d.0);
        for (_, kind, diag) in diags {
            match kind {
                Kind::Error => report.errors += 1,
                Kind::Violation => report.violations += 1,
                Kind::Other => {}
            }
            if shown < max_diagnostics {
                renderer.render(name, &chunk.source, diag, out);
                shown += 1;
            } else {
                report.suppressed += 1;
            }
        }
        last_chunk = chunk.source;
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
