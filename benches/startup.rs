//! Startup: decoding the built-in card pool, and checking a one-game log from cold.
//!
//! Goal (issue 3): checking a one-game log takes under 10 ms wall, however large the pool.
//! The pool is decoded once per process; `decode_pool` measures that once-per-run cost,
//! `check_one_game` a whole check (parse, card names, rendering) on top of a decoded pool.

use std::hint::black_box;
use std::io::Cursor;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use dmlint::cards::{CardFile, Pool};
use dmlint::check::check_reader;
use dmlint::render::{Format, Renderer};

fn bench_startup(c: &mut Criterion) {
    let bytes = include_bytes!(concat!(env!("OUT_DIR"), "/pool.bin"));
    c.bench_function("decode_pool", |b| {
        b.iter(|| {
            let files: Vec<CardFile> = postcard::from_bytes(black_box(bytes)).unwrap();
            black_box(Pool::from_files(files))
        })
    });
    let log =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("logs/avx-first-game-long.dmlog"))
            .unwrap();
    let pool = Pool::embedded();
    let renderer = Renderer::plain(Format::Human);
    c.bench_function("check_one_game", |b| {
        b.iter(|| {
            let mut out = String::new();
            black_box(check_reader(
                "game.dmlog",
                Cursor::new(&log),
                pool,
                &renderer,
                50,
                &mut out,
            ))
        })
    });
}

criterion_group!(benches, bench_startup);
criterion_main!(benches);
