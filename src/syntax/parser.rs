//! The nom parser of one dmlog line: one function per production of `grammar/dmlog.ebnf`.
//!
//! Functions carry the production's name (`r#move` for `move`). Input is an [`In`]: the
//! rest of the line and its absolute file offset, so every node gets its absolute span
//! for free. nom's types stay in this file: callers get a
//! [`Stmt`] or a [`SyntaxError`].
//!
//! Error strategy: `Error` means "not this alternative" (lists end, `opt` backs off);
//! once a production is certain (its keyword matched), what follows is wrapped in
//! [`expect`], which turns a failure into a `Failure` naming what was expected there.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, digit1, space0, space1};
use nom::combinator::{map, opt, value};
use nom::error::{ErrorKind, ParseError};
use nom::multi::{many0, many1, separated_list1};
use nom::sequence::{preceded, terminated};
use nom::{IResult, Input, Parser};

use super::ast::*;
use super::error::{SyntaxCode, SyntaxError};
use super::input::In;
use crate::diag::nearest as suggest;

type PResult<'a, O> = IResult<In<'a>, O, PErr>;

/// The keywords of the lines that are neither state lines nor moves: with
/// [`STATE_WORDS`] and [`MOVE_KEYWORDS`], every word a line can start with, for "did you
/// mean" help.
const STRUCTURE_WORDS: &[&str] = &[
    "dmlog", "game", "rules", "format", "sets", "tag", "team", "middle", "basic", "first",
    "position", "end", "waive",
];
const MOVE_KEYWORDS: &[&str] = &[
    "draw", "refill", "roll", "reroll", "buy", "field", "use", "global", "activate", "resolve",
    "pass", "attack", "block", "assign", "damage", "concede",
];
const CLAUSE_KEYWORDS: &[&str] = &[
    "pay", "target", "choose", "order", "may", "roll", "draw", "prevent", "redirect", "to",
];
const FACE_EXAMPLES: &[&str] = &[
    "fist", "bolt", "mask", "shield", "wild", "2fist", "2bolt", "2mask", "2shield", "1gen", "2gen",
    "3gen", "L1", "L2", "L3", "act", "*", "**",
];
const ZONES: &[&str] = &["bag", "prep", "reserve", "field", "used", "oop"];
const STEPS: &[&str] = &[
    "draw", "roll", "main", "attack", "blockers", "window", "damage", "cleanup",
];
const FORMATS: &[&str] = &[
    "tournament",
    "basic",
    "first-game",
    "custom",
    "demo",
    "modern",
    "golden",
    "silver-age",
    "global-escalation",
    "roll-for-the-north-3",
];

/// What one line says, before the game-level builder puts it in context.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Stmt {
    Header(Spanned<u32>),
    Game(Option<Spanned<Text>>),
    PositionOpen,
    End,
    Card {
        basic: bool,
        alias: Spanned<Text>,
        name: Spanned<CardName>,
        count: Option<Spanned<u32>>,
    },
    Turn {
        number: Spanned<u32>,
        player: Spanned<Text>,
    },
    Plain(Statement),
}

/// A parse failure: its position and, once it has one, its text.
///
/// nom creates one at every backtrack and carries it through every combinator, so it is
/// kept to two words: the common "not this" error has no detail at all, and its text is
/// spelled out only if the error is reported ([`PErr::into_error`]).
#[derive(Debug, Clone, PartialEq)]
struct PErr {
    at: usize,
    detail: Option<Box<Detail>>,
}

#[derive(Debug, Clone, PartialEq)]
struct Detail {
    end: Option<usize>,
    code: SyntaxCode,
    message: String,
    label: String,
    help: Option<String>,
}

impl Default for Detail {
    fn default() -> Self {
        Detail {
            end: None,
            code: SyntaxCode::UnexpectedToken,
            message: String::new(),
            label: String::new(),
            help: None,
        }
    }
}

impl<'a> ParseError<In<'a>> for PErr {
    fn from_error_kind(input: In<'a>, _: ErrorKind) -> Self {
        PErr::backtrack(input)
    }
    fn append(_: In<'a>, _: ErrorKind, other: Self) -> Self {
        other
    }
    /// Of two failed alternatives, the one that read further says more.
    fn or(self, other: Self) -> Self {
        if other.at >= self.at { other } else { self }
    }
}

impl PErr {
    /// The free "not this" error.
    fn backtrack(i: In) -> PErr {
        PErr {
            at: pos(&i),
            detail: None,
        }
    }

    /// The error's detail, created on first use.
    fn d(&mut self) -> &mut Detail {
        self.detail.get_or_insert_with(Default::default)
    }

    fn unexpected(i: In) -> PErr {
        let at = pos(&i);
        let tok = token(i.fragment());
        let (end, message, label) = if tok.is_empty() {
            (
                at,
                "unexpected end of line".to_string(),
                "the line ends here",
            )
        } else {
            (
                at + tok.len(),
                format!("unexpected `{tok}`"),
                "not expected here",
            )
        };
        PErr {
            at,
            detail: Some(Box::new(Detail {
                end: Some(end),
                message,
                label: label.into(),
                ..Detail::default()
            })),
        }
    }

    fn expected(i: In, what: &str) -> PErr {
        let mut e = PErr::unexpected(i);
        let tok = token(i.fragment());
        e.d().message = if tok.is_empty() {
            format!("expected {what} at the end of the line")
        } else {
            format!("expected {what}, found `{tok}`")
        };
        e.d().label = format!("expected {what}");
        e
    }

    fn with_help(mut self, help: impl Into<String>) -> Self {
        self.d().help = Some(help.into());
        self
    }

    fn with_code(mut self, code: SyntaxCode) -> Self {
        self.d().code = code;
        self
    }

    /// The reportable error; `text` is the statement parsed, starting at offset `base`.
    fn into_error(self, text: &str, base: usize) -> SyntaxError {
        let at = self.at;
        let mut d = self.detail.map(|d| *d).unwrap_or_default();
        if d.end.is_none() || d.message.is_empty() {
            let rest = text.get(at.saturating_sub(base)..).unwrap_or("");
            let full = *PErr::unexpected(In::new(rest, at))
                .detail
                .unwrap_or_default();
            d.end = d.end.or(full.end);
            if d.message.is_empty() {
                d.message = full.message;
                d.label = full.label;
            }
        }
        let end = d.end.unwrap_or(at);
        let e = SyntaxError::new(d.code, Span::new(at, end), d.message, d.label);
        match d.help {
            Some(h) => e.with_help(h),
            None => e,
        }
    }
}

fn pos(i: &In) -> usize {
    i.offset()
}

fn span(from: &In, to: &In) -> Span {
    Span::new(pos(from), pos(to))
}

fn fail<O>(e: PErr) -> Result<O, nom::Err<PErr>> {
    Err(nom::Err::Failure(e))
}

/// The token starting a string: a run up to whitespace or a comma (or one character).
fn token(s: &str) -> &str {
    let end = s.find([' ', '\t', ',']).unwrap_or(s.len());
    if end == 0 && !s.is_empty() {
        let c = s.chars().next().map_or(1, char::len_utf8);
        return &s[..c];
    }
    &s[..end]
}

fn did_you_mean(word: &str, candidates: &[&str]) -> Option<String> {
    suggest(word, candidates).map(|s| format!("did you mean `{s}`?"))
}

/// Runs `p`; when it fails without getting past the start, fails hard with
/// "expected {what}" (an inner error that got further is kept, being more precise).
fn expect<'a, O>(
    what: &'static str,
    mut p: impl Parser<In<'a>, Output = O, Error = PErr>,
) -> impl FnMut(In<'a>) -> PResult<'a, O> {
    move |i: In<'a>| match p.parse(i) {
        Err(nom::Err::Error(e)) => {
            let e = if e.at > pos(&i) {
                e
            } else {
                PErr::expected(i, what)
            };
            Err(nom::Err::Failure(e))
        }
        other => other,
    }
}

/// A keyword: the exact word, not followed by more word characters.
fn kw<'a>(word: &'static str) -> impl FnMut(In<'a>) -> PResult<'a, In<'a>> {
    move |i: In<'a>| {
        let (rest, k) = tag(word).parse(i)?;
        if rest.fragment().starts_with(is_word_char) {
            return Err(nom::Err::Error(PErr::backtrack(i)));
        }
        Ok((rest, k))
    }
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

fn spanned<'a, O>(
    mut p: impl Parser<In<'a>, Output = O, Error = PErr>,
) -> impl FnMut(In<'a>) -> PResult<'a, Spanned<O>> {
    move |i: In<'a>| {
        let (rest, node) = p.parse(i)?;
        Ok((rest, Spanned::new(node, span(&i, &rest))))
    }
}

// ------------------------------------------------------------------ lines

/// The `line` production: splits a physical line into its statement text and its comment.
/// Returns `(statement, comment)`, both trimmed; `comment` includes its `#`.
pub(crate) fn line(raw: &str) -> (&str, Option<&str>) {
    let raw = raw.strip_suffix('\n').unwrap_or(raw);
    let raw = raw.strip_suffix('\r').unwrap_or(raw);
    let bytes = raw.as_bytes();
    // Most lines hold no `#` at all.
    if memchr::memchr(b'#', bytes).is_none() {
        return (raw.trim_matches(BLANK), None);
    }
    let mut in_quote = false;
    let mut escaped = false;
    let lead = raw.len() - raw.trim_start_matches([' ', '\t']).len();
    for (idx, &b) in bytes.iter().enumerate() {
        if in_quote {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_quote = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_quote = true,
            b'#' => {
                let at_start = idx == lead;
                let after_ws = idx > 0 && matches!(bytes[idx - 1], b' ' | b'\t');
                let next = bytes.get(idx + 1);
                let before_ws = matches!(next, None | Some(b' ' | b'\t' | b'~'));
                if at_start || (after_ws && before_ws) {
                    return (
                        raw[..idx].trim_matches(BLANK),
                        Some(raw[idx..].trim_end_matches(BLANK)),
                    );
                }
            }
            _ => {}
        }
    }
    (raw.trim_matches(BLANK), None)
}

/// The blanks of the grammar's `ws`: space and tab, nothing else.
const BLANK: [char; 2] = [' ', '\t'];

/// How each kind of line reads, for the help of an error that has no better one: each
/// example in backticks, every one of them a line the parser accepts (a test parses
/// them).
const EXAMPLES: &[(&str, &str)] = &[
    ("dmlog", "`dmlog 1`"),
    ("game", "`game Final`"),
    ("rules", "`rules 2018`"),
    ("format", "`format tournament`"),
    ("sets", "`sets avx uxm`"),
    ("tag", "`tag event Store Championship`"),
    ("team", "`team Eric`"),
    ("first", "`first Eric`"),
    ("turn", "`turn 3 Eric`"),
    ("life", "`life Mike 8`"),
    ("bag", "`bag Mike SK x3 CA`"),
    ("prep", "`prep Mike SK x2`"),
    ("reserve", "`reserve Mike SK:fist x2`"),
    (
        "field",
        "`field SK:L1 x2 pay SK:fist` (a move) or `field Mike HT:L2` (Mike's field)",
    ),
    ("used", "`used Mike SK x4`"),
    ("oop", "`oop Mike SK:bolt`"),
    ("supply", "`supply FB 2`"),
    ("virtual", "`virtual Eric 1`"),
    ("priority", "`priority Mike`"),
    ("drawn", "`drawn 3`, `drawn 3 oop 1` or `drawn 5 swarm 1`"),
    ("fielded", "`fielded Eric 2`"),
    ("rerolled", "`rerolled`"),
    ("passed", "`passed Eric Mike` or `passed none`"),
    ("acted", "`acted Mike`"),
    ("lost", "`lost Mike`"),
    ("impulse", "`impulse Mike.BE`"),
    ("prepped", "`prepped Mike DP SK` or `prepped Mike none`"),
    ("assigned", "`assigned HT:L2 -> SK:L1=2 BE:L1=1`"),
    ("combat", "`combat knocked-out`"),
    (
        "pending",
        "`pending Eric.HK ability 1 die HK:L3 about Mike.SK:L1 batch 2`",
    ),
    (
        "limit",
        "`limit Eric.IM ability 1 die IM:L2` or `limit Eric.SC ability 2 by Mike`",
    ),
    (
        "reactable",
        "`reactable takes-damage die Mike.SK:L1 answered Eric.HT ability 2 by Eric`",
    ),
    ("held", "`held Mike.SM ability 1 ko Mike.SM:L1`"),
    ("cost-cut", "`cost-cut Mike.TH ability 2 by Mike less 2`"),
    ("conceded", "`conceded Mike`"),
    ("tokens", "`tokens CA experience 2`"),
    ("monster-ko", "`monster-ko Eric`"),
    (
        "waive",
        "`waive dmlint::rules::second-reroll \"judge ruled it stands\"`",
    ),
    ("draw", "`draw SK x3 CA`"),
    ("roll", "`roll SK:fist SK:L1 CA:L2`"),
    ("reroll", "`reroll SK:L1->bolt SK:fist->mask`"),
    ("buy", "`buy CA pay SK:fist SK:shield SK:bolt x2`"),
    ("use", "`use FB:act target Mike.SK:L1`"),
    ("global", "`global SM pay SK:fist target Mike`"),
    ("activate", "`activate HT:L2 pay SK:bolt`"),
    ("resolve", "`resolve CA:L3 roll SK:mask`"),
    ("attack", "`attack CA:L3 SK:L1` or `attack none`"),
    (
        "block",
        "`block SK:L1 -> HT:L2, BE:L1 -> SK:L1` or `block none`",
    ),
    ("assign", "`assign HT:L2 -> SK:L1=2 BE:L1=1`"),
    ("damage", "`damage`"),
];

/// The help for an error on a line that starts with `keyword`.
fn example_help(text: &str) -> String {
    let mut words = text.split([' ', '\t']);
    let mut first = words.next().unwrap_or("");
    if first.ends_with(':') {
        first = words.next().unwrap_or("");
    }
    match EXAMPLES.iter().find(|(k, _)| *k == first) {
        Some((k, ex)) => {
            let a = if k.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            format!("{a} `{k}` line reads like {ex}")
        }
        None => "see grammar/README.md for how each kind of line reads".into(),
    }
}

/// A keyword written in capitals (`Turn`, `DRAW`, `Pay`) where `err` failed on `text`
/// (a statement at absolute offset `at`): the text with that word in lower case, and the
/// warning that says so. `None` when the failed token is no keyword in any case.
pub(crate) fn keyword_case(
    text: &str,
    at: usize,
    err: &SyntaxError,
) -> Option<(String, SyntaxError)> {
    let from = err.span.start.checked_sub(at)?;
    let word = token(text.get(from..)?);
    let word = &word[..word.find(|c: char| !is_word_char(c)).unwrap_or(word.len())];
    let lower = word.to_ascii_lowercase();
    let known = STRUCTURE_WORDS
        .iter()
        .chain(STATE_WORDS)
        .chain(MOVE_KEYWORDS)
        .chain(CLAUSE_KEYWORDS)
        .any(|k| *k == lower);
    if !known || lower == word || !word.is_ascii() {
        return None;
    }
    // ASCII lower case keeps every byte offset.
    let fixed = format!("{}{lower}{}", &text[..from], &text[from + word.len()..]);
    let span = Span::new(at + from, at + from + word.len());
    let warning = SyntaxError::new(
        SyntaxCode::KeywordCase,
        span,
        format!("`{word}` read as the keyword `{lower}`"),
        "a keyword in capitals",
    )
    .with_help(format!("keywords are lower case: write `{lower}`"))
    .with_severity(miette::Severity::Warning);
    Some((fixed, warning))
}

/// A help line for a habit from other notations that made `text` (a statement at
/// absolute offset `at`) fail with `err`: `x 2` for `x2`, `2x SK:bolt` for `SK:bolt x2`,
/// `#paid` glued to a word, `Lee pass` without the actor's colon. Each says the line to
/// write, and only if that line parses.
pub(crate) fn habit_help(text: &str, at: usize, err: &SyntaxError) -> Option<String> {
    let from = err.span.start.checked_sub(at)?;
    let (before, rest) = (text.get(..from)?, text.get(from..)?);
    let tok = token(rest);
    let parses = |line: &str| parse_statement(line, at).is_ok();
    // `SK x 2`: a count glued to its `x`.
    if tok.bytes().all(|b| b.is_ascii_digit())
        && !tok.is_empty()
        && let Some(head) = before.trim_end().strip_suffix(['x', 'X'])
        && head.ends_with([' ', '\t'])
    {
        let line = format!("{head}x{rest}");
        if parses(&line) {
            return Some(format!("a count is glued to its `x`: `{line}`"));
        }
    }
    // `2x SK:bolt`: the count goes after the die.
    if let Some(n) = tok.strip_suffix(['x', 'X'])
        && !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit())
    {
        let after = rest[tok.len()..].trim_start();
        let die = token(after);
        let line = format!("{before}{die} x{n}{}", &after[die.len()..]);
        if !die.is_empty() && parses(&line) {
            return Some(format!("a count goes after the die: `{line}`"));
        }
    }
    // `pay SK:fist #paid`: a comment's `#` needs a blank after it.
    if let Some(note) = tok.strip_prefix('#')
        && !note.is_empty()
        && parses(before.trim_end())
    {
        return Some(format!(
            "a `#` glued to a word is text, not a comment: put a space after the `#` to \
             make `{note}` a comment"
        ));
    }
    // `Lee pass`: an actor is written with a colon.
    if from == 0
        && err.code == SyntaxCode::UnknownKeyword
        && let Some((name, moved)) = text.split_once([' ', '\t'])
    {
        let line = format!("{name}: {}", moved.trim_start());
        if parses(&line) {
            return Some(format!(
                "a player's move is written with a colon after the name: `{line}`"
            ));
        }
    }
    None
}

/// Parses one statement's text (a line without its comment) at absolute offset `at`.
/// Errors are boxed: they are rare, and the success path should stay small.
pub(crate) fn parse_statement(text: &str, at: usize) -> Result<Stmt, Box<SyntaxError>> {
    whole(
        text,
        at,
        statement,
        "one statement per line: nothing more was expected here",
        || Some(example_help(text)),
    )
}

/// Runs `p` over the whole of `text` (at absolute offset `at`): anything it leaves but
/// blanks is unexpected, with the help `trailing`; an error that has no help of its own
/// gets `help`'s.
fn whole<'a, O>(
    text: &'a str,
    at: usize,
    p: impl FnOnce(In<'a>) -> PResult<'a, O>,
    trailing: &str,
    help: impl FnOnce() -> Option<String>,
) -> Result<O, Box<SyntaxError>> {
    let input = In::new(text, at);
    match p(input) {
        Ok((rest, out)) => {
            let blanks =
                rest.fragment().len() - rest.fragment().trim_start_matches([' ', '\t']).len();
            let rest = rest.take_split(blanks).0;
            if rest.fragment().is_empty() {
                Ok(out)
            } else {
                Err(Box::new(
                    PErr::unexpected(rest)
                        .with_help(trailing)
                        .into_error(text, at),
                ))
            }
        }
        Err(nom::Err::Error(mut e) | nom::Err::Failure(mut e)) => {
            if e.d().help.is_none() {
                e.d().help = help();
            }
            Err(Box::new(e.into_error(text, at)))
        }
        Err(nom::Err::Incomplete(_)) => Err(Box::new(PErr::unexpected(input).into_error(text, at))),
    }
}

fn statement(i: In) -> PResult<Stmt> {
    let Ok((after, word)) = ident(i) else {
        return fail(
            PErr::expected(i, "a keyword")
                .with_help("a line starts with a keyword such as `turn`, `draw` or `buy`"),
        );
    };
    let rest = *after.fragment();
    if rest.starts_with(':') && rest[1..].starts_with([' ', '\t']) {
        return map(move_line, Stmt::Plain).parse(i);
    }
    let w = *word.fragment();
    if w == "basic" || rest.trim_start_matches([' ', '\t']).starts_with('=') {
        return card_line(i);
    }
    match w {
        "dmlog" => map(header_line, Stmt::Header).parse(i),
        "game" => map(game_line, Stmt::Game).parse(i),
        "rules" => map(rules_line, |e| Stmt::Plain(Statement::Rules(e))).parse(i),
        "format" => map(format_line, Stmt::Plain).parse(i),
        "sets" => map(sets_line, |sets| Stmt::Plain(Statement::Sets { sets })).parse(i),
        "tag" => map(tag_line, Stmt::Plain).parse(i),
        "team" => map(team_line, |p| Stmt::Plain(Statement::Team(p))).parse(i),
        "middle" => map(middle_line, |_| Stmt::Plain(Statement::Middle)).parse(i),
        "first" => map(first_line, |p| Stmt::Plain(Statement::First(p))).parse(i),
        "position" => map(position_line, |_| Stmt::PositionOpen).parse(i),
        "end" => map(end_line, |_| Stmt::End).parse(i),
        "turn" => turn_statement(i),
        "waive" => map(waiver_line, Stmt::Plain).parse(i),
        "field" if is_field_state(rest) => {
            map(state_line, |s| Stmt::Plain(Statement::State(s))).parse(i)
        }
        "life" | "bag" | "prep" | "reserve" | "used" | "oop" | "aside" | "supply" | "virtual"
        | "priority" | "drawn" | "fielded" | "rerolled" | "passed" | "acted" | "lost"
        | "assigned" | "combat" | "pending" | "limit" | "ignored" | "reactable" | "held"
        | "cost-cut" | "conceded" | "tokens" | "monster-ko" | "impulse" | "prepped" => {
            map(state_line, |s| Stmt::Plain(Statement::State(s))).parse(i)
        }
        _ if MOVE_KEYWORDS.contains(&w) => map(move_line, Stmt::Plain).parse(i),
        _ => {
            let mut e = PErr::unexpected(i);
            e.d().end = Some(pos(&after));
            e.d().code = SyntaxCode::UnknownKeyword;
            e.d().message = format!("unknown keyword `{w}`");
            e.d().label = "not a keyword".into();
            let keywords: Vec<&str> = STRUCTURE_WORDS
                .iter()
                .chain(STATE_WORDS)
                .chain(MOVE_KEYWORDS)
                .copied()
                .collect();
            e.d().help = Some(did_you_mean(w, &keywords).unwrap_or_else(|| {
                "a line starts with a keyword (`turn`, `draw`, `roll`, `buy`, `field`, \
                 `attack` …), an actor (`Mike: pass`) or an alias definition \
                 (`CA = Captain America: American Hero`)"
                    .into()
            }));
            fail(e)
        }
    }
}

/// `field Mike …` (a state line) rather than `field SK:L1` (a move): the word after
/// `field` is a bare name, not a die with a face.
fn is_field_state(rest: &str) -> bool {
    let arg = rest.trim_start_matches([' ', '\t']);
    let tok = token(arg);
    !tok.is_empty() && !tok.contains([':', '.', '['])
}

/// `turn N PLAYER` starts a turn; with a step it is a position's `position_turn`.
fn turn_statement(i: In) -> PResult<Stmt> {
    let (rest, (number, player)) = turn_line(i)?;
    if rest.fragment().trim_start_matches([' ', '\t']).is_empty() {
        return Ok((rest, Stmt::Turn { number, player }));
    }
    map(position_turn, |s| Stmt::Plain(Statement::State(s))).parse(i)
}

// ------------------------------------------------------------ file header

fn header_line(i: In) -> PResult<Spanned<u32>> {
    preceded(
        (kw("dmlog"), ws),
        expect("the notation version, `1`", number),
    )
    .parse(i)
}

fn game_line(i: In) -> PResult<Option<Spanned<Text>>> {
    preceded(kw("game"), opt(preceded(ws, text))).parse(i)
}

// --------------------------------------------------------------- settings

fn rules_line(i: In) -> PResult<Spanned<Edition>> {
    preceded(
        (kw("rules"), ws),
        expect("a rules edition, `2018`, `2016` or `2014`", edition),
    )
    .parse(i)
}

fn edition(i: In) -> PResult<Spanned<Edition>> {
    spanned(alt((
        value(Edition::Rules2014, kw("2014")),
        value(Edition::Rules2016, kw("2016")),
        value(Edition::Rules2018, kw("2018")),
    )))
    .parse(i)
}

fn format_line(i: In) -> PResult<Statement> {
    let (i, _) = (kw("format"), ws).parse(i)?;
    let (i, name) = format_name(i)?;
    let (i, life) = opt(preceded(
        (ws, kw("life"), ws),
        expect(
            "the starting life",
            number_in(1, MAX_AMOUNT, "the starting life"),
        ),
    ))
    .parse(i)?;
    Ok((i, Statement::Format { name, life }))
}

fn format_name(i: In) -> PResult<Spanned<FormatName>> {
    let (rest, w) = expect("a format", word).parse(i)?;
    let name = match w.node.as_str() {
        "tournament" => FormatName::Tournament,
        "basic" => FormatName::Basic,
        "first-game" => FormatName::FirstGame,
        "custom" => FormatName::Custom,
        "demo" => {
            let (rest, _) = expect("a starter set after `demo`, such as `avx`", ws).parse(rest)?;
            let (rest, set) = demo_set(rest)?;
            let span = Span::new(w.span.start, set.span.end);
            return Ok((rest, Spanned::new(FormatName::Demo(set.node), span)));
        }
        "modern" => {
            // An optional season: `modern 2019`.
            let (after, season) = opt(preceded(ws, number)).parse(rest)?;
            let Some(season) = season else {
                let name = FormatName::Listed(ListFormat::Modern(None));
                return Ok((rest, Spanned::new(name, w.span)));
            };
            let Ok(year) = u16::try_from(season.node) else {
                return fail(PErr::expected(rest, "a season year such as `2019`"));
            };
            let span = Span::new(w.span.start, season.span.end);
            let name = FormatName::Listed(ListFormat::Modern(Some(year)));
            return Ok((after, Spanned::new(name, span)));
        }
        "golden" => FormatName::Listed(ListFormat::Golden),
        "silver-age" => FormatName::Listed(ListFormat::SilverAge),
        "global-escalation" => FormatName::Listed(ListFormat::GlobalEscalation),
        "roll-for-the-north-3" => FormatName::Listed(ListFormat::RollForTheNorth3),
        other => {
            return fail(PErr::expected(i, "a format").with_help(
                did_you_mean(other, FORMATS).unwrap_or_else(|| {
                    "formats are `tournament`, `basic`, `first-game`, `custom life 20`, \
                     `demo` with a starter set (`demo avx`), and the tournament lists \
                     `modern 2019` (a season), `golden`, `silver-age`, `global-escalation`, \
                     `roll-for-the-north-3`"
                        .into()
                }),
            ));
        }
    };
    Ok((rest, Spanned::new(name, w.span)))
}

fn demo_set(i: In) -> PResult<Spanned<DemoSet>> {
    let (rest, w) = expect("a starter set such as `avx`", word).parse(i)?;
    match DemoSet::ALL
        .into_iter()
        .find(|s| s.code() == w.node.as_str())
    {
        Some(set) => Ok((rest, Spanned::new(set, w.span))),
        None => {
            let codes = DemoSet::ALL.map(DemoSet::code);
            fail(
                PErr::expected(i, "a starter set").with_help(
                    did_you_mean(&w.node, &codes).unwrap_or_else(|| {
                        "the starter sets are `avx`, `uxm`, `imwm` and `ai`".into()
                    }),
                ),
            )
        }
    }
}

fn sets_line(i: In) -> PResult<Vec<Spanned<Text>>> {
    preceded(
        (kw("sets"), ws),
        expect("a set code such as `avx`", separated_list1(sep, set_code)),
    )
    .parse(i)
}

fn set_code(i: In) -> PResult<Spanned<Text>> {
    ident(i).map(|(r, s)| (r, owned(s)))
}

fn tag_line(i: In) -> PResult<Statement> {
    let (i, _) = (kw("tag"), ws).parse(i)?;
    let (i, key) = expect("a tag name such as `event`", ident).parse(i)?;
    let (i, _) = expect("the tag's value", ws).parse(i)?;
    let (i, value) = expect("the tag's value", text).parse(i)?;
    Ok((
        i,
        Statement::Tag {
            key: owned(key),
            value,
        },
    ))
}

// ------------------------------------------------------------------ teams

fn team_line(i: In) -> PResult<Spanned<Text>> {
    preceded((kw("team"), ws), expect("a player name", player)).parse(i)
}

fn middle_line(i: In) -> PResult<In> {
    kw("middle").parse(i)
}

fn card_line(i: In) -> PResult<Stmt> {
    let (i, basic) = opt(terminated(kw("basic"), ws)).parse(i)?;
    let (i, alias) = expect("an alias such as `CA`", alias_def).parse(i)?;
    let (i, _) = (space0, expect("`=` and the card's name", char('=')), space0).parse(i)?;
    let (i, (name, count)) = expect(
        "the card's name, like `Captain America: American Hero`",
        card_name,
    )
    .parse(i)?;
    Ok((
        i,
        Stmt::Card {
            basic: basic.is_some(),
            alias,
            name,
            count,
        },
    ))
}

/// An alias being defined: like [`alias`], but a reserved word is an error, not the end
/// of a list.
fn alias_def(i: In) -> PResult<Spanned<Text>> {
    let (rest, w) = ident(i)?;
    let s = *w.fragment();
    // `basic` opens a basic action card's line (`basic PB = Power Bolt`): as an alias,
    // `basic = Power Bolt` would read back as that keyword with its alias missing.
    if is_reserved(s) || s == "SK" || s == "basic" {
        let mut e = PErr::unexpected(i).with_code(SyntaxCode::ReservedWord);
        e.d().message = format!("`{s}` cannot be an alias");
        e.d().label = "reserved".into();
        e.d().help = Some(if s == "SK" {
            "`SK` is every player's sidekick die; choose another alias".into()
        } else if s == "basic" {
            "`basic` marks a basic action card, before its alias: `basic PB = Power Bolt`".into()
        } else {
            format!("`{s}` is a reserved word of the notation; choose another alias")
        });
        return fail(e);
    }
    Ok((rest, owned(w)))
}

/// `card_name [ws count_suffix]`: the card's name, and the dice count after it.
fn card_name(i: In) -> PResult<(Spanned<CardName>, Option<Spanned<u32>>)> {
    let start = i;
    let (i, name) = alt((quoted, text)).parse(i)?;
    let (i, count) = opt(preceded(ws, count_suffix)).parse(i)?;
    // A bare name swallows the line: take a trailing ` xN` back off it as the count.
    let (name, count) = match (count, name.node.rsplit_once([' ', '\t'])) {
        (None, Some((head, tail))) if is_count(tail) && !head.trim().is_empty() => {
            let tail_start = name.span.end - tail.len();
            // The count is read as `count_suffix` reads it: bounded, never part of the name.
            let (at, _) = start.take_split(tail_start + 1 - pos(&start));
            let (_, n) = number_in(0, MAX_COUNT, "a dice count")(at)?;
            let n = n.node;
            let head = head.trim_end();
            (
                Spanned::new(
                    Text::from(head),
                    Span::new(name.span.start, name.span.start + head.len()),
                ),
                Some(Spanned::new(n, Span::new(tail_start, name.span.end))),
            )
        }
        (count, _) => (name, count),
    };
    let card = match name.node.split_once(": ") {
        Some((t, s)) => CardName {
            title: t.trim().into(),
            subtitle: Some(s.trim().into()),
        },
        None => CardName {
            title: name.node.trim().into(),
            subtitle: None,
        },
    };
    Ok((i, (Spanned::new(card, name.span), count)))
}

fn is_count(s: &str) -> bool {
    s.len() > 1 && s.starts_with('x') && s[1..].bytes().all(|b| b.is_ascii_digit())
}

fn count_suffix(i: In) -> PResult<Spanned<u32>> {
    let (rest, _) = char('x').parse(i)?;
    let (rest, n) = number_in(0, MAX_COUNT, "a dice count")(rest)?;
    Ok((rest, Spanned::new(n.node, span(&i, &rest))))
}

fn first_line(i: In) -> PResult<Spanned<Text>> {
    preceded(
        (kw("first"), ws),
        expect("the name of the player who goes first", player),
    )
    .parse(i)
}

// --------------------------------------------------------------- position

fn position_line(i: In) -> PResult<In> {
    kw("position").parse(i)
}

fn end_line(i: In) -> PResult<In> {
    kw("end").parse(i)
}

fn position_turn(i: In) -> PResult<StateLine> {
    let (i, (number, player)) = turn_line(i)?;
    let (i, _) = ws(i)?;
    let (i, step) = step(i)?;
    Ok((
        i,
        StateLine::Turn {
            number,
            player,
            step,
        },
    ))
}

fn step(i: In) -> PResult<Spanned<Step>> {
    // Not `word`: two steps, `draw` and `roll`, are reserved words (clause keywords).
    let (rest, w) = expect(
        "a step",
        map(
            take_while1(|c: char| c.is_alphanumeric() || c == '-'),
            owned,
        ),
    )
    .parse(i)?;
    let step = match w.node.as_str() {
        "draw" => Step::Draw,
        "roll" => Step::Roll,
        "main" => Step::Main,
        "attack" => Step::Attack,
        "blockers" => Step::Blockers,
        "window" => Step::Window,
        "damage" => Step::Damage,
        "cleanup" => Step::Cleanup,
        other => {
            return fail(PErr::expected(i, "a step").with_help(
                did_you_mean(other, STEPS).unwrap_or_else(|| {
                    "steps are `draw`, `roll`, `main`, `attack`, `blockers`, `window`, \
                     `damage` and `cleanup`"
                        .into()
                }),
            ));
        }
    };
    Ok((rest, Spanned::new(step, w.span)))
}

// ------------------------------------------------------------ state lines

fn state_line(i: In) -> PResult<StateLine> {
    let w = token(i.fragment());
    match w {
        "life" => life_state(i),
        "supply" => supply_state(i),
        "virtual" => virtual_state(i),
        "priority" => priority_state(i),
        "drawn" => drawn_state(i),
        "fielded" => fielded_state(i),
        "rerolled" => rerolled_state(i),
        "passed" => passed_state(i),
        "acted" => acted_state(i),
        "lost" => lost_state(i),
        "assigned" => assigned_state(i),
        "combat" => combat_state(i),
        "pending" => pending_state(i),
        "limit" => limit_state(i),
        "ignored" => ignored_state(i),
        "impulse" => impulse_state(i),
        "prepped" => prepped_state(i),
        "reactable" => reactable_state(i),
        "held" => held_state(i),
        "cost-cut" => cost_cut_state(i),
        "conceded" => conceded_state(i),
        "tokens" => tokens_state(i),
        "monster-ko" => monster_ko_state(i),
        _ => zone_state(i),
    }
}

/// `drawn 3`, `drawn 3 oop 1`, `drawn 5 swarm 1`.
fn drawn_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("drawn"), ws).parse(i)?;
    let (i, count) = expect("the number of dice drawn to the prep area", number).parse(i)?;
    let (i, oop) = opt(preceded(
        (ws, kw("oop"), ws),
        expect("the number of dice drawn out of play", number),
    ))
    .parse(i)?;
    let (i, swarm) = opt(preceded(
        (ws, kw("swarm"), ws),
        expect("the number of extra dice Swarm makes the draw take", number),
    ))
    .parse(i)?;
    Ok((i, StateLine::Drawn { count, oop, swarm }))
}

/// `fielded Ann 2`.
fn fielded_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("fielded"), ws).parse(i)?;
    let (i, player) = expect("a player name", player).parse(i)?;
    let (i, _) = ws(i)?;
    let (i, count) = expect(
        "the number of character dice they fielded this turn",
        number,
    )
    .parse(i)?;
    Ok((i, StateLine::Fielded { player, count }))
}

/// `rerolled`.
fn rerolled_state(i: In) -> PResult<StateLine> {
    value(StateLine::Rerolled, kw("rerolled")).parse(i)
}

/// `passed Ann Bob`, `passed none`.
fn passed_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("passed"), ws).parse(i)?;
    let (i, players) = expect(
        "the players who passed, in order, or `none`",
        alt((value(Vec::new(), kw("none")), separated_list1(ws, player))),
    )
    .parse(i)?;
    Ok((i, StateLine::Passed { players }))
}

fn acted_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("acted"), ws).parse(i)?;
    let (i, player) = expect("a player name", player).parse(i)?;
    Ok((i, StateLine::Acted { player }))
}

/// `lost Bob`: a character die of Bob's was knocked out this turn.
fn lost_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("lost"), ws).parse(i)?;
    let (i, player) = expect("a player name", player).parse(i)?;
    Ok((i, StateLine::Lost { player }))
}

fn conceded_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("conceded"), ws).parse(i)?;
    let (i, player) = expect("a player name", player).parse(i)?;
    Ok((i, StateLine::Conceded { player }))
}

/// `tokens CA experience 2`: the tokens of one kind on a card.
fn tokens_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("tokens"), ws).parse(i)?;
    let (i, card) = expect("a card alias", card_ref).parse(i)?;
    let (i, _) = expect("the kind of token, `experience`", ws).parse(i)?;
    let (i, kind) = expect("the kind of token, `experience`", token_kind).parse(i)?;
    let (i, _) = expect("the number of tokens on the card", ws).parse(i)?;
    let (i, count) = expect("the number of tokens on the card", number).parse(i)?;
    Ok((i, StateLine::Tokens { card, kind, count }))
}

fn token_kind(i: In) -> PResult<Spanned<TokenKind>> {
    let (rest, w) = word(i)?;
    match TokenKind::ALL
        .into_iter()
        .find(|k| k.name() == w.node.as_str())
    {
        Some(k) => Ok((rest, Spanned::new(k, w.span))),
        None => fail(
            PErr::expected(i, "the kind of token, `experience`")
                .with_help("the one kind of token is `experience`"),
        ),
    }
}

/// `monster-ko Ann`: the active player knocked out an opposing Monster this turn.
fn monster_ko_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("monster-ko"), ws).parse(i)?;
    let (i, player) = expect("a player name", player).parse(i)?;
    Ok((i, StateLine::MonsterKo { player }))
}

/// `assigned GR:L3 -> Bob.SK:L1=3 Bob.SK:L1=2`.
fn assigned_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("assigned"), ws).parse(i)?;
    let (i, attacker) = expect("the attacker", die_ref).parse(i)?;
    let (i, _) = (
        space0,
        expect("`->` and each blocker's damage", tag("->")),
        space0,
    )
        .parse(i)?;
    let (i, shares) = expect(
        "a blocker and its damage, like `SK:L1=2`",
        separated_list1(sep, damage_share),
    )
    .parse(i)?;
    Ok((
        i,
        StateLine::Assigned {
            attacker: Box::new(attacker),
            shares,
        },
    ))
}

const STAGES: &[&str] = &[
    "none",
    "fast-damaged",
    "fast-knocked-out",
    "fast-player-hit",
    "damaged",
    "knocked-out",
    "player-hit",
    "over",
    "ending",
];

/// `combat none|fast-damaged|fast-knocked-out|fast-player-hit|damaged|knocked-out|player-hit|over|ending`.
fn combat_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("combat"), ws).parse(i)?;
    // Not `word`: `none` is a reserved word, and one of the stages.
    let (rest, w) = expect(
        "how far combat damage has gone",
        map(
            take_while1(|c: char| c.is_alphanumeric() || c == '-'),
            owned,
        ),
    )
    .parse(i)?;
    let stage = match w.node.as_str() {
        "none" => CombatStage::NoAttack,
        "fast-damaged" => CombatStage::FastDamaged,
        "fast-knocked-out" => CombatStage::FastKnockedOut,
        "fast-player-hit" => CombatStage::FastPlayerHit,
        "damaged" => CombatStage::Damaged,
        "knocked-out" => CombatStage::KnockedOut,
        "player-hit" => CombatStage::PlayerHit,
        "over" => CombatStage::Over,
        "ending" => CombatStage::Ending,
        other => {
            return fail(
                PErr::expected(i, "how far combat damage has gone").with_help(
                    did_you_mean(other, STAGES).unwrap_or_else(|| {
                        "write `none`, `damaged`, `knocked-out`, `player-hit` or `over` (with `fast-` for the Fast round)".into()
                    }),
                ),
            );
        }
    };
    Ok((
        rest,
        StateLine::Combat {
            stage: Spanned::new(stage, w.span),
        },
    ))
}

/// `CARD ability N`: one of a card's abilities, from 1.
fn card_ability(i: In) -> PResult<(CardRef, Spanned<u32>)> {
    let (i, card) = expect("the card, by its alias", card_ref).parse(i)?;
    let (i, _) = expect("`ability` and its number", (ws, kw("ability"), ws)).parse(i)?;
    let (i, n) = expect("the ability's number, from 1", number).parse(i)?;
    Ok((i, (card, n)))
}

/// `pending Ann.HK ability 1 die HK:L3 about Bob.SK:L1 batch 2 bursts 1 paid SK x2 taken 3`.
fn pending_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("pending"), ws).parse(i)?;
    let (i, (card, ability)) = card_ability(i)?;
    let (i, die) = opt(preceded((ws, kw("die"), ws), expect("the die", die_ref))).parse(i)?;
    let (i, about) = opt(preceded(
        (ws, kw("about"), ws),
        expect("the die the event was about", die_ref),
    ))
    .parse(i)?;
    let (i, batch) = opt(preceded(
        (ws, kw("batch"), ws),
        expect("the batch's number", number),
    ))
    .parse(i)?;
    let (i, bursts) = opt(preceded(
        (ws, kw("bursts"), ws),
        expect("the number of bursts", number),
    ))
    .parse(i)?;
    let (i, paid) = opt(preceded(
        (ws, kw("paid"), ws),
        expect("the dice that paid", die_list),
    ))
    .parse(i)?;
    let (i, taken) = opt(preceded(
        (ws, kw("taken"), ws),
        expect("the damage its event dealt", number),
    ))
    .parse(i)?;
    Ok((
        i,
        StateLine::Pending(Box::new(PendingTrigger {
            card,
            ability,
            die,
            about,
            batch,
            bursts,
            paid: paid.unwrap_or_default(),
            taken,
        })),
    ))
}

/// `limit Ann.IM ability 1`, `limit Ann.IM ability 1 die IM:L2`, `limit Ann.SC ability 2
/// by Bob`.
fn limit_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("limit"), ws).parse(i)?;
    let (i, (card, ability)) = card_ability(i)?;
    let (i, die) = opt(preceded((ws, kw("die"), ws), expect("the die", die_ref))).parse(i)?;
    let (i, by) = opt(preceded(
        (ws, kw("by"), ws),
        expect("the player who used it", player),
    ))
    .parse(i)?;
    Ok((
        i,
        StateLine::Limit {
            card,
            ability,
            die: die.map(Box::new),
            by,
        },
    ))
}

/// `ignored Bob.PS`, `ignored Bob.PS dice`.
fn ignored_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("ignored"), ws).parse(i)?;
    let (i, card) = expect("the card, by its alias", card_ref).parse(i)?;
    let (i, dice) = opt(preceded(ws, kw("dice"))).parse(i)?;
    Ok((
        i,
        StateLine::Ignored {
            card,
            dice: dice.is_some(),
        },
    ))
}

/// `impulse Ann.BE`.
fn impulse_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("impulse"), ws).parse(i)?;
    let (i, card) = expect("the player and card, like `Ann.BE`", card_ref).parse(i)?;
    Ok((i, StateLine::Impulse { card }))
}

/// `prepped Ann DP SK`, `prepped Ann none`.
fn prepped_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("prepped"), ws).parse(i)?;
    let (i, player) = expect("a player name", player).parse(i)?;
    let (i, _) = expect(
        "the dice that began the turn in the prep area, or `none`",
        ws,
    )
    .parse(i)?;
    let (i, dice) = expect(
        "the dice that began the turn in the prep area, or `none`",
        alt((value(Vec::new(), kw("none")), die_list)),
    )
    .parse(i)?;
    Ok((i, StateLine::Prepped { player, dice }))
}

/// `reactable takes-damage die Bob.IC:L2 answered Ann.HT ability 2 by Ann`,
/// `reactable deals-effect-damage player Ann`.
fn reactable_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("reactable"), ws).parse(i)?;
    let (i, event) = expect("the event, like `takes-damage`", event_name).parse(i)?;
    let (i, _) = expect("what the event is about", ws).parse(i)?;
    let (i, about) = expect(
        "`die` and a die, `player` and a player, or `none`",
        alt((
            map(preceded((kw("die"), ws), expect("the die", die_ref)), |d| {
                EventAbout::Die(Box::new(d))
            }),
            map(
                preceded((kw("player"), ws), expect("a player name", player)),
                EventAbout::Player,
            ),
            value(EventAbout::Nothing, kw("none")),
        )),
    )
    .parse(i)?;
    let (i, answered) = many0(preceded((ws, kw("answered"), ws), answer)).parse(i)?;
    Ok((
        i,
        StateLine::Reactable(Box::new(ReactableEvent {
            event,
            about,
            answered,
        })),
    ))
}

/// `takes-damage`: an event of the ability language, by name (the engine knows the
/// names; the parser only reads the word).
fn event_name(i: In) -> PResult<Spanned<Text>> {
    word(i)
}

/// `Ann.HT ability 2 by Ann`: one answer to a reactable event.
fn answer(i: In) -> PResult<Answer> {
    let (i, (card, ability)) = card_ability(i)?;
    let (i, _) = expect("`by` and the player who answered", (ws, kw("by"), ws)).parse(i)?;
    let (i, by) = expect("a player name", player).parse(i)?;
    Ok((i, Answer { card, ability, by }))
}

/// `held Bob.SM ability 1 ko Bob.SM:L1 damage Bob.SM:L1=2`.
fn held_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("held"), ws).parse(i)?;
    let (i, (card, ability)) = card_ability(i)?;
    let (i, ops) = many0(preceded(ws, held_op)).parse(i)?;
    Ok((i, StateLine::Held { card, ability, ops }))
}

/// `cost-cut Ann.TH ability 2 by Ann less 2`: a purchase-cost reduction under way, made
/// by that ability's `reduce-cost` for the player who used it.
fn cost_cut_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("cost-cut"), ws).parse(i)?;
    let (i, (card, ability)) = card_ability(i)?;
    let (i, _) = expect("`by` and the player it lowers", (ws, kw("by"), ws)).parse(i)?;
    let (i, by) = expect("a player name", player).parse(i)?;
    let (i, _) = expect("`less` and the amount", (ws, kw("less"), ws)).parse(i)?;
    let (i, amount) = expect("the amount", number).parse(i)?;
    Ok((
        i,
        StateLine::CostCut {
            card,
            ability,
            by,
            amount,
        },
    ))
}

fn held_op(i: In) -> PResult<HeldOp> {
    match token(i.fragment()) {
        "ko" => map(
            preceded((kw("ko"), ws), expect("the die", die_ref)),
            |die| HeldOp::Ko { die },
        )
        .parse(i),
        "damage" => {
            let (i, _) = (kw("damage"), ws).parse(i)?;
            let (i, die) = expect("the die", die_ref).parse(i)?;
            let (i, _) = expect("`=` and the damage", char('=')).parse(i)?;
            let (i, amount) = expect("the damage", number).parse(i)?;
            Ok((i, HeldOp::Damage { die, amount }))
        }
        "boost" => {
            let (i, _) = (kw("boost"), ws).parse(i)?;
            let (i, die) = expect("the die", die_ref).parse(i)?;
            let (i, modifiers) = many1(preceded(ws, spanned(effect_modifier))).parse(i)?;
            Ok((i, HeldOp::Boost { die, modifiers }))
        }
        "combat-ko" => map(
            preceded((kw("combat-ko"), ws), expect("the die", die_ref)),
            |die| HeldOp::CombatKo { die },
        )
        .parse(i),
        "suit-up" => map(
            preceded((kw("suit-up"), ws), expect("the bought die", die_ref)),
            |die| HeldOp::SuitUp { die },
        )
        .parse(i),
        "gain" => {
            let (i, _) = (kw("gain"), ws).parse(i)?;
            let (i, player) = expect("the player", player).parse(i)?;
            let (i, _) = expect("`=` and the life gained", char('=')).parse(i)?;
            let (i, amount) = expect("the life gained", number).parse(i)?;
            Ok((i, HeldOp::Gain { player, amount }))
        }
        "spin" => {
            let (i, _) = (kw("spin"), ws).parse(i)?;
            let (i, die) = expect("the die", die_ref).parse(i)?;
            let (i, _) = expect("the level it spins to, like `L2`", (ws, char('L'))).parse(i)?;
            let (i, level) = expect("the level it spins to, like `L2`", number).parse(i)?;
            Ok((i, HeldOp::Spin { die, level }))
        }
        _ => Err(nom::Err::Error(PErr::backtrack(i))),
    }
}

fn life_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("life"), ws).parse(i)?;
    let (i, player) = expect("a player name", player).parse(i)?;
    let (i, _) = expect("the player's life", ws).parse(i)?;
    let (i, life) = expect("the player's life", number).parse(i)?;
    Ok((i, StateLine::Life { player, life }))
}

fn zone_state(i: In) -> PResult<StateLine> {
    let (i, zone) = state_zone(i)?;
    let (i, _) = expect("a player name", ws).parse(i)?;
    let (i, player) = expect("a player name", player).parse(i)?;
    let (i, _) = expect("the dice in the zone, or `none`", ws).parse(i)?;
    let (i, dice) = expect(
        "the dice in the zone, or `none`",
        alt((value(Vec::new(), kw("none")), die_list)),
    )
    .parse(i)?;
    Ok((i, StateLine::Zone { zone, player, dice }))
}

/// A zone a state line lists: a zone, or `aside` (dice set aside until a capture or a
/// removal ends), which no `to` clause may name.
fn state_zone(i: In) -> PResult<Spanned<Zone>> {
    if token(i.fragment()) == "aside" {
        let (rest, w) = word(i)?;
        return Ok((rest, Spanned::new(Zone::Aside, w.span)));
    }
    zone(i)
}

fn zone(i: In) -> PResult<Spanned<Zone>> {
    let (rest, w) = expect("a zone", word).parse(i)?;
    let zone = match w.node.as_str() {
        "bag" => Zone::Bag,
        "prep" => Zone::Prep,
        "reserve" => Zone::Reserve,
        "field" => Zone::Field,
        "used" => Zone::Used,
        "oop" => Zone::Oop,
        other => {
            return fail(PErr::expected(i, "a zone").with_help(
                did_you_mean(other, ZONES).unwrap_or_else(|| {
                    "zones are `bag`, `prep`, `reserve`, `field`, `used` and `oop` (out of play)"
                        .into()
                }),
            ));
        }
    };
    Ok((rest, Spanned::new(zone, w.span)))
}

fn supply_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("supply"), ws).parse(i)?;
    let (i, card) = expect("a card alias", card_ref).parse(i)?;
    let (i, _) = expect("the number of dice left on the card", ws).parse(i)?;
    let (i, count) = expect("the number of dice left on the card", number).parse(i)?;
    Ok((i, StateLine::Supply { card, count }))
}

fn virtual_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("virtual"), ws).parse(i)?;
    let (i, player) = expect("a player name", player).parse(i)?;
    let (i, _) = expect("an amount of virtual energy", ws).parse(i)?;
    let (i, amount) = expect("an amount of virtual energy", number).parse(i)?;
    Ok((i, StateLine::Virtual { player, amount }))
}

fn priority_state(i: In) -> PResult<StateLine> {
    let (i, _) = (kw("priority"), ws).parse(i)?;
    let (i, player) = expect("a player name", player).parse(i)?;
    Ok((i, StateLine::Priority { player }))
}

// ---------------------------------------------------------------- waivers

fn waiver_line(i: In) -> PResult<Statement> {
    let (i, _) = (kw("waive"), ws).parse(i)?;
    let (i, code) = expect("a diagnostic code such as `dmlint::rules::…`", code).parse(i)?;
    let (i, _) = expect("the reason for the waiver, in quotes", ws).parse(i)?;
    let (i, reason) = expect("the reason for the waiver, in quotes", quoted)
        .parse(i)
        .map_err(|e| {
            e.map(|e| {
                e.with_help(
                    "a waiver records why, in quotes after the code: \
                     `waive dmlint::rules::second-reroll \"judge ruled it stands\"`",
                )
            })
        })?;
    Ok((i, Statement::Waiver { code, reason }))
}

fn code(i: In) -> PResult<Spanned<Text>> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || matches!(c, ':' | '-' | '_'))
        .parse(i)
        .map(|(r, s)| (r, owned(s)))
}

// ------------------------------------------------------------ annotations

/// The state keywords an expectation may start with.
const STATE_WORDS: &[&str] = &[
    "life",
    "bag",
    "prep",
    "reserve",
    "field",
    "used",
    "aside",
    "oop",
    "supply",
    "virtual",
    "priority",
    "turn",
    "drawn",
    "fielded",
    "rerolled",
    "passed",
    "acted",
    "lost",
    "impulse",
    "prepped",
    "assigned",
    "combat",
    "pending",
    "limit",
    "ignored",
    "reactable",
    "held",
    "cost-cut",
    "conceded",
    "tokens",
    "monster-ko",
];

/// Parses the text of a `#~` annotation (without the `#~`) at absolute offset `at`.
pub(crate) fn parse_annotation(text: &str, at: usize) -> Result<Annotation, Box<SyntaxError>> {
    whole(
        text,
        at,
        annotation,
        "separate expectations with `;`: `#~ ok; life Ann 8`",
        || None,
    )
}

fn annotation(i: In) -> PResult<Annotation> {
    let (i, _) = space0(i)?;
    alt((fixture_meta, map(expectations, Annotation::Expectations))).parse(i)
}

fn fixture_meta(i: In) -> PResult<Annotation> {
    let (rest, key) = spanned(alt((
        value(MetaKey::Source, tag("source")),
        value(MetaKey::Summary, tag("summary")),
        value(MetaKey::Pending, tag("pending")),
        value(MetaKey::Cards, tag("cards")),
    )))
    .parse(i)?;
    let (rest, _) = (char(':'), space0).parse(rest)?;
    let (rest, value) = expect("text after the colon", text).parse(rest)?;
    Ok((rest, Annotation::Meta { key, value }))
}

fn expectations(i: In) -> PResult<Vec<Spanned<Expectation>>> {
    separated_list1((space0, char(';'), space0), spanned(expectation)).parse(i)
}

fn expectation(i: In) -> PResult<Expectation> {
    // The first word, which a `;` may end as well as a blank.
    let w = i
        .fragment()
        .split([' ', '\t', ';', ','])
        .next()
        .unwrap_or("");
    if w == "ok" {
        return value(Expectation::Ok, kw("ok")).parse(i);
    }
    if STATE_WORDS.contains(&w) {
        let state = if w == "turn" {
            position_turn
        } else {
            state_line
        };
        return map(state, Expectation::State).parse(i);
    }
    let (rest, codes) = separated_list1(space1, code).parse(i)?;
    // Every code starts with `dmlint::`: anything else is a mistyped keyword or code.
    if let Some(bad) = codes.iter().find(|c| !c.node.starts_with("dmlint::")) {
        let mut words = vec!["ok"];
        words.extend(STATE_WORDS);
        let help = did_you_mean(&bad.node, &words).unwrap_or_else(|| {
            "an expectation is `ok`, a code such as `dmlint::rules::sold-out`, or a state \
             line such as `life Ann 8`"
                .into()
        });
        let at = In::new(&bad.node, bad.span.start);
        return fail(PErr::expected(at, "`ok`, a diagnostic code or a state line").with_help(help));
    }
    Ok((rest, Expectation::Codes(codes)))
}

// ------------------------------------------------------------------ turns

fn turn_line(i: In) -> PResult<(Spanned<u32>, Spanned<Text>)> {
    let (i, _) = (kw("turn"), ws).parse(i)?;
    let (i, n) = expect("the turn's number", number).parse(i)?;
    let (i, _) = expect("the active player's name", ws).parse(i)?;
    let (i, p) = expect("the active player's name", player).parse(i)?;
    Ok((i, (n, p)))
}

// ------------------------------------------------------------------ moves

fn move_line(i: In) -> PResult<Statement> {
    let (i, actor) = opt(actor).parse(i)?;
    let (i, action) = r#move(i)?;
    Ok((
        i,
        Statement::Move {
            actor,
            action: Box::new(action),
        },
    ))
}

fn actor(i: In) -> PResult<Spanned<Text>> {
    terminated(player, (char(':'), ws)).parse(i)
}

fn r#move(i: In) -> PResult<Move> {
    match token(i.fragment()) {
        "draw" => draw_move(i),
        "refill" => value(Move::Refill, refill_move).parse(i),
        "roll" => roll_move(i),
        "reroll" => reroll_move(i),
        "buy" => buy_move(i),
        "field" => field_move(i),
        "use" => use_move(i),
        "global" => global_move(i),
        "activate" => activate_move(i),
        "resolve" => resolve_move(i),
        "pass" => value(Move::Pass, pass_move).parse(i),
        "attack" => attack_move(i),
        "block" => block_move(i),
        "assign" => assign_move(i),
        "damage" => value(Move::Damage, damage_move).parse(i),
        "concede" => value(Move::Concede, concede_move).parse(i),
        other => {
            let mut e = PErr::expected(i, "a move");
            e.d().code = SyntaxCode::UnknownKeyword;
            e.d().message = format!("unknown move `{other}`");
            e.d().help = Some(did_you_mean(other, MOVE_KEYWORDS).unwrap_or_else(|| {
                format!(
                    "moves are {}",
                    MOVE_KEYWORDS
                        .iter()
                        .map(|m| format!("`{m}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }));
            fail(e)
        }
    }
}

fn draw_move(i: In) -> PResult<Move> {
    let (i, _) = (kw("draw"), ws).parse(i)?;
    let (i, dice) = expect("the dice drawn, like `SK x4`", die_list).parse(i)?;
    let (i, to) = opt(preceded(ws, to_clause)).parse(i)?;
    Ok((i, Move::Draw { dice, to }))
}

/// `damage`: the action window is over and combat damage is dealt now (before 2018,
/// where passes are optional, this is how a log says so).
fn damage_move(i: In) -> PResult<In> {
    kw("damage").parse(i)
}

fn refill_move(i: In) -> PResult<In> {
    kw("refill").parse(i)
}

fn roll_move(i: In) -> PResult<Move> {
    let (i, _) = (kw("roll"), ws).parse(i)?;
    let (i, dice) =
        expect("the dice rolled with their faces, like `SK:fist`", die_list).parse(i)?;
    Ok((i, Move::Roll { dice }))
}

fn reroll_move(i: In) -> PResult<Move> {
    let (i, _) = (kw("reroll"), ws).parse(i)?;
    let (i, dice) = expect(
        "a die and its new face, like `SK:L1->bolt`",
        separated_list1(sep, reroll_item),
    )
    .parse(i)?;
    Ok((i, Move::Reroll { dice }))
}

fn reroll_item(i: In) -> PResult<RerollItem> {
    let (i, die) = die_ref(i)?;
    let (i, _) = (
        space0,
        expect("`->` and the face the die came up with", tag("->")),
        space0,
    )
        .parse(i)?;
    let (i, result) = expect("the new face, like `bolt` or `L2`", face).parse(i)?;
    Ok((i, RerollItem { die, result }))
}

fn buy_move(i: In) -> PResult<Move> {
    let (i, _) = (kw("buy"), ws).parse(i)?;
    let (i, cards) = expect(
        "the card bought, by its alias",
        separated_list1(sep, purchase),
    )
    .parse(i)?;
    const PAY: &str = "`pay` and the payment after the cards bought";
    let help = |e: nom::Err<PErr>| {
        e.map(|e| {
            e.with_help(
                "a purchase names its exact payment: `buy CA pay SK:fist SK:shield SK:bolt x2`",
            )
        })
    };
    let (i, _) = expect(PAY, ws).parse(i).map_err(help)?;
    let (i, payment) = expect(PAY, pay_clause).parse(i).map_err(help)?;
    Ok((i, Move::Buy { cards, payment }))
}

fn purchase(i: In) -> PResult<Purchase> {
    let (i, card) = card_ref(i)?;
    // `SK:fist` is a die, not a card: the list of cards bought has ended.
    if i.fragment().starts_with(':') {
        return Err(nom::Err::Error(PErr::backtrack(i)));
    }
    let (i, count) = opt(preceded(ws, count_suffix)).parse(i)?;
    Ok((i, Purchase { card, count }))
}

fn field_move(i: In) -> PResult<Move> {
    let (i, _) = (kw("field"), ws).parse(i)?;
    let (i, dice) = expect(
        "the fielded die with its face, like `SK:L1`",
        separated_list1(sep, rolled_item),
    )
    .parse(i)?;
    let (i, payment) = opt(preceded(ws, pay_clause)).parse(i)?;
    Ok((i, Move::Field { dice, payment }))
}

fn rolled_item(i: In) -> PResult<DieItem> {
    let (rest, item) = die_item(i)?;
    if item.die.face.is_none() {
        let at = In::new(&i.fragment()[item.die.span.len()..], item.die.span.end);
        return fail(
            PErr::expected(at, "`:` and the die's face").with_help(format!(
                "a fielded die shows a character face: `{}:L1`",
                item.die.alias.node
            )),
        );
    }
    Ok((rest, item))
}

/// `KEYWORD ws subject { ws clause }`: the shape of every move that uses an ability.
fn with_clauses<'a, S>(
    keyword: &'static str,
    what: &'static str,
    subject: impl Parser<In<'a>, Output = S, Error = PErr>,
) -> impl FnMut(In<'a>) -> PResult<'a, (S, Vec<Clause>)> {
    let mut subject = expect(what, subject);
    move |i: In<'a>| {
        let (i, _) = (kw(keyword), ws).parse(i)?;
        let (i, s) = subject(i)?;
        let (i, clauses) = clauses(i)?;
        Ok((i, (s, clauses)))
    }
}

fn use_move(i: In) -> PResult<Move> {
    map(
        with_clauses("use", "the action die used, like `FB:act`", die_ref),
        |(die, clauses)| Move::Use { die, clauses },
    )
    .parse(i)
}

fn global_move(i: In) -> PResult<Move> {
    map(
        with_clauses("global", "the card whose global ability is used", card_ref),
        |(card, clauses)| Move::Global { card, clauses },
    )
    .parse(i)
}

fn activate_move(i: In) -> PResult<Move> {
    map(
        with_clauses("activate", "the die whose ability is activated", die_ref),
        |(die, clauses)| Move::Activate { die, clauses },
    )
    .parse(i)
}

fn resolve_move(i: In) -> PResult<Move> {
    map(
        with_clauses(
            "resolve",
            "the die whose triggered ability resolves",
            die_ref,
        ),
        |(die, clauses)| Move::Resolve { die, clauses },
    )
    .parse(i)
}

fn pass_move(i: In) -> PResult<In> {
    kw("pass").parse(i)
}

fn attack_move(i: In) -> PResult<Move> {
    let (i, _) = (kw("attack"), ws).parse(i)?;
    let (i, dice) = expect(
        "the attackers, or `none`",
        alt((value(Vec::new(), kw("none")), die_list)),
    )
    .parse(i)?;
    Ok((i, Move::Attack { dice }))
}

fn block_move(i: In) -> PResult<Move> {
    let (i, _) = (kw("block"), ws).parse(i)?;
    let (i, pairs) = expect(
        "blocker -> attacker pairs, or `none`",
        alt((
            value(Vec::new(), kw("none")),
            separated_list1(sep, block_pair),
        )),
    )
    .parse(i)?;
    Ok((i, Move::Block { pairs }))
}

fn block_pair(i: In) -> PResult<BlockPair> {
    let (i, blocker) = die_ref(i)?;
    let (i, _) = (
        space0,
        expect("`->` and the attacker blocked", tag("->")),
        space0,
    )
        .parse(i)?;
    let (i, attacker) = expect("the attacker blocked", die_ref).parse(i)?;
    Ok((i, BlockPair { blocker, attacker }))
}

fn assign_move(i: In) -> PResult<Move> {
    let (i, _) = (kw("assign"), ws).parse(i)?;
    let (i, attacker) = expect("the attacker assigning damage", die_ref).parse(i)?;
    let (i, _) = (
        space0,
        expect("`->` and the damage to each blocker", tag("->")),
        space0,
    )
        .parse(i)?;
    let (i, shares) = expect(
        "a blocker and its damage, like `SK:L1=2`",
        separated_list1(sep, damage_share),
    )
    .parse(i)?;
    Ok((i, Move::Assign { attacker, shares }))
}

fn damage_share(i: In) -> PResult<DamageShare> {
    let (i, blocker) = die_ref(i)?;
    let (i, _) = expect("`=` and the damage assigned", char('=')).parse(i)?;
    let (i, amount) = expect("the damage assigned", number).parse(i)?;
    Ok((i, DamageShare { blocker, amount }))
}

fn concede_move(i: In) -> PResult<In> {
    kw("concede").parse(i)
}

// ---------------------------------------------------------------- clauses

/// Zero or more clauses after a move's subject; anything else left on the line is an
/// error that names the clauses allowed.
fn clauses(i: In) -> PResult<Vec<Clause>> {
    let (rest, list) = many0(preceded(ws, clause)).parse(i)?;
    let (after_ws, _) = space0(rest)?;
    if after_ws.fragment().is_empty() {
        return Ok((rest, list));
    }
    let tok = token(after_ws.fragment());
    fail(PErr::expected(after_ws, "a clause").with_help(
        did_you_mean(tok, CLAUSE_KEYWORDS).unwrap_or_else(|| {
            "clauses are `pay`, `target`, `choose`, `order`, `may`, `roll`, `draw`, \
             `prevent`, `redirect` and `to`"
                .into()
        }),
    ))
}

fn clause(i: In) -> PResult<Clause> {
    let w = token(i.fragment());
    match w {
        "pay" => map(pay_clause, Clause::Pay).parse(i),
        "target" => target_clause(i),
        "choose" => choose_clause(i),
        "order" => order_clause(i),
        "may" => may_clause(i),
        "roll" => roll_clause(i),
        "draw" => draw_clause(i),
        "prevent" => prevent_clause(i),
        "redirect" => redirect_clause(i),
        "to" => map(to_clause, |zone| Clause::To { zone }).parse(i),
        _ => Err(nom::Err::Error(PErr::backtrack(i))),
    }
}

fn pay_clause(i: In) -> PResult<Payment> {
    let (rest, _) = (kw("pay"), ws).parse(i)?;
    let (rest, items) = expect(
        "what is paid, like `SK:fist`, `virtual 1`, `SK:L1` or `2 life`",
        separated_list1(sep, payment_item),
    )
    .parse(rest)?;
    Ok((
        rest,
        Payment {
            items,
            span: span(&i, &rest),
        },
    ))
}

fn payment_item(i: In) -> PResult<PaymentItem> {
    // A number first is life paid (`2 life`): no die reference starts with a digit.
    if i.fragment().starts_with(|c: char| c.is_ascii_digit()) {
        let (rest, amount) = number(i)?;
        let (rest, _) = preceded(
            expect("`life` after the amount", ws),
            expect("`life` after the amount", kw("life")),
        )
        .parse(rest)?;
        return Ok((rest, PaymentItem::Life { amount }));
    }
    if let Ok((rest, _)) = kw("virtual").parse(i) {
        let (rest, amount) = preceded(
            expect("the amount of virtual energy", ws),
            expect("the amount of virtual energy", number),
        )
        .parse(rest)?;
        return Ok((rest, PaymentItem::Virtual { amount }));
    }
    let (i, die) = die_ref(i)?;
    let (i, spun_to) = opt(preceded(
        (space0, tag("->"), space0),
        expect("the face the die is spun down to", face),
    ))
    .parse(i)?;
    let (i, count) = opt(preceded(ws, count_suffix)).parse(i)?;
    Ok((
        i,
        PaymentItem::Die {
            die,
            spun_to,
            count,
        },
    ))
}

/// `KEYWORD ws item { sep item }`: the items of a list clause and the clause's span.
fn listed<'a, O>(
    keyword: &'static str,
    what: &'static str,
    item: impl Parser<In<'a>, Output = O, Error = PErr>,
) -> impl FnMut(In<'a>) -> PResult<'a, (Vec<O>, Span)> {
    let mut list = expect(what, separated_list1(sep, item));
    move |i: In<'a>| {
        let (rest, _) = (kw(keyword), ws).parse(i)?;
        let (rest, items) = list(rest)?;
        Ok((rest, (items, span(&i, &rest))))
    }
}

fn target_clause(i: In) -> PResult<Clause> {
    map(listed("target", "a target", die_ref), |(targets, span)| {
        Clause::Target { targets, span }
    })
    .parse(i)
}

fn choose_clause(i: In) -> PResult<Clause> {
    map(listed("choose", "a choice", word), |(words, span)| {
        Clause::Choose { words, span }
    })
    .parse(i)
}

fn order_clause(i: In) -> PResult<Clause> {
    map(
        listed("order", "the dice in order", die_ref),
        |(dice, span)| Clause::Order { dice, span },
    )
    .parse(i)
}

fn may_clause(i: In) -> PResult<Clause> {
    let (rest, _) = (kw("may"), ws).parse(i)?;
    let (rest, yes) = expect(
        "`yes` or `no`",
        spanned(alt((value(true, kw("yes")), value(false, kw("no"))))),
    )
    .parse(rest)?;
    Ok((rest, Clause::May { yes }))
}

fn roll_clause(i: In) -> PResult<Clause> {
    map(
        listed("roll", "the dice rolled with their faces", die_item),
        |(dice, span)| Clause::Roll { dice, span },
    )
    .parse(i)
}

fn draw_clause(i: In) -> PResult<Clause> {
    map(
        listed("draw", "the dice drawn", die_item),
        |(dice, span)| Clause::Draw { dice, span },
    )
    .parse(i)
}

fn prevent_clause(i: In) -> PResult<Clause> {
    let (rest, _) = (kw("prevent"), ws).parse(i)?;
    let (rest, amount) = expect("the damage prevented", number).parse(rest)?;
    Ok((rest, Clause::Prevent { amount }))
}

fn redirect_clause(i: In) -> PResult<Clause> {
    let (rest, _) = (kw("redirect"), ws).parse(i)?;
    let (rest, target) = expect("where the damage is redirected", die_ref).parse(rest)?;
    Ok((rest, Clause::Redirect { target }))
}

fn to_clause(i: In) -> PResult<Spanned<Zone>> {
    preceded((kw("to"), ws), zone).parse(i)
}

// ------------------------------------------------------------------- dice

fn die_list(i: In) -> PResult<Vec<DieItem>> {
    separated_list1(sep, die_item).parse(i)
}

fn die_item(i: In) -> PResult<DieItem> {
    let (rest, die) = die_ref(i)?;
    let (rest, count) = opt(preceded(ws, count_suffix)).parse(rest)?;
    Ok((
        rest,
        DieItem {
            die,
            count,
            span: span(&i, &rest),
        },
    ))
}

/// A die named, with the state it is in when the brackets say it.
fn die_ref(i: In) -> PResult<DieRef> {
    let (rest, mut die) = die_name(i)?;
    let (rest, modifiers) = opt(modifiers).parse(rest)?;
    if let Some(m) = modifiers {
        die.modifiers = m;
        die.span = span(&i, &rest);
    }
    Ok((rest, die))
}

/// `[ player "." ] alias [ ":" face ] [ "#" number ]`: a die named without its state.
fn die_name(i: In) -> PResult<DieRef> {
    let (rest, (player, alias)) = owned_alias(i)?;
    let (rest, face) = match rest.fragment().strip_prefix(':') {
        None => (rest, None),
        Some(_) => {
            let (after_colon, _) = rest.take_split(1);
            match face(after_colon) {
                Ok((rest, f)) => (rest, Some(f)),
                Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
                    return fail(face_help(e, &alias.node, after_colon));
                }
                Err(e) => return Err(e),
            }
        }
    };
    let (rest, ordinal) = opt(preceded(
        char('#'),
        expect("the die's number, like `#2`", number),
    ))
    .parse(rest)?;
    Ok((
        rest,
        DieRef {
            player,
            alias,
            face,
            ordinal,
            modifiers: Vec::new(),
            span: span(&i, &rest),
        },
    ))
}

/// The help of a bad face names the alias, as in "expected a face … after `CA:`".
fn face_help(mut e: PErr, alias: &str, at: In) -> PErr {
    let hint = format!("expected a face like `fist`, `L2` or `**` after `{alias}:`");
    e.d().help = Some(match suggest(token(at.fragment()), FACE_EXAMPLES) {
        Some(s) => format!("{hint}; did you mean `{s}`?"),
        None => hint,
    });
    e
}

fn card_ref(i: In) -> PResult<CardRef> {
    let (rest, (player, alias)) = owned_alias(i)?;
    Ok((
        rest,
        CardRef {
            player,
            alias,
            span: span(&i, &rest),
        },
    ))
}

/// `[ player "." ] alias`, the start of [`die_ref`] and [`card_ref`], reading the first
/// name once whichever it turns out to be.
fn owned_alias(i: In) -> PResult<(PlayerName, Spanned<Text>)> {
    let (rest, first) = alias(i)?;
    match rest.fragment().strip_prefix('.') {
        Some(after) if after.starts_with(char::is_alphabetic) => {
            let (rest, second) = alias(rest.take_split(1).0)?;
            Ok((rest, (Some(Box::new(first)), second)))
        }
        _ => Ok((rest, (None, first))),
    }
}

fn modifiers(i: In) -> PResult<Vec<Spanned<Modifier>>> {
    let (i, _) = char('[').parse(i)?;
    let (i, list) = expect(
        "a state such as `dmg=1`, `attacking`, `blocking=CA:L3`, `blocked`, `spent`, `+1A`, `-1D`, `double-attack`, `double-defense`, `no-damage`, `must-attack`, `cant-attack`, `cant-block`, `must-block`, `must-block=CA:L3`, `double-damage-to-blockers`, `excess-to-player` or `iron-will-spared=2`",
        separated_list1((space0, char(','), space0), spanned(modifier)),
    )
    .parse(i)?;
    let (i, _) = expect("`]`", char(']')).parse(i)?;
    Ok((i, list))
}

fn modifier(i: In) -> PResult<Modifier> {
    alt((
        map(
            preceded(
                tag("dmg="),
                expect("the damage", number_in(0, MAX_AMOUNT, "damage")),
            ),
            |n| Modifier::Damage(n.node),
        ),
        value(Modifier::Attacking, kw("attacking")),
        map(
            preceded(tag("blocking="), expect("the attacker blocked", die_name)),
            Modifier::Blocking,
        ),
        map(
            preceded(tag("paired="), expect("its partner", die_name)),
            Modifier::Paired,
        ),
        map(
            preceded(
                tag("called-out="),
                expect("the die it targeted with Call Out", die_name),
            ),
            Modifier::CalledOut,
        ),
        map(
            preceded(
                tag("captured-by="),
                expect("the die that captured it", die_name),
            ),
            Modifier::CapturedBy,
        ),
        value(Modifier::Blocked, kw("blocked")),
        value(Modifier::Spent, kw("spent")),
        effect_modifier,
    ))
    .parse(i)
}

/// An applied or persistent effect on a die: `+1A`, `-2D`, `double-attack`,
/// `double-defense`, `no-damage`,
/// `must-attack`, `cant-attack`, `cant-block`, `unblockable`, `defense-is-attack`, `deadly-ko`, `attack-damaged`, `has-blocked`, `must-block`, `must-block=Ann.SM:L1`,
/// `double-damage-to-blockers`, `excess-to-player`, `iron-will-spared=D`, `+overcrush`,
/// `villain`, `copy=Bob.GR`.
fn effect_modifier(i: In) -> PResult<Modifier> {
    alt((
        value(Modifier::DoubleAttack, kw("double-attack")),
        value(Modifier::DoubleDefense, kw("double-defense")),
        value(Modifier::NoDamage, kw("no-damage")),
        value(Modifier::MustAttack, kw("must-attack")),
        value(Modifier::CantAttack, kw("cant-attack")),
        value(Modifier::CantBlock, kw("cant-block")),
        value(Modifier::Unblockable, kw("unblockable")),
        value(Modifier::DefenseIsAttack, kw("defense-is-attack")),
        value(Modifier::DeadlyKo, kw("deadly-ko")),
        value(Modifier::AttackDamaged, kw("attack-damaged")),
        value(Modifier::HasBlocked, kw("has-blocked")),
        value(Modifier::Fielded, kw("fielded")),
        map(
            preceded(
                tag("must-block="),
                expect("the attacker it must block", die_name),
            ),
            |d| Modifier::MustBlock(Some(d)),
        ),
        value(Modifier::MustBlock(None), kw("must-block")),
        value(
            Modifier::DoubleDamageToBlockers,
            kw("double-damage-to-blockers"),
        ),
        value(Modifier::ExcessToPlayer, kw("excess-to-player")),
        value(Modifier::Villain, kw("villain")),
        map(
            preceded(tag("copy="), expect("the card it copies", card_ref)),
            Modifier::Copy,
        ),
        map(
            preceded(
                tag("iron-will-spared="),
                expect("its defense then", number_in(0, MAX_AMOUNT, "defense")),
            ),
            |n| Modifier::IronWillSpared(n.node),
        ),
        granted_modifier,
        stat_modifier,
    ))
    .parse(i)
}

/// `+overcrush`: a keyword an effect gave the die for the turn.
fn granted_modifier(i: In) -> PResult<Modifier> {
    let (rest, _) = char('+').parse(i)?;
    for k in Granted::ALL {
        if let Ok((rest, _)) = kw(k.name()).parse(rest) {
            return Ok((rest, Modifier::Has(k)));
        }
    }
    Err(nom::Err::Error(PErr::backtrack(i)))
}

/// `+1A`, `-2D`: an applied stat modifier.
fn stat_modifier(i: In) -> PResult<Modifier> {
    let (rest, sign) = alt((value(1i32, char('+')), value(-1i32, char('-')))).parse(i)?;
    // Not `number`: the digits are glued to their stat letter.
    let (rest, digits) = digit1(rest)?;
    let Some(n) = digits
        .fragment()
        .parse::<i32>()
        .ok()
        .filter(|_| digits.fragment().len() <= 6)
    else {
        return Err(nom::Err::Error(PErr::backtrack(i)));
    };
    let amount = sign * n;
    alt((
        value(Modifier::Attack(amount), char('A')),
        value(Modifier::Defense(amount), char('D')),
    ))
    .parse(rest)
}

/// Faces are read as one token, then the token is classified by the plain functions
/// below (one per production), so that an unknown face is reported whole (`fst`), not
/// from the middle, and the commonest token of a log costs one scan.
fn face(i: In) -> PResult<Spanned<Face>> {
    let tok = *i.fragment();
    let len = tok
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'+' || *b == b'*')
        .count();
    if len == 0 {
        return Err(nom::Err::Error(PErr::backtrack(i)));
    }
    let tok = &tok[..len];
    let (rest, _) = i.take_split(len);
    match face_text(tok) {
        Some(f) => Ok((rest, Spanned::new(f, span(&i, &rest)))),
        None => {
            let mut e = PErr::unexpected(i).with_code(SyntaxCode::InvalidFace);
            e.d().end = Some(pos(&rest));
            e.d().message = format!("`{tok}` is not a die face");
            e.d().label = "unknown face".into();
            fail(e)
        }
    }
}

/// A face token on its own, as card files write die faces too.
pub(crate) fn face_text(tok: &str) -> Option<Face> {
    level_face(tok)
        .or_else(|| action_face(tok))
        .or_else(|| energy_face(tok))
}

/// `L2`, `L1*`
fn level_face(tok: &str) -> Option<Face> {
    let rest = tok.strip_prefix('L')?;
    let level = rest.bytes().next().filter(|d| (b'1'..=b'9').contains(d))? - b'0';
    Some(Face::Level {
        level,
        bursts: bursts(&rest[1..])?,
    })
}

/// `act`, `*`, `**`
fn action_face(tok: &str) -> Option<Face> {
    if tok == "act" {
        return Some(Face::Action { bursts: 0 });
    }
    match bursts(tok)? {
        0 => None,
        n => Some(Face::Action { bursts: n }),
    }
}

/// The burst marks ending a face: none, `*` or `**`.
fn bursts(tok: &str) -> Option<u8> {
    match tok {
        "" => Some(0),
        "*" => Some(1),
        "**" => Some(2),
        _ => None,
    }
}

/// `2fist`, `fist+bolt*`, `2gen`
fn energy_face(tok: &str) -> Option<Face> {
    let body = tok.trim_end_matches('*');
    let bursts = bursts(&tok[body.len()..])?;
    let mut parts = EnergyParts::from_slice(&[])?;
    for term in body.split('+') {
        parts.push(energy_term(term)?)?;
    }
    Some(Face::Energy { parts, bursts })
}

/// `fist`, `2shield`
fn energy_term(tok: &str) -> Option<EnergyPart> {
    let (count, symbol) = match tok.bytes().next()? {
        d @ b'1'..=b'9' => (d - b'0', &tok[1..]),
        _ => (1, tok),
    };
    Some(EnergyPart {
        count,
        symbol: energy_symbol(symbol)?,
    })
}

fn energy_symbol(tok: &str) -> Option<Energy> {
    Some(match tok {
        "fist" => Energy::Fist,
        "bolt" => Energy::Bolt,
        "mask" => Energy::Mask,
        "shield" => Energy::Shield,
        "wild" => Energy::Wild,
        "gen" => Energy::Generic,
        _ => return None,
    })
}

// ---------------------------------------------------------------- lexical

fn player(i: In) -> PResult<Spanned<Text>> {
    let (rest, w) = ident(i)?;
    if is_reserved(w.fragment()) {
        return Err(nom::Err::Error(PErr::backtrack(i)));
    }
    Ok((rest, owned(w)))
}

fn alias(i: In) -> PResult<Spanned<Text>> {
    player(i)
}

/// Words that end lists and start clauses: never aliases or player names.
fn is_reserved(w: &str) -> bool {
    // A `match` on the words, not a scan of RESERVED: this runs for every name.
    matches!(
        w,
        "none"
            | "virtual"
            | "pay"
            | "target"
            | "choose"
            | "order"
            | "may"
            | "roll"
            | "draw"
            | "prevent"
            | "redirect"
            | "to"
            | "yes"
            | "no"
    ) || (w.starts_with('x') && is_count(w))
}

/// `letter { letter | digit | "_" | "-" (letter | digit) }`, scanned by hand over bytes:
/// it runs for nearly every token. ASCII is decided byte by byte; anything else is
/// decoded and asked of Unicode, so `José` is a name too.
fn ident(i: In) -> PResult<In> {
    let s = *i.fragment();
    let bytes = s.as_bytes();
    // The length of the letter or digit at `at`, if there is one there.
    let alnum_at = |at: usize, letter_only: bool| -> Option<usize> {
        let b = *bytes.get(at)?;
        if b.is_ascii() {
            let ok = if letter_only {
                b.is_ascii_alphabetic()
            } else {
                b.is_ascii_alphanumeric()
            };
            return ok.then_some(1);
        }
        let c = s[at..].chars().next()?;
        let ok = if letter_only {
            c.is_alphabetic()
        } else {
            c.is_alphanumeric()
        };
        ok.then(|| c.len_utf8())
    };
    let Some(mut end) = alnum_at(0, true) else {
        return Err(nom::Err::Error(PErr::backtrack(i)));
    };
    loop {
        if let Some(n) = alnum_at(end, false) {
            end += n;
        } else if bytes.get(end) == Some(&b'_')
            || (bytes.get(end) == Some(&b'-') && alnum_at(end + 1, false).is_some())
        {
            end += 1;
        } else {
            break;
        }
    }
    let (rest, word) = i.take_split(end);
    Ok((rest, word))
}

fn word(i: In) -> PResult<Spanned<Text>> {
    let (rest, w) = take_while1(|c: char| c.is_alphanumeric() || c == '_' || c == '-').parse(i)?;
    if is_reserved(w.fragment()) {
        return Err(nom::Err::Error(PErr::backtrack(i)));
    }
    Ok((rest, owned(w)))
}

fn number(i: In) -> PResult<Spanned<u32>> {
    let (rest, digits) = digit1(i)?;
    // An arrow may follow with no space (`SK:L1#2->bolt`): it is no part of the number.
    if rest.fragment().starts_with(is_word_char) && !rest.fragment().starts_with("->") {
        return Err(nom::Err::Error(PErr::backtrack(i)));
    }
    let digits = *digits.fragment();
    match digits.parse::<u32>() {
        Ok(n) if digits.len() <= 9 => Ok((rest, Spanned::new(n, span(&i, &rest)))),
        _ => {
            let mut e = PErr::unexpected(i).with_code(SyntaxCode::InvalidNumber);
            // A damaged line may hold thousands of digits: the message shows the first.
            let shown: String = digits.chars().take(20).collect();
            let more = if digits.len() > 20 { "…" } else { "" };
            e.d().message = format!("the number `{shown}{more}` is too large");
            e.d().label = "at most nine digits".into();
            fail(e)
        }
    }
}

/// A number from `min` to `max`: an amount the engine acts on (a dice count, a life
/// total, damage) is bounded here, before anything is done with it. The limits are in
/// grammar/README.md, "Limits".
fn number_in(min: u32, max: u32, what: &'static str) -> impl Fn(In) -> PResult<Spanned<u32>> {
    move |i| {
        let (rest, n) = number(i)?;
        if (min..=max).contains(&n.node) {
            return Ok((rest, n));
        }
        let mut e = PErr::unexpected(i).with_code(SyntaxCode::InvalidNumber);
        e.d().message = format!("{what} cannot be {}", n.node);
        e.d().label = format!("from {min} to {max}");
        fail(e.with_help(format!(
            "{what} is a number from {min} to {max} (grammar/README.md, Limits)"
        )))
    }
}

/// The most dice one count (`xN`) stands for: no card has more than a few, no player
/// more than a few dozen.
pub const MAX_COUNT: u32 = 999;
/// The highest starting life and damage a log may state.
pub const MAX_AMOUNT: u32 = 999;

fn quoted(i: In) -> PResult<Spanned<Text>> {
    let (body, _) = char('"').parse(i)?;
    let mut out = Text::default();
    let mut chars = body.fragment().char_indices();
    while let Some((idx, c)) = chars.next() {
        match c {
            '"' => {
                let (rest, _) = body.take_split(idx + 1);
                return Ok((rest, Spanned::new(out, span(&i, &rest))));
            }
            '\\' => match chars.next() {
                Some((_, e)) => out.push(e),
                None => break,
            },
            c => out.push(c),
        }
    }
    let mut e = PErr::unexpected(i).with_code(SyntaxCode::UnterminatedString);
    e.d().end = Some(pos(&i) + i.fragment().len());
    e.d().message = "this quoted string is not closed".into();
    e.d().label = "opened here".into();
    e.d().help = Some("close it with `\"` on the same line".into());
    fail(e)
}

fn text(i: In) -> PResult<Spanned<Text>> {
    let len = i.fragment().trim_end().len();
    if len == 0 {
        return Err(nom::Err::Error(PErr::backtrack(i)));
    }
    let (rest, t) = i.take_split(len);
    Ok((rest, owned(t)))
}

/// Blanks, or a comma with optional blanks around it.
fn sep(i: In) -> PResult<()> {
    let s = *i.fragment();
    let lead = s.len() - s.trim_start_matches([' ', '\t']).len();
    let mut n = lead;
    if s[n..].starts_with(',') {
        n += 1;
        n += s[n..].len() - s[n..].trim_start_matches([' ', '\t']).len();
    } else if lead == 0 {
        return Err(nom::Err::Error(PErr::backtrack(i)));
    }
    Ok((i.take_split(n).0, ()))
}

fn ws(i: In) -> PResult<()> {
    value((), space1).parse(i)
}

fn owned(s: In) -> Spanned<Text> {
    Spanned::new(
        Text::from(*s.fragment()),
        Span::new(pos(&s), pos(&s) + s.fragment().len()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> Stmt {
        parse_statement(text, 100).unwrap_or_else(|e| panic!("{text:?}: {}", e.message))
    }

    fn err(text: &str) -> SyntaxError {
        match parse_statement(text, 100) {
            Ok(s) => panic!("{text:?} parsed as {s:?}"),
            Err(e) => *e,
        }
    }

    fn mv(text: &str) -> Move {
        match ok(text) {
            Stmt::Plain(Statement::Move { action, .. }) => *action,
            other => panic!("{text:?} is not a move: {other:?}"),
        }
    }

    fn face_of(text: &str) -> Face {
        match mv(&format!("roll SK:{text}")) {
            Move::Roll { dice } => dice[0].die.face.clone().unwrap().node,
            _ => unreachable!(),
        }
    }

    #[test]
    fn every_example_line_parses_as_its_keyword() {
        // The help of a line that fails to parse shows these: each must be a line the
        // parser accepts, starting with the keyword it illustrates.
        for (keyword, examples) in EXAMPLES {
            let lines: Vec<&str> = examples.split('`').skip(1).step_by(2).collect();
            assert!(!lines.is_empty(), "{keyword}: no example in backticks");
            for line in lines {
                assert_eq!(line.split(' ').next(), Some(*keyword), "{line}");
                ok(line);
            }
        }
        assert_eq!(
            example_help("block SK:L1 -> "),
            "a `block` line reads like `block SK:L1 -> HT:L2, BE:L1 -> SK:L1` or `block none`"
        );
    }

    #[test]
    fn line_splits_comments_but_not_hashes_inside_words_or_quotes() {
        assert_eq!(
            line("buy CA pay SK:fist  # why\n"),
            ("buy CA pay SK:fist", Some("# why"))
        );
        assert_eq!(
            line("BE = Beast: Mutate #666 x2"),
            ("BE = Beast: Mutate #666 x2", None)
        );
        assert_eq!(line("  # whole line"), ("", Some("# whole line")));
        assert_eq!(line("#tight"), ("", Some("#tight")));
        assert_eq!(
            line("roll SK:fist #~ ok\r\n"),
            ("roll SK:fist", Some("#~ ok"))
        );
        assert_eq!(
            line(r#"waive x "a # b" # c"#),
            (r#"waive x "a # b""#, Some("# c"))
        );
        assert_eq!(line("end #"), ("end", Some("#")));
    }

    #[test]
    fn faces() {
        use Energy::*;
        let e = |parts: &[(u8, Energy)], bursts| Face::Energy {
            parts: EnergyParts::from_slice(
                &parts
                    .iter()
                    .map(|&(count, symbol)| EnergyPart { count, symbol })
                    .collect::<Vec<_>>(),
            )
            .unwrap(),
            bursts,
        };
        assert_eq!(face_of("fist"), e(&[(1, Fist)], 0));
        assert_eq!(face_of("2shield*"), e(&[(2, Shield)], 1));
        assert_eq!(face_of("fist+bolt"), e(&[(1, Fist), (1, Bolt)], 0));
        assert_eq!(face_of("2gen"), e(&[(2, Generic)], 0));
        assert_eq!(face_of("wild"), e(&[(1, Wild)], 0));
        assert_eq!(
            face_of("L3"),
            Face::Level {
                level: 3,
                bursts: 0
            }
        );
        assert_eq!(
            face_of("L1**"),
            Face::Level {
                level: 1,
                bursts: 2
            }
        );
        assert_eq!(face_of("act"), Face::Action { bursts: 0 });
        assert_eq!(face_of("*"), Face::Action { bursts: 1 });
        assert_eq!(face_of("**"), Face::Action { bursts: 2 });
    }

    #[test]
    fn a_bad_face_is_reported_whole_with_a_suggestion() {
        let e = err("roll SK:fist SK:fst");
        assert_eq!(e.code, SyntaxCode::InvalidFace);
        assert_eq!(e.span, Span::new(108 + 8, 108 + 11));
        assert!(
            e.help
                .unwrap()
                .contains("after `SK:`; did you mean `fist`?")
        );
        for bad in [
            "L0",
            "L",
            "3fist*x",
            "gen2",
            "***",
            "fist+fist+fist+fist+fist",
        ] {
            assert_eq!(
                err(&format!("roll CA:{bad}")).code,
                SyntaxCode::InvalidFace,
                "{bad}"
            );
        }
        let e = err("roll CA:");
        assert!(e.help.unwrap().contains("after `CA:`"));
    }

    #[test]
    fn die_refs_with_owner_count_and_state() {
        let Stmt::Plain(Statement::State(StateLine::Zone { zone, player, dice })) =
            ok("field Mike HT:L2[dmg=1,attacking] Eric.SK:L1[blocking=HT:L2] x2")
        else {
            panic!()
        };
        assert_eq!(zone.node, Zone::Field);
        assert_eq!(player.node, "Mike");
        assert_eq!(dice.len(), 2);
        assert_eq!(dice[0].die.modifiers.len(), 2);
        assert_eq!(dice[0].die.modifiers[0].node, Modifier::Damage(1));
        assert_eq!(dice[1].die.player.as_ref().unwrap().node, "Eric");
        assert_eq!(dice[1].times(), 2);
        assert!(
            matches!(&dice[1].die.modifiers[0].node, Modifier::Blocking(d) if d.alias.node == "HT")
        );
        // Spans are absolute (the line was parsed at offset 100), and a die's span
        // covers its brackets.
        assert_eq!(dice[0].die.span, Span::new(111, 133));
    }

    #[test]
    fn die_refs_with_a_number_and_every_state() {
        let Stmt::Plain(Statement::State(StateLine::Zone { dice, .. })) = ok(
            "field Mike SK:L1#2[attacking,blocked,+1A,-2D,double-attack,double-defense,no-damage] \
             Bob.SK:L1[blocking=Mike.SK:L1#2] SK#3",
        ) else {
            panic!()
        };
        assert_eq!(dice[0].die.ordinal.as_ref().unwrap().node, 2);
        let mods: Vec<&Modifier> = dice[0].die.modifiers.iter().map(|m| &m.node).collect();
        assert_eq!(
            mods,
            [
                &Modifier::Attacking,
                &Modifier::Blocked,
                &Modifier::Attack(1),
                &Modifier::Defense(-2),
                &Modifier::DoubleAttack,
                &Modifier::DoubleDefense,
                &Modifier::NoDamage
            ]
        );
        assert!(matches!(
            &dice[1].die.modifiers[0].node,
            Modifier::Blocking(d) if d.ordinal.as_ref().unwrap().node == 2 && d.player.is_some()
        ));
        assert_eq!(dice[2].die.ordinal.as_ref().unwrap().node, 3);
        // The printer writes them back as they were read.
        assert_eq!(
            dice.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            "SK:L1#2[attacking,blocked,+1A,-2D,double-attack,double-defense,no-damage] \
             Bob.SK:L1[blocking=Mike.SK:L1#2] SK#3"
        );
        assert!(mv("block SK:L1 -> SK:L1#2").to_string().contains("SK:L1#2"));
        // `->` may follow a number with no space, as it may follow a face.
        assert_eq!(
            mv("block SK:L1#2->SK:L1#1").to_string(),
            "block SK:L1#2 -> SK:L1#1"
        );
        assert!(
            mv("activate KP:L2#1 pay KP:L2#2->L1")
                .to_string()
                .contains("KP:L2#2->L1")
        );
        assert!(
            mv("reroll SK:fist#2->bolt")
                .to_string()
                .contains("SK:fist#2->bolt")
        );
        assert!(
            err("field Mike SK:L1[dmg=1,+1X]")
                .message
                .contains("expected")
        );
    }

    #[test]
    fn combat_effect_marks() {
        let line = "field Bob GR:L1[must-attack,cant-attack,cant-block,must-block] \
                    GR:L2[must-block=Ann.SM:L1#2,double-damage-to-blockers,excess-to-player]";
        let Stmt::Plain(Statement::State(StateLine::Zone { dice, .. })) = ok(line) else {
            panic!()
        };
        let mods: Vec<&Modifier> = dice[0].die.modifiers.iter().map(|m| &m.node).collect();
        assert_eq!(
            mods,
            [
                &Modifier::MustAttack,
                &Modifier::CantAttack,
                &Modifier::CantBlock,
                &Modifier::MustBlock(None)
            ]
        );
        assert!(matches!(
            &dice[1].die.modifiers[0].node,
            Modifier::MustBlock(Some(d)) if d.alias.node == "SM" && d.player.is_some()
        ));
        assert_eq!(
            dice[1].die.modifiers[1].node,
            Modifier::DoubleDamageToBlockers
        );
        assert_eq!(dice[1].die.modifiers[2].node, Modifier::ExcessToPlayer);
        assert_eq!(
            dice.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            "GR:L1[must-attack,cant-attack,cant-block,must-block] \
             GR:L2[must-block=Ann.SM:L1#2,double-damage-to-blockers,excess-to-player]"
        );
    }

    #[test]
    fn granted_keyword_marks() {
        let line = "field Ann GR:L3[+1A,+overcrush,+iron-will] SK:L1[+fast,+energy-drain]";
        let Stmt::Plain(Statement::State(StateLine::Zone { dice, .. })) = ok(line) else {
            panic!()
        };
        let mods: Vec<&Modifier> = dice[0].die.modifiers.iter().map(|m| &m.node).collect();
        assert_eq!(
            mods,
            [
                &Modifier::Attack(1),
                &Modifier::Has(Granted::Overcrush),
                &Modifier::Has(Granted::IronWill)
            ]
        );
        assert_eq!(
            dice.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            "GR:L3[+1A,+overcrush,+iron-will] SK:L1[+fast,+energy-drain]"
        );
        // A keyword no effect can give is no mark.
        assert!(err("field Ann GR:L3[+cleave]").message.contains("expected"));
    }

    #[test]
    fn every_move() {
        assert!(matches!(mv("draw SK x3"), Move::Draw { dice, to: None } if dice[0].times() == 3));
        assert!(
            matches!(mv("draw SK to oop"), Move::Draw { to: Some(z), .. } if z.node == Zone::Oop)
        );
        assert_eq!(mv("refill"), Move::Refill);
        assert!(
            matches!(mv("reroll SK:L1->bolt, SK:fist->L1"), Move::Reroll { dice } if dice.len() == 2)
        );
        let Move::Buy { cards, payment } = mv("buy FB TC x2 pay FB:2gen->gen SK:fist x2 virtual 1")
        else {
            panic!()
        };
        assert_eq!(cards.len(), 2);
        assert_eq!(cards[1].count.as_ref().unwrap().node, 2);
        assert_eq!(payment.items.len(), 3);
        assert!(matches!(
            &payment.items[0],
            PaymentItem::Die {
                spun_to: Some(_),
                ..
            }
        ));
        assert!(matches!(&payment.items[2], PaymentItem::Virtual { amount } if amount.node == 1));
        assert!(matches!(
            mv("field SK:L1 x2"),
            Move::Field { payment: None, .. }
        ));
        assert!(matches!(
            mv("field CA:L3 pay SK:fist SK:bolt"),
            Move::Field {
                payment: Some(_),
                ..
            }
        ));
        let Move::Use { clauses, .. } = mv("use IR:* target HT:L2 SK:L1 choose both") else {
            panic!()
        };
        assert_eq!(clauses.len(), 2);
        assert!(
            matches!(mv("global Mike.SM pay SK:fist"), Move::Global { card, .. } if card.player.is_some())
        );
        assert!(matches!(
            mv("activate HT:L2 may yes"),
            Move::Activate { .. }
        ));
        // Costs beyond energy: a die given up and where it went, a die spun down, life.
        let Move::Activate { clauses, .. } =
            mv("activate JU:L1 pay SK:L1 FA:L2->L1 2 life to used")
        else {
            panic!()
        };
        let [Clause::Pay(p), Clause::To { zone }] = &clauses[..] else {
            panic!("{clauses:?}")
        };
        assert_eq!(zone.node, Zone::Used);
        assert!(matches!(&p.items[2], PaymentItem::Life { amount } if amount.node == 2));
        assert_eq!(p.to_string(), "pay SK:L1 FA:L2->L1 2 life");
        assert!(err("activate JU:L1 pay 2").message.contains("life"));
        let Move::Resolve { clauses, .. } = mv("resolve BE:L1* draw SK to prep draw CA to used")
        else {
            panic!()
        };
        assert_eq!(clauses.len(), 4);
        assert!(
            matches!(mv("resolve SM:L2 prevent 2 redirect Mike order CA:L3 BE:L1 roll SK:mask"), Move::Resolve { clauses, .. } if clauses.len() == 4)
        );
        assert_eq!(mv("pass"), Move::Pass);
        assert!(matches!(mv("attack none"), Move::Attack { dice } if dice.is_empty()));
        assert!(matches!(mv("attack CA:L3 SK:L1 x2"), Move::Attack { dice } if dice.len() == 2));
        assert!(
            matches!(mv("block SK:L1 -> HT:L2, BE:L1->SK:L1"), Move::Block { pairs } if pairs.len() == 2)
        );
        assert!(matches!(mv("block none"), Move::Block { pairs } if pairs.is_empty()));
        assert!(
            matches!(mv("assign HT:L2 -> SK:L1=2 BE:L1=1"), Move::Assign { shares, .. } if shares.len() == 2)
        );
        assert_eq!(mv("concede"), Move::Concede);
        assert_eq!(mv("damage"), Move::Damage);
    }

    #[test]
    fn actors() {
        let Stmt::Plain(Statement::Move { actor, action }) = ok("Mike: pass") else {
            panic!()
        };
        assert_eq!(actor.unwrap().node, "Mike");
        assert_eq!(*action, Move::Pass);
    }

    #[test]
    fn field_state_and_field_move_differ_by_the_face() {
        assert!(matches!(
            ok("field Mike none"),
            Stmt::Plain(Statement::State(_))
        ));
        assert!(matches!(
            ok("field SK:L1"),
            Stmt::Plain(Statement::Move { .. })
        ));
        let e = err("field SK x2");
        assert!(
            matches!(
                e.code,
                SyntaxCode::UnexpectedToken | SyntaxCode::UnknownKeyword
            ),
            "{e:?}"
        );
        let e = err("field SK:L1 CA");
        assert!(
            e.message.contains("`:` and the die's face"),
            "{}",
            e.message
        );
        assert!(e.help.unwrap().contains("`CA:L1`"));
    }

    #[test]
    fn card_lines() {
        let Stmt::Card {
            basic,
            alias,
            name,
            count,
        } = ok("basic FB = Force Beam")
        else {
            panic!()
        };
        assert!(basic);
        assert_eq!(alias.node, "FB");
        assert_eq!(
            name.node,
            CardName {
                title: "Force Beam".into(),
                subtitle: None
            }
        );
        assert!(count.is_none());
        let Stmt::Card { name, count, .. } = ok("BE = Beast: Mutate #666 x2") else {
            panic!()
        };
        assert_eq!(name.node.subtitle.as_deref(), Some("Mutate #666"));
        assert_eq!(count.unwrap().node, 2);
        assert_eq!(name.span, Span::new(105, 123));
        let Stmt::Card { name, count, .. } = ok(r#"HT = "Human Torch: \"Flame On!\"" x4"#) else {
            panic!()
        };
        assert_eq!(name.node.subtitle.as_deref(), Some("\"Flame On!\""));
        assert_eq!(count.unwrap().node, 4);
        assert_eq!(err("pay = Force Beam").code, SyntaxCode::ReservedWord);
        assert_eq!(err("SK = Sidekick").code, SyntaxCode::ReservedWord);
        assert_eq!(err(r#"X = "open"#).code, SyntaxCode::UnterminatedString);
    }

    #[test]
    fn settings() {
        assert!(
            matches!(ok("rules 2014"), Stmt::Plain(Statement::Rules(e)) if e.node == Edition::Rules2014)
        );
        assert!(
            matches!(ok("format custom life 12"), Stmt::Plain(Statement::Format { life: Some(l), .. }) if l.node == 12)
        );
        assert!(
            matches!(ok("sets avx uxm"), Stmt::Plain(Statement::Sets { sets }) if sets.len() == 2)
        );
        assert!(
            matches!(ok("tag event Store Championship"), Stmt::Plain(Statement::Tag { value, .. }) if value.node == "Store Championship")
        );
        assert!(matches!(ok("dmlog 1"), Stmt::Header(v) if v.node == 1));
        assert!(
            err("format tournement")
                .help
                .unwrap()
                .contains("`tournament`")
        );
        assert!(
            err("rules 2017")
                .message
                .contains("`2018`, `2016` or `2014`")
        );
    }

    #[test]
    fn demo_formats_name_a_starter_set() {
        for set in DemoSet::ALL {
            let text = format!("format demo {}", set.code());
            assert!(
                matches!(ok(&text), Stmt::Plain(Statement::Format { name, life: None })
                    if name.node == FormatName::Demo(set) && name.span == Span::new(107, 100 + text.len())),
                "{text}"
            );
        }
        assert!(matches!(
            ok("format demo uxm life 12"),
            Stmt::Plain(Statement::Format { life: Some(l), .. }) if l.node == 12
        ));
        assert_eq!(
            err("format demo avw").help.as_deref(),
            Some("did you mean `avx`?")
        );
        assert!(err("format demo").message.contains("a starter set"));
        assert!(
            err("format demo marvel")
                .help
                .unwrap()
                .contains("`avx`, `uxm`, `imwm` and `ai`")
        );
        assert_eq!(
            err("format dmeo").help.as_deref(),
            Some("did you mean `demo`?")
        );
    }

    #[test]
    fn listed_formats_take_a_season_or_none() {
        let format = |text: &str| match ok(text) {
            Stmt::Plain(Statement::Format { name, life }) => (name.node, life.map(|l| l.node)),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            format("format modern 2019"),
            (FormatName::Listed(ListFormat::Modern(Some(2019))), None)
        );
        assert_eq!(
            format("format modern"),
            (FormatName::Listed(ListFormat::Modern(None)), None)
        );
        assert_eq!(
            format("format modern life 20"),
            (FormatName::Listed(ListFormat::Modern(None)), Some(20))
        );
        assert_eq!(
            format("format golden"),
            (FormatName::Listed(ListFormat::Golden), None)
        );
        assert_eq!(
            format("format roll-for-the-north-3"),
            (FormatName::Listed(ListFormat::RollForTheNorth3), None)
        );
        // The printed form reads back as the same format.
        for name in [
            FormatName::Listed(ListFormat::Modern(Some(2022))),
            FormatName::Listed(ListFormat::SilverAge),
        ] {
            assert_eq!(format(&format!("format {name}")).0, name);
        }
        assert_eq!(
            err("format goldn").help.as_deref(),
            Some("did you mean `golden`?")
        );
    }

    #[test]
    fn state_and_turn_lines() {
        assert!(matches!(ok("turn 3 Eric"), Stmt::Turn { number, .. } if number.node == 3));
        assert!(
            matches!(ok("turn 3 Eric main"), Stmt::Plain(Statement::State(StateLine::Turn { step, .. })) if step.node == Step::Main)
        );
        assert!(err("turn 3 Eric mian").help.unwrap().contains("`main`"));
        assert!(
            matches!(ok("life Mike 8"), Stmt::Plain(Statement::State(StateLine::Life { life, .. })) if life.node == 8)
        );
        assert!(
            matches!(ok("bag Mike none"), Stmt::Plain(Statement::State(StateLine::Zone { dice, .. })) if dice.is_empty())
        );
        assert!(matches!(
            ok("supply FB 2"),
            Stmt::Plain(Statement::State(StateLine::Supply { .. }))
        ));
        assert!(matches!(
            ok("tokens CA experience 2"),
            Stmt::Plain(Statement::State(StateLine::Tokens { kind, count, .. }))
                if kind.node == TokenKind::Experience && count.node == 2
        ));
        assert!(
            err("tokens CA stun 1")
                .help
                .unwrap()
                .contains("`experience`")
        );
        assert!(matches!(
            ok("monster-ko Eric"),
            Stmt::Plain(Statement::State(StateLine::MonsterKo { .. }))
        ));
        assert!(matches!(
            ok("virtual Eric 1"),
            Stmt::Plain(Statement::State(StateLine::Virtual { .. }))
        ));
        assert!(matches!(
            ok("priority Mike"),
            Stmt::Plain(Statement::State(StateLine::Priority { .. }))
        ));
        assert!(
            err("bag Mike")
                .message
                .contains("the dice in the zone, or `none`")
        );
    }

    #[test]
    fn an_aside_line_lists_captured_dice_and_no_clause_sends_a_die_aside() {
        match ok("aside Bob AM:L3[captured-by=Ann.TH:L1] GR:L2") {
            Stmt::Plain(Statement::State(StateLine::Zone { zone, dice, .. })) => {
                assert_eq!(zone.node, Zone::Aside);
                assert_eq!(dice.len(), 2);
                assert!(matches!(
                    &dice[0].die.modifiers[0].node,
                    Modifier::CapturedBy(d) if d.to_string() == "Ann.TH:L1"
                ));
            }
            other => panic!("{other:?}"),
        }
        // `aside` is no zone a `to` clause names.
        err("resolve X:L1 target Bob.Y:L1 to aside");
    }

    #[test]
    fn waivers_need_a_quoted_reason() {
        assert!(matches!(
            ok(r#"waive dmlint::rules::second-reroll "judge ruled""#),
            Stmt::Plain(Statement::Waiver { .. })
        ));
        let e = err("waive dmlint::rules::x because");
        assert!(e.help.unwrap().contains("a waiver records why"));
    }

    #[test]
    fn near_miss_keywords_get_suggestions() {
        let e = err("rerol SK:L1->bolt");
        assert_eq!(e.code, SyntaxCode::UnknownKeyword);
        assert_eq!(e.span, Span::new(100, 105));
        assert_eq!(e.help.as_deref(), Some("did you mean `reroll`?"));
        assert_eq!(
            err("Mike: pas").help.as_deref(),
            Some("did you mean `pass`?")
        );
        assert!(
            err("use FB:act tagret Mike")
                .help
                .unwrap()
                .contains("`target`")
        );
        assert!(
            err("xyzzy")
                .help
                .unwrap()
                .contains("a line starts with a keyword")
        );
    }

    #[test]
    fn trailing_garbage_is_an_error_at_its_token() {
        let e = err("pass now");
        assert_eq!(e.span, Span::new(105, 108));
        assert_eq!(err("end turn").span, Span::new(104, 108));
    }

    #[test]
    fn numbers_are_bounded() {
        assert_eq!(err("life Mike 99999999999").code, SyntaxCode::InvalidNumber);
        assert!(matches!(ok("life Mike 999999999"), Stmt::Plain(_)));
    }

    #[test]
    fn every_arrow_may_have_spaces_around_it() {
        for text in [
            "reroll SK:L1 -> bolt, SK:fist -> mask",
            "block SK:L1 -> HT:L2",
            "assign HT:L2 -> SK:L1=2",
            "resolve SK:L1 pay XX:2fist -> fist",
        ] {
            let spaced = mv(text);
            let tight = mv(&text.replace(" -> ", "->"));
            assert_eq!(
                format!("{spaced:?}").replace(char::is_numeric, ""),
                format!("{tight:?}").replace(char::is_numeric, ""),
                "{text}"
            );
        }
        assert!(matches!(
            ok("assigned HT:L2 -> SK:L1=2"),
            Stmt::Plain(Statement::State(_))
        ));
    }

    /// The lowered text of the first keyword in capitals, as `GameBuilder::line` asks.
    fn lowered(text: &str) -> Option<(String, SyntaxError)> {
        keyword_case(text, 100, &err(text))
    }

    #[test]
    fn a_keyword_in_capitals_is_read_in_lower_case_with_a_warning() {
        let (fixed, w) = lowered("Turn 1 Eric").unwrap();
        assert_eq!(fixed, "turn 1 Eric");
        assert_eq!(w.code, SyntaxCode::KeywordCase);
        assert_eq!(w.severity, miette::Severity::Warning);
        assert_eq!(w.span, Span::new(100, 104));
        assert!(w.help.unwrap().contains("write `turn`"));
        assert_eq!(lowered("DRAW SK x4").unwrap().0, "draw SK x4");
        assert_eq!(lowered("Eric: Pass").unwrap().0, "Eric: pass");
        assert_eq!(
            lowered("use FB:act Target Mike").unwrap().0,
            "use FB:act target Mike"
        );
        // Not a keyword in any case, or a typo as well: the error stands.
        assert!(lowered("Trun 1 Eric").is_none());
        assert!(lowered("rerol SK:fist").is_none());
    }

    #[test]
    fn habits_from_other_notations_get_the_line_to_write() {
        let help = |text: &str| habit_help(text, 100, &err(text)).unwrap_or_default();
        assert!(help("draw SK x 2").contains("`draw SK x2`"));
        assert!(help("reserve Mike 2x SK:fist").contains("`reserve Mike SK:fist x2`"));
        assert!(help("buy CA pay SK:fist #paid").contains("space after the `#`"));
        assert!(help("Lee pass").contains("`Lee: pass`"));
        assert_eq!(help("rerol SK:fist"), "");
    }

    #[test]
    fn idents_do_not_swallow_arrows() {
        assert!(
            matches!(mv("block SK->HT"), Move::Block { pairs } if pairs[0].blocker.alias.node == "SK" && pairs[0].attacker.alias.node == "HT")
        );
        assert!(
            matches!(ok("team Anne-Marie"), Stmt::Plain(Statement::Team(p)) if p.node == "Anne-Marie")
        );
    }
}
