//! Memory bounded by a game's state, not by its log (issues 20 and 21): checking one long
//! legal game holds its text and its state, never its syntax tree. Measured by a
//! counting allocator, in bytes, so the test does not depend on the machine's load.

use std::io::Cursor;

use dmlint::cards::Pool;
use dmlint::check::{DEFAULT_MAX_DIAGNOSTICS, FileReport, check_reader, check_reader_tree};
use dmlint::render::{Format, Renderer};

#[path = "common/counting.rs"]
mod counting;

/// A generated game's setup (`dmlint gen --seed 1 --life 999`).
const SETUP: &str = "dmlog 1
rules 2018
format custom life 999
team Ann
I = Iceman: Cryokinetic x4
KP = Kitty Pryde: Ariel x4
team Bob
F = Falcon: Samuel Wilson x4
AM = Ant-Man: Biophysicist x3
first Ann
";

/// One of its turns, after a judge's `position` block that sets the table it starts
/// from (`dmlint state --at`): repeated, the blocks make a legal game as long as wanted.
const BLOCK: &str = "position
turn 5 Bob cleanup
rerolled
life Ann 998
life Bob 998
bag Ann SK x5 KP x2
prep Ann SK
field Ann KP:L3 x2
used Ann SK x2
bag Bob SK x7 F x3 AM
prep Bob AM
reserve Bob AM:2fist
field Bob F:L3
oop Bob SK
supply KP 0
supply F 0
supply AM 0
assigned Bob.AM#2 -> Ann.SK#6=3
end
turn 6 Ann
draw SK x3 KP
roll SK:bolt SK:L1 SK:fist x2 KP:mask
reroll SK:bolt->bolt KP:mask->mask
buy I pay SK:bolt SK:fist x2 KP:mask
field SK:L1
pass
Bob: pass
attack SK:L1 KP:L3 x2
block F:L3 -> KP:L3
pass
Bob: pass
";

/// The most bytes held at once while checking `text`, over what was held before.
fn peak(text: &str, tree: bool) -> (usize, FileReport) {
    let check = if tree {
        check_reader_tree
    } else {
        check_reader
    };
    let renderer = Renderer::plain(Format::Json);
    let mut out = String::with_capacity(1 << 16);
    let mark = counting::start();
    let report = check(
        "long.dmlog",
        Cursor::new(text.as_bytes()),
        Pool::embedded(),
        &renderer,
        DEFAULT_MAX_DIAGNOSTICS,
        &mut out,
    );
    (counting::peak_since(mark), report)
}

/// One test, so that no other test allocates while the peak is measured.
#[test]
fn a_long_game_is_checked_in_memory_bounded_by_its_text() {
    // Decoded once, before anything is measured.
    Pool::embedded();
    // 2,900 turns: 87,000 lines, 1.4 MB, just under the limit of lines per game.
    let text = SETUP.to_string() + &BLOCK.repeat(2_900);
    let (streamed, report) = peak(&text, false);
    assert_eq!((report.games, report.legal), (1, 1), "{report:?}");
    // The text (which diagnostics are rendered from) and the state: up to three times the
    // text while its buffer doubles, whatever the number of lines (measured: 2.9).
    assert!(
        streamed < 4 * text.len(),
        "checking a {} byte game held {streamed} bytes at once",
        text.len()
    );
    // The tree replay, as `dmlint check` was before, holds each line's syntax tree: ten
    // times the text and more (measured: 53). What the bound above tells apart.
    let (tree, report) = peak(&text, true);
    assert_eq!(report.legal, 1);
    assert!(tree > 10 * text.len(), "the tree replay held {tree} bytes");
    eprintln!(
        "{} bytes of log: streaming held {streamed} bytes at most, the tree replay {tree}",
        text.len()
    );
}
