//! What an effect reaches: every die a selector matches for `each`, otherwise the
//! targets and choices the line names, checked against the selector.

use crate::cards::ability::{Count, Selector, What};
use crate::rules;
use crate::syntax::DieRef;

use super::{Reached, Run, players};
use crate::engine::error::{EngineCode, EngineError};
use crate::engine::replay::{Flow, Replayer, Stop};
use crate::engine::resolve::zone_phrase;
use crate::engine::select::{self, Source};
use crate::engine::state::DieId;

impl Replayer {
    /// The dice (and players) an effect reaches: all that match for `each`, the line's
    /// targets otherwise.
    pub(super) fn reach(
        &mut self,
        to: &crate::cards::ability::Selector,
        ctx: &mut Run,
    ) -> Result<Vec<Reached>, Stop> {
        match to.what {
            // "This die" of a trigger that fired for an event about its owner ("when you
            // or Hulk takes damage, Hulk gets +2A"): no die is the one, and dmlint does
            // not guess which of the card's dice the text means.
            What::This if ctx.src.die.is_none() => {
                self.undecided(
                    self.line,
                    ctx.src.card,
                    "acts on its own die, but fired for an event about a player: which die it means is not decided",
                )?;
                return Ok(Vec::new());
            }
            What::This if to.or_what.is_none() => {
                return Ok(ctx.src.die.into_iter().map(Reached::Die).collect());
            }
            // The partner of the ability's own die: one die, or none while unpaired.
            What::Partner if to.or_what.is_none() => {
                let partner = ctx.src.die.and_then(|d| self.state.die(d).partner);
                return Ok(partner.into_iter().map(Reached::Die).collect());
            }
            What::It => return Ok(ctx.src.subject.into_iter().map(Reached::Die).collect()),
            // "Those": the dice the previous effect chose; with a level or a zone, those of
            // them that show it now ("if it is at level one, knock it out").
            What::Those => {
                let filtered = to.level.is_some()
                    || to.min_level.is_some()
                    || to.max_level.is_some()
                    || to.zone.is_some();
                let any = Selector {
                    what: What::Die,
                    ..to.clone()
                };
                return Ok(ctx
                    .chosen
                    .iter()
                    .copied()
                    .filter(|&d| {
                        !filtered || select::matches(&self.cards, &self.state, &any, &ctx.src, d)
                    })
                    .map(Reached::Die)
                    .collect());
            }
            _ => {}
        }
        let mut dice = self.candidates(to, &ctx.src);
        // "Not a die that paid for it": the dice that paid for the triggering move.
        if to.not_payment {
            dice.retain(|d| !ctx.payers.contains(d));
        }
        if to.count == Count::Each || to.what == What::ThisCard {
            let mut out: Vec<Reached> = Vec::new();
            out.extend(players(to, &ctx.src).map(Reached::Player));
            let dice: Vec<DieId> = dice
                .into_iter()
                .filter(|d| !to.already || self.state.die(*d).moved != self.line)
                .collect();
            ctx.chosen = dice.clone();
            out.extend(dice.into_iter().map(Reached::Die));
            return Ok(out);
        }
        // "Any number": every target the line names, none to all of them.
        let want = match to.count {
            Count::Two => 2,
            Count::Three => 3,
            Count::UpTo(n) => usize::from(n),
            Count::AnyNumber => usize::MAX,
            _ => 1,
        };
        ctx.up_to = match to.count {
            Count::UpTo(n) => Some(n),
            _ => None,
        };
        let players_too = select::names_players(to);
        // "Your opponent" is one player: no choice to write.
        if to.what == What::Player && !to.target {
            let players: Vec<usize> = players(to, &ctx.src).collect();
            if let [p] = players[..] {
                return Ok(vec![Reached::Player(p)]);
            }
        }
        // Nothing the effect could reach: it does as much as it can, nothing, and takes
        // none of the line's targets: they are a later effect's ("as much as possible",
        // 000:966-969; Mister Sinister: Nasty Boy's "each player chooses one of his
        // characters" with none of yours still damages the opponent's pick).
        let nothing = players(to, &ctx.src).next().is_none()
            && dice.iter().all(|d| to.other && ctx.earlier.contains(d));
        if nothing && ctx.nothing.is_none() {
            ctx.nothing = Some(to.clone());
        }
        let mut out = Vec::new();
        let mut chosen = Vec::new();
        while !nothing && out.len() < want {
            let Some(r) = ctx.choices.targets.get(ctx.target).copied() else {
                break;
            };
            ctx.target += 1;
            // A bare name may be a player.
            if players_too
                && r.face.is_none()
                && r.player.is_none()
                && let Some(p) = self.cards.player(&r.alias.node)
            {
                if !select::matches_player(to, &ctx.src, p) {
                    // Waived, the effect reaches the player written.
                    self.bad_target(r, to, &ctx.src)?;
                }
                out.push(Reached::Player(p));
                continue;
            }
            let owner = self.owner_of(r, ctx.src.controller)?;
            // "Another target": not a die an earlier effect of this ability chose.
            let mut taken = chosen.clone();
            if to.other {
                taken.extend(ctx.earlier.iter().copied());
            }
            // The die the reference names in each of the selector's zones. A die in
            // the bag, prep area or used pile shows no face, so `SK` names one in each:
            // where two zones each hold one the effect may reach, the notation cannot
            // say which the player took, and dmlint does not guess.
            let mut found_in = Vec::new();
            for zone in select::zones(to) {
                if let Some(d) = self.find(r, owner, zone, &taken, |_, _| true)? {
                    found_in.push(d);
                }
            }
            let valid: Vec<DieId> = found_in
                .iter()
                .copied()
                .filter(|d| dice.contains(d))
                .collect();
            if let [a, b, ..] = valid[..] {
                let zones = [a, b].map(|d| zone_phrase(self.state.die(d).zone));
                let name = &self.cards.get(ctx.src.card).name;
                return Err(self.error(
                    EngineError::new(
                        EngineCode::AmbiguousDie,
                        r.span,
                        format!("`{r}` could mean a die in the {} or one in the {}", zones[0], zones[1]),
                        "which die?",
                    )
                    .with_help(format!(
                        "{name} may reach either, and a die's name does not say its zone: dmlint does not guess which one was taken; the moves before this line were checked"
                    )),
                ));
            }
            let found = valid.first().or(found_in.first()).copied();
            // A die its card keeps out of this kind of ability's targets.
            let shielded = found
                .filter(|_| to.target)
                .zip(self.targeting)
                .and_then(|(d, (kind, user))| self.untargetable(d, kind, user));
            if let Some(card) = shielded {
                let name = self.cards.get(ctx.src.card).name.clone();
                let shield = self.cards.get(card).name.clone();
                // Waived, the effect reaches the die written.
                self.violate(rules::invalid_target::new(
                    r.span,
                    format!("`{r}` cannot be targeted by {name}"),
                    format!("{shield} says it cannot be targeted by such an ability"),
                ))?;
                if let Some(d) = found {
                    chosen.push(d);
                    out.push(Reached::Die(d));
                }
                continue;
            }
            match found {
                Some(d) => {
                    if !dice.contains(&d) || taken.contains(&d) {
                        // Waived, the effect reaches the die written.
                        self.bad_target(r, to, &ctx.src)?;
                    }
                    chosen.push(d);
                    out.push(Reached::Die(d));
                }
                None => {
                    self.bad_target(r, to, &ctx.src)?;
                    return Err(self.unreplayable(r.span, "no such die where the effect reaches"));
                }
            }
        }
        // "As much as possible": fewer only when there is nothing else to choose
        // (000:966-969). What is left to choose is a die not chosen yet, and for
        // "another" not one an earlier effect of the ability chose (it cannot be
        // chosen); or a player the selector names that the line has not named. A die
        // that cannot be targeted is not there to choose.
        if let (true, Some((kind, user))) = (to.target, self.targeting) {
            self.targetable(&mut dice, kind, user);
        }
        let available: Vec<DieId> = dice
            .iter()
            .copied()
            .filter(|d| !(chosen.contains(d) || to.other && ctx.earlier.contains(d)))
            .collect();
        // A player it may reach is a choice too ("target player").
        let players_left: Vec<usize> = if players_too {
            players(to, &ctx.src)
                .filter(|p| {
                    !out.iter()
                        .any(|r| matches!(r, Reached::Player(q) if q == p))
                })
                .collect()
        } else {
            Vec::new()
        };
        // "Up to N" and "any number" let the controller choose fewer, none at all.
        let up_to = matches!(to.count, Count::UpTo(_) | Count::AnyNumber);
        if !up_to && out.len() < want && !(available.is_empty() && players_left.is_empty()) {
            let name = self.cards.get(ctx.src.card).name.clone();
            // The players and dice it could still reach, as its controller names them.
            let example: Vec<String> = available
                .iter()
                .map(|d| self.die_for(*d, ctx.src.controller))
                .chain(players_left.iter().map(|p| self.name(*p).to_string()))
                .take(want - out.len())
                .collect();
            // What it names, in the words a judge reads out: a player where only players
            // are left to choose.
            let noun = match (to.target, available.is_empty()) {
                (true, true) => "target player",
                (false, true) => "player",
                (true, false) => "target",
                (false, false) => "choice",
            };
            self.violate(rules::invalid_target::new(
                ctx.choices.span,
                format!(
                    "{name} needs {want} {noun}{} and the line names {}",
                    if want == 1 { "" } else { "s" },
                    out.len()
                ),
                format!(
                    "name {} in a `target` clause, such as `target {}`",
                    crate::cards::text::sel(to),
                    example.join(" ")
                ),
            ))?;
        }
        ctx.earlier.extend(chosen.iter().copied());
        ctx.chosen = chosen;
        Ok(out)
    }

    pub(super) fn reach_dice(
        &mut self,
        to: &crate::cards::ability::Selector,
        ctx: &mut Run,
    ) -> Result<Vec<DieId>, Stop> {
        Ok(self
            .reach(to, ctx)?
            .into_iter()
            .filter_map(|r| match r {
                Reached::Die(d) => Some(d),
                Reached::Player(_) => None,
            })
            .collect())
    }

    pub(super) fn bad_target(
        &mut self,
        r: &DieRef,
        to: &crate::cards::ability::Selector,
        src: &Source,
    ) -> Flow {
        let name = self.cards.get(src.card).name.clone();
        let user = &self.cards.players[src.controller];
        // Named as a judge says it: an unqualified die is the user's, as it is looked
        // up (`owner_of`).
        let owner = match &r.player {
            Some(p) => self.cards.player(&p.node),
            None => Some(src.controller),
        };
        let chosen = match owner.and_then(|o| Some((o, self.cards.by_alias(&r.alias.node, o)?))) {
            Some((o, card)) => self.named_card(o, card, r),
            None => format!("`{r}`"),
        };
        self.violate(rules::invalid_target::new(
            r.span,
            format!("{chosen} is not a valid choice for {user}'s {name}"),
            format!("it must be {}", crate::cards::text::sel(to)),
        ))
    }

    /// The next `choose` word, which must be one of `allowed`.
    pub(super) fn word(&mut self, ctx: &mut Run, allowed: &[&str]) -> Result<String, Stop> {
        let Some((w, at)) = ctx.choices.words.get(ctx.word).cloned() else {
            let name = self.cards.get(ctx.src.card).name.clone();
            let example = allowed.first().copied().unwrap_or("up");
            self.violate(rules::invalid_choice::new(
                ctx.choices.span,
                format!("{name} needs a choice the line does not make"),
                format!(
                    "add `choose {example}`; the choices are {}",
                    allowed.join(", ")
                ),
            ))?;
            // Waived, the choice is still unknown: dmlint does not guess it.
            return Err(self.unreplayable(ctx.choices.span, "the choice is not recorded"));
        };
        ctx.word += 1;
        if !allowed.contains(&w.as_str()) {
            self.violate(rules::invalid_choice::new(
                at,
                format!("`{w}` is not a choice here"),
                format!("choose one of: {}", allowed.join(", ")),
            ))?;
        }
        Ok(w)
    }
}
