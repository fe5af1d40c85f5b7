//! Which dice an ability's selector reaches, and the stats those dice have once every
//! applied and static modifier is counted: shared by the checker and the move generator.

use crate::cards::ability::{CombatState, Effect, Kind, Selector, Side, What, ZoneName};
use crate::syntax::{Face, Zone};

use super::cards::{CardId, DieKind, GameCards};
use super::coverage::static_applied;
use super::keywords::ally::counts_as_sidekick as ally;
use super::state::{DieId, GameState};

/// The die and player an ability speaks from: "this die", "you", "that die".
#[derive(Debug, Clone, Copy)]
pub struct Source {
    pub card: CardId,
    /// The die whose ability it is, if the ability belongs to a die.
    pub die: Option<DieId>,
    pub controller: usize,
    /// The die the triggering event was about.
    pub subject: Option<DieId>,
}

impl Source {
    /// A card's ability used by `controller`, from no die in particular (an action die
    /// spent, a global, a while-active ability).
    pub fn card(card: CardId, controller: usize) -> Source {
        Source {
            card,
            die: None,
            controller,
            subject: None,
        }
    }

    /// …from one of its dice.
    pub fn from_die(self, die: DieId) -> Source {
        Source {
            die: Some(die),
            ..self
        }
    }

    /// A static ability of `card` read for die `id`: from that die when it is one of
    /// the card's ("this die" is the die measured), from the card otherwise.
    pub fn static_for(state: &GameState, card: CardId, controller: usize, id: DieId) -> Source {
        let d = state.die(id);
        let src = Source::card(card, controller);
        if d.card == card && d.owner == controller {
            src.from_die(id)
        } else {
            src
        }
    }
}

/// The engine's zone for a zone the card data names.
pub fn zone(z: ZoneName) -> Zone {
    match z {
        ZoneName::Bag => Zone::Bag,
        ZoneName::Prep => Zone::Prep,
        ZoneName::Reserve => Zone::Reserve,
        ZoneName::Field => Zone::Field,
        ZoneName::Used => Zone::Used,
        ZoneName::Oop => Zone::Oop,
    }
}

/// The zones a selector reaches: those of `zones` ("in the field or the reserve pool"),
/// or its one `zone`, the field by default.
pub fn zones(sel: &Selector) -> Vec<Zone> {
    if sel.zones.is_empty() {
        vec![sel.zone.map_or(Zone::Field, zone)]
    } else {
        sel.zones.iter().map(|&z| zone(z)).collect()
    }
}

/// Whether a die shows a character face.
pub fn is_character(state: &GameState, id: DieId) -> bool {
    matches!(state.die(id).face, Some(Face::Level { .. }))
}

/// Whether die `id` is one that `sel` speaks of, seen from `src`. Counts (one, two,
/// each) are the caller's business; this is the test one die must pass.
pub fn matches(
    cards: &GameCards,
    state: &GameState,
    sel: &Selector,
    src: &Source,
    id: DieId,
) -> bool {
    let die = state.die(id);
    let card = cards.get(die.card);
    let want = zones(sel);
    if !want.contains(&die.zone) {
        return false;
    }
    match sel.side {
        Side::Any => {}
        Side::Yours if die.owner != src.controller => return false,
        Side::Opposing if die.owner == src.controller => return false,
        _ => {}
    }
    if sel.other && src.die == Some(id) {
        return false;
    }
    // In the field an ability speaks of what dice show; elsewhere, of what they are.
    let in_field = die.zone == Zone::Field;
    let character = if in_field {
        is_character(state, id)
    } else {
        matches!(card.kind, DieKind::Character | DieKind::Sidekick)
    };
    let is = |what: What| match what {
        What::This => src.die == Some(id),
        What::ThisCard => die.card == src.card && die.owner == src.controller,
        What::It => src.subject == Some(id),
        // The Heroic partner of the ability's own die (`keywords::heroic`).
        What::Partner => src.die.is_some_and(|d| state.die(d).partner == Some(id)),
        // The caller keeps the dice chosen earlier; as a filter, "those" is any die.
        What::Those => true,
        What::Character => character,
        // A die with Ally is a sidekick too while in the field (`keywords::ally`), and so
        // not a non-sidekick there.
        What::Sidekick => {
            (card.kind == DieKind::Sidekick && (!in_field || character))
                || (in_field && ally(cards, state, id))
        }
        What::NonSidekick => character && card.kind != DieKind::Sidekick && !ally(cards, state, id),
        What::ActionDie => matches!(card.kind, DieKind::Action | DieKind::BasicAction),
        What::Die => true,
        What::Player => false,
        What::CharacterOrPlayer => character,
    };
    // "X or Y": either kind will do.
    if !(is(sel.what) || sel.or_what.is_some_and(is)) {
        return false;
    }
    let has_affiliation = |a: &String| card.affiliations.iter().any(|x| x.eq_ignore_ascii_case(a));
    if let Some(e) = sel.energy
        && !card.energy.contains(&e)
    {
        return false;
    }
    if !sel.energies.is_empty() && !sel.energies.iter().any(|e| card.energy.contains(e)) {
        return false;
    }
    // "non-fist": a card of no energy type (a sidekick) is non-fist too.
    if sel.not_energy.is_some_and(|e| card.energy.contains(&e)) {
        return false;
    }
    if let Some(a) = &sel.affiliation
        && !has_affiliation(a)
    {
        return false;
    }
    if !sel.affiliations.is_empty() && !sel.affiliations.iter().any(has_affiliation) {
        return false;
    }
    if sel.not_affiliation.as_ref().is_some_and(has_affiliation) {
        return false;
    }
    // "non-Heroic": the keywords of the card's text.
    if sel
        .not_keyword
        .as_ref()
        .is_some_and(|k| super::keywords::has(cards, die.card, k))
    {
        return false;
    }
    if sel
        .title
        .as_ref()
        .is_some_and(|t| !title(&card.name).eq_ignore_ascii_case(t))
    {
        return false;
    }
    if sel
        .not_title
        .as_ref()
        .is_some_and(|t| title(&card.name).eq_ignore_ascii_case(t))
    {
        return false;
    }
    // A sidekick has a purchase cost of 0 for the effects that care (000:441-444).
    let cost = card.cost.unwrap_or(0);
    if sel.max_cost.is_some_and(|c| cost > c) || sel.min_cost.is_some_and(|c| cost < c) {
        return false;
    }
    let level = match die.face {
        Some(Face::Level { level, .. }) => Some(level),
        _ => None,
    };
    if sel.level.is_some_and(|l| level != Some(l)) {
        return false;
    }
    if sel.max_level.is_some_and(|l| level.is_none_or(|x| x > l)) {
        return false;
    }
    if sel.min_level.is_some_and(|l| level.is_none_or(|x| x < l)) {
        return false;
    }
    if sel.max_own_level {
        let own = src
            .die
            .filter(|&d| state.die(d).zone == Zone::Field)
            .and_then(|d| match state.die(d).face {
                Some(Face::Level { level, .. }) => Some(level),
                _ => None,
            });
        if !matches!((level, own), (Some(x), Some(o)) if x <= o) {
            return false;
        }
    }
    if let Some(st) = sel.state {
        let engaged_with =
            |other: DieId| die.blocking == Some(other) || state.die(other).blocking == Some(id);
        let blocked = die.attacking && state.ids().any(|b| state.die(b).blocking == Some(id));
        let ok = match st {
            CombatState::Attacking => die.attacking,
            CombatState::Blocking => die.blocking.is_some(),
            CombatState::AttackingOrBlocking => die.attacking || die.blocking.is_some(),
            CombatState::Blocked => blocked,
            CombatState::Unblocked => die.attacking && !blocked,
            CombatState::EngagedWithThis => src.die.is_some_and(engaged_with),
            CombatState::BlockingThis => src.die.is_some() && die.blocking == src.die,
            CombatState::AttackDamaged => die.zone == Zone::Field && state.attack_damaged(id),
        };
        if !ok {
            return false;
        }
    }
    true
}

/// A card's title: its name without the subtitle ("Iron Man" of "Iron Man: Inventor").
pub fn title(name: &str) -> &str {
    name.split_once(": ").map_or(name, |(t, _)| t)
}

/// Whether die `id` is one a trigger's `filter:` names: the die the event is about,
/// wherever it is when the event is read (an attacker that damaged the opponent may have
/// left the field), so a filter without a zone looks in every zone.
pub fn filter_matches(
    cards: &GameCards,
    state: &GameState,
    filter: &Selector,
    src: &Source,
    id: DieId,
) -> bool {
    if filter.zone.is_some() || !filter.zones.is_empty() {
        return matches(cards, state, filter, src, id);
    }
    let mut any = filter.clone();
    any.zones = vec![
        ZoneName::Bag,
        ZoneName::Prep,
        ZoneName::Reserve,
        ZoneName::Field,
        ZoneName::Used,
        ZoneName::Oop,
    ];
    matches(cards, state, &any, src, id)
}

/// Whether a selector can name players (and only players, or characters too).
pub fn names_players(sel: &Selector) -> bool {
    matches!(sel.what, What::Player | What::CharacterOrPlayer)
}

/// Whether player `p` is one that `sel` speaks of, seen from `src`.
pub fn matches_player(sel: &Selector, src: &Source, p: usize) -> bool {
    names_players(sel)
        && match sel.side {
            Side::Any => true,
            Side::Yours => p == src.controller,
            Side::Opposing => p != src.controller,
        }
}

/// Whether a card is active: one of its controller's dice is in the field.
pub fn active(state: &GameState, card: CardId, controller: usize) -> bool {
    state
        .zone(controller, Zone::Field)
        .any(|id| state.die(id).card == card)
}

/// A character die's attack and defense with every modifier: the level's stats, the
/// die's applied modifiers, and the static modifiers of the cards' static abilities
/// whose conditions hold (`while:`, `if:`: [`super::condition`]) — those without a
/// condition always, from the card. Modifiers add up before they apply, and never take
/// a stat below zero; a doubled attack doubles the total.
pub fn stats(cards: &GameCards, state: &GameState, id: DieId) -> (u32, u32) {
    let Some(level) = state.level(cards, id) else {
        return (0, 0);
    };
    let die = state.die(id);
    let (mut attack, mut defense) = (
        i64::from(level.attack) + i64::from(die.boost.attack),
        i64::from(level.defense) + i64::from(die.boost.defense),
    );
    let mut double = die.boost.double_attack;
    if die.zone == Zone::Field {
        for (card, c) in cards.ids().map(|c| (c, cards.get(c))) {
            let (Some(list), Some(owner)) = (&c.abilities, c.owner) else {
                continue;
            };
            for a in list {
                if a.kind != Kind::Static {
                    continue;
                }
                // A burst of "this die" is the die's own: the face it shows adds to the
                // static or replaces it (Iron Man: Industrialist).
                let own = !a.bursts.is_empty()
                    && Source::static_for(state, card, owner, id).die.is_some();
                let effects: std::borrow::Cow<[Effect]> = if own {
                    super::effects::effects_for(a, bursts_shown(state, id)).into()
                } else {
                    a.effects.as_slice().into()
                };
                for e in effects.iter().filter(|e| static_applied(e)) {
                    // Its selector and conditions, and a pairing benefit through the
                    // partner (`condition::static_reaches`).
                    if let Effect::Boost {
                        to,
                        attack: da,
                        defense: dd,
                        double_attack,
                        per,
                        ..
                    } = e
                        && super::condition::static_reaches(
                            cards,
                            state,
                            a,
                            Some(to),
                            (card, owner),
                            id,
                        )
                    {
                        let n = per
                            .as_ref()
                            .map_or(1, |p| per_count(cards, state, p, (card, owner), id));
                        attack += i64::from(*da) * n;
                        defense += i64::from(*dd) * n;
                        double |= *double_attack;
                    }
                }
            }
        }
    }
    // The Experience tokens on its card (`keywords::experience`).
    let tokens = super::keywords::experience::bonus(state, id);
    attack += tokens;
    defense += tokens;
    // Strike's bonus while it holds (`keywords::strike`).
    if super::keywords::strike::holds(cards, state, id) == Some(true) {
        attack += 2;
        defense += 2;
    }
    let mut attack = attack.max(0) as u32;
    if double {
        attack *= 2;
    }
    (attack, defense.max(0) as u32)
}

/// The bursts die `id` shows.
fn bursts_shown(state: &GameState, id: DieId) -> u8 {
    match state.die(id).face {
        Some(Face::Level { bursts, .. })
        | Some(Face::Action { bursts })
        | Some(Face::Energy { bursts, .. }) => bursts,
        None => 0,
    }
}

/// How many dice a static's "for each" selector reaches now, read from the card's side
/// and, when `id` is one of its dice, from that die ("each other Villain": not this
/// one): every die it matches, whatever its count says.
fn per_count(
    cards: &GameCards,
    state: &GameState,
    per: &Selector,
    (card, owner): (CardId, usize),
    id: DieId,
) -> i64 {
    let src = Source::static_for(state, card, owner, id);
    state
        .ids()
        .filter(|&x| matches(cards, state, per, &src, x))
        .count() as i64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::keywords::testing::{dice, replayed};

    /// Ann's Mystique: Ageless (level 1: 1A/1D, +1A/+1D for each die in her prep area)
    /// and Bob's Mystique: Raven Darkholme (+1A/+1D for each other Villain in the field).
    fn table(position: &str) -> (GameCards, GameState) {
        replayed(&format!(
            "dmlog 1\nformat custom life 10\nteam Ann\nMA = Mystique: Ageless x2\n\
             team Bob\nMR = Mystique: Raven Darkholme x2\nJU = Juggernaut: Unstoppable x2\n\
             first Ann\nposition\nturn 4 Ann main\n{position}end\n"
        ))
    }

    #[test]
    fn a_static_bonus_per_count_is_counted_as_the_stats_are_read() {
        let (cards, state) = table(
            "field Ann MA:L1\nprep Ann SK x3\nused Ann SK x5\nprep Bob SK x2\nused Bob SK x6\n",
        );
        let ma = dice(&cards, &state, "MA", 0)[0];
        assert_eq!(stats(&cards, &state, ma), (4, 4), "Ann's prep area only");
        // "Each other Villain": both players', not the die itself.
        let (cards, state) =
            table("field Ann MA:L1\nused Ann SK x8\nfield Bob MR:L1 MR:L1 JU:L1\nused Bob SK x8\n");
        let mr = dice(&cards, &state, "MR", 1);
        assert_eq!(stats(&cards, &state, mr[0]), (4, 4));
        assert_eq!(stats(&cards, &state, mr[1]), (4, 4));
    }
}
