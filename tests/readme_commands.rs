//! Every `dmlint` command README.md shows in a shell block runs as written: its
//! subcommands, options and values are ones the program accepts, so the README cannot
//! drift from `--help` (issue 19, "every example … is run by a test"). Placeholder files
//! (`game.dmlog`, `my.yaml`) stand for real ones, output directories for a scratch one,
//! and generated game counts are capped so the test stays quick.

use std::path::PathBuf;
use std::process::Command;

/// The commands of README.md's ```sh blocks that run dmlint, without their comments and
/// redirections.
fn commands() -> Vec<String> {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut out = Vec::new();
    let mut in_sh = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_sh = line == "```sh";
            continue;
        }
        let line = line.trim();
        if !in_sh || !line.starts_with("dmlint ") {
            continue;
        }
        let command = line.split("  #").next().unwrap_or(line);
        let command = command.split(" > ").next().unwrap_or(command);
        let command = command.split(" >> ").next().unwrap_or(command);
        out.push(command.trim().to_string());
    }
    out
}

/// The command's arguments, with the placeholders replaced.
fn arguments(command: &str, scratch: &std::path::Path) -> Vec<String> {
    let words: Vec<&str> = command.split_whitespace().skip(1).collect();
    let mut args = Vec::new();
    let mut previous = "";
    for w in words {
        let w = w.trim_matches('"');
        let arg = match (previous, w) {
            (_, "game.dmlog" | "other.dmlog") => "fixtures/engine/vanilla-game.dmlog".to_string(),
            (_, "my.yaml") => "fixtures/rules/globals/sky-claw.yaml".to_string(),
            ("--games", n) => n
                .parse::<u32>()
                .map_or(n.to_string(), |n| n.min(3).to_string()),
            (_, dir) if dir.ends_with('/') && !std::path::Path::new(dir).exists() => {
                scratch.join(dir).to_string_lossy().into_owned()
            }
            (_, "new-ruling.dmlog") => scratch
                .join("new-ruling.dmlog")
                .to_string_lossy()
                .into_owned(),
            (_, w) => w.to_string(),
        };
        previous = w;
        args.push(arg);
    }
    args
}

#[test]
fn every_dmlint_command_in_the_readme_is_accepted() {
    let scratch: PathBuf =
        std::env::temp_dir().join(format!("dmlint-readme-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    // The fixture `--bless` is shown on: metadata, no expectations.
    std::fs::write(
        scratch.join("new-ruling.dmlog"),
        "dmlog 1\n#~ source: 000 TURN ORDER\n#~ summary: the first player goes first\n\
         format custom life 10\nteam Ann\nGR = Ghost Rider: Johnny Blaze x2\nteam Bob\n\
         AM = Ant-Man: Biophysicist x2\nfirst Ann\nturn 1 Ann\n",
    )
    .unwrap();
    let commands = commands();
    assert!(commands.len() >= 30, "{commands:?}");
    for command in &commands {
        let args = arguments(command, &scratch);
        let o = Command::new(env!("CARGO_BIN_EXE_dmlint"))
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&o.stderr);
        // clap refuses an unknown option or value with its usage and exit 2.
        assert!(
            !stderr.contains("Usage:"),
            "README command `{command}` (run as {args:?}) is refused:\n{stderr}"
        );
        assert!(
            matches!(o.status.code(), Some(0..=2)),
            "`{command}`: {:?}\n{stderr}",
            o.status
        );
    }
    std::fs::remove_dir_all(&scratch).ok();
}

#[test]
fn the_man_page_loop_names_every_subcommand() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let listed: Vec<&str> = readme
        .lines()
        .find_map(|l| l.strip_prefix("for c in "))
        .and_then(|l| l.split("; do").next())
        .expect("the README installs each subcommand's man page")
        .split_whitespace()
        .collect();
    let help = Command::new(env!("CARGO_BIN_EXE_dmlint"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    let subcommands: Vec<&str> = help
        .split("Commands:\n")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .collect();
    assert_eq!(listed, subcommands);
}
