//! Throughput over a generated corpus (issue 7): parse-only, parse + replay from the tree,
//! and the streaming check `dmlint check` runs, at 1×, 10× and 100× a 1 MiB corpus of
//! distinct self-play games (the 100× one is 100 MiB).
//!
//! The corpus is made by `dmlint gen`'s library code (seed 42, 2018 rules, eager policy)
//! once and cached under `target/bench-corpus/`; a cache whose first game no longer matches
//! what the generator makes is rebuilt. Criterion reports bytes/s; the benchmark's name
//! carries the number of games, for games/s.

use std::hint::black_box;
use std::io::Cursor;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dmlint::cards::Pool;
use dmlint::check::{DEFAULT_MAX_DIAGNOSTICS, check_chunk, check_reader};
use dmlint::render::{Format, Renderer};
use dmlint::selfplay::{self, Options};
use dmlint::syntax::GameStream;
use rayon::prelude::*;

mod common;

const SEED: u64 = 42;
const MIB: usize = 1 << 20;

/// One generated game as a `game` block.
fn game(i: u64) -> String {
    let log = selfplay::game(SEED, i, &Options::default(), Pool::embedded())
        .expect("generated games are legal");
    common::games_of(&log)
}

/// At least `size` bytes of distinct games, each a `game` block, and where each one
/// ends.
fn corpus(size: usize) -> (String, Vec<usize>) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("target/bench-corpus")
        .join(format!("selfplay-{SEED}-{}MiB.dmlog", size / MIB));
    let first = game(0);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) if t["dmlog 1\n".len()..].starts_with(&first) => t,
        _ => {
            let mut text = String::from("dmlog 1\n");
            let mut next = 0u64;
            while text.len() < size {
                // A batch at a time on every core; games keep their order.
                let batch: Vec<String> = (next..next + 256).into_par_iter().map(game).collect();
                next += 256;
                for g in batch {
                    if text.len() >= size {
                        break;
                    }
                    text.push_str(&g);
                }
            }
            let _ = std::fs::create_dir_all(path.parent().expect("a directory"));
            let _ = std::fs::write(&path, &text);
            text
        }
    };
    let ends = text
        .match_indices("\ngame\n")
        .map(|(at, _)| at + 1)
        .skip(1)
        .chain([text.len()])
        .collect();
    (text, ends)
}

/// The corpus cut at the first game boundary after `size` bytes, and its game count.
fn prefix<'a>(text: &'a str, ends: &[usize], size: usize) -> (&'a str, usize) {
    let n = ends
        .iter()
        .position(|e| *e >= size)
        .unwrap_or(ends.len() - 1);
    (&text[..ends[n]], n + 1)
}

/// Parses every game; returns the lines, so nothing is optimised away.
fn parse_all(bytes: &[u8]) -> usize {
    let mut stream = GameStream::new(Cursor::new(bytes));
    let mut lines = 0;
    while let Some(chunk) = stream.next_chunk().expect("in-memory reads cannot fail") {
        lines += chunk.game.map_or(0, |g| g.lines.len());
    }
    lines
}

/// Checks every game end to end; returns the games replayed to their end.
fn check_all(bytes: &[u8], pool: &Pool) -> usize {
    let mut stream = GameStream::new(Cursor::new(bytes));
    let mut ended = 0;
    while let Some(chunk) = stream.next_chunk().expect("in-memory reads cannot fail") {
        let checked = check_chunk(chunk, stream.header(), pool, None, &[]);
        assert!(checked.replay.violations.is_empty() && checked.replay.errors.is_empty());
        ended += usize::from(checked.replay.end.is_some_and(|(_, s)| s.outcome.is_some()));
    }
    ended
}

/// Checks every game as `dmlint check` does: each replayed as its lines are parsed, no
/// tree built, diagnostics rendered; returns the legal games.
fn check_streaming(bytes: &[u8], pool: &Pool) -> usize {
    let mut out = String::new();
    let renderer = Renderer::plain(Format::Short);
    let report = check_reader(
        "corpus",
        Cursor::new(bytes),
        pool,
        &renderer,
        DEFAULT_MAX_DIAGNOSTICS,
        &mut out,
    );
    report.legal
}

fn bench_selfplay(c: &mut Criterion) {
    let pool = Pool::embedded();
    let (text, ends) = corpus(100 * MIB);
    for scale in [1, 10, 100] {
        let (input, games) = prefix(&text, &ends, scale * MIB);
        let input = input.as_bytes();
        assert_eq!(
            check_all(input, pool),
            games,
            "every game replays to its end"
        );
        assert_eq!(check_streaming(input, pool), games, "every game is legal");
        for (what, road) in [("parse", 0), ("parse_replay", 1), ("check_streaming", 2)] {
            let mut group = c.benchmark_group(format!("selfplay_{what}"));
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.sample_size(10);
            group.bench_function(format!("{scale}x ({games} games)"), |b| {
                b.iter(|| match road {
                    0 => black_box(parse_all(black_box(input))),
                    1 => black_box(check_all(black_box(input), pool)),
                    _ => black_box(check_streaming(black_box(input), pool)),
                })
            });
            group.finish();
        }
    }
}

criterion_group!(benches, bench_selfplay);
criterion_main!(benches);
