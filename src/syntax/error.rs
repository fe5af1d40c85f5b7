//! Syntax diagnostics: the one table of `dmlint::syntax::…` codes, and the error type.
//!
//! Each code's doc comment is its documentation: `dmlint explain CODE` prints it, so it
//! says what is wrong, shows an example, and says how to fix it.

use crate::diag::{Problem, code_table};

code_table! {
    "syntax", SyntaxCode;
    /// The file does not start with `dmlog 1`.
    ///
    /// Every log names the version of the notation on its first line (blank lines and
    /// comments may come before it), so that a later version can change the notation
    /// without old logs being misread.
    ///
    /// ```text
    /// dmlog 1
    /// rules 2018
    /// ```
    MissingHeader = "missing-header",
    /// The file is written in a version of the notation this dmlint does not know.
    ///
    /// This dmlint reads `dmlog 1`. A log written for a newer version needs a newer dmlint.
    UnsupportedVersion = "unsupported-version",
    /// A line starts with a word that is not a keyword of the notation.
    ///
    /// Every line starts with a keyword (`turn`, `draw`, `roll`, `buy` …), an actor
    /// (`Mike: pass`), or a card alias being defined (`CA = Captain America: American Hero`).
    /// The help line suggests the nearest keyword:
    ///
    /// ```text
    /// rerol SK:L1->bolt      # did you mean `reroll`?
    /// ```
    UnknownKeyword = "unknown-keyword",
    /// A keyword written with capitals: a warning, and the line is read as if it were
    /// written in lower case.
    ///
    /// Keywords are lower case. A keyword that differs only in case (`Turn`, `DRAW`, `Pay`)
    /// is surely meant, so it is read as meant and the lines under it are checked as
    /// usual:
    ///
    /// ```text
    /// Turn 1 Eric            # read as `turn 1 Eric`
    /// ```
    KeywordCase = "keyword-case",
    /// The line starts well but something on it is not what the notation allows there.
    ///
    /// The label points at the first token that could not be read, and the help line says
    /// what was expected instead:
    ///
    /// ```text
    /// buy CA SK:fist         # expected `pay` and the payment after the cards bought
    /// ```
    UnexpectedToken = "unexpected-token",
    /// A die face that the notation does not know.
    ///
    /// Faces are energy (`fist`, `bolt`, `mask`, `shield`, `wild`, `2fist`, `fist+bolt`,
    /// `2gen` for two generic, each optionally with bursts: `bolt*`), character levels
    /// (`L1`, `L2*`) or action faces (`act`, `*`, `**`):
    ///
    /// ```text
    /// roll SK:fst            # did you mean `fist`?
    /// ```
    InvalidFace = "invalid-face",
    /// A number that is too large (more than nine digits).
    InvalidNumber = "invalid-number",
    /// A word used as an alias or player name is one the notation reserves.
    ///
    /// `none`, `virtual`, `pay`, `target`, `choose`, `order`, `may`, `roll`, `draw`,
    /// `prevent`, `redirect`, `to`, `yes` and `no` end lists and start clauses, and `SK`
    /// is every player's sidekick die, so none of them can name a card or a player.
    /// Neither can `x` followed by digits, which is a count (`SK x3`).
    ReservedWord = "reserved-word",
    /// The same alias is defined twice in one game.
    ///
    /// Aliases name cards throughout the game, so each must be unique, even across the two
    /// teams. The second label points at the first definition.
    DuplicateAlias = "duplicate-alias",
    /// A card line that is not inside a `team` or `middle` section.
    ///
    /// ```text
    /// team Eric
    /// CA = Captain America: American Hero x2
    /// ```
    CardOutsideTeam = "card-outside-team",
    /// A move before any turn has started.
    ///
    /// Moves belong to a turn: write its `turn` line, the turn's number and the active
    /// player (`turn 1 Eric`), first, or start from a `position` block, which names the
    /// turn and step.
    MoveOutsideTurn = "move-outside-turn",
    /// A line where the notation does not allow it.
    ///
    /// Examples: `dmlog 1` anywhere but the top; settings (`rules`, `format`, `sets`,
    /// `tag`) after the first turn; a move inside a `position` block (only state lines
    /// belong there); a line other than a setting between the header and the first `game`
    /// of a multi-game file; `turn 4 Eric main` (a turn with its step) outside a position.
    MisplacedLine = "misplaced-line",
    /// A `position` block that is never closed with `end`.
    UnclosedPosition = "unclosed-position",
    /// An `end` with nothing to end: no turn is under way and no position block is open.
    StrayEnd = "stray-end",
    /// A quoted string that is not closed on its line.
    UnterminatedString = "unterminated-string",
    /// A line that is not valid UTF-8.
    ///
    /// Logs are UTF-8 text. The offending bytes are shown as `?` and the line is not read.
    InvalidUtf8 = "invalid-utf8",
    /// The file is UTF-16 text, not UTF-8.
    ///
    /// Some editors (Windows Notepad's "Unicode") save text as UTF-16: a byte-order mark
    /// `FF FE` or `FE FF`, or a NUL byte after every letter. dmlint reads UTF-8 only, so
    /// it says so once and reads nothing more: save the log again as UTF-8. (A UTF-8
    /// byte-order mark is fine: it is skipped.)
    Utf16 = "utf16",
    /// A line holding a control character, such as a NUL byte.
    ///
    /// Tabs and line ends are the only control characters a log may hold. A NUL usually
    /// means a binary or damaged file. The character is shown as `?` and the line is not read.
    ControlCharacter = "control-character",
    /// A line longer than 64 KiB.
    ///
    /// No log line needs to be that long; such a line is almost always damaged data. Only
    /// the start of the line is kept, to show where it is; the line is not read.
    LineTooLong = "line-too-long",
    /// The input is larger than dmlint reads: a line with no end, a game or a file past
    /// one of the notation's limits.
    ///
    /// The limits (`grammar/README.md`, "Limits") are far beyond any real game: a line is
    /// read up to 256 MiB looking for its end, a game holds at most 100,000 lines and
    /// 64 MiB, a file at most 1,000,000 games and 4 GiB. Past a limit the rest of the input
    /// is not read, so the file is not fully checked: a device such as `/dev/zero`, a
    /// stream that never ends, or a damaged file stops here instead of running forever.
    InputLimit = "input-limit",
    /// More diagnostics than dmlint prints for one file.
    ///
    /// Past the limit (`--max-diagnostics`, 50 by default) the remaining diagnostics of the
    /// file are counted, not printed: fix the first ones, which often cause the rest.
    TooManyDiagnostics = "too-many-diagnostics",
    /// The file could not be read (it does not exist, is a directory, or is unreadable).
    Unreadable = "unreadable",
}

/// A syntax problem, with everything needed to render it.
pub type SyntaxError = Problem<SyntaxCode>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Code;

    #[test]
    fn doc_is_the_variants_doc_comment() {
        assert!(
            SyntaxCode::UnknownKeyword
                .doc()
                .contains("did you mean `reroll`?")
        );
    }
}
