//! The dmlog notation: from bytes to a syntax tree, game by game, with every error found.
//!
//! [`GameStream`] reads any byte source one game at a time ([`source`]), parses each line
//! ([`parser`]) and puts the lines in context here: team sections, position blocks and
//! turns. Errors never stop the parse: a bad line is reported and skipped, and parsing
//! resumes on the next line. Memory holds one game, never the whole file.

pub mod ast;
pub mod error;
mod input;
pub mod lookalike;
mod parser;
mod print;
pub mod source;

use std::collections::HashMap;
use std::io::{self, BufRead};

pub use ast::*;
pub use error::{SyntaxCode, SyntaxError};
pub use parser::{MAX_AMOUNT, MAX_COUNT};
pub use print::{print_document, print_game, print_line};
pub use source::{
    Chunk, MAX_GAME_BYTES, MAX_GAME_LINES, MAX_GAMES, MAX_INPUT, MAX_LINE, MAX_UNENDED_LINE,
};

use parser::Stmt;
use source::ChunkReader;

/// The notation version this parser reads.
pub const VERSION: u32 = 1;

/// One chunk of a file, parsed: a game, or the settings shared by a multi-game file's games.
#[derive(Debug)]
pub struct ParsedChunk {
    /// The chunk's text and offsets, for rendering its diagnostics.
    pub source: Chunk,
    /// `None` for the defaults section before the first `game` line.
    pub game: Option<Game>,
    pub errors: Vec<SyntaxError>,
}

/// Parses a file game by game from any byte source.
pub struct GameStream<R> {
    reader: ChunkReader<R>,
    header: Header,
    started: bool,
    /// A chunk read ahead to learn whether the file has `game` lines.
    lookahead: Option<(Chunk, Vec<SyntaxError>)>,
}

impl<R: BufRead> GameStream<R> {
    pub fn new(input: R) -> Self {
        GameStream {
            reader: ChunkReader::new(input),
            header: Header::default(),
            started: false,
            lookahead: None,
        }
    }

    /// The file header; complete once the first chunk has been returned.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The next chunk's text, its byte-level errors and how to read it; `None` at the end.
    fn next_raw(&mut self) -> io::Result<Option<(Chunk, Vec<SyntaxError>, Mode)>> {
        if !self.started {
            self.started = true;
            let mut errors = Vec::new();
            let first = self
                .reader
                .next_chunk(&mut errors)?
                .unwrap_or_else(Chunk::empty);
            let mut next_errors = Vec::new();
            let next = self.reader.next_chunk(&mut next_errors)?;
            let multi = next.is_some();
            if let Some(next) = next {
                self.lookahead = Some((next, next_errors));
            }
            let mode = if multi {
                Mode::Defaults
            } else {
                Mode::SingleGame
            };
            return Ok(Some((first, errors, mode)));
        }
        let (chunk, errors) = match self.lookahead.take() {
            Some(c) => c,
            None => {
                let mut errors = Vec::new();
                match self.reader.next_chunk(&mut errors)? {
                    Some(c) => (c, errors),
                    None => return Ok(None),
                }
            }
        };
        Ok(Some((chunk, errors, Mode::Game)))
    }

    /// A chunk built as a tree; the first one sets the header.
    fn tree(&mut self, chunk: Chunk, errors: Vec<SyntaxError>, mode: Mode) -> ParsedChunk {
        let ((game, errors), header) = Builder::tree(&chunk, mode, errors).build().tree(mode);
        if let Some(header) = header {
            self.header = header;
        }
        ParsedChunk {
            source: chunk,
            game,
            errors,
        }
    }

    /// The next parsed chunk, or `None` at the end of the input.
    pub fn next_chunk(&mut self) -> io::Result<Option<ParsedChunk>> {
        Ok(self
            .next_raw()?
            .map(|(chunk, errors, mode)| self.tree(chunk, errors, mode)))
    }

    /// The next chunk, its game's lines given to `sink` one at a time as they are
    /// parsed instead of kept: the game's `lines` are empty, and memory holds the
    /// chunk's text but never its tree. The settings before a multi-game file's first
    /// `game` line are the header, built as a tree and given to no sink. When `retree`
    /// says after the game that the sink could not take it line by line, the game is
    /// parsed again as a tree (`lines` complete), and the flag returned is `true`.
    pub fn next_streamed<S: LineSink>(
        &mut self,
        sink: &mut S,
        retree: impl FnOnce(&S) -> bool,
    ) -> io::Result<Option<(ParsedChunk, bool)>> {
        let Some((chunk, errors, mode)) = self.next_raw()? else {
            return Ok(None);
        };
        if mode == Mode::Defaults {
            return Ok(Some((self.tree(chunk, errors, mode), false)));
        }
        // The byte-level errors are kept apart (a stream of garbage has one a line) and
        // merged after, as the tree's builder would have them: before its own errors at
        // the same offset.
        let mut builder = Builder::new(&chunk, mode, Vec::new(), &mut *sink);
        builder.input_stopped = input_stopped(&errors);
        let Parts {
            label,
            span,
            version,
            errors: built,
            ..
        } = builder.build();
        if retree(sink) {
            return Ok(Some((self.tree(chunk, errors, mode), true)));
        }
        let errors = if errors.is_empty() {
            built
        } else {
            let mut all = errors;
            all.extend(built);
            all.sort_by_key(|e| e.span.start);
            all
        };
        if mode == Mode::SingleGame {
            self.header = Header {
                version,
                defaults: Vec::new(),
            };
        }
        let game = Game {
            label: if mode == Mode::Game { label } else { None },
            span,
            lines: Vec::new(),
        };
        Ok(Some((
            ParsedChunk {
                source: chunk,
                game: Some(game),
                errors,
            },
            false,
        )))
    }
}

impl<S: LineSink> LineSink for &mut S {
    fn line(&mut self, line: Line) {
        (**self).line(line);
    }
}

/// Reads a line's `#~` annotation as `dmlint test` does: fixture metadata, or the
/// expectations on its line. Spans are absolute, like the annotation's own.
pub fn parse_annotation(annotation: &Spanned<Text>) -> Result<Annotation, Box<SyntaxError>> {
    // The annotation's text is the comment after `#~`, trimmed: it ends where the comment does.
    let at = annotation.span.end - annotation.node.len();
    parser::parse_annotation(&annotation.node, at)
}

/// Reads a die face written on its own (`2fist`, `bolt*`, `L2`, `**`), as card files
/// write them; `None` if it is not a face.
pub fn parse_face(text: &str) -> Option<Face> {
    parser::face_text(text)
}

/// Parses a whole document held in memory.
///
/// ```
/// use dmlint::syntax::{parse_str, SyntaxCode};
///
/// let (doc, errors) = parse_str("dmlog 1\nturn 1 Eric\ndraw SK x4\nrerol SK:L1->bolt\n");
/// assert_eq!(doc.games[0].lines.len(), 2); // the turn and the draw; the bad line is skipped
/// assert_eq!(errors[0].code, SyntaxCode::UnknownKeyword);
/// assert_eq!(errors[0].help.as_deref(), Some("did you mean `reroll`?"));
/// ```
pub fn parse_str(text: &str) -> (Document, Vec<SyntaxError>) {
    let mut stream = GameStream::new(io::Cursor::new(text.as_bytes()));
    let mut games = Vec::new();
    let mut errors = Vec::new();
    // Reading from memory cannot fail.
    while let Ok(Some(chunk)) = stream.next_chunk() {
        games.extend(chunk.game);
        errors.extend(chunk.errors);
    }
    (
        Document {
            header: stream.header,
            games,
        },
        errors,
    )
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The only chunk of a file without `game` lines: header and game together.
    SingleGame,
    /// The part of a multi-game file before its first `game` line.
    Defaults,
    /// A chunk that starts with a `game` line.
    Game,
}

/// Puts one chunk's lines in context.
struct Builder<'c, S> {
    chunk: &'c Chunk,
    mode: Mode,
    errors: Vec<SyntaxError>,
    /// Where the lines go: a tree, or a replay that takes them one at a time.
    sink: S,
    /// Lines given to the sink so far.
    pushed: usize,
    /// The players of the `team` lines so far, each once, in order; the first `first`
    /// line's player; the last `turn` line's number and player. What the help of a
    /// misplaced line needs from the lines before it, kept so that no line is kept.
    teams: Vec<Text>,
    first_player: Option<Text>,
    last_turn: Option<(u32, Text)>,
    label: Option<Spanned<Text>>,
    version: Option<Spanned<u32>>,
    first_statement: bool,
    section: Option<Owner>,
    position: Option<OpenPosition>,
    /// The `turn` line or position block that moves belong to.
    turn: Option<Span>,
    /// The `end` that closed the last turn, for "the turn ended here".
    ended: Option<Span>,
    /// The first turn or position: settings are no longer allowed after it.
    started: Option<Span>,
    aliases: HashMap<Text, Span>,
    /// Reading stopped before the chunk's end, or never started (the reader's errors
    /// say so; they are not in `errors` when kept apart).
    input_stopped: bool,
    /// The run of moves outside any turn under way: the index of its first diagnostic in
    /// `errors`, and how many lines after it the diagnostic stands for. One missing or
    /// misspelt `turn` line is one mistake, so its run is one diagnostic.
    outside_run: Option<(usize, usize)>,
}

struct OpenPosition {
    open: Span,
    annotation: Option<Spanned<Text>>,
    entries: Vec<Spanned<StateLine>>,
    /// Annotation-only lines inside the block, pushed after it.
    notes: Vec<Line>,
}

type Built = (Option<Game>, Vec<SyntaxError>);

/// Where [`GameStream`] puts a game's lines, one at a time, in the order a [`Game`]'s
/// `lines` would hold them (a position block's notes after the block).
pub trait LineSink {
    fn line(&mut self, line: Line);
}

impl LineSink for Vec<Line> {
    fn line(&mut self, line: Line) {
        self.push(line);
    }
}

/// What building one chunk gave besides its lines.
struct Parts<S> {
    sink: S,
    label: Option<Spanned<Text>>,
    span: Span,
    version: Option<Spanned<u32>>,
    errors: Vec<SyntaxError>,
}

impl Parts<Vec<Line>> {
    /// The chunk as a tree: the game, or the header a file's first chunk sets.
    fn tree(self, mode: Mode) -> (Built, Option<Header>) {
        match mode {
            Mode::Defaults => {
                let header = Header {
                    version: self.version,
                    defaults: self.sink,
                };
                ((None, self.errors), Some(header))
            }
            Mode::SingleGame => {
                let header = Header {
                    version: self.version,
                    defaults: Vec::new(),
                };
                let game = Game {
                    label: None,
                    span: self.span,
                    lines: self.sink,
                };
                ((Some(game), self.errors), Some(header))
            }
            Mode::Game => {
                let game = Game {
                    label: self.label,
                    span: self.span,
                    lines: self.sink,
                };
                ((Some(game), self.errors), None)
            }
        }
    }
}

impl<'c> Builder<'c, Vec<Line>> {
    /// A builder of the chunk's tree.
    fn tree(chunk: &'c Chunk, mode: Mode, errors: Vec<SyntaxError>) -> Self {
        // About one statement per 24 bytes of log, so the vector rarely grows.
        Builder::new(
            chunk,
            mode,
            errors,
            Vec::with_capacity(chunk.text.len() / 24),
        )
    }
}

impl<'c, S: LineSink> Builder<'c, S> {
    fn new(chunk: &'c Chunk, mode: Mode, errors: Vec<SyntaxError>, sink: S) -> Self {
        Builder {
            chunk,
            mode,
            errors,
            sink,
            pushed: 0,
            teams: Vec::new(),
            first_player: None,
            last_turn: None,
            input_stopped: false,
            label: None,
            version: None,
            first_statement: true,
            section: None,
            position: None,
            turn: None,
            ended: None,
            started: None,
            aliases: HashMap::new(),
            outside_run: None,
        }
    }

    fn build(mut self) -> Parts<S> {
        let text = self.chunk.text.as_str();
        let mut local = 0;
        while local < text.len() {
            let end = memchr::memchr(b'\n', &text.as_bytes()[local..])
                .map_or(text.len(), |p| local + p + 1);
            if !self.chunk.is_bad_line(local) {
                self.line(&text[local..end], local);
            }
            local = end;
        }
        self.finish()
    }

    fn line(&mut self, raw: &str, local: usize) {
        let (stmt_text, comment) = parser::line(raw);
        let stmt_local = stmt_text.as_ptr() as usize - raw.as_ptr() as usize + local;
        let at = self.chunk.abs(stmt_local);
        let annotation = comment.and_then(|c| {
            let body = c.strip_prefix("#~")?;
            let c_local = c.as_ptr() as usize - raw.as_ptr() as usize + local;
            let start = self.chunk.abs(c_local);
            Some(Spanned::new(
                Text::from(body.trim()),
                Span::new(start, start + c.len()),
            ))
        });
        if stmt_text.is_empty() {
            if let Some(a) = annotation {
                let line = Line {
                    span: a.span,
                    statement: Statement::Annotation,
                    annotation: Some(a),
                };
                // Inside a position block the line waits for the block, to keep file order.
                match &mut self.position {
                    Some(pos) => pos.notes.push(line),
                    None => self.emit(line),
                }
            }
            return;
        }
        let span = Span::new(at, at + stmt_text.len());
        let mut parsed = parser::parse_statement(stmt_text, at);
        // A keyword in capitals is read as meant, with a warning, so that one habit
        // does not make every line under it an error. A line has few keywords.
        let mut fixed = None::<String>;
        for _ in 0..4 {
            let Err(e) = &parsed else { break };
            let text = fixed.as_deref().unwrap_or(stmt_text);
            let Some((lower, warning)) = parser::keyword_case(text, at, e) else {
                break;
            };
            self.errors.push(warning);
            parsed = parser::parse_statement(&lower, at);
            fixed = Some(lower);
        }
        match parsed {
            Ok(stmt) => {
                // The header check waits for the first line that parses: garbage before
                // `dmlog 1` is reported as garbage, not as a missing header.
                let first = std::mem::replace(&mut self.first_statement, false);
                if first && self.mode != Mode::Game && !matches!(stmt, Stmt::Header(_)) {
                    self.missing_header(span);
                }
                self.statement(stmt, span, annotation);
            }
            Err(e) => {
                let mut e = *e;
                if let Some(help) = parser::habit_help(stmt_text, at, &e) {
                    e.help = Some(help);
                }
                lookalike::name_lookalike(&mut e, stmt_text, at);
                self.errors.push(e);
                // A `turn` line that cannot be read still starts a turn: the moves under
                // it are that turn's, not each a move outside any turn. (The game is not
                // replayed, so no move is judged against a turn it does not have.)
                if self.position.is_none() && meant_as_turn(stmt_text) {
                    self.started.get_or_insert(span);
                    self.section = None;
                    self.turn = Some(span);
                    self.outside_run = None;
                }
            }
        }
    }

    /// Gives a line to the sink, keeping what later help lines need from it.
    fn emit(&mut self, line: Line) {
        match &line.statement {
            Statement::Team(p) if !self.teams.contains(&p.node) => self.teams.push(p.node.clone()),
            Statement::First(p) if self.first_player.is_none() => {
                self.first_player = Some(p.node.clone());
            }
            Statement::Turn { number, player } => {
                self.last_turn = Some((number.node, player.node.clone()));
            }
            _ => {}
        }
        self.pushed += 1;
        self.sink.line(line);
    }

    /// The `turn` line that would come next, as far as the lines so far tell: the other
    /// player after the last turn (the number goes up when the first player's turn comes
    /// round), or the first player's turn 1. For the help of a move outside a turn.
    fn next_turn(&self) -> String {
        let players = &self.teams;
        let first = self.first_player.as_ref().or(players.first());
        match (&self.last_turn, first) {
            (Some((n, p)), first) => {
                let next = players.iter().find(|q| *q != p).unwrap_or(p);
                let n = if Some(next) == first {
                    n.saturating_add(1)
                } else {
                    *n
                };
                format!("turn {n} {next}")
            }
            (None, Some(first)) => format!("turn 1 {first}"),
            (None, None) => "turn 1 Ann".to_string(),
        }
    }

    fn missing_header(&mut self, span: Span) {
        self.errors.push(
            SyntaxError::new(
                SyntaxCode::MissingHeader,
                Span::new(span.start, span.start),
                "the log does not start with `dmlog 1`",
                "expected `dmlog 1` before this line",
            )
            .with_help("start the file with the line `dmlog 1`"),
        );
    }

    fn misplaced(&mut self, span: Span, message: impl Into<String>, help: impl Into<String>) {
        self.errors.push(
            SyntaxError::new(SyntaxCode::MisplacedLine, span, message, "not allowed here")
                .with_help(help),
        );
    }

    fn push(&mut self, span: Span, statement: Statement, annotation: Option<Spanned<Text>>) {
        self.emit(Line {
            span,
            statement,
            annotation,
        });
    }

    /// A closed position block's notes, after it.
    fn emit_notes(&mut self, notes: Vec<Line>) {
        for note in notes {
            self.emit(note);
        }
    }

    fn statement(&mut self, stmt: Stmt, span: Span, annotation: Option<Spanned<Text>>) {
        if let Some(pos) = &mut self.position {
            match stmt {
                Stmt::End => {
                    let mut pos = self.position.take().expect("position is open");
                    // The `end` line's annotation is kept like a note inside the block.
                    if let Some(a) = annotation {
                        pos.notes.push(Line {
                            span: a.span,
                            statement: Statement::Annotation,
                            annotation: Some(a),
                        });
                    }
                    let block = Span::new(pos.open.start, span.end);
                    // The position names a turn and step: moves may follow directly.
                    self.turn = Some(block);
                    self.push(
                        block,
                        Statement::Position(Position {
                            entries: pos.entries,
                            end: Some(span),
                        }),
                        pos.annotation,
                    );
                    self.emit_notes(pos.notes);
                }
                Stmt::Plain(Statement::State(s)) => {
                    pos.entries.push(Spanned::new(s, span));
                    // A state line's annotation is kept like a note inside the block, so
                    // a fixture can expect a diagnostic on that line.
                    if let Some(a) = annotation {
                        pos.notes.push(Line {
                            span: a.span,
                            statement: Statement::Annotation,
                            annotation: Some(a),
                        });
                    }
                }
                Stmt::Turn { number, player } => {
                    self.errors.push(
                        SyntaxError::new(
                            SyntaxCode::UnexpectedToken,
                            Span::new(span.end, span.end),
                            "a position's `turn` line names the step",
                            "expected a step",
                        )
                        .with_help(format!(
                            "write the turn, the active player and the step: `turn {} {} main`",
                            number.node, player.node
                        ))
                        .with_context(pos.open, "position block opened here"),
                    );
                }
                // A move ends the block: its `end` was left out. One diagnostic, at the
                // block, and the moves under it are read as the position's turn's.
                Stmt::Plain(Statement::Move { .. }) => {
                    let pos = self.position.take().expect("position is open");
                    self.errors.push(
                        SyntaxError::new(
                            SyntaxCode::UnclosedPosition,
                            pos.open,
                            "this position block is not closed before the first move",
                            "opened here",
                        )
                        .with_help("write `end` on the line after the block's last state line")
                        .with_context(span, "the block is read as ending before this move"),
                    );
                    let block = Span::new(pos.open.start, span.start.max(pos.open.end));
                    self.turn = Some(block);
                    self.push(
                        block,
                        Statement::Position(Position {
                            entries: pos.entries,
                            end: None,
                        }),
                        pos.annotation,
                    );
                    self.emit_notes(pos.notes);
                    self.statement(stmt, span, annotation);
                }
                _ => {
                    let open = pos.open;
                    self.errors.push(
                        SyntaxError::new(
                            SyntaxCode::MisplacedLine,
                            span,
                            "only state lines belong in a position block",
                            "not a state line",
                        )
                        .with_help("close the block with `end` before this line")
                        .with_context(open, "position block opened here"),
                    );
                }
            }
            return;
        }

        if self.mode == Mode::Defaults {
            match stmt {
                Stmt::Header(v) => self.header(v, span),
                Stmt::Plain(
                    s @ (Statement::Rules(_)
                    | Statement::Format { .. }
                    | Statement::Sets { .. }
                    | Statement::Tag { .. }),
                ) => self.push(span, s, annotation),
                _ => self.misplaced(
                    span,
                    "only settings may come before the first `game` line",
                    "this file has `game` lines: put this line after the `game` line it belongs to",
                ),
            }
            return;
        }

        match stmt {
            Stmt::Header(v) => self.header(v, span),
            Stmt::Game(label) => {
                if self.mode == Mode::Game && self.pushed == 0 && self.label.is_none() {
                    self.label = label;
                } else {
                    self.misplaced(
                        span,
                        "a `game` line in the middle of a game",
                        "start each game with its own `game` line",
                    );
                }
            }
            Stmt::PositionOpen => {
                self.started.get_or_insert(span);
                self.section = None;
                self.position = Some(OpenPosition {
                    open: span,
                    annotation,
                    entries: Vec::new(),
                    notes: Vec::new(),
                });
            }
            Stmt::End => {
                if self.turn.take().is_some() {
                    self.ended = Some(span);
                    self.push(span, Statement::End, annotation);
                } else if self.outside_run.take().is_some() {
                    // The `end` of moves already reported as outside any turn: the same
                    // missing `turn` line, not a second mistake.
                    self.ended = Some(span);
                } else {
                    self.errors.push(
                        SyntaxError::new(
                            SyntaxCode::StrayEnd,
                            span,
                            "`end` with no turn under way",
                            "nothing to end",
                        )
                        .with_help("`end` closes a turn or a position block; remove this line"),
                    );
                }
            }
            Stmt::Card {
                basic,
                alias,
                name,
                count,
            } => self.card(basic, alias, name, count, span, annotation),
            Stmt::Turn { number, player } => {
                self.started.get_or_insert(span);
                self.section = None;
                self.turn = Some(span);
                self.outside_run = None;
                self.push(span, Statement::Turn { number, player }, annotation);
            }
            Stmt::Plain(s) => self.plain(s, span, annotation),
        }
    }

    fn header(&mut self, version: Spanned<u32>, span: Span) {
        if self.version.is_some() || self.pushed > 0 || self.mode == Mode::Game {
            self.misplaced(
                span,
                "`dmlog` belongs on the first line of the file",
                "remove this line",
            );
            return;
        }
        if version.node != VERSION {
            self.errors.push(
                SyntaxError::new(
                    SyntaxCode::UnsupportedVersion,
                    version.span,
                    format!("this log is written in dmlog {}", version.node),
                    "unsupported version",
                )
                .with_help(format!("this dmlint reads `dmlog {VERSION}`")),
            );
        }
        self.version = Some(version);
    }

    fn card(
        &mut self,
        basic: bool,
        alias: Spanned<Text>,
        name: Spanned<CardName>,
        count: Option<Spanned<u32>>,
        span: Span,
        annotation: Option<Spanned<Text>>,
    ) {
        let Some(owner) = self.section.clone() else {
            let mut e = SyntaxError::new(
                SyntaxCode::CardOutsideTeam,
                span,
                "a card line outside a team section",
                "which team is this card in?",
            )
            .with_help(format!(
                "open the team first, a `team` line with its player's name, such as `team {}` \
                 (or `middle` for the first-game setup)",
                self.teams.first().map_or("Ann", |p| p.as_str())
            ));
            if let Some(t) = self.turn.or(self.started) {
                e = e.with_context(t, "teams are set before the first turn");
            }
            self.errors.push(e);
            return;
        };
        if let Some(first) = self.aliases.get(&alias.node) {
            self.errors.push(
                SyntaxError::new(
                    SyntaxCode::DuplicateAlias,
                    alias.span,
                    format!("the alias `{}` is already defined", alias.node),
                    "defined again here",
                )
                .with_help("each card needs its own alias, unique across both teams")
                .with_context(*first, "first defined here"),
            );
            return;
        }
        self.aliases.insert(alias.node.clone(), alias.span);
        self.push(
            span,
            Statement::Card(Box::new(CardDef {
                owner,
                basic,
                alias,
                name,
                count,
            })),
            annotation,
        );
    }

    fn plain(&mut self, s: Statement, span: Span, annotation: Option<Spanned<Text>>) {
        match &s {
            Statement::Rules(_)
            | Statement::Format { .. }
            | Statement::Sets { .. }
            | Statement::Tag { .. } => {
                if let Some(started) = self.started {
                    self.errors.push(
                        SyntaxError::new(
                            SyntaxCode::MisplacedLine,
                            span,
                            "settings come before the first turn",
                            "too late for a setting",
                        )
                        .with_help("move this line up, before the teams")
                        .with_context(started, "the game started here"),
                    );
                    return;
                }
            }
            Statement::Team(p) => self.section = Some(Owner::Player(p.node.clone())),
            Statement::Middle => self.section = Some(Owner::Middle),
            Statement::State(StateLine::Turn { number, player, .. }) => {
                let help = format!(
                    "outside a position, a turn starts with its number and player alone: \
                     `turn {} {}`",
                    number.node, player.node
                );
                self.misplaced(
                    span,
                    "a turn with its step belongs in a position block",
                    help,
                );
                return;
            }
            // A waiver may stand before a `turn` line: it answers that line's violation.
            // After a turn's `end`, a `resolve` answers one of its end-of-turn effects.
            Statement::Move { action, .. }
                if self.turn.is_none()
                    && !(self.ended.is_some() && matches!(**action, Move::Resolve { .. })) =>
            {
                if let Some((first, more)) = &mut self.outside_run {
                    *more += 1;
                    let e = &mut self.errors[*first];
                    e.label = format!(
                        "no turn is under way, here and on the {more} move line{} after it",
                        if *more == 1 { "" } else { "s" }
                    );
                    return;
                }
                self.outside_run = Some((self.errors.len(), 0));
                let mut e = SyntaxError::new(
                    SyntaxCode::MoveOutsideTurn,
                    span,
                    "a move outside any turn",
                    "no turn is under way",
                )
                .with_help(format!(
                    "start the turn first, a `turn` line with its number and player: `{}`",
                    self.next_turn()
                ));
                if let Some(end) = self.ended {
                    e = e.with_context(end, "the last turn ended here");
                }
                self.errors.push(e);
                return;
            }
            _ => {}
        }
        self.push(span, s, annotation);
    }

    fn finish(mut self) -> Parts<S> {
        if let Some(pos) = self.position.take() {
            self.errors.push(
                SyntaxError::new(
                    SyntaxCode::UnclosedPosition,
                    pos.open,
                    "this position block is never closed",
                    "opened here",
                )
                .with_help("close the block with a line `end` after its state lines"),
            );
            let end = self.chunk.end();
            self.push(
                Span::new(pos.open.start, end),
                Statement::Position(Position {
                    entries: pos.entries,
                    end: None,
                }),
                pos.annotation,
            );
            self.emit_notes(pos.notes);
        }
        // An input that stopped at a limit before its first line (`/dev/zero`) has its
        // diagnostic already; "the file is empty" would be false.
        // So has a UTF-16 file, which is not read at all.
        let stopped = self.input_stopped || input_stopped(&self.errors);
        if self.mode != Mode::Game && self.first_statement && !stopped {
            let at = self.chunk.base;
            let msg = if self.chunk.text.is_empty() {
                "the file is empty"
            } else {
                "the file holds no statement"
            };
            self.errors.push(
                SyntaxError::new(
                    SyntaxCode::MissingHeader,
                    Span::new(at, at),
                    msg,
                    "expected `dmlog 1`",
                )
                .with_help(
                    "a log starts with the line `dmlog 1`, then its settings, teams and turns",
                ),
            );
        }
        // Byte-level errors were found while reading and block errors at the end: report
        // everything in file order.
        self.errors.sort_by_key(|e| e.span.start);
        let span = Span::new(self.chunk.base, self.chunk.end());
        Parts {
            sink: self.sink,
            label: self.label,
            span,
            version: self.version,
            errors: self.errors,
        }
    }
}

/// Whether reading stopped at an input limit, or refused a UTF-16 file.
fn input_stopped(errors: &[SyntaxError]) -> bool {
    errors
        .iter()
        .any(|e| matches!(e.code, SyntaxCode::InputLimit | SyntaxCode::Utf16))
}

/// Whether a line that cannot be read was meant as a `turn` line: its first word is
/// `turn` in any case, or one letter away from it (`trun`, `tunr`), or glued to the
/// turn's number (`turn1`), and a number follows or is glued on.
fn meant_as_turn(text: &str) -> bool {
    let mut words = text.split_whitespace();
    let Some(first) = words.next() else {
        return false;
    };
    let first = first.to_ascii_lowercase();
    let (word, glued) = match first.find(|c: char| c.is_ascii_digit()) {
        Some(i) if i > 0 => (&first[..i], true),
        _ => (first.as_str(), false),
    };
    if word == "turn" {
        return true;
    }
    let near = word.len() >= 3 && strsim::damerau_levenshtein(word, "turn") == 1;
    let numbered = glued
        || words
            .next()
            .is_some_and(|w| w.starts_with(|c: char| c.is_ascii_digit()));
    near && numbered
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str) -> Vec<(SyntaxCode, usize)> {
        let (_, errors) = parse_str(text);
        errors
            .iter()
            .map(|e| (e.code, text[..e.span.start].matches('\n').count() + 1))
            .collect()
    }

    #[test]
    fn a_clean_single_game() {
        let text =
            "dmlog 1\nrules 2014\nteam A\nX = Thor: God of Thunder x2\nturn 1 A\ndraw SK x4\nend\n";
        let (doc, errors) = parse_str(text);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(doc.header.version.unwrap().node, 1);
        assert_eq!(doc.games.len(), 1);
        let lines = &doc.games[0].lines;
        // rules, team, card, turn, draw, end
        assert_eq!(lines.len(), 6);
        assert!(
            matches!(&lines[2].statement, Statement::Card(c) if c.owner == Owner::Player("A".into()))
        );
        assert_eq!(
            &text[lines[2].span.start..lines[2].span.end],
            "X = Thor: God of Thunder x2"
        );
    }

    #[test]
    fn multi_game_files_share_their_defaults() {
        let text = "dmlog 1\nrules 2014\n\ngame first\nteam A\ngame second\nrules 2018\n";
        let (doc, errors) = parse_str(text);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(doc.header.defaults.len(), 1);
        assert_eq!(doc.games.len(), 2);
        assert_eq!(doc.games[0].label.as_ref().unwrap().node, "first");
        assert_eq!(doc.games[1].lines.len(), 1);
        assert_eq!(
            codes("dmlog 1\nteam A\ngame x\n"),
            vec![(SyntaxCode::MisplacedLine, 2)]
        );
    }

    #[test]
    fn a_misspelt_turn_line_is_one_diagnostic_not_one_per_move() {
        let game = |turn: &str| {
            format!(
                "dmlog 1\nteam A\nteam B\n{turn}\ndraw SK x3\nroll SK:fist\npass\nend\nturn 2 B\npass\n"
            )
        };
        // Unreadable, but meant as a turn: its moves are that turn's.
        for turn in ["trun 1 A", "turn1 A", "turn one A", "tunr 1 A"] {
            let found = codes(&game(turn));
            assert_eq!(found.len(), 1, "{turn}: {found:?}");
            assert_eq!(found[0].1, 4, "{turn}");
        }
        // Not a turn line: the moves under it are outside any turn, one diagnostic for
        // the run and its `end`, whose label counts the lines.
        let text = game("# turn 1 A was left out");
        let (_, errors) = parse_str(&text);
        assert_eq!(
            errors.iter().map(|e| e.code).collect::<Vec<_>>(),
            vec![SyntaxCode::MoveOutsideTurn]
        );
        assert_eq!(
            errors[0].label,
            "no turn is under way, here and on the 2 move lines after it"
        );
        // A word far from `turn` is not read as one.
        assert!(!meant_as_turn("tag 1 A"));
        assert!(!meant_as_turn("draw SK x3"));
        assert!(!meant_as_turn("trun A"));
        assert!(meant_as_turn("TURN 3 Eric"));
    }

    #[test]
    fn an_unclosed_position_closes_at_its_first_move() {
        let text =
            "dmlog 1\nteam A\nteam B\nposition\nturn 2 A main\nlife A 5\npass\nB: pass\nend\n";
        let (doc, errors) = parse_str(text);
        assert_eq!(
            errors.iter().map(|e| e.code).collect::<Vec<_>>(),
            vec![SyntaxCode::UnclosedPosition],
            "{errors:?}"
        );
        let (ctx, _) = errors[0].context.clone().unwrap();
        assert_eq!(&text[ctx.start..ctx.end], "pass");
        // The block keeps its state lines; the moves follow it in the position's turn.
        let lines = &doc.games[0].lines;
        assert!(matches!(&lines[2].statement, Statement::Position(p) if p.entries.len() == 2));
        assert!(matches!(&lines[3].statement, Statement::Move { .. }));
        assert!(matches!(
            lines.last().map(|l| &l.statement),
            Some(Statement::End)
        ));
    }

    #[test]
    fn the_header_comes_first() {
        assert_eq!(codes(""), vec![(SyntaxCode::MissingHeader, 1)]);
        assert_eq!(
            codes("# only a comment\n"),
            vec![(SyntaxCode::MissingHeader, 1)]
        );
        assert_eq!(
            codes("# note\nrules 2018\n"),
            vec![(SyntaxCode::MissingHeader, 2)]
        );
        assert_eq!(
            codes("dmlog 2\n"),
            vec![(SyntaxCode::UnsupportedVersion, 1)]
        );
        assert_eq!(
            codes("dmlog 1\ndmlog 1\n"),
            vec![(SyntaxCode::MisplacedLine, 2)]
        );
    }

    #[test]
    fn context_errors_point_at_what_set_the_context() {
        let text = "dmlog 1\nteam A\nX = Thor\nteam B\nX = Hulk\n";
        let (_, errors) = parse_str(text);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].code, SyntaxCode::DuplicateAlias);
        let (ctx, label) = errors[0].context.clone().unwrap();
        assert_eq!(&text[ctx.start..ctx.end], "X");
        assert_eq!(ctx.start, 15);
        assert_eq!(label, "first defined here");

        let text = "dmlog 1\nturn 1 A\nend\npass\n";
        let (_, errors) = parse_str(text);
        assert_eq!(errors[0].code, SyntaxCode::MoveOutsideTurn);
        let (ctx, _) = errors[0].context.clone().unwrap();
        assert_eq!(&text[ctx.start..ctx.end], "end");
    }

    #[test]
    fn structure_errors() {
        assert_eq!(
            codes("dmlog 1\nX = Thor\n"),
            vec![(SyntaxCode::CardOutsideTeam, 2)]
        );
        assert_eq!(
            codes("dmlog 1\ndraw SK\n"),
            vec![(SyntaxCode::MoveOutsideTurn, 2)]
        );
        assert_eq!(codes("dmlog 1\nend\n"), vec![(SyntaxCode::StrayEnd, 2)]);
        // Between a turn's `end` and the next `turn`, only a `resolve` (an end-of-turn
        // effect's); before any turn, not even that.
        assert!(codes("dmlog 1\nturn 1 A\nend\nresolve CO:L2\nB: resolve X\n").is_empty());
        assert_eq!(
            codes("dmlog 1\nresolve CO:L2\n"),
            vec![(SyntaxCode::MoveOutsideTurn, 2)]
        );
        assert_eq!(
            codes("dmlog 1\nturn 1 A\nrules 2014\n"),
            vec![(SyntaxCode::MisplacedLine, 3)]
        );
        assert_eq!(
            codes("dmlog 1\nturn 1 A main\n"),
            vec![(SyntaxCode::MisplacedLine, 2)]
        );
        assert_eq!(
            codes("dmlog 1\nteam A\nteam B\nmiddle\nFB = Force Beam\n"),
            vec![]
        );
    }

    #[test]
    fn position_blocks() {
        let text = "dmlog 1\nposition\nturn 4 A main\nlife A 7\nbag A SK x3\nend\nfield SK:L1\n";
        let (doc, errors) = parse_str(text);
        assert!(errors.is_empty(), "{errors:?}");
        let lines = &doc.games[0].lines;
        assert_eq!(lines.len(), 2);
        let Statement::Position(p) = &lines[0].statement else {
            panic!()
        };
        assert_eq!(p.entries.len(), 3);
        assert!(p.end.is_some());
        assert_eq!(
            &text[lines[0].span.start..lines[0].span.end],
            "position\nturn 4 A main\nlife A 7\nbag A SK x3\nend"
        );
        // A move directly after the block belongs to the position's turn.
        assert!(matches!(lines[1].statement, Statement::Move { .. }));

        assert_eq!(
            codes("dmlog 1\nposition\nlife A 7\n"),
            vec![(SyntaxCode::UnclosedPosition, 2)]
        );
        // A move in the block ends it: its `end` was left out.
        assert_eq!(
            codes("dmlog 1\nposition\npass\nend\n"),
            vec![(SyntaxCode::UnclosedPosition, 2)]
        );
        // A line that is neither a state line nor a move does not belong in it.
        assert_eq!(
            codes("dmlog 1\nposition\nteam A\nend\n"),
            vec![(SyntaxCode::MisplacedLine, 3)]
        );
        assert_eq!(
            codes("dmlog 1\nposition\nturn 4 A\nend\n"),
            vec![(SyntaxCode::UnexpectedToken, 3)]
        );
        // Every step parses, `draw` and `roll` included (they are also clause keywords).
        for step in [
            "draw", "roll", "main", "attack", "blockers", "window", "damage", "cleanup",
        ] {
            let text = format!("dmlog 1\nposition\nturn 1 A {step}\nend\n");
            assert_eq!(codes(&text), vec![], "{step}");
        }
    }

    #[test]
    fn an_annotation_inside_a_position_comes_after_the_block() {
        let (doc, errors) =
            parse_str("dmlog 1\nposition\nlife A 3\n#~ note\nend  #~ life A 3\npass #~ ok\n");
        assert!(errors.is_empty(), "{errors:?}");
        let kinds: Vec<&Statement> = doc.games[0].lines.iter().map(|l| &l.statement).collect();
        assert!(matches!(kinds[0], Statement::Position(_)));
        assert_eq!(kinds[1], &Statement::Annotation);
        // The `end` line's annotation is kept too, after the block's other notes.
        assert_eq!(kinds[2], &Statement::Annotation);
        assert_eq!(
            doc.games[0].lines[2].annotation.as_ref().unwrap().node,
            "life A 3"
        );
        assert!(matches!(kinds[3], Statement::Move { .. }));
    }

    #[test]
    fn annotations_are_kept() {
        let (doc, _) = parse_str("dmlog 1\nturn 1 A\npass #~ ok\n#~ dmlint::rules::x\n");
        let lines = &doc.games[0].lines;
        assert_eq!(lines[1].annotation.as_ref().unwrap().node, "ok");
        assert_eq!(lines[2].statement, Statement::Annotation);
        assert_eq!(
            lines[2].annotation.as_ref().unwrap().node,
            "dmlint::rules::x"
        );
    }

    #[test]
    fn errors_do_not_stop_the_parse() {
        let text = "dmlog 1\nturn 1 A\nrerol SK\ndraw SK:\nbuy X\npass\nzzz\n";
        let found: Vec<usize> = codes(text).into_iter().map(|(_, l)| l).collect();
        assert_eq!(found, vec![3, 4, 5, 7]);
        let (doc, _) = parse_str(text);
        // The good lines are all there.
        assert_eq!(doc.games[0].lines.len(), 2);
    }

    /// The annotations of a one-game text's lines, read as `dmlint test` reads them.
    fn annotations(text: &str) -> Vec<Result<Annotation, Box<SyntaxError>>> {
        let (doc, errors) = parse_str(text);
        assert!(errors.is_empty(), "{errors:?}");
        doc.games[0]
            .lines
            .iter()
            .filter_map(|l| l.annotation.as_ref())
            .map(parse_annotation)
            .collect()
    }

    #[test]
    fn annotations_hold_metadata_or_expectations_with_exact_spans() {
        let text = "dmlog 1\n#~ source:  003 Attack Step, ruling [5]\nteam A   #~ ok ;life A 8; dmlint::rules::x dmlint::engine::y  \n";
        let got = annotations(text);
        let Ok(Annotation::Meta { key, value }) = &got[0] else {
            panic!("{got:?}")
        };
        assert_eq!(key.node, MetaKey::Source);
        assert_eq!(value.node, "003 Attack Step, ruling [5]");
        assert_eq!(&text[value.span.start..value.span.end], value.node.as_str());
        let Ok(Annotation::Expectations(items)) = &got[1] else {
            panic!("{got:?}")
        };
        let spans: Vec<&str> = items
            .iter()
            .map(|e| &text[e.span.start..e.span.end])
            .collect();
        assert_eq!(
            spans,
            ["ok", "life A 8", "dmlint::rules::x dmlint::engine::y"]
        );
        assert_eq!(items[0].node, Expectation::Ok);
        assert!(matches!(
            &items[1].node,
            Expectation::State(StateLine::Life { life, .. }) if life.node == 8
        ));
        assert!(matches!(&items[2].node, Expectation::Codes(c) if c.len() == 2));
    }

    #[test]
    fn a_zone_expectation_ends_at_the_separator_and_turn_needs_its_step() {
        let got = annotations("dmlog 1\nteam A #~ used A SK x2, SK:fist; turn 2 A main\n");
        let Ok(Annotation::Expectations(items)) = &got[0] else {
            panic!("{got:?}")
        };
        assert!(
            matches!(&items[0].node, Expectation::State(StateLine::Zone { dice, .. }) if dice.len() == 2)
        );
        assert!(matches!(
            &items[1].node,
            Expectation::State(StateLine::Turn { .. })
        ));
    }

    #[test]
    fn a_bad_expectation_is_a_syntax_error_at_its_token() {
        let text = "dmlog 1\nteam A #~ ok; lfie A 8\nteam B #~ life A\nteam C #~ ok ok\n";
        let got = annotations(text);
        let at = |r: &Result<Annotation, Box<SyntaxError>>| {
            let e = r.as_ref().unwrap_err();
            text[e.span.start..]
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_string()
        };
        assert_eq!(at(&got[0]), "lfie");
        assert!(got[1].is_err());
        assert_eq!(at(&got[2]), "ok");
    }
}
