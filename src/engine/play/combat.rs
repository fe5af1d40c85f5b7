//! Who may attack and who may block whom, for the generator: the combat restrictions of
//! card text (a static ability of a card, or an effect applied to a die this turn),
//! written from the rules, not taken from the checker.
//!
//! Card text supersedes the basic rules, and where two texts conflict the one that says
//! "can't" wins (Avengers Infinity rulebook, FUNDAMENTAL RULES). "Must attack" and "must
//! block" hold "if able": a declaration may leave a bound die out only when no declaration
//! the "can't" rules allow has it attack (or block as bound). A die that cannot be blocked
//! by some characters, or only by two or more, limits the blocks that name it.
//!
//! Which dice a static reaches, and which of its bursts are in force, is the card
//! language's reading ([`condition::static_reaches`], [`select::matches`],
//! [`select::static_effects`]), shared as the stats are; what a declaration must then be
//! is here.

use crate::cards::ability::{Effect, Keyword, Kind, Until};
use crate::syntax::{Granted, Zone};

use super::super::cards::{CardId, GameCards};
use super::super::condition;
use super::super::select::{self, Source};
use super::super::state::{DieId, GameState, MustBlock};

/// The static abilities of the game's cards, each with its card and the card's owner.
fn statics(
    cards: &GameCards,
) -> impl Iterator<Item = (CardId, usize, &crate::cards::ability::Ability)> {
    cards.ids().flat_map(move |card| {
        let c = cards.get(card);
        let owner = c.owner;
        c.abilities
            .iter()
            .flatten()
            .filter(|a| a.kind == Kind::Static)
            .filter_map(move |a| owner.map(|o| (card, o, a)))
    })
}

/// Whether a static of some card says `pick` of die `id`.
fn static_says(
    cards: &GameCards,
    state: &GameState,
    id: DieId,
    pick: impl Fn(&Effect) -> Option<&crate::cards::ability::Selector>,
) -> bool {
    statics(cards).any(|(card, owner, a)| {
        select::static_effects(state, a, (card, owner), id)
            .iter()
            .filter_map(&pick)
            .any(|to| condition::static_reaches(cards, state, a, Some(to), (card, owner), id))
    })
}

/// The die cannot attack: an effect this turn, or a static ("can't" beats "must").
pub fn cant_attack(cards: &GameCards, state: &GameState, id: DieId) -> bool {
    state.die(id).boost.cant_attack
        || static_says(cards, state, id, |e| match e {
            Effect::CantAttack { to } => Some(to),
            _ => None,
        })
}

/// The die must attack if able.
pub fn must_attack(cards: &GameCards, state: &GameState, id: DieId) -> bool {
    state.die(id).boost.must_attack
        || static_says(cards, state, id, |e| match e {
            Effect::MustAttack { to, .. } => Some(to),
            _ => None,
        })
}

/// The die cannot block.
fn cant_block(cards: &GameCards, state: &GameState, id: DieId) -> bool {
    state.die(id).boost.cant_block
        || static_says(cards, state, id, |e| match e {
            Effect::CantBlock { to } => Some(to),
            _ => None,
        })
}

/// The active player's characters that must attack and can: an `attack` line leaves
/// none of them out, and the turn may not end without one.
pub fn bound_attackers(cards: &GameCards, state: &GameState, active: usize) -> Vec<DieId> {
    state
        .zone(active, Zone::Field)
        .filter(|&d| {
            select::is_character(state, d)
                && !cant_attack(cards, state, d)
                && must_attack(cards, state, d)
        })
        .collect()
}

/// Whether `attackers` is a declaration the restrictions allow: none that cannot attack,
/// every bound die among them.
pub fn attack_allowed(
    cards: &GameCards,
    state: &GameState,
    active: usize,
    attackers: &[DieId],
) -> bool {
    attackers.iter().all(|&d| !cant_attack(cards, state, d))
        && bound_attackers(cards, state, active)
            .iter()
            .all(|d| attackers.contains(d))
}

/// Whether blocker `b` may block attacker `a` at all: it can block, the attacker lets it
/// (not unblockable this turn, no "can't be blocked by" that names it), and no Call Out
/// forbids it (the 2017 keyword list, line 20): a die an attacker called out blocks
/// only that attacker, and only it blocks that attacker, while the call holds (the
/// called die could block the caller but for the call, and no other attacker called it).
pub fn may_block(cards: &GameCards, state: &GameState, b: DieId, a: DieId) -> bool {
    if !plain_may_block(cards, state, b, a) {
        return false;
    }
    let holds = |caller: DieId, target: DieId| {
        let t = state.die(target);
        let shared = state
            .ids()
            .any(|c| c != caller && state.die(c).attacking && state.die(c).called == Some(target));
        state.die(caller).attacking
            && t.zone == Zone::Field
            && !t.attacking
            && select::is_character(state, target)
            && !shared
            && plain_may_block(cards, state, target, caller)
            && !two_or_more(cards, state, caller)
    };
    if let Some(t) = state.die(a).called
        && t != b
        && holds(a, t)
    {
        return false;
    }
    !state
        .ids()
        .any(|c| c != a && state.die(c).called == Some(b) && holds(c, b))
}

/// [`may_block`] but for Call Out.
fn plain_may_block(cards: &GameCards, state: &GameState, b: DieId, a: DieId) -> bool {
    !cant_block(cards, state, b)
        && !state.die(a).boost.unblockable
        && !text_forbids(cards, state, b, a)
}

/// Whether "can't be blocked by" forbids blocker `b` to block attacker `a`: a static that
/// reaches the attacker (its own card's, or its partner's pairing benefit), its `by`
/// read from the card's side, from the attacker.
fn text_forbids(cards: &GameCards, state: &GameState, b: DieId, a: DieId) -> bool {
    statics(cards).any(|(card, owner, ab)| {
        let effects = select::static_effects(state, ab, (card, owner), a);
        effects.iter().any(|e| match e {
            Effect::CantBeBlockedBy { by } => {
                condition::static_reaches(cards, state, ab, None, (card, owner), a)
                    && select::matches(cards, state, by, &Source::card(card, owner).from_die(a), b)
            }
            _ => false,
        })
    })
}

/// Whether attacker `a` may be blocked only by two or more characters.
fn two_or_more(cards: &GameCards, state: &GameState, a: DieId) -> bool {
    statics(cards).any(|(card, owner, ab)| {
        select::static_effects(state, ab, (card, owner), a)
            .iter()
            .any(|e| matches!(e, Effect::BlockedOnlyByTwoOrMore))
            && condition::static_reaches(cards, state, ab, None, (card, owner), a)
    })
}

/// The attackers die `b` must block if able (`None`: any attacker): an effect applied to
/// it this turn, or a static "must block this die" of an attacking die whose card's
/// ability holds.
fn bound_to(cards: &GameCards, state: &GameState, b: DieId) -> Vec<Option<DieId>> {
    let mut out = Vec::new();
    match state.die(b).boost.must_block {
        Some(MustBlock::Any) => out.push(None),
        Some(MustBlock::Attacker(a)) => out.push(Some(a)),
        None => {}
    }
    for (card, owner, ab) in statics(cards) {
        let src = Source::card(card, owner);
        if !condition::ability_on(cards, state, ab, &src, None) {
            continue;
        }
        for e in &ab.effects {
            let Effect::MustBlock { to } = e else {
                continue;
            };
            for x in state.zone(owner, Zone::Field) {
                let d = state.die(x);
                if d.card == card
                    && d.attacking
                    && select::matches(cards, state, to, &src.from_die(x), b)
                {
                    out.push(Some(x));
                }
            }
        }
    }
    out
}

/// What the block rules say of one game state: who may block whom, and what a
/// declaration must then hold to.
pub struct Blocking {
    /// The defender's characters that may block, each with the attackers it may block.
    pub options: Vec<(DieId, Vec<DieId>)>,
    two_or_more: Vec<DieId>,
    /// Dice bound to block if able, each with the attackers it is bound to (`None`: any).
    bound: Vec<(DieId, Vec<Option<DieId>>)>,
}

impl Blocking {
    pub fn of(cards: &GameCards, state: &GameState, active: usize) -> Blocking {
        let attackers: Vec<DieId> = state
            .zone(active, Zone::Field)
            .filter(|d| state.die(*d).attacking)
            .collect();
        let defender = 1 - active;
        let options: Vec<(DieId, Vec<DieId>)> = state
            .zone(defender, Zone::Field)
            .filter(|&b| select::is_character(state, b))
            .map(|b| {
                let may: Vec<DieId> = attackers
                    .iter()
                    .copied()
                    .filter(|&a| may_block(cards, state, b, a))
                    .collect();
                (b, may)
            })
            .collect();
        let two_or_more = attackers
            .iter()
            .copied()
            .filter(|&a| two_or_more(cards, state, a))
            .collect();
        let bound = options
            .iter()
            .map(|(b, _)| (*b, bound_to(cards, state, *b)))
            .filter(|(_, to)| !to.is_empty())
            .collect();
        Blocking {
            options,
            two_or_more,
            bound,
        }
    }

    /// Whether `pairs` (blocker, attacker) keep the "can't" rules: each pair allowed, and
    /// no attacker blockable only by two or more blocked by one alone.
    fn possible(&self, pairs: &[(DieId, DieId)]) -> bool {
        pairs.iter().all(|(b, a)| {
            self.options
                .iter()
                .any(|(x, may)| x == b && may.contains(a))
        }) && self
            .two_or_more
            .iter()
            .all(|a| pairs.iter().filter(|p| p.1 == *a).count() != 1)
    }

    /// Whether blocker `b` could block attacker `a` in some declaration the "can't" rules
    /// allow: it may, and an attacker only two or more may block has another who may.
    fn able(&self, b: DieId, a: DieId) -> bool {
        let may = |x: DieId| self.options.iter().any(|(y, m)| *y == x && m.contains(&a));
        may(b)
            && (!self.two_or_more.contains(&a)
                || self.options.iter().any(|(x, _)| *x != b && may(*x)))
    }

    /// Whether a declaration is legal: possible, and every bound die that is able to
    /// block as bound does so.
    pub fn allowed(&self, pairs: &[(DieId, DieId)]) -> bool {
        if !self.possible(pairs) {
            return false;
        }
        self.bound.iter().all(|(b, to)| {
            let blocks = pairs.iter().find(|p| p.0 == *b).map(|p| p.1);
            let kept = to.iter().any(|x| match (x, blocks) {
                (None, Some(_)) => true,
                (Some(x), Some(a)) => *x == a,
                (_, None) => false,
            });
            let attackers: Vec<DieId> = self
                .options
                .iter()
                .flat_map(|(_, m)| m.iter().copied())
                .collect();
            kept || !to.iter().any(|x| match x {
                Some(a) => self.able(*b, *a),
                None => attackers.iter().any(|a| self.able(*b, *a)),
            })
        })
    }
}

/// Whether a die has Overcrush: its card's keyword, one an effect gave it this turn or a
/// static gives it now, or Strike's while Strike holds.
fn overcrush(cards: &GameCards, state: &GameState, id: DieId) -> bool {
    crate::engine::keywords::has(cards, state, state.die(id).card, &Keyword::Overcrush)
        || state.die(id).boost.granted.has(Granted::Overcrush)
        || static_says(cards, state, id, |e| match e {
            Effect::Grant {
                to,
                keyword: Keyword::Overcrush,
                until: Until::WhileOn,
            } => Some(to),
            _ => None,
        })
        || crate::engine::keywords::strike::holds(cards, state, id) == Some(true)
}

/// Whether an attacker's combat damage beyond its blockers' total defense goes to the
/// opponent (an effect this turn, or a static).
fn excess_to_player(cards: &GameCards, state: &GameState, id: DieId) -> bool {
    state.die(id).boost.excess_to_player
        || static_says(cards, state, id, |e| match e {
            Effect::ExcessToPlayer { to } => Some(to),
            _ => None,
        })
}

/// How a blocked attacker's attack goes to its blockers: the total the `assign` line
/// splits among them, and, for each blocker, the share it must take when that is fixed.
/// Overcrush (000:1498-1499): when the attack knocks out every blocker, each takes what
/// knocks it out and the rest goes on to the opponent; else the whole attack is split.
/// Excess to the player: the blockers take at most their total defense. Otherwise the
/// whole attack, split as its player likes (000:772-777).
pub fn blockers_share(
    cards: &GameCards,
    state: &GameState,
    a: DieId,
    blockers: &[DieId],
    attack: u32,
) -> (u32, Option<Vec<u32>>) {
    if overcrush(cards, state, a) {
        let lethal: Vec<u32> = blockers
            .iter()
            .map(|b| {
                super::stats(cards, state, *b)
                    .1
                    .saturating_sub(state.die(*b).damage)
            })
            .collect();
        let total: u32 = lethal.iter().sum();
        if attack >= total {
            return (total, Some(lethal));
        }
        return (attack, None);
    }
    if excess_to_player(cards, state, a) {
        let defense: u32 = blockers
            .iter()
            .map(|b| super::stats(cards, state, *b).1)
            .sum();
        return (attack.min(defense), None);
    }
    (attack, None)
}

/// Blocks a "can't be blocked by" text forbids: (blocker, attacker) for each character of
/// the defender that could block as far as its own restrictions go, and each attacker
/// whose text (or its partner's) says it cannot be blocked by that blocker.
pub fn forbidden_blocks(
    cards: &GameCards,
    state: &GameState,
    active: usize,
) -> Vec<(DieId, DieId)> {
    let attackers: Vec<DieId> = state
        .zone(active, Zone::Field)
        .filter(|d| state.die(*d).attacking)
        .collect();
    let mut out = Vec::new();
    for b in state.zone(1 - active, Zone::Field) {
        if !select::is_character(state, b) || cant_block(cards, state, b) {
            continue;
        }
        for &a in &attackers {
            if text_forbids(cards, state, b, a) {
                out.push((b, a));
            }
        }
    }
    out
}
