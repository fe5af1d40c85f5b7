//! Corpus building shared by the benchmarks: a log's games as `game` blocks.

/// A log's games without its `dmlog` header, each opening with a `game` line, ready to
/// be repeated into a large multi-game corpus. A multi-game file's defaults (before its
/// first `game`) belong to no game and are dropped.
pub fn games_of(text: &str) -> String {
    let body: String = text
        .lines()
        .skip_while(|l| !l.starts_with("dmlog"))
        .skip(1)
        .map(|l| format!("{l}\n"))
        .collect();
    if body.starts_with("game") {
        return body;
    }
    match body.find("\ngame") {
        Some(at) => body[at + 1..].to_string(),
        None => format!("game\n{body}"),
    }
}
