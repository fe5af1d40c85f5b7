//! Parse + replay throughput: every game checked end to end (parse, card names, replay).
//!
//! Goal (issue 4): at least 50 MB/s on one core. Criterion reports bytes/s for the
//! `bytes` group and games/s for the `games` group over the same corpus.

use std::hint::black_box;
use std::io::Cursor;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dmlint::cards::Pool;
use dmlint::check::check_chunk;
use dmlint::syntax::GameStream;

mod common;

/// Two corpora: `full`, games replayed to their last line (the vanilla game and the
/// combat fixture); `logs`, the two rulebook games, each replayed up to its first
/// unmodelled card (then only parsed).
const CORPORA: &[(&str, &[&str])] = &[
    (
        "full",
        &[
            "fixtures/engine/vanilla-game.dmlog",
            "fixtures/engine/combat.dmlog",
        ],
    ),
    (
        "logs",
        &[
            "logs/avx-example-of-play.dmlog",
            "logs/avx-first-game-long.dmlog",
        ],
    ),
];

/// About `target` bytes of the files' games, repeated as `game` blocks.
fn corpus(files: &[&str], target: usize) -> (Vec<u8>, usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bodies: Vec<String> = files
        .iter()
        .map(|f| common::games_of(&std::fs::read_to_string(root.join(f)).unwrap()))
        .collect();
    let mut out = b"dmlog 1\n".to_vec();
    let mut games = 0;
    while out.len() < target {
        for b in &bodies {
            out.extend_from_slice(b.as_bytes());
            games += 1;
        }
    }
    (out, games)
}

/// Checks every game; returns the lines replayed, so nothing is optimised away.
fn check_all(bytes: &[u8], pool: &Pool) -> usize {
    let mut stream = GameStream::new(Cursor::new(bytes));
    let mut replayed = 0;
    while let Some(chunk) = stream.next_chunk().expect("in-memory reads cannot fail") {
        let checked = check_chunk(chunk, stream.header(), pool, None, &[]);
        assert!(checked.replay.violations.is_empty());
        replayed += usize::from(checked.replay.end.is_some());
    }
    replayed
}

fn bench_replay(c: &mut Criterion) {
    let pool = Pool::embedded();
    for (corpus_name, files) in CORPORA {
        let (input, games) = corpus(files, 16 * 1024 * 1024);
        assert_eq!(check_all(&input, pool), games, "every game replays");
        for (unit, throughput) in [
            ("bytes", Throughput::Bytes(input.len() as u64)),
            ("games", Throughput::Elements(games as u64)),
        ] {
            let mut group = c.benchmark_group(format!("parse_replay_{corpus_name}_{unit}"));
            group.throughput(throughput);
            group.sample_size(10);
            group.bench_function("16MiB", |b| {
                b.iter(|| black_box(check_all(black_box(&input), pool)))
            });
            group.finish();
        }
    }
}

criterion_group!(benches, bench_replay);
criterion_main!(benches);
