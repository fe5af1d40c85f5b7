//! Ability costs: what a line pays for an ability, checked against the cost and paid in
//! full before the effects happen.
//!
//! Energy is paid as any energy is. The costs beyond energy take what the `pay` clause
//! names: a die given up (`pay SK:L1`, knocked out; `pay SK:L1 to used`, moved), a die
//! spun down (`pay FA:L2->L1`), life (`pay 2 life`). A die named with an energy face, and
//! `virtual`, pays energy; any other die a `pay` clause names pays a cost beyond energy,
//! matched to the card's costs in the order the card lists them.
//!
//! "You cannot avoid paying costs" (Avengers Infinity rulebook, TOURNAMENT RULES,
//! FUNDAMENTAL RULES): an ability whose cost the table cannot pay in full — no die the
//! cost may take, only level 1 dice to spin down, less life than it takes — cannot be
//! used (`cost-unpayable`); a cost that could be paid but that the line leaves unpaid is
//! a choice left out (`invalid-choice`). The dice a cost takes are in the field unless it
//! says otherwise, and they are not targets (the same book, Targeting).

use crate::cards::ability::{Ability, Cost, Count, EnergySymbol, Kind, Selector};
use crate::cards::model::EnergyType;
use crate::rules;
use crate::syntax::{DieRef, Energy, Face, Payment, PaymentItem, Spanned, Zone};

use crate::engine::replay::{Flow, Replayer, Stop};
use crate::engine::select::{self, Source};
use crate::engine::state::DieId;

/// The `pay` clauses of a line, each with the `to ZONE` written after it.
pub(super) type Pays<'a> = [(&'a Payment, Option<Spanned<Zone>>)];

/// A die a `pay` clause gives up for a cost beyond energy.
struct Given<'a> {
    die: &'a DieRef,
    spun_to: Option<&'a Spanned<Face>>,
    to: Option<&'a Spanned<Zone>>,
}

/// A die taken for a cost beyond energy: the cost, the face it is spun down to, where
/// it goes.
struct Taken {
    id: DieId,
    cost: Cost,
    face: Option<Face>,
    to: Option<Zone>,
}

/// What a line pays, sorted by what it pays for.
struct Split<'a> {
    energy: Payment,
    given: Vec<Given<'a>>,
    life: Vec<&'a Spanned<u32>>,
}

/// The dice a cost beyond energy takes, and how many: one, two or three, or for "any or
/// all of your Sidekicks" (`count: any-number`, Juggernaut: Cain Marko) as many as the
/// payer gives up, at least one (none given up is the ability declined, `may no`).
fn takes(c: &Cost) -> Option<(&Selector, usize)> {
    let sel = match c {
        Cost::SpinDown(s) | Cost::Ko(s) => s,
        Cost::Move { what, .. } => what,
        Cost::Energy(_) | Cost::UpTo(_) | Cost::Life(_) | Cost::Damage(_) => return None,
    };
    let n = match sel.count {
        Count::Two => 2,
        Count::Three => 3,
        _ => 1,
    };
    Some((sel, n))
}

/// Whether a cost beyond energy takes as many dice as its payer gives up.
fn any_number(c: &Cost) -> bool {
    takes(c).is_some_and(|(sel, _)| sel.count == Count::AnyNumber)
}

/// The life an ability costs.
fn life_cost(a: &Ability) -> u32 {
    a.cost
        .iter()
        .map(|c| match c {
            Cost::Life(n) => u32::from(*n),
            _ => 0,
        })
        .sum()
}

/// Whether each cost can take its own dice among those it may take: `wants[k]` is the
/// dice cost `k` may take and how many it takes; no die pays twice.
fn assignable(wants: &[(Vec<DieId>, usize)], used: &mut Vec<DieId>) -> bool {
    let Some(((dice, n), rest)) = wants.split_first() else {
        return true;
    };
    if *n == 0 {
        return assignable(rest, used);
    }
    for &d in dice {
        if used.contains(&d) {
            continue;
        }
        used.push(d);
        let mut fewer = wants.to_vec();
        fewer[0].1 -= 1;
        if assignable(&fewer, used) {
            return true;
        }
        used.pop();
    }
    false
}

/// An energy cost as a payment reads it: one unit of each typed symbol's energy, then
/// the generic symbols together, of any energy (what `Replayer::pays` and the move
/// generator's wallet take).
pub(in crate::engine) fn energy_groups(
    symbols: &[EnergySymbol],
) -> Vec<(usize, &'static [EnergyType])> {
    let mut groups: Vec<(usize, &'static [EnergyType])> = symbols
        .iter()
        .filter_map(|s| s.energy())
        .map(|t| {
            let one: &'static [EnergyType] = match t {
                EnergyType::Fist => &[EnergyType::Fist],
                EnergyType::Bolt => &[EnergyType::Bolt],
                EnergyType::Mask => &[EnergyType::Mask],
                EnergyType::Shield => &[EnergyType::Shield],
            };
            (1, one)
        })
        .collect();
    let generic = symbols.iter().filter(|s| s.energy().is_none()).count();
    if generic > 0 {
        groups.push((generic, &[]));
    }
    groups
}

impl Replayer {
    /// Whether `player`'s reserve pool (and virtual energy) holds the energy an ability
    /// costs: as many units, with one of each type it names (a wild unit is any type).
    /// Read before a replacement or a prevention is offered (`stay_in_field`,
    /// `prevent_damage`).
    pub(in crate::engine) fn energy_at_hand(&self, player: usize, a: &Ability) -> bool {
        let mut have: Vec<Energy> = self
            .state
            .zone(player, Zone::Reserve)
            .filter_map(|id| {
                self.state
                    .die(id)
                    .face
                    .as_ref()
                    .and_then(crate::engine::energy::units)
            })
            .flatten()
            .collect();
        let spare = self.state.players[player].virtual_energy as usize;
        let wants: Vec<EnergySymbol> = a
            .cost
            .iter()
            .flat_map(|c| match c {
                Cost::Energy(s) => s.clone(),
                _ => Vec::new(),
            })
            .collect();
        // The typed units first, each from a unit of its type or a wild one.
        for t in wants.iter().filter_map(|s| s.energy()) {
            let at = have
                .iter()
                .position(|u| *u == crate::engine::cards::energy_of(t))
                .or_else(|| have.iter().position(|u| *u == Energy::Wild));
            match at {
                Some(i) => {
                    have.remove(i);
                }
                None => return false,
            }
        }
        let generic = wants.iter().filter(|s| s.energy().is_none()).count();
        have.len() + spare >= generic
    }

    /// Whether die `id` can pay cost `c` (taking dice as `sel` says) for `src`: a die the
    /// selector names, and for a spin down, one above level 1.
    fn pays_cost(&self, c: &Cost, sel: &Selector, src: &Source, id: DieId) -> bool {
        if !select::matches(&self.cards, &self.state, sel, src, id) {
            return false;
        }
        match c {
            Cost::SpinDown(_) => {
                matches!(self.state.die(id).face, Some(Face::Level { level, .. }) if level > 1)
            }
            _ => true,
        }
    }

    /// Why the table cannot pay an ability's costs beyond energy in full, if it cannot:
    /// too little life, or too few dice of the kinds its costs take.
    pub(super) fn unpayable(&self, a: &Ability, src: &Source) -> Option<String> {
        let who = self.name(src.controller).to_string();
        let life = life_cost(a);
        let have = self.state.players[src.controller].life;
        if life > 0 && i64::from(life) > have {
            return Some(format!(
                "it costs {life} life and {who} has {}",
                have.max(0)
            ));
        }
        let mut wants = Vec::new();
        for c in &a.cost {
            let Some((sel, n)) = takes(c) else { continue };
            let dice: Vec<DieId> = self
                .state
                .ids()
                .filter(|id| self.pays_cost(c, sel, src, *id))
                .collect();
            if dice.len() < n {
                return Some(format!(
                    "no die {who} has can pay \"{}\"",
                    crate::cards::text::cost(c)
                ));
            }
            wants.push((dice, n));
        }
        (!assignable(&wants, &mut Vec::new()))
            .then(|| "no dice can pay all of its costs at once".to_string())
    }

    /// Sorts what the line pays: energy, dice given up, life. An ability with no cost
    /// beyond energy takes everything as energy (a die or life that is no energy is then
    /// the energy payment's mistake).
    fn split<'a>(&self, a: &Ability, pays: &'a Pays<'a>) -> Split<'a> {
        let takes_dice = a.cost.iter().any(|c| takes(c).is_some());
        let takes_life = life_cost(a) > 0;
        let mut split = Split {
            energy: match pays.first() {
                Some((p, _)) => Payment {
                    items: Vec::new(),
                    span: p.span,
                },
                None => self.no_payment(),
            },
            given: Vec::new(),
            life: Vec::new(),
        };
        for (p, to) in pays {
            for item in &p.items {
                match item {
                    PaymentItem::Life { amount } if takes_life => split.life.push(amount),
                    PaymentItem::Die {
                        die,
                        spun_to,
                        count,
                    } if takes_dice
                        && !matches!(&die.face, Some(f) if matches!(f.node, Face::Energy { .. })) =>
                    {
                        for _ in 0..count.as_ref().map_or(1, |c| c.node) {
                            split.given.push(Given {
                                die,
                                spun_to: spun_to.as_ref(),
                                to: to.as_ref(),
                            });
                        }
                    }
                    item => split.energy.items.push(item.clone()),
                }
            }
        }
        split
    }

    /// Pays an ability's cost with what the line's `pay` clauses name: how much of its
    /// optional part was paid (the energy of its `up-to` cost, the dice of an
    /// `any-number` one), or `None` when the cost cannot be paid and the ability, a
    /// mandatory trigger, does nothing.
    pub(super) fn pay_costs(
        &mut self,
        a: &Ability,
        src: &Source,
        pays: &Pays,
    ) -> Result<Option<u32>, Stop> {
        let who = src.controller;
        let name = self.cards.get(src.card).name.clone();
        if a.cost.is_empty() {
            for (p, _) in pays {
                self.violate(rules::payment_excess::new(
                    p.span,
                    format!("{name}'s ability has no cost"),
                    "nothing is paid for an ability without a cost",
                ))?;
                // Waived: the dice are spent as written.
                let paid = self.collect_payment(who, p)?;
                self.apply_payment(who, &paid);
            }
            return Ok(Some(0));
        }
        // First what the table allows: a cost it cannot pay stops the ability.
        let waived = match self.unpayable(a, src) {
            Some(_) if a.kind == Kind::Triggered && !a.may => return Ok(None),
            Some(why) => {
                let span = pays.first().map_or(self.line, |(p, _)| p.span);
                self.violate(rules::cost_unpayable::new(
                    span,
                    format!("{name}'s cost cannot be paid in full: {why}"),
                    if a.kind == Kind::Triggered {
                        "an ability is used only when its whole cost is paid; a \"you may\" ability is then declined (`may no`)"
                    } else {
                        "an ability is used only when its whole cost is paid: use it once the cost can be paid"
                    },
                ))?;
                // Waived: the line pays what it names, and the effects happen.
                true
            }
            None => false,
        };
        let split = self.split(a, pays);
        let (paid, up_to) = self.pay_energy(a, &name, who, &split.energy)?;
        let taken = self.take_given(a, src, &split.given, waived)?;
        // The optional part paid, which an effect may count (`per_paid`): the `up-to`
        // energy and the dice an `any-number` cost gave up.
        let given = taken.iter().filter(|t| any_number(&t.cost)).count();
        let up_to = up_to.saturating_add(u32::try_from(given).unwrap_or(u32::MAX));
        let life = self.life_given(a, src, &split.life, waived)?;
        // Paid together: the energy, then each cost beyond it.
        self.apply_payment(who, &paid);
        self.give_up(taken)?;
        if life > 0 {
            let why = format!("paid for {}", self.cards.get(src.card).name);
            self.change_life(who, -i64::from(life), why);
            self.check_life();
        }
        self.take_cost_damage(a, src)?;
        Ok(Some(up_to))
    }

    /// Damage its payer takes as a cost ("take 2 damage"): damage to the player, dealt
    /// like an effect's (lessened by the statics about damage to them, setting off "when
    /// you take damage"), by no die; the line writes nothing for it, as nothing is chosen.
    fn take_cost_damage(&mut self, a: &Ability, src: &Source) -> crate::engine::replay::Flow {
        let n: u32 = a
            .cost
            .iter()
            .map(|c| match c {
                Cost::Damage(n) => u32::from(*n),
                _ => 0,
            })
            .sum();
        if n == 0 {
            return Ok(());
        }
        let before = (self.dealing, self.effect_card, self.damage_by);
        (self.dealing, self.effect_card, self.damage_by) =
            (None, Some(src.card), super::By::Unknown);
        let done = self.commit(vec![crate::engine::state::Op::DamagePlayer {
            player: src.controller,
            amount: n,
        }]);
        (self.dealing, self.effect_card, self.damage_by) = before;
        done
    }

    /// The energy a line pays for an ability, checked against its energy cost, and how
    /// much of its `up-to` energy it pays: what it pays beyond the fixed energy, up to
    /// all of it, matched to the first symbols listed.
    fn pay_energy(
        &mut self,
        a: &Ability,
        name: &str,
        who: usize,
        payment: &Payment,
    ) -> Result<(crate::engine::payment::Paid, u32), Stop> {
        let mut symbols: Vec<EnergySymbol> = a
            .cost
            .iter()
            .flat_map(|c| match c {
                Cost::Energy(s) => s.clone(),
                _ => Vec::new(),
            })
            .collect();
        let optional: Vec<EnergySymbol> = a
            .cost
            .iter()
            .flat_map(|c| match c {
                Cost::UpTo(s) => s.clone(),
                _ => Vec::new(),
            })
            .collect();
        let paid = self.collect_payment(who, payment)?;
        let up_to = paid
            .units
            .len()
            .saturating_sub(symbols.len())
            .min(optional.len());
        symbols.extend(optional.iter().take(up_to));
        let costs = energy_groups(&symbols);
        if let Err(short) = self.pays(&paid, &costs) {
            let text = if symbols.is_empty() {
                "the ability costs no energy".to_string()
            } else {
                let need: Vec<&str> = symbols
                    .iter()
                    .map(|s| crate::cards::text::symbol(*s))
                    .collect();
                format!("the ability costs {}", need.join(" "))
            };
            let what = crate::engine::payment::PaidFor::Ability(name);
            let v = self.shortfall(short, payment.span, what, &text, who, &paid.units, &costs);
            self.violate(v)?;
        }
        Ok((paid, u32::try_from(up_to).unwrap_or(u32::MAX)))
    }

    /// The dice the line gives up for each cost beyond energy, matched to the costs in
    /// the card's order, each checked: a die the cost may take, spun down exactly one
    /// level for a spin, sent where the cost sends it. `waived`: the cost was ruled paid
    /// though it cannot be, so what the line names is all there is.
    fn take_given(
        &mut self,
        a: &Ability,
        src: &Source,
        given: &[Given],
        waived: bool,
    ) -> Result<Vec<Taken>, Stop> {
        let who = src.controller;
        let name = self.cards.get(src.card).name.clone();
        let mut used = vec![false; given.len()];
        let mut taken: Vec<Taken> = Vec::new();
        for c in &a.cost {
            let Some((sel, n)) = takes(c) else { continue };
            let zone = sel.zone.map_or(Zone::Field, select::zone);
            let mut got = 0;
            let most = if any_number(c) { usize::MAX } else { n };
            for (k, g) in given.iter().enumerate() {
                if got == most || used[k] {
                    continue;
                }
                let owner = self.owner_of(g.die, who)?;
                let ids: Vec<DieId> = taken.iter().map(|t| t.id).collect();
                let ok: Vec<DieId> = self
                    .state
                    .ids()
                    .filter(|id| self.pays_cost(c, sel, src, *id))
                    .collect();
                let found = self.find(g.die, owner, zone, &ids, |_, id| ok.contains(&id))?;
                let Some(id) = found else { continue };
                used[k] = true;
                got += 1;
                let (face, to) = self.check_given(c, id, g)?;
                taken.push(Taken {
                    id,
                    cost: c.clone(),
                    face,
                    to,
                });
            }
            if got < n && !waived {
                let example = self.given_example(c, sel, src, &taken);
                self.violate(rules::invalid_choice::new(
                    given.first().map_or(self.line, |g| g.die.span),
                    format!(
                        "{name}'s cost is to {}, and the line names {}",
                        crate::cards::text::cost(c),
                        if got == 0 {
                            "no die that pays it".to_string()
                        } else {
                            format!("only {got} of the {n} dice")
                        }
                    ),
                    format!("name what pays it in the `pay` clause: `{example}`"),
                ))?;
            }
        }
        for (k, g) in given.iter().enumerate() {
            if !used[k] {
                // Waived, the die pays nothing and stays where it is.
                self.violate(rules::invalid_choice::new(
                    g.die.span,
                    format!("`{}` pays no part of {name}'s cost", g.die),
                    format!(
                        "its cost is: {}; energy is named with its face (`SK:fist`)",
                        a.cost
                            .iter()
                            .map(crate::cards::text::cost)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ))?;
            }
        }
        Ok(taken)
    }

    /// A die given up for cost `c`, as the line writes it: the face it is spun down to
    /// (one level down, exactly), and where it goes (the cost's zone; the prep area for a
    /// knock-out). What the line writes stands when a waiver lets it.
    fn check_given(
        &mut self,
        c: &Cost,
        id: DieId,
        g: &Given,
    ) -> Result<(Option<Face>, Option<Zone>), Stop> {
        let text = self.state.die_text_plain(&self.cards, id);
        let mut face = None;
        if let Cost::SpinDown(_) = c {
            let card = self.state.die(id).card;
            let below = match self.state.die(id).face {
                Some(Face::Level { level, .. }) => self.cards.get(card).level_face(level - 1),
                _ => None,
            };
            match (g.spun_to, &below) {
                (Some(f), Some(b)) if f.node == *b => face = Some(b.clone()),
                (written, Some(b)) => {
                    let at = written.map_or(g.die.span, |f| f.span);
                    self.violate(rules::invalid_choice::new(
                        at,
                        format!("the cost spins `{text}` down one level, to `{b}`"),
                        format!("write the face it is spun down to: `pay {text}->{b}`"),
                    ))?;
                    // Waived, the die shows the face written (or the one below).
                    face = Some(written.map_or(b.clone(), |f| f.node.clone()));
                }
                (_, None) => {}
            }
        } else if let Some(f) = g.spun_to {
            self.violate(rules::invalid_choice::new(
                f.span,
                format!("the cost gives `{text}` up: it is not spun down"),
                format!("name the die as it is: `pay {text}`"),
            ))?;
        }
        let goes = match c {
            Cost::Ko(_) => Some(Zone::Prep),
            Cost::Move { zone, .. } => Some(select::zone(*zone)),
            _ => None,
        };
        let mut to = goes;
        if let Some(w) = g.to
            && Some(w.node) != goes
        {
            let help = match goes {
                Some(z) => format!(
                    "the cost sends it to the {}: `to {z}`, or no `to`",
                    crate::engine::resolve::zone_phrase(z)
                ),
                None => "a die spun down stays where it is: write no `to`".to_string(),
            };
            self.violate(rules::invalid_choice::new(
                w.span,
                format!(
                    "the cost does not send `{text}` to the {}",
                    crate::engine::resolve::zone_phrase(w.node)
                ),
                help,
            ))?;
            // Waived, the die goes where the line says.
            to = Some(w.node);
        }
        Ok((face, to))
    }

    /// How a line names a die that could pay cost `c`: `SK:L1 to used`, `FA:L2->L1`.
    fn given_example(&self, c: &Cost, sel: &Selector, src: &Source, taken: &[Taken]) -> String {
        let die = self
            .state
            .ids()
            .find(|id| !taken.iter().any(|t| t.id == *id) && self.pays_cost(c, sel, src, *id));
        let Some(id) = die else {
            return "pay …".to_string();
        };
        let text = self.die_for(id, src.controller);
        match c {
            Cost::SpinDown(_) => {
                let card = self.state.die(id).card;
                let below = match self.state.die(id).face {
                    Some(Face::Level { level, .. }) => self.cards.get(card).level_face(level - 1),
                    _ => None,
                };
                match below {
                    Some(b) => format!("pay {text}->{b}"),
                    None => format!("pay {text}"),
                }
            }
            Cost::Move { zone, .. } => format!("pay {text} to {}", select::zone(*zone)),
            _ => format!("pay {text}"),
        }
    }

    /// The life a line pays, checked against the ability's life cost.
    fn life_given(
        &mut self,
        a: &Ability,
        src: &Source,
        life: &[&Spanned<u32>],
        waived: bool,
    ) -> Result<u32, Stop> {
        let cost = life_cost(a);
        let written: u32 = life.iter().map(|l| l.node).sum();
        if cost != written && !waived {
            let name = self.cards.get(src.card).name.clone();
            let span = life.first().map_or(self.line, |l| l.span);
            // Waived, the life written is paid.
            self.violate(rules::invalid_choice::new(
                span,
                format!("{name}'s cost takes {cost} life, and the line pays {written}"),
                format!("write the life paid in the `pay` clause: `pay {cost} life`"),
            ))?;
        }
        Ok(written)
    }

    /// The dice given up are spun down, moved or knocked out, all at once: a knock-out
    /// is a knock-out, whose triggers fire.
    fn give_up(&mut self, taken: Vec<Taken>) -> Flow {
        let line = self.line;
        let mut knocked = Vec::new();
        for Taken {
            id,
            cost: c,
            face,
            to,
        } in taken
        {
            match (c, to) {
                (Cost::SpinDown(_), None) => {
                    if let Some(f) = face {
                        self.state.die_mut(id).face = Some(f);
                    }
                }
                (Cost::Ko(_), Some(Zone::Prep)) => knocked.push(id),
                (_, Some(zone)) => {
                    let zone = self.sent_to_checked(id, zone)?;
                    self.state.move_die(id, zone, line);
                }
                (_, None) => {}
            }
        }
        // A die knocked out to pay a cost whose knock-out a replacement could stop
        // (Arnim Zola: Scientist Supreme): is the cost then paid? Not said.
        if let Some((card, _)) = knocked.iter().find_map(|&d| self.ko_replacer(d)) {
            // Waived, the die is knocked out and the cost paid.
            self.undecided(
                line,
                card,
                "may replace the knock-out of a die given up to pay a cost: whether the cost is then paid is not said",
            )?;
        }
        // A cost takes its payer's own dice: their knock-outs are their payer's doing.
        match knocked.first().map(|&d| self.state.die(d).owner) {
            Some(payer) => self.with_cause(super::Cause::Player(payer), |r| {
                r.knock_out_unreplaced(&knocked, line, false)
            }),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_cost_takes_its_own_dice_and_no_die_pays_twice() {
        let d = DieId;
        // Two costs that may both take die 1: the second needs die 2 for the first.
        let wants = vec![(vec![d(1), d(2)], 1), (vec![d(1)], 1)];
        assert!(assignable(&wants, &mut Vec::new()));
        // Both may take only die 1: one of them goes unpaid.
        let wants = vec![(vec![d(1)], 1), (vec![d(1)], 1)];
        assert!(!assignable(&wants, &mut Vec::new()));
        // A cost of two dice needs two different ones.
        assert!(!assignable(&[(vec![d(1)], 2)], &mut Vec::new()));
        assert!(assignable(&[(vec![d(1), d(3)], 2)], &mut Vec::new()));
        // Nothing to take: always payable.
        assert!(assignable(&[], &mut Vec::new()));
    }
}
