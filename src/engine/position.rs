//! State lines: assertions compared with the state, and `position` blocks that set it.

use crate::rules;
use crate::syntax::{DieItem, Modifier, Position, Span, StateLine, Step, Zone};

use crate::engine::cards::DieKind;
use crate::engine::error::{EngineCode, EngineError};
use crate::engine::replay::{Flow, Replayer, Stop, describe_faces};
use crate::engine::resolve::zone_phrase;
use crate::engine::state::{DieId, GameState, Turn};

impl Replayer {
    pub(in crate::engine) fn assertion(&mut self, s: &StateLine) -> Flow {
        match self.differs(s)? {
            None => Ok(()),
            Some((span, claimed, computed)) => {
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
        };
        Ok(Some((span, claimed, computed)))
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
        // Sidekicks start placed by the block, like every other die.
        state.dice.clear();
        let mut blocking = Vec::new();
        let mut blocked = Vec::new();
        let mut supply_lines = Vec::new();
        let mut priority = None;
        let mut unmodelled = None;
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
                StateLine::Priority { player } => priority = Some(self.player(player)?),
                StateLine::Supply { card, count } => supply_lines.push((card, count, entry.span)),
                StateLine::Zone { zone, player, dice } => {
                    let pl = self.player(player)?;
                    for item in dice {
                        let owner = self.owner_of(&item.die, pl)?;
                        let card = self.card(&item.die.alias, owner)?;
                        let face = item.die.face.as_ref().map(|f| f.node.clone());
                        let shows = matches!(zone.node, Zone::Reserve | Zone::Field);
                        if face.is_some() != shows {
                            return Err(self.impossible(
                                item.span,
                                if shows {
                                    format!("a die in the {} needs its face", zone_phrase(zone.node))
                                } else {
                                    format!("dice in the {} show no face", zone_phrase(zone.node))
                                },
                                "write a face on each die in the reserve pool and the field, and on no other",
                            ));
                        }
                        // A character with unmodelled text in the field could change
                        // anything from here on, as when it is fielded.
                        if zone.node == Zone::Field
                            && (self.abilities_of(card).is_none()
                                || self.unapplied_in_field(card).is_some())
                        {
                            unmodelled.get_or_insert((item.span, card));
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
                        }
                        for _ in 0..item.times() {
                            let id = state.add_die(card, pl, zone.node, self.line);
                            let die = state.die_mut(id);
                            die.face = face.clone();
                            for m in &item.die.modifiers {
                                match &m.node {
                                    Modifier::Damage(n) => die.damage = *n,
                                    Modifier::Attacking => die.attacking = true,
                                    Modifier::Spent => die.spent = true,
                                    Modifier::Blocking(target) => {
                                        blocking.push((id, target, m.span))
                                    }
                                    Modifier::Blocked => blocked.push(id),
                                    Modifier::Attack(n) => die.boost.attack = *n,
                                    Modifier::Defense(n) => die.boost.defense = *n,
                                    Modifier::DoubleAttack => die.boost.double_attack = true,
                                    Modifier::NoDamage => die.boost.no_damage = true,
                                }
                            }
                        }
                    }
                }
            }
        }
        // Dice counts: no more dice of a card than the game has.
        for id in self.cards.ids().collect::<Vec<_>>() {
            let card = self.cards.get(id);
            if card.dice == 0 {
                continue;
            }
            let in_play = state
                .dice
                .iter()
                .filter(|d| self.cards.canonical(d.card) == id)
                .count() as u32;
            if in_play > card.dice {
                let (name, dice, line) = (card.name.clone(), card.dice, card.line);
                return Err(self.error(
                    EngineError::new(
                        EngineCode::ImpossiblePosition,
                        self.line,
                        format!("the position has {in_play} dice of {name}, the game {dice}"),
                        "too many dice",
                    )
                    .with_help("list each die once, in the zone where it is")
                    .with_context(line, "dice brought here"),
                ));
            }
            state.supply[usize::from(id.0)] = if card.kind == DieKind::Sidekick {
                0
            } else {
                card.dice - in_play
            };
        }
        for (card, count, span) in supply_lines {
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
        let Some(turn) = state.turn.as_ref() else {
            return Err(self.impossible(
                self.line,
                "the position names no turn".to_string(),
                "add `turn N PLAYER STEP`",
            ));
        };
        let (active, step) = (turn.active, turn.step);
        for (blocker, target, span) in blocking {
            let owner = self.owner_of(target, active)?;
            let card = self.card(&target.alias, owner)?;
            let like = state.attackers_like(owner, card, target.face.as_ref().map(|f| &f.node));
            let k = target.ordinal.as_ref().map_or(Some(0), |n| {
                usize::try_from(n.node).ok().and_then(|n| n.checked_sub(1))
            });
            match k.and_then(|k| like.get(k)) {
                Some(&a) => state.die_mut(blocker).blocking = Some(a),
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
        all_blocked.extend(blocked);
        all_blocked.sort();
        all_blocked.dedup();
        let rolled = if step == Step::Roll {
            state.zone(active, Zone::Reserve).collect()
        } else {
            Vec::new()
        };
        if let Some(t) = state.turn.as_mut() {
            t.blocked = all_blocked;
            t.step_line = self.line;
            t.priority = priority.unwrap_or(active);
            t.rolled = rolled;
        }
        self.state = state;
        self.started = true;
        match unmodelled {
            Some((span, card)) => {
                let why = self
                    .unapplied_in_field(card)
                    .unwrap_or_else(|| "is in the field".to_string());
                Err(self.undecided(span, card, &why))
            }
            None => Ok(()),
        }
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
