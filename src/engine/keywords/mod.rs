//! The glossary keywords the engine applies: one file per keyword, and this table of what
//! each one does and where it acts (the model is the effects table in
//! `src/engine/effects/mod.rs`).
//!
//! A keyword is one of a card's abilities (`{kind: keyword, keyword: K}`). It acts in one
//! of three ways:
//! - as a **property** the engine reads where it matters (Ally: a sidekick in the field,
//!   read by the selectors; Continuous: where a used action die goes);
//! - as a **trigger** with a choice, queued like any triggered ability and answered by a
//!   `resolve` line (Suit Up when bought, Heroic and Intimidate when fielded, Call Out when attacking,
//!   Infiltrate when not blocked, Regenerate's roll when knocked out, Range's target when
//!   attacking, Tag Out once blockers are declared);
//! - as a **rule of combat** the damage step reads through [`Replayer::has_keyword`]
//!   (Overcrush, Fast, Iron Will, Energy Drain; Strike's Overcrush and its stats bonus,
//!   read by `select::stats`, while it holds), or at the end of the turn (Deadly),
//!   or with a choice as combat damage knocks out blockers (Cleave), or with none
//!   (Frag);
//! - as a **rule of the draw** the clear and draw step reads (Swarm);
//! - as a **rule of the zones**: where its dice go instead of the used pile (Immortal);
//! - as a **rule of purchases**: the cost of its player's dice (Turtle Power);
//! - as **tokens on its card** gained at the end of the turn, which the stats read
//!   (Experience);
//! - as an effect on the die when its controller uses an action die (Obscure);
//! - as a triggered ability it gives its card ([`expanded`]), queued and resolved like
//!   the card's own (Attune, Amplify, as their controller uses an action die; Breath
//!   Weapon as one of its dice attacks);
//! - as a trigger with no choice, resolving by itself (Retaliation as a character is
//!   knocked out);
//! - not at all yet: the game is undecided where it would act (`coverage`).
//!
//! A die may also have a keyword its card does not list: given by an effect for the turn,
//! or by a static while it holds ([`grant`]); [`Replayer::has_keyword`] answers for both.
//!
//! A new keyword is a new file here, one line in [`applied`], and its hook.

use crate::cards::ability::{
    Ability, Effect, Event, Keyword, Kind, Limit, Subject, Trigger, While,
};
use crate::rules;
use crate::syntax::{Clause, DieRef};

use super::cards::{CardId, GameCards};
use super::replay::{Flow, Replayer, Stop};
use super::state::{About, DieId, GameState, Pending};

/// The words of a keyword's target messages ([`Replayer::keyword_target`]).
pub(in crate::engine) struct TargetWords {
    /// A target as the help writes it: `Bob.GR:L2`.
    pub example: &'static str,
    /// What a valid target is, for a die that is not one.
    pub valid: &'static str,
    /// The label on the line the keyword waited from.
    pub context: &'static str,
}

pub(in crate::engine) mod ally;
mod amplify;
mod attune;
mod breath_weapon;
mod call_out;
mod cleave;
pub(in crate::engine) mod continuous;
mod deadly;
mod energy_drain;
pub(in crate::engine) mod experience;
mod fast;
mod founder;
mod frag;
pub(in crate::engine) mod grant;
pub(in crate::engine) mod heroic;
pub(in crate::engine) mod immortal;
mod infiltrate;
mod intimidate;
mod iron_will;
mod obscure;
mod overcrush;
mod range;
mod regenerate;
mod retaliation;
pub(in crate::engine) mod strike;
pub(in crate::engine) mod suit_up;
mod swarm;
mod tag_out;
pub(in crate::engine) mod turtle_power;

/// Whether the engine applies a keyword wherever it acts. The table: a keyword listed
/// here has its own file and its hook; any other is undecided at its moment
/// (`coverage::keyword_moment`).
pub fn applied(k: &Keyword) -> bool {
    match k {
        // Board keywords.
        Keyword::Ally | Keyword::Continuous | Keyword::SuitUp { .. } | Keyword::Heroic => true,
        // Combat keywords.
        Keyword::Overcrush | Keyword::Fast | Keyword::IronWill | Keyword::EnergyDrain => true,
        // At the end of the turn.
        Keyword::Deadly => true,
        // In the clear and draw step.
        Keyword::Swarm => true,
        // As an opposing Monster is knocked out, and at the end of the turn; its tokens
        // read by `select::stats`.
        Keyword::Experience => true,
        // As the die attacks, restricting the `block` line.
        Keyword::CallOut => true,
        // As the die attacks, damaging its target.
        Keyword::Range(_) => true,
        // A static bonus and Overcrush while its die is the only one fielded.
        Keyword::Strike => true,
        // As an action die is used, restricting the `block` line.
        Keyword::Obscure => true,
        // As a character of its affiliation is knocked out.
        Keyword::Retaliation => true,
        // A choice once the blockers are declared.
        Keyword::TagOut => true,
        // Triggered abilities they give their card, as an action die is used (`expanded`).
        Keyword::Attune | Keyword::Amplify => true,
        // As combat damage knocks its blockers out.
        Keyword::Cleave | Keyword::Frag => true,
        // A choice once the blockers are declared.
        Keyword::Infiltrate => true,
        // A roll as the die is knocked out.
        Keyword::Regenerate => true,
        // Wherever a die moves to the used pile (`GameState::move_die`).
        Keyword::Immortal => true,
        // As its player buys a Teenage Mutant Ninja Turtle character die
        // (`effects::reduce_cost::purchase_costs`).
        Keyword::TurtlePower => true,
        // A choice as the die is fielded: its target set aside until the end of the
        // turn, as a captured die is (`effects::capture`).
        Keyword::Intimidate => true,
        // A triggered ability it gives its card, as one of its dice attacks (`expanded`).
        Keyword::BreathWeapon(_) => true,
        // A mark the selectors read (`keyword:`): nothing of its own to do (`founder`).
        Keyword::Founder => true,
    }
}

/// A card's abilities as the engine plays them: its own, and after them the triggered
/// ability each keyword that is one gives it (Attune, Amplify, Breath Weapon), so that
/// the index of each of its own abilities stays the one its card file gives.
pub fn expanded(list: &[Ability]) -> Vec<Ability> {
    let given = list.iter().filter_map(|a| match keyword(a)? {
        Keyword::Attune => Some(attune::ability()),
        Keyword::Amplify => Some(amplify::ability()),
        Keyword::BreathWeapon(x) => Some(breath_weapon::ability(*x)),
        _ => None,
    });
    list.iter().cloned().chain(given).collect()
}

/// The triggered ability an action keyword gives its card: `while: active`, on its
/// controller's `uses-action` event (`of: you`, once per card), doing `effect` (Attune,
/// Amplify).
fn on_action_used(effect: Effect) -> Ability {
    Ability {
        kind: Kind::Triggered,
        keyword: None,
        while_: Some(While::Active),
        when: Some(Trigger {
            event: Event::UsesAction,
            of: Subject::You,
            step: None,
            filter: None,
        }),
        if_: None,
        limit: Limit::default(),
        may: false,
        cost: Vec::new(),
        unless: Vec::new(),
        effects: vec![effect],
        bursts: Vec::new(),
        otherwise: Vec::new(),
        turn: None,
    }
}

/// The keyword abilities of a card in play (through a second player's alias to the card
/// it names), with their index among the card's abilities: none while its text is
/// ignored (`select::ignored`).
pub fn of<'a>(
    cards: &'a GameCards,
    state: &GameState,
    card: CardId,
) -> impl Iterator<Item = (usize, &'a Keyword)> {
    let ignored = crate::engine::select::ignored(cards, state, card).is_some();
    printed(cards, card).filter(move |_| !ignored)
}

/// The keyword abilities its card prints, whether or not its text is ignored now.
pub fn printed(cards: &GameCards, card: CardId) -> impl Iterator<Item = (usize, &Keyword)> {
    let c = cards.get(card);
    let c = c.alias_of.map_or(c, |a| cards.get(a));
    c.abilities
        .as_deref()
        .unwrap_or(&[])
        .iter()
        .enumerate()
        .filter(|(_, a)| a.kind == Kind::Keyword)
        .filter_map(|(i, a)| a.keyword.as_ref().map(|k| (i, k)))
}

/// Whether a card in play has a keyword (compared by kind: `suit-up` whatever names it
/// lists), its text not ignored ([`of`]).
pub fn has(cards: &GameCards, state: &GameState, card: CardId, k: &Keyword) -> bool {
    of(cards, state, card).any(|(_, x)| std::mem::discriminant(x) == std::mem::discriminant(k))
}

/// Whether a card prints the keyword, whatever ignores its text: what a game-wide
/// setting reads once (the Immortal cards, whether a game keeps its blockers for Frag).
pub fn printed_has(cards: &GameCards, card: CardId, k: &Keyword) -> bool {
    printed(cards, card).any(|(_, x)| std::mem::discriminant(x) == std::mem::discriminant(k))
}

/// The keyword of an ability, when it is a keyword ability.
pub fn keyword(a: &Ability) -> Option<&Keyword> {
    (a.kind == Kind::Keyword)
        .then_some(a.keyword.as_ref())
        .flatten()
}

/// The keywords that wait in the trigger queue for a `resolve` line, and how each is
/// answered.
impl Replayer {
    /// Whether die `id` has a keyword `pick` accepts: its card's text has it, or an
    /// effect or a static gives it (`grant`).
    pub(in crate::engine) fn has_keyword(
        &self,
        id: DieId,
        pick: impl Fn(&Keyword) -> bool,
    ) -> bool {
        of(&self.cards, &self.state, self.state.die(id).card).any(|(_, k)| pick(k))
            || self.granted_keyword(id, &pick)
            // Strike gives Overcrush while it holds (`strike`).
            || (pick(&Keyword::Overcrush)
                && strike::holds(&self.cards, &self.state, id) == Some(true))
    }

    /// Keyword choices an event opens, as pending triggers of `batch`: Heroic as a die is
    /// fielded (when it has a die to pair with); Suit Up as it is bought; Infiltrate as
    /// the blockers are declared.
    /// A keyword that triggers is not a "when fielded" ability (Avengers Infinity
    /// rulebook, ACTIVE AND FIELDED, 000:1220-1224).
    pub(in crate::engine) fn keyword_pending(
        &self,
        event: Event,
        about: About,
        batch: u32,
    ) -> Vec<Pending> {
        if event == Event::BlockersAssigned {
            // Infiltrate, for each unblocked attacker with it (`infiltrate`); Tag Out, for
            // each die with it in either field (`tag_out`).
            let mut out = self.infiltrate_pending(batch);
            out.extend(self.tag_out_pending(batch));
            return out;
        }
        if event == Event::KnockedOut {
            // Retaliation, of each die with it beside the knocked-out die (`retaliation`).
            return self.retaliation_pending(event, about, batch);
        }
        let (Event::Fielded | Event::Attacks | Event::Bought, About::Die(die)) = (event, about)
        else {
            return Vec::new();
        };
        let d = self.state.die(die);
        of(&self.cards, &self.state, d.card)
            .filter(|(_, k)| match (event, k) {
                (Event::Fielded, Keyword::Heroic) => {
                    !heroic::partners(&self.cards, &self.state, die).is_empty()
                }
                // Intimidate targets as the die is fielded (`intimidate`).
                (Event::Fielded, Keyword::Intimidate) => self.intimidates(die),
                // Call Out targets as the die attacks (`call_out`).
                (Event::Attacks, Keyword::CallOut) => self.calls_out(die),
                // Range targets as the die attacks (`range`).
                (Event::Attacks, Keyword::Range(_)) => self.ranges(die),
                // Suit Up, as the die is bought, when its buyer has a die of a listed
                // name in the field (`suit_up`).
                (Event::Bought, Keyword::SuitUp { .. }) => {
                    !suit_up::candidates(&self.cards, &self.state, d.card, d.owner).is_empty()
                }
                _ => false,
            })
            .map(|(i, _)| Pending::of_die(d.card, i, die, d.owner, batch, self.line))
            .collect()
    }

    /// The attackers with a keyword that acts as combat damage knocks their blockers out
    /// (Cleave with a choice, `cleave`; Frag with none, `frag`) whose blockers among
    /// `dead` (about to be knocked out) they block: each attacker once per keyword, with
    /// the index of that keyword among its card's abilities.
    pub(in crate::engine) fn blockers_falling(&self, dead: &[DieId]) -> Vec<(DieId, usize)> {
        let mut out = Vec::new();
        for &b in dead {
            let Some(a) = self.state.die(b).blocking else {
                continue;
            };
            if !self.state.die(a).attacking {
                continue;
            }
            for (i, k) in of(&self.cards, &self.state, self.state.die(a).card) {
                if matches!(k, Keyword::Cleave | Keyword::Frag) && !out.contains(&(a, i)) {
                    out.push((a, i));
                }
            }
        }
        out
    }

    /// Whether the knock-outs under way are the 2018 rules' regular round of combat
    /// damage: the only ones Cleave and Frag are applied to (undecided elsewhere).
    pub(in crate::engine) fn regular_2018_knock_outs(&self) -> bool {
        crate::engine::edition::book(self.state.edition).combat
            == crate::engine::edition::Combat::Y2018
            && !self
                .turn_ref()
                .is_some_and(|t| t.damage == crate::engine::state::DamageStage::FastKnockedOut)
    }

    /// Queues the keywords [`Replayer::blockers_falling`] found, with the triggers the
    /// knock-outs just queued (the same batch) or after them.
    pub(in crate::engine) fn blockers_fell(&mut self, falling: &[(DieId, usize)]) {
        if falling.is_empty() {
            return;
        }
        let line = self.line;
        let new: Vec<Pending> = falling
            .iter()
            .map(|&(a, i)| {
                let d = self.state.die(a);
                Pending::of_die(d.card, i, a, d.owner, 0, line)
            })
            .collect();
        let t = self.turn_mut();
        let batch = if t.pending.is_empty() {
            t.batch + 1
        } else {
            t.batch
        };
        t.batch = batch;
        t.pending
            .extend(new.into_iter().map(|p| Pending { batch, ..p }));
    }

    /// Whether a keyword waiting in the queue still has a choice to make: with none left
    /// (the partner or the named die has left the field), it resolves to nothing.
    pub(in crate::engine) fn keyword_needs_line(&self, p: &Pending, k: &Keyword) -> bool {
        let Some(die) = p.die else { return false };
        match k {
            Keyword::Heroic => !heroic::partners(&self.cards, &self.state, die).is_empty(),
            Keyword::SuitUp { .. } => {
                !suit_up::candidates(&self.cards, &self.state, p.card, p.controller).is_empty()
            }
            Keyword::CallOut => !self.call_out_targets(die).is_empty(),
            Keyword::Intimidate => !self.intimidate_targets(die).is_empty(),
            Keyword::Range(_) => !self.range_targets(die).is_empty(),
            Keyword::Cleave => !self.cleave_targets(die).is_empty(),
            Keyword::Infiltrate => self.unblocked_attacker(die),
            Keyword::Regenerate => self.regenerate_waits(die),
            Keyword::TagOut => self.tag_out_waits(die),
            _ => false,
        }
    }

    /// A keyword's `resolve` line (or its resolving by itself, with no clauses): the
    /// table of the keywords that wait in the queue.
    pub(in crate::engine) fn resolve_keyword(
        &mut self,
        p: &Pending,
        k: &Keyword,
        clauses: &[Clause],
    ) -> Flow {
        // What it makes leave the field is its controller's doing (`effects::leaving`).
        let by = super::effects::Cause::Player(p.controller);
        self.with_cause(by, |r| r.resolve_keyword_as(p, k, clauses))
    }

    fn resolve_keyword_as(&mut self, p: &Pending, k: &Keyword, clauses: &[Clause]) -> Flow {
        match k {
            Keyword::Heroic => self.resolve_heroic(p, clauses),
            Keyword::SuitUp { .. } => self.resolve_suit_up(p, clauses),
            Keyword::CallOut => self.resolve_call_out(p, clauses),
            Keyword::Intimidate => self.resolve_intimidate(p, clauses),
            Keyword::Range(_) => self.resolve_range(p, clauses),
            Keyword::Cleave => self.resolve_cleave(p, clauses),
            Keyword::Infiltrate => self.resolve_infiltrate(p, clauses),
            Keyword::Regenerate => self.resolve_regenerate(p, clauses),
            // They need no line: they resolve by themselves.
            Keyword::Retaliation => self.resolve_retaliation(p),
            Keyword::Frag => self.resolve_frag(p),
            Keyword::TagOut => self.resolve_tag_out(p, clauses),
            _ => Ok(()),
        }
    }

    /// The one die a keyword's mandatory target names (Call Out's, Cleave's): its line
    /// holds one `target` clause naming one die in the opponent's field among `valid`.
    /// `None` when a violation about it was waived: the keyword then does nothing.
    /// The messages say what the keyword does to its target (`does`: "targets",
    /// "damages"), with an example target and what a valid one is (`says`), and label
    /// the line it waited from (`context`).
    pub(in crate::engine) fn keyword_target(
        &mut self,
        p: &Pending,
        clauses: &[Clause],
        keyword: &str,
        does: &str,
        valid: &[DieId],
        says: TargetWords,
    ) -> Result<Option<DieId>, Stop> {
        // Nothing left to target when it comes to resolve (another effect removed the
        // last such die while it waited): it resolves to nothing by itself, as when
        // nothing was there to target at all (000:1010-1011).
        if clauses.is_empty() && valid.is_empty() {
            return Ok(None);
        }
        let name = self.cards.get(p.card).name.clone();
        let help = format!(
            "{keyword} is no choice to decline: name the opposing character die it {does}, \
             `target {}`",
            says.example
        );
        let mut targets = Vec::new();
        for c in clauses {
            match c {
                Clause::Target { targets: t, .. } => targets.extend(t.iter()),
                _ => self.violate(rules::invalid_choice::new(
                    self.line,
                    format!("{name}'s {keyword} takes no such choice"),
                    help.clone(),
                ))?,
            }
        }
        let [choice] = targets[..] else {
            self.violate(rules::invalid_choice::new(
                self.line,
                format!("{name}'s {keyword} {does} one opposing character die"),
                help,
            ))?;
            return Ok(None);
        };
        let owner = self.owner_of(choice, 1 - p.controller)?;
        let found = self.find(choice, owner, crate::syntax::Zone::Field, &[], |_, _| true)?;
        match found.filter(|t| valid.contains(t)) {
            Some(target) => Ok(Some(target)),
            None => {
                self.violate(
                    rules::invalid_target::new(
                        choice.span,
                        format!("`{choice}` is not an opposing character die in the field"),
                        says.valid,
                    )
                    .with_context(p.line, says.context),
                )?;
                Ok(None)
            }
        }
    }

    /// The one choice a keyword's line makes: `may no` (nothing happens), or the die
    /// it acts with, in a `target` clause. Anything else, or a target with `may no`, is
    /// `invalid-choice`.
    pub(in crate::engine) fn keyword_choice<'c>(
        &mut self,
        p: &Pending,
        clauses: &'c [Clause],
    ) -> Result<Option<&'c DieRef>, Stop> {
        if clauses.is_empty() {
            // Resolved by itself: no choice left to make.
            return Ok(None);
        }
        let name = self.cards.get(p.card).name.clone();
        let mut may = None;
        let mut targets: Vec<&DieRef> = Vec::new();
        for c in clauses {
            match c {
                Clause::May { yes } => may = Some(yes.node),
                Clause::Target { targets: t, .. } => targets.extend(t.iter()),
                _ => {
                    self.violate(rules::invalid_choice::new(
                        self.line,
                        format!("{name}'s keyword takes no such choice"),
                        "write `may no`, or `may yes` and the die it acts with in a `target` clause",
                    ))?;
                }
            }
        }
        match (may, &targets[..]) {
            (Some(false), []) => Ok(None),
            (Some(true) | None, [one]) => Ok(Some(*one)),
            _ => {
                self.violate(rules::invalid_choice::new(
                    self.line,
                    format!("{name}'s keyword needs one choice: yes with one die, or no"),
                    "write `may no`, or `may yes` and the die it acts with in a `target` clause",
                ))?;
                // Waived: the first die named, if any, is the choice.
                Ok(if may == Some(false) {
                    None
                } else {
                    targets.first().copied()
                })
            }
        }
    }
}

/// A table for the keyword files' tests: a position in a game with Heroic, Ally and
/// Suit Up cards.
#[cfg(test)]
pub(in crate::engine) mod testing {
    use crate::engine::cards::GameCards;
    use crate::engine::state::{DieId, GameState};

    /// The state a position sets in a game with Heroic, Ally and Suit Up cards.
    pub fn table(position: &str) -> (GameCards, GameState) {
        replayed(&format!(
            "dmlog 1\nformat custom life 10\nteam Ann\nCS = Captain America: Superhero x2\n\
             RH = Red Hulk: Superhero x2\nAB = Ace the Bat Hound: Taking a Bite Out of Crime x2\n\
             HB = Hulkbuster Iron Man: Rocket Powered Punches x2\nIM = Iron Man: Inventor x2\n\
             team Bob\nRB = Red Hulk: Superhero x2\nfirst Ann\nposition\nturn 4 Ann main\n\
             {position}used Ann SK x8\nused Bob SK x8\nend\n"
        ))
    }

    /// The end of a one-game log that replays with no violation.
    pub fn replayed(log: &str) -> (GameCards, GameState) {
        let (doc, errors) = crate::syntax::parse_str(log);
        assert!(errors.is_empty(), "{errors:?}");
        let out = crate::engine::replay(
            &doc.games[0],
            &doc.header,
            crate::cards::Pool::embedded(),
            None,
            &[],
        );
        assert!(out.violations.is_empty(), "{:?}", out.violations);
        out.end.expect("replayed")
    }

    /// Ann's (or Bob's) dice of a card alias, in the order of their ids.
    pub fn dice(cards: &GameCards, state: &GameState, alias: &str, owner: usize) -> Vec<DieId> {
        state
            .ids()
            .filter(|&d| {
                let die = state.die(d);
                die.owner == owner && cards.get(die.card).alias == alias
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Attune and Amplify give their card a triggered ability after its own, so the
    /// index of each of its own abilities stays the one its card file gives.
    #[test]
    fn action_keywords_give_a_trigger_after_the_cards_own_abilities() {
        let own: Vec<Ability> = serde_saphyr::from_str(
            "- {kind: keyword, keyword: attune}\n- {kind: keyword, keyword: fast}\n- {kind: keyword, keyword: amplify}\n",
        )
        .expect("abilities");
        let all = expanded(&own);
        assert_eq!(all.len(), 5);
        assert_eq!(all[..3], own[..]);
        for a in &all[3..] {
            assert_eq!(a.kind, Kind::Triggered);
            assert_eq!(
                a.when.as_ref().map(|w| (w.event, w.of)),
                Some((Event::UsesAction, Subject::You))
            );
        }
        assert!(matches!(
            all[3].effects[..],
            [Effect::Damage { amount: 1, .. }]
        ));
        assert!(matches!(
            all[4].effects[..],
            [Effect::Spin { levels: 1, .. }]
        ));
    }

    #[test]
    fn the_table_applies_the_board_keywords() {
        for k in [
            Keyword::Ally,
            Keyword::Continuous,
            Keyword::Heroic,
            Keyword::SuitUp { names: vec![] },
            Keyword::Overcrush,
            Keyword::Fast,
            Keyword::IronWill,
            Keyword::EnergyDrain,
            Keyword::Deadly,
            Keyword::Infiltrate,
            Keyword::Regenerate,
        ] {
            assert!(applied(&k), "{k:?}");
        }
        assert!(applied(&Keyword::BreathWeapon(1)));
        assert!(applied(&Keyword::CallOut));
        assert!(applied(&Keyword::Cleave));
        assert!(applied(&Keyword::Range(2)));
        assert!(applied(&Keyword::Strike));
        assert!(applied(&Keyword::Obscure));
        assert!(applied(&Keyword::Retaliation));
        assert!(applied(&Keyword::TagOut));
        assert!(applied(&Keyword::Intimidate));
        assert!(applied(&Keyword::Experience));
        assert!(applied(&Keyword::Immortal));
        assert!(applied(&Keyword::TurtlePower));
        assert!(applied(&Keyword::Frag));
    }
}
