//! Every diagnostic code dmlint can emit, and `dmlint explain`'s lookup over them.
//!
//! Each family keeps its own table, declared with [`crate::diag::code_table!`]; this
//! module only answers "which documentation belongs to this code?".

use crate::cards::CardCode;
use crate::diag::Code;
use crate::engine::EngineCode;
use crate::fixture::FixtureCode;
use crate::rules::{RuleCode, citations};
use crate::syntax::{Edition, SyntaxCode};

/// A code's full name and its documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    pub code: &'static str,
    pub doc: String,
}

/// Every known code: each family's table in order.
pub fn all() -> Vec<Explanation> {
    family(SyntaxCode::ALL)
        .chain(family(CardCode::ALL))
        .chain(RuleCode::ALL.iter().map(|&c| rule(c)))
        .chain(family(EngineCode::ALL))
        .chain(family(FixtureCode::ALL))
        .collect()
}

fn family<C: Code>(codes: &'static [C]) -> impl Iterator<Item = Explanation> {
    codes.iter().map(|c| Explanation {
        code: c.code(),
        doc: c.doc(),
    })
}

/// A rule's documentation, ending with the section that states it in each edition's
/// rulebook, with our copy's lines (every rule but the format lists').
fn rule(code: RuleCode) -> Explanation {
    let mut doc = code.doc();
    let cited: Vec<String> = [Edition::Rules2014, Edition::Rules2016, Edition::Rules2018]
        .into_iter()
        .filter_map(|e| {
            citations::cite(code, e)
                .or_else(|| citations::team(code, e))
                .map(|c| format!("rules {e}: {c} ({})", c.lines))
        })
        .collect();
    if !cited.is_empty() {
        doc.push_str("\nIn the rulebook of each edition:\n\n");
        for line in cited {
            doc.push_str(&format!("- {line}\n"));
        }
    }
    Explanation {
        code: code.code(),
        doc,
    }
}

/// Finds codes by full name (`dmlint::syntax::unknown-keyword`), family-relative name
/// (`syntax::unknown-keyword`) or short name (`unknown-keyword`). A short name may belong
/// to several families (`invalid-face` is a syntax and a cards code): all are returned.
pub fn explain(query: &str) -> Vec<Explanation> {
    let q = query.trim();
    all()
        .into_iter()
        .filter(|e| {
            e.code == q
                || e.code.strip_prefix("dmlint::") == Some(q)
                || e.code.rsplit("::").next() == Some(q)
        })
        .collect()
}

impl Explanation {
    /// The documentation for a terminal: fenced examples become indented blocks.
    pub fn for_terminal(&self) -> String {
        let mut out = String::new();
        let mut in_fence = false;
        for line in self.doc.trim_end().lines() {
            // Each doc comment line keeps the space after `///`.
            let line = line.strip_prefix(' ').unwrap_or(line);
            if line.trim_start().starts_with("```") {
                in_fence = !in_fence;
                continue;
            }
            if in_fence {
                out.push_str("    ");
            }
            out.push_str(line);
            out.push('\n');
        }
        out
    }
}

/// The first sentence of a documentation: its first paragraph, joined, up to the first
/// full stop that ends a sentence (doc comments wrap mid-sentence, so the first line
/// alone would cut it).
pub fn first_sentence(doc: &str) -> String {
    let paragraph: Vec<&str> = doc
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty() && !l.starts_with("```"))
        .collect();
    let text = paragraph.join(" ");
    let mut from = 0;
    while let Some(at) = text[from..].find(". ") {
        let end = from + at + 1;
        // A full stop after an abbreviation does not end the sentence.
        let word = text[..end].rsplit(' ').next().unwrap_or("");
        let word = word.trim_start_matches(['(', '`', '"']);
        if !["e.g.", "i.e.", "vs.", "etc."].contains(&word) {
            return text[..end].to_string();
        }
        from = end;
    }
    text
}

/// The list `dmlint explain` prints: each code and the first sentence of its
/// documentation, wrapped at `width` columns under a column of codes, never cut. A code
/// too long for the column, or a width too narrow for two columns, puts the sentence on
/// the lines under it.
pub fn list(width: usize) -> String {
    const COLUMN: usize = 46;
    let two_columns = width >= COLUMN + 30;
    let indent = if two_columns { COLUMN } else { 4 };
    let mut out = String::new();
    for e in all() {
        let sentence = first_sentence(&e.doc);
        let mut line = e.code.to_string();
        if two_columns && e.code.len() < COLUMN {
            line.push_str(&" ".repeat(COLUMN - e.code.len()));
        } else {
            out.push_str(&line);
            out.push('\n');
            line = " ".repeat(indent);
        }
        let mut empty = true;
        for word in sentence.split_whitespace() {
            if !empty && line.chars().count() + 1 + word.chars().count() > width {
                out.push_str(&line);
                out.push('\n');
                line = " ".repeat(indent);
                empty = true;
            }
            if !empty {
                line.push(' ');
            }
            line.push_str(word);
            empty = false;
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Codes close to a mistyped query, for "did you mean".
pub fn near(query: &str) -> Vec<&'static str> {
    let short = query.rsplit("::").next().unwrap_or(query);
    all()
        .into_iter()
        .filter(|e| {
            let name = e.code.rsplit("::").next().unwrap_or(e.code);
            strsim::damerau_levenshtein(short, name) <= 3 || name.contains(short)
        })
        .map(|e| e.code)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_keeps_whole_sentences_within_the_width() {
        for width in [80, 100, 60] {
            let list = list(width);
            for line in list.lines() {
                assert!(line.chars().count() <= width, "{width}: {line:?}");
            }
            // Every code starts a line, and its sentence, read back across the wrapped
            // lines, is the whole first sentence.
            let mut entries: Vec<(String, String)> = Vec::new();
            for line in list.lines() {
                if let Some(code) = line.strip_prefix("dmlint::") {
                    let (code, rest) = code.split_once(' ').unwrap_or((code, ""));
                    entries.push((format!("dmlint::{code}"), rest.trim().to_string()));
                } else {
                    let last = entries.last_mut().unwrap();
                    if !last.1.is_empty() {
                        last.1.push(' ');
                    }
                    last.1.push_str(line.trim());
                }
            }
            let all = all();
            assert_eq!(entries.len(), all.len());
            for ((code, text), e) in entries.iter().zip(&all) {
                assert_eq!(code, e.code);
                assert_eq!(*text, first_sentence(&e.doc), "{code}");
                assert!(text.ends_with('.') || text.ends_with(')'), "{code}: {text}");
            }
        }
    }

    #[test]
    fn a_first_sentence_runs_across_wrapped_lines_and_past_abbreviations() {
        let doc = " A keyword written with capitals: a warning, and the line is read as\n                    if it were lower case, e.g. `Turn`. More.\n\n ```text\n x\n ```\n";
        assert_eq!(
            first_sentence(doc),
            "A keyword written with capitals: a warning, and the line is read as if it were \
             lower case, e.g. `Turn`."
        );
    }

    #[test]
    fn every_code_of_every_family_is_unique_kebab_case_and_documented() {
        let mut seen = std::collections::HashSet::new();
        for e in all() {
            assert!(seen.insert(e.code), "duplicate {}", e.code);
            let mut parts = e.code.split("::");
            assert_eq!(parts.next(), Some("dmlint"), "{}", e.code);
            assert!(
                matches!(
                    parts.next(),
                    Some("syntax" | "cards" | "rules" | "engine" | "fixture")
                ),
                "{}",
                e.code
            );
            let name = parts.next().unwrap_or("");
            assert!(
                !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{}",
                e.code
            );
            assert!(e.doc.trim().len() > 20, "{} is undocumented", e.code);
        }
    }

    #[test]
    fn explain_accepts_full_family_and_short_names() {
        for q in [
            "dmlint::syntax::unknown-keyword",
            "syntax::unknown-keyword",
            "unknown-keyword",
        ] {
            let found: Vec<&str> = explain(q).iter().map(|e| e.code).collect();
            assert_eq!(found, vec!["dmlint::syntax::unknown-keyword"]);
        }
        assert!(explain("no-such-code").is_empty());
        // A short name shared by two families gives both; a family name picks one.
        let found: Vec<&str> = explain("invalid-face").iter().map(|e| e.code).collect();
        assert_eq!(
            found,
            vec![
                "dmlint::syntax::invalid-face",
                "dmlint::cards::invalid-face"
            ]
        );
        assert_eq!(explain("cards::invalid-face").len(), 1);
    }

    #[test]
    fn terminal_docs_indent_examples_instead_of_fencing_them() {
        let e = &explain("unknown-keyword")[0];
        assert!(e.doc.contains("```text"));
        let text = e.for_terminal();
        assert!(!text.contains("```"));
        assert!(text.contains("\n    rerol SK:L1->bolt"));
    }

    #[test]
    fn a_move_rule_cites_the_book_of_each_edition() {
        let e = &explain("damage-assignment")[0];
        let text = e.for_terminal();
        for book in [
            "rules 2014: Avengers vs. X-Men rulebook (2014), ",
            "rules 2016: Iron Man and War Machine rulebook (2016), ",
            "rules 2018: Avengers Infinity rulebook (2018), ",
        ] {
            assert!(text.contains(book), "{book} missing:\n{text}");
        }
        assert!(text.contains("ASSIGN DAMAGE (000 lines "), "{text}");
        // Team rules cite each edition's team-building section too; the format lists,
        // which are organized play's and in no rulebook, cite none.
        let team = &explain("team-dice-count")[0].doc;
        assert!(
            team.contains("rules 2016: Iron Man and War Machine rulebook (2016), CUSTOMIZING YOUR TEAM, TOURNAMENT TEAMS (002 lines 725-725)"),
            "{team}"
        );
        assert!(!explain("team-format-card")[0].doc.contains("rules 2014:"));
    }

    #[test]
    fn near_finds_typos() {
        assert!(near("unknown-keywrd").contains(&"dmlint::syntax::unknown-keyword"));
    }
}
