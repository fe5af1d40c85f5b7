//! The rules: one file per violation, each code assigned once in the table below.
//!
//! A rule file's `//!` header is that rule's documentation — what is wrong, the rulebook
//! section, an example, what is legal instead — and `dmlint explain CODE` prints exactly
//! that header. A team rule's file has a `check` over the game's setup; a move rule's
//! file builds its violation (message, label, help, rulebook section), and the engine
//! (`src/engine/`) decides when a move breaks it.

pub mod citations;
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
pub mod team_format_card;

pub mod already_reacted;
pub mod assertion_mismatch;
pub mod bag_refill;
pub mod block_target;
pub mod buy_opponent_card;
pub mod cannot_attack;
pub mod cannot_block;
pub mod cost_unpayable;
pub mod damage_assignment;
pub mod die_not_in_zone;
pub mod double_block;
pub mod draw_count;
pub mod face_not_on_die;
pub mod game_over;
pub mod global_limit;
pub mod invalid_choice;
pub mod invalid_partner;
pub mod invalid_target;
pub mod must_attack;
pub mod must_block;
pub mod no_priority;
pub mod no_such_ability;
pub mod no_valid_target;
pub mod not_a_character;
pub mod not_an_action;
pub mod not_energy;
pub mod not_triggered;
pub mod nothing_to_react_to;
pub mod once_per_turn;
pub mod out_of_step;
pub mod partly_spent_reroll;
pub mod payment_excess;
pub mod payment_short;
pub mod payment_type;
pub mod priority_not_passed;
pub mod roll_mismatch;
pub mod second_reroll;
pub mod sold_out;
pub mod spin_down;
pub mod trigger_order;
pub mod turn_order;
pub mod unresolved_trigger;
pub mod virtual_energy;
pub mod wrong_player;

use crate::diag::Problem;
use crate::syntax::{Edition, Span};

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
    TeamFormatCard = "team-format-card" in team_format_card,
    FirstGameSetup = "first-game-setup" in first_game_setup,
    TurnOrder = "turn-order" in turn_order,
    OutOfStep = "out-of-step" in out_of_step,
    WrongPlayer = "wrong-player" in wrong_player,
    NoPriority = "no-priority" in no_priority,
    PriorityNotPassed = "priority-not-passed" in priority_not_passed,
    GameOver = "game-over" in game_over,
    DrawCount = "draw-count" in draw_count,
    BagRefill = "bag-refill" in bag_refill,
    DieNotInZone = "die-not-in-zone" in die_not_in_zone,
    RollMismatch = "roll-mismatch" in roll_mismatch,
    FaceNotOnDie = "face-not-on-die" in face_not_on_die,
    SecondReroll = "second-reroll" in second_reroll,
    BuyOpponentCard = "buy-opponent-card" in buy_opponent_card,
    SoldOut = "sold-out" in sold_out,
    PaymentShort = "payment-short" in payment_short,
    PaymentExcess = "payment-excess" in payment_excess,
    PaymentType = "payment-type" in payment_type,
    NotEnergy = "not-energy" in not_energy,
    SpinDown = "spin-down" in spin_down,
    VirtualEnergy = "virtual-energy" in virtual_energy,
    NotACharacter = "not-a-character" in not_a_character,
    NotAnAction = "not-an-action" in not_an_action,
    DoubleBlock = "double-block" in double_block,
    BlockTarget = "block-target" in block_target,
    DamageAssignment = "damage-assignment" in damage_assignment,
    AssertionMismatch = "assertion-mismatch" in assertion_mismatch,
    NoSuchAbility = "no-such-ability" in no_such_ability,
    UnresolvedTrigger = "unresolved-trigger" in unresolved_trigger,
    NotTriggered = "not-triggered" in not_triggered,
    TriggerOrder = "trigger-order" in trigger_order,
    InvalidTarget = "invalid-target" in invalid_target,
    NoValidTarget = "no-valid-target" in no_valid_target,
    InvalidChoice = "invalid-choice" in invalid_choice,
    CannotBlock = "cannot-block" in cannot_block,
    CannotAttack = "cannot-attack" in cannot_attack,
    MustAttack = "must-attack" in must_attack,
    MustBlock = "must-block" in must_block,
    GlobalLimit = "global-limit" in global_limit,
    NothingToReactTo = "nothing-to-react-to" in nothing_to_react_to,
    AlreadyReacted = "already-reacted" in already_reacted,
    CostUnpayable = "cost-unpayable" in cost_unpayable,
    OncePerTurn = "once-per-turn" in once_per_turn,
    PartlySpentReroll = "partly-spent-reroll" in partly_spent_reroll,
    InvalidPartner = "invalid-partner" in invalid_partner,
}

/// The team rules, each a check over a game's setup.
const TEAM_RULES: &[fn(&Setup, &mut Vec<Violation>)] = &[
    team_card_count::check,
    team_dice_count::check,
    team_basic_actions::check,
    team_die_limit::check,
    team_card_without_dice::check,
    team_duplicate_title::check,
    team_card_kind::check,
    team_format_card::check,
    first_game_setup::check,
];

/// A move rule's violation: its message, its file's label, and a help line; the engine
/// ends the help line with the rulebook section of the game's edition ([`cite`]).
fn violation(
    code: RuleCode,
    span: Span,
    message: impl Into<String>,
    label: impl Into<String>,
    help: impl Into<String>,
) -> Violation {
    Violation::new(code, span, message, label).with_help(help)
}

/// Ends a move rule's help line with the section of the rulebook of the game's edition
/// that states it (`citations`).
pub fn cite(mut v: Violation, edition: Edition) -> Violation {
    if let Some(c) = citations::cite(v.code, edition) {
        v.help = Some(match v.help.take() {
            Some(h) => format!("{h} ({c})"),
            None => format!("({c})"),
        });
    }
    v
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

/// Every team rule's violations in a game's setup (teams, middle, format).
pub fn check_setup(setup: &Setup) -> Vec<Violation> {
    let mut out = Vec::new();
    for rule in TEAM_RULES {
        rule(setup, &mut out);
    }
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
