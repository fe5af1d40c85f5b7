//! Life totals: each change made with its cause, so that a `life` assertion the rules
//! disagree with shows the working ("10 - 3 from Thor: Lord of Asgard attacking - 1 from
//! Sidekick attacking = 6"), as a judge would work it out aloud at the table.

use crate::syntax::Span;

use super::replay::Replayer;

/// How many changes the working lists; older ones are folded into its starting total
/// (a working longer than this is no help read aloud, and the log stays bounded).
const KEPT: usize = 12;

/// A player's life since it was last known: set by a `position`, agreed by a `life`
/// assertion the rules confirmed, or the game's starting life.
#[derive(Debug, Clone)]
pub(super) struct LifeLog {
    /// The total the working starts from.
    from: i64,
    /// The line that set or agreed it; `None` for the game's starting life.
    pub(super) since: Option<Span>,
    /// The changes after it, oldest first, each with its cause.
    changes: Vec<(i64, String)>,
    /// Older changes were folded into `from`.
    folded: bool,
}

impl LifeLog {
    pub(super) fn new(life: i64, since: Option<Span>) -> LifeLog {
        LifeLog {
            from: life,
            since,
            changes: Vec::new(),
            folded: false,
        }
    }

    fn push(&mut self, delta: i64, why: String) {
        if self.changes.len() == KEPT {
            let (d, _) = self.changes.remove(0);
            self.from += d;
            self.folded = true;
        }
        self.changes.push((delta, why));
    }

    /// The working that leads to `now`, or `None` when nothing changed the total.
    pub(super) fn working(&self, now: i64) -> Option<String> {
        if self.changes.is_empty() {
            return None;
        }
        let mut s = if self.folded {
            format!("{} (after earlier changes)", self.from)
        } else {
            self.from.to_string()
        };
        // The same change from the same cause in a row is written once, with its count
        // (six sidekicks unblocked: "- 1 from Sidekick attacking (x6)").
        let mut i = 0;
        while i < self.changes.len() {
            let (d, why) = &self.changes[i];
            let n = self.changes[i..]
                .iter()
                .take_while(|c| c == &&self.changes[i])
                .count();
            let sign = if *d < 0 { '-' } else { '+' };
            s.push_str(&format!(" {sign} {} {why}", d.unsigned_abs()));
            if n > 1 {
                s.push_str(&format!(" (x{n})"));
            }
            i += n;
        }
        s.push_str(&format!(" = {now}"));
        Some(s)
    }
}

impl Replayer {
    /// Changes a player's life by `delta`, for a cause worded to follow the amount
    /// ("from Thor: Lord of Asgard attacking", "paid for Power Bolt").
    pub(in crate::engine) fn change_life(
        &mut self,
        player: usize,
        delta: i64,
        why: impl Into<String>,
    ) {
        self.state.players[player].life += delta;
        if delta != 0 {
            self.life_log[player].push(delta, why.into());
        }
    }

    /// The player's life is known at this line (set or agreed): the working starts
    /// again from it.
    pub(in crate::engine) fn life_known(&mut self, player: usize, at: Span) {
        self.life_log[player] = LifeLog::new(self.state.players[player].life, Some(at));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_working_lists_each_change_and_the_total() {
        let mut log = LifeLog::new(10, None);
        assert_eq!(log.working(10), None);
        log.push(-3, "from Thor attacking".into());
        log.push(-1, "from Sidekick attacking".into());
        log.push(-1, "from Sidekick attacking".into());
        log.push(2, "from Medic".into());
        assert_eq!(
            log.working(7).as_deref(),
            Some("10 - 3 from Thor attacking - 1 from Sidekick attacking (x2) + 2 from Medic = 7")
        );
    }

    #[test]
    fn a_long_working_folds_its_oldest_changes() {
        let mut log = LifeLog::new(20, None);
        for _ in 0..KEPT + 2 {
            log.push(-1, "x".into());
        }
        let w = log.working(20 - (KEPT as i64 + 2)).unwrap();
        assert_eq!(w, format!("18 (after earlier changes) - 1 x (x{KEPT}) = 6"));
    }
}
