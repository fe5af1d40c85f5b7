//! Parse-only throughput: a large multi-game log built from the repository's own games.
//!
//! Goal (issue 2): at least 150 MB/s on one core. Reported as bytes/s by criterion.

use std::hint::black_box;
use std::io::Cursor;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dmlint::syntax::GameStream;

mod common;

/// About `target` bytes of games: every log in logs/ (body only), repeated as `game` blocks.
fn corpus(target: usize) -> Vec<u8> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut bodies = Vec::new();
    for dir in ["logs", "tests/valid"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        for p in paths
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "dmlog"))
        {
            bodies.push(common::games_of(&std::fs::read_to_string(p).unwrap()));
        }
    }
    let mut out = b"dmlog 1\n".to_vec();
    while out.len() < target {
        for b in &bodies {
            out.extend_from_slice(b.as_bytes());
        }
    }
    out
}

fn parse_all(bytes: &[u8]) -> usize {
    let mut stream = GameStream::new(Cursor::new(bytes));
    let mut lines = 0;
    while let Some(chunk) = stream.next_chunk().expect("in-memory reads cannot fail") {
        assert!(chunk.errors.is_empty(), "{:?}", chunk.errors.first());
        lines += chunk.game.map_or(0, |g| g.lines.len());
    }
    lines
}

fn bench_parse(c: &mut Criterion) {
    let input = corpus(32 * 1024 * 1024);
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.sample_size(10);
    group.bench_function("games_32MiB", |b| {
        b.iter(|| black_box(parse_all(black_box(&input))))
    });
    group.finish();
}

criterion_group!(benches, bench_parse);
criterion_main!(benches);
