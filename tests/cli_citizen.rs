//! `dmlint` as a command-line citizen: shell completions and man pages generated from the
//! clap definitions, and `dmlint explain`'s list.

#[path = "common/bin.rs"]
mod bin;
use bin::{dmlint, stdout};

/// The subcommands `dmlint --help` lists, read from the help itself.
fn subcommands() -> Vec<String> {
    let help = stdout(&dmlint(&["--help"]));
    let listed = help
        .split("Commands:\n")
        .nth(1)
        .expect("the help lists commands");
    let names: Vec<String> = listed
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .map(str::to_string)
        .collect();
    assert!(names.len() >= 8, "{help}");
    names
}

#[test]
fn completions_are_generated_for_each_shell() {
    let o = dmlint(&["completions", "bash"]);
    assert_eq!(o.status.code(), Some(0));
    let bash = stdout(&o);
    assert!(bash.contains("_dmlint()"), "{bash}");
    for name in subcommands() {
        assert!(bash.contains(&name), "bash completion lacks {name}");
    }
    assert!(bash.contains("explain"));
    // A subcommand's own options complete too.
    assert!(bash.contains("--bless"), "{bash}");
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let o = dmlint(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        assert!(stdout(&o).contains("explain"), "{shell}");
    }
    let o = dmlint(&["completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn the_man_page_names_every_subcommand() {
    let o = dmlint(&["man"]);
    assert_eq!(o.status.code(), Some(0));
    let page = stdout(&o);
    assert!(page.starts_with(".ie"), "{page}");
    assert!(page.contains(".TH dmlint 1"), "{page}");
    for name in subcommands() {
        // roff escapes a hyphen as `\-`.
        let name = name.replace('-', "\\-");
        assert!(
            page.contains(&format!(".TP\ndmlint\\-{name}(1)\n")),
            "the man page lacks {name}"
        );
    }
    // Each subcommand has a page of its own, with its options.
    let o = dmlint(&["man", "test"]);
    assert_eq!(o.status.code(), Some(0));
    let page = stdout(&o);
    assert!(page.contains(".TH dmlint-test 1"), "{page}");
    assert!(page.contains("\\-\\-bless"), "{page}");
    let o = dmlint(&["man", "tset"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("one of check, cards"));
}

#[test]
fn explain_lists_whole_sentences_and_cites_the_books_lines() {
    let o = dmlint(&["explain"]);
    assert_eq!(o.status.code(), Some(0));
    let list = stdout(&o);
    // Piped, the list is 100 columns wide, and a sentence the doc comment wraps is
    // printed whole (wrapped under its column when it must be).
    assert!(list.lines().all(|l| l.chars().count() <= 100), "{list}");
    let words = list.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "dmlint::syntax::keyword-case A keyword written with capitals: a warning, and the \
             line is read as if it were written in lower case. dmlint::"
        ),
        "{list}"
    );
    assert!(list.lines().filter(|l| l.starts_with("dmlint::")).count() >= 100);

    // A move rule and a team rule cite each edition's book with our copy's lines.
    let o = dmlint(&["explain", "second-reroll"]);
    assert!(
        stdout(&o).contains(
            "- rules 2018: Avengers Infinity rulebook (2018), TURN ORDER, 2. ROLL AND REROLL \
             STEP (000 lines 577-580)"
        ),
        "{}",
        stdout(&o)
    );
    let o = dmlint(&["explain", "team-dice-count"]);
    let text = stdout(&o);
    for cited in [
        "- rules 2014: Avengers vs. X-Men rulebook (2014), CUSTOMIZING YOUR TEAM, Basic Teams and \
         Tournament Teams (001 lines 768-784)",
        "- rules 2016: Iron Man and War Machine rulebook (2016), CUSTOMIZING YOUR TEAM, \
         TOURNAMENT TEAMS (002 lines 725-725)",
        "- rules 2018: Avengers Infinity rulebook (2018), CUSTOMIZING YOUR TEAM (000 lines \
         1389-1396)",
    ] {
        assert!(text.contains(cited), "{text}");
    }
}
