//! Fast: a character die with Fast deals its combat damage before the others, all Fast
//! dice at once, instead of at the regular time.
//!
//! The texts: the 2018 glossary (000:1484-1485) and the 2017 keyword list
//! (keywords-2017-11-09.txt:36) say the same; the 2018 text stands.
//!
//! How it is read against ASSIGN DAMAGE (000:754-795):
//! - Combat damage comes in two rounds when a die with Fast is attacking or blocking: the
//!   Fast round, in which only Fast dice deal their damage (to their blockers, to the
//!   attacker they block, and, unblocked, to the opponent), and the regular round, in
//!   which every other die still in combat deals its own. With no Fast die in combat
//!   there is one round, as before.
//! - Each round is a whole ASSIGN DAMAGE of its own, in the edition's order: under the
//!   2018 rules its "when damaged" effects resolve, then its knock-outs and their effects
//!   (000:783-795); so a die knocked out in the Fast round is gone before the regular
//!   round and deals nothing, and unblocked Fast attackers go out of play at once.
//!   Before 2018 the round knocks out first, as the books do (and, 2014, damages the
//!   player after those effects).
//! - A Fast die deals its damage in the Fast round *instead of* the regular one: it
//!   never deals twice.
//! - The splits: an attacker with several blockers writes its `assign` line before any
//!   damage, as the notation has it (grammar/README.md, "Turns and moves"): no die but
//!   its own attacker damages a blocker in combat, so the Fast round cannot change whom
//!   a split names, and what an attacker knocked out in the Fast round assigned is never
//!   dealt. A share for a blocker that left the field meanwhile is lost, as damage to a
//!   die that is gone.
//! - A position states how far the rounds have gone: `combat fast-damaged`,
//!   `combat fast-knocked-out`, `combat fast-player-hit` for the Fast round's stages.

use crate::cards::ability::Keyword;

use crate::engine::replay::Replayer;
use crate::engine::state::DieId;
use crate::syntax::Zone;

impl Replayer {
    /// Whether die `id` has Fast.
    pub(in crate::engine) fn fast(&self, id: DieId) -> bool {
        self.has_keyword(id, |k| *k == Keyword::Fast)
    }

    /// Whether combat damage has a Fast round: a die with Fast attacks or blocks.
    pub(in crate::engine) fn fast_round_needed(&self) -> bool {
        self.state.ids().any(|id| {
            let d = self.state.die(id);
            d.zone == Zone::Field && (d.attacking || d.blocking.is_some()) && self.fast(id)
        })
    }

    /// Whether die `id` deals its combat damage in this round: a Fast die in the Fast
    /// round, any other in the regular round.
    pub(in crate::engine) fn deals_in_round(&self, id: DieId, fast_round: bool) -> bool {
        self.fast(id) == fast_round
    }
}
