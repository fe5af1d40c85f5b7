//! No card text is silently skipped: every part of the ability language — each kind, each
//! event with each subject, each condition, limit, step, keyword, cost and effect — is
//! either applied (the game goes differently with it than without it) or makes the game
//! undecided by the line where it could first matter. Never ignored.
//!
//! How: a synthetic card carries one ability under test. Both players own it (Ann's `X`,
//! Bob's `Y`, or the action dice `A` and `B`), and a few scripted games make every moment
//! and event of the language happen to dice of it, from both sides, including a game in
//! which Bob's copy has no die in play at all (text on a card, not on a die). Each game is
//! replayed line by line with the ability and with its baseline — the card without text,
//! or the same ability without the part under test — and the two are compared: the
//! diagnostics of each line, where the replay stopped, and the full state (`position`)
//! after each line.

use std::collections::{BTreeMap, HashMap};

use dmlint::cards::ability::{
    Ability, Cost, Effect, Event, Keyword, Kind, Limit, StepName, Subject, While,
};
use dmlint::cards::{CardCode, Pool, check_card_names, parse_card_file};
use dmlint::diag::Code;
use dmlint::engine::{EngineCode, Table};
use dmlint::syntax::parse_str;

// ---------------------------------------------------------------------------------------
// The language, enumerated. Each `*_name` below, and the library's own `Event::name`,
// `Subject::name` and `Limit::name`, is an exhaustive match (no `_` arm): a new variant
// breaks the build. `the_walk_covers_the_whole_language` then asks serde for
// every variant name the card files accept and fails until the walk has a case of it.
// ---------------------------------------------------------------------------------------

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Static => "static",
        Kind::Triggered => "triggered",
        Kind::Activated => "activated",
        Kind::Global => "global",
        Kind::Action => "action",
        Kind::Keyword => "keyword",
    }
}

const SUBJECTS: [Subject; 8] = [
    Subject::This,
    Subject::You,
    Subject::ThisOrYou,
    Subject::Partner,
    Subject::ThisOrPartner,
    Subject::YourCharacter,
    Subject::AnyCharacter,
    Subject::Opponent,
];
const WHILES: [While; 5] = [
    While::Active,
    While::Attacking,
    While::Blocking,
    While::Paired,
    While::AttackStep,
];
fn while_name(w: While) -> &'static str {
    match w {
        While::Active => "active",
        While::Attacking => "attacking",
        While::Blocking => "blocking",
        While::Paired => "paired",
        While::AttackStep => "attack-step",
    }
}

const LIMITS: [Limit; 7] = [
    Limit::Unlimited,
    Limit::Limited,
    Limit::Reactive,
    Limit::OncePerTurn,
    Limit::OncePerTurnPerDie,
    Limit::FirstEachTurn,
    Limit::OnceOnYourTurn,
];
fn keyword_name(k: &Keyword) -> &'static str {
    match k {
        Keyword::Ally => "ally",
        Keyword::Continuous => "continuous",
        Keyword::Fast => "fast",
        Keyword::IronWill => "iron-will",
        Keyword::Overcrush => "overcrush",
        Keyword::Heroic => "heroic",
        Keyword::SuitUp { .. } => "suit-up",
        Keyword::Deadly => "deadly",
        Keyword::EnergyDrain => "energy-drain",
        Keyword::Cleave => "cleave",
        Keyword::Infiltrate => "infiltrate",
        Keyword::Regenerate => "regenerate",
        Keyword::Intimidate => "intimidate",
        Keyword::CallOut => "call-out",
        Keyword::BreathWeapon(_) => "breath-weapon",
        Keyword::Swarm => "swarm",
        Keyword::Experience => "experience",
        Keyword::Range(_) => "range",
        Keyword::Strike => "strike",
        Keyword::Obscure => "obscure",
        Keyword::Retaliation => "retaliation",
        Keyword::TagOut => "tag-out",
        Keyword::Attune => "attune",
        Keyword::Amplify => "amplify",
        Keyword::Founder => "founder",
        Keyword::Immortal => "immortal",
        Keyword::TurtlePower => "turtle-power",
        Keyword::Frag => "frag",
    }
}

fn cost_name(c: &Cost) -> &'static str {
    match c {
        Cost::Energy(_) => "energy",
        Cost::SpinDown(_) => "spin-down",
        Cost::Ko(_) => "ko",
        Cost::Move { .. } => "move",
        Cost::Life(_) => "life",
        Cost::Damage(_) => "damage",
        Cost::UpTo(_) => "up-to",
    }
}

fn step_name(s: StepName) -> &'static str {
    match s {
        StepName::Main => "main",
        StepName::Attack => "attack",
    }
}

fn effect_name(e: &Effect) -> &'static str {
    match e {
        Effect::Damage { .. } => "damage",
        Effect::DamageEqualAttack { .. } => "damage-equal-attack",
        Effect::DamageEqualLevel { .. } => "damage-equal-level",
        Effect::Prevent { .. } => "prevent",
        Effect::ChooseEnergy => "choose-energy",
        Effect::Later { .. } => "later",
        Effect::Reduce { .. } => "reduce",
        Effect::Redirect { .. } => "redirect",
        Effect::DamageFrom { .. } => "damage-from",
        Effect::GainAffiliation { .. } => "gain-affiliation",
        Effect::Retarget { .. } => "retarget",
        Effect::Ko { .. } => "ko",
        Effect::Boost { .. } => "boost",
        Effect::NoDamage { .. } => "no-damage",
        Effect::DoubleDamageToBlockers { .. } => "double-damage-to-blockers",
        Effect::FullAttackToEachBlocker { .. } => "full-attack-to-each-blocker",
        Effect::Unblockable { .. } => "unblockable",
        Effect::GainLife { .. } => "gain-life",
        Effect::LoseLife { .. } => "lose-life",
        Effect::ChooseOne { .. } => "choose-one",
        Effect::Spin { .. } => "spin",
        Effect::SpinTo { .. } => "spin-to",
        Effect::Reroll { .. } => "reroll",
        Effect::Move { .. } => "move",
        Effect::Draw { .. } => "draw",
        Effect::DrawRoll { .. } => "draw-roll",
        Effect::Corrupt { .. } => "corrupt",
        Effect::Roll { .. } => "roll",
        Effect::Field { .. } => "field",
        Effect::Capture { .. } => "capture",
        Effect::Control { .. } => "control",
        Effect::Copy { .. } => "copy",
        Effect::SwapAttack { .. } => "swap-attack",
        Effect::SwapStats { .. } => "swap-stats",
        Effect::CantBlock { .. } => "cant-block",
        Effect::DefenseEqualAttack { .. } => "defense-equal-attack",
        Effect::ExchangeDamage { .. } => "exchange-damage",
        Effect::Swap { .. } => "swap",
        Effect::IgnoreText { .. } => "ignore-text",
        Effect::FieldingCost { .. } => "fielding-cost",
        Effect::Surcharge { .. } => "surcharge",
        Effect::ExtraDraw { .. } => "extra-draw",
        Effect::CantAttack { .. } => "cant-attack",
        Effect::CantBeBlockedBy { .. } => "cant-be-blocked-by",
        Effect::CantBeTargeted { .. } => "cant-be-targeted",
        Effect::BlockedOnlyByTwoOrMore => "blocked-only-by-two-or-more",
        Effect::MustBlock { .. } => "must-block",
        Effect::AssignBlocker { .. } => "assign-blocker",
        Effect::MustAttack { .. } => "must-attack",
        Effect::ReturnToField { .. } => "return-to-field",
        Effect::LeaveCombat { .. } => "leave-combat",
        Effect::ExcessToPlayer { .. } => "excess-to-player",
        Effect::Grant { .. } => "grant",
        Effect::ReduceCost { .. } => "reduce-cost",
        Effect::RaiseCost { .. } => "raise-cost",
        Effect::GiveImpulse => "give-impulse",
        Effect::Loyalty { .. } => "loyalty",
        Effect::Energy { .. } => "energy",
        Effect::Token { .. } => "token",
        Effect::PairUp => "pair-up",
        Effect::Replace { .. } => "replace",
        Effect::StayInField { .. } => "stay-in-field",
        Effect::OnlyIf(_) => "only-if",
        Effect::Unrecorded(_) => "unrecorded",
        Effect::EachDealsAttack { .. } => "each-deals-attack",
    }
}

/// Every variant name a card file may write for `T`, as serde lists them when it meets
/// one it does not know: the enumeration the compiler cannot give a test.
fn names_of<T: serde::de::DeserializeOwned + std::fmt::Debug>(probe: &str) -> Vec<String> {
    let e = serde_saphyr::from_str::<T>(probe).expect_err("the probe is no variant");
    let text = e.to_string();
    let list = text
        .lines()
        .next()
        .and_then(|l| l.split_once("expected "))
        .map(|(_, l)| l.trim_start_matches("one of "))
        .unwrap_or_else(|| panic!("no list of variants in: {text}"));
    list.split(", ")
        .flat_map(|n| n.split(" or "))
        .map(|n| n.trim().trim_matches('`').to_string())
        .filter(|n| !n.is_empty())
        .collect()
}

/// One sample of each effect (some effects several: the forms the engine treats apart),
/// with the clauses an action die or a global using it writes in the `cycle` game, where
/// Ann (active, main step) has `X:L1` and `X:L2*` in the field and Bob two `Y:L1`.
const EFFECTS: &[(&str, &str)] = &[
    (
        "damage: {amount: 1, to: {what: character, target: true}}",
        "target Bob.Y:L1",
    ),
    (
        "damage: {amount: 1, to: {count: each, what: character}}",
        "",
    ),
    (
        "damage: {amount: 1, to: {count: two, what: character, side: opposing}}",
        "target Bob.Y:L1 Bob.Y:L1",
    ),
    (
        "damage: {amount: 1, to: {count: any-number, what: character}}",
        "target Bob.Y:L1",
    ),
    (
        "damage: {amount: 1, to: {what: player, side: opposing}}",
        "",
    ),
    (
        "damage: {amount: 1, to: {what: character-or-player, target: true}}",
        "target Bob",
    ),
    (
        "damage-equal-attack: {to: {what: character, target: true}}",
        "target Bob.Y:L1",
    ),
    (
        "damage-equal-level: {of: {what: character}, to: {count: each, what: character, side: opposing}}",
        "target X:L2*",
    ),
    (
        "each-deals-attack: {by: {count: each, what: character, side: opposing}, to: {what: player, side: opposing}}",
        "",
    ),
    ("prevent: {amount: 1}", ""),
    ("stay-in-field: {level: 1}", ""),
    // What follows it is what it gates: alone it would change nothing.
    (
        "only-if: {some-match: {what: character}}, gain-life: {amount: 1}",
        "",
    ),
    (
        "prevent: {amount: 1, to: {what: character-or-player, target: true}}",
        "target Bob.Y:L1",
    ),
    (
        "choose-energy, boost: {to: {count: each, what: character, chosen_energy: true}, defense: 1}",
        "choose fist",
    ),
    (
        "later: {when: {event: attack-step-start, of: you}, do: [gain-life: {amount: 1}]}",
        "",
    ),
    ("prevent: {effects: true}", ""),
    ("reduce: {amount: 1}", ""),
    ("redirect: {to: {what: character, side: opposing}}", ""),
    (
        "damage-from: {to: {count: each, what: character}, from: {what: die}, takes: none}",
        "",
    ),
    (
        "damage-from: {to: {what: character, target: true}, from: {what: action-die}, takes: {less: 1}}",
        "target X:L1",
    ),
    (
        "ko: {to: {what: character, target: true}}",
        "target Bob.Y:L1",
    ),
    (
        "boost: {to: {what: character, target: true}, attack: 1, defense: 1}",
        "target X:L1",
    ),
    (
        "boost: {to: {what: character, target: true}, double_attack: true}",
        "target X:L1",
    ),
    (
        "boost: {to: {what: character, target: true}, attack: 1, per: {count: each, what: character, side: opposing}}",
        "target X:L1",
    ),
    (
        "boost: {to: {what: character, target: true}, defense: 1, until: your-next-turn}",
        "target X:L1",
    ),
    (
        "boost: {to: {what: character, target: true}, defense: 1, until: while-on}",
        "target X:L1",
    ),
    (
        "boost: {to: {what: character, target: true}, defense: 1, until: canceled}",
        "target X:L1",
    ),
    (
        "no-damage: {to: {what: character, target: true}}",
        "target X:L1",
    ),
    (
        "double-damage-to-blockers: {to: {what: character, target: true}}",
        "target X:L1",
    ),
    ("gain-life: {amount: 1}", ""),
    (
        "gain-life: {amount: 1, per: {count: each, what: character, side: yours}}",
        "",
    ),
    (
        "choose-one: {modes: [{name: gain, do: [gain-life: {amount: 1}]}, {name: lose, do: [lose-life: {amount: 1, who: {what: player, side: opposing}}]}]}",
        "choose lose",
    ),
    (
        "lose-life: {amount: 1, who: {what: player, side: opposing}}",
        "",
    ),
    (
        "spin: {to: {what: character, target: true}, way: up}",
        "target X:L1",
    ),
    (
        "spin: {to: {what: character, target: true}, way: either}",
        "target X:L1 choose up",
    ),
    (
        "spin: {to: {what: character, target: true}, levels: 2, way: down}",
        "target X:L2*",
    ),
    (
        "spin-to: {to: {what: character, target: true}, face: character}",
        "target X:L1",
    ),
    (
        "reroll: {to: {what: character, target: true}}",
        "target Bob.Y:L1 roll Bob.Y:L3",
    ),
    (
        "reroll: {to: {what: character, target: true}, else_to: {zone: prep}}",
        "target Bob.Y:L1 roll Bob.Y:fist",
    ),
    (
        "move: {to: {what: character, target: true}, zone: {zone: prep}}",
        "target Bob.Y:L1",
    ),
    ("draw: {zone: prep}", "draw SK to prep"),
    ("draw-roll: {count: 1}", "roll SK:fist"),
    (
        "corrupt: {count: 1, who: {what: player, target: true}}",
        "target Ann draw SK to used",
    ),
    (
        "roll: {what: {what: sidekick, side: yours, zone: used}}",
        "roll SK:fist",
    ),
    (
        "roll: {what: {what: sidekick, side: yours, zone: used}, field: true}",
        "roll SK:L1",
    ),
    (
        "field: {what: {what: sidekick, side: yours, zone: used}}",
        "",
    ),
    (
        "capture: {to: {what: character, target: true}}",
        "target Bob.Y:L1",
    ),
    (
        "gain-affiliation: {to: {what: character, target: true}, affiliation: Villain}",
        "target Bob.Y:L1",
    ),
    (
        "retarget: {to: {what: character, target: true}}",
        "target Bob.Y:L1",
    ),
    (
        "control: {to: {what: character, target: true}}",
        "target Bob.Y:L1",
    ),
    (
        "copy: {to: {what: character, target: true}}",
        "target Bob.Y:L1",
    ),
    (
        "swap-attack: {to: {what: character, side: yours}, with: {what: character, side: opposing}}",
        "target X:L1 Bob.Y:L1",
    ),
    (
        "swap-stats: {to: {what: character, side: yours}}",
        "target X:L1",
    ),
    (
        "cant-block: {to: {what: character, target: true}}",
        "target Bob.Y:L1",
    ),
    (
        "cant-attack: {to: {what: character, target: true}}",
        "target X:L1",
    ),
    (
        "unblockable: {to: {what: character, target: true}}",
        "target X:L1",
    ),
    (
        "defense-equal-attack: {to: {what: character, target: true}}",
        "target X:L1",
    ),
    (
        "exchange-damage: {to: {what: character, side: yours, target: true}, with: {what: character, side: opposing, target: true}}",
        "target X:L1 Bob.Y:L1",
    ),
    (
        "swap: {to: {what: character, target: true}, with: {what: sidekick, zone: used, target: true}}",
        "target Bob.Y:L1 Bob.SK",
    ),
    (
        "fielding-cost: {to: {count: each, what: character, side: yours, zone: reserve}}",
        "",
    ),
    (
        "ignore-text: {to: {count: each, what: character, side: opposing}}",
        "",
    ),
    ("surcharge: {on: [global, action-die], cost: [life: 1]}", ""),
    ("extra-draw: {count: 1}", ""),
    ("cant-be-blocked-by: {by: {what: character}}", ""),
    (
        "cant-be-targeted: {to: {count: each, what: character}, by: [global, action]}",
        "",
    ),
    ("blocked-only-by-two-or-more", ""),
    (
        "must-block: {to: {what: character, target: true}}",
        "target Bob.Y:L1",
    ),
    (
        "assign-blocker: {to: {what: character, side: opposing}}",
        "target Bob.Y:L1",
    ),
    (
        "must-attack: {to: {what: character, target: true}}",
        "target X:L1",
    ),
    (
        "return-to-field: {to: {count: each, what: character, side: yours}}",
        "",
    ),
    (
        "leave-combat: {to: {what: character, state: attacking}}",
        "",
    ),
    (
        "unblockable: {to: {what: character, target: true}}",
        "target X:L2*",
    ),
    (
        "full-attack-to-each-blocker: {to: {what: character, target: true}}",
        "target X:L1",
    ),
    (
        "cant-be-blocked-by: {by: {what: character, own_level: less}}",
        "",
    ),
    (
        "ko: {to: {what: character, target: true}}, gain-life: {amount: 1, per_level: true}",
        "target Bob.Y:L1",
    ),
    (
        "damage: {amount: 1, to: {what: character-or-player, target: true, player_side: opposing}}",
        "target Bob",
    ),
    (
        "damage: {amount: 1, to: {count: three, what: character}}",
        "target Bob.Y:L1 Bob.Y:L1 X:L1",
    ),
    (
        "excess-to-player: {to: {what: character, target: true}}",
        "target X:L1",
    ),
    (
        "grant: {to: {what: character, target: true}, keyword: overcrush}",
        "target X:L1",
    ),
    (
        "grant: {to: {what: character, target: true}, keyword: deadly}",
        "target X:L1",
    ),
    (
        "reduce-cost: {amount: 2, of: {what: action-die}, next: true}",
        "",
    ),
    ("raise-cost: {amount: 1, of: {what: character}}", ""),
    (
        "reduce-cost: {amount: 1, of: {what: character, level: 1}}",
        "",
    ),
    ("give-impulse", ""),
    ("loyalty: {count: 1}", ""),
    ("energy: {amount: 1}", ""),
    ("token: {count: 1}", ""),
    ("pair-up", ""),
    ("replace: {zone: prep}", ""),
    ("unrecorded: \"what the card says\"", ""),
];

/// One sample of each cost, for a global in the `cycle` game, with the payment written.
const COSTS: &[(&str, &str)] = &[
    ("energy: [fist]", "pay SK:fist"),
    ("spin-down: {what: character, side: yours}", "pay X:L2*->L1"),
    ("ko: {what: character, side: yours}", "pay X:L2*"),
    (
        "move: {what: {what: character, side: yours}, zone: used}",
        "pay X:L2* to used",
    ),
    ("life: 1", "pay 1 life"),
    ("damage: 1", ""),
    ("up-to: [fist]", "pay SK:fist"),
];

const KEYWORDS: &[&str] = &[
    "ally",
    "continuous",
    "fast",
    "iron-will",
    "overcrush",
    "heroic",
    "{suit-up: {names: [Test Hero]}}",
    "deadly",
    "energy-drain",
    "cleave",
    "infiltrate",
    "regenerate",
    "intimidate",
    "call-out",
    "{breath-weapon: 1}",
    "swarm",
    "experience",
    "{range: 1}",
    "strike",
    "obscure",
    "retaliation",
    "tag-out",
    "attune",
    "amplify",
    "founder",
    "immortal",
    "turtle-power",
    "frag",
];

// ---------------------------------------------------------------------------------------
// The scripted games. `{HERO}` and `{ACTION}` name the test cards; a line starting
// `?TAG ` is written only for a variant that asks for TAG (its line of use), with
// `{CLAUSES}` filled in; `# @KEY` marks the moments a line makes happen:
//   `EVENT:this` the event about a die of the test card, `EVENT:die` about any die,
//   `EVENT:player` about a player; `turn-start`, `turn-end`, `attack-step-start`, `attack-step-end`,
//   `attacked`, `draws`; `start` (the game is set up), `in-play:this`, `in-field:this`,
//   `bought:this`. An optional line written for a variant marks its own TAG.
// ---------------------------------------------------------------------------------------

/// Everything happens to dice of the test card, on both sides: a turn ends and another
/// begins; Ann draws, rolls, rerolls, buys and fields one; Power Bolt damages and knocks
/// out one of Bob's and damages Bob; two attack, one blocked by one of Bob's; both
/// engaged dice are knocked out, the other damages Bob; the turn ends.
const CYCLE: &str = "\
dmlog 1
rules 2018
format custom life 20
team Ann
X = Test Hero: {HERO} x4
A = Test Action: {ACTION} x2
basic PB = Power Bolt
team Bob
Y = Test Hero: {HERO} x4
B = Test Action: {ACTION} x2
first Ann
position                        # @start
turn 3 Bob cleanup
life Ann 15
life Bob 15
bag Ann X SK x3                 # @in-play:this
prep Ann PB x2 A SK x3
field Ann X:L1                  # @in-field:this
used Ann SK x2
reserve Bob SK:fist x2
field Bob Y:L1 x2
used Bob SK x6 B
end
end                             # @turn-end
turn 4 Ann                      # @turn-start
draw X SK x3                    # @draws
roll X:L1 SK:fist x6 PB:act x2 A:*   # @rolled-from-prep:die
reroll X:L1->L2*
buy X pay SK:fist               # @bought:this @bought:die @bought-with-its-energy:this @bought-with-its-energy:die
field X:L2*                      # @fielded:this @fielded:die @teammate-fielded:die
?react-fielded Bob: global Y pay SK:fist
?use use A:* {CLAUSES}
?global global X {CLAUSES}
?twice global X {CLAUSES}
?twice global X {CLAUSES}
?activate activate X:L2* {CLAUSES}
?bob pass
?bob Bob: global X {CLAUSES}
use PB:act target Bob.Y:L1      # @uses-action @would-be-affected:this @would-be-affected:die @takes-damage:this @takes-damage:die @knocked-out:this @knocked-out:die @would-be-knocked-out:this @would-be-knocked-out:die @deals-effect-damage:player @leaves-field-by-opponent:this @leaves-field-by-opponent:die
?react-knocked-out Bob: global Y pay SK:fist
?react-deals-effect-damage global X pay SK:fist
use PB:act target Bob           # @uses-action @would-be-affected:player @takes-damage:player @deals-effect-damage:player
?react-takes-damage Bob: global Y pay SK:fist
pass
Bob: pass
attack X:L1 X:L2*                # @attack-step-start @attacked @attacks:this @attacks:die
?react-attacks Bob: global Y pay SK:fist
block Y:L1 -> X:L1              # @blocks:this @blocks:die @is-blocked:this @is-blocked:die @engaged:this @engaged:die @blockers-assigned:this
?react-blocks Bob: global Y pay SK:fist
?react-is-blocked Bob: global Y pay SK:fist
pass
Bob: pass                       # @takes-damage:this @takes-damage:die @takes-damage:player @knocked-out:this @knocked-out:die @would-be-knocked-out:this @would-be-knocked-out:die @knocked-out-while-blocking:this @knocked-out-while-blocking:die @damages-opponent:this @damages-opponent:die @kos-with-combat-damage:this @kos-with-combat-damage:die @attack-step-end
?react-damages-opponent Bob: global Y pay SK:fist
end                             # @turn-end
";

/// Bob's copy of the test card has no die anywhere in play: what it does, it does from
/// the card. Ann fields one, bolts Bob, and attacks him unblocked.
const NOWHERE: &str = "\
dmlog 1
rules 2018
format custom life 20
team Ann
X = Test Hero: {HERO} x4
A = Test Action: {ACTION} x2
basic PB = Power Bolt
team Bob
Y = Test Hero: {HERO} x4
B = Test Action: {ACTION} x2
first Ann
position                        # @start
turn 3 Bob cleanup
life Ann 15
life Bob 15
bag Ann SK x4
prep Ann PB A X                 # @in-play:this
used Ann SK x4
reserve Bob SK:fist x2
used Bob SK x6
end
end                             # @turn-end
turn 4 Ann                      # @turn-start
draw SK x4                      # @draws
roll SK:fist x4 PB:act A:act X:L1   # @rolled-from-prep:this @rolled-from-prep:die
field X:L1                      # @fielded:this @fielded:die @in-field:this
use PB:act target Bob           # @uses-action @would-be-affected:player @takes-damage:player @deals-effect-damage:player
pass
Bob: pass
attack X:L1                     # @attack-step-start @attacked @attacks:this @attacks:die
pass
Bob: pass                       # @takes-damage:player @damages-opponent:this @damages-opponent:die @attack-step-end
end                             # @turn-end
";

/// No die of the test card is ever in play, on either side: only the card's text can
/// act. Sidekicks do everything: Ann fields three and attacks; Bob's blocks one.
const BARE: &str = "\
dmlog 1
rules 2018
format custom life 20
team Ann
X = Test Hero: {HERO} x4
A = Test Action: {ACTION} x2
basic PB = Power Bolt
team Bob
Y = Test Hero: {HERO} x4
B = Test Action: {ACTION} x2
first Ann
position                        # @start
turn 3 Bob cleanup
life Ann 15
life Bob 15
bag Ann SK x4
prep Ann PB SK x2
used Ann SK x2
reserve Bob SK:fist x2
field Bob SK:L1
used Bob SK x5
end
end                             # @turn-end
turn 4 Ann                      # @turn-start
draw SK x4                      # @draws
roll SK:L1 x3 SK:fist x3 PB:act
field SK:L1 x3                  # @fielded:die
use PB:act target Bob           # @uses-action @would-be-affected:player @takes-damage:player @deals-effect-damage:player
pass
Bob: pass
attack SK:L1 x3                 # @attack-step-start @attacked @attacks:die
block SK:L1 -> SK:L1            # @blocks:die @is-blocked:die @engaged:die
pass
Bob: pass                       # @takes-damage:die @takes-damage:player @knocked-out:die @would-be-knocked-out:die @knocked-out-while-blocking:die @damages-opponent:die @kos-with-combat-damage:die @attack-step-end
end                             # @turn-end
";

/// Combat keywords: Ann's test hero (2A/2D) attacks and one of Bob's sidekicks (1A/1D)
/// blocks it. Only keywords that act in combat are walked through it
/// (`@combat:this`): Overcrush sends 1 on to Bob, Fast keeps the sidekick's damage off.
const COMBAT: &str = "\
dmlog 1
rules 2018
format custom life 20
team Ann
X = Test Hero: {HERO} x4
A = Test Action: {ACTION} x2
team Bob
Y = Test Hero: {HERO} x4
B = Test Action: {ACTION} x2
first Ann
position                        # @combat:this
turn 4 Ann main
life Ann 15
life Bob 15
field Ann X:L1
field Bob SK:L1
used Ann SK x8
used Bob SK x7
end
pass
Bob: pass
attack X:L1
block SK:L1 -> X:L1
pass
Bob: pass                       # @attack-step-end
end
";

/// Energy Drain: Ann's test hero attacks and Bob's, at level 2, blocks it
/// (`@drain:this`): the blocker spins down.
const DRAIN: &str = "\
dmlog 1
rules 2018
format custom life 20
team Ann
X = Test Hero: {HERO} x4
A = Test Action: {ACTION} x2
team Bob
Y = Test Hero: {HERO} x4
B = Test Action: {ACTION} x2
first Ann
position                        # @drain:this
turn 4 Ann main
life Ann 15
life Bob 15
field Ann X:L1
field Bob Y:L2*
used Ann SK x8
used Bob SK x8
end
pass
Bob: pass
attack X:L1
block Y:L2* -> X:L1
pass
Bob: pass
end
";

/// Awaken's event: Enrage spins Ann's test hero up a level (it must then attack, and
/// does, unblocked).
const SPIN: &str = "\
dmlog 1
rules 2018
format custom life 20
team Ann
X = Test Hero: {HERO} x4
A = Test Action: {ACTION} x2
basic EN = Enrage
team Bob
Y = Test Hero: {HERO} x4
B = Test Action: {ACTION} x2
first Ann
position
turn 4 Ann main
life Ann 15
life Bob 15
reserve Ann EN:act
field Ann X:L1
field Bob Y:L1
used Ann SK x8
used Bob SK x8
end
use EN:act target X:L1          # @spins-up:this @spins-up:die
pass
Bob: pass
attack X:L2*
block none
pass
Bob: pass
end
";

const SCRIPTS: &[(&str, &str)] = &[
    ("cycle", CYCLE),
    ("spin", SPIN),
    ("nowhere", NOWHERE),
    ("bare", BARE),
    ("combat", COMBAT),
    ("drain", DRAIN),
];

// ---------------------------------------------------------------------------------------
// Variants: an ability (or a card's whole text) and what it is compared with.
// ---------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum On {
    Hero,
    Action,
}

#[derive(Debug, Clone)]
struct Variant {
    /// What is walked, for the report.
    label: String,
    on: On,
    /// The card's `abilities:` value: `none`, `not-encoded`, or a YAML list.
    text: String,
    /// What it is compared with: the card without text, or the same text without the
    /// part under test.
    base: String,
    /// The moments at which it could first matter (the first such line counts).
    keys: Vec<String>,
    /// The optional line of the scripts it needs, and that line's clauses.
    line: Option<(&'static str, String)>,
    /// The same line as the baseline writes it, when it writes other clauses: a baseline
    /// that does nothing chooses nothing, so its line names no targets.
    base_line: Option<(&'static str, String)>,
    /// Only these scripts (where the part makes a difference); all by default.
    only: Option<&'static [&'static str]>,
    /// `cards --check` must refuse it: it means nothing.
    refused: bool,
    /// The fixture that shows it applied, for a part whose effect needs what the walk's
    /// games never have (Heroic pairs only with a die of another Heroic card): there it
    /// may change nothing, and the fixture must exist.
    shown_by: Option<&'static str>,
}

impl Variant {
    fn on(mut self, on: On) -> Self {
        self.on = on;
        self
    }
    fn line(mut self, tag: &'static str, clauses: impl Into<String>) -> Self {
        self.line = Some((tag, clauses.into()));
        self
    }
    /// The baseline writes its line with these clauses; the variant's line must then be
    /// accepted as written (its choices are the effect's), and differ by what it does.
    fn base_clauses(mut self, clauses: impl Into<String>) -> Self {
        let tag = self.line.as_ref().expect("a line first").0;
        self.base_line = Some((tag, clauses.into()));
        self
    }
    fn shown_by(mut self, fixture: &'static str) -> Self {
        self.shown_by = Some(fixture);
        self
    }
    fn only(mut self, scripts: &'static [&'static str]) -> Self {
        self.only = Some(scripts);
        self
    }
    fn refused(mut self, refused: bool) -> Self {
        self.refused = refused;
        self
    }
}

fn list(abilities: &[String]) -> String {
    abilities.iter().map(|a| format!("\n      - {a}")).collect()
}

fn one(ability: &str) -> String {
    list(&[ability.to_string()])
}

const NONE: &str = "none";

fn variant(label: impl Into<String>, text: String, base: &str, keys: &[&str]) -> Variant {
    Variant {
        label: label.into(),
        on: On::Hero,
        text,
        base: base.to_string(),
        keys: keys.iter().map(|k| k.to_string()).collect(),
        line: None,
        base_line: None,
        only: None,
        refused: false,
        shown_by: None,
    }
}

/// Events fired about a player ("you take damage"), where `of: you` names the player.
fn about_player(e: Event) -> bool {
    matches!(
        e,
        Event::TakesDamage | Event::DealsEffectDamage | Event::WouldBeAffected
    )
}

/// Moments of the whole game rather than of a die.
fn game_event(e: Event) -> bool {
    matches!(
        e,
        Event::TurnStart
            | Event::TurnEnd
            | Event::AttackStepStart
            | Event::Draws
            | Event::UsesAction
            | Event::Attacked
            | Event::AttackStepEnd
    )
}

/// Combinations of event and subject that mean nothing, which `cards --check` must
/// refuse: a player deals effect damage, no die does; "blockers assigned" is about no die
/// or player, so it is read per die of the card in the field (`of: this`) only; a
/// moment of the game is a player's (`of: you`, `of: opponent`) or met by each of the
/// card's dice in the field (`of: this`), never a character's.
fn meaningless(e: Event, s: Subject) -> bool {
    if game_event(e) {
        return !matches!(s, Subject::This | Subject::You | Subject::Opponent);
    }
    match e {
        Event::DealsEffectDamage => matches!(
            s,
            Subject::This
                | Subject::YourCharacter
                | Subject::AnyCharacter
                | Subject::Partner
                | Subject::ThisOrPartner
        ),
        Event::BlockersAssigned => s != Subject::This,
        // Teamwatch: its card's controller fields the die.
        Event::TeammateFielded => s != Subject::You,
        _ => false,
    }
}

/// The limits each kind may have (the rulebook's limited, once-per-turn and reactive
/// globals; a die ability's once per turn; none for an action die, a static or a
/// keyword): any other must be refused.
fn limit_fits(k: Kind, l: Limit) -> bool {
    match k {
        Kind::Global => matches!(
            l,
            Limit::Unlimited
                | Limit::Limited
                | Limit::OncePerTurn
                | Limit::OnceOnYourTurn
                | Limit::Reactive
        ),
        Kind::Triggered => matches!(
            l,
            Limit::Unlimited | Limit::OncePerTurn | Limit::OncePerTurnPerDie | Limit::FirstEachTurn
        ),
        Kind::Activated => matches!(
            l,
            Limit::Unlimited | Limit::OncePerTurn | Limit::OncePerTurnPerDie
        ),
        Kind::Action | Kind::Static | Kind::Keyword => l == Limit::Unlimited,
    }
}

/// The moments at which a trigger on `e` of `s` fires in a script.
fn trigger_keys(e: Event, s: Subject) -> Vec<String> {
    let n = e.name();
    if game_event(e) {
        return vec![n.to_string()];
    }
    if e == Event::BlockersAssigned {
        return vec![format!("{n}:this")];
    }
    let keys: Vec<&str> = match s {
        Subject::This => vec!["this"],
        Subject::ThisOrYou if about_player(e) => vec!["this", "player"],
        Subject::ThisOrYou => vec!["this"],
        // The die's own event; its partner's needs a pairing, which no game of the walk
        // has (`fixtures/rules/abilities/paired.dmlog` shows it).
        Subject::ThisOrPartner => vec!["this"],
        Subject::Partner => vec![],
        Subject::You | Subject::Opponent if about_player(e) => vec!["player"],
        Subject::You | Subject::Opponent | Subject::YourCharacter | Subject::AnyCharacter => {
            vec!["die"]
        }
    };
    keys.iter().map(|k| format!("{n}:{k}")).collect()
}

const GAIN: &str = "do: [gain-life: {amount: 1}]";

fn walk() -> Vec<Variant> {
    let mut out = Vec::new();

    // A card whose text is not encoded at all: undecided once a die of it is in play.
    out.push(variant(
        "a card not encoded",
        "not-encoded".into(),
        NONE,
        &["in-play:this"],
    ));

    // Triggered: every event × every subject, with an effect that always shows.
    for &e in Event::ALL {
        for s in SUBJECTS {
            let text = one(&format!(
                "{{kind: triggered, when: {{event: {}, of: {}}}, {GAIN}}}",
                e.name(),
                s.name()
            ));
            let keys = trigger_keys(e, s);
            let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
            let v = variant(
                format!("triggered on {} of {}", e.name(), s.name()),
                text,
                NONE,
                &keys,
            )
            .refused(meaningless(e, s));
            // A moment met by the card's dice: only `cycle` has one of them in the field
            // at each moment's first mark.
            let v = if s == Subject::Partner {
                // Its partner's event: no game of the walk has a pair.
                variant(v.label, v.text, NONE, &["in-field:this"])
                    .refused(v.refused)
                    .shown_by("fixtures/rules/abilities/paired.dmlog")
            } else if e == Event::RollsDoubleEnergy {
                // No game of the walk rolls a die on a double energy face (Energize).
                variant(v.label, v.text, NONE, &["in-field:this"])
                    .refused(v.refused)
                    .shown_by("fixtures/rules/abilities/energize.dmlog")
            } else {
                v
            };
            out.push(if e == Event::AttackStepEnd && s == Subject::This {
                // The cycle's dice are all gone by then: the combat game's attacker
                // survives its attack step.
                v.only(&["combat"])
            } else if game_event(e) && s == Subject::This {
                v.only(&["cycle"])
            } else {
                v
            });
        }
    }
    out.push(variant(
        "triggered with no event",
        one(&format!("{{kind: triggered, {GAIN}}}")),
        NONE,
        &["in-field:this"],
    ));

    // Parts of a trigger, each against the same trigger without it. Bob takes damage
    // twice in each game (Power Bolt in the main step, attackers in the attack step).
    let taken = |field: &str| {
        one(&format!(
            "{{kind: triggered{field}, when: {{event: takes-damage, of: you}}, {GAIN}}}"
        ))
    };
    let plain_taken = taken("");
    for w in WHILES {
        // Bob's card has no die in the field in `nowhere` and `bare`: no condition on its
        // dice holds there (in `cycle` it has, and the condition is walked on statics).
        out.push(
            variant(
                format!("triggered while {}", while_name(w)),
                taken(&format!(", while: {}", while_name(w))),
                &plain_taken,
                &["takes-damage:player"],
            )
            .only(&["nowhere", "bare"]),
        );
    }
    for step in ["main", "attack"] {
        out.push(variant(
            format!("triggered in the {step} step only"),
            one(&format!(
                "{{kind: triggered, when: {{event: takes-damage, of: you, step: {step}}}, {GAIN}}}"
            )),
            &plain_taken,
            &["takes-damage:player"],
        ));
    }
    for l in LIMITS {
        if l == Limit::Unlimited {
            continue;
        }
        out.push(
            variant(
                format!("triggered, limit {}", l.name()),
                taken(&format!(", limit: {}", l.name())),
                &plain_taken,
                &["takes-damage:player"],
            )
            .refused(!limit_fits(Kind::Triggered, l)),
        );
    }
    // Conditions that do not hold when Ann fields `X:L2*` (Bob has two level 1 `Y`).
    let fielded = |extra: &str| {
        one(&format!(
            "{{kind: triggered, when: {{event: fielded}}{extra}, {GAIN}}}"
        ))
    };
    for cond in [
        "{none-match: {count: each, what: character, side: opposing}}",
        "{some-match: {what: character, side: opposing, level: 3}}",
        "{compare: {left: {life: opponent}, is: more, right: {life: you}}}",
        "{compare: {left: {count: {what: character, side: opposing}}, is: at-least, right: {number: 3}}}",
        "{compare: {left: {level: {what: this}}, is: equal, right: {number: 3}}}",
        "underdog",
        "resistance",
        "{not: {some-match: {what: character, side: opposing}}}",
        "{team-has: {what: character, side: opposing, title: Nobody}}",
    ] {
        out.push(
            variant(
                format!("triggered if {cond}"),
                fielded(&format!(", if: {cond}")),
                &fielded(""),
                &["fielded:this"],
            )
            .only(&["cycle"]),
        );
    }
    // "Your turn": Bob's trigger on Ann's fielding, on Ann's turn, does not hold.
    let opp_fielded = |extra: &str| {
        one(&format!(
            "{{kind: triggered, when: {{event: fielded, of: opponent}}{extra}, {GAIN}}}"
        ))
    };
    out.push(
        variant(
            "triggered if your-turn",
            opp_fielded(", if: your-turn"),
            &opp_fielded(""),
            &["fielded:die"],
        )
        .only(&["cycle"]),
    );
    // A filter on the die the event is about that leaves out the die fielded, and one by
    // title and cost that takes it.
    // The first is compared with the trigger without a filter, the second with no text.
    let unfiltered = fielded("");
    for (filter, base) in [
        ("{what: character, title: Nobody}", unfiltered.as_str()),
        ("{what: character, title: Test Hero, max_cost: 9}", NONE),
    ] {
        out.push(
            variant(
                format!("triggered with filter {filter}"),
                one(&format!(
                    "{{kind: triggered, when: {{event: fielded, filter: {filter}}}, {GAIN}}}"
                )),
                base,
                &["fielded:this"],
            )
            .only(&["cycle"]),
        );
    }
    // Ann fields `X:L2*`: a burst variant of the trigger, added or instead.
    for burst in [
        format!("{{on: \"*\", {GAIN}}}"),
        format!("{{on: \"*/**\", instead: true, {GAIN}}}"),
    ] {
        out.push(
            variant(
                format!("triggered with burst {burst}"),
                one(&format!(
                    "{{kind: triggered, when: {{event: fielded}}, do: [], bursts: [{burst}]}}"
                )),
                &one("{kind: triggered, when: {event: fielded}, do: []}"),
                &["fielded:this"],
            )
            .only(&["cycle"]),
        );
    }
    out.push(variant(
        "triggered, may",
        fielded(", may: true"),
        &fielded(""),
        &["fielded:this"],
    ));
    // "The die it is about", where the event is about a die, and where it never is.
    out.push(variant(
        "triggered on takes-damage of this, reaching the die it is about",
        one("{kind: triggered, when: {event: takes-damage}, do: [boost: {to: {what: it}, defense: 1}]}"),
        NONE,
        &["takes-damage:this"],
    ));
    out.push(
        variant(
            "triggered on takes-damage of you, reaching the die it is about",
            one("{kind: triggered, when: {event: takes-damage, of: you}, do: [boost: {to: {what: it}, defense: 1}]}"),
            NONE,
            &["takes-damage:player"],
        )
        .refused(true),
    );

    // Statics: each effect a static may carry, while active.
    for (effect, _) in EFFECTS {
        let effect = static_form(effect);
        out.push(shown_elsewhere(
            &effect,
            variant(
                format!("static {effect}"),
                one(&format!("{{kind: static, while: active, do: [{effect}]}}")),
                NONE,
                &["in-field:this"],
            )
            .only(&["cycle"]),
        ));
    }
    let grow = |extra: &str, to: &str| {
        one(&format!(
            "{{kind: static{extra}, do: [boost: {{to: {to}, attack: 1, defense: 1, until: while-on}}]}}"
        ))
    };
    let this = "{what: this}";
    let opposing = "{count: each, what: character, side: opposing}";
    out.push(variant(
        "static boost of this die",
        grow("", this),
        NONE,
        &["in-field:this"],
    ));
    // Without `while:` it acts from the card: in every game, from the start.
    out.push(variant(
        "static boost of the opposing characters",
        grow("", opposing),
        NONE,
        &["start"],
    ));
    for w in WHILES {
        // With no die of the card in the field, no condition on its dice holds: Bob's
        // card boosts Ann's attackers in `nowhere` and `bare` only without `while:`.
        // Ann's card has a die in the field in `nowhere`.
        out.push(
            variant(
                format!("static while {}, opposing characters", while_name(w)),
                grow(&format!(", while: {}", while_name(w)), opposing),
                &grow("", opposing),
                &["in-field:this"],
            )
            .only(&["nowhere"]),
        );
        out.push(
            variant(
                format!(
                    "static while {}, opposing characters, no die",
                    while_name(w)
                ),
                grow(&format!(", while: {}", while_name(w)), opposing),
                &grow("", opposing),
                &["start"],
            )
            .only(&["bare"]),
        );
        // Of its own die: Ann's attackers and Bob's blocker in `cycle` differ (while
        // active, this die's boost is the boost without a condition: no case here).
        if w != While::Active {
            out.push(
                variant(
                    format!("static while {}, this die", while_name(w)),
                    grow(&format!(", while: {}", while_name(w)), this),
                    &grow("", this),
                    &["in-field:this"],
                )
                .only(&["cycle"]),
            );
        }
    }
    out.push(
        variant(
            "static if a condition that does not hold",
            grow(
                ", if: {some-match: {what: character, side: opposing, level: 3}}",
                this,
            ),
            &grow("", this),
            &["in-field:this"],
        )
        .only(&["cycle"]),
    );
    out.push(variant(
        "static if a condition, from the card",
        grow(
            ", if: {some-match: {what: character, side: opposing, level: 3}}",
            opposing,
        ),
        &grow("", opposing),
        &["start"],
    ));
    out.push(
        variant(
            "static reaching the die of an event",
            grow("", "{what: it}"),
            NONE,
            &["start"],
        )
        .refused(true),
    );
    for l in LIMITS {
        if l == Limit::Unlimited {
            continue;
        }
        out.push(
            variant(
                format!("static, limit {}", l.name()),
                grow(&format!(", limit: {}", l.name()), this),
                &grow("", this),
                &["in-field:this"],
            )
            .refused(!limit_fits(Kind::Static, l)),
        );
    }

    // A static on an action card, which has no die in the field (without Continuous):
    // from the card, as any static without `while:`.
    out.push(
        variant(
            "static on an action card",
            grow("", opposing),
            NONE,
            &["start"],
        )
        .on(On::Action),
    );

    // Keywords, each at its own moment.
    for k in KEYWORDS {
        let key = match *k {
            "continuous" => "use",
            s if s.starts_with("{suit-up") => "bought:this",
            // Combat keywords, where they make a difference.
            "overcrush" | "fast" => "combat:this",
            "energy-drain" => "drain:this",
            // Retaliation acts as a die is knocked out (its own die, of the test card's
            // affiliation, first).
            "retaliation" => "knocked-out:this",
            // Frag acts as its attacker's combat damage knocks a blocker out; in the walk
            // the attacker falls with it, which is undecided there.
            "frag" => "knocked-out-while-blocking:this",
            _ => "in-field:this",
        };
        let mut v = variant(
            format!("keyword {k}"),
            one(&format!("{{kind: keyword, keyword: {k}}}")),
            NONE,
            &[key],
        );
        if *k == "ally" {
            // Ally shows where something asks for sidekicks: a bonus to each of yours.
            let bonus = "{kind: static, do: [boost: {to: {count: each, what: sidekick, side: yours}, attack: 1, until: while-on}]}";
            v.text = list(&[
                format!("{{kind: keyword, keyword: {k}}}"),
                bonus.to_string(),
            ]);
            v.base = one(bonus);
        }
        // A keyword the walk's scripts cannot show is shown by its own fixture.
        let shown = match *k {
            // The walk's engaged dice (2A/2D heroes, sidekicks) all knock each other out
            // in combat, so none is left for Deadly to knock out at the end of the turn.
            "deadly" => Some("fixtures/rules/abilities/keywords/deadly.dmlog"),
            // Cleave acts when its attacker knocks out a blocker and the opponent has
            // another character, which no game of the walk has.
            "cleave" => Some("fixtures/rules/abilities/keywords/cleave.dmlog"),
            // Call Out restricts blocks: the walk's attacks are blocked by the only
            // opposing die there is, which Call Out would have targeted anyway.
            "call-out" => Some("fixtures/rules/abilities/keywords/call-out.dmlog"),
            // Intimidate waits for its target as the die is fielded while the opponent
            // has a character in the field, which the walk's scripts do not answer.
            "intimidate" => Some("fixtures/rules/abilities/keywords/intimidate.dmlog"),
            // Range waits for its target as the die attacks while the opponent has a
            // character in the field, which the walk's scripts do not answer.
            "{range: 1}" => Some("fixtures/rules/abilities/keywords/range.dmlog"),
            // Strike holds only for the one character die its controller fielded this
            // turn; the walk's games start from positions that do not say what was
            // fielded, where a die with it is undecided.
            "strike" => Some("fixtures/rules/abilities/keywords/strike.dmlog"),
            // Obscure acts as an action die is used while a die with it is in the field,
            // and shows only when a blocker is then refused, which no game of the walk has.
            "obscure" => Some("fixtures/rules/abilities/keywords/obscure.dmlog"),
            // Retaliation acts when a character sharing an affiliation with its card is
            // knocked out, and the walk's test cards have no affiliation.
            "retaliation" => Some("fixtures/rules/abilities/keywords/retaliation.dmlog"),
            // Tag Out's choice opens once blockers are declared, with a die of a WWE
            // card to target, which no game of the walk has.
            "tag-out" => Some("fixtures/rules/abilities/keywords/tag-out.dmlog"),
            // Both act as their controller uses an action die: Attune waits for a target
            // the walk's scripts do not answer, and Amplify spins the test card's dice
            // up, which the later lines of the scripts do not expect.
            "attune" => Some("fixtures/rules/abilities/keywords/attune.dmlog"),
            "amplify" => Some("fixtures/rules/abilities/keywords/amplify.dmlog"),
            // Swarm acts in the clear and draw step when a die of the card is drawn while
            // another is in the field, which no game of the walk has.
            "swarm" => Some("fixtures/rules/abilities/keywords/swarm.dmlog"),
            // Experience acts at the end of a turn in which an opposing Monster was
            // knocked out, and the walk's cards are no Monsters.
            "experience" => Some("fixtures/rules/abilities/keywords/experience.dmlog"),
            // Turtle Power lowers the cost of Teenage Mutant Ninja Turtle dice, and the
            // walk's cards have no affiliation.
            "turtle-power" => Some("fixtures/rules/abilities/keywords/turtle-power.dmlog"),
            // Frag acts when its attacker knocks out a blocker while the opponent has a
            // character that did not block, which no game of the walk has.
            "frag" => Some("fixtures/rules/abilities/keywords/frag.dmlog"),
            // A die pairs only with a die of another Heroic card, which no game of the
            // walk has.
            "heroic" => Some("fixtures/rulings/uxm/heroic-pairing-up.dmlog"),
            // Founder does nothing itself: the cards that name the dice with it show it.
            "founder" => Some("fixtures/cards/dps/cyclops-first-class.dmlog"),
            _ => None,
        };
        if let Some(f) = shown {
            v = v.shown_by(f);
        }
        if key == "combat:this" {
            v = v.only(&["combat"]);
        }
        if key == "drain:this" {
            v = v.only(&["drain"]);
        }
        // Iron Will: the bolted and the blocked dice of the cycle survive; the other
        // scripts damage no die of the card.
        if *k == "iron-will" {
            v = v.only(&["cycle"]);
        }
        // Regenerate: the cycle knocks out dice of the card (Power Bolt, combat); in
        // `nowhere` Bob's copy has no die to knock out.
        if *k == "regenerate" {
            v = v.only(&["cycle"]);
        }
        if *k == "continuous" {
            // An action card's keyword: the die used, with and without it.
            v.text = list(&[
                format!("{{kind: keyword, keyword: {k}}}"),
                format!("{{kind: action, {GAIN}}}"),
            ]);
            v.base = one(&format!("{{kind: action, {GAIN}}}"));
            v = v.on(On::Action).line("use", "");
        }
        out.push(v);
    }
    out.push(
        variant(
            "keyword, limit once-per-turn",
            one("{kind: keyword, keyword: fast, limit: once-per-turn}"),
            NONE,
            &["in-field:this"],
        )
        .refused(!limit_fits(Kind::Keyword, Limit::OncePerTurn)),
    );

    // Action dice: each effect, against an action that does nothing.
    let empty_action = one("{kind: action, do: []}");
    let gain_action = |extra: &str| one(&format!("{{kind: action{extra}, {GAIN}}}"));
    for (effect, clauses) in EFFECTS {
        out.push(shown_elsewhere(
            effect,
            variant(
                format!("action {effect}"),
                one(&format!("{{kind: action, do: [{effect}]}}")),
                &empty_action,
                &["use"],
            )
            .on(On::Action)
            .line("use", *clauses)
            .base_clauses("")
            .only(&["cycle"]),
        ));
    }
    out.push(
        variant(
            "an action that does nothing",
            empty_action.clone(),
            NONE,
            &["use"],
        )
        .on(On::Action)
        .line("use", "")
        .only(&["cycle"]),
    );
    out.push(
        variant(
            "action if a condition that does not hold",
            gain_action(", if: {some-match: {what: character, side: opposing, level: 3}}"),
            &gain_action(""),
            &["use"],
        )
        .on(On::Action)
        .line("use", "")
        .only(&["cycle"]),
    );
    out.push(
        variant(
            "action if a condition that does not hold, else gain life",
            one("{kind: action, if: {some-match: {what: character, side: opposing, level: 3}}, do: [], else: [gain-life: {amount: 1}]}"),
            &one("{kind: action, if: {some-match: {what: character, side: opposing, level: 3}}, do: []}"),
            &["use"],
        )
        .on(On::Action)
        .line("use", "")
        .only(&["cycle"]),
    );
    out.push(
        variant(
            "action while active",
            gain_action(", while: active"),
            &gain_action(""),
            &["use"],
        )
        .on(On::Action)
        .line("use", "")
        .only(&["cycle"])
        .refused(true),
    );
    out.push(
        variant(
            "action reaching this die",
            one("{kind: action, do: [boost: {to: {what: this}, attack: 1}]}"),
            &empty_action,
            &["use"],
        )
        .on(On::Action)
        .line("use", "")
        .only(&["cycle"])
        .refused(true),
    );
    for l in LIMITS {
        if l == Limit::Unlimited {
            continue;
        }
        out.push(
            variant(
                format!("action, limit {}", l.name()),
                gain_action(&format!(", limit: {}", l.name())),
                &gain_action(""),
                &["use"],
            )
            .on(On::Action)
            .line("use", "")
            .only(&["cycle"])
            .refused(!limit_fits(Kind::Action, l)),
        );
    }
    // The die is used showing `*`: a burst variant that adds, or replaces.
    for burst in [
        format!("{{on: \"*/**\", {GAIN}}}"),
        format!("{{on: \"*\", instead: true, {GAIN}}}"),
    ] {
        out.push(
            variant(
                format!("action with burst {burst}"),
                one(&format!("{{kind: action, do: [], bursts: [{burst}]}}")),
                &empty_action,
                &["use"],
            )
            .on(On::Action)
            .line("use", "")
            .only(&["cycle"]),
        );
    }

    // Globals: each effect, against a global of the same cost that does nothing.
    let empty_global = one("{kind: global, cost: [energy: [fist]], do: []}");
    let gain_global = |extra: &str| {
        one(&format!(
            "{{kind: global{extra}, cost: [energy: [fist]], {GAIN}}}"
        ))
    };
    for (effect, clauses) in EFFECTS {
        out.push(shown_elsewhere(
            effect,
            variant(
                format!("global {effect}"),
                one(&format!(
                    "{{kind: global, cost: [energy: [fist]], do: [{effect}]}}"
                )),
                &empty_global,
                &["global"],
            )
            .line("global", format!("pay SK:fist {clauses}"))
            .base_clauses("pay SK:fist")
            .only(&["cycle"]),
        ));
    }
    out.push(
        variant(
            "a global that does nothing",
            empty_global.clone(),
            NONE,
            &["global"],
        )
        .line("global", "pay SK:fist")
        .only(&["cycle"]),
    );
    for (cost, pay) in COSTS {
        out.push(
            variant(
                format!("global, cost {cost}"),
                one(&format!("{{kind: global, cost: [{cost}], {GAIN}}}")),
                &one(&format!("{{kind: global, cost: [{cost}], do: []}}")),
                &["global"],
            )
            .line("global", *pay)
            .only(&["cycle"]),
        );
    }
    // Either player uses a card's global: Bob uses Ann's.
    out.push(
        variant(
            "a global used by the other player",
            gain_global(""),
            &empty_global,
            &["bob"],
        )
        .line("bob", "pay SK:fist")
        .only(&["cycle"]),
    );
    // "Unless the opponent pays": held for Bob's answer; unanswered, it happens.
    out.push(
        variant(
            "a global the opponent may pay to stop",
            gain_global(", unless: [life: 1]"),
            &empty_global,
            &["global"],
        )
        .line("global", "pay SK:fist")
        .only(&["cycle"]),
    );
    out.push(
        variant(
            "global if a condition that does not hold",
            gain_global(", if: {some-match: {what: character, side: opposing, level: 3}}"),
            &gain_global(""),
            &["global"],
        )
        .line("global", "pay SK:fist")
        .only(&["cycle"]),
    );
    out.push(
        variant(
            "global while active",
            gain_global(", while: active"),
            &gain_global(""),
            &["global"],
        )
        .line("global", "pay SK:fist")
        .only(&["cycle"])
        .refused(true),
    );
    out.push(
        variant(
            "global reaching the die of an event",
            one("{kind: global, cost: [energy: [fist]], do: [boost: {to: {what: it}, attack: 1}]}"),
            &empty_global,
            &["global"],
        )
        .line("global", "pay SK:fist")
        .only(&["cycle"])
        .refused(true),
    );
    for l in LIMITS {
        if matches!(l, Limit::Unlimited | Limit::Reactive) {
            continue;
        }
        // Used twice in one turn by the same player.
        out.push(
            variant(
                format!("global, limit {}", l.name()),
                gain_global(&format!(", limit: {}", l.name())),
                &gain_global(""),
                &["twice"],
            )
            .line("twice", "pay SK:fist")
            .only(&["cycle"])
            .refused(!limit_fits(Kind::Global, l)),
        );
    }
    // Reactive globals, each answering its event right after the line that sets it off.
    let reactive = |e: Event, of: &str, effects: &str| {
        one(&format!(
            "{{kind: global, limit: reactive, when: {{event: {}, of: {of}}}, cost: [energy: [fist]], {effects}}}",
            e.name()
        ))
    };
    for &e in Event::ANSWERABLE {
        let subjects: &[&str] = match e {
            Event::TakesDamage | Event::DealsEffectDamage => &["you"],
            // Bob answers Ann's die fielded: any character's, his opponent's.
            Event::Fielded => &["any-character", "opponent"],
            _ => &["any-character"],
        };
        for of in subjects {
            let tag: &'static str = Box::leak(format!("react-{}", e.name()).into_boxed_str());
            out.push(
                variant(
                    format!("reactive global on {} of {of}", e.name()),
                    reactive(e, of, GAIN),
                    &reactive(e, of, "do: []"),
                    &[tag],
                )
                .line(tag, "")
                .only(&["cycle"]),
            );
        }
    }
    // Answering Bob's damage from Power Bolt, in the main step: not in the attack step.
    let in_attack = one(&format!(
        "{{kind: global, limit: reactive, when: {{event: takes-damage, of: you, step: attack}}, cost: [energy: [fist]], {GAIN}}}"
    ));
    out.push(
        variant(
            "reactive global in the attack step only",
            in_attack,
            &reactive(Event::TakesDamage, "you", GAIN),
            &["react-takes-damage"],
        )
        .line("react-takes-damage", "")
        .only(&["cycle"]),
    );
    for &e in Event::ALL {
        if e.answerable() {
            continue;
        }
        out.push(
            variant(
                format!("reactive global on {}, which no global answers", e.name()),
                reactive(e, "you", GAIN),
                NONE,
                &["global"],
            )
            .refused(true),
        );
    }

    // Activated abilities, of a die in the field.
    out.push(
        variant(
            "activated",
            one(&format!(
                "{{kind: activated, cost: [energy: [fist]], {GAIN}}}"
            )),
            NONE,
            &["activate"],
        )
        .line("activate", "pay SK:fist")
        .only(&["cycle"]),
    );
    for l in LIMITS {
        if l == Limit::Unlimited {
            continue;
        }
        out.push(
            variant(
                format!("activated, limit {}", l.name()),
                one(&format!(
                    "{{kind: activated, limit: {}, cost: [energy: [fist]], {GAIN}}}",
                    l.name()
                )),
                NONE,
                &["activate"],
            )
            .line("activate", "pay SK:fist")
            .only(&["cycle"])
            .refused(!limit_fits(Kind::Activated, l)),
        );
    }

    out
}

/// A variant whose effect acts where the `cycle` game never goes: a purchase-cost
/// reduction lowers a later purchase, an Impulse given reaches a later purchase, and
/// `cycle` buys nothing after its abilities are used; a fixture shows it applied.
fn shown_elsewhere(effect: &str, v: Variant) -> Variant {
    if effect.starts_with("reduce-cost:") && !effect.contains("level") {
        v.shown_by("fixtures/rules/abilities/reduce-cost.dmlog")
    } else if effect.starts_with("leave-combat:") {
        // No attacker in the global windows of the walk's main step.
        v.shown_by("fixtures/cards/avx/distraction.dmlog")
    } else if effect.starts_with("unblockable:") {
        // The walk's other attacker, which nobody blocks anyway.
        v.shown_by("fixtures/cards/ux/falcon-recon.dmlog")
    } else if effect.starts_with("full-attack-to-each-blocker:") {
        // The walk's attackers have one blocker each.
        v.shown_by("fixtures/cards/avx/cyclops-slim.dmlog")
    } else if effect.contains("own_level: less") {
        // The walk's blocker is of the attacker's level.
        v.shown_by("fixtures/cards/avx/angel-high-ground.dmlog")
    } else if effect.starts_with("fielding-cost:") {
        // The walk's test heroes field for free; a static lessening a cost shows only
        // on a die that costs something.
        v.shown_by("fixtures/cards/dps/deadpool-collect-this.dmlog")
    } else if effect.starts_with("ignore-text:") {
        // The walk's opposing cards have no text to ignore.
        v.shown_by("fixtures/cards/dps/dken-shiar-civil-war.dmlog")
    } else if effect.starts_with("surcharge:") {
        // The walk's opponent uses no global or action die while the static holds.
        v.shown_by("fixtures/cards/dps/lilandra-majestrix.dmlog")
    } else if effect == "give-impulse" {
        v.shown_by("fixtures/cards/ai/big-entrance.dmlog")
    } else if effect.starts_with("extra-draw:") {
        // The walk's game has no clear and draw step while the static holds.
        v.shown_by("fixtures/cards/avx/silver-surfer-sentinel.dmlog")
    } else {
        v
    }
}

/// An effect as a static ability carries it: a stat change, or a keyword granted, lasts
/// while the static holds.
fn static_form(effect: &str) -> String {
    if (effect.starts_with("boost:") || effect.starts_with("grant:")) && !effect.contains("until:")
    {
        effect.replacen('}', "}, until: while-on", 1)
    } else {
        effect.to_string()
    }
}

// ---------------------------------------------------------------------------------------
// The test cards, the games, and the comparison.
// ---------------------------------------------------------------------------------------

const SET: &str = "schema: 1\nset:\n  code: TST\n  name: Coverage\n  universe: Test\ncards:\n";

fn card_yaml(on: On, subtitle: &str, number: usize, abilities: &str) -> String {
    let (title, kind, energy, die) = match on {
        On::Hero => (
            "Test Hero",
            "character",
            "fist",
            "      levels:\n        - {fielding: 0, attack: 2, defense: 2}\n        \
             - {fielding: 0, attack: 2, defense: 2, bursts: 1}\n        \
             - {fielding: 0, attack: 2, defense: 2}\n      actions: []\n      \
             energy: [fist, fist, 2fist]\n",
        ),
        On::Action => (
            "Test Action",
            "action",
            "bolt",
            "      levels: []\n      actions: [act, \"*\", \"**\"]\n      energy: [bolt, bolt, 2bolt]\n",
        ),
    };
    format!(
        "  - number: \"{number}\"\n    title: {title}\n    subtitle: {subtitle}\n    kind: {kind}\n    \
         cost: 1\n    energy: [{energy}]\n    affiliations: [Hero]\n    die_limit: 4\n    \
         rarity: common\n    die:\n{die}    abilities: {abilities}\n    summary: null\n    \
         source: the coverage test\n    notes: []\n"
    )
}

/// The test cards: each distinct text gets a card of its own, named by its number.
struct Cards {
    pool: Pool,
    names: HashMap<(On, String), String>,
    /// Texts `cards --check` refuses, with why.
    refused: HashMap<(On, String), String>,
}

fn build_cards(variants: &[Variant]) -> Cards {
    let mut texts: Vec<(On, String)> = vec![(On::Hero, NONE.into()), (On::Action, NONE.into())];
    for v in variants {
        for t in [&v.text, &v.base] {
            if !texts.contains(&(v.on, t.clone())) {
                texts.push((v.on, t.clone()));
            }
        }
    }
    let mut file = String::from(SET);
    let mut names = HashMap::new();
    let mut refused = HashMap::new();
    for (n, (on, text)) in texts.iter().enumerate() {
        let name = if text == NONE {
            "Plain".to_string()
        } else {
            format!("C{n}")
        };
        let yaml = card_yaml(*on, &name, n + 1, text);
        match parse_card_file(&format!("{SET}{yaml}")) {
            Ok(_) => {
                file.push_str(&yaml);
                names.insert((*on, text.clone()), name);
            }
            Err(errors) => {
                // Only a refusal of what the ability means is a verdict; anything else
                // is a mistake in this test.
                for e in &errors {
                    assert_eq!(
                        e.code,
                        CardCode::InvalidAbility,
                        "the test's card does not load: {e:?}\n{yaml}"
                    );
                }
                let why = errors
                    .iter()
                    .map(|e| e.message.clone())
                    .collect::<Vec<_>>()
                    .join("; ");
                refused.insert((*on, text.clone()), why);
            }
        }
    }
    let mut pool = Pool::embedded().clone();
    let missed = pool.add_file(parse_card_file(&file).expect("the test cards load"));
    assert!(missed.is_empty());
    Cards {
        pool,
        names,
        refused,
    }
}

/// A script written out for one card text: its lines, and the first line of each moment.
fn write(
    script: &str,
    hero: &str,
    action: &str,
    line: Option<&(&str, String)>,
) -> (String, BTreeMap<String, usize>) {
    let mut text = String::new();
    let mut moments = BTreeMap::new();
    let mut n = 0;
    // A position block is one statement: the moments its lines mark are its first line's.
    let mut block: Option<usize> = None;
    for raw in script.lines() {
        let mut tag = None;
        let raw = match raw.strip_prefix('?') {
            Some(rest) => {
                let (t, body) = rest.split_once(' ').expect("an optional line has a tag");
                match line {
                    Some((want, clauses)) if *want == t => {
                        tag = Some(t.to_string());
                        body.replace("{CLAUSES}", clauses)
                    }
                    _ => continue,
                }
            }
            None => raw.to_string(),
        };
        n += 1;
        let raw = raw.replace("{HERO}", hero).replace("{ACTION}", action);
        let marks = raw
            .split_once("# ")
            .map(|(_, c)| {
                c.split_whitespace()
                    .filter_map(|w| w.strip_prefix('@'))
                    .map(String::from)
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        let at = block.unwrap_or(n);
        match raw.split_whitespace().next() {
            Some("position") => block = Some(n),
            Some("end") if block.is_some() => block = None,
            _ => {}
        }
        for key in marks.into_iter().chain(tag) {
            moments.entry(key).or_insert(at.min(n));
        }
        text.push_str(raw.trim_end());
        text.push('\n');
    }
    (text, moments)
}

/// What replaying a game found: after each line its diagnostics and the state; the
/// replay stops at the first line the rules refuse, as `dmlint` does.
#[derive(Debug, Clone, PartialEq)]
struct Trace {
    lines: Vec<(usize, Vec<String>, String)>,
    /// The line at which the game became undecided.
    undecided: Option<usize>,
    /// Diagnostics of the whole game (team rules, warnings).
    rest: Vec<String>,
}

fn trace(text: &str, pool: &Pool) -> Trace {
    let (doc, errors) = parse_str(text);
    assert!(errors.is_empty(), "{errors:?}\n{text}");
    let game = &doc.games[0];
    let names = check_card_names(game, pool);
    assert!(names.is_empty(), "{names:?}\n{text}");
    let line_of = |at: usize| text[..at.min(text.len())].matches('\n').count() + 1;
    let mut table = Table::new(game, &doc.header, pool).expect("two teams");
    let mut lines = Vec::new();
    let mut undecided = None;
    for line in &game.lines {
        let n = line_of(line.span.start);
        match table.play(line) {
            Ok(()) => lines.push((n, Vec::new(), table.state().position(table.cards()))),
            Err(rejected) => {
                let mut codes: Vec<String> = rejected
                    .violations
                    .iter()
                    .map(|v| format!("{}@{}", v.code.code(), line_of(v.span.start)))
                    .chain(rejected.errors.iter().map(|e| {
                        // A position block is one statement, set all at once: its
                        // first line stands for it.
                        if e.code == EngineCode::Undecided {
                            undecided = Some(n);
                        }
                        format!("{}@{}", e.code.code(), line_of(e.span.start))
                    }))
                    .collect();
                codes.sort();
                lines.push((n, codes, String::new()));
                break;
            }
        }
    }
    let end = table.finish();
    let rest = end
        .violations
        .iter()
        .map(|v| format!("{}@{}", v.code.code(), line_of(v.span.start)))
        .chain(
            end.errors
                .iter()
                .map(|e| format!("{}@{}", e.code.code(), line_of(e.span.start))),
        )
        .collect();
    Trace {
        lines,
        undecided,
        rest,
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Verdict {
    /// The game differs from the baseline's, first after this line.
    Applied(usize),
    /// Undecided at this line, no later than the text could first matter.
    Undecided(usize),
    /// Undecided only after the line where the text could first matter: it was skipped
    /// there.
    Late { undecided: usize, moment: usize },
    /// The game went exactly as without the text.
    Ignored,
    /// The line that uses the text is refused as written: the choices it records are
    /// not the effect's.
    Refused(String),
}

fn judge(with: &Trace, without: &Trace, moment: usize) -> Verdict {
    match with.undecided {
        Some(at) if at <= moment => return Verdict::Undecided(at),
        // The baseline stops there too: the lines before tell.
        Some(at) if without.undecided != Some(at) => {
            return Verdict::Late {
                undecided: at,
                moment,
            };
        }
        _ => {}
    }
    let first = with
        .lines
        .iter()
        .zip(&without.lines)
        .find(|(a, b)| a != b)
        .map(|(a, _)| a.0);
    match first {
        Some(at) => Verdict::Applied(at),
        None if with.lines.len() != without.lines.len() || with.rest != without.rest => {
            Verdict::Applied(with.lines.last().map_or(0, |l| l.0))
        }
        None => Verdict::Ignored,
    }
}

#[test]
fn the_walk_covers_the_whole_language() {
    let variants = walk();
    let abilities: Vec<Ability> = variants
        .iter()
        .flat_map(|v| parse_abilities(&v.text))
        .collect();
    // Every name each part of the language is written with, and the names the walk has.
    let mut walked: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    let mut saw =
        |part: &'static str, name: &'static str| walked.entry(part).or_default().push(name);
    for a in &abilities {
        saw("kind", kind_name(a.kind));
        saw("limit", a.limit.name());
        if let Some(w) = a.while_ {
            saw("while", while_name(w));
        }
        if let Some(w) = &a.when {
            saw("event", w.event.name());
            saw("subject", w.of.name());
            if let Some(s) = w.step {
                saw("step", step_name(s));
            }
        }
        if let Some(k) = &a.keyword {
            saw("keyword", keyword_name(k));
        }
        for c in &a.cost {
            saw("cost", cost_name(c));
        }
        for e in a
            .effects
            .iter()
            .chain(a.bursts.iter().flat_map(|b| &b.effects))
        {
            saw("effect", effect_name(e));
        }
    }
    let language = [
        ("kind", names_of::<Kind>("nonsense")),
        ("limit", names_of::<Limit>("nonsense")),
        ("while", names_of::<While>("nonsense")),
        ("event", names_of::<Event>("nonsense")),
        ("subject", names_of::<Subject>("nonsense")),
        ("step", names_of::<StepName>("nonsense")),
        ("keyword", names_of::<Keyword>("nonsense")),
        ("cost", names_of::<Cost>("nonsense: 1")),
        ("effect", names_of::<Effect>("nonsense: 1")),
    ];
    for (part, names) in language {
        assert!(names.len() > 1, "{part}: {names:?}");
        let seen = walked.get(part).cloned().unwrap_or_default();
        let missing: Vec<&String> = names
            .iter()
            .filter(|n| !seen.contains(&n.as_str()))
            .collect();
        assert!(missing.is_empty(), "the walk has no {part} {missing:?}");
    }
}

/// The abilities of a card text, read as a card file reads them (refused ones too).
fn parse_abilities(text: &str) -> Vec<Ability> {
    if text == NONE || text == "not-encoded" {
        return Vec::new();
    }
    let yaml: String = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| format!("{}\n", l.trim_start()))
        .collect();
    serde_saphyr::from_str(&yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"))
}

#[test]
fn the_games_are_legal_with_cards_without_text() {
    // Otherwise a difference could hide behind the line that stops both replays.
    let cards = build_cards(&[]);
    for (name, script) in SCRIPTS {
        let (text, moments) = write(script, "Plain", "Plain", None);
        let t = trace(&text, &cards.pool);
        let last = text.lines().count();
        assert!(
            t.lines.iter().all(|l| l.1.is_empty()) && t.rest.is_empty(),
            "{name}: {:?} {:?}",
            t.lines.last(),
            t.rest
        );
        assert_eq!(t.lines.last().map(|l| l.0), Some(last), "{name}");
        // The combat, drain and spin scripts mark only their own moment: other variants
        // skip them.
        assert!(
            moments.len() > 5 || ["combat", "drain", "spin"].contains(name),
            "{name}: {moments:?}"
        );
    }
}

#[test]
fn no_card_text_is_silently_skipped() {
    let variants = walk();
    let cards = build_cards(&variants);
    let mut cache: HashMap<(String, String), Trace> = HashMap::new();
    let mut failures = Vec::new();
    let mut tally: BTreeMap<&str, usize> = BTreeMap::new();
    for v in &variants {
        match (cards.refused.get(&(v.on, v.text.clone())), v.refused) {
            (Some(_), true) => {
                *tally.entry("refused").or_default() += 1;
                continue;
            }
            (Some(why), false) => {
                failures.push(format!(
                    "refused, though it means something: {}: {why}\n  text:{}",
                    v.label, v.text
                ));
                continue;
            }
            (None, true) => {
                failures.push(format!(
                    "accepted, though it means nothing: {}\n  text:{}",
                    v.label, v.text
                ));
                continue;
            }
            (None, false) => {}
        }
        let base = cards
            .names
            .get(&(v.on, v.base.clone()))
            .unwrap_or_else(|| panic!("the baseline of {} is refused", v.label));
        let name = &cards.names[&(v.on, v.text.clone())];
        let mut exercised = false;
        for (script_name, script) in SCRIPTS {
            if v.only.is_some_and(|o| !o.contains(script_name)) {
                continue;
            }
            let names = |n: &str| match v.on {
                On::Hero => (n.to_string(), "Plain".to_string()),
                On::Action => ("Plain".to_string(), n.to_string()),
            };
            let (h, a) = names(name);
            let (text, moments) = write(script, &h, &a, v.line.as_ref());
            let Some(moment) = v.keys.iter().filter_map(|k| moments.get(k)).min().copied() else {
                continue;
            };
            exercised = true;
            let (bh, ba) = names(base);
            let base_line = v.base_line.as_ref().or(v.line.as_ref());
            let (base_text, _) = write(script, &bh, &ba, base_line);
            let without = cache
                .entry((script_name.to_string(), base_text.clone()))
                .or_insert_with(|| trace(&base_text, &cards.pool))
                .clone();
            let with = trace(&text, &cards.pool);
            let mut verdict = judge(&with, &without, moment);
            // Where the baseline's line chooses nothing, the variant's choices must be
            // the effect's: refused on its own line, it is the line, not the effect.
            if let (Some(_), Verdict::Applied(_)) = (&v.base_line, &verdict)
                && let Some((_, codes, _)) = with.lines.iter().find(|l| l.0 == moment)
                && !codes.is_empty()
            {
                verdict = Verdict::Refused(codes.join(" "));
            }
            let kind = match verdict {
                Verdict::Applied(_) => "applied",
                Verdict::Undecided(_) => "undecided",
                Verdict::Late { .. } => "late",
                Verdict::Refused(_) => "line refused",
                Verdict::Ignored => "ignored",
            };
            *tally.entry(kind).or_default() += 1;
            if std::env::var_os("COVERAGE_VERBOSE").is_some() {
                eprintln!("{kind:9} {script_name:7} {verdict:?}: {}", v.label);
            }
            if let (Verdict::Ignored, Some(fixture)) = (&verdict, v.shown_by) {
                assert!(
                    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                        .join(fixture)
                        .exists(),
                    "{}: {fixture} is missing",
                    v.label
                );
                continue;
            }
            if matches!(
                verdict,
                Verdict::Late { .. } | Verdict::Ignored | Verdict::Refused(_)
            ) {
                failures.push(format!(
                    "{kind}: {} in `{script_name}` (moment at line {moment}): {verdict:?}\n  text:{}\n  compared with:{}\n  its replay ended: {:?}",
                    v.label,
                    v.text,
                    v.base,
                    with.lines.last()
                ));
            }
        }
        if !exercised {
            failures.push(format!(
                "never exercised: {} (moments {:?})",
                v.label, v.keys
            ));
        }
    }
    eprintln!("coverage: {} variants; {tally:?}", variants.len());
    assert!(
        failures.is_empty(),
        "{} of the walk's cases are silently skipped:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
