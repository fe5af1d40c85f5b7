//! The `dmlint` command line: argument parsing, file discovery, output and exit codes.
//!
//! Exit codes: 0 every game legal (for now: every file parsed), 1 an illegal move was
//! found (once the rules engine lands), 2 the input could not be checked (syntax error,
//! unreadable file, bad arguments — clap's own usage errors also exit 2).

use std::io::{self, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use dmlint::check::{DEFAULT_MAX_DIAGNOSTICS, FileReport, check_reader, unreadable};
use dmlint::codes;
use dmlint::render::{Format, Renderer};
use dmlint::syntax::Chunk;
use miette::IntoDiagnostic;

#[derive(Parser)]
#[command(
    name = "dmlint",
    version,
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
    /// Print the documentation of a diagnostic code (all codes when none is given).
    Explain {
        /// A code: `dmlint::syntax::unknown-keyword`, `syntax::unknown-keyword` or `unknown-keyword`.
        code: Option<String>,
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
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

fn main() -> miette::Result<ExitCode> {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Explain { code }) => explain(code.as_deref()),
        Some(Command::Check(args)) => check(args),
        None => check(cli.check),
    }
}

fn explain(code: Option<&str>) -> miette::Result<ExitCode> {
    let mut stdout = io::stdout().lock();
    let Some(code) = code else {
        for e in codes::all() {
            let summary = e.doc.lines().next().unwrap_or("");
            writeln!(stdout, "{:<45} {summary}", e.code).into_diagnostic()?;
        }
        return Ok(ExitCode::SUCCESS);
    };
    match codes::explain(code) {
        Some(e) => {
            write!(stdout, "{}\n\n{}", e.code, e.for_terminal()).into_diagnostic()?;
            Ok(ExitCode::SUCCESS)
        }
        None => {
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

fn check(args: CheckArgs) -> miette::Result<ExitCode> {
    if args.files.is_empty() {
        eprintln!(
            "error: no input: name .dmlog files or directories to check, or `-` for standard input\n\
             usage: dmlint [FILES]...   (see `dmlint --help`)"
        );
        return Ok(ExitCode::from(2));
    }
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    let width = if io::stdout().is_terminal() {
        terminal_width()
    } else {
        100
    };
    let renderer = Renderer {
        format: args.format,
        color,
        width,
    };
    let mut stdout = io::stdout().lock();
    let mut total = FileReport::default();
    let mut files = 0;
    for input in inputs(&args.files) {
        let mut out = String::new();
        let name = input.display_name();
        let report = match &input {
            Input::Stdin => check_reader(
                &name,
                io::stdin().lock(),
                &renderer,
                args.max_diagnostics,
                &mut out,
            ),
            Input::File(path) => match std::fs::File::open(path) {
                Ok(f) => check_reader(
                    &name,
                    BufReader::with_capacity(1 << 16, f),
                    &renderer,
                    args.max_diagnostics,
                    &mut out,
                ),
                Err(e) => unreadable_report(&name, &e.to_string(), &renderer, &mut out),
            },
            Input::Missing(path, why) => {
                unreadable_report(&path.display().to_string(), why, &renderer, &mut out)
            }
        };
        files += 1;
        if matches!(args.format, Format::Human | Format::Ariadne) {
            out.push_str(&summary_line(&name, &report));
        }
        if write_out(&mut stdout, &out).is_err() {
            // The reader went away (a closed pipe): nothing more to say.
            return Ok(ExitCode::from(2));
        }
        total.games += report.games;
        total.errors += report.errors;
    }
    if files > 1 && matches!(args.format, Format::Human | Format::Ariadne) {
        let _ = writeln!(
            stdout,
            "{files} files, {} game{}, {} error{}",
            total.games,
            if total.games == 1 { "" } else { "s" },
            total.errors,
            if total.errors == 1 { "" } else { "s" }
        );
    }
    Ok(if total.errors > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

fn write_out(stdout: &mut impl Write, out: &str) -> io::Result<()> {
    stdout.write_all(out.as_bytes())?;
    stdout.flush()
}

fn summary_line(name: &str, report: &FileReport) -> String {
    if report.errors == 0 {
        format!(
            "{name}: {} game{} read, no syntax errors (rules are not checked yet)\n",
            report.games,
            if report.games == 1 { "" } else { "s" }
        )
    } else {
        format!(
            "{name}: {} syntax error{}\n",
            report.errors,
            if report.errors == 1 { "" } else { "s" }
        )
    }
}

fn unreadable_report(name: &str, why: &str, renderer: &Renderer, out: &mut String) -> FileReport {
    renderer.render(name, &Chunk::empty(), &unreadable(name, why), out);
    FileReport {
        games: 0,
        errors: 1,
        suppressed: 0,
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

fn find_logs(dir: &Path, found: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            find_logs(&path, found)?;
        } else if path.extension().is_some_and(|e| e == "dmlog") {
            found.push(path);
        }
    }
    Ok(())
}
