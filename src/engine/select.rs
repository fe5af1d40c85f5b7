//! Which dice an ability's selector reaches, and the stats those dice have once every
//! applied and static modifier is counted: shared by the checker and the move generator.

use crate::cards::ability::{Ability, CombatState, Effect, Kind, Selector, Side, What, ZoneName};
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
    /// The energy type the ability chose (`choose-energy`), for `chosen_energy`.
    pub chosen: Option<crate::cards::model::EnergyType>,
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
            chosen: None,
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
        // The player a damage reaches: read where that damage is (`effects::damage`).
        Side::Theirs => return false,
        _ => {}
    }
    if sel.other && src.die == Some(id) {
        return false;
    }
    // A rolled die (in the field or the reserve pool) is whatever its face is: a sidekick
    // showing its character face there is a character die, and a character die showing
    // energy is an energy die (000:1248-1252, 001:690). An unrolled die is what it is: a
    // sidekick die in the bag is a sidekick die, not a character die (rules reference,
    // ruling [1], 003:9).
    let in_field = die.zone == Zone::Field;
    let rolled = in_field || die.zone == Zone::Reserve;
    let character = if rolled {
        is_character(state, id)
    } else {
        card.kind == DieKind::Character
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
    // "Not a sidekick": a die of any other kind.
    if sel.not_what.is_some_and(is) {
        return false;
    }
    // The Villain affiliation an effect gave it this turn counts too (`gain_affiliation`).
    let villain = die.zone == Zone::Field && die.boost.villain;
    let has_affiliation = |a: &String| {
        card.affiliations.iter().any(|x| x.eq_ignore_ascii_case(a))
            || (villain && a.eq_ignore_ascii_case("Villain"))
    };
    if let Some(e) = sel.energy
        && !card.energy.contains(&e)
    {
        return false;
    }
    if !sel.energies.is_empty() && !sel.energies.iter().any(|e| card.energy.contains(e)) {
        return false;
    }
    // "Characters of that type": the type the ability chose (none chosen: none).
    if sel.chosen_energy && !src.chosen.is_some_and(|e| card.energy.contains(&e)) {
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
        .is_some_and(|k| super::keywords::has(cards, state, die.card, k))
    {
        return false;
    }
    // "With Founder": the keywords of the card's text.
    if sel
        .keyword
        .as_ref()
        .is_some_and(|k| !super::keywords::has(cards, state, die.card, k))
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
    if sel
        .title_contains
        .as_ref()
        .is_some_and(|t| !title_contains(&card.name, t))
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
    if sel
        .fielding
        .is_some_and(|f| state.level(cards, id).is_none_or(|l| l.fielding != f))
    {
        return false;
    }
    if sel.level.is_some_and(|l| level != Some(l)) {
        return false;
    }
    if sel.max_level.is_some_and(|l| level.is_none_or(|x| x > l)) {
        return false;
    }
    if sel.min_level.is_some_and(|l| level.is_none_or(|x| x < l)) {
        return false;
    }
    if let Some(is) = sel.own_level {
        let own = src
            .die
            .filter(|&d| state.die(d).zone == Zone::Field)
            .and_then(|d| match state.die(d).face {
                Some(Face::Level { level, .. }) => Some(level),
                _ => None,
            });
        if !matches!((level, own), (Some(x), Some(o)) if is.holds(i64::from(x), i64::from(o))) {
            return false;
        }
    }
    // "With 3A or less": its stats now, every modifier counted; a die showing no
    // character face has none to compare.
    if sel.reads_stats() {
        if level.is_none() {
            return false;
        }
        // Defense alone needs no static's attack bonus counted ([`defense`]).
        let (a, d) = if sel.max_attack.is_some() || sel.min_attack.is_some() {
            stats(cards, state, id)
        } else {
            (0, defense(cards, state, id))
        };
        let outside = |n: u32, lo: Option<u8>, hi: Option<u8>| {
            lo.is_some_and(|l| n < u32::from(l)) || hi.is_some_and(|h| n > u32::from(h))
        };
        if outside(a, sel.min_attack, sel.max_attack)
            || outside(d, sel.min_defense, sel.max_defense)
        {
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
            // Blocked stays blocked once its blockers are gone (000:763-766).
            CombatState::Blocked => state.is_blocked(id),
            CombatState::Unblocked => die.attacking && !state.is_blocked(id),
            CombatState::EngagedWithThis => src.die.is_some_and(engaged_with),
            CombatState::BlockingThis => src.die.is_some() && die.blocking == src.die,
            CombatState::Engaged => die.blocking.is_some() || blocked,
            CombatState::AttackDamaged => die.zone == Zone::Field && state.attack_damaged(id),
        };
        if !ok {
            return false;
        }
    }
    true
}

/// Whether card `card` is one `sel` speaks of, by what the card is ([`card_is`]) and
/// whose it is, seen from `src`. A selector naming dice by anything only a die in play
/// has names no card here (`cards --check` keeps such selectors out of what reads cards).
pub fn matches_card(cards: &GameCards, sel: &Selector, src: &Source, card: CardId) -> bool {
    let c = cards.get(card);
    let side = match sel.side {
        Side::Any => true,
        Side::Yours => c.owner == Some(src.controller),
        Side::Opposing => c.owner.is_some_and(|o| o != src.controller),
        // The player a damage reaches: read where that damage is (`effects::damage`).
        Side::Theirs => false,
    };
    side && card_is(c, sel)
}

/// Whether a card is of the kind `sel` names, by what the card prints: its kind, energy
/// types, affiliations, title and purchase cost (a die being bought, a card whose text is
/// ignored).
pub fn card_is(c: &super::cards::GameCard, sel: &Selector) -> bool {
    let is = |what: What| match what {
        What::Character | What::NonSidekick => c.kind == DieKind::Character,
        What::Sidekick => c.kind == DieKind::Sidekick,
        What::ActionDie => matches!(c.kind, DieKind::Action | DieKind::BasicAction),
        What::Die => true,
        _ => false,
    };
    let has = |a: &String| c.affiliations.iter().any(|x| x.eq_ignore_ascii_case(a));
    let cost = c.cost.unwrap_or(0);
    let named = |t: &String| title(&c.name).eq_ignore_ascii_case(t);
    (is(sel.what) || sel.or_what.is_some_and(is))
        && sel.energy.is_none_or(|e| c.energy.contains(&e))
        && (sel.energies.is_empty() || sel.energies.iter().any(|e| c.energy.contains(e)))
        && !sel.not_energy.is_some_and(|e| c.energy.contains(&e))
        && sel.affiliation.as_ref().is_none_or(has)
        && (sel.affiliations.is_empty() || sel.affiliations.iter().any(has))
        && !sel.not_affiliation.as_ref().is_some_and(has)
        && sel.title.as_ref().is_none_or(named)
        && !sel.not_title.as_ref().is_some_and(named)
        && sel
            .title_contains
            .as_ref()
            .is_none_or(|t| title_contains(&c.name, t))
        && sel.max_cost.is_none_or(|m| cost <= m)
        && sel.min_cost.is_none_or(|m| cost >= m)
}

/// Whether the text of card `card` is ignored now, and if so whether its global
/// abilities are too: an effect ignores it until the end of the turn, or a static in
/// force of another card does ("while D'Ken is active, opposing character dice with
/// purchase cost 3 or less lose their abilities"). A static is read from a card whose
/// own text no effect ignores; a static of a card whose text another static ignores is
/// still read (no encoded card's static reaches another's).
pub fn ignored(cards: &GameCards, state: &GameState, card: CardId) -> Option<bool> {
    let by_effect = |c: CardId| {
        state
            .turn
            .as_ref()
            .and_then(|t| t.ignored.iter().find(|(x, _)| *x == c).map(|(_, g)| *g))
    };
    if let Some(globals) = by_effect(card) {
        return Some(globals);
    }
    for (source, c) in cards.ids().map(|s| (s, cards.get(s))) {
        let (Some(list), Some(owner)) = (&c.abilities, c.owner) else {
            continue;
        };
        if source == card || by_effect(source).is_some() {
            continue;
        }
        let src = Source::card(source, owner);
        for a in list.iter().filter(|a| a.kind == Kind::Static) {
            for e in &a.effects {
                if let Effect::IgnoreText { to, globals } = e
                    && matches_card(cards, to, &src, card)
                    && super::condition::ability_on(cards, state, a, &src, None)
                {
                    return Some(*globals);
                }
            }
        }
    }
    None
}

/// A card's abilities in play: none while its text is ignored ([`ignored`]).
pub fn text_of<'a>(cards: &'a GameCards, state: &GameState, card: CardId) -> Option<&'a [Ability]> {
    let c = cards.get(card);
    let c = c.alias_of.map_or(c, |a| cards.get(a));
    match ignored(cards, state, card) {
        Some(_) if c.abilities.is_some() => Some(&[]),
        _ => c.abilities.as_deref(),
    }
}

/// Whether the title of the card named `name` contains `part`, whatever the case of
/// either (`title_contains`: "with \"Dragon\" in their title").
pub fn title_contains(name: &str, part: &str) -> bool {
    title(name)
        .to_ascii_lowercase()
        .contains(&part.to_ascii_lowercase())
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
        && match sel.player_side.unwrap_or(sel.side) {
            Side::Any => true,
            Side::Yours => p == src.controller,
            Side::Opposing => p != src.controller,
            Side::Theirs => false,
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
/// a stat below zero; a doubled attack (or defense) doubles the total.
pub fn stats(cards: &GameCards, state: &GameState, id: DieId) -> (u32, u32) {
    totals(cards, state, id, true)
}

/// A character die's defense with every modifier, as [`stats`] counts it, without
/// reading a static that changes attack only: so a static whose attack bonus counts
/// dice by their defense ("+1A for each opposing character die with 2D or less") never
/// reads its own result, even facing a copy of itself.
pub fn defense(cards: &GameCards, state: &GameState, id: DieId) -> u32 {
    totals(cards, state, id, false).1
}

/// Attack and defense; with `attack: false`, the defense only (the attack returned is
/// not every modifier's).
fn totals(cards: &GameCards, state: &GameState, id: DieId, attack_too: bool) -> (u32, u32) {
    let Some(mut level) = state.level(cards, id) else {
        return (0, 0);
    };
    let die = state.die(id);
    // A copy of another card's die stats, for the level the die shows (`effects::copy`).
    if let (Some(c), Some(Face::Level { level: n, .. })) = (die.boost.copy, &die.face)
        && let Some(copied) = cards.get(c).levels.get(usize::from(*n).saturating_sub(1))
    {
        level = *copied;
    }
    // "D equal to its A" sets the defense the level and the applied modifiers give to
    // the attack they give; statics still apply on top (000:1013-1028, 1042-1060).
    let printed_defense = if die.boost.defense_is_attack {
        i64::from(level.attack) + i64::from(die.boost.attack)
    } else {
        i64::from(level.defense)
    };
    let (mut attack, mut defense) = (
        i64::from(level.attack) + i64::from(die.boost.attack),
        printed_defense + i64::from(die.boost.defense),
    );
    let (mut double, mut double_defense) = (die.boost.double_attack, die.boost.double_defense);
    if die.zone == Zone::Field {
        for (card, c) in cards.ids().map(|c| (c, cards.get(c))) {
            let (Some(list), Some(owner)) = (text_of(cards, state, card), c.owner) else {
                continue;
            };
            for a in list {
                if a.kind != Kind::Static {
                    continue;
                }
                let effects = static_effects(state, a, (card, owner), id);
                for e in effects.iter().filter(|e| static_applied(e)) {
                    // Its selector and conditions, and a pairing benefit through the
                    // partner (`condition::static_reaches`).
                    if let Effect::Boost {
                        to,
                        attack: da,
                        defense: dd,
                        double_attack,
                        double_defense: dd2,
                        per,
                        ..
                    } = e
                        && (attack_too || *dd != 0 || *dd2)
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
                        double_defense |= *dd2;
                    }
                }
            }
        }
    }
    // The tokens on its card: Experience (`keywords::experience`), Loyalty Counters.
    let (ta, td) = state.token_bonus(id);
    attack += ta;
    defense += td;
    // Strike's bonus while it holds (`keywords::strike`).
    if super::keywords::strike::holds(cards, state, id) == Some(true) {
        attack += 2;
        defense += 2;
    }
    let mut attack = attack.max(0) as u32;
    if double {
        attack *= 2;
    }
    let mut defense = defense.max(0) as u32;
    if double_defense {
        defense *= 2;
    }
    (attack, defense)
}

/// The effects of a static ability of `card` in force for die `id`, with its bursts: a
/// burst about "this die" is read off the face the die itself shows, when it is one of
/// the card's (Iron Man: Industrialist); a burst reaching other dice holds while a die of
/// the card in the field shows it (Venom: Angelo Fortunato's "* your fist characters get
/// +1A/+1D"), once, as the static does ([`static_bursts_unsettled`] says when that is not
/// settled).
pub fn static_effects<'a>(
    state: &GameState,
    a: &'a crate::cards::ability::Ability,
    (card, owner): (CardId, usize),
    id: DieId,
) -> std::borrow::Cow<'a, [Effect]> {
    if a.bursts.is_empty() {
        return a.effects.as_slice().into();
    }
    let own = Source::static_for(state, card, owner, id)
        .die
        .map_or(0, |d| bursts_shown(state, d));
    let shown = card_bursts(state, card, owner);
    let own_effects = super::effects::effects_for(a, own);
    let card_effects = super::effects::effects_for(a, shown);
    own_effects
        .into_iter()
        .filter(own_die_only)
        .chain(card_effects.into_iter().filter(|e| !own_die_only(e)))
        .collect::<Vec<_>>()
        .into()
}

/// Whether a static's effect is about its own die alone ("this die gets …", "can't be
/// blocked by …"), so that a burst of it is the face that die shows.
fn own_die_only(e: &Effect) -> bool {
    match e {
        Effect::DamageFrom { to, .. } => to.what == What::This,
        e => e.aim().is_none_or(|s| s.what == What::This),
    }
}

/// The bursts a card's static reads for what reaches beyond its own die: those a die of
/// the card in its owner's field shows (the most, when they differ).
fn card_bursts(state: &GameState, card: CardId, owner: usize) -> u8 {
    state
        .zone(owner, Zone::Field)
        .filter(|&d| state.die(d).card == card)
        .map(|d| bursts_shown(state, d))
        .max()
        .unwrap_or(0)
}

/// Why a static's burst reaching other dice is not settled now, if it is not: two of the
/// card's dice in the field show it (does the bonus count once, as "while active" does
/// (000:1046-1052), or once per die, as card text works die by die (004:631-634)?), or,
/// for a burst that replaces the static's text, one die shows it and another does not.
pub fn static_bursts_unsettled(
    state: &GameState,
    a: &crate::cards::ability::Ability,
    card: CardId,
    owner: usize,
) -> Option<&'static str> {
    if a.kind != Kind::Static {
        return None;
    }
    let dice: Vec<u8> = state
        .zone(owner, Zone::Field)
        .filter(|&d| state.die(d).card == card)
        .map(|d| bursts_shown(state, d))
        .collect();
    a.bursts
        .iter()
        .filter(|b| !b.effects.iter().all(own_die_only) || (b.instead && !a.effects.iter().all(own_die_only)))
        .find_map(|b| {
            let showing = dice.iter().filter(|&&n| b.on.matches(n)).count();
            if showing >= 2 {
                Some(
                    "has two dice in the field showing the burst of a static ability that reaches other dice: whether it counts once or once for each die is not said",
                )
            } else if b.instead && showing == 1 && dice.len() > 1 {
                Some(
                    "has dice in the field showing different faces for a static ability whose burst replaces its text: which of them holds is not said",
                )
            } else {
                None
            }
        })
}

/// What fielding die `id` costs now: its level's fielding cost, lessened or raised by the
/// static abilities in force that reach it where it is (in the reserve pool, as it is
/// fielded: "your character dice with fielding cost of 2 are free to field", "your
/// opponent's Sidekick characters cost 1 extra energy to field"), never below 0. A card's
/// text about its own dice acts from the card, with no die of it in the field (Avengers
/// Infinity rulebook, REDUCING PURCHASE COSTS AND FIELDING COSTS, 000:1162-1168), as its
/// `while:` and `if:` say.
pub fn fielding_cost(cards: &GameCards, state: &GameState, id: DieId) -> u32 {
    fielding_cost_read(cards, state, id).0
}

/// [`fielding_cost`], and the card of a static raising the cost when one lowering it
/// reaches the die too: in what order the two apply (a free die made dearer, a die
/// lessened below 0 and raised) no rule says, so the caller leaves that fielding
/// undecided.
pub fn fielding_cost_read(
    cards: &GameCards,
    state: &GameState,
    id: DieId,
) -> (u32, Option<CardId>) {
    let Some(level) = state.level(cards, id) else {
        return (0, None);
    };
    let (mut free, mut less, mut more, mut raiser) = (false, 0u32, 0u32, None);
    for (card, c) in cards.ids().map(|c| (c, cards.get(c))) {
        let (Some(list), Some(owner)) = (text_of(cards, state, card), c.owner) else {
            continue;
        };
        for a in list.iter().filter(|a| a.kind == Kind::Static) {
            for e in a.effects.iter().filter(|e| static_applied(e)) {
                if let Effect::FieldingCost {
                    to,
                    less: l,
                    more: m,
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
                    match (l, m) {
                        (_, Some(n)) => {
                            more += u32::from(*n);
                            raiser = Some(card);
                        }
                        (Some(n), None) => less += u32::from(*n),
                        (None, None) => free = true,
                    }
                }
            }
        }
    }
    let lowered = if free {
        0
    } else {
        u32::from(level.fielding).saturating_sub(less)
    };
    (lowered + more, raiser.filter(|_| free || less > 0))
}

/// The bursts die `id` shows.
pub(in crate::engine) fn bursts_shown(state: &GameState, id: DieId) -> u8 {
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
    // A static never counts the dice fielded this turn (`cards --check`), so the count
    // is always known.
    count(cards, state, per, &src).unwrap_or(0) as i64
}

/// How many a "for each" selector counts, seen from `src`: the dice it matches now, or,
/// with `fielded_this_turn`, the character dice the turn records as fielded by the
/// player its `side` names, wherever they are now ("the number of character dice you
/// fielded this turn (including Jarvis)", Jarvis: Butler). With `distinct`, each card
/// once however many of its dice match ("each other, different active [Stark]
/// character", Iron Manor: Hermetically Sealed), both players' cards told apart (the
/// Iron Man and War Machine rulebook counts an opposing character of the same name as
/// another, 002:631), and with `other` never the ability's own card. `None` when the
/// turn's fielding is not known (a position began it after its main step had begun).
pub fn count(cards: &GameCards, state: &GameState, per: &Selector, src: &Source) -> Option<usize> {
    if per.fielded_this_turn {
        // Dice, not cards: `cards --check` refuses `distinct` beside it.
        let Some(t) = state.turn.as_ref() else {
            return Some(0);
        };
        let players: &[usize] = match per.side {
            Side::Yours => &[src.controller],
            Side::Opposing => &[1 - src.controller],
            Side::Any | Side::Theirs => &[0, 1],
        };
        let mut n = 0;
        for &p in players {
            n += t.fielded_by(state, p)?;
        }
        return Some(n as usize);
    }
    let dice: Vec<DieId> = state
        .ids()
        .filter(|&x| matches(cards, state, per, src, x))
        .collect();
    if !per.distinct {
        return Some(dice.len());
    }
    let mut seen: Vec<(CardId, usize)> = dice
        .iter()
        .map(|&d| (state.die(d).card, state.die(d).owner))
        .filter(|&c| !(per.other && c == (src.card, src.controller)))
        .collect();
    seen.sort_unstable();
    seen.dedup();
    Some(seen.len())
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
    fn title_contains_reads_the_title_only_whatever_the_case() {
        assert!(title_contains(
            "Blue-Eyes White Dragon: Blue Titan",
            "Dragon"
        ));
        assert!(title_contains(
            "The Winged Dragon of Ra: Blaze Cannon",
            "dragon"
        ));
        // The subtitle is no part of the title.
        assert!(!title_contains("Buster Blader: Dragon Butcher", "Dragon"));
        assert!(!title_contains("Lord of D.: Dragonkin", "Dragon"));
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

    /// A rolled die is what its face shows (000:1248-1252): in the reserve pool, a
    /// sidekick on its character face is a character die and a character die showing
    /// energy is not; in the bag, a character die is one whatever it shows.
    #[test]
    fn a_rolled_die_is_what_its_face_shows() {
        use crate::cards::ability::{Selector, What, ZoneName};
        let (cards, state) = table(
            "reserve Ann MA:L1 MA:mask SK:L1 SK:fist\nused Ann SK x6\nbag Bob JU\nused Bob SK x8\n",
        );
        let src = Source::card(state.die(dice(&cards, &state, "MA", 0)[0]).card, 0);
        let character = |zone| Selector {
            what: What::Character,
            zone: Some(zone),
            ..Selector::default()
        };
        let shows = |zone, alias, owner| -> Vec<bool> {
            dice(&cards, &state, alias, owner)
                .into_iter()
                .filter(|&d| state.die(d).zone == super::zone(zone))
                .map(|d| matches(&cards, &state, &character(zone), &src, d))
                .collect()
        };
        assert_eq!(shows(ZoneName::Reserve, "MA", 0), vec![true, false]);
        assert_eq!(shows(ZoneName::Reserve, "SK", 0), vec![true, false]);
        assert_eq!(shows(ZoneName::Bag, "JU", 1), vec![true]);
    }
}
