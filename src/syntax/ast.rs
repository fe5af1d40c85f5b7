//! The syntax tree of a dmlog file: what the log *claims*, each node with its byte span.
//!
//! These types know nothing of the rules: a `BuyMove` says which card was named and which
//! dice were offered in payment, not whether that was legal. Spans are absolute byte
//! offsets into the file, so a diagnostic can point at the exact token however large
//! the file; line and column are computed only when rendering.

use serde::Serialize;

/// Names and free text in the tree. Aliases and player names are short, and a
/// `CompactString` keeps up to 24 bytes inline, so parsing them allocates nothing.
pub type Text = compact_str::CompactString;

/// A half-open byte range `start..end` into the whole file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
    pub fn len(&self) -> usize {
        self.end - self.start
    }
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// A value and the span of the text it was parsed from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// A whole file: its header and its games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Document {
    pub header: Header,
    pub games: Vec<Game>,
}

/// The `dmlog N` line and the settings that every game of the file inherits.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Header {
    /// `None` when the file has no header line (a diagnostic says so).
    pub version: Option<Spanned<u32>>,
    /// Settings written before the first `game` line of a multi-game file.
    pub defaults: Vec<Line>,
}

/// One game: everything from its `game` line (or the file start) to the next.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Game {
    pub label: Option<Spanned<Text>>,
    pub span: Span,
    pub lines: Vec<Line>,
}

/// One statement and its span; `annotation` is the text of a trailing `#~` comment.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Line {
    pub span: Span,
    pub statement: Statement,
    pub annotation: Option<Spanned<Text>>,
}

/// Everything a line can say.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Statement {
    /// A line holding only a `#~` annotation.
    Annotation,
    Rules(Spanned<Edition>),
    Format {
        name: Spanned<FormatName>,
        life: Option<Spanned<u32>>,
    },
    Sets {
        sets: Vec<Spanned<Text>>,
    },
    Tag {
        key: Spanned<Text>,
        value: Spanned<Text>,
    },
    Team(Spanned<Text>),
    Middle,
    Card(Box<CardDef>),
    First(Spanned<Text>),
    Position(Position),
    Turn {
        number: Spanned<u32>,
        player: Spanned<Text>,
    },
    /// Outside a position block a state line is an assertion.
    State(StateLine),
    Waiver {
        code: Spanned<Text>,
        reason: Spanned<Text>,
    },
    /// Boxed: a move is the most common line, and a small `Line` keeps the tree cheap
    /// to build (the parser's throughput depended on it).
    Move {
        actor: Option<Spanned<Text>>,
        action: Box<Move>,
    },
    /// `end`: the end of the turn (a position block's `end` is part of the block).
    End,
}

impl Statement {
    /// A line the replay plays as part of the game: a turn, a move or an `end`.
    pub fn is_play(&self) -> bool {
        matches!(
            self,
            Statement::Turn { .. } | Statement::Move { .. } | Statement::End
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Edition {
    /// Avengers vs. X-Men and Uncanny X-Men (with its May 2014 revisions).
    #[serde(rename = "2014")]
    Rules2014,
    /// Iron Man and War Machine: the out of play zone, the 2014 turn otherwise.
    #[serde(rename = "2016")]
    Rules2016,
    /// Avengers Infinity.
    #[serde(rename = "2018")]
    Rules2018,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FormatName {
    Tournament,
    Basic,
    /// Any one of the starter rulebooks' fixed setups (`format first-game`).
    FirstGame,
    Custom,
    /// One starter rulebook's fixed setup, named (`format demo uxm`).
    Demo(DemoSet),
    /// A tournament format with card lists over time (`format modern 2019`, `format
    /// golden`): the tournament's team limits, and the cards of its list.
    Listed(ListFormat),
}

/// The organized-play formats whose legal cards are lists (`cards/formats.yaml`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ListFormat {
    /// Modern, of one season (`modern 2019`), or of the season of the game's `tag date`.
    Modern(Option<u16>),
    Golden,
    SilverAge,
    GlobalEscalation,
    RollForTheNorth3,
}

impl ListFormat {
    /// The words of the `format` line after `format`.
    pub const WORDS: [&'static str; 5] = [
        "modern",
        "golden",
        "silver-age",
        "global-escalation",
        "roll-for-the-north-3",
    ];

    /// The id of the format in `cards/formats.yaml`; `None` for Modern without a season
    /// (the game's date picks it).
    pub fn id(self) -> Option<String> {
        match self {
            ListFormat::Modern(season) => season.map(|s| format!("modern-{s}")),
            other => Some(other.word().to_string()),
        }
    }

    /// The first word, as written.
    pub fn word(self) -> &'static str {
        match self {
            ListFormat::Modern(_) => "modern",
            ListFormat::Golden => "golden",
            ListFormat::SilverAge => "silver-age",
            ListFormat::GlobalEscalation => "global-escalation",
            ListFormat::RollForTheNorth3 => "roll-for-the-north-3",
        }
    }
}

/// The starter rulebooks that prescribe a fixed setup for a learning game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DemoSet {
    /// Avengers vs. X-Men (2014), "Your First Game".
    Avx,
    /// Uncanny X-Men (2014), "Your First Game".
    Uxm,
    /// Iron Man and War Machine (2016), "A Demo Game".
    Imwm,
    /// Avengers Infinity (2018), the demo game of its example of play.
    Ai,
}

impl DemoSet {
    pub const ALL: [DemoSet; 4] = [DemoSet::Avx, DemoSet::Uxm, DemoSet::Imwm, DemoSet::Ai];

    /// The set's word in `format demo SET`.
    pub fn code(self) -> &'static str {
        match self {
            DemoSet::Avx => "avx",
            DemoSet::Uxm => "uxm",
            DemoSet::Imwm => "imwm",
            DemoSet::Ai => "ai",
        }
    }
}

/// Who a card line belongs to: the team section or the middle opened before it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Owner {
    Player(Text),
    Middle,
}

/// `basic FB = Force Beam x3`
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardDef {
    pub owner: Owner,
    pub basic: bool,
    pub alias: Spanned<Text>,
    pub name: Spanned<CardName>,
    pub count: Option<Spanned<u32>>,
}

/// A card's printed name: `Title: Subtitle`, or a title alone (basic actions).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardName {
    pub title: Text,
    pub subtitle: Option<Text>,
}

/// A `position` … `end` block.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Position {
    pub entries: Vec<Spanned<StateLine>>,
    /// The span of the closing `end`; `None` when the block ran to the end of the game.
    pub end: Option<Span>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    Bag,
    Prep,
    Reserve,
    Field,
    Used,
    Oop,
    /// `aside`: set aside until a capture or a removal ends (Capture, Intimidate). Not
    /// one of the game's zones: a die aside is out of every zone for game purposes; a
    /// `position` block writes it in an `aside` line, and no effect sends a die `to` it.
    Aside,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Draw,
    Roll,
    Main,
    Attack,
    Blockers,
    Window,
    Damage,
    Cleanup,
}

/// A fact about the game: set inside a position block, asserted outside one.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum StateLine {
    Life {
        player: Spanned<Text>,
        life: Spanned<u32>,
    },
    Zone {
        zone: Spanned<Zone>,
        player: Spanned<Text>,
        /// Empty for `none`.
        dice: Vec<DieItem>,
    },
    Supply {
        card: CardRef,
        count: Spanned<u32>,
    },
    Virtual {
        player: Spanned<Text>,
        amount: Spanned<u32>,
    },
    Priority {
        player: Spanned<Text>,
    },
    /// `turn 4 Eric main`, allowed only inside a position block.
    Turn {
        number: Spanned<u32>,
        player: Spanned<Text>,
        step: Spanned<Step>,
    },
    /// `drawn 3`, `drawn 3 oop 1`, `drawn 5 swarm 1`: the dice drawn this clear and draw
    /// step, to the prep area and out of play, and the extra dice Swarm makes it draw.
    Drawn {
        count: Spanned<u32>,
        oop: Option<Spanned<u32>>,
        swarm: Option<Spanned<u32>>,
    },
    /// `fielded Ann 2`: the character dice a player fielded this turn, those still in
    /// the field since marked `[fielded]` among them (Strike, Jarvis: Butler's "the
    /// number of character dice you fielded this turn").
    Fielded {
        player: Spanned<Text>,
        count: Spanned<u32>,
    },
    /// `rerolled`: the turn's one reroll has been made.
    Rerolled,
    /// `passed Ann Bob`: the passes of the priority round under way, in order (`passed
    /// none`: no pass yet).
    Passed {
        players: Vec<Spanned<Text>>,
    },
    /// `acted Bob`: the inactive player acted with priority, which came back to the
    /// active player.
    Acted {
        player: Spanned<Text>,
    },
    /// `lost Bob`: a character die of Bob's was knocked out this turn (Resistance).
    Lost {
        player: Spanned<Text>,
    },
    /// `impulse Ann.BE`: each die Ann buys this turn gains that card's Impulse.
    Impulse {
        card: CardRef,
    },
    /// `prepped Ann DP SK`: of the dice in Ann's prep area in the clear and draw step,
    /// those that began the turn there (Back for More); empty for `none`.
    Prepped {
        player: Spanned<Text>,
        dice: Vec<DieItem>,
    },
    /// `assigned GR:L3 -> Bob.SK:L1=3 Bob.SK:L1=2`: an attacker's split among its
    /// blockers.
    Assigned {
        attacker: Box<DieRef>,
        shares: Vec<DamageShare>,
    },
    /// `combat knocked-out`: how far the attack step's combat damage has gone.
    Combat {
        stage: Spanned<CombatStage>,
    },
    /// `pending Ann.HK ability 1 die HK:L3 about Bob.SK:L1 batch 2`: a triggered ability
    /// waiting in the queue.
    Pending(Box<PendingTrigger>),
    /// `limit Ann.IM ability 1 die IM:L2`: an ability whose limit ("once per turn") was
    /// used this turn.
    Limit {
        card: CardRef,
        ability: Spanned<u32>,
        die: Option<Box<DieRef>>,
        /// The player who used a limited global (each player has their own use).
        by: Option<Spanned<Text>>,
    },
    /// `ignored Bob.PS`, `ignored Bob.PS dice`: a card whose text an effect ignores until
    /// the end of the turn (with `dice`, its dice' abilities only, not its globals).
    Ignored {
        card: CardRef,
        dice: bool,
    },
    /// `reactable takes-damage die Bob.IC:L2 answered Ann.HT ability 2 by Ann`: an event
    /// of the last move that a reactive global may still answer, and the answers given.
    Reactable(Box<ReactableEvent>),
    /// `held Bob.SM ability 1 ko Bob.SM:L1`: an effect held back for a moment, while the
    /// controller of the dice it affects may still prevent it.
    Held {
        card: CardRef,
        ability: Spanned<u32>,
        ops: Vec<HeldOp>,
    },
    /// `cost-cut Ann.TH ability 2 by Ann less 2`: a purchase-cost reduction under way
    /// this turn, made by that ability's `reduce-cost` for the player who used it (what it
    /// lowers, and whether only the next such die, are the ability's).
    CostCut {
        card: CardRef,
        ability: Spanned<u32>,
        by: Spanned<Text>,
        amount: Spanned<u32>,
    },
    /// `conceded Ann`: the player conceded; the game is over.
    Conceded {
        player: Spanned<Text>,
    },
    /// `tokens CA experience 2`: the tokens of one kind on a card, which stay there for
    /// the game (Experience, cards/README.md, Keywords; Loyalty Counters, `loyalty`).
    Tokens {
        card: CardRef,
        kind: Spanned<TokenKind>,
        count: Spanned<u32>,
    },
    /// `monster-ko Ann`: the active player knocked out an opposing Monster this turn
    /// (what Experience reads at the end of the turn).
    MonsterKo {
        player: Spanned<Text>,
    },
}

/// A kind of token a card may hold, as a `tokens` line names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TokenKind {
    /// `experience`: +1A/+1D to each of the card's dice (Experience).
    Experience,
    /// `loyalty`: a Loyalty Counter (Dark Phoenix Saga), +1A/+1D to each of the card's
    /// dice, as every DPS card that puts one says in its reminder.
    Loyalty,
}

impl TokenKind {
    pub const ALL: [TokenKind; 2] = [TokenKind::Experience, TokenKind::Loyalty];

    /// The word a `tokens` line writes.
    pub fn name(self) -> &'static str {
        match self {
            TokenKind::Experience => "experience",
            TokenKind::Loyalty => "loyalty",
        }
    }
}

/// How far combat damage has gone, as a `combat` line says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CombatStage {
    /// `none`: no attacker was declared this turn.
    NoAttack,
    /// `fast-damaged`, `fast-knocked-out`, `fast-player-hit`: the same stages of the Fast
    /// round, which comes first when a die with Fast is in combat.
    FastDamaged,
    FastKnockedOut,
    FastPlayerHit,
    /// `damaged`: dealt; the effects of the damage resolve before knock-outs (2018).
    Damaged,
    /// `knocked-out`: knock-outs made, their effects resolve.
    KnockedOut,
    /// `player-hit`: unblocked attackers damaged the player after those effects (2014).
    PlayerHit,
    /// `over`: combat damage is over.
    Over,
    /// `ending`: combat damage is done, the effects "at the end of the attack step"
    /// resolve with the survivors still engaged.
    Ending,
}

/// A triggered ability waiting to resolve, as a `pending` line states it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PendingTrigger {
    /// The card whose ability it is (its owner controls it).
    pub card: CardRef,
    /// Which of the card's abilities, from 1 in the order `dmlint cards` lists them.
    pub ability: Spanned<u32>,
    /// The die whose ability it is, for a die's own trigger.
    pub die: Option<DieRef>,
    /// The die the event was about ("that die").
    pub about: Option<DieRef>,
    /// Triggers of one event share a batch; a later batch waits for earlier ones.
    pub batch: Option<Spanned<u32>>,
    /// The bursts of the die it came from.
    pub bursts: Option<Spanned<u32>>,
    /// The dice that paid for the move that set it off.
    pub paid: Vec<DieItem>,
    /// The damage its event dealt (a trigger on a die taking damage that may prevent
    /// some of it).
    pub taken: Option<Spanned<u32>>,
}

/// A `reactable` line's parts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReactableEvent {
    /// The event, by its name in the ability language (`takes-damage`).
    pub event: Spanned<Text>,
    pub about: EventAbout,
    pub answered: Vec<Answer>,
}

/// What a `reactable` event is about.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum EventAbout {
    /// `die Bob.IC:L2`
    Die(Box<DieRef>),
    /// `player Ann`
    Player(Spanned<Text>),
    /// `none`
    Nothing,
}

/// `answered Ann.HT ability 2 by Ann`: a reactive global that answered the event.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Answer {
    pub card: CardRef,
    pub ability: Spanned<u32>,
    pub by: Spanned<Text>,
}

/// One change of a held effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum HeldOp {
    /// `ko DIE`
    Ko { die: DieRef },
    /// `combat-ko DIE`: a knock-out by combat damage, whose cause "when this die KOs a
    /// character with combat damage" reads once it happens.
    CombatKo { die: DieRef },
    /// `damage DIE=N`
    Damage { die: DieRef, amount: Spanned<u32> },
    /// `boost DIE +1A +1D`: applied effects (stat modifiers, `double-attack`, `no-damage`,
    /// `must-attack` …).
    Boost {
        die: DieRef,
        modifiers: Vec<Spanned<Modifier>>,
    },
    /// `spin DIE L2`: spun to that level.
    Spin { die: DieRef, level: Spanned<u32> },
    /// `gain Ann=1`: life a player gains.
    Gain {
        player: Spanned<Text>,
        amount: Spanned<u32>,
    },
    /// `suit-up DIE`: not a change of the effect but what waits on it: Suit Up's bought
    /// die, in the used pile, moves to the field at level 2 once the held `ko` happens.
    SuitUp { die: DieRef },
}

/// The player written before a die or card (`Mike.` in `Mike.SK:L1`), boxed: it is
/// rarely written, and a small reference is cheap to move through the parser.
pub type PlayerName = Option<Box<Spanned<Text>>>;

/// A die named in a log: `Mike.SK:L1`, `SK:L1#2` (the second of several), `HT:L2[dmg=1]`
/// (with the state it is in).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DieRef {
    pub player: PlayerName,
    pub alias: Spanned<Text>,
    pub face: Option<Spanned<Face>>,
    /// `#N`: the N-th (from 1) of the dice the rest of the reference names, in the order
    /// they came to be where they are.
    pub ordinal: Option<Spanned<u32>>,
    /// The bracketed state: `[dmg=1,attacking]`.
    pub modifiers: Vec<Spanned<Modifier>>,
    pub span: Span,
}

/// A card named in a log: `Mike.SM`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardRef {
    pub player: PlayerName,
    pub alias: Spanned<Text>,
    pub span: Span,
}

/// A die in a list, with its repeat count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DieItem {
    pub die: DieRef,
    pub count: Option<Spanned<u32>>,
    pub span: Span,
}

impl DieItem {
    /// How many dice the item stands for (`x3` → 3, none → 1).
    pub fn times(&self) -> u32 {
        self.count.as_ref().map_or(1, |c| c.node)
    }
}

/// A die's state, written in brackets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Modifier {
    /// `dmg=N`: damage taken this turn.
    Damage(u32),
    Attacking,
    /// `blocking=DIE`: the attacker it blocks (a reference without brackets).
    Blocking(DieRef),
    /// `paired=DIE`: its Heroic partner (a reference without brackets).
    Paired(DieRef),
    /// `called-out=DIE`: the opposing die this attacker targeted with Call Out.
    CalledOut(DieRef),
    /// `captured-by=DIE`: on a die aside, the die that captured it (its owner's die in
    /// the field); without it the die was removed with no captor (Intimidate).
    CapturedBy(DieRef),
    /// An attacker that was blocked and whose blockers are all gone: still blocked.
    Blocked,
    /// Partly spent (spun down from a double face): it cannot be rerolled.
    Spent,
    /// `+1A`, `-2A`: an applied attack modifier, until the end of the turn.
    Attack(i32),
    /// `+1D`, `-1D`: an applied defense modifier, until the end of the turn.
    Defense(i32),
    /// Its attack is doubled (after the other modifiers), until the end of the turn.
    DoubleAttack,
    /// Its defense is doubled (after the other modifiers), until the end of the turn.
    DoubleDefense,
    /// It deals no combat damage this turn.
    NoDamage,
    /// It must attack this turn if able.
    MustAttack,
    /// It cannot attack this turn.
    CantAttack,
    /// It cannot block this turn.
    CantBlock,
    /// `must-block`, `must-block=DIE`: it must block this turn if able (that attacker,
    /// when one is named; a reference without brackets).
    MustBlock(Option<DieRef>),
    /// It deals double combat damage to the characters blocking it.
    DoubleDamageToBlockers,
    /// Its combat damage beyond its blockers' total defense goes to the opponent.
    ExcessToPlayer,
    /// It cannot be blocked this turn (Obscure, or an effect).
    Unblockable,
    /// `defense-is-attack`: its defense is its attack this turn (Archnemesis' global),
    /// the `+D`/`-D` beside it made since.
    DefenseIsAttack,
    /// `deadly-ko`: it was engaged with a die with Deadly this turn, and is knocked out
    /// at the end of the turn (the engagement itself may have ended since).
    DeadlyKo,
    /// `attack-damaged`: it took damage in this turn's attack step and has stayed in the
    /// field since (Red Hulk: Thunderbolt Ross reads it at the end of the turn, after the
    /// damage itself is cleared).
    AttackDamaged,
    /// `has-blocked`: it blocked this turn and has stayed in the field since, though the
    /// attacker it blocked is gone (Frag's "did not block this turn" reads it).
    HasBlocked,
    /// `fielded`: it was fielded this turn and has stayed in the field since (counted
    /// in its owner's `fielded` line).
    Fielded,
    /// `iron-will-spared=D`: Iron Will kept it in the field when its only damage this
    /// turn reached its defense, which was D.
    IronWillSpared(u32),
    /// `+overcrush`: an effect gave it the keyword, until the end of the turn.
    Has(Granted),
    /// `villain`: an effect gave it the Villain affiliation, until the end of the turn
    /// (Takedown's global).
    Villain,
    /// `copy=Bob.GR`: it copies that card's die stats for its level, until the end of
    /// the turn (Mystique: Unknown).
    Copy(CardRef),
}

/// A keyword an effect may give a die for the turn, as a `+KEYWORD` mark writes it: the
/// keywords the engine reads off a die where they act (cards/README.md, "Granting a
/// keyword").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Granted {
    Overcrush,
    Fast,
    IronWill,
    EnergyDrain,
    Deadly,
}

impl Granted {
    pub const ALL: [Granted; 5] = [
        Granted::Overcrush,
        Granted::Fast,
        Granted::IronWill,
        Granted::EnergyDrain,
        Granted::Deadly,
    ];

    /// The keyword's name in card files and marks (`iron-will`).
    pub fn name(self) -> &'static str {
        match self {
            Granted::Overcrush => "overcrush",
            Granted::Fast => "fast",
            Granted::IronWill => "iron-will",
            Granted::EnergyDrain => "energy-drain",
            Granted::Deadly => "deadly",
        }
    }
}

/// The face a die shows.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "face", rename_all = "snake_case")]
pub enum Face {
    /// A character face: `L2*`.
    Level { level: u8, bursts: u8 },
    /// An action face: `act`, `*`, `**`.
    Action { bursts: u8 },
    /// An energy face: `2fist`, `fist+bolt*`, `2gen`.
    Energy { parts: EnergyParts, bursts: u8 },
}

/// The symbols of an energy face, at most [`EnergyParts::MAX`], kept inline: a face is
/// parsed for nearly every die in a log, and a heap list per face was measurable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EnergyParts {
    len: u8,
    parts: [EnergyPart; EnergyParts::MAX],
}

impl EnergyParts {
    pub const MAX: usize = 4;

    /// `None` when there are more than [`EnergyParts::MAX`] symbols.
    pub fn from_slice(parts: &[EnergyPart]) -> Option<Self> {
        let filler = EnergyPart {
            count: 0,
            symbol: Energy::Generic,
        };
        let mut out = EnergyParts {
            len: 0,
            parts: [filler; Self::MAX],
        };
        for p in parts {
            out.push(*p)?;
        }
        Some(out)
    }

    /// Adds a symbol; `None` when the face is full.
    pub fn push(&mut self, part: EnergyPart) -> Option<()> {
        let slot = self.parts.get_mut(usize::from(self.len))?;
        *slot = part;
        self.len += 1;
        Some(())
    }

    pub fn as_slice(&self) -> &[EnergyPart] {
        &self.parts[..usize::from(self.len)]
    }
}

impl Serialize for EnergyParts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct EnergyPart {
    pub count: u8,
    pub symbol: Energy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Energy {
    Fist,
    Bolt,
    Mask,
    Shield,
    Wild,
    Generic,
}

/// One move, as the log states it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum Move {
    Draw {
        dice: Vec<DieItem>,
        to: Option<Spanned<Zone>>,
    },
    Refill,
    Roll {
        dice: Vec<DieItem>,
    },
    Reroll {
        dice: Vec<RerollItem>,
    },
    Buy {
        cards: Vec<Purchase>,
        payment: Payment,
    },
    Field {
        dice: Vec<DieItem>,
        payment: Option<Payment>,
    },
    Use {
        die: DieRef,
        clauses: Vec<Clause>,
    },
    Global {
        card: CardRef,
        clauses: Vec<Clause>,
    },
    Activate {
        die: DieRef,
        clauses: Vec<Clause>,
    },
    Resolve {
        die: DieRef,
        clauses: Vec<Clause>,
    },
    Pass,
    /// Empty for `attack none`.
    Attack {
        dice: Vec<DieItem>,
    },
    /// Empty for `block none`.
    Block {
        pairs: Vec<BlockPair>,
    },
    Assign {
        attacker: DieRef,
        shares: Vec<DamageShare>,
    },
    /// Combat damage now: the action window is over.
    Damage,
    Concede,
}

/// `SK:L1->bolt`: a die chosen for the reroll and the face it came up with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RerollItem {
    pub die: DieRef,
    pub result: Spanned<Face>,
}

/// A card bought, possibly several dice of it (`FB x2`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Purchase {
    pub card: CardRef,
    pub count: Option<Spanned<u32>>,
}

/// `pay …`: the dice and virtual energy offered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Payment {
    pub items: Vec<PaymentItem>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "item", rename_all = "snake_case")]
pub enum PaymentItem {
    /// `virtual 2`
    Virtual { amount: Spanned<u32> },
    /// `2 life`: life paid for an ability's cost.
    Life { amount: Spanned<u32> },
    /// `XX:2fist->fist x2`: a die, and the face it is spun down to if only part was spent;
    /// for a cost beyond energy, a die given up (`SK:L1`), or spun down (`FA:L2->L1`).
    Die {
        die: DieRef,
        spun_to: Option<Spanned<Face>>,
        count: Option<Spanned<u32>>,
    },
}

/// `SK:L1 -> HT:L2`: a blocker and the attacker it blocks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BlockPair {
    pub blocker: DieRef,
    pub attacker: DieRef,
}

/// `SK:L1=2`: damage an attacker assigns to one of its blockers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DamageShare {
    pub blocker: DieRef,
    pub amount: Spanned<u32>,
}

/// The payment, targets and choices attached to an ability's use.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "clause", rename_all = "snake_case")]
pub enum Clause {
    Pay(Payment),
    Target {
        targets: Vec<DieRef>,
        span: Span,
    },
    Choose {
        words: Vec<Spanned<Text>>,
        span: Span,
    },
    Order {
        dice: Vec<DieRef>,
        span: Span,
    },
    May {
        yes: Spanned<bool>,
    },
    Roll {
        dice: Vec<DieItem>,
        span: Span,
    },
    Draw {
        dice: Vec<DieItem>,
        span: Span,
    },
    Prevent {
        amount: Spanned<u32>,
    },
    Redirect {
        target: DieRef,
    },
    To {
        zone: Spanned<Zone>,
    },
}

/// A `#~` annotation read as `dmlint test` reads it (the engine never does).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "annotation", rename_all = "snake_case")]
pub enum Annotation {
    /// `source: …`, `summary: …`, `pending: …` or `cards: …`: a fact about the whole
    /// fixture.
    Meta {
        key: Spanned<MetaKey>,
        value: Spanned<Text>,
    },
    /// What must hold on the annotation's line, in order.
    Expectations(Vec<Spanned<Expectation>>),
}

/// The kinds of fixture metadata.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MetaKey {
    Source,
    Summary,
    Pending,
    /// A card file, beside the fixture, that adds cards the pool lacks.
    Cards,
}

/// One expectation on a line.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "expect", rename_all = "snake_case")]
pub enum Expectation {
    /// `ok`: the line is replayed and accepted.
    Ok,
    /// The line gets exactly these diagnostics.
    Codes(Vec<Spanned<Text>>),
    /// After the line, the state holds this.
    State(StateLine),
}
