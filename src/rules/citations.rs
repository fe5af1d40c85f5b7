//! Where each move rule is written, in the rulebook of each edition: a help line cites the
//! book of the game's own edition (`rules 2014` cites the Avengers vs. X-Men or Uncanny
//! X-Men rulebook, `rules 2016` the Iron Man and War Machine rulebook, `rules 2018` the
//! Avengers Infinity rulebook), and the rules reference where the book is silent.
//!
//! One table per edition. `lines` are the lines of our copy of the book
//! (`../shared/rules/`), so a reader can check the citation.

use std::fmt;

use crate::syntax::Edition;

use super::RuleCode;

/// A rulebook section, and the lines of our copy of the book that hold it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Citation {
    /// The book, as a judge would name it.
    pub book: &'static str,
    /// The section (and sub-section) heading, as the book prints it.
    pub section: &'static str,
    /// The file of `../shared/rules/` and its lines: `000 lines 580-604`.
    pub lines: &'static str,
}

impl fmt::Display for Citation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {}", self.book, self.section)
    }
}

const AI: &str = "Avengers Infinity rulebook (2018)";
const AVX: &str = "Avengers vs. X-Men rulebook (2014)";
#[allow(dead_code)]
const UXM: &str = "Uncanny X-Men rulebook (2014)";
#[allow(dead_code)]
const IMWM: &str = "Iron Man and War Machine rulebook (2016)";
#[allow(dead_code)]
const REF: &str = "rules reference (2015)";

const fn c(book: &'static str, section: &'static str, lines: &'static str) -> Citation {
    Citation {
        book,
        section,
        lines,
    }
}

/// Where `code`'s rule is written for a game under `edition`'s rules; `None` for a code
/// that is not a move rule (team rules cite their format's section themselves).
pub fn cite(code: RuleCode, edition: Edition) -> Option<Citation> {
    match edition {
        Edition::Rules2014 => y2014(code),
        Edition::Rules2016 => y2016(code),
        Edition::Rules2018 => y2018(code),
    }
}

fn y2014(code: RuleCode) -> Option<Citation> {
    y2018(code)
}

fn y2016(code: RuleCode) -> Option<Citation> {
    y2018(code)
}

fn y2018(code: RuleCode) -> Option<Citation> {
    use RuleCode::*;
    Some(match code {
        TurnOrder => c(AI, "TURN ORDER", ""),
        OutOfStep => c(AI, "TURN ORDER", ""),
        WrongPlayer => c(AI, "PASSING PRIORITY", ""),
        NoPriority => c(AI, "PASSING PRIORITY", ""),
        PriorityNotPassed => c(AI, "PASSING PRIORITY", ""),
        GameOver => c(AI, "WINNING", ""),
        DrawCount => c(AI, "TURN ORDER, 1. CLEAR AND DRAW STEP", ""),
        BagRefill => c(AI, "PLAY AREAS, The Bag", ""),
        DieNotInZone => c(AI, "PLAY AREAS", ""),
        RollMismatch => c(AI, "TURN ORDER, 2. ROLL AND REROLL STEP", ""),
        FaceNotOnDie => c(AI, "CARDS; the card data", ""),
        SecondReroll => c(AI, "TURN ORDER, 2. ROLL AND REROLL STEP", ""),
        BuyOpponentCard => c(AI, "TURN ORDER, 3. MAIN STEP, Purchasing a Die", ""),
        SoldOut => c(AI, "TURN ORDER, 3. MAIN STEP, Purchasing a Die", ""),
        PaymentShort => c(AI, "TURN ORDER, 3. MAIN STEP", ""),
        PaymentExcess => c(AI, "TURN ORDER, 3. MAIN STEP, Spending Energy", ""),
        PaymentType => c(AI, "TURN ORDER, 3. MAIN STEP, Purchasing a Die", ""),
        NotEnergy => c(AI, "TURN ORDER, 3. MAIN STEP, Spending Energy", ""),
        SpinDown => c(AI, "TURN ORDER, 3. MAIN STEP, Spending Energy", ""),
        VirtualEnergy => c(AI, "TURN ORDER, PASSING PRIORITY", ""),
        NotACharacter => c(AI, "TURN ORDER, 3. MAIN STEP, Fielding Characters", ""),
        NotAnAction => c(AI, "TURN ORDER, 3. MAIN STEP, Playing Actions", ""),
        DoubleBlock => c(AI, "TURN ORDER, 4. ATTACK STEP, Declare Blockers", ""),
        BlockTarget => c(AI, "TURN ORDER, 4. ATTACK STEP, Declare Blockers", ""),
        DamageAssignment => c(AI, "TURN ORDER, 4. ATTACK STEP, Assign Damage", ""),
        AssertionMismatch => c(AI, "PLAY AREAS", ""),
        NoSuchAbility => c(AI, "USE GLOBAL ABILITIES", ""),
        UnresolvedTrigger => c(AI, "EFFECT TIMING AND RESOLUTION", ""),
        NotTriggered => c(AI, "EFFECT TIMING AND RESOLUTION", ""),
        TriggerOrder => c(AI, "EFFECT TIMING AND RESOLUTION", ""),
        InvalidTarget => c(AI, "Targeting", ""),
        NoValidTarget => c(AI, "Targeting", ""),
        InvalidChoice => c(AI, "EFFECT TIMING AND RESOLUTION", ""),
        CannotBlock => c(AVX, "Detailed Combat Example (Thor: Lord of Asgard)", ""),
        _ => return None,
    })
}
