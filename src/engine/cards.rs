//! The cards of one game: each alias bound to its card's facts, its owner and its dice.
//!
//! Built once from the rules' [`Setup`]; the engine then speaks of cards by [`CardId`]
//! only. Sidekicks have no card, but each player gets a pseudo-card `SK` so that every
//! die is "a card plus its state".

use crate::cards::ability::Ability;
use crate::cards::model::{Abilities, CardKind, EnergyType, Level};
use crate::cards::{Pool, full_name};
use crate::syntax::{Energy, Face, FormatName, Span, Text};

use crate::rules::Setup;

/// A card of this game, by its index in [`GameCards::cards`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardId(pub u16);

/// What kind of die a card's dice are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DieKind {
    Sidekick,
    Character,
    Action,
    BasicAction,
}

/// One card as the engine needs it.
#[derive(Debug, Clone)]
pub struct GameCard {
    pub alias: Text,
    /// The player whose card it is; `None` for cards in the middle of the table (basic
    /// actions, and the first game's shared cards), which either player may buy from.
    pub owner: Option<usize>,
    /// `Title: Subtitle`, for messages.
    pub name: String,
    pub kind: DieKind,
    pub cost: Option<u8>,
    pub energy: Vec<EnergyType>,
    pub affiliations: Vec<String>,
    /// The universe of the set of the card's entry in the pool (`universe:` in
    /// cards/sets/*.yaml; none for a sidekick or a card the pool lacks): Tag Out's
    /// "Superstar die" is a WWE character's (`keywords::tag_out`).
    pub universe: Option<String>,
    pub levels: Vec<Level>,
    /// Action faces (`act`, `*`, `**`), as burst counts.
    pub actions: Vec<u8>,
    /// Energy faces when the card data records them; `None` when it does not.
    pub energy_faces: Option<Vec<Face>>,
    /// Dice that start on the card (none for a second alias).
    pub dice: u32,
    /// For the second player's alias of a shared basic action card: the card it names.
    pub alias_of: Option<CardId>,
    /// The card's abilities: `None` when they are not encoded (a log that needs them is
    /// undecided), empty when the card has no text.
    pub abilities: Option<Vec<Ability>>,
    /// Whether the card has no ability text at all.
    pub plain: bool,
    /// The card data's one-line summary of its text.
    pub summary: Option<String>,
    /// Facts the card sources dispute, with the value kept (empty when none are).
    pub disputed: Vec<String>,
    /// The card's line in the log (the team line for a sidekick).
    pub line: Span,
}

/// Every card of a game, and each player's name and sidekick card.
#[derive(Debug, Clone)]
pub struct GameCards {
    pub cards: Vec<GameCard>,
    pub players: [Text; 2],
    /// Each player's `team` line.
    pub team_lines: [Span; 2],
    pub sidekicks: [CardId; 2],
}

/// The number of sidekick dice each player starts with.
pub const SIDEKICKS: u32 = 8;
/// Dice on a basic action card brought by one player.
pub const BASIC_DICE: u32 = 3;

impl GameCards {
    /// Binds every card line of a setup with two teams; `None` when there are not two.
    pub fn new(setup: &Setup, pool: &Pool) -> Option<GameCards> {
        let [a, b] = setup.teams.as_slice() else {
            return None;
        };
        let players = [Text::from(a.player), Text::from(b.player)];
        let mut cards = Vec::new();
        let mut sidekicks = [CardId(0); 2];
        for (p, team) in [a, b].into_iter().enumerate() {
            sidekicks[p] = CardId(cards.len() as u16);
            cards.push(sidekick(pool, p, team.line));
        }
        for (p, team) in [a, b].into_iter().enumerate() {
            for card in &team.cards {
                cards.push(GameCard::of(card, pool, Some(p), card.dice()));
            }
            for card in &team.basics {
                // A basic action card brought by both players is one card in the middle
                // with both sets of dice: its second alias joins the first.
                let name = card.entry.map(|e| e.name());
                if let Some(same) = cards
                    .iter()
                    .position(|c| c.kind == DieKind::BasicAction && Some(&c.name) == name.as_ref())
                {
                    cards[same].dice += BASIC_DICE;
                    let mut alias = GameCard::of(card, pool, None, 0);
                    alias.alias_of = Some(CardId(same as u16));
                    cards.push(alias);
                    continue;
                }
                cards.push(GameCard::of(card, pool, None, BASIC_DICE));
            }
        }
        if let Some((_, middle)) = &setup.middle {
            for card in middle {
                let dice = card.def.count.as_ref().map_or(BASIC_DICE, |c| c.node);
                cards.push(GameCard::of(card, pool, None, dice));
            }
        }
        Some(GameCards {
            cards,
            players,
            team_lines: [a.line, b.line],
            sidekicks,
        })
    }

    pub fn get(&self, id: CardId) -> &GameCard {
        &self.cards[usize::from(id.0)]
    }

    /// Whether some card of the game asks whether a die was damaged in the attack step
    /// (`state: attack-damaged`, in its `if:` or an effect): only then does the replay
    /// keep that memory (`Turn::attack_damaged`), so that a game without such a card
    /// does not carry, or print in its positions, a fact nothing reads.
    pub fn read_attack_damaged(&self) -> bool {
        self.cards
            .iter()
            .filter_map(|c| c.abilities.as_deref())
            .flatten()
            .flat_map(|a| {
                let effects = a
                    .effects
                    .iter()
                    .chain(a.bursts.iter().flat_map(|b| &b.effects));
                a.if_
                    .iter()
                    .flat_map(|c| c.selectors())
                    .chain(effects.flat_map(|e| e.selectors()))
            })
            .any(|s| s.state == Some(crate::cards::ability::CombatState::AttackDamaged))
    }

    /// The card an alias names, from `player`'s side of the table (`SK` is their own
    /// sidekicks).
    pub fn by_alias(&self, alias: &str, player: usize) -> Option<CardId> {
        if alias == "SK" {
            return Some(self.sidekicks[player]);
        }
        let i = self.cards.iter().position(|c| c.alias == alias)?;
        Some(self.canonical(CardId(i as u16)))
    }

    /// A second alias of a shared basic action card stands for the first.
    pub fn canonical(&self, id: CardId) -> CardId {
        self.get(id).alias_of.unwrap_or(id)
    }

    /// Index of a player by name.
    pub fn player(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p == name)
    }

    /// The cards that start with dice, in log order (the order a position lists them).
    pub fn ids(&self) -> impl Iterator<Item = CardId> + '_ {
        (0..self.cards.len()).map(|i| CardId(i as u16))
    }

    /// Whether `face` is one of the faces of `card`'s die. Energy faces the card data
    /// does not record are accepted when they are plausible: one or two symbols of the
    /// card's own types (generic for a basic action die, or a card with no energy type,
    /// as cards/README.md says); [`GameCards::face_verified`] tells which they are.
    pub fn has_face(&self, card: CardId, face: &Face) -> bool {
        let c = self.get(card);
        match face {
            // A level face shows the bursts the card data gives that level.
            Face::Level { level, bursts } => {
                c.kind != DieKind::Action
                    && usize::from(*level)
                        .checked_sub(1)
                        .and_then(|i| c.levels.get(i))
                        .is_some_and(|l| l.bursts == *bursts)
            }
            Face::Action { bursts } => {
                matches!(c.kind, DieKind::Action | DieKind::BasicAction)
                    && c.actions.contains(bursts)
            }
            Face::Energy { parts, bursts } => {
                if let Some(known) = &c.energy_faces {
                    return known.contains(face);
                }
                let count: u8 = parts.as_slice().iter().map(|p| p.count).sum();
                let typed = |e: Energy| match c.kind {
                    DieKind::BasicAction => e == Energy::Generic,
                    // A card without an energy type has no typed energy to show: its
                    // energy faces are generic, like a basic action die's.
                    _ if c.energy.is_empty() => e == Energy::Generic,
                    _ => c.energy.iter().any(|t| energy_of(*t) == e),
                };
                (1..=2).contains(&count)
                    && *bursts <= 2
                    && parts.as_slice().iter().all(|p| typed(p.symbol))
            }
        }
    }

    /// Whether the card data confirms that `card`'s die has `face`: false only for an
    /// energy face of a die whose energy faces the data does not record, which
    /// [`GameCards::has_face`] accepts as written when it is plausible.
    pub fn face_verified(&self, card: CardId, face: &Face) -> bool {
        !matches!(face, Face::Energy { .. }) || self.get(card).energy_faces.is_some()
    }

    /// The printed name with the alias, for messages: `Captain America: American Hero (CA)`.
    pub fn describe(&self, card: CardId) -> String {
        let c = self.get(card);
        format!("{} ({})", c.name, c.alias)
    }
}

/// The dmlog symbol of a card's energy type.
pub fn energy_of(t: EnergyType) -> Energy {
    match t {
        EnergyType::Fist => Energy::Fist,
        EnergyType::Bolt => Energy::Bolt,
        EnergyType::Mask => Energy::Mask,
        EnergyType::Shield => Energy::Shield,
    }
}

/// The universe of set `code` in the pool, if its file names one.
fn universe(pool: &Pool, code: &str) -> Option<String> {
    pool.sets()
        .iter()
        .find(|s| s.code == code)
        .and_then(|s| s.universe.clone())
}

fn sidekick(pool: &Pool, player: usize, line: Span) -> GameCard {
    let die = pool.core().map(|c| c.sidekick.clone());
    GameCard {
        alias: Text::from("SK"),
        owner: Some(player),
        name: "Sidekick".to_string(),
        kind: DieKind::Sidekick,
        cost: None,
        energy: Vec::new(),
        affiliations: Vec::new(),
        universe: None,
        levels: die.as_ref().map(|d| d.levels.clone()).unwrap_or_default(),
        actions: Vec::new(),
        energy_faces: die.as_ref().and_then(|d| d.energy.known()).map(|f| {
            f.iter()
                .filter_map(|s| crate::syntax::parse_face(s))
                .collect()
        }),
        dice: SIDEKICKS,
        alias_of: None,
        abilities: Some(Vec::new()),
        plain: true,
        summary: None,
        disputed: Vec::new(),
        line,
    }
}

impl GameCard {
    fn of(
        card: &crate::rules::setup::TeamCard,
        pool: &Pool,
        owner: Option<usize>,
        dice: u32,
    ) -> GameCard {
        let def = card.def;
        let written = full_name(&def.name.node.title, def.name.node.subtitle.as_deref());
        let data = card.entry.map(|e| &e.card);
        let kind = match data.map(|d| d.kind) {
            Some(CardKind::Character) => DieKind::Character,
            Some(CardKind::Action) => DieKind::Action,
            Some(CardKind::BasicAction) => DieKind::BasicAction,
            // A line marked `basic` is a basic action card whatever the data lacks.
            _ if def.basic => DieKind::BasicAction,
            _ => DieKind::Character,
        };
        let die = data.and_then(|d| d.die.as_ref());
        let basic_die = kind == DieKind::BasicAction;
        GameCard {
            alias: def.alias.node.clone(),
            owner,
            name: card.entry.map_or(written, |e| e.name()),
            kind,
            cost: data.and_then(|d| d.cost),
            energy: data.map(|d| d.energy.clone()).unwrap_or_default(),
            affiliations: data.map(|d| d.affiliations.clone()).unwrap_or_default(),
            universe: card.entry.and_then(|e| universe(pool, &e.set)),
            levels: die.map(|d| d.levels.clone()).unwrap_or_default(),
            actions: if basic_die {
                vec![0, 1, 2]
            } else {
                die.map(|d| d.actions.iter().filter_map(|a| action_bursts(a)).collect())
                    .unwrap_or_default()
            },
            energy_faces: die.and_then(|d| d.energy.known()).map(|f| {
                f.iter()
                    .filter_map(|s| crate::syntax::parse_face(s))
                    .collect()
            }),
            dice,
            alias_of: None,
            abilities: match data.map(|d| &d.abilities) {
                Some(Abilities::None) => Some(Vec::new()),
                Some(Abilities::Encoded(list)) => Some(super::keywords::expanded(list)),
                Some(Abilities::NotEncoded) | None => None,
            },
            plain: data.is_some_and(|d| d.abilities == Abilities::None),
            summary: data.and_then(|d| d.summary.clone()),
            disputed: data.map(|d| d.disputed.clone()).unwrap_or_default(),
            line: card.line,
        }
    }

    /// The character face of a level (with the bursts the card prints on it); `None`
    /// for a level the die does not have.
    pub fn level_face(&self, level: u8) -> Option<Face> {
        let l = self.levels.get(usize::from(level).checked_sub(1)?)?;
        Some(Face::Level {
            level,
            bursts: l.bursts,
        })
    }

    /// Whether the engine knows this card's die: its levels or action faces.
    pub fn die_known(&self) -> bool {
        match self.kind {
            DieKind::Sidekick | DieKind::Character => !self.levels.is_empty(),
            DieKind::Action | DieKind::BasicAction => !self.actions.is_empty(),
        }
    }
}

fn action_bursts(face: &str) -> Option<u8> {
    match crate::syntax::parse_face(face)? {
        Face::Action { bursts } => Some(bursts),
        _ => None,
    }
}

/// Starting life for a format (`format custom life N` overrides it).
pub fn starting_life(format: FormatName, custom: Option<u32>) -> u32 {
    custom.unwrap_or(match format {
        FormatName::Tournament | FormatName::Custom | FormatName::Listed(_) => 20,
        FormatName::Basic => 15,
        // Every starter's book gives its learning game 10 life (first_game_setup::DEMOS;
        // a unit test there holds `first-game` to the same).
        FormatName::FirstGame => crate::rules::first_game_setup::DEMOS[0].life,
        FormatName::Demo(set) => crate::rules::first_game_setup::demo(set).life,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{parse_face, parse_str};

    fn cards(log: &str) -> GameCards {
        let (doc, errors) = parse_str(log);
        assert!(errors.is_empty(), "{errors:?}");
        let setup = Setup::new(&doc.games[0], &doc.header, Pool::embedded());
        GameCards::new(&setup, Pool::embedded()).expect("two teams")
    }

    const TEAMS: &str = "dmlog 1\nteam Ann\nGR = Ghost Rider: Johnny Blaze x2\n\
                         basic FB = Force Beam\nteam Bob\nAM = Ant-Man: Biophysicist\n\
                         basic FB2 = Force Beam\nbasic TC = Thrown Car\n";

    #[test]
    fn a_basic_action_card_both_players_bring_is_one_card_with_six_dice() {
        let c = cards(TEAMS);
        let fb = c.by_alias("FB", 0).unwrap();
        assert_eq!(c.by_alias("FB2", 1), Some(fb));
        assert_eq!(c.get(fb).dice, 6);
        assert_eq!(c.get(fb).owner, None);
        let tc = c.by_alias("TC", 0).unwrap();
        assert_eq!(c.get(tc).dice, 3);
        assert_eq!(c.get(c.by_alias("GR", 1).unwrap()).owner, Some(0));
        // `SK` is each player's own sidekick card.
        assert_ne!(c.by_alias("SK", 0), c.by_alias("SK", 1));
    }

    #[test]
    fn faces_a_die_has() {
        let c = cards(TEAMS);
        let face = |s: &str| parse_face(s).unwrap();
        let (sk, gr, fb) = (
            c.by_alias("SK", 0).unwrap(),
            c.by_alias("GR", 0).unwrap(),
            c.by_alias("FB", 0).unwrap(),
        );
        assert!(c.has_face(sk, &face("L1")) && c.has_face(sk, &face("wild")));
        assert!(!c.has_face(sk, &face("L2")) && !c.has_face(sk, &face("2fist")));
        // Ghost Rider's energy faces are not in the data: its own type is plausible.
        assert!(c.has_face(gr, &face("L3")) && c.has_face(gr, &face("2bolt")));
        assert!(!c.has_face(gr, &face("fist")) && !c.has_face(gr, &face("L4")));
        assert!(!c.has_face(gr, &face("act")));
        assert!(c.has_face(fb, &face("**")) && c.has_face(fb, &face("2gen")));
        assert!(!c.has_face(fb, &face("L1")) && !c.has_face(fb, &face("bolt")));
    }

    #[test]
    fn only_energy_faces_the_data_lacks_are_unverified() {
        let c = cards(TEAMS);
        let face = |s: &str| parse_face(s).unwrap();
        let (sk, gr, fb) = (
            c.by_alias("SK", 0).unwrap(),
            c.by_alias("GR", 0).unwrap(),
            c.by_alias("FB", 0).unwrap(),
        );
        // The sidekick's faces are in core.yaml; levels and action faces always are.
        assert!(c.face_verified(sk, &face("wild")) && c.face_verified(sk, &face("fist")));
        assert!(c.face_verified(gr, &face("L2")) && c.face_verified(fb, &face("*")));
        // Ghost Rider's and Force Beam's energy faces are `unknown` in the data.
        assert!(!c.face_verified(gr, &face("2bolt")) && !c.face_verified(gr, &face("bolt")));
        assert!(!c.face_verified(fb, &face("2gen")));
    }

    #[test]
    fn a_character_without_an_energy_type_shows_generic_energy() {
        let file = crate::cards::parse_card_file(
            "schema: 1\nset: {code: ZZ, name: Test}\ncards:\n  - title: Blank\n    \
             subtitle: No Type\n    kind: character\n    cost: 2\n    energy: []\n    \
             die:\n      levels:\n        - {fielding: 1, attack: 1, defense: 1}\n      \
             actions: []\n      energy: unknown\n    abilities: none\n",
        )
        .expect("a valid card file");
        let mut pool = Pool::embedded().clone();
        pool.add_file(file);
        let (doc, errors) = parse_str(
            "dmlog 1\nteam Ann\nBL = Blank: No Type\nteam Bob\nAM = Ant-Man: Biophysicist\n",
        );
        assert!(errors.is_empty(), "{errors:?}");
        let setup = Setup::new(&doc.games[0], &doc.header, &pool);
        let c = GameCards::new(&setup, &pool).expect("two teams");
        let bl = c.by_alias("BL", 0).unwrap();
        let face = |s: &str| parse_face(s).unwrap();
        assert!(c.has_face(bl, &face("gen")) && c.has_face(bl, &face("2gen")));
        assert!(!c.has_face(bl, &face("3gen")) && !c.has_face(bl, &face("fist")));
        assert!(!c.face_verified(bl, &face("gen")));
    }
}
