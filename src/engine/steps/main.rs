//! The main step: buying, fielding, action dice, globals and other abilities, and the
//! end of the step (unfielded characters to the used pile).

use crate::rules;
use crate::syntax::{DieItem, DieRef, Face, Payment, Step, Zone};

use crate::cards::ability::Event;
use crate::engine::cards::{CardId, DieKind};
use crate::engine::coverage::Moment;
use crate::engine::replay::{Flow, Replayer, shown};
use crate::engine::state::About;
use crate::engine::state::DieId;

impl Replayer {
    /// `does` is the move as a verb ("buys"), `what` as a noun ("a purchase").
    pub(in crate::engine) fn main_action(&mut self, who: usize, does: &str, what: &str) -> Flow {
        self.active_only(who, does)?;
        self.in_step(
            &[Step::Main],
            what,
            "dice are bought and fielded in the main step, after the roll and before attacking",
        )?;
        self.holds_priority(who)
    }

    pub(in crate::engine) fn buy(
        &mut self,
        who: usize,
        cards: &[crate::syntax::Purchase],
        payment: &Payment,
    ) -> Flow {
        self.main_action(who, "buys", "a purchase")?;
        let mut wanted = Vec::new();
        let mut unknown_cost = false;
        for p in cards {
            let card = self.card(&p.card.alias, who)?;
            let n = p.count.as_ref().map_or(1, |c| c.node);
            let c = self.cards.get(card);
            let (kind, card_owner, has_cost) = (c.kind, c.owner, c.cost.is_some());
            if kind == DieKind::Sidekick {
                self.violate(rules::buy_opponent_card::new(
                    p.card.span,
                    "sidekick dice cannot be bought".to_string(),
                    "sidekicks have no card: every player starts with eight, and no more come",
                ))?;
            } else if card_owner.is_some_and(|o| o != who) {
                let (name, line) = (c.name.clone(), c.line);
                let owner = card_owner.map_or(String::new(), |o| self.name(o).to_string());
                self.violate(
                    rules::buy_opponent_card::new(
                        p.card.span,
                        format!("{} buys from {owner}'s card {name}", self.name(who)),
                        "buy from your own cards and the basic action cards in the middle",
                    )
                    .with_context(line, "that card is on this side of the table"),
                )?;
            }
            let before: u32 = wanted
                .iter()
                .filter(|(c, _)| *c == card)
                .map(|(_, n)| *n)
                .sum();
            let left = self.state.supply[usize::from(card.0)];
            if before + n > left {
                let name = self.cards.get(card).name.clone();
                return self.stuck(rules::sold_out::new(
                    p.card.span,
                    format!(
                        "{name} has {left} {} left, {} bought",
                        if left == 1 { "die" } else { "dice" },
                        before + n
                    ),
                    format!("{left} left on the card: buy at most that many"),
                ));
            }
            if !has_cost {
                // Waived, the payment is taken as written.
                self.undecided(
                    p.card.span,
                    card,
                    "is bought: its cost is not in the card data",
                )?;
                unknown_cost = true;
            }
            if let (_, Some(tp)) =
                crate::engine::keywords::turtle_power::cut(&self.cards, &self.state, who, card)
            {
                // Waived, the cost is reduced by the other cards only.
                self.undecided(
                    p.card.span,
                    tp,
                    crate::engine::keywords::turtle_power::OWN_DIE,
                )?;
            }
            wanted.push((card, n));
        }
        let paid = self.collect_payment(who, payment)?;
        // Each die's cost, with the turn's reductions (`effects::reduce_cost`).
        let each: Vec<CardId> = wanted
            .iter()
            .flat_map(|(card, n)| std::iter::repeat_n(*card, *n as usize))
            .collect();
        let (cut_costs, used_cuts) = self.purchase_costs(who, &each);
        let costs: Vec<(usize, &[crate::cards::model::EnergyType])> = each
            .iter()
            .zip(&cut_costs)
            .map(|(card, cost)| (*cost, self.cards.get(*card).energy.as_slice()))
            .collect();
        if let Err(short) = self.pays(&paid, &costs)
            && !unknown_cost
        {
            let names: Vec<String> = wanted
                .iter()
                .map(|(c, n)| {
                    let card = self.cards.get(*c);
                    let printed = usize::from(card.cost.unwrap_or(0));
                    // Its first die's cost: a reduction of the next die names it.
                    let at = each.iter().position(|x| x == c).unwrap_or(0);
                    let now = cut_costs.get(at).copied().unwrap_or(printed);
                    let cost = if now == printed {
                        printed.to_string()
                    } else if now > printed {
                        format!("{now}, raised from {printed}")
                    } else {
                        format!("{now}, reduced from {printed} (never below 1)")
                    };
                    let types: Vec<String> = card
                        .energy
                        .iter()
                        .map(|t| crate::engine::cards::energy_of(*t).to_string())
                        .collect();
                    let ty = if types.is_empty() {
                        "any energy".to_string()
                    } else {
                        format!("at least one {}", types.join(" and one "))
                    };
                    format!(
                        "{}{} costs {cost} ({ty})",
                        card.alias,
                        if *n > 1 {
                            format!(" x{n}")
                        } else {
                            String::new()
                        }
                    )
                })
                .collect();
            let bought: Vec<String> = wanted
                .iter()
                .map(|(c, n)| {
                    let card = self.cards.get(*c);
                    let times = if *n > 1 {
                        format!(" x{n}")
                    } else {
                        String::new()
                    };
                    format!("{} (`{}`{times})", card.name, card.alias)
                })
                .collect();
            let v = self.shortfall(
                short,
                payment.span,
                crate::engine::payment::PaidFor::Buy(&bought.join(" and ")),
                &names.join("; "),
                who,
                &paid.units,
                &costs,
            );
            self.violate(v)?;
        }
        self.apply_payment(who, &paid);
        self.spend_cost_cuts(&used_cuts);
        let line = self.line;
        let mut bought = Vec::new();
        for &(card, n) in &wanted {
            self.state.supply[usize::from(card.0)] -= n;
            for _ in 0..n {
                bought.push(self.state.add_die(card, who, Zone::Used, line));
            }
        }
        self.acted(who);
        // Each die bought is an event ("when you purchase this die": Impulse), with
        // Suit Up's choice (`keywords::suit_up`) in the same batch; the dice that paid
        // for it are the move's payers.
        let mut events: Vec<_> = bought
            .iter()
            .map(|id| (Event::Bought, About::Die(*id)))
            .collect();
        // Bought with its own energy types only: Crosspulse (`effects::crosspulse`).
        events.extend(self.bought_with_its_energy(&bought, &paid.units));
        self.fire(&events, &paid.taken());
        // The purchase is made; text of the cards bought that acts on a purchase, or
        // once a die is in play, and is not applied leaves the game undecided.
        for &(card, _) in &wanted {
            self.text_matters(card, Moment::InPlay)?;
            self.text_matters(card, Moment::Bought)?;
        }
        Ok(())
    }

    pub(in crate::engine) fn field(
        &mut self,
        who: usize,
        dice: &[DieItem],
        payment: Option<&Payment>,
    ) -> Flow {
        self.main_action(who, "fields", "fielding")?;
        let mut cost = 0usize;
        let taken = self.take(dice, who, Zone::Reserve, "fielded")?;
        for &(id, item) in &taken {
            if self.state.level(&self.cards, id).is_none() {
                let shown = shown(self.state.die(id).face.as_ref());
                return self.stuck(rules::not_a_character::new(
                    dice[item].die.span,
                    format!("this die shows {shown}, not a character face"),
                    "only a die rolled to a character face (`L1`, `L2`, `L3`) can be fielded",
                ));
            }
            // Its level's cost, lessened or raised by the statics in force
            // (`select::fielding_cost_read`); both at once, in an order no rule gives:
            // undecided.
            let (c, raiser) =
                crate::engine::select::fielding_cost_read(&self.cards, &self.state, id);
            if let Some(card) = raiser {
                // On the die whose cost it is.
                self.undecided(
                    dice[item].die.span,
                    card,
                    "raises a fielding cost another static ability lowers, in an order no rule gives",
                )?;
            }
            cost += c as usize;
        }
        let taken: Vec<DieId> = taken.into_iter().map(|(id, _)| id).collect();
        let empty = self.no_payment();
        let payment = payment.unwrap_or(&empty);
        let paid = self.collect_payment(who, payment)?;
        if let Err(short) = self.pays(&paid, &[(cost, &[])]) {
            let costs = format!("the fielding cost is {cost}");
            let fielded: Vec<String> = taken
                .iter()
                .zip(dice)
                .map(|(&id, item)| {
                    format!(
                        "{} (`{item}`)",
                        self.cards.get(self.state.die(id).card).name
                    )
                })
                .collect();
            let fielded = fielded.join(" and ");
            let what = crate::engine::payment::PaidFor::Field(&fielded);
            let v = self.shortfall(short, payment.span, what, &costs, who, &paid.units, &[]);
            self.violate(v)?;
        }
        self.apply_payment(who, &paid);
        let line = self.line;
        for id in &taken {
            self.state.move_die(*id, Zone::Field, line);
        }
        // Fielded this turn, for Strike (`keywords::strike`).
        self.turn_mut().record_fielded(&taken);
        self.acted(who);
        for &id in &taken {
            let card = self.state.die(id).card;
            if self.abilities_of(card).is_none() {
                self.undecided(self.line, card, "enters the field")?;
                continue;
            }
            if let Some(why) = self.unapplied_in_field(card) {
                // Waived, the die is in the field and its text taken to do what the
                // next lines say.
                self.undecided(self.line, card, &why)?;
            }
            if crate::engine::keywords::strike::unknown(&self.cards, &self.state, [id]) {
                self.undecided(self.line, card, crate::engine::keywords::strike::UNKNOWN)?;
            }
        }
        let events: Vec<_> = taken
            .iter()
            .map(|id| (Event::Fielded, About::Die(*id)))
            .collect();
        self.fire(&events, &paid.taken());
        // A static of the card now active may bring a character to 0 defense: it is
        // knocked out (Avengers Infinity rulebook, BONUSES AND DAMAGE), the fielder's
        // doing (`effects::leaving`).
        let by = crate::engine::effects::Cause::Player(who);
        self.with_cause(by, |r| r.ko_check())?;
        Ok(())
    }

    pub(in crate::engine) fn use_action(
        &mut self,
        who: usize,
        die: &DieRef,
        clauses: &[crate::syntax::Clause],
    ) -> Flow {
        self.active_only(who, "uses an action die")?;
        self.in_step(
            &[Step::Main, Step::Window],
            "an action die",
            "action dice are used in the main step or in the attack step's action window (after blockers)",
        )?;
        self.holds_priority(who)?;
        let Some(id) = self.find(die, who, Zone::Reserve, &[], |_, _| true)? else {
            return self.not_in_zone(die, who, Zone::Reserve, "used", false);
        };
        let d = self.state.die(id);
        if !matches!(d.face, Some(Face::Action { .. })) {
            let shown = shown(d.face.as_ref());
            return self.stuck(rules::not_an_action::new(
                die.span,
                format!("this die shows {shown}, not an action face"),
                "only a die rolled to an action face (`act`, `*`, `**`) is used as an action",
            ));
        }
        // Obscure acts as the die is used, before its effect (`keywords::obscure`).
        self.obscure(who);
        self.use_die(who, id, clauses)?;
        // "When you use an action die" (Attune, Amplify): triggered by the use, resolved
        // once the action has resolved, as every effect it sets off waits for the one
        // resolving (Avengers Infinity rulebook, EFFECT TIMING AND RESOLUTION, 000:1091-1109).
        self.fire(&[(Event::UsesAction, About::Player(who))], &[]);
        self.acted(who);
        Ok(())
    }

    /// Globals (and abilities used whenever a global could be) may react to what happens
    /// at any point of a turn, so only one moment rules them out whatever the card says:
    /// with no attacker declared, the turn ends at once (rules reference, ruling [5]).
    pub(in crate::engine) fn global_window(&mut self, what: &str) -> Flow {
        let t = self.turn_ref().expect("turn");
        if !t.no_attack {
            return Ok(());
        }
        let line = t.step_line;
        self.violate(
            rules::out_of_step::new(
                self.line,
                format!("{what} after `attack none`"),
                "with no attacker declared the turn ends at once, and no global ability may be used",
            )
            .with_context(line, "no attacker declared here"),
        )
    }

    /// A global, activated or triggered ability of `card`. Only an activated one waits
    /// for priority: a trigger resolves when it fires, and a global may be a reaction,
    /// which only its text can tell.
    pub(in crate::engine) fn ability(
        &mut self,
        who: usize,
        card: crate::engine::CardId,
        what: &str,
        activated: bool,
        clauses: &[crate::syntax::Clause],
    ) -> Flow {
        let step = self.turn_ref().expect("turn").step;
        if activated && matches!(step, Step::Main | Step::Window) {
            self.holds_priority(who)?;
        }
        if self.cards.get(card).plain {
            let c = self.cards.get(card);
            let v = if c.kind == DieKind::Sidekick {
                rules::no_such_ability::new(
                    self.line,
                    format!("sidekicks have no {what}"),
                    "a sidekick has no card and so no ability text",
                )
            } else {
                let (name, line) = (c.name.clone(), c.line);
                rules::no_such_ability::new(
                    self.line,
                    format!("{name} has no {what}"),
                    "the card has no ability text: nothing to use or resolve",
                )
                .with_context(line, "card defined here")
            };
            self.violate(v)?;
            // Waived: what the line pays is spent, and nothing happens.
            return self.spend_as_written(who, clauses);
        }
        self.undecided(self.line, card, &format!("has its {what} used"))?;
        // Waived: what the line pays is spent; the judge's position block says the rest.
        self.spend_as_written(who, clauses)
    }

    /// The end of the main step: unfielded characters go to the used pile.
    pub(in crate::engine) fn end_main(&mut self) -> Flow {
        self.require_passes("the main step ends")?;
        let active = self.turn_ref().expect("turn").active;
        self.reserve_to_used(active, |f| matches!(f, Some(Face::Level { .. })));
        self.state.players[active].virtual_energy = 0;
        Ok(())
    }

    /// No attack: no attack step at all; unused action dice go to the used pile.
    pub(in crate::engine) fn no_attack(&mut self) {
        let line = self.line;
        let active = self.turn_ref().expect("turn").active;
        self.reserve_to_used(active, |f| matches!(f, Some(Face::Action { .. })));
        let t = self.turn_mut();
        t.step = Step::Cleanup;
        t.step_line = line;
        t.no_attack = true;
    }
}
