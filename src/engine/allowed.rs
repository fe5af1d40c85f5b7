//! What the rules allowed where a replay stopped: the move generator's moves
//! ([`super::play`]) that the checker accepts there, each with its player and kind, for a
//! judge reading an illegal line ("instead, Ann could pass, attack or buy").
//!
//! Both halves must agree before a move is listed: the generator proposes, the checker
//! ([`Table::accepts`]) decides. So a move is never listed that the checker would refuse,
//! even where the generator knows less than the checker (it plays only the card text
//! `play::support` names). Where a card it does not play is in the game, the list says
//! it is incomplete rather than pretending to be whole.

use crate::syntax::{Line, Step, Zone};

use super::play::{self, Play};
use super::replay::Table;
use super::{GameCards, GameState};

/// At most this many generated moves are put to the checker: a judge needs a summary,
/// not all of them.
pub const MOST_CHECKED: usize = 2000;

/// The most choices of one kind the generator may be asked to make. The generator
/// enumerates every combination (each multiset of purchases, each way to block), which
/// is a handful at a real table and beyond any machine for a hostile `position` block
/// with dozens of dice: past this, nothing is listed.
const MOST_COMBINATIONS: u64 = 20_000;

/// The moves allowed at one point of a game.
#[derive(Debug, Default)]
pub struct Allowed {
    /// Each allowed move in the generator's order.
    pub moves: Vec<AllowedMove>,
    /// What chance decides next, said rather than listed (every outcome of a roll is a
    /// move the checker accepts): "draw up to 4 dice from the bag".
    pub chance: Option<String>,
    /// Generated moves not put to the checker (past [`MOST_CHECKED`]).
    pub unchecked: usize,
    /// The position has too many combinations to list: `moves` is empty.
    pub too_many: bool,
    /// Some card of the game has text the generator does not play: moves using it are
    /// not among `moves`.
    pub abilities: bool,
}

/// One allowed move.
#[derive(Debug)]
pub struct AllowedMove {
    /// The player who makes it (the active player for a new turn or `end`).
    pub player: usize,
    /// What kind of move it is, as its line starts: `pass`, `buy`, `attack` …
    pub kind: &'static str,
    /// The line a person would write for it.
    pub line: Line,
}

/// The moves the rules allow in `table`'s game as it stands. Conceding, always allowed,
/// is left out.
pub fn allowed(table: &mut Table) -> Allowed {
    let (cards, state) = (table.cards().clone(), table.state().clone());
    let active = state.turn.as_ref().map_or(state.first, |t| t.active);
    let mut out = Allowed {
        abilities: !play::support::game(&cards),
        chance: chance(&state),
        ..Allowed::default()
    };
    if combinations(&cards, &state) > MOST_COMBINATIONS {
        out.too_many = true;
        return out;
    }
    let mut generated = Vec::new();
    play::choices(&cards, &state, &mut generated);
    let mut checked = 0;
    for p in generated {
        if matches!(p, Play::Concede { .. }) {
            continue;
        }
        if checked == MOST_CHECKED {
            out.unchecked += 1;
            continue;
        }
        checked += 1;
        let line = p.line(&cards, &state);
        if table.accepts(&line).is_ok() {
            out.moves.push(AllowedMove {
                player: player(&p, active, &state),
                kind: kind(&p),
                line,
            });
        }
    }
    out
}

/// What chance decides next in the turn, if anything.
fn chance(state: &GameState) -> Option<String> {
    let t = state.turn.as_ref().filter(|t| !t.done)?;
    if state.outcome.is_some() {
        return None;
    }
    match t.step {
        Step::Draw => play::DrawState::now(state).map(|d| match d.most() {
            0 if d.may_roll() => "roll the dice in the prep area".to_string(),
            0 => "refill the bag from the used pile, then draw".to_string(),
            n => format!("draw up to {n} dice from the bag"),
        }),
        Step::Roll if t.reroll.is_none() => {
            Some("reroll any of the dice just rolled (once a turn)".to_string())
        }
        _ => None,
    }
}

/// An upper bound on the combinations the generator enumerates in `state`: purchases
/// (each multiset of the dice left on the active player's cards), fielding (each set of
/// reserve dice), attacks, blocks (each blocker's choice of attacker or none) and
/// damage splits. Saturating: only the comparison with [`MOST_COMBINATIONS`] matters.
fn combinations(cards: &GameCards, state: &GameState) -> u64 {
    let Some(t) = &state.turn else { return 1 };
    let (active, defender) = (t.active, t.inactive());
    let power = |base: u64, n: usize| base.saturating_pow(u32::try_from(n).unwrap_or(u32::MAX));
    let shop = cards
        .ids()
        .filter(|id| cards.get(*id).owner.is_none_or(|o| o == active))
        .map(|id| u64::from(state.supply.get(usize::from(id.0)).copied().unwrap_or(0)) + 1)
        .fold(1u64, u64::saturating_mul);
    let reserve = power(2, state.count(active, Zone::Reserve));
    let field = power(2, state.count(active, Zone::Field));
    let attackers = state
        .zone(active, Zone::Field)
        .filter(|id| state.die(*id).attacking)
        .count();
    let blocks = power(attackers as u64 + 1, state.count(defender, Zone::Field));
    // A split of an attack among its blockers: at most (attack + 1) per blocker.
    let splits = state
        .zone(active, Zone::Field)
        .filter(|id| state.die(*id).attacking)
        .map(|a| {
            let blockers = state
                .ids()
                .filter(|id| state.die(*id).blocking == Some(a))
                .count();
            power(u64::from(play::stats(cards, state, a).0) + 1, blockers)
        })
        .fold(0u64, u64::saturating_add);
    // Purchases are paid, and fielding too, from the same reserve: their ways multiply.
    [shop.saturating_mul(reserve), field, blocks, splits]
        .into_iter()
        .fold(0u64, u64::saturating_add)
}

fn player(p: &Play, active: usize, state: &GameState) -> usize {
    match p {
        Play::Pass { who } | Play::Concede { who } | Play::Ability { who, .. } => *who,
        Play::Block { .. } => state.turn.as_ref().map_or(1 - active, |t| t.inactive()),
        _ => active,
    }
}

/// The keyword a move's line starts with.
fn kind(p: &Play) -> &'static str {
    match p {
        Play::Turn { .. } => "turn",
        Play::End => "end",
        Play::Draw { .. } => "draw",
        Play::Refill => "refill",
        Play::Roll { .. } => "roll",
        Play::Reroll { .. } => "reroll",
        Play::Buy { .. } => "buy",
        Play::Field { .. } => "field",
        Play::Pass { .. } => "pass",
        Play::Attack { .. } => "attack",
        Play::Block { .. } => "block",
        Play::Assign { .. } => "assign",
        Play::Damage => "damage",
        Play::Concede { .. } => "concede",
        Play::Ability { using, .. } => match using {
            play::Using::Use(_) => "use",
            play::Using::Global(_) => "global",
            play::Using::Activate(_) => "activate",
            play::Using::Resolve(_) => "resolve",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Pool;
    use crate::syntax::{parse_str, print_line};

    /// The table after every line of `log`'s one game.
    fn table(log: &str) -> Table {
        let (doc, errors) = parse_str(log);
        assert!(errors.is_empty(), "{errors:?}");
        let game = &doc.games[0];
        let mut table = Table::new(game, &doc.header, Pool::embedded()).expect("two teams");
        for line in &game.lines {
            assert!(table.replay_line(line), "{}", print_line(line));
        }
        table
    }

    const MAIN: &str = "dmlog 1\nformat custom life 10\nteam Ann\nGR = Ghost Rider: Johnny Blaze x2\n\
                        team Bob\nAM = Ant-Man: Biophysicist x2\nfirst Ann\nposition\n\
                        turn 3 Ann main\nreserve Ann SK:fist SK:bolt SK:L1\nfield Ann SK:L1\n\
                        used Ann SK x4\nbag Bob SK x4\nused Bob SK x4\nend\n";

    #[test]
    fn every_listed_move_is_one_the_checker_accepts_and_its_player_makes() {
        let mut t = table(MAIN);
        let a = allowed(&mut t);
        assert!(!a.moves.is_empty());
        for m in &a.moves {
            assert!(t.accepts(&m.line).is_ok(), "{}", print_line(&m.line));
            // In the main step only the active player moves, until she passes.
            assert_eq!(m.player, 0, "{}", print_line(&m.line));
        }
        let kinds: Vec<&str> = a.moves.iter().map(|m| m.kind).collect();
        for k in ["buy", "field", "pass", "attack"] {
            assert!(kinds.contains(&k), "{kinds:?}");
        }
        // Not listed: what the step does not allow, and conceding.
        for k in ["roll", "draw", "block", "concede"] {
            assert!(!kinds.contains(&k), "{kinds:?}");
        }
        assert_eq!(a.unchecked, 0);
    }

    #[test]
    fn after_a_pass_only_the_opponent_moves() {
        let mut t = table(&format!("{MAIN}pass\n"));
        let a = allowed(&mut t);
        let lines: Vec<String> = a.moves.iter().map(|m| print_line(&m.line)).collect();
        assert!(a.moves.iter().all(|m| m.player == 1), "{lines:?}");
        assert!(lines.contains(&"Bob: pass\n".to_string()), "{lines:?}");
    }

    #[test]
    fn a_position_with_too_many_combinations_lists_nothing() {
        // Twenty blockers, each of which may block either of two attackers or none.
        let mut t = table(
            "dmlog 1\nformat custom life 10\nteam Ann\nGR = Ghost Rider: Johnny Blaze x4\n\
             team Bob\nAM = Ant-Man: Biophysicist x4\nfirst Ann\nposition\n\
             turn 3 Ann main\nfield Ann GR:L1 GR:L2\nused Ann SK x8 GR x2\n\
             bag Bob SK x4 AM x4\nend\n",
        );
        let small = allowed(&mut t);
        assert!(!small.too_many && !small.moves.is_empty());
        let mut t = table(
            "dmlog 1\nformat custom life 10\nteam Ann\nGR = Ghost Rider: Johnny Blaze x4\n\
             team Bob\nAM = Ant-Man: Biophysicist x4\nfirst Ann\nposition\n\
             turn 3 Ann attack\nfield Ann GR:L1[attacking] GR:L2[attacking]\n\
             used Ann SK x8 GR x2\nfield Bob SK:L1 x8 AM:L1 x4\nend\n",
        );
        let big = allowed(&mut t);
        assert!(big.too_many && big.moves.is_empty(), "{big:?}");
    }

    #[test]
    fn chance_is_said_not_listed() {
        let mut t = table(
            "dmlog 1\nformat custom life 10\nteam Ann\nGR = Ghost Rider: Johnny Blaze x2\n\
             team Bob\nAM = Ant-Man: Biophysicist x2\nfirst Ann\nposition\n\
             turn 3 Ann draw\nbag Ann SK x8\nbag Bob SK x8\nend\n",
        );
        let a = allowed(&mut t);
        assert_eq!(a.chance.as_deref(), Some("draw up to 4 dice from the bag"));
        assert!(a.moves.iter().all(|m| m.kind != "draw"), "{a:?}");
    }

    #[test]
    fn a_game_with_text_the_generator_does_not_play_says_its_list_is_incomplete() {
        let mut plain = table(MAIN);
        assert!(!allowed(&mut plain).abilities);
        let with_text = MAIN.replace(
            "AM = Ant-Man: Biophysicist x2",
            "BW = Black Widow: Natalia Romanova x2",
        );
        assert!(allowed(&mut table(&with_text)).abilities);
        // Text the generator plays: its moves are listed, and the list is whole.
        let played = MAIN.replace(
            "GR = Ghost Rider: Johnny Blaze x2",
            "GR = Ghost Rider: Johnny Blaze x2\nbasic RS = Raised Shields",
        );
        let a = allowed(&mut table(&played));
        assert!(!a.abilities);
        let lines: Vec<String> = a.moves.iter().map(|m| print_line(&m.line)).collect();
        assert!(
            lines.contains(&"global RS pay SK:bolt target SK:L1\n".to_string()),
            "{lines:?}"
        );
        assert!(a.moves.iter().any(|m| m.kind == "global"));
    }

    #[test]
    fn a_static_burst_restricts_the_blocks_generated() {
        // Gamora: Solar Sacrifice on her burst face cannot be blocked by level 1
        // characters (AI #23): the sidekick may not block her, the level 2 Ghost Rider
        // may (the generator once read the static without its burst).
        let log = "dmlog 1\nformat custom life 10\nteam Ann\nGA = Gamora: Solar Sacrifice x2\n\
                   team Bob\nGR = Ghost Rider: Johnny Blaze x2\nfirst Ann\nposition\n\
                   turn 4 Ann main\nfield Ann GA:L1*\nfield Bob GR:L2 SK:L1\nused Ann SK x8\n\
                   used Bob SK x6\nend\npass\nBob: pass\nattack GA:L1*\n";
        // The generator's own list, before the checker filters it.
        let t = table(log);
        let (cards, state) = (t.cards(), t.state());
        let lines: Vec<String> = play::legal(cards, state)
            .iter()
            .map(|p| print_line(&p.line(cards, state)))
            .collect();
        assert!(
            lines.iter().any(|l| l.contains("block GR:L2 -> GA:L1*")),
            "{lines:?}"
        );
        assert!(!lines.iter().any(|l| l.contains("SK:L1 ->")), "{lines:?}");
    }
}
