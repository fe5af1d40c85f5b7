//! The one diagnostic type every family of codes shares, and the macro that declares a
//! family's code table.
//!
//! A family (`syntax`, `cards`, later `rules`) is an enum declared once with
//! [`code_table!`]: each variant's doc comment is its documentation, which
//! `dmlint explain` prints. [`Problem`] carries a code, the primary span and label, an
//! optional secondary label on the line that set up the context, and a help line.

use std::fmt;

use miette::{Diagnostic, LabeledSpan, Severity};

use crate::syntax::Span;

/// The candidate closest to `word`, if it is close enough to be a likely typo: one edit
/// for words of up to three letters, two for longer ones. Every "did you mean" of a
/// keyword, face, zone or field name asks this.
pub fn nearest<'k>(word: &str, candidates: &[&'k str]) -> Option<&'k str> {
    let len = word.chars().count();
    let limit = if len <= 3 { 1 } else { 2 };
    candidates
        .iter()
        // The distance is at least the difference in length: a cheap test first, since
        // a file of bad lines asks this once per line for every keyword.
        .filter(|c| c.chars().count().abs_diff(len) <= limit)
        .map(|c| (strsim::damerau_levenshtein(word, c), *c))
        .filter(|(d, c)| *d <= limit && *c != word)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// What every diagnostic code can tell about itself.
pub trait Code: Copy + fmt::Debug + Send + Sync + 'static {
    /// The full code, e.g. `dmlint::syntax::unknown-keyword`.
    fn code(self) -> &'static str;
    /// The code's documentation: its doc comment (for a rule, its file's `//!` header).
    fn doc(self) -> String;
}

/// Declares a family's code table: `code_table! { "family", Enum; /// docs  Variant = "name", … }`.
macro_rules! code_table {
    ($family:literal, $enum:ident; $( $(#[doc = $doc:literal])+ $variant:ident = $name:literal, )+) => {
        #[doc = concat!("A stable `dmlint::", $family, "::…` diagnostic code.")]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
        pub enum $enum { $( $(#[doc = $doc])+ $variant, )+ }

        impl $enum {
            /// Every code, in table order.
            pub const ALL: &'static [$enum] = &[$($enum::$variant),+];

            /// The short name, e.g. `unknown-keyword`.
            pub fn name(self) -> &'static str {
                match self { $($enum::$variant => $name,)+ }
            }
        }

        impl $crate::diag::Code for $enum {
            fn code(self) -> &'static str {
                match self { $($enum::$variant => concat!("dmlint::", $family, "::", $name),)+ }
            }
            fn doc(self) -> String {
                match self { $($enum::$variant => concat!($($doc, "\n"),+),)+ }.to_string()
            }
        }
    };
}
pub(crate) use code_table;

/// A diagnostic of family `C`, with everything needed to render it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem<C> {
    pub code: C,
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

impl<C: Code> Problem<C> {
    pub fn new(code: C, span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        Problem {
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

impl<C> fmt::Display for Problem<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl<C: Code> std::error::Error for Problem<C> {}

impl<C: Code> Diagnostic for Problem<C> {
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
