//! Encoded abilities as English: what `dmlint cards` prints, generated from the data so
//! that what a rules writer reads is exactly what the engine applies.

use super::ability::{
    Ability, Amount, Burst, BurstMatch, CombatState, Comparison, Condition, Cost, Count, Effect,
    EnergySymbol, Event, FaceKind, Keyword, Kind, Limit, Owner, Placement, Player, Selector, Side,
    StepName, Subject, Takes, TurnOf, Until, UseKind, Way, What, While, ZoneName,
};
use super::model::EnergyType;

/// One ability as a sentence: `Triggered, when this blocks: this gets +1A +1D. *: instead …`.
pub fn ability(a: &Ability) -> String {
    let mut out = String::new();
    out.push_str(match a.kind {
        Kind::Static => "Static",
        Kind::Triggered => "Triggered",
        Kind::Activated => "Activated",
        Kind::Global => "Global",
        Kind::Action => "Action",
        Kind::Keyword => "Keyword",
    });
    if let Some(k) = &a.keyword {
        out.push_str(": ");
        out.push_str(&keyword(k));
    }
    let mut when = Vec::new();
    if let Some(w) = a.while_ {
        when.push(while_(w).to_string());
    }
    if let Some(t) = &a.when {
        let mut s = format!("when {}", event(t.event, t.of));
        if let Some(f) = &t.filter {
            s.push_str(&format!(" (only {})", kind(f)));
        }
        if let Some(StepName::Attack) = t.step {
            s.push_str(" in the attack step");
        } else if let Some(StepName::Main) = t.step {
            s.push_str(" in the main step");
        }
        when.push(s);
    }
    if let Some(c) = &a.if_ {
        when.push(condition(c));
    }
    match a.limit {
        Limit::Unlimited => {}
        Limit::Limited => when.push("limited (once per turn per player)".into()),
        Limit::Reactive => when.push("reactive (once per event)".into()),
        Limit::OncePerTurn => when.push("once per turn".into()),
        Limit::OncePerTurnPerDie => when.push("once per turn per die".into()),
        Limit::FirstEachTurn => when.push("only the first time each turn".into()),
        Limit::OnceOnYourTurn => when.push("once, during its user's own turn".into()),
    }
    if let Some(TurnOf::Yours) = a.turn {
        when.push("only on its user's own turn".into());
    }
    if !when.is_empty() {
        out.push_str(", ");
        out.push_str(&when.join(", "));
    }
    if a.keyword.is_some() && a.effects.is_empty() {
        return out;
    }
    out.push_str(": ");
    if a.may {
        out.push_str("you may ");
    }
    if !a.cost.is_empty() {
        let costs: Vec<String> = a.cost.iter().map(cost).collect();
        out.push_str(&format!("pay {}: ", costs.join(" and ")));
    }
    let said = effects(&a.effects);
    // A static's purchase-cost change lasts while it holds, not "this turn".
    if a.kind == Kind::Static {
        out.push_str(&said.replace(" you buy this turn", " bought"));
    } else {
        out.push_str(&said);
    }
    if !a.otherwise.is_empty() {
        out.push_str("; otherwise: ");
        out.push_str(&effects(&a.otherwise));
    }
    if !a.unless.is_empty() {
        let costs: Vec<String> = a.unless.iter().map(cost).collect();
        out.push_str(&format!(
            ", unless the opponent pays {}",
            costs.join(" and ")
        ));
    }
    out.push('.');
    for b in &a.bursts {
        out.push(' ');
        out.push_str(&burst(b));
    }
    out
}

fn burst(b: &Burst) -> String {
    let on = match b.on {
        BurstMatch::One => "*",
        BurstMatch::Two => "**",
        BurstMatch::Either => "*/**",
    };
    let how = if b.instead { "instead" } else { "also" };
    format!("{on} {how}: {}.", effects(&b.effects))
}

fn effects(list: &[Effect]) -> String {
    if list.is_empty() {
        return "nothing".into();
    }
    list.iter().map(effect).collect::<Vec<_>>().join(", then ")
}

/// One effect as a verb phrase.
pub fn effect(e: &Effect) -> String {
    match e {
        Effect::Damage {
            amount,
            to,
            per,
            per_paid,
            instead,
            plus,
            per_symbol,
        } => {
            let mut s = format!("deal {amount} damage to {}", sel(to));
            if let Some(i) = instead {
                s.push_str(&format!(" ({} instead to {})", i.amount, each(&i.if_)));
            }
            if let Some(p) = per {
                s.push_str(&format!(" for each {}", each(p)));
            }
            if *per_paid {
                s.push_str(" for each energy paid");
            }
            if *plus > 0 {
                s.push_str(&format!(", plus {plus}"));
            }
            if let Some(sym) = per_symbol {
                s.push_str(&format!(
                    " for each {} symbol in your reserve pool",
                    symbol(*sym)
                ));
            }
            s
        }
        Effect::CantBeTargeted { to, by, side } => {
            let kinds: Vec<&str> = by
                .iter()
                .map(|k| match k {
                    Kind::Global => "global abilities",
                    Kind::Action => "action dice",
                    Kind::Triggered => "triggered abilities",
                    Kind::Activated => "activated abilities",
                    Kind::Static => "static abilities",
                    Kind::Keyword => "keywords",
                })
                .collect();
            let whose = if *side == Side::Opposing {
                "opposing "
            } else {
                ""
            };
            format!(
                "{} cannot be targeted by {whose}{}",
                sel(to),
                kinds.join(" or ")
            )
        }
        Effect::DamageEqualLevel { of, to } => format!(
            "choose {}, then deal damage equal to its level to {}",
            sel(of),
            sel(to)
        ),
        Effect::DamageEqualAttack { to } => {
            format!("deal damage equal to this die's attack to {}", sel(to))
        }
        Effect::EachDealsAttack { by, to } => {
            format!(
                "{} deals damage equal to its attack to {}",
                sel(by),
                sel(to)
            )
        }
        Effect::Prevent {
            per_paid: true,
            amount: Some(n),
            effects: false,
            to: None,
        } => format!("prevent up to {n} of the damage for each die paid"),
        Effect::Prevent {
            amount,
            effects,
            to,
            ..
        } => match (amount, effects, to) {
            (_, true, _) => "prevent the effect from affecting this die".into(),
            (Some(n), false, Some(t)) => {
                format!("prevent {n} damage about to be dealt to {}", sel(t))
            }
            (None, false, Some(t)) => format!("prevent the damage about to be dealt to {}", sel(t)),
            (Some(n), false, None) => format!("prevent {n} of the damage"),
            (None, false, None) => "prevent the damage".into(),
        },
        Effect::ChooseEnergy => "choose an energy type".into(),
        Effect::Later { when, effects: e } => {
            format!(
                "later this turn, when {}: {}",
                event(when.event, when.of),
                effects(e)
            )
        }
        Effect::Reduce { amount } => format!("reduce the damage taken by {amount}"),
        Effect::DamageFrom { to, from, takes } => {
            let (who, takes_verb) = match (to.what, to.side) {
                (What::Player, Side::Yours) => ("you".to_string(), "take"),
                (What::Player, Side::Opposing) => ("your opponent".to_string(), "takes"),
                _ => (sel(to), "takes"),
            };
            let from = kind(from);
            match takes {
                Takes::None => format!("{who} {takes_verb} no damage from {from}"),
                Takes::Less(n) => format!("{who} {takes_verb} {n} less damage from {from}"),
                Takes::Half => {
                    format!("{who} {takes_verb} half damage (rounded down) from {from}")
                }
                Takes::AtMost(n) => {
                    format!("{who} {takes_verb} at most {n} damage from each one of {from}")
                }
            }
        }
        Effect::Redirect { to, from, first } => {
            let mut s = match first {
                Some(n) => format!("redirect the first {n} damage each turn"),
                None => "redirect the damage".to_string(),
            };
            if let Some(f) = from {
                s.push_str(&format!(" from {}", kind(f)));
            }
            format!("{s} to {}", sel(to))
        }
        Effect::Ko { to } => format!("knock out {}", sel(to)),
        Effect::Boost {
            to,
            attack,
            defense,
            double_attack,
            double_defense,
            until: u,
            per,
        } => {
            let mut mods = Vec::new();
            if *double_attack {
                mods.push("double attack".to_string());
            }
            if *double_defense {
                mods.push("double defense".to_string());
            }
            if *attack != 0 {
                mods.push(format!("{attack:+}A"));
            }
            if *defense != 0 {
                mods.push(format!("{defense:+}D"));
            }
            let each = per
                .as_ref()
                .map(|p| format!(" for each {}", each(p)))
                .unwrap_or_default();
            format!(
                "{} {} {}{each}{}",
                sel(to),
                verb(to, "get"),
                mods.join(" "),
                until(*u)
            )
        }
        Effect::NoDamage { to } => format!("{} {} no combat damage", sel(to), verb(to, "deal")),
        Effect::DoubleDamageToBlockers { to } => {
            format!("{} deal double damage to their blockers", sel(to))
        }
        Effect::FullAttackToEachBlocker { to } => format!(
            "blocked by several characters, {} {} its full attack to each of them",
            sel(to),
            verb(to, "deal")
        ),
        Effect::GainLife {
            amount,
            per,
            per_level,
        } => match (per, per_level) {
            (_, true) => format!("gain {amount} life for each level those dice showed"),
            (Some(p), false) => format!("gain {amount} life for each of {}", sel(p)),
            (None, false) => format!("gain {amount} life"),
        },
        Effect::LoseLife { amount, who } => {
            let who = match (who.what, who.side, who.count) {
                (What::Player, Side::Yours, _) if !who.target => "you lose".to_string(),
                (What::Player, Side::Opposing, _) if !who.target => "your opponent loses".into(),
                (What::Player, Side::Any, Count::Each) if !who.target => "each player loses".into(),
                _ => format!("{} {}", sel(who), verb(who, "lose")),
            };
            format!("{who} {amount} life")
        }
        Effect::Corrupt { count, who } => format!(
            "Corrupt {count}: {} draws {count} dice, places one of them in their used pile and \
             returns the rest to the bag",
            sel(who)
        ),
        Effect::Spin { to, levels, way } => {
            let way = match way {
                Way::Up => "up",
                Way::Down => "down",
                Way::Either => "up or down",
            };
            let n = if *levels == 1 {
                "one level".to_string()
            } else {
                format!("{levels} levels")
            };
            format!("spin {} {way} {n}", sel(to))
        }
        Effect::SpinTo { to, face } => {
            let face = match face {
                FaceKind::Character => "a character face".to_string(),
                FaceKind::Energy(s) => format!("a {} face", symbol(*s)),
                FaceKind::AnyEnergy => "an energy face (the one chosen)".to_string(),
            };
            format!("spin {} to {face}", sel(to))
        }
        Effect::Reroll { to, else_to } => {
            let mut s = format!("reroll {}", sel(to));
            if let Some(p) = else_to {
                s.push_str(&format!(
                    "; each that does not show a character goes to {}",
                    placement(*p)
                ));
            }
            s
        }
        Effect::Move { to, zone } => format!("move {} to {}", sel(to), placement(*zone)),
        Effect::Draw {
            count,
            zone: z,
            per_knocked_out,
        } => {
            let dice = if *count == 1 {
                "a die".to_string()
            } else {
                format!("{count} dice")
            };
            let per = if *per_knocked_out {
                " for each die knocked out by the effects before"
            } else {
                ""
            };
            format!("draw {dice} into your {}{per}", zone(*z))
        }
        Effect::Roll {
            what,
            else_to,
            field,
            returns,
        } => {
            let mut s = format!("roll {}", sel(what));
            s.push_str(if *field {
                "; a character result is fielded at no cost"
            } else if *returns {
                "; a character result returns to the field"
            } else {
                "; a character result goes to your reserve pool"
            });
            if let Some(p) = else_to {
                s.push_str(&format!(", any other to {}", placement(*p)));
            }
            s
        }
        Effect::Field { what } => format!("field {} at no cost", sel(what)),
        Effect::DrawRoll {
            count,
            keep,
            field,
            else_to,
            roll,
            per_energy_type,
        } => {
            let dice = match (per_energy_type, *count) {
                (Some(of), 1) => format!("a die for each energy type among {}", each(of)),
                (Some(of), n) => format!("{n} dice for each energy type among {}", each(of)),
                (None, 1) => "a die".to_string(),
                (None, n) => format!("{n} dice"),
            };
            let mut s = match roll {
                Some(n) => format!(
                    "draw {dice} from your bag, roll {n} of them and return the others to the bag"
                ),
                None if *count == 1 && per_energy_type.is_none() => {
                    "draw a die from your bag and roll it".to_string()
                }
                None => format!("draw {dice} from your bag and roll them"),
            };
            if *field {
                s.push_str("; character results are fielded at no cost");
            }
            let other = if *field {
                "any other result"
            } else {
                "the results"
            };
            match (keep, else_to) {
                (Some(k), Some(p)) => s.push_str(&format!(
                    "; {} results stay in your reserve pool, any other goes to {}",
                    symbol(*k),
                    placement(*p)
                )),
                (Some(k), None) => s.push_str(&format!(
                    "; {} results stay in your reserve pool",
                    symbol(*k)
                )),
                (None, Some(p)) => s.push_str(&format!("; {other} goes to {}", placement(*p))),
                (None, None) => s.push_str(&format!("; {other} go to your reserve pool")),
            }
            s
        }
        Effect::GainAffiliation { to, affiliation } => {
            format!(
                "{} {} the {affiliation} affiliation",
                sel(to),
                verb(to, "gain")
            )
        }
        Effect::Retarget { to } => format!(
            "an action die's effect that targets a character die targets {} instead",
            sel(to)
        ),
        Effect::Capture { to, until: u } => format!("capture {}{}", sel(to), until(*u)),
        Effect::Control { to, until: u } => {
            format!("take control of {}{}", sel(to), until(*u))
        }
        Effect::Copy { to } => format!("copy {}", sel(to)),
        Effect::SwapAttack { to, with } => format!(
            "swap the attack value of {} with that of {}",
            sel(to),
            sel(with)
        ),
        Effect::SwapStats { to } => format!("switch the attack and defense of {}", sel(to)),
        Effect::CantBlock { to } => format!("{} cannot block", sel(to)),
        Effect::Unblockable { to } => format!("{} cannot be blocked", sel(to)),
        Effect::IgnoreText { to, globals } => format!(
            "the text of the cards of {} is ignored{}",
            kind(to),
            if *globals {
                ", their globals included"
            } else {
                " (their dice lose their abilities)"
            }
        ),
        Effect::DefenseEqualAttack { to } => format!(
            "{} {} a defense equal to its attack until the end of the turn",
            sel(to),
            if verb(to, "get") == "get" {
                "have"
            } else {
                "has"
            }
        ),
        Effect::Swap { to, with } => format!(
            "swap {} with {} of that die's owner (which comes in at level 1, not fielded)",
            sel(to),
            sel(with)
        ),
        Effect::ExchangeDamage { to, with } => format!(
            "{} and {} deal each other damage equal to their attack",
            sel(to),
            sel(with)
        ),
        Effect::FieldingCost { to, less, more } => match (less, more) {
            (_, Some(n)) => format!("{} {} {n} more to field", sel(to), verb(to, "cost")),
            (Some(n), None) => format!("{} {} {n} less to field", sel(to), verb(to, "cost")),
            (None, None) => format!("{} {} nothing to field", sel(to), verb(to, "cost")),
        },
        Effect::Surcharge { on, cost: c, side } => {
            let on: Vec<&str> = on
                .iter()
                .map(|k| match k {
                    UseKind::Global => "a global ability",
                    UseKind::ActionDie => "an action die",
                })
                .collect();
            let costs: Vec<String> = c.iter().map(cost).collect();
            let who = match side {
                // `theirs` names a player a damage reaches; here it reads as the default.
                Side::Opposing | Side::Theirs => "your opponent also pays",
                Side::Yours => "you also pay",
                Side::Any => "each player also pays",
            };
            format!("{who} {} to use {}", costs.join(" and "), on.join(" or "))
        }
        Effect::ExtraDraw { count } => format!(
            "you draw {count} more {} in each clear and draw step",
            if *count == 1 { "die" } else { "dice" }
        ),
        Effect::CantAttack { to } => format!("{} cannot attack", sel(to)),
        Effect::CantBeBlockedBy { by } => format!("this die cannot be blocked by {}", kind(by)),
        Effect::BlockedOnlyByTwoOrMore => "this die can only be blocked by two or more".into(),
        Effect::MustBlock { to } => format!(
            "{} must block this die (from a global or an action: any attacker) if able",
            sel(to)
        ),
        Effect::AssignBlocker { to } => format!(
            "assign {} to block this die (from a global or an action: any attacker)",
            sel(to)
        ),
        Effect::MustAttack {
            to,
            next_opportunity,
        } => format!(
            "{} must attack {}",
            sel(to),
            if *next_opportunity {
                "at the next opportunity"
            } else {
                "if able"
            }
        ),
        Effect::ReturnToField { to } => format!("{} return to the field", sel(to)),
        Effect::LeaveCombat { to } => format!("{} leaves combat, staying in the field", sel(to)),
        Effect::ExcessToPlayer { to } => format!(
            "combat damage of {} beyond its blockers' defense goes to the opponent",
            sel(to)
        ),
        Effect::Grant {
            to,
            keyword: k,
            until: u,
        } => format!(
            "{} {} {}{}",
            sel(to),
            verb(to, "get"),
            keyword(k),
            until(*u)
        ),
        Effect::ReduceCost {
            amount,
            of,
            next,
            once,
        } => {
            let text = if *next {
                let mut one = of.clone();
                one.count = Count::One;
                let one = sel(&one);
                let one = one.trim_start_matches("one ");
                format!("the next {one} you buy this turn costs {amount} less (not below 1)")
            } else {
                format!(
                    "{} you buy this turn cost {amount} less (not below 1)",
                    kind(of)
                )
            };
            if *once {
                format!("{text}, once however many times this card is used")
            } else {
                text
            }
        }
        Effect::RaiseCost { amount, of } => {
            format!("{} bought cost {amount} more", kind(of))
        }
        Effect::GiveImpulse => {
            "each die you buy this turn gains this card's Impulse (its when-bought ability), \
             once however many times this card is used"
                .into()
        }
        Effect::Loyalty { count: 1 } => "put a Loyalty Counter on this card".into(),
        Effect::Loyalty { count } => format!("put {count} Loyalty Counters on this card"),
        Effect::Energy { amount } => format!("gain {amount} generic energy"),
        Effect::Token { count } => format!("make {count} token(s)"),
        Effect::PairUp => "pair up with another Heroic character".into(),
        Effect::StayInField { level } => format!(
            "instead it stays in the field at level {level}, its damage cleared, out of combat"
        ),
        Effect::OnlyIf(c) => format!("what follows only {}", condition(c)),
        Effect::ChooseOne { by, modes } => {
            let who = match by {
                Player::You => "you choose",
                Player::Opponent => "your opponent chooses",
            };
            let list: Vec<String> = modes
                .iter()
                .map(|m| format!("`{}`: {}", m.name, effects(&m.effects)))
                .collect();
            format!("{who} one: {}", list.join("; or "))
        }
        Effect::Unrecorded(what) => format!("(not recorded: {what})"),
        Effect::Replace { zone: z } => {
            format!(
                "leaving the field, this die goes to your {} instead",
                zone(*z)
            )
        }
    }
}

/// The verb agreeing with a selector: "this die gets", "two characters get".
fn verb(s: &Selector, base: &str) -> String {
    let plural = matches!(s.count, Count::Two | Count::Three | Count::AnyNumber)
        || matches!(s.count, Count::UpTo(n) if n > 1)
        || matches!(s.what, What::ThisCard | What::Those)
        || s.or_what == Some(What::Partner);
    if plural || matches!(s.what, What::Player) && s.count == Count::Each {
        base.to_string()
    } else {
        format!("{base}s")
    }
}

/// A selector counted "for each": "Villain character of yours", "of those dice".
fn each(s: &Selector) -> String {
    let mut one = s.clone();
    one.count = Count::One;
    match s.what {
        What::Those => format!("of {}", sel(s)),
        What::This | What::ThisCard | What::It => format!("of {}", sel(s)),
        _ => sel(&one).trim_start_matches("one ").to_string(),
    }
}

/// A selector as a kind of die, in the plural: "fist characters".
pub fn kind(s: &Selector) -> String {
    let mut any = s.clone();
    any.count = Count::AnyNumber;
    sel(&any).trim_start_matches("any number of ").to_string()
}

/// A selector as a noun phrase: "each opposing level 1 character".
pub fn sel(s: &Selector) -> String {
    match (s.what, s.or_what) {
        (What::This, Some(What::Partner)) | (What::Partner, Some(What::This)) => {
            return "this die and its partner".into();
        }
        (What::Partner, None) => return "this die's partner".into(),
        _ => {}
    }
    match s.what {
        What::This => return "this die".into(),
        What::ThisCard if s.already => return "this card's dice already in the field".into(),
        What::ThisCard => return "this card's dice".into(),
        What::It => return "that die".into(),
        What::Those => {
            return match (s.level, s.zone) {
                (Some(l), _) => format!("those dice that show level {l}"),
                (None, Some(z)) => format!("those dice now in the {}", zone(z)),
                (None, None) => "those dice".into(),
            };
        }
        _ => {}
    }
    let mut words: Vec<String> = Vec::new();
    let plural = matches!(
        s.count,
        Count::Each | Count::AnyNumber | Count::Two | Count::Three
    ) || matches!(s.count, Count::UpTo(n) if n > 1);
    words.push(match s.count {
        Count::One => "one".into(),
        Count::Two => "two".into(),
        Count::Three => "three".into(),
        Count::Each => "each".into(),
        Count::AnyNumber => "any number of".into(),
        Count::UpTo(n) => format!("up to {n}"),
    });
    // "each" reads in the singular.
    let plural = plural && s.count != Count::Each;
    if s.target {
        words.push("target".into());
    }
    match s.side {
        Side::Any | Side::Yours | Side::Theirs => {}
        Side::Opposing => words.push("opposing".into()),
    }
    if s.other {
        words.push("other".into());
    }
    if let Some(l) = s.level {
        words.push(format!("level {l}"));
    }
    if let Some(l) = s.max_level {
        words.push(format!("level {l} or lower"));
    }
    if let Some(l) = s.min_level {
        words.push(format!("level {l} or higher"));
    }
    if let Some(e) = s.energy {
        words.push(energy(e).into());
    }
    if !s.energies.is_empty() {
        let names: Vec<&str> = s.energies.iter().map(|&e| energy(e)).collect();
        words.push(names.join(" or "));
    }
    if let Some(e) = s.not_energy {
        words.push(format!("non-{}", energy(e)));
    }
    if let Some(a) = &s.affiliation {
        words.push(a.clone());
    }
    if !s.affiliations.is_empty() {
        words.push(s.affiliations.join(" or "));
    }
    if let Some(a) = &s.not_affiliation {
        words.push(format!("non-{a}"));
    }
    if let Some(k) = &s.not_keyword {
        words.push(format!("non-{}", keyword(k)));
    }
    if s.chosen_energy {
        words.push("chosen-type".into());
    }
    let mut with = Vec::new();
    if let Some(k) = &s.keyword {
        with.push(keyword(k));
    }
    if let Some(f) = s.fielding {
        with.push(format!("fielding cost {f}"));
    }
    for (n, stat, how) in [
        (s.max_attack, "A", "or less"),
        (s.min_attack, "A", "or more"),
        (s.max_defense, "D", "or less"),
        (s.min_defense, "D", "or more"),
    ] {
        if let Some(n) = n {
            with.push(format!("{n}{stat} {how}"));
        }
    }
    if let Some(t) = &s.title {
        words.push(t.clone());
    }
    if let Some(t) = &s.not_title {
        words.push(format!("non-{t}"));
    }
    if let Some(t) = &s.title_contains {
        with.push(format!("\"{t}\" in the title"));
    }
    let noun = |what: What| {
        let noun = match what {
            What::Character => "character",
            What::Sidekick => "sidekick",
            What::NonSidekick => "non-sidekick character",
            What::ActionDie => "action die",
            What::Die => "die",
            What::Player => "player",
            What::CharacterOrPlayer => "character or player",
            What::This => "this die",
            What::ThisCard => "this card's die",
            What::It => "that die",
            What::Partner => "this die's partner",
            What::Those => "one of those dice",
        };
        if plural {
            match noun {
                "action die" => "action dice".to_string(),
                "die" => "dice".to_string(),
                n => format!("{n}s"),
            }
        } else {
            noun.to_string()
        }
    };
    let mut nouns = noun(s.what);
    // "A character or your opponent": the player's side, where it differs.
    if let (What::CharacterOrPlayer, Some(side)) = (s.what, s.player_side) {
        let whose = match side {
            Side::Opposing => "opposing ",
            Side::Yours => "your own ",
            Side::Any | Side::Theirs => "",
        };
        nouns = format!("character or {whose}player");
    }
    if let Some(w) = s.or_what {
        nouns = format!("{nouns} or {}", noun(w));
    }
    if let Some(w) = s.not_what {
        nouns = format!("{nouns} that is not a {}", noun(w));
    }
    words.push(nouns);
    if !with.is_empty() {
        words.push(format!("with {}", with.join(" and ")));
    }
    match (s.min_cost, s.max_cost) {
        (Some(lo), Some(hi)) => words.push(format!("costing {lo} to {hi}")),
        (Some(lo), None) => words.push(format!("costing {lo} or more")),
        (None, Some(hi)) => words.push(format!("costing {hi} or less")),
        (None, None) => {}
    }
    if s.lowest_cost {
        words.push("with the lowest purchase cost among them".into());
    }
    if s.side == Side::Yours {
        words.push("of yours".into());
    }
    if s.side == Side::Theirs {
        words.push("of theirs".into());
    }
    if s.fielded_this_turn {
        words.push("fielded this turn".into());
    }
    if s.distinct {
        words.push("(each card once)".into());
    }
    if let Some(is) = s.own_level {
        words.push(
            match is {
                Comparison::Less => "of a lower level than this die",
                Comparison::AtMost => "of this die's level or lower",
                Comparison::Equal => "of this die's level",
                Comparison::AtLeast => "of this die's level or higher",
                Comparison::More => "of a higher level than this die",
            }
            .into(),
        );
    }
    if s.already {
        words.push("already in the field".into());
    }
    if let Some(z) = s.zone
        && z != ZoneName::Field
    {
        words.push(format!("in the {}", zone(z)));
    }
    if !s.zones.is_empty() {
        let names: Vec<&str> = s.zones.iter().map(|&z| zone(z)).collect();
        words.push(format!("in the {}", names.join(" or the ")));
    }
    if let Some(st) = s.state {
        words.push(
            match st {
                CombatState::Attacking => "that is attacking",
                CombatState::Blocking => "that is blocking",
                CombatState::AttackingOrBlocking => "that is attacking or blocking",
                CombatState::Blocked => "that is blocked",
                CombatState::Unblocked => "that is unblocked",
                CombatState::EngagedWithThis => "engaged with this die",
                CombatState::BlockingThis => "blocking this die",
                CombatState::Engaged => "that is engaged",
                CombatState::AttackDamaged => {
                    "damaged in this turn's attack step and not knocked out since"
                }
            }
            .into(),
        );
    }
    if s.not_payment {
        words.push("(not one that paid for it)".into());
    }
    words.join(" ")
}

/// An event, in words: "you deal damage with an action die or global ability".
pub fn event(e: Event, of: Subject) -> String {
    // "You" and "your opponent" are their dice where the event is about a die.
    let dice = !e.about_player();
    let who = match of {
        Subject::This => "this die",
        Subject::You if dice => "a die of yours",
        Subject::Opponent if dice => "an opposing die",
        Subject::You => "you",
        Subject::ThisOrYou => "you or this die",
        Subject::Partner => "this die's partner",
        Subject::ThisOrPartner => "this die or its partner",
        Subject::YourCharacter => "a character of yours",
        Subject::AnyCharacter => "a character",
        Subject::Opponent => "your opponent",
    };
    match e {
        Event::Fielded if of == Subject::This => "this die is fielded".into(),
        Event::Fielded if of == Subject::You => "you field a character".into(),
        Event::Fielded => format!("{who} is fielded"),
        Event::Attacks => format!("{who} is assigned to attack"),
        Event::Blocks => format!("{who} blocks"),
        Event::IsBlocked => format!("{who} is blocked"),
        Event::Engaged => format!("{who} becomes engaged"),
        Event::BlockersAssigned => "blockers have been assigned".into(),
        Event::TakesDamage => format!("{who} takes damage"),
        Event::KnockedOut => format!("{who} is knocked out"),
        Event::KnockedOutWhileBlocking => format!("{who} is knocked out while blocking"),
        Event::DamagesOpponent => format!("{who} damages your opponent"),
        Event::DealsEffectDamage if of == Subject::You => {
            "you deal damage with an action die or global ability".into()
        }
        Event::DealsEffectDamage => {
            format!("{who} deals damage with an action die or global ability")
        }
        Event::TurnStart => "the turn starts".into(),
        Event::TurnEnd => "the turn ends".into(),
        // A player's moment: `of: this` fires on either player's (cards/README.md, Triggers).
        Event::AttackStepStart if of == Subject::You => "your attack step starts".into(),
        Event::AttackStepStart if of == Subject::Opponent => {
            "your opponent's attack step starts".into()
        }
        Event::AttackStepStart => "an attack step starts".into(),
        Event::AttackStepEnd if of == Subject::You => "your attack step ends".into(),
        Event::AttackStepEnd if of == Subject::Opponent => {
            "your opponent's attack step ends".into()
        }
        Event::AttackStepEnd => "an attack step ends".into(),
        Event::Draws if of == Subject::You => "you draw".into(),
        Event::Draws => format!("{who} draws"),
        Event::UsesAction if of == Subject::You => "you use an action die".into(),
        Event::UsesAction => format!("{who} uses an action die"),
        Event::Attacked if of == Subject::This => "this die's owner is attacked".into(),
        Event::Attacked if of == Subject::You => "you are attacked".into(),
        Event::Attacked => format!("{who} is attacked"),
        Event::RollsDoubleEnergy if of == Subject::This => {
            "you roll this die on a double energy face".into()
        }
        Event::RollsDoubleEnergy => format!("{who} is rolled on a double energy face"),
        Event::WouldBeAffected => format!("an ability or effect would affect {who}"),
        Event::WouldBeKnockedOut => format!("{who} would be knocked out"),
        Event::SpinsUp => format!("{who} spins up one or more levels"),
        Event::LeavesFieldByOpponent => {
            format!("{who} leaves the field because of your opponent")
        }
        Event::Bought if of == Subject::This => "this die is bought".into(),
        Event::Bought if of == Subject::You => "you buy a die".into(),
        Event::Bought => format!("{who} is bought"),
        Event::RolledFromPrep => format!(
            "{who} is rolled in the roll step, having begun the turn in the prep area (Back for More)"
        ),
        Event::BoughtWithItsEnergy => {
            format!("{who} is bought, paid for with energy of its card's types only (Crosspulse)")
        }
        Event::TeammateFielded => {
            "you field a character of another card sharing an affiliation with this one, \
             while this card is active (Teamwatch)"
                .into()
        }
        Event::KosWithCombatDamage => {
            format!("{who} knocks out a character die with combat damage")
        }
    }
}

/// A `while:` condition in words: "while paired up".
pub fn while_(w: While) -> &'static str {
    match w {
        While::Active => "while active",
        While::Attacking => "while attacking",
        While::Blocking => "while blocking",
        While::Paired => "while paired up",
        While::AttackStep => "during the attack step",
    }
}

pub fn condition(c: &Condition) -> String {
    if let Condition::YourTurn = c {
        return "if it is your turn".into();
    }
    // A condition counts the dice its selector reaches, whatever its count says.
    match c {
        Condition::Underdog => {
            return "if you have fewer character dice in the field than your opponent (Underdog)"
                .into();
        }
        Condition::Resistance => {
            return "if a character die of yours was knocked out this turn (Resistance)".into();
        }
        Condition::Not(c) if **c == Condition::Resistance => {
            return "if no character die of yours was knocked out this turn".into();
        }
        Condition::Not(c) => {
            let inner = condition(c);
            return format!("unless {}", inner.strip_prefix("if ").unwrap_or(&inner));
        }
        Condition::TeamHas(s) => {
            let whose = match s.side {
                Side::Yours => "your team has",
                Side::Opposing => "your opponent's team has",
                Side::Any | Side::Theirs => "a team has",
            };
            let card = sel(&Selector {
                side: Side::Any,
                ..s.clone()
            });
            return format!("if {whose} {} card", card.replacen("one ", "a ", 1));
        }
        _ => {}
    }
    let (Condition::NoneMatch(s) | Condition::SomeMatch(s)) = c else {
        let Condition::Compare { left, is, right } = c else {
            unreachable!("the other conditions are matched above")
        };
        let is = match is {
            Comparison::Less => "is less than",
            Comparison::AtMost => "is at most",
            Comparison::Equal => "is equal to",
            Comparison::AtLeast => "is at least",
            Comparison::More => "is more than",
        };
        return format!("if {} {is} {}", amount(left), amount(right));
    };
    // "If this die is attacking": the die itself, in the state the selector names.
    if let (What::This, Some(st), Condition::SomeMatch(_)) = (s.what, s.state, c) {
        let is = match st {
            CombatState::Attacking => "is attacking",
            CombatState::Blocking => "is blocking",
            CombatState::AttackingOrBlocking => "is attacking or blocking",
            CombatState::Blocked => "is blocked",
            CombatState::Unblocked => "is unblocked",
            CombatState::EngagedWithThis | CombatState::BlockingThis | CombatState::Engaged => {
                "is engaged"
            }
            CombatState::AttackDamaged => {
                "was damaged in this turn's attack step and not knocked out since"
            }
        };
        return format!("if this die {is}");
    }
    // "If it is not a sidekick": the dice the previous effect chose.
    if s.what == What::Those {
        let not = s
            .not_what
            .map(|w| {
                let n = sel(&Selector {
                    what: w,
                    ..Selector::default()
                });
                format!(" is not {}", n.replace("one ", "a "))
            })
            .unwrap_or_else(|| " is there".into());
        return match c {
            Condition::NoneMatch(_) => format!("unless one of those dice{not}"),
            _ => format!("if one of those dice{not}"),
        };
    }
    let one = sel(&Selector {
        count: Count::One,
        ..s.clone()
    });
    let kind = one.strip_prefix("one ").unwrap_or(&one);
    match c {
        Condition::NoneMatch(_) => format!("if there is no {kind}"),
        _ => format!("if there is at least one {kind}"),
    }
}

/// An amount a condition compares, as a noun phrase: "your opponent's life".
fn amount(a: &Amount) -> String {
    match a {
        Amount::Number(n) => n.to_string(),
        Amount::Life(Player::You) => "your life".into(),
        Amount::Life(Player::Opponent) => "your opponent's life".into(),
        Amount::Count(s) => format!("the number of {}", kind(s)),
        Amount::Level(s) => format!("the level of {}", sel(s)),
    }
}

pub fn cost(c: &Cost) -> String {
    match c {
        Cost::Energy(symbols) => symbols
            .iter()
            .map(|s| symbol(*s))
            .collect::<Vec<_>>()
            .join(" "),
        Cost::SpinDown(s) => format!("spin {} down one level", sel(s)),
        Cost::Ko(s) => format!("knock out {}", sel(s)),
        Cost::Move { what, zone: z } => format!("move {} to your {}", sel(what), zone(*z)),
        Cost::Life(n) => format!("{n} life"),
        Cost::Damage(n) => format!("take {n} damage"),
        Cost::UpTo(symbols) => format!(
            "up to {}",
            symbols
                .iter()
                .map(|s| symbol(*s))
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

fn keyword(k: &Keyword) -> String {
    match k {
        Keyword::Ally => "Ally".into(),
        Keyword::Continuous => "Continuous".into(),
        Keyword::Fast => "Fast".into(),
        Keyword::IronWill => "Iron Will".into(),
        Keyword::Overcrush => "Overcrush".into(),
        Keyword::Heroic => "Heroic".into(),
        // No names: any Suit Up, as a selector names it (Armor Wars).
        Keyword::SuitUp { names } if names.is_empty() => "Suit Up".into(),
        Keyword::SuitUp { names } => format!("Suit Up ({})", names.join(", ")),
        Keyword::Deadly => "Deadly".into(),
        Keyword::EnergyDrain => "Energy Drain".into(),
        Keyword::Cleave => "Cleave".into(),
        Keyword::Infiltrate => "Infiltrate".into(),
        Keyword::Regenerate => "Regenerate".into(),
        Keyword::Intimidate => "Intimidate".into(),
        Keyword::CallOut => "Call Out".into(),
        Keyword::BreathWeapon(x) => format!("Breath Weapon {x}"),
        Keyword::Swarm => "Swarm".into(),
        Keyword::Experience => "Experience".into(),
        Keyword::Range(x) => format!("Range {x}"),
        Keyword::Strike => "Strike".into(),
        Keyword::Obscure => "Obscure".into(),
        Keyword::Retaliation => "Retaliation".into(),
        Keyword::TagOut => "Tag Out".into(),
        Keyword::Attune => "Attune".into(),
        Keyword::Amplify => "Amplify".into(),
        Keyword::Founder => "Founder".into(),
        Keyword::Immortal => "Immortal".into(),
        Keyword::TurtlePower => "Turtle Power".into(),
        Keyword::Frag => "Frag".into(),
    }
}

fn until(u: Until) -> &'static str {
    match u {
        Until::TurnEnd => " until the end of the turn",
        Until::YourNextTurn => " until your next turn",
        Until::WhileOn => "",
        Until::Canceled => " until canceled",
    }
}

fn placement(p: Placement) -> String {
    let whose = match p.of {
        Owner::Its => "its owner's",
        Owner::You => "your",
        Owner::Opponent => "your opponent's",
    };
    format!("{whose} {}", zone(p.zone))
}

fn zone(z: ZoneName) -> &'static str {
    match z {
        ZoneName::Bag => "bag",
        ZoneName::Prep => "prep area",
        ZoneName::Reserve => "reserve pool",
        ZoneName::Field => "field",
        ZoneName::Used => "used pile",
        ZoneName::Oop => "out of play zone",
    }
}

/// An energy symbol's name, as logs and cards write it.
pub fn symbol(s: EnergySymbol) -> &'static str {
    match s {
        EnergySymbol::Fist => "fist",
        EnergySymbol::Bolt => "bolt",
        EnergySymbol::Mask => "mask",
        EnergySymbol::Shield => "shield",
        EnergySymbol::Generic => "generic",
    }
}

fn energy(e: EnergyType) -> &'static str {
    match e {
        EnergyType::Fist => "fist",
        EnergyType::Bolt => "bolt",
        EnergyType::Mask => "mask",
        EnergyType::Shield => "shield",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(yaml: &str) -> Ability {
        serde_saphyr::from_str(yaml).expect("an ability")
    }

    #[test]
    fn a_trigger_with_a_burst_reads_as_the_card_does() {
        let a = parse(
            "kind: triggered\nwhen: {event: blocks}\ndo:\n  - boost: {to: {what: this}, attack: 1, defense: 1}\n\
             bursts:\n  - on: \"*\"\n    instead: true\n    do:\n      - boost: {to: {what: this}, attack: 2, defense: 2}\n",
        );
        assert_eq!(
            ability(&a),
            "Triggered, when this die blocks: this die gets +1A +1D until the end of the turn. \
             * instead: this die gets +2A +2D until the end of the turn."
        );
    }

    #[test]
    fn an_attack_step_trigger_says_whose_attack_step() {
        // `of: this` fires on either player's attack step: "your" would mislead a judge.
        assert_eq!(
            event(Event::AttackStepStart, Subject::This),
            "an attack step starts"
        );
        assert_eq!(
            event(Event::AttackStepStart, Subject::You),
            "your attack step starts"
        );
        assert_eq!(
            event(Event::AttackStepStart, Subject::Opponent),
            "your opponent's attack step starts"
        );
        assert_eq!(
            event(Event::AttackStepEnd, Subject::This),
            "an attack step ends"
        );
        assert_eq!(
            event(Event::AttackStepEnd, Subject::You),
            "your attack step ends"
        );
    }

    #[test]
    fn a_global_reads_its_cost_then_its_effect() {
        let a = parse(
            "kind: global\ncost: [energy: [fist]]\ndo:\n  - no-damage: {to: {what: character, target: true, state: blocked}}\n",
        );
        assert_eq!(
            ability(&a),
            "Global: pay fist: one target character that is blocked deals no combat damage."
        );
    }

    #[test]
    fn selectors_read_as_noun_phrases() {
        let s: Selector =
            serde_saphyr::from_str("{count: two, what: character, side: yours, target: true}")
                .unwrap();
        assert_eq!(sel(&s), "two target characters of yours");
        let s: Selector =
            serde_saphyr::from_str("{what: character, side: opposing, level: 1}").unwrap();
        assert_eq!(sel(&s), "one opposing level 1 character");
        let s: Selector = serde_saphyr::from_str("{what: character, energy: fist}").unwrap();
        assert_eq!(kind(&s), "fist characters");
    }

    #[test]
    fn negated_and_union_selectors_read_as_the_card_would() {
        let s: Selector = serde_saphyr::from_str(
            "{count: each, what: character, side: opposing, not_affiliation: Villain}",
        )
        .unwrap();
        assert_eq!(sel(&s), "each opposing non-Villain character");
        let s: Selector =
            serde_saphyr::from_str("{what: character, energies: [bolt, fist]}").unwrap();
        assert_eq!(sel(&s), "one bolt or fist character");
        let s: Selector = serde_saphyr::from_str("{what: character, min_level: 2}").unwrap();
        assert_eq!(sel(&s), "one level 2 or higher character");
        let s: Selector =
            serde_saphyr::from_str("{count: two, what: sidekick, or_what: action-die}").unwrap();
        assert_eq!(sel(&s), "two sidekicks or action dice");
        let s: Selector = serde_saphyr::from_str(
            "{count: each, what: character, not_energy: fist, affiliations: [Hero, Villain]}",
        )
        .unwrap();
        assert_eq!(sel(&s), "each non-fist Hero or Villain character");
        let s: Selector =
            serde_saphyr::from_str("{count: {up-to: 2}, what: sidekick, side: yours, zone: used}")
                .unwrap();
        assert_eq!(sel(&s), "up to 2 sidekicks of yours in the used pile");
        let e: Effect = serde_saphyr::from_str(
            "damage: {amount: 1, to: {what: player, side: opposing}, per: {what: character, side: yours, affiliation: Villain}}",
        )
        .unwrap();
        assert_eq!(
            effect(&e),
            "deal 1 damage to one opposing player for each Villain character of yours"
        );
    }

    #[test]
    fn conditions_read_without_the_selectors_count() {
        let c: Condition = serde_saphyr::from_str(
            "{none-match: {count: each, what: character, side: opposing, affiliation: Villain}}",
        )
        .unwrap();
        assert_eq!(condition(&c), "if there is no opposing Villain character");
        let c: Condition = serde_saphyr::from_str("{some-match: {what: character}}").unwrap();
        assert_eq!(condition(&c), "if there is at least one character");
    }

    #[test]
    fn comparisons_read_as_english_and_a_level_is_one_die_s() {
        let c: Condition = serde_saphyr::from_str(
            "{compare: {left: {life: opponent}, is: more, right: {life: you}}}",
        )
        .unwrap();
        assert_eq!(
            condition(&c),
            "if your opponent's life is more than your life"
        );
        let c: Condition = serde_saphyr::from_str(
            "{compare: {left: {count: {what: character, side: yours}}, is: at-least, right: {number: 3}}}",
        )
        .unwrap();
        assert_eq!(
            condition(&c),
            "if the number of characters of yours is at least 3"
        );
        let a: Ability = serde_saphyr::from_str(
            "kind: static\nif: {compare: {left: {level: {what: character}}, is: equal, right: {number: 3}}}\ndo: [boost: {to: {what: this}, attack: 1, until: while-on}]\n",
        )
        .unwrap();
        assert!(a.problem().is_some_and(|p| p.contains("level of one die")));
        let a: Ability = serde_saphyr::from_str(
            "kind: static\nif: {compare: {left: {level: {what: this}}, is: equal, right: {number: 3}}}\ndo: [boost: {to: {what: this}, attack: 1, until: while-on}]\n",
        )
        .unwrap();
        assert_eq!(a.problem(), None);
    }
}
