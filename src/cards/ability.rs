//! The ability language: the serde types that *are* the `abilities` of the card YAML
//! (cards/README.md, "Abilities").
//!
//! A card's text is data: one [`Ability`] per paragraph of the card, each a kind (static,
//! triggered, activated, global, action die, keyword), the moment it fires, its cost and
//! the effects it has, with burst variants that add to or replace them. `build.rs`
//! includes this file too, so it uses nothing but serde and std; every struct denies
//! unknown fields, and every enum is externally tagged (postcard, which stores the
//! compiled pool, cannot read internally tagged or untagged enums).

use serde::{Deserialize, Serialize};

use super::model::EnergyType;

/// One ability of a card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    pub kind: Kind,
    /// For `kind: keyword`: which keyword.
    #[serde(default)]
    pub keyword: Option<Keyword>,
    /// When the ability is on: while one of the card's dice is active, attacking …
    /// (`while` in YAML). Absent: always (a global, an action die, a "when fielded").
    #[serde(default, rename = "while")]
    pub while_: Option<While>,
    /// What fires a triggered ability.
    #[serde(default)]
    pub when: Option<Trigger>,
    /// A condition checked when the ability would apply ("if your opponent has no
    /// Villains in the field").
    #[serde(default, rename = "if")]
    pub if_: Option<Condition>,
    /// How often: a global's unlimited / limited / reactive use, "once per turn",
    /// "the first time … each turn".
    #[serde(default)]
    pub limit: Limit,
    /// "You may": the controller chooses whether it happens.
    #[serde(default)]
    pub may: bool,
    /// What must be paid, in full, for the effects to happen.
    #[serde(default)]
    pub cost: Vec<Cost>,
    /// A cost the opposing player may pay to stop the effects (Punisher: McRook's KO, for
    /// 2 of their life): paid from their own dice and life, as `cost` is from the
    /// controller's.
    #[serde(default)]
    pub unless: Vec<Cost>,
    /// The effects, in the order they happen (`do` in YAML).
    #[serde(default, rename = "do")]
    pub effects: Vec<Effect>,
    /// Burst variants: the effects of a die showing `*` or `**`.
    #[serde(default)]
    pub bursts: Vec<Burst>,
    /// The effects an action die or a global has when its `if:` does not hold
    /// ("Otherwise, …"; `else` in YAML).
    #[serde(default, rename = "else")]
    pub otherwise: Vec<Effect>,
    /// Whose turn a global may be used in: `yours`, its user's own ("once per turn,
    /// during your turn"). Absent: either player's.
    #[serde(default)]
    pub turn: Option<TurnOf>,
}

/// Whose turn an ability may be used in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TurnOf {
    /// The turn of the player using it.
    Yours,
}

impl Ability {
    /// Why the ability means nothing the game can do, if it does not: a `when:` belongs to
    /// a triggered ability or a reactive global, a reactive global answers one of the
    /// events a global can answer ([`Event::answerable`]), and only a global is reactive
    /// (Avengers Infinity rulebook, MORE ABOUT GLOBAL ABILITIES); a limit fits its kind;
    /// an event's `of:` is one it can be about; a `while:` needs a die whose condition it
    /// is; "this die" and "the die it is about" need a die and an event. `cards --check`
    /// refuses such an ability rather than let the engine guess.
    pub fn problem(&self) -> Option<String> {
        let reactive = self.limit == Limit::Reactive;
        let when = match (self.kind, &self.when) {
            (Kind::Global, Some(_)) if !reactive => Some(
                "a global with `when:` must be `limit: reactive`: only a reactive global answers an event"
                    .into(),
            ),
            (Kind::Global, None) if reactive => {
                Some("a reactive global needs `when:`, the event it answers".into())
            }
            (Kind::Global, Some(w)) if !w.event.answerable() => Some(format!(
                "a reactive global cannot answer `{}`: it answers {}",
                w.event.name(),
                Event::ANSWERABLE
                    .iter()
                    .map(|e| format!("`{}`", e.name()))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            (Kind::Triggered | Kind::Global, _) => None,
            (_, Some(_)) => Some("only a triggered ability or a reactive global has `when:`".into()),
            (_, None) if reactive => Some("only a global is `limit: reactive`".into()),
            _ => None,
        };
        when.or_else(|| self.limit_problem())
            .or_else(|| {
                let w = self.when.as_ref()?;
                (!w.event.can_be_about(w.of)).then(|| {
                    format!(
                        "`{}` cannot be about `of: {}`: {}",
                        w.event.name(),
                        w.of.name(),
                        w.event.subjects()
                    )
                })
            })
            .or_else(|| {
                let w = self.when.as_ref()?;
                (self.kind == Kind::Global
                    && matches!(w.of, Subject::Partner | Subject::ThisOrPartner))
                    .then(|| {
                        "a global has no die of its own, so no partner: `of: partner` and \
                         `this-or-partner` are a die's triggers"
                            .into()
                    })
            })
            .or_else(|| {
                let fits = matches!(self.kind, Kind::Static | Kind::Triggered | Kind::Activated);
                (self.while_.is_some() && !fits).then(|| {
                    "only a static, triggered or activated ability has `while:`: a global, an action \
                     or a keyword has no die whose condition it would be"
                        .into()
                })
            })
            .or_else(|| {
                let w = self.when.as_ref()?;
                (w.filter.is_some() && !w.event.may_be_about_a_die(w.of)).then(|| {
                    format!(
                        "`filter:` names the die an event is about, and `{}` of `{}` is about no die",
                        w.event.name(),
                        w.of.name()
                    )
                })
            })
            .or_else(|| self.if_.as_ref().and_then(Condition::problem))
            .or_else(|| {
                let plain = matches!(self.kind, Kind::Action | Kind::Global);
                let fits = self.otherwise.is_empty() || (plain && self.if_.is_some());
                (!fits).then(|| {
                    "only an action die or a global with an `if:` has `else:`, the effects \
                     it has when the condition does not hold"
                        .into()
                })
            })
            .or_else(|| {
                // Read wherever text is read: a condition would read text itself.
                let ignores = self
                    .effects
                    .iter()
                    .any(|e| matches!(e, Effect::IgnoreText { .. }));
                (ignores && self.kind == Kind::Static && self.if_.is_some()).then(|| {
                    "a static that ignores text has no `if:`: `while:` only".into()
                })
            })
            .or_else(|| {
                // Text is card text: the cards are named by what they are.
                let by_die = |s: &Selector| {
                    s.level.is_some()
                        || s.max_level.is_some()
                        || s.min_level.is_some()
                        || s.own_level.is_some()
                        || s.zone.is_some()
                        || !s.zones.is_empty()
                        || s.state.is_some()
                        || s.reads_stats()
                        || s.fielding.is_some()
                        || s.keyword.is_some()
                        || s.not_keyword.is_some()
                        || s.other
                        || s.already
                        || s.not_payment
                };
                let bad = self
                    .effects
                    .iter()
                    .chain(self.bursts.iter().flat_map(|b| b.effects.iter()))
                    .any(|e| {
                        matches!(e, Effect::IgnoreText { to, .. }
                            if to.count == Count::Each && !to.target && by_die(to))
                    });
                bad.then(|| {
                    "`ignore-text` names cards by what they are (kind, side, affiliation, \
                     energy, cost, title): not by what their dice show or where they are"
                        .into()
                })
            })
            .or_else(|| {
                // Read among the dice an effect may reach (`effects::run::candidates`).
                let lowest = |s: &&Selector| s.lowest_cost;
                let in_static = self.kind == Kind::Static
                    && self.effects.iter().flat_map(Effect::selectors).any(|s| lowest(&s));
                let in_if = self
                    .if_
                    .as_ref()
                    .is_some_and(|c| c.selectors().iter().any(lowest));
                (in_static || in_if).then(|| {
                    "`lowest_cost` is read where an effect reaches dice: not in a static or an \
                     `if:`"
                        .into()
                })
            })
            .or_else(|| {
                (self.turn.is_some() && self.kind != Kind::Global).then(|| {
                    "only a global has `turn:`: the turn its user may use it in".into()
                })
            })
            .or_else(|| {
                // A static read as stats are read may count dice by their defense only
                // in an attack bonus's `per` (`select::defense` leaves such a bonus out):
                // anything else would read its own result.
                let attack = |p: &Selector| p.max_attack.is_some() || p.min_attack.is_some();
                let loops = self
                    .effects
                    .iter()
                    .chain(self.bursts.iter().flat_map(|b| b.effects.iter()))
                    .any(|e| match e {
                        Effect::Boost {
                            to, defense: 0, per, ..
                        } => to.reads_stats() || per.as_ref().is_some_and(attack),
                        e => e.selectors().into_iter().any(Selector::reads_stats),
                    })
                    || self
                        .if_
                        .as_ref()
                        .is_some_and(|c| c.selectors().into_iter().any(Selector::reads_stats));
                (self.kind == Kind::Static && loops).then(|| {
                    "a static ability names dice by their attack or defense only in the \
                     `per:` of an attack bonus, and by their defense (`max_defense`, \
                     `min_defense`): anywhere else it would read its own result"
                        .into()
                })
            })
            .or_else(|| self.selector_problem())
            .or_else(|| {
                let acts = !matches!(self.kind, Kind::Static | Kind::Keyword);
                (!self.unless.is_empty() && !acts).then(|| {
                    "only an ability that happens (a trigger, an action, a global, an activated \
                     ability) has `unless:`: a static or a keyword has no moment to answer"
                        .into()
                })
            })
    }

    /// A limit the ability's kind cannot have: "limited" is a global's, a die's "once per
    /// turn" a die ability's, and an action die, a static ability or a keyword has none.
    fn limit_problem(&self) -> Option<String> {
        let fits = match self.kind {
            Kind::Global => matches!(
                self.limit,
                Limit::Unlimited
                    | Limit::Limited
                    | Limit::OncePerTurn
                    | Limit::OnceOnYourTurn
                    | Limit::Reactive
            ),
            Kind::Triggered => matches!(
                self.limit,
                Limit::Unlimited
                    | Limit::OncePerTurn
                    | Limit::OncePerTurnPerDie
                    | Limit::FirstEachTurn
            ),
            Kind::Activated => matches!(
                self.limit,
                Limit::Unlimited | Limit::OncePerTurn | Limit::OncePerTurnPerDie
            ),
            Kind::Action | Kind::Static | Kind::Keyword => self.limit == Limit::Unlimited,
        };
        (!fits).then(|| {
            format!(
                "this kind of ability cannot be `limit: {}`: a global may be limited, \
                 once-per-turn, once-on-your-turn or reactive; a triggered ability once-per-turn, \
                 once-per-turn-per-die or first-each-turn; an activated one once-per-turn or \
                 once-per-turn-per-die; the others have no limit",
                self.limit.name()
            )
        })
    }

    /// "This die" in an ability that belongs to no die (a global, an action die's
    /// effect), or "the die it is about" in one that answers no event about a die.
    fn selector_problem(&self) -> Option<String> {
        let no_die = matches!(self.kind, Kind::Global | Kind::Action);
        let no_event = match (&self.when, self.kind) {
            (Some(w), Kind::Triggered) => !w.event.may_be_about_a_die(w.of),
            _ => true,
        };
        let effects = self
            .effects
            .iter()
            .chain(self.bursts.iter().flat_map(|b| b.effects.iter()))
            .chain(self.otherwise.iter());
        let effects: Vec<&Effect> = effects.collect();
        if let Some(p) = effects
            .iter()
            .find_map(|e| e.per_problem(self.kind).or_else(|| e.shape_problem()))
        {
            return Some(p);
        }
        for sel in effects.into_iter().flat_map(Effect::selectors) {
            if no_die && sel.what == What::This {
                return Some(
                    "`what: this` is a die's own ability; a global or an action die has no die \
                     of its own in the field (`this-card` names the card's dice)"
                        .into(),
                );
            }
            if no_die && (sel.what == What::Partner || sel.or_what == Some(What::Partner)) {
                return Some(
                    "`partner` is the Heroic partner of the ability's own die; a global or an \
                     action die has no die of its own in the field"
                        .into(),
                );
            }
            if no_event && sel.what == What::It {
                return Some(
                    "`what: it` is the die a triggered ability's event is about; this ability \
                     answers no event about a die"
                        .into(),
                );
            }
        }
        None
    }
}

/// What kind of ability a paragraph of card text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Always on while its condition holds ("while active, …").
    Static,
    /// Fires on an event ("when fielded", "when Hulk takes damage").
    Triggered,
    /// Used by the controller of a fielded die whenever a global could be.
    Activated,
    /// A global ability: either player, for its cost.
    Global,
    /// What an action die does when used (its base text, at `act`).
    Action,
    /// A keyword from the glossaries (Fast, Overcrush …).
    Keyword,
}

/// The glossary keywords.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Keyword {
    /// Counts as a sidekick while in the field.
    Ally,
    /// An action that stays in the field, used when it is fielded.
    Continuous,
    /// Deals combat damage before other characters.
    Fast,
    /// Cannot be knocked out unless damaged earlier this turn.
    IronWill,
    /// Leftover combat damage of a blocked attacker goes to the opponent.
    Overcrush,
    /// May pair up with another Heroic character when fielded.
    Heroic,
    /// May replace a fielded character with one of these names at level 2 when bought.
    SuitUp { names: Vec<String> },
    // Combat keywords of the 2017 keyword list (keywords-2017-11-09.txt), by its line.
    /// Characters engaged with it are knocked out at the end of the turn (line 28).
    Deadly,
    /// Once blockers are declared, each character engaged with it spins down one level,
    /// not below level 1 (line 29).
    EnergyDrain,
    /// Attacking, when its combat damage knocks out a blocker it deals half its attack
    /// (rounded down) to another opposing character, once (line 22).
    Cleave,
    /// Attacking and unblocked, it may leave combat to deal 1 damage to the opponent
    /// instead of its combat damage, and stay in the field (line 47).
    Infiltrate,
    /// Knocked out, it is rolled: on a character face it returns to the field on that
    /// face, otherwise it stays in the prep area (line 51).
    Regenerate,
    /// Fielded, it removes a target (opposing, by the cards' reminders) character die
    /// from the field until the end of the turn (line 48).
    Intimidate,
    /// Attacking, it targets an opposing character, which may block only it and is the
    /// only one that may block it (line 20).
    CallOut,
    /// Breath Weapon X: attacking, its controller may pay X energy to deal X damage to
    /// the opponent and to each of their characters, once per card a turn (line 18).
    BreathWeapon(u32),
    /// While a die of the card is active, each die of it drawn in the clear and draw step
    /// makes its owner draw one more die (line 60).
    Swarm,
    /// At the end of its controller's turn in which they knocked out an opposing Monster,
    /// the card, while active, gains an Experience token: each of its dice gets +1A/+1D
    /// per token (line 33).
    Experience,
    // Keywords the cards' reminder text defines (in neither list; DiceFight2026's cards).
    /// Range N: attacking, every active character of its controller with Range deals its
    /// Range value to one target opposing character die (BFU006's reminder).
    Range(u32),
    /// While it is the only character die its controller fielded this turn, it gets
    /// +2A/+2D and Overcrush (JUS001's reminder; DOOM004's words it otherwise).
    Strike,
    /// As its controller uses an action die, it cannot be blocked until the end of the
    /// turn (TIW025's reminder).
    Obscure,
    /// When a character of its controller that shares an affiliation with it is knocked
    /// out, it deals 1 damage to the opponent (line 53).
    Retaliation,
    /// Once blockers are declared, its controller may move it from the field to the
    /// prep area to give a target Superstar die +2A/+2D until the end of the turn
    /// (BIT021's reminder).
    TagOut,
    /// While a die of it is in the field, each time its controller uses an action die
    /// it deals 1 damage to a target player or character die, once per card (line 14).
    Attune,
    /// Each time its controller uses an action die, its dice in the field spin up one
    /// level (AI046's reminder).
    Amplify,
    /// A mark with no rule of its own: other cards name the dice that have it ("when you
    /// field a character die with Founder", Dark Phoenix Saga).
    Founder,
    /// Except when bought, a die of it that would go to the used pile goes to its
    /// owner's bag instead (BIT014's reminder).
    Immortal,
    /// While active, its player's other Teenage Mutant Ninja Turtle character dice cost
    /// 1 less to buy for each such active character (line 65; HHS001's reminder).
    TurtlePower,
    /// Attacking, when its combat damage knocks out one or more of its blockers, it deals
    /// 1 damage to each opposing character die that did not block this turn (BFU009's
    /// reminder).
    Frag,
}

/// When a static or triggered ability is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum While {
    /// One or more of the card's dice are in the field.
    Active,
    /// The die is attacking.
    Attacking,
    /// The die is blocking.
    Blocking,
    /// The die is paired up (Heroic).
    Paired,
    /// The die is in the field, during an attack step.
    AttackStep,
}

/// What fires a triggered ability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trigger {
    pub event: Event,
    /// Whose event: this die (default), you, this die or you, any character …
    #[serde(default)]
    pub of: Subject,
    /// Only in this step ("takes damage in the attack step").
    #[serde(default)]
    pub step: Option<StepName>,
    /// Only when the die the event is about is one this selector names, wherever it is
    /// then ("when one of your [Shield] characters damages your opponent": `of:
    /// your-character, filter: {what: character, energy: shield}`).
    #[serde(default)]
    pub filter: Option<Selector>,
}

/// The events abilities wait for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Event {
    /// A die is fielded (from the reserve pool: not returning from the attack zone).
    Fielded,
    /// A die is assigned to attack.
    Attacks,
    /// A die is assigned to block.
    Blocks,
    /// An attacker is blocked.
    IsBlocked,
    /// A die becomes engaged (blocks or is blocked).
    Engaged,
    /// Blockers have been assigned (once per attack step).
    BlockersAssigned,
    /// Damage is dealt to the subject (even damage that knocks it out).
    TakesDamage,
    /// The subject is knocked out (`KoWhileBlocking`: while it blocks).
    KnockedOut,
    KnockedOutWhileBlocking,
    /// The subject deals damage to the opponent.
    DamagesOpponent,
    /// The subject (a player) deals damage with an action die or a global ability. The
    /// extra damage of a reactive global that answers it is not a new event: it
    /// increases the damage answered (rules reference, Use Actions and Global
    /// Abilities, rulings [7] and [8]).
    DealsEffectDamage,
    /// The start of a turn (before the clear and draw step), its end (in the cleanup
    /// step, once the effects "until the end of the turn" have ended), the start of the
    /// attack step (as attackers are declared): about the active player.
    TurnStart,
    TurnEnd,
    AttackStepStart,
    /// A player draws dice from their bag: the clear and draw step's whole draw, one
    /// event however many lines and refills it takes; or an effect's draw.
    Draws,
    /// A player uses an action die (a `use` line), whatever it does: "when you use an
    /// action die" (Attune, Amplify).
    UsesAction,
    /// A player is attacked: the opponent declares attackers ("when you are attacked",
    /// Marvel Girl: Humanity), in one batch with the attackers' own triggers; `of:
    /// this` fires for each of the card's dice in the field when its owner is.
    Attacked,
    /// A die is rolled (or rerolled) by its owner and shows a face of two energy
    /// symbols: "whenever you roll this die on its double energy face" (Energize, the
    /// Uncanny X-Force cards' reminder, XFO007).
    RollsDoubleEnergy,
    /// An ability or effect is about to affect the subject (for "prevent … from being
    /// affected" reactions).
    WouldBeAffected,
    /// The subject is about to be knocked out ("when Arnim Zola would be KO'd, you may
    /// pay 1 to …"): a replacement, answered before the knock-out happens.
    WouldBeKnockedOut,
    /// The subject spins up one or more levels: once per die, however many levels
    /// (Awaken, keywords-2017-11-09.txt:15).
    SpinsUp,
    /// The subject leaves the field because of its owner's opponent: their character's
    /// combat damage, their ability (damage, a knock-out, a die moved, rerolled into the
    /// reserve pool, set aside) (Aftershock, keywords-2017-11-09.txt:9).
    LeavesFieldByOpponent,
    /// The subject is purchased (Impulse, keywords-2017-11-09.txt:45): a die bought,
    /// in its buyer's used pile.
    Bought,
    /// The subject began the turn in its owner's prep area and is rolled in the roll step
    /// (Back for More, keywords-2017-11-09.txt:16; mandatory).
    RolledFromPrep,
    /// The subject is bought, paid for with energy of its card's types only (Crosspulse,
    /// keywords-2017-11-09.txt:27: "when you only spend the matching type of energy").
    BoughtWithItsEnergy,
    /// The card's controller fields a character die of another card that shares an
    /// affiliation with it, while a die of it was already in the field (Teamwatch,
    /// keywords-2017-11-09.txt:62): once for the card, about the die fielded (`of: you`).
    TeammateFielded,
    /// The subject's combat damage knocks out a character die ("when War Machine KOs an
    /// opposing character die with combat damage"): once for each die it knocks out,
    /// with that knock-out's own triggers (`engine::effects::knocks_out`).
    KosWithCombatDamage,
    /// The end of the attack step: combat damage dealt and its effects resolved, the
    /// survivors still engaged and their damage not yet cleared ("at the end of the
    /// attack step", Nightcrawler: Abandoned; `engine::effects::attack_step_end`).
    AttackStepEnd,
}

impl Event {
    /// The events a reactive global may answer: those that happen to a die or a player.
    /// The moments of the game (the start and end of a turn or of the attack step, a
    /// draw) and "would be affected" are not among them: no global answers them.
    pub const ANSWERABLE: &'static [Event] = &[
        Event::Fielded,
        Event::Attacks,
        Event::Blocks,
        Event::IsBlocked,
        Event::TakesDamage,
        Event::KnockedOut,
        Event::DamagesOpponent,
        Event::DealsEffectDamage,
    ];

    /// Whether a reactive global may answer this event.
    pub fn answerable(self) -> bool {
        Event::ANSWERABLE.contains(&self)
    }

    /// The event's name in card files and position lines (`takes-damage`).
    pub fn name(self) -> &'static str {
        match self {
            Event::Fielded => "fielded",
            Event::Attacks => "attacks",
            Event::Blocks => "blocks",
            Event::IsBlocked => "is-blocked",
            Event::Engaged => "engaged",
            Event::BlockersAssigned => "blockers-assigned",
            Event::TakesDamage => "takes-damage",
            Event::KnockedOut => "knocked-out",
            Event::KnockedOutWhileBlocking => "knocked-out-while-blocking",
            Event::DamagesOpponent => "damages-opponent",
            Event::DealsEffectDamage => "deals-effect-damage",
            Event::TurnStart => "turn-start",
            Event::TurnEnd => "turn-end",
            Event::AttackStepStart => "attack-step-start",
            Event::Draws => "draws",
            Event::UsesAction => "uses-action",
            Event::Attacked => "attacked",
            Event::RollsDoubleEnergy => "rolls-double-energy",
            Event::WouldBeAffected => "would-be-affected",
            Event::WouldBeKnockedOut => "would-be-knocked-out",
            Event::SpinsUp => "spins-up",
            Event::LeavesFieldByOpponent => "leaves-field-by-opponent",
            Event::Bought => "bought",
            Event::TeammateFielded => "teammate-fielded",
            Event::BoughtWithItsEnergy => "bought-with-its-energy",
            Event::RolledFromPrep => "rolled-from-prep",
            Event::KosWithCombatDamage => "kos-with-combat-damage",
            Event::AttackStepEnd => "attack-step-end",
        }
    }

    /// Every event, for the name lookup and the coverage test.
    pub const ALL: &'static [Event] = &[
        Event::Fielded,
        Event::Attacks,
        Event::Blocks,
        Event::IsBlocked,
        Event::Engaged,
        Event::BlockersAssigned,
        Event::TakesDamage,
        Event::KnockedOut,
        Event::KnockedOutWhileBlocking,
        Event::DamagesOpponent,
        Event::DealsEffectDamage,
        Event::TurnStart,
        Event::TurnEnd,
        Event::AttackStepStart,
        Event::Draws,
        Event::UsesAction,
        Event::Attacked,
        Event::RollsDoubleEnergy,
        Event::WouldBeAffected,
        Event::WouldBeKnockedOut,
        Event::SpinsUp,
        Event::LeavesFieldByOpponent,
        Event::Bought,
        Event::TeammateFielded,
        Event::BoughtWithItsEnergy,
        Event::RolledFromPrep,
        Event::KosWithCombatDamage,
        Event::AttackStepEnd,
    ];

    /// Whether the event may be about `of`: a player deals effect damage, no die does;
    /// blockers being assigned is about no die or player, so it is read per die of the
    /// card in the field (`of: this`) only.
    pub fn can_be_about(self, of: Subject) -> bool {
        match self {
            Event::DealsEffectDamage => {
                matches!(of, Subject::You | Subject::ThisOrYou | Subject::Opponent)
            }
            Event::BlockersAssigned => of == Subject::This,
            // The card's controller fields it, once for the card.
            Event::TeammateFielded => of == Subject::You,
            _ if self.is_moment() => {
                matches!(of, Subject::This | Subject::You | Subject::Opponent)
            }
            _ => true,
        }
    }

    /// Whether the event is a moment of the game, about the player whose turn, attack
    /// step, draw or action die it is, rather than about a die: the start or end of a
    /// turn, the start or end of the attack step, a draw, the use of an action die.
    pub fn is_moment(self) -> bool {
        matches!(
            self,
            Event::TurnStart
                | Event::TurnEnd
                | Event::AttackStepStart
                | Event::Draws
                | Event::UsesAction
                | Event::Attacked
                | Event::AttackStepEnd
        )
    }

    /// Whether the event, for `of`, may be about a die (the die `what: it` names): not a
    /// moment of the whole game, not blockers being assigned, not a player's event.
    pub fn may_be_about_a_die(self, of: Subject) -> bool {
        match self {
            Event::TurnStart
            | Event::TurnEnd
            | Event::AttackStepStart
            | Event::Draws
            | Event::UsesAction
            | Event::Attacked
            | Event::BlockersAssigned
            | Event::DealsEffectDamage
            | Event::AttackStepEnd => false,
            _ => !(self.about_player() && matches!(of, Subject::You | Subject::Opponent)),
        }
    }

    /// What [`Event::can_be_about`] allows, in words.
    pub fn subjects(self) -> &'static str {
        match self {
            Event::DealsEffectDamage => "a player deals it: `of: you`, `this-or-you` or `opponent`",
            Event::BlockersAssigned => {
                "it happens to each of the card's dice in the field: `of: this`"
            }
            Event::TeammateFielded => "its card's controller fields the die: `of: you`",
            _ if self.is_moment() => {
                "it is a player's (`of: you`, `of: opponent`), or each of the card's dice \
                 in the field meets it, whoever's it is (`of: this`)"
            }
            _ => "any subject",
        }
    }

    /// Whether the event is about a player when it is about anyone at all ("you take
    /// damage"), so that `of: you` and `of: opponent` name the player, not their dice.
    pub fn about_player(self) -> bool {
        self.is_moment()
            || matches!(
                self,
                Event::TakesDamage | Event::DealsEffectDamage | Event::WouldBeAffected
            )
    }

    /// The event of a name, as [`Event::name`] writes it.
    pub fn from_name(name: &str) -> Option<Event> {
        Event::ALL.iter().copied().find(|e| e.name() == name)
    }
}

/// Whose event fires a trigger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Subject {
    /// One of this card's dice.
    #[default]
    This,
    /// The card's controller (a player).
    You,
    /// This die, or its controller ("when either you or Hulk takes damage").
    ThisOrYou,
    /// This die's Heroic partner ("when his partner attacks"): for each of the card's
    /// dice, an event about the die it is paired with (`keywords::heroic`).
    Partner,
    /// This die or its partner ("when he or his partner attacks"): one event that hits
    /// both fires it once for the die.
    ThisOrPartner,
    /// Any character of yours.
    YourCharacter,
    /// Any character.
    AnyCharacter,
    /// The opponent.
    Opponent,
}

impl Subject {
    /// The subject's name in card files (`this-or-you`).
    pub fn name(self) -> &'static str {
        match self {
            Subject::This => "this",
            Subject::You => "you",
            Subject::ThisOrYou => "this-or-you",
            Subject::Partner => "partner",
            Subject::ThisOrPartner => "this-or-partner",
            Subject::YourCharacter => "your-character",
            Subject::AnyCharacter => "any-character",
            Subject::Opponent => "opponent",
        }
    }
}

/// A step a trigger may be limited to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepName {
    Main,
    Attack,
}

/// A condition on the state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Condition {
    /// No die matches ("if your opponent has no Villains in the field").
    NoneMatch(Selector),
    /// Some die matches.
    SomeMatch(Selector),
    /// Two amounts compared ("if your opponent has more life than you": `{compare:
    /// {left: {life: opponent}, is: more, right: {life: you}}}`).
    Compare {
        left: Amount,
        is: Comparison,
        right: Amount,
    },
    /// It is the card's controller's turn ("at the end of your turn", read for each of
    /// the card's dice: `when: {event: turn-end}, if: your-turn`).
    YourTurn,
    /// Underdog: the card's side has fewer character dice in the field than the opponent
    /// (`if: underdog`; keywords-2017-11-09.txt:66, "fewer character dice fielded than
    /// your opponent"; the reminders say "your opponent has more character dice in their
    /// Field Zone than you do"). Read wherever an `if:` is (`engine::condition`).
    Underdog,
    /// Resistance: a character die of the card's side was knocked out this turn (`if:
    /// resistance`; keywords-2017-11-09.txt:52), whatever knocked it out and wherever it
    /// is now.
    Resistance,
    /// The condition does not hold ("if none of your dice were KO'd this turn": `{not:
    /// resistance}`).
    Not(Box<Condition>),
    /// A card on the team of the selector's side matches it, read off the card as a
    /// purchase is (kind, energy, affiliation, title, cost): "if your opponent has an
    /// [X-Men] character on their team" is `{team-has: {what: character, side: opposing,
    /// affiliation: X-Men}}`, whether or not any of its dice are in play.
    TeamHas(Selector),
}

/// An amount a condition compares.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Amount {
    /// A number printed on the card.
    Number(u8),
    /// A player's life: `you` (the card's side) or `opponent`.
    Life(Player),
    /// How many dice the selector reaches, whatever its count says ("the number of
    /// characters you have in the field"). Boxed, like `Level`'s, so that a
    /// condition stays small beside the selectors of the other conditions.
    Count(Box<Selector>),
    /// The level of the die the selector names: `this` die, or `it`, the die the event
    /// is about (`cards --check` refuses any other); 0 when it shows no level.
    Level(Box<Selector>),
}

/// A player, seen from the card's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Player {
    You,
    Opponent,
}

/// How a condition compares its left amount with its right one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Comparison {
    Less,
    AtMost,
    Equal,
    AtLeast,
    More,
}

impl Comparison {
    /// Whether `left` compares so with `right`.
    pub fn holds(self, left: i64, right: i64) -> bool {
        match self {
            Comparison::Less => left < right,
            Comparison::AtMost => left <= right,
            Comparison::Equal => left == right,
            Comparison::AtLeast => left >= right,
            Comparison::More => left > right,
        }
    }
}

impl Condition {
    /// The selectors the condition reads.
    pub fn selectors(&self) -> Vec<&Selector> {
        match self {
            Condition::NoneMatch(s) | Condition::SomeMatch(s) | Condition::TeamHas(s) => vec![s],
            Condition::YourTurn => Vec::new(),
            Condition::Compare { left, right, .. } => [left, right]
                .into_iter()
                .filter_map(|a| match a {
                    Amount::Count(s) | Amount::Level(s) => Some(&**s),
                    Amount::Number(_) | Amount::Life(_) => None,
                })
                .collect(),
            Condition::Underdog | Condition::Resistance => Vec::new(),
            Condition::Not(c) => c.selectors(),
        }
    }

    /// A level read off anything but one die (`this`, `it`): which die's would be a guess.
    fn problem(&self) -> Option<String> {
        if let Condition::Not(c) = self {
            return c.problem();
        }
        let Condition::Compare { left, right, .. } = self else {
            return None;
        };
        [left, right].into_iter().find_map(|a| match a {
            Amount::Level(s) if !matches!(s.what, What::This | What::It) => Some(
                "a condition compares the level of one die: `level: {what: this}` or `{what: it}`"
                    .to_string(),
            ),
            _ => None,
        })
    }
}

/// How often an ability may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limit {
    /// As often as it is paid for (a global's default: unlimited).
    #[default]
    Unlimited,
    /// A limited global: once per turn per player.
    Limited,
    /// A reactive global: once per event it reacts to.
    Reactive,
    /// Once per turn (per card).
    OncePerTurn,
    /// Once per turn for each die of the card.
    OncePerTurnPerDie,
    /// Only the first time its event happens each turn (per card, not per die).
    FirstEachTurn,
    /// A limited global usable only during its user's own turn, once ("once during
    /// your turn": Silver Surfer: Silverado).
    OnceOnYourTurn,
}

impl Limit {
    /// The limit's name in card files (`once-per-turn`).
    pub fn name(self) -> &'static str {
        match self {
            Limit::Unlimited => "unlimited",
            Limit::Limited => "limited",
            Limit::Reactive => "reactive",
            Limit::OncePerTurn => "once-per-turn",
            Limit::OncePerTurnPerDie => "once-per-turn-per-die",
            Limit::FirstEachTurn => "first-each-turn",
            Limit::OnceOnYourTurn => "once-on-your-turn",
        }
    }
}

/// A cost beyond the ability's energy, to be paid in full.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Cost {
    /// Energy: `[fist]`, `[mask, mask]`, `[generic]`.
    Energy(Vec<EnergySymbol>),
    /// Spin a die of yours down one level each (`pay FA:L2->L1`).
    SpinDown(Selector),
    /// Knock out a die of yours (`pay SK:L1`).
    Ko(Selector),
    /// Move a die of yours to a zone (`pay SK:L1 to used`).
    Move { what: Selector, zone: ZoneName },
    /// Lose life (`pay 2 life`).
    Life(u8),
    /// Energy, as much of it as the payer chooses, none to all ("pay up to
    /// [Bolt][Bolt]": `up-to: [bolt, bolt]`); an effect may count it (`per_paid`).
    UpTo(Vec<EnergySymbol>),
    /// Take damage, as its payer (Silver Surfer: Silverado's "take 2 damage"): damage to
    /// the player, not life paid, so "when you take damage" sees it; nothing to write.
    Damage(u8),
}

/// An energy symbol a cost names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EnergySymbol {
    Fist,
    Bolt,
    Mask,
    Shield,
    /// Any energy.
    Generic,
}

impl EnergySymbol {
    /// The energy type the symbol asks for; `None` for generic.
    pub fn energy(self) -> Option<EnergyType> {
        match self {
            EnergySymbol::Fist => Some(EnergyType::Fist),
            EnergySymbol::Bolt => Some(EnergyType::Bolt),
            EnergySymbol::Mask => Some(EnergyType::Mask),
            EnergySymbol::Shield => Some(EnergyType::Shield),
            EnergySymbol::Generic => None,
        }
    }
}

/// A burst variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Burst {
    /// Which bursts it matches: `"*"`, `"**"` or `"*/**"`.
    pub on: BurstMatch,
    /// Whether its effects replace the base effects (`instead: true`) or follow them.
    #[serde(default)]
    pub instead: bool,
    #[serde(default, rename = "do")]
    pub effects: Vec<Effect>,
}

/// The burst symbols a variant answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BurstMatch {
    #[serde(rename = "*")]
    One,
    #[serde(rename = "**")]
    Two,
    #[serde(rename = "*/**")]
    Either,
}

impl BurstMatch {
    pub fn matches(self, bursts: u8) -> bool {
        match self {
            BurstMatch::One => bursts == 1,
            BurstMatch::Two => bursts == 2,
            BurstMatch::Either => bursts >= 1,
        }
    }
}

/// How long a change lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Until {
    /// The end of the turn (the default: "unless otherwise specified").
    #[default]
    TurnEnd,
    /// The start of the controller's next turn.
    YourNextTurn,
    /// As long as the static ability giving it holds.
    WhileOn,
    /// As long as the die stays where it is (a capture "until canceled").
    Canceled,
}

/// One effect.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Effect {
    /// Deal damage to characters or players; with `per`, `amount` for each die the
    /// selector matches when the effect resolves ("1 damage for each Villain you have").
    Damage {
        amount: u8,
        to: Selector,
        #[serde(default)]
        per: Option<Selector>,
        /// `amount` for each energy paid for the ability's `up-to` cost ("pay up to
        /// [Bolt][Bolt]: deal 1 damage for each [Bolt] spent", Pyro: Pyrokinetic).
        #[serde(default)]
        per_paid: bool,
        /// Another amount for a die this names ("if it's a Villain, deal 4 damage
        /// instead", Takedown), read as the effect resolves.
        #[serde(default)]
        instead: Option<Box<AmountIf>>,
        /// Added to the amount once it is counted ("X, where X is the number of … plus
        /// 2", One Against Many).
        #[serde(default)]
        plus: u8,
        /// `amount` for each symbol of this energy type the faces in its user's reserve
        /// pool show, counted as the effect resolves ("X damage, where X is the number of
        /// [Bolt] symbols in your reserve pool", Thor: Wayward Son).
        #[serde(default)]
        per_symbol: Option<EnergySymbol>,
    },
    /// Damage equal to the source die's attack (Wolverine: Not Very Nice).
    DamageEqualAttack {
        to: Selector,
    },
    /// Damage equal to the level of the die `of` names, chosen by the controller (Crowd
    /// Fighting: "choose an active character die; deal damage equal to its level to all
    /// opposing character dice"), to each die or player `to` reaches.
    DamageEqualLevel {
        of: Selector,
        to: Selector,
    },
    /// Prevent damage, or prevent an effect from affecting the subject. With `to`, the
    /// die or player whose damage it prevents (a global's "prevent 1 damage to a
    /// character or player", answering damage about to be dealt).
    Prevent {
        #[serde(default)]
        amount: Option<u8>,
        #[serde(default)]
        effects: bool,
        #[serde(default)]
        to: Option<Selector>,
        /// `amount` for each unit paid for the ability's optional cost: each die its
        /// `any-number` cost gave up ("prevent up to 3 damage per Sidekick moved",
        /// Juggernaut: Cain Marko), or each energy of its `up-to` cost.
        #[serde(default)]
        per_paid: bool,
    },
    /// "Choose an energy type": the line names one (`choose fist`), which the selectors
    /// of the effects after it read as `chosen_energy` (Deflection).
    ChooseEnergy,
    /// Effects that happen later this turn, once, when the event happens ("at the start
    /// of your attack step, …": Vibranium Shield: One of a Kind). Recorded, not applied
    /// yet.
    Later {
        when: Trigger,
        #[serde(rename = "do")]
        effects: Vec<Effect>,
    },
    /// Reduce damage dealt to the subject by an amount.
    Reduce {
        amount: u8,
    },
    /// Damage the dice (or players) `to` names take from a source `from` names is
    /// lessened as it is dealt: none, some less, half, or at most an amount ("bolt
    /// characters cannot damage this die", "Villains deal him 1 less damage"). A static:
    /// the source is the die dealing combat damage, or the die whose ability deals the
    /// damage (`engine::effects::damage_from`).
    DamageFrom {
        to: Selector,
        from: Selector,
        takes: Takes,
    },
    /// Send damage to another target instead: all of it, the first time each turn (Nova:
    /// Bucket Head, a `first-each-turn` trigger), or with `first: N` only the first N
    /// damage each turn, counted for the card (Storm: Lady Liberator). `from` keeps the
    /// damage whose source it names ("dealt to Storm by action dice").
    Redirect {
        to: Selector,
        #[serde(default)]
        from: Option<Selector>,
        #[serde(default)]
        first: Option<u8>,
    },
    /// Knock dice out.
    Ko {
        to: Selector,
    },
    /// The dice reached have a defense equal to their attack until the end of the turn
    /// ("target character die has D equal to its A", Archnemesis' global).
    DefenseEqualAttack {
        to: Selector,
    },
    /// The die `to` names and the die `with` names deal each other damage equal to their
    /// attack, at once ("target character die you control and target opposing character
    /// die deal damage to each other equal to their A", Archnemesis).
    ExchangeDamage {
        to: Selector,
        with: Selector,
    },
    /// The die `to` names (in the field) and the die `with` names (another zone of the
    /// same player's) change places ("swap target character die in the Field Zone with
    /// target non-sidekick character die in that player's Used Pile", Mutation): moved,
    /// not fielded, the one coming in on its level 1 face.
    Swap {
        to: Selector,
        with: Selector,
    },
    /// Stat modifiers; with `per`, `attack` and `defense` for each die the selector
    /// matches ("+1A for each character your opponent has in the field"): counted as the
    /// effect resolves, or, in a static, whenever the stats are read.
    Boost {
        to: Selector,
        #[serde(default)]
        attack: i8,
        #[serde(default)]
        defense: i8,
        #[serde(default)]
        double_attack: bool,
        /// Defense doubled after the other modifiers ("double its attack and defense",
        /// Silver Surfer: Sky-Rider).
        #[serde(default)]
        double_defense: bool,
        #[serde(default)]
        until: Until,
        #[serde(default)]
        per: Option<Selector>,
    },
    /// A character deals no combat damage (or double damage to its blockers).
    NoDamage {
        to: Selector,
    },
    DoubleDamageToBlockers {
        to: Selector,
    },
    /// Blocked by several characters, it deals its full attack to each of them instead
    /// of splitting it (Cyclops: Slim, Doctor Octopus: Mad Scientist).
    FullAttackToEachBlocker {
        to: Selector,
    },
    /// Life.
    GainLife {
        amount: u8,
        #[serde(default)]
        per: Option<Selector>,
        /// `amount` for each level the dice the previous effect chose show ("gain life
        /// equal to its level", Thor: The Mighty), read before that effect's changes.
        #[serde(default)]
        per_level: bool,
    },
    LoseLife {
        amount: u8,
        who: Selector,
    },
    /// Spin dice up or down by a number of levels.
    Spin {
        to: Selector,
        #[serde(default = "one")]
        levels: u8,
        way: Way,
    },
    /// Spin dice to a face of a kind (Angel: "spin it to its character side").
    SpinTo {
        to: Selector,
        face: FaceKind,
    },
    /// Reroll dice; those not showing a character go to `else_to`.
    Reroll {
        to: Selector,
        #[serde(default)]
        else_to: Option<Placement>,
    },
    /// Move dice to a zone.
    Move {
        to: Selector,
        zone: Placement,
    },
    /// Draw dice from the bag into a zone.
    Draw {
        #[serde(default = "one")]
        count: u8,
        zone: ZoneName,
        /// `count` for each die the ability's earlier effects knocked out ("prep a die
        /// from your bag for each character die KO'd by this effect", Thor: Donald
        /// Blake): those effects are made first, and the knock-outs counted.
        #[serde(default)]
        per_knocked_out: bool,
    },
    /// Corrupt X: the player `who` names draws `count` dice from their bag, places one
    /// of them in their used pile and returns the rest to the bag (DXM013's reminder).
    Corrupt {
        count: u8,
        who: Selector,
    },
    /// Roll dice taken from a zone; non-characters go to `else_to`.
    Roll {
        what: Selector,
        #[serde(default)]
        else_to: Option<Placement>,
        /// Field a character result at no cost instead of placing it in the reserve.
        #[serde(default)]
        field: bool,
        /// Put a character result back in the field (Magik: Illyana Rasputina, rolled as
        /// she is knocked out): a move, not a fielding, so no "when fielded" fires.
        #[serde(default)]
        returns: bool,
    },
    /// Field dice (from another zone) at no cost.
    Field {
        what: Selector,
    },
    /// Draw dice from the bag and roll them ("draw and roll 2 dice"): a draw, each die
    /// then placed by the face it rolled: a character face fielded at no cost with
    /// `field`, a face `keep` names (any face without `keep`) in the reserve pool, any
    /// other where `else_to` says (the reserve pool by default).
    DrawRoll {
        #[serde(default = "one")]
        count: u8,
        /// Only an energy face with this symbol stays in the reserve pool ("keep any
        /// [Bolt] results").
        #[serde(default)]
        keep: Option<EnergySymbol>,
        #[serde(default)]
        field: bool,
        #[serde(default)]
        else_to: Option<Placement>,
        /// Only this many of the dice drawn are rolled ("draw 2 dice, roll one of them
        /// and return the other to your bag"); the others go back to the bag.
        #[serde(default)]
        roll: Option<u8>,
        /// `count` for each energy type the cards of the dice this names have between
        /// them, counted as the effect resolves ("a die for each different energy type
        /// among your active character dice", Squad Goals; a sidekick has none).
        #[serde(default)]
        per_energy_type: Option<Selector>,
    },
    /// The dice reached gain an affiliation ("target character gains the Villain
    /// affiliation"). Recorded, not applied yet.
    GainAffiliation {
        to: Selector,
        affiliation: String,
    },
    /// An action die's effect that targets a character die targets `to` instead (its
    /// user's choice). Recorded, not applied yet.
    Retarget {
        to: Selector,
    },
    /// Capture, take control of, copy, swap.
    Capture {
        to: Selector,
        #[serde(default)]
        until: Until,
    },
    Control {
        to: Selector,
        #[serde(default)]
        until: Until,
    },
    Copy {
        to: Selector,
    },
    /// The attack values of two characters exchanged ("swap the attack value of one of
    /// your characters with that of one opposing character", Transfer Power's global).
    /// Recorded, not applied yet.
    SwapAttack {
        to: Selector,
        with: Selector,
    },
    /// A character's attack and defense values exchanged ("switch the A and D values of
    /// one of your characters", Ant-Man: Pym Particles's global). Recorded, not applied
    /// yet.
    SwapStats {
        to: Selector,
    },
    /// Combat restrictions.
    CantBlock {
        to: Selector,
    },
    /// Cannot be blocked this turn ("your sidekicks can't be blocked", Falcon: Recon).
    Unblockable {
        to: Selector,
    },
    CantAttack {
        to: Selector,
    },
    CantBeBlockedBy {
        by: Selector,
    },
    /// The dice `to` reaches cannot be targeted by the abilities of these kinds (`global`,
    /// `action`) when a player of `side` uses them (`any`, or `opposing`: the die's
    /// opponent) ("Iron Man cannot be targeted by opposing Global Abilities or action
    /// dice").
    CantBeTargeted {
        to: Selector,
        by: Vec<Kind>,
        #[serde(default)]
        side: Side,
    },
    BlockedOnlyByTwoOrMore,
    MustBlock {
        to: Selector,
    },
    /// The controller assigns the dice reached to block this die (Deadpool: Assassin):
    /// only a die that can block it may be picked.
    AssignBlocker {
        to: Selector,
    },
    MustAttack {
        to: Selector,
        /// "At its next opportunity" (Enrage) rather than "this turn": the die's next
        /// declaration of attackers, which may be in a later turn.
        #[serde(default)]
        next_opportunity: bool,
    },
    /// Attackers KO'd this turn go back to the field.
    ReturnToField {
        to: Selector,
    },
    /// Out of combat, staying in the field ("remove one attacker from the attack zone to
    /// the field", Distraction's global).
    LeaveCombat {
        to: Selector,
    },
    /// Combat damage beyond the blockers' total defense goes to the opponent.
    ExcessToPlayer {
        to: Selector,
    },
    /// The dice reached have a keyword ("they get Overcrush until the end of the turn";
    /// as a static, `until: while-on`, for as long as it holds): each die reached has it
    /// as if its card said so.
    Grant {
        to: Selector,
        keyword: Keyword,
        #[serde(default)]
        until: Until,
    },
    /// Purchases cost less this turn: each die its controller buys that `of` names (by
    /// its card: a kind, energy types, affiliations) costs `amount` less, or with `next`
    /// only the next such die they buy ("the next action die you buy this turn costs 2
    /// less"). Never below 1, or below the number of the card's energy types.
    ReduceCost {
        amount: u8,
        of: Selector,
        #[serde(default)]
        next: bool,
        /// Once for its card however many times it is used in a turn ("no matter how many
        /// Big Entrance dice are used"): a second use adds nothing.
        #[serde(default)]
        once: bool,
    },
    /// Purchases cost more, as a static ("non-Villain character dice cost your opponents
    /// 1 more to purchase", Dormammu: Call Upon the Shadowy Shapes): each die `of` names
    /// (by its card; `side` read from the static's owner: `opposing`, the opponent's
    /// purchases) costs `amount` more while the static holds.
    RaiseCost {
        amount: u8,
        of: Selector,
    },
    /// The text of the cards whose dice `to` names is ignored ("ignore all text on
    /// opposing character cards", "opposing character dice … lose their abilities"):
    /// until the end of the turn from an effect, while it holds as a static. `to` names
    /// cards by what they are (kind, side, affiliation, energy, cost, title). With
    /// `globals: false` the card's global abilities are not said to be lost with its dice'
    /// abilities.
    IgnoreText {
        to: Selector,
        #[serde(default = "yes")]
        globals: bool,
    },
    /// A static: the dice `to` names (in the reserve pool, as they are fielded) cost
    /// `less` less to field, or nothing at all without `less` or `more` ("your character
    /// dice with fielding cost of 2 are free to field"), or `more` more ("your opponent's
    /// Sidekick characters cost 1 extra energy to field", Captain America: Sentinel of
    /// Liberty).
    FieldingCost {
        to: Selector,
        #[serde(default)]
        less: Option<u8>,
        #[serde(default)]
        more: Option<u8>,
    },
    /// A static: the players `side` names, seen from the card's owner (the opposing
    /// player by default), pay `cost` more to use each ability of the kinds `on` names
    /// ("your opponent must pay [1] extra to use a Global Ability", "… must pay 2 life to
    /// use an Action Die or Global Ability"; `side: any`: "Global Abilities cost [1] more
    /// to use", Dormammu: From Here To Eternity).
    Surcharge {
        on: Vec<UseKind>,
        cost: Vec<Cost>,
        #[serde(default = "opposing")]
        side: Side,
    },
    /// For the rest of the turn, each die its controller buys gains the card's Impulse
    /// (its own `bought` trigger, resolved about that die: Big Entrance's "dice purchased
    /// this turn gain Impulse"); once for the card however many times it is used.
    GiveImpulse,
    /// `count` Loyalty Counters put on the ability's own card ("put a Loyalty Counter on
    /// Magneto's card", Dark Phoenix Saga): they stay there for the game, +1A/+1D each to
    /// every die of the card (`TokenKind::Loyalty`, cards/README.md "Tokens on a card").
    Loyalty {
        #[serde(default = "one")]
        count: u8,
    },
    /// A static: its controller draws `count` more dice in each clear and draw step
    /// while it holds ("draw an additional die during the clear and draw step",
    /// Magneto: Heir to the Dream).
    ExtraDraw {
        #[serde(default = "one")]
        count: u8,
    },
    /// Energy: virtual energy gained, or dice spun to energy sides.
    Energy {
        amount: u8,
    },
    /// Make tokens.
    Token {
        count: u8,
    },
    /// Pair up with another Heroic character.
    PairUp,
    /// Leaving the field, go to this zone instead.
    Replace {
        zone: ZoneName,
    },
    /// A die that would be knocked out stays in the field instead (Arnim Zola: Scientist
    /// Supreme): its damage cleared, spun to `level`, out of combat; it never left the
    /// field, so nothing "when knocked out" fires.
    StayInField {
        level: u8,
    },
    /// The effects after it happen only if the condition holds as it is reached ("if it
    /// is not a sidekick, …"): `what: those` in its selectors names the dice the
    /// previous effect chose (drew, targeted), wherever they are now.
    OnlyIf(Condition),
    /// A choice of modes ("its controller chooses one: they lose 1 life; you gain 1
    /// life"): the player `by` names (`you`, the ability's controller, or `opponent`)
    /// chooses one mode by its name, and its effects happen.
    ChooseOne {
        #[serde(default = "you")]
        by: Player,
        modes: Vec<Mode>,
    },
    /// Text our sources do not record (a transcription gap): the engine never guesses,
    /// so a log that needs it is undecided. The string says what is missing.
    Unrecorded(String),
    /// Each die `by` names deals damage equal to its own attack, as the effect resolves,
    /// to the player `to` names (Phoenix: Jeannie: "each character still engaged with
    /// her deals damage equal to its attack to your opponent"; `effects::each_deals_attack`).
    EachDealsAttack {
        by: Selector,
        to: Selector,
    },
}

impl Effect {
    /// The second die an effect aims at, for the effects that aim at two ("this die and
    /// that one deal each other damage", "swap this die with that one").
    pub fn second_aim(&self) -> Option<&Selector> {
        match self {
            Effect::ExchangeDamage { with, .. } | Effect::Swap { with, .. } => Some(with),
            _ => None,
        }
    }

    /// The selector the effect aims with, if it aims: the dice it acts on, whose count
    /// (one, two, up to N) is a choice its line makes. The engine asks it to know whether
    /// a trigger waits for its line and whether a target exists; coverage, whether the
    /// effect is applied.
    pub fn aim(&self) -> Option<&Selector> {
        match self {
            Effect::Damage { to, .. }
            | Effect::DamageEqualAttack { to }
            | Effect::DamageEqualLevel { of: to, .. }
            | Effect::Ko { to }
            | Effect::DefenseEqualAttack { to }
            | Effect::ExchangeDamage { to, .. }
            | Effect::Swap { to, .. }
            | Effect::Boost { to, .. }
            | Effect::NoDamage { to }
            | Effect::Spin { to, .. }
            | Effect::SpinTo { to, .. }
            | Effect::Reroll { to, .. }
            | Effect::Move { to, .. }
            | Effect::Capture { to, .. }
            | Effect::Copy { to }
            | Effect::GainAffiliation { to, .. }
            | Effect::Unblockable { to }
            | Effect::CantBlock { to }
            | Effect::CantAttack { to }
            | Effect::MustBlock { to }
            | Effect::AssignBlocker { to }
            | Effect::MustAttack { to, .. }
            | Effect::LeaveCombat { to }
            | Effect::DoubleDamageToBlockers { to }
            | Effect::FullAttackToEachBlocker { to }
            | Effect::ExcessToPlayer { to }
            | Effect::Grant { to, .. }
            | Effect::Corrupt { who: to, .. }
            | Effect::Field { what: to } => Some(to),
            _ => None,
        }
    }

    /// Every selector of the effect: the dice or players it reaches, and those it names
    /// otherwise (what a roll takes, who loses life, what may not block …).
    pub fn selectors(&self) -> Vec<&Selector> {
        match self {
            Effect::DamageEqualAttack { to }
            | Effect::Redirect { to, from: None, .. }
            | Effect::Ko { to }
            | Effect::DefenseEqualAttack { to }
            | Effect::NoDamage { to }
            | Effect::DoubleDamageToBlockers { to }
            | Effect::FullAttackToEachBlocker { to }
            | Effect::Spin { to, .. }
            | Effect::SpinTo { to, .. }
            | Effect::Reroll { to, .. }
            | Effect::Move { to, .. }
            | Effect::Capture { to, .. }
            | Effect::GainAffiliation { to, .. }
            | Effect::Retarget { to }
            | Effect::Control { to, .. }
            | Effect::Copy { to }
            | Effect::SwapStats { to }
            | Effect::Unblockable { to }
            | Effect::CantBlock { to }
            | Effect::CantAttack { to }
            | Effect::CantBeTargeted { to, .. }
            | Effect::MustBlock { to }
            | Effect::AssignBlocker { to }
            | Effect::MustAttack { to, .. }
            | Effect::ReturnToField { to }
            | Effect::LeaveCombat { to }
            | Effect::ExcessToPlayer { to }
            | Effect::Grant { to, .. }
            | Effect::IgnoreText { to, .. } => vec![to],
            Effect::GainLife { per, .. } => per.iter().collect(),
            Effect::Boost { to, per, .. } => std::iter::once(to).chain(per.iter()).collect(),
            Effect::Damage {
                to, per, instead, ..
            } => std::iter::once(to)
                .chain(per.iter())
                .chain(instead.iter().map(|i| &i.if_))
                .collect(),
            Effect::LoseLife { who, .. } | Effect::Corrupt { who, .. } => vec![who],
            Effect::Redirect {
                to, from: Some(f), ..
            } => vec![to, f],
            Effect::SwapAttack { to, with } => vec![to, with],
            Effect::EachDealsAttack { by, to } => vec![by, to],
            Effect::Roll { what, .. } | Effect::Field { what } => vec![what],
            Effect::CantBeBlockedBy { by } => vec![by],
            Effect::DamageFrom { to, from, .. } => vec![to, from],
            Effect::DamageEqualLevel { of, to } => vec![of, to],
            Effect::DrawRoll {
                per_energy_type: Some(p),
                ..
            } => vec![p],
            Effect::ReduceCost { of, .. } | Effect::RaiseCost { of, .. } => vec![of],
            Effect::ExchangeDamage { to, with } | Effect::Swap { to, with } => vec![to, with],
            Effect::FieldingCost { to, .. } => vec![to],
            Effect::Prevent { to, .. } => to.iter().collect(),
            Effect::Later { effects, .. } => effects.iter().flat_map(Effect::selectors).collect(),
            Effect::ChooseEnergy
            | Effect::Reduce { .. }
            | Effect::Draw { .. }
            | Effect::DrawRoll {
                per_energy_type: None,
                ..
            }
            | Effect::BlockedOnlyByTwoOrMore
            | Effect::Surcharge { .. }
            | Effect::ExtraDraw { .. }
            | Effect::Energy { .. }
            | Effect::Token { .. }
            | Effect::GiveImpulse
            | Effect::Loyalty { .. }
            | Effect::PairUp
            | Effect::Replace { .. }
            | Effect::StayInField { .. }
            | Effect::Unrecorded(_) => Vec::new(),
            Effect::OnlyIf(c) => c.selectors(),
            Effect::ChooseOne { modes, .. } => modes
                .iter()
                .flat_map(|m| m.effects.iter().flat_map(Effect::selectors))
                .collect(),
        }
    }
}

impl Effect {
    /// The selector an effect counts by ("N for each …"), if it has one: the only place
    /// a selector may count dice fielded this turn, count cards once (`distinct`) or, in
    /// a damage, be the reached player's (`side: theirs`).
    pub fn per(&self) -> Option<&Selector> {
        match self {
            Effect::GainLife { per, .. }
            | Effect::Boost { per, .. }
            | Effect::Damage { per, .. } => per.as_ref(),
            _ => None,
        }
    }

    /// A form the language parses and no rule reads: a die drawn into the reserve pool
    /// shows no face until it is rolled there (that is `draw-roll`), and `side: theirs`
    /// names the player a damage reaches, which a surcharge has none of.
    fn shape_problem(&self) -> Option<String> {
        match self {
            Effect::Draw {
                zone: ZoneName::Reserve,
                ..
            } => Some(
                "a die drawn into the reserve pool is rolled there: write `draw-roll: {count: N}`"
                    .into(),
            ),
            Effect::Surcharge {
                side: Side::Theirs, ..
            } => Some(
                "`side: theirs` is the player a damage reaches: a surcharge's side is `opposing`, \
                 `yours` or `any`"
                    .into(),
            ),
            _ => None,
        }
    }

    /// Why the effect's selectors use a counting-only field where it does not fit.
    fn per_problem(&self, kind: Kind) -> Option<String> {
        let per = self.per();
        for sel in self.selectors() {
            let counts = per.is_some_and(|p| std::ptr::eq(p, sel));
            if !counts && (sel.fielded_this_turn || sel.distinct || sel.side == Side::Theirs) {
                return Some(
                    "`fielded_this_turn`, `distinct` and `side: theirs` are ways of counting: \
                     only in an effect's `per:`"
                        .into(),
                );
            }
            if counts && sel.side == Side::Theirs && !matches!(self, Effect::Damage { .. }) {
                return Some(
                    "`side: theirs` is the player a damage reaches: only in a damage's `per:`"
                        .into(),
                );
            }
            if counts && sel.fielded_this_turn && sel.distinct {
                return Some(
                    "`fielded_this_turn` counts dice, some of them gone: not with `distinct`"
                        .into(),
                );
            }
            if counts && sel.fielded_this_turn && kind == Kind::Static {
                return Some(
                    "`fielded_this_turn` is counted as an effect resolves: a static has no \
                     moment to count it"
                        .into(),
                );
            }
        }
        None
    }
}

fn opposing() -> Side {
    Side::Opposing
}

fn one() -> u8 {
    1
}

fn you() -> Player {
    Player::You
}

/// One mode of a choice: its name, which the log writes (`choose lose`), and its effects.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mode {
    pub name: String,
    #[serde(rename = "do")]
    pub effects: Vec<Effect>,
}

/// An amount that replaces another for a die a selector names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmountIf {
    /// The dice it is for, read from the ability's side (`{what: character,
    /// affiliation: Villain}`).
    #[serde(rename = "if")]
    pub if_: Selector,
    pub amount: u8,
}

fn yes() -> bool {
    true
}

/// What a die (or a player) takes of the damage a `damage-from` source deals it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Takes {
    /// None of it ("cannot damage", "takes no damage from", "prevent all damage from").
    None,
    /// That much less ("takes 1 less damage from Villains").
    Less(u8),
    /// Half of it, rounded down ("takes half damage (rounded down) from").
    Half,
    /// No more than that much ("deals no more than 1 damage to you").
    AtMost(u8),
}

/// What a player uses that a surcharge makes dearer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UseKind {
    /// A global ability (any card's, reactive ones too).
    Global,
    /// An action die (a `use` line).
    ActionDie,
}

/// Spin direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Way {
    Up,
    Down,
    /// The controller chooses (`choose up` / `choose down` in the log).
    Either,
}

/// A face kind, for "spin to".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FaceKind {
    Character,
    Energy(EnergySymbol),
    /// Any energy face the die has, the one the line names in its `choose` clause
    /// (`choose 2bolt`): "spin target character die to an energy face" (Iceman: Icy
    /// Interference), whoever the card lets choose it.
    AnyEnergy,
}

/// A zone of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ZoneName {
    Bag,
    Prep,
    Reserve,
    Field,
    Used,
    Oop,
}

/// Where a moved die goes, and to whose side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub zone: ZoneName,
    /// Whose zone: the die's owner (default), you, or the opponent.
    #[serde(default)]
    pub of: Owner,
}

/// Whose zone a moved die goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Owner {
    /// The die's owner's.
    #[default]
    #[serde(rename = "owner")]
    Its,
    You,
    Opponent,
}

/// Which dice or players an effect reaches.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Selector {
    /// How many: one (default), two, each, any number, up to N.
    #[serde(default)]
    pub count: Count,
    /// What: this die, a character, a sidekick, an action die, a player …
    #[serde(default)]
    pub what: What,
    /// Whose: anyone's (default), yours, or opposing.
    #[serde(default)]
    pub side: Side,
    /// For a `character-or-player` selector, whose the player may be, where it differs
    /// from `side` ("a character or your opponent": `player_side: opposing`).
    #[serde(default)]
    pub player_side: Option<Side>,
    /// "target": chosen by the controller, must be legal, and the ability needs one.
    #[serde(default)]
    pub target: bool,
    /// A second kind, either of which will do ("a sidekick or action die").
    #[serde(default)]
    pub or_what: Option<What>,
    /// A kind the die must not be ("a die that is not a sidekick": an action die or a
    /// non-sidekick character).
    #[serde(default)]
    pub not_what: Option<What>,
    #[serde(default)]
    pub energy: Option<EnergyType>,
    /// Any one of these energy types ("a bolt or fist character").
    #[serde(default)]
    pub energies: Vec<EnergyType>,
    /// An energy type the die must not have ("non-fist").
    #[serde(default)]
    pub not_energy: Option<EnergyType>,
    #[serde(default)]
    pub affiliation: Option<String>,
    /// Any one of these affiliations ("a Hero or Villain character").
    #[serde(default)]
    pub affiliations: Vec<String>,
    /// An affiliation the die must not have ("non-Villain").
    #[serde(default)]
    pub not_affiliation: Option<String>,
    /// A keyword the die's card must not have ("non-Heroic").
    #[serde(default)]
    pub not_keyword: Option<Box<Keyword>>,
    /// Exactly this level ("level 1 only").
    #[serde(default)]
    pub level: Option<u8>,
    /// This level or lower.
    #[serde(default)]
    pub max_level: Option<u8>,
    /// This level or higher ("level 2 or more").
    #[serde(default)]
    pub min_level: Option<u8>,
    /// A level compared with the source die's own: `at-most` ("a die of equal or lower
    /// level", Loki: Trickster), `less` ("lower level", Gamora: Solar Sacrifice), `more`
    /// ("a higher level", Black Widow: Crimson Shadow). A die showing no level, or a
    /// source die in no field, matches nothing.
    #[serde(default)]
    pub own_level: Option<Comparison>,
    /// The zone the dice are in (default: the field).
    #[serde(default)]
    pub zone: Option<ZoneName>,
    /// Any one of these zones, in place of `zone` ("a die in the field or the reserve
    /// pool": the dice that show a face, which a reroll may reach).
    #[serde(default)]
    pub zones: Vec<ZoneName>,
    #[serde(default)]
    pub state: Option<CombatState>,
    /// Not a die that paid for the triggering move ("not one that paid to field this").
    #[serde(default)]
    pub not_payment: bool,
    /// Not the source die itself, nor a die an earlier effect of the same ability chose
    /// ("another target character").
    #[serde(default)]
    pub other: bool,
    /// Not a die the triggering move put there ("each Human Torch already in the field").
    #[serde(default)]
    pub already: bool,
    /// Of the energy type the ability's `choose-energy` chose ("characters of that
    /// type"); nothing before a type is chosen.
    #[serde(default)]
    pub chosen_energy: bool,
    /// The card's title ("Iron Man": any Iron Man card, whatever its subtitle).
    #[serde(default)]
    pub title: Option<String>,
    /// A title the card must not have ("a non-Gamora Guardians character": any card
    /// whose title is not Gamora, whatever its subtitle).
    #[serde(default)]
    pub not_title: Option<String>,
    /// A word the card's title must contain, whatever its case and wherever it stands
    /// ("monsters with \"Dragon\" in their title", Buster Blader: Dragon Butcher): read
    /// literally, as a part of the title, not a whole word.
    #[serde(default)]
    pub title_contains: Option<String>,
    /// A purchase cost of at most / at least this (a sidekick's is 0, 000:441-444).
    #[serde(default)]
    pub max_cost: Option<u8>,
    #[serde(default)]
    pub min_cost: Option<u8>,
    /// Only the dice of the lowest purchase cost among those the rest of the selector
    /// names, a sidekick's being 0 ("the character die with the lowest purchase cost",
    /// Dormammu: Crimson Bands of Cyttorak); a tie is the controller's choice.
    #[serde(default)]
    pub lowest_cost: bool,
    /// A keyword the die's card must have ("a character die with Founder").
    #[serde(default)]
    pub keyword: Option<Box<Keyword>>,
    /// Its attack (or defense), every modifier counted, at most / at least this ("a
    /// character die with 3A or less", "less than 4A": `max_attack: 3`).
    #[serde(default)]
    pub max_attack: Option<u8>,
    #[serde(default)]
    pub min_attack: Option<u8>,
    #[serde(default)]
    pub max_defense: Option<u8>,
    #[serde(default)]
    pub min_defense: Option<u8>,
    /// The fielding cost of the character face it shows ("with fielding cost of 2").
    #[serde(default)]
    pub fielding: Option<u8>,
    /// The character dice the turn records as fielded this turn, wherever they are now
    /// ("the number of character dice you fielded this turn", Jarvis: Butler): only in a
    /// `per`, with a `side`.
    #[serde(default)]
    pub fielded_this_turn: bool,
    /// In a `per`, each card counted once, however many of its dice match ("for each
    /// other, different active [Stark] character", Iron Manor: Hermetically Sealed): the
    /// number of different cards among the dice, both players' cards told apart.
    #[serde(default)]
    pub distinct: bool,
}

impl Selector {
    /// Whether it names dice by their attack or defense now.
    pub fn reads_stats(&self) -> bool {
        self.max_attack.is_some()
            || self.min_attack.is_some()
            || self.max_defense.is_some()
            || self.min_defense.is_some()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Count {
    #[default]
    One,
    Two,
    /// Three (as many as there are, when fewer: "move 3 sidekicks", Rally!'s burst).
    Three,
    Each,
    AnyNumber,
    /// "Up to N": the controller chooses none to N of them (`count: {up-to: 2}`).
    UpTo(u8),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum What {
    /// The die whose ability it is.
    #[default]
    This,
    /// Every die of this card (its controller's).
    ThisCard,
    /// The die the triggering event is about (the die fielded, the attacker blocked …).
    It,
    /// The Heroic partner of the die whose ability it is (none while it is not paired
    /// up): `{count: each, what: this, or_what: partner}` is "he and his partner".
    Partner,
    /// The dice the ability's previous effect chose ("those characters").
    Those,
    Character,
    /// A sidekick die (a character or not, by zone).
    Sidekick,
    /// A character die that is not a sidekick.
    NonSidekick,
    ActionDie,
    Die,
    Player,
    CharacterOrPlayer,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    #[default]
    Any,
    Yours,
    Opposing,
    /// The player the effect reaches (in a damage's `per`: "the number of character dice
    /// in their Field Zone", One Against Many).
    Theirs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CombatState {
    Attacking,
    Blocking,
    AttackingOrBlocking,
    Blocked,
    Unblocked,
    /// Engaged with the source die.
    EngagedWithThis,
    /// Blocking the source die.
    BlockingThis,
    /// Engaged: blocking, or an attacker that is blocked.
    Engaged,
    /// Damaged in this turn's attack step and in the field since ("if he is damaged in
    /// an attack step but not knocked out": Red Hulk: Thunderbolt Ross); it outlasts the
    /// damage, which the cleanup clears before "at the end of the turn" effects.
    AttackDamaged,
}
