//! Bad input of any kind gives diagnostics, never a panic, a hang or unbounded memory:
//! random bytes, mutated logs, truncated files, a 50 MB line, ten thousand errors.

use std::io::{self, Cursor, Read};
use std::path::Path;

use dmlint::check::check_reader;
use dmlint::render::{Format, Renderer};
use dmlint::syntax::{GameStream, SyntaxCode, SyntaxError};
use proptest::prelude::*;

fn sample() -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/valid/every-production.dmlog"))
        .unwrap()
}

/// Parses `bytes`, checks every error's spans lie in the input, renders every format.
fn survive(bytes: &[u8]) -> Vec<SyntaxError> {
    let mut stream = GameStream::new(Cursor::new(bytes));
    let mut all = Vec::new();
    while let Some(chunk) = stream.next_chunk().unwrap() {
        for e in &chunk.errors {
            assert!(
                e.span.start <= e.span.end && e.span.end <= bytes.len(),
                "{e:?} outside {} bytes",
                bytes.len()
            );
            assert!(e.help.is_some(), "no help: {e:?}");
            if let Some((ctx, _)) = &e.context {
                assert!(ctx.end <= bytes.len());
            }
            for format in [Format::Human, Format::Ariadne, Format::Short, Format::Json] {
                let mut out = String::new();
                Renderer::plain(format).render("fuzz.dmlog", &chunk.source, e, &mut out);
                assert!(!out.is_empty());
            }
        }
        all.extend(chunk.errors);
    }
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..1500)) {
        survive(&bytes);
    }

    #[test]
    fn random_text(text in "(dmlog 1\n)?([a-zA-Z0-9:.>*=,\\-\\[\\] #~\"\t]{0,40}\n){0,30}") {
        survive(text.as_bytes());
    }

    #[test]
    fn mutated_logs(
        at in 0usize..4000,
        len in 0usize..40,
        insert in proptest::collection::vec(any::<u8>(), 0..20),
        kind in 0u8..4,
    ) {
        let mut bytes = sample();
        let at = at % (bytes.len() + 1);
        let end = (at + len).min(bytes.len());
        match kind {
            0 => { bytes.drain(at..end); }
            1 => { bytes.splice(at..at, insert); }
            2 => { bytes.splice(at..end, insert); }
            _ => bytes.truncate(at),
        }
        survive(&bytes);
    }
}

#[test]
fn every_truncation_of_a_log_is_handled() {
    let bytes = sample();
    for cut in 0..=bytes.len() {
        let errors = survive(&bytes[..cut]);
        // A cut inside the position block leaves it unclosed, and says so.
        let text = String::from_utf8_lossy(&bytes[..cut]);
        let closed = text.contains("\nend\n") || text.ends_with("\nend");
        if text.contains("\nposition") && !closed {
            assert!(
                errors
                    .iter()
                    .any(|e| e.code == SyntaxCode::UnclosedPosition),
                "cut at {cut}"
            );
        }
    }
}

#[test]
fn a_50_megabyte_line_is_one_short_diagnostic() {
    let mut bytes = b"dmlog 1\nturn 1 A\ndraw ".to_vec();
    bytes.resize(bytes.len() + 50 * 1024 * 1024, b'S');
    bytes.extend_from_slice(b"\npass\nrerol\n");
    let mut out = String::new();
    let report = check_reader(
        "big.dmlog",
        Cursor::new(&bytes),
        dmlint::cards::Pool::embedded(),
        &Renderer::plain(Format::Human),
        50,
        &mut out,
    );
    assert_eq!(report.errors, 2, "{out}");
    assert!(out.contains("dmlint::syntax::line-too-long"));
    // The line after the long one is still read, at its true line number.
    assert!(out.contains("big.dmlog:5:1"), "{out}");
    assert!(out.len() < 4000, "printed {} bytes", out.len());
}

#[test]
fn ten_thousand_errors_are_capped() {
    let mut text = String::from("dmlog 1\nturn 1 A\n");
    for _ in 0..10_000 {
        text.push_str("@@ garbage\n");
    }
    let mut out = String::new();
    let report = check_reader(
        "many.dmlog",
        Cursor::new(text),
        dmlint::cards::Pool::embedded(),
        &Renderer::plain(Format::Short),
        50,
        &mut out,
    );
    assert_eq!(report.errors, 10_000);
    assert_eq!(report.suppressed, 9_950);
    assert_eq!(out.lines().count(), 51);
    assert!(
        out.lines()
            .last()
            .unwrap()
            .contains("9950 more diagnostics in this file not shown (limit 50)")
    );
    assert!(
        out.lines()
            .last()
            .unwrap()
            .contains("advice[dmlint::syntax::too-many-diagnostics]")
    );
}

/// An endless log: a header, then game after game, produced on demand.
struct EndlessGames {
    game: Vec<u8>,
    pos: usize,
    read: usize,
}

impl Read for EndlessGames {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = buf.len().min(self.game.len() - self.pos);
        buf[..n].copy_from_slice(&self.game[self.pos..self.pos + n]);
        self.pos = (self.pos + n) % self.game.len();
        self.read += n;
        Ok(n)
    }
}

#[test]
fn games_are_parsed_one_at_a_time() {
    let game = b"game\nteam A\nturn 1 A\ndraw SK x4\nroll SK:fist x4\nend\n".to_vec();
    let mut header = b"dmlog 1\n".to_vec();
    header.extend_from_slice(&game);
    let source = io::BufReader::with_capacity(
        64,
        Cursor::new(header).chain(EndlessGames {
            game,
            pos: 0,
            read: 0,
        }),
    );
    let mut stream = GameStream::new(source);
    // Were the whole input read first, this would never return.
    let mut games = 0;
    while games < 1000 {
        let chunk = stream.next_chunk().unwrap().unwrap();
        assert!(chunk.errors.is_empty(), "{:?}", chunk.errors);
        assert!(chunk.source.text.len() < 200, "a chunk holds one game");
        games += usize::from(chunk.game.is_some());
    }
    assert_eq!(stream.header().version.as_ref().unwrap().node, 1);
}
