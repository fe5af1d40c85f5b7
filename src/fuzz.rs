//! Fuzz targets and a structure-aware mutator, shared by the cargo-fuzz targets in
//! `fuzz/` (nightly, libFuzzer) and the bounded stable driver in `tests/fuzz.rs`.
//!
//! Each target runs one entry point of the command line on arbitrary bytes and checks
//! what must hold for any input: no panic (the caller catches it), every span inside the
//! input, every format renders, and for the notation the printer's output parses back to
//! the same tree. Bounded time and memory are the driver's to measure.

use std::io::Cursor;

use crate::cards::Pool;
use crate::cards::load::parse_card_file;
use crate::check::{DEFAULT_MAX_DIAGNOSTICS, check_reader};
use crate::inspect::{Target as At, state_at};
use crate::render::{Format, Renderer};
use crate::selfplay::Rng;
use crate::syntax::{Chunk, parse_str, print_document};

/// One fuzz target: what it runs, named as `fuzz/fuzz_targets/` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// `dmlint FILE`: parse and replay, every output format.
    Check,
    /// `dmlint state FILE --at N`, at a line chosen from the input.
    State,
    /// `dmlint test FILE`: the input as a fixture.
    Fixture,
    /// `dmlint --cards FILE`: the input as a card file.
    Cards,
    /// Printing an error-free log and parsing the print gives the same tree.
    Roundtrip,
}

impl Target {
    pub const ALL: [Target; 5] = [
        Target::Check,
        Target::State,
        Target::Fixture,
        Target::Cards,
        Target::Roundtrip,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::Check => "check",
            Target::State => "state",
            Target::Fixture => "fixture",
            Target::Cards => "cards",
            Target::Roundtrip => "roundtrip",
        }
    }

    /// Runs the target on `bytes`. A broken invariant is a panic, with the reason.
    pub fn run(self, bytes: &[u8], pool: &Pool) {
        match self {
            Target::Check => check(bytes, pool),
            Target::State => state(bytes, pool),
            Target::Fixture => fixture(bytes, pool),
            Target::Cards => cards(bytes),
            Target::Roundtrip => roundtrip(bytes),
        }
    }
}

const FORMATS: [Format; 6] = [
    Format::Human,
    Format::Ariadne,
    Format::Short,
    Format::Json,
    Format::Github,
    Format::Sarif,
];

fn check(bytes: &[u8], pool: &Pool) {
    // One replay per input, its format chosen by the input, so that every renderer is
    // exercised without replaying each input once per format.
    let format = FORMATS[bytes.len() % FORMATS.len()];
    let mut out = String::new();
    let report = check_reader(
        "fuzz.dmlog",
        Cursor::new(bytes),
        pool,
        &Renderer::plain(format),
        DEFAULT_MAX_DIAGNOSTICS,
        &mut out,
    );
    assert!(
        report.legal + report.illegal + report.undecided == report.games,
        "games {} but verdicts {}+{}+{}",
        report.games,
        report.legal,
        report.illegal,
        report.undecided
    );
}

fn state(bytes: &[u8], pool: &Pool) {
    let text = String::from_utf8_lossy(bytes);
    let lines = text.lines().count().max(1);
    // A line chosen by the input itself, so the same input always asks the same.
    let at = 1 + bytes.iter().map(|&b| usize::from(b)).sum::<usize>() % lines;
    let mut out = String::new();
    let renderer = Renderer::plain(Format::Human);
    state_at("fuzz.dmlog", &text, At::Line(at), pool, &renderer, &mut out);
    let mut out = String::new();
    state_at("fuzz.dmlog", &text, At::Turn(2), pool, &renderer, &mut out);
}

fn fixture(bytes: &[u8], pool: &Pool) {
    let text = String::from_utf8_lossy(bytes);
    let report = crate::fixture::run("fuzz.dmlog", &text, pool, &Renderer::plain(Format::Human));
    let _ = report.full();
}

fn cards(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes).into_owned();
    if let Err(errors) = parse_card_file(&text) {
        let chunk = Chunk::whole(text);
        for e in &errors {
            assert!(
                e.span.start <= e.span.end && e.span.end <= chunk.text.len(),
                "card error span {:?} outside {} bytes",
                e.span,
                chunk.text.len()
            );
            for format in FORMATS {
                let mut out = String::new();
                Renderer::plain(format).render("fuzz.yaml", &chunk, e, &mut out);
            }
        }
    }
}

fn roundtrip(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let (doc, errors) = parse_str(&text);
    for e in &errors {
        assert!(
            e.span.start <= e.span.end && e.span.end <= text.len(),
            "syntax error span {:?} outside {} bytes: {e:?}",
            e.span,
            text.len()
        );
    }
    if !errors.is_empty() {
        return;
    }
    let printed = print_document(&doc);
    let (again, errors) = parse_str(&printed);
    assert!(
        errors.is_empty(),
        "the printed form of an error-free log has {} syntax errors, first: {}\n--- printed\n{printed}",
        errors.len(),
        errors[0].message
    );
    assert_eq!(printed, print_document(&again), "printing is not canonical");
}

/// Words a mutation may put in place of another: the notation's keywords, faces,
/// separators, and numbers at their edges.
const TOKENS: &[&str] = &[
    "dmlog",
    "1",
    "game",
    "team",
    "middle",
    "first",
    "turn",
    "draw",
    "roll",
    "reroll",
    "buy",
    "pay",
    "field",
    "attack",
    "block",
    "none",
    "pass",
    "end",
    "position",
    "life",
    "used",
    "prep",
    "reserve",
    "bag",
    "supply",
    "waive",
    "use",
    "target",
    "choose",
    "resolve",
    "damage",
    "assign",
    "global",
    "virtual",
    "SK",
    "SK:fist",
    "SK:bolt",
    "SK:mask",
    "SK:shield",
    "SK:wild",
    "L1",
    "L2",
    "L3",
    "x0",
    "x1",
    "x4",
    "x999",
    "x1000",
    "0",
    "1",
    "999",
    "1000",
    "999999999",
    "4294967295",
    "18446744073709551616",
    "->",
    "#",
    "#~",
    "#~ ok",
    ":",
    "=",
    "\"",
    "[dmg=1]",
    "[attacking]",
    "Ann",
    "Bob",
    "Ann:",
    "Bob:",
    "\t",
    "\u{a0}",
    "\u{feff}",
    "rules 2014",
    "rules 2016",
    "rules 2018",
    "format custom life 1",
];

/// Mutates `input` in place, in one of the ways a damaged or mistyped log differs from a
/// good one: a byte, a line or a token changed, dropped, repeated or swapped, or a number
/// set to the edge of what the notation reads.
pub fn mutate(input: &mut Vec<u8>, rng: &mut Rng) {
    let lines = line_starts(input);
    match rng.below(9) {
        // A random byte changed, inserted or removed.
        0 if !input.is_empty() => {
            let at = rng.below(input.len());
            input[at] = rng.next_u64() as u8;
        }
        1 => {
            let at = rng.below(input.len() + 1);
            input.insert(at, rng.next_u64() as u8);
        }
        2 if !input.is_empty() => {
            let at = rng.below(input.len());
            let len = rng.below(16.min(input.len() - at)) + 1;
            input.drain(at..at + len);
        }
        // A line dropped, repeated or moved.
        3 if lines.len() > 1 => {
            let (a, b) = line_range(input, &lines, rng.below(lines.len()));
            input.drain(a..b);
        }
        4 if !lines.is_empty() => {
            let (a, b) = line_range(input, &lines, rng.below(lines.len()));
            let copy = input[a..b].to_vec();
            let at = lines[rng.below(lines.len())];
            input.splice(at..at, copy);
        }
        5 if lines.len() > 1 => {
            let (a, b) = line_range(input, &lines, rng.below(lines.len()));
            let line = input.drain(a..b).collect::<Vec<u8>>();
            let rest = line_starts(input);
            let at = if rest.is_empty() {
                0
            } else {
                rest[rng.below(rest.len())]
            };
            input.splice(at..at, line);
        }
        // A token replaced by one of the notation's, or a number by an edge value.
        6 | 7 => {
            let words = word_ranges(input);
            if words.is_empty() {
                return;
            }
            let (a, b) = words[rng.below(words.len())];
            let digits = input[a..b].iter().all(u8::is_ascii_digit);
            let with: &[u8] = if digits && rng.chance(0.7) {
                [
                    "0",
                    "1",
                    "2",
                    "9",
                    "10",
                    "999",
                    "1000",
                    "999999999",
                    "1000000000",
                    "4294967296",
                ][rng.below(10)]
                .as_bytes()
            } else {
                TOKENS[rng.below(TOKENS.len())].as_bytes()
            };
            input.splice(a..b, with.iter().copied());
        }
        // The input cut short, as a truncated file is.
        _ => {
            let at = rng.below(input.len() + 1);
            input.truncate(at);
        }
    }
}

fn line_starts(input: &[u8]) -> Vec<usize> {
    if input.is_empty() {
        return Vec::new();
    }
    std::iter::once(0)
        .chain(
            memchr::memchr_iter(b'\n', input)
                .map(|p| p + 1)
                .filter(|&p| p < input.len()),
        )
        .collect()
}

/// Line `n`'s bytes, its newline included.
fn line_range(input: &[u8], starts: &[usize], n: usize) -> (usize, usize) {
    (starts[n], starts.get(n + 1).copied().unwrap_or(input.len()))
}

/// The byte ranges of the words (runs of bytes that are not blanks).
fn word_ranges(input: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, &b) in input.iter().enumerate() {
        let blank = b == b' ' || b == b'\n' || b == b'\t' || b == b'\r';
        match (blank, start) {
            (true, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, input.len()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_stay_in_bounds_and_change_the_input() {
        let seed = b"dmlog 1\nteam Ann\nturn 1 Ann\ndraw SK x4\n".to_vec();
        let mut rng = Rng::new(7);
        let mut changed = 0;
        for _ in 0..2000 {
            let mut input = seed.clone();
            mutate(&mut input, &mut rng);
            changed += usize::from(input != seed);
        }
        // A mutation may leave the input as it was (a byte set to itself), rarely.
        assert!(changed > 1800, "{changed} of 2000 changed");
    }

    #[test]
    fn word_ranges_split_on_blanks() {
        assert_eq!(word_ranges(b"ab  c\nd"), vec![(0, 2), (4, 5), (6, 7)]);
        assert_eq!(line_starts(b"a\nb\n"), vec![0, 2]);
    }
}
