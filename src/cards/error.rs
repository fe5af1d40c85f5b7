//! Card diagnostics: the one table of `dmlint::cards::…` codes.
//!
//! Each code's doc comment is its documentation, printed by `dmlint explain`.

use crate::diag::{Problem, code_table};

code_table! {
    "cards", CardCode;
    /// A card file that is not valid YAML, or does not match the card schema.
    ///
    /// The label points at the line and column where the YAML stopped making sense: a
    /// syntax error, a value of the wrong type (`cost: four`), a missing field, or an
    /// unknown field (`cots: 4`, with the nearest field name suggested). The schema is in
    /// `cards/README.md`.
    InvalidYaml = "invalid-yaml",
    /// A card file written for a schema version this dmlint does not read.
    ///
    /// ```text
    /// schema: 1
    /// ```
    UnsupportedSchema = "unsupported-schema",
    /// A die face in a card file that is not in dmlog face notation.
    ///
    /// Energy faces are written as in logs (`fist`, `2bolt`, `mask*`, `2gen`), action faces
    /// as `act`, `*` or `**`. An energy face in `actions` (or the reverse) is an error too.
    InvalidFace = "invalid-face",
    /// The same card twice in one file: the same title and subtitle, or the same
    /// collector number.
    ///
    /// The second label points at the first entry. To correct a card from the built-in
    /// pool, write it in your own file and pass `--cards FILE`: a later file overrides.
    DuplicateCard = "duplicate-card",
    /// A card file, or a string in it, larger than dmlint accepts.
    ///
    /// A card file is at most 16 MiB and a single text value at most 2,000 bytes: a larger
    /// one is almost always damaged data, and refusing it keeps memory bounded.
    TooLarge = "too-large",
    /// A log names a card that is in no loaded card file.
    ///
    /// The help line lists the closest names. Cards are named `Title: Subtitle` exactly
    /// as printed (`Captain America: American Hero`); a basic action card by its title.
    /// `dmlint cards QUERY` searches the pool.
    UnknownCard = "unknown-card",
    /// A log names a card by title alone when several cards share that title.
    ///
    /// Add the subtitle: `Captain America: American Hero`, not `Captain America`.
    AmbiguousCard = "ambiguous-card",
    /// A log names a card whose entry in a card file given with `--cards` is invalid.
    ///
    /// The card file's own diagnostic (printed before the log's) says what is wrong with
    /// the entry; this one marks each log line that needed it, so the check does not fall
    /// back on another card of the same name unnoticed.
    BrokenCard = "broken-card",
    /// An ability file (`encodes: SET`) names a card that its set does not have.
    ///
    /// The `card:` of an entry under `cards/abilities/` must be a card of the set the file
    /// encodes, named `Title: Subtitle` as logs name it. A misspelled name would leave the
    /// card's abilities silently unencoded, so it is an error.
    UnknownEncoded = "unknown-encoded",
    /// An ability the language can write but the game cannot play.
    ///
    /// A `when:` belongs to a triggered ability, or to a global that is `limit: reactive`
    /// (it may be used only in answer to that event); a reactive global needs its `when:`,
    /// and answers only an event the engine offers to globals (`fielded`, `attacks`,
    /// `blocks`, `is-blocked`, `takes-damage`, `knocked-out`, `damages-opponent`,
    /// `deals-effect-damage`). Refused rather than guessed at (Avengers Infinity
    /// rulebook, MORE ABOUT GLOBAL ABILITIES). So is a limit the kind cannot have (a
    /// limited trigger, an action die once per turn), an `of:` the event cannot be about
    /// (`deals-effect-damage` of a die, `blockers-assigned` of anything but `this`), a
    /// `while:` on a global, an action die or a keyword, `what: this` in a global or an
    /// action die, and `what: it` where no event is about a die.
    ///
    /// ```text
    /// - kind: global
    ///   when: {event: takes-damage, of: your-character}    # but no `limit: reactive`
    /// ```
    InvalidAbility = "invalid-ability",
    /// A card file that could not be read.
    Unreadable = "unreadable",
}

/// A problem with card data, or with a log's reference to a card.
pub type CardError = Problem<CardCode>;
