//! What each edition of the rules does its own way, in one table: the engine asks the
//! game's [`Book`] instead of testing years, so a difference between the rulebooks is
//! one field here and the code that reads it.
//!
//! grammar/README.md ("Editions") lists the same differences for a reader, with the
//! rulebook lines they rest on.

use crate::syntax::Edition;

/// The rules of one edition where the rulebooks differ.
#[derive(Debug)]
pub struct Book {
    /// The rulebook, as a help line cites it.
    pub name: &'static str,
    /// Spent energy, used action dice and unblocked attackers wait out of play until the
    /// end of their owner's turn (2016, 2018); in 2014 they go straight to the used pile
    /// (unblocked attackers at cleanup).
    pub out_of_play: bool,
    /// On the very first turn the first player draws three dice and a fourth out of play
    /// (2018); before, four like everyone.
    pub short_first_draw: bool,
    /// Priority passes are part of the notation: a step with a window ends only after
    /// them (2018). Before, passes are optional; when a log writes them, the tournament
    /// procedure is checked (rules reference, Using Global Abilities).
    pub passes_required: bool,
    /// The order of combat damage and what follows it.
    pub combat: Combat,
    /// A double generic face spent in part leaves the rest as virtual energy until
    /// priority passes (2018); before, the unspent part of a generic die is lost.
    pub generic_rest_is_virtual: bool,
    /// Effects "at the end of the turn" happen at one moment: none sees what another
    /// did (the rules reference, ruling [13], 003:227, where the 2014 and 2016 books are
    /// silent). 2018 resolves them as any triggers: the active player's first, each
    /// player's in the order they choose (CLEANUP STEP, 000:807-809).
    pub end_of_turn_together: bool,
    /// A die an effect or a cost sends from the field or the reserve pool "to the used
    /// pile" during its owner's turn goes out of play (2018: PLAY AREAS, Out of Play); the
    /// 2016 book names only spent energy, used action dice and unblocked attackers.
    pub sent_to_used_out_of_play: bool,
    /// A die an effect fields (from the used pile, the bag …) is fielded: "when fielded"
    /// effects trigger (2016, 2018); in 2014 "when fielded" means paying the fielding cost
    /// from the reserve pool.
    pub effect_fielding_triggers: bool,
    /// A character die an effect fields, moves or swaps into the field from a zone where
    /// it shows no face (the used pile, the bag …) comes in on its level 1 face unless the
    /// effect says otherwise (2018: fielded "from a place other than the Reserve Pool",
    /// 000:1170-1173; swapped from an unrolled zone, 000:1352-1355). The older books do
    /// not say which face.
    pub unrolled_in_field_on_level_1: bool,
}

/// The order of the attack step's damage, as each rulebook gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Combat {
    /// Avengers vs. X-Men and Uncanny X-Men, Assign Damage and CLEANUP: characters take
    /// their damage and those at their defense are knocked out; effects of the damage and
    /// the knock-outs resolve (the attacker's first); then unblocked attackers damage the
    /// defending player. Every other die stays in the attack zone until cleanup, where
    /// unblocked attackers go to the used pile.
    Y2014,
    /// Iron Man and War Machine, ASSIGN DAMAGE and CLEANUP STEP: all damage at once,
    /// unblocked attackers out of play at once; knock-outs; then the effects of the damage
    /// and the knock-outs. Survivors return to the field at cleanup.
    Y2016,
    /// Avengers Infinity, ASSIGN DAMAGE: all damage at once, unblocked attackers out of
    /// play; "when damaged" effects while every damaged die is still in the attack zone
    /// (even one whose damage reaches its defense); then knock-outs and their effects; then
    /// survivors return to the field.
    Y2018,
}

const Y2014: Book = Book {
    name: "Avengers vs. X-Men rulebook (2014)",
    out_of_play: false,
    short_first_draw: false,
    passes_required: false,
    combat: Combat::Y2014,
    generic_rest_is_virtual: false,
    end_of_turn_together: true,
    sent_to_used_out_of_play: false,
    effect_fielding_triggers: false,
    unrolled_in_field_on_level_1: false,
};

const Y2016: Book = Book {
    name: "Iron Man and War Machine rulebook (2016)",
    out_of_play: true,
    short_first_draw: false,
    passes_required: false,
    combat: Combat::Y2016,
    generic_rest_is_virtual: false,
    end_of_turn_together: true,
    sent_to_used_out_of_play: false,
    effect_fielding_triggers: true,
    unrolled_in_field_on_level_1: false,
};

const Y2018: Book = Book {
    name: "Avengers Infinity rulebook (2018)",
    out_of_play: true,
    short_first_draw: true,
    passes_required: true,
    combat: Combat::Y2018,
    generic_rest_is_virtual: true,
    end_of_turn_together: false,
    sent_to_used_out_of_play: true,
    effect_fielding_triggers: true,
    unrolled_in_field_on_level_1: true,
};

/// The rules of an edition.
pub fn book(edition: Edition) -> &'static Book {
    match edition {
        Edition::Rules2014 => &Y2014,
        Edition::Rules2016 => &Y2016,
        Edition::Rules2018 => &Y2018,
    }
}
