//! The counts README.md states in its opening are the program's: each is read from the
//! README and compared with what `dmlint` itself prints (`cards --stats`, `explain`), so
//! a change to the card data or the rules that moves one fails here until the README
//! follows (issue 19, "a README that is true"); so is the Rust version it names.

use std::process::Command;

fn dmlint(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_dmlint"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "dmlint {args:?}");
    String::from_utf8(o.stdout).unwrap()
}

/// The README's words, one space between each, so a phrase may span a wrapped line.
fn readme() -> String {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A number as the README writes it (`4,215`).
fn parse(word: &str) -> usize {
    word.replace(',', "")
        .parse()
        .unwrap_or_else(|_| panic!("not a number: {word:?}"))
}

/// The number written right after `phrase`.
fn after(readme: &str, phrase: &str) -> usize {
    let at = readme
        .find(phrase)
        .unwrap_or_else(|| panic!("the README no longer says {phrase:?}"));
    let rest = &readme[at + phrase.len()..];
    parse(rest.split([' ', ';', ')']).next().unwrap_or(""))
}

/// The number written right before `phrase`.
fn before(readme: &str, phrase: &str) -> usize {
    let at = readme
        .find(phrase)
        .unwrap_or_else(|| panic!("the README no longer says {phrase:?}"));
    parse(readme[..at].rsplit([' ', '(']).next().unwrap_or(""))
}

#[test]
fn the_pool_counts_are_those_of_cards_stats() {
    let stats = dmlint(&["cards", "--stats"]);
    let total = stats.lines().last().unwrap();
    // `total: 4215 cards, 4166 with dice, 0 with energy faces, 242 with abilities, …`
    let field = |name: &str| -> usize {
        total
            .trim_start_matches("total: ")
            .split(", ")
            .find_map(|part| part.strip_suffix(name).map(|n| parse(n.trim())))
            .unwrap_or_else(|| panic!("no {name:?} in {total:?}"))
    };
    let sets = stats.lines().count() - 1;
    let r = readme();
    assert_eq!(
        after(&r, "a pool of "),
        field(" cards"),
        "cards in the pool"
    );
    assert_eq!(
        before(&r, " products, "),
        sets,
        "products (one line each in cards --stats)"
    );
    assert_eq!(before(&r, " of them with their dice"), field(" with dice"));
    assert_eq!(
        before(&r, " cards with a disputed fact"),
        field(" disputed")
    );
    assert_eq!(
        before(&r, " cards carry encodings"),
        field(" with abilities")
    );
    assert_eq!(after(&r, "cards carry encodings, "), field(" applied"));
}

#[test]
fn the_number_of_rules_is_that_of_the_rule_codes() {
    let rules = dmlint(&["explain"])
        .lines()
        .filter(|l| l.starts_with("dmlint::rules::"))
        .count();
    assert_eq!(after(&readme(), "says which of its "), rules);
}

/// A `1.89` or `1.85.0` version as numbers, to compare.
fn version(v: &str) -> Vec<u32> {
    v.split('.').map(|n| n.parse().unwrap_or(0)).collect()
}

#[test]
fn the_rust_version_named_is_the_one_the_locked_dependencies_need() {
    // The README names the manifest's rust-version…
    let manifest =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")).unwrap();
    let declared = manifest
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = "))
        .map(|v| v.trim_matches('"').to_string())
        .expect("Cargo.toml declares a rust-version");
    let r = readme();
    assert!(
        r.contains(&format!("with Rust ({declared} or newer)")),
        "the README should name Rust {declared}"
    );
    // …and no locked package (dev-dependencies included: the README's first command
    // runs the tests) needs a newer one.
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let o = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let meta: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let needed = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| Some((p["rust_version"].as_str()?, p["name"].as_str()?)))
        .max_by_key(|(v, _)| version(v))
        .unwrap();
    assert!(
        version(needed.0) <= version(&declared),
        "{} needs Rust {}, the manifest says {declared}",
        needed.1,
        needed.0
    );
}

#[test]
fn the_encoded_sets_counts_are_those_of_their_stats_lines() {
    let stats = dmlint(&["cards", "--stats"]);
    let r = readme();
    for (name, set) in [
        ("Avengers vs. X-Men ", "AVX"),
        ("Uncanny X-Men ", "UX"),
        ("Yu-Gi-Oh! Series 1 ", "S1"),
    ] {
        // `AVX      158 cards, …,    84 with abilities,    79 applied, …`
        let line = stats
            .lines()
            .find(|l| l.split_whitespace().next() == Some(set))
            .unwrap_or_else(|| panic!("no {set} line"));
        let field = |suffix: &str| -> usize {
            line[set.len()..]
                .split(',')
                .find_map(|part| part.trim().strip_suffix(suffix).map(|n| parse(n.trim())))
                .unwrap()
        };
        // `per set, Avengers vs. X-Men 84 of 158 encoded (79 applied), Uncanny X-Men 64 of
        // 141 (64 applied)`
        let at = r.find(&format!("{name}{}", field(" with abilities")));
        let at = at.unwrap_or_else(|| {
            panic!(
                "the README's {name}count is not {}",
                field(" with abilities")
            )
        });
        let words: Vec<&str> = r[at + name.len()..].split_whitespace().take(6).collect();
        assert_eq!(words[1], "of", "{words:?}");
        assert_eq!(parse(words[2]), field(" cards"), "{set}: {words:?}");
        let applied = words
            .iter()
            .find_map(|w| w.strip_prefix('('))
            .unwrap_or_else(|| panic!("{set}: {words:?}"));
        assert_eq!(parse(applied), field(" applied"), "{set}: {words:?}");
    }
}
