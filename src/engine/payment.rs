//! Payments: the dice and virtual energy a line spends, what they are worth, and where
//! spent dice go.

use crate::rules::{self, Violation};
use crate::syntax::{Face, Payment, PaymentItem, Span, Zone};

use crate::engine::edition::book;
use crate::engine::energy::{self, Shortfall};
use crate::engine::replay::{Replayer, Stop, shown};
use crate::engine::state::DieId;

/// The most virtual energy a line may pay and still be replayed once the judge waives
/// that the player did not hold it: more than any cost in the game (a purchase or a
/// fielding costs at most a couple of dozen), and small enough to spell out unit by unit.
const MOST_VIRTUAL: u32 = 255;

/// What a payment pays for, as a judge says it.
pub(in crate::engine) enum PaidFor<'a> {
    /// The dice bought, named: "Iceman: Cryokinetic (`IC`)".
    Buy(&'a str),
    /// The dice fielded, named.
    Field(&'a str),
    /// The name of the card whose ability it is.
    Ability(&'a str),
}

impl std::fmt::Display for PaidFor<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PaidFor::Buy(dice) => write!(f, "to buy {dice}"),
            PaidFor::Field(dice) => write!(f, "to field {dice}"),
            PaidFor::Ability(card) => write!(f, "for {card}'s ability"),
        }
    }
}

impl Replayer {
    /// The violation of a payment that does not meet its cost. `what` is what the
    /// energy pays for; the message names the player, so that it reads aloud; `costs`
    /// spells out the costs.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::engine) fn shortfall(
        &self,
        short: Shortfall,
        span: Span,
        what: PaidFor,
        costs: &str,
        who: usize,
        units: &[crate::syntax::Energy],
        each: &[(usize, &[crate::cards::model::EnergyType])],
    ) -> Violation {
        let reserve = self.contents(who, Zone::Reserve);
        let player = &self.cards.players[who];
        match short {
            Shortfall::Short { paid, cost } => rules::payment_short::new(
                span,
                format!("{player} pays {paid} energy {what}; the cost is {cost}"),
                format!("{costs}; the reserve pool holds {reserve}"),
            ),
            Shortfall::Excess { paid, cost } => rules::payment_excess::new(
                span,
                format!("{player} pays {paid} energy {what}; the cost is only {cost}"),
                if book(self.state.edition).generic_rest_is_virtual {
                    format!(
                        "{costs}: pay exactly that (spin a double face down to keep its other half)"
                    )
                } else {
                    format!(
                        "{costs}: pay exactly that (spin a double symbol face down to keep its other half; only the unneeded part of one generic die may be lost)"
                    )
                },
            ),
            Shortfall::Type {
                purchase: _,
                missing,
            } => {
                let ty = crate::engine::cards::energy_of(missing);
                let need = each.iter().filter(|(_, t)| t.contains(&missing)).count();
                let have = units.iter().filter(|u| **u == ty).count();
                let wild = units
                    .iter()
                    .filter(|u| **u == crate::syntax::Energy::Wild)
                    .count();
                let message = if have + wild == 0 {
                    format!("{player} pays no {ty} energy {what}")
                } else {
                    if matches!(what, PaidFor::Buy(_)) {
                        format!(
                            "{player} pays too little {ty} energy {what}: one for every die bought"
                        )
                    } else {
                        format!("{player} pays too little {ty} energy {what}")
                    }
                };
                let help = if matches!(what, PaidFor::Buy(_)) {
                    format!(
                        "{costs}: each die bought needs its own energy of each of its card's types \
                         ({need} of them {} {ty}); the payment has {have} {ty} and {wild} wild, \
                         and a wild stands for one type, once",
                        if need == 1 { "needs" } else { "need" }
                    )
                } else {
                    format!(
                        "{costs}: the payment has {have} {ty} and {wild} wild, and a wild stands \
                         for one type, once"
                    )
                };
                rules::payment_type::new(span, message, help)
            }
        }
    }

    /// The payment of a line that writes none: nothing, at the end of the line.
    pub(in crate::engine) fn no_payment(&self) -> Payment {
        Payment {
            items: Vec::new(),
            span: Span::new(self.line.end, self.line.end),
        }
    }

    pub(in crate::engine) fn collect_payment(
        &mut self,
        who: usize,
        payment: &Payment,
    ) -> Result<Paid, Stop> {
        let mut paid = Paid::default();
        for item in &payment.items {
            match item {
                PaymentItem::Virtual { amount } => {
                    paid.virtual_used += amount.node;
                    let (used, have) = (paid.virtual_used, self.state.players[who].virtual_energy);
                    if used > have {
                        let help = if book(self.state.edition).generic_rest_is_virtual {
                            "virtual energy comes from a short draw or a half-spent generic face, and is lost when priority passes"
                        } else {
                            "virtual energy comes only from a short draw (before 2018 the unspent part of a generic die is lost), and is gone once the main step ends"
                        };
                        self.violate(rules::virtual_energy::new(
                            amount.span,
                            format!("{used} virtual energy paid, {have} held"),
                            help,
                        ))?;
                    }
                    // Waived, it pays as written: but no cost takes more than a few hundred
                    // energy, and spelling out a billion units would hold gigabytes.
                    if amount.node > MOST_VIRTUAL {
                        return Err(self.unreplayable(
                            amount.span,
                            &format!(
                                "{} virtual energy is more than any cost takes (at most {MOST_VIRTUAL} is replayed)",
                                amount.node
                            ),
                        ));
                    }
                    paid.units.extend(std::iter::repeat_n(
                        crate::syntax::Energy::Generic,
                        amount.node as usize,
                    ));
                }
                PaymentItem::Life { amount } => {
                    // Life pays a cost of life (`effects::costs`), never energy.
                    self.violate(rules::not_energy::new(
                        amount.span,
                        format!("`{amount} life` is not energy", amount = amount.node),
                        "life pays only an ability whose cost is life; energy comes from dice showing energy faces and virtual energy",
                    ))?;
                    // Waived, the life is paid as written.
                    paid.life += amount.node;
                }
                PaymentItem::Die {
                    die,
                    spun_to,
                    count,
                } => {
                    for _ in 0..count.as_ref().map_or(1, |c| c.node) {
                        let Some(id) = self.find_to_spend(die, who, &paid.taken())? else {
                            let card = self.card(&die.alias, who)?;
                            let again = paid
                                .dice
                                .iter()
                                .any(|(id, _)| self.state.die(*id).card == card);
                            self.not_in_zone(die, who, Zone::Reserve, "spent", again)?;
                            continue;
                        };
                        let face = self.state.die(id).face.clone();
                        let Some(units) = face.as_ref().and_then(energy::units) else {
                            let shown = shown(face.as_ref());
                            self.stuck(rules::not_energy::new(
                                die.span,
                                format!("`{die}` shows {shown}, not energy"),
                                "only dice showing energy faces pay costs",
                            ))?;
                            continue;
                        };
                        match spun_to {
                            None => {
                                if units.len() > 1
                                    && units.iter().all(|u| *u == crate::syntax::Energy::Generic)
                                {
                                    paid.whole_generic.push(units.len());
                                }
                                paid.units.extend(units);
                                paid.dice.push((id, None));
                            }
                            Some(left) => {
                                let face = face.expect("energy face");
                                if !book(self.state.edition).generic_rest_is_virtual
                                    && units.iter().all(|u| *u == crate::syntax::Energy::Generic)
                                {
                                    // Waived, the die keeps the face written, as a symbol
                                    // die spun down would.
                                    self.violate(rules::spin_down::new(
                                        left.span,
                                        format!("`{face}` is generic energy: it cannot be spent in part"),
                                        "before 2018 only dice of symbol energy spin down; the unspent part of a generic die is lost: pay with the whole die (several costs at once spend it all)",
                                    ))?;
                                }
                                let Some(spent) = energy::spin_down(&face, &left.node) else {
                                    self.stuck(rules::spin_down::new(
                                        left.span,
                                        format!("`{face}` cannot be spun down to `{}`", left.node),
                                        "a double face spins down to a single face it shows: `2fist->fist`, `fist+bolt->bolt`",
                                    ))?;
                                    continue;
                                };
                                // The die goes on showing the face it is spun down to:
                                // a face of the die, as a roll's is (a generic half is
                                // virtual energy, not a face the die keeps).
                                let generic = energy::units(&left.node).is_some_and(|u| {
                                    u.iter().all(|e| *e == crate::syntax::Energy::Generic)
                                });
                                if !generic {
                                    let card = self.state.die(id).card;
                                    if !self.cards.has_face(card, &left.node) {
                                        // Waived, the die shows the face as written.
                                        self.face_missing(card, left)?;
                                    }
                                    self.relied_on(card, left);
                                }
                                paid.units.extend(spent);
                                paid.dice.push((id, Some(left.node.clone())));
                            }
                        }
                    }
                }
            }
        }
        Ok(paid)
    }

    /// Whether a payment pays `costs` exactly, as [`energy::pays`] decides, except that
    /// before 2018 a generic die paid whole may give more than is needed: "any unused
    /// portion that is not immediately spent is lost" (Avengers vs. X-Men rulebook,
    /// Purchasing a Die; Iron Man and War Machine rulebook, the same). Only the part of
    /// one die beyond the cost may be lost: a die not needed at all is energy spent for
    /// nothing.
    pub(in crate::engine) fn pays(
        &self,
        paid: &Paid,
        costs: &[(usize, &[crate::cards::model::EnergyType])],
    ) -> Result<(), energy::Shortfall> {
        let result = energy::pays(&paid.units, costs);
        let Err(energy::Shortfall::Excess { paid: p, cost }) = result else {
            return result;
        };
        let lost = p - cost;
        let most = paid.whole_generic.iter().map(|n| n - 1).max().unwrap_or(0);
        if book(self.state.edition).generic_rest_is_virtual || lost > most {
            return result;
        }
        let mut units = paid.units.clone();
        for _ in 0..lost {
            if let Some(k) = units
                .iter()
                .rposition(|u| *u == crate::syntax::Energy::Generic)
            {
                units.remove(k);
            }
        }
        energy::pays(&units, costs)
    }

    pub(in crate::engine) fn apply_payment(&mut self, who: usize, paid: &Paid) {
        let zone = self.state.spent_zone(who);
        let line = self.line;
        self.state.players[who].virtual_energy -= paid
            .virtual_used
            .min(self.state.players[who].virtual_energy);
        if paid.life > 0 {
            self.change_life(who, -i64::from(paid.life), "paid in life");
            self.check_life();
        }
        for (id, left) in &paid.dice {
            match left {
                None => self.state.move_die(*id, zone, line),
                Some(face)
                    if energy::units(face).is_some_and(|u| {
                        u.iter().all(|e| *e == crate::syntax::Energy::Generic)
                    }) && book(self.state.edition).generic_rest_is_virtual =>
                {
                    // A half-spent generic face leaves virtual energy, not a die (2018).
                    let n = energy::units(face).map_or(0, |u| u.len()) as u32;
                    self.state.players[who].virtual_energy += n;
                    self.state.move_die(*id, zone, line);
                }
                Some(face) => {
                    let die = self.state.die_mut(*id);
                    die.face = Some(face.clone());
                    die.spent = true;
                    die.moved = line;
                }
            }
        }
    }
}

/// The dice a payment spends and the energy they give.
#[derive(Debug, Default)]
pub(in crate::engine) struct Paid {
    pub(in crate::engine) units: Vec<crate::syntax::Energy>,
    /// Each die, and the face it is spun down to when only part of it was spent.
    pub(in crate::engine) dice: Vec<(DieId, Option<Face>)>,
    pub(in crate::engine) virtual_used: u32,
    /// The energy of each die paid whole that shows only generic energy (`2gen`): before
    /// 2018, what such a die gives beyond the cost is lost, not wasted.
    pub(in crate::engine) whole_generic: Vec<usize>,
    /// Life written in an energy payment: a waived mistake, paid as written.
    pub(in crate::engine) life: u32,
}

impl Paid {
    pub(in crate::engine) fn taken(&self) -> Vec<DieId> {
        self.dice.iter().map(|(d, _)| *d).collect()
    }
}
