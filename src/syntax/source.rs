//! Reading a log's bytes into per-game chunks of clean text, without ever holding the whole file.
//!
//! Everything that can be wrong with the *bytes* is found here, before parsing: invalid
//! UTF-8, control characters (a NUL, say) and lines longer than [`MAX_LINE`]. Each gives a
//! diagnostic and marks its line as unparseable, so one bad byte yields one clear message
//! instead of a cascade. Offending bytes are shown as `?` (one byte for one byte, so every
//! later offset still matches the file); a too-long line keeps only a short prefix, and the
//! chunk records the cut so that absolute file offsets and chunk offsets stay convertible.

use std::io::{self, BufRead};

use super::ast::Span;
use super::error::{SyntaxCode, SyntaxError};

/// The longest line the notation allows, in bytes.
pub const MAX_LINE: usize = 64 * 1024;
/// How much of a too-long line is kept for the diagnostic to show.
const LONG_LINE_KEPT: usize = 120;
/// How far a line is read looking for its end before the input is taken as not a log
/// (`/dev/zero` is one line that never ends).
pub const MAX_UNENDED_LINE: usize = 256 << 20;
/// The most lines one game may hold: a real game has a few hundred.
pub const MAX_GAME_LINES: usize = 100_000;
/// The most bytes one game may hold: a real game has a few tens of kilobytes.
pub const MAX_GAME_BYTES: usize = 64 << 20;
/// The most games one input may hold.
pub const MAX_GAMES: usize = 1_000_000;
/// The most bytes read from one input: a season of logs is a few hundred megabytes.
pub const MAX_INPUT: usize = 4 << 30;

/// Bytes removed from a too-long line: `removed` bytes were dropped at chunk offset `local`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Cut {
    local: usize,
    removed: usize,
}

/// One game's text (or the file's preamble), with the facts needed to map its offsets
/// back to the file and to render diagnostics with the file's own line numbers.
#[derive(Debug, Clone, Default)]
pub struct Chunk {
    /// The lines, each ending in `\n` (the last one may not).
    pub text: String,
    /// Absolute file offset of `text[0]`.
    pub base: usize,
    /// 1-based line number of the chunk's first line in the file.
    pub first_line: usize,
    /// Chunk offsets of lines that must not be parsed (their bytes were bad).
    bad_lines: Vec<usize>,
    cuts: Vec<Cut>,
}

impl Chunk {
    /// An empty chunk at the start of a file (an empty input).
    pub fn empty() -> Chunk {
        Chunk {
            first_line: 1,
            ..Chunk::default()
        }
    }

    /// A whole text as one chunk (a card file, say), for rendering its diagnostics.
    pub fn whole(text: String) -> Chunk {
        Chunk {
            text,
            first_line: 1,
            ..Chunk::default()
        }
    }

    /// The absolute file offset of a chunk offset.
    pub fn abs(&self, local: usize) -> usize {
        let shift: usize = self
            .cuts
            .iter()
            .take_while(|c| c.local <= local)
            .map(|c| c.removed)
            .sum();
        self.base + local + shift
    }

    /// The chunk offset of an absolute file offset (clamped into the chunk; an offset
    /// inside removed bytes maps to the cut).
    pub fn local(&self, abs: usize) -> usize {
        let mut rel = abs.saturating_sub(self.base);
        for cut in &self.cuts {
            if rel <= cut.local {
                break;
            }
            rel = rel.saturating_sub(cut.removed).max(cut.local);
        }
        rel.min(self.text.len())
    }

    /// A span of the file as a span of this chunk's text.
    pub fn local_span(&self, span: Span) -> Span {
        let start = self.local(span.start);
        Span::new(start, self.local(span.end).max(start))
    }

    /// The absolute offset one past the chunk's last byte.
    pub fn end(&self) -> usize {
        self.abs(self.text.len())
    }

    /// The 1-based line and column (in characters) of an absolute offset.
    pub fn line_col(&self, abs: usize) -> (usize, usize) {
        let local = self.local(abs);
        let before = &self.text[..floor_char_boundary(&self.text, local)];
        let line = before.bytes().filter(|&b| b == b'\n').count();
        let line_start = before.rfind('\n').map_or(0, |p| p + 1);
        (
            self.first_line + line,
            before[line_start..].chars().count() + 1,
        )
    }

    pub(crate) fn is_bad_line(&self, local_start: usize) -> bool {
        self.bad_lines.binary_search(&local_start).is_ok()
    }

    fn push(&mut self, text: &str, line: &LineInfo) {
        let local = self.text.len();
        if line.bad {
            self.bad_lines.push(local);
        }
        if line.removed > 0 {
            self.cuts.push(Cut {
                local: local + text.len() - usize::from(text.ends_with('\n')),
                removed: line.removed,
            });
        }
        self.text.push_str(text);
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Facts about one physical line; its cleaned text is in the reader's buffer.
#[derive(Debug, Clone, Copy)]
struct LineInfo {
    /// Absolute offset of the line's first byte.
    start: usize,
    /// Bytes dropped from a too-long line.
    removed: usize,
    bad: bool,
}

/// Reads lines from any byte source, holding at most [`MAX_LINE`] bytes of one line.
pub(crate) struct ChunkReader<R> {
    inner: R,
    offset: usize,
    line_no: usize,
    buf: Vec<u8>,
    /// A line read ahead: the `game` line that starts the next chunk, and its number.
    pending: Option<(String, LineInfo, usize)>,
    done: bool,
    /// The size of the last chunk: games are alike, so the next one starts that big.
    last_len: usize,
    /// Chunks returned so far (bounded by [`MAX_GAMES`]).
    chunks: usize,
}

impl<R: BufRead> ChunkReader<R> {
    pub(crate) fn new(inner: R) -> Self {
        ChunkReader {
            inner,
            offset: 0,
            line_no: 0,
            buf: Vec::new(),
            pending: None,
            done: false,
            last_len: 0,
            chunks: 0,
        }
    }

    /// The next chunk: lines up to (not including) the next `game` line, or the end.
    /// `Ok(None)` once the input is exhausted.
    pub(crate) fn next_chunk(
        &mut self,
        errors: &mut Vec<SyntaxError>,
    ) -> io::Result<Option<Chunk>> {
        let mut chunk = Chunk {
            text: String::with_capacity(self.last_len),
            ..Chunk::default()
        };
        if let Some((text, line, line_no)) = self.pending.take() {
            chunk.base = line.start;
            chunk.first_line = line_no;
            chunk.push(&text, &line);
        } else if self.done {
            return Ok(None);
        } else {
            chunk.base = self.offset;
            chunk.first_line = self.line_no + 1;
        }
        self.chunks += 1;
        if self.chunks > MAX_GAMES {
            let at = chunk.base;
            self.stop(errors, at, &format!("more than {MAX_GAMES} games"));
            return Ok(Some(chunk));
        }
        let mut lines = usize::from(!chunk.text.is_empty());
        loop {
            let line_no = self.line_no + 1;
            match self.next_line(errors)? {
                None => {
                    self.done = true;
                    self.last_len = chunk.text.len();
                    return Ok(Some(chunk));
                }
                Some(line) => {
                    // `next_line` left only valid UTF-8 in the buffer.
                    let text = std::str::from_utf8(&self.buf).unwrap_or_default();
                    if is_game_line(text) && !line.bad && !chunk.text.is_empty() {
                        self.pending = Some((text.to_string(), line, line_no));
                        self.last_len = chunk.text.len();
                        return Ok(Some(chunk));
                    }
                    if chunk.text.is_empty() {
                        chunk.base = line.start;
                        chunk.first_line = line_no;
                    }
                    lines += 1;
                    let over = if lines > MAX_GAME_LINES {
                        Some(format!("a game of more than {MAX_GAME_LINES} lines"))
                    } else if chunk.text.len() + text.len() > MAX_GAME_BYTES {
                        Some(format!("a game of more than {} MiB", MAX_GAME_BYTES >> 20))
                    } else if self.offset > MAX_INPUT {
                        Some(format!("an input of more than {} GiB", MAX_INPUT >> 30))
                    } else {
                        None
                    };
                    if let Some(what) = over {
                        self.stop(errors, line.start, &what);
                        self.last_len = chunk.text.len();
                        return Ok(Some(chunk));
                    }
                    chunk.push(text, &line);
                }
            }
        }
    }

    /// Stops reading at a limit: the diagnostic at absolute offset `at` (where the
    /// first line not read starts) says which, and nothing after it is read.
    fn stop(&mut self, errors: &mut Vec<SyntaxError>, at: usize, what: &str) {
        self.done = true;
        self.pending = None;
        errors.push(
            SyntaxError::new(
                SyntaxCode::InputLimit,
                Span::new(at, at),
                format!("{what}: the rest of the input was not read"),
                "reading stopped here",
            )
            .with_help(format!(
                "dmlint reads at most {} MiB of a line looking for its end, {MAX_GAME_LINES} \
                 lines or {} MiB per game, {MAX_GAMES} games and {} GiB per input \
                 (grammar/README.md, Limits); split the file, or check that it is a log at all",
                MAX_UNENDED_LINE >> 20,
                MAX_GAME_BYTES >> 20,
                MAX_INPUT >> 30
            )),
        );
    }

    /// Reads one line into `self.buf`, cleaned to valid UTF-8.
    fn next_line(&mut self, errors: &mut Vec<SyntaxError>) -> io::Result<Option<LineInfo>> {
        self.buf.clear();
        let start = self.offset;
        let mut total = 0usize;
        let mut ended = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            let (take, found) = match memchr::memchr(b'\n', available) {
                Some(p) => (p + 1, true),
                None => (available.len(), false),
            };
            // Keep at most MAX_LINE (+1 for the newline) bytes; count the rest.
            let room = (MAX_LINE + 1).saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&available[..take.min(room)]);
            total += take;
            self.inner.consume(take);
            if found {
                ended = true;
                break;
            }
            if total > MAX_UNENDED_LINE {
                // Not a log: a device or a stream of one endless line. What was read
                // of it is dropped; the line's start is where reading stopped.
                self.offset += total;
                self.line_no += 1;
                let what = format!(
                    "line {} runs past {} MiB with no end",
                    self.line_no,
                    MAX_UNENDED_LINE >> 20
                );
                self.stop(errors, start, &what);
                return Ok(None);
            }
        }
        if total == 0 {
            return Ok(None);
        }
        let mut start = start;
        let mut content_len = total - usize::from(ended);
        if start == 0 {
            if let Some(err) = utf16(&self.buf) {
                // Every byte would be a control character or invalid UTF-8: one
                // diagnostic says why, and nothing more is read.
                errors.push(err);
                self.done = true;
                self.pending = None;
                self.offset += total;
                self.line_no += 1;
                return Ok(None);
            }
            if self.buf.starts_with(BOM) {
                // Editors write a byte-order mark; it is no part of the first line, but
                // the line still starts where its first character is in the file.
                self.buf.drain(..BOM.len());
                start = BOM.len();
                content_len -= BOM.len();
            }
        }
        self.offset += total;
        self.line_no += 1;
        let has_newline = ended;
        let mut bad = false;
        let mut removed = 0;

        if content_len > MAX_LINE {
            // Keep a short, valid prefix to show; drop the rest of the line.
            let mut keep = LONG_LINE_KEPT.min(self.buf.len());
            while keep > 0 && keep < self.buf.len() && (self.buf[keep] & 0xC0) == 0x80 {
                keep -= 1;
            }
            self.buf.truncate(keep);
            removed = content_len - keep;
            errors.push(
                SyntaxError::new(
                    SyntaxCode::LineTooLong,
                    Span::new(start, start + keep),
                    format!("line {} is {} bytes long", self.line_no, content_len),
                    "this line is too long to be a log line",
                )
                .with_help(format!(
                    "a dmlog line is at most {MAX_LINE} bytes; the rest of this line was not read"
                )),
            );
            bad = true;
            if has_newline {
                self.buf.push(b'\n');
            }
        }

        let content_end = self.buf.len() - usize::from(self.buf.last() == Some(&b'\n'));
        if !bad && let Some(err) = clean_utf8(&mut self.buf[..content_end], start, self.line_no) {
            errors.push(err);
            bad = true;
        }
        if let Some(err) = clean_controls(&mut self.buf[..content_end], start, self.line_no, bad) {
            errors.push(err);
            bad = true;
        }
        Ok(Some(LineInfo {
            start,
            removed,
            bad,
        }))
    }
}

/// The UTF-8 byte-order mark some editors (Windows Notepad) put at the start of a file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A diagnostic if the first line `first` is UTF-16 text: a UTF-16 byte-order mark, or a
/// NUL every other byte (ASCII text saved as UTF-16 without a mark).
fn utf16(first: &[u8]) -> Option<SyntaxError> {
    let content = first.strip_suffix(b"\n").unwrap_or(first);
    let head = &content[..content.len().min(64) & !1];
    let pairs = head.len() / 2;
    let nul_every_other = |odd: usize| {
        pairs >= 2
            && head.chunks_exact(2).all(|p| p[odd] == 0)
            && head.chunks_exact(2).any(|p| p[1 - odd] != 0)
    };
    let order = if first.starts_with(b"\xFF\xFE") || nul_every_other(1) {
        "little-endian"
    } else if first.starts_with(b"\xFE\xFF") || nul_every_other(0) {
        "big-endian"
    } else {
        return None;
    };
    Some(
        SyntaxError::new(
            SyntaxCode::Utf16,
            Span::new(0, 2.min(first.len())),
            format!("the file is UTF-16 ({order}) text, not UTF-8"),
            "UTF-16 starts here",
        )
        .with_help(
            "save the log as UTF-8 (in Notepad: File > Save as, Encoding: UTF-8); dmlint \
             did not read this file",
        ),
    )
}

/// Whether a line starts a new game (`game` as its first word).
fn is_game_line(line: &str) -> bool {
    let t = line.trim_start_matches([' ', '\t']);
    t.strip_prefix("game")
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '\r', '\n', '#']))
}

/// Replaces every byte of an invalid UTF-8 sequence with `?`; reports the first.
fn clean_utf8(bytes: &mut [u8], line_start: usize, line_no: usize) -> Option<SyntaxError> {
    let mut first = None;
    let mut from = 0;
    while let Err(e) = std::str::from_utf8(&bytes[from..]) {
        let at = from + e.valid_up_to();
        let len = e.error_len().unwrap_or(bytes.len() - at);
        first.get_or_insert(at);
        for b in &mut bytes[at..at + len] {
            *b = b'?';
        }
        from = at + len;
    }
    first.map(|at| {
        SyntaxError::new(
            SyntaxCode::InvalidUtf8,
            Span::new(line_start + at, line_start + at + 1),
            format!("line {line_no} is not valid UTF-8"),
            "this byte is not UTF-8 (shown as `?`)",
        )
        .with_help("save the log as UTF-8 text; dmlint did not read this line")
    })
}

/// Replaces control characters (other than tab, and a carriage return before the
/// newline) with `?`; reports the first unless the line is already reported.
fn clean_controls(
    bytes: &mut [u8],
    line_start: usize,
    line_no: usize,
    already_bad: bool,
) -> Option<SyntaxError> {
    let len = bytes.len();
    // Almost every line is clean: a branch-free scan (which vectorizes) says so cheaply.
    let suspicious = bytes
        .iter()
        .fold(false, |acc, &b| acc | (b < 0x20) | (b == 0x7F));
    if !suspicious {
        return None;
    }
    let mut first = None;
    for (i, b) in bytes.iter_mut().enumerate() {
        let allowed = *b == b'\t' || (*b == b'\r' && i + 1 == len);
        if (*b < 0x20 || *b == 0x7F) && !allowed {
            first.get_or_insert((i, *b));
            *b = b'?';
        }
    }
    let (at, byte) = first?;
    if already_bad {
        return None;
    }
    Some(
        SyntaxError::new(
            SyntaxCode::ControlCharacter,
            Span::new(line_start + at, line_start + at + 1),
            format!("line {line_no} holds the control character 0x{byte:02X}"),
            "control character (shown as `?`)",
        )
        .with_help(
            "a log is plain text: remove the character (a NUL often means a binary or \
             truncated file); dmlint did not read this line",
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(input: &[u8]) -> (Vec<Chunk>, Vec<SyntaxError>) {
        let mut r = ChunkReader::new(io::Cursor::new(input));
        let mut errors = Vec::new();
        let mut out = Vec::new();
        while let Some(c) = r.next_chunk(&mut errors).unwrap() {
            out.push(c);
        }
        (out, errors)
    }

    #[test]
    fn games_split_at_game_lines_with_file_offsets() {
        let text = b"dmlog 1\nrules 2014\ngame one\nturn 1 A\ngame two\nend\n";
        let (cs, errs) = chunks(text);
        assert!(errs.is_empty());
        assert_eq!(cs.len(), 3);
        assert_eq!(cs[0].text, "dmlog 1\nrules 2014\n");
        assert_eq!((cs[1].base, cs[1].first_line), (19, 3));
        assert_eq!(cs[1].text, "game one\nturn 1 A\n");
        assert_eq!((cs[2].base, cs[2].first_line), (37, 5));
        assert_eq!(cs[2].line_col(41), (5, 5));
    }

    #[test]
    fn a_word_starting_with_game_is_not_a_game_line() {
        assert!(is_game_line("game"));
        assert!(is_game_line("  game 2 # finals"));
        assert!(!is_game_line("gameplay"));
        assert!(!is_game_line("# game"));
    }

    #[test]
    fn invalid_utf8_is_reported_once_and_shown_as_question_marks() {
        let (cs, errs) = chunks(b"dmlog 1\nbuy \xff\xfe CA\n");
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].code, SyntaxCode::InvalidUtf8);
        assert_eq!(errs[0].span, Span::new(12, 13));
        assert_eq!(cs[0].text, "dmlog 1\nbuy ?? CA\n");
        assert!(cs[0].is_bad_line(8));
        assert!(!cs[0].is_bad_line(0));
    }

    #[test]
    fn nul_bytes_are_control_characters() {
        let (_, errs) = chunks(b"dmlog 1\x00\n");
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].code, SyntaxCode::ControlCharacter);
        assert_eq!(errs[0].span, Span::new(7, 8));
    }

    #[test]
    fn crlf_is_not_a_control_character() {
        let (cs, errs) = chunks(b"dmlog 1\r\nrules 2018\r\n");
        assert!(errs.is_empty());
        assert!(cs[0].bad_lines.is_empty());
    }

    #[test]
    fn a_long_line_is_cut_and_offsets_after_it_still_match_the_file() {
        let mut input = b"dmlog 1\n".to_vec();
        input.extend(std::iter::repeat_n(b'a', MAX_LINE + 500));
        input.extend_from_slice(b"\nend\n");
        let (cs, errs) = chunks(&input);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].code, SyntaxCode::LineTooLong);
        let c = &cs[0];
        assert_eq!(c.text.len(), 8 + LONG_LINE_KEPT + 1 + 4);
        // `end` starts after the whole long line in the file.
        let end_local = c.text.find("end").unwrap();
        let end_abs = 8 + MAX_LINE + 500 + 1;
        assert_eq!(c.abs(end_local), end_abs);
        assert_eq!(c.local(end_abs), end_local);
        assert_eq!(c.line_col(end_abs), (3, 1));
    }

    #[test]
    fn a_utf8_bom_is_skipped_and_offsets_still_count_it() {
        let (cs, errs) = chunks(b"\xEF\xBB\xBFdmlog 1\nrules 2018\n");
        assert!(errs.is_empty());
        assert_eq!(cs[0].text, "dmlog 1\nrules 2018\n");
        assert_eq!(cs[0].base, 3);
        // `rules` is the file's byte 11, on line 2, column 1.
        assert_eq!(cs[0].abs(8), 11);
        assert_eq!(cs[0].line_col(11), (2, 1));
        assert_eq!(cs[0].line_col(3), (1, 1));
    }

    #[test]
    fn utf16_is_one_diagnostic_whatever_its_byte_order() {
        let le: Vec<u8> = "dmlog 1\nrules 2018\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let be: Vec<u8> = "dmlog 1\nrules 2018\n"
            .encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect();
        let with_bom = [&[0xFF, 0xFE][..], &le].concat();
        for input in [le, be, with_bom] {
            let (cs, errs) = chunks(&input);
            assert_eq!(errs.len(), 1, "{errs:?}");
            assert_eq!(errs[0].code, SyntaxCode::Utf16);
            assert!(errs[0].help.as_deref().unwrap().contains("UTF-8"));
            assert!(cs.iter().all(|c| c.text.is_empty()));
        }
    }

    #[test]
    fn a_nul_in_one_line_is_not_utf16() {
        let (_, errs) = chunks(b"dmlog 1\x00\n");
        assert_eq!(errs[0].code, SyntaxCode::ControlCharacter);
    }

    #[test]
    fn a_file_without_a_final_newline_keeps_its_last_line() {
        let (cs, _) = chunks(b"dmlog 1\nend");
        assert_eq!(cs[0].text, "dmlog 1\nend");
    }
}
