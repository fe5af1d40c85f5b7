//! Why the engine could not decide a game: input it cannot replay, as opposed to a rule
//! the game broke (those are `dmlint::rules::…` violations).

use crate::diag::{Problem, code_table};

code_table! {
    "engine", EngineCode;
    /// The log reaches a card whose abilities (or whose die or cost) dmlint does not model
    /// yet. Rather than guess, dmlint stops replaying the game at that line and reports it
    /// undecided; the moves before it were checked.
    ///
    /// ```text
    /// field CA:L3 pay SK:fist SK:bolt   # Captain America's text is not modelled yet
    /// ```
    ///
    /// What helps: `dmlint cards NAME` shows what the card data knows; card abilities are
    /// being encoded card by card (cards/README.md).
    Undecided = "undecided",
    /// A die reference could mean dice in different states (a damaged and an undamaged
    /// `SK:L1`), and the move does not say which.
    ///
    /// ```text
    /// attack SK:L1      # one SK:L1 has 1 damage, the other none
    /// ```
    ///
    /// What helps: add the state in brackets, `SK:L1[dmg=1]`.
    AmbiguousDie = "ambiguous-die",
    /// A line names a player or a card alias the game's teams do not define.
    ///
    /// ```text
    /// turn 1 Erik       # the team is `Eric`
    /// draw ZZ           # no card has the alias ZZ
    /// ```
    UnknownName = "unknown-name",
    /// A game has moves but not two teams, so there is nothing to replay them against.
    ///
    /// ```text
    /// team Eric
    /// turn 1 Eric       # Eric has no opponent
    /// ```
    MissingTeams = "missing-teams",
    /// A `position` block describes a state no game can be in: more dice of a card than
    /// were brought, a face on a die in the bag, a blocker with nothing to block, a life
    /// above the starting life (life never rises past it).
    ///
    /// ```text
    /// position
    /// bag Eric SK x9    # a player has eight sidekicks
    /// end
    /// ```
    ImpossiblePosition = "impossible-position",
    /// A waiver that no violation on the next line used: the judge's ruling names a code
    /// the move did not break (often a typo in the code).
    ///
    /// ```text
    /// waive dmlint::rules::second-reroll "stands"
    /// buy CA pay SK:fist x4          # no reroll here: the waiver waives nothing
    /// ```
    UnusedWaiver = "unused-waiver",
    /// A waived violation whose move cannot be applied: it names a die that is not where
    /// the move takes it from, or blocks a die that is not attacking. A waiver lets a move
    /// stand, but there is no game state in which this move happened, so the replay stops.
    ///
    /// ```text
    /// waive dmlint::rules::die-not-in-zone "judge: the die was drawn"
    /// draw CA        # no Captain America die is in the bag
    /// ```
    ///
    /// What helps: correct the line, or start again from a `position` block.
    Unreplayable = "unreplayable",
    /// A warning, not a violation: the game's verdict rests on a die face the card data
    /// cannot confirm. For most dice the data records the energy faces as `unknown`
    /// (cards/README.md, "Schema": a die with `energy: unknown` accepts any energy face
    /// of one or two symbols of the card's type, generic for a card without one), so a
    /// face such as `GR:2bolt` is taken as written: dmlint cannot tell whether the die
    /// has it. The warning stands at the first such face of each card in a game (a roll,
    /// a reroll, a spin-down, a `position` block); the summary counts every distinct card
    /// and face taken as written (`legal (3 die faces unverified): …`).
    ///
    /// ```text
    /// roll GR:2bolt SK:fist SK:L1   # Ghost Rider: Johnny Blaze's energy faces are not in the data
    /// ```
    ///
    /// It does not change the verdict or the exit code. What helps: check the face on
    /// the die itself; a card file giving the die's faces (`--cards FILE`, `energy:
    /// [bolt, 2bolt]`) makes the check exact.
    UnverifiedFace = "unverified-face",
    /// A warning, not a violation: the game's verdict rests on a character face of a card
    /// whose stats the card sources dispute (`dmlint cards NAME` lists each dispute and the
    /// value kept; tools/cards/corrections.py says how it was chosen). dmlint replays with
    /// the kept value, so the verdict holds only if that value is the card's. The warning
    /// stands at the first character face of each such card in a game; the summary counts
    /// the card's faces with the unverified ones (`legal (1 die face unverified)`).
    ///
    /// ```text
    /// roll AZ:L1 SK:fist SK:L1   # Arnim Zola: Scientist Supreme's level 1 fielding cost is disputed
    /// ```
    ///
    /// It does not change the verdict or the exit code. What helps: check the card itself;
    /// a card file with its stats (`--cards FILE`) replaces the disputed entry.
    DisputedStat = "disputed-stat",
}

/// A game the engine could not replay to its end, or a note about the replay.
pub type EngineError = Problem<EngineCode>;
