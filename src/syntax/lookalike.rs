//! Invisible and look-alike characters that editors and word processors put into text,
//! each with its name and the ASCII to type instead: the one table every diagnostic that
//! shows such a character asks.
//!
//! The notation is ASCII outside names and quoted text, so a non-breaking space or a
//! curly quote makes a line fail to parse with a message that looks wrong (the line
//! *looks* right). Naming the character is what makes the message true.

use super::ast::Span;
use super::error::SyntaxError;

/// The name of a look-alike character and what to type instead, if `c` is one. A tab is
/// not here: it is a blank of the notation, and only odd inside a word (see [`explain`]).
pub fn lookalike(c: char) -> Option<(&'static str, &'static str)> {
    Some(match c {
        '\u{A0}' => ("a non-breaking space", "type a plain space"),
        '\u{2007}' | '\u{202F}' => ("a narrow non-breaking space", "type a plain space"),
        '\u{2002}'..='\u{2006}' | '\u{2008}' | '\u{2009}' | '\u{200A}' | '\u{3000}' => {
            ("a typographic space", "type a plain space")
        }
        '\u{200B}' => ("a zero-width space", "delete it"),
        '\u{200C}' | '\u{200D}' | '\u{2060}' => ("a zero-width joiner", "delete it"),
        '\u{FEFF}' => ("a byte-order mark inside the text", "delete it"),
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{2032}' => {
            ("a curly single quote", "type a plain `'`")
        }
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{2033}' => {
            ("a curly double quote", "type a plain `\"`")
        }
        '\u{2010}' | '\u{2011}' => ("a typographic hyphen", "type a plain `-`"),
        '\u{2012}' | '\u{2013}' => ("an en dash", "type a plain `-`"),
        '\u{2014}' | '\u{2015}' => ("an em dash", "type a plain `-`"),
        '\u{2212}' => ("a minus sign", "type a plain `-`"),
        '\u{2192}' | '\u{27F6}' | '\u{21D2}' => ("an arrow character", "type `->`"),
        '\u{00D7}' => ("a multiplication sign", "type a plain `x`"),
        '\u{FF1A}' | '\u{2236}' => ("a full-width colon", "type a plain `:`"),
        _ => return None,
    })
}

/// What to tell about the first look-alike character of a statement that did not parse:
/// `text` starts at absolute offset `at`, and the parser failed on `failed`. A tab counts
/// only inside a token (`SK\t:fist`) at or just before the failure.
fn explain(text: &str, at: usize, failed: Span) -> Option<(Span, String)> {
    let bytes = text.as_bytes();
    text.char_indices().find_map(|(i, c)| {
        let span = Span::new(at + i, at + i + c.len_utf8());
        let (name, instead) = if c == '\t' {
            // Inside a token such as `SK:\tfist`: blanks on neither side, and not
            // between two plain words (`buy\tCA` is a tab used as a space).
            let before = if i > 0 { bytes[i - 1] } else { b' ' };
            let after = bytes.get(i + 1).copied().unwrap_or(b' ');
            let blank = |b: u8| b == b' ' || b == b'\t';
            let between_words = before.is_ascii_alphanumeric() && after.is_ascii_alphanumeric();
            let inside_word = !blank(before) && !blank(after) && !between_words;
            let near = span.start + 1 >= failed.start && span.start <= failed.end;
            if !(inside_word && near) {
                return None;
            }
            ("a tab inside a word", "type a plain space or nothing")
        } else {
            lookalike(c)?
        };
        Some((span, format!("{name} (U+{:04X}): {instead}", u32::from(c))))
    })
}

/// Names the first look-alike character of `text` (a statement at absolute offset `at`)
/// in `err`, the diagnostic of its failed parse: a label on the character, and the help
/// says what to type instead. An error already pointing elsewhere keeps its own label.
pub(crate) fn name_lookalike(err: &mut SyntaxError, text: &str, at: usize) {
    let Some((span, what)) = explain(text, at, err.span) else {
        return;
    };
    let help = match err.help.take() {
        Some(h) => format!("this line holds {what}; {h}"),
        None => format!("this line holds {what}"),
    };
    err.help = Some(help);
    if err.context.is_none() && span != err.span {
        err.context = Some((span, what));
    } else if span == err.span {
        err.label = what;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::SyntaxCode;

    fn err_at(span: Span) -> SyntaxError {
        SyntaxError::new(SyntaxCode::UnexpectedToken, span, "m", "l").with_help("h")
    }

    #[test]
    fn every_lookalike_has_an_ascii_replacement() {
        for c in ['\u{A0}', '‘', '’', '“', '”', '–', '—', '→', '×', '\u{200B}'] {
            let (name, instead) = lookalike(c).unwrap();
            assert!(!name.is_empty() && !instead.is_empty(), "{c:?}");
        }
        assert_eq!(lookalike('a'), None);
        assert_eq!(lookalike('é'), None, "names may hold accented letters");
    }

    #[test]
    fn a_non_breaking_space_is_named_with_its_replacement() {
        let text = "buy\u{A0}CA pay SK:fist";
        let mut e = err_at(Span::new(103, 103));
        name_lookalike(&mut e, text, 100);
        let help = e.help.unwrap();
        assert!(
            help.contains("a non-breaking space (U+00A0): type a plain space"),
            "{help}"
        );
        assert_eq!(e.context.unwrap().0, Span::new(103, 105));
    }

    #[test]
    fn a_tab_counts_only_inside_a_word_near_the_failure() {
        let mut e = err_at(Span::new(4, 5));
        name_lookalike(&mut e, "buy\tCA", 0);
        assert_eq!(e.help.as_deref(), Some("h"));
        let mut e = err_at(Span::new(7, 8));
        name_lookalike(&mut e, "buy CA\tB pay", 0);
        assert_eq!(e.help.as_deref(), Some("h"));
        let mut e = err_at(Span::new(7, 8));
        name_lookalike(&mut e, "roll SK\t:fist", 0);
        assert!(e.help.unwrap().contains("a tab inside a word"));
    }
}
