//! The rules: one file per violation, each code assigned once in the table below.
//!
//! A rule file's `//!` header is that rule's documentation — what is wrong, the rulebook
//! section, an example, what is legal instead — and `dmlint explain CODE` prints exactly
//! that header. Each file has a `check` that appends its violations for a game's setup.
//! So far the rules cover team legality (issue 3); the move-by-move engine comes next.

pub mod setup;

// The rule files. They are declared here, not by `rule_table!`, so that rustfmt and
// editors see them; the table names each one, so the compiler rejects a missing file, and
// clippy (dead code) one the table forgets.
pub mod first_game_setup;
pub mod team_basic_actions;
pub mod team_card_count;
pub mod team_card_kind;
pub mod team_card_without_dice;
pub mod team_dice_count;
pub mod team_die_limit;
pub mod team_duplicate_title;

use crate::cards::Pool;
use crate::diag::Problem;
use crate::syntax::{Game, Header};

pub use setup::{Format, Setup};

/// Declares the rule table: `Variant = "code-name" in module,` — the module is the rule's
/// file, whose `//!` header is the code's documentation.
macro_rules! rule_table {
    ($($variant:ident = $name:literal in $module:ident,)+) => {
        /// A stable `dmlint::rules::…` code: one per rule file.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
        pub enum RuleCode { $($variant,)+ }

        impl RuleCode {
            /// Every code, in table order.
            pub const ALL: &'static [RuleCode] = &[$(RuleCode::$variant),+];

            /// The short name, e.g. `team-dice-count`.
            pub fn name(self) -> &'static str {
                match self { $(RuleCode::$variant => $name,)+ }
            }

            /// The source of the rule's file.
            fn source(self) -> &'static str {
                match self {
                    $(RuleCode::$variant => include_str!(concat!(stringify!($module), ".rs")),)+
                }
            }
        }

        impl crate::diag::Code for RuleCode {
            fn code(self) -> &'static str {
                match self { $(RuleCode::$variant => concat!("dmlint::rules::", $name),)+ }
            }
            fn doc(self) -> String {
                header_doc(self.source())
            }
        }

        /// Every rule's violations in this setup, in table order.
        fn check_all(setup: &Setup, out: &mut Vec<Violation>) {
            $($module::check(setup, out);)+
        }
    };
}

rule_table! {
    TeamCardCount = "team-card-count" in team_card_count,
    TeamDiceCount = "team-dice-count" in team_dice_count,
    TeamBasicActions = "team-basic-actions" in team_basic_actions,
    TeamDieLimit = "team-die-limit" in team_die_limit,
    TeamCardWithoutDice = "team-card-without-dice" in team_card_without_dice,
    TeamDuplicateTitle = "team-duplicate-title" in team_duplicate_title,
    TeamCardKind = "team-card-kind" in team_card_kind,
    FirstGameSetup = "first-game-setup" in first_game_setup,
}

/// A broken rule: the move or setup line it concerns, and the rule it breaks.
pub type Violation = Problem<RuleCode>;

/// The `//!` lines that open a file, without their markers.
fn header_doc(source: &str) -> String {
    source
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| {
            let l = l.trim_start_matches("//!");
            format!("{}\n", l.strip_prefix(' ').unwrap_or(l))
        })
        .collect()
}

/// Every rule violation in a game's setup (teams, middle, format).
pub fn check_game(game: &Game, header: &Header, pool: &Pool) -> Vec<Violation> {
    let setup = Setup::new(game, header, pool);
    let mut out = Vec::new();
    check_all(&setup, &mut out);
    out.sort_by_key(|v| v.span.start);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Code;

    #[test]
    fn every_rule_documents_itself_with_an_example() {
        let mut names = std::collections::HashSet::new();
        for code in RuleCode::ALL {
            assert!(names.insert(code.name()));
            let doc = code.doc();
            assert!(
                doc.lines().count() >= 5,
                "{} is barely documented:\n{doc}",
                code.name()
            );
            assert!(doc.contains("```text"), "{} has no example", code.name());
            assert!(
                doc.to_lowercase().contains("rulebook") || doc.contains("rules reference"),
                "{} cites no rule",
                code.name()
            );
        }
    }
}
