//! The `dmlint` command line: argument parsing, file discovery, output and exit codes.
//!
//! Exit codes: 0 every game legal, 1 a rule was broken in some game (an illegal team or
//! move), whatever else was found; 2 no rule was broken but an input could not be fully
//! checked (syntax error, unknown card, undecided game, unreadable file, bad arguments —
//! clap's own usage errors also exit 2).

use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use std::borrow::Cow;

use dmlint::cards::load::{MAX_FILE, card_at, key_spans, too_large};
use dmlint::cards::show::describe;
use dmlint::cards::{BrokenCard, CardCode, CardError, CardFile, Pool, SetStats, parse_card_file};
use dmlint::check::{
    DEFAULT_MAX_DIAGNOSTICS, FileReport, check_reader, check_syntax, read_whole, unreadable,
};
use dmlint::codes;
use dmlint::fixture::bless::{self, Blessed};
use dmlint::fixture::{self, Tally, Verdict, junit::junit};
use dmlint::inspect::{StateRecord, StateReport, Target, state_at};
use dmlint::mutate;
use dmlint::render::{Format, JsonSummary, Renderer};
use dmlint::selfplay::{self, Policy};
use dmlint::syntax::Edition;
use dmlint::syntax::{Chunk, Span};
use miette::IntoDiagnostic;
use rayon::prelude::*;

#[derive(Parser)]
#[command(
    name = "dmlint",
    // The card data is part of what a verdict rests on: the version names it.
    version = concat!(env!("CARGO_PKG_VERSION"), " (", env!("DMLINT_CARD_DATA"), ")"),
    about = "Replays Dice Masters game logs (.dmlog) and points at the first illegal move",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    check: CheckArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Check logs (the default when no subcommand is given).
    Check(CheckArgs),
    /// Find cards in the pool, validate a card file, or show the pool's coverage.
    Cards(CardsArgs),
    /// Print the game state after a line (or at the start of a turn) as a `position`
    /// block, ready to paste into a fixture.
    State(StateArgs),
    /// Run rule fixtures: every `#~` expectation must be met (see fixtures/README.md).
    Test(TestArgs),
    /// Play random complete games and write them as logs (`--seed N --games K --out DIR`).
    Gen(GenArgs),
    /// Mutate legal logs one move at a time and report the share the engine catches at
    /// exactly the mutated line, by kind of mutation.
    Mutate(MutateArgs),
    /// Print the documentation of a diagnostic code (all codes when none is given).
    Explain {
        /// A code: `dmlint::syntax::unknown-keyword`, `syntax::unknown-keyword` or `unknown-keyword`.
        code: Option<String>,
    },
    /// Print a completion script for a shell (see the README for where to put it).
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), generated from the same definitions as `--help`: of
    /// dmlint, or of one of its subcommands.
    Man {
        /// A subcommand (`test`, `state`, …) whose own page to print.
        subcommand: Option<String>,
    },
}

#[derive(Args)]
struct CheckArgs {
    /// Files or directories (searched for *.dmlog) to check; `-` reads standard input.
    files: Vec<PathBuf>,
    /// How diagnostics are printed.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// When to use colours.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    /// The most diagnostics printed per file; the rest are counted.
    #[arg(long, default_value_t = DEFAULT_MAX_DIAGNOSTICS)]
    max_diagnostics: usize,
    /// Do not print the table (a `position` block) and the moves the rules allowed under
    /// a rule violation.
    #[arg(long)]
    no_board: bool,
    /// Under a rule violation, list every move the rules allowed instead of a summary by
    /// kind (in JSON: the game record's `legal_moves`).
    #[arg(long)]
    legal_moves: bool,
    /// Check only the notation: parse every game, look at neither cards nor moves.
    #[arg(long)]
    syntax_only: bool,
    #[command(flatten)]
    cards: CardFiles,
}

#[derive(Args)]
struct TestArgs {
    /// Fixture files or directories (searched for *.dmlog).
    #[arg(default_value = "fixtures")]
    paths: Vec<PathBuf>,
    /// How results are printed: failures and a summary, a JUnit XML report, or JSON (one
    /// object per game, per file, and a summary; see the README).
    #[arg(long, value_enum, default_value_t = TestFormat::Human)]
    format: TestFormat,
    /// List passing fixtures too.
    #[arg(long, short)]
    verbose: bool,
    /// Run only game N of the one fixture file named (counted from 1 in file order;
    /// `--format json` lists each game's number and line).
    #[arg(long, value_name = "N")]
    game: Option<usize>,
    /// Write the engine's verdict on each line of FILE, a new fixture without
    /// expectations, into it as `#~` expectations to review (refused, with the file left
    /// as it was, when it holds any expectation).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["paths", "game", "format", "verbose"])]
    bless: Option<PathBuf>,
    /// When to use colours.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    #[command(flatten)]
    cards: CardFiles,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum TestFormat {
    Human,
    Junit,
    Json,
}

#[derive(Args)]
struct StateArgs {
    /// The log to replay.
    file: PathBuf,
    /// Stop after this line (1-based).
    #[arg(
        long,
        value_name = "LINE",
        required_unless_present = "turn",
        conflicts_with = "turn"
    )]
    at: Option<usize>,
    /// Stop at the first `turn N …` line (after its clear step).
    #[arg(long, value_name = "N")]
    turn: Option<u32>,
    /// How the state is printed: a `position` block, or JSON (the diagnostics as
    /// `dmlint --format json` prints them, then one `state` object).
    #[arg(long, value_enum, default_value_t = StateFormat::Human)]
    format: StateFormat,
    #[command(flatten)]
    cards: CardFiles,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum StateFormat {
    Human,
    Json,
}

#[derive(Args)]
struct GenArgs {
    /// The run's seed: the same seed, options and cards make the same files.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// How many games.
    #[arg(long, default_value_t = 1)]
    games: u64,
    /// The directory to write `game-NNNNNN.dmlog` files to (made if missing); without
    /// it, a single game is printed.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// The rules edition the games are played under.
    #[arg(long, value_enum, default_value_t = Rules::R2018)]
    rules: Rules,
    /// Each player's starting life (`format custom life N`), from 1 to 999.
    #[arg(long, default_value_t = 20,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(dmlint::syntax::MAX_AMOUNT)))]
    life: u32,
    /// How players choose among the legal moves.
    #[arg(long, value_enum, default_value_t = Policy::Eager)]
    policy: Policy,
    /// A game still going after this many turns ends with a concession.
    #[arg(long, default_value_t = 60)]
    max_turns: u32,
    /// Draw the teams' cards from these sets only (codes as `dmlint cards --stats` lists
    /// them: AVX UX …); the basic action cards too, where the sets have any the
    /// generator plays. Without it, every set.
    #[arg(long, num_args = 1.., value_name = "SET")]
    cards_from: Vec<String>,
    #[command(flatten)]
    cards: CardFiles,
}

#[derive(Args)]
struct MutateArgs {
    /// Legal logs, or directories of them (e.g. made by `dmlint gen`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The most mutants of each kind made from one log.
    #[arg(long, default_value_t = 5)]
    per_kind: usize,
    /// List every mutant that was not caught at its line.
    #[arg(long, short)]
    verbose: bool,
    #[command(flatten)]
    cards: CardFiles,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Rules {
    #[value(name = "2018")]
    R2018,
    #[value(name = "2016")]
    R2016,
    #[value(name = "2014")]
    R2014,
}

#[derive(Args)]
struct CardFiles {
    /// A card file (YAML, see cards/README.md) to add to the built-in pool; a card with
    /// the same set, title and subtitle replaces the built-in one. May be repeated.
    #[arg(long = "cards", value_name = "FILE")]
    card_files: Vec<PathBuf>,
}

#[derive(Args)]
struct CardsArgs {
    /// Text to find in card names (`Hulk`, `Jade Giant`), a set code (`AVX`) or `SET NUMBER`.
    query: Option<String>,
    /// Validate a card file instead, and report every problem in it.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["query", "stats"])]
    check: Option<PathBuf>,
    /// Print the pool's coverage, one line per set, then a total.
    #[arg(long, conflicts_with = "query")]
    stats: bool,
    /// The most cards printed for a query.
    #[arg(long, default_value_t = 20)]
    limit: usize,
    #[command(flatten)]
    cards: CardFiles,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

fn main() -> miette::Result<ExitCode> {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Explain { code }) => explain(code.as_deref()),
        Some(Command::Completions { shell }) => completions(shell),
        Some(Command::Man { subcommand }) => man(subcommand.as_deref()),
        Some(Command::Cards(args)) => cards(args),
        Some(Command::State(args)) => state(args),
        Some(Command::Test(args)) => test(args),
        Some(Command::Gen(args)) => gen_games(args),
        Some(Command::Mutate(args)) => mutate(args),
        Some(Command::Check(args)) => check(args),
        None => check(cli.check),
    };
    // A reader that stopped reading (`dmlint cards --stats | head`) is not an error of
    // dmlint's: it stops quietly, as ripgrep does.
    match result {
        Err(e) if e.downcast_ref::<OutputClosed>().is_some() => Ok(ExitCode::SUCCESS),
        other => other,
    }
}

/// Standard output closed by its reader before dmlint finished writing.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("standard output was closed")]
struct OutputClosed;

/// A failed write to standard output as the error `main` returns: a closed pipe is
/// [`OutputClosed`], anything else is said as it is.
fn output_error(e: io::Error) -> miette::Report {
    if e.kind() == io::ErrorKind::BrokenPipe {
        miette::Report::new(OutputClosed)
    } else {
        Err::<(), _>(e).into_diagnostic().unwrap_err()
    }
}

fn mutate(args: MutateArgs) -> miette::Result<ExitCode> {
    let renderer = renderer(Format::Human, ColorChoice::Auto);
    let Some((pool, true)) = load_pool(&args.cards, &renderer) else {
        return Ok(ExitCode::from(2));
    };
    // Logs are mutated in parallel; their reports are merged in input order.
    let reports: Vec<mutate::Report> = inputs(&args.files)
        .par_iter()
        .map(|input| {
            let mut report = mutate::Report::default();
            let name = input.display_name();
            match input {
                Input::File(path) => match read_whole(path, MUTATE_MAX_FILE, "`dmlint mutate`") {
                    Ok(text) => mutate::check_log(&name, &text, &pool, args.per_kind, &mut report),
                    Err(_) => report.unusable.push(name),
                },
                Input::Stdin | Input::Missing(..) => report.unusable.push(name),
            }
            report
        })
        .collect();
    let mut all = mutate::Report::default();
    for r in reports {
        all.merge(r);
    }
    let total = all.total();
    let mut out = all.table();
    for name in &all.unusable {
        out.push_str(&format!("skipped {name}: not a readable legal log\n"));
    }
    let shown = if args.verbose {
        total.misses.len()
    } else {
        total.misses.len().min(20)
    };
    for m in &total.misses[..shown] {
        out.push_str(&format!("miss    {m}\n"));
    }
    if shown < total.misses.len() {
        out.push_str(&format!(
            "… and {} more misses (-v lists them all)\n",
            total.misses.len() - shown
        ));
    }
    write_out(&mut io::stdout().lock(), &out).map_err(output_error)?;
    Ok(if total.misses.is_empty() && all.unusable.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The most a log may weigh for `dmlint mutate`, which reads it whole and replays it once
/// per mutant.
const MUTATE_MAX_FILE: u64 = 16 << 20;

fn gen_games(args: GenArgs) -> miette::Result<ExitCode> {
    let renderer = renderer(Format::Human, ColorChoice::Auto);
    let Some((pool, true)) = load_pool(&args.cards, &renderer) else {
        return Ok(ExitCode::from(2));
    };
    let opts = selfplay::Options {
        rules: match args.rules {
            Rules::R2018 => Edition::Rules2018,
            Rules::R2016 => Edition::Rules2016,
            Rules::R2014 => Edition::Rules2014,
        },
        life: args.life,
        policy: args.policy,
        max_turns: args.max_turns,
        sets: args.cards_from.clone(),
    };
    if let Some(bad) = args
        .cards_from
        .iter()
        .find(|s| !pool.sets().iter().any(|x| x.code.eq_ignore_ascii_case(s)))
    {
        eprintln!(
            "error: --cards-from: no set has the code `{bad}` (`dmlint cards --stats` lists them)"
        );
        return Ok(ExitCode::from(2));
    }
    let teams = selfplay::playable(&pool, &opts.sets);
    if teams.text.len() + teams.plain.len() < 2 {
        eprintln!(
            "error: --cards-from: the sets have too few cards the generator plays to make two teams"
        );
        return Ok(ExitCode::from(2));
    }
    let Some(dir) = &args.out else {
        if args.games != 1 {
            eprintln!(
                "error: --games {} needs --out DIR to write them to",
                args.games
            );
            return Ok(ExitCode::from(2));
        }
        return match selfplay::game_of(args.seed, 0, &opts, &pool, &teams) {
            Ok(log) => {
                write_out(&mut io::stdout().lock(), &log).map_err(output_error)?;
                Ok(ExitCode::SUCCESS)
            }
            Err(d) => {
                eprintln!("error: {d}\n{}", d.log);
                Ok(ExitCode::from(1))
            }
        };
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("error: cannot make {}: {e}", dir.display());
        return Ok(ExitCode::from(2));
    }
    // Each game depends only on the run's seed and its index, so the games are played in
    // parallel and the files are the same whatever the thread timing.
    let failures: Vec<String> = (0..args.games)
        .into_par_iter()
        .filter_map(|i| {
            let path = dir.join(format!("game-{i:06}.dmlog"));
            let (text, failure) = match selfplay::game_of(args.seed, i, &opts, &pool, &teams) {
                Ok(log) => (log, None),
                Err(d) => (d.log.clone(), Some(format!("{}: {d}", path.display()))),
            };
            match std::fs::write(&path, text) {
                Ok(()) => failure,
                Err(e) => Some(format!("cannot write {}: {e}", path.display())),
            }
        })
        .collect();
    for f in &failures {
        eprintln!("error: {f}");
    }
    Ok(if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The most a log may weigh for `dmlint state`, which reads it whole (a real game is tens
/// of kilobytes; the bound keeps a device or a pipe from filling the memory).
const STATE_MAX_FILE: u64 = 16 << 20;

fn state(args: StateArgs) -> miette::Result<ExitCode> {
    let json = args.format == StateFormat::Json;
    let renderer = renderer(
        if json { Format::Json } else { Format::Human },
        ColorChoice::Auto,
    );
    let Some((pool, cards_ok)) = load_pool(&args.cards, &renderer) else {
        return Ok(ExitCode::from(2));
    };
    let name = args.file.display().to_string();
    let text = read_whole(&args.file, STATE_MAX_FILE, "`dmlint state`");
    let text = match text {
        Ok(t) => t,
        Err(why) => {
            let mut out = String::new();
            unreadable_report(&name, &why, &renderer, &mut out);
            write_out(&mut io::stdout().lock(), &out).map_err(output_error)?;
            return Ok(ExitCode::from(2));
        }
    };
    let target = match (args.at, args.turn) {
        (Some(line), _) => Target::Line(line),
        (None, Some(turn)) => Target::Turn(turn),
        (None, None) => unreachable!("clap requires --at or --turn"),
    };
    let mut out = String::new();
    let report = state_at(&name, &text, target, &pool, &renderer, &mut out);
    if json {
        out.push_str(&StateRecord::new(&name, target, &report).line());
        let code = match report {
            StateReport::Found { reached, .. } if reached && cards_ok => 0,
            _ => 2,
        };
        write_out(&mut io::stdout().lock(), &out).map_err(output_error)?;
        return Ok(ExitCode::from(code));
    }
    let code = match report {
        StateReport::Found {
            position, reached, ..
        } => {
            let at = match target {
                Target::Line(n) => format!("after line {n}"),
                Target::Turn(n) => format!("at the start of turn {n}"),
            };
            if reached {
                out.push_str(&format!("# {name}: the state {at}\n"));
            } else {
                out.push_str(&format!(
                    "# {name}: the replay stopped before reaching the point {at} (see above); the state where it stopped\n"
                ));
            }
            out.push_str(&position);
            if reached && cards_ok { 0 } else { 2 }
        }
        StateReport::NoTarget(why) => {
            out.push_str(&format!("error: {why}\n"));
            2
        }
        StateReport::NotReplayable => 2,
    };
    write_out(&mut io::stdout().lock(), &out).map_err(output_error)?;
    Ok(ExitCode::from(code))
}

/// Runs fixtures; exit 0 only when none failed (pending ones do not fail the run), 2 when
/// the card files given cannot be loaded.
fn test(args: TestArgs) -> miette::Result<ExitCode> {
    let renderer = renderer(Format::Human, args.color);
    if args.game.is_some() && !matches!(args.paths.as_slice(), [one] if !one.is_dir()) {
        eprintln!(
            "error: --game N runs one game of one fixture file: name that file alone\n\
             usage: dmlint test FILE --game N"
        );
        return Ok(ExitCode::from(2));
    }
    let Some((pool, true)) = load_pool(&args.cards, &renderer) else {
        return Ok(ExitCode::from(2));
    };
    if let Some(path) = &args.bless {
        return bless(path, &pool, &renderer);
    }
    let mut reports = Vec::new();
    for input in inputs(&args.paths) {
        let name = input.display_name();
        reports.push(match &input {
            Input::File(path) => fixture::run_file_game(path, &name, &pool, &renderer, args.game),
            Input::Stdin => fixture::unreadable(&name, "fixtures are read from files", &renderer),
            Input::Missing(_, why) => fixture::unreadable(&name, why, &renderer),
        });
    }
    let tally = Tally::of(&reports);
    let mut out = String::new();
    match args.format {
        TestFormat::Junit => out.push_str(&junit(&reports)),
        TestFormat::Json => out.push_str(&fixture::json::json(&reports)),
        TestFormat::Human => {
            // Failures first, with their diagnostics; then the pending list, which is
            // always shown so that no pending ruling is forgotten.
            for r in reports.iter().filter(|r| r.verdict == Verdict::Failed) {
                out.push_str(&r.report());
                out.push('\n');
            }
            for r in reports.iter().filter(|r| r.verdict == Verdict::Pending) {
                out.push_str(&r.headline());
            }
            if args.verbose {
                for r in reports.iter().filter(|r| r.verdict == Verdict::Passed) {
                    out.push_str(&r.headline());
                }
            }
            out.push_str(&format!("{tally}\n"));
        }
    }
    write_out(&mut io::stdout().lock(), &out).map_err(output_error)?;
    Ok(if tally.failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `dmlint test --bless FILE`: 0 when the expectations were written, 1 when refused (the
/// file untouched), 2 when the file cannot be read or written.
fn bless(path: &Path, pool: &Pool, renderer: &Renderer) -> miette::Result<ExitCode> {
    let name = path.display().to_string();
    let mut stdout = io::stdout().lock();
    let text = match read_whole(path, fixture::MAX_FIXTURE, "`dmlint test --bless`") {
        Ok(text) => text,
        Err(why) => {
            let report = fixture::unreadable(&name, &why, renderer);
            let out: String = report
                .failures
                .iter()
                .map(|f| f.rendered.as_str())
                .collect();
            write_out(&mut stdout, &out).map_err(output_error)?;
            return Ok(ExitCode::from(2));
        }
    };
    match bless::bless(&name, &text, path.parent(), pool, renderer) {
        Blessed::Refused(out) => {
            write_out(&mut stdout, &out).map_err(output_error)?;
            Ok(ExitCode::from(1))
        }
        Blessed::Text {
            text,
            lines,
            metadata_added,
        } => {
            if let Err(e) = bless::write_atomically(path, &text) {
                eprintln!("error: cannot write {name}: {e}; the file is left as it was");
                return Ok(ExitCode::from(2));
            }
            let mut out = match lines.as_slice() {
                [] => {
                    format!("blessed {name}: the engine reported nothing; no expectation written\n")
                }
                _ => format!(
                    "blessed {name}: the engine's verdicts written on {} line{} ({}); review each before relying on it\n",
                    lines.len(),
                    if lines.len() == 1 { "" } else { "s" },
                    lines
                        .iter()
                        .map(|l| l.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            if metadata_added {
                out.push_str(
                    "note: `#~ source:` and `#~ summary:` placeholders were added after the `dmlog` line: write the ruling's source and claim there\n",
                );
            }
            write_out(&mut stdout, &out).map_err(output_error)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// `dmlint completions SHELL`: the script clap_complete generates from the definitions.
fn completions(shell: clap_complete::Shell) -> miette::Result<ExitCode> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "dmlint", &mut script);
    let mut stdout = io::stdout().lock();
    stdout.write_all(&script).map_err(output_error)?;
    stdout.flush().map_err(output_error)?;
    Ok(ExitCode::SUCCESS)
}

/// `dmlint man [SUBCOMMAND]`: the man page clap_mangen generates, of dmlint (its
/// subcommands listed) or of one subcommand (named `dmlint-NAME`, as git names its pages).
fn man(subcommand: Option<&str>) -> miette::Result<ExitCode> {
    let mut cli = Cli::command();
    cli.build();
    let page = match subcommand {
        None => cli,
        Some(name) => match cli.find_subcommand(name) {
            Some(sub) => sub
                .clone()
                .name(format!("dmlint-{name}"))
                .bin_name(format!("dmlint {name}"))
                .version(cli.get_version().unwrap_or_default().to_string()),
            None => {
                let names: Vec<&str> = cli
                    .get_subcommands()
                    .map(|s| s.get_name())
                    .filter(|n| *n != "help")
                    .collect();
                eprintln!(
                    "error: no subcommand `{name}`\nhelp: one of {}",
                    names.join(", ")
                );
                return Ok(ExitCode::from(2));
            }
        },
    };
    let mut roff = Vec::new();
    clap_mangen::Man::new(page)
        .render(&mut roff)
        .map_err(output_error)?;
    let mut stdout = io::stdout().lock();
    stdout.write_all(&roff).map_err(output_error)?;
    stdout.flush().map_err(output_error)?;
    Ok(ExitCode::SUCCESS)
}

fn explain(code: Option<&str>) -> miette::Result<ExitCode> {
    let mut stdout = io::stdout().lock();
    let Some(code) = code else {
        // Each code's first sentence, whole, wrapped at the terminal's width (100 columns
        // when piped, as diagnostics are).
        let width = if io::stdout().is_terminal() {
            terminal_width()
        } else {
            100
        };
        write!(stdout, "{}", codes::list(width)).map_err(output_error)?;
        return Ok(ExitCode::SUCCESS);
    };
    let found = codes::explain(code);
    match found.as_slice() {
        [_, ..] => {
            for (n, e) in found.iter().enumerate() {
                if n > 0 {
                    writeln!(stdout).map_err(output_error)?;
                }
                write!(stdout, "{}\n\n{}", e.code, e.for_terminal()).map_err(output_error)?;
            }
            Ok(ExitCode::SUCCESS)
        }
        [] => {
            let near = codes::near(code);
            let mut msg = format!("error: no diagnostic code `{code}`");
            if !near.is_empty() {
                msg.push_str(&format!("\nhelp: did you mean {}?", near.join(" or ")));
            }
            msg.push_str("\nhelp: `dmlint explain` lists every code");
            eprintln!("{msg}");
            Ok(ExitCode::from(2))
        }
    }
}

/// Files checked in parallel before their reports are written.
const CHECK_BATCH: usize = 64;

fn check(args: CheckArgs) -> miette::Result<ExitCode> {
    if args.files.is_empty() {
        eprintln!(
            "error: no input: name .dmlog files or directories to check, or `-` for standard input\n\
             usage: dmlint [FILES]...   (see `dmlint --help`)"
        );
        return Ok(ExitCode::from(2));
    }
    let renderer = Renderer {
        board: !args.no_board,
        legal_moves: args.legal_moves,
        ..renderer(args.format, args.color)
    };
    let sarif = args.format == Format::Sarif;
    if sarif {
        // The log opens before anything is rendered: a card file's diagnostics are
        // results of the same run.
        print!("{}", dmlint::sarif::open());
    }
    // The notation alone needs no cards: the pool is not even decoded.
    let (pool, cards_valid) = if args.syntax_only {
        (None, true)
    } else {
        let Some((pool, valid)) = load_pool(&args.cards, &renderer) else {
            if sarif {
                print!("{}", dmlint::sarif::close(false));
            }
            return Ok(ExitCode::from(2));
        };
        (Some(pool), valid)
    };
    let check_one = |name: &str, input: &mut dyn BufRead, out: &mut String| match &pool {
        Some(pool) => check_reader(name, input, pool, &renderer, args.max_diagnostics, out),
        None => check_syntax(name, input, &renderer, args.max_diagnostics, out),
    };
    let mut stdout = io::stdout().lock();
    let mut total = FileReport {
        // An invalid card file means the input could not be fully checked.
        errors: usize::from(!cards_valid),
        syntax_only: args.syntax_only,
        ..FileReport::default()
    };
    let inputs = inputs(&args.files);
    let files = inputs.len();
    // Files are checked in parallel, a batch at a time, and written in their order: the
    // output does not depend on thread timing, and memory holds one batch of reports.
    for batch in inputs.chunks(CHECK_BATCH) {
        let checked: Vec<(String, FileReport)> = batch
            .par_iter()
            .map(|input| {
                let mut out = String::new();
                let name = input.display_name();
                let report = match input {
                    Input::Stdin => check_one(&name, &mut io::stdin().lock(), &mut out),
                    Input::File(path) => match std::fs::File::open(path) {
                        Ok(f) => {
                            check_one(&name, &mut BufReader::with_capacity(1 << 16, f), &mut out)
                        }
                        Err(e) => unreadable_report(&name, &e.to_string(), &renderer, &mut out),
                    },
                    Input::Missing(path, why) => {
                        unreadable_report(&path.display().to_string(), why, &renderer, &mut out)
                    }
                };
                match args.format {
                    Format::Human | Format::Ariadne => out.push_str(&report.summary_line(&name)),
                    Format::Json => out.push_str(&JsonSummary::new(&name, &report).line()),
                    Format::Short | Format::Github | Format::Sarif => {}
                }
                (out, report)
            })
            .collect();
        for (out, report) in checked {
            if emit(&mut stdout, args.format, &out).is_err() {
                // The reader went away (a closed pipe): nothing more to say.
                return Ok(ExitCode::from(2));
            }
            total.add(&report);
        }
    }
    if files > 1 && matches!(args.format, Format::Human | Format::Ariadne) {
        let _ = write!(stdout, "{}", total.total_line(files));
    }
    if sarif {
        let _ = write!(stdout, "{}", dmlint::sarif::close(total.errors == 0));
    }
    // A broken rule is the verdict a judge needs first: it stands even when another
    // game, or another file, could not be fully checked.
    Ok(if total.violations > 0 {
        ExitCode::from(1)
    } else if total.errors > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// What reading a card file gave.
enum CardFileRead {
    /// Valid, with the file's text (for the spans of later diagnostics).
    Valid(Box<CardFile>, String),
    /// Invalid: the cards whose entries hold the problems (when they can be told).
    Invalid(Vec<BrokenCard>),
    Unreadable,
}

/// The built-in pool plus the files given with `--cards`, and whether every file was
/// valid; `None` when a file cannot be read at all. An invalid file's diagnostics are
/// printed, and the cards it meant to provide are recorded as broken, so that a log
/// naming one is told at its own line.
fn load_pool<'p>(files: &CardFiles, renderer: &Renderer) -> Option<(Cow<'p, Pool>, bool)> {
    if files.card_files.is_empty() {
        return Some((Cow::Borrowed(Pool::embedded()), true));
    }
    let mut pool = Pool::embedded().clone();
    let mut valid = true;
    for path in &files.card_files {
        match read_card_file(path, renderer) {
            CardFileRead::Valid(file, text) => {
                valid &= add_card_file(&mut pool, *file, text, path, renderer);
            }
            CardFileRead::Invalid(broken) => {
                valid = false;
                broken.into_iter().for_each(|b| pool.add_broken(b));
            }
            CardFileRead::Unreadable => return None,
        }
    }
    Some((Cow::Owned(pool), valid))
}

/// Adds a valid card file to the pool; an ability encoding naming no card of its set
/// is printed as a diagnostic, and makes the file count as invalid (`false`).
fn add_card_file(
    pool: &mut Pool,
    file: CardFile,
    text: String,
    path: &Path,
    renderer: &Renderer,
) -> bool {
    let set = file.encodes.clone().unwrap_or_default();
    let cards: Vec<String> = file.abilities.iter().map(|e| e.card.clone()).collect();
    let missed = pool.add_file(file);
    if missed.is_empty() {
        return true;
    }
    let spans = key_spans(&text, "card:");
    let chunk = Chunk::whole(text);
    let mut out = String::new();
    for n in missed {
        let e = CardError::new(
            CardCode::UnknownEncoded,
            spans.get(n).copied().unwrap_or_default(),
            format!("set {set} has no card named {}", cards[n]),
            "no such card in this set",
        )
        .with_help(match pool.closest(&cards[n]).first() {
            Some(near) => format!("did you mean {near}?"),
            None => "name the card `Title: Subtitle`, as logs do".to_string(),
        });
        renderer.render(&path.display().to_string(), &chunk, &e, &mut out);
    }
    let _ = emit(&mut io::stdout().lock(), renderer.format, &out);
    false
}

/// Reads and checks one card file, printing its diagnostics.
fn read_card_file(path: &Path, renderer: &Renderer) -> CardFileRead {
    let name = path.display().to_string();
    let mut out = String::new();
    let unreadable = |e: CardError, out: &mut String| {
        renderer.render(&name, &Chunk::empty(), &e, out);
        let _ = emit(&mut io::stdout().lock(), renderer.format, out);
        CardFileRead::Unreadable
    };
    // Refuse an oversized file before reading it, not after; a device or a pipe is read
    // only up to the limit.
    let text = match read_whole(path, MAX_FILE as u64, "a card file") {
        Ok(text) => text,
        Err(reason) => {
            let e = match std::fs::metadata(path) {
                Ok(meta) if meta.is_file() && meta.len() > MAX_FILE as u64 => too_large(meta.len()),
                _ => CardError::new(
                    CardCode::Unreadable,
                    Span::new(0, 0),
                    format!("cannot read {name}: {reason}"),
                    "unreadable",
                )
                .with_help("check the path of the card file"),
            };
            return unreadable(e, &mut out);
        }
    };
    match parse_card_file(&text) {
        Ok(file) => CardFileRead::Valid(Box::new(file), text),
        Err(errors) => {
            let chunk = Chunk::whole(text);
            let mut broken = Vec::new();
            for e in &errors {
                renderer.render(&name, &chunk, e, &mut out);
                if let Some((title, subtitle)) = card_at(&chunk.text, e.span.start) {
                    let (line, column) = chunk.line_col(e.span.start);
                    broken.push(BrokenCard {
                        title,
                        subtitle,
                        at: format!("{name}:{line}:{column}"),
                    });
                }
            }
            let _ = emit(&mut io::stdout().lock(), renderer.format, &out);
            CardFileRead::Invalid(broken)
        }
    }
}

fn cards(args: CardsArgs) -> miette::Result<ExitCode> {
    let renderer = renderer(Format::Human, ColorChoice::Auto);
    if let Some(path) = &args.check {
        return Ok(match read_card_file(path, &renderer) {
            CardFileRead::Valid(file, text) => {
                let counts = format!(
                    "{} cards, {} ability encodings",
                    file.cards.len(),
                    file.abilities.len()
                );
                let mut pool = Pool::embedded().clone();
                if !add_card_file(&mut pool, *file, text, path, &renderer) {
                    return Ok(ExitCode::from(2));
                }
                println!("{}: {counts}, no problems", path.display());
                ExitCode::SUCCESS
            }
            CardFileRead::Invalid(_) | CardFileRead::Unreadable => ExitCode::from(2),
        });
    }
    let Some((pool, true)) = load_pool(&args.cards, &renderer) else {
        return Ok(ExitCode::from(2));
    };
    let mut stdout = io::stdout().lock();
    if args.stats {
        let stats = pool.stats(dmlint::engine::coverage::card_applied);
        let mut total = SetStats::default();
        for s in &stats {
            writeln!(stdout, "{:<6} {}", s.set, stats_line(s, true)).map_err(output_error)?;
            total.cards += s.cards;
            total.with_dice += s.with_dice;
            total.with_energy_faces += s.with_energy_faces;
            total.with_abilities += s.with_abilities;
            total.applied += s.applied;
            total.disputed += s.disputed;
        }
        writeln!(stdout, "total: {}", stats_line(&total, false)).map_err(output_error)?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some(query) = args.query else {
        eprintln!(
            "error: name a card to find (`dmlint cards Hulk`), or use --stats or --check FILE"
        );
        return Ok(ExitCode::from(2));
    };
    let found = pool.search(&query);
    if found.is_empty() {
        let near = pool.closest(&query);
        eprintln!(
            "no card matches `{}`",
            dmlint::cards::pool::shown_name(&query)
        );
        if !near.is_empty() {
            eprintln!("help: did you mean {}?", near.join(" or "));
        }
        return Ok(ExitCode::from(1));
    }
    for e in found.iter().take(args.limit) {
        writeln!(stdout, "{}", describe(e)).map_err(output_error)?;
    }
    if found.len() > args.limit {
        writeln!(
            stdout,
            "… and {} more (raise --limit to see them)",
            found.len() - args.limit
        )
        .map_err(output_error)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// One line of `dmlint cards --stats`: the counts, in columns for a set's line.
fn stats_line(s: &SetStats, columns: bool) -> String {
    let w = if columns { 5 } else { 0 };
    format!(
        "{:>w$} cards, {:>w$} with dice, {:>w$} with energy faces, {:>w$} with abilities, \
         {:>w$} applied, {:>w$} disputed",
        s.cards, s.with_dice, s.with_energy_faces, s.with_abilities, s.applied, s.disputed
    )
}

/// A renderer for standard output: colours when asked, or when it is a terminal and
/// NO_COLOR is unset; the terminal's width, or 100 columns when piped.
fn renderer(format: Format, color: ColorChoice) -> Renderer {
    let terminal = io::stdout().is_terminal();
    Renderer {
        format,
        color: match color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => terminal && std::env::var_os("NO_COLOR").is_none(),
        },
        width: if terminal { terminal_width() } else { 100 },
        board: true,
        legal_moves: false,
    }
}

fn write_out(stdout: &mut impl Write, out: &str) -> io::Result<()> {
    stdout.write_all(out.as_bytes())?;
    stdout.flush()
}

/// Whether a SARIF result has been written yet: the results of one run form one JSON
/// array, so every one after the first is preceded by a comma, whichever part of the
/// program (a card file, a log) rendered it.
static SARIF_RESULT_WRITTEN: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// Writes rendered diagnostics: as they are, or, for SARIF, each result (one per line)
/// as an element of the run's `results` array.
fn emit(stdout: &mut impl Write, format: Format, out: &str) -> io::Result<()> {
    if format != Format::Sarif {
        return write_out(stdout, out);
    }
    let mut joined = String::with_capacity(out.len() + 8);
    for line in out.lines().filter(|l| !l.is_empty()) {
        if SARIF_RESULT_WRITTEN.swap(true, std::sync::atomic::Ordering::Relaxed) {
            joined.push(',');
        }
        joined.push_str(line);
        joined.push('\n');
    }
    write_out(stdout, &joined)
}

fn unreadable_report(name: &str, why: &str, renderer: &Renderer, out: &mut String) -> FileReport {
    renderer.render(name, &Chunk::empty(), &unreadable(name, why), out);
    FileReport {
        errors: 1,
        ..FileReport::default()
    }
}

fn terminal_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(100)
}

enum Input {
    Stdin,
    File(PathBuf),
    Missing(PathBuf, String),
}

impl Input {
    fn display_name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".into(),
            Input::File(p) | Input::Missing(p, _) => p.display().to_string(),
        }
    }
}

/// The inputs named on the command line, directories expanded to their `*.dmlog` files
/// in sorted order, so output is the same on every machine.
fn inputs(args: &[PathBuf]) -> Vec<Input> {
    let mut out = Vec::new();
    for arg in args {
        if arg.as_os_str() == "-" {
            out.push(Input::Stdin);
        } else if arg.is_dir() {
            let mut found = Vec::new();
            if let Err(e) = find_logs(arg, &mut found) {
                out.push(Input::Missing(arg.clone(), e.to_string()));
            }
            if found.is_empty() {
                out.push(Input::Missing(
                    arg.clone(),
                    "the directory holds no .dmlog file".into(),
                ));
            }
            found.sort();
            out.extend(found.into_iter().map(Input::File));
        } else if arg.exists() {
            out.push(Input::File(arg.clone()));
        } else {
            out.push(Input::Missing(
                arg.clone(),
                "no such file or directory".into(),
            ));
        }
    }
    out
}

/// Collects the `*.dmlog` files under `dir`. Links to directories are not followed (as
/// ripgrep does by default): a link to `.` or `..` would walk forever or find the same
/// file many times. Each one skipped is said on standard error, so nothing is left out
/// silently; a link to a file is read, since it cannot loop.
fn find_logs(dir: &Path, found: &mut Vec<PathBuf>) -> io::Result<()> {
    // Sorted, so the notes and the files come in the same order on every machine.
    let mut entries = std::fs::read_dir(dir)?.collect::<io::Result<Vec<_>>>()?;
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        let kind = entry.file_type()?;
        if kind.is_symlink() && path.is_dir() {
            eprintln!(
                "note: {} is a link to a directory, not followed; name it on the command line to check it",
                path.display()
            );
        } else if kind.is_dir() {
            find_logs(&path, found)?;
        } else if path.extension().is_some_and(|e| e == "dmlog") {
            found.push(path);
        }
    }
    Ok(())
}
