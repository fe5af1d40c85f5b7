//! Checking one input: parse it game by game and render its diagnostics, capped.
//!
//! The binary and the tests both drive this, so what a test asserts is what a judge sees:
//! each game is parsed, its cards resolved, its teams checked and its moves replayed, and
//! the file's report counts its games legal, illegal or undecided.

use std::fmt::{self, Write as _};
use std::io::BufRead;

use miette::{Diagnostic, Severity};
use serde::Serialize;

use crate::cards::{CardError, Pool, check_card_names};
use crate::diag::{Code, Problem};
use crate::engine::allowed::Allowed;
use crate::engine::{Probe, Replay, Table, replay};
use crate::render::{Format, Renderer};
use crate::syntax::{
    Chunk, Game, GameStream, Header, Line, LineSink, Move, ParsedChunk, Span, Statement,
    SyntaxCode, SyntaxError, Text, print_line,
};

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
    /// Games checked to their end without an error or a rule violation.
    pub legal: usize,
    /// Games in which a rule was broken (whatever else stopped them).
    pub illegal: usize,
    /// Games not fully checked and without a violation: a syntax or card error, a line
    /// the engine cannot replay.
    pub undecided: usize,
    /// Die faces the card data cannot confirm that legal games rest on: each game's
    /// distinct cards and faces taken as written, summed over the legal games.
    pub unverified_faces: usize,
    /// Violations and undecided text a judge's waiver let stand in the legal games.
    pub waivers: usize,
    /// Only the notation was checked (`--syntax-only`): no game was replayed.
    pub syntax_only: bool,
}

/// `1 game`, `3 games`.
fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

impl FileReport {
    /// What "legal" rests on besides the rules: `, with 2 waivers` when a judge's waivers
    /// let violations stand, ` (3 die faces unverified)` when legal games rest on faces
    /// the card data cannot confirm. A judge never reads a plain "legal" over either.
    pub fn unverified_note(&self) -> String {
        let waivers = match self.waivers {
            0 => String::new(),
            n => format!(", with {}", plural(n, "waiver")),
        };
        let faces = match self.unverified_faces {
            0 => String::new(),
            1 => " (1 die face unverified)".to_string(),
            n => format!(" ({n} die faces unverified)"),
        };
        waivers + &faces
    }

    /// How the games came out: `1 legal (3 die faces unverified), 1 illegal, 1 undecided`.
    pub fn tally(&self) -> String {
        format!(
            "{} legal{}, {} illegal, {} undecided",
            self.legal,
            self.unverified_note(),
            self.illegal,
            self.undecided
        )
    }

    /// The rule violations and errors, for a line that counts games: `; 1 rule
    /// violation, 2 errors`, or nothing when there are none.
    fn problems(&self) -> String {
        let mut parts = Vec::new();
        if self.violations > 0 {
            parts.push(plural(self.violations, "rule violation"));
        }
        if self.errors > 0 {
            parts.push(plural(self.errors, "error"));
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!("; {}", parts.join(", "))
        }
    }

    /// The line printed after a file's diagnostics. A file of one game gives its verdict
    /// (`legal (2 die faces unverified): Bob won; life Ann 0, Bob 3`, `1 rule
    /// violation`); a file of several counts them (`3 games: 1 legal, 1 illegal, 1
    /// undecided; 1 rule violation, 1 error`).
    pub fn summary_line(&self, name: &str) -> String {
        if self.syntax_only {
            return if self.errors > 0 {
                format!("{name}: {} in the notation\n", plural(self.errors, "error"))
            } else {
                format!(
                    "{name}: {}, notation valid (not replayed)\n",
                    plural(self.games, "game")
                )
            };
        }
        if self.games > 1 {
            format!(
                "{name}: {}: {}{}\n",
                plural(self.games, "game"),
                self.tally(),
                self.problems()
            )
        } else if self.violations > 0 {
            let errors = match self.errors {
                0 => String::new(),
                n => format!(", {} (not fully checked)", plural(n, "error")),
            };
            format!(
                "{name}: {}{errors}\n",
                plural(self.violations, "rule violation")
            )
        } else if self.errors > 0 {
            format!(
                "{name}: {} (not fully checked)\n",
                plural(self.errors, "error")
            )
        } else if self.replayed == 0 {
            format!(
                "{name}: {} read, nothing to replay\n",
                plural(self.games, "game")
            )
        } else {
            let outcome = self.outcome.as_deref().unwrap_or_default();
            format!("{name}: legal{}: {outcome}\n", self.unverified_note())
        }
    }

    /// The line after several files: `3 files, 4 games: 2 legal, 1 illegal, 1
    /// undecided; 1 rule violation, 2 errors`.
    pub fn total_line(&self, files: usize) -> String {
        if self.syntax_only {
            return format!(
                "{}, {}: {} in the notation\n",
                plural(files, "file"),
                plural(self.games, "game"),
                plural(self.errors, "error")
            );
        }
        format!(
            "{}, {}: {}{}\n",
            plural(files, "file"),
            plural(self.games, "game"),
            self.tally(),
            self.problems()
        )
    }

    /// Adds another file's counts (the outcome, which names one game, is not summed).
    pub fn add(&mut self, other: &FileReport) {
        self.games += other.games;
        self.errors += other.errors;
        self.violations += other.violations;
        self.suppressed += other.suppressed;
        self.replayed += other.replayed;
        self.legal += other.legal;
        self.illegal += other.illegal;
        self.undecided += other.undecided;
        self.unverified_faces += other.unverified_faces;
        self.waivers += other.waivers;
        self.syntax_only |= other.syntax_only;
    }
}

/// How many diagnostics one command renders for one file. Rendering a diagnostic costs
/// time in proportion to the file (its lines are located and drawn), so an uncapped
/// renderer takes time that grows with the square of a file full of errors; past `max`
/// each diagnostic is only counted, and one notice says how many were left out.
#[derive(Debug, Clone, Copy)]
pub struct RenderBudget {
    max: usize,
    shown: usize,
    /// Diagnostics counted but not rendered.
    pub suppressed: usize,
}

impl RenderBudget {
    pub fn new(max: usize) -> RenderBudget {
        RenderBudget {
            max,
            shown: 0,
            suppressed: 0,
        }
    }

    /// Whether one more diagnostic is rendered; counts it either way. Where reading
    /// stopped at an input limit is always rendered: without it a reader would not know
    /// that the rest of the file went unread.
    pub fn take(&mut self, diag: &dyn Diagnostic) -> bool {
        if self.shown < self.max || is_input_limit(diag) {
            self.shown += 1;
            true
        } else {
            self.suppressed += 1;
            false
        }
    }

    /// Renders `diag` into `out` if the budget allows.
    pub fn render(
        &mut self,
        renderer: &Renderer,
        name: &str,
        chunk: &Chunk,
        diag: &dyn Diagnostic,
        out: &mut String,
    ) -> bool {
        let shown = self.take(diag);
        if shown {
            renderer.render(name, chunk, diag, out);
        }
        shown
    }

    /// The notice in place of the diagnostics left out, if any were.
    pub fn notice(&self, renderer: &Renderer, name: &str, chunk: &Chunk, out: &mut String) {
        if self.suppressed > 0 {
            let notice = CapNotice {
                suppressed: self.suppressed,
                max: self.max,
            };
            renderer.render(name, chunk, &notice, out);
        }
    }
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
    /// Renders the diagnostics into `out`, as many as `budget` allows.
    pub fn render(
        &self,
        name: &str,
        renderer: &Renderer,
        budget: &mut RenderBudget,
        out: &mut String,
    ) {
        for (_, _, diag) in self.diagnostics() {
            budget.render(renderer, name, &self.chunk.source, diag, out);
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

/// Checks one input against a card pool, appending rendered diagnostics to `out`. Each
/// game is replayed as its lines are parsed ([`StreamCheck`]): memory holds one game's
/// text and state, never its syntax tree.
pub fn check_reader(
    name: &str,
    input: impl BufRead,
    pool: &Pool,
    renderer: &Renderer,
    max_diagnostics: usize,
    out: &mut String,
) -> FileReport {
    read_games(
        name,
        input,
        Some(pool),
        renderer,
        max_diagnostics,
        true,
        out,
    )
}

/// [`check_reader`] by the other road: each game parsed into its tree, then replayed
/// from it ([`check_chunk`], what `dmlint state` and `dmlint test` use). Kept so that a
/// test can hold the two to the same output on every log (tests/verdicts.rs).
pub fn check_reader_tree(
    name: &str,
    input: impl BufRead,
    pool: &Pool,
    renderer: &Renderer,
    max_diagnostics: usize,
    out: &mut String,
) -> FileReport {
    read_games(
        name,
        input,
        Some(pool),
        renderer,
        max_diagnostics,
        false,
        out,
    )
}

/// Checks only the notation of one input (`--syntax-only`): each game is parsed, and
/// neither its card names nor its moves are looked at. What an editor wants while a log
/// is being written, and the parser's own speed.
pub fn check_syntax(
    name: &str,
    input: impl BufRead,
    renderer: &Renderer,
    max_diagnostics: usize,
    out: &mut String,
) -> FileReport {
    read_games(name, input, None, renderer, max_diagnostics, true, out)
}

/// A sink that keeps nothing: the notation alone is checked.
struct Discard;

impl LineSink for Discard {
    fn line(&mut self, _: Line) {}
}

/// Where a game being checked as it is parsed stands.
enum Stage {
    /// Before its first turn, position or move: the lines are kept, for the setup.
    Setup,
    /// The table is set up; `true` while lines are still replayed (until one stops it).
    Table(Box<Table>, bool),
    /// Nothing to replay: a card name is wrong (`None`), or the setup itself gave the
    /// replay's report (no two teams, an unknown first player).
    Over(Option<Box<Replay>>),
}

/// One game checked as its lines are parsed, with the verdict held, not the tree: the
/// lines up to the first turn, position or move are kept (the setup the table is made
/// from, a few dozen lines), then each line is replayed and dropped. The replay is
/// what [`check_chunk`] gives from the whole tree, as long as what it reads of the
/// whole game is known when the table is set up; when a later line proves otherwise
/// (a `team`, card, `first` or setting line after the first turn, or a `pass` after the
/// replay went on as if the log wrote none), `retree` asks for the game's tree. A
/// syntax error anywhere in the game still outweighs the replay: the caller drops it.
pub struct StreamCheck<'a> {
    header: &'a Header,
    pool: &'a Pool,
    setup: Vec<Line>,
    stage: Stage,
    card_errors: Vec<CardError>,
    pass_seen: bool,
    retree: bool,
}

impl<'a> StreamCheck<'a> {
    pub fn new(header: &'a Header, pool: &'a Pool) -> Self {
        StreamCheck {
            header,
            pool,
            setup: Vec::new(),
            stage: Stage::Setup,
            card_errors: Vec::new(),
            pass_seen: false,
            retree: false,
        }
    }

    /// Whether the game must be checked from its tree instead.
    pub fn needs_tree(&self) -> bool {
        self.retree
            || (self.pass_seen
                && matches!(&self.stage, Stage::Table(t, _) if t.assumes_no_passes()))
    }

    /// The setup is complete: the card names are checked and the table set up from the
    /// lines so far, which are then replayed.
    fn start(&mut self) {
        let game = Game {
            label: None,
            span: Span::default(),
            lines: std::mem::take(&mut self.setup),
        };
        self.card_errors = check_card_names(&game, self.pool);
        if self
            .card_errors
            .iter()
            .any(|e| e.severity == Severity::Error)
        {
            self.stage = Stage::Over(None);
            return;
        }
        self.stage = match Table::new(&game, self.header, self.pool) {
            Err(replay) => Stage::Over(Some(replay)),
            Ok(mut table) => {
                let live = game.lines.iter().all(|l| table.replay_line(l));
                Stage::Table(Box::new(table), live)
            }
        };
    }

    /// The card-name errors and the replay, as [`check_chunk`] finds them for a game
    /// without syntax errors.
    pub fn finish(mut self) -> (Vec<CardError>, Replay) {
        if matches!(self.stage, Stage::Setup) {
            self.start();
        }
        let replay = match self.stage {
            Stage::Table(table, _) => table.finish(),
            Stage::Over(replay) => replay.map(|r| *r).unwrap_or_default(),
            Stage::Setup => Replay::default(),
        };
        (self.card_errors, replay)
    }
}

impl LineSink for StreamCheck<'_> {
    fn line(&mut self, line: Line) {
        let setup = matches!(
            line.statement,
            Statement::Rules(_)
                | Statement::Format { .. }
                | Statement::Sets { .. }
                | Statement::Tag { .. }
                | Statement::Team(_)
                | Statement::Middle
                | Statement::Card(_)
                | Statement::First(_)
        );
        match &mut self.stage {
            Stage::Setup => {
                let starts = matches!(
                    line.statement,
                    Statement::Turn { .. } | Statement::Position(_) | Statement::Move { .. }
                );
                self.setup.push(line);
                if starts {
                    self.start();
                }
            }
            Stage::Table(table, live) => {
                self.retree |= setup;
                self.pass_seen |= matches!(&line.statement, Statement::Move { action, .. } if matches!(**action, Move::Pass));
                if *live && !self.retree {
                    *live = table.replay_line(&line);
                }
            }
            Stage::Over(_) => self.retree |= setup,
        }
    }
}

/// The loop behind both: games are parsed one at a time; with a pool each is checked
/// against it and replayed (as it is parsed when `streaming`, else from its tree),
/// without one only its syntax errors are counted.
fn read_games(
    name: &str,
    input: impl BufRead,
    pool: Option<&Pool>,
    renderer: &Renderer,
    max_diagnostics: usize,
    streaming: bool,
    out: &mut String,
) -> FileReport {
    let mut report = FileReport {
        syntax_only: pool.is_none(),
        ..FileReport::default()
    };
    let mut budget = RenderBudget::new(max_diagnostics);
    let mut stream = GameStream::new(input);
    let mut last_chunk = Chunk::empty();
    // The header as the games after the first chunk see it (the first sees none).
    let mut header = Header::default();
    loop {
        let next = match pool {
            None => stream
                .next_streamed(&mut Discard, |_| false)
                .map(|c| c.map(|(c, _)| (c, None))),
            Some(_) if !streaming => stream.next_chunk().map(|c| c.map(|c| (c, None))),
            Some(pool) => {
                let mut sink = StreamCheck::new(&header, pool);
                stream
                    .next_streamed(&mut sink, StreamCheck::needs_tree)
                    .map(|c| {
                        c.map(|(c, tree)| {
                            // The settings before the first `game` line are no game.
                            let streamed = !tree && c.game.is_some();
                            (c, streamed.then(|| sink.finish()))
                        })
                    })
            }
        };
        let (chunk, streamed) = match next {
            Ok(Some(c)) => c,
            Ok(None) => break,
            Err(e) => {
                let err = unreadable(name, &e.to_string());
                renderer.render(name, &last_chunk, &err, out);
                report.errors += 1;
                break;
            }
        };
        if report.games == 0 && chunk.game.is_none() {
            header = stream.header().clone();
        }
        report.games += usize::from(chunk.game.is_some());
        let Some(pool) = pool else {
            for e in &chunk.errors {
                report.errors += usize::from(e.severity == Severity::Error);
                budget.render(renderer, name, &chunk.source, e, out);
            }
            last_chunk = chunk.source;
            continue;
        };
        let mut checked = match streamed {
            Some((card_errors, replay)) => {
                let checkable = chunk.errors.iter().all(|e| e.severity != Severity::Error)
                    && card_errors.iter().all(|e| e.severity != Severity::Error);
                let (replayed, replay) = if checkable {
                    (true, replay)
                } else {
                    (false, Replay::default())
                };
                Checked {
                    chunk,
                    card_errors,
                    replayed,
                    replay,
                }
            }
            None => check_chunk(chunk, stream.header(), pool, None, &[]),
        };
        let mut diags = checked.diagnostics();
        diags.sort_by_key(|d| d.0);
        if let (None, Some((cards, state))) = (checked.replay.stopped, &checked.replay.end) {
            report.replayed += 1;
            report.outcome = Some(standing(cards, state));
        }
        let (errors, violations) = (report.errors, report.violations);
        let (mut warnings, mut violation_shown) = (0, false);
        for (_, kind, diag) in diags {
            match kind {
                Kind::Error => report.errors += 1,
                Kind::Violation => report.violations += 1,
                Kind::Other => {}
            }
            warnings += usize::from(diag.severity() == Some(Severity::Warning));
            let shown = budget.render(renderer, name, &checked.chunk.source, diag, out);
            violation_shown |= shown && kind == Kind::Violation;
        }
        // A game is illegal when it broke a rule, even if something else then stopped
        // it; undecided when something stopped it and no rule was broken.
        if checked.chunk.game.is_some() {
            let verdict = if report.violations > violations {
                report.illegal += 1;
                Verdict::Illegal
            } else if report.errors > errors || checked.replay.stopped.is_some() {
                report.undecided += 1;
                Verdict::Undecided
            } else {
                report.legal += 1;
                report.unverified_faces += checked.replay.unverified_faces.len();
                report.waivers += checked.replay.waived;
                Verdict::Legal
            };
            let counts = GameCounts {
                violations: report.violations - violations,
                errors: report.errors - errors,
                warnings,
            };
            let mut record = GameRecord::new(name, report.games, &checked, verdict, counts);
            // What else the rules allowed at the illegal line: asked only where it is
            // shown, since it replays every generated move there.
            let human = matches!(renderer.format, Format::Human | Format::Ariadne);
            let allowed = match checked.replay.resume.as_deref_mut() {
                Some(table)
                    if verdict == Verdict::Illegal
                        && ((human && renderer.board && violation_shown)
                            || (renderer.format == Format::Json && renderer.legal_moves)) =>
                {
                    Some((crate::engine::allowed::allowed(table), table.cards()))
                }
                _ => None,
            };
            match renderer.format {
                Format::Json => {
                    if let Some((allowed, _)) = &allowed {
                        record.legal_moves = Some(
                            allowed
                                .moves
                                .iter()
                                .map(|m| print_line(&m.line).trim_end().to_string())
                                .collect(),
                        );
                    }
                    out.push_str(&record.line());
                }
                // The table as it stood at the illegal line, under the violation a judge
                // reads: what made the move illegal is on it.
                Format::Human | Format::Ariadne if renderer.board && violation_shown => {
                    if let Some(board) = &record.board {
                        out.push_str(&board_text(board, record.end_line));
                    }
                    if let Some((allowed, cards)) = &allowed {
                        out.push_str(&allowed_text(allowed, &cards.players, renderer.legal_moves));
                    }
                }
                _ => {}
            }
        }
        last_chunk = checked.chunk.source;
    }
    budget.notice(renderer, name, &last_chunk, out);
    report.suppressed = budget.suppressed;
    report
}

/// A game's verdict, as the summary line counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Legal,
    Illegal,
    Undecided,
}

/// What one game's diagnostics counted.
#[derive(Debug, Clone, Copy, Default)]
pub struct GameCounts {
    pub violations: usize,
    pub errors: usize,
    pub warnings: usize,
}

/// A player's life where the replay ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerLife {
    pub player: String,
    pub life: i64,
}

/// How one game came out: the JSON output's `game` object (one per game, after the
/// game's diagnostics), and the board printed under a violation.
#[derive(Debug, Clone, Serialize)]
pub struct GameRecord {
    pub schema: u32,
    /// Always `game`.
    pub kind: &'static str,
    pub file: String,
    /// The game's place in its file, from 1.
    pub game: usize,
    /// The `game` line's label, if it has one.
    pub label: Option<String>,
    /// The line the game starts at.
    pub line: usize,
    pub verdict: Verdict,
    /// `won`, `tie`, `under-way` or `not-started` where the replay ended; `null` when the
    /// game was not replayed (a syntax or card error).
    pub outcome: Option<&'static str>,
    pub winner: Option<String>,
    /// Each player's life where the replay ended (empty when it was not replayed).
    pub life: Vec<PlayerLife>,
    /// The line the replay stopped at (the illegal or undecided line), or the game's
    /// last line when it replayed to the end.
    pub end_line: usize,
    pub violations: usize,
    pub errors: usize,
    pub warnings: usize,
    pub waivers: usize,
    pub unverified_faces: usize,
    /// The table where the replay stopped, as a `position` block: the state the illegal
    /// or undecided line was judged against. `null` for a game replayed to its end.
    pub board: Option<String>,
    /// With `--legal-moves`, for an illegal game: every line the rules allowed instead
    /// of the illegal one (moves using card text the move generator does not play not
    /// among them). Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_moves: Option<Vec<String>>,
}

impl GameRecord {
    pub fn new(
        file: &str,
        index: usize,
        checked: &Checked,
        verdict: Verdict,
        counts: GameCounts,
    ) -> GameRecord {
        let source = &checked.chunk.source;
        let game = checked.chunk.game.as_ref();
        let span = game.map_or(Span::new(source.base, source.base), |g| g.span);
        let line_of = |at: usize| source.line_col(at).0;
        let last = span.end.saturating_sub(1).max(span.start);
        let end_line = line_of(checked.replay.stopped.map_or(last, |s| s.start));
        let (mut outcome, mut winner, mut life, mut board) = (None, None, Vec::new(), None);
        if let Some((cards, state)) = &checked.replay.end {
            outcome = Some(match (state.outcome, &state.turn) {
                (Some(crate::engine::Outcome::Won { winner: w }), _) => {
                    winner = Some(cards.players[w].to_string());
                    "won"
                }
                (Some(crate::engine::Outcome::Tie), _) => "tie",
                (None, Some(_)) => "under-way",
                (None, None) => "not-started",
            });
            life = (0..2)
                .map(|p| PlayerLife {
                    player: cards.players[p].to_string(),
                    life: state.players[p].life,
                })
                .collect();
            if checked.replay.stopped.is_some() {
                board = Some(state.position(cards));
            }
        }
        GameRecord {
            schema: crate::render::JSON_SCHEMA,
            kind: "game",
            file: file.to_string(),
            game: index,
            label: game
                .and_then(|g| g.label.as_ref())
                .map(|l| l.node.to_string()),
            line: line_of(span.start),
            verdict,
            outcome,
            winner,
            life,
            end_line,
            violations: counts.violations,
            errors: counts.errors,
            warnings: counts.warnings,
            waivers: checked.replay.waived,
            unverified_faces: checked.replay.unverified_faces.len(),
            board,
            legal_moves: None,
        }
    }

    /// The object on a line of its own.
    pub fn line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default() + "\n"
    }
}

/// The board under a violation: the `position` block of the state the line was judged
/// against, indented under one heading line.
fn board_text(board: &str, line: usize) -> String {
    let mut out = format!(
        "  the table before line {line} (`dmlint state FILE --at {}` prints it):\n",
        line.saturating_sub(1)
    );
    for l in board.lines() {
        out.push_str("    ");
        out.push_str(l);
        out.push('\n');
    }
    out
}

/// The moves the rules allowed at an illegal line, under its board: per player, each
/// kind of move once with how many ways and one example (`all`: every line).
fn allowed_text(allowed: &Allowed, players: &[Text; 2], all: bool) -> String {
    let mut out = String::from(if all {
        "  what the rules allowed there instead:\n"
    } else {
        "  what the rules allowed there instead (`--legal-moves` lists every move):\n"
    });
    for (p, name) in players.iter().enumerate() {
        let lines: Vec<(&str, String)> = allowed
            .moves
            .iter()
            .filter(|m| m.player == p)
            .map(|m| (m.kind, print_line(&m.line).trim_end().to_string()))
            .collect();
        if lines.is_empty() {
            continue;
        }
        if all {
            let _ = writeln!(out, "    {name}:");
            for (_, line) in &lines {
                let _ = writeln!(out, "      {line}");
            }
            continue;
        }
        // Kinds in the order the generator first makes them.
        let mut kinds: Vec<(&str, usize, &str)> = Vec::new();
        for (kind, line) in &lines {
            match kinds.iter_mut().find(|k| k.0 == *kind) {
                Some(k) => k.1 += 1,
                None => kinds.push((kind, 1, line)),
            }
        }
        let said: Vec<String> = kinds
            .iter()
            .map(|(_, n, first)| match n {
                1 => format!("`{first}`"),
                n => format!(
                    "`{first}` or {} other{}",
                    n - 1,
                    if *n == 2 { "" } else { "s" }
                ),
            })
            .collect();
        let _ = writeln!(out, "    {name}: {}", said.join(", "));
    }
    if let Some(chance) = &allowed.chance {
        let _ = writeln!(out, "    and chance: {chance}");
    }
    if allowed.too_many {
        out.push_str("    (too many combinations here to list them)\n");
    } else if allowed.moves.is_empty() && allowed.chance.is_none() {
        out.push_str("    no move the move generator makes\n");
    }
    if allowed.unchecked > 0 {
        let _ = writeln!(
            out,
            "    ({} more moves were generated and not checked)",
            allowed.unchecked
        );
    }
    if allowed.abilities {
        out.push_str(
            "    (not listed: moves that use card text the move generator does not play, such \
             as a keyword's choice it does not make)\n",
        );
    }
    out
}

/// Whether a diagnostic says that reading stopped at one of the input limits.
fn is_input_limit(diag: &dyn Diagnostic) -> bool {
    diag.code()
        .is_some_and(|c| c.to_string() == SyntaxCode::InputLimit.code())
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
/// one larger than `max` bytes; the error says why, in words. A regular file is measured
/// before it is read; a device, FIFO or pipe (whose metadata says 0) is read only up to
/// `max` + 1 bytes, so `/dev/zero` is refused instead of filling the memory.
pub fn read_whole(path: &std::path::Path, max: u64, reader: &str) -> Result<String, String> {
    use std::io::Read;
    let size = |n: u64| {
        if n >= 1 << 20 {
            format!("{} MiB", n >> 20)
        } else {
            format!("{} KiB", n >> 10)
        }
    };
    if let Ok(m) = std::fs::metadata(path)
        && m.is_file()
        && m.len() > max
    {
        return Err(format!(
            "the file is {} bytes; {reader} reads at most {}",
            m.len(),
            size(max)
        ));
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > max {
        return Err(format!(
            "it holds more than {}; {reader} reads at most that",
            size(max)
        ));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str) -> (FileReport, String) {
        let mut out = String::new();
        let report = check_reader(
            "t.dmlog",
            std::io::Cursor::new(text.as_bytes()),
            Pool::embedded(),
            &Renderer::plain(Format::Short),
            DEFAULT_MAX_DIAGNOSTICS,
            &mut out,
        );
        (report, out)
    }

    /// Ann and Bob both bring Ghost Rider; the position shows energy faces the card data
    /// does not record.
    fn game(label: &str, reserve: &str) -> String {
        format!(
            "game {label}\nteam Ann\nGR = Ghost Rider: Johnny Blaze x2\nteam Bob\n\
             GR2 = Ghost Rider: Johnny Blaze x2\nfirst Ann\nposition\nturn 3 Ann main\n{reserve}end\n"
        )
    }

    #[test]
    fn faces_taken_as_written_are_counted_per_game_by_card_and_face() {
        let text = format!(
            "dmlog 1\nformat custom life 10\n{}{}",
            // One card (both players' Ghost Riders), two faces: one warning, two faces.
            game(
                "a",
                "reserve Ann GR:bolt GR:2bolt\nreserve Bob GR2:bolt SK:fist\n"
            ),
            // A game of its own counts its faces again.
            game("b", "reserve Ann GR:bolt\n"),
        );
        let (report, out) = check(&text);
        assert_eq!(out.matches("unverified-face").count(), 2, "{out}");
        assert_eq!((report.legal, report.unverified_faces), (2, 3));
        assert_eq!((report.errors, report.violations), (0, 0));
        assert_eq!(
            report.summary_line("t.dmlog"),
            "t.dmlog: 2 games: 2 legal (3 die faces unverified), 0 illegal, 0 undecided\n"
        );
    }

    #[test]
    fn a_game_is_illegal_when_it_broke_a_rule_undecided_when_only_stopped() {
        let text = format!(
            "dmlog 1\nformat custom life 10\n{}{}{}",
            game("legal", "reserve Ann SK:fist\n"),
            // A roll in the main step breaks a rule.
            game("illegal", "reserve Ann SK:fist\n") + "roll SK:fist\n",
            // An unknown card: the game is not replayed, and no rule was seen broken.
            game("undecided", "reserve Ann SK:fist\n").replace("Ghost Rider", "Ghost Ryder"),
        );
        let (report, out) = check(&text);
        assert_eq!(
            (report.legal, report.illegal, report.undecided),
            (1, 1, 1),
            "{out}"
        );
        assert_eq!(report.unverified_faces, 0);
        assert!(
            report.summary_line("t.dmlog").starts_with(
                "t.dmlog: 3 games: 1 legal, 1 illegal, 1 undecided; 1 rule violation, "
            ),
            "{}",
            report.summary_line("t.dmlog")
        );
    }

    #[test]
    fn a_game_with_waived_violations_is_legal_with_its_waivers_counted() {
        let waived = game("w", "reserve Ann SK:fist\n")
            + "waive dmlint::rules::payment-short \"judge: the table let it stand\"\nbuy GR pay SK:fist\n";
        let text = format!("dmlog 1\nformat custom life 10\n{waived}");
        let (report, out) = check(&text);
        assert_eq!(
            (report.legal, report.waivers, report.violations),
            (1, 1, 0),
            "{out}"
        );
        assert!(
            report
                .summary_line("t.dmlog")
                .starts_with("t.dmlog: legal, with 1 waiver"),
            "{}",
            report.summary_line("t.dmlog")
        );
        // The same game without the waiver is illegal, and counts no waiver.
        let text = text.replace(
            "waive dmlint::rules::payment-short \"judge: the table let it stand\"\n",
            "",
        );
        let (report, _) = check(&text);
        assert_eq!((report.illegal, report.waivers), (1, 0));
    }

    #[test]
    fn a_one_game_summary_gives_its_verdict() {
        let legal = FileReport {
            games: 1,
            replayed: 1,
            legal: 1,
            outcome: Some("Bob won; life Ann 0, Bob 3".into()),
            ..FileReport::default()
        };
        assert_eq!(
            legal.summary_line("g"),
            "g: legal: Bob won; life Ann 0, Bob 3\n"
        );
        let unverified = FileReport {
            unverified_faces: 1,
            ..legal.clone()
        };
        assert_eq!(
            unverified.summary_line("g"),
            "g: legal (1 die face unverified): Bob won; life Ann 0, Bob 3\n"
        );
        let both = FileReport {
            games: 1,
            violations: 1,
            errors: 2,
            illegal: 1,
            ..FileReport::default()
        };
        assert_eq!(
            both.summary_line("g"),
            "g: 1 rule violation, 2 errors (not fully checked)\n"
        );
        let mut total = FileReport::default();
        total.add(&unverified);
        total.add(&both);
        assert_eq!(
            total.total_line(2),
            "2 files, 2 games: 1 legal (1 die face unverified), 1 illegal, 0 undecided; \
             1 rule violation, 2 errors\n"
        );
    }
}
