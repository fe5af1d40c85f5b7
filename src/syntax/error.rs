//! Syntax diagnostics: the one table of `dmlint::syntax::…` codes, and the error type.
//!
//! Each code's doc comment is its documentation: `dmlint explain CODE` prints it, so it
//! says what is wrong, shows an example, and says how to fix it.

use std::fmt;

use miette::{Diagnostic, LabeledSpan, Severity};
use serde::Serialize;

use super::ast::Span;

/// Declares the code table: each variant, its stable name and its documentation.
macro_rules! syntax_codes {
    ($( $(#[doc = $doc:literal])+ $variant:ident = $name:literal, )+) => {
        /// A stable syntax diagnostic code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
        pub enum SyntaxCode { $( $(#[doc = $doc])+ $variant, )+ }

        impl SyntaxCode {
            /// Every code, in table order.
            pub const ALL: &'static [SyntaxCode] = &[$(SyntaxCode::$variant),+];

            /// The short name, e.g. `unknown-keyword`.
            pub fn name(self) -> &'static str {
                match self { $(SyntaxCode::$variant => $name,)+ }
            }

            /// The full code, e.g. `dmlint::syntax::unknown-keyword`.
            pub fn code(self) -> &'static str {
                match self { $(SyntaxCode::$variant => concat!("dmlint::syntax::", $name),)+ }
            }

            /// The code's documentation (its doc comment).
            pub fn doc(self) -> &'static str {
                match self { $(SyntaxCode::$variant => concat!($($doc, "\n"),+),)+ }
            }
        }
    };
}

syntax_codes! {
    /// The file does not start with `dmlog 1`.
    ///
    /// Every log names the version of the notation on its first line (blank lines and
    /// comments may come before it), so that a later version can change the notation
    /// without old logs being misread.
    ///
    /// ```text
    /// dmlog 1
    /// rules 2018
    /// ```
    MissingHeader = "missing-header",
    /// The file is written in a version of the notation this dmlint does not know.
    ///
    /// This dmlint reads `dmlog 1`. A log written for a newer version needs a newer dmlint.
    UnsupportedVersion = "unsupported-version",
    /// A line starts with a word that is not a keyword of the notation.
    ///
    /// Every line starts with a keyword (`turn`, `draw`, `roll`, `buy` …), an actor
    /// (`Mike: pass`), or a card alias being defined (`CA = Captain America: American Hero`).
    /// The help line suggests the nearest keyword:
    ///
    /// ```text
    /// rerol SK:L1->bolt      # did you mean `reroll`?
    /// ```
    UnknownKeyword = "unknown-keyword",
    /// The line starts well but something on it is not what the notation allows there.
    ///
    /// The label points at the first token that could not be read, and the help line says
    /// what was expected instead:
    ///
    /// ```text
    /// buy CA SK:fist         # expected `pay` and the payment after the cards bought
    /// ```
    UnexpectedToken = "unexpected-token",
    /// A die face that the notation does not know.
    ///
    /// Faces are energy (`fist`, `bolt`, `mask`, `shield`, `wild`, `2fist`, `fist+bolt`,
    /// `2gen` for two generic, each optionally with bursts: `bolt*`), character levels
    /// (`L1`, `L2*`) or action faces (`act`, `*`, `**`):
    ///
    /// ```text
    /// roll SK:fst            # did you mean `fist`?
    /// ```
    InvalidFace = "invalid-face",
    /// A number that is too large (more than nine digits).
    InvalidNumber = "invalid-number",
    /// A word used as an alias or player name is one the notation reserves.
    ///
    /// `none`, `virtual`, `pay`, `target`, `choose`, `order`, `may`, `roll`, `draw`,
    /// `prevent`, `redirect`, `to`, `yes` and `no` end lists and start clauses, and `SK`
    /// is every player's sidekick die, so none of them can name a card or a player.
    /// Neither can `x` followed by digits, which is a count (`SK x3`).
    ReservedWord = "reserved-word",
    /// The same alias is defined twice in one game.
    ///
    /// Aliases name cards throughout the game, so each must be unique, even across the two
    /// teams. The second label points at the first definition.
    DuplicateAlias = "duplicate-alias",
    /// A card line that is not inside a `team` or `middle` section.
    ///
    /// ```text
    /// team Eric
    /// CA = Captain America: American Hero x2
    /// ```
    CardOutsideTeam = "card-outside-team",
    /// A move before any turn has started.
    ///
    /// Moves belong to a turn: write `turn N PLAYER` first, or start from a `position`
    /// block, which names the turn and step.
    MoveOutsideTurn = "move-outside-turn",
    /// A line where the notation does not allow it.
    ///
    /// Examples: `dmlog 1` anywhere but the top; settings (`rules`, `format`, `sets`,
    /// `tag`) after the first turn; a move inside a `position` block (only state lines
    /// belong there); a line other than a setting between the header and the first `game`
    /// of a multi-game file; `turn 4 Eric main` (a turn with its step) outside a position.
    MisplacedLine = "misplaced-line",
    /// A `position` block that is never closed with `end`.
    UnclosedPosition = "unclosed-position",
    /// An `end` with nothing to end: no turn is under way and no position block is open.
    StrayEnd = "stray-end",
    /// A quoted string that is not closed on its line.
    UnterminatedString = "unterminated-string",
    /// A line that is not valid UTF-8.
    ///
    /// Logs are UTF-8 text. The offending bytes are shown as `?` and the line is not read.
    InvalidUtf8 = "invalid-utf8",
    /// A line holding a control character, such as a NUL byte.
    ///
    /// Tabs and line ends are the only control characters a log may hold. A NUL usually
    /// means a binary or damaged file. The character is shown as `?` and the line is not read.
    ControlCharacter = "control-character",
    /// A line longer than 64 KiB.
    ///
    /// No log line needs to be that long; such a line is almost always damaged data. Only
    /// the start of the line is kept, to show where it is; the line is not read.
    LineTooLong = "line-too-long",
    /// More diagnostics than dmlint prints for one file.
    ///
    /// Past the limit (`--max-diagnostics`, 50 by default) the remaining diagnostics of the
    /// file are counted, not printed: fix the first ones, which often cause the rest.
    TooManyDiagnostics = "too-many-diagnostics",
    /// The file could not be read (it does not exist, is a directory, or is unreadable).
    Unreadable = "unreadable",
}

/// A syntax problem, with everything needed to render it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub code: SyntaxCode,
    /// The primary span: the exact token at fault.
    pub span: Span,
    pub message: String,
    /// The primary label's text.
    pub label: String,
    pub help: Option<String>,
    /// A secondary label on the line that set up the context.
    pub context: Option<(Span, String)>,
    pub severity: Severity,
}

impl SyntaxError {
    pub fn new(
        code: SyntaxCode,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
    ) -> Self {
        SyntaxError {
            code,
            span,
            message: message.into(),
            label: label.into(),
            help: None,
            context: None,
            severity: Severity::Error,
        }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_context(mut self, span: Span, label: impl Into<String>) -> Self {
        self.context = Some((span, label.into()));
        self
    }

    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SyntaxError {}

impl Diagnostic for SyntaxError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code.code()))
    }

    fn severity(&self) -> Option<Severity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_deref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let primary = LabeledSpan::new_primary_with_span(
            Some(self.label.clone()),
            (self.span.start, self.span.len()),
        );
        let context = self
            .context
            .iter()
            .map(|(s, l)| LabeledSpan::new_with_span(Some(l.clone()), (s.start, s.len())));
        Some(Box::new(std::iter::once(primary).chain(context)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_kebab_case_and_documented() {
        let mut seen = std::collections::HashSet::new();
        for code in SyntaxCode::ALL {
            assert!(seen.insert(code.name()), "duplicate {}", code.name());
            assert!(
                code.name()
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-' || c.is_ascii_digit())
            );
            assert!(code.code().ends_with(code.name()));
            assert!(
                code.doc().trim().len() > 20,
                "{} is undocumented",
                code.name()
            );
        }
    }

    #[test]
    fn doc_is_the_variants_doc_comment() {
        assert!(
            SyntaxCode::UnknownKeyword
                .doc()
                .contains("did you mean `reroll`?")
        );
    }
}
