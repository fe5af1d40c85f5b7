//! Rendering diagnostics: the only place where byte spans become lines and columns.
//!
//! Every diagnostic is a [`miette::Diagnostic`] with absolute file spans. [`Localized`]
//! adapts one to the chunk of the file it concerns (chunk-local spans, the file's own line
//! numbers), and the four formats are drawn from that one model: `human` (miette's
//! graphical report), `ariadne` (the same diagnostic through one adapter to an ariadne
//! report), `short` (one line each), `json` (one object per line, schema below), `github`
//! (GitHub Actions workflow commands) and `sarif` (one SARIF result per line, which the
//! binary wraps into one SARIF 2.1.0 log: [`crate::sarif`]).

use std::fmt;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, Severity, SourceCode, SourceSpan, SpanContents,
};
use serde::Serialize;

use crate::syntax::{Chunk, Span};

/// The version of the JSON output's schema (`"schema": 3` in every object). Version 2
/// added `kind` to every object and a summary object after each file's diagnostics;
/// version 3 a `game` object after each game's diagnostics.
pub const JSON_SCHEMA: u32 = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// miette's graphical report.
    Human,
    /// One line per diagnostic: `file:line:col: severity[code]: message`.
    Short,
    /// One JSON object per line: each diagnostic, then the file's summary (schema 2).
    Json,
    /// The same diagnostics drawn by ariadne.
    Ariadne,
    /// GitHub Actions workflow commands (`::error file=…,line=…::message`): annotations
    /// on a pull request's files.
    Github,
    /// One SARIF 2.1.0 log for the whole run (code scanning, editors).
    Sarif,
}

/// How diagnostics are drawn.
#[derive(Debug, Clone, Copy)]
pub struct Renderer {
    pub format: Format,
    pub color: bool,
    /// Terminal width for the graphical formats.
    pub width: usize,
    /// Whether the human formats print the table under a game's violation, with a
    /// summary of the moves the rules allowed there.
    pub board: bool,
    /// Every allowed move under a violation, not a summary by kind (and, in JSON, the
    /// game record's `legal_moves`).
    pub legal_moves: bool,
}

impl Renderer {
    /// Plain, fixed-width output: what tests snapshot.
    pub fn plain(format: Format) -> Self {
        Renderer {
            format,
            color: false,
            width: 100,
            board: true,
            legal_moves: false,
        }
    }

    /// Renders one diagnostic about `file`, whose text around the spans is `chunk`.
    pub fn render(&self, file: &str, chunk: &Chunk, diag: &dyn Diagnostic, out: &mut String) {
        let local = Localized::new(diag, chunk, file);
        match self.format {
            Format::Human => {
                let theme = if self.color {
                    GraphicalTheme::unicode()
                } else {
                    GraphicalTheme::unicode_nocolor()
                };
                let handler = GraphicalReportHandler::new_themed(theme)
                    .with_width(self.width)
                    .with_links(false);
                if handler.render_report(out, &local).is_err() {
                    out.push_str(&short_line(file, chunk, diag));
                }
            }
            Format::Ariadne => ariadne_report(&local, file, chunk, self.color, out),
            Format::Short => {
                out.push_str(&short_line(file, chunk, diag));
                out.push('\n');
            }
            Format::Json => {
                let json = JsonDiagnostic::new(file, chunk, diag);
                out.push_str(&serde_json::to_string(&json).unwrap_or_default());
                out.push('\n');
            }
            Format::Github => {
                out.push_str(&github_line(file, chunk, diag));
                out.push('\n');
            }
            Format::Sarif => {
                let result = crate::sarif::result(file, chunk, diag);
                out.push_str(&serde_json::to_string(&result).unwrap_or_default());
                out.push('\n');
            }
        }
    }
}

pub(crate) fn severity_word(s: Option<Severity>) -> &'static str {
    match s.unwrap_or(Severity::Error) {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Advice => "advice",
    }
}

pub(crate) fn primary_label(diag: &dyn Diagnostic) -> Option<LabeledSpan> {
    let labels: Vec<LabeledSpan> = diag.labels()?.collect();
    labels
        .iter()
        .find(|l| l.primary())
        .or(labels.first())
        .cloned()
}

fn short_line(file: &str, chunk: &Chunk, diag: &dyn Diagnostic) -> String {
    let code = diag.code().map(|c| format!("[{c}]")).unwrap_or_default();
    let at = match primary_label(diag) {
        Some(l) => {
            let (line, col) = chunk.line_col(l.offset());
            format!("{file}:{line}:{col}")
        }
        None => file.to_string(),
    };
    let mut s = format!("{at}: {}{code}: {diag}", severity_word(diag.severity()));
    if let Some(help) = diag.help() {
        s.push_str(&format!(" (help: {help})"));
    }
    s
}

/// One GitHub Actions workflow command: `::error file=F,line=L,col=C,endLine=…,
/// endColumn=…,title=CODE::message`, the help on a line of its own in the message.
/// Warnings are `::warning`, advice `::notice`; the escapes are the runner's (`%`, CR
/// and LF in the message; also `:` and `,` in a property).
fn github_line(file: &str, chunk: &Chunk, diag: &dyn Diagnostic) -> String {
    let command = match diag.severity().unwrap_or(Severity::Error) {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Advice => "notice",
    };
    let mut props = vec![format!("file={}", github_escape(file, true))];
    if let Some(l) = primary_label(diag) {
        let (line, col) = chunk.line_col(l.offset());
        let (end_line, end_col) = chunk.line_col(l.offset() + l.len());
        props.push(format!("line={line}"));
        props.push(format!("col={col}"));
        props.push(format!("endLine={end_line}"));
        props.push(format!("endColumn={end_col}"));
    }
    if let Some(code) = diag.code() {
        props.push(format!("title={}", github_escape(&code.to_string(), true)));
    }
    let mut message = diag.to_string();
    if let Some(help) = diag.help() {
        message.push_str(&format!("\nhelp: {help}"));
    }
    format!(
        "::{command} {}::{}",
        props.join(","),
        github_escape(&message, false)
    )
}

/// Escapes a workflow command's message (`property: false`) or property value.
fn github_escape(text: &str, property: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            ':' if property => out.push_str("%3A"),
            ',' if property => out.push_str("%2C"),
            c => out.push(c),
        }
    }
    out
}

/// A diagnostic with its spans moved into one chunk, and that chunk as its source.
pub struct Localized<'a> {
    inner: &'a dyn Diagnostic,
    chunk: &'a Chunk,
    source: ChunkSource<'a>,
}

impl<'a> Localized<'a> {
    pub fn new(inner: &'a dyn Diagnostic, chunk: &'a Chunk, name: &'a str) -> Self {
        Localized {
            inner,
            chunk,
            source: ChunkSource { chunk, name },
        }
    }

    fn local(&self, label: &LabeledSpan) -> LabeledSpan {
        let span = self
            .chunk
            .local_span(Span::new(label.offset(), label.offset() + label.len()));
        let text = label.label().map(str::to_string);
        if label.primary() {
            LabeledSpan::new_primary_with_span(text, (span.start, span.len()))
        } else {
            LabeledSpan::new_with_span(text, (span.start, span.len()))
        }
    }
}

impl fmt::Debug for Localized<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.inner, f)
    }
}

impl fmt::Display for Localized<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.inner, f)
    }
}

impl std::error::Error for Localized<'_> {}

impl Diagnostic for Localized<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.code()
    }
    fn severity(&self) -> Option<Severity> {
        self.inner.severity()
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.help()
    }
    fn url<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.url()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let labels: Vec<LabeledSpan> = self.inner.labels()?.map(|l| self.local(&l)).collect();
        Some(Box::new(labels.into_iter()))
    }
}

/// A chunk as miette source code: chunk-local offsets, the file's line numbers.
struct ChunkSource<'a> {
    chunk: &'a Chunk,
    name: &'a str,
}

impl SourceCode for ChunkSource<'_> {
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        let inner = self.chunk.text.read_span(span, before, after)?;
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_string(),
            inner.data(),
            *inner.span(),
            inner.line() + self.chunk.first_line - 1,
            inner.column(),
            inner.line_count(),
        )))
    }
}

/// The adapter from any (localized) miette diagnostic to an ariadne report.
fn ariadne_report(diag: &Localized, file: &str, chunk: &Chunk, color: bool, out: &mut String) {
    use ariadne::{Config, IndexType, Label, Report, ReportKind, Source};
    let kind = match diag.severity().unwrap_or(Severity::Error) {
        Severity::Error => ReportKind::Error,
        Severity::Warning => ReportKind::Warning,
        Severity::Advice => ReportKind::Advice,
    };
    let mut labels: Vec<LabeledSpan> = diag.labels().map(|l| l.collect()).unwrap_or_default();
    // ariadne draws labels as one snippet only when they come in file order.
    labels.sort_by_key(|l| l.offset());
    let anchor = labels
        .iter()
        .find(|l| l.primary())
        .or(labels.first())
        .map_or(0..0, |l| l.offset()..l.offset() + l.len());
    let mut report = Report::build(kind, (file, anchor))
        .with_config(
            Config::default()
                .with_color(color)
                .with_index_type(IndexType::Byte),
        )
        .with_message(diag.to_string());
    if let Some(code) = diag.code() {
        report = report.with_code(code);
    }
    for l in &labels {
        let mut label = Label::new((file, l.offset()..l.offset() + l.len()));
        if let Some(text) = l.label() {
            label = label.with_message(text);
        }
        report = report.with_label(label);
    }
    if let Some(help) = diag.help() {
        report = report.with_help(help);
    }
    let source = Source::from(chunk.text.as_str()).with_display_line_offset(chunk.first_line - 1);
    let mut buf = Vec::new();
    if report.finish().write((file, source), &mut buf).is_ok() {
        out.push_str(&String::from_utf8_lossy(&buf));
    } else {
        out.push_str(&diag.to_string());
        out.push('\n');
    }
}

/// One diagnostic as JSON (schema version [`JSON_SCHEMA`]); lines and columns are 1-based,
/// columns count characters, spans are byte offsets into the file.
#[derive(Debug, Serialize)]
pub struct JsonDiagnostic {
    pub schema: u32,
    /// Always `diagnostic`: what tells this object from a file's summary.
    pub kind: &'static str,
    pub code: Option<String>,
    pub severity: &'static str,
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub span: Option<Span>,
    pub message: String,
    pub labels: Vec<JsonLabel>,
    pub help: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct JsonLabel {
    pub primary: bool,
    pub message: Option<String>,
    pub line: usize,
    pub column: usize,
    pub span: Span,
}

impl JsonDiagnostic {
    pub fn new(file: &str, chunk: &Chunk, diag: &dyn Diagnostic) -> Self {
        let labels: Vec<JsonLabel> = diag
            .labels()
            .map(|ls| {
                ls.map(|l| {
                    let (line, column) = chunk.line_col(l.offset());
                    JsonLabel {
                        primary: l.primary(),
                        message: l.label().map(str::to_string),
                        line,
                        column,
                        span: Span::new(l.offset(), l.offset() + l.len()),
                    }
                })
                .collect()
            })
            .unwrap_or_default();
        let primary = labels.iter().find(|l| l.primary).or(labels.first());
        JsonDiagnostic {
            schema: JSON_SCHEMA,
            kind: "diagnostic",
            code: diag.code().map(|c| c.to_string()),
            severity: severity_word(diag.severity()),
            file: file.to_string(),
            line: primary.map(|l| l.line),
            column: primary.map(|l| l.column),
            span: primary.map(|l| l.span),
            message: diag.to_string(),
            help: diag.help().map(|h| h.to_string()),
            labels,
        }
    }
}

/// The last object of a file's JSON output: how its games came out, as the human
/// summary line counts them.
#[derive(Debug, Serialize)]
pub struct JsonSummary {
    pub schema: u32,
    /// Always `summary`.
    pub kind: &'static str,
    pub file: String,
    pub games: usize,
    pub legal: usize,
    pub illegal: usize,
    pub undecided: usize,
    /// Rule violations, waived ones not counted.
    pub violations: usize,
    /// Diagnostics that stopped an input from being fully checked.
    pub errors: usize,
    /// Distinct card faces taken as written that the legal games rest on, summed over
    /// those games (`legal (3 die faces unverified)`).
    pub unverified_faces: usize,
    /// Violations and undecided text that waivers let stand in the legal games
    /// (`legal, with 2 waivers`).
    pub waivers: usize,
}

impl JsonSummary {
    pub fn new(file: &str, report: &crate::check::FileReport) -> Self {
        JsonSummary {
            schema: JSON_SCHEMA,
            kind: "summary",
            file: file.to_string(),
            games: report.games,
            legal: report.legal,
            illegal: report.illegal,
            undecided: report.undecided,
            violations: report.violations,
            errors: report.errors,
            unverified_faces: report.unverified_faces,
            waivers: report.waivers,
        }
    }

    /// The object on a line of its own.
    pub fn line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default() + "\n"
    }
}
