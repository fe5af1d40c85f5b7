//! The "gets a keyword" effect: each die it reaches has the keyword until the end of the
//! turn (Thrown Car by errata: two of your characters get +1A and Overcrush). A mark on
//! the die, like every applied effect (`state::Boost`); what having the keyword does is
//! the keyword's own file's (`keywords::grant`).

use crate::cards::ability::{Keyword, Selector};

use super::Run;
use crate::engine::keywords::grant::grantable;
use crate::engine::replay::{Replayer, Stop};
use crate::engine::state::{Boost, Grants, Op};

impl Replayer {
    /// `keyword` on each die reached, this turn. Only a grantable keyword reaches here
    /// (`coverage::effect_applied`); any other changes nothing.
    pub(super) fn grant_effect(
        &mut self,
        to: &Selector,
        keyword: &Keyword,
        ctx: &mut Run,
    ) -> Result<Vec<Op>, Stop> {
        let Some(g) = grantable(keyword) else {
            return Ok(Vec::new());
        };
        let boost = Boost {
            granted: Grants::default().with(g),
            ..Boost::default()
        };
        self.boost_reached(to, boost, ctx)
    }
}
