//! Runs every fixture under `fixtures/`: each diagnostic must be expected by a `#~ CODE`
//! annotation on its own line, and each annotation met; the rendered diagnostics and
//! the state each game's replay ended in are snapshotted (plain theme, fixed width) and
//! reviewed.

use std::collections::BTreeMap;
use std::io::Cursor;

use dmlint::cards::Pool;
use dmlint::check::{check_chunk, check_reader};
use dmlint::render::{Format, Renderer};
use dmlint::syntax::GameStream;

/// line → codes, for what was expected and for what was found.
type ByLine = BTreeMap<usize, Vec<String>>;

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

fn outcome(text: &str) -> (ByLine, ByLine, String) {
    let mut states = String::new();
    let mut expected = ByLine::new();
    let mut found = ByLine::new();
    let mut stream = GameStream::new(Cursor::new(text.as_bytes()));
    while let Some(chunk) = stream.next_chunk().unwrap() {
        if let Some(game) = &chunk.game {
            for line in &game.lines {
                // An annotation inside a position block comes after the block as a line
                // of its own, with its own span: it still names its line's diagnostics.
                if let Some(a) = &line.annotation {
                    let codes = a
                        .node
                        .split_whitespace()
                        .filter(|w| w.starts_with("dmlint::"))
                        .map(str::to_string);
                    expected
                        .entry(line_of(text, line.span.start))
                        .or_default()
                        .extend(codes);
                }
            }
        }
        let checked = check_chunk(chunk, stream.header(), Pool::embedded(), None);
        for (at, code) in checked.codes() {
            found.entry(line_of(text, at)).or_default().push(code);
        }
        // The state each replay ended in: the snapshot shows what the engine computed,
        // not only what it objected to.
        if let Some((cards, state)) = &checked.replay.end {
            let label = checked
                .chunk
                .game
                .as_ref()
                .and_then(|g| g.label.as_ref())
                .map_or(String::new(), |l| format!(" {}", l.node));
            let at = match checked.replay.stopped {
                Some(s) => format!("stopped at line {}", line_of(text, s.start)),
                None => "replayed to the end".to_string(),
            };
            states.push_str(&format!("# game{label}: {at}\n{}", state.position(cards)));
        }
    }
    expected.retain(|_, v| !v.is_empty());
    for v in expected.values_mut().chain(found.values_mut()) {
        v.sort();
    }
    (expected, found, states)
}

#[test]
fn fixtures() {
    insta::glob!("../fixtures", "**/*.dmlog", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let (expected, found, states) = outcome(&text);
        assert_eq!(
            found,
            expected,
            "{}: diagnostics (line → codes) differ from the #~ expectations",
            path.display()
        );
        let mut out = String::new();
        let name = path
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(path)
            .display()
            .to_string();
        check_reader(
            &name,
            Cursor::new(text.as_bytes()),
            Pool::embedded(),
            &Renderer::plain(Format::Human),
            50,
            &mut out,
        );
        out.push_str("\n--- final states ---\n");
        out.push_str(&states);
        insta::assert_snapshot!(out);
    });
}
