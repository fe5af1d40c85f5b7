//! State lines: assertions compared with the state, and `position` blocks that set it.

use crate::cards::ability::Event;
use crate::rules;
use crate::syntax::{
    CombatStage, DieItem, DieRef, EventAbout, Face, HeldOp, Modifier, Position, Span, Spanned,
    StateLine, Step, Zone,
};

use crate::engine::cards::{CardId, DieKind};
use crate::engine::coverage::{Moment, card_unapplied_at};
use crate::engine::edition::book;
use crate::engine::error::{EngineCode, EngineError};
use crate::engine::replay::{Flow, Replayer, Stop, describe_faces};
use crate::engine::resolve::zone_phrase;
use crate::engine::state::{
    About, Boost, CostCut, DamageStage, DieId, GameState, Held, MustBlock, Op, Outcome, Pending,
    Reactable, Turn, Used,
};

impl Replayer {
    pub(in crate::engine) fn assertion(&mut self, s: &StateLine) -> Flow {
        let life_of = match s {
            StateLine::Life { player, .. } => Some(self.player(player)?),
            _ => None,
        };
        match (self.differs(s)?, life_of) {
            // Agreed at the table and by the rules: the next working starts here.
            (None, Some(p)) => {
                self.life_known(p, self.line);
                Ok(())
            }
            (None, None) => Ok(()),
            (Some((span, claimed, computed)), Some(p)) => {
                let log = &self.life_log[p];
                let v = match log.working(self.state.players[p].life) {
                    Some(working) => {
                        let v = rules::assertion_mismatch::life(span, claimed, computed, &working);
                        match log.since {
                            Some(since) => v.with_context(since, "the working starts from here"),
                            None => v,
                        }
                    }
                    None => rules::assertion_mismatch::new(span, claimed, computed),
                };
                self.violate(v)
            }
            (Some((span, claimed, computed)), None) => {
                self.violate(rules::assertion_mismatch::new(span, claimed, computed))
            }
        }
    }

    /// Compares a state line with the state: `None` when it holds, else where it is
    /// wrong, what it claims and what the state is.
    pub(in crate::engine) fn differs(
        &mut self,
        s: &StateLine,
    ) -> Result<Option<(Span, String, String)>, Stop> {
        // An assertion observes the state as the line before it left it: every automatic
        // consequence already happened there, and an assertion never closes a window or
        // deals damage itself (grammar/README.md, "State lines").
        let (span, claimed, computed) = match s {
            StateLine::Life { player, life } => {
                let p = self.player(player)?;
                let have = self.state.players[p].life;
                if i64::from(life.node) == have || (life.node == 0 && have < 0) {
                    return Ok(None);
                }
                (
                    life.span,
                    format!("{} life", life.node),
                    format!("{} has {have} life", self.name(p)),
                )
            }
            StateLine::Zone { zone, player, dice } => {
                let p = self.player(player)?;
                if self.zone_matches(p, zone.node, dice)? {
                    return Ok(None);
                }
                let claimed: Vec<String> = dice.iter().map(|d| d.to_string()).collect();
                let claimed = if claimed.is_empty() {
                    "none".to_string()
                } else {
                    claimed.join(" ")
                };
                (
                    self.line,
                    claimed,
                    format!(
                        "{}'s {} holds {}",
                        self.name(p),
                        zone_phrase(zone.node),
                        self.contents(p, zone.node)
                    ),
                )
            }
            StateLine::Supply { card, count } => {
                let c = self.card(&card.alias, self.turn_ref().map_or(0, |t| t.active))?;
                let left = self.state.supply[usize::from(self.cards.canonical(c).0)];
                if left == count.node {
                    return Ok(None);
                }
                (
                    count.span,
                    format!("{} dice", count.node),
                    format!("{} has {left} dice left", self.cards.get(c).name),
                )
            }
            StateLine::Virtual { player, amount } => {
                let p = self.player(player)?;
                let have = self.state.players[p].virtual_energy;
                if have == amount.node {
                    return Ok(None);
                }
                (
                    amount.span,
                    format!("{} virtual energy", amount.node),
                    format!("{} has {have} virtual energy", self.name(p)),
                )
            }
            StateLine::Priority { player } => {
                let p = self.player(player)?;
                let holder = self.turn_ref().map(|t| t.priority);
                if holder == Some(p) {
                    return Ok(None);
                }
                let now = holder.map_or("nobody".to_string(), |h| self.name(h).to_string());
                (
                    player.span,
                    format!("{} has priority", self.name(p)),
                    format!("{now} holds priority"),
                )
            }
            // Only a probe asserts a turn: in a log, the line belongs in a position block.
            StateLine::Turn {
                number,
                player,
                step,
            } => {
                let p = self.player(player)?;
                let now = self.turn_ref().map(|t| (t.number, t.active, t.step));
                if now == Some((number.node, p, step.node)) {
                    return Ok(None);
                }
                let computed = match now {
                    Some((n, a, st)) => format!("it is turn {n} {}, {st} step", self.name(a)),
                    None => "no turn has started".to_string(),
                };
                (
                    self.line,
                    format!("turn {} {} {}", number.node, self.name(p), step.node),
                    computed,
                )
            }
            StateLine::Conceded { player } => {
                let p = self.player(player)?;
                if self.state.conceded == Some(p) {
                    return Ok(None);
                }
                let now = match self.state.conceded {
                    Some(c) => format!("{} conceded", self.name(c)),
                    None => "nobody conceded".to_string(),
                };
                (self.line, s.to_string(), now)
            }
            StateLine::Tokens { card, kind, count } => {
                let c = self.token_card(card)?;
                let have = self.state.tokens(c, kind.node);
                if have == count.node {
                    return Ok(None);
                }
                let tokens = |n: u32| {
                    let s = if n == 1 { "" } else { "s" };
                    format!("{n} {} token{s}", kind.node.name())
                };
                (
                    count.span,
                    tokens(count.node),
                    format!("{} has {}", self.cards.get(c).name, tokens(have)),
                )
            }
            // The turn's own facts: the claim holds when the state has it.
            _ => {
                if self.turn_ref().is_none() {
                    return Ok(Some((
                        self.line,
                        s.to_string(),
                        "no turn has started".into(),
                    )));
                }
                if self.turn_fact_holds(s)? {
                    return Ok(None);
                }
                (self.line, s.to_string(), self.turn_fact(s))
            }
        };
        Ok(Some((span, claimed, computed)))
    }

    /// Whether the turn under way has the fact a turn-state line claims (`passed`,
    /// `combat`, `pending` …).
    fn turn_fact_holds(&mut self, s: &StateLine) -> Result<bool, Stop> {
        let t = self.turn_ref().expect("checked by the caller");
        let (active, inactive) = (t.active, t.inactive());
        Ok(match s {
            StateLine::Drawn { count, oop, swarm } => {
                t.drawn == count.node
                    && oop.as_ref().is_none_or(|o| t.drawn_oop == o.node)
                    && swarm.as_ref().is_none_or(|s| t.swarm == s.node)
            }
            StateLine::Rerolled => t.reroll.is_some(),
            StateLine::Fielded { player, count } => {
                let p = self.player(player)?;
                let t = self.turn_ref().expect("turn");
                t.fielded_by(&self.state, p) == Some(count.node)
            }
            StateLine::Passed { players } => {
                let mut claimed = Vec::new();
                for p in players {
                    claimed.push(self.player(p)?);
                }
                claimed == self.state.passed_round()
            }
            StateLine::Acted { player } => {
                let acted = t.inactive_acted;
                self.player(player)? == inactive && acted
            }
            StateLine::MonsterKo { player } => {
                let ko = t.monster_ko;
                self.player(player)? == active && ko
            }
            StateLine::Lost { player } => {
                let lost = t.lost;
                lost[self.player(player)?]
            }
            StateLine::Combat { stage } => self.state.combat_stage() == Some(stage.node),
            StateLine::Assigned { attacker, shares } => {
                let Some(a) = self.named_anywhere(attacker, active)? else {
                    return Ok(false);
                };
                let split = self
                    .turn_ref()
                    .expect("turn")
                    .assigned
                    .iter()
                    .find(|(x, _, _)| *x == a)
                    .map(|(_, split, _)| split.clone());
                let Some(mut split) = split else {
                    return Ok(false);
                };
                for share in shares {
                    let Some(b) = self.named_anywhere(&share.blocker, inactive)? else {
                        return Ok(false);
                    };
                    match split
                        .iter()
                        .position(|(x, n)| *x == b && *n == share.amount.node)
                    {
                        Some(k) => {
                            split.remove(k);
                        }
                        None => return Ok(false),
                    }
                }
                split.iter().all(|(_, n)| *n == 0)
            }
            StateLine::Pending(p) => {
                let (card_owner, card, ability) =
                    self.asserted_ability(&p.card, &p.ability, active)?;
                let die = match &p.die {
                    Some(d) => Some(self.named_anywhere(d, card_owner)?),
                    None => None,
                };
                let t = self.turn_ref().expect("turn");
                t.pending.iter().any(|q| {
                    q.card == card
                        && Some(q.ability) == ability
                        && die.is_none_or(|d| d.is_some() && q.die == d)
                })
            }
            StateLine::Limit {
                card,
                ability,
                die,
                by,
            } => {
                let (owner, c, ability) = self.asserted_ability(card, ability, active)?;
                let die = match die {
                    Some(d) => Some(self.named_anywhere(d, owner)?),
                    None => None,
                };
                let by = match by {
                    Some(p) => Some(self.player(p)?),
                    None => None,
                };
                let t = self.turn_ref().expect("turn");
                t.used.iter().any(|u| {
                    u.card == c
                        && Some(u.ability) == ability
                        && die.is_none_or(|d| d.is_some() && u.die == d)
                        && by.is_none_or(|p| u.by == Some(p))
                })
            }
            StateLine::Ignored { card, dice } => {
                let owner = match &card.player {
                    Some(pl) => self.player(pl)?,
                    None => active,
                };
                let c = self.card(&card.alias, owner)?;
                let t = self.turn_ref().expect("turn");
                t.ignored.contains(&(c, !dice))
            }
            StateLine::Impulse { card } => {
                let (player, c) = self.player_card(card, active)?;
                let same = |x: CardId| self.cards.canonical(x) == self.cards.canonical(c);
                let t = self.turn_ref().expect("turn");
                t.impulses.iter().any(|&(p, x)| p == player && same(x))
            }
            StateLine::Prepped { player, dice } => {
                let p = self.player(player)?;
                let claimed = self.prepped_dice(p, dice)?;
                let t = self.turn_ref().expect("turn");
                let mut now: Vec<DieId> = t.prepped.clone().unwrap_or_default();
                now.retain(|d| self.state.die(*d).zone == Zone::Prep);
                let cards = |ids: &[DieId]| {
                    let mut c: Vec<CardId> = ids.iter().map(|d| self.state.die(*d).card).collect();
                    c.sort();
                    c
                };
                p == active && claimed.is_some_and(|c| cards(&c) == cards(&now))
            }
            StateLine::Reactable(r) => {
                let Some(event) = Event::from_name(&r.event.node) else {
                    return Ok(false);
                };
                let about = match &r.about {
                    EventAbout::Die(d) => match self.named_anywhere(d, active)? {
                        Some(id) => About::Die(id),
                        None => return Ok(false),
                    },
                    EventAbout::Player(p) => About::Player(self.player(p)?),
                    EventAbout::Nothing => About::Nothing,
                };
                let mut answered = Vec::new();
                for a in &r.answered {
                    let (_, c, i) = self.asserted_ability(&a.card, &a.ability, active)?;
                    let Some(i) = i else {
                        return Ok(false);
                    };
                    answered.push((c, i, self.player(&a.by)?));
                }
                let t = self.turn_ref().expect("turn");
                t.reactable.iter().any(|x| {
                    x.event == event
                        && x.about == about
                        && answered.iter().all(|a| x.answered.contains(a))
                })
            }
            StateLine::CostCut {
                card,
                ability,
                by,
                amount,
            } => {
                let (_, c, ability) = self.asserted_ability(card, ability, active)?;
                let by = self.player(by)?;
                let t = self.turn_ref().expect("turn");
                t.cost_cuts.iter().any(|x| {
                    x.on && !x.spent
                        && x.card == c
                        && Some(x.ability) == ability
                        && x.player == by
                        && x.amount == amount.node
                })
            }
            StateLine::Held { card, ability, .. } => {
                let (_, c, ability) = self.asserted_ability(card, ability, active)?;
                let t = self.turn_ref().expect("turn");
                t.held
                    .as_ref()
                    .is_some_and(|h| h.card == c && Some(h.ability) == ability)
            }
            _ => false,
        })
    }

    /// What the turn has in place of a turn-state line's claim, for the message.
    /// `CARD ability N` in an assertion: the card's owner (the active player unless the
    /// card names one), the card, and the ability's index (`None` for `ability 0`, which
    /// no ability has).
    fn asserted_ability(
        &mut self,
        card: &crate::syntax::CardRef,
        n: &Spanned<u32>,
        active: usize,
    ) -> Result<(usize, CardId, Option<usize>), Stop> {
        let owner = match &card.player {
            Some(pl) => self.player(pl)?,
            None => active,
        };
        let c = self.card(&card.alias, owner)?;
        Ok((owner, c, n.node.checked_sub(1).map(|i| i as usize)))
    }

    /// The player and card of a `reduction` or `impulse` line (`Ann.BE`): the player
    /// written (else the active one), and the card of that alias on their side.
    fn player_card(
        &mut self,
        card: &crate::syntax::CardRef,
        active: usize,
    ) -> Result<(usize, CardId), Stop> {
        let player = match &card.player {
            Some(pl) => self.player(pl)?,
            None => active,
        };
        Ok((player, self.card(&card.alias, player)?))
    }

    /// The dice of `player`'s prep area a `prepped` line names, one of each card for each
    /// die it lists (alike dice there are interchangeable); `None` when there are not
    /// that many.
    fn prepped_dice(
        &mut self,
        player: usize,
        dice: &[DieItem],
    ) -> Result<Option<Vec<DieId>>, Stop> {
        let mut taken: Vec<DieId> = Vec::new();
        for item in dice {
            let card = self.card(&item.die.alias, player)?;
            for _ in 0..item.times() {
                let found = self
                    .state
                    .zone(player, Zone::Prep)
                    .find(|d| self.state.die(*d).card == card && !taken.contains(d));
                match found {
                    Some(d) => taken.push(d),
                    None => return Ok(None),
                }
            }
        }
        Ok(Some(taken))
    }

    fn turn_fact(&self, s: &StateLine) -> String {
        let Some(t) = self.turn_ref() else {
            return "no turn has started".into();
        };
        let lines = self.state.turn_ref_lines(&self.cards);
        let of = |word: &str| {
            let found: Vec<&String> = lines.iter().filter(|l| l.starts_with(word)).collect();
            if found.is_empty() {
                format!("there is no `{word}` line in the state")
            } else {
                found
                    .iter()
                    .map(|l| format!("`{l}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        match s {
            StateLine::Drawn { .. } => format!("`{}`", self.state.drawn_line()),
            StateLine::Rerolled => "the reroll was not made".into(),
            StateLine::Fielded { player, .. } => {
                let p = self.cards.players.iter().position(|n| *n == player.node);
                match (self.turn_ref(), p) {
                    (Some(t), Some(p)) => match t.fielded_by(&self.state, p) {
                        Some(n) => format!("`fielded {} {n}`", player.node),
                        None => {
                            "the position this turn began from does not say what was fielded".into()
                        }
                    },
                    _ => "no turn under way".into(),
                }
            }
            StateLine::Passed { .. } => {
                let round = self.state.passed_round();
                if round.is_empty() {
                    "`passed none`".into()
                } else {
                    let names: Vec<&str> = round.iter().map(|p| self.name(*p)).collect();
                    format!("`passed {}`", names.join(" "))
                }
            }
            StateLine::Lost { player } => format!(
                "no character die of {} was knocked out this turn",
                player.node
            ),
            StateLine::Acted { .. } => {
                if t.inactive_acted {
                    format!("`acted {}`", self.name(t.inactive()))
                } else {
                    "the inactive player has not acted with priority".into()
                }
            }
            StateLine::Combat { .. } => match self.state.combat_stage() {
                Some(s) => format!("`combat {s}`"),
                None => "combat damage is still to come".into(),
            },
            StateLine::MonsterKo { .. } => {
                if t.monster_ko {
                    format!("`monster-ko {}`", self.name(t.active))
                } else {
                    "no opposing Monster was knocked out this turn by the active player \
                     (kept only while they have a card with Experience)"
                        .into()
                }
            }
            StateLine::Assigned { .. } => of("assigned"),
            StateLine::Pending(_) => of("pending"),
            StateLine::Limit { .. } => of("limit"),
            StateLine::Ignored { .. } => of("ignored"),
            StateLine::Impulse { .. } => of("impulse"),
            StateLine::Prepped { .. } => of("prepped"),
            StateLine::Reactable(_) => of("reactable"),
            StateLine::Held { .. } => of("held"),
            StateLine::CostCut { .. } => of("cost-cut"),
            _ => String::new(),
        }
    }

    /// Whether a zone holds exactly the dice an assertion lists. A listed die may leave
    /// out its face or state; the most specific are matched first.
    pub(in crate::engine) fn zone_matches(
        &mut self,
        player: usize,
        zone: Zone,
        items: &[DieItem],
    ) -> Result<bool, Stop> {
        let mut order: Vec<&DieItem> = items.iter().collect();
        order.sort_by_key(|i| {
            std::cmp::Reverse(usize::from(i.die.face.is_some()) + i.die.modifiers.len())
        });
        let mut taken = Vec::new();
        for item in order {
            let owner = self.owner_of(&item.die, player)?;
            let card = self.card(&item.die.alias, owner)?;
            for _ in 0..item.times() {
                let candidates: Vec<DieId> = self
                    .state
                    .zone(player, zone)
                    .filter(|id| {
                        let d = self.state.die(*id);
                        !taken.contains(id)
                            && self.cards.canonical(d.card) == self.cards.canonical(card)
                            && item
                                .die
                                .face
                                .as_ref()
                                .is_none_or(|f| d.face.as_ref() == Some(&f.node))
                    })
                    .collect();
                let mut found = None;
                for id in candidates {
                    if self.modifiers_ok(id, item)? {
                        found = Some(id);
                        break;
                    }
                }
                match found {
                    Some(id) => taken.push(id),
                    None => return Ok(false),
                }
            }
        }
        Ok(taken.len() == self.state.count(player, zone))
    }

    /// A die's state matches an assertion's brackets: every mark written holds, and the
    /// die has no other of the four marks a die's state was first written with (`[dmg=2]`
    /// does not match a damaged attacker). The later ones (`blocked`, `+1A`, …) hold when
    /// written but are not required, so an assertion written without them still reads
    /// as it did.
    pub(in crate::engine) fn modifiers_ok(
        &mut self,
        id: DieId,
        item: &DieItem,
    ) -> Result<bool, Stop> {
        if item.die.modifiers.is_empty() {
            return Ok(true);
        }
        let d = self.state.die(id);
        let marks = usize::from(d.damage > 0)
            + usize::from(d.attacking)
            + usize::from(d.blocking.is_some())
            + usize::from(d.spent);
        // `dmg=0` says the die is undamaged: it matches, but is no mark.
        let written = item
            .die
            .modifiers
            .iter()
            .filter(|m| {
                matches!(
                    m.node,
                    Modifier::Damage(1..)
                        | Modifier::Attacking
                        | Modifier::Blocking(_)
                        | Modifier::Spent
                )
            })
            .count();
        Ok(marks == written && self.modifiers_match(id, &item.die.modifiers)?)
    }

    pub(in crate::engine) fn position(&mut self, p: &Position) -> Flow {
        self.game_over(self.line)?;
        let mut state = GameState::new(
            &self.cards,
            self.state.edition,
            self.state.start_life,
            self.state.first,
        );
        state.first_named = self.state.first_named;
        // Sidekicks start placed by the block, like every other die.
        state.dice.clear();
        let mut facts = Facts::default();
        let mut unmodelled = None;
        let mut placed_of: std::collections::HashMap<CardId, u32> = Default::default();
        for entry in &p.entries {
            match &entry.node {
                StateLine::Turn {
                    number,
                    player,
                    step,
                } => {
                    let pl = self.player(player)?;
                    let mut t = Turn::new(number.node, pl, self.line);
                    t.step = step.node;
                    if step.node == Step::Blockers {
                        t.step = Step::Window;
                    }
                    if !matches!(step.node, Step::Draw) {
                        t.drawn = 4;
                        t.drawn_oop = 1;
                    }
                    if !matches!(step.node, Step::Draw | Step::Roll) {
                        t.roll = Some(self.line);
                        // What was fielded this turn the block says only with its
                        // `fielded` lines (read below).
                        t.fielded_unknown = true;
                    }
                    if matches!(
                        step.node,
                        Step::Attack | Step::Blockers | Step::Window | Step::Damage | Step::Cleanup
                    ) {
                        t.attack = Some(self.line);
                    }
                    if matches!(step.node, Step::Blockers | Step::Window | Step::Damage) {
                        t.block = Some(self.line);
                    }
                    if step.node == Step::Cleanup {
                        t.damage = DamageStage::Over;
                    }
                    state.turn = Some(t);
                }
                StateLine::Life { player, life } => {
                    let pl = self.player(player)?;
                    // Life never rises above the start: gains beyond it are lost.
                    if life.node > state.start_life {
                        return Err(self.impossible(
                            life.span,
                            format!(
                                "{} life is more than the {} the game started with",
                                life.node, state.start_life
                            ),
                            "a player's life never goes above the starting life (gains beyond it are lost)",
                        ));
                    }
                    state.players[pl].life = i64::from(life.node);
                }
                StateLine::Virtual { player, amount } => {
                    let pl = self.player(player)?;
                    state.players[pl].virtual_energy = amount.node;
                }
                StateLine::Priority { player } => facts.priority = Some(self.player(player)?),
                StateLine::Supply { card, count } => facts.supply.push((card, count, entry.span)),
                StateLine::Zone { zone, player, dice } => {
                    let pl = self.player(player)?;
                    for item in dice {
                        let card = self.position_die(item, pl, zone.node, &mut unmodelled)?;
                        // Counted before a die is placed: a count the game cannot hold
                        // (`SK x999999999`) is refused without allocating for it.
                        let canonical = self.cards.canonical(card);
                        let so_far = placed_of.entry(canonical).or_insert(0u32);
                        *so_far = so_far.saturating_add(item.times());
                        if *so_far > self.cards.get(canonical).dice {
                            return Err(self.too_many_dice(canonical, *so_far, item.span));
                        }
                        for _ in 0..item.times() {
                            let id = state.add_die(card, pl, zone.node, self.line);
                            let die = state.die_mut(id);
                            die.face = item.die.face.as_ref().map(|f| f.node.clone());
                            for m in &item.die.modifiers {
                                match &m.node {
                                    Modifier::Damage(n) => die.damage = *n,
                                    Modifier::Attacking => die.attacking = true,
                                    Modifier::Spent => die.spent = true,
                                    Modifier::Blocking(target) => {
                                        facts.blocking.push((id, target, m.span))
                                    }
                                    Modifier::Paired(target) => {
                                        facts.paired.push((id, target, m.span))
                                    }
                                    Modifier::CalledOut(target) => {
                                        facts.called_out.push((id, target, m.span))
                                    }
                                    Modifier::CapturedBy(target) => {
                                        facts.captured_by.push((id, target, m.span))
                                    }
                                    Modifier::Blocked => facts.blocked.push(id),
                                    Modifier::DeadlyKo => facts.deadly.push(id),
                                    Modifier::AttackDamaged => facts.attack_damaged.push(id),
                                    Modifier::HasBlocked => facts.has_blocked.push(id),
                                    Modifier::Fielded if zone.node != Zone::Field => {
                                        return Err(self.impossible(
                                            m.span,
                                            format!("a die listed in `{}` cannot be marked `fielded`", zone.node),
                                            "`fielded` marks a die fielded this turn that is still in the field; the line `fielded PLAYER N` counts the others",
                                        ));
                                    }
                                    Modifier::Fielded => facts.fielded_marks.push((id, m.span)),
                                    Modifier::MustBlock(Some(target)) => {
                                        facts.must_block.push((id, target, m.span))
                                    }
                                    Modifier::Copy(c) => {
                                        die.boost.copy = Some(self.copied_card(c, pl)?)
                                    }
                                    effect => effect_mark(&mut die.boost, effect),
                                }
                            }
                            facts.placed.push((id, item.span));
                        }
                    }
                }
                StateLine::Drawn { count, oop, swarm } => {
                    facts.drawn = Some((
                        count.node,
                        oop.as_ref().map(|o| o.node),
                        swarm.as_ref().map(|s| s.node),
                    ))
                }
                StateLine::Fielded { player, count } => {
                    facts
                        .fielded
                        .push((self.player(player)?, count.node, entry.span))
                }
                StateLine::Rerolled => facts.rerolled = true,
                StateLine::Passed { players } => {
                    let mut ps = Vec::new();
                    for pl in players {
                        ps.push(self.player(pl)?);
                    }
                    facts.passed = Some((ps, entry.span));
                }
                StateLine::Acted { player } => {
                    facts.acted = Some((self.player(player)?, entry.span))
                }
                StateLine::Lost { player } => facts.lost[self.player(player)?] = true,
                StateLine::Combat { stage } => facts.combat = Some((stage.node, entry.span)),
                StateLine::Conceded { player } => facts.conceded = Some(self.player(player)?),
                StateLine::MonsterKo { player } => {
                    facts.monster_ko = Some((self.player(player)?, entry.span))
                }
                StateLine::Tokens { card, kind, count } => {
                    let c = self.token_card(card)?;
                    if count.node > 0 {
                        state.tokens.insert((c, kind.node), count.node);
                    }
                }
                StateLine::Assigned { .. }
                | StateLine::Pending(_)
                | StateLine::Limit { .. }
                | StateLine::Ignored { .. }
                | StateLine::Impulse { .. }
                | StateLine::Prepped { .. }
                | StateLine::Reactable(_)
                | StateLine::Held { .. }
                | StateLine::CostCut { .. } => facts.refs.push(entry),
            }
        }
        self.count_dice(&mut state, &facts.supply, &placed_of)?;
        let Some(turn) = state.turn.as_ref() else {
            let help = format!(
                "add its turn line: the turn's number, the active player and the step, such \
                 as `turn 1 {} main`",
                self.name(state.first)
            );
            return Err(self.impossible(
                self.line,
                "the position names no turn".to_string(),
                &help,
            ));
        };
        let (active, step) = (turn.active, turn.step);
        self.check_placed(&state, &facts.placed, active)?;
        for &(die, target, span) in &facts.paired {
            let (_, named) = self.marked_die(&state, target, state.die(die).owner)?;
            match named {
                Some(p) if p != die && state.die(die).zone == Zone::Field => {
                    crate::engine::keywords::heroic::pair(&mut state, die, p)
                }
                _ => {
                    return Err(self.impossible(
                        span,
                        format!("no partner `{target}` in the field"),
                        "a paired die and its partner are both in the field; number identical dice in the order listed (`#2`)",
                    ));
                }
            }
        }
        for &(die, target, span) in &facts.called_out {
            let (owner, named) = self.marked_die(&state, target, 1 - state.die(die).owner)?;
            match named {
                Some(t) if state.die(die).attacking && owner != state.die(die).owner => {
                    state.die_mut(die).called = Some(t)
                }
                _ => {
                    return Err(self.impossible(
                        span,
                        format!("no target `{target}` for Call Out in the opponent's field"),
                        "an attacker calls out a die in the opponent's field; number identical dice in the order listed (`#2`)",
                    ));
                }
            }
        }
        for &(die, target, span) in &facts.captured_by {
            let (owner, named) = self.marked_die(&state, target, 1 - state.die(die).owner)?;
            match named {
                Some(c) if state.die(die).zone == Zone::Aside && owner != state.die(die).owner => {
                    state.die_mut(die).captor = Some(c)
                }
                _ => {
                    return Err(self.impossible(
                        span,
                        format!("no captor `{target}` in the opponent's field"),
                        "a die aside was captured by a die in the opponent's field; number identical dice in the order listed (`#2`)",
                    ));
                }
            }
        }
        for &(die, target, span) in &facts.must_block {
            let a = self.attacker_of(&state, target, active, span)?;
            if state.die(die).owner == active {
                return Err(self.impossible(
                    span,
                    "a die must block an attacker of its own player".to_string(),
                    "only the inactive player's characters block",
                ));
            }
            state.die_mut(die).boost.must_block = Some(MustBlock::Attacker(a));
        }
        for &(blocker, target, span) in &facts.blocking {
            let owner = self.owner_of(target, active)?;
            let card = self.card(&target.alias, owner)?;
            let like = state.attackers_like(owner, card, target.face.as_ref().map(|f| &f.node));
            let k = target.ordinal.as_ref().map_or(Some(0), |n| {
                usize::try_from(n.node).ok().and_then(|n| n.checked_sub(1))
            });
            match k.and_then(|k| like.get(k)) {
                Some(&a) if state.die(blocker).owner != active => {
                    state.die_mut(blocker).blocking = Some(a)
                }
                Some(_) => {
                    return Err(self.impossible(
                        span,
                        "a die blocks an attacker of its own player".to_string(),
                        "blockers are the inactive player's characters",
                    ));
                }
                None => {
                    return Err(self.impossible(
                        span,
                        format!("no attacker `{target}` to block"),
                        "mark the attacker `[attacking]`; number identical attackers in the order listed (`#2`)",
                    ));
                }
            }
        }
        // Attackers with blockers are blocked, and so are those marked blocked whose
        // blockers are gone: they stay blocked.
        let mut all_blocked: Vec<DieId> =
            state.ids().filter_map(|b| state.die(b).blocking).collect();
        all_blocked.extend(facts.blocked.iter().copied());
        all_blocked.sort();
        all_blocked.dedup();
        let rolled = if step == Step::Roll {
            state.zone(active, Zone::Reserve).collect()
        } else {
            Vec::new()
        };
        let line = self.line;
        let strict = book(state.edition).passes_required;
        let t = state.turn.as_mut().expect("checked above");
        t.blocked = all_blocked;
        t.step_line = line;
        t.rolled = rolled;
        if let Some((drawn, oop, swarm)) = facts.drawn {
            t.drawn = drawn;
            t.drawn_oop = oop.unwrap_or(0);
            t.swarm = swarm.unwrap_or(0);
        }
        if facts.rerolled {
            t.reroll = Some(line);
        }
        // What was fielded this turn, when the block says (`fielded` lines and marks).
        if !facts.fielded.is_empty() || !facts.fielded_marks.is_empty() {
            let mut counts = [0u32; 2];
            for &(p, n, _) in &facts.fielded {
                counts[p] = n;
            }
            t.fielded_unknown = false;
            t.fielded.clear();
            for (p, &n) in counts.iter().enumerate() {
                let marked: Vec<(DieId, Span)> = facts
                    .fielded_marks
                    .iter()
                    .copied()
                    .filter(|&(d, _)| state.dice[usize::from(d.0)].owner == p)
                    .collect();
                if let Some(&(_, span)) = marked.get(usize::try_from(n).unwrap_or(usize::MAX)) {
                    return Err(self.impossible(
                        span,
                        format!(
                            "{} dice are marked `fielded`, and the block counts {n} fielded this turn",
                            marked.len()
                        ),
                        "count every die marked `fielded` in its owner's `fielded` line",
                    ));
                }
                t.fielded_gone[p] = n - marked.len() as u32;
                t.fielded.extend(
                    marked
                        .iter()
                        .map(|&(die, _)| crate::engine::state::Fielded { die, here: true }),
                );
            }
        }
        let inactive = t.inactive();
        if let Some((passed, span)) = &facts.passed {
            let round: Vec<bool> = passed.iter().map(|p| *p == active).collect();
            match (strict, round.as_slice()) {
                // `passed none` under the 2018 rules: the step wrote passes before the
                // round under way, so its closing passes are not inferred.
                (true, []) => t.passed = Some(line),
                (false, []) => {}
                (true, [true]) => {
                    t.passed = Some(line);
                    t.priority = inactive;
                }
                (_, [true, false]) => {
                    t.passed = Some(line);
                    t.ready = true;
                }
                (false, [true]) => t.passed = Some(line),
                (false, [true, false, true]) => {
                    t.passed = Some(line);
                    t.ready = true;
                    t.closed = true;
                }
                _ => {
                    let span = *span;
                    let (a, i) = (self.name(active), self.name(inactive));
                    let help = if strict {
                        format!(
                            "under the 2018 rules a round is the active player's pass, then the \
                             inactive player's: `passed {a}` or `passed {a} {i}`"
                        )
                    } else {
                        format!(
                            "before 2018 the active player pauses, the inactive player declines, \
                             the active player closes the step: `passed {a}`, `passed {a} {i}` or \
                             `passed {a} {i} {a}`"
                        )
                    };
                    return Err(self.impossible(
                        span,
                        "no priority round goes so".to_string(),
                        &help,
                    ));
                }
            }
        }
        if let Some((who, span)) = facts.acted {
            if who != inactive {
                return Err(self.impossible(
                    span,
                    "only the inactive player acts with priority handed over".to_string(),
                    "`acted` names the inactive player",
                ));
            }
            t.inactive_acted = true;
            t.priority = active;
        }
        if let Some(p) = facts.priority {
            t.priority = p;
        }
        if let Some((who, span)) = facts.monster_ko {
            if who != active {
                return Err(self.impossible(
                    span,
                    "only the active player's knock-outs this turn count for Experience"
                        .to_string(),
                    "`monster-ko` names the active player",
                ));
            }
            t.monster_ko = true;
        }
        t.lost = facts.lost;
        if let Some((stage, span)) = facts.combat {
            let fits = matches!(
                (stage, t.step),
                (CombatStage::NoAttack, Step::Cleanup)
                    | (CombatStage::Over, Step::Cleanup)
                    | (
                        CombatStage::Damaged
                            | CombatStage::KnockedOut
                            | CombatStage::PlayerHit
                            | CombatStage::FastDamaged
                            | CombatStage::FastKnockedOut
                            | CombatStage::FastPlayerHit
                            | CombatStage::Ending,
                        Step::Damage
                    )
            );
            if !fits {
                return Err(self.impossible(
                    span,
                    format!("combat cannot be `{stage}` in the {} step", t.step),
                    "`combat none` and `combat over` belong to the cleanup step, the other stages to the damage step",
                ));
            }
            match stage {
                CombatStage::NoAttack => {
                    t.no_attack = true;
                    t.damage = DamageStage::NotDealt;
                }
                CombatStage::FastDamaged => t.damage = DamageStage::FastDamaged,
                CombatStage::FastKnockedOut => t.damage = DamageStage::FastKnockedOut,
                CombatStage::FastPlayerHit => t.damage = DamageStage::FastPlayerHit,
                CombatStage::Damaged => t.damage = DamageStage::Damaged,
                CombatStage::KnockedOut => t.damage = DamageStage::KnockedOut,
                CombatStage::PlayerHit => t.damage = DamageStage::PlayerHit,
                CombatStage::Over => t.damage = DamageStage::Over,
                CombatStage::Ending => t.damage = DamageStage::Ending,
            }
        }
        if let Some(loser) = facts.conceded {
            state.outcome = Some(Outcome::Won { winner: 1 - loser });
            state.conceded = Some(loser);
        }
        state.settle_outcome();
        if state.outcome.is_some() {
            self.ended = Some(line);
        }
        // A die with Strike in the field while the block does not say what was fielded
        // this turn (`keywords::strike`).
        if unmodelled.is_none() {
            let strike = state
                .ids()
                .find(|&d| crate::engine::keywords::strike::unknown(&self.cards, &state, [d]));
            if let Some(d) = strike {
                let card = state.die(d).card;
                unmodelled = Some((line, card, crate::engine::keywords::strike::UNKNOWN.into()));
            }
        }
        self.state = state;
        // The position states both totals: a later working starts from them (with no
        // label: the block is the whole table, not one line to point at).
        for p in 0..2 {
            self.life_log[p] = crate::engine::life::LifeLog::new(self.state.players[p].life, None);
        }
        self.started = true;
        for entry in facts.refs {
            self.position_ref(entry, active)?;
        }
        // A die blocking now was engaged as the blockers were declared: Deadly marks it
        // then (`keywords::deadly`), and a position written after the blocks stands for
        // that moment, so the engagements it states are noted here, before combat damage
        // may end them; an engagement already ended is the `deadly-ko` mark.
        self.deadly_marked(&facts.deadly);
        self.deadly_standing();
        if let Some(t) = self.state.turn.as_mut() {
            t.attack_damaged = facts.attack_damaged;
            // A trigger waits in the cleanup step only once the `end` line has made the
            // cleanup (combat's own resolve before the step comes): the turn then ends
            // when they have resolved, its dice out of play going to the used pile.
            if t.step == Step::Cleanup && !t.pending.is_empty() {
                t.done = true;
            }
            // In the clear and draw step before anything is drawn, the prep area is what
            // began the turn there; once dice are drawn, only a `prepped` line says
            // (Back for More, `steps::roll`).
            let stated = p
                .entries
                .iter()
                .any(|e| matches!(e.node, StateLine::Prepped { .. }));
            if t.step == Step::Draw && !stated {
                let active = t.active;
                let fresh = (t.drawn, t.drawn_oop) == (0, 0);
                let prep: Vec<DieId> = self.state.zone(active, Zone::Prep).collect();
                if let Some(t) = self.state.turn.as_mut() {
                    t.prepped = fresh.then_some(prep);
                }
            }
        }
        // The dice that blocked this turn, for Frag (`keywords::frag`).
        self.frag_blockers_stated(&facts.has_blocked);
        match unmodelled {
            // Waived, the position stands as written.
            Some((span, card, why)) => self.undecided(span, card, &why),
            // The game is set up: text that acts from a card, with no die of it in play.
            None => self.game_moment(Moment::Start),
        }
    }

    /// The card a `tokens` line names: a character card (its owner as written, else the
    /// first player's: aliases are unique in a game).
    fn token_card(&mut self, card: &crate::syntax::CardRef) -> Result<CardId, Stop> {
        let owner = match &card.player {
            Some(p) => self.player(p)?,
            None => 0,
        };
        let c = self.card(&card.alias, owner)?;
        if self.cards.get(c).kind != DieKind::Character {
            return Err(self.impossible(
                card.alias.span,
                format!("{} is no character card", self.cards.get(c).name),
                "tokens go on character cards (Experience, Loyalty Counters)",
            ));
        }
        Ok(c)
    }

    /// The die a position's mark names in the field (`paired=`, `called-out=`,
    /// `captured-by=`): its owner as written (else `default`), then the n-th die of that
    /// card and face there (`#2`), if there is one.
    fn marked_die(
        &mut self,
        state: &GameState,
        target: &DieRef,
        default: usize,
    ) -> Result<(usize, Option<DieId>), Stop> {
        let owner = self.owner_of(target, default)?;
        let card = self.card(&target.alias, owner)?;
        let like = state.field_like(owner, card, target.face.as_ref().map(|f| &f.node));
        let k = target.ordinal.as_ref().map_or(Some(0), |n| {
            usize::try_from(n.node).ok().and_then(|n| n.checked_sub(1))
        });
        Ok((owner, k.and_then(|k| like.get(k).copied())))
    }

    /// A die of a position's zone line: its card, checked against the zone it is in.
    fn position_die(
        &mut self,
        item: &DieItem,
        pl: usize,
        zone: Zone,
        unmodelled: &mut Option<(Span, CardId, String)>,
    ) -> Result<CardId, Stop> {
        let owner = self.owner_of(&item.die, pl)?;
        let card = self.card(&item.die.alias, owner)?;
        let c = self.cards.get(card);
        if c.owner.is_some_and(|o| o != pl) {
            let (name, whose) = (c.name.clone(), self.name(c.owner.unwrap_or(pl)).to_string());
            return Err(self.impossible(
                item.span,
                format!("{whose}'s {name} die is in {}'s {}", self.name(pl), zone_phrase(zone)),
                "a die stays on its owner's side (dmlint models no effect that takes control of a die)",
            ));
        }
        let face = item.die.face.as_ref().map(|f| f.node.clone());
        // A die aside keeps the face it showed in the field, to come back on it.
        let shows = matches!(zone, Zone::Reserve | Zone::Field | Zone::Aside);
        if face.is_some() != shows {
            return Err(self.impossible(
                item.span,
                if shows {
                    format!("a die in the {} needs its face", zone_phrase(zone))
                } else {
                    format!("dice in the {} show no face", zone_phrase(zone))
                },
                "write a face on each die in the reserve pool and the field, and on no other",
            ));
        }
        if let Some(f) = &face {
            if !self.cards.has_face(card, f) {
                let c = self.cards.get(card);
                return Err(self.impossible(
                    item.span,
                    format!("{}'s die has no {f} face", c.name),
                    &format!("its faces: {}", describe_faces(c)),
                ));
            }
            if zone == Zone::Aside && !matches!(f, Face::Level { .. }) {
                return Err(self.impossible(
                    item.span,
                    format!("a die showing `{f}` aside"),
                    "only a character die of the field is set aside (captured or removed), on its level",
                ));
            }
            if zone == Zone::Field {
                let continuous = self.abilities_of(card).is_some_and(|l| {
                    l.iter()
                        .any(|a| a.keyword == Some(crate::cards::ability::Keyword::Continuous))
                });
                let fits = match f {
                    Face::Level { .. } => true,
                    Face::Action { .. } => continuous,
                    Face::Energy { .. } => false,
                };
                if !fits {
                    return Err(self.impossible(
                        item.span,
                        format!("a die showing `{f}` in the field"),
                        "only character faces are in the field (and an action die with Continuous)",
                    ));
                }
            }
        }
        if let Some(written) = &item.die.face {
            // A position states a face as written, as a roll does.
            self.relied_on(card, written);
        }
        // Text not applied that acts once a die is in play, or in the field, could change
        // anything from here on, as when the die is bought or fielded.
        let plain = self.cards.get(card).plain;
        let abilities = self.abilities_of(card);
        let why = card_unapplied_at(abilities, Moment::InPlay).or_else(|| {
            (zone == Zone::Field)
                .then(|| {
                    card_unapplied_at(abilities, Moment::Fielded)
                        .or_else(|| abilities.is_none().then(|| "is in the field".to_string()))
                })
                .flatten()
        });
        if let (false, Some(why)) = (plain, why) {
            unmodelled.get_or_insert((item.span, card, why));
        }
        Ok(card)
    }

    /// The supply: the dice of each card not in play (counted, and bounded, as they were
    /// placed), or what a `supply` line says, never more.
    fn count_dice(
        &mut self,
        state: &mut GameState,
        supply: &[(&crate::syntax::CardRef, &Spanned<u32>, Span)],
        placed_of: &std::collections::HashMap<CardId, u32>,
    ) -> Flow {
        for id in self.cards.ids().collect::<Vec<_>>() {
            let card = self.cards.get(id);
            if card.dice == 0 {
                continue;
            }
            // Counted as the dice were placed, and never more than the card has.
            let in_play = placed_of.get(&id).copied().unwrap_or(0);
            state.supply[usize::from(id.0)] = if card.kind == DieKind::Sidekick {
                0
            } else {
                card.dice - in_play
            };
        }
        for &(card, count, span) in supply {
            let c = self.card(&card.alias, 0)?;
            let c = self.cards.canonical(c);
            let most = state.supply[usize::from(c.0)];
            if count.node > most {
                return Err(self.impossible(
                    span,
                    format!(
                        "{} dice on the card, but only {most} are not in play",
                        count.node
                    ),
                    "the supply is what is not in a zone; leave the line out to let dmlint count",
                ));
            }
            state.supply[usize::from(c.0)] = count.node;
        }
        Ok(())
    }

    /// More dice of a card in the position than the game has: `span` is the zone item
    /// that went over.
    fn too_many_dice(&mut self, id: CardId, count: u32, span: Span) -> Stop {
        let card = self.cards.get(id);
        let (name, dice, line) = (card.name.clone(), card.dice, card.line);
        self.error(
            EngineError::new(
                EngineCode::ImpossiblePosition,
                span,
                format!("the position has {count} dice of {name}, the game {dice}"),
                "too many dice",
            )
            .with_help("list each die once, in the zone where it is")
            .with_context(line, "dice brought here"),
        )
    }

    /// The states written on a position's dice are possible: damage and combat marks only
    /// on characters in the field, attackers the active player's, blockers the inactive
    /// player's, a partly spent die an energy die in the reserve pool.
    fn check_placed(&mut self, state: &GameState, placed: &[(DieId, Span)], active: usize) -> Flow {
        for &(id, span) in placed {
            let d = state.die(id);
            let character = matches!(d.face, Some(Face::Level { .. })) && d.zone == Zone::Field;
            let why =
                if (d.damage > 0 || d.attacking || d.boost != Default::default()) && !character {
                    Some("damage, attacking and applied effects belong to characters in the field")
                } else if d.attacking && d.owner != active {
                    Some("attackers are the active player's")
                } else if d.spent
                    && !(d.zone == Zone::Reserve && matches!(d.face, Some(Face::Energy { .. })))
                {
                    Some("only an energy die in the reserve pool can be partly spent")
                } else {
                    None
                };
            if let Some(why) = why {
                return Err(self.impossible(
                    span,
                    format!("`{}` cannot be so", state.die_text(&self.cards, id)),
                    why,
                ));
            }
        }
        Ok(())
    }

    /// A position line that names dice wherever they are: an assignment, a pending
    /// trigger, a used limit, a held effect.
    fn position_ref(&mut self, entry: &Spanned<StateLine>, active: usize) -> Flow {
        let inactive = 1 - active;
        let span = entry.span;
        match &entry.node {
            StateLine::Assigned { attacker, shares } => {
                let a = self.anywhere(attacker, active, span)?;
                let mut split = Vec::new();
                for s in shares {
                    let b = self.anywhere(&s.blocker, inactive, span)?;
                    split.push((b, s.amount.node));
                }
                self.turn_mut().assigned.push((a, split, span));
            }
            StateLine::Pending(p) => {
                let (card, ability) = self.position_ability(&p.card, &p.ability, active, span)?;
                let controller = self.cards.get(card).owner.unwrap_or(active);
                let die = match &p.die {
                    Some(d) => Some(self.anywhere(d, controller, span)?),
                    None => None,
                };
                let subject = match &p.about {
                    Some(d) => Some(self.anywhere(d, controller, span)?),
                    None => None,
                };
                let mut payers = Vec::new();
                for item in &p.paid {
                    for _ in 0..item.times() {
                        let id = self.anywhere_not(&item.die, controller, &payers, span)?;
                        payers.push(id);
                    }
                }
                let batch = p.batch.as_ref().map_or(1, |b| b.node);
                let t = self.turn_mut();
                t.batch = t.batch.max(batch);
                t.pending.push(Pending {
                    card,
                    ability,
                    die,
                    controller,
                    bursts: p.bursts.as_ref().map_or(0, |b| b.node.min(2) as u8),
                    batch,
                    subject,
                    payers,
                    taken: p.taken.as_ref().map_or(0, |n| n.node),
                    line: span,
                });
            }
            StateLine::Limit {
                card,
                ability,
                die,
                by,
            } => {
                let (card, ability) = self.position_ability(card, ability, active, span)?;
                let owner = self.cards.get(card).owner.unwrap_or(active);
                let die = match die {
                    Some(d) => Some(self.anywhere(d, owner, span)?),
                    None => None,
                };
                let by = match by {
                    Some(p) => Some(self.player(p)?),
                    None => None,
                };
                self.turn_mut().used.push(Used {
                    card,
                    ability,
                    die,
                    by,
                });
            }
            StateLine::Ignored { card, dice } => {
                let owner = match &card.player {
                    Some(p) => self.player(p)?,
                    None => active,
                };
                let c = self.card(&card.alias, owner)?;
                self.turn_mut().ignored.push((c, !dice));
            }
            StateLine::Reactable(r) => {
                let Some(event) = Event::from_name(&r.event.node) else {
                    let names: Vec<&str> = Event::ANSWERABLE.iter().map(|e| e.name()).collect();
                    return Err(self.impossible(
                        r.event.span,
                        format!("`{}` is not an event of the ability language", r.event.node),
                        &format!("a reactive global answers one of: {}", names.join(", ")),
                    ));
                };
                let about = match &r.about {
                    EventAbout::Die(d) => About::Die(self.anywhere(d, active, span)?),
                    EventAbout::Player(p) => About::Player(self.player(p)?),
                    EventAbout::Nothing => About::Nothing,
                };
                let mut answered = Vec::new();
                for a in &r.answered {
                    let (card, ability) =
                        self.position_ability(&a.card, &a.ability, active, span)?;
                    answered.push((card, ability, self.player(&a.by)?));
                }
                // A position in the cleanup step not yet done holds the events of the
                // combat damage that ended the attack step (nothing else happens between
                // them): a global limited to the attack step still answers them.
                let step = self.turn_ref().map_or(Step::Main, |t| {
                    if t.step == Step::Cleanup && !t.done {
                        Step::Damage
                    } else {
                        t.step
                    }
                });
                self.turn_mut().reactable.push(Reactable {
                    event,
                    about,
                    answered,
                    line: span,
                    step,
                });
            }
            StateLine::CostCut {
                card,
                ability,
                by,
                amount,
            } => {
                let (card, ability) = self.position_ability(card, ability, active, span)?;
                let player = self.player(by)?;
                let made = self
                    .abilities_of(card)
                    .and_then(|l| l.get(ability))
                    .and_then(crate::engine::effects::reduce_cost::reduction_of)
                    .map(|(of, next, once)| (of.clone(), next, once));
                let Some((of, next, once)) = made else {
                    let name = self.cards.get(card).name.clone();
                    return Err(self.impossible(
                        span,
                        format!("{name}'s ability {} lowers no purchase cost", ability + 1),
                        "a `cost-cut` line names the ability whose `reduce-cost` made it",
                    ));
                };
                self.turn_mut().cost_cuts.push(CostCut {
                    card,
                    ability,
                    player,
                    amount: amount.node,
                    of,
                    next,
                    on: true,
                    spent: false,
                    once,
                });
            }
            StateLine::Held { card, ability, ops } => {
                let (card, ability) = self.position_ability(card, ability, active, span)?;
                let owner = self.cards.get(card).owner.unwrap_or(active);
                let mut held = Held {
                    ops: Vec::new(),
                    card,
                    ability,
                    line: span,
                    combat: false,
                };
                for op in ops {
                    held.ops.push(match op {
                        HeldOp::Ko { die } => Op::Ko {
                            die: self.anywhere(die, owner, span)?,
                        },
                        // A knock-out by combat damage (`effects::knocks_out`).
                        HeldOp::CombatKo { die } => {
                            held.combat = true;
                            Op::Ko {
                                die: self.anywhere(die, owner, span)?,
                            }
                        }
                        // A bare name may be a player: damage held on its way to them.
                        HeldOp::Damage { die, amount }
                            if die.face.is_none()
                                && die.player.is_none()
                                && die.ordinal.is_none()
                                && self.cards.player(&die.alias.node).is_some() =>
                        {
                            Op::DamagePlayer {
                                player: self.player(&die.alias)?,
                                amount: amount.node,
                            }
                        }
                        HeldOp::Damage { die, amount } => Op::Damage {
                            die: self.anywhere(die, owner, span)?,
                            amount: amount.node,
                        },
                        // Not a change of the effect: what waits on its knock-out.
                        HeldOp::SuitUp { die } => {
                            self.held_suit_up(&held, die, owner, span)?;
                            continue;
                        }
                        HeldOp::Gain { player, amount } => Op::GainLife {
                            player: self.player(player)?,
                            amount: amount.node,
                        },
                        HeldOp::Spin { die, level } => Op::Spin {
                            die: self.anywhere(die, owner, span)?,
                            level: u8::try_from(level.node).unwrap_or(u8::MAX),
                        },
                        HeldOp::Boost { die, modifiers } => {
                            let mut boost = Boost::default();
                            for m in modifiers {
                                match &m.node {
                                    Modifier::MustBlock(Some(target)) => {
                                        boost.must_block = Some(MustBlock::Attacker(
                                            self.attacker_in(target, span)?,
                                        ))
                                    }
                                    effect => effect_mark(&mut boost, effect),
                                }
                            }
                            Op::Boost {
                                die: self.anywhere(die, owner, span)?,
                                boost,
                            }
                        }
                    });
                }
                self.turn_mut().held = Some(held);
            }
            StateLine::Prepped { player, dice } => {
                let p = self.player(player)?;
                let Some(prepped) = self.prepped_dice(p, dice)?.filter(|_| p == active) else {
                    return Err(self.impossible(
                        span,
                        "no such dice of the active player's prep area".to_string(),
                        "a `prepped` line names dice of the active player's prep area that \
                         began the turn there",
                    ));
                };
                self.turn_mut().prepped = Some(prepped);
            }
            StateLine::Impulse { card } => {
                let (player, c) = self.player_card(card, active)?;
                if self.impulse_of(c).is_none() {
                    let name = self.cards.get(c).name.clone();
                    return Err(self.impossible(
                        span,
                        format!("{name} has no Impulse for the dice bought to gain"),
                        "an `impulse` line names a card with a trigger on its die being bought",
                    ));
                }
                self.turn_mut().impulses.push((player, c));
            }
            _ => {}
        }
        Ok(())
    }

    /// `suit-up DIE` on a `held` line: Suit Up's bought die, in the used pile, waiting on
    /// the held line's `ko` (the last one written before it) to move to the field at
    /// level 2 (`keywords::suit_up`).
    fn held_suit_up(
        &mut self,
        held: &Held,
        die: &DieRef,
        owner: usize,
        span: Span,
    ) -> Result<(), Stop> {
        let bought = self.anywhere(die, owner, span)?;
        let ko = held.ops.iter().rev().find_map(|op| match *op {
            Op::Ko { die } => Some(die),
            _ => None,
        });
        let (Some(ko), Zone::Used) = (ko, self.state.die(bought).zone) else {
            return Err(self.impossible(
                die.span,
                format!("`suit-up {die}` waits on nothing"),
                "`suit-up DIE` follows the held `ko` it waits on, and names a die in its owner's used pile",
            ));
        };
        let card = self.state.die(bought).card;
        self.turn_mut().suit_up = Some((ko, bought, card));
        Ok(())
    }

    /// `CARD ability N`: the card and the index of its N-th ability (from 1).
    fn position_ability(
        &mut self,
        card: &crate::syntax::CardRef,
        n: &Spanned<u32>,
        active: usize,
        span: Span,
    ) -> Result<(CardId, usize), Stop> {
        let owner = match &card.player {
            Some(p) => self.player(p)?,
            None => active,
        };
        let c = self.card(&card.alias, owner)?;
        let count = self.printed_abilities(c).map_or(0, <[_]>::len);
        match usize::try_from(n.node).ok().and_then(|n| n.checked_sub(1)) {
            Some(i) if i < count => Ok((c, i)),
            _ => {
                let name = self.cards.get(c).name.clone();
                Err(self.impossible(
                    span,
                    format!("{name} has no ability {}", n.node),
                    &format!(
                        "its abilities are numbered from 1 to {count}, as `dmlint cards` lists them"
                    ),
                ))
            }
        }
    }

    /// A die named wherever it is: the N-th (from 1) of its owner's dice of that card
    /// and face, in the order a position lists them ([`GameState::owned_like`]).
    fn anywhere(&mut self, r: &DieRef, default: usize, span: Span) -> Result<DieId, Stop> {
        self.anywhere_not(r, default, &[], span)
    }

    fn anywhere_not(
        &mut self,
        r: &DieRef,
        default: usize,
        taken: &[DieId],
        span: Span,
    ) -> Result<DieId, Stop> {
        match self.named_anywhere_not(r, default, taken)? {
            Some(id) => Ok(id),
            None => Err(self.impossible(
                span,
                format!("no die `{r}` in the position"),
                "a die this line names must be listed in one of its owner's zones",
            )),
        }
    }

    /// The attacker a `must-block=` mark names in a state being set: the N-th attacking
    /// die of that card (and face) of its owner.
    fn attacker_of(
        &mut self,
        state: &GameState,
        target: &DieRef,
        active: usize,
        span: Span,
    ) -> Result<DieId, Stop> {
        let owner = self.owner_of(target, active)?;
        let card = self.card(&target.alias, owner)?;
        let like = state.attackers_like(owner, card, target.face.as_ref().map(|f| &f.node));
        let k = target.ordinal.as_ref().map_or(Some(0), |n| {
            usize::try_from(n.node).ok().and_then(|n| n.checked_sub(1))
        });
        match k.and_then(|k| like.get(k)) {
            Some(&a) => Ok(a),
            None => Err(self.impossible(
                span,
                format!("no attacker `{target}` to block"),
                "mark the attacker `[attacking]`; number identical attackers in the order listed (`#2`)",
            )),
        }
    }

    /// [`Replayer::attacker_of`] in the state already set (a held effect's marks).
    fn attacker_in(&mut self, target: &DieRef, span: Span) -> Result<DieId, Stop> {
        let state = self.state.clone();
        let active = state.turn.as_ref().map_or(0, |t| t.active);
        self.attacker_of(&state, target, active, span)
    }

    pub(in crate::engine) fn impossible(
        &mut self,
        span: Span,
        message: String,
        help: &str,
    ) -> Stop {
        self.error(
            EngineError::new(
                EngineCode::ImpossiblePosition,
                span,
                message,
                "not a possible state",
            )
            .with_help(help.to_string()),
        )
    }
}

/// What a position block says beyond its dice, gathered before the turn is built.
#[derive(Default)]
struct Facts<'a> {
    priority: Option<usize>,
    supply: Vec<(&'a crate::syntax::CardRef, &'a Spanned<u32>, Span)>,
    placed: Vec<(DieId, Span)>,
    blocking: Vec<(DieId, &'a DieRef, Span)>,
    must_block: Vec<(DieId, &'a DieRef, Span)>,
    /// `paired=` marks: each die's Heroic partner, in its owner's field.
    paired: Vec<(DieId, &'a DieRef, Span)>,
    /// `called-out=` marks: each attacker's Call Out target, in the opponent's field.
    called_out: Vec<(DieId, &'a DieRef, Span)>,
    /// `captured-by=` marks: each captured die's captor, in the opponent's field.
    captured_by: Vec<(DieId, &'a DieRef, Span)>,
    /// `deadly-ko` marks: dice engaged with a Deadly die this turn.
    deadly: Vec<DieId>,
    /// `attack-damaged` marks: dice damaged in this turn's attack step.
    attack_damaged: Vec<DieId>,
    /// `has-blocked` marks: dice that blocked this turn, their attacker gone.
    has_blocked: Vec<DieId>,
    /// `fielded` lines: each player's count of character dice fielded this turn.
    fielded: Vec<(usize, u32, Span)>,
    /// `fielded` marks: dice fielded this turn, in the field since.
    fielded_marks: Vec<(DieId, Span)>,
    blocked: Vec<DieId>,
    drawn: Option<(u32, Option<u32>, Option<u32>)>,
    rerolled: bool,
    passed: Option<(Vec<usize>, Span)>,
    acted: Option<(usize, Span)>,
    /// `lost` lines: the players a character die of whom was knocked out this turn.
    lost: [bool; 2],
    combat: Option<(CombatStage, Span)>,
    conceded: Option<usize>,
    /// `monster-ko`: the player it names, and the line.
    monster_ko: Option<(usize, Span)>,
    /// Lines naming dice wherever they are, read once every die is placed.
    refs: Vec<&'a Spanned<StateLine>>,
}

/// Sets the applied or persistent effect a bracket names on a die's effects (the marks
/// that are not effects, and `must-block=` which names an attacker, are read elsewhere).
fn effect_mark(boost: &mut Boost, m: &Modifier) {
    match m {
        Modifier::Attack(n) => boost.attack = *n,
        Modifier::Defense(n) => boost.defense = *n,
        Modifier::DoubleAttack => boost.double_attack = true,
        Modifier::DoubleDefense => boost.double_defense = true,
        Modifier::NoDamage => boost.no_damage = true,
        Modifier::MustAttack => boost.must_attack = true,
        Modifier::CantAttack => boost.cant_attack = true,
        Modifier::CantBlock => boost.cant_block = true,
        Modifier::MustBlock(None) => boost.must_block = Some(MustBlock::Any),
        Modifier::DoubleDamageToBlockers => boost.double_damage_to_blockers = true,
        Modifier::ExcessToPlayer => boost.excess_to_player = true,
        Modifier::Unblockable => boost.unblockable = true,
        Modifier::DefenseIsAttack => boost.defense_is_attack = true,
        Modifier::IronWillSpared(d) => boost.iron_will_spared = Some(*d),
        Modifier::Has(k) => boost.granted = boost.granted.with(*k),
        Modifier::Villain => boost.villain = true,
        Modifier::Damage(_)
        | Modifier::Attacking
        | Modifier::Blocking(_)
        | Modifier::Paired(_)
        | Modifier::CalledOut(_)
        | Modifier::CapturedBy(_)
        | Modifier::DeadlyKo
        | Modifier::AttackDamaged
        | Modifier::HasBlocked
        | Modifier::Fielded
        | Modifier::Blocked
        | Modifier::Spent
        | Modifier::Copy(_)
        | Modifier::MustBlock(Some(_)) => {}
    }
}
