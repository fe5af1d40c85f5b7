//! The choices of the keywords that wait in the trigger queue for a `resolve` line, as the
//! generator makes them, from each keyword's text (the 2017 keyword list, where the 2018
//! glossary has none, and the cards' reminders):
//! - Regenerate (keywords-2017-11-09.txt:51): a knocked-out die with it is rolled; the
//!   line records the face it rolled, one of its die's faces (`resolve TR roll TR:L2`);
//! - Intimidate (line 48, and the cards' reminders: "target opposing character die"):
//!   as the die is fielded, one opposing character die in the field is removed until the
//!   end of the turn (`resolve HK:L1 target Bob.GR:L2`); a Superstar's (a WWE card's)
//!   takes a Superstar die, the only target the engine decides;
//! - Call Out (line 20): as the die attacks, it targets one opposing character die in the
//!   field (`resolve CO:L1 target Bob.GR:L2`); what that does to the blocks is
//!   `combat`'s.
//!
//! None of them is optional: with something to choose, one choice is named.

use crate::cards::ability::Keyword;
use crate::syntax::{Clause, DieItem, Span, Spanned, Zone};

use super::super::cards::GameCards;
use super::super::select;
use super::super::state::{DieId, GameState, Pending};
use super::names::{plain, refer};
use super::{classes, die_faces};

/// Whether the generator makes the choices of a keyword that waits in the queue.
pub fn chosen(k: &Keyword) -> bool {
    matches!(
        k,
        Keyword::Regenerate | Keyword::Intimidate | Keyword::CallOut
    )
}

/// Every line's clauses for a keyword waiting in the queue (`p`); one empty list when it
/// has nothing left to choose and resolves by itself.
pub fn options(cards: &GameCards, state: &GameState, p: &Pending, k: &Keyword) -> Vec<Vec<Clause>> {
    let Some(die) = p.die else {
        return vec![Vec::new()];
    };
    match k {
        Keyword::Regenerate => {
            // Still in the prep area: rolled, each face its die has.
            if state.die(die).zone != Zone::Prep {
                return vec![Vec::new()];
            }
            let mut faces = die_faces(cards, state.die(die).card);
            faces.dedup();
            let mut seen = Vec::new();
            faces
                .into_iter()
                .filter(|f| {
                    let new = !seen.contains(f);
                    seen.push(f.clone());
                    new
                })
                .map(|f| {
                    let mut r = plain(cards, state, die, p.controller);
                    r.face = Some(Spanned::new(f, Span::default()));
                    vec![Clause::Roll {
                        dice: vec![DieItem {
                            die: r,
                            count: None,
                            span: Span::default(),
                        }],
                        span: Span::default(),
                    }]
                })
                .collect()
        }
        Keyword::Intimidate | Keyword::CallOut => {
            let wwe = |d: DieId| cards.get(state.die(d).card).universe.as_deref() == Some("WWE");
            let superstar = *k == Keyword::Intimidate && wwe(die);
            let targets: Vec<DieId> = state
                .ids()
                .filter(|&d| {
                    let x = state.die(d);
                    x.owner != p.controller
                        && x.zone == Zone::Field
                        && select::is_character(state, d)
                })
                .collect();
            if targets.is_empty() {
                return vec![Vec::new()];
            }
            let targets: Vec<DieId> = targets
                .into_iter()
                .filter(|d| !superstar || wwe(*d))
                .collect();
            classes(state, &targets)
                .into_iter()
                .map(|(d, _)| {
                    let r = refer(cards, state, d, p.controller, &[], |_| true, true).0;
                    vec![Clause::Target {
                        targets: vec![r],
                        span: Span::default(),
                    }]
                })
                .collect()
        }
        _ => Vec::new(),
    }
}
