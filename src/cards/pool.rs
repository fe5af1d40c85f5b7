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
}

static EMBEDDED: LazyLock<Pool> = LazyLock::new(|| {
    let bytes = include_bytes!(concat!(env!("OUT_DIR"), "/pool.bin"));
    // build.rs wrote these bytes from files it had just read with the same model.
    let files: Vec<CardFile> =
        postcard::from_bytes(bytes).expect("the embedded card pool is well formed");
    Pool::from_files(files)
});

impl Pool {
    /// The pool compiled into the binary.
    pub fn embedded() -> &'static Pool {
        &EMBEDDED
    }

    pub fn from_files(files: impl IntoIterator<Item = CardFile>) -> Pool {
        let mut pool = Pool::default();
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
        // A reprint in another set is the same card (`lookup` treats it as one), so it
        // has the same text.
        let name = self.entries[found].name();
        for i in ids {
            if self.entries[i].name().eq_ignore_ascii_case(&name) {
                self.entries[i].card.abilities = Abilities::Encoded(e.abilities.clone());
            }
        }
        // So is another printing of it (alternate art, blank art, chase, OP alt): the
        // catalogue lists it under its own name with the printing's mark after it, and
        // the converter gives it the card's facts; its text is the card's too.
        // The catalogue spells the two names apart now and then ("Storm: Wind Rider (Alt)"
        // for Storm: Wind-Rider), so they are compared as the converter compares them.
        let printings = self
            .printings
            .get(&loose_key(&name))
            .cloned()
            .unwrap_or_default();
        for i in printings {
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
    pub fn lookup(&self, title: &str, subtitle: Option<&str>) -> Lookup<'_> {
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
        // The same card reprinted in several sets is one card for a team's purposes.
        let mut found: Vec<&Entry> = ids.iter().map(|&i| &self.entries[i]).collect();
        if subtitle.is_none() {
            let exact: Vec<&Entry> = found
                .iter()
                .copied()
                .filter(|e| e.card.subtitle.is_none())
                .collect();
            if !exact.is_empty() {
                found = exact;
            }
        }
        match found.as_slice() {
            [] => Lookup::Unknown(self.closest(&full_name(title, subtitle))),
            // Entries share a name when the card was reprinted in several sets: it is one
            // card. The last loaded wins, so a `--cards` file's copy is the one used.
            [.., last]
                if found
                    .iter()
                    .all(|e| e.name().eq_ignore_ascii_case(&last.name())) =>
            {
                Lookup::Found(last)
            }
            _ => Lookup::Ambiguous(found),
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
}
