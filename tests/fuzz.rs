//! The fuzz pass on stable: the targets of `dmlint::fuzz` (the same ones `fuzz/` runs
//! under libFuzzer) driven by a bounded in-process loop, seeded from `logs/`,
//! `fixtures/`, the test logs, the card files and generated games, with the structure-aware
//! mutations of `dmlint::fuzz::mutate`.
//!
//! `cargo test` runs a short pass. CI runs the long one:
//!     DMLINT_FUZZ_INPUTS=100000 cargo test --locked --test fuzz -- --ignored
//! and a one-hour run is
//!     DMLINT_FUZZ_SECONDS=3600 cargo test --release --test fuzz -- --ignored --nocapture
//! An input that panics, takes over 5 s of CPU or allocates past 256 MiB is written to
//! `target/fuzz-found/`, and the pass fails naming it; copy it to `tests/fuzz-found/`
//! (named `TARGET-….dmlog`) with the fix, where `found_inputs_stay_fixed` replays it.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use dmlint::cards::Pool;
use dmlint::fuzz::{Target, mutate};
use dmlint::selfplay::{Options, Rng, game};

#[path = "common/counting.rs"]
mod counting;

/// CPU time one input may take (a hang guard: inputs take milliseconds). The worker
/// thread's CPU time, not wall time: a machine loaded by other work (or a run at low
/// priority) must not make an input look slow.
const SLOW: Duration = Duration::from_secs(5);

/// The CPU time the calling thread has used.
fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid timespec for the call to fill.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    assert!(ok, "no thread CPU clock");
    Duration::new(
        u64::try_from(ts.tv_sec).unwrap_or(0),
        u32::try_from(ts.tv_nsec).unwrap_or(0),
    )
}
/// Memory the pass may hold at once, over what it held before the pass.
const MEMORY: usize = 256 << 20;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &str, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(root().join(dir)) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            let rel = path.strip_prefix(root()).unwrap().display().to_string();
            files(&rel, ext, out);
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

/// The seeds of a target: logs and fixtures for the notation's targets, card files for
/// `cards`; and a few generated games.
fn seeds(target: Target, pool: &Pool) -> Vec<Vec<u8>> {
    let mut paths = Vec::new();
    if target == Target::Cards {
        files("fixtures", "yaml", &mut paths);
        paths.push(root().join("cards/core.yaml"));
    } else {
        for dir in [
            "logs",
            "fixtures",
            "tests/valid",
            "tests/hostile",
            "tests/syntax-errors",
        ] {
            files(dir, "dmlog", &mut paths);
        }
    }
    let mut out: Vec<Vec<u8>> = paths
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        .filter(|b| b.len() < 256 << 10)
        .collect();
    if target != Target::Cards {
        for i in 0..4 {
            if let Ok(log) = game(1, i, &Options::default(), pool) {
                out.push(log.into_bytes());
            }
        }
    }
    out
}

/// Runs `inputs` mutants (or for `seconds`), spread over the targets and two threads;
/// returns the inputs found.
fn pass(inputs: usize, seconds: Option<u64>) -> Vec<PathBuf> {
    let pool = Pool::embedded();
    let seeds: Vec<(Target, Vec<Vec<u8>>)> =
        Target::ALL.iter().map(|&t| (t, seeds(t, pool))).collect();
    let base = counting::start();
    let done = AtomicUsize::new(0);
    let found = Arc::new(Mutex::new(Vec::new()));
    let start = Instant::now();
    let deadline = seconds.map(|s| start + Duration::from_secs(s));
    std::thread::scope(|scope| {
        for worker in 0..2u64 {
            let (seeds, done, found) = (&seeds, &done, found.clone());
            scope.spawn(move || {
                let mut rng = Rng::new(0x5eed + worker);
                loop {
                    let n = done.fetch_add(1, Ordering::Relaxed);
                    let over = match deadline {
                        Some(d) => Instant::now() > d,
                        None => n >= inputs,
                    };
                    if over {
                        break;
                    }
                    let (target, pool_of) = &seeds[n % seeds.len()];
                    if pool_of.is_empty() {
                        continue;
                    }
                    let mut input = pool_of[rng.below(pool_of.len())].clone();
                    for _ in 0..1 + rng.below(4) {
                        mutate(&mut input, &mut rng);
                    }
                    let t = thread_cpu();
                    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        target.run(&input, pool)
                    }));
                    let took = thread_cpu().saturating_sub(t);
                    let peak = counting::peak_since(base);
                    let why = match outcome {
                        Err(_) => Some("panicked".to_string()),
                        Ok(()) if took > SLOW => Some(format!("took {took:?} of CPU")),
                        Ok(()) if peak > MEMORY => {
                            counting::start();
                            Some(format!("held {} MiB", peak >> 20))
                        }
                        Ok(()) => None,
                    };
                    if let Some(why) = why {
                        found.lock().unwrap().push(keep(*target, &input, &why));
                    }
                }
            });
        }
    });
    // Each worker counts one more input than it runs, as it finds the pass over.
    let n = match deadline {
        Some(_) => done.load(Ordering::Relaxed).saturating_sub(2),
        None => done.load(Ordering::Relaxed).min(inputs),
    };
    eprintln!(
        "fuzz: {n} inputs over {} targets in {:?}",
        Target::ALL.len(),
        start.elapsed()
    );
    Arc::try_unwrap(found).unwrap().into_inner().unwrap()
}

/// Writes a found input where the developer finds it, named by its target and hash.
fn keep(target: Target, input: &[u8], why: &str) -> PathBuf {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    input.hash(&mut h);
    let dir = root().join("target/fuzz-found");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{}-{:016x}.dmlog", target.name(), h.finish()));
    std::fs::write(&path, input).unwrap();
    eprintln!("fuzz: {} {why}: {}", target.name(), path.display());
    path
}

fn assert_nothing_found(found: Vec<PathBuf>) {
    assert!(
        found.is_empty(),
        "{} inputs broke a target (kept in target/fuzz-found/): {found:#?}",
        found.len()
    );
}

#[test]
fn a_short_fuzz_pass_finds_nothing() {
    assert_nothing_found(pass(2_000, None));
}

/// The CI pass (`DMLINT_FUZZ_INPUTS`, 100,000 by default) or a timed one
/// (`DMLINT_FUZZ_SECONDS`).
#[test]
#[ignore = "the long pass: CI runs it with --ignored"]
fn fuzz() {
    let var = |k: &str| std::env::var(k).ok().and_then(|v| v.parse().ok());
    let inputs = var("DMLINT_FUZZ_INPUTS").unwrap_or(100_000) as usize;
    assert_nothing_found(pass(inputs, var("DMLINT_FUZZ_SECONDS")));
}

/// Every input a fuzzer found stays fixed: `tests/fuzz-found/TARGET-….dmlog` runs through
/// its target (and the inputs of the reliability report, `tests/hostile/`, through all).
#[test]
fn found_inputs_stay_fixed() {
    let pool = Pool::embedded();
    let mut paths = Vec::new();
    files("tests/fuzz-found", "dmlog", &mut paths);
    files("tests/hostile", "dmlog", &mut paths);
    assert!(!paths.is_empty());
    for path in paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        for target in Target::ALL {
            if name.starts_with(target.name()) || path.starts_with(root().join("tests/hostile")) {
                target.run(&bytes, pool);
            }
        }
    }
}
