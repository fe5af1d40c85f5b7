//! Every diagnostic code dmlint can emit, and `dmlint explain`'s lookup over them.
//!
//! Each family keeps its own table, declared with [`crate::diag::code_table!`]; this
//! module only answers "which documentation belongs to this code?".

use crate::cards::CardCode;
use crate::diag::Code;
use crate::rules::RuleCode;
use crate::syntax::SyntaxCode;

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
        .chain(family(RuleCode::ALL))
        .collect()
}

fn family<C: Code>(codes: &'static [C]) -> impl Iterator<Item = Explanation> {
    codes.iter().map(|c| Explanation {
        code: c.code(),
        doc: c.doc(),
    })
}

/// Finds a code by its full name (`dmlint::syntax::unknown-keyword`), its family-relative
/// name (`syntax::unknown-keyword`) or its short name (`unknown-keyword`).
pub fn explain(query: &str) -> Option<Explanation> {
    let q = query.trim();
    all().into_iter().find(|e| {
        e.code == q
            || e.code.strip_prefix("dmlint::") == Some(q)
            || e.code.rsplit("::").next() == Some(q)
    })
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
    fn explain_accepts_full_family_and_short_names() {
        for q in [
            "dmlint::syntax::unknown-keyword",
            "syntax::unknown-keyword",
            "unknown-keyword",
        ] {
            assert_eq!(
                explain(q).map(|e| e.code),
                Some("dmlint::syntax::unknown-keyword")
            );
        }
        assert_eq!(explain("no-such-code"), None);
    }

    #[test]
    fn terminal_docs_indent_examples_instead_of_fencing_them() {
        let e = explain("unknown-keyword").unwrap();
        assert!(e.doc.contains("```text"));
        let text = e.for_terminal();
        assert!(!text.contains("```"));
        assert!(text.contains("\n    rerol SK:L1->bolt"));
    }

    #[test]
    fn near_finds_typos() {
        assert!(near("unknown-keywrd").contains(&"dmlint::syntax::unknown-keyword"));
    }
}
