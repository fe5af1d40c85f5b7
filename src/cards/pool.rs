//! The card pool: every loaded card, found by name, searched by text, counted by set.
//!
//! The built-in pool is compiled into the binary by `build.rs` (postcard bytes of the
//! YAML files) and decoded once, on first use, so a run that needs no card pays nothing.
//! Files given with `--cards` are added on top: a card with the same set and title and
//! subtitle replaces the built-in one.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::full_name;
use super::model::{Abilities, Card, CardFile, CoreDice, Encoding, SetInfo};

/// How much of a mistyped card name is compared with the pool's names (the longest card
/// name is under 80 characters).
pub const NAME_COMPARED: usize = 120;

/// A name as a message shows it: whole up to [`NAME_COMPARED`] characters, beyond that its
/// start and its length, so a damaged line does not fill the screen.
pub fn shown_name(name: &str) -> std::borrow::Cow<'_, str> {
    match name.char_indices().nth(NAME_COMPARED) {
        None => name.into(),
        Some((cut, _)) => format!("{}… ({} characters)", &name[..cut], name.chars().count()).into(),
    }
}

/// One card and the set it belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub set: String,
    pub card: Card,
}

impl Entry {
    /// `Title: Subtitle`, or the title alone.
    pub fn name(&self) -> String {
        full_name(&self.card.title, self.card.subtitle.as_deref())
    }
}

/// What a name in a log resolves to.
#[derive(Debug, PartialEq)]
pub enum Lookup<'p> {
    Found(&'p Entry),
    /// A title alone that several cards share.
    Ambiguous(Vec<&'p Entry>),
    /// No such card; the closest names.
    Unknown(Vec<String>),
    /// A card file given to override or add this card has an invalid entry for it.
    Broken(&'p BrokenCard),
}

/// A card a card file meant to provide, whose entry is invalid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrokenCard {
    pub title: String,
    pub subtitle: Option<String>,
    /// Where the entry's problem is: `file:line:column`.
    pub at: String,
}

#[derive(Debug, Clone, Default)]
pub struct Pool {
    entries: Vec<Entry>,
    sets: Vec<SetInfo>,
    core: Option<CoreDice>,
    /// Lower-cased `title: subtitle` (and title alone) → entries.
    by_name: HashMap<String, Vec<usize>>,
    /// Cards whose entries in a card file were invalid.
    broken: Vec<BrokenCard>,
    /// Encodings naming no card of their set.
    unmatched: Vec<String>,
    /// Other printings (alternate art …) by the loose key of the card they print.
    printings: HashMap<String, Vec<usize>>,
    /// How many entries the pool compiled into the binary has: those after them come
    /// from `--cards` files (`usize::MAX` until the embedded pool is built).
    embedded: usize,
}

static EMBEDDED: LazyLock<Pool> = LazyLock::new(|| {
    let bytes = include_bytes!(concat!(env!("OUT_DIR"), "/pool.bin"));
    // build.rs wrote these bytes from files it had just read with the same model.
    let files: Vec<CardFile> =
        postcard::from_bytes(bytes).expect("the embedded card pool is well formed");
    let mut pool = Pool::from_files(files);
    pool.embedded = pool.entries.len();
    pool
});

impl Pool {
    /// The pool compiled into the binary.
    pub fn embedded() -> &'static Pool {
        &EMBEDDED
    }

    pub fn from_files(files: impl IntoIterator<Item = CardFile>) -> Pool {
        let mut pool = Pool {
            embedded: usize::MAX,
            ..Pool::default()
        };
        for f in files {
            pool.add_file(f);
        }
        pool
    }

    /// Adds a file's cards; a card already in the pool (same set, title and subtitle) is
    /// replaced. Returns the indices of the file's ability encodings that name no card.
    pub fn add_file(&mut self, file: CardFile) -> Vec<usize> {
        let before = self.unmatched.len();
        let mut missed = Vec::new();
        if let Some(dice) = file.dice {
            self.core = Some(dice);
        }
        if let Some(set) = &file.encodes {
            for (n, e) in file.abilities.into_iter().enumerate() {
                self.encode(set, e);
                if self.unmatched.len() > before + missed.len() {
                    missed.push(n);
                }
            }
        }
        let Some(set) = file.set else { return missed };
        if !self.sets.iter().any(|s| s.code == set.code) {
            self.sets.push(set.clone());
        }
        for card in file.cards {
            let entry = Entry {
                set: set.code.clone(),
                card,
            };
            let key = name_key(&entry.card.title, entry.card.subtitle.as_deref());
            let existing = self.by_name.get(&key).and_then(|ids| {
                ids.iter()
                    .copied()
                    .find(|&i| self.entries[i].set == entry.set)
            });
            match existing {
                Some(i) => self.entries[i] = entry,
                None => {
                    let i = self.entries.len();
                    if let Some(base) = printed_card(&entry.name()) {
                        self.printings.entry(loose_key(base)).or_default().push(i);
                    }
                    self.by_name.entry(key).or_default().push(i);
                    if entry.card.subtitle.is_some() {
                        self.by_name
                            .entry(name_key(&entry.card.title, None))
                            .or_default()
                            .push(i);
                    }
                    self.entries.push(entry);
                }
            }
        }
        missed
    }

    /// Gives the card of `set` named by `e` its encoded abilities; a name the set does not
    /// have is kept in [`Pool::unmatched`].
    fn encode(&mut self, set: &str, e: Encoding) {
        let key = e.card.trim().to_lowercase();
        let ids = self.by_name.get(&key).cloned().unwrap_or_default();
        let Some(&found) = ids
            .iter()
            .find(|&&i| self.entries[i].set.eq_ignore_ascii_case(set))
        else {
            self.unmatched.push(format!("{set}: {}", e.card));
            return;
        };
        // Every other printing of the card has its text: an alternate, blank, chase or
        // OP alt printing, which the catalogue lists under the card's name with the
        // printing's mark after it (spelled apart now and then, "Storm: Wind Rider (Alt)"
        // for Storm: Wind-Rider, so compared as the converter compares names), and a copy
        // in another set. But one name is now and then two different cards (Red Dragon:
        // Greater Dragon of BFF and of ToA): only a printing [`same_card`] ties to this
        // one, or a copy in a set the encoding lists as a reprint (`reprints:`), shares
        // its text; any other stays not encoded, undecided rather than wrong.
        let name = self.entries[found].name();
        let mut homes = vec![found];
        for code in &e.reprints {
            match ids.iter().copied().find(|&i| {
                self.entries[i].set.eq_ignore_ascii_case(code)
                    && self.entries[i].name().eq_ignore_ascii_case(&name)
            }) {
                Some(i) => homes.push(i),
                None => self
                    .unmatched
                    .push(format!("{code}: {} (a reprint)", e.card)),
            }
        }
        let printings = self
            .printings
            .get(&loose_key(&name))
            .cloned()
            .unwrap_or_default();
        let shared: Vec<usize> = ids
            .into_iter()
            .chain(printings)
            .filter(|&i| {
                homes.contains(&i)
                    || (self.entries[i].name().eq_ignore_ascii_case(&name)
                        || printed_card(&self.entries[i].name()).is_some())
                        && homes
                            .iter()
                            .any(|&h| same_card(&self.entries[h], &self.entries[i]))
            })
            .collect();
        for i in shared {
            self.entries[i].card.abilities = Abilities::Encoded(e.abilities.clone());
        }
    }

    /// Ability encodings whose card is not in the pool (`SET: name`): a typo in an
    /// ability file's `card:`.
    pub fn unmatched(&self) -> &[String] {
        &self.unmatched
    }

    /// Records a card a card file failed to provide, so that a log naming it is told.
    pub fn add_broken(&mut self, card: BrokenCard) {
        self.broken.push(card);
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn sets(&self) -> &[SetInfo] {
        &self.sets
    }

    /// The sidekick and basic action dice.
    pub fn core(&self) -> Option<&CoreDice> {
        self.core.as_ref()
    }

    /// Resolves a card named in a log: `Title: Subtitle`, or a title alone when only one
    /// card has it (or only one card with that title has no subtitle, a basic action).
    /// A set code in brackets after the name (`Thrown Car (SKC)`) picks that set's card.
    pub fn lookup(&self, title: &str, subtitle: Option<&str>) -> Lookup<'_> {
        if let Some((title, subtitle, set)) = self.set_qualified(title, subtitle) {
            return match self.lookup_in(title, subtitle, Some(set)) {
                // Not in that set: the sets that print it, if any do.
                Lookup::Unknown(near) => {
                    let sets: Vec<String> = match self.lookup_in(title, subtitle, None) {
                        Lookup::Found(e) => self
                            .by_name
                            .get(&name_key(title, subtitle))
                            .into_iter()
                            .flatten()
                            .map(|&i| &self.entries[i])
                            .filter(|o| o.name().eq_ignore_ascii_case(&e.name()))
                            .map(|o| format!("{} ({})", o.name(), o.set))
                            .collect(),
                        _ => near,
                    };
                    Lookup::Unknown(sets)
                }
                found => found,
            };
        }
        self.lookup_in(title, subtitle, None)
    }

    /// A name ending in a set code in brackets, `Thrown Car (SKC)`: the name without it
    /// and the code. A printing's mark (`(Alt)`) is no set code, so it stays in the name.
    fn set_qualified<'n>(
        &self,
        title: &'n str,
        subtitle: Option<&'n str>,
    ) -> Option<(&'n str, Option<&'n str>, &'n str)> {
        let last = subtitle.unwrap_or(title).trim_end();
        let (rest, code) = last.strip_suffix(')')?.rsplit_once(" (")?;
        if !self.sets.iter().any(|s| s.code.eq_ignore_ascii_case(code)) {
            return None;
        }
        Some(match subtitle {
            Some(_) => (title, Some(rest), code),
            None => (rest, None, code),
        })
    }

    fn lookup_in(&self, title: &str, subtitle: Option<&str>, set: Option<&str>) -> Lookup<'_> {
        let wanted = name_key(title, subtitle);
        if let Some(b) = self.broken.iter().find(|b| {
            name_key(&b.title, b.subtitle.as_deref()) == wanted
                || name_key(&b.title, None) == wanted
        }) {
            return Lookup::Broken(b);
        }
        let ids = self
            .by_name
            .get(&wanted)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let mut found: Vec<usize> = ids
            .iter()
            .copied()
            .filter(|&i| set.is_none_or(|s| self.entries[i].set.eq_ignore_ascii_case(s)))
            .collect();
        if subtitle.is_none() {
            let exact: Vec<usize> = found
                .iter()
                .copied()
                .filter(|&i| self.entries[i].card.subtitle.is_none())
                .collect();
            if !exact.is_empty() {
                found = exact;
            }
        }
        let entries: Vec<&Entry> = found.iter().map(|&i| &self.entries[i]).collect();
        match entries.as_slice() {
            [] => Lookup::Unknown(self.closest(&full_name(title, subtitle))),
            [.., last]
                if entries
                    .iter()
                    .all(|e| e.name().eq_ignore_ascii_case(&last.name())) =>
            {
                // One name in several sets. Printings of one card (their text and die
                // alike) are one card for a team's purposes, and a card a `--cards` file
                // adds is the one its user means: the last loaded is used. Of the embedded
                // printings, the last whose data no source disputes (Gambit: Ace in the
                // Hole of DPS has only the AvX die, shown by name: AvX's is used).
                // Different cards of one name (Take Cover of AvX and of AI): the first
                // printed, as a log of the early sets names it; the others are picked by
                // set (`Take Cover (AI)`).
                let added = found.last().is_some_and(|&i| i >= self.embedded);
                if added {
                    Lookup::Found(last)
                } else if entries
                    .iter()
                    .all(|e| e.card.abilities == last.card.abilities && e.card.die == last.card.die)
                {
                    let kept = entries
                        .iter()
                        .rev()
                        .min_by_key(|e| e.card.disputed.len())
                        .unwrap_or(last);
                    Lookup::Found(kept)
                } else {
                    let first = entries
                        .iter()
                        .min_by_key(|e| release_rank(&e.set))
                        .unwrap_or(last);
                    Lookup::Found(first)
                }
            }
            _ => Lookup::Ambiguous(entries),
        }
    }

    /// The closest card names to a mistyped one, best first. Only the name's first
    /// [`NAME_COMPARED`] characters are compared: a typo is never longer than a card's name,
    /// and the comparison walks the whole name for every card, so a 60 KB line would
    /// otherwise take seconds.
    pub fn closest(&self, name: &str) -> Vec<String> {
        let wanted: String = name
            .chars()
            .take(NAME_COMPARED)
            .collect::<String>()
            .to_lowercase();
        let mut scored: Vec<(f64, String)> = self
            .entries
            .iter()
            .map(|e| {
                let n = e.name();
                (strsim::jaro_winkler(&wanted, &n.to_lowercase()), n)
            })
            .filter(|(score, _)| *score > 0.8)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        scored.dedup_by(|a, b| a.1 == b.1);
        scored.into_iter().take(3).map(|(_, n)| n).collect()
    }

    /// Cards whose name, set code or `SET NUMBER` contains the query (case-insensitive).
    pub fn search(&self, query: &str) -> Vec<&Entry> {
        let q = query.trim().to_lowercase();
        self.entries
            .iter()
            .filter(|e| {
                let number = e.card.number.as_deref().unwrap_or("");
                e.name().to_lowercase().contains(&q)
                    || e.set.to_lowercase() == q
                    || format!("{} {number}", e.set).to_lowercase() == q
            })
            .collect()
    }

    /// Coverage per set, in the order sets were loaded.
    /// `applied` says whether the engine applies every part of a card's text: the
    /// engine's to answer (`engine::coverage::card_applied`), not the pool's.
    pub fn stats(&self, applied: impl Fn(&Abilities) -> bool) -> Vec<SetStats> {
        let mut out: Vec<SetStats> = self
            .sets
            .iter()
            .map(|s| SetStats {
                set: s.code.clone(),
                ..SetStats::default()
            })
            .collect();
        for e in &self.entries {
            let Some(s) = out.iter_mut().find(|s| s.set == e.set) else {
                continue;
            };
            s.cards += 1;
            if let Some(die) = &e.card.die {
                let complete = !die.levels.is_empty() || !die.actions.is_empty();
                s.with_dice += usize::from(complete);
                s.with_energy_faces += usize::from(complete && die.energy.known().is_some());
            }
            s.with_abilities += usize::from(!matches!(e.card.abilities, Abilities::NotEncoded));
            s.applied += usize::from(applied(&e.card.abilities));
            s.disputed += usize::from(!e.card.disputed.is_empty());
        }
        out
    }
}

/// One set's coverage: how much of what the engine needs is known.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SetStats {
    pub set: String,
    pub cards: usize,
    /// Cards whose die is known: every level's stats, or every action face.
    pub with_dice: usize,
    /// …and whose energy faces are known too.
    pub with_energy_faces: usize,
    /// Cards whose abilities are encoded (or that have none).
    pub with_abilities: usize,
    /// …and whose text the engine applies, every part of it (a card with no text too).
    pub applied: usize,
    /// Cards with a fact the card sources dispute (`disputed` in the card data).
    pub disputed: usize,
}

/// Whether `other`, a printing of `card`'s name, is `card` itself: a printing in the same
/// set (the converter gives a set's alternate printing its base card's facts), or one the
/// card data lists under a Team Builder id of the card's own (an organized-play reprint).
/// Copies in other sets with ids of their own are not known to be the card: the same
/// name is now and then another card (Odin: The All-Father of AoU and of THOR).
fn same_card(card: &Entry, other: &Entry) -> bool {
    card.set == other.set
        || card
            .card
            .printings
            .iter()
            .any(|p| other.card.printings.contains(p))
}

/// The sets in the order they came out, as the Team Builder lists them (its set
/// families, `FAMILY` in tools/cards/teambuilder.py); a set not listed comes last.
const RELEASE_ORDER: [&str; 49] = [
    "AVX", "UX", "BFF", "S1", "JL", "AoU", "WoL", "ASM", "FUS", "WF", "TMNT", "CW", "GATF", "DS",
    "DP", "HHS", "IMWM", "BM", "TD", "SWW", "SMMC", "GotG", "XMFC", "ToA", "TMT", "AI", "KI",
    "JLL", "HQ", "BFU", "ORK", "SW", "JUS", "DOOM", "MYST", "XMF", "XFO", "DXM", "TIW", "AIW",
    "ZHN", "WWE", "BIT", "TAG", "IG", "DPS", "SKC", "MSW", "NOSET",
];

fn release_rank(set: &str) -> usize {
    RELEASE_ORDER
        .iter()
        .position(|s| s.eq_ignore_ascii_case(set))
        .unwrap_or(RELEASE_ORDER.len())
}

/// The marks after a card's name that make it another printing of the same card, as
/// the converter reads them (`VARIANT` in tools/cards/merge.py). "(Zombie)" is not one:
/// those are cards of their own.
const PRINTING_MARKS: [&str; 4] = ["Alt", "Blank", "Chase", "OP Alt"];

/// The card a printing's name prints: its name without the printing's mark, or `None`
/// for a name without one.
fn printed_card(name: &str) -> Option<&str> {
    PRINTING_MARKS.iter().find_map(|m| {
        name.strip_suffix(')')
            .and_then(|n| n.strip_suffix(m))
            .and_then(|n| n.strip_suffix(" ("))
    })
}

/// A name's letters and digits, lower-cased: the converter's loose key (`norm` in
/// tools/cards/common.py), which the catalogue's spellings of one card share.
fn loose_key(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The key names are indexed by: the full name, trimmed and lower-cased.
fn name_key(title: &str, subtitle: Option<&str>) -> String {
    full_name(title.trim(), subtitle.map(str::trim)).to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_printing_mark_names_the_card_printed() {
        assert_eq!(
            printed_card("Beast: Mutate #666 (Alt)"),
            Some("Beast: Mutate #666")
        );
        assert_eq!(printed_card("Power Bolt (OP Alt)"), Some("Power Bolt"));
        assert_eq!(
            printed_card("Raven: Rachel Roth (Chase)"),
            Some("Raven: Rachel Roth")
        );
        // Zombie versions are cards of their own.
        assert_eq!(printed_card("Red Skull (Zombie)"), None);
        assert_eq!(printed_card("Beast: Mutate #666"), None);
        assert_eq!(
            loose_key("Storm: Wind Rider"),
            loose_key("Storm: Wind-Rider")
        );
    }

    /// A set file of `code` with one character per `(title, subtitle, printings)`.
    fn set_file(code: &str, cards: &[(&str, &str, &[&str])]) -> CardFile {
        let mut yaml = format!("schema: 1\nset: {{code: {code}, name: {code}}}\ncards:\n");
        for (title, subtitle, printings) in cards {
            // An empty subtitle is none (a basic action card's).
            let subtitle = match subtitle {
                &"" => "null".to_string(),
                s => format!("\"{s}\""),
            };
            yaml += &format!(
                "  - {{title: {title}, subtitle: {subtitle}, kind: character, printings: {printings:?}}}\n"
            );
        }
        crate::cards::parse_card_file(&yaml).expect("a valid set file")
    }

    /// An ability file giving `card` of `set` the keyword Overcrush.
    fn overcrush(set: &str, card: &str) -> CardFile {
        let yaml = format!(
            "schema: 1\nencodes: {set}\nabilities:\n  - card: \"{card}\"\n    abilities:\n      - {{kind: keyword, keyword: overcrush}}\n"
        );
        crate::cards::parse_card_file(&yaml).expect("a valid ability file")
    }

    fn encoded(pool: &Pool, set: &str, name: &str) -> bool {
        let e = pool
            .entries()
            .iter()
            .find(|e| e.set == set && e.name() == name)
            .unwrap_or_else(|| panic!("{set} {name}"));
        e.card.abilities.encoded().is_some()
    }

    #[test]
    fn an_encoding_reaches_the_cards_printings_never_another_card_of_its_name() {
        // Red Dragon: Greater Dragon of BFF (#84) and of ToA (#79), Odin: The All-Father
        // of AoU (#58) and of THOR (#38): one name, two texts (cards/keyword-only.tsv).
        let mut pool = Pool::from_files([
            set_file(
                "BFF",
                &[
                    ("Red Dragon", "Greater Dragon", &["84BFF"]),
                    ("Red Dragon", "Greater Dragon (Alt)", &["84BFF"]),
                ],
            ),
            set_file(
                "ToA",
                &[
                    ("Red Dragon", "Greater Dragon", &["79TOA"]),
                    ("Red Dragon", "Greater Dragon (Chase)", &["79TOA"]),
                ],
            ),
            set_file("AoU", &[("Odin", "The All-Father", &["58AoU"])]),
            set_file(
                "TMT",
                &[
                    ("Odin", "The All-Father", &["38THOR"]),
                    ("Odin", "The All-Father (Blank)", &[]),
                ],
            ),
            // An organized-play reprint listed under the card's own Team Builder id.
            set_file(
                "DPS",
                &[("Gambit", "Ace in the Hole", &["32DPS", "5M2022"])],
            ),
            set_file("DP", &[("Gambit", "Ace in the Hole", &["5M2022"])]),
        ]);
        pool.add_file(overcrush("BFF", "Red Dragon: Greater Dragon"));
        assert!(encoded(&pool, "BFF", "Red Dragon: Greater Dragon"));
        assert!(encoded(&pool, "BFF", "Red Dragon: Greater Dragon (Alt)"));
        assert!(!encoded(&pool, "ToA", "Red Dragon: Greater Dragon"));
        assert!(!encoded(&pool, "ToA", "Red Dragon: Greater Dragon (Chase)"));

        pool.add_file(overcrush("TMT", "Odin: The All-Father"));
        assert!(encoded(&pool, "TMT", "Odin: The All-Father"));
        assert!(encoded(&pool, "TMT", "Odin: The All-Father (Blank)"));
        assert!(!encoded(&pool, "AoU", "Odin: The All-Father"));

        pool.add_file(overcrush("DPS", "Gambit: Ace in the Hole"));
        assert!(encoded(&pool, "DP", "Gambit: Ace in the Hole"));
        assert!(pool.unmatched().is_empty(), "{:?}", pool.unmatched());
    }

    #[test]
    fn one_name_of_two_cards_is_the_first_printed_unless_a_set_is_named() {
        let pool = Pool::embedded();
        let set_of = |title: &str| match pool.lookup(title, None) {
            Lookup::Found(e) => e.set.clone(),
            other => panic!("{title}: {other:?}"),
        };
        // Take Cover of AvX, AI and DPS/SWW say three things: AvX's came first.
        assert_eq!(set_of("Take Cover"), "AVX");
        assert_eq!(set_of("Take Cover (AI)"), "AI");
        assert_eq!(set_of("take cover (sww)"), "SWW");
        assert_eq!(set_of("Thrown Car (SKC)"), "SKC");
        // One card printed twice, text and die alike: the printing no source disputes
        // (DPS's die is only the AvX one, shown by name).
        assert_eq!(set_of("Gambit: Ace in the Hole"), "AVX");
        assert_eq!(set_of("Gambit: Ace in the Hole (DPS)"), "DPS");
        // A printing's mark is no set code: WF's alt (of a card not known, so not
        // encoded) came before SKC's.
        assert_eq!(set_of("Thrown Car (Alt)"), "WF");
        assert_eq!(set_of("Thrown Car (Alt) (SKC)"), "SKC");
        // A set without the card: unknown, not another set's.
        assert!(matches!(
            pool.lookup("Thrown Car (UX)", None),
            Lookup::Unknown(_)
        ));
        // The subtitle carries the code when there is one.
        match pool.lookup("The Spot", Some("Dr. Jonathan Ohnn (IG)")) {
            Lookup::Found(e) => assert_eq!(e.set, "IG"),
            other => panic!("{other:?}"),
        }
        // Every set of the pool has its place in the release order.
        for e in pool.entries() {
            assert!(release_rank(&e.set) < RELEASE_ORDER.len(), "{}", e.set);
        }
        // A card a `--cards` file adds is the one its user means.
        let mut with_file = pool.clone();
        with_file.add_file(set_file("HOUSE", &[("Take Cover", "", &[])]));
        match with_file.lookup("Take Cover", None) {
            Lookup::Found(e) => assert_eq!(e.set, "HOUSE"),
            other => panic!("{other:?}"),
        }
    }

    /// `RELEASE_ORDER` is the converter's set families in its order (`FAMILY` in
    /// tools/cards/teambuilder.py), and cards no set holds last.
    #[test]
    fn the_release_order_is_the_converters() {
        let py = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tools/cards/teambuilder.py"
        ))
        .expect("the converter");
        let table = py
            .split_once("FAMILY = {")
            .and_then(|(_, rest)| rest.split_once('}'))
            .expect("FAMILY")
            .0;
        let codes: Vec<&str> = table
            .split(',')
            .filter_map(|pair| pair.split_once(':'))
            .map(|(_, code)| code.trim().trim_matches('"'))
            .collect();
        assert_eq!(codes, RELEASE_ORDER[..RELEASE_ORDER.len() - 1]);
        assert_eq!(RELEASE_ORDER[RELEASE_ORDER.len() - 1], "NOSET");
    }

    #[test]
    fn an_encoding_reaches_the_reprints_it_lists_and_their_printings() {
        let mut pool = Pool::from_files([
            set_file("AVX", &[("Power Bolt", "", &["31AvX"])]),
            set_file(
                "DPS",
                &[
                    ("Power Bolt", "", &["11DPS"]),
                    ("Power Bolt (Alt)", "", &[]),
                ],
            ),
            set_file("DP", &[("Power Bolt", "", &["10M2017"])]),
        ]);
        let yaml = "schema: 1\nencodes: AVX\nabilities:\n  - card: Power Bolt\n    reprints: [DPS, XYZ]\n    abilities:\n      - {kind: keyword, keyword: overcrush}\n";
        pool.add_file(crate::cards::parse_card_file(yaml).expect("a valid ability file"));
        assert!(encoded(&pool, "AVX", "Power Bolt"));
        assert!(encoded(&pool, "DPS", "Power Bolt"));
        assert!(encoded(&pool, "DPS", "Power Bolt (Alt)"));
        // Not listed: DP's copy waits for its text to be checked.
        assert!(!encoded(&pool, "DP", "Power Bolt"));
        // A set listed that has no card of the name is a typo to report.
        assert_eq!(pool.unmatched(), ["XYZ: Power Bolt (a reprint)"]);
    }
}
