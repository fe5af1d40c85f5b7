//! A choice of modes ("its controller chooses one: they lose 1 life; you gain 1 life",
//! Red Skull: Dust of Death): the player the ability names chooses one mode, written by
//! its name in the line's `choose` clause (`choose lose`), and that mode's effects
//! happen, in order, as the ability's. The line is that player's: a mode the opponent
//! chooses is written `Bob: resolve Ann.RS:L1 choose lose` ([`chooser`]).

use crate::cards::ability::{Ability, Effect, Mode, Player};

use super::Run;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::Op;

/// Whether the player who writes an ability's choices is its controller's opponent: the
/// ability lets the opponent choose among its modes.
pub(in crate::engine) fn chooser(a: &Ability) -> Player {
    let opponent = a
        .effects
        .iter()
        .chain(a.bursts.iter().flat_map(|b| b.effects.iter()))
        .any(|e| {
            matches!(
                e,
                Effect::ChooseOne {
                    by: Player::Opponent,
                    ..
                }
            )
        });
    if opponent {
        Player::Opponent
    } else {
        Player::You
    }
}

impl Replayer {
    /// The chosen mode's effects.
    pub(super) fn choose_one_effect(
        &mut self,
        modes: &[Mode],
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let names: Vec<&str> = modes.iter().map(|m| m.name.as_str()).collect();
        let word = self.word(ctx, &names)?;
        let Some(mode) = modes.iter().find(|m| m.name == word) else {
            // Waived (`word` reported it): no mode is known, nothing happens.
            return Ok(Vec::new());
        };
        let mut ops = Vec::new();
        for e in &mode.effects {
            ops.extend(self.effect(e, ctx)?);
        }
        Ok(ops)
    }
}
