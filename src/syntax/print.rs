//! The canonical printer: a syntax tree back to dmlog text that parses to the same tree.
//!
//! Comments and layout are not kept (they are not in the tree); annotations are. The
//! printed form is the one `dmlint state` will emit, so it favours the shortest
//! unambiguous spelling (`SK:fist x2`, `FB:**`).

use std::fmt::{self, Display, Formatter, Write};

use super::ast::*;

/// A whole document in canonical form.
pub fn print_document(doc: &Document) -> String {
    let mut out = String::new();
    if let Some(v) = &doc.header.version {
        let _ = writeln!(out, "dmlog {}", v.node);
    }
    for line in &doc.header.defaults {
        out.push_str(&print_line(line));
    }
    let multi = !doc.header.defaults.is_empty()
        || doc.games.len() > 1
        || doc.games.iter().any(|g| g.label.is_some());
    for game in &doc.games {
        if multi {
            match &game.label {
                Some(l) => {
                    let _ = writeln!(out, "game {}", l.node);
                }
                None => out.push_str("game\n"),
            }
        }
        out.push_str(&print_game(game));
    }
    out
}

/// A game's lines (without its `game` line) in canonical form.
pub fn print_game(game: &Game) -> String {
    game.lines.iter().map(print_line).collect()
}

/// One line (a position block prints as several), ending in a newline.
pub fn print_line(line: &Line) -> String {
    let mut out = String::new();
    let note = |out: &mut String| {
        if let Some(a) = &line.annotation {
            if a.node.is_empty() {
                out.push_str("  #~");
            } else {
                let _ = write!(out, "  #~ {}", a.node);
            }
        }
    };
    match &line.statement {
        Statement::Position(p) => {
            out.push_str("position");
            note(&mut out);
            out.push('\n');
            for e in &p.entries {
                let _ = writeln!(out, "{}", e.node);
            }
            if p.end.is_some() {
                out.push_str("end\n");
            }
        }
        Statement::Annotation => {
            note(&mut out);
            out.replace_range(..2, "");
            out.push('\n');
        }
        s => {
            let _ = write!(out, "{s}");
            note(&mut out);
            out.push('\n');
        }
    }
    out
}

fn list<T: Display>(f: &mut Formatter<'_>, items: &[T], sep: &str) -> fmt::Result {
    for (n, item) in items.iter().enumerate() {
        if n > 0 {
            f.write_str(sep)?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

fn count(f: &mut Formatter<'_>, c: &Option<Spanned<u32>>) -> fmt::Result {
    match c {
        Some(c) => write!(f, " x{}", c.node),
        None => Ok(()),
    }
}

fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

impl Display for Statement {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Statement::Annotation | Statement::Position(_) => Ok(()),
            Statement::Rules(e) => write!(f, "rules {}", e.node),
            Statement::Format { name, life } => {
                write!(f, "format {}", name.node)?;
                match life {
                    Some(l) => write!(f, " life {}", l.node),
                    None => Ok(()),
                }
            }
            Statement::Sets { sets } => {
                f.write_str("sets ")?;
                let names: Vec<&str> = sets.iter().map(|s| s.node.as_str()).collect();
                f.write_str(&names.join(" "))
            }
            Statement::Tag { key, value } => write!(f, "tag {} {}", key.node, value.node),
            Statement::Team(p) => write!(f, "team {}", p.node),
            Statement::Middle => f.write_str("middle"),
            Statement::Card(c) => write!(f, "{c}"),
            Statement::First(p) => write!(f, "first {}", p.node),
            Statement::Turn { number, player } => write!(f, "turn {} {}", number.node, player.node),
            Statement::State(s) => write!(f, "{s}"),
            Statement::Waiver { code, reason } => {
                write!(f, "waive {} {}", code.node, quote(&reason.node))
            }
            Statement::Move { actor, action } => {
                if let Some(a) = actor {
                    write!(f, "{}: ", a.node)?;
                }
                write!(f, "{action}")
            }
            Statement::End => f.write_str("end"),
        }
    }
}

impl Display for Edition {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edition::Rules2014 => "2014",
            Edition::Rules2016 => "2016",
            Edition::Rules2018 => "2018",
        })
    }
}

impl Display for FormatName {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FormatName::Tournament => "tournament",
            FormatName::Basic => "basic",
            FormatName::FirstGame => "first-game",
            FormatName::Custom => "custom",
            FormatName::Demo(set) => return write!(f, "demo {}", set.code()),
            FormatName::Listed(ListFormat::Modern(Some(season))) => {
                return write!(f, "modern {season}");
            }
            FormatName::Listed(list) => list.word(),
        })
    }
}

impl Display for CardDef {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.basic {
            f.write_str("basic ")?;
        }
        write!(f, "{} = {}", self.alias.node, self.name.node)?;
        count(f, &self.count)
    }
}

impl Display for CardName {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let plain = match &self.subtitle {
            Some(s) => format!("{}: {s}", self.title),
            None => self.title.to_string(),
        };
        // Quote whatever a bare name could not carry back unchanged.
        let last = plain.rsplit([' ', '\t']).next().unwrap_or("");
        // A name glued to `=` may start with `#` (`ST =#~ Storm …`): printed after a
        // space, it would start a comment.
        let needs_quotes = plain.starts_with(['"', '#'])
            || plain.contains(" #")
            || plain.contains("\t#")
            || plain.ends_with(char::is_whitespace)
            || (last.len() > 1
                && last.starts_with('x')
                && last[1..].bytes().all(|b| b.is_ascii_digit()));
        if needs_quotes {
            f.write_str(&quote(&plain))
        } else {
            f.write_str(&plain)
        }
    }
}

impl Display for Zone {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Zone::Bag => "bag",
            Zone::Prep => "prep",
            Zone::Reserve => "reserve",
            Zone::Field => "field",
            Zone::Used => "used",
            Zone::Oop => "oop",
            Zone::Aside => "aside",
        })
    }
}

impl Display for Step {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Step::Draw => "draw",
            Step::Roll => "roll",
            Step::Main => "main",
            Step::Attack => "attack",
            Step::Blockers => "blockers",
            Step::Window => "window",
            Step::Damage => "damage",
            Step::Cleanup => "cleanup",
        })
    }
}

impl Display for StateLine {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            StateLine::Life { player, life } => write!(f, "life {} {}", player.node, life.node),
            StateLine::Zone { zone, player, dice } => {
                write!(f, "{} {} ", zone.node, player.node)?;
                if dice.is_empty() {
                    f.write_str("none")
                } else {
                    list(f, dice, " ")
                }
            }
            StateLine::Supply { card, count } => write!(f, "supply {card} {}", count.node),
            StateLine::Virtual { player, amount } => {
                write!(f, "virtual {} {}", player.node, amount.node)
            }
            StateLine::Priority { player } => write!(f, "priority {}", player.node),
            StateLine::Turn {
                number,
                player,
                step,
            } => {
                write!(f, "turn {} {} {}", number.node, player.node, step.node)
            }
            StateLine::Drawn { count, oop, swarm } => {
                write!(f, "drawn {}", count.node)?;
                if let Some(n) = oop {
                    write!(f, " oop {}", n.node)?;
                }
                match swarm {
                    Some(n) => write!(f, " swarm {}", n.node),
                    None => Ok(()),
                }
            }
            StateLine::Fielded { player, count } => {
                write!(f, "fielded {} {}", player.node, count.node)
            }
            StateLine::Rerolled => f.write_str("rerolled"),
            StateLine::Passed { players } => {
                f.write_str("passed")?;
                if players.is_empty() {
                    return f.write_str(" none");
                }
                for p in players {
                    write!(f, " {}", p.node)?;
                }
                Ok(())
            }
            StateLine::Acted { player } => write!(f, "acted {}", player.node),
            StateLine::Lost { player } => write!(f, "lost {}", player.node),
            StateLine::Impulse { card } => write!(f, "impulse {card}"),
            StateLine::Prepped { player, dice } => {
                write!(f, "prepped {} ", player.node)?;
                if dice.is_empty() {
                    f.write_str("none")
                } else {
                    list(f, dice, " ")
                }
            }
            StateLine::Conceded { player } => write!(f, "conceded {}", player.node),
            StateLine::Tokens { card, kind, count } => {
                write!(f, "tokens {card} {} {}", kind.node.name(), count.node)
            }
            StateLine::MonsterKo { player } => write!(f, "monster-ko {}", player.node),
            StateLine::Assigned { attacker, shares } => {
                write!(f, "assigned {attacker} -> ")?;
                list(f, shares, " ")
            }
            StateLine::Combat { stage } => write!(f, "combat {}", stage.node),
            StateLine::Pending(p) => {
                write!(f, "pending {} ability {}", p.card, p.ability.node)?;
                if let Some(d) = &p.die {
                    write!(f, " die {d}")?;
                }
                if let Some(d) = &p.about {
                    write!(f, " about {d}")?;
                }
                if let Some(n) = &p.batch {
                    write!(f, " batch {}", n.node)?;
                }
                if let Some(n) = &p.bursts {
                    write!(f, " bursts {}", n.node)?;
                }
                if !p.paid.is_empty() {
                    f.write_str(" paid ")?;
                    list(f, &p.paid, " ")?;
                }
                if let Some(n) = &p.taken {
                    write!(f, " taken {}", n.node)?;
                }
                Ok(())
            }
            StateLine::Limit {
                card,
                ability,
                die,
                by,
            } => {
                write!(f, "limit {card} ability {}", ability.node)?;
                if let Some(d) = die {
                    write!(f, " die {d}")?;
                }
                match by {
                    Some(p) => write!(f, " by {}", p.node),
                    None => Ok(()),
                }
            }
            StateLine::Ignored { card, dice } => {
                write!(f, "ignored {card}{}", if *dice { " dice" } else { "" })
            }
            StateLine::Reactable(r) => {
                write!(f, "reactable {} ", r.event.node)?;
                match &r.about {
                    EventAbout::Die(d) => write!(f, "die {d}")?,
                    EventAbout::Player(p) => write!(f, "player {}", p.node)?,
                    EventAbout::Nothing => f.write_str("none")?,
                }
                for a in &r.answered {
                    write!(
                        f,
                        " answered {} ability {} by {}",
                        a.card, a.ability.node, a.by.node
                    )?;
                }
                Ok(())
            }
            StateLine::CostCut {
                card,
                ability,
                by,
                amount,
            } => write!(
                f,
                "cost-cut {card} ability {} by {} less {}",
                ability.node, by.node, amount.node
            ),
            StateLine::Held { card, ability, ops } => {
                write!(f, "held {card} ability {}", ability.node)?;
                for op in ops {
                    write!(f, " {op}")?;
                }
                Ok(())
            }
        }
    }
}

impl Display for CombatStage {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CombatStage::NoAttack => "none",
            CombatStage::FastDamaged => "fast-damaged",
            CombatStage::FastKnockedOut => "fast-knocked-out",
            CombatStage::FastPlayerHit => "fast-player-hit",
            CombatStage::Damaged => "damaged",
            CombatStage::KnockedOut => "knocked-out",
            CombatStage::PlayerHit => "player-hit",
            CombatStage::Over => "over",
            CombatStage::Ending => "ending",
        })
    }
}

impl Display for HeldOp {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            HeldOp::Ko { die } => write!(f, "ko {die}"),
            HeldOp::CombatKo { die } => write!(f, "combat-ko {die}"),
            HeldOp::Damage { die, amount } => write!(f, "damage {die}={}", amount.node),
            HeldOp::Boost { die, modifiers } => {
                write!(f, "boost {die}")?;
                for m in modifiers {
                    write!(f, " {}", m.node)?;
                }
                Ok(())
            }
            HeldOp::Spin { die, level } => write!(f, "spin {die} L{}", level.node),
            HeldOp::SuitUp { die } => write!(f, "suit-up {die}"),
            HeldOp::Gain { player, amount } => write!(f, "gain {}={}", player.node, amount.node),
        }
    }
}

impl Display for DieRef {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if let Some(p) = &self.player {
            write!(f, "{}.", p.node)?;
        }
        f.write_str(&self.alias.node)?;
        if let Some(face) = &self.face {
            write!(f, ":{}", face.node)?;
        }
        if let Some(n) = &self.ordinal {
            write!(f, "#{}", n.node)?;
        }
        if !self.modifiers.is_empty() {
            f.write_str("[")?;
            for (i, m) in self.modifiers.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{}", m.node)?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

impl Display for CardRef {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if let Some(p) = &self.player {
            write!(f, "{}.", p.node)?;
        }
        f.write_str(&self.alias.node)
    }
}

impl Display for DieItem {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.die)?;
        count(f, &self.count)
    }
}

impl Display for Modifier {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Modifier::Damage(n) => write!(f, "dmg={n}"),
            Modifier::Attacking => f.write_str("attacking"),
            Modifier::Blocking(d) => write!(f, "blocking={d}"),
            Modifier::Paired(d) => write!(f, "paired={d}"),
            Modifier::CalledOut(d) => write!(f, "called-out={d}"),
            Modifier::CapturedBy(d) => write!(f, "captured-by={d}"),
            Modifier::Blocked => f.write_str("blocked"),
            Modifier::Spent => f.write_str("spent"),
            Modifier::Attack(n) => write!(f, "{n:+}A"),
            Modifier::Defense(n) => write!(f, "{n:+}D"),
            Modifier::DoubleAttack => f.write_str("double-attack"),
            Modifier::DoubleDefense => f.write_str("double-defense"),
            Modifier::NoDamage => f.write_str("no-damage"),
            Modifier::MustAttack => f.write_str("must-attack"),
            Modifier::CantAttack => f.write_str("cant-attack"),
            Modifier::CantBlock => f.write_str("cant-block"),
            Modifier::Unblockable => f.write_str("unblockable"),
            Modifier::DefenseIsAttack => f.write_str("defense-is-attack"),
            Modifier::DeadlyKo => f.write_str("deadly-ko"),
            Modifier::AttackDamaged => f.write_str("attack-damaged"),
            Modifier::HasBlocked => f.write_str("has-blocked"),
            Modifier::Fielded => f.write_str("fielded"),
            Modifier::MustBlock(None) => f.write_str("must-block"),
            Modifier::MustBlock(Some(d)) => write!(f, "must-block={d}"),
            Modifier::DoubleDamageToBlockers => f.write_str("double-damage-to-blockers"),
            Modifier::ExcessToPlayer => f.write_str("excess-to-player"),
            Modifier::IronWillSpared(d) => write!(f, "iron-will-spared={d}"),
            Modifier::Has(k) => write!(f, "+{}", k.name()),
            Modifier::Villain => f.write_str("villain"),
            Modifier::Copy(c) => write!(f, "copy={c}"),
        }
    }
}

fn stars(f: &mut Formatter<'_>, bursts: u8) -> fmt::Result {
    f.write_str(match bursts {
        0 => "",
        1 => "*",
        _ => "**",
    })
}

impl Display for Face {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Face::Level { level, bursts } => {
                write!(f, "L{level}")?;
                stars(f, *bursts)
            }
            Face::Action { bursts: 0 } => f.write_str("act"),
            Face::Action { bursts } => stars(f, *bursts),
            Face::Energy { parts, bursts } => {
                list(f, parts.as_slice(), "+")?;
                stars(f, *bursts)
            }
        }
    }
}

impl Display for EnergyPart {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if self.count != 1 {
            write!(f, "{}", self.count)?;
        }
        write!(f, "{}", self.symbol)
    }
}

impl Display for Energy {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Energy::Fist => "fist",
            Energy::Bolt => "bolt",
            Energy::Mask => "mask",
            Energy::Shield => "shield",
            Energy::Wild => "wild",
            Energy::Generic => "gen",
        })
    }
}

impl Display for Move {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Move::Draw { dice, to } => {
                f.write_str("draw ")?;
                list(f, dice, " ")?;
                match to {
                    Some(z) => write!(f, " to {}", z.node),
                    None => Ok(()),
                }
            }
            Move::Refill => f.write_str("refill"),
            Move::Roll { dice } => {
                f.write_str("roll ")?;
                list(f, dice, " ")
            }
            Move::Reroll { dice } => {
                f.write_str("reroll ")?;
                list(f, dice, " ")
            }
            Move::Buy { cards, payment } => {
                f.write_str("buy ")?;
                list(f, cards, " ")?;
                write!(f, " {payment}")
            }
            Move::Field { dice, payment } => {
                f.write_str("field ")?;
                list(f, dice, " ")?;
                match payment {
                    Some(p) => write!(f, " {p}"),
                    None => Ok(()),
                }
            }
            Move::Use { die, clauses } => with_clauses(f, "use", die, clauses),
            Move::Global { card, clauses } => with_clauses(f, "global", card, clauses),
            Move::Activate { die, clauses } => with_clauses(f, "activate", die, clauses),
            Move::Resolve { die, clauses } => with_clauses(f, "resolve", die, clauses),
            Move::Pass => f.write_str("pass"),
            Move::Attack { dice } if dice.is_empty() => f.write_str("attack none"),
            Move::Attack { dice } => {
                f.write_str("attack ")?;
                list(f, dice, " ")
            }
            Move::Block { pairs } if pairs.is_empty() => f.write_str("block none"),
            Move::Block { pairs } => {
                f.write_str("block ")?;
                list(f, pairs, ", ")
            }
            Move::Assign { attacker, shares } => {
                write!(f, "assign {attacker} -> ")?;
                list(f, shares, " ")
            }
            Move::Damage => f.write_str("damage"),
            Move::Concede => f.write_str("concede"),
        }
    }
}

fn with_clauses(
    f: &mut Formatter<'_>,
    verb: &str,
    subject: &dyn Display,
    clauses: &[Clause],
) -> fmt::Result {
    write!(f, "{verb} {subject}")?;
    for c in clauses {
        write!(f, " {c}")?;
    }
    Ok(())
}

impl Display for RerollItem {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}->{}", self.die, self.result.node)
    }
}

impl Display for Purchase {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.card)?;
        count(f, &self.count)
    }
}

impl Display for Payment {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_str("pay ")?;
        list(f, &self.items, " ")
    }
}

impl Display for PaymentItem {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            PaymentItem::Virtual { amount } => write!(f, "virtual {}", amount.node),
            PaymentItem::Life { amount } => write!(f, "{} life", amount.node),
            PaymentItem::Die {
                die,
                spun_to,
                count: c,
            } => {
                write!(f, "{die}")?;
                if let Some(s) = spun_to {
                    write!(f, "->{}", s.node)?;
                }
                count(f, c)
            }
        }
    }
}

impl Display for BlockPair {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{} -> {}", self.blocker, self.attacker)
    }
}

impl Display for DamageShare {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.blocker, self.amount.node)
    }
}

impl Display for Clause {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Clause::Pay(p) => write!(f, "{p}"),
            Clause::Target { targets, .. } => {
                f.write_str("target ")?;
                list(f, targets, " ")
            }
            Clause::Choose { words, .. } => {
                f.write_str("choose ")?;
                let w: Vec<&str> = words.iter().map(|w| w.node.as_str()).collect();
                f.write_str(&w.join(" "))
            }
            Clause::Order { dice, .. } => {
                f.write_str("order ")?;
                list(f, dice, " ")
            }
            Clause::May { yes } => f.write_str(if yes.node { "may yes" } else { "may no" }),
            Clause::Roll { dice, .. } => {
                f.write_str("roll ")?;
                list(f, dice, " ")
            }
            Clause::Draw { dice, .. } => {
                f.write_str("draw ")?;
                list(f, dice, " ")
            }
            Clause::Prevent { amount } => write!(f, "prevent {}", amount.node),
            Clause::Redirect { target } => write!(f, "redirect {target}"),
            Clause::To { zone } => write!(f, "to {}", zone.node),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_demo_format_prints_its_set_the_way_it_is_written() {
        for set in DemoSet::ALL {
            assert_eq!(
                FormatName::Demo(set).to_string(),
                format!("demo {}", set.code())
            );
        }
        assert_eq!(FormatName::FirstGame.to_string(), "first-game");
    }
}
