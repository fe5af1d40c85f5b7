//! From what a line claims to what it means: player names to players, aliases to cards,
//! die references to the exact dice of the state.

use miette::Severity;

use crate::syntax::{DieRef, Modifier, Span, Spanned, Text, Zone};

use super::cards::CardId;
use super::error::{EngineCode, EngineError};
use super::replay::{Replayer, Stop};
use super::state::DieId;

/// "the bag", "the reserve pool" …, for messages.
pub fn zone_phrase(zone: Zone) -> &'static str {
    match zone {
        Zone::Bag => "bag",
        Zone::Prep => "prep area",
        Zone::Reserve => "reserve pool",
        Zone::Field => "field",
        Zone::Used => "used pile",
        Zone::Oop => "out of play zone",
        Zone::Aside => "aside area (dice captured or removed)",
    }
}

impl Replayer {
    /// A player by name.
    pub(super) fn player(&mut self, name: &Spanned<Text>) -> Result<usize, Stop> {
        match self.cards.player(&name.node) {
            Some(p) => Ok(p),
            None => {
                let names = self.cards.players.join(" and ");
                Err(self.error(
                    EngineError::new(
                        EngineCode::UnknownName,
                        name.span,
                        format!("no player is named {}", name.node),
                        "unknown player",
                    )
                    .with_help(format!("the players are {names}")),
                ))
            }
        }
    }

    /// The player a die reference names, or `default` when it names none.
    pub(super) fn owner_of(&mut self, r: &DieRef, default: usize) -> Result<usize, Stop> {
        match &r.player {
            Some(name) => self.player(name),
            None => Ok(default),
        }
    }

    /// A card by alias, as `player` sees the table.
    pub(super) fn card(&mut self, alias: &Spanned<Text>, player: usize) -> Result<CardId, Stop> {
        match self.cards.by_alias(&alias.node, player) {
            Some(c) => Ok(c),
            None => {
                let mut known: Vec<&str> =
                    self.cards.cards.iter().map(|c| c.alias.as_str()).collect();
                // Both players' sidekicks (and shared cards) have one alias: list it once.
                let mut seen = std::collections::HashSet::new();
                known.retain(|a| seen.insert(*a));
                let upper_count = alias
                    .node
                    .strip_prefix('X')
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
                let help = if upper_count {
                    // `SK X4`: a count written with a capital x reads as a second die.
                    format!(
                        "a count is a lower-case `x` glued to the number, after the die: `SK x{}`",
                        &alias.node[1..]
                    )
                } else {
                    match crate::diag::nearest(&alias.node, &known) {
                        Some(n) => format!("did you mean `{n}`?"),
                        None => format!("the aliases of this game are {}", known.join(", ")),
                    }
                };
                Err(self.error(
                    EngineError::new(
                        EngineCode::UnknownName,
                        alias.span,
                        format!("no card has the alias `{}`", alias.node),
                        "unknown alias",
                    )
                    .with_help(help),
                ))
            }
        }
    }

    /// The die of `owner`'s `zone` that a reference names, skipping `taken` (dice already
    /// named by the same line) and dice `filter` refuses. `None` when there is no such
    /// die; an error when the reference could mean dice in different states.
    pub(super) fn find(
        &mut self,
        r: &DieRef,
        owner: usize,
        zone: Zone,
        taken: &[DieId],
        filter: impl Fn(&super::GameState, DieId) -> bool,
    ) -> Result<Option<DieId>, Stop> {
        self.find_as(r, owner, zone, taken, filter, true)
    }

    /// A reserve die a payment spends. A partly spent die and a whole one showing the
    /// same face are spent alike (the rest of a spun-down face cannot be spun again), so
    /// they are not told apart: a payment has no way to.
    pub(super) fn find_to_spend(
        &mut self,
        r: &DieRef,
        owner: usize,
        taken: &[DieId],
    ) -> Result<Option<DieId>, Stop> {
        self.find_as(r, owner, Zone::Reserve, taken, |_, _| true, false)
    }

    /// [`Replayer::find`]; `spent_matters` says whether a partly spent die differs from a
    /// whole one for this move.
    fn find_as(
        &mut self,
        r: &DieRef,
        owner: usize,
        zone: Zone,
        taken: &[DieId],
        filter: impl Fn(&super::GameState, DieId) -> bool,
        spent_matters: bool,
    ) -> Result<Option<DieId>, Stop> {
        // `Bob.SK:fist` is Bob's die: it is not among another player's dice.
        if self.owner_of(r, owner)? != owner {
            return Ok(None);
        }
        let card = self.card(&r.alias, owner)?;
        let mut candidates = Vec::new();
        // The dice are walked by index, not collected first: a line names a die at a
        // time, and the game's few dozen dice are cheaper to scan than to copy.
        for id in self.state.ids() {
            let die = self.state.die(id);
            if die.owner != owner
                || die.zone != zone
                || die.card != card
                || taken.contains(&id)
                || !filter(&self.state, id)
            {
                continue;
            }
            if r.face
                .as_ref()
                .is_some_and(|f| die.face.as_ref() != Some(&f.node))
            {
                continue;
            }
            if !self.modifiers_match(id, &r.modifiers)? {
                continue;
            }
            candidates.push(id);
        }
        // `SK:L1#2`: the second of them, in the order they came where they are.
        if let Some(n) = &r.ordinal {
            self.state.in_stamp_order(&mut candidates);
            return Ok(usize::try_from(n.node)
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|k| candidates.get(k).copied()));
        }
        // Without a number, the first of them: the order matters only for the message
        // of an ambiguous reference, so the dice are sorted only then.
        let Some(first) = candidates
            .iter()
            .copied()
            .min_by_key(|id| (self.state.die(*id).stamp, *id))
        else {
            return Ok(None);
        };
        // Dice in the same state are interchangeable; a reference that could mean dice
        // in different states is ambiguous. (Being alike is an equivalence: the order
        // they are compared in does not matter.)
        if !self.state.alike(&candidates, spent_matters) {
            self.state.in_stamp_order(&mut candidates);
            let named: Vec<String> = candidates
                .iter()
                .enumerate()
                .map(|(k, id)| self.state.die_text_nth(&self.cards, *id, k + 1))
                .collect();
            return Err(self.error(
                EngineError::new(
                    EngineCode::AmbiguousDie,
                    r.span,
                    format!("`{r}` could mean dice in different states"),
                    "which die?",
                )
                .with_help(format!(
                    "name one by its number or its state; the candidates in the {}, in order, are {}",
                    zone_phrase(zone),
                    named.join(", ")
                )),
            ));
        }
        Ok(Some(first))
    }

    /// A die named wherever it is: the N-th (from 1) of its owner's dice of that card and
    /// face in the order a position lists them ([`super::GameState::owned_like`]), or the
    /// first; `None` when there is no such die.
    pub(super) fn named_anywhere(
        &mut self,
        r: &DieRef,
        default: usize,
    ) -> Result<Option<DieId>, Stop> {
        self.named_anywhere_not(r, default, &[])
    }

    /// [`Replayer::named_anywhere`], skipping dice already named when the reference has
    /// no number (a number counts every such die).
    pub(super) fn named_anywhere_not(
        &mut self,
        r: &DieRef,
        default: usize,
        taken: &[DieId],
    ) -> Result<Option<DieId>, Stop> {
        let owner = self.owner_of(r, default)?;
        let card = self.card(&r.alias, owner)?;
        let like = self
            .state
            .owned_like(owner, card, r.face.as_ref().map(|f| &f.node));
        let mut candidates = Vec::new();
        for id in like {
            if self.modifiers_match(id, &r.modifiers)? {
                candidates.push(id);
            }
        }
        Ok(match &r.ordinal {
            Some(n) => usize::try_from(n.node)
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|k| candidates.get(k).copied()),
            None => candidates.into_iter().find(|id| !taken.contains(id)),
        })
    }

    /// The card a `copy=` mark names, seen from the die's owner `pl`.
    pub(super) fn copied_card(
        &mut self,
        c: &crate::syntax::CardRef,
        pl: usize,
    ) -> Result<super::CardId, Stop> {
        let owner = match &c.player {
            Some(p) => self.player(p)?,
            None => pl,
        };
        self.card(&c.alias, owner)
    }

    /// Whether a die carries every modifier written on a reference.
    pub(super) fn modifiers_match(
        &mut self,
        id: DieId,
        modifiers: &[Spanned<Modifier>],
    ) -> Result<bool, Stop> {
        for m in modifiers {
            let die = self.state.die(id);
            let ok = match &m.node {
                Modifier::Damage(n) => die.damage == *n,
                Modifier::Attacking => die.attacking,
                Modifier::Spent => die.spent,
                Modifier::Blocked => self.state.is_blocked(id),
                Modifier::Attack(n) => die.boost.attack == *n,
                Modifier::Defense(n) => die.boost.defense == *n,
                Modifier::DoubleAttack => die.boost.double_attack,
                Modifier::DoubleDefense => die.boost.double_defense,
                Modifier::NoDamage => die.boost.no_damage,
                Modifier::MustAttack => die.boost.must_attack,
                Modifier::CantAttack => die.boost.cant_attack,
                Modifier::CantBlock => die.boost.cant_block,
                Modifier::DoubleDamageToBlockers => die.boost.double_damage_to_blockers,
                Modifier::ExcessToPlayer => die.boost.excess_to_player,
                Modifier::Unblockable => die.boost.unblockable,
                Modifier::DefenseIsAttack => die.boost.defense_is_attack,
                Modifier::Fielded => self.state.turn.as_ref().is_some_and(|t| t.fielded_here(id)),
                Modifier::DeadlyKo => self.state.deadly_ko(id),
                Modifier::AttackDamaged => self.state.attack_damaged(id),
                Modifier::HasBlocked => self.state.has_blocked(id),
                Modifier::IronWillSpared(d) => die.boost.iron_will_spared == Some(*d),
                Modifier::Has(k) => die.boost.granted.has(*k),
                Modifier::Villain => die.boost.villain,
                Modifier::Copy(c) => {
                    let owner = c
                        .player
                        .as_ref()
                        .map_or(Some(die.owner), |p| self.cards.player(&p.node));
                    die.boost.copy.is_some()
                        && die.boost.copy
                            == owner.and_then(|o| self.cards.by_alias(&c.alias.node, o))
                }
                Modifier::MustBlock(None) => die.boost.must_block.is_some(),
                Modifier::MustBlock(Some(target)) => match die.boost.must_block {
                    Some(super::state::MustBlock::Attacker(b)) => self.names_attacker(target, b)?,
                    _ => false,
                },
                Modifier::Blocking(target) => match die.blocking {
                    Some(b) => self.names_attacker(target, b)?,
                    None => false,
                },
                Modifier::Paired(target) => match die.partner {
                    Some(p) => self.names_partner(target, p)?,
                    None => false,
                },
                Modifier::CalledOut(target) => match die.called {
                    Some(p) => self.names_partner(target, p)?,
                    None => false,
                },
                Modifier::CapturedBy(target) => match die.captor {
                    Some(p) if die.zone == Zone::Aside => self.names_partner(target, p)?,
                    _ => false,
                },
            };
            if !ok {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether a `paired=` target names die `p`: by its number among its owner's dice of
    /// that card (and face) in the field, or, without one, by its owner, card and face.
    fn names_partner(&mut self, target: &DieRef, p: DieId) -> Result<bool, Stop> {
        let owner = self.state.die(p).owner;
        let owner = self.owner_of(target, owner)?;
        let card = self.card(&target.alias, owner)?;
        let like = self
            .state
            .field_like(owner, card, target.face.as_ref().map(|f| &f.node));
        Ok(match &target.ordinal {
            Some(n) => {
                usize::try_from(n.node)
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|k| like.get(k))
                    == Some(&p)
            }
            None => like.contains(&p),
        })
    }

    /// Whether a `blocking=` (or `must-block=`) target names attacker `b`: by its number,
    /// or, without one, by its owner, card and face.
    fn names_attacker(&mut self, target: &DieRef, b: DieId) -> Result<bool, Stop> {
        let owner = self.state.die(b).owner;
        let owner = self.owner_of(target, owner)?;
        let card = self.card(&target.alias, owner)?;
        let d = self.state.die(b);
        Ok(self.attacker_named(target, owner, card) == Some(b)
            || (target.ordinal.is_none()
                && d.card == card
                && d.owner == owner
                && target
                    .face
                    .as_ref()
                    .is_none_or(|f| d.face.as_ref() == Some(&f.node))))
    }

    /// The attacker a `blocking=` target names with its number: the N-th attacking die of
    /// that card (and face) of its owner.
    fn attacker_named(&self, target: &DieRef, owner: usize, card: super::CardId) -> Option<DieId> {
        let n = usize::try_from(target.ordinal.as_ref()?.node).ok()?;
        self.state
            .attackers_like(owner, card, target.face.as_ref().map(|f| &f.node))
            .get(n.checked_sub(1)?)
            .copied()
    }

    /// Records an error that stops the replay.
    pub(super) fn error(&mut self, e: EngineError) -> Stop {
        let stops = e.severity == Severity::Error;
        self.out.errors.push(e);
        debug_assert!(stops);
        Stop
    }

    /// The contents of a zone, for help lines: "SK x3 CA", or "nothing".
    pub(super) fn contents(&self, owner: usize, zone: Zone) -> String {
        let items = self.state.zone_items(&self.cards, owner, zone);
        if items.is_empty() {
            "nothing".to_string()
        } else {
            items
        }
    }

    /// `Eric`, for messages.
    pub(super) fn name(&self, player: usize) -> &str {
        &self.cards.players[player]
    }

    /// Where a die of this card is, when it is not where a move wanted it: "it is in the
    /// used pile". Only the card's dice of `owner` are considered.
    pub(super) fn whereabouts(&self, card: CardId, owner: usize) -> Option<(Zone, Span)> {
        self.state
            .dice
            .iter()
            .filter(|d| d.card == card && d.owner == owner)
            .max_by_key(|d| d.moved.start)
            .map(|d| (d.zone, d.moved))
    }
}
