//! Self-play: random complete games between two teams, written as the `.dmlog` a person
//! would write (`dmlint gen`).
//!
//! Every line is chosen from the move generator ([`engine::play`]) or, for chance, by
//! drawing and rolling the dice, and is played through the engine before it is written:
//! a generated game is legal by both the generator and the checker, or generation fails
//! with the checker's diagnostic. The random numbers come from a small generator of our
//! own (SplitMix64), so a seed gives the same games on every machine and every version of
//! every dependency.

use std::fmt::Write;

use crate::cards::model::{Abilities, CardKind};
use crate::cards::{Pool, check_card_names};
use crate::engine::play::{self, DrawState, Play, die_faces};
use crate::engine::{GameCards, GameState, Rejected, Table};
use crate::syntax::{Edition, Face, Step, Zone, parse_str, print_line};

/// How the players choose among the legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Policy {
    /// Every move that changes something is as likely as any other.
    Uniform,
    /// Prefers buying, fielding and attacking with everything, so that games end in a
    /// realistic number of turns.
    Eager,
}

/// What to generate.
#[derive(Debug, Clone)]
pub struct Options {
    pub rules: Edition,
    pub life: u32,
    pub policy: Policy,
    /// A game still going after this many turns ends with a concession.
    pub max_turns: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            rules: Edition::Rules2018,
            life: 20,
            policy: Policy::Eager,
            max_turns: 60,
        }
    }
}

/// A generated game the engine refused: a disagreement between the generator and the
/// checker (or a setup the card pool cannot make), which is a bug to report.
#[derive(Debug)]
pub struct Disagreement {
    /// The game up to and including the refused line.
    pub log: String,
    /// Each diagnostic at that line: its code and message.
    pub refused: Vec<String>,
}

impl Disagreement {
    fn of(log: String, rejected: Rejected) -> Disagreement {
        let refused = rejected
            .violations
            .iter()
            .map(|v| format!("{} ({})", crate::diag::Code::code(v.code), v.message))
            .chain(
                rejected
                    .errors
                    .iter()
                    .map(|e| format!("{} ({})", crate::diag::Code::code(e.code), e.message)),
            )
            .collect();
        Disagreement { log, refused }
    }
}

impl std::fmt::Display for Disagreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let line = self.log.lines().last().unwrap_or_default();
        write!(
            f,
            "the generated line `{line}` is refused: {}",
            self.refused.join("; ")
        )
    }
}

/// SplitMix64: tiny, fast, and fixed forever, unlike a library's default generator.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }

    /// An index chosen with probability proportional to its weight; `None` when every
    /// weight is zero.
    pub fn weighted(&mut self, weights: &[f64]) -> Option<usize> {
        let total: f64 = weights.iter().sum();
        if total <= 0.0 {
            return None;
        }
        let mut x = (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return Some(i);
            }
            x -= w;
        }
        weights.iter().rposition(|w| *w > 0.0)
    }
}

/// The seed of game `index` of a run: games of one run differ, and each can be made again
/// alone from the run's seed and its index.
fn game_seed(seed: u64, index: u64) -> u64 {
    Rng::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

/// The cards a generated team may use: characters whose text the engine models (so far
/// those with no text, `Abilities::None`) and whose die, cost and limit the data gives.
pub fn playable(pool: &Pool) -> Vec<&crate::cards::Entry> {
    pool.entries()
        .iter()
        .filter(|e| {
            let c = &e.card;
            c.kind == CardKind::Character
                && c.abilities == Abilities::None
                && c.cost.is_some()
                && c.die.as_ref().is_some_and(|d| !d.levels.is_empty())
        })
        .collect()
}

/// The setup lines of a game between two random teams: two or three different playable
/// characters each, with two to four dice (within the card's limit).
fn setup(rng: &mut Rng, pool: &Pool, opts: &Options, label: &str) -> String {
    let cards = playable(pool);
    let mut out = String::from("dmlog 1\n");
    let _ = writeln!(out, "# {label}");
    let _ = writeln!(
        out,
        "rules {}\nformat custom life {}",
        match opts.rules {
            Edition::Rules2014 => "2014",
            Edition::Rules2016 => "2016",
            Edition::Rules2018 => "2018",
        },
        opts.life
    );
    let mut aliases: Vec<String> = Vec::new();
    for player in ["Ann", "Bob"] {
        let _ = writeln!(out, "team {player}");
        let mut picked: Vec<usize> = Vec::new();
        let n = 2 + rng.below(2);
        while picked.len() < n.min(cards.len()) {
            let i = rng.below(cards.len());
            // One card per title on a team: another printing of a picked card (its
            // alternate art) has the same title.
            let title = |k: usize| cards[k].card.title.as_str();
            if !picked.iter().any(|&k| title(k) == title(i)) {
                picked.push(i);
            }
        }
        for i in picked {
            let c = &cards[i].card;
            let limit = u32::from(c.die_limit.unwrap_or(4)).clamp(1, 4);
            let dice = 2.min(limit) + rng.below((limit.saturating_sub(2) + 1) as usize) as u32;
            let alias = alias(&cards[i].name(), &aliases);
            let _ = writeln!(out, "{alias} = {} x{dice}", cards[i].name());
            aliases.push(alias);
        }
    }
    out.push_str("first Ann\n");
    out
}

/// The initials of a card's name (`Ghost Rider: Johnny Blaze` is `GR`), numbered when a
/// card of the other team took them.
fn alias(name: &str, taken: &[String]) -> String {
    let title = name.split(':').next().unwrap_or(name);
    let base: String = title
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(|w| w.chars().next())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let base = if base.is_empty() || base == "SK" {
        "C".to_string()
    } else {
        base
    };
    let mut alias = base.clone();
    let mut n = 2;
    while taken.contains(&alias) {
        alias = format!("{base}{n}");
        n += 1;
    }
    alias
}

/// Plays game `index` of the run with seed `run` and returns its log, which says how to
/// make it again.
pub fn game(run: u64, index: u64, opts: &Options, pool: &Pool) -> Result<String, Disagreement> {
    let mut rng = Rng::new(game_seed(run, index));
    let label = format!("dmlint gen --seed {run}: game {index} of the run");
    let mut log = setup(&mut rng, pool, opts, &label);
    // The setup is made from the pool's names: a card file's name the notation cannot
    // write is reported, not assumed away.
    let (doc, errors) = parse_str(&log);
    let names = doc
        .games
        .first()
        .map(|g| check_card_names(g, pool))
        .unwrap_or_default();
    let refused: Vec<String> = errors
        .iter()
        .map(|e| format!("{} ({})", crate::diag::Code::code(e.code), e.message))
        .chain(
            names
                .iter()
                .map(|e| format!("{} ({})", crate::diag::Code::code(e.code), e.message)),
        )
        .collect();
    if !refused.is_empty() {
        return Err(Disagreement { log, refused });
    }
    let mut table = match Table::new(&doc.games[0], &doc.header, pool) {
        Ok(t) => t,
        Err(replay) => {
            return Err(Disagreement::of(
                log,
                Rejected {
                    violations: replay.violations,
                    errors: replay.errors,
                },
            ));
        }
    };
    let mut turns = 0;
    while table.state().outcome.is_none() {
        let (cards, state) = (table.cards(), table.state());
        let play = match next(cards, state, &mut rng, opts) {
            Some(p) => p,
            None => break,
        };
        if let Play::Turn { player, .. } = play {
            turns += 1;
            log.push('\n');
            if turns > opts.max_turns {
                // The new turn's player gives up: a game always ends. (Ending the last
                // turn may have ended the game already.)
                for p in [play, Play::Concede { who: player }] {
                    if table.state().outcome.is_some() {
                        break;
                    }
                    let line = p.line(table.cards(), table.state());
                    log.push_str(&print_line(&line));
                    if let Err(refused) = table.play(&line) {
                        return Err(Disagreement::of(log, refused));
                    }
                }
                break;
            }
        }
        let line = play.line(cards, state);
        log.push_str(&print_line(&line));
        if let Err(refused) = table.play(&line) {
            return Err(Disagreement::of(log, refused));
        }
    }
    Ok(log)
}

/// The next move: chance where the dice decide, the policy where a player does.
fn next(cards: &GameCards, state: &GameState, rng: &mut Rng, opts: &Options) -> Option<Play> {
    if let Some(p) = draw(cards, state, rng) {
        return Some(p);
    }
    // The reroll: each rolled die with some chance, then a side at random.
    let rerolling = state
        .turn
        .as_ref()
        .filter(|t| !t.done && state.outcome.is_none() && t.step == Step::Roll)
        .filter(|t| t.reroll.is_none());
    if let Some(t) = rerolling {
        let chosen: Vec<_> = t.rolled.iter().filter(|_| rng.chance(0.3)).collect();
        if !chosen.is_empty() {
            let dice = chosen
                .into_iter()
                .map(|id| (*id, roll_one(cards, state.die(*id).card, rng)))
                .collect();
            return Some(Play::Reroll { dice });
        }
    }
    let mut plays = Vec::new();
    play::choices(cards, state, &mut plays);
    let weights: Vec<f64> = plays
        .iter()
        .map(|p| weight(cards, state, p, opts.policy))
        .collect();
    rng.weighted(&weights).map(|i| plays.swap_remove(i))
}

/// The draw step as the dice fall: the draw, the out-of-play die, a refill, the roll. The
/// generator's [`DrawState`] says what may come next; the dice say which.
fn draw(cards: &GameCards, state: &GameState, rng: &mut Rng) -> Option<Play> {
    let d = DrawState::now(state)?;
    // Draw as many as the rules allow, picking the dice from the bag at random.
    let (n, oop) = match (d.most(), d.oop_owed() && !d.bag.is_empty()) {
        (0, true) => (1, true),
        (n, _) => (n, false),
    };
    if n > 0 {
        let mut bag = d.bag;
        let mut dice = Vec::new();
        for _ in 0..n {
            let i = rng.below(bag.len());
            dice.push(state.die(bag.swap_remove(i)).card);
        }
        dice.sort();
        return Some(Play::Draw { dice, oop });
    }
    if d.may_refill() {
        return Some(Play::Refill);
    }
    if d.may_roll() {
        let active = state.turn.as_ref()?.active;
        let mut faces: Vec<(crate::engine::CardId, Face)> = state
            .zone(active, Zone::Prep)
            .map(|id| {
                let card = state.die(id).card;
                (card, roll_one(cards, card, rng))
            })
            .collect();
        faces.sort_by_key(|f| f.0);
        return Some(Play::Roll { faces });
    }
    None
}

/// One die rolled: a side at random.
fn roll_one(cards: &GameCards, card: crate::engine::CardId, rng: &mut Rng) -> Face {
    let faces = die_faces(cards, card);
    faces[rng.below(faces.len())].clone()
}

/// How much a player wants a move.
fn weight(cards: &GameCards, state: &GameState, play: &Play, policy: Policy) -> f64 {
    let t = state.turn.as_ref();
    let noop = match play {
        // Moves that change nothing would only make the game longer.
        Play::Concede { .. } => true,
        Play::End => t.is_none_or(|t| t.done),
        Play::Pass { .. } => !crate::engine::edition::book(state.edition).passes_required,
        Play::Damage => t.is_none_or(|t| t.damage != crate::engine::state::DamageStage::NotDealt),
        _ => false,
    };
    if noop {
        return 0.0;
    }
    match policy {
        Policy::Uniform => 1.0,
        Policy::Eager => match play {
            Play::Buy { cards: bought, .. } => {
                8.0 * bought
                    .iter()
                    .map(|c| f64::from(cards.get(*c).cost.unwrap_or(1)))
                    .sum::<f64>()
            }
            Play::Field { dice, .. } => 6.0 * dice.len() as f64,
            Play::Attack { dice } if dice.is_empty() => 0.5,
            Play::Attack { dice } => 4.0 * dice.len() as f64,
            Play::Block { pairs } => 1.0 + pairs.len() as f64,
            Play::End => 0.3,
            _ => 1.0,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_makes_the_same_game_and_another_seed_another() {
        let opts = Options::default();
        let a = game(7, 0, &opts, Pool::embedded()).expect("legal");
        let b = game(7, 0, &opts, Pool::embedded()).expect("legal");
        let c = game(7, 1, &opts, Pool::embedded()).expect("legal");
        let d = game(8, 0, &opts, Pool::embedded()).expect("legal");
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_ne!(a, d);
        assert!(a.contains("# dmlint gen --seed 7: game 0 of the run\n"));
    }

    #[test]
    fn a_game_past_the_turn_limit_ends_with_a_concession() {
        let opts = Options {
            max_turns: 3,
            ..Options::default()
        };
        for seed in 0..20 {
            let log = game(seed, 0, &opts, Pool::embedded()).expect("legal");
            let turns = log.lines().filter(|l| l.starts_with("turn ")).count();
            assert!(turns <= 4, "{turns} turns");
            assert!(log.trim_end().ends_with("concede"), "{log}");
        }
    }

    #[test]
    fn the_random_numbers_are_fixed_forever() {
        // SplitMix64's reference output for seed 0: changing the generator would change
        // every generated corpus, so it is pinned.
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn aliases_are_initials_numbered_on_a_clash() {
        assert_eq!(alias("Ghost Rider: Johnny Blaze", &[]), "GR");
        assert_eq!(
            alias("Ghost Rider: Johnny Blaze", &["GR".to_string()]),
            "GR2"
        );
        assert_eq!(alias("Iceman: Cryokinetic", &[]), "I");
    }
}
