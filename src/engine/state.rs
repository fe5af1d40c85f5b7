//! The game state: every die with its card, owner, zone, face and modifiers; life,
//! virtual energy and supply; the turn, its step and who holds priority.
//!
//! Dice of one card in one state are interchangeable, so a zone is not an ordered list:
//! each die records its zone, and a zone is the dice that say they are in it. A game has
//! at most a few dozen dice, so scanning them is cheaper than keeping indexes in step.

use std::fmt::Write;

use crate::cards::ability::Event;
use crate::syntax::{CombatStage, Edition, Face, Granted, Span, Step, TokenKind, Zone};

use super::cards::{CardId, DieKind, GameCards};

/// `passed Ann Bob`.
fn passed_line(cards: &GameCards, round: &[usize]) -> String {
    let names: Vec<&str> = round.iter().map(|p| cards.players[*p].as_str()).collect();
    format!("passed {}", names.join(" "))
}

/// The zones in the order a position lists them.
pub const ZONES: [Zone; 7] = [
    Zone::Bag,
    Zone::Prep,
    Zone::Reserve,
    Zone::Field,
    Zone::Used,
    Zone::Oop,
    Zone::Aside,
];

fn zone_rank(zone: Zone) -> usize {
    ZONES.iter().position(|z| *z == zone).unwrap_or(ZONES.len())
}

/// A die of this game, by its index in [`GameState::dice`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DieId(pub u16);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Die {
    pub card: CardId,
    pub owner: usize,
    pub zone: Zone,
    /// The face showing: only dice in the reserve pool and the field show one.
    pub face: Option<Face>,
    pub damage: u32,
    /// Partly spent (spun down from a double face): it can no longer be rerolled.
    pub spent: bool,
    pub attacking: bool,
    /// The attacker this die blocks.
    pub blocking: Option<DieId>,
    /// Stat modifiers applied by effects, until the end of the turn (or until the die
    /// leaves the field).
    pub boost: Boost,
    /// The line that last moved the die, for "it went to the used pile here".
    pub moved: Span,
    /// When the die came to be where it is, as a rising count: the order in which dice
    /// are numbered by an ordinal (`SK:L1#2`). Attackers are stamped in the order the
    /// `attack` line lists them, blockers in the order of the `block` line, the dice of a
    /// `position` block in the order it lists them.
    pub stamp: u32,
    /// The die it is paired up with (Heroic, `keywords::heroic`): until the start of its
    /// owner's next turn, or until either leaves the field.
    pub partner: Option<DieId>,
    /// The opposing die it targeted with Call Out as it attacked (`keywords::call_out`):
    /// until it or that die leaves the field, or the turn ends.
    pub called: Option<DieId>,
    /// For a die aside (`Zone::Aside`, `effects::capture`): the opposing die that
    /// captured it, whose leaving the field ends the capture; `None` for a die removed
    /// with no captor (Intimidate). Every die set aside came from the field, and goes
    /// back there on the face it keeps.
    pub captor: Option<DieId>,
}

/// Applied and persistent effects on a die: they last until the end of the turn, and end
/// when the die leaves the field (Avengers Infinity rulebook, TYPES OF GAME EFFECTS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, PartialOrd, Ord)]
pub struct Boost {
    pub attack: i32,
    pub defense: i32,
    /// Attack doubled (after the other modifiers).
    pub double_attack: bool,
    /// Defense doubled (after the other modifiers).
    pub double_defense: bool,
    /// Deals no combat damage (Smash!'s global).
    pub no_damage: bool,
    /// Must attack this turn if able (Enrage).
    pub must_attack: bool,
    /// Cannot attack this turn.
    pub cant_attack: bool,
    /// Cannot block this turn (Doctor Octopus: Megalomaniac).
    pub cant_block: bool,
    /// Must block this turn if able: any attacker, or one (Spider-Man: Webslinger).
    pub must_block: Option<MustBlock>,
    /// Deals double combat damage to the characters blocking it.
    pub double_damage_to_blockers: bool,
    /// Its combat damage beyond its blockers' total defense goes to the opponent
    /// (the printed Thrown Car and Doctor Octopus: Fully Armed).
    pub excess_to_player: bool,
    /// Keywords an effect gave it for the turn (Thrown Car's Overcrush): it has them as if
    /// its card said so (`keywords::grant`).
    pub granted: Grants,
    /// Iron Will's memory (`keywords::iron_will`): its only damage this turn reached
    /// its defense, which was this, and Iron Will kept it in the field. Not an effect,
    /// but it lasts as they do: until the cleanup step or until the die leaves the field.
    pub iron_will_spared: Option<u32>,
    /// It cannot be blocked this turn (Obscure, `keywords::obscure`).
    pub unblockable: bool,
    /// It has the Villain affiliation this turn (`effects::gain_affiliation`).
    pub villain: bool,
    /// It copies this card's die stats, for the level it shows (`effects::copy`).
    pub copy: Option<CardId>,
    /// Its defense is its attack this turn (Archnemesis' global): the applied defense
    /// modifiers made before were folded into it, those made since add to it, and static
    /// ones apply on top (`select::stats`).
    pub defense_is_attack: bool,
}

/// A set of the keywords an effect may give a die ([`Granted`]), kept inline: it is part
/// of every die's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, PartialOrd, Ord)]
pub struct Grants(u8);

impl Grants {
    fn bit(k: Granted) -> u8 {
        1 << (k as u8)
    }

    /// The set with `k` added.
    pub fn with(self, k: Granted) -> Grants {
        Grants(self.0 | Grants::bit(k))
    }

    pub fn has(self, k: Granted) -> bool {
        self.0 & Grants::bit(k) != 0
    }

    /// The keywords in the set, in [`Granted::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Granted> {
        Granted::ALL.into_iter().filter(move |k| self.has(*k))
    }
}

/// Whom a die must block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MustBlock {
    /// Any attacker it can.
    Any,
    /// This attacker.
    Attacker(DieId),
}

impl Boost {
    /// Adds another effect's changes to these: stats add up, marks accumulate.
    pub fn merge(&mut self, other: Boost) {
        self.attack += other.attack;
        self.defense += other.defense;
        self.double_attack |= other.double_attack;
        self.double_defense |= other.double_defense;
        self.no_damage |= other.no_damage;
        self.must_attack |= other.must_attack;
        self.cant_attack |= other.cant_attack;
        self.cant_block |= other.cant_block;
        self.must_block = other.must_block.or(self.must_block);
        self.double_damage_to_blockers |= other.double_damage_to_blockers;
        self.excess_to_player |= other.excess_to_player;
        self.granted.0 |= other.granted.0;
        self.iron_will_spared = other.iron_will_spared.or(self.iron_will_spared);
        self.villain |= other.villain;
        self.unblockable |= other.unblockable;
        self.copy = other.copy.or(self.copy);
        self.defense_is_attack |= other.defense_is_attack;
    }
}

/// What tells two dice apart for the rules and the notation ([`GameState::key`]): dice
/// with equal keys are interchangeable.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DieKey {
    pub owner: usize,
    pub card: CardId,
    pub zone: Zone,
    /// The die's own state: face, damage, partly spent, attacking, applied effects.
    pub own: Plain,
    /// An attacker that is blocked (even with every blocker gone).
    pub blocked: bool,
    /// What it is engaged with, seen plainly (without their own engagements): the
    /// attacker a blocker blocks, the blockers of an attacker, sorted.
    pub engaged: Vec<Plain>,
}

/// A die's own state, without what it is engaged with.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Plain {
    pub card: u16,
    pub face: Option<String>,
    pub damage: u32,
    pub spent: bool,
    pub attacking: bool,
    pub boost: Boost,
}

impl Die {
    fn plain(&self) -> Plain {
        Plain {
            card: self.card.0,
            face: self.face.as_ref().map(|f| f.to_string()),
            damage: self.damage,
            spent: self.spent,
            attacking: self.attacking,
            boost: self.boost,
        }
    }

    /// The die as it leaves the reserve pool or the field: no face, no marks.
    fn reset(&mut self, zone: Zone) {
        self.zone = zone;
        self.face = None;
        self.damage = 0;
        self.spent = false;
        self.attacking = false;
        self.blocking = None;
        self.boost = Boost::default();
        self.partner = None;
        self.called = None;
        self.captor = None;
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// Below zero when the last hit was larger than what was left.
    pub life: i64,
    pub virtual_energy: u32,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Won { winner: usize },
    Tie,
}

/// What an event is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum About {
    Die(DieId),
    Player(usize),
    Nothing,
}

/// A limit used this turn: the card and its ability, the die for a per-die limit, and
/// the player for a limited global (each player has their own use of a card's limited
/// global: Avengers Infinity rulebook, MORE ABOUT GLOBAL ABILITIES).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Used {
    pub card: CardId,
    pub ability: usize,
    pub die: Option<DieId>,
    pub by: Option<usize>,
}

/// An event the last move set off, which a reactive global may still answer, and the
/// answers given: each player answers it at most once with each card's reactive global
/// (Avengers Infinity rulebook, MORE ABOUT GLOBAL ABILITIES).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Reactable {
    pub event: Event,
    pub about: About,
    /// (card, ability, player) of each answer.
    pub answered: Vec<(CardId, usize, usize)>,
    /// The line that set it off (or the position that states it).
    pub line: Span,
    /// The step it happened in: a global limited to a step answers an event of that
    /// step, even once the turn has moved on (combat damage ends the attack step).
    pub step: Step,
}

/// A purchase-cost reduction for the rest of the turn: what it lowers, and by how much.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CostCut {
    /// The card and ability (index) whose `reduce-cost` made it: what a position's
    /// `cost-cut` line names.
    pub card: CardId,
    pub ability: usize,
    /// Whose purchases it lowers.
    pub player: usize,
    pub amount: u32,
    /// The dice it lowers, by their card.
    pub of: crate::cards::ability::Selector,
    /// Only the next such die bought (then it is used up).
    pub next: bool,
    /// Made: its ability resolved (an effect held for an answer is not yet).
    pub on: bool,
    /// A `next` reduction a purchase has used.
    pub spent: bool,
    /// It counts once for its card however many times that is used this turn (read from
    /// the ability: a position's `cost-cut` line restores it).
    pub once: bool,
}

/// An `assign` line: the attacker, each blocker's share, and the line.
pub type Assignment = (DieId, Vec<(DieId, u32)>, Span);

/// The turn under way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    pub number: u32,
    pub active: usize,
    pub step: Step,
    /// The `turn` line (or the position block that set the turn).
    pub line: Span,
    /// The line that began the current step.
    pub step_line: Span,
    /// Dice drawn into the prep area this clear and draw step, and to out of play.
    pub drawn: u32,
    pub drawn_oop: u32,
    /// Dice the draw owes for Swarm (one per die drawn of a card with Swarm active in the
    /// drawer's field), and the line that drew the first of them (`keywords::swarm`).
    pub swarm: u32,
    pub swarm_line: Option<Span>,
    /// The refill of this turn's draw, if any.
    pub refill: Option<Span>,
    /// The roll and the reroll of this turn.
    pub roll: Option<Span>,
    pub reroll: Option<Span>,
    /// Dice rolled this turn (the only ones the reroll may choose).
    pub rolled: Vec<DieId>,
    /// Who may act now.
    pub priority: usize,
    /// The inactive player acted with this priority: it returns to the active player.
    pub inactive_acted: bool,
    /// Both players passed in a row: the step may end.
    pub ready: bool,
    /// The last pass of the active player, for messages.
    pub passed: Option<Span>,
    /// Damage splits given by `assign` lines: attacker, then (blocker, amount).
    pub assigned: Vec<Assignment>,
    /// Purchase-cost reductions made this turn (`effects::reduce_cost`), in the order
    /// they were made.
    pub cost_cuts: Vec<CostCut>,
    /// Cards whose text an effect ignores until the end of the turn (`effects::ignore_text`),
    /// with whether their global abilities are ignored too.
    pub ignored: Vec<(CardId, bool)>,
    /// The cards whose Impulse each die a player buys gains for the rest of the turn
    /// (`effects::give_impulse`), with that player; a position writes `impulse Ann.BE`.
    pub impulses: Vec<(usize, crate::engine::cards::CardId)>,
    /// Combat damage blocked attackers deal on to the opponent beyond their blockers'
    /// total defense, fixed when combat damage is dealt (the 2014 rules hit the player
    /// after the blockers are gone).
    pub excess: Vec<(DieId, u32)>,
    /// The `attack` and `block` lines of this turn.
    pub attack: Option<Span>,
    pub block: Option<Span>,
    /// The attackers blocked when blockers were declared: they stay blocked even if
    /// their blockers leave.
    pub blocked: Vec<DieId>,
    /// The cleanup step has been done (a position in the cleanup step has not yet).
    pub done: bool,
    /// The active player declared no attacker: the turn ends at once, and no global
    /// ability may be used any more.
    pub no_attack: bool,
    /// Triggered abilities waiting to resolve, in the order they triggered.
    pub pending: Vec<Pending>,
    /// The number of the latest batch of simultaneous triggers.
    pub batch: u32,
    /// Abilities used (or fired, for "the first time") this turn, for their limits:
    /// card, ability index, and the die for per-die limits.
    pub used: Vec<Used>,
    /// The events of the last move that reactive globals may still answer; the next move
    /// that is not such an answer clears them ("decide immediately").
    pub reactable: Vec<Reactable>,
    /// An effect held back for a moment because a die it affects may be protected by
    /// its controller (Spider-Man: "Tiger").
    pub held: Option<Held>,
    /// How far the attack step's combat damage has gone.
    pub damage: DamageStage,
    /// The lines that applied restrictions to dice this turn, for the label a restriction's
    /// diagnostic puts on the line that set it up (not part of a position: a position
    /// states the effects, not where they came from).
    pub marked: Vec<(DieId, Span)>,
    /// Before 2018, where passes are optional: the step's closing passes were made (the
    /// inactive player passed, then the active player), so no more actions can be taken
    /// in it.
    pub closed: bool,
    /// Dice knocked out this turn and the face each showed, for "return it to the field".
    pub knocked: Vec<(DieId, Face)>,
    /// Whether a character die of each player was knocked out this turn (Resistance:
    /// `Condition::Resistance`); a position writes it `lost PLAYER`.
    pub lost: [bool; 2],
    /// Dice engaged this turn with a die with Deadly (the engaged die, the Deadly die),
    /// still in the field since: knocked out at the end of the turn (`keywords::deadly`).
    pub deadly: Vec<(DieId, DieId)>,
    /// Dice that took damage in this turn's attack step, combat or effect damage, and
    /// are still in the field since ("damaged in an attack step but not knocked out":
    /// Red Hulk: Thunderbolt Ross, read at the end of the turn once damage is cleared).
    pub attack_damaged: Vec<DieId>,
    /// The dice declared as blockers this turn and in the field since, what Frag's "did
    /// not block this turn" reads (`keywords::frag`); kept only in a game with a card
    /// with Frag, so that no other game carries a fact nothing reads.
    pub blockers: Vec<DieId>,
    /// Suit Up's move waiting for its knock-out (the die to knock out, the bought die, its
    /// card): made only once that die is knocked out, which a protection may hold back or
    /// prevent (`keywords::suit_up`). It outlasts a line only beside a held `ko` of that
    /// die, so a position writes it on the `held` line (`suit-up DIE`).
    pub suit_up: Option<(DieId, DieId, CardId)>,
    /// The dice in the active player's prep area as the turn began, whose roll in the roll
    /// step is Back for More's event; `None` where a position set in the clear and draw
    /// step after dice were drawn does not say which were there before.
    pub prepped: Option<Vec<DieId>>,
    /// The character dice fielded this turn, either player's, that Strike reads
    /// (`keywords::strike`), each with whether it is still in the field since: a die
    /// that left and came back without being fielded (Regenerate, `return-to-field`) is
    /// not the die that was fielded. `fielded_unknown` when a position began the turn
    /// after its main step had begun and did not say (no `fielded` line).
    pub fielded: Vec<Fielded>,
    pub fielded_unknown: bool,
    /// The active player knocked out an opposing Monster this turn, what Experience reads
    /// at the end of the turn (`keywords::experience`). Kept only while the active player
    /// has a card with Experience, so that no other game carries a fact nothing reads.
    pub monster_ko: bool,
    /// Character dice each player fielded this turn that a position counts (its
    /// `fielded` line) but does not name: those no longer in the field.
    pub fielded_gone: [u32; 2],
}

/// A character die fielded this turn (`Turn::fielded`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fielded {
    pub die: DieId,
    /// Still in the field since it was fielded.
    pub here: bool,
}

/// How far combat damage has gone. Each edition orders what follows the damage its own
/// way (`edition::Combat`); a stage waits while the effects it set off resolve, and
/// the next follows when the trigger queue is empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum DamageStage {
    /// Not dealt yet.
    #[default]
    NotDealt,
    /// The Fast round (`keywords::fast`), before the regular one: dealt (2018), its
    /// knock-outs made, the player hit (2014); as the regular stages below.
    FastDamaged,
    FastKnockedOut,
    FastPlayerHit,
    /// 2018: dealt; the "when damaged" effects resolve before any knock-out.
    Damaged,
    /// Knock-outs made; their effects resolve (before 2018, with those of the damage).
    KnockedOut,
    /// 2014: unblocked attackers have damaged the player; those effects resolve.
    PlayerHit,
    /// Over: under 2018 survivors are back in the field; before 2018 they stay in the
    /// attack zone until cleanup.
    Over,
    /// Combat damage done, the "at the end of the attack step" effects resolving, the
    /// survivors still engaged (`effects::attack_step_end`).
    Ending,
}

/// A triggered ability waiting in the queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    pub card: CardId,
    /// The index of the ability in the card's list.
    pub ability: usize,
    /// The die whose ability it is (a per-die trigger), if any.
    pub die: Option<DieId>,
    pub controller: usize,
    /// Bursts of the die it comes from (for its burst variants).
    pub bursts: u8,
    /// Triggers of one event share a batch; later batches wait for earlier ones.
    pub batch: u32,
    /// The die the event was about ("that die"), if any.
    pub subject: Option<DieId>,
    /// Dice that paid for the move that triggered it.
    pub payers: Vec<DieId>,
    /// The damage its event dealt, for a trigger on a die taking damage: what a
    /// prevention of that damage may take back (`effects::prevent_taken`); 0 otherwise.
    pub taken: u32,
    /// The line that triggered it.
    pub line: Span,
}

impl Pending {
    /// An ability of die `die` waiting like a trigger (a keyword's choice or effect):
    /// no bursts, no die the event was about, no payers.
    pub fn of_die(
        card: CardId,
        ability: usize,
        die: DieId,
        controller: usize,
        batch: u32,
        line: Span,
    ) -> Pending {
        Pending {
            card,
            ability,
            die: Some(die),
            controller,
            bursts: 0,
            batch,
            subject: None,
            payers: Vec::new(),
            taken: 0,
            line,
        }
    }
}

/// One change to one die or player, the unit effects are made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Damage {
        die: DieId,
        amount: u32,
    },
    DamagePlayer {
        player: usize,
        amount: u32,
    },
    Ko {
        die: DieId,
    },
    Boost {
        die: DieId,
        boost: Boost,
    },
    /// Spun to this level.
    Spin {
        die: DieId,
        level: u8,
    },
    GainLife {
        player: usize,
        amount: u32,
    },
    /// Damage to a die from another die that is not the effect's own source (each of
    /// two dice dealing the other its attack).
    DamageBy {
        die: DieId,
        amount: u32,
        by: DieId,
    },
    /// Life lost, not damage dealt: no "when damaged" reads it.
    LoseLife {
        player: usize,
        amount: u32,
    },
    /// The turn's purchase-cost reduction of this index (`Turn::cost_cuts`) takes effect.
    CostCut {
        cut: usize,
    },
}

impl Op {
    /// The die the change is made to.
    pub fn die(&self) -> Option<DieId> {
        match *self {
            Op::Damage { die, .. }
            | Op::DamageBy { die, .. }
            | Op::Ko { die }
            | Op::Boost { die, .. }
            | Op::Spin { die, .. } => Some(die),
            Op::DamagePlayer { .. }
            | Op::GainLife { .. }
            | Op::LoseLife { .. }
            | Op::CostCut { .. } => None,
        }
    }
}

/// Changes held back until the die's controller says whether they protect it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    /// Changes to dice of `card`, whose ability may protect them.
    pub ops: Vec<Op>,
    pub card: CardId,
    pub ability: usize,
    /// The line of the effect held.
    pub line: Span,
    /// Its knock-outs are made by combat damage (a replacement of a knock-out in combat
    /// held for its answer): the dice whose combat damage did it knock them out
    /// (`effects::knocks_out`). A position writes them `combat-ko`.
    pub combat: bool,
}

impl Turn {
    pub fn new(number: u32, active: usize, line: Span) -> Turn {
        Turn {
            number,
            active,
            step: Step::Draw,
            line,
            step_line: line,
            drawn: 0,
            drawn_oop: 0,
            swarm: 0,
            swarm_line: None,
            refill: None,
            roll: None,
            reroll: None,
            rolled: Vec::new(),
            priority: active,
            inactive_acted: false,
            ready: false,
            passed: None,
            assigned: Vec::new(),
            excess: Vec::new(),
            cost_cuts: Vec::new(),
            ignored: Vec::new(),
            impulses: Vec::new(),
            attack: None,
            block: None,
            done: false,
            no_attack: false,
            blocked: Vec::new(),
            pending: Vec::new(),
            batch: 0,
            used: Vec::new(),
            reactable: Vec::new(),
            held: None,
            damage: DamageStage::NotDealt,
            closed: false,
            knocked: Vec::new(),
            lost: [false; 2],
            marked: Vec::new(),
            deadly: Vec::new(),
            attack_damaged: Vec::new(),
            blockers: Vec::new(),
            suit_up: None,
            fielded: Vec::new(),
            fielded_unknown: false,
            monster_ko: false,
            prepped: Some(Vec::new()),
            fielded_gone: [0, 0],
        }
    }

    pub fn inactive(&self) -> usize {
        1 - self.active
    }

    /// How many character dice `player` fielded this turn (`state` to read whose each
    /// die is), or `None` when a position did not say.
    pub fn fielded_by(&self, state: &GameState, player: usize) -> Option<u32> {
        if self.fielded_unknown {
            return None;
        }
        let named = self
            .fielded
            .iter()
            .filter(|f| state.die(f.die).owner == player)
            .count();
        Some(u32::try_from(named).unwrap_or(u32::MAX) + self.fielded_gone[player])
    }

    /// Whether die `id` was fielded this turn and has stayed in the field since.
    pub fn fielded_here(&self, id: DieId) -> bool {
        self.fielded.iter().any(|f| f.die == id && f.here)
    }

    /// Records character dice fielded this turn, for Strike (`keywords::strike`).
    pub fn record_fielded(&mut self, dice: &[DieId]) {
        self.fielded
            .extend(dice.iter().map(|&die| Fielded { die, here: true }));
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameState {
    pub edition: Edition,
    pub dice: Vec<Die>,
    /// Dice left on each card, by [`CardId`].
    pub supply: Vec<u32>,
    pub players: [Player; 2],
    pub start_life: u32,
    pub first: usize,
    /// Whether a `first` line named the first player; without one, the first turn's
    /// player is the first player, so either player may open the game.
    pub first_named: bool,
    pub turn: Option<Turn>,
    pub outcome: Option<Outcome>,
    /// The last stamp given to a die ([`Die::stamp`]).
    pub stamps: u32,
    /// The player who conceded, when the game ended so.
    pub conceded: Option<usize>,
    /// The cards with Immortal, whose dice go to the bag instead of the used pile
    /// (`keywords::immortal`): of the game's cards, not of the position.
    pub immortal: Vec<CardId>,
    /// Tokens on cards, by card and kind (Experience tokens: `keywords::experience`;
    /// Loyalty Counters, `TokenKind::Loyalty`): they
    /// stay on the card for the rest of the game, wherever its dice are. A card with none
    /// is not listed.
    pub tokens: std::collections::BTreeMap<(CardId, TokenKind), u32>,
}

impl GameState {
    /// The state before the first turn: sidekicks in the bags, every other die on its card.
    pub fn new(cards: &GameCards, edition: Edition, life: u32, first: usize) -> GameState {
        let mut dice = Vec::new();
        for (owner, sk) in cards.sidekicks.iter().enumerate() {
            for _ in 0..cards.get(*sk).dice {
                dice.push(Die::new(*sk, owner, Zone::Bag));
            }
        }
        let supply = cards
            .cards
            .iter()
            .map(|c| {
                if c.kind == DieKind::Sidekick {
                    0
                } else {
                    c.dice
                }
            })
            .collect();
        let player = Player {
            life: i64::from(life),
            virtual_energy: 0,
        };
        GameState {
            edition,
            dice,
            supply,
            players: [player.clone(), player],
            start_life: life,
            first,
            first_named: false,
            turn: None,
            outcome: None,
            stamps: 0,
            conceded: None,
            tokens: Default::default(),
            immortal: super::keywords::immortal::cards(cards),
        }
    }

    /// The tokens of one kind on a card.
    pub fn tokens(&self, card: CardId, kind: TokenKind) -> u32 {
        self.tokens.get(&(card, kind)).copied().unwrap_or(0)
    }

    /// Puts `n` tokens of a kind on a card: the one place tokens (Experience, Loyalty
    /// Counters) are added, so that every kind is kept alike.
    pub fn add_tokens(&mut self, card: CardId, kind: TokenKind, n: u32) {
        if n > 0 {
            *self.tokens.entry((card, kind)).or_insert(0) += n;
        }
    }

    /// The attack and defense a die has from the tokens of every kind on its card: the
    /// one place a token's bonus is read. Each Experience token is +1A/+1D
    /// (keywords-2017-11-09.txt:33), and so is each Loyalty Counter (the reminder every
    /// DPS card that puts one prints, e.g. Magneto: Idealist, 41DPS).
    pub fn token_bonus(&self, id: DieId) -> (i64, i64) {
        let card = self.die(id).card;
        TokenKind::ALL.iter().fold((0, 0), |(a, d), &kind| {
            let n = i64::from(self.tokens(card, kind));
            let (da, dd) = match kind {
                TokenKind::Experience | TokenKind::Loyalty => (1, 1),
            };
            (a + da * n, d + dd * n)
        })
    }

    /// A player's dice of a card (and face, when given), wherever they are, in the order
    /// a position lists them: zone by zone, each in the order the dice came there. A
    /// position line that names a die wherever it is numbers it among these.
    pub fn owned_like(&self, owner: usize, card: CardId, face: Option<&Face>) -> Vec<DieId> {
        let mut ids: Vec<DieId> = self
            .ids()
            .filter(|id| {
                let d = self.die(*id);
                d.owner == owner
                    && d.card == card
                    && face.is_none_or(|f| d.face.as_ref() == Some(f))
            })
            .collect();
        ids.sort_by_key(|id| {
            let d = self.die(*id);
            (zone_rank(d.zone), d.stamp, *id)
        });
        ids
    }

    /// Stamps a die as the latest to come where it is (for ordinals).
    pub fn restamp(&mut self, id: DieId) {
        self.stamps += 1;
        let stamp = self.stamps;
        self.die_mut(id).stamp = stamp;
    }

    /// What tells this die apart from another ([`DieKey`]).
    pub fn key(&self, id: DieId) -> DieKey {
        let die = self.die(id);
        let mut engaged: Vec<Plain> = match die.blocking {
            Some(a) => vec![self.die(a).plain()],
            None => self
                .ids()
                .filter(|b| self.die(*b).blocking == Some(id))
                .map(|b| self.die(b).plain())
                .collect(),
        };
        engaged.sort();
        DieKey {
            owner: die.owner,
            card: die.card,
            zone: die.zone,
            own: die.plain(),
            blocked: self.is_blocked(id),
            engaged,
        }
    }

    /// Whether the dice are all in the same state: their [`GameState::key`]s are equal
    /// (partly spent or not counting only when `spent_matters`). Asked for every die a
    /// line names, so the keys are built only when a die is engaged in combat: without
    /// blockers, two dice's keys differ exactly where the dice themselves do.
    pub fn alike(&self, ids: &[DieId], spent_matters: bool) -> bool {
        let Some((&first, rest)) = ids.split_first() else {
            return true;
        };
        if rest.is_empty() {
            return true;
        }
        if self.dice.iter().any(|d| d.blocking.is_some()) {
            let key = |id: DieId| {
                let mut k = self.key(id);
                k.own.spent &= spent_matters;
                k
            };
            let first_key = key(first);
            return rest.iter().all(|id| key(*id) == first_key);
        }
        // No die blocks: every key's `engaged` is empty, and an attacker is blocked only
        // by the turn's record.
        let blocked = |id: DieId| {
            self.die(id).attacking && self.turn.as_ref().is_some_and(|t| t.blocked.contains(&id))
        };
        let a = self.die(first);
        rest.iter().all(|&id| {
            let b = self.die(id);
            // A key holds the face as written: equal faces are written alike, and two
            // faces written alike are told apart by their text.
            let face = a.face == b.face
                || a.face.as_ref().map(Face::to_string) == b.face.as_ref().map(Face::to_string);
            a.owner == b.owner
                && a.card == b.card
                && a.zone == b.zone
                && face
                && a.damage == b.damage
                && (a.spent && spent_matters) == (b.spent && spent_matters)
                && a.attacking == b.attacking
                && a.boost == b.boost
                && blocked(first) == blocked(id)
        })
    }

    /// Whether an attacker is blocked: it has blockers, or had them (it stays blocked
    /// when they leave).
    pub fn is_blocked(&self, id: DieId) -> bool {
        let die = self.die(id);
        die.attacking
            && (self.turn.as_ref().is_some_and(|t| t.blocked.contains(&id))
                || self.ids().any(|b| self.die(b).blocking == Some(id)))
    }

    /// Dice sorted in the order ordinals count them: by stamp, then by identity.
    pub fn in_stamp_order(&self, ids: &mut [DieId]) {
        ids.sort_by_key(|id| (self.die(*id).stamp, *id));
    }

    /// Every die of the game.
    pub fn ids(&self) -> impl Iterator<Item = DieId> + use<> {
        (0..self.dice.len()).map(|i| DieId(i as u16))
    }

    /// Whether die `id` was engaged with a die with Deadly this turn and waits for its
    /// knock-out at the end of the turn (`keywords::deadly`; a position's `deadly-ko`).
    pub fn deadly_ko(&self, id: DieId) -> bool {
        self.turn
            .as_ref()
            .is_some_and(|t| t.deadly.iter().any(|(d, _)| *d == id))
    }

    /// Whether die `id` took damage in this turn's attack step and has stayed in the
    /// field since (`Turn::attack_damaged`; a position's `attack-damaged`).
    pub fn attack_damaged(&self, id: DieId) -> bool {
        self.turn
            .as_ref()
            .is_some_and(|t| t.attack_damaged.contains(&id))
    }

    /// Whether die `id` blocked this turn, its attacker gone since, and has stayed in the
    /// field (`Turn::blockers`; a position's `has-blocked`).
    pub fn has_blocked(&self, id: DieId) -> bool {
        self.die(id).blocking.is_none()
            && self.turn.as_ref().is_some_and(|t| t.blockers.contains(&id))
    }

    /// Whether the turn is in its attack step: from the attackers to combat damage.
    pub fn in_attack_step(&self) -> bool {
        self.turn.as_ref().is_some_and(|t| {
            !t.done
                && matches!(
                    t.step,
                    Step::Attack | Step::Blockers | Step::Window | Step::Damage
                )
        })
    }

    pub fn die(&self, id: DieId) -> &Die {
        &self.dice[usize::from(id.0)]
    }

    /// The level a die shows, with its fielding cost and stats; `None` when it shows no
    /// character face.
    pub fn level(&self, cards: &GameCards, id: DieId) -> Option<crate::cards::model::Level> {
        let die = self.die(id);
        match die.face {
            Some(Face::Level { level, .. }) => cards
                .get(die.card)
                .levels
                .get(usize::from(level).checked_sub(1)?)
                .copied(),
            _ => None,
        }
    }

    pub fn die_mut(&mut self, id: DieId) -> &mut Die {
        &mut self.dice[usize::from(id.0)]
    }

    /// Every die of a player in a zone.
    pub fn zone(&self, player: usize, zone: Zone) -> impl Iterator<Item = DieId> + '_ {
        self.ids().filter(move |id| {
            let d = self.die(*id);
            d.owner == player && d.zone == zone
        })
    }

    pub fn count(&self, player: usize, zone: Zone) -> usize {
        self.zone(player, zone).count()
    }

    /// Moves a die to a zone; leaving the reserve pool or the field clears its face and
    /// marks (a die's face only matters while it shows in those two zones). A die that
    /// leaves the field for the reserve pool (rerolled to energy) keeps its face but
    /// loses its damage, its applied effects and its place in the attack zone: it is no
    /// longer attacking or blocking and takes no combat damage (Avengers Infinity
    /// rulebook, REROLLING DICE and BONUSES AND DAMAGE).
    pub fn move_die(&mut self, id: DieId, zone: Zone, at: Span) {
        // Immortal: a die that would go to the used pile goes to the bag instead
        // (`keywords::immortal`); a bought die is added there, not moved.
        let zone = if zone == Zone::Used && self.immortal.contains(&self.die(id).card) {
            Zone::Bag
        } else {
            zone
        };
        let mut freed = Vec::new();
        if self.die(id).zone == Zone::Field && zone != Zone::Field {
            // Its blockers no longer block anything, and nothing must block it any more.
            for b in self.ids().collect::<Vec<_>>() {
                if self.die(b).blocking == Some(id) {
                    self.die_mut(b).blocking = None;
                }
                if self.die(b).boost.must_block == Some(MustBlock::Attacker(id)) {
                    self.die_mut(b).boost.must_block = None;
                }
                // Its partner is paired with nothing any more.
                if self.die(b).partner == Some(id) {
                    self.die_mut(b).partner = None;
                }
                // A die it called out is free again (Call Out is cancelled).
                if self.die(b).called == Some(id) {
                    self.die_mut(b).called = None;
                }
                // The dice it captured come back: the capture ends as the capturing die
                // leaves the field (Avengers Infinity rulebook, 000:1313-1317).
                if self.die(b).zone == Zone::Aside && self.die(b).captor == Some(id) {
                    freed.push(b);
                }
            }
            // Back in the field it would be a new die, engaged with nothing (Deadly), not
            // the die that was fielded (Strike) nor the one damaged (`attack_damaged`).
            if let Some(t) = self.turn.as_mut() {
                t.deadly.retain(|(d, _)| *d != id);
                t.attack_damaged.retain(|d| *d != id);
                t.blockers.retain(|d| *d != id);
                for f in t.fielded.iter_mut().filter(|f| f.die == id) {
                    f.here = false;
                }
            }
        }
        if self.die(id).zone != zone {
            self.restamp(id);
        }
        let die = self.die_mut(id);
        die.moved = at;
        match zone {
            // A die set aside keeps the face it showed, to come back on it.
            Zone::Reserve | Zone::Field | Zone::Aside => {
                if die.zone == Zone::Field && zone != Zone::Field {
                    let face = die.face.take();
                    die.reset(zone);
                    die.face = face;
                }
                die.zone = zone;
            }
            _ => die.reset(zone),
        }
        for b in freed {
            self.return_aside(b, at);
        }
    }

    /// Sets a die of the field aside (`Zone::Aside`) until a capture or a removal ends:
    /// out of every zone for game purposes, so it leaves combat and loses its effects as
    /// any die leaving the field does, and keeps its face to come back on it. `captor`
    /// is the die that captured it, if any.
    pub fn set_aside(&mut self, id: DieId, captor: Option<DieId>, at: Span) {
        self.move_die(id, Zone::Aside, at);
        self.die_mut(id).captor = captor;
    }

    /// Ends a capture or a removal: the die aside goes back to the field on the face it
    /// showed. It is moved there, not fielded: no "when fielded" fires (the Rules
    /// Reference, 003:318).
    pub fn return_aside(&mut self, id: DieId, at: Span) {
        if self.die(id).zone != Zone::Aside {
            return;
        }
        self.move_die(id, Zone::Field, at);
        self.die_mut(id).captor = None;
    }

    /// Where spent and used dice go: out of play on their owner's turn, the used pile
    /// otherwise. The 2014 rules have no out of play zone.
    pub fn spent_zone(&self, player: usize) -> Zone {
        let own_turn = self.turn.as_ref().is_some_and(|t| t.active == player);
        if own_turn && super::edition::book(self.edition).out_of_play {
            Zone::Oop
        } else {
            Zone::Used
        }
    }

    /// Where a die an effect or a cost sends "to" `zone` lands: from the field or the
    /// reserve pool to the used pile during its owner's turn, out of play (Avengers
    /// Infinity rulebook, PLAY AREAS, Out of Play); anywhere else, where it is sent.
    pub fn sent_to(&self, id: DieId, zone: Zone) -> Zone {
        let die = self.die(id);
        let own_turn = self.turn.as_ref().is_some_and(|t| t.active == die.owner);
        let from_play = matches!(die.zone, Zone::Field | Zone::Reserve);
        if zone == Zone::Used
            && own_turn
            && from_play
            && super::edition::book(self.edition).sent_to_used_out_of_play
        {
            Zone::Oop
        } else {
            zone
        }
    }

    /// A new die bought from a card: it goes to the buyer's used pile.
    pub fn add_die(&mut self, card: CardId, owner: usize, zone: Zone, at: Span) -> DieId {
        let mut die = Die::new(card, owner, zone);
        die.moved = at;
        self.dice.push(die);
        let id = DieId((self.dice.len() - 1) as u16);
        self.restamp(id);
        id
    }

    /// The game ends when a player's life reaches zero: both at once is a tie.
    pub fn settle_outcome(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        let down = [self.players[0].life <= 0, self.players[1].life <= 0];
        self.outcome = match down {
            [true, true] => Some(Outcome::Tie),
            [true, false] => Some(Outcome::Won { winner: 1 }),
            [false, true] => Some(Outcome::Won { winner: 0 }),
            [false, false] => None,
        };
    }

    /// The position as a comparable key: two states are the same position when their
    /// keys are equal, however the log got there. Dice of one card in the same state are
    /// interchangeable, so the key lists dice as a sorted multiset, not by identity, and
    /// it leaves out the lines that moved things. It holds everything the rules go on
    /// from: each die's applied effects and what it is linked to (its partner, the die it
    /// called out, its captor), and the turn's memory of card text (the trigger queue,
    /// the limits used, the events a reactive global may still answer, an effect held
    /// for an answer, cost reductions, the text ignored, the dice knocked out, engaged
    /// with Deadly, damaged in the attack step or fielded this turn); the dice rolled this
    /// turn only while the reroll may still choose among them. (Of alike dice, which was rolled or fielded
    /// this turn, or is still in the field since, is no difference a plain reference
    /// names: the key leaves it out.)
    pub fn position_key(&self) -> String {
        let plain = |id: DieId| {
            let d = self.die(id);
            format!("{}/{}/{:?}", d.owner, d.card.0, d.face)
        };
        let full = |id: DieId| {
            let d = self.die(id);
            let mut text = format!(
                "{}/{:?}/{}/{}/{}/{:?}",
                plain(id),
                d.zone,
                d.damage,
                d.spent,
                d.attacking,
                d.blocking.map(plain),
            );
            if d.boost != Boost::default() {
                let _ = write!(text, "/{:?}", d.boost);
            }
            if d.partner.is_some() || d.called.is_some() || d.captor.is_some() {
                let _ = write!(
                    text,
                    "/{:?}/{:?}/{:?}",
                    d.partner.map(plain),
                    d.called.map(plain),
                    d.captor.map(plain)
                );
            }
            text
        };
        let sorted = |mut v: Vec<String>| {
            v.sort();
            v.join(" ")
        };
        let mut key = format!(
            "{:?} {:?} {:?} {} {} {:?} {:?}\ndice {}\n",
            self.edition,
            self.players,
            self.supply,
            self.start_life,
            self.first,
            self.outcome,
            self.tokens,
            sorted(self.ids().map(full).collect())
        );
        if let Some(t) = &self.turn {
            let assigned = t
                .assigned
                .iter()
                .map(|(a, split, _)| {
                    // A share of 0 is the same split as a blocker left out.
                    let shares = split
                        .iter()
                        .filter(|(_, n)| *n > 0)
                        .map(|(b, n)| format!("{}={n}", full(*b)));
                    format!("{}->{}", full(*a), sorted(shares.collect()))
                })
                .collect();
            let rolled = if t.step == Step::Roll && t.reroll.is_none() {
                sorted(t.rolled.iter().map(|id| full(*id)).collect())
            } else {
                String::new()
            };
            let about = |a: About| match a {
                About::Die(d) => full(d),
                About::Player(p) => format!("player {p}"),
                About::Nothing => "nothing".to_string(),
            };
            let pending: Vec<String> = t
                .pending
                .iter()
                .map(|p| {
                    format!(
                        "{}:{}:{:?}:{}:{}:{}:{:?}:[{}]",
                        p.card.0,
                        p.ability,
                        p.die.map(full),
                        p.controller,
                        p.bursts,
                        p.batch,
                        p.subject.map(full),
                        sorted(p.payers.iter().map(|d| full(*d)).collect())
                    )
                })
                .collect();
            let used: Vec<String> = t
                .used
                .iter()
                .map(|u| {
                    format!(
                        "{}:{}:{:?}:{:?}",
                        u.card.0,
                        u.ability,
                        u.die.map(full),
                        u.by
                    )
                })
                .collect();
            let reactable: Vec<String> = t
                .reactable
                .iter()
                .map(|r| {
                    format!(
                        "{}:{}:{:?}:{:?}",
                        r.event.name(),
                        about(r.about),
                        r.answered,
                        r.step
                    )
                })
                .collect();
            let dice = |v: &[DieId]| sorted(v.iter().map(|d| full(*d)).collect());
            let _ = write!(
                key,
                "turn {} {} {:?} drawn {} {} {} rolled [{}] priority {} {} {} assigned [{}] {} {:?}",
                t.number,
                t.active,
                t.step,
                t.drawn,
                t.drawn_oop,
                t.swarm,
                rolled,
                t.priority,
                t.inactive_acted,
                t.ready,
                sorted(assigned),
                t.monster_ko,
                [
                    t.refill.is_some(),
                    t.roll.is_some(),
                    t.reroll.is_some(),
                    t.passed.is_some(),
                    t.attack.is_some(),
                    t.block.is_some(),
                    t.done,
                    t.no_attack,
                    t.closed,
                ]
            );
            let _ = write!(
                key,
                "\npending [{}] batch {} used [{}] reactable [{}] held {:?} cuts {:?} \
                 damage {:?} blocked [{}] excess [{}] knocked [{}] deadly [{}] \
                 attack-damaged [{}] fielded [{}] {} suit-up {:?} ignored {:?}",
                pending.join(" "),
                t.batch,
                sorted(used),
                sorted(reactable),
                t.held.as_ref().map(|h| (
                    h.card.0,
                    h.ability,
                    h.ops
                        .iter()
                        .map(|op| (
                            op.die().map(full),
                            format!("{op:?}").split_once('{').map(|x| x.0.to_string())
                        ))
                        .collect::<Vec<_>>()
                )),
                t.cost_cuts,
                t.damage,
                dice(&t.blocked),
                sorted(
                    t.excess
                        .iter()
                        .map(|(d, n)| format!("{}={n}", full(*d)))
                        .collect()
                ),
                sorted(
                    t.knocked
                        .iter()
                        .map(|(d, f)| format!("{}={f}", full(*d)))
                        .collect()
                ),
                sorted(
                    t.deadly
                        .iter()
                        .map(|(a, b)| format!("{}~{}", full(*a), full(*b)))
                        .collect()
                ),
                dice(&t.attack_damaged),
                // Which of alike dice was fielded this turn the notation cannot say: the
                // dice fielded, by card.
                sorted(
                    t.fielded
                        .iter()
                        .map(|f| format!("{}/{}", self.die(f.die).owner, self.die(f.die).card.0))
                        .collect()
                ),
                t.fielded_unknown,
                t.suit_up.map(|(a, b, c)| (full(a), full(b), c.0)),
                t.ignored
            );
        }
        key
    }

    /// The state as a `position` block, which a fixture may start from: everything the
    /// engine tracks, so that the block and the rest of a log replay as the whole log
    /// does.
    pub fn position(&self, cards: &GameCards) -> String {
        let mut out = String::from("position\n");
        if let Some(t) = &self.turn {
            let _ = writeln!(
                out,
                "turn {} {} {}",
                t.number, cards.players[t.active], t.step
            );
            let drew = (t.drawn, t.drawn_oop) != (0, 0);
            if t.step == Step::Draw && drew {
                let _ = writeln!(out, "{}", self.drawn_line());
            }
            // Which of the prep area's dice were there as the turn began (Back for More),
            // once dice have been drawn beside them or a start-of-turn effect has put
            // others there (a position in the draw step without the line reads the whole
            // prep area as there from the start).
            if let (Step::Draw, Some(prepped)) = (t.step, &t.prepped) {
                let still: Vec<DieId> = prepped
                    .iter()
                    .copied()
                    .filter(|d| self.die(*d).zone == Zone::Prep)
                    .collect();
                if drew || still.len() != self.count(t.active, Zone::Prep) {
                    let items = self.items(cards, still);
                    let items = if items.is_empty() {
                        "none".into()
                    } else {
                        items
                    };
                    let _ = writeln!(out, "prepped {} {items}", cards.players[t.active]);
                }
            }
            if t.reroll.is_some() {
                out.push_str("rerolled\n");
            }
            // What was fielded this turn, once the main step may have fielded dice (or an
            // effect before it: Energize's in the roll step): each player's count (the
            // active player's even when it is 0 from the main step on, so that the block
            // says it is known), the dice still in the field marked `fielded`.
            if !t.fielded_unknown {
                let early = matches!(t.step, Step::Draw | Step::Roll);
                for (p, name) in cards.players.iter().enumerate() {
                    let n = t.fielded_by(self, p).unwrap_or(0);
                    if n > 0 || (!early && p == t.active && t.fielded_by(self, 1 - p) == Some(0)) {
                        let _ = writeln!(out, "fielded {name} {n}");
                    }
                }
            }
        }
        for (p, name) in cards.players.iter().enumerate() {
            let _ = writeln!(out, "life {name} {}", self.players[p].life.max(0));
        }
        for (p, name) in cards.players.iter().enumerate() {
            for zone in [
                Zone::Bag,
                Zone::Prep,
                Zone::Reserve,
                Zone::Field,
                Zone::Used,
                Zone::Oop,
                Zone::Aside,
            ] {
                let items = self.zone_items(cards, p, zone);
                if !items.is_empty() {
                    let _ = writeln!(out, "{zone} {name} {items}");
                }
            }
            if self.players[p].virtual_energy > 0 {
                let _ = writeln!(out, "virtual {name} {}", self.players[p].virtual_energy);
            }
        }
        for id in cards.ids() {
            let card = cards.get(id);
            if card.kind != DieKind::Sidekick && card.dice > 0 {
                let left = self.supply[usize::from(id.0)];
                if left != card.dice {
                    let _ = writeln!(out, "supply {} {left}", card.alias);
                }
            }
        }
        for (&(card, kind), n) in &self.tokens {
            let _ = writeln!(out, "tokens {} {} {n}", cards.get(card).alias, kind.name());
        }
        if let Some(t) = &self.turn {
            if t.priority != t.active {
                let _ = writeln!(out, "priority {}", cards.players[t.priority]);
            }
            let round = self.passed_round();
            if !round.is_empty() {
                let _ = writeln!(out, "{}", passed_line(cards, &round));
            } else if self.passes_written() {
                // The step wrote a pass before this round: its closing passes must be
                // written too (2018), where a step with no pass has them inferred.
                let _ = writeln!(out, "passed none");
            }
            if t.inactive_acted {
                let _ = writeln!(out, "acted {}", cards.players[t.inactive()]);
            }
            if t.monster_ko {
                let _ = writeln!(out, "monster-ko {}", cards.players[t.active]);
            }
            for (p, lost) in t.lost.iter().enumerate() {
                if *lost {
                    let _ = writeln!(out, "lost {}", cards.players[p]);
                }
            }
            let stage = self.combat_stage();
            let default = match t.step {
                Step::Cleanup => Some(CombatStage::Over),
                Step::Damage => None,
                _ => None,
            };
            if let Some(s) = stage.filter(|s| Some(*s) != default) {
                let _ = writeln!(out, "combat {s}");
            }
            for line in self.turn_ref_lines(cards) {
                let _ = writeln!(out, "{line}");
            }
        }
        if let Some(p) = self.conceded {
            let _ = writeln!(out, "conceded {}", cards.players[p]);
        }
        out.push_str("end\n");
        out
    }

    /// `drawn N` (`oop M`) (`swarm K`): the dice drawn this clear and draw step, and the
    /// extra dice Swarm makes it draw.
    pub fn drawn_line(&self) -> String {
        let Some(t) = &self.turn else {
            return "drawn 0".to_string();
        };
        let mut line = format!("drawn {}", t.drawn);
        if t.drawn_oop > 0 {
            let _ = write!(line, " oop {}", t.drawn_oop);
        }
        if t.swarm > 0 {
            let _ = write!(line, " swarm {}", t.swarm);
        }
        line
    }

    /// Under the 2018 rules, the step under way wrote a pass, so its closing passes
    /// cannot be inferred (`Replayer::require_passes`).
    pub fn passes_written(&self) -> bool {
        self.turn.as_ref().is_some_and(|t| {
            super::edition::book(self.edition).passes_required
                && matches!(t.step, Step::Main | Step::Window)
                && t.passed.is_some()
        })
    }

    /// The passes of the priority round under way, as a `passed` line lists them.
    pub fn passed_round(&self) -> Vec<usize> {
        let Some(t) = &self.turn else {
            return Vec::new();
        };
        if !matches!(t.step, Step::Main | Step::Window) {
            return Vec::new();
        }
        let (a, i) = (t.active, t.inactive());
        if super::edition::book(self.edition).passes_required {
            if t.ready {
                vec![a, i]
            } else if t.passed.is_some() && t.priority == i {
                vec![a]
            } else {
                Vec::new()
            }
        } else if t.closed {
            vec![a, i, a]
        } else if t.ready {
            vec![a, i]
        } else if t.passed.is_some() {
            vec![a]
        } else {
            Vec::new()
        }
    }

    /// How far combat damage has gone, as a `combat` line says it; `None` before it.
    pub fn combat_stage(&self) -> Option<CombatStage> {
        let t = self.turn.as_ref()?;
        if t.no_attack {
            return Some(CombatStage::NoAttack);
        }
        match t.damage {
            DamageStage::NotDealt => None,
            DamageStage::FastDamaged => Some(CombatStage::FastDamaged),
            DamageStage::FastKnockedOut => Some(CombatStage::FastKnockedOut),
            DamageStage::FastPlayerHit => Some(CombatStage::FastPlayerHit),
            DamageStage::Damaged => Some(CombatStage::Damaged),
            DamageStage::KnockedOut => Some(CombatStage::KnockedOut),
            DamageStage::PlayerHit => Some(CombatStage::PlayerHit),
            DamageStage::Over => Some(CombatStage::Over),
            DamageStage::Ending => Some(CombatStage::Ending),
        }
    }

    /// The turn's lines that name dice wherever they are: splits among blockers, the
    /// trigger queue, used limits, a held effect.
    pub fn turn_ref_lines(&self, cards: &GameCards) -> Vec<String> {
        let Some(t) = &self.turn else {
            return Vec::new();
        };
        let die = |id: DieId| self.anywhere_text(cards, id);
        let card = |c: CardId| match cards.get(c).owner {
            Some(o) => format!("{}.{}", cards.players[o], cards.get(c).alias),
            None => cards.get(c).alias.to_string(),
        };
        let mut out = Vec::new();
        // Splits and limits have no order of their own: they are listed sorted.
        let mut assigned: Vec<String> = t
            .assigned
            .iter()
            .map(|(a, split, _)| {
                let shares: Vec<String> = split
                    .iter()
                    .map(|(b, n)| format!("{}={n}", die(*b)))
                    .collect();
                format!("assigned {} -> {}", die(*a), shares.join(" "))
            })
            .collect();
        assigned.sort();
        out.extend(assigned);
        for p in &t.pending {
            let mut line = format!("pending {} ability {}", card(p.card), p.ability + 1);
            if let Some(d) = p.die {
                let _ = write!(line, " die {}", die(d));
            }
            if let Some(d) = p.subject {
                let _ = write!(line, " about {}", die(d));
            }
            let _ = write!(line, " batch {}", p.batch);
            if p.bursts > 0 {
                let _ = write!(line, " bursts {}", p.bursts);
            }
            if !p.payers.is_empty() {
                let paid: Vec<String> = p.payers.iter().map(|d| die(*d)).collect();
                let _ = write!(line, " paid {}", paid.join(" "));
            }
            if p.taken > 0 {
                let _ = write!(line, " taken {}", p.taken);
            }
            out.push(line);
        }
        // Cards whose text an effect ignores this turn, in the order it was.
        for (c, globals) in &t.ignored {
            out.push(format!(
                "ignored {}{}",
                card(*c),
                if *globals { "" } else { " dice" }
            ));
        }
        let mut limits: Vec<String> = t
            .used
            .iter()
            .map(|u| {
                let mut line = format!("limit {} ability {}", card(u.card), u.ability + 1);
                if let Some(d) = u.die {
                    let _ = write!(line, " die {}", die(d));
                }
                if let Some(p) = u.by {
                    let _ = write!(line, " by {}", cards.players[p]);
                }
                line
            })
            .collect();
        limits.sort();
        out.extend(limits);
        // The Impulses dice bought gain, each named by its player and card.
        let of = |p: usize, c: CardId| format!("{}.{}", cards.players[p], cards.get(c).alias);
        for &(p, c) in &t.impulses {
            out.push(format!("impulse {}", of(p, c)));
        }
        // In the order the events happened: the order is part of the state.
        for r in &t.reactable {
            let mut line = format!("reactable {} ", r.event.name());
            let _ = match r.about {
                About::Die(d) => write!(line, "die {}", die(d)),
                About::Player(p) => write!(line, "player {}", cards.players[p]),
                About::Nothing => write!(line, "none"),
            };
            for (c, ability, by) in &r.answered {
                let _ = write!(
                    line,
                    " answered {} ability {} by {}",
                    card(*c),
                    ability + 1,
                    cards.players[*by]
                );
            }
            out.push(line);
        }
        // Reductions under way, in the order they were made (a `next` one spent is gone).
        for c in t.cost_cuts.iter().filter(|c| c.on && !c.spent) {
            out.push(format!(
                "cost-cut {} ability {} by {} less {}",
                card(c.card),
                c.ability + 1,
                cards.players[c.player],
                c.amount
            ));
        }
        if let Some(h) = &t.held {
            let mut line = format!("held {} ability {}", card(h.card), h.ability + 1);
            for op in &h.ops {
                let _ = match *op {
                    Op::Ko { die: d } if h.combat => write!(line, " combat-ko {}", die(d)),
                    Op::Ko { die: d } => write!(line, " ko {}", die(d)),
                    Op::Damage { die: d, amount } | Op::DamageBy { die: d, amount, .. } => {
                        write!(line, " damage {}={amount}", die(d))
                    }
                    Op::Spin { die: d, level } => write!(line, " spin {} L{level}", die(d)),
                    Op::Boost { die: d, boost } => {
                        let _ = write!(line, " boost {}", die(d));
                        for m in self.effect_marks(cards, &boost) {
                            let _ = write!(line, " {m}");
                        }
                        Ok(())
                    }
                    Op::DamagePlayer { player, amount } => {
                        write!(line, " damage {}={amount}", cards.players[player])
                    }
                    Op::GainLife { player, amount } => {
                        write!(line, " gain {}={amount}", cards.players[player])
                    }
                    Op::LoseLife { .. } | Op::CostCut { .. } => Ok(()),
                };
            }
            // Suit Up's move waits on the held knock-out (`keywords::suit_up`).
            if let Some((_, bought, _)) = t.suit_up {
                let _ = write!(line, " suit-up {}", die(bought));
            }
            out.push(line);
        }
        out
    }

    /// A die named wherever it is, as a position line writes it: its owner, card and
    /// face, and its number among its owner's dice of that card and face
    /// ([`GameState::owned_like`]) when there are several.
    pub fn anywhere_text(&self, cards: &GameCards, id: DieId) -> String {
        let d = self.die(id);
        let like = self.owned_like(d.owner, d.card, d.face.as_ref());
        let plain = format!(
            "{}.{}",
            cards.players[d.owner],
            self.die_text_plain(cards, id)
        );
        match like.iter().position(|x| *x == id) {
            Some(k) if like.len() > 1 => format!("{plain}#{}", k + 1),
            _ => plain,
        }
    }

    /// A zone's dice in dmlog form, card by card, each card's dice in the order they came
    /// there (the order `#N` numbers them), the same neighbours merged: `SK:fist x2
    /// CA:L3[dmg=1]`; empty for an empty zone (the caller writes `none` where it must).
    pub fn zone_items(&self, cards: &GameCards, player: usize, zone: Zone) -> String {
        self.items(cards, self.zone(player, zone).collect())
    }

    /// Dice as a zone line lists them: by card, alike dice grouped (`SK x3 DP`).
    pub fn items(&self, cards: &GameCards, mut ids: Vec<DieId>) -> String {
        let mut groups: Vec<(String, u32)> = Vec::new();
        ids.sort_by_key(|id| (self.die(*id).card, self.die(*id).stamp, *id));
        for id in ids {
            let text = self.die_text(cards, id);
            match groups.last_mut() {
                Some((t, n)) if *t == text => *n += 1,
                _ => groups.push((text, 1)),
            }
        }
        let items: Vec<String> = groups
            .into_iter()
            .map(|(t, n)| if n > 1 { format!("{t} x{n}") } else { t })
            .collect();
        items.join(" ")
    }

    /// One die in dmlog form, with its face and modifiers.
    pub fn die_text(&self, cards: &GameCards, id: DieId) -> String {
        let mut text = self.die_text_plain(cards, id);
        text.push_str(&self.marks_text(cards, id));
        text
    }

    /// One die in dmlog form with its number among the candidates of a reference, and
    /// the blockers of an attacker (which its own brackets do not show).
    pub fn die_text_nth(&self, cards: &GameCards, id: DieId, n: usize) -> String {
        let blockers: Vec<String> = self
            .ids()
            .filter(|b| self.die(*b).blocking == Some(id))
            .map(|b| {
                format!(
                    "{}.{}",
                    cards.players[self.die(b).owner],
                    self.die_text_plain(cards, b)
                )
            })
            .collect();
        let by = if blockers.is_empty() {
            String::new()
        } else {
            format!(" (blocked by {})", blockers.join(" and "))
        };
        format!(
            "`{}#{n}{}`{by}",
            self.die_text_plain(cards, id),
            self.marks_text(cards, id)
        )
    }

    /// A die's state in brackets (empty when it has none): the marks an assertion
    /// compares (`dmg`, `attacking`, `blocking`, `spent`), then an attacker still blocked
    /// though its blockers are gone, then applied effects.
    fn marks_text(&self, cards: &GameCards, id: DieId) -> String {
        let die = self.die(id);
        let mut mods = Vec::new();
        if die.damage > 0 {
            mods.push(format!("dmg={}", die.damage));
        }
        if die.attacking {
            mods.push("attacking".to_string());
        }
        if let Some(b) = die.blocking {
            mods.push(format!("blocking={}", self.attacker_text(cards, b)));
        }
        if die.spent {
            mods.push("spent".to_string());
        }
        if let Some(p) = die.partner {
            mods.push(format!("paired={}", self.partner_text(cards, p)));
        }
        if let Some(p) = die.called {
            mods.push(format!("called-out={}", self.partner_text(cards, p)));
        }
        if self.deadly_ko(id) {
            mods.push("deadly-ko".to_string());
        }
        if self.attack_damaged(id) {
            mods.push("attack-damaged".to_string());
        }
        if self.has_blocked(id) {
            mods.push("has-blocked".to_string());
        }
        // Only beside the `fielded` lines, which a turn whose fielding is unknown lacks.
        if die.zone == Zone::Field
            && self
                .turn
                .as_ref()
                .is_some_and(|t| !t.fielded_unknown && t.fielded_here(id))
        {
            mods.push("fielded".to_string());
        }
        if let Some(c) = die.captor.filter(|_| die.zone == Zone::Aside) {
            mods.push(format!("captured-by={}", self.partner_text(cards, c)));
        }
        let blockers = self.ids().any(|b| self.die(b).blocking == Some(id));
        if die.attacking && self.is_blocked(id) && !blockers {
            mods.push("blocked".to_string());
        }
        mods.extend(self.effect_marks(cards, &die.boost));
        if mods.is_empty() {
            String::new()
        } else {
            format!("[{}]", mods.join(","))
        }
    }

    /// The applied and persistent effects on a die, as its brackets (and a held `boost`)
    /// write them: `+1A`, `no-damage`, `must-block=Ann.SM:L1` …
    pub fn effect_marks(&self, cards: &GameCards, b: &Boost) -> Vec<String> {
        let mut mods = Vec::new();
        if b.attack != 0 {
            mods.push(format!("{:+}A", b.attack));
        }
        if b.defense != 0 {
            mods.push(format!("{:+}D", b.defense));
        }
        let flags = [
            (b.double_attack, "double-attack"),
            (b.double_defense, "double-defense"),
            (b.no_damage, "no-damage"),
            (b.must_attack, "must-attack"),
            (b.cant_attack, "cant-attack"),
            (b.cant_block, "cant-block"),
            (b.double_damage_to_blockers, "double-damage-to-blockers"),
            (b.excess_to_player, "excess-to-player"),
            (b.unblockable, "unblockable"),
            (b.villain, "villain"),
            (b.defense_is_attack, "defense-is-attack"),
        ];
        mods.extend(flags.iter().filter(|f| f.0).map(|f| f.1.to_string()));
        mods.extend(b.granted.iter().map(|k| format!("+{}", k.name())));
        if let Some(d) = b.iron_will_spared {
            mods.push(format!("iron-will-spared={d}"));
        }
        if let Some(c) = b.copy {
            let card = cards.get(c);
            let owner = card.owner.map_or("", |o| cards.players[o].as_str());
            mods.push(format!("copy={owner}.{}", card.alias));
        }
        match b.must_block {
            Some(MustBlock::Any) => mods.push("must-block".to_string()),
            Some(MustBlock::Attacker(a)) => {
                mods.push(format!("must-block={}", self.attacker_text(cards, a)))
            }
            None => {}
        }
        mods
    }

    /// A die's card and face only.
    pub fn die_text_plain(&self, cards: &GameCards, id: DieId) -> String {
        let die = self.die(id);
        match &die.face {
            Some(face) => format!("{}:{face}", cards.get(die.card).alias),
            None => cards.get(die.card).alias.to_string(),
        }
    }

    /// A Heroic partner as a `paired=` mark names it: its owner, card and face, and its
    /// number when its owner has several such dice in the field.
    pub fn partner_text(&self, cards: &GameCards, id: DieId) -> String {
        let die = self.die(id);
        let like = self.field_like(die.owner, die.card, die.face.as_ref());
        let plain = self.die_text_plain(cards, id);
        let name = &cards.players[die.owner];
        match like.iter().position(|d| *d == id) {
            Some(k) if like.len() > 1 => format!("{name}.{plain}#{}", k + 1),
            _ => format!("{name}.{plain}"),
        }
    }

    /// A player's dice in the field of one card (and face, when given), in the order
    /// ordinals count them (as a position lists them).
    pub fn field_like(&self, owner: usize, card: CardId, face: Option<&Face>) -> Vec<DieId> {
        let mut ids: Vec<DieId> = self
            .zone(owner, Zone::Field)
            .filter(|d| {
                self.die(*d).card == card
                    && face.is_none_or(|f| self.die(*d).face.as_ref() == Some(f))
            })
            .collect();
        ids.sort_by_key(|d| (self.die(*d).stamp, *d));
        ids
    }

    /// An attacker as a `blocking=` target names it: its owner, card and face, and its
    /// number when its owner has several such attackers.
    pub fn attacker_text(&self, cards: &GameCards, id: DieId) -> String {
        let owner = self.die(id).owner;
        format!("{}.{}", cards.players[owner], self.attacker_ref(cards, id))
    }

    /// An attacker as a `block` or `assign` line names it, where its role says whose it
    /// is: its card and face, and its number when its owner has several such attackers.
    pub fn attacker_ref(&self, cards: &GameCards, id: DieId) -> String {
        let die = self.die(id);
        let like = self.attackers_like(die.owner, die.card, die.face.as_ref());
        let plain = self.die_text_plain(cards, id);
        match like.iter().position(|d| *d == id) {
            Some(k) if like.len() > 1 => format!("{plain}#{}", k + 1),
            _ => plain,
        }
    }

    /// A player's attackers of one card (and face, when given), in the order ordinals
    /// count them.
    pub fn attackers_like(&self, owner: usize, card: CardId, face: Option<&Face>) -> Vec<DieId> {
        let mut ids: Vec<DieId> = self
            .zone(owner, Zone::Field)
            .filter(|id| {
                let d = self.die(*id);
                d.attacking && d.card == card && face.is_none_or(|f| d.face.as_ref() == Some(f))
            })
            .collect();
        self.in_stamp_order(&mut ids);
        ids
    }
}

impl Die {
    pub fn new(card: CardId, owner: usize, zone: Zone) -> Die {
        Die {
            card,
            owner,
            zone,
            face: None,
            damage: 0,
            spent: false,
            attacking: false,
            blocking: None,
            boost: Boost::default(),
            moved: Span::default(),
            stamp: 0,
            partner: None,
            called: None,
            captor: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Pool;
    use crate::rules::Setup;
    use crate::syntax::{parse_face, parse_str};

    #[test]
    fn a_zone_prints_grouped_by_card_and_state() {
        let (doc, _) = parse_str(
            "dmlog 1\nteam Ann\nGR = Ghost Rider: Johnny Blaze x2\nteam Bob\n\
             AM = Ant-Man: Biophysicist\n",
        );
        let setup = Setup::new(&doc.games[0], &doc.header, Pool::embedded());
        let cards = GameCards::new(&setup, Pool::embedded()).unwrap();
        let mut state = GameState::new(&cards, Edition::Rules2018, 20, 0);
        assert_eq!(state.zone_items(&cards, 0, Zone::Bag), "SK x8");
        let gr = cards.by_alias("GR", 0).unwrap();
        let a = state.add_die(gr, 0, Zone::Field, Span::default());
        let b = state.add_die(gr, 0, Zone::Field, Span::default());
        for id in [a, b] {
            state.die_mut(id).face = parse_face("L2");
        }
        state.die_mut(b).damage = 1;
        state.die_mut(b).attacking = true;
        assert_eq!(
            state.zone_items(&cards, 0, Zone::Field),
            "GR:L2 GR:L2[dmg=1,attacking]"
        );
        // Leaving the field clears the face and the marks.
        state.move_die(b, Zone::Prep, Span::default());
        assert_eq!(state.zone_items(&cards, 0, Zone::Prep), "GR");
        assert!(state.position(&cards).contains("prep Ann GR\n"));
    }

    #[test]
    fn the_game_ends_when_life_reaches_zero_and_both_at_once_is_a_tie() {
        let (doc, _) = parse_str("dmlog 1\nteam A\nteam B\n");
        let setup = Setup::new(&doc.games[0], &doc.header, Pool::embedded());
        let cards = GameCards::new(&setup, Pool::embedded()).unwrap();
        let mut state = GameState::new(&cards, Edition::Rules2018, 1, 0);
        state.players[1].life = 0;
        state.players[0].life = -1;
        state.settle_outcome();
        assert_eq!(state.outcome, Some(Outcome::Tie));
        let mut state = GameState::new(&cards, Edition::Rules2018, 1, 0);
        state.players[0].life = 0;
        state.settle_outcome();
        assert_eq!(state.outcome, Some(Outcome::Won { winner: 1 }));
    }

    #[test]
    fn tokens_of_every_kind_add_up_on_their_own_card_only_and_print() {
        let (doc, _) = parse_str(
            "dmlog 1\nteam Ann\nGR = Ghost Rider: Johnny Blaze x2\n\
             AM = Ant-Man: Biophysicist\nteam Bob\n",
        );
        let setup = Setup::new(&doc.games[0], &doc.header, Pool::embedded());
        let cards = GameCards::new(&setup, Pool::embedded()).unwrap();
        let mut state = GameState::new(&cards, Edition::Rules2018, 20, 0);
        let gr = cards.by_alias("GR", 0).unwrap();
        let am = cards.by_alias("AM", 0).unwrap();
        let g = state.add_die(gr, 0, Zone::Field, Span::default());
        let a = state.add_die(am, 0, Zone::Field, Span::default());
        assert_eq!(state.token_bonus(g), (0, 0));
        state.add_tokens(gr, TokenKind::Loyalty, 2);
        state.add_tokens(gr, TokenKind::Experience, 1);
        state.add_tokens(am, TokenKind::Loyalty, 0);
        // Each Loyalty Counter and each Experience token is +1A/+1D to the card's dice.
        assert_eq!(state.token_bonus(g), (3, 3));
        assert_eq!(state.token_bonus(a), (0, 0));
        assert_eq!(state.tokens(gr, TokenKind::Loyalty), 2);
        // Adding none lists nothing; the position writes each kind on its own line.
        let pos = state.position(&cards);
        assert!(pos.contains("tokens GR experience 1\n"), "{pos}");
        assert!(pos.contains("tokens GR loyalty 2\n"), "{pos}");
        assert!(!pos.contains("tokens AM"), "{pos}");
    }
}
